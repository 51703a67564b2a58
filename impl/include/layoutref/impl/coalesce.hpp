// layoutref::impl — coalesce, filter_zeros, filter (CuTe layout.hpp; docs 02_layout_algebra.md).
//
// coalesce(L) flattens L and folds its modes from the back (CuTe's bw_coalesce): looking at
// each mode s:d and the front of the result so far,
//   s == 1                 => skip it
//   the front has size 1   => replace the front by s:d (only the last mode of L can be it)
//   s*d == stride of front => merge: the front becomes (s*front):d
//   otherwise              => prepend s:d
// The result is `_1:_0` when every mode has size 1, an integral layout when one mode is left,
// a flat tuple otherwise.
// @post size(result) == size(L), depth(result) <= 1, result(i) == L(i) for i < size(L).
//
// Meaning never depends on CuTe's static flag: impl merges and skips run-time modes too (CuTe
// does only for static ones; docs/divergences.md), and propagates the flags as CuTe does
// (s*front is static iff both are; `_1:_0` and filter_zeros' `_1` are static constants).
//
// coalesce_x(L) is the form composition extends: the same fold, except that a trailing size-1
// mode is kept (its stride runs on past the size, docs/semantics.md "Extension"), so that
// result(i) == L(i) for every i >= 0 when L is evaluated past its size along its last mode.
// (CuTe gives that kept mode the size _2; impl keeps its size, since composition never reads it.)
// Example: coalesce((_2,(_1,_6)):(_1,(_6,_2))) = _12:_1
// Example: filter((_2,(_1,_6)):(_0,(_7,_2))) = _6:_2
//
// Every function here takes a LayoutN<N> of any capacity N and returns one of the same N (a
// result never has more modes than its argument).
#pragma once

#include <layoutref/impl/layout.hpp>


namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail {

/// Whether s*d == e as strides, for the leaf x = s:d and e the stride of the leaf y (same value
/// and basis; a zero has no basis). No overflow: a product that does not fit is equal to nothing
/// representable.
LAYOUTREF_HD constexpr bool scaled_equals(LayoutLeaf const& x, LayoutLeaf const& y) {
  if (mul_overflows(x.shape_value(), x.stride_value())) return false;
  i64 v = x.shape_value() * x.stride_value();
  if (v != y.stride_value()) return false;
  return v == 0 || x.same_path(y);
}

/// A flat layout of the given modes: integral for one mode, a tuple otherwise. @pre 1 <= n <= N
template <int N = kMaxLeaves>
LAYOUTREF_HD constexpr LayoutN<N> flat_layout(LayoutLeaf const* modes, int n) {
  if (n == 1) return LayoutN<N>::of(modes[0]);
  LayoutN<N> r;
  r.node[0] = static_cast<std::int8_t>(n);
  r.nnodes = static_cast<std::uint8_t>(n + 1);
  r.nleaves = static_cast<std::uint8_t>(n);
  int m = n < N ? n : N;  // == n (@pre), stated for the compiler (GCC's -Wstringop-overflow)
  for (int k = 0; k < m; ++k) {
    r.node[k + 1] = LayoutN<N>::kLeaf;
    r.leaf[k] = modes[k];
  }
  return r;
}

/// CuTe's bw_coalesce over the flat modes leaves[0..count) into out[0..n), front first;
/// `keep_last`: coalesce_x (the last mode is never replaced or dropped). n == 0 stands for
/// `_1:_0` (every mode of size 1, or count == 0). Errors: capacity when more than `cap` modes are
/// left, overflow. @pre shapes >= 1, cap >= 1; out does not overlap leaves
LAYOUTREF_HD constexpr Error bw_coalesce_modes(LayoutLeaf const* leaves, int count, bool keep_last, LayoutLeaf* out, int cap,
                                               int& n) {
  n = 0;
  if (count == 0) return Error{};
  // The result's modes, front last (out[n-1] is the front), reversed at the end.
  out[n++] = leaves[count - 1];
  for (int i = count - 2; i >= 0; --i) {
    LayoutLeaf const& x = leaves[i];
    LayoutLeaf& front = out[n - 1];
    if (x.shape_value() == 1) continue;                      // skip a size-1 mode
    if (n == 1 && front.shape_value() == 1 && !keep_last) {  // replace the size-1 front
      front = x;
      continue;
    }
    if (scaled_equals(x, front)) {  // merge into the front: (s*front):d
      if (mul_overflows(x.shape_value(), front.shape_value())) return overflow_error("*", x.shape_value(), front.shape_value());
      front.shape_v *= x.shape_v;
      front.stride_v = x.stride_v;
      front.meta = (front.meta & x.meta & LayoutLeaf::kShapeStatic) | (x.meta & ~u64{LayoutLeaf::kShapeStatic});
      continue;
    }
    if (n == cap) return fail(Errc::capacity).add("a coalesced layout with more than ").add(cap).add(" modes");
    out[n++] = x;  // prepend
  }
  if (n == 1 && out[0].shape_value() == 1 && !keep_last) {
    n = 0;
    return Error{};
  }
  for (int k = 0; k < n / 2; ++k) {  // front first
    LayoutLeaf t = out[k];
    out[k] = out[n - 1 - k];
    out[n - 1 - k] = t;
  }
  return Error{};
}

/// The nodes of the flat layout whose n modes (bw_coalesce_modes' answer) are t's leaves[0, n):
/// a leaf for one mode, a flat tuple for several, `_1:_0` for none. @pre n <= N
template <int N>
LAYOUTREF_HD constexpr void set_flat_nodes(LayoutN<N>& t, int n) {
  if (n == 0) {
    t.leaf[0] = LayoutLeaf{Int::fixed(1), Stride::integer(Int::fixed(0))};
    n = 1;
  }
  if (n == 1) {
    t.node[0] = LayoutN<N>::kLeaf;
    t.nnodes = 1;
  } else {
    t.node[0] = static_cast<std::int8_t>(n);
    for (int k = 1; k <= n; ++k) t.node[k] = LayoutN<N>::kLeaf;
    t.nnodes = static_cast<std::uint8_t>(n + 1);
  }
  t.nleaves = static_cast<std::uint8_t>(n);
}

/// CuTe's bw_coalesce over the flat modes leaves[0..count) (bw_coalesce_modes) into the layout
/// t of capacity N: `_1:_0` for no mode left. Errors: bw_coalesce_modes'. @pre shapes >= 1;
/// leaves does not overlap t
template <int N>
LAYOUTREF_HD constexpr Error bw_coalesce_into(LayoutLeaf const* leaves, int count, bool keep_last, LayoutN<N>& t) {
  int n = 0;
  LAYOUTREF_CHECK(bw_coalesce_modes(leaves, count, keep_last, t.leaf, N, n));
  set_flat_nodes(t, n);
  return Error{};
}

/// CuTe's bw_coalesce over the flat modes leaves[0..count) as a layout of capacity N
/// (bw_coalesce_into, built in its Result). @pre shapes >= 1
template <int N = kMaxLeaves>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> bw_coalesce(LayoutLeaf const* leaves, int count,
                                                                          bool keep_last) {
  return Result<LayoutN<N>>::built([&](LayoutN<N>& v) { return bw_coalesce_into(leaves, count, keep_last, v); });
}

template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> bw_coalesce(LayoutN<N> const& l, bool keep_last) {
  return bw_coalesce<N>(l.leaf, l.nleaves, keep_last);
}

/// An open tuple of a profile in a pre-order walk of two trees (at_profile here; the tiler walks
/// compose_tiler, by_mode and zip2_by): it builds the result's tuple for the sub-layout of l at
/// node l_node, mode by mode, counted as TupleBuilder counts it (`rank`: at_profile's only).
/// Trivially default-constructible, so that a walk's array of levels is not cleared: a level is
/// set by open() when its tuple opens, before it is read.
struct ProfileLevel {
  std::int16_t items;   ///< the profile tuple's items (the modes op reaches)
  std::int16_t rank;    ///< the sub-layout's rank (the result tuple's items)
  std::int16_t i;       ///< the mode being built
  std::int16_t l_node;  ///< the node of l's sub-layout
  std::int16_t l_next;  ///< the node of its mode i
  std::int16_t nodes;   ///< the nodes and leaves of the result's tuple so far
  std::int16_t leaves;
  bool full;  ///< a mode did not fit; reported when the tuple ends (TupleBuilder::done)
  /// A tuple just opened: no items, its own node counted.
  LAYOUTREF_HD static constexpr ProfileLevel open() { return ProfileLevel{0, 0, 0, 0, 0, 1, 0, false}; }
};

/// Adds a finished mode of nodes:leaves to the open tuple `level` (TupleBuilder::push: past the
/// capacity N the tuple is full) and moves on to the next mode of its sub-layout of l.
template <int N>
LAYOUTREF_HD constexpr void push_mode(ProfileLevel& level, LayoutN<N> const& l, int nodes, int leaves) {
  if (!level.full) {
    if (level.nodes + nodes > LayoutN<N>::kNodes || level.leaves + leaves > LayoutN<N>::kLeaves) {
      level.full = true;
    } else {
      level.nodes = static_cast<std::int16_t>(level.nodes + nodes);
      level.leaves = static_cast<std::int16_t>(level.leaves + leaves);
    }
  }
  ++level.i;
  if (l.node[level.l_node] != LayoutN<N>::kLeaf) level.l_next = static_cast<std::int16_t>(l.end(level.l_next));
}

/// Appends nodes and leaves to out where they fit; `spilled` where they do not.
template <int N>
LAYOUTREF_HD constexpr void append_nodes(LayoutN<N>& out, std::int8_t const* node, int nnodes, LayoutLeaf const* leaf, int nleaves,
                                         bool& spilled) {
  if (spilled || out.nnodes + nnodes > LayoutN<N>::kNodes || out.nleaves + nleaves > LayoutN<N>::kLeaves) {
    spilled = true;
    return;
  }
  for (int k = 0; k < nnodes; ++k) out.node[out.nnodes++] = node[k];
  for (int k = 0; k < nleaves; ++k) out.leaf[out.nleaves++] = leaf[k];
}

/// op(mode_i(l), profile_i) for the modes the tuple profile reaches, the other modes kept, as
/// a tuple (CuTe's transform_layout); a leaf profile applies op to all of l. A walk of the
/// profile in pre-order (no recursion): each tuple of the profile opens a tuple of rank(sub-layout)
/// items in the result and steps through the modes of l's sub-layout (a leaf of l is its own
/// mode 0); each leaf appends op of its mode; a tuple's modes past the profile are appended
/// when its items are done. The answer, errors included, is that of building each tuple item by
/// item into a TupleBuilder: the first error of an item wins; a tuple past the capacity N is
/// reported when it ends.
template <int N, int P, class Op>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> at_profile(LayoutN<N> const& l, IntTupleN<P> const& profile,
                                                                             Op const& op) {
  using Out = LayoutN<N>;
  using Profile = IntTupleN<P>;
  if (profile.is_leaf()) return op(l);
  ProfileLevel levels[Profile::kNodes];  // the open tuples [0, top]: at most one a node
  int top = -1;
  Out out;
  bool spilled = false;  // out could not hold a mode: then some tuple is full as well
  for (int k = 0; k < profile.nnodes; ++k) {
    int ln = top < 0 ? 0 : levels[top].l_next;  // the node of l's sub-layout that node k reaches
    if (profile.node[k] != Profile::kLeaf) {
      int items = profile.node[k];
      int rank = l.node[ln] == Out::kLeaf ? 1 : l.node[ln];
      if (items > rank)
        return fail(Errc::inadmissible, Cond::coalesce_profile_rank)
            .add("the profile has ")
            .add(items)
            .add(" modes but the layout has ")
            .add(rank);
      ProfileLevel& level = levels[++top];
      level = ProfileLevel::open();
      level.items = static_cast<std::int16_t>(items);
      level.rank = static_cast<std::int16_t>(rank);
      level.l_node = static_cast<std::int16_t>(ln);
      level.l_next = static_cast<std::int16_t>(l.node[ln] == Out::kLeaf ? ln : ln + 1);
      std::int8_t tuple = static_cast<std::int8_t>(rank);
      append_nodes(out, &tuple, 1, static_cast<LayoutLeaf const*>(nullptr), 0, spilled);
      if (items > 0) continue;
    } else {
      auto r = op(l.subtree(ln));
      if (!r.ok()) return r.error;
      append_nodes(out, r.value.node, r.value.nnodes, r.value.leaf, r.value.nleaves, spilled);
      push_mode(levels[top], l, r.value.nnodes, r.value.nleaves);
    }
    // Close the tuples that node k finished, innermost first: their modes past the profile are
    // kept as they are.
    while (top >= 0 && levels[top].i == levels[top].items) {
      ProfileLevel& done = levels[top];
      while (done.i < done.rank) {
        int m = done.l_next, end = l.end(m), first = l.leaf_index(m);
        int nodes = end - m, leaves = l.leaf_index(end) - first;
        append_nodes(out, l.node + m, nodes, l.leaf + first, leaves, spilled);
        push_mode(done, l, nodes, leaves);
      }
      if (done.full)
        return fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
      int nodes = done.nodes, leaves = done.leaves;
      --top;
      if (top >= 0) push_mode(levels[top], l, nodes, leaves);
    }
  }
  if (spilled)  // unreachable: a tuple that spilled is full
    return fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
  return out;
}

}  // namespace detail

