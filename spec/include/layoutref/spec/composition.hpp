// layoutref::spec — composition A∘B.
//
// Definition (docs/semantics.md, "Composition"):
//  - B = N:r of one mode: (A∘B)(i) = Â(r*i) for i in [0,N), where Â is A extended past its
//    size along its last (flattened) mode, as CuTe's coalesce_x / idx2crd do.
//  - B of several modes: A∘B = (A∘B0, A∘B1, ...) following B's profile (right
//    distributivity: CuTe composition_impl; Shah, Def. 2.17).
//  - The result must be a layout whose shape refines shape(B) (compatible(shape(B), shape(R)))
//    and it must agree with the function composition: R(c) = A(B(c)) for every c with B(c) in
//    [0, size(A)) (CuTe's @post result(c) = lhs(rhs(c))).
// Admissibility is exact: a result exists iff every mode's function i -> Â(r*i) is a layout
// and the by-mode result agrees with A(B(c)) inside A's domain. The conditions are named after
// J. Shah, "A Note on the Algebra of CuTe Layouts", Def. 2.11-2.17, which are sufficient:
//  - composition.left_divisibility: A's shape (M0,...,M(a-1),∞) is left divisible by r;
//  - composition.weak_left_divisibility: the quotient shape is weakly left divisible by N;
//  - composition.disjoint_intervals: the modes of a multi-mode B do not collide inside A.
// When Shah's condition fails but the function is still a layout, the answer is yes with a note.
// CuTe's docs, a one-mode B, and A extended past its size (Â(4) = A's last mode run on, 0):
// Example: composition((6,2):(8,2), (4,3):(3,1)) = ((2,2),3):((24,2),8)
// Example: composition(20:2, (5,4):(4,1)) = (5,4):(8,2)
// Example: composition((4,1):(1,0), 2:4) = 2:0
#pragma once

#include <layoutref/spec/reference.hpp>
#include <layoutref/spec/tiler.hpp>

namespace layoutref::spec {

/// The reference of A∘B by modes: the pattern is shape(B); the table of leaf k of B = N:r is
/// i -> Â(r*i), A extended past its size (evaluate_at_value); one block (A, B), whose values
/// inside A's domain must be A(B(c)).
Reference composition_reference(Layout const& a, Layout const& b);
/// By-mode tiler: a layout is composition_reference(A, T), `_` is A's own reference, a tuple
/// concatenates R_i = A_i ∘ T_i for i < rank(T) and drops A's other modes (CuTe).
Reference composition_reference(Layout const& a, Tiler const& b);

/// The spec's result: each mode's function factored into its coalesced layout, placed at B's
/// leaves. Throws Error(inadmissible) naming the condition.
Layout composition(Layout const& a, Layout const& b);
/// By-mode tiler: R_i = A_i ∘ T_i for i < rank(T); modes of A that the tuple does not reach
/// are dropped (CuTe); `_` keeps A; a layout tiler is layout composition.
Layout composition(Layout const& a, Tiler const& b);

Judgement check_composition(Layout const& a, Layout const& b, Claim const& claimed);
Judgement check_composition(Layout const& a, Tiler const& b, Claim const& claimed);

Admissibility is_composition_admissible(Layout const& a, Layout const& b);
Admissibility is_composition_admissible(Layout const& a, Tiler const& b);

/// A's normal form for extension and for Shah's conditions: flattened, size-1 modes dropped
/// except the last one, adjacent modes merged where d(k+1) = s(k)*d(k). The last mode's size
/// is irrelevant (it runs on). Same function as A on [0, size(A)) and past it.
Layout extension_form(Layout const& a);

}  // namespace layoutref::spec
