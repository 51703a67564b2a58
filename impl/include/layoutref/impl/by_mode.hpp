// layoutref::impl — the by-mode engine of the divides and the products (divide.hpp, product.hpp;
// the spec's by_mode.hpp): a tiler applied mode by mode (by_mode: a layout acts on the whole of A,
// `_` keeps A, a tuple acts on A's modes one by one and keeps the modes past it), the (tile, rest)
// pairs arranged as the zipped, tiled and flat forms (arrange: CuTe's zip2_by and lift_slice), and
// their common frame (by_mode_arranged: validated, arranged, representable).
#pragma once

#include <layoutref/impl/coalesce.hpp>
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

/// op(A, T) by mode (CuTe's logical_divide / logical_product on a tiler): a layout tiler gives
/// leaf(A, T); `_` keeps A, or with `pairs` gives (A, `_1:_0`), the pair that the zipped forms
/// need; a tuple applies item i to mode i of A and keeps the modes of A past it (CuTe's
/// transform_layout). A walk of T's profile in pre-order (no recursion): each tuple of the
/// profile opens a tuple of rank(sub-layout) items in the result and steps through the modes of
/// A's sub-layout (a leaf of A is its own mode 0); each leaf appends its mode, kept or paired
/// (`_`) or leaf(mode, layout); a tuple's modes past the tiler are appended when its items are
/// done. The answer, errors included, is that of building each tuple item by item into a
/// TupleBuilder: the first error of an item wins, named by its modes (`mode i: `, outermost
/// first) when inadmissible; a tuple past the capacity N is reported when it ends.
template <int N, class Leaf>
LAYOUTREF_HD constexpr Result<LayoutN<N>> by_mode_walk(LayoutN<N> const& a, TilerN<N> const& t, bool pairs, Cond rank_cond,
                                                       Leaf const& leaf);

template <int N, class Leaf>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> by_mode(LayoutN<N> const& a, TilerN<N> const& t, bool pairs,
                                                                          Cond rank_cond, Leaf const& leaf) {
  typename TilerN<N>::Profile const& p = t.profile;
  if (p.is_leaf()) {
    std::int8_t idx = p.leaf[0];
    if (idx == TilerN<N>::kUnderscore) {
      if (!pairs) return a;
      return make_layout(a, detail_modes::unit_mode<N>());
    }
    return leaf(a, t.layouts[idx]);
  }
  return by_mode_walk(a, t, pairs, rank_cond, leaf);
}

/// by_mode's walk of a tuple profile. Every return returns `res`, the one named result: g++
/// builds a named result in place only when every return statement returns it.
template <int N, class Leaf>
LAYOUTREF_HD constexpr Result<LayoutN<N>> by_mode_walk(LayoutN<N> const& a, TilerN<N> const& t, bool pairs, Cond rank_cond,
                                                       Leaf const& leaf) {
  using Out = LayoutN<N>;
  using Profile = typename TilerN<N>::Profile;
  Profile const& p = t.profile;
  detail::ProfileLevel levels[Profile::kNodes];  // the open tuples [0, top]: at most one a node
  int top = -1;
  Result<Out> res;  // built in place and returned as it is (the one named return value)
  Out& out = res.value;
  bool spilled = false;  // out could not hold an item: then some tuple is full as well
  int pleaf = 0;
  for (int k = 0; k < p.nnodes; ++k) {
    int an = top < 0 ? 0 : levels[top].l_next;  // the node of A's sub-layout that node k reaches
    if (p.node[k] != Profile::kLeaf) {
      int items = p.node[k];
      int rank = a.node[an] == Out::kLeaf ? 1 : a.node[an];
      if (items > rank) {
        res.error = detail::in_modes(fail(Errc::inadmissible, rank_cond).add("the tiler has ").add(items).add(" modes but A has ").add(rank),
                                     levels, top);
        return res;
      }
      detail::ProfileLevel& level = levels[++top];
      level = detail::ProfileLevel::open();
      level.items = static_cast<std::int16_t>(items);
      level.l_node = static_cast<std::int16_t>(an);
      level.l_next = static_cast<std::int16_t>(a.node[an] == Out::kLeaf ? an : an + 1);
      std::int8_t tuple = static_cast<std::int8_t>(rank);
      detail::append_nodes(out, &tuple, 1, static_cast<LayoutLeaf const*>(nullptr), 0, spilled);
      if (items > 0) continue;
    } else {
      std::int8_t idx = p.leaf[pleaf++];
      int nodes = 0, leaves = 0;
      if (idx == TilerN<N>::kUnderscore && !pairs) {
        int end = a.end(an), first = a.leaf_index(an);
        nodes = end - an;
        leaves = a.leaf_index(end) - first;
        detail::append_nodes(out, a.node + an, nodes, a.leaf + first, leaves, spilled);
      } else {
        Out m = a.subtree(an);
        auto r = idx == TilerN<N>::kUnderscore ? make_layout(m, detail_modes::unit_mode<N>()) : leaf(m, t.layouts[idx]);
        if (!r.ok()) {
          res.error = detail::in_modes(r.error, levels, top);
          return res;
        }
        nodes = r.value.nnodes;
        leaves = r.value.nleaves;
        detail::append_nodes(out, r.value.node, nodes, r.value.leaf, leaves, spilled);
      }
      detail::push_mode(levels[top], a, nodes, leaves);
    }
    // Close the tuples that node k finished, innermost first: their modes past the tiler are
    // kept as they are.
    while (top >= 0 && levels[top].i == levels[top].items) {
      detail::ProfileLevel& done = levels[top];
      int rank = a.node[done.l_node] == Out::kLeaf ? 1 : a.node[done.l_node];
      while (done.i < rank) {
        int m = done.l_next, end = a.end(m), first = a.leaf_index(m);
        int nodes = end - m, leaves = a.leaf_index(end) - first;
        detail::append_nodes(out, a.node + m, nodes, a.leaf + first, leaves, spilled);
        detail::push_mode(done, a, nodes, leaves);
      }
      if (done.full) {
        res.error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
        return res;
      }
      int nodes = done.nodes, leaves = done.leaves;
      --top;
      if (top >= 0) detail::push_mode(levels[top], a, nodes, leaves);
    }
  }
  if (spilled) {  // unreachable: a tuple that spilled is full
    res.error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
    return res;
  }
  return res;
}

