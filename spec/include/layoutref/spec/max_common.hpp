// layoutref::spec — max_common_vector and max_common_layout.
//
// max_common_vector(a, b): with R = right_inverse(b) (inverse.hpp: R(x) is the index where b
// stores x), the largest N <= size(R) such that a(R(x)) == x for every x in [0, N) (CuTe
// layout.hpp: "For all 0 <= n < N, a(b.get_1d_coord(n)) == n", computed by CuTe as the first
// stride-1 mode of coalesce(a o right_inverse(b))): the number of contiguous elements that a and b
// place at the same logical index. N >= 1 always (a(0) == b(0) == 0).
// max_common_layout(a, b): R restricted to [0, N), as a layout (CuTe: composition(R, N:1));
// max_common_layout.not_representable when that prefix is not the function of a layout (possible
// only for a non-injective b). check_max_common_layout judges the contract: size N, a(R(i)) == i
// and b(R(i)) == i for every i < N.
// Example: max_common_vector((4,8):(1,4), (4,8):(1,8)) = 4
// Example: max_common_layout((4,8):(1,4), (4,8):(1,8)) = 4:_1
#pragma once

#include <layoutref/spec/reference.hpp>

namespace layoutref::spec {

i64 max_common_vector(Layout const& a, Layout const& b);
Admissibility is_max_common_layout_admissible(Layout const& a, Layout const& b);
Layout max_common_layout(Layout const& a, Layout const& b);
/// Judged by the contract: the size must be max_common_vector(a, b) and both identities hold.
Judgement check_max_common_layout(Layout const& a, Layout const& b, Claim const& claimed);

}  // namespace layoutref::spec
