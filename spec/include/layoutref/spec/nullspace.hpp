// layoutref::spec — nullspace(L): the kernel of a layout function, as a layout.
//
// Definition: Z(L) = { i in [0, size(L)) : L(i) = 0 } (integer strides). nullspace(L) is the
// layout whose function is the increasing enumeration of Z(L): R(j) is the j-th smallest
// element of Z(L), for j in [0, |Z(L)|). Z(L) always holds 0, so size(R) >= 1; Z(L) = {0}
// gives 1:0. The result is the coalesced form of that table (table.hpp factor()); when the
// enumeration is the function of no layout the input is inadmissible,
// nullspace.not_representable. That needs a negative stride: (3,3,3):(1,1,-1) has
// Z = {0,10,12,20,22,24}.
// Example: nullspace((4,2,3):(1,0,4)) = 2:4
// Example: nullspace((3,3,3):(1,1,-1)) = error
// @post L(R(j)) = 0 for all j, R is strictly increasing, and every zero of L in its domain is
// a value of R.
//
// Relation to CuTe (cute/layout.hpp nullspace): CuTe keeps the flattened leaves whose stride is
// a static 0, with the compact column-major strides of the flattened shape. When every stride
// is >= 0, L(c) = 0 iff c_k = 0 on every leaf of non-zero stride, so Z(L) is exactly the image
// of CuTe's layout, enumerated in increasing order: the two results have the same function.
// With negative strides CuTe misses zeros where terms cancel ((2,2):(1,-1) has Z = {0,3};
// CuTe gives 1:0).
// Example: nullspace((2,2):(1,-1)) = 2:3
#pragma once

#include <layoutref/spec/reference.hpp>

namespace layoutref::spec {

/// The elements of Z(L) in increasing order. Bounded by table_limit().
/// @pre integer strides, shape leaves >= 1 (bad_argument otherwise)
std::vector<i64> zero_indices(Layout const& l);

/// No: nullspace.not_representable (witness: the first elements of Z(L)).
Admissibility is_nullspace_admissible(Layout const& l);
Layout nullspace(Layout const& l);
/// Reference: a single leaf of size |Z(L)| whose table is Z(L); judged with judge_claim.
Judgement check_nullspace(Layout const& l, Claim const& claimed);

}  // namespace layoutref::spec
