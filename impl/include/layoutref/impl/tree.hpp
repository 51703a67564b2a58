// layoutref::impl — fixed-capacity hierarchical tuples.
//
// Tree<L, N> is an IntTuple-like value: a leaf, or a tuple of Trees, stored without allocation
// as its nodes in pre-order (kLeaf for a leaf, k >= 0 for a tuple of k items) and its leaves in
// order. It is trivially copyable and usable in constexpr and device code. Capacity: N leaves
// and 2*N + 8 nodes (kLeaves, kNodes); building past it is Errc::capacity. The default
// capacity N = kMaxLeaves (nodes kMaxNodes) is the one `Layout`, `IntTuple` etc. name; a smaller
// N makes a small value (sizeof grows linearly in N), and with_capacity<M> converts between
// capacities, refusing a tree that does not fit.
#pragma once

#include <layoutref/impl/error.hpp>

#include <type_traits>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

/// The nodes a tree of capacity n leaves holds: its leaves and tuples (including empty ones).
LAYOUTREF_HD constexpr int nodes_for_leaves(int n) { return 2 * n + 8; }
static_assert(nodes_for_leaves(kMaxLeaves) == kMaxNodes);

template <class L, int N = kMaxLeaves>
struct Tree {
  static_assert(N >= 1, "a Tree holds at least one leaf");
  static_assert(std::is_trivially_default_constructible_v<L>, "a Tree's leaves are not cleared at run time (below)");
  static_assert(nodes_for_leaves(N) <= 255, "node and leaf counts are stored in 8 bits");
  static constexpr std::int8_t kLeaf = -1;
  /// The capacity: leaves and nodes.
  static constexpr int kLeaves = N;
  static constexpr int kNodes = nodes_for_leaves(N);

  /// Nodes [0, nnodes) and leaves [0, nleaves) are set; past them the arrays hold nothing that
  /// is read (no function reads past the counts), and making a Tree does not clear them at run
  /// time: a Tree is hundreds of bytes to a kilobyte, and every step of the algebra makes some.
  /// In constant evaluation they are cleared, since a constant expression copies no
  /// uninitialized object. @pre L is trivially default-constructible, so that it is cleared
  /// only here.
  std::int8_t node[kNodes];
  L leaf[kLeaves];
  std::uint8_t nnodes = 0;
  std::uint8_t nleaves = 0;

  LAYOUTREF_HD constexpr Tree() {  // NOLINT(cppcoreguidelines-pro-type-member-init): see above
    if (__builtin_is_constant_evaluated()) {
      for (auto& x : node) x = 0;
      for (auto& x : leaf) x = L{};
    }
  }

  LAYOUTREF_HD static constexpr Tree of(L v) {
    Tree t;
    t.node[0] = kLeaf;
    t.leaf[0] = v;
    t.nnodes = 1;
    t.nleaves = 1;
    return t;
  }
  LAYOUTREF_HD static constexpr Tree empty_tuple() {
    Tree t;
    t.node[0] = 0;
    t.nnodes = 1;
    return t;
  }

  LAYOUTREF_HD constexpr bool is_leaf() const { return node[0] == kLeaf; }
  /// rank: a leaf has rank 1, a tuple its number of items.
  LAYOUTREF_HD constexpr int rank() const { return is_leaf() ? 1 : node[0]; }
  /// The node just past the subtree that starts at node k.
  LAYOUTREF_HD constexpr int end(int k) const {
    int open = 1;
    while (open > 0) {
      open += (node[k] > 0 ? node[k] : 0) - 1;
      ++k;
    }
    return k;
  }
  /// The number of leaves before node k.
  LAYOUTREF_HD constexpr int leaf_index(int k) const {
    int n = 0;
    for (int j = 0; j < k; ++j)
      if (node[j] == kLeaf) ++n;
    return n;
  }
  /// The node of item i of the tuple at node k. @pre node[k] > i
  LAYOUTREF_HD constexpr int child(int k, int i) const {
    int c = k + 1;
    for (int j = 0; j < i; ++j) c = end(c);
    return c;
  }
  /// The subtree starting at node k, as a Tree of its own.
  LAYOUTREF_HD constexpr Tree subtree(int k) const {
    Tree t;
    int e = end(k), first = leaf_index(k);
    for (int j = k; j < e; ++j) {
      t.node[t.nnodes++] = node[j];
      if (node[j] == kLeaf) {
        t.leaf[t.nleaves++] = leaf[first++];
      }
    }
    return t;
  }
  /// Mode i: item i of a tuple; for a leaf (rank 1), the leaf itself when i == 0.
  LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Tree> mode(int i) const {
    if (i < 0 || i >= rank()) return no_mode(i);
    if (is_leaf()) return *this;
    return subtree(child(0, i));
  }
  /// mode(i).rank(), without copying the mode (mode's error when there is no mode i).
  LAYOUTREF_HD constexpr Result<int> mode_rank(int i) const {
    if (i < 0 || i >= rank()) return no_mode(i);
    if (is_leaf()) return 1;
    int c = child(0, i);
    return node[c] == kLeaf ? 1 : static_cast<int>(node[c]);
  }
  /// The error of mode(i) for an i that is not a mode.
  LAYOUTREF_HD constexpr Error no_mode(int i) const {
    return fail(Errc::bad_argument).add("mode ").add(i).add(" of a tuple of rank ").add(rank());
  }
  /// Depth: a leaf has depth 0, a tuple one more than its deepest item (the empty tuple: 1).
  LAYOUTREF_HD constexpr int depth() const {
    int d = 0, best = 0;
    int stack[kNodes] = {};  // remaining items at each open level
    int top = -1;
    for (int k = 0; k < nnodes; ++k) {
      if (node[k] != kLeaf) {
        ++d;
        if (d > best) best = d;
        stack[++top] = node[k];
        while (top >= 0 && stack[top] == 0) {
          --top;
          --d;
          if (top >= 0) --stack[top];
        }
      } else {
        if (top >= 0) --stack[top];
        while (top >= 0 && stack[top] == 0) {
          --top;
          --d;
          if (top >= 0) --stack[top];
        }
      }
    }
    return best;
  }
  LAYOUTREF_HD friend constexpr bool operator==(Tree const& a, Tree const& b) {
    if (a.nnodes != b.nnodes || a.nleaves != b.nleaves) return false;
    for (int k = 0; k < a.nnodes; ++k)
      if (a.node[k] != b.node[k]) return false;
    for (int k = 0; k < a.nleaves; ++k)
      if (!(a.leaf[k] == b.leaf[k])) return false;
    return true;
  }
};