/// The two halves of a zip2_by.
template <int N>
struct Split {
  LayoutN<N> first{};
  LayoutN<N> second{};
};

/// An open tuple of the guide in zip2_by's walk: the tuple of p at node p_node is split item by
/// item into a tuple of firsts and a tuple of seconds, each counted as TupleBuilder counts it.
/// Trivially default-constructible (zip2_by's levels are set by open() when a tuple opens).
struct ZipLevel {
  std::int16_t items;   ///< the guide tuple's items
  std::int16_t i;       ///< the item being split
  std::int16_t p_node;  ///< the node of p's sub-layout
  std::int16_t p_next;  ///< the node of its mode i
  std::int16_t first_nodes, first_leaves;
  std::int16_t second_nodes, second_leaves;
  bool first_full, second_full;  ///< reported when the tuple ends, firsts first
  LAYOUTREF_HD static constexpr ZipLevel open() { return ZipLevel{0, 0, 0, 0, 1, 0, 1, 0, false, false}; }
};

/// TupleBuilder::push's count: adds nodes:leaves to a tuple of nodes:leaves, or marks it full.
template <int N>
LAYOUTREF_HD constexpr void count_item(std::int16_t& nodes_so_far, std::int16_t& leaves_so_far, bool& full, int nodes, int leaves) {
  if (full) return;
  if (nodes_so_far + nodes > LayoutN<N>::kNodes || leaves_so_far + leaves > LayoutN<N>::kLeaves) {
    full = true;
    return;
  }
  nodes_so_far = static_cast<std::int16_t>(nodes_so_far + nodes);
  leaves_so_far = static_cast<std::int16_t>(leaves_so_far + leaves);
}

/// Appends the subtree of p at node m to out (detail::append_tree); returns its nodes and leaves.
template <int N>
LAYOUTREF_HD constexpr void append_subtree(LayoutN<N>& out, LayoutN<N> const& p, int m, int& nodes, int& leaves, bool& spilled) {
  int end = p.end(m), first = p.leaf_index(m);
  nodes = end - m;
  leaves = p.leaf_index(end) - first;
  detail::append_nodes(out, p.node + m, nodes, p.leaf + first, leaves, spilled);
}

