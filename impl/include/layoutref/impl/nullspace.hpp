// layoutref::impl — nullspace(L): the kernel of a layout function as a layout (CuTe layout.hpp
// nullspace; spec/nullspace.hpp).
//
// The spec's definition: the increasing enumeration of Z(L) = { i < size(L) : L(i) == 0 }.
// CuTe's construction: the flattened leaves of stride 0, each with its compact column-major
// stride in the flattened shape (a static size 1 gets `_0`); `_1:_0` when there is none.
// When the non-zero strides of L cannot cancel — all of one sign, or the smallest stride of one
// sign larger than the largest sum the other sign reaches — L(c) == 0 iff every leaf of non-zero
// stride has coordinate 0, so Z(L) is the image of CuTe's layout, which is increasing: impl
// returns CuTe's form. Every zero stride counts (CuTe: static zeros only).
// Otherwise (strides of both signs that can cancel, e.g. (2,2):(1,-1) with Z = {0,3}, where CuTe
// misses the zeros; docs/divergences.md section 4) impl enumerates L's domain (at most
// LAYOUTREF_MAX_EXACT_CHECK indices, else Errc::capacity) and factors the enumeration into its
// coalesced layout, refusing with nullspace.not_representable when it is no layout, as the spec
// does: (3,3,3):(1,1,-1) has Z = {0,10,12,20,22,24}.
// Errors: bad_argument (basis strides, a size < 1); overflow (L's size or a value of L passes
// int64); nullspace.not_representable; capacity.
// Example: nullspace((_4,_2,_3):(_1,_0,_4)) = _2:_4
#pragma once

#include <layoutref/impl/inverse.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_nullspace {

/// Whether terms of opposite signs may sum to 0 (with some non-zero coordinate); `overflow`: a
/// sum of the terms of one sign, (s-1)*|d| over its leaves, passes int64 (then it may cancel).
LAYOUTREF_HD constexpr bool may_cancel(Layout const& l, bool& overflow) {
  i64 pos_sum = 0, neg_sum = 0, pos_min = -1, neg_min = -1;
  overflow = false;
  for (int k = 0; k < l.nleaves; ++k) {
    i64 s = l.leaf[k].shape_value(), d = l.leaf[k].stride_value();
    if (s <= 1 || d == 0) continue;
    i64& least = d > 0 ? pos_min : neg_min;
    // |d| as an i64, or the largest one for the smallest i64 (whose |d| = 2^63 is no i64; that
    // leaf then overflows below, which only makes the answer "may cancel").
    i64 ad = d == kI64Min ? kI64Max : (d < 0 ? -d : d);
    if (least < 0 || ad < least) least = ad;  // this sign is present, overflowing or not
    if (d == kI64Min || mul_overflows(s - 1, ad)) {
      overflow = true;
      continue;
    }
    i64 reach = (s - 1) * ad;
    i64& sum = d > 0 ? pos_sum : neg_sum;
    overflow = overflow || add_overflows(sum, reach);
    if (!overflow) sum += reach;
  }
  if (pos_min < 0 || neg_min < 0) return false;  // one sign only
  if (overflow) return true;
  return !(pos_min > neg_sum || neg_min > pos_sum);
}
LAYOUTREF_HD constexpr bool may_cancel(Layout const& l) {
  bool overflow = false;
  return may_cancel(l, overflow);
}

}  // namespace detail_nullspace

LAYOUTREF_HD constexpr Result<Layout> nullspace(Layout const& l) {
  LAYOUTREF_CHECK(validate(l));
  LAYOUTREF_CHECK(detail_inverse::integer_strides(l, Cond::none, "nullspace: the layout"));
  bool sums_overflow = false;
  bool cancel = detail_nullspace::may_cancel(l, sums_overflow);
  // L's values fit in int64 when neither sum passes it (then only the size is left to check,
  // below); else the exact check (a sum of -2^63 still fits).
  if (sums_overflow) LAYOUTREF_CHECK(check_representable(l, "the layout's"));
  if (!cancel) {
    // CuTe's form: the stride-0 leaves with the compact column-major strides of the flat shape.
    LayoutLeaf modes[kMaxLeaves] = {};
    int n = 0;
    Int current = Int::fixed(1);
    for (int k = 0; k < l.nleaves; ++k) {
      Int s = l.leaf[k].shape();
      Stride d = Stride::integer(current);
      if (s.value == 1 && s.is_static) {
        d = Stride::integer(Int::fixed(0));
      } else {
        LAYOUTREF_TRY(current, mul(current, s));
      }
      if (l.leaf[k].stride_value() == 0) modes[n++] = LayoutLeaf{s, d};
    }
    return detail_inverse::layout_of(modes, n);
  }
  LAYOUTREF_TRY(Int n, size(l));
  if (n.value > detail_inverse::kPointwiseBudget)
    return fail(Errc::capacity)
        .add("nullspace of a layout whose strides may cancel: ")
        .add(n.value)
        .add(" indices, more than ")
        .add(detail_inverse::kPointwiseBudget);
  detail_inverse::StreamFactor zeros;
  for (i64 i = 0; i < n.value; ++i) {
    LAYOUTREF_TRY(i64 v, evaluate_int(l, i));
    if (v == 0) zeros.push(i);
  }
  return zeros.done(detail_inverse::every_leaf_static(l), Cond::nullspace_not_representable);
}

}  // namespace layoutref::impl
