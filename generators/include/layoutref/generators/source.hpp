// layoutref::generators — the source of choices every generator draws from.
//
// A generator here is a function template over a Source: it makes every random decision with
// `s.pick(lo, hi)` / `s.pick_int(lo, hi)` (a value in [lo, hi], lo <= hi) and runs a
// sub-generator with `s.nested(f)` (f takes the source, `[=](auto& q) { ... }`, and must capture
// by value: RapidCheck runs it again when it shrinks). The drivers:
//  - RapidCheck (properties/include/layoutref/rapidcheck/): a pick is `*rc::gen::inRange`, a
//    nested call `*rc::gen::exec`, so each pick shrinks on its own, towards lo;
//  - `layoutref gen` (random.hpp): picks uniform in [lo, hi] from a seeded SplitMix64, the same
//    sequence for a seed on every platform;
//  - python/'s Hypothesis strategies (layoutref.strategies): a pick is `draw(integers(lo, hi))`.
// The three make the same decisions from the same ranges in the same order: the distributions
// differ only in how each framework weighs a range (RapidCheck grows its ranges with the test's
// size, Hypothesis favours the ends of a range, `gen` is uniform).
#pragma once

#include <layoutref/spec/int_tuple.hpp>

#include <concepts>

namespace layoutref::generators {

namespace sp = layoutref::spec;
using sp::i64;

template <class S>
concept Source = requires(S& s, i64 a, int b) {
  { s.pick(a, a) } -> std::same_as<i64>;
  { s.pick_int(b, b) } -> std::same_as<int>;
};

namespace detail {

/// True with about `percent`% probability (a pick in [0, 99]; the small picks say no).
template <Source S>
bool maybe(S& s, int percent) {
  return s.pick_int(0, 99) >= 100 - percent;
}

/// A fair coin. A source may draw it its own way with a member `coin()` (RapidCheck's draws
/// `*rc::gen::arbitrary<bool>()`, which is not a pick in [0, 1]: that one grows with the test's
/// size); the others pick in [0, 1].
template <Source S>
bool coin(S& s) {
  if constexpr (requires { { s.coin() } -> std::same_as<bool>; })
    return s.coin();
  else
    return s.pick_int(0, 1) == 1;
}

/// The index of one of n listed values (n >= 1). A source may draw it its own way with a member
/// `element_index(n)` (RapidCheck's draws as rc::gen::element does: uniform at every size,
/// never shrunk); the others pick in [0, n - 1].
template <Source S>
i64 element_index(S& s, i64 n) {
  if constexpr (requires { { s.element_index(n) } -> std::same_as<i64>; })
    return s.element_index(n);
  else
    return s.pick(0, n - 1);
}

/// A pick in [lo, hi] where the range may be empty (lo == hi + 1). A source whose empty picks
/// fail (a member `empty_range_fails`: RapidCheck's, whose failed generation discards the case)
/// is asked anyway; the others answer lo.
template <Source S>
i64 pick_or_low(S& s, i64 lo, i64 hi) {
  if constexpr (requires { S::empty_range_fails; }) {
    return s.pick(lo, hi);
  } else {
    return lo > hi ? lo : s.pick(lo, hi);
  }
}

}  // namespace detail

}  // namespace layoutref::generators
