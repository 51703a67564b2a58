// layoutref::impl — mode manipulation: a layout handled as a tuple of (shape, stride) modes.
//
// Source: cute/layout.hpp ("Operations to manipulate Layouts like a tuple of pairs", append,
// prepend, group, make_layout of layouts) and cute/tuple_algorithms.hpp (take, select, flatten,
// unflatten). Each operation moves whole modes, never changes a stride; the static flags travel
// with the leaves. As in CuTe (and the spec, spec/src/modes.cpp), an integral layout s:d has rank
// 1 and is its own single mode wherever a tuple is built: append(4:1, x) = (4, x):(1, dx), and
// Example: take(4:1, 0, 1) = (4):(1)
// Example: group(4:1, 0, 1) = ((4)):((1))
//
// Mode indices are 0-based; a range or index outside the layout is Errc::bad_argument (CuTe
// rejects these at compile time); more leaves or nodes than the capacity is Errc::capacity.
#pragma once

#include <layoutref/impl/layout.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_modes {

LAYOUTREF_HD constexpr Error bad_range(char const* op, int b, int e, int r) {
  return fail(Errc::bad_argument)
      .add(op)
      .add(": the mode range [")
      .add(b)
      .add(",")
      .add(e)
      .add(") is not within the ")
      .add(r)
      .add(" modes of the layout");
}

/// Push modes [b, e) of l (an integral layout is its own mode 0).
template <int N, int M>
LAYOUTREF_HD constexpr void push_modes(TupleBuilder<LayoutLeaf, N>& out, LayoutN<M> const& l, int b, int e) {
  if (l.is_leaf()) {
    if (b == 0 && e >= 1) out.push(l);
    return;
  }
  int c = l.child(0, 0);
  for (int i = 0; i < e; ++i) {
    if (i >= b) out.push(l.subtree(c));
    c = l.end(c);
  }
}

/// The unit mode `_1:_0` (CuTe's default padding).
template <int N = kMaxLeaves>
LAYOUTREF_HD constexpr LayoutN<N> unit_mode() { return make_leaf<N>(Int::fixed(1), Stride::integer(Int::fixed(0))); }

}  // namespace detail_modes

/// flatten(L): a leaf layout stays a leaf; a tuple layout becomes the flat tuple of its leaf
/// modes. It cannot fail (the result has fewer nodes than L), so it returns the layout itself,
/// like tree.hpp's flatten.
/// Example: flatten(((4)):((1))) = (4):(1)
/// Example: flatten((2,(3,4)):(1,(2,6))) = (2,3,4):(1,2,6)
template <int N>
LAYOUTREF_HD constexpr LayoutN<N> flatten(LayoutN<N> const& l) { return flatten<LayoutLeaf, N>(l); }

/// group(L, b, e): the modes [b, e) become one mode, the tuple of them (CuTe group<B,E>);
/// b == e leaves the modes as they are (an integral layout becomes the rank-1 tuple (L)).
/// Errors: bad_argument unless 0 <= b <= e <= rank(L).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> group(LayoutN<N> const& l, int b, int e) {
  int r = l.rank();
  if (b < 0 || b > e || e > r) return detail_modes::bad_range("group", b, e, r);
  TupleBuilder<LayoutLeaf, N> out;
  detail_modes::push_modes(out, l, 0, b);
  if (b < e) {
    TupleBuilder<LayoutLeaf, N> inner;
    detail_modes::push_modes(inner, l, b, e);
    LAYOUTREF_TRY(LayoutN<N> g, inner.done());
    out.push(g);
  }
  detail_modes::push_modes(out, l, e, r);
  return out.done();
}

/// take(L, b, e): the tuple of the modes [b, e) (CuTe take<B,E>).
/// Errors: bad_argument unless 0 <= b < e <= rank(L).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> take(LayoutN<N> const& l, int b, int e) {
  int r = l.rank();
  if (b < 0 || b >= e || e > r) return detail_modes::bad_range("take", b, e, r);
  TupleBuilder<LayoutLeaf, N> out;
  detail_modes::push_modes(out, l, b, e);
  return out.done();
}

