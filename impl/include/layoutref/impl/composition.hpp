// layoutref::impl — composition A∘B (CuTe layout.hpp: composition, composition_impl; docs
// 02_layout_algebra.md "Composition"; docs/semantics.md "Composition").
//
// Structure, as CuTe computes it:
//  - A is first brought to its extension form coalesce_x(A) (flat, size-1 modes dropped except a
//    trailing one, mergeable modes merged): the same function as A inside its domain and past
//    it, where A runs on along its last flattened mode (A(4) = 0 below).
// Example: composition((4,1):(1,0), 2:4) = 2:0
//  - B is composed leaf by leaf, following B's profile (right distributivity); each leaf N:r
//    gives a leaf or a flat tuple at that place:
//      r a scaled basis k@p: the mode p of A (CuTe's basis_get) composed with N:k;
//      r == 0:               N:r;
//      flat A integral M:D:  N:(r*D);
//      otherwise:            CuTe's fold over A's modes but the last: each mode M:D divides the
//                            remaining stride (ceil) and takes min(M/stride, remaining size)
//                            elements of stride stride*D; the rest runs on along the last mode.
//  - A tiler composes mode by mode (modes of A past a tuple are dropped), `_` keeps the mode,
//    and an integer n means n:_1.
// Meaning never depends on the static flag: a quotient or a rest of size 1 is skipped whether it
// is static or not (CuTe keeps run-time ones: `((5,1),(2,2))` where impl gives `(5,(2,2))`), and
// the checks below apply to run-time values too (CuTe checks only static ones).
//
// Admissibility is exact, as the spec decides it (composition.negative_stride, ...tiler_rank):
//  - per leaf N:r of B, Shah's left divisibility of A's extension shape (M0,...,∞) by r and
//    weak left divisibility of the quotient by N (Def. 2.11-2.12). When they hold, the fold is
//    the composition. When one fails — the rare path — the leaf's function i ↦ Â(r*i) may still
//    be a layout (e.g. two values): impl checks CuTe's result at every i < N and, if that is
//    wrong, factors the function into its coalesced layout; if it is no layout, impl refuses with
//    the failed Shah condition. This exact check (exact_leaf, composition_exact.hpp) is bounded:
//    N <= kMaxExactCheck, else Errc::capacity.
//  - for a B of several leaves, Shah's intervals of definition [r, min(r(N-1), M'-1)] (M' the
//    product of A's extension modes but the last; Def. 2.16-2.17) must be pairwise disjoint
//    among the leaves that reach the same mode of A. When two overlap (or a leaf took the rare
//    path), impl checks exactly that the by-mode result equals A(B(c)) wherever B(c) lies in A's
//    domain, for every c < size(B) (bounded by kMaxExactCheck), and refuses with
//    composition.disjoint_intervals where it does not (cutlass #2955; check_by_mode,
//    composition_exact.hpp).
//
// Capacity: composition takes A and B (or a tiler TilerN<N>) of one capacity N, deduced from its
// arguments, and returns a LayoutN<N>; where the result passes N leaves (or 2N + 8 nodes) it is
// Errc::capacity. `composition(Layout, Layout)` and `composition(Layout, Tiler)` are N = kMaxLeaves.
#pragma once

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/composition_exact.hpp>
#include <layoutref/impl/tiler.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail {

/// coalesce_x of the mode at the basis path p of A: what a leaf k@p of B composes with.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> basis_extension(LayoutN<N> const& a, BasisPath const& p) {
  LAYOUTREF_TRY(LayoutN<N> sub, basis_get(a, p));
  return coalesce_x(sub);
}

/// Shah's division (Def. 2.11) of the shape (m0, ..., m(k-1) = ∞) by d > 0.
struct Division {
  bool ok = false;      ///< some prefix product divides d and the quotient fits its mode
  bool strong = false;  ///< and the quotient divides that mode
  int index = 0;        ///< the division index (where it stopped)
  i64 prefix = 1;       ///< m0*...*m(index-1)
  i64 c = 1;            ///< d / prefix
};

