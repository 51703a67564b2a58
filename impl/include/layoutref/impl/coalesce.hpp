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

/// Large algebra functions stay out of line in device code: inlining them into every caller
/// multiplies a kernel's stack frame and ptxas' time. (Host code is left to the compiler.)
#ifndef LAYOUTREF_DEVICE_NOINLINE
#if defined(__CUDA_ARCH__)
#define LAYOUTREF_DEVICE_NOINLINE __noinline__
#else
#define LAYOUTREF_DEVICE_NOINLINE
#endif
#endif

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail {

/// Whether s*d == e as strides (same value and basis; a zero has no basis). No overflow: a
/// product that does not fit is equal to nothing representable.
LAYOUTREF_HD constexpr bool scaled_equals(Int s, Stride const& d, Stride const& e) {
  if (mul_overflows(s.value, d.value)) return false;
  i64 v = s.value * d.value;
  if (v != e.value) return false;
  return v == 0 || d.path == e.path;
}

/// A flat layout of the given modes: integral for one mode, a tuple otherwise. @pre 1 <= n <= N
template <int N = kMaxLeaves>
LAYOUTREF_HD constexpr LayoutN<N> flat_layout(LayoutLeaf const* modes, int n) {
  if (n == 1) return LayoutN<N>::of(modes[0]);
  LayoutN<N> r;
  r.node[0] = static_cast<std::int8_t>(n);
  r.nnodes = static_cast<std::uint8_t>(n + 1);
  r.nleaves = static_cast<std::uint8_t>(n);
  for (int k = 0; k < n; ++k) {
    r.node[k + 1] = LayoutN<N>::kLeaf;
    r.leaf[k] = modes[k];
  }
  return r;
}

/// CuTe's bw_coalesce over the flat modes leaves[0..count); `keep_last`: coalesce_x (the last
/// mode is never replaced or dropped), into a layout of capacity N; capacity when more than N
/// modes are left. @pre shapes >= 1
template <int N = kMaxLeaves>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> bw_coalesce(LayoutLeaf const* leaves, int count,
                                                                          bool keep_last) {
  if (count == 0) return make_leaf<N>(Int::fixed(1), Stride::integer(Int::fixed(0)));
  // The result's modes, front last (stack[n-1] is the front).
  LayoutLeaf stack[N] = {};
  int n = 0;
  stack[n++] = leaves[count - 1];
  for (int i = count - 2; i >= 0; --i) {
    LayoutLeaf const& x = leaves[i];
    LayoutLeaf& front = stack[n - 1];
    if (x.shape.value == 1) continue;                      // skip a size-1 mode
    if (n == 1 && front.shape.value == 1 && !keep_last) {  // replace the size-1 front
      front = x;
      continue;
    }
    if (scaled_equals(x.shape, x.stride, front.stride)) {  // merge into the front
      LAYOUTREF_TRY(Int merged, mul(x.shape, front.shape));
      front = LayoutLeaf{merged, x.stride};
      continue;
    }
    if (n == N) return fail(Errc::capacity).add("a coalesced layout with more than ").add(N).add(" modes");
    stack[n++] = x;  // prepend
  }
  if (n == 1 && stack[0].shape.value == 1 && !keep_last) return make_leaf<N>(Int::fixed(1), Stride::integer(Int::fixed(0)));
  for (int k = 0; k < n / 2; ++k) {  // front first
    LayoutLeaf t = stack[k];
    stack[k] = stack[n - 1 - k];
    stack[n - 1 - k] = t;
  }
  return flat_layout<N>(stack, n);
}

template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> bw_coalesce(LayoutN<N> const& l, bool keep_last) {
  return bw_coalesce<N>(l.leaf, l.nleaves, keep_last);
}

/// op(mode_i(l), profile_i) for the modes the tuple profile reaches, the other modes kept, as
/// a tuple (CuTe's transform_layout); a leaf profile applies op to all of l. The recursion
/// follows the profile's depth.
template <int N, int P, class Op>
LAYOUTREF_HD constexpr Result<LayoutN<N>> at_profile(LayoutN<N> const& l, IntTupleN<P> const& profile, int pnode,
                                                     Op const& op) {
  if (profile.node[pnode] == IntTupleN<P>::kLeaf) return op(l);
  int items = profile.node[pnode];
  if (items > l.rank())
    return fail(Errc::inadmissible, Cond::coalesce_profile_rank)
        .add("the profile has ")
        .add(items)
        .add(" modes but the layout has ")
        .add(l.rank());
  TupleBuilder<LayoutLeaf, N> b;
  for (int i = 0; i < l.rank(); ++i) {
    LAYOUTREF_TRY(LayoutN<N> m, l.mode(i));
    if (i < items) {
      LAYOUTREF_TRY(LayoutN<N> r, at_profile(m, profile, profile.child(pnode, i), op));
      b.push(r);
    } else {
      b.push(m);
    }
  }
  return b.done();
}

}  // namespace detail

/// CuTe's coalesce(L): the fewest modes it can fold, flat.
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> coalesce(LayoutN<N> const& l) {
  LAYOUTREF_CHECK(validate(l));
  return detail::bw_coalesce(l, false);
}

/// By-mode coalesce: mode i of L is coalesced against profile_i (a leaf of the profile means
/// "coalesce this sub-layout"; its value does not matter), modes past the profile are kept.
/// Errors: coalesce.profile_rank when a tuple of the profile has more modes than its layout.
template <int N, int P>
LAYOUTREF_HD constexpr Result<LayoutN<N>> coalesce(LayoutN<N> const& l, IntTupleN<P> const& profile) {
  LAYOUTREF_CHECK(validate(l));
  return detail::at_profile(l, profile, 0, [](LayoutN<N> const& x) { return detail::bw_coalesce(x, false); });
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
  return detail::at_profile(l, profile, 0, [](LayoutN<N> const& x) { return detail::bw_coalesce(x, true); });
}

/// Every mode of stride 0 gets the static size _1 (CuTe does it for static zeros only).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> filter_zeros(LayoutN<N> const& l) {
  LAYOUTREF_CHECK(validate(l));
  LayoutN<N> r = l;
  for (int k = 0; k < r.nleaves; ++k)
    if (r.leaf[k].stride.value == 0) r.leaf[k].shape = Int::fixed(1);
  return r;
}

/// coalesce(filter_zeros(L)): the modes of non-zero stride and size > 1, coalesced; `_1:_0` if
/// there are none.
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> filter(LayoutN<N> const& l) {
  LAYOUTREF_TRY(LayoutN<N> z, filter_zeros(l));
  return detail::bw_coalesce(z, false);
}

/// filter applied at the leaves of a profile, modes past it kept.
template <int N, int P>
LAYOUTREF_HD constexpr Result<LayoutN<N>> filter(LayoutN<N> const& l, IntTupleN<P> const& profile) {
  LAYOUTREF_CHECK(validate(l));
  return detail::at_profile(l, profile, 0, [](LayoutN<N> const& x) { return filter(x); });
}

}  // namespace layoutref::impl
