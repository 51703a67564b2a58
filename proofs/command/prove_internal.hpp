// layoutref prove — what the files of the command (proofs/command/) share: reading a query's
// text (parse.cpp), what a query's or a call's name maps to (dispatch.cpp), and the checks that
// confirm an answer (portfolio.cpp). Internal to proofs/command/.
#pragma once

#include <layoutref/notation/term.hpp>
#include <layoutref/proofs/algebra.hpp>
#include <layoutref/spec/layout.hpp>

#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs::prove_detail {

namespace lp = layoutref::proofs;
namespace sp = layoutref::spec;
using notation::Kind;
using notation::Term;

// Bad input: the message names what is wrong; the command exits 2.
struct BadInput {
  std::string message;
};

// parse.cpp

std::string trim(std::string const& s);

// `text` for a message: at most 80 characters of it.
std::string quote(std::string const& text);

// Split at top-level commas ('(', '<', '[' nest).
std::vector<std::string> split_args(std::string const& s);

// Split at top-level ` o ` (function composition and CuTe's ComposedLayout chains).
std::vector<std::string> split_chain(std::string const& s);

// NAME(ARGS) as a whole text: the name and the inside; false for anything else.
bool call_of(std::string const& s, std::string& name, std::string& inside);

Term evaluate_call(std::string const& text);

Term literal(std::string const& text);

sp::Layout spec_layout(Term const& t, std::string const& what);

struct Query {
  z3::context ctx;
  lp::Setting setting;
  Query() { setting.ctx = &ctx; }

  lp::Fn term_fn(Term const& t, std::string const& text);

  // The divisors the variables' bounds alone do not show >= 1 (symbolic.hpp's PendingDivisor:
  // `6/(2/a)` under a <= 2), each shown >= 1 under the hypotheses before the term is used: bad
  // input where one can be below 1 (z3's division by 0 is unspecified), unknown where z3 cannot tell.
  void check_divisors(std::vector<lp::PendingDivisor> const& pending, std::string const& text);

  // One part of a chain: a call, CuTe notation, or a layout over the variables.
  // Notes on how the query's functions were made (symbolic operations), for the answer.
  std::vector<std::string> notes;

  // op(ARGS) whose arguments are layouts over the --where variables (algebra.hpp), or nullopt
  // when they are not.
  int symbolic_depth = 0;  // calls nested inside symbolic_call now

  std::optional<lp::Fn> symbolic_call(std::string const& name, std::string const& inside);

  lp::Fn part(std::string const& text);

  lp::Fn function(std::string const& text);

  z3::expr integer(std::string const& text);
  z3::expr term(std::string const& text) { return integer(trim(text)); }

  // A slice coordinate: `_`, a term, or a tuple `(i,_,(j,k))`.
  lp::SymCoord coordinate(std::string const& written);
};

// dispatch.cpp

// Translation validation of a claimed result of op(args).
std::optional<lp::Answer> validate_claim(lp::Setting const& s, std::string const& op, std::vector<Term> const& args,
                                         Term const& claimed);

lp::Answer run_query(Query& q, std::string const& text);

// portfolio.cpp

// The checks that confirmed an answer, for its line. A z3 proof is replayed in a fresh z3 process
// within what is left of the budget; where the replay does not confirm it the answer becomes
// unknown. Throws lp::InternalError where a check contradicts the answer.
std::vector<std::string> confirm(lp::Answer& a, lp::Setting const& s);

}  // namespace layoutref::proofs::prove_detail

namespace layoutref::proofs {
using namespace prove_detail;
}  // namespace layoutref::proofs
