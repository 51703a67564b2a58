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

#include <layoutref/impl/by_mode.hpp>
#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/complement.hpp>
#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/modes.hpp>
#include <layoutref/impl/tiler.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_tile {

/// A ∘ (B, complement(B, cotarget)) built into r (the caller's Result: no copy of the tree), the
/// errors prefixed with the step that raised them. @pre A and B valid (by_mode_arranged); r is ok.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr void tile_with_complement_into(LayoutN<N> const& a, LayoutN<N> const& b,
                                                                              IntTupleN<N> const& cotarget, Result<LayoutN<N>>& r) {
  auto rest = Result<LayoutN<N>>::built([&](LayoutN<N>& out) { return detail::complement_valid_into(b, cotarget, out); });
  if (!rest.ok()) {
    r.error = prefixed(rest.error, "the tiler's complement: ");
    return;
  }
  auto tiled = make_layout(b, rest.value);
  if (!tiled.ok()) {
    r.error = tiled.error;
    return;
  }
  assign_if_error(r.error, detail::compose_valid_into(a, tiled.value, r.value));  // (B, rest) is valid: rest is a complement
  if (!r.ok()) r.error = prefixed(r.error, "A o (B, complement(B)): ");
}

/// logical_divide(s:d, n:r) of two leaves x = s:d and y = n:r, s >= 2 and d an integer, n >= 2
/// and r >= 1 (an integer tiler n is n:_1), appended to t as one item (n:(r*d), rest): the
/// general path's steps (divide_leaf_general) worked out for one mode. The cotarget is s;
/// complement(n:r, s) has the gap r:_1 (when r != 1) and the rest q:(r*n), q = ceil(s/(r*n))
/// (when q != 1), which do not merge (r*1 != r*n), or `_1:_0` when neither is there; composing
/// s:d with the leaves of (n:r, rest) scales each stride by d (Shah's conditions hold for a
/// single leaf A; the leaves need no by-mode check). Every static flag is the general path's (a
/// product or quotient is static when both operands are).
/// @return false, with t unchanged, outside that form, where a product would pass 64 bits, or
/// where t has no room for the item (2 or 3 leaves; a pair node, a tuple node for gap and rest).
template <int N>
LAYOUTREF_HD constexpr bool append_single_leaf_divide(LayoutLeaf const& x, LayoutLeaf const& y, LayoutN<N>& t) {
  if (x.shape_value() < 2 || !x.stride_is_integer() || y.shape_value() < 2 || !y.stride_is_integer() || y.stride_value() < 1) return false;
  Int const s = x.shape(), n = y.shape(), r = y.stride_coefficient();
  Int const d = x.stride_coefficient();
  if (mul_overflows(r.value, n.value)) return false;
  Int const span{r.value * n.value, both_static(r, n)};
  Int const q = ceil_div(s, span);
  if (mul_overflows(span.value, q.value) || mul_overflows(r.value, d.value) || mul_overflows(span.value, d.value)) return false;
  bool gap = r.value != 1, rest = q.value != 1;
  int const leaves = gap && rest ? 3 : 2;  // the tile, and the gap and the rest, or one of them, or `_1:_0`
  if (t.nnodes + leaves + (gap && rest ? 2 : 1) > LayoutN<N>::kNodes || t.nleaves + leaves > LayoutN<N>::kLeaves) return false;
  t.node[t.nnodes++] = 2;
  t.node[t.nnodes++] = LayoutN<N>::kLeaf;
  set_leaf(t.leaf[t.nleaves++], n.value, n.is_static, r.value * d.value, r.is_static && d.is_static, BasisPath{});
  if (gap && rest) t.node[t.nnodes++] = 2;
  if (gap) {  // r:_1 composed: r:d
    t.node[t.nnodes++] = LayoutN<N>::kLeaf;
    set_leaf(t.leaf[t.nleaves++], r.value, r.is_static, d.value, d.is_static, BasisPath{});
  }
  if (rest) {  // q:span composed: q:(span*d)
    t.node[t.nnodes++] = LayoutN<N>::kLeaf;
    set_leaf(t.leaf[t.nleaves++], q.value, q.is_static, span.value * d.value, span.is_static && d.is_static, BasisPath{});
  }
  if (!gap && !rest) {  // complement `_1:_0`, composed: `_1:_0`
    t.node[t.nnodes++] = LayoutN<N>::kLeaf;
    set_leaf(t.leaf[t.nleaves++], 1, true, 0, true, BasisPath{});
  }
  return true;
}

