// layoutref::impl — conversion from and to CuTe's notation (host only).
//
// impl values keep CuTe's static flags, so printing an impl result gives CuTe's text with its
// `_` markers.
#pragma once

#include <layoutref/impl/tiler.hpp>
#include <layoutref/notation/term.hpp>

#include <string>
#include <string_view>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

Result<Int> to_int(notation::Term const& t);
Result<IntTuple> to_int_tuple(notation::Term const& t);
/// A shape: an IntTuple whose entries are >= 1 (bad_argument naming the entry otherwise).
Result<IntTuple> to_shape(notation::Term const& t);
Result<Stride> to_stride(notation::Term const& t);
Result<Layout> to_layout(notation::Term const& t);
struct ComposedLayout;  // swizzle.hpp
/// The swizzled layout `Sw<B,M,S> o offset o layout` t (swizzle.hpp's ComposedLayout, validated);
/// bad_argument when t is not one.
Result<ComposedLayout> to_composed(notation::Term const& t);
/// A tiler as composition reads it: an integer n is the layout n:_1.
Result<Tiler> to_tiler(notation::Term const& t);
/// A tiler as the divides and products read it: an integer n is CuTe's make_layout(n), which is
/// `_1:_0` for a static 1 (to_tiler reads it as n:_1); layouts, `_` and tuples as to_tiler.
Result<Tiler> to_tiling_tiler(notation::Term const& t);

notation::Term to_term(Int i);
notation::Term to_term(IntTuple const& t);
notation::Term to_term(Stride const& s);
notation::Term to_term(Layout const& l);
/// A value: an integer, or the nested tuple of its coordinates (CuTe prints ArithmeticTuple
/// values as tuples).
notation::Term to_term(Value const& v);

/// CuTe's printed text: `(_4,_8):(_1,_4)`.
std::string str(IntTuple const& t);
std::string str(Layout const& l);
std::string str(Value const& v);
/// The witness text of e, formatted from its pieces (a cut witness ends in "..."; the text
/// fragments of an error raised in device code are shown as "?").
std::string message(Error const& e);
/// "condition: text" or the text.
std::string str(Error const& e);
/// A copy of s with static storage duration, for an Error's text fragment built at run time
/// (at most 4,096 distinct texts of at most 256 characters are kept, a longer s is cut there;
/// past 4,096, "(a text)" is returned).
char const* intern(std::string_view s);

}  // namespace layoutref::impl
