// layoutref::spec — function tables.
//
// The spec decides questions about layouts by looking at their functions, one entry per
// index. Tables are bounded: any table past the bound (2^24 entries by default, see
// set_table_limit) is refused with Error(Kind::table_limit) saying how large it would be.
#pragma once

#include <layoutref/spec/layout.hpp>

#include <optional>
#include <string>
#include <vector>

namespace layoutref::spec {

/// The largest number of entries a function table may have.
i64 table_limit();
/// Set the bound (>= 1). Returns the previous bound.
i64 set_table_limit(i64 entries);
/// Throw Error(Kind::table_limit) when n > table_limit(); `what` names the table.
void require_table(i64 n, std::string const& what);

/// A layout flattened to its leaf modes, for evaluating many indices.
struct FlatLayout {
  std::vector<i64> shape;
  std::vector<Value> stride;
  explicit FlatLayout(Layout const& l);
  i64 size() const;
  /// L(i); with `extended`, i may exceed size(L) and overflows into the last leaf.
  Value operator()(i64 i, bool extended = false) const;
};

/// The values L(0), ..., L(size(L)-1). Bounded by table_limit().
std::vector<Value> tabulate(Layout const& l);

/// The layout with the fewest modes whose function on [0, table.size()) is `table`, if
/// there is one: a flat layout (n0,...,nk):(d0,...,dk) with no size-1 modes and no two
/// adjacent modes that could merge (d(j+1) != nj*dj), an integral n:d for one mode, 1:0
/// for a table of size 1. This is the coalesced form, and it is unique.
/// Method: n0 is the length of the longest prefix on which f(i) = i*d0 with d0 = f(1);
/// then f(i + n0*j) = f(i) + f(n0*j) is verified and the rest is factored the same way
/// (any layout function is found this way: by induction on its coalesced form).
std::optional<Layout> factor(std::vector<Value> const& table);

}  // namespace layoutref::spec
