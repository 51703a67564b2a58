// layoutref::spec — mode manipulation: layouts handled as tuples of (shape, stride) modes.
//
// Source: cute/layout.hpp ("Operations to manipulate Layouts like a tuple of pairs", "Append,
// Prepend, Replace", group), cute/tuple_algorithms.hpp (take, select, group, append, prepend,
// flatten, unflatten). Each operation rearranges the modes of the shape and of the stride in
// the same way; no stride is changed. The 1-D function changes only where the order of the
// modes changes (select, prepend); flatten, group and unflatten keep it.
//
// As in CuTe, an integral layout s:d has rank 1 and behaves like the rank-1 tuple (s):(d)
// wherever an operation builds a tuple: append(4:1, x) = (4, x):(1, dx), and
// Example: take(4:1, 0, 1) = (4):(1)
// Example: group(4:1, 0, 1) = ((4)):((1))
// Mode indices are 0-based; an index out of range throws bad_argument naming it (CuTe rejects
// these at compile time; CuTe's E = -1 for "to the end" is not accepted: pass rank(l)).
#pragma once

#include <layoutref/spec/layout.hpp>

#include <vector>

namespace layoutref::spec {

/// flatten(L): a layout of depth <= 1; an integral layout stays integral, a tuple layout
/// becomes the flat tuple of its leaf modes.
/// Example: flatten(((4)):((1))) = (4):(1)
/// Example: flatten((2,(3,4)):(1,(2,6))) = (2,3,4):(1,2,6)
/// @post depth(result) <= 1; leaves of shape and stride unchanged, in order; same function as L
Layout flatten(Layout const& l);

/// group(L, b, e): the modes [b, e) become one mode, a tuple of them (cute group<B,E>). An
/// empty range (b == e) leaves a tuple layout unchanged.
/// Example: group((2,3,4,5):(1,2,6,24), 1, 3) = (2,(3,4),5):(1,(2,6),24)
/// @pre 0 <= b <= e <= rank(L) (else bad_argument)
/// @post rank(result) == rank(L) - (e - b) + (b < e ? 1 : 0); same function as L
Layout group(Layout const& l, int b, int e);

/// take(L, b, e): the tuple of modes [b, e) (cute take<B,E>).
/// Example: take((2,3,4):(1,2,6), 1, 3) = (3,4):(2,6)
/// @pre 0 <= b < e <= rank(L) (else bad_argument; CuTe's layout take refuses an empty range)
/// @post rank(result) == e - b; get(result, {i}) == get(L, {b + i})
Layout take(Layout const& l, int b, int e);

/// select(L, {i0, i1, ...}): the tuple of modes i0, i1, ... in that order (cute select<I...>);
/// an index may repeat; no index gives the empty layout () : ().
/// Example: select((2,3,4):(1,2,6), 2, 0) = (4,2):(6,1)
/// @pre 0 <= ik < rank(L) (else bad_argument)
/// @post rank(result) == indices.size(); get(result, {k}) == get(L, {indices[k]})
Layout select(Layout const& l, std::vector<int> const& indices);

/// append(L, X): X becomes the last mode (cute append): (L0, ..., Lr-1, X); an integral L
/// gives (L, X).
/// @post rank(result) == rank(L) + 1
Layout append(Layout const& l, Layout const& x);

/// append(L, n, X): L padded with copies of X (by default the unit mode 1:0) up to rank n
/// (cute append<N>). n == rank(L) returns L unchanged (an integral L stays integral); an
/// integral L padded to n > 1 becomes the tuple (L, X, ...).
/// Example: append((2,3):(1,2), 3) = (2,3,_1):(1,2,_0)
/// @pre n >= rank(L) (else bad_argument)
/// @post rank(result) == n; with X = 1:0 the function is L's
Layout append(Layout const& l, int n, Layout const& x = Layout());

/// prepend(L, X): X becomes the first mode (cute prepend): (X, L0, ..., Lr-1); an integral L
/// gives (X, L).
/// @post rank(result) == rank(L) + 1
Layout prepend(Layout const& l, Layout const& x);

/// prepend(L, n, X): L preceded by copies of X (by default 1:0) up to rank n (cute prepend<N>).
/// Example: prepend((2,3):(1,2), 3) = (_1,2,3):(_0,1,2)
/// @pre n >= rank(L) (else bad_argument)
/// @post rank(result) == n
Layout prepend(Layout const& l, int n, Layout const& x = Layout());

/// unflatten(L, profile): the top-level modes of L, in order, replace the leaves of `profile`
/// (cute unflatten). Only the profile's nesting matters, not its values.
/// Example: unflatten((2,3,4):(1,2,6), (1,(1,1))) = (2,(3,4)):(1,(2,6))
/// @pre rank(L) == number of leaves of profile (else bad_argument); L flat (depth <= 1) for
///      the postcondition below (CuTe's @pre; a nested mode of L is moved as a whole)
/// @post for a flat L: congruent(result, profile) and flatten(result) == flatten(L)
Layout unflatten(Layout const& flat, IntTuple const& profile);

}  // namespace layoutref::spec
