// layoutref::spec — domain_distribute(A, b): as much of b as divides A's shape, taken from
// A's leaves left to right, as a layout into A's column-major index space.
//
// Source: cute/layout.hpp domain_distribute. For the flattened leaves a_0, ..., a_(k-1) of
// shape A: with rest_0 = b, g_j = gcd(a_j, rest_j) and rest_(j+1) = rest_j / g_j. The result is
// coalesce(g : c), where c_j = a_0*...*a_(j-1) are the compact column-major strides of the
// flattened A. Here coalesce is the coalesced form of the function (table.hpp factor(), which
// is unique), so the result is exactly CuTe's.
// @post size(R) = g_0*...*g_(k-1) divides b; each g_j divides a_j; R is strictly increasing
// (an injective sub-enumeration of A's column-major indices).
// CuTe's doc comment: A = (15,14), b = 6: g = (gcd(15,6), gcd(14,2)) = (3,2), c = (1,15).
// Example: domain_distribute((15,14), 6) = (3,2):(_1,15)
#pragma once

#include <layoutref/spec/reference.hpp>

namespace layoutref::spec {

/// @pre the leaves of shape_a are >= 1 and b >= 1 (bad_argument otherwise). Always admissible.
Layout domain_distribute(IntTuple const& shape_a, i64 b);
/// Reference: layout_reference(domain_distribute(shape_a, b)); judged with judge_claim.
Judgement check_domain_distribute(IntTuple const& shape_a, i64 b, Claim const& claimed);

}  // namespace layoutref::spec
