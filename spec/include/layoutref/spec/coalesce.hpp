// layoutref::spec — coalesce and filter.
//
// coalesce(L): the layout with the fewest modes that has L's function on [0, size(L)): the
// factorization of L's function table (table.hpp, factor()). Postconditions (CuTe layout.hpp):
// size(R) == size(L), depth(R) <= 1, R(i) == L(i) for all i in [0, size(L)).
// coalesce(L, profile): for a tuple profile, mode i of L is coalesced against profile_i for
// i < rank(profile) and the other modes are kept; a leaf profile coalesces the whole layout.
// filter_zeros(L): the modes of stride 0 get size 1 (same profile).
// filter(L): the layout whose function runs over the modes of L with non-zero stride and size
// > 1, in order, coalesced (CuTe: coalesce(filter_zeros(L))); 1:0 when there are none.
// filter(L, profile): by mode, like coalesce.
// Example: coalesce((2,4):(1,2)) = 8:1
// Example: coalesce((2,(1,6)):(1,(6,2))) = 12:1
// Example: filter_zeros((4,2):(1,0)) = (4,_1):(1,0)
// Example: filter((2,(1,6)):(0,(7,2))) = 6:2
#pragma once

#include <layoutref/spec/reference.hpp>

namespace layoutref::spec {

Layout coalesce(Layout const& l);
Layout coalesce(Layout const& l, IntTuple const& profile);
Layout filter_zeros(Layout const& l);
Layout filter(Layout const& l);
Layout filter(Layout const& l, IntTuple const& profile);

Admissibility is_coalesce_admissible(Layout const& l, IntTuple const& profile);  ///< profile rank <= rank(L)

/// Right iff the claim has L's function on every index and is flat (depth <= 1) where the op
/// flattens. A correct result with more modes than needed gets a remark ("not fully coalesced").
Judgement check_coalesce(Layout const& l, Claim const& claimed);
Judgement check_coalesce(Layout const& l, IntTuple const& profile, Claim const& claimed);
Judgement check_filter(Layout const& l, Claim const& claimed);
Judgement check_filter(Layout const& l, IntTuple const& profile, Claim const& claimed);
Judgement check_filter_zeros(Layout const& l, Claim const& claimed);

}  // namespace layoutref::spec