/// CuTe's zip2_by(p, guide) for a tuple guide: the items' splits are gathered into ((firsts...),
/// (seconds..., the modes of p past the guide...)); at a terminal of the guide, p is a (tile, rest)
/// pair split into its two modes. @pre the guide is a tuple (arrange splits a pair guided by a
/// terminal itself, straight from the pair). A walk of the guide's profile in
/// pre-order (no recursion) that writes both halves at once: each tuple of the guide opens a
/// tuple in each, each terminal appends its pair's modes, and a tuple's modes of p past the guide
/// go to the seconds when its items are done. The answer, errors included, is that of building
/// each half item by item into a TupleBuilder: the first error wins; a tuple of firsts, then of
/// seconds, past the capacity N is reported when it ends.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Split<N>> zip2_by(LayoutN<N> const& p, TilerN<N> const& t) {
  using Out = LayoutN<N>;
  using Profile = typename TilerN<N>::Profile;
  Profile const& g = t.profile;
  Result<Split<N>> r;  // built in place and returned as it is (the one named return value)
  Split<N>& s = r.value;
  ZipLevel levels[Profile::kNodes];  // the open tuples [0, top]: at most one a node
  int top = -1;
  bool spilled = false;  // a half could not hold an item: then some tuple is full as well
  for (int k = 0; k < g.nnodes; ++k) {
    int pn = top < 0 ? 0 : levels[top].p_next;  // the node of p's sub-layout that node k splits
    int rank = p.node[pn] == Out::kLeaf ? 1 : p.node[pn];
    int first_nodes = 0, first_leaves = 0, second_nodes = 0, second_leaves = 0;  // of the item node k finishes
    if (g.node[k] != Profile::kLeaf) {
      int items = g.node[k];
      if (p.node[pn] == Out::kLeaf || rank < items) {
        r.error = fail(Errc::bad_argument).add("zip2_by: a mode of rank ").add(rank).add(" against a tiler of ").add(items).add(" modes");
        return r;
      }
      ZipLevel& level = levels[++top];
      level = ZipLevel::open();
      level.items = static_cast<std::int16_t>(items);
      level.p_node = static_cast<std::int16_t>(pn);
      level.p_next = static_cast<std::int16_t>(pn + 1);
      std::int8_t tuple = static_cast<std::int8_t>(items);
      detail::append_nodes(s.first, &tuple, 1, static_cast<LayoutLeaf const*>(nullptr), 0, spilled);
      tuple = static_cast<std::int8_t>(rank);
      detail::append_nodes(s.second, &tuple, 1, static_cast<LayoutLeaf const*>(nullptr), 0, spilled);
      if (items > 0) continue;
    } else {
      if (p.node[pn] == Out::kLeaf || rank != 2) {
        r.error = fail(Errc::bad_argument).add("zip2_by: a tiled mode of rank ").add(rank).add(" is not a (tile, rest) pair");
        return r;
      }
      append_subtree(s.first, p, pn + 1, first_nodes, first_leaves, spilled);
      append_subtree(s.second, p, p.end(pn + 1), second_nodes, second_leaves, spilled);
    }
    // Hand the finished item to its tuple, then close the tuples it finished, innermost first:
    // their modes of p past the guide go to the seconds.
    bool item = g.node[k] == Profile::kLeaf;
    while (top >= 0) {
      ZipLevel& level = levels[top];
      if (item) {
        count_item<N>(level.first_nodes, level.first_leaves, level.first_full, first_nodes, first_leaves);
        count_item<N>(level.second_nodes, level.second_leaves, level.second_full, second_nodes, second_leaves);
        ++level.i;
        level.p_next = static_cast<std::int16_t>(p.end(level.p_next));
      }
      if (level.i < level.items) break;
      for (int j = level.items; j < p.node[level.p_node]; ++j) {
        int nodes = 0, leaves = 0;
        append_subtree(s.second, p, level.p_next, nodes, leaves, spilled);
        count_item<N>(level.second_nodes, level.second_leaves, level.second_full, nodes, leaves);
        level.p_next = static_cast<std::int16_t>(p.end(level.p_next));
      }
      if (level.first_full || level.second_full) {
        r.error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
        return r;
      }
      first_nodes = level.first_nodes;
      first_leaves = level.first_leaves;
      second_nodes = level.second_nodes;
      second_leaves = level.second_leaves;
      item = true;
      --top;
    }
  }
  if (spilled) {  // unreachable: a tuple that spilled is full
    r.error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
    return r;
  }
  return r;
}

/// Push the mode m sliced by repeat<rank(m)>(_) (CuTe's lift_slice): a mode of rank 1 (a leaf or
/// a rank-1 tuple) is pushed whole, a tuple of rank >= 2 item by item.
template <int N>
LAYOUTREF_HD constexpr void push_unpacked(Result<LayoutN<N>>& out, LayoutN<N> const& m) {
  if (m.rank() == 1) {
    detail_modes::push_part(out, m);
    return;
  }
  for (int c = 1; c < m.nnodes; c = m.end(c)) detail_modes::push_part(out, m, c);
}