/// logical_divide(s:d, n:r) of two leaves (append_single_leaf_divide's form), written into out
/// when it succeeds. @return false outside that form or where the result is not representable
/// (out's error is untouched; its value is then overwritten by the general path, which answers,
/// errors and all). ImplDivide.SingleLeafPathIsTheGeneralPath compares the two.
/// Example: logical_divide(24:3, 4:2) = (4,(2,3)):(6,(3,24))
template <int N>
LAYOUTREF_HD constexpr bool divide_single_leaf(LayoutN<N> const& a, LayoutN<N> const& b, Result<LayoutN<N>>& out) {
  if (!a.is_leaf() || !b.is_leaf() || N < 3) return false;
  LayoutN<N>& t = out.value;
  t.nnodes = 0;
  t.nleaves = 0;
  if (!append_single_leaf_divide(a.leaf[0], b.leaf[0], t)) return false;
  return check_representable(t).ok();
}

/// A divide of divide_flat_form's form: p, the by-mode result (with pairs), and the tiler's rank r.
template <int N>
struct FlatDivide {
  LayoutN<N> p;
  int r;
};

/// Whether divide(how, A, T) is of the flat form, and if so its by-mode result p in f: A a flat
/// tuple of leaves (every shape >= 1), T a flat tuple of r <= rank(A) layouts, none `_`, each a
/// single leaf that divides its mode by append_single_leaf_divide's form. p is then what by_mode
/// builds — (divide of mode 0, ..., divide of mode r-1, mode r, ...) — since a mode's divide_leaf
/// is append_single_leaf_divide's item. @return false where p (or its arrangement) would not fit
/// N, or p is not representable (the arrangement has p's leaves: the same check): the general
/// path then answers, errors included. ImplDivide.FlatFormIsTheGeneralPath compares the two.
template <int N>
LAYOUTREF_HD constexpr bool divide_flat_form(Arrangement how, LayoutN<N> const& a, TilerN<N> const& t, FlatDivide<N>& f) {
  using Out = LayoutN<N>;
  int const r = flat_guide_rank(t.profile);
  if (r == 0 || a.is_leaf() || a.node[0] < r || a.nnodes != a.node[0] + 1 || t.n != r) return false;
  if (!validate(a).ok()) return false;
  for (int k = 0; k < t.n; ++k)
    if (!validate(t.layouts[k]).ok()) return false;
  for (int k = 1; k < a.nnodes; ++k)
    if (a.node[k] != Out::kLeaf) return false;
  Out& p = f.p;
  p.nnodes = 1;
  p.nleaves = 0;
  p.node[0] = a.node[0];
  for (int i = 0; i < r; ++i) {
    std::int8_t idx = t.profile.leaf[i];
    if (idx == TilerN<N>::kUnderscore || !t.layouts[idx].is_leaf()) return false;
    if (!append_single_leaf_divide(a.leaf[i], t.layouts[idx].leaf[0], p)) return false;
  }
  // The modes past T: A's nodes r+1, ... and leaves r, ... (A is flat).
  if (p.nnodes + (a.nleaves - r) > Out::kNodes || p.nleaves + (a.nleaves - r) > Out::kLeaves) return false;
  put_span(p, a, NodeSpan{static_cast<std::int16_t>(r + 1), static_cast<std::int16_t>(a.nnodes), static_cast<std::int16_t>(r), static_cast<std::int16_t>(a.nleaves)});
  // arrange_flat_guide's count: the root, the tuples that wrap the halves, p's nodes but its root
  // and its r pair nodes.
  int const items = p.node[0];
  bool const wrap_first = how == Arrangement::flat && r == 1, wrap_second = how != Arrangement::zipped && items == 1;
  int const extra = how == Arrangement::logical ? 0
                                                : 1 + (how != Arrangement::flat || wrap_first ? 1 : 0) + (how == Arrangement::zipped || wrap_second ? 1 : 0);
  int const root = how == Arrangement::zipped ? 2 : how == Arrangement::tiled ? 1 + items : r + items;
  if (how != Arrangement::logical && (extra + p.nnodes - 1 - r > Out::kNodes || root > 127)) return false;
  f.r = r;
  return check_representable(p).ok();
}