// coalesce and filter define their result by L's function on its domain (the spec tabulates it);
// the result has the size and values of that function (over the modes that count, for filter),
// so it is checked in place of L (representable_result), on the fewest modes.

/// CuTe's coalesce(L): the fewest modes it can fold, flat.
/// Errors: bad_argument (a size < 1); overflow (L's size or a value passes int64); capacity.
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> coalesce(LayoutN<N> const& l) {
  LAYOUTREF_CHECK(validate(l));
  return Result<LayoutN<N>>::built([&](LayoutN<N>& v) -> Error {
    LAYOUTREF_CHECK(detail::bw_coalesce_into(l.leaf, l.nleaves, false, v));
    return check_representable_inline(v, "the layout's");
  });
}

/// By-mode coalesce: mode i of L is coalesced against profile_i (a leaf of the profile means
/// "coalesce this sub-layout"; its value does not matter), modes past the profile are kept.
/// Errors: coalesce.profile_rank when a tuple of the profile has more modes than its layout;
/// overflow (L's size or a value passes int64: the result keeps L's function).
template <int N, int P>
LAYOUTREF_HD constexpr Result<LayoutN<N>> coalesce(LayoutN<N> const& l, IntTupleN<P> const& profile) {
  LAYOUTREF_CHECK(validate(l));
  return representable_result(
      [&] { return detail::at_profile(l, profile, [](LayoutN<N> const& x) { return detail::bw_coalesce(x, false); }); },
      "the layout's");
}

