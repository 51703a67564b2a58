// layoutref::generators — inputs built to violate a named condition on purpose.
//
// Each generator breaks one condition of docs/semantics.md. Where a condition is only
// sufficient (Shah's conditions for composition: "when Shah's condition fails but the function
// is still a layout, the answer is yes with a note"), the spec decides; the properties tag the
// verdict so a run shows how many inputs were refused.
#pragma once

#include <layoutref/generators/admissible.hpp>

namespace layoutref::generators {

/// complement inputs that violate complement.stride_divisibility (duplicated or misaligned
/// strides), complement.negative_stride or complement.integer_strides.
template <Source S>
Complementable non_complementable(S& s) {
  Complementable p = s.nested([](auto& q) { return complementable(q); });
  int kind = s.pick_int(0, 3);
  std::vector<i64> ext;
  std::vector<sp::Value> str;
  if (kind == 0) {  // two modes with the same stride: not injective
    i64 d = s.pick(1, 4);
    ext = {s.pick(2, 6), s.pick(2, 6)};
    str = {sp::Value(d), sp::Value(d)};
  } else if (kind == 1) {  // N0*d0 does not divide d1
    i64 n0 = s.pick(2, 8);
    ext = {n0, s.pick(2, 6)};
    str = {sp::Value(1), sp::Value(n0 + s.pick(1, n0 - 1))};
  } else if (kind == 2) {  // a negative stride
    ext = {s.pick(2, 6)};
    str = {sp::Value(-s.pick(1, 4))};
  } else {  // a basis stride
    ext = {s.pick(2, 6)};
    str = {sp::Value::basis(1, {s.pick_int(0, 1)})};
  }
  if (detail::maybe(s, 30)) std::swap(ext.front(), ext.back()), std::swap(str.front(), str.back());
  std::vector<sp::IntTuple> shp{p.a.shape};
  std::vector<sp::Stride> std_{p.a.stride};
  for (size_t i = 0; i < ext.size(); ++i) {
    shp.emplace_back(ext[i]);
    std_.emplace_back(str[i]);
  }
  if (detail::maybe(s, 50)) {  // only the broken modes
    shp.erase(shp.begin());
    std_.erase(std_.begin());
  }
  p.a = sp::Layout(sp::IntTuple::tuple(shp), sp::Stride::tuple(std_));
  p.cotarget = s.pick(1, 256);
  return p;
}

/// composition inputs that violate composition.left_divisibility (B's stride r divides
/// neither way into A's first mode, A not compact so the extension breaks linearity),
/// composition.negative_stride, or a multi-mode B whose intervals collide.
template <Source S>
LayoutPair non_composable(S& s) {
  LayoutPair p;
  int kind = s.pick_int(0, 2);
  if (kind == 0) {
    i64 m0 = s.pick(3, 12);
    i64 r = s.pick(2, m0 - 1);
    if (m0 % r == 0) r = m0 + 1;  // r > m0, m0 does not divide it
    i64 d = m0 + s.pick(1, 5);
    i64 m1 = s.pick(2, 8);
    p.a = sp::Layout(sp::IntTuple::tuple({sp::IntTuple(m0), sp::IntTuple(m1)}),
                     sp::Stride::tuple({sp::Stride(sp::Value(1)), sp::Stride(sp::Value(d))}));
    i64 n = m0 / r + 2 + s.pick(0, 3);
    p.b = sp::Layout(sp::IntTuple(n), sp::Stride(sp::Value(r)));
  } else if (kind == 1) {
    p.a = s.nested([](auto& q) { return layout(q, Bounds{2, 3, 4, 256, 12}, nonnegative()); });
    // (the order of these picks is the one GCC gave the expression they were written in)
    i64 r = s.pick(1, 4);
    i64 n = s.pick(2, 6);
    p.b = sp::Layout(sp::IntTuple(n), sp::Stride(sp::Value(-r)));
  } else {
    i64 m0 = s.pick(2, 6);
    i64 e = s.pick(1, 4);
    i64 m1 = s.pick(2, 6);
    p.a = sp::Layout(sp::IntTuple::tuple({sp::IntTuple(m0), sp::IntTuple(m1)}),
                     sp::Stride::tuple({sp::Stride(sp::Value(1)), sp::Stride(sp::Value(m0 + e))}));
    i64 r = s.pick(1, m0);
    i64 g = s.pick(1, 2);
    i64 n0 = s.pick(2, 4);
    i64 n1 = s.pick(2, 4);
    p.b = sp::Layout(sp::IntTuple::tuple({sp::IntTuple(n0), sp::IntTuple(n1)}),
                     sp::Stride::tuple({sp::Stride(sp::Value(r)), sp::Stride(sp::Value(r * g))}));
  }
  return p;
}

/// Tilers that cannot divide or multiply A: more modes than A (divide.tiler_rank /
/// product.tiler_rank / composition.tiler_rank), or a layout tiler that is not injective.
template <Source S>
LayoutTiler bad_tiler(S& s) {
  Bounds c;
  c.max_size = 256;
  c.max_leaves = 4;
  c.max_depth = 2;
  LayoutTiler p;
  p.a = s.nested([=](auto& q) { return layout(q, c, nonnegative()); });
  if (detail::maybe(s, 50)) {
    int r = sp::rank(p.a) + s.pick_int(1, 2);
    std::vector<notation::Term> items;
    for (int i = 0; i < r; ++i) items.push_back(notation::Term::make_integer(s.pick(1, 3), false));
    p.tiler = notation::Term::make_tuple(std::move(items));
  } else {
    i64 d = s.pick(1, 3);
    i64 n0 = s.pick(2, 4);
    i64 n1 = s.pick(2, 4);
    p.tiler = sp::to_term(sp::Layout(sp::IntTuple::tuple({sp::IntTuple(n0), sp::IntTuple(n1)}),
                                     sp::Stride::tuple({sp::Stride(sp::Value(d)), sp::Stride(sp::Value(d))})));
  }
  return p;
}

/// Products whose left-hand side is not injective (its complement does not exist).
template <Source S>
LayoutTiler non_product(S& s) {
  LayoutTiler p;
  Complementable c = s.nested([](auto& q) { return non_complementable(q); });
  p.a = c.a;
  p.tiler = sp::to_term(s.nested([](auto& q) { return small_layout(q, 2); }));
  return p;
}

}  // namespace layoutref::generators
