// layoutref::spec — right_inverse and left_inverse.
//
// Both come from the inverse relation of L's function (integer strides).
//
// right_inverse(L): a layout R with L(R(i)) == i for every i in [0, size(R)) (CuTe layout.hpp
// @result). Right inverses are not unique. With m* the largest m such that [0, m) lies in the
// image of L, the spec's R(x) = min{ i : L(i) == x } on [0, m) for the largest m <= m* for which
// that function is a layout. When L is injective this is the unique largest right inverse
// (m == m*; CuTe's construction shows it is a layout); for a non-injective L another choice of
// preimages can be larger (for (3,2):(1,2) the spec gives 3:1, (2,2):(1,3) also works).
// Example: right_inverse((4,2):(2,1)) = (2,4):(4,_1)
// Example: right_inverse((3,2):(1,2)) = 3:_1
// check_right_inverse judges the contract; a valid right inverse smaller than the spec's is
// correct with a remark, a larger one too.
//
// left_inverse(L): a layout R with L(R(L(i))) == L(i) for every i in [0, size(L)) (CuTe:
// "layout(result(layout(i))) == layout(i)"; R(L(i)) == i when L is injective). When L(i) lies past
// size(R), or R(L(i)) past size(L), the layout is extended along its last mode (docs/semantics.md)
// as CuTe evaluates it, and the verdict says it depends on that. Not unique. The spec's R is
// CuTe's construction: with the modes of coalesce(L) of non-zero stride sorted by stride, (s_k,
// d_k) at index stride p_k, R = coalesce((d_0, d_1/d_0, ..., d_a/d_(a-1), s_a) : (0, p_0, ..., p_a)).
// With no such mode (every stride 0) the spec's R is 1:0, where CuTe's is size(L):0 (the vectors'
// left_inverse((4,4):(0,0)) = 16:0); both satisfy the contract, and the judge accepts either.
// Conditions: left_inverse.stride_divisibility (each d_k divides d_(k+1)), then
// left_inverse.injective (the construction must satisfy the contract: always when L is injective,
// sometimes as a quasi-inverse when it is not). check_left_inverse judges any claim by the contract.
// Example: left_inverse((4,2):(1,8)) = (8,2):(_1,4)
#pragma once

#include <layoutref/spec/reference.hpp>

namespace layoutref::spec {

Admissibility is_right_inverse_admissible(Layout const& l);  ///< integer strides
Layout right_inverse(Layout const& l);
Judgement check_right_inverse(Layout const& l, Claim const& claimed);

Admissibility is_left_inverse_admissible(Layout const& l);
Layout left_inverse(Layout const& l);
Judgement check_left_inverse(Layout const& l, Claim const& claimed);

/// min{ i : L(i) == x } for x in [0, m*), where m* is the largest m with [0, m) in image(L).
std::vector<i64> least_preimages(Layout const& l);

}  // namespace layoutref::spec