/// coalesce, keeping a trailing size-1 mode: the function of L is kept past its size too.
/// @post result(i) == L(i) for every i >= 0 (both evaluated past their sizes along the last mode)
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> coalesce_x(LayoutN<N> const& l) {
  LAYOUTREF_CHECK(validate(l));
  return detail::bw_coalesce(l, true);
}

/// coalesce_x applied at the leaves of a profile, modes past it kept.
template <int N, int P>
LAYOUTREF_HD constexpr Result<LayoutN<N>> coalesce_x(LayoutN<N> const& l, IntTupleN<P> const& profile) {
  LAYOUTREF_CHECK(validate(l));
  return detail::at_profile(l, profile, [](LayoutN<N> const& x) { return detail::bw_coalesce(x, true); });
}

/// Every mode of stride 0 gets the static size _1 (CuTe does it for static zeros only).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> filter_zeros(LayoutN<N> const& l) {
  LAYOUTREF_CHECK(validate(l));
  LayoutN<N> r = l;
  for (int k = 0; k < r.nleaves; ++k)
    if (r.leaf[k].stride_value() == 0) r.leaf[k].set_shape(Int::fixed(1));
  return r;
}

/// coalesce(filter_zeros(L)): the modes of non-zero stride and size > 1, coalesced; `_1:_0` if
/// there are none.
/// Errors: bad_argument (a size < 1); overflow (the size or a value of the function over those
/// modes passes int64); capacity.
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> filter(LayoutN<N> const& l) {
  LAYOUTREF_TRY(LayoutN<N> z, filter_zeros(l));
  return Result<LayoutN<N>>::built([&](LayoutN<N>& v) -> Error {
    LAYOUTREF_CHECK(detail::bw_coalesce_into(z.leaf, z.nleaves, false, v));
    return check_representable_inline(v, "the layout's");
  });
}

/// filter applied at the leaves of a profile, modes past it kept.
/// Errors: filter's, and overflow where the result's size or values pass int64.
template <int N, int P>
LAYOUTREF_HD constexpr Result<LayoutN<N>> filter(LayoutN<N> const& l, IntTupleN<P> const& profile) {
  LAYOUTREF_CHECK(validate(l));
  return representable_result([&] { return detail::at_profile(l, profile, [](LayoutN<N> const& x) { return filter(x); }); },
                              "the layout's");
}

}  // namespace layoutref::impl
