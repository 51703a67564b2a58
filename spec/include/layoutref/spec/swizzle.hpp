// layoutref::spec — Swizzle<B,M,S> and the swizzled ComposedLayout outer ∘ offset ∘ inner.
//
// Sources: cute/swizzle.hpp (struct Swizzle), cute/layout_composed.hpp (ComposedLayout,
// composition(ComposedLayout, Tiler)); the conformance README (swizzle.tsv):
//   Sw(x) = x ^ ((x & (((1<<B)-1) << (M+max(0,S)))) >> S), a negative S shifting left.
// The B bits at [M+max(0,S), M+max(0,S)+B) (CuTe's "YYY") are xor-ed into the B bits at
// [M-min(0,S), M-min(0,S)+B) ("ZZZ"). |S| >= B makes the two ranges disjoint, so YYY is
// left unchanged and Sw(Sw(x)) = x: Sw is an involution, hence a bijection of the
// non-negative integers.
#pragma once

#include <layoutref/spec/composition.hpp>

#include <string>

namespace layoutref::spec {

struct Swizzle {
  int b = 0;  ///< BBits: number of bits in the mask
  int m = 0;  ///< MBase: number of least significant bits kept constant
  int s = 0;  ///< SShift: distance from YYY down to ZZZ (negative: ZZZ lies above YYY)

  /// Bad_argument unless B >= 0, M >= 0, |S| >= B (CuTe's static_asserts) and
  /// M + |S| + B <= 63 (both masks lie within the 63 value bits of a non-negative i64).
  void validate() const;

  /// Sw(x). @pre validate() passes; x >= 0 (else bad_argument).
  /// @post apply(x) >= 0 and apply(apply(x)) == x (involution).
  i64 apply(i64 x) const;

  /// Whether two swizzles are the same function: equal (B,M,S), or both B == 0 (the identity).
  bool same_function(Swizzle const& other) const;

  /// `Sw<B,M,S>`
  std::string str() const;

  friend bool operator==(Swizzle const&, Swizzle const&) = default;
};

/// CuTe's ComposedLayout<Swizzle, offset, Layout>: the function i -> outer(offset + inner(i))
/// on the domain of inner (cute/layout_composed.hpp operator()). The shape is inner's shape.
struct ComposedLayout {
  Swizzle outer;
  i64 offset = 0;
  Layout inner;

  friend bool operator==(ComposedLayout const&, ComposedLayout const&) = default;
};

/// `Sw<B,M,S> o off o S:D`
std::string str(ComposedLayout const& c);

/// outer(offset + inner(i)).
/// @pre 0 <= i < size(inner); inner has integer strides; offset + inner(i) >= 0 (bad_argument
/// otherwise, since Sw is defined here on non-negative integers only).
/// Example: eval(Sw<1,0,1> o 0 o 4:1, 2) = 3
i64 evaluate(ComposedLayout const& c, i64 index);

/// size(Sw o off o L) = size(L) (CuTe's size of a ComposedLayout: its domain is inner's).
/// Example: size(Sw<1,0,1> o 0 o (4,8):(8,1)) = 32
i64 size(ComposedLayout const& c);

/// cosize(Sw o off o L): the extent of the image, 1 + max over i of Sw(off + L(i)) (the values
/// are >= 0, so this is max - min + 1 counted from 0, as for a layout with strides >= 0).
/// CuTe returns cosize(L) here, ignoring the swizzle and the offset; the two agree whenever off
/// is 0 and L's image [0, cosize(L)) is a union of whole 2^(M+B+|S|)-blocks, which a swizzle
/// permutes (docs/divergences.md). Enumerates size(L) values (table bound). The values of the
/// example are Sw(0, 1, 2) = 0, 1, 3, where CuTe gives cosize(3:1) = 3:
/// Example: cosize(Sw<1,0,1> o 0 o 3:1) = 4
i64 cosize(ComposedLayout const& c);

/// max_common_vector with a swizzled side: CuTe's (cute/swizzle_layout.hpp)
/// min(max_common_vector(L, B), 2^M): the swizzle keeps the low M bits of every value, so with
/// an offset whose low M bits are 0 the first 2^M elements stay contiguous whatever the offset's
/// higher bits; both swizzled: the inner layouts' vector, capped by 2^M0 and 2^M1 unless the two
/// swizzles are the same function. (This is the width that holds for every such offset; a
/// particular offset can allow a longer one: docs/divergences.md.)
/// Example: max_common_vector(Sw<1,1,2> o 0 o 16:1, 16:1) = _2
i64 max_common_vector(ComposedLayout const& a, Layout const& b);
i64 max_common_vector(Layout const& a, ComposedLayout const& b);
i64 max_common_vector(ComposedLayout const& a, ComposedLayout const& b);

/// composition(outer ∘ offset ∘ inner, T) = outer ∘ offset ∘ (inner ∘ T) (cute/layout_composed.hpp:
/// the tiler acts on the domain, which inner defines). Admissible iff inner ∘ T is (composition.hpp).
/// @pre inner has integer strides (bad_argument otherwise); outer is valid.
/// Example: composition(Sw<1,0,1> o 0 o 8:1, 4:2) = Sw<1,0,1> o 0 o 4:2
Admissibility is_composition_admissible(ComposedLayout const& a, Tiler const& t);
ComposedLayout composition(ComposedLayout const& a, Tiler const& t);

/// Judge a claimed composition(a, t): `claimed_error` claims there is no result; otherwise
/// `claimed` is the claimed ComposedLayout. It is wrong when its swizzle is not the same function
/// as a's or its offset differs (the detail says which); otherwise its inner layout is judged as
/// inner ∘ T by check_composition(Layout, Tiler, Claim). With the same swizzle and offset this is
/// exactly the judgement of the composed functions: x -> Sw(offset + x) is injective on the
/// non-negative integers (Sw is a bijection there), so claimed and expected composed functions
/// agree at index i iff their inner functions agree at i.
Judgement check_composition(ComposedLayout const& a, Tiler const& t, bool claimed_error, ComposedLayout const& claimed);

}  // namespace layoutref::spec
