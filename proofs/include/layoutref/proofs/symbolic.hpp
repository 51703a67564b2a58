// layoutref::proofs — tier 3: symbolic shapes and strides within stated bounds.
//
// A symbolic layout's leaves are Z3 integer terms over named variables (`a`, `b`, ...), each
// with its bounds `lo <= a <= hi` as a named hypothesis. The split of an index is the same
// explicit Euclidean division as in tier 1 (i = a*q + r, 0 <= r < a), now nonlinear: Z3 may
// answer unknown, which is reported as such.
#pragma once

#include <layoutref/proofs/encoding.hpp>

#include <map>
#include <optional>
#include <string>

namespace layoutref::proofs {

/// Named integer variables with inclusive bounds.
struct Variables {
  struct Var {
    std::string name;
    long long lo = 0, hi = 0;
  };
  std::vector<Var> vars;
  /// Facts about the variables, as written (`M % 128 == 0`, `d1 == n0*d0*e1`); each becomes a
  /// named hypothesis `fact.<text without blanks>` (query.hpp's add_facts).
  std::vector<std::string> facts;
  /// Parse `a in 1..64, b in 1..2^20, M % 128 == 0` (also `a = 4`): variables with inclusive
  /// bounds (an integer or 2^K, K <= 62) and facts (comparisons of terms, see parse_fact), in any
  /// order separated by commas; a fact may only name variables declared somewhere in the text.
  /// Returns an error message, empty when ok.
  std::string parse(std::string const& text);
  Var const* find(std::string const& name) const;
  /// Each variable's bounds as a hypothesis named `bound.<name>`.
  void into(z3::context& c, Obligation& o) const;
  /// `a=3, b=5` in a model.
  std::string str(z3::context& c, z3::model const& m) const;
};

/// An integer term over the variables: `a*b`, `2*a+1`, `-a`, `7`, `_7`.
/// Grammar: sum := prod {('+'|'-') prod}; prod := atom {'*' atom | '/' divisor};
/// atom := ['-'] (int ['^' int] | var); a divisor is a numeral >= 1 or a variable whose lower
/// bound is >= 1, and `/` is floor division (`M/128`).
/// Returns std::nullopt and sets `error` (with the column) on bad input.
std::optional<z3::expr> parse_term(z3::context& c, Variables const& vars, std::string const& text, std::string& error);

/// A fact: `TERM OP TERM` with OP one of == != <= < >= >, where the left term may end in
/// `% TERM` (Euclidean remainder; the divisor must be >= 1 for every value, else the fact is
/// bad input where it is checked): `M % 128 == 0`, `bM <= M`.
std::optional<z3::expr> parse_fact(z3::context& c, Variables const& vars, std::string const& text, std::string& error);

/// A layout `shape:stride` whose leaves are terms (parentheses only build tuples).
/// Basis strides are not accepted here. Returns std::nullopt and sets `error` on bad input.
std::optional<LeafLayout> parse_symbolic_layout(z3::context& c, Variables const& vars, std::string const& text,
                                                std::string& error);

}  // namespace layoutref::proofs
