// layoutref::proofs — the mixed-radix lemma: a compact layout is a bijection onto [0, size).
//
// Lemma (radix.step in the law library, proved by Z3 for all integers, no bounds): for P >= 1,
// s >= 1, the map (y, c) -> y + P*c from [0,P) x [0,s) is injective with image in [0, P*s)
// (so, by counting, onto it). By induction over the leaves in the order pi below, the map
// (c_0, ..., c_{r-1}) -> Σ c_k d_k from Π [0, s_k) is a bijection onto [0, Π s_k) whenever
//     d_{pi(k)} = Π_{j<k} s_{pi(j)}    for every leaf pi(k) whose shape is not identically 1,
// every shape entry is >= 1, and leaves whose shape is the numeral 1 are left out (their
// coordinate is always 0). The colexicographic split of an index is the inverse of the same
// map for the identity order (strides 1, s_0, s_0*s_1, ...), so it is a bijection from
// [0, size) onto the coordinates, and the layout is a bijection from [0, size) onto [0, size).
//
// The premises are equalities of terms, checked as one obligation under the query's hypotheses
// (so a stride equal to the running product only under a stated fact is accepted too); the
// order is found by comparing the terms' sum-of-monomials normal forms (Z3's simplifier).
#pragma once

#include <layoutref/proofs/encoding.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

struct RadixOrder {
  std::vector<size_t> order;  ///< the leaves of shape other than 1, in increasing stride
  std::vector<size_t> unit;   ///< the leaves whose shape is the numeral 1
  /// "leaves 1, 0 (strides b... = running products of the shapes)" for an answer's note.
  std::string str(LeafLayout const& l) const;
};

/// Definitions `x == term` (x a variable not in the term) among named hypotheses, which
/// radix_order substitutes before comparing terms (`d1 == n0*d0*e1`, stride_divisibility).
struct Definitions {
  std::vector<z3::expr> var, term;
  static Definitions of(std::vector<std::pair<std::string, z3::expr>> const& hypotheses);
  /// e with every defined variable replaced by its term, repeatedly (chains of definitions).
  z3::expr expand(z3::expr const& e) const;
};

/// The order in which l's strides are the running products of its shapes, by the normal forms
/// of the terms (after `defs`); std::nullopt when there is none (a basis stride, a stride that
/// is no running product, two leaves claiming one place). Only a candidate: the premises must
/// still be proved. @pre every shape entry of l is >= 1 (checked by the caller).
std::optional<RadixOrder> radix_order(LeafLayout const& l, Definitions const& defs = {});
/// The same with `equal` deciding whether a stride is the running product (by_radix passes the
/// normal forms, then the solver under the hypotheses: M = 128*(M/128) given M % 128 == 0).
std::optional<RadixOrder> radix_order(LeafLayout const& l, std::function<bool(z3::expr const&, z3::expr const&)> const& equal);

/// The lemma's premises for `order`: d_{pi(k)} == Π_{j<k} s_{pi(j)} for every k.
z3::expr radix_premises(LeafLayout const& l, RadixOrder const& order);

/// Π of l's shape entries, in `order` (the lemma's size; equal to size(l) as a product).
z3::expr radix_size(LeafLayout const& l, RadixOrder const& order);

}  // namespace layoutref::proofs