/// push_unpacked of p's subtree at node c (c >= 1) when `unpack`, else push it whole.
template <int N>
LAYOUTREF_HD constexpr void push_unpacked_at(Result<LayoutN<N>>& out, LayoutN<N> const& p, int c, bool unpack) {
  if (!unpack || p.node[c] == LayoutN<N>::kLeaf || p.node[c] == 1) {
    detail_modes::push_part(out, p, c);
    return;
  }
  for (int i = c + 1, e = p.end(c); i < e; i = p.end(i)) detail_modes::push_part(out, p, i);
}

/// A node range [n0, n1) of a tree and its leaves [l0, l1).
struct NodeSpan {
  std::int16_t n0, n1, l0, l1;
};

/// The span of the subtree of t at node k, whose first leaf is leaf l (one scan; no leaf_index).
template <int N>
LAYOUTREF_HD constexpr NodeSpan span_at(LayoutN<N> const& t, int k, int l) {
  NodeSpan s{static_cast<std::int16_t>(k), 0, static_cast<std::int16_t>(l), 0};
  int open = 1;
  while (open > 0) {
    if (t.node[k] == LayoutN<N>::kLeaf) ++l;
    open += (t.node[k] > 0 ? t.node[k] : 0) - 1;
    ++k;
  }
  s.n1 = static_cast<std::int16_t>(k);
  s.l1 = static_cast<std::int16_t>(l);
  return s;
}

/// Appends span s of t to out. @pre out has room (the caller counted).
template <int N>
LAYOUTREF_HD constexpr void put_span(LayoutN<N>& out, LayoutN<N> const& t, NodeSpan s) {
  for (int k = s.n0; k < s.n1; ++k) out.node[out.nnodes++] = t.node[k];
  for (int k = s.l0; k < s.l1; ++k) out.leaf[out.nleaves++] = t.leaf[k];
}

/// r when the guide is a flat tuple of r >= 1 terminals, else 0.
template <class Profile>
LAYOUTREF_HD constexpr int flat_guide_rank(Profile const& g) {
  if (g.node[0] < 1 || g.nnodes != g.node[0] + 1) return 0;
  for (int k = 1; k < g.nnodes; ++k)
    if (g.node[k] != Profile::kLeaf) return 0;
  return g.node[0];
}

/// arrange for a guide that is a flat tuple of r >= 1 terminals (the tilers (B0, B1, ...) and
/// (_, B1, ...)): p = ((t0,r0), ..., (t_{r-1},r_{r-1}), e_r, ...) arranged straight into out,
/// without building zip2_by's halves. out holds every node and leaf of both halves plus their
/// tuple nodes, so it fits exactly when the halves and the pushes of them do, and the capacity
/// error is theirs (TupleBuilder's). The forms, as arrange's pushes make them (a half of rank 1
/// is pushed whole by push_unpacked):
///   zipped ((t...), (r..., e...)); tiled ((t...), r..., e...); flat (t..., r..., e...).
/// @return false, writing nothing, when p is not of that form (zip2_by reports why).
/// Example: zipped_divide((8,6):(1,8), (2,3)) = ((2,3),(4,2)):((1,8),(2,24))
template <int N>
LAYOUTREF_HD constexpr bool arrange_flat_guide(LayoutN<N> const& p, int r, Arrangement how, Result<LayoutN<N>>& out) {
  using Out = LayoutN<N>;
  if (p.is_leaf() || p.node[0] < r) return false;
  int const items = p.node[0];
  // Tile i's span, [0, r). A pair has at least 3 nodes, so r <= kNodes / 3. Rest i is what lies
  // between tile i and the pair node of item i + 1; the last rest and e_r, ... are p's nodes
  // and leaves past the last tile, in one piece.
  NodeSpan tiles[Out::kNodes / 3];
  int k = 1, l = 0;
  for (int i = 0; i < r; ++i) {
    NodeSpan whole = span_at(p, k, l);
    if (p.node[k] != 2 || i >= Out::kNodes / 3) return false;
    tiles[i] = span_at(p, k + 1, l);
    k = whole.n1;
    l = whole.l1;
  }
  // Items of out's root, and the tuple nodes that wrap the halves.
  bool wrap_first = how == Arrangement::flat && r == 1;    // push_unpacked of the rank-1 (t0)
  bool wrap_second = how != Arrangement::zipped && items == 1;  // push_unpacked of the rank-1 (r0)
  int root = how == Arrangement::zipped ? 2 : how == Arrangement::tiled ? 1 + items : r + items;
  int extra = 1 + (how != Arrangement::flat || wrap_first ? 1 : 0) + (how == Arrangement::zipped || wrap_second ? 1 : 0);
  // the root, the wrapping tuples, and every node of p but its root and its r pair nodes
  int const nodes = extra + (p.nnodes - 1 - r), leaves = p.nleaves;
  Out& t = out.value;
  if (nodes > Out::kNodes || leaves > Out::kLeaves || root > 127) {
    out.error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
    return true;
  }
  t.nnodes = 0;
  t.nleaves = 0;
  t.node[t.nnodes++] = static_cast<std::int8_t>(root);
  if (how != Arrangement::flat || wrap_first) t.node[t.nnodes++] = static_cast<std::int8_t>(r);
  for (int i = 0; i < r; ++i) put_span(t, p, tiles[i]);
  if (how == Arrangement::zipped || wrap_second) t.node[t.nnodes++] = static_cast<std::int8_t>(items);
  for (int i = 0; i + 1 < r; ++i) put_span(t, p, NodeSpan{tiles[i].n1, static_cast<std::int16_t>(tiles[i + 1].n0 - 1), tiles[i].l1, tiles[i + 1].l0});
  put_span(t, p, NodeSpan{tiles[r - 1].n1, static_cast<std::int16_t>(p.nnodes), tiles[r - 1].l1, static_cast<std::int16_t>(p.nleaves)});
  return true;
}

