// layoutref::impl — logical_divide, zipped_divide, tiled_divide, flat_divide (CuTe layout.hpp;
// docs 02_layout_algebra.md "Division"; docs/semantics.md "Divides and products").
//
// Structure, as CuTe computes it:
//  - logical_divide(A, B) for a layout B: A ∘ (B, complement(B, shape(coalesce(A)))). The
//    cotarget is the coalesced shape of A, a tuple that the complement divides mode by mode
//    with ceil_div (CuTe's exact form; the rest is rounded up where B's span does not divide it).
//  - a tiler applies by mode: a tuple divides mode i of A by item i and keeps the modes past the
//    tuple; `_` keeps the mode; an integer n is the layout n:_1 (to_tiler builds it).
//  - zipped_divide: the by-mode result rearranged by CuTe's zip2_by guided by the tiler:
//    ((tile_0, tile_1, ...), (rest_0, rest_1, ..., untouched modes...)); a layout tiler gives the
//    (tile, rest) pair itself.
//  - tiled_divide: result(_, repeat<R1>(_)) and flat_divide: result(repeat<R0>(_), repeat<R1>(_)),
//    with CuTe's slicing (cute/underscore.hpp slice / lift_slice): a mode of rank >= 2 is spliced
//    into its items, a mode of rank 1 — a leaf or a rank-1 tuple `(x)` — is kept as it is, so
//    CuTe's rank-1 wrappers stay.
// Example: flat_divide((_8,_2):(_2,_1), (_4:_1)) = ((_4),_2,_2):((_2),_8,_1)
//
// Where impl differs from CuTe (the spec's meaning, docs/divergences.md):
//  - `_` inside a zipped/tiled/flat tiler: the whole mode is the tile and the rest is `_1:_0`
//    (what `_` means in logical_divide). CuTe keeps the mode unchanged and zip2_by then splits it
//    as if it were a (tile, rest) pair (quirks.tsv).
//  - inadmissible compositions and complements are refused with the spec's condition (CuTe's
//    weak static checks accept some and return wrong layouts, quirks.tsv).
//
// Errors: divide.tiler_rank (a tuple tiler with more modes than its mode of A), the
// complement's conditions (complement.stride_divisibility, .negative_stride, .integer_strides:
// the tiler is not complementable), the composition's (composition.left_divisibility, ...);
// the witness names the mode and the step. Capacity and overflow as everywhere.
#pragma once

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/complement.hpp>
#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/modes.hpp>
#include <layoutref/impl/tiler.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

/// How the (tile, rest) pairs of a by-mode divide (or the (block, product) pairs of a product)
/// are arranged.
enum class Arrangement : std::uint8_t { logical, zipped, tiled, flat };

