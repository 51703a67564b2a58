#include <layoutref/spec/product.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/divide.hpp>

namespace layoutref::spec {

char const* name(ProductKind k) {
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

Admissibility admissible(Layout const& a, Tiler const& t) {
  validate_shape(a.shape, "shape of A");
  switch (t.kind) {
    case Tiler::Kind::underscore: return Admissibility::yes();
    case Tiler::Kind::layout: {
      validate_shape(t.layout.shape, "shape of B");
      i64 m = repetition_cotarget(a, t.layout);
      Admissibility c = is_complement_admissible(a, m);
      if (!c.ok) {
        c.witness = "complement(" + str(a) + ", size(A)*cosize(B) = " + std::to_string(m) + "): " + c.witness;
        return c;
      }
      Admissibility r = is_composition_admissible(complement(a, m), t.layout);
      if (!r.ok) r.witness = "complement(A, " + std::to_string(m) + ") o B: " + r.witness;
      for (auto& n : c.notes) r.notes.insert(r.notes.begin(), "complement: " + n);
      return r;
    }
    case Tiler::Kind::tuple: {
      if (t.rank() > rank(a))
        return Admissibility::no("product.tiler_rank", "the tiler " + t.str() + " has " + std::to_string(t.rank()) +
                                                           " modes but A = " + str(a) + " has " + std::to_string(rank(a)));
      auto m = modes(a);
      Admissibility all;
      for (size_t i = 0; i < t.items.size(); ++i) {
        Admissibility sub = admissible(m[i], t.items[i]);
        if (!sub.ok) {
          sub.witness = "mode " + std::to_string(i) + ": " + sub.witness;
          return sub;
        }
        for (auto& n : sub.notes) all.notes.push_back("mode " + std::to_string(i) + ": " + n);
      }
      return all;
    }
  }
  return Admissibility::yes();
}

Reference logical_reference(Layout const& a, Tiler const& t, bool pairs) {
  switch (t.kind) {
    case Tiler::Kind::underscore:
      if (pairs) return concat({layout_reference(a), trivial_reference()});
      return layout_reference(a);
    case Tiler::Kind::layout: {
      Layout c = complement(a, repetition_cotarget(a, t.layout));
      return concat({layout_reference(a), composition_reference(c, t.layout)});
    }
    case Tiler::Kind::tuple: {
      auto m = modes(a);
      std::vector<Reference> parts;
      for (size_t i = 0; i < m.size(); ++i)
        parts.push_back(i < t.items.size() ? logical_reference(m[i], t.items[i], pairs) : layout_reference(m[i]));
      return concat(std::move(parts));
    }
  }
  return layout_reference(a);
}

}  // namespace

Admissibility is_product_admissible(Layout const& a, Tiler const& t) { return admissible(a, t); }

Reference product_reference(ProductKind kind, Layout const& a, Tiler const& t) {
  if (t.kind == Tiler::Kind::tuple && t.rank() > rank(a)) admissible(a, t).require();
  if (kind == ProductKind::logical) return logical_reference(a, t, false);
  Reference r = logical_reference(a, t, true);
  Pattern z = zip2_by(r.pattern, t);
  if (kind == ProductKind::zipped) return with_pattern(std::move(r), std::move(z));
  return with_pattern(std::move(r), unpack(z, kind == ProductKind::flat));
}

Layout product(ProductKind kind, Layout const& a, Tiler const& t) {
  admissible(a, t).require();
  return materialize(product_reference(kind, a, t), std::string(name(kind)) + ".not_representable");
}

Judgement check_product(ProductKind kind, Layout const& a, Tiler const& t, Claim const& claimed) {
  return judge_with(admissible(a, t), claimed, [&] { return product_reference(kind, a, t); });
}

// --- blocked and raked products ---------------------------------------------------------------

Admissibility is_blocked_product_admissible(Layout const& a, Layout const& b) {
  int r = std::max(rank(a), rank(b));
  return admissible(pad(a, r), Tiler::of(pad(b, r)));
}

Reference blocked_product_reference(Layout const& a, Layout const& b, bool raked) {
  int r = std::max(rank(a), rank(b));
  Layout pa = pad(a, r), pb = pad(b, r);
  Reference p = logical_reference(pa, Tiler::of(pb), false);  // pattern (A', C∘B'), each of rank r
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
