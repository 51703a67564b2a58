// layoutref::spec — upcast<N> and downcast<N>: the layout of the same memory viewed with
// elements N times wider (upcast) or N times narrower (downcast).
//
// Source: cute/layout.hpp (upcast, downcast, recast_layout). Both act leaf by leaf and keep
// the profile of L.
//
// upcast(L, n), leaf s:d (integer strides):
//  - d = 0: s:0 (kept);
//  - otherwise n % |d| == 0 or |d| % n == 0 (condition upcast.divisibility, CuTe's
//    static_assert "Divisibility condition"), and the leaf becomes
//      ceil_div(s, ceil_div(n, |d|)) : sign(d) * ceil_div(|d|, n).
// Contract on functions: let q_k = n / |d_k| for the leaves with 0 < |d_k| < n and q_k = 1 for
// the others. For every coordinate c of R = upcast(L, n), the scaled coordinate ĉ (ĉ_k = q_k*c_k)
// is a coordinate of L (ĉ_k < s_k), L(ĉ) is a multiple of n, and R(c) = L(ĉ) / n. A leaf with
// |d| < n keeps every q-th element of its mode (the first of each group of q narrow elements
// that a wide element covers), rounding the count up.
//
// downcast(L, n): a leaf of stride 1 or -1 becomes (s*n):d, any other leaf s:(d*n).
// Condition downcast.unit_stride: some leaf has stride 1 or -1 ("Downcast requires adjacent
// elements"; CuTe's has_int1 looks for a static 1 only, so CuTe refuses a layout whose only
// unit stride is -1, which the mathematics accepts). Strides may be scaled basis elements.
// Contract on functions: with ĉ_k = n*c_k on the unit leaves and ĉ_k = c_k elsewhere,
// R(ĉ) = n * L(c) for every coordinate c of L, and R(ĉ + r*e_k) = n*L(c) + d_k*r for a unit
// leaf k and 0 <= r < n. When L has exactly one unit leaf, R is L with each element split into
// n consecutive narrow ones; with several (e.g. a size-1 mode of stride 1), every one of
// them is widened, as CuTe does, and size(R) = size(L) * n^(number of unit leaves).
// Example: upcast((4,8):(8,1), 2) = (4,4):(4,1)
// Example: downcast((4,4):(4,1), 2) = (4,8):(8,1)
#pragma once

#include <layoutref/spec/reference.hpp>

namespace layoutref::spec {

/// @pre n >= 1 and the shape's leaves >= 1 (bad_argument otherwise).
/// No: upcast.integer_strides (a basis stride), upcast.divisibility (witness: the leaf).
Admissibility is_upcast_admissible(Layout const& l, i64 n);
Layout upcast(Layout const& l, i64 n);
/// Reference: layout_reference(upcast(l, n)); judged with judge_claim.
Judgement check_upcast(Layout const& l, i64 n, Claim const& claimed);

/// @pre n >= 1 and the shape's leaves >= 1 (bad_argument otherwise).
/// No: downcast.unit_stride (no leaf of stride 1 or -1).
Admissibility is_downcast_admissible(Layout const& l, i64 n);
Layout downcast(Layout const& l, i64 n);
/// Reference: layout_reference(downcast(l, n)); judged with judge_claim.
Judgement check_downcast(Layout const& l, i64 n, Claim const& claimed);

}  // namespace layoutref::spec