/// The by-mode result `p` (computed with pairs for every form but logical) arranged, built in
/// its result.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> arrange(LayoutN<N> const& p, TilerN<N> const& t, Arrangement how) {
  // Every return returns `out`, the one named result: g++ builds a named result in place only
  // when every return statement returns it.
  Result<LayoutN<N>> out;
  if (how == Arrangement::logical) {
    out.value = p;
    return out;
  }
  detail_modes::start_tuple(out);
  if (t.profile.is_leaf()) {  // a terminal guide: p is the pair, its modes pushed straight from p (zip2_by's split, uncopied)
    if (p.is_leaf() || p.rank() != 2) {
      out.error = fail(Errc::bad_argument).add("zip2_by: a tiled mode of rank ").add(p.rank()).add(" is not a (tile, rest) pair");
      return out;
    }
    int const first = 1, second = p.end(1);
    push_unpacked_at(out, p, first, how == Arrangement::flat);
    push_unpacked_at(out, p, second, how != Arrangement::zipped);
    return out;
  }
  if (int r = flat_guide_rank(t.profile); r > 0 && arrange_flat_guide(p, r, how, out)) return out;
  auto split = zip2_by(p, t);
  if (!split.ok()) {
    out.error = split.error;
    return out;
  }
  Split<N> const& s = split.value;
  if (how == Arrangement::flat)
    push_unpacked(out, s.first);
  else
    detail_modes::push_part(out, s.first);
  if (how == Arrangement::zipped)
    detail_modes::push_part(out, s.second);
  else
    push_unpacked(out, s.second);
  return out;
}

/// make(), then keep_representable, built in its Result (make returns a Result<LayoutN<N>>).
template <class Make>
LAYOUTREF_HD constexpr auto representable_of(Make const& make) {
  auto r = make();
  keep_representable(r);
  return r;
}

/// The divides' and the products' common frame: A and T's layouts valid, leaf(mode, layout) by
/// mode (with pairs unless logical), arranged as `how` says, representable. `leaf_representable`:
/// leaf's results are representable (checked by leaf itself); for a layout tiler the result is then
/// leaf's, arranged, whose leaves are the same (the check sums over leaves), and is not checked again.
template <int N, class Leaf>
LAYOUTREF_HD constexpr Result<LayoutN<N>> by_mode_arranged(Arrangement how, LayoutN<N> const& a, TilerN<N> const& t, Cond rank_cond,
                                                           Leaf const& leaf, bool leaf_representable) {
  LAYOUTREF_CHECK(validate(a));
  for (int k = 0; k < t.n; ++k) LAYOUTREF_CHECK(validate(t.layouts[k]));
  // Every result below is returned as the prvalue its function builds (no copy of the tree).
  bool checked = leaf_representable && t.is_layout();
  if (how == Arrangement::logical) {
    if (checked) return by_mode(a, t, false, rank_cond, leaf);
    return representable_of([&] { return by_mode(a, t, false, rank_cond, leaf); });
  }
  auto r = by_mode(a, t, true, rank_cond, leaf);
  if (!r.ok()) return r.error;
  if (checked) return arrange(r.value, t, how);
  return representable_of([&] { return arrange(r.value, t, how); });
}

}  // namespace detail_tile

}  // namespace layoutref::impl
