// layoutref::impl — upcast(L, N) and downcast(L, N): the same memory viewed with elements N
// times wider or narrower (CuTe layout.hpp upcast<N>, downcast<N>; spec/upcast.hpp). Both act
// leaf by leaf and keep L's profile. N is CuTe's template argument: a static value.
//
// upcast, leaf s:d (integer strides, else upcast.integer_strides):
//  - d == 0: kept as it is;
//  - otherwise N % |d| == 0 or |d| % N == 0 (upcast.divisibility, CuTe's static_assert
//    "Divisibility condition"), and the leaf becomes ceil_div(s, ceil_div(N, |d|)) :
//    signum(d) * ceil_div(|d|, N).
//  CuTe applies this to static strides only and divides a run-time stride by N keeping the size
//  (it assumes |d| >= N). impl applies the rule to every stride (the same result when |d| is a
//  multiple of N, where a run-time leaf keeps its size as in CuTe).
//
// downcast, leaf s:d: a leaf of stride 1 or -1 becomes (s*N):d, any other leaf s:(d*N) (a basis
// stride is scaled). Condition downcast.unit_stride: some leaf has stride 1 or -1 (CuTe's
// has_int1 looks for a static +1 only and refuses downcast<2>(4:-1); the spec and impl give
// 8:-1, docs/divergences.md section 4).
// Example: upcast((_4,_8):(_8,_1), _2) = (_4,_4):(_4,_1)
// Example: downcast(4:-1, 2) = 8:-1
#pragma once

#include <layoutref/impl/layout.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_upcast {

LAYOUTREF_HD constexpr Error leaf_text(Error e, LayoutLeaf const& x) {
  e.add("the leaf ").add(x.shape_value()).add(":").add(x.stride_value());
  return e;
}

LAYOUTREF_HD constexpr Error require_n(i64 n, char const* op) {
  if (n < 1) return fail(Errc::bad_argument).add(op).add(": N = ").add(n).add(" must be >= 1");
  return Error{};
}

LAYOUTREF_HD constexpr bool is_unit(Stride const& d) { return d.is_integer() && (d.value == 1 || d.value == -1); }

}  // namespace detail_upcast

/// upcast(L, N) (see above). Errors: upcast.integer_strides, upcast.divisibility;
/// bad_argument (N < 1, a size < 1).
LAYOUTREF_HD constexpr Result<Layout> upcast(Layout const& l, i64 n) {
  LAYOUTREF_CHECK(detail_upcast::require_n(n, "upcast"));
  LAYOUTREF_CHECK(validate(l));
  Int wide = Int::fixed(n);
  Layout r = l;
  for (int k = 0; k < l.nleaves; ++k) {
    LayoutLeaf const& x = l.leaf[k];
    if (x.stride_value() == 0) continue;
    if (!x.stride_is_integer())
      return detail_upcast::leaf_text(fail(Errc::inadmissible, Cond::upcast_integer_strides), x).add(" has a basis stride");
    if (x.stride_value() == kI64Min) return checked_abs(x.stride_value()).error;  // |d| = 2^63 is no i64
    Int d = x.stride_coefficient();
    Int ad{d.value < 0 ? -d.value : d.value, d.is_static};  // d.value != kI64Min (above)
    if (n % ad.value != 0 && ad.value % n != 0)
      return detail_upcast::leaf_text(fail(Errc::inadmissible, Cond::upcast_divisibility), x)
          .add(": neither N = ")
          .add(n)
          .add(" nor |stride| = ")
          .add(ad.value)
          .add(" divides the other");
    Int group = ceil_div(wide, ad);  // narrow elements per wide one along this leaf
    Int shape = x.shape();
    if (group.value != 1 || d.is_static) shape = ceil_div(x.shape(), group);
    Int stride = ceil_div(ad, wide);
    if (d.value < 0) stride.value = -stride.value;
    r.leaf[k] = LayoutLeaf{shape, Stride::integer(stride)};
  }
  return representable(r);
}

/// downcast(L, N) (see above). Errors: downcast.unit_stride; bad_argument (N < 1, a size < 1);
/// overflow.
LAYOUTREF_HD constexpr Result<Layout> downcast(Layout const& l, i64 n) {
  LAYOUTREF_CHECK(detail_upcast::require_n(n, "downcast"));
  LAYOUTREF_CHECK(validate(l));
  bool unit = false;
  for (int k = 0; k < l.nleaves; ++k) unit = unit || detail_upcast::is_unit(l.leaf[k].stride());
  if (!unit)
    return fail(Errc::inadmissible, Cond::downcast_unit_stride)
        .add("the layout has no leaf of stride 1 or -1 (no adjacent elements to split)");
  Int narrow = Int::fixed(n);
  Layout r = l;
  for (int k = 0; k < l.nleaves; ++k) {
    LayoutLeaf& x = r.leaf[k];
    if (detail_upcast::is_unit(x.stride())) {
      LAYOUTREF_TRY(Int s, mul(x.shape(), narrow));
      x.set_shape(s);
    } else {
      LAYOUTREF_TRY(Stride d, scale(narrow, x.stride()));
      x.set_stride(d);
    }
  }
  return representable(r);
}

}  // namespace layoutref::impl
