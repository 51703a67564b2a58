#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/reference.hpp>

#include <algorithm>
#include <numeric>

namespace layoutref::spec {

namespace {

// Strides for the leaves of `shape` visited in the order `visit` (indices into the leaves):
// the first visited leaf gets `current`, each next one the product of the sizes before it; a
// leaf of size 1 gets 0.
Stride compact_in_order(IntTuple const& shape, i64 current, std::vector<size_t> const& visit) {
  std::vector<i64> s = leaves(shape);
  std::vector<Value> d(s.size());
  for (size_t k : visit) {
    d[k] = s[k] == 1 ? Value(0) : Value(current);
    current = mul(current, s[k]);
  }
  return unflatten(d, shape);
}

std::vector<size_t> positions(size_t n) {
  std::vector<size_t> p(n);
  std::iota(p.begin(), p.end(), size_t{0});
  return p;
}

// The sub-shapes of `shape` under the leaves of `order`, left to right.
// @pre weakly_congruent(order, shape)
void blocks_under(IntTuple const& shape, IntTuple const& order, std::vector<IntTuple>& out) {
  if (order.leaf) {
    out.push_back(shape);
    return;
  }
  for (size_t k = 0; k < order.items.size(); ++k) blocks_under(shape.items[k], order.items[k], out);
}

// The stride with the profile of `order` above the blocks, block k's strides at its leaf k.
Stride assemble(IntTuple const& order, std::vector<Stride> const& block_strides, size_t& next) {
  if (order.leaf) return block_strides[next++];
  std::vector<Stride> items;
  for (auto const& o : order.items) items.push_back(assemble(o, block_strides, next));
  return Stride::tuple(std::move(items));
}

// CuTe's filter_zeros(stride, shape): the leaves of shape whose stride is 0 become 1.
IntTuple zero_stride_leaves_to_one(Stride const& stride, IntTuple const& shape) {
  std::vector<i64> s = leaves(shape);
  std::vector<Value> d = leaves(stride);
  for (size_t k = 0; k < s.size(); ++k)
    if (d[k].is_zero()) s[k] = 1;
  return unflatten(s, shape);
}

// The integer strides of `stride` as an IntTuple (an order), else bad_argument naming `what`.
IntTuple integer_order(Stride const& stride, std::string const& what) {
  return transform_leaf(stride, [&](Value const& v) {
    if (!v.is_integer()) bad_argument(what + ": the stride " + v.str() + " is not an integer");
    return v.scalar();
  });
}

Stride basis_like(IntTuple const& shape, Path& path) {
  if (shape.leaf) return Stride(Value::basis(1, path));
  std::vector<Stride> items;
  for (size_t k = 0; k < shape.items.size(); ++k) {
    path.push_back(static_cast<int>(k));
    items.push_back(basis_like(shape.items[k], path));
    path.pop_back();
  }
  return Stride::tuple(std::move(items));
}

Judgement judge_layout(Layout const& expected, Claim const& claimed) {
  Reference ref = layout_reference(expected);
  return judge_claim(Admissibility::yes(), claimed, &ref);
}

}  // namespace

// --- compact strides -----------------------------------------------------------------------------

Stride compact_major_left(IntTuple const& shape, i64 current) {
  validate_shape(shape, "compact_major_left: shape");
  return compact_in_order(shape, current, positions(static_cast<size_t>(leaf_count(shape))));
}

Stride compact_major_right(IntTuple const& shape, i64 current) {
  validate_shape(shape, "compact_major_right: shape");
  std::vector<size_t> visit = positions(static_cast<size_t>(leaf_count(shape)));
  std::reverse(visit.begin(), visit.end());
  return compact_in_order(shape, current, visit);
}

Stride compact_order(IntTuple const& shape, IntTuple const& order) {
  validate_shape(shape, "compact_order: shape");
  if (!weakly_congruent(order, shape))
    bad_argument("compact_order: the order " + str(order) + " is not weakly congruent with the shape " + str(shape));
  std::vector<IntTuple> blocks;
  blocks_under(shape, order, blocks);
  std::vector<i64> keys = leaves(order);
  // Blocks by (order value, position): a stable sort by value keeps ties in position order.
  std::vector<size_t> by_order = positions(blocks.size());
  std::stable_sort(by_order.begin(), by_order.end(), [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  std::vector<Stride> block_strides(blocks.size());
  i64 start = 1;
  for (size_t k : by_order) {
    block_strides[k] = compact_major_left(blocks[k], start);
    start = mul(start, size(blocks[k]));
  }
  size_t next = 0;
  return assemble(order, block_strides, next);
}

Stride make_basis_like(IntTuple const& shape) {
  Path path;
  return basis_like(shape, path);
}

// --- make_layout -----------------------------------------------------------------------------------

Layout make_layout(IntTuple const& shape) { return Layout(shape, compact_major_left(shape)); }

Layout make_layout_right(IntTuple const& shape) { return Layout(shape, compact_major_right(shape)); }

Layout make_layout(std::vector<Layout> const& parts) {
  std::vector<IntTuple> shapes;
  std::vector<Stride> strides;
  for (auto const& p : parts) {
    shapes.push_back(p.shape);
    strides.push_back(p.stride);
  }
  return Layout(IntTuple::tuple(std::move(shapes)), Stride::tuple(std::move(strides)));
}

// --- layouts made like others ------------------------------------------------------------------------

Layout make_ordered_layout(IntTuple const& shape, IntTuple const& order) {
  return Layout(shape, compact_order(shape, order));
}

Layout make_layout_like(Layout const& l) {
  validate_shape(l.shape, "make_layout_like: shape of " + str(l));
  IntTuple order = integer_order(l.stride, "make_layout_like of " + str(l));
  return Layout(l.shape, compact_order(zero_stride_leaves_to_one(l.stride, l.shape), order));
}

Layout make_fragment_like(Layout const& l) {
  validate_shape(l.shape, "make_fragment_like: shape of " + str(l));
  int r = rank(l);
  if (r <= 1) return make_layout(l.shape);
  IntTuple const& shape0 = mode(l.shape, 0);
  IntTuple room0 = zero_stride_leaves_to_one(mode(l.stride, 0), shape0);
  i64 n0 = size(room0);
  std::vector<IntTuple> rest_shape;
  std::vector<Stride> rest_stride;
  for (int k = 1; k < r; ++k) {
    rest_shape.push_back(mode(l.shape, k));
    rest_stride.push_back(mode(l.stride, k));
  }
  IntTuple order = integer_order(Stride::tuple(rest_stride), "make_fragment_like of " + str(l));
  Stride rest = compact_order(IntTuple::tuple(rest_shape), order);
  std::vector<Stride> strides{compact_major_left(room0)};
  for (auto const& d : rest.items) strides.push_back(transform_leaf(d, [n0](Value const& v) { return n0 * v; }));
  return Layout(l.shape, Stride::tuple(std::move(strides)));
}

Layout make_identity_layout(IntTuple const& shape) {
  validate_shape(shape, "make_identity_layout: shape");
  return Layout(shape, make_basis_like(shape));
}

// --- checks ------------------------------------------------------------------------------------------

Judgement check_make_layout_like(Layout const& l, Claim const& claimed) {
  return judge_layout(make_layout_like(l), claimed);
}

Judgement check_make_fragment_like(Layout const& l, Claim const& claimed) {
  Layout expected = make_fragment_like(l);
  if (!claimed.error && rank(expected) == 2) {
    // CuTe's tiled_product form: (shape<0>, (shape<1>)).
    Layout tiled(IntTuple::tuple({expected.shape.items[0], IntTuple::tuple({expected.shape.items[1]})}),
                 Stride::tuple({expected.stride.items[0], Stride::tuple({expected.stride.items[1]})}));
    Reference plain = layout_reference(expected);
    Reference wrapped = layout_reference(tiled);
    if (!refines(plain.pattern, claimed.layout.shape) && refines(wrapped.pattern, claimed.layout.shape)) {
      Judgement j = judge_claim(Admissibility::yes(), claimed, &wrapped);
      if (j.correct) j.detail = "CuTe's tiled_product form: mode 1 wrapped in a rank-1 tuple";
      return j;
    }
  }
  return judge_layout(expected, claimed);
}

Judgement check_make_ordered_layout(IntTuple const& shape, IntTuple const& order, Claim const& claimed) {
  return judge_layout(make_ordered_layout(shape, order), claimed);
}

}  // namespace layoutref::spec
