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

/// The cotarget complement(A) uses: cosize(filter(A)).
i64 default_cotarget(Layout const& a);

}  // namespace layoutref::spec
