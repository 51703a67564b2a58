// layoutref::rapidcheck — RapidCheck as a source of choices for layoutref::generators
// (generators/include/layoutref/generators/source.hpp): a pick is `*rc::gen::inRange`, a nested
// generator `*rc::gen::exec`, so RapidCheck shrinks each pick on its own, towards its low end.
// Call only inside rc::gen::exec (or a property).
#pragma once

#include <layoutref/generators/source.hpp>

#include <rapidcheck.h>

#include <vector>

namespace layoutref::rapidcheck {

struct RcSource {
  layoutref::spec::i64 pick(layoutref::spec::i64 lo, layoutref::spec::i64 hi) const {
    return *rc::gen::inRange<layoutref::spec::i64>(lo, hi + 1);
  }
  int pick_int(int lo, int hi) const { return *rc::gen::inRange<int>(lo, hi + 1); }
  /// A fair coin as RapidCheck draws a bool (generators' detail::coin).
  bool coin() const { return *rc::gen::arbitrary<bool>(); }
  /// One of n listed values as rc::gen::element draws it (generators' detail::element_index).
  layoutref::spec::i64 element_index(layoutref::spec::i64 n) const {
    std::vector<layoutref::spec::i64> indices(static_cast<size_t>(n));
    for (layoutref::spec::i64 i = 0; i < n; ++i) indices[static_cast<size_t>(i)] = i;
    return *rc::gen::elementOf(indices);
  }
  /// A pick from an empty range fails the generation, which discards the case
  /// (generators' detail::pick_or_low).
  static constexpr bool empty_range_fails = true;
  /// f(source) as a generator of its own (RapidCheck keeps f and runs it again to shrink).
  template <class F>
  auto nested(F f) const {
    return *rc::gen::exec([f] {
      RcSource s;
      return f(s);
    });
  }
};
static_assert(layoutref::generators::Source<RcSource>);

/// The generator of `f(source)`: rc::gen::exec over an RcSource.
template <class F>
auto from_source(F f) {
  return rc::gen::exec([f] {
    RcSource s;
    return f(s);
  });
}

}  // namespace layoutref::rapidcheck
