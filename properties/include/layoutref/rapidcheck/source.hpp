// layoutref::rapidcheck — RapidCheck as a source of choices for layoutref::generators
// (generators/include/layoutref/generators/source.hpp): a pick is `*rc::gen::inRange`, a nested
// generator `*rc::gen::exec`, so RapidCheck shrinks each pick on its own, towards its low end.
// Call only inside rc::gen::exec (or a property).
#pragma once

#include <layoutref/generators/source.hpp>

#include <rapidcheck.h>

namespace layoutref::rapidcheck {

struct RcSource {
  layoutref::spec::i64 pick(layoutref::spec::i64 lo, layoutref::spec::i64 hi) const {
    return *rc::gen::inRange<layoutref::spec::i64>(lo, hi + 1);
  }
  int pick_int(int lo, int hi) const { return *rc::gen::inRange<int>(lo, hi + 1); }
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