namespace detail_tile {

/// The error e with `prefix` put before its witness (same code and condition).
LAYOUTREF_HD constexpr Error prefixed(Error const& e, char const* prefix) {
  if (e.code != Errc::inadmissible) return e;
  Error r = fail(e.code, e.condition);
  r.add(prefix).append(e);
  return r;
}
LAYOUTREF_HD constexpr Error prefixed_mode(Error const& e, int mode) {
  if (e.code != Errc::inadmissible) return e;
  Error r = fail(e.code, e.condition);
  r.add("mode ").add(mode).add(": ").append(e);
  return r;
}

/// op(A, T) by mode (CuTe's logical_divide / logical_product on a tiler): a layout tiler gives
/// leaf(A, T); `_` keeps A, or with `pairs` gives (A, `_1:_0`), the pair that the zipped forms
/// need; a tuple applies item i to mode i of A and keeps the modes of A past it (CuTe's
/// transform_layout). The recursion follows the tiler's depth.
template <int N, class Leaf>
LAYOUTREF_HD constexpr Result<LayoutN<N>> by_mode(LayoutN<N> const& a, TilerN<N> const& t, int node, bool pairs, Cond rank_cond,
                                              Leaf const& leaf) {
  if (t.profile.node[node] == Tree<std::int8_t>::kLeaf) {
    std::int8_t idx = t.profile.leaf[t.profile.leaf_index(node)];
    if (idx == TilerN<N>::kUnderscore) {
      if (!pairs) return a;
      return make_layout(a, detail_modes::unit_mode<N>());
    }
    return leaf(a, t.layouts[idx]);
  }
  int items = t.profile.node[node];
  if (items > a.rank())
    return fail(Errc::inadmissible, rank_cond).add("the tiler has ").add(items).add(" modes but A has ").add(a.rank());
  TupleBuilder<LayoutLeaf, N> b;
  for (int i = 0; i < a.rank(); ++i) {
    LAYOUTREF_TRY(LayoutN<N> m, a.mode(i));
    if (i < items) {
      auto r = by_mode(m, t, t.profile.child(node, i), pairs, rank_cond, leaf);
      if (!r.ok()) return prefixed_mode(r.error, i);
      b.push(r.value);
    } else {
      b.push(m);
    }
  }
  return b.done();
}

/// The two halves of a zip2_by.
template <int N>
struct Split {
  LayoutN<N> first{};
  LayoutN<N> second{};
};

/// CuTe's zip2_by(p, guide): at a terminal of the guide, p is a (tile, rest) pair and is split
/// into its two modes; at a tuple of the guide, the items' splits are gathered into
/// ((firsts...), (seconds..., the modes of p past the guide...)).
template <int N>
LAYOUTREF_HD constexpr Result<Split<N>> zip2_by(LayoutN<N> const& p, TilerN<N> const& t, int node) {
  if (t.profile.node[node] == Tree<std::int8_t>::kLeaf) {
    if (p.is_leaf() || p.rank() != 2)
      return fail(Errc::bad_argument).add("zip2_by: a tiled mode of rank ").add(p.rank()).add(" is not a (tile, rest) pair");
    Split<N> s;
    LAYOUTREF_TRY(s.first, p.mode(0));
    LAYOUTREF_TRY(s.second, p.mode(1));
    return s;
  }
  int items = t.profile.node[node];
  if (p.is_leaf() || p.rank() < items)
    return fail(Errc::bad_argument).add("zip2_by: a mode of rank ").add(p.rank()).add(" against a tiler of ").add(items).add(" modes");
  TupleBuilder<LayoutLeaf, N> firsts, seconds;
  for (int i = 0; i < items; ++i) {
    LAYOUTREF_TRY(LayoutN<N> m, p.mode(i));
    LAYOUTREF_TRY(Split<N> s, zip2_by(m, t, t.profile.child(node, i)));
    firsts.push(s.first);
    seconds.push(s.second);
  }
  for (int i = items; i < p.rank(); ++i) {
    LAYOUTREF_TRY(LayoutN<N> m, p.mode(i));
    seconds.push(m);
  }
  Split<N> s;
  LAYOUTREF_TRY(s.first, firsts.done());
  LAYOUTREF_TRY(s.second, seconds.done());
  return s;
}

/// Push the mode m sliced by repeat<rank(m)>(_) (CuTe's lift_slice): a mode of rank 1 (a leaf or
/// a rank-1 tuple) is pushed whole, a tuple of rank >= 2 item by item.
template <int N>
LAYOUTREF_HD constexpr void push_unpacked(TupleBuilder<LayoutLeaf, N>& out, LayoutN<N> const& m) {
  if (m.rank() == 1)
    out.push(m);
  else
    out.push_items(m);
}

/// The by-mode result `p` (computed with pairs for every form but logical) arranged.
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> arrange(LayoutN<N> const& p, TilerN<N> const& t, Arrangement how) {
  if (how == Arrangement::logical) return p;
  LAYOUTREF_TRY(Split<N> s, zip2_by(p, t, 0));
  TupleBuilder<LayoutLeaf, N> out;
  if (how == Arrangement::flat)
    push_unpacked(out, s.first);
  else
    out.push(s.first);
  if (how == Arrangement::zipped)
    out.push(s.second);
  else
    push_unpacked(out, s.second);
  return out.done();
}

/// A ∘ (B, complement(B, cotarget)), the errors prefixed with the step that raised them.
template <int N, class CoTarget>
LAYOUTREF_HD constexpr Result<LayoutN<N>> tile_with_complement(LayoutN<N> const& a, LayoutN<N> const& b, CoTarget const& cotarget) {
  auto rest = complement(b, cotarget);
  if (!rest.ok()) return prefixed(rest.error, "the tiler's complement: ");
  LAYOUTREF_TRY(LayoutN<N> tiled, make_layout(b, rest.value));
  auto r = composition(a, tiled);
  if (!r.ok()) return prefixed(r.error, "A o (B, complement(B)): ");
  return r;
}

/// logical_divide(A, B) for a layout B: A ∘ (B, complement(B, shape(coalesce(A)))).
/// @post a refusal names the spec's condition: when CuTe's cotarget shape(coalesce(A)) makes
///       the divide inadmissible, the spec's definition A ∘ (B, complement(B, size(A)))
///       (spec/divide.hpp) is checked too and, if it is inadmissible as well, its condition and
///       witness are returned (the two cotargets can fail at different steps, e.g.
///       logical_divide((7,4):(0,7), ((1,6),2):((0,0),6)): rest 2:12 fails by mode
///       (disjoint_intervals), rest 3:12 Shah's left_divisibility). Only the error path pays.
/// Example: logical_divide((7,4):(0,7), ((1,6),2):((0,0),6)) = error
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> divide_leaf(LayoutN<N> const& a, LayoutN<N> const& b) {
  LAYOUTREF_TRY(LayoutN<N> ca, coalesce(a));
  auto r = tile_with_complement(a, b, shape(ca));
  if (r.ok() || r.error.code != Errc::inadmissible) return r;
  LAYOUTREF_TRY(Int n, size(a));
  auto s = tile_with_complement(a, b, n);
  if (!s.ok() && s.error.code == Errc::inadmissible) return s;
  return r;
}

}  // namespace detail_tile

