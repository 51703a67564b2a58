// layoutref::spec — conversion from and to the neutral notation term.
//
// The spec reads CuTe's notation through layoutref::notation and builds its own values.
// It does not track CuTe's static markers: `_4` and `4` are the same value here, and the
// spec prints integers without `_`.
#pragma once

#include <layoutref/notation/term.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/tiler.hpp>

namespace layoutref::spec {

/// An integer or a tuple of them. bad_argument (naming line and column) for anything else.
IntTuple to_int_tuple(notation::Term const& t);
/// A shape: an IntTuple whose entries are >= 1 (bad_argument naming the entry otherwise).
IntTuple to_shape(notation::Term const& t);
/// A single integer.
i64 to_integer(notation::Term const& t);
/// An integer, a scaled basis element or a sum of them.
Value to_value(notation::Term const& t);
/// A `shape:stride` term.
Layout to_layout(notation::Term const& t);
struct ComposedLayout;  // swizzle.hpp
/// Whether t is written as a swizzled layout `Sw<B,M,S> o offset o layout`.
bool is_composed(notation::Term const& t);
/// The swizzled layout t (swizzle.hpp's ComposedLayout). Throws Error (bad_argument) when t is not
/// one, its swizzle is invalid or its offset or layout are not an integer and a layout.
ComposedLayout to_composed(notation::Term const& t);
/// A tiler: a layout, `_`, an integer n (the layout n:1), or a tuple of tilers.
Tiler to_tiler(notation::Term const& t);
/// A coordinate whose leaves may be `_`.
SliceCoord to_slice_coord(notation::Term const& t);

notation::Term to_term(IntTuple const& t);
notation::Term to_term(Value const& v);
notation::Term to_term(Layout const& l);

/// "line L, column C" of a term, for messages.
std::string where(notation::Term const& t);

}  // namespace layoutref::spec
