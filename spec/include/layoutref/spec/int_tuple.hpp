// layoutref::spec — IntTuple: an integer or a tuple of IntTuples.
//
// Source: CuTe docs 01_layout.md ("IntTuple"), cute/int_tuple.hpp. Shapes, strides and
// coordinates are hierarchical tuples. HTuple<T> is the plain recursive value; IntTuple has
// integer leaves, Stride (layout.hpp) has Value leaves. `4` and `(4)` are different: the
// second is a rank-1 tuple.
#pragma once

#include <layoutref/spec/checked.hpp>

#include <functional>
#include <string>
#include <vector>

namespace layoutref::spec {

template <class T>
struct HTuple {
  bool leaf = true;
  T value{};                    ///< when leaf
  std::vector<HTuple> items;    ///< when !leaf

  HTuple() = default;
  HTuple(T v) : leaf(true), value(std::move(v)) {}  // NOLINT: a leaf is an HTuple
  static HTuple tuple(std::vector<HTuple> items) {
    HTuple t;
    t.leaf = false;
    t.items = std::move(items);
    return t;
  }
  bool is_leaf() const { return leaf; }
  friend bool operator==(HTuple const&, HTuple const&) = default;
};

using IntTuple = HTuple<i64>;

/// rank: number of top-level modes; a leaf has rank 1.
template <class T> int rank(HTuple<T> const& t) { return t.leaf ? 1 : static_cast<int>(t.items.size()); }

/// depth: a leaf has depth 0, a tuple 1 + the largest depth of its items (the empty tuple: 1).
template <class T> int depth(HTuple<T> const& t) {
  if (t.leaf) return 0;
  int d = 0;
  for (auto const& x : t.items) d = std::max(d, depth(x));
  return 1 + d;
}

/// Mode i: for a tuple its item i, for a leaf (rank 1) the leaf itself when i == 0.
template <class T> HTuple<T> const& mode(HTuple<T> const& t, int i) {
  if (t.leaf) {
    if (i != 0) bad_argument("mode " + std::to_string(i) + " of a rank-1 integral tuple");
    return t;
  }
  if (i < 0 || i >= static_cast<int>(t.items.size()))
    bad_argument("mode " + std::to_string(i) + " of a rank-" + std::to_string(t.items.size()) + " tuple");
  return t.items[static_cast<size_t>(i)];
}

/// Nested mode get<I0,I1,...>(t).
template <class T> HTuple<T> const& get(HTuple<T> const& t, std::vector<int> const& path) {
  HTuple<T> const* p = &t;
  for (int i : path) p = &mode(*p, i);
  return *p;
}

/// The leaves in order (colexicographic order of the modes = left to right).
template <class T> void append_leaves(HTuple<T> const& t, std::vector<T>& out) {
  if (t.leaf) {
    out.push_back(t.value);
    return;
  }
  for (auto const& x : t.items) append_leaves(x, out);
}
template <class T> std::vector<T> leaves(HTuple<T> const& t) {
  std::vector<T> out;
  append_leaves(t, out);
  return out;
}
template <class T> int leaf_count(HTuple<T> const& t) {
  if (t.leaf) return 1;
  int n = 0;
  for (auto const& x : t.items) n += leaf_count(x);
  return n;
}

/// flatten: a leaf stays a leaf; a tuple becomes the flat tuple of its leaves.
template <class T> HTuple<T> flatten(HTuple<T> const& t) {
  if (t.leaf) return t;
  std::vector<HTuple<T>> items;
  for (auto const& v : leaves(t)) items.emplace_back(v);
  return HTuple<T>::tuple(std::move(items));
}

/// Replace the leaves of `profile`, in order, by `flat`. @pre flat.size() == leaf_count(profile)
template <class T, class U> HTuple<T> unflatten(std::vector<T> const& flat, HTuple<U> const& profile) {
  if (static_cast<int>(flat.size()) != leaf_count(profile))
    bad_argument("unflatten: " + std::to_string(flat.size()) + " values for a profile with " +
                 std::to_string(leaf_count(profile)) + " leaves");
  size_t next = 0;
  std::function<HTuple<T>(HTuple<U> const&)> go = [&](HTuple<U> const& p) -> HTuple<T> {
    if (p.leaf) return HTuple<T>(flat[next++]);
    std::vector<HTuple<T>> items;
    for (auto const& x : p.items) items.push_back(go(x));
    return HTuple<T>::tuple(std::move(items));
  };
  return go(profile);
}

/// Apply f to every leaf, keeping the profile.
template <class T, class F> auto transform_leaf(HTuple<T> const& t, F const& f) -> HTuple<decltype(f(t.value))> {
  using R = HTuple<decltype(f(t.value))>;
  if (t.leaf) return R(f(t.value));
  std::vector<R> items;
  for (auto const& x : t.items) items.push_back(transform_leaf(x, f));
  return R::tuple(std::move(items));
}

/// congruent: same profile (same nesting, same ranks).
template <class T, class U> bool congruent(HTuple<T> const& a, HTuple<U> const& b) {
  if (a.leaf || b.leaf) return a.leaf && b.leaf;
  if (a.items.size() != b.items.size()) return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!congruent(a.items[i], b.items[i])) return false;
  return true;
}

/// weakly_congruent(a, b): a's profile is a coarsening of b's (a leaf of a may stand for a
/// subtree of b). Partial order a <= b (cute/int_tuple.hpp).
template <class T, class U> bool weakly_congruent(HTuple<T> const& a, HTuple<U> const& b) {
  if (a.leaf) return true;
  if (b.leaf) return false;
  if (a.items.size() != b.items.size()) return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!weakly_congruent(a.items[i], b.items[i])) return false;
  return true;
}

/// size: the product of the leaves (the empty tuple has size 1). Checked.
i64 size(IntTuple const& t);

/// compatible(a, b): size(a) == size(b) and every coordinate of a is a coordinate of b;
/// equivalently each leaf of a equals the size of the matching subtree of b (CuTe docs
/// "Compatibility"; a <= b, a partial order). `4` is compatible with `(2,2)`, not vice versa.
bool compatible(IntTuple const& a, IntTuple const& b);

/// product_each: the rank(t) tuple of the sizes of the modes of t (a leaf gives a rank-1 tuple).
IntTuple product_each(IntTuple const& t);

/// inner_product of congruent integer tuples. Checked.
i64 inner_product(IntTuple const& a, IntTuple const& b);

/// shape_div (CuTe int_tuple.hpp): tuple/tuple element-wise; tuple/int folds the divisor
/// across the modes left to right; int/tuple divides by the product; int/int is ceil(a/b)
/// and requires a % b == 0 or b % a == 0 (the divisibility condition), else bad_argument.
IntTuple shape_div(IntTuple const& a, IntTuple const& b);

/// ceil_div (CuTe int_tuple.hpp): tuple/tuple element-wise (missing modes of b are 1);
/// tuple/int folds ceil division across the modes; int/tuple divides by the product.
IntTuple ceil_div(IntTuple const& a, IntTuple const& b);

/// A tuple with the profile of t and every leaf v.
template <class T> IntTuple repeat_like(HTuple<T> const& t, i64 v) {
  return transform_leaf(t, [v](T const&) { return v; });
}

/// Check that every leaf of a shape is >= 1; `what` names the argument in the error.
void validate_shape(IntTuple const& shape, std::string const& what);

/// CuTe's printed form without static markers: `4`, `(4)`, `(2,(3,4))`.
std::string str(IntTuple const& t);

}  // namespace layoutref::spec
