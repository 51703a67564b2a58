// layoutref::spec — max_common_vector and max_common_layout.
//
// max_common_vector(a, b): the largest N such that for every offset x in [0, N), x is in the
// image of b and a(i) == x where i = min{ i : b(i) == x } is the index b stores x at (CuTe
// layout.hpp: "For all 0 <= n < N, a(b.get_1d_coord(n)) == n"): the number of contiguous
// elements that a and b place at the same logical index. N >= 1 always (a(0) == b(0) == 0).
// max_common_layout(a, b): a layout R of size max_common_vector(a, b) with a(R(i)) == i and
// b(R(i)) == i for every i < size(R) (CuTe @post); the spec's R(i) = min{ j : b(j) == i }.
#pragma once

#include <layoutref/spec/reference.hpp>

namespace layoutref::spec {

i64 max_common_vector(Layout const& a, Layout const& b);
Layout max_common_layout(Layout const& a, Layout const& b);
/// Judged by the contract: the size must be max_common_vector(a, b) and both identities hold.
Judgement check_max_common_layout(Layout const& a, Layout const& b, Claim const& claimed);

}  // namespace layoutref::spec