/// The divide of A by the tiler T, arranged as `how` says (logical, zipped, tiled, flat).
/// Errors: divide.tiler_rank, the complement's and the composition's conditions (inadmissible);
/// bad_argument (a size < 1), capacity, overflow.
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> divide(Arrangement how, LayoutN<N> const& a, TilerN<N> const& t) {
  LAYOUTREF_CHECK(validate(a));
  for (int k = 0; k < t.n; ++k) LAYOUTREF_CHECK(validate(t.layouts[k]));
  bool pairs = how != Arrangement::logical;
  LAYOUTREF_TRY(LayoutN<N> p, detail_tile::by_mode(a, t, 0, pairs, Cond::divide_tiler_rank, [](LayoutN<N> const& x, LayoutN<N> const& b) {
                  return detail_tile::divide_leaf(x, b);
                }));
  return representable(detail_tile::arrange(p, t, how));
}

/// logical_divide(A, T): ((tile, rest) per divided mode, untouched modes...); for a layout tiler
/// the pair (A∘B, A∘B*). CuTe's docs:
/// Example: logical_divide((4,2,3):(2,1,8), 4:2) = ((2,2),(2,3)):((4,1),(2,8))
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> logical_divide(LayoutN<N> const& a, TilerN<N> const& t) { return divide(Arrangement::logical, a, t); }
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> logical_divide(LayoutN<N> const& a, LayoutN<N> const& b) { return logical_divide(a, TilerN<N>::of(b)); }

/// zipped_divide(A, T): ((tiles...), (rests..., untouched modes...)).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> zipped_divide(LayoutN<N> const& a, TilerN<N> const& t) { return divide(Arrangement::zipped, a, t); }
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> zipped_divide(LayoutN<N> const& a, LayoutN<N> const& b) { return zipped_divide(a, TilerN<N>::of(b)); }

/// tiled_divide(A, T): ((tiles...), rest_0, rest_1, ..., untouched modes...).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> tiled_divide(LayoutN<N> const& a, TilerN<N> const& t) { return divide(Arrangement::tiled, a, t); }
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> tiled_divide(LayoutN<N> const& a, LayoutN<N> const& b) { return tiled_divide(a, TilerN<N>::of(b)); }

/// flat_divide(A, T): (tile_0, tile_1, ..., rest_0, rest_1, ..., untouched modes...).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> flat_divide(LayoutN<N> const& a, TilerN<N> const& t) { return divide(Arrangement::flat, a, t); }
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> flat_divide(LayoutN<N> const& a, LayoutN<N> const& b) { return flat_divide(a, TilerN<N>::of(b)); }

}  // namespace layoutref::impl
