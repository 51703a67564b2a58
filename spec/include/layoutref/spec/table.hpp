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

/// factor(table): the layout whose function is `table`, in coalesced form, if there is one.
///
/// Terms. The function of a layout L is i ↦ L(i) on [0, size(L)); it is that of L's leaves, the
/// flat (n_0,...,n_k):(d_0,...,d_k): L(i) = Σ_j d_j*(floor(i/P_j) mod n_j), P_j = n_0*...*n_(j-1).
/// L is in *coalesced form* when it is 1:0; or an integral n:d with n >= 2; or flat with at least
/// two modes, every n_j >= 2, and no two adjacent modes that merge (d_(j+1) != n_j*d_j). These
/// are the results of CuTe's coalesce (cute/layout.hpp: same size, same function, depth <= 1;
/// CuTe docs 02_layout_algebra.md "Coalesce": s0:d0 ++ _1:d1 => s0:d0, _1:d0 ++ s1:d1 => s1:d1,
/// s0:d0 ++ s1:s0*d0 => s0*s1:d0), without CuTe's trailing `_1:_0` cases and static markers.
///   @pre  the values are integers or Values (any abelian group: the proof uses the group laws
///         only), each fitting in int64.
///   @post C with C(i) == table[i] for every i < table.size() (size(C) == table.size()), C in
///         coalesced form, iff the table is the function of some layout; std::nullopt otherwise:
///         for the empty table (no layout has size 0), a table with table[0] != 0 (L(0) = 0),
///         and every other table that is no layout's function. Never throws: a comparison whose
///         exact right side passes int64 is a mismatch (the table's value fits), as at the end
///         of the first mode of (2,2):(2^62,1), where 2*2^62 is compared with 1.
/// Lemma (the coalesced form exists and is unique, and factor finds it). The algorithm, on the
/// current table g of length n (first the whole table, g[0] = 0): while n > 1, let d = g[1] and
/// len the largest m <= n with g[i] = i*d for every i < m (len >= 2); fail unless len | n and
/// g[i + len*j] = g[i] + g[len*j] for i < len, j < n/len; record the mode len:d and go on with
/// h[j] = g[len*j], of length n/len (h[0] = 0). At n = 1 the recorded modes are the result.
///   Soundness (a result is right). If H has the function h, then (len, H):(d, strides of H)
///   has the function g: g[i + len*j] = i*d + h[j] with i its first digit. At n = 1 the rest is
///   1:0, so the recorded modes have the function of the table. Each mode has len >= 2 (n > 1
///   when it is made), and the next mode's stride is h[1] = g[len] != len*d whenever len < n
///   (len is the largest): no two adjacent modes merge, and the result is in coalesced form.
///   Completeness (a layout's function is found). Every layout has a coalesced form with its
///   function (flatten, then CuTe's rules above: drop size-1 modes, merge mergeable neighbours).
///   Let C = (n_0,...,n_k):(d_0,...,d_k) be any coalesced form with the function t. Then
///   t[i] = i*d_0 for i < n_0 and, when k >= 1, t[n_0] = d_1 != n_0*d_0: the step finds len =
///   n_0, d = d_0; n_0 | n; t[i + n_0*j] = t[i] + C'(j) with C' = (n_1,...):(d_1,...), so the check
///   passes and h = C' is again a coalesced form; by induction on k the result is C (k = 0:
///   len = n, the integral n_0:d_0; size 1: C = 1:0 and t = [0]). Uniqueness: factor(t) is one
///   layout and equals every coalesced form of t. Fewest modes: any layout with the function t
///   reduces by the rules above (which only remove modes) to a coalesced form, which is C.
/// Cost: each step reads the current table once (len*(n/len) checks); a step at least halves n,
/// so at most log2(n) steps, and the copies h together are at most n entries.
/// Tested as stated: tests/spec/factor_test.cpp (every small layout and every small table).
std::optional<Layout> factor(std::vector<Value> const& table);
/// factor() of the integer table table[0, min(prefix, size)), read in place (the same lemma).
std::optional<Layout> factor(std::vector<i64> const& table, size_t prefix);

}  // namespace layoutref::spec