LAYOUTREF_HD constexpr Division shah_divide(i64 const* m, int k, i64 d) {
  Division r;
  i64 prefix = 1;
  for (int i = 0; i < k; ++i) {
    bool last = i + 1 == k;
    r.index = i;
    r.prefix = prefix;
    if (d % prefix != 0) return r;
    i64 c = d / prefix;
    if (last || c < m[i]) {
      r.ok = true;
      r.c = c;
      r.strong = last || m[i] % c == 0;
      return r;
    }
    if (mul_overflows(prefix, m[i])) {  // the prefix passes d: nothing further divides it
      r.index = i + 1;
      r.prefix = kI64Max;
      return r;
    }
    prefix *= m[i];
  }
  return r;
}

LAYOUTREF_HD constexpr void add_shape(Error& e, i64 const* m, int k) {
  e.add("(");
  for (int i = 0; i < k; ++i) {
    if (i) e.add(",");
    if (i + 1 == k)
      e.add("inf");
    else
      e.add(m[i]);
  }
  e.add(")");
}

/// Shah's conditions for the leaf N:r (r > 0) of B against A's extension form `flat`.
template <int N>
LAYOUTREF_HD constexpr Error shah_mode(LayoutN<N> const& flat, i64 n, i64 r) {
  if (n == 1 || r == 0 || flat.nleaves < 2) return Error{};
  i64 m[N];  // [0, k) set
  int k = flat.nleaves < N ? flat.nleaves : N;  // == flat.nleaves (a Tree's invariant), stated for the compiler
  for (int i = 0; i < k; ++i) m[i] = flat.leaf[i].shape_value();
  Division left = shah_divide(m, k, r);
  if (!left.ok || !left.strong) {
    Error e = fail(Errc::inadmissible, Cond::composition_left_divisibility);
    e.add("A's shape ");
    add_shape(e, m, k);
    e.add(" is not left divisible by the stride ").add(r).add(": ");
    if (!left.ok)
      e.add("M0*...*M").add(left.index - 1).add(" = ").add(left.prefix).add(" does not divide ").add(r);
    else
      e.add(r).add(" = ").add(left.prefix).add("*").add(left.c).add(" but ").add(left.c).add(" does not divide the mode size ").add(m[left.index]);
    return e;
  }
  i64 rest[N];  // [0, nr) set
  int nr = 0;
  if (left.index + 1 < k) {
    rest[nr++] = m[left.index] / left.c;
    for (int i = left.index + 1; i < k; ++i) rest[nr++] = m[i];
  } else {
    rest[nr++] = 1;  // ∞
  }
  Division weak = shah_divide(rest, nr, n);
  if (!weak.ok) {
    Error e = fail(Errc::inadmissible, Cond::composition_weak_left_divisibility);
    e.add("the quotient shape ");
    add_shape(e, rest, nr);
    e.add(" (A's shape divided by ").add(r).add(") is not weakly left divisible by the size ").add(n).add(": M0*...*M");
    e.add(weak.index - 1).add(" = ").add(weak.prefix).add(" does not divide ").add(n);
    return e;
  }
  return Error{};
}

/// CuTe's composition_impl for one leaf N:r (r > 0) against A's extension form `flat`, as its
/// modes: out[0..k) (k = 1: an integral layout, else a flat tuple of k modes). Each Int step is
/// the one of checked.hpp (ceil_div, min, div, scale), with its static flag, in scalars.
/// @pre out has room for flat.nleaves modes (the result never has more)
template <int N>
LAYOUTREF_HD constexpr Error compose_leaf_modes(LayoutN<N> const& flat, Int n, Int r, LayoutLeaf* out, int& k) {
  k = 0;
  if (flat.is_leaf()) {
    LayoutLeaf const& x = flat.leaf[0];
    if (mul_overflows(r.value, x.stride_value())) return overflow_error("*", r.value, x.stride_value());
    set_leaf(out[k++], n.value, n.is_static, r.value * x.stride_value(), r.is_static && x.stride_static(), x);
    return Error{};
  }
  int last = flat.nleaves - 1;
  i64 rest_shape = n.value, rest_stride = r.value;
  bool rest_shape_static = n.is_static, rest_stride_static = r.is_static;
  for (int i = 0; i < last; ++i) {
    LayoutLeaf const& x = flat.leaf[i];
    i64 curr_shape = x.shape_value();
    i64 next_shape = ceil_div(curr_shape, rest_stride);   // ceil(prefix product / stride)
    i64 next_stride = ceil_div(rest_stride, curr_shape);  // ceil(stride / prefix product)
    bool next_static = x.shape_static() && rest_stride_static;
    if (next_shape == 1 || rest_shape == 1) {
      rest_stride = next_stride;
      rest_stride_static = next_static;
      continue;
    }
    i64 new_shape = next_shape <= rest_shape ? next_shape : rest_shape;
    bool new_static = next_static && rest_shape_static;
    if (mul_overflows(rest_stride, x.stride_value())) return overflow_error("*", rest_stride, x.stride_value());
    set_leaf(out[k++], new_shape, new_static, rest_stride * x.stride_value(), rest_stride_static && x.stride_static(), x);
    rest_shape = rest_shape / new_shape;
    rest_shape_static = rest_shape_static && new_static;
    rest_stride = next_stride;
    rest_stride_static = next_static;
  }
  if (k == 0 || rest_shape != 1) {
    LayoutLeaf const& x = flat.leaf[last];
    if (mul_overflows(rest_stride, x.stride_value())) return overflow_error("*", rest_stride, x.stride_value());
    set_leaf(out[k++], rest_shape, rest_shape_static, rest_stride * x.stride_value(), rest_stride_static && x.stride_static(), x);
  }
  return Error{};
}