/// select(L, {i0, i1, ...}): the tuple of the modes i0, i1, ... in that order (CuTe
/// select<I...>); an index may repeat; n == 0 gives the empty layout () : ().
/// Errors: bad_argument for an index outside [0, rank(L)).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> select(LayoutN<N> const& l, int const* indices, int n) {
  TupleBuilder<LayoutLeaf, N> out;
  for (int k = 0; k < n; ++k) {
    int i = indices[k];
    if (i < 0 || i >= l.rank())
      return fail(Errc::bad_argument).add("select: mode ").add(i).add(" is not among the ").add(l.rank()).add(" modes");
    detail_modes::push_modes(out, l, i, i + 1);
  }
  return out.done();
}
template <int N, int K>
LAYOUTREF_HD constexpr Result<LayoutN<N>> select(LayoutN<N> const& l, int const (&indices)[K]) {
  return select(l, indices, K);
}

/// append(L, X): X becomes the last mode: (L0, ..., Lr-1, X); an integral L gives (L, X).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> append(LayoutN<N> const& l, LayoutN<N> const& x) {
  TupleBuilder<LayoutLeaf, N> out;
  detail_modes::push_modes(out, l, 0, l.rank());
  out.push(x);
  return out.done();
}

/// append(L, n, X): L padded with copies of X (CuTe's default `_1:_0`) up to rank n (CuTe
/// append<N>); n == rank(L) returns L unchanged (an integral L stays integral).
/// Errors: bad_argument if n < rank(L).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> append(LayoutN<N> const& l, int n, LayoutN<N> const& x = detail_modes::unit_mode<N>()) {
  if (n < l.rank()) return fail(Errc::bad_argument).add("append: cannot pad a layout of rank ").add(l.rank()).add(" to rank ").add(n);
  if (n == l.rank()) return l;
  TupleBuilder<LayoutLeaf, N> out;
  detail_modes::push_modes(out, l, 0, l.rank());
  for (int k = l.rank(); k < n; ++k) out.push(x);
  return out.done();
}

/// prepend(L, X): X becomes the first mode: (X, L0, ..., Lr-1); an integral L gives (X, L).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> prepend(LayoutN<N> const& l, LayoutN<N> const& x) {
  TupleBuilder<LayoutLeaf, N> out;
  out.push(x);
  detail_modes::push_modes(out, l, 0, l.rank());
  return out.done();
}

/// prepend(L, n, X): L preceded by copies of X (default `_1:_0`) up to rank n (CuTe prepend<N>);
/// n == rank(L) returns L unchanged. Errors: bad_argument if n < rank(L).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> prepend(LayoutN<N> const& l, int n, LayoutN<N> const& x = detail_modes::unit_mode<N>()) {
  if (n < l.rank()) return fail(Errc::bad_argument).add("prepend: cannot pad a layout of rank ").add(l.rank()).add(" to rank ").add(n);
  if (n == l.rank()) return l;
  TupleBuilder<LayoutLeaf, N> out;
  for (int k = l.rank(); k < n; ++k) out.push(x);
  detail_modes::push_modes(out, l, 0, l.rank());
  return out.done();
}

namespace detail_modes {

/// `profile` with its leaves replaced, in order, by the top-level modes of flat.
/// @pre rank(flat) == profile.nleaves
/// @post the result's nodes are profile's in pre-order, each leaf replaced by the nodes of its
///   mode; more than kMaxNodes of them is capacity (the error of TupleBuilder::push).
/// No recursion: profile's nodes are copied in pre-order; `cursor` is the node in flat of the
/// next mode (flat is a tuple when profile is).
template <int N, int M>
LAYOUTREF_HD constexpr Result<LayoutN<N>> unflatten_at(LayoutN<N> const& flat, IntTupleN<M> const& profile) {
  if (profile.is_leaf()) return flat.is_leaf() ? flat : flat.subtree(flat.child(0, 0));
  LayoutN<N> out;
  int cursor = flat.is_leaf() ? 0 : flat.child(0, 0);
  for (int k = 0; k < profile.nnodes; ++k) {
    int from = k, to = k + 1;  // a tuple node of profile, copied alone
    LayoutN<N> const* src = nullptr;
    if (profile.node[k] == IntTupleN<M>::kLeaf) {
      src = &flat;
      from = flat.is_leaf() ? 0 : cursor;
      to = flat.end(from);
      cursor = to;
    }
    if (out.nnodes + (to - from) > LayoutN<N>::kNodes)
      return fail(Errc::capacity).add("more than ").add(N).add(" leaves or ").add(LayoutN<N>::kNodes).add(" nodes");
    if (src == nullptr) {
      out.node[out.nnodes++] = profile.node[k];
      continue;
    }
    for (int j = from, first = flat.leaf_index(from); j < to; ++j) {
      out.node[out.nnodes++] = flat.node[j];
      if (flat.node[j] == LayoutN<N>::kLeaf) out.leaf[out.nleaves++] = flat.leaf[first++];
    }
  }
  return out;
}

}  // namespace detail_modes

