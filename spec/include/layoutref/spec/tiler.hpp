// layoutref::spec — tilers: a layout, `_`, or a tuple of tilers (applied mode by mode).
//
// Source: CuTe docs 02_layout_algebra.md ("Composition Tilers"); the seed document
// "CuTe Tilers": the tiler <2:3, 3:2> applied to a (32,16) layout composes mode by mode.
// Example: composition((32,16):(1,32), <2:3, 3:2>) = (2,3):(3,64)
// An integer n used as a tiler (or inside a shape used as a tiler) means the layout n:1.
#pragma once

#include <layoutref/spec/layout.hpp>

#include <string>
#include <vector>

namespace layoutref::spec {

struct Tiler {
  enum class Kind { layout, underscore, tuple };
  Kind kind = Kind::underscore;
  Layout layout;              ///< kind == layout
  std::vector<Tiler> items;   ///< kind == tuple

  static Tiler of(Layout l);
  static Tiler underscore();
  static Tiler tuple(std::vector<Tiler> items);
  /// A shape used as a tiler: an integer n is the layout n:1, a tuple is by-mode.
  static Tiler shape(IntTuple const& s);
  int rank() const { return kind == Kind::tuple ? static_cast<int>(items.size()) : 1; }
  std::string str() const;
};

}  // namespace layoutref::spec
