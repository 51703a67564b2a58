#include <layoutref/spec/product.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>

namespace layoutref::spec {

std::string product_name(ProductKind k) {
  switch (k) {
    case ProductKind::logical: return "logical_product";
    case ProductKind::zipped: return "zipped_product";
    case ProductKind::tiled: return "tiled_product";
    case ProductKind::flat: return "flat_product";
  }
  return "product";
}

Layout pad(Layout const& a, int r) {
  std::vector<IntTuple> s;
  std::vector<Stride> d;
  if (a.shape.leaf) {
    s.push_back(a.shape);
    d.push_back(a.stride);
  } else {
    s = a.shape.items;
    d = a.stride.items;
  }
  while (static_cast<int>(s.size()) < r) {
    s.emplace_back(1);
    d.emplace_back(Value(0));
  }
  return Layout(IntTuple::tuple(std::move(s)), Stride::tuple(std::move(d)));
}

namespace {

i64 repetition_cotarget(Layout const& a, Layout const& b) {
  for (auto const& v : leaves(b.stride))
    if (!v.is_integer()) bad_argument("product: the tiler " + str(b) + " has basis strides");
  return mul(size(a), cosize(b));
}

// logical_product(A, B) for a layout B: (A, complement(A, size(A)*cosize(B)) o B).
ByMode const& product_op() {
  static ByMode const op{
      "product", true,
      [](Layout const& a, Layout const& b) {
        validate_shape(b.shape, "shape of B");
        i64 m = repetition_cotarget(a, b);
        Admissibility c = is_complement_admissible(a, m);
        if (!c.ok) {
          c.witness = "complement(" + str(a) + ", size(A)*cosize(B) = " + std::to_string(m) + "): " + c.witness;
          return c;
        }
        Admissibility r = is_composition_admissible(complement(a, m), b);
        if (!r.ok) r.witness = "complement(A, " + std::to_string(m) + ") o B: " + r.witness;
        for (auto& n : c.notes) r.notes.insert(r.notes.begin(), "complement: " + n);
        return r;
      },
      [](Layout const& a, Layout const& b) {
        Layout c = complement(a, repetition_cotarget(a, b));
        return concat({layout_reference(a), composition_reference(c, b)});
      }};
  return op;
}

}  // namespace

Admissibility is_product_admissible(Layout const& a, Tiler const& t) { return by_mode_admissible(product_op(), a, t); }

Reference product_reference(ProductKind kind, Layout const& a, Tiler const& t) { return arrange(product_op(), a, t, kind); }

Layout product(ProductKind kind, Layout const& a, Tiler const& t) {
  is_product_admissible(a, t).require();
  return materialize(product_reference(kind, a, t), product_name(kind) + ".not_representable");
}

Judgement check_product(ProductKind kind, Layout const& a, Tiler const& t, Claim const& claimed) {
  return judge_with(is_product_admissible(a, t), claimed, [&] { return product_reference(kind, a, t); });
}

// --- blocked and raked products ---------------------------------------------------------------

Admissibility is_blocked_product_admissible(Layout const& a, Layout const& b) {
  int r = std::max(rank(a), rank(b));
  return is_product_admissible(pad(a, r), Tiler::of(pad(b, r)));
}

Reference blocked_product_reference(Layout const& a, Layout const& b, bool raked) {
  int r = std::max(rank(a), rank(b));
  Layout pa = pad(a, r), pb = pad(b, r);
  Reference p = product_reference(ProductKind::logical, pa, Tiler::of(pb));  // pattern (A', C∘B'), each of rank r
  Pattern const& blocks = p.pattern.items[0];
  Pattern const& reps = p.pattern.items[1];
  std::vector<Pattern> items;
  for (int i = 0; i < r; ++i) {
    auto const& x = blocks.items[static_cast<size_t>(i)];
    auto const& y = reps.items[static_cast<size_t>(i)];
    items.push_back(raked ? Pattern::tuple({y, x}) : Pattern::tuple({x, y}));
  }
  return with_pattern(std::move(p), Pattern::tuple(std::move(items)));
}

Layout blocked_product(Layout const& a, Layout const& b) {
  is_blocked_product_admissible(a, b).require();
  return materialize(blocked_product_reference(a, b, false), "blocked_product.not_representable");
}

Layout raked_product(Layout const& a, Layout const& b) {
  is_blocked_product_admissible(a, b).require();
  return materialize(blocked_product_reference(a, b, true), "raked_product.not_representable");
}

Judgement check_blocked_product(Layout const& a, Layout const& b, bool raked, Claim const& claimed) {
  return judge_with(is_blocked_product_admissible(a, b), claimed,
                    [&] { return blocked_product_reference(a, b, raked); });
}

// --- tile_to_shape ------------------------------------------------------------------------------

namespace {

// The layout of the repetitions: make_ordered_layout(shape / block shape, order).
Admissibility repetition(Layout const& block, IntTuple const& shape, std::optional<IntTuple> const& order,
                         Layout& padded, Layout& reps) {
  validate_shape(block.shape, "shape of the block");
  validate_shape(shape, "target shape");
  int r = rank(shape);
  if (rank(block) > r)
    return Admissibility::no("tile_to_shape.rank", "the block " + str(block) + " has more modes than the shape " + str(shape));
  padded = pad(block, r);
  IntTuple bs = product_each(padded.shape);
  IntTuple ts = product_each(shape);
  std::vector<IntTuple> counts;
  for (int i = 0; i < r; ++i) {
    i64 t = ts.items[static_cast<size_t>(i)].value, b = bs.items[static_cast<size_t>(i)].value;
    if (t % b != 0)
      return Admissibility::no("tile_to_shape.divisibility", "mode " + std::to_string(i) + " of the shape has size " +
                                                                  std::to_string(t) + ", not a multiple of the block's " +
                                                                  std::to_string(b));
    counts.emplace_back(t / b);
  }
  IntTuple count = IntTuple::tuple(std::move(counts));
  if (order) {
    if (!weakly_congruent(*order, count) || rank(*order) != r)
      return Admissibility::no("tile_to_shape.order", "the order " + str(*order) + " does not match the rank " +
                                                            std::to_string(r) + " of the shape");
    reps = make_ordered_layout(count, *order);
  } else {
    reps = make_layout(count);
  }
  return Admissibility::yes();
}

}  // namespace

Admissibility is_tile_to_shape_admissible(Layout const& block, IntTuple const& shape, std::optional<IntTuple> const& order) {
  Layout padded, reps;
  Admissibility adm = repetition(block, shape, order, padded, reps);
  if (!adm.ok) return adm;
  return is_blocked_product_admissible(padded, reps);
}

Layout tile_to_shape(Layout const& block, IntTuple const& shape, std::optional<IntTuple> const& order) {
  Layout padded, reps;
  repetition(block, shape, order, padded, reps).require();
  return blocked_product(padded, reps);
}

Judgement check_tile_to_shape(Layout const& block, IntTuple const& shape, std::optional<IntTuple> const& order,
                              Claim const& claimed) {
  Layout padded, reps;
  Admissibility adm = repetition(block, shape, order, padded, reps);
  if (!adm.ok) return judge_claim(adm, claimed, nullptr);
  return check_blocked_product(padded, reps, false, claimed);
}

}  // namespace layoutref::spec