/// Builds a tuple of capacity N item by item; capacity errors are kept and reported by done().
template <class L, int N = kMaxLeaves>
struct TupleBuilder {
  using Out = Tree<L, N>;
  Out t = Out::empty_tuple();
  int items = 0;
  Error error{};

  /// Push one item; an item of another capacity is copied if its nodes and leaves fit.
  template <int M>
  LAYOUTREF_HD constexpr void push(Tree<L, M> const& item) {
    if (!error.ok()) return;
    if (t.nnodes + item.nnodes > Out::kNodes || t.nleaves + item.nleaves > Out::kLeaves || items == 127) {
      error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
      return;
    }
    for (int k = 0; k < item.nnodes; ++k) t.node[t.nnodes++] = item.node[k];
    for (int k = 0; k < item.nleaves; ++k) t.leaf[t.nleaves++] = item.leaf[k];
    ++items;
  }
  LAYOUTREF_HD constexpr void push_leaf(L v) { push(Out::of(v)); }
  /// Push every item of a tuple (a leaf is pushed as one item).
  template <int M>
  LAYOUTREF_HD constexpr void push_items(Tree<L, M> const& tuple) {
    if (tuple.is_leaf()) {
      push(tuple);
      return;
    }
    for (int i = 0; i < tuple.rank(); ++i) push(tuple.subtree(tuple.child(0, i)));
  }
  LAYOUTREF_HD constexpr Result<Out> done() {
    if (!error.ok()) return error;
    t.node[0] = static_cast<std::int8_t>(items);
    return t;
  }
};

/// The same profile with every leaf replaced by f(leaf).
template <class R, class L, int N, class F>
LAYOUTREF_HD constexpr Tree<R, N> map_leaves(Tree<L, N> const& t, F const& f) {
  Tree<R, N> r;
  r.nnodes = t.nnodes;
  r.nleaves = t.nleaves;
  for (int k = 0; k < t.nnodes; ++k) r.node[k] = t.node[k];
  int n = t.nleaves < N ? t.nleaves : N;  // == t.nleaves (a Tree's invariant), stated for the compiler
  for (int k = 0; k < n; ++k) r.leaf[k] = f(t.leaf[k]);
  return r;
}

/// flatten: a leaf stays a leaf, a tuple becomes the flat tuple of its leaves.
template <class L, int N>
LAYOUTREF_HD constexpr Tree<L, N> flatten(Tree<L, N> const& t) {
  if (t.is_leaf()) return t;
  Tree<L, N> r;
  r.node[0] = static_cast<std::int8_t>(t.nleaves);
  r.nnodes = 1;
  for (int k = 0; k < t.nleaves; ++k) {
    r.node[r.nnodes++] = Tree<L, N>::kLeaf;
    r.leaf[k] = t.leaf[k];
  }
  r.nleaves = t.nleaves;
  return r;
}

/// Same profile (same nesting and ranks).
template <class A, int NA, class B, int NB>
LAYOUTREF_HD constexpr bool congruent(Tree<A, NA> const& a, Tree<B, NB> const& b) {
  if (a.nnodes != b.nnodes) return false;
  for (int k = 0; k < a.nnodes; ++k)
    if (a.node[k] != b.node[k]) return false;
  return true;
}

/// t at capacity M: the same tree, or capacity when its leaves or nodes do not fit M.
/// @post with_capacity<N>(with_capacity<M>(t).value) == t whenever the first succeeds
template <int M, class L, int N>
LAYOUTREF_HD constexpr Result<Tree<L, M>> with_capacity(Tree<L, N> const& t) {
  using Out = Tree<L, M>;
  if (t.nleaves > Out::kLeaves || t.nnodes > Out::kNodes)
    return fail(Errc::capacity)
        .add("a tree of ")
        .add(static_cast<int>(t.nleaves))
        .add(" leaves and ")
        .add(static_cast<int>(t.nnodes))
        .add(" nodes does not fit ")
        .add(Out::kLeaves)
        .add(" leaves and ")
        .add(Out::kNodes)
        .add(" nodes");
  Out r;
  r.nnodes = t.nnodes;
  r.nleaves = t.nleaves;
  for (int k = 0; k < t.nnodes; ++k) r.node[k] = t.node[k];
  for (int k = 0; k < t.nleaves; ++k) r.leaf[k] = t.leaf[k];
  return r;
}

}  // namespace layoutref::impl
