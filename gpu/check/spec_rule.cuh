#pragma once
// layoutref gpu — the spec's evaluation rule, ported to device code.
//
// Kept apart from impl on purpose (docs/architecture.md, the dependency rule): this header includes no impl
// (and no spec) header, so a bug in impl cannot leak into the values the device compares with.
// It is a direct transcription of the spec's definition (spec/layout.hpp, spec/table.hpp
// FlatLayout::operator(); spec/swizzle.hpp Swizzle::apply, evaluate(ComposedLayout)):
//
//   L = S:D flattened to its leaf modes (s_0,...,s_{n-1}):(d_0,...,d_{n-1}); for a 1-D index i,
//   c_k = i mod s_k, i <- i div s_k for k < n-1 (ordinary signed division), c_{n-1} = the rest;
//   L(i) = sum_k c_k * d_k, where a stride is an integer or a scaled basis element k@p and the
//   value is a vector with one component per basis path (component 0: the integer part).
//   Sw<B,M,S>(x) = x ^ ((x & (((1<<B)-1) << (M+max(0,S)))) >> S), a negative S shifting left.
//   A swizzled layout is i -> Sw(offset + inner(i)); a composition A∘B is i -> A(B(i)), A running
//   on past its size along its last leaf (spec evaluate_extended, docs/semantics.md).
//
// Arithmetic is plain int64: the host admits only layouts whose values fit (it checks them with
// the spec's checked arithmetic before a launch), so nothing here can overflow.
#include <cstdint>

#if defined(__CUDACC__)
#define LAYOUTREF_SPEC_RULE_HD __host__ __device__
#else
#define LAYOUTREF_SPEC_RULE_HD
#endif

namespace layoutref::gpu::spec_rule {

using i64 = std::int64_t;

/// The most leaf modes a flattened layout may have here (independent of impl's capacity).
inline constexpr int kMaxModes = 16;
/// Value components: 0 is the integer part, 1.. one per distinct basis path of the layout.
inline constexpr int kMaxComponents = 8;

/// A layout flattened to its leaf modes, colexicographic order.
struct Flat {
  int n = 0;
  i64 shape[kMaxModes] = {};
  i64 stride[kMaxModes] = {};
  int component[kMaxModes] = {};  ///< 0: the stride is an integer; k > 0: it is stride[j]@path_k
};

struct Value {
  i64 c[kMaxComponents] = {};
};

struct Swizzle {
  int b = 0, m = 0, s = 0;
};

/// i mod s and i div s for i >= 0, s >= 1; in 32-bit arithmetic when both fit in 32 bits, which
/// gives the same numbers (a 64-bit division is a long instruction sequence on the device).
LAYOUTREF_SPEC_RULE_HD inline i64 mod_div(i64& i, i64 s) {
  if (((static_cast<std::uint64_t>(i) | static_cast<std::uint64_t>(s)) >> 32) == 0) {
    auto i32 = static_cast<std::uint32_t>(i), s32 = static_cast<std::uint32_t>(s);
    i = static_cast<i64>(i32 / s32);
    return static_cast<i64>(i32 % s32);
  }
  i64 c = i % s;
  i = i / s;
  return c;
}

/// The natural coordinate of i: add(k, c_k) for each mode k, c_k = i mod s_k, i <- i div s_k,
/// and the last mode takes the rest (the spec's extension past the size).
/// @pre i >= 0; every shape >= 1; n >= 1 or i == 0
template <class Add>
LAYOUTREF_SPEC_RULE_HD inline void for_each_coordinate(Flat const& f, i64 i, Add const& add) {
  for (int k = 0; k < f.n; ++k) add(k, k + 1 == f.n ? i : mod_div(i, f.shape[k]));
}

/// L(i) = sum_k c_k * d_k, each term in its component. @pre as for_each_coordinate's
LAYOUTREF_SPEC_RULE_HD inline Value evaluate(Flat const& f, i64 i) {
  Value v;
  for_each_coordinate(f, i, [&](int k, i64 c) { v.c[f.component[k]] += c * f.stride[k]; });
  return v;
}

/// L(i)'s integer part, for a layout whose strides are all integers (every component 0): the
/// sum of evaluate(f, i).c[0], kept in one integer. @pre as evaluate's; f.component[k] == 0
LAYOUTREF_SPEC_RULE_HD inline i64 evaluate_integer(Flat const& f, i64 i) {
  i64 v = 0;
  for_each_coordinate(f, i, [&](int k, i64 c) { v += c * f.stride[k]; });
  return v;
}

/// Sw(x). @pre x >= 0; B >= 0, M >= 0, |S| >= B, M + |S| + B <= 63 (the spec's validate())
LAYOUTREF_SPEC_RULE_HD inline i64 apply(Swizzle const& sw, i64 x) {
  if (sw.b == 0) return x;
  int up = sw.m + (sw.s > 0 ? sw.s : 0);
  i64 yyy = ((i64{1} << sw.b) - 1) << up;
  i64 y = x & yyy;
  return x ^ (sw.s >= 0 ? (y >> sw.s) : (y << -sw.s));
}

/// The function the device compares impl with: a layout, optionally composed after an inner
/// layout (outer(a(i)): the composition rule) and optionally swizzled (Sw(offset + .)).
struct Function {
  Flat a;
  bool composed = false;  ///< value = outer(a(i)); a must then have integer values >= 0
  Flat outer;
  bool swizzled = false;  ///< value = Sw(offset + value); integer values only
  Swizzle sw;
  i64 offset = 0;
};

LAYOUTREF_SPEC_RULE_HD inline Value evaluate(Function const& f, i64 i) {
  Value v = evaluate(f.a, i);
  if (f.composed) v = evaluate(f.outer, v.c[0]);
  if (f.swizzled) v.c[0] = apply(f.sw, f.offset + v.c[0]);
  return v;
}

/// evaluate(f, i).c[0] for a function whose layouts have integer strides only.
LAYOUTREF_SPEC_RULE_HD inline i64 evaluate_integer(Function const& f, i64 i) {
  i64 v = evaluate_integer(f.a, i);
  if (f.composed) v = evaluate_integer(f.outer, v);
  if (f.swizzled) v = apply(f.sw, f.offset + v);
  return v;
}

/// Whether every stride of f's layouts is an integer (component 0).
LAYOUTREF_SPEC_RULE_HD inline bool integer_only(Function const& f) {
  for (int k = 0; k < f.a.n; ++k)
    if (f.a.component[k] != 0) return false;
  for (int k = 0; f.composed && k < f.outer.n; ++k)
    if (f.outer.component[k] != 0) return false;
  return true;
}

}  // namespace layoutref::gpu::spec_rule
