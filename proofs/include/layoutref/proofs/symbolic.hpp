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

/// A divisor that the variables' bounds alone do not show >= 1 (`6/(2/a)`, where a case's
/// hypothesis a <= 2 makes 2/a >= 1): accepted by the readers below only where they are given a
/// list to put it in, for the caller to prove it >= 1 under the hypotheses (prove: bad input
/// where it can be below 1, unknown where z3 cannot tell). `column` is 1-based in the text read;
/// `lowest` the bounds' lowest value, where they give one.
struct PendingDivisor {
  z3::expr term;
  std::string text;
  size_t column = 0;
  std::optional<long long> lowest;
};

/// An integer term over the variables: `a*b`, `2*a+1`, `-a`, `7`, `_7`, `(M*N+a-1)/a`, `M/a*N`, `a^2`.
/// Grammar: sum := prod {('+'|'-') prod}; prod := atom {'*' atom | '/' divisor | '%' divisor};
/// atom := ['-'] power; power := primary ['^' int]; primary := int | var | '(' sum ')'.
/// `/` is z3's integer division and `%` its remainder, the operations the symbolic algebra's
/// terms are made of: with a divisor >= 1, `/` rounds down (floor: CuTe's `/` on the non-negative
/// values of shapes and sizes) and `%` lies in [0, divisor). A divisor is an atom that is >= 1
/// for every value within the variables' bounds (interval arithmetic): a numeral >= 1, a
/// variable bounded below by 1, or a term in parentheses such as `(a*b)`; any other divisor is
/// refused, or, where `pending` is given, listed there for the caller to decide. `/`, `%` and `*` go
/// left to right (`M/a*N` is (M/a)*N); a numeral power is its value (`2^31`), any other power
/// the product of its factors (`a^2` is a*a). Every term term_text (algebra.hpp) prints reads
/// back as the same term.
/// Returns std::nullopt and sets `error` (with the column) on bad input.
std::optional<z3::expr> parse_term(z3::context& c, Variables const& vars, std::string const& text, std::string& error,
                                   std::vector<PendingDivisor>* pending = nullptr);

/// A fact: `TERM OP TERM` with OP one of == != <= < >= >, where the left term may end in
/// `% DIVISOR` (the remainder of the whole left term: `M+N % 4 == 0` is (M+N) % 4; a `%` inside
/// parentheses is the term's) (Euclidean remainder; the divisor must be >= 1 for every value, else the fact is
/// bad input where it is checked): `M % 128 == 0`, `bM <= M`.
std::optional<z3::expr> parse_fact(z3::context& c, Variables const& vars, std::string const& text, std::string& error);

/// A layout `shape:stride` whose leaves are terms. A '(' opens a term where a whole term follows
/// it (`(M*N+a-1)/a:a`, `((a*b),2):(1,a*b)`), else a tuple.
/// Basis strides are not accepted here. Returns std::nullopt and sets `error` on bad input.
std::optional<LeafLayout> parse_symbolic_layout(z3::context& c, Variables const& vars, std::string const& text,
                                                std::string& error, std::vector<PendingDivisor>* pending = nullptr);

/// A shape whose leaves are terms, `(bM,(M+a-1)/a)`, as a layout with every stride 1 (the shape
/// tilers and target shapes of prove's calls).
std::optional<LeafLayout> parse_symbolic_shape(z3::context& c, Variables const& vars, std::string const& text,
                                               std::string& error, std::vector<PendingDivisor>* pending = nullptr);

}  // namespace layoutref::proofs
