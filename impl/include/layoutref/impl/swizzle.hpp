// layoutref::impl — Swizzle<B,M,S> and the swizzled ComposedLayout outer ∘ offset ∘ inner
// (cute/swizzle.hpp struct Swizzle; cute/layout_composed.hpp ComposedLayout, composition;
// docs/semantics.md "Coalesce, filter and the rest"; the conformance README, swizzle.tsv).
//
//   Sw(x) = x ^ ((x & (((1<<B)-1) << (M+max(0,S)))) >> S), a negative S shifting left:
// the B bits at [M+max(0,S), M+max(0,S)+B) (CuTe's "YYY") are xor-ed into the B bits at
// [M-min(0,S), M-min(0,S)+B) ("ZZZ"). |S| >= B keeps the two ranges apart, so Sw is an
// involution, a bijection of the non-negative integers.
//
// A ComposedLayout is CuTe's ComposedLayout<Swizzle, offset, Layout>: the function
// i ↦ Sw(offset + inner(i)) on the domain of inner. Composing it with a tiler (or a layout)
// composes the inner layout and keeps the swizzle and the offset (CuTe: composition(a.layout_a(),
// a.offset(), composition(a.layout_b(), b))); the result's admissibility is that of inner ∘ T.
//
// Errors: bad_argument for an invalid swizzle (B < 0, M < 0, |S| < B — CuTe's static_asserts —
// or masks past the 63 value bits: M + |S| + B > 63), a negative argument of Sw, an inner layout
// with basis strides, an index outside [0, size(inner)); the composition's conditions.
#pragma once

#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/max_common.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

struct Swizzle {
  int b = 0;  ///< BBits: the number of bits in the mask
  int m = 0;  ///< MBase: the number of least significant bits kept constant
  int s = 0;  ///< SShift: the distance from YYY down to ZZZ (negative: ZZZ lies above YYY)

  LAYOUTREF_HD friend constexpr bool operator==(Swizzle const& x, Swizzle const& y) {
    return x.b == y.b && x.m == y.m && x.s == y.s;
  }
};

/// Error unless B >= 0, M >= 0, |S| >= B and M + |S| + B <= 63 (bad_argument).
LAYOUTREF_HD constexpr Error validate(Swizzle const& sw) {
  auto bad = [&sw]() {
    Error e = fail(Errc::bad_argument);
    e.add("Sw<").add(sw.b).add(",").add(sw.m).add(",").add(sw.s).add(">: ");
    return e;
  };
  if (sw.b < 0) return bad().add("BBits must be >= 0");
  if (sw.m < 0) return bad().add("MBase must be >= 0");
  // Bounds first, so that the sums below cannot overflow an int.
  if (sw.s < -63 || sw.s > 63 || sw.b > 63 || sw.m > 63)
    return bad().add("the masks need more than the 63 value bits of a non-negative 64-bit integer");
  int shift = sw.s < 0 ? -sw.s : sw.s;
  if (shift < sw.b) return bad().add("|SShift| = ").add(shift).add(" must be >= BBits = ").add(sw.b);
  if (sw.m + shift + sw.b > 63)
    return bad().add("the masks need bits up to MBase + |SShift| + BBits = ").add(sw.m + shift + sw.b).add(", more than 63");
  return Error{};
}

/// Sw(x). @pre x >= 0 (else bad_argument). @post apply(sw, apply(sw, x)) == x
LAYOUTREF_HD constexpr Result<i64> apply(Swizzle const& sw, i64 x) {
  LAYOUTREF_CHECK(validate(sw));
  if (x < 0) return fail(Errc::bad_argument).add("a swizzle applied to the negative value ").add(x);
  if (sw.b == 0) return x;
  // validate() keeps every shift below 63 and both masks inside bits [0, 63).
  int up = sw.m + (sw.s > 0 ? sw.s : 0);
  i64 yyy = ((i64{1} << sw.b) - 1) << up;
  i64 y = x & yyy;
  i64 moved = sw.s >= 0 ? (y >> sw.s) : (y << -sw.s);
  return x ^ moved;
}

/// CuTe's ComposedLayout<Swizzle, offset, Layout>: i ↦ outer(offset + inner(i)).
struct ComposedLayout {
  Swizzle outer{};
  Int offset{};
  Layout inner{};
};

/// Whether c is usable: a valid swizzle, an inner layout with sizes >= 1 and integer strides.
LAYOUTREF_HD constexpr Error validate(ComposedLayout const& c) {
  LAYOUTREF_CHECK(validate(c.outer));
  LAYOUTREF_CHECK(validate(c.inner));
  for (int k = 0; k < c.inner.nleaves; ++k) {
    LayoutLeaf const& x = c.inner.leaf[k];
    if (!x.stride_is_integer() && x.stride_value() != 0)
      return fail(Errc::bad_argument).add("the inner layout of a swizzled layout has the basis stride ").add(x.stride_value());
  }
  return Error{};
}

