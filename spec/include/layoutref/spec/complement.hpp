// layoutref::spec — complement(A, M).
//
// Definition (docs/semantics.md, "Complement"; Shah Def. 2.6, Prop. 2.7): for A whose
// modes of non-zero stride and size > 1, sorted by stride, satisfy N(i-1)*d(i-1) | d(i)
// (condition complement.stride_divisibility; it also excludes non-injective A), the
// complement R is the unique strictly increasing layout such that (A, R) is a bijection onto
// [0, M'), where M' is M rounded up to a multiple of N(a)*d(a) (Shah's second condition,
// N(a)*d(a) | M, is relaxed the way CuTe does it, with ceil_div; a note says when M was
// rounded up). R's function is the increasing enumeration of the unique set T with
// image(A) ⊕ T = [0, M') (an interval tiling is unique: the least point not yet covered
// must start a new translate); its layout is the coalesced form of that function.
// complement(A) uses M = cosize(filter(A)).
// Example: complement(4:2, 24) = (2,3):(_1,8)
// Example: complement((2,2):(1,6), 24) = (3,2):(2,12)
// Example: complement((2,4):(1,2), 16) = 2:8
#pragma once

#include <layoutref/spec/reference.hpp>

namespace layoutref::spec {

Admissibility is_complement_admissible(Layout const& a, i64 cotarget);

Layout complement(Layout const& a, i64 cotarget);
Layout complement(Layout const& a);

/// The single-leaf reference: size |T|, values T in increasing order.
Reference complement_reference(Layout const& a, i64 cotarget);

/// A claimed complement is right iff it has exactly R's function. For an inadmissible A every
/// claimed layout is wrong; the judgement names the first failed property of the CuTe docs
/// ((A,R) injective, R increasing, [0,M) covered) when one fails, else the condition.
Judgement check_complement(Layout const& a, i64 cotarget, Claim const& claimed);

/// A tuple cotarget (CuTe's complement(A, shape)). CuTe divides the shape by the span
/// N(a)*d(a) of A's largest mode mode by mode (its tuple-by-integer ceil_div: q_k =
/// ceil(M_k / r), r <- ceil(r / M_k), folding left over the leaves), so the effective integer
/// cotarget is span * prod(q_k), which is what R and (A, R) then cover. CuTe's contract,
/// cosize(make_layout(A, R)) >= size(cotarget), can fail under that rounding
/// (complement((4,8):(1,4), (12,32)): q = (1,11), 352 < 384); such an input is inadmissible
/// (complement.cotarget_bound, with the witness). An integer leaf is the integer cotarget.
/// Example: complement((4,8):(1,4), (12,32)) = error
i64 effective_cotarget(Layout const& a, IntTuple const& cotarget);
Admissibility is_complement_admissible(Layout const& a, IntTuple const& cotarget);
Layout complement(Layout const& a, IntTuple const& cotarget);
Judgement check_complement(Layout const& a, IntTuple const& cotarget, Claim const& claimed);

/// The cotarget complement(A) uses: cosize(filter(A)).
i64 default_cotarget(Layout const& a);

}  // namespace layoutref::spec
