// layoutref::impl — max_alignment(L): the largest N such that the image of L is a union of
// aligned blocks [kN, kN+N) (the spec's definition, spec/max_alignment.hpp; CuTe layout.hpp
// max_alignment computes gcd(size<0>(P), stride<1>(P)) for P = logical_divide(F,
// right_inverse(F)), F = coalesce(L), which agrees with the definition on injective layouts).
//
// Structure (integer strides >= 0, else bad_argument; stride-0 and size-1 leaves do not change
// the image): take the leaves s:d of non-zero stride in increasing order of stride and absorb
// them while d <= M, starting from M = 1: [0, M) + {0, d, ..., (s-1)d} = [0, M + (s-1)d) is an
// interval again. Then the image is I = [0, M) + T, T the values of the other leaves (all of
// stride > M), so M is not in I: [0, M) is the first run and N divides M (N = 1 when M = 1).
// With g = gcd(M, the other strides), every translate t + [0, M) is a union of aligned g-blocks,
// so g <= N; N == g when g == M, and also when the translates are pairwise disjoint (the other
// strides, sorted, each at least M more than the largest sum of the ones before it): the runs
// are then chains of whole translates, whose boundaries are translates t and t + M, so N | t for
// every t in T, which holds iff N | g. This is CuTe's value on injective layouts.
// Otherwise (overlapping translates, e.g. (5,4,4,5):(6,10,1,9) where the spec's N is 2 and g is
// 1) impl computes the definition exactly: the run boundaries are among the points t and t + M,
// and p is one iff exactly one of p-1, p is in I; it checks those points by enumerating T
// (at most LAYOUTREF_MAX_EXACT_CHECK steps, each translate visited and each membership test
// counted, else Errc::capacity).
// Errors: bad_argument (a basis or negative stride, a size < 1); capacity; overflow (L's size
// or its largest value passes int64, or twice its cosize does).
// Example: max_alignment((_4,_8):(_1,_8)) = _4
#pragma once

#include <layoutref/impl/inverse.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_max_alignment {

struct Rest {
  i64 shape[kMaxLeaves] = {};
  i64 stride[kMaxLeaves] = {};
  int n = 0;
};

/// The t-th value of T (t in [0, |T|), colexicographic over the rest's leaves).
LAYOUTREF_HD constexpr i64 rest_value(Rest const& r, i64 t) {
  i64 v = 0;
  for (int k = 0; k < r.n; ++k) {
    v += (t % r.shape[k]) * r.stride[k];
    t /= r.shape[k];
  }
  return v;
}

/// Whether p is in I = [0, M) + T; counts |T| steps against the budget.
LAYOUTREF_HD constexpr bool in_image(Rest const& r, i64 count, i64 m, i64 p, i64& budget) {
  for (i64 t = 0; t < count; ++t) {
    if (--budget < 0) return false;
    i64 v = rest_value(r, t);
    if (v <= p && p < v + m) return true;
  }
  return false;
}

}  // namespace detail_max_alignment

LAYOUTREF_HD constexpr Result<Int> max_alignment(Layout const& l) {
  LAYOUTREF_CHECK(validate(l));
  LAYOUTREF_CHECK(detail_inverse::integer_strides(l, Cond::none, "max_alignment: the layout"));
  for (int k = 0; k < l.nleaves; ++k)
    if (l.leaf[k].stride_value() < 0)
      return fail(Errc::bad_argument).add("max_alignment: the stride ").add(l.leaf[k].stride_value()).add(" is negative");
  LAYOUTREF_CHECK(size(l).error);  // the image is L's on its domain, which must fit in int64
  bool is_static = detail_inverse::every_leaf_static(l);
  detail_inverse::FlatModes a = detail_inverse::active_sorted(l);
  // The largest value plus one (L's cosize), twice: every sum below stays in range.
  i64 top = 1;
  for (int j = 0; j < a.n; ++j) {
    LAYOUTREF_TRY(i64 reach, checked_mul(a.mode[j].shape_value() - 1, a.mode[j].stride_value()));
    LAYOUTREF_TRY(top, checked_add(top, reach));
  }
  LAYOUTREF_CHECK(checked_add(top, top).error);
  i64 m = 1;
  int k = 0;
  for (; k < a.n && a.mode[k].stride_value() <= m; ++k) {
    LAYOUTREF_TRY(i64 reach, checked_mul(a.mode[k].shape_value() - 1, a.mode[k].stride_value()));
    LAYOUTREF_TRY(m, checked_add(m, reach));
  }
  if (m == 1) return Int{1, is_static};
  detail_max_alignment::Rest rest;
  i64 g = m;
  for (; k < a.n; ++k) {
    rest.shape[rest.n] = a.mode[k].shape_value();
    rest.stride[rest.n++] = a.mode[k].stride_value();
    g = gcd_positive(g, a.mode[k].stride_value());
  }
  if (g == m) return Int{m, is_static};
  // Disjoint translates: each stride at least M past the largest sum of the ones before it.
  bool disjoint = true;
  i64 below = 0;
  for (int j = 0; j < rest.n && disjoint; ++j) {
    disjoint = rest.stride[j] >= below + m;
    below += (rest.shape[j] - 1) * rest.stride[j];
  }
  if (disjoint) return Int{g, is_static};
  // The exact path: gcd of the run boundaries among the points t and t + M.
  i64 count = 1;
  for (int j = 0; j < rest.n; ++j) {
    LAYOUTREF_TRY(count, checked_mul(count, rest.shape[j]));
  }
  // Every translate visited costs a step too, so that a T of any size stops at the budget: a T of
  // 4.4*10^12 translates whose first 10^11 points all divide M ran for hours (the fuzz campaign's
  // max_alignment((_8,_4,_34294967296,(_2,_16)):(_1,_40,_160,(_269,_640)))).
  i64 budget = detail_inverse::kPointwiseBudget;
  i64 n = m;  // the first run [0, M)
  for (i64 t = 0; t < count && n != g && budget >= 0; ++t) {
    --budget;
    i64 v = detail_max_alignment::rest_value(rest, t);
    i64 points[2] = {v, v + m};
    for (i64 p : points) {
      if (p % n == 0 || budget < 0) continue;  // no new divisor from p
      bool here = detail_max_alignment::in_image(rest, count, m, p, budget);
      bool before = detail_max_alignment::in_image(rest, count, m, p - 1, budget);
      if (budget >= 0 && here != before) n = gcd_positive(n, p);
    }
  }
  if (budget < 0)
    return fail(Errc::capacity).add("max_alignment: more than ").add(detail_inverse::kPointwiseBudget).add(" membership steps");
  return Int{n, is_static};
}

}  // namespace layoutref::impl
