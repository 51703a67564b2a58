#include "common.cuh"

namespace layoutref::gpu {

// ---- tree.hpp, layout.hpp ---------------------------------------------------------------------

__global__ void trees_and_layouts(i64* out, i64 index) {
  int k = 0;
  Layout l = sample_layout();
  put(out, k, l.is_leaf() ? 1 : 0);
  put(out, k, l.rank() + l.depth() * 10 + l.end(0) * 100 + l.leaf_index(3) * 1000 + l.child(0, 1) * 10000);
  put(out, k, digest(l.subtree(l.child(0, 1))));
  auto m1 = l.mode(1);
  put(out, k, m1, digest(m1.value));
  put(out, k, (l == l ? 1 : 0) + (Layout::empty_tuple() == Layout::of(leaf(1, 0)) ? 2 : 0));
  TupleBuilder<LayoutLeaf> b;
  b.push_items(l);
  b.push_leaf(leaf(5, 0));
  auto grown = b.done();
  put(out, k, grown, digest(grown.value));
  put(out, k, digest(flatten(l)));
  IntTuple shp = shape(l);
  StrideTuple std_ = stride(l);
  put(out, k, digest(shp) + (congruent(shp, std_) ? 1 : 0));
  Tree<i64> doubled = map_leaves<i64>(shp, TwiceShape{});
  put(out, k, doubled.leaf[0]);
  auto made = make_layout(shp, std_);
  put(out, k, made, digest(made.value));
  put(out, k, make_leaf(S(8), Stride::integer(S(1))).leaf[0].shape_value());
  auto sz = size(l);
  put(out, k, sz, sz.value.value);
  auto szt = size(sample_shape());
  put(out, k, szt, szt.value.value);
  auto prod = product_of(l, StrideOf{});
  put(out, k, prod, prod.value.value);
  put(out, k, validate(l).ok() ? 1 : 0);
  put(out, k, (has_integer_strides(l) ? 1 : 0) + (has_integer_strides(basis_layout()) ? 2 : 0));
  auto v = evaluate(basis_layout(), index % 6);
  put(out, k, v, v.value.n);
  auto vi = evaluate_int(l, index, true);
  put(out, k, vi, vi.value);
  auto cs = cosize(l);
  put(out, k, cs, cs.value);
}

}  // namespace layoutref::gpu