/// CuTe's composition_impl for one leaf N:r (r > 0) against A's extension form `flat`.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> compose_leaf(LayoutN<N> const& flat, Int n, Int r) {
  LayoutN<N> res;
  int k = 0;
  LAYOUTREF_CHECK(compose_leaf_modes(flat, n, r, res.leaf, k));
  return flat_layout<N>(res.leaf, k);
}

/// What the by-mode check needs to know of a leaf of B.
/// Trivially default-constructible (compose_into sets one per leaf of B): `{{}, 0, -1}` is none.
struct LeafInterval {
  BasisPath path;  ///< the mode of A it reaches (depth 0: all of A)
  i64 lo, hi;
};

/// Product of A's extension modes but the last (saturating).
template <int N>
LAYOUTREF_HD constexpr i64 finite_part(LayoutN<N> const& flat) {
  i64 p = 1;
  for (int k = 0; k + 1 < flat.nleaves; ++k) {
    if (mul_overflows(p, flat.leaf[k].shape_value())) return kI64Max;
    p *= flat.leaf[k].shape_value();
  }
  return p;
}

}  // namespace detail

/// A∘B for layouts: R(c) = A(B(c)), shape(R) refining shape(B) leaf by leaf.
/// Errors: composition.negative_stride, .left_divisibility, .weak_left_divisibility,
/// .disjoint_intervals (inadmissible); capacity past N leaves or the exact-check bound;
/// overflow when A's or B's size or values, or the result's, do not fit in int64
/// (check_representable: R is defined by A's and B's functions, which the spec tabulates).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> composition(LayoutN<N> const& a, LayoutN<N> const& b);