/// unflatten(L, profile): the top-level modes of L, in order, replace the leaves of `profile`
/// (CuTe unflatten; only the profile's nesting matters). A leaf profile returns mode 0.
/// Example: unflatten((2,3,4):(1,2,6), (1,(1,1))) = (2,(3,4)):(1,(2,6))
/// Errors: bad_argument unless rank(L) == the number of leaves of profile.
template <int N, int M>
LAYOUTREF_HD constexpr Result<LayoutN<N>> unflatten(LayoutN<N> const& flat, IntTupleN<M> const& profile) {
  if (flat.rank() != profile.nleaves)
    return fail(Errc::bad_argument)
        .add("unflatten: the layout has ")
        .add(flat.rank())
        .add(" modes but the profile has ")
        .add(static_cast<int>(profile.nleaves))
        .add(" leaves");
  return detail_modes::unflatten_at(flat, profile);
}

/// make_layout(L0, L1, ...): the concatenation, whose mode i is parts[i] (CuTe's make_layout of
/// layouts); one part gives the rank-1 tuple (L0), none the empty layout () : ().
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> make_layout(LayoutN<N> const* parts, int n) {
  TupleBuilder<LayoutLeaf, N> out;
  for (int k = 0; k < n; ++k) out.push(parts[k]);
  return out.done();
}
namespace detail_modes {
/// Appends part as the next item of the tuple being built in r (TupleBuilder::push, the same
/// capacity error), in place.
/// Appends the subtree of part at node k (the whole part for k == 0) as the next item of the
/// tuple being built in r (TupleBuilder::push, the same capacity error), in place.
template <int N>
LAYOUTREF_HD constexpr void push_part(Result<LayoutN<N>>& r, LayoutN<N> const& part, int k = 0) {
  LayoutN<N>& t = r.value;
  if (!r.ok()) return;
  int e = k == 0 ? part.nnodes : part.end(k), first = k == 0 ? 0 : part.leaf_index(k);
  int nodes = e - k, leaves = (k == 0 ? part.nleaves : part.leaf_index(e)) - first;
  if (t.nnodes + nodes > LayoutN<N>::kNodes || t.nleaves + leaves > LayoutN<N>::kLeaves || t.node[0] == 127) {
    r.error = fail(Errc::capacity).add("more than ").add(LayoutN<N>::kLeaves).add(" leaves or ").add(LayoutN<N>::kNodes).add(" nodes");
    return;
  }
  for (int j = 0; j < nodes; ++j) t.node[t.nnodes + j] = part.node[k + j];
  for (int j = 0; j < leaves; ++j) t.leaf[t.nleaves + j] = part.leaf[first + j];
  t.nnodes = static_cast<std::uint8_t>(t.nnodes + nodes);
  t.nleaves = static_cast<std::uint8_t>(t.nleaves + leaves);
  ++t.node[0];
}
/// An empty tuple to push parts into.
template <int N>
LAYOUTREF_HD constexpr void start_tuple(Result<LayoutN<N>>& r) {
  r.value.node[0] = 0;
  r.value.nnodes = 1;
  r.value.nleaves = 0;
}
}  // namespace detail_modes

/// make_layout(L0, L1, ...) of parts given one by one: the same as make_layout(parts, n), built
/// in its result (no copies of the parts). Out of line in device code: inlined into thrfrg
/// (mma.hpp), nvcc 13 (sm_90, -O3) built a wrong `values` tuple there, which the GPU tensor
/// suite caught (docs/gpu.md, "`make_layout` of parts out of line in device code"); called out of
/// line it is right.
template <int N, class... Ls>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> make_layout(LayoutN<N> const& first, Ls const&... rest) {
  LayoutN<N> const* parts[1 + sizeof...(Ls)] = {&first, &rest...};
  Result<LayoutN<N>> r;
  detail_modes::start_tuple(r);
  for (LayoutN<N> const* part : parts) detail_modes::push_part(r, *part);
  return r;
}

}  // namespace layoutref::impl
