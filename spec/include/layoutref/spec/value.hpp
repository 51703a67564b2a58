// layoutref::spec — values of layout functions.
//
// A stride, and so a value of a layout function, is an integer or a scaled basis element
// k@p (CuTe's ScaledBasis: k times the unit vector at mode path p), or a sum of them
// (CuTe's ArithmeticTuple). Together they form the free Z-module on {1} and the paths; a
// layout function is Z-linear in its natural coordinate, so this is all the spec needs.
// Source: CuTe docs 0z_tma_tensors.md ("ArithTupleIterator and ScaledBasis").
#pragma once

#include <layoutref/spec/checked.hpp>

#include <compare>
#include <string>
#include <utility>
#include <vector>

namespace layoutref::spec {

/// A mode path, outermost mode first: the basis element printed `1@0@1` has path {1, 0}.
using Path = std::vector<int>;

struct BasisTerm {
  Path path;    ///< non-empty
  i64 coeff;    ///< non-zero
  friend bool operator==(BasisTerm const&, BasisTerm const&) = default;
};

class Value {
 public:
  Value() = default;
  Value(i64 scalar) : scalar_(scalar) {}  // NOLINT(google-explicit-constructor): integers are values
  /// k @ path
  static Value basis(i64 k, Path path);

  bool is_integer() const { return basis_.empty(); }
  bool is_zero() const { return scalar_ == 0 && basis_.empty(); }
  /// @pre is_integer(), else throws bad_argument naming `what`
  i64 integer(char const* what = "value") const;
  i64 scalar() const { return scalar_; }
  std::vector<BasisTerm> const& terms() const { return basis_; }
  /// The coefficient at path (0 if absent); the empty path is the integer part.
  i64 at(Path const& path) const;

  friend Value operator+(Value const& a, Value const& b);
  friend Value operator-(Value const& a, Value const& b);
  friend Value operator*(i64 k, Value const& v);
  friend bool operator==(Value const&, Value const&) = default;

  /// Σ k_j * v_j for the pairs (k_j, v_j), exact: throws overflow only when a component of the
  /// sum itself does not fit in int64, never for a partial sum (as CuTe's wrapping int64
  /// arithmetic gives the true value whenever it fits).
  /// @pre Σ |k_j| * |component of v_j| < 2^127 (true when the k_j are coordinates of a layout
  /// whose size fits in int64, or at most 2^63 in all)
  static Value linear_combination(std::vector<std::pair<i64, Value>> const& terms);

  /// CuTe's printed form of a stride: `5`, `3@1`, `1@0@1`; sums as `1@0+2@1` (layoutref).
  std::string str() const;

 private:
  i64 scalar_ = 0;
  std::vector<BasisTerm> basis_;  // sorted by path, no zero coefficients
};

}  // namespace layoutref::spec