namespace detail {
/// composition(a, b) built into out (the caller's Result: no copy of the tree); the error or ok.
/// compose_into for valid a and b (their shapes are not checked again). @pre validate(a).ok(),
/// validate(b).ok()
template <int N>
LAYOUTREF_HD constexpr Error compose_valid_into(LayoutN<N> const& a, LayoutN<N> const& b, LayoutN<N>& out) {
  using Out = LayoutN<N>;
  bool need_flat = false;
  // B's size and largest value in the same walk (its strides are >= 0 past the first check);
  // `b_exact`: a basis stride, or one of them passes int64: check_representable decides and
  // names the leaf.
  i64 b_size = 1, b_top = 0;
  bool b_exact = false;
  for (int k = 0; k < b.nleaves; ++k) {
    LayoutLeaf const& x = b.leaf[k];
    if (x.stride_value() < 0) {
      Error e = fail(Errc::inadmissible, Cond::composition_negative_stride);
      e.add("B has the negative stride ");
      add_stride(e, x.stride());
      return e.add("; A is not defined below 0");
    }
    bool integer = x.stride_is_integer();
    need_flat = need_flat || (integer && x.stride_value() != 0);
    i64 s = x.shape_value(), reach = 0;
    b_exact = b_exact || !integer || mul_overflows(b_size, s) || mul_overflows(s - 1, x.stride_value());
    if (!b_exact) {
      b_size *= s;
      reach = (s - 1) * x.stride_value();
      b_exact = add_overflows(b_top, reach);
      b_top = b_exact ? b_top : b_top + reach;
    }
  }
  if (b_exact) LAYOUTREF_CHECK(check_representable(b, "B's"));
  // A's extension form coalesce_x(a) (a is valid), folded straight into a local tree; read only
  // by leaves of integer stride other than 0, so left unset when B has none.
  Out flat_a;
  i64 top_a = 0;  // finite_part(flat_a) - 1: the top of every interval of definition in flat_a
  if (need_flat) {
    LAYOUTREF_CHECK(bw_coalesce_into(a.leaf, a.nleaves, true, flat_a));
    // coalesce_x(A) has A's size and values (its modes are fewer): A's check, on them, in the walk
    // that finds finite_part(flat_a) (the size of all modes but the last); `a_exact` as b_exact.
    i64 a_size = 1, a_hi = 0, a_lo = 0, a_top = 0;
    bool a_exact = false;
    for (int k = 0; k < flat_a.nleaves && !a_exact; ++k) {
      LayoutLeaf const& x = flat_a.leaf[k];
      i64 s = x.shape_value(), d = x.stride_value();
      if (k + 1 == flat_a.nleaves) a_top = a_size - 1;
      a_exact = !x.stride_is_integer() || mul_overflows(a_size, s) || mul_overflows(s - 1, d);
      if (a_exact) break;
      a_size *= s;
      i64& v = d > 0 ? a_hi : a_lo;
      a_exact = add_overflows(v, (s - 1) * d);
      if (!a_exact) v += (s - 1) * d;
    }
    if (a_exact) {
      LAYOUTREF_CHECK(check_representable(flat_a, "coalesce(A)'s"));
      a_top = finite_part(flat_a) - 1;
    }
    top_a = a_top;
  } else {
    LAYOUTREF_CHECK(check_representable(a, "A's"));
  }
  Out flat_sub;
  LeafInterval iv[N];  // [0, leaf) set, one per leaf of B
  int intervals = 0;   // of them not empty
  bool exact = true;  // every leaf met Shah's conditions
  out.nnodes = 0;
  out.nleaves = 0;
  int leaf = 0;
  for (int node = 0; node < b.nnodes; ++node) {
    if (b.node[node] != Out::kLeaf) {
      if (out.nnodes + 1 > Out::kNodes) return fail(Errc::capacity).add("a composition with more than ").add(Out::kNodes).add(" nodes");
      out.node[out.nnodes++] = b.node[node];
      continue;
    }
    LayoutLeaf const& x = b.leaf[leaf];
    Out const* flat = &flat_a;
    Int r = x.stride_coefficient();
    iv[leaf] = LeafInterval{BasisPath{}, 0, -1};
    if (!x.stride_is_integer() && x.stride_value() != 0) {
      LAYOUTREF_TRY(flat_sub, basis_extension(a, x.path()));
      flat = &flat_sub;
      iv[leaf].path = x.path();
    }
    // The leaf's result: its modes[0..k), k = 1 an integral layout, else a flat tuple (Shah's
    // conditions hold, or a stride 0); or, on the rare path, the layout exact_leaf gives. The
    // modes are written straight into out's leaves where they have room (at most flat's
    // leaves, or one), else into a local array and refused below.
    LayoutLeaf spare[N];
    bool room = out.nleaves + (x.stride_value() == 0 ? 1 : flat->nleaves) <= N;
    LayoutLeaf* modes = room ? out.leaf + out.nleaves : spare;
    int k = 0;
    Out rare;
    bool is_rare = false;
    if (x.stride_value() == 0) {
      modes[k++] = LayoutLeaf{x.shape(), Stride::integer(r)};
    } else {
      // shah_mode holds at once for one mode of A or one element (no call, no Error to read).
      Error shah = x.shape_value() == 1 || flat->nleaves < 2 ? Error{} : shah_mode(*flat, x.shape_value(), r.value);
      if (shah.ok()) {
        LAYOUTREF_CHECK(compose_leaf_modes(*flat, x.shape(), r, modes, k));
      } else {
        is_rare = true;
        exact = false;
        LAYOUTREF_TRY(rare, exact_leaf(*flat, x.shape(), r, compose_leaf(*flat, x.shape(), r), shah));
      }
      if (x.shape_value() > 1 && !flat->is_leaf()) {
        i64 hi = mul_overflows(r.value, x.shape_value() - 1) ? kI64Max : r.value * (x.shape_value() - 1);
        i64 top = flat == &flat_a ? top_a : finite_part(*flat) - 1;
        iv[leaf].lo = r.value;
        iv[leaf].hi = hi < top ? hi : top;
        if (iv[leaf].lo <= iv[leaf].hi) ++intervals;
      }
    }
    int nodes = is_rare ? rare.nnodes : (k == 1 ? 1 : k + 1), leaves = is_rare ? rare.nleaves : k;
    if (out.nnodes + nodes > Out::kNodes || out.nleaves + leaves > Out::kLeaves)
      return fail(Errc::capacity).add("a composition with more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
    if (is_rare) {
      for (int j = 0; j < nodes; ++j) out.node[out.nnodes++] = rare.node[j];
      for (int j = 0; j < leaves; ++j) out.leaf[out.nleaves++] = rare.leaf[j];
    } else {
      if (k > 1) out.node[out.nnodes++] = static_cast<std::int8_t>(k);
      for (int j = 0; j < k; ++j) out.node[out.nnodes++] = Out::kLeaf;
      if (!room)  // unreachable: out.nleaves + k <= N was checked above, and k <= flat's leaves
        for (int j = 0; j < k; ++j) out.leaf[out.nleaves + j] = modes[j];
      out.nleaves = static_cast<std::uint8_t>(out.nleaves + k);
    }
    ++leaf;
  }
  // Several leaves: Shah's disjoint intervals, else the exact by-mode check.
  bool disjoint = exact;
  for (int i = 0; i < b.nleaves && disjoint && intervals > 1; ++i)
    for (int j = i + 1; j < b.nleaves && disjoint; ++j) {
      if (iv[i].lo > iv[i].hi || iv[j].lo > iv[j].hi || !(iv[i].path == iv[j].path)) continue;
      if (!(iv[i].hi < iv[j].lo || iv[j].hi < iv[i].lo)) disjoint = false;
    }
  if (!disjoint && b.nleaves > 1) LAYOUTREF_CHECK(check_by_mode(a, b, out));
  return check_representable(out);
}

template <int N>
LAYOUTREF_HD constexpr Error compose_into(LayoutN<N> const& a, LayoutN<N> const& b, LayoutN<N>& out) {
  LAYOUTREF_CHECK(validate(a));
  LAYOUTREF_CHECK(validate(b));
  return compose_valid_into(a, b, out);
}
}  // namespace detail

template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> composition(LayoutN<N> const& a, LayoutN<N> const& b) {
  return Result<LayoutN<N>>::built([&](LayoutN<N>& v) { return detail::compose_into(a, b, v); });
}

namespace detail {

/// An inadmissible error inside the open tuples levels[0..top] names the mode it happened in
/// at each (`mode 0: mode 1: ...`, the outermost first); other errors pass as they are.
LAYOUTREF_HD constexpr Error in_modes(Error e, ProfileLevel const* levels, int top) {
  if (e.code != Errc::inadmissible) return e;
  for (int l = top; l >= 0; --l) {
    Error w = fail(e.code, e.condition);
    w.add("mode ").add(static_cast<int>(levels[l].i)).add(": ").append(e);
    e = w;
  }
  return e;
}

/// A∘T by a walk of T's profile in pre-order (no recursion): each tuple of the profile opens a
/// tuple of as many items in the result and steps through the modes of A's sub-layout it
/// composes (a leaf of A is its own mode 0); each leaf appends A's sub-layout (`_`) or its
/// composition with the leaf's layout. The answer, errors included, is that of composing item
/// by item into a TupleBuilder at each tuple: the first error of an item wins, named by its
/// modes when inadmissible; a tuple that does not fit the capacity is reported when it ends.
/// @pre validate(a).ok() (its modes are not checked again)
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> compose_tiler(LayoutN<N> const& a, TilerN<N> const& t) {
  using Out = LayoutN<N>;
  using Profile = typename TilerN<N>::Profile;
  Profile const& p = t.profile;
  // Every return returns `res`, the one named result: g++ builds a named result in place only
  // when every return statement returns it.
  Result<Out> res;
  Out& out = res.value;
  if (p.is_leaf()) {
    if (p.leaf[0] == TilerN<N>::kUnderscore)
      out = a;
    else
      assign_if_error(res.error, compose_into(a, t.layouts[p.leaf[0]], out));
    return res;
  }
  ProfileLevel levels[Profile::kNodes];  // the open tuples [0, top]
  int top = -1;
  bool spilled = false;  // out could not hold an item: then some tuple is full as well
  int pleaf = 0;
  for (int k = 0; k < p.nnodes; ++k) {
    int an = top < 0 ? 0 : levels[top].l_next;  // the node of A's sub-layout that node k composes
    int nodes = 0, leaves = 0;                  // of the item that node k finishes
    if (p.node[k] != Profile::kLeaf) {
      int items = p.node[k];
      int rank = a.node[an] == Out::kLeaf ? 1 : a.node[an];
      if (items > rank) {
        res.error = in_modes(fail(Errc::inadmissible, Cond::composition_tiler_rank).add("the tiler has ").add(items).add(" modes but A has ").add(rank),
                             levels, top);
        return res;
      }
      ProfileLevel& level = levels[++top];
      level = ProfileLevel::open();
      level.items = static_cast<std::int16_t>(items);
      level.l_node = static_cast<std::int16_t>(an);
      level.l_next = static_cast<std::int16_t>(a.node[an] == Out::kLeaf ? an : an + 1);
      std::int8_t tuple = p.node[k];
      append_nodes(out, &tuple, 1, static_cast<LayoutLeaf const*>(nullptr), 0, spilled);
      if (items > 0) continue;
    } else {
      std::int8_t idx = p.leaf[pleaf++];
      if (idx == TilerN<N>::kUnderscore) {
        int end = a.end(an), first = a.leaf_index(an);
        nodes = end - an;
        leaves = a.leaf_index(end) - first;
        append_nodes(out, a.node + an, nodes, a.leaf + first, leaves, spilled);
      } else {
        // composition(mode of A, layout): the mode is valid (A is), so only the layout is checked.
        Out sub = a.subtree(an);
        auto r = Result<Out>::built([&](Out& v) -> Error {
          LAYOUTREF_CHECK(validate(t.layouts[idx]));
          return compose_valid_into(sub, t.layouts[idx], v);
        });
        if (!r.ok()) {
          res.error = in_modes(r.error, levels, top);
          return res;
        }
        nodes = r.value.nnodes;
        leaves = r.value.nleaves;
        append_nodes(out, r.value.node, nodes, r.value.leaf, leaves, spilled);
      }
      push_mode(levels[top], a, nodes, leaves);
    }
    // Close the tuples that node k finished, innermost first.
    while (top >= 0 && levels[top].i == levels[top].items) {
      ProfileLevel const& done = levels[top];
      if (done.full) {
        res.error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
        return res;
      }
      nodes = done.nodes;
      leaves = done.leaves;
      --top;
      if (top >= 0) push_mode(levels[top], a, nodes, leaves);
    }
  }
  if (spilled)  // unreachable: a tuple that spilled is full
    res.error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
  return res;
}

}  // namespace detail

/// A∘T for a tiler: a layout composes with all of A; a tuple composes mode i of A with item i
/// (modes of A past the tuple are dropped, as CuTe does); `_` keeps A.
/// Errors: those of composition, composition.tiler_rank; capacity when the result passes N;
/// overflow when the result's size or values do not fit in int64 (each item's are checked by
/// its composition, but the items together, and the modes `_` keeps, may pass int64).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> composition(LayoutN<N> const& a, TilerN<N> const& t) {
  LAYOUTREF_CHECK(validate(a));
  // A lone layout composes with all of A, whose composition checks its result.
  if (t.profile.is_leaf() && t.profile.leaf[0] != TilerN<N>::kUnderscore) return detail::compose_tiler(a, t);
  return representable_result([&] { return detail::compose_tiler(a, t); });
}

}  // namespace layoutref::impl
