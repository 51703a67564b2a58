// layoutref::impl — tilers: a layout, `_`, or a (nested) tuple of them, applied by mode.
// An integer n used as a tiler is the layout n:1 (CuTe docs 02_layout_algebra.md).
#pragma once

#include <layoutref/impl/layout.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

inline constexpr int kMaxTilerLayouts = 8;

struct Tiler {
  static constexpr std::int8_t kUnderscore = -1;
  /// The tiler's profile: a leaf is the index of a layout in `layouts`, or kUnderscore.
  Tree<std::int8_t> profile = Tree<std::int8_t>::of(kUnderscore);
  Layout layouts[kMaxTilerLayouts] = {};
  std::int8_t n = 0;

  LAYOUTREF_HD constexpr bool is_tuple() const { return !profile.is_leaf(); }
  LAYOUTREF_HD constexpr bool is_underscore() const { return profile.is_leaf() && profile.leaf[0] == kUnderscore; }
  LAYOUTREF_HD constexpr bool is_layout() const { return profile.is_leaf() && profile.leaf[0] != kUnderscore; }
  /// @pre is_layout()
  LAYOUTREF_HD constexpr Layout const& layout() const { return layouts[profile.leaf[0]]; }
  LAYOUTREF_HD constexpr int rank() const { return profile.rank(); }

  LAYOUTREF_HD static constexpr Tiler of(Layout const& l) {
    Tiler t;
    t.profile = Tree<std::int8_t>::of(0);
    t.layouts[0] = l;
    t.n = 1;
    return t;
  }
  LAYOUTREF_HD static constexpr Tiler underscore() { return Tiler{}; }

  /// Item i of a tuple tiler, as a tiler of its own. @pre is_tuple()
  LAYOUTREF_HD constexpr Tiler item(int i) const {
    Tiler t;
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

/// Builds a tuple tiler from items.
struct TilerBuilder {
  TupleBuilder<std::int8_t> profile{};
  Tiler t{};
  Error error{};

  LAYOUTREF_HD constexpr void push(Tiler const& item) {
    if (!error.ok()) return;
    if (t.n + item.n > kMaxTilerLayouts) {
      error = fail(Errc::capacity).add("a tiler with more than ").add(kMaxTilerLayouts).add(" layouts");
      return;
    }
    Tree<std::int8_t> p = item.profile;
    for (int k = 0; k < p.nleaves; ++k) {
      if (p.leaf[k] == Tiler::kUnderscore) continue;
      t.layouts[t.n] = item.layouts[p.leaf[k]];
      p.leaf[k] = t.n++;
    }
    profile.push(p);
  }
  LAYOUTREF_HD constexpr Result<Tiler> done() {
    if (!error.ok()) return error;
    LAYOUTREF_TRY(t.profile, profile.done());
    return t;
  }
};

}  // namespace layoutref::impl