/// c(i) = outer(offset + inner(i)) for 0 <= i < size(inner).
/// Errors: bad_argument (see validate; an index outside the domain; offset + inner(i) < 0), overflow.
LAYOUTREF_HD constexpr Result<i64> evaluate(ComposedLayout const& c, i64 i) {
  LAYOUTREF_CHECK(validate(c));
  LAYOUTREF_TRY(Int n, size(c.inner));
  if (i < 0 || i >= n.value)
    return fail(Errc::bad_argument).add("index ").add(i).add(" is outside [0,").add(n.value).add(") of the swizzled layout");
  LAYOUTREF_TRY(i64 v, evaluate_int(c.inner, i));
  LAYOUTREF_TRY(i64 x, checked_add(c.offset.value, v));
  if (x < 0)
    return fail(Errc::bad_argument).add("offset + inner(").add(i).add(") = ").add(x).add(" is negative; the swizzle is defined on non-negative integers");
  return apply(c.outer, x);
}

/// size(Sw o off o L) = size(L). Errors: those of validate(c).
LAYOUTREF_HD constexpr Result<Int> size(ComposedLayout const& c) {
  LAYOUTREF_CHECK(validate(c));
  return size(c.inner);
}

/// The most values cosize(ComposedLayout) enumerates.
inline constexpr i64 kSwizzleCosizeBudget = i64{1} << 24;

/// cosize(Sw o off o L): the extent of the image, 1 + max over i of Sw(off + L(i)) (the spec's;
/// CuTe's cosize(L) ignores the swizzle and offset: docs/divergences.md). Enumerates size(L)
/// values. Errors: those of evaluate; capacity past kSwizzleCosizeBudget values.
LAYOUTREF_HD constexpr Result<i64> cosize(ComposedLayout const& c) {
  LAYOUTREF_TRY(Int n, size(c));
  if (n.value > kSwizzleCosizeBudget)
    return fail(Errc::capacity).add("cosize of a swizzled layout of size ").add(n.value).add(" (enumerated up to ").add(kSwizzleCosizeBudget).add(")");
  i64 hi = 0;
  for (i64 i = 0; i < n.value; ++i) {
    LAYOUTREF_TRY(i64 v, evaluate(c, i));
    if (v > hi) hi = v;
  }
  return checked_add(hi, 1);
}

namespace detail_swizzle {
LAYOUTREF_HD constexpr bool same_function(Swizzle const& x, Swizzle const& y) { return (x.b == 0 && y.b == 0) || x == y; }
LAYOUTREF_HD constexpr Int capped(Int v, Swizzle const& x) {
  i64 block = i64{1} << x.m;
  return v.value <= block ? v : Int{block, true};
}
}  // namespace detail_swizzle

/// max_common_vector with a swizzled side (CuTe's, cute/swizzle_layout.hpp): min(max_common_vector(L,
/// B), 2^M); both swizzled: the inner layouts' vector, capped by 2^M0 and 2^M1 unless the swizzles
/// are the same function. Errors: those of validate and of max_common_vector(Layout, Layout).
LAYOUTREF_HD constexpr Result<Int> max_common_vector(ComposedLayout const& a, Layout const& b) {
  LAYOUTREF_CHECK(validate(a));
  LAYOUTREF_TRY(Int v, max_common_vector(a.inner, b));
  return detail_swizzle::capped(v, a.outer);
}
LAYOUTREF_HD constexpr Result<Int> max_common_vector(Layout const& a, ComposedLayout const& b) { return max_common_vector(b, a); }
LAYOUTREF_HD constexpr Result<Int> max_common_vector(ComposedLayout const& a, ComposedLayout const& b) {
  LAYOUTREF_CHECK(validate(a));
  LAYOUTREF_CHECK(validate(b));
  LAYOUTREF_TRY(Int v, max_common_vector(a.inner, b.inner));
  if (detail_swizzle::same_function(a.outer, b.outer)) return v;
  return detail_swizzle::capped(detail_swizzle::capped(v, a.outer), b.outer);
}

/// composition(outer ∘ offset ∘ inner, T) = outer ∘ offset ∘ (inner ∘ T): the tiler acts on the
/// domain, which inner defines. Errors: those of validate(c) and of composition(inner, T).
LAYOUTREF_HD constexpr Result<ComposedLayout> composition(ComposedLayout const& c, Tiler const& t) {
  LAYOUTREF_CHECK(validate(c));
  LAYOUTREF_TRY(Layout inner, composition(c.inner, t));
  return ComposedLayout{c.outer, c.offset, inner};
}

/// composition(outer ∘ offset ∘ inner, B) = outer ∘ offset ∘ (inner ∘ B) for a layout B.
LAYOUTREF_HD constexpr Result<ComposedLayout> composition(ComposedLayout const& c, Layout const& b) {
  LAYOUTREF_CHECK(validate(c));
  LAYOUTREF_TRY(Layout inner, composition(c.inner, b));
  return ComposedLayout{c.outer, c.offset, inner};
}

}  // namespace layoutref::impl
