// layoutref::spec — function tables.
//
// The spec decides questions about layouts by looking at their functions, one entry per
// index. Tables are bounded in entries and in bytes: any table past the bound (2^24 entries and
// 1 GiB by default, see set_table_limit, table_memory_limit) is refused with
// Error(Kind::table_limit) saying how large it would be.
#pragma once

#include <layoutref/spec/layout.hpp>

#include <optional>
#include <string>
#include <vector>

namespace layoutref::spec {

/// The largest number of entries a function table may have.
i64 table_limit();
/// The most the bound may be raised to: kTableMemoryLimitMax / kTableBytesPerEntry (2^34). A
/// question evaluated one index at a time (no table in memory) is bounded by the entries alone,
/// so this bounds its work too.
inline constexpr i64 kTableLimitMax = (i64{1} << 40) / 64;
/// Set the bound (1..kTableLimitMax; otherwise Error(bad_argument) naming the range). Returns the
/// previous bound.
i64 set_table_limit(i64 entries);

/// The memory bound follows the entry bound: kTableBytesPerEntry bytes an entry of
/// table_limit() (1 GiB at the default 2^24 entries), at most kTableMemoryLimitMax.
inline constexpr i64 kTableBytesPerEntry = 64;
inline constexpr i64 kTableMemoryLimitMax = i64{1} << 40;
static_assert(kTableLimitMax == kTableMemoryLimitMax / kTableBytesPerEntry);
/// The most bytes one function table (with the working memory its question needs per entry,
/// see require_table) may take.
i64 table_memory_limit();

/// Throw Error(Kind::table_limit) when n > table_limit() or when n entries of
/// `bytes_per_entry` bytes (all the memory the question needs per entry) exceed
/// table_memory_limit(); `what` names the table; the message gives both sizes and both bounds
/// (bytes_per_entry == 0: the question evaluates one index at a time, and the message says so).
/// @pre n >= 0, bytes_per_entry >= 0
void require_table(i64 n, std::string const& what, i64 bytes_per_entry = sizeof(Value));

/// An upper bound of the memory one value of l's function takes: sizeof(Value), plus, where the
/// strides have basis terms, the term buffer and one path buffer per distinct path.
i64 bytes_per_value(Layout const& l);

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
/// factor() of the integer table table[0, min(prefix, size)), read in place.
std::optional<Layout> factor(std::vector<i64> const& table, size_t prefix);

}  // namespace layoutref::spec
