// layoutref::proofs — a layout's function as Z3 terms (shared by the tiers).
//
// The function of L = S:D (docs/semantics.md, "The layout function"): a 1-D index i is split
// colexicographically into the natural coordinate of S, leftmost leaf fastest, then the inner
// product with D is taken. The split is written as an explicit Euclidean division per leaf,
//     c = s_k * q_k + r_k,  0 <= r_k < s_k,
// with fresh variables q_k, r_k: linear when the shape entries are numerals (tier 1), nonlinear
// when they are symbolic (tier 3). With `extended`, the last leaf is unbounded: an index past
// size(S) overflows into it (CuTe's idx2crd; the extension composition uses).
//
// Values are elements of the free Z-module of docs/semantics.md: an integer part plus one
// coefficient per scaled-basis path (`3@1`), so basis strides give tuple values.
#pragma once

#include <layoutref/proofs/prover.hpp>
#include <layoutref/spec/int_tuple.hpp>
#include <layoutref/spec/value.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

/// A symbolic value: path {} is the integer part; other paths are basis coefficients.
class SymValue {
 public:
  explicit SymValue(z3::expr scalar) { parts_.emplace(spec::Path{}, scalar); }
  static SymValue of(z3::context& c, spec::Value const& v);
  /// k@path (integer part 0). @pre path is not empty
  static SymValue basis(z3::expr const& k, spec::Path const& path);
  z3::expr scalar() const { return parts_.at(spec::Path{}); }
  bool is_integer() const { return parts_.size() == 1; }
  std::map<spec::Path, z3::expr> const& parts() const { return parts_; }
  SymValue operator+(SymValue const& o) const;
  SymValue scaled(z3::expr const& k) const;
  /// Component-wise equality (a missing component is 0).
  z3::expr equals(SymValue const& o) const;
  /// The value in a model, in CuTe's notation: `7`, or `(3,1)`-like sums `3@0+1@1`.
  std::string str(z3::model const& m) const;

 private:
  std::map<spec::Path, z3::expr> parts_;
};

/// A layout with Z3 terms at its leaves: `profile` is the nesting, leaf k holding the number k.
struct LeafLayout {
  spec::IntTuple profile;
  std::vector<z3::expr> shape;
  std::vector<SymValue> stride;
  std::vector<std::string> shape_text;  ///< leaf k's shape as written (`a-5`, `4`), for messages
  /// A tensor's origin (a slice at a coordinate, a thread's or a tile's partition): the function
  /// is i -> offset + L(i). Absent for a layout (offset 0).
  std::optional<SymValue> offset;
  /// Leaf k of a symbolic operation's result whose shape is 1 for some values only, where the
  /// spec's result (factored from its values) is 1:0 or has no such leaf: the same function, but
  /// not the same extension past the layout (docs/semantics.md, Â). An operation that extends
  /// past such a layout (composition's A, `o`) decides the leaf first (algebra.hpp). Empty: none.
  std::vector<bool> loose;
  bool is_loose(size_t k) const { return k < loose.size() && loose[k]; }
  z3::expr size() const;
  /// The layout's text in a model (CuTe notation, values substituted; `offset + L` with an offset).
  std::string str(z3::model const& m) const;
  /// The natural coordinate of the index in a model, e.g. `(2,(1,0))`.
  std::string coordinate(z3::model const& m, std::vector<z3::expr> const& coords) const;
};

/// Builds terms and records the definitions of the fresh variables it introduces.
class Encoder {
 public:
  explicit Encoder(z3::context& c) : ctx(c) {}
  z3::context& ctx;
  std::vector<z3::expr> definitions;  ///< constraints defining the fresh variables (hold by construction)
  std::vector<z3::expr> fresh_vars;

  z3::expr fresh(std::string const& stem);
  /// The colexicographic split of `index` over `shape` (explicit Euclidean divisions).
  /// @post index == c0 + s0*(c1 + s1*(...)), 0 <= c_k < s_k for k < last.
  std::vector<z3::expr> split(z3::expr const& index, std::vector<z3::expr> const& shape);
  /// L(i) = Σ c_k d_k over the split of i. The domain bound i < size(L) is the caller's.
  SymValue evaluate(LeafLayout const& l, z3::expr const& index, std::vector<z3::expr>* coords = nullptr);
  /// Assert every definition into an obligation.
  void into(Obligation& o) const;
};

}  // namespace layoutref::proofs