/// The divide of divide_flat_form's f, arranged as `how` says (arrange_flat_guide; f's form fits).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> divide_flat_arranged(Arrangement how, FlatDivide<N> const& f) {
  Result<LayoutN<N>> out;  // the one named result
  if (how == Arrangement::logical) {
    LayoutN<N>& t = out.value;
    t.nnodes = 0;
    t.nleaves = 0;
    put_span(t, f.p, NodeSpan{0, static_cast<std::int16_t>(f.p.nnodes), 0, static_cast<std::int16_t>(f.p.nleaves)});
    return out;
  }
  arrange_flat_guide(f.p, f.r, how, out);
  return out;
}

/// logical_divide(A, B) for a layout B: A ∘ (B, complement(B, shape(coalesce(A)))), built into r
/// (a fresh Result). @pre A and B valid (by_mode_arranged validates them; a mode of a valid layout is valid).
/// @post a refusal names the spec's condition: when CuTe's cotarget shape(coalesce(A)) makes
///       the divide inadmissible, the spec's definition A ∘ (B, complement(B, size(A)))
///       (spec/divide.hpp) is checked too and, if it is inadmissible as well, its condition and
///       witness are returned (the two cotargets can fail at different steps, e.g.
///       logical_divide((7,4):(0,7), ((1,6),2):((0,0),6)): rest 2:12 fails by mode
///       (disjoint_intervals), rest 3:12 Shah's left_divisibility). Only the error path pays.
/// Example: logical_divide((7,4):(0,7), ((1,6),2):((0,0),6)) = error
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr void divide_leaf_general(LayoutN<N> const& a, LayoutN<N> const& b, Result<LayoutN<N>>& r) {
  // shape(coalesce(A)), folded straight from A's leaves: `_1` when nothing is left (coalesce's
  // `_1:_0`), a leaf for one mode, else a flat tuple.
  LayoutLeaf modes[N];  // [0, nc) set
  int nc = 0;
  assign_if_error(r.error, detail::bw_coalesce_modes(a.leaf, a.nleaves, false, modes, N, nc));
  if (!r.ok()) return;
  IntTupleN<N> cotarget;
  if (nc == 0) {
    cotarget = IntTupleN<N>::of(Int::fixed(1));
  } else if (nc == 1) {
    cotarget = IntTupleN<N>::of(modes[0].shape());
  } else {
    cotarget.node[0] = static_cast<std::int8_t>(nc);
    for (int k = 0; k < nc; ++k) {
      cotarget.node[k + 1] = IntTupleN<N>::kLeaf;
      cotarget.leaf[k] = modes[k].shape();
    }
    cotarget.nnodes = static_cast<std::uint8_t>(nc + 1);
    cotarget.nleaves = static_cast<std::uint8_t>(nc);
  }
  tile_with_complement_into(a, b, cotarget, r);
  if (r.ok() || r.error.code != Errc::inadmissible) return;
  auto n = size(a);
  if (!n.ok()) {
    r.error = n.error;
    return;
  }
  Result<LayoutN<N>> s;
  tile_with_complement_into(a, b, IntTupleN<N>::of(n.value), s);
  if (!s.ok() && s.error.code == Errc::inadmissible) r.error = s.error;
  return;
}

/// divide_leaf_general, through divide_single_leaf where A and B are single leaves of its form.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> divide_leaf(LayoutN<N> const& a, LayoutN<N> const& b) {
  Result<LayoutN<N>> r;  // the one named result, built in place on either path
  if (!divide_single_leaf(a, b, r)) divide_leaf_general(a, b, r);
  return r;
}

}  // namespace detail_tile

/// The divide of A by the tiler T, arranged as `how` says (logical, zipped, tiled, flat).
/// Errors: divide.tiler_rank, the complement's and the composition's conditions (inadmissible);
/// bad_argument (a size < 1), capacity, overflow.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> divide(Arrangement how, LayoutN<N> const& a, TilerN<N> const& t) {
#if defined(__CUDA_ARCH__)
  // Device code only: there the general path's frames live in local memory and cost a kernel's
  // setup tens of thousands of cycles (docs/gpu.md, "Where the in-kernel setup's time went"); on
  // the host the general path is as fast (measured 3-4 ns slower with this path in front,
  // docs/performance.md, "The flat divide path (device code only)").
  if (detail_tile::FlatDivide<N> f; detail_tile::divide_flat_form(how, a, t, f)) return detail_tile::divide_flat_arranged(how, f);
#endif
  return detail_tile::by_mode_arranged(how, a, t, Cond::divide_tiler_rank,
                                       [](LayoutN<N> const& x, LayoutN<N> const& b) { return detail_tile::divide_leaf(x, b); },
                                       true);  // divide_leaf's result is a composition's, checked by it
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
