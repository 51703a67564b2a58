// layoutref::spec — max_alignment(L): the widest aligned vector that L's image is made of.
//
// Definition: the largest N >= 1 such that the image of L (a finite set of integers) is a
// union of aligned blocks [kN, kN+N). Integer strides; stride-0 and size-1 modes are allowed;
// a negative stride is a bad_argument.
// Equivalently: write the image as its maximal runs of consecutive integers [a_1,b_1), ...,
// [a_r,b_r). A run is a union of aligned N-blocks iff N divides both a_i and b_i (blocks
// partition the integers, so a run that is a union of them starts and ends on block
// boundaries, and conversely), and distinct runs share no block (they are separated by a gap).
// So N is admissible iff N divides every run boundary, and max_alignment(L) =
// gcd(a_1, b_1, ..., a_r, b_r), which is >= 1 because b_r >= 1.
//
// CuTe (cute/layout.hpp max_alignment) computes gcd(size<0>(P), stride<1>(P)) for
// P = logical_divide(F, right_inverse(F)), F = coalesce(L) (static parts); its comment calls it
// "the largest N for which upcast<N>(layout) will compile". tests/spec/max_alignment_test.cpp
// checks this definition against CuTe's values on the conformance vectors; they agree there,
// including on stride-0 and size-1 modes. Where two modes of non-zero stride overlap (L not
// injective apart from its stride-0 modes) the image can be wider than CuTe's answer:
// (2,2):(1,1) has the image [0,3), so 3, where CuTe (commit 7107b05) gives 1; (3,3):(1,2) has
// [0,7), so 7, where CuTe gives 1. layoutref follows the definition.
// Example: max_alignment((4,8):(1,4)) = 32
// Example: max_alignment((4,8):(1,8)) = 4
// Example: max_alignment((2,2):(1,1)) = 3
// Example: max_alignment((3,3):(1,2)) = 7
#pragma once

#include <layoutref/spec/layout.hpp>

namespace layoutref::spec {

/// @pre integer strides, all >= 0; shape leaves >= 1 (bad_argument otherwise).
/// The image is computed from the function table (bounded by table_limit()).
i64 max_alignment(Layout const& l);

}  // namespace layoutref::spec
