// layoutref::rapidcheck — RapidCheck generators for IntTuples and layouts of any nesting.
//
// The generators themselves are layoutref::generators' (generators/include/layoutref/generators/
// layouts.hpp: their bounds and distributions), run with RapidCheck as their source of choices
// (source.hpp): every value is built with rc::gen::exec from small ranged picks, so RapidCheck
// shrinks each pick on its own: extents towards 1, leaf counts towards 1, nesting depth towards
// 0, rare features (negative strides, stride 0, basis strides, static markers) towards off. A
// shrunk counterexample is therefore a small shape, with few modes, shallowly nested.
//
// Values are spec values (plain recursive values); spec::to_term gives CuTe notation, from
// which impl::to_layout builds impl values (impl/include/layoutref/impl/term.hpp).
#pragma once

#include <layoutref/generators/layouts.hpp>
#include <layoutref/rapidcheck/show.hpp>
#include <layoutref/rapidcheck/source.hpp>

#include <rapidcheck.h>

#include <vector>

namespace layoutref::rapidcheck {

namespace sp = layoutref::spec;
namespace gn = layoutref::generators;
using sp::i64;
using gn::Bounds;
using gn::StrideMix;

namespace detail {

/// A value in [lo, hi]; shrinks towards lo. Call only inside rc::gen::exec.
inline i64 pick(i64 lo, i64 hi) { return RcSource{}.pick(lo, hi); }
inline int pick_int(int lo, int hi) { return RcSource{}.pick_int(lo, hi); }
/// True with about `percent`% probability; shrinks towards false.
inline bool maybe(int percent) {
  RcSource s;
  return gn::detail::maybe(s, percent);
}
/// Shuffle (shrinks towards the identity permutation).
template <class T>
void shuffle(std::vector<T>& v) {
  RcSource s;
  gn::detail::shuffle(s, v);
}

}  // namespace detail

/// A shape: an IntTuple of extents >= 1 of any nesting within the bounds.
inline rc::Gen<sp::IntTuple> shape(Bounds b = {}) {
  return from_source([b](auto& s) { return gn::shape(s, b); });
}

/// A layout with integer strides: column-major, arbitrary, overlapping, 0 and (with
/// mix.negative) negative strides, any nesting within the bounds.
inline rc::Gen<sp::Layout> layout(Bounds b = {}, StrideMix mix = {}) {
  return from_source([b, mix](auto& s) { return gn::layout(s, b, mix); });
}

/// A layout with the given shape and general strides.
inline rc::Gen<sp::Layout> layout_of(sp::IntTuple const& sh, StrideMix mix = {}) {
  return from_source([sh, mix](auto& s) { return gn::layout_of(s, sh, mix); });
}

/// A layout whose strides are scaled basis elements (gn::scaled_basis_layout).
inline rc::Gen<sp::Layout> scaled_basis_layout(Bounds b = {}) {
  return from_source([b](auto& s) { return gn::scaled_basis_layout(s, b); });
}

/// make_identity_layout(shape), built without the spec's function (gn::identity_layout).
inline rc::Gen<sp::Layout> identity_layout(Bounds b = {}) {
  return from_source([b](auto& s) { return gn::identity_layout(s, b); });
}

/// An index in [0, n).
inline rc::Gen<i64> index_below(i64 n) { return rc::gen::inRange<i64>(0, std::max<i64>(n, 1)); }

/// A natural coordinate of shape s (congruent with s, each leaf in its extent).
inline rc::Gen<sp::IntTuple> coordinate(sp::IntTuple const& sh) {
  return from_source([sh](auto& s) { return gn::coordinate(s, sh); });
}

}  // namespace layoutref::rapidcheck
