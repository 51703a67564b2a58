// layoutref::proofs — translation validation: a claimed result (impl's, or any library's) meets
// the spec's definition of its operation at every index, proved symbolically (tier 1), so sizes
// far past the spec's function tables (2^40 and more) are checked in about a second.
//
// Definitions (docs/semantics.md):
//  - composition: R's shape refines B's (spec::compatible(shape(B), shape(R)), checked first) and
//    R ≡ A o B on [0, size(B)), size(R) = size(B) (the textbook value where B(c) lies in A's
//    domain, by modes elsewhere);
//  - complement(A, M) = R: R strictly increasing, (A, R) a bijection onto [0, M') with
//    M' = round_up(M, N_a*d_a) (the largest mode of A by stride; CuTe's rounding);
//  - coalesce: R ≡ L, R of depth <= 1;
//  - logical_divide(A, B) = A o (B, C) with C = complement(B, size(A)) validated too;
//  - logical_product(A, B) = (A, C o B) with C = complement(A, size(A)*cosize(B)) validated too;
//  - right_inverse(L) = R: 0 <= R(i) < size(L) and L(R(i)) = i for i < size(R);
//  - left_inverse(L) = R: L̂(R̂(L(i))) = L(i) for i < size(L) (both extended past their sizes).
// Not checked here: that right_inverse's result is the largest such layout (tested in impl's tests).
#pragma once

#include <layoutref/proofs/query.hpp>

namespace layoutref::proofs {

/// Several answers as one: refuted if one is (its part named), unknown if one is, else proved.
Answer all_of(std::vector<std::pair<std::string, Answer>> const& parts);

Answer validate_composition(Setting const& s, spec::Layout const& a, spec::Layout const& b, spec::Layout const& r);
Answer validate_complement(Setting const& s, spec::Layout const& a, long long m, spec::Layout const& r);
Answer validate_coalesce(Setting const& s, spec::Layout const& l, spec::Layout const& r);
Answer validate_logical_divide(Setting const& s, spec::Layout const& a, spec::Layout const& b, spec::Layout const& c,
                               spec::Layout const& r);
Answer validate_logical_product(Setting const& s, spec::Layout const& a, spec::Layout const& b, spec::Layout const& c,
                                spec::Layout const& r);
Answer validate_right_inverse(Setting const& s, spec::Layout const& l, spec::Layout const& r);
Answer validate_left_inverse(Setting const& s, spec::Layout const& l, spec::Layout const& r);

/// M' = round_up(M, N_a*d_a) for complement (docs/semantics.md); false on overflow or a
/// non-integer stride.
bool complement_cotarget(spec::Layout const& a, long long m, long long& out);

}  // namespace layoutref::proofs
