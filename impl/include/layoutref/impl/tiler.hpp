// layoutref::impl — tilers: a layout, `_`, or a (nested) tuple of them, applied by mode.
// An integer n used as a tiler is the layout n:1 (CuTe docs 02_layout_algebra.md).
//
// Capacity: TilerN<N> holds layouts of capacity N (LayoutN<N>) and a profile of N leaves
// (Tree<std::int8_t, N>); `Tiler` is TilerN<kMaxLeaves>. It holds at most kLayouts layouts:
// kMaxTilerLayouts, or N where N is smaller (a profile of N leaves refers to at most N layouts,
// so nothing that fits the profile is refused for it). with_capacity<M> converts a tiler.
#pragma once

#include <layoutref/impl/layout.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

inline constexpr int kMaxTilerLayouts = 8;

template <int N>
struct TilerN {
  static constexpr std::int8_t kUnderscore = -1;
  /// The most layouts a tiler of capacity N holds.
  static constexpr int kLayouts = N < kMaxTilerLayouts ? N : kMaxTilerLayouts;
  using Profile = Tree<std::int8_t, N>;
  /// The tiler's profile: a leaf is the index of a layout in `layouts`, or kUnderscore.
  Profile profile = Profile::of(kUnderscore);
  LayoutN<N> layouts[kLayouts] = {};
  std::int8_t n = 0;

#if defined(__CUDA_ARCH__)
  /// Device code only: a tiler (9 KB at 32 leaves) is copied by a constructor, which copies the
  /// layouts in use [0, n) (no function reads past n) and makes the type non-trivial for calls,
  /// so that a tiler returned by value (TilerN::of, TilerBuilderN::done) is built in the caller's
  /// object. Trivially copyable, nvcc 13 (cicc) copied the whole returned tiler field by field,
  /// thousands of instructions at every `op(a, b)` that makes one (docs/performance.md, "Device
  /// code: results returned through memory"). Host code keeps the trivial copy.
  LAYOUTREF_HD constexpr TilerN() {}  // NOLINT(modernize-use-equals-default): = default would zero the layouts in TilerN{}
  LAYOUTREF_HD constexpr TilerN(TilerN const& o) : profile(o.profile), n(o.n) {
    for (int k = 0; k < o.n; ++k) layouts[k] = o.layouts[k];
  }
  TilerN& operator=(TilerN const&) = default;
#endif

  LAYOUTREF_HD constexpr bool is_tuple() const { return !profile.is_leaf(); }
  LAYOUTREF_HD constexpr bool is_underscore() const { return profile.is_leaf() && profile.leaf[0] == kUnderscore; }
  LAYOUTREF_HD constexpr bool is_layout() const { return profile.is_leaf() && profile.leaf[0] != kUnderscore; }
  /// @pre is_layout()
  LAYOUTREF_HD constexpr LayoutN<N> const& layout() const { return layouts[profile.leaf[0]]; }
  LAYOUTREF_HD constexpr int rank() const { return profile.rank(); }

  LAYOUTREF_HD static constexpr TilerN of(LayoutN<N> const& l) {
    TilerN t;
    t.profile = Profile::of(0);
    t.layouts[0] = l;
    t.n = 1;
    return t;
  }
  LAYOUTREF_HD static constexpr TilerN underscore() { return TilerN{}; }

  /// Item i of a tuple tiler, as a tiler of its own. @pre is_tuple()
  LAYOUTREF_HD constexpr TilerN item(int i) const {
    TilerN t;
    t.profile = profile.subtree(profile.child(0, i));
    for (int k = 0; k < t.profile.nleaves; ++k) {
      std::int8_t idx = t.profile.leaf[k];
      if (idx == kUnderscore) continue;
      t.layouts[t.n] = layouts[idx];
      t.profile.leaf[k] = t.n++;
    }
    return t;
  }
};
/// The tiler of the default capacity kMaxLeaves, which the rest of impl uses.
using Tiler = TilerN<kMaxLeaves>;

/// Builds a tuple tiler of capacity N from items.
template <int N>
struct TilerBuilderN {
  using Out = TilerN<N>;
  TupleBuilder<std::int8_t, N> profile{};
  Out t{};
  Error error{};

  LAYOUTREF_HD constexpr void push(Out const& item) {
    if (!error.ok()) return;
    if (t.n + item.n > Out::kLayouts) {
      error = fail(Errc::capacity).add("a tiler with more than ").add(Out::kLayouts).add(" layouts");
      return;
    }
    typename Out::Profile p = item.profile;
    for (int k = 0; k < p.nleaves; ++k) {
      if (p.leaf[k] == Out::kUnderscore) continue;
      t.layouts[t.n] = item.layouts[p.leaf[k]];
      p.leaf[k] = t.n++;
    }
    profile.push(p);
  }
  LAYOUTREF_HD constexpr Result<Out> done() {
    if (!error.ok()) return error;
    LAYOUTREF_TRY(t.profile, profile.done());
    return t;
  }
};
using TilerBuilder = TilerBuilderN<kMaxLeaves>;

/// t at capacity M: the same tiler, or capacity when its profile or one of its layouts does not
/// fit M (with_capacity of a tree).
template <int M, int N>
LAYOUTREF_HD constexpr Result<TilerN<M>> with_capacity(TilerN<N> const& t) {
  TilerN<M> r;
  LAYOUTREF_TRY(r.profile, with_capacity<M>(t.profile));
  if (t.n > TilerN<M>::kLayouts)
    return fail(Errc::capacity).add("a tiler of ").add(static_cast<int>(t.n)).add(" layouts does not fit ").add(TilerN<M>::kLayouts);
  for (int k = 0; k < t.n; ++k) {
    LAYOUTREF_TRY(r.layouts[k], with_capacity<M>(t.layouts[k]));
  }
  r.n = t.n;
  return r;
}

}  // namespace layoutref::impl
