// layoutref::spec — operations that apply a tiler mode by mode.
//
// Composition, the divides and the products all read a tiler the same way (CuTe docs
// 02_layout_algebra.md, "Composition Tilers"): a layout acts on the whole of A, `_` keeps A,
// and a tuple acts on A's modes one by one (a tuple longer than A's rank is inadmissible,
// condition "<op>.tiler_rank"). They differ in what a layout tiler does to one mode and in
// whether the modes of A past the tuple are kept (divides, products) or dropped (composition).
// The zipped, tiled and flat forms then rearrange the (tile, rest) pairs (CuTe zip2_by).
#pragma once

#include <layoutref/spec/reference.hpp>
#include <layoutref/spec/tiler.hpp>

#include <functional>
#include <string>

namespace layoutref::spec {

struct ByMode {
  std::string op;   ///< names the rank condition: op + ".tiler_rank"
  bool keep_rest;   ///< keep the modes of A past a tuple tiler (else drop them)
  std::function<Admissibility(Layout const& a, Layout const& tiler)> leaf_admissible;
  std::function<Reference(Layout const& a, Layout const& tiler)> leaf_reference;
};

/// Admissibility of op(A, T): yes for `_`, leaf_admissible for a layout, and mode by mode for a
/// tuple (the first failing mode is named in the witness; notes are prefixed with their mode).
Admissibility by_mode_admissible(ByMode const& op, Layout const& a, Tiler const& t);

/// The reference of op(A, T). With `pairs`, a `_` gives (the whole mode, a size-1 rest), the
/// pair the zipped forms need; otherwise the mode itself.
Reference by_mode_reference(ByMode const& op, Layout const& a, Tiler const& t, bool pairs);

/// How the (tile, rest) pairs of a divide or product are arranged.
enum class Arrangement { logical, zipped, tiled, flat };

/// The reference of the arranged result: logical keeps op's pattern; zipped gathers tiles and
/// rests ((tiles...),(rests..., untouched modes...)); tiled unpacks the rests, flat both.
/// A layout tiler gives a single (tile, rest) pair that zipped keeps as it is; unpacking a mode
/// that is a single leaf spreads it over a run of modes.
Reference arrange(ByMode const& op, Layout const& a, Tiler const& t, Arrangement how);

/// A size-1 mode (the rest of a `_`).
Reference trivial_reference();
/// CuTe's zip2_by on a pattern, guided by the tiler's profile.
Pattern zip2_by(Pattern const& p, Tiler const& t);
/// The pattern of a zipped result (two modes) unpacked: tiled keeps mode 0, flat unpacks both.
Pattern unpack(Pattern const& zipped, bool unpack_first);

}  // namespace layoutref::spec
