// layoutref equiv — `conform`: compute each vector's operation with impl and compare with CuTe.
//
// Verdicts per case: literal (same text once the static markers `_` are removed), functional
// (different text, but the same function at every index and a result the spec judges correct),
// different (the first index where impl's and CuTe's functions differ), refused (impl returned
// an error), unsupported (impl does not compute this op), malformed (the line does not parse).
#pragma once

#include <layoutref/equiv/vectors.hpp>

#include <layoutref/impl/error.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/term.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::equiv {

enum class Conformity { literal, functional, different, refused, unsupported, malformed };
char const* name(Conformity c);

/// How many cases got each verdict.
struct ConformTally {
  long literal = 0, functional = 0, different = 0, refused = 0, unsupported = 0, malformed = 0;

  /// The count of verdict c.
  long& operator[](Conformity c) {
    switch (c) {
      case Conformity::literal: return literal;
      case Conformity::functional: return functional;
      case Conformity::different: return different;
      case Conformity::refused: return refused;
      case Conformity::unsupported: return unsupported;
      case Conformity::malformed: break;
    }
    return malformed;
  }
  long operator[](Conformity c) const { return const_cast<ConformTally&>(*this)[c]; }
  void add(Conformity c) { ++(*this)[c]; }
  /// Every case counted.
  long cases() const { return literal + functional + different + refused + unsupported + malformed; }
};

/// What impl computed for one case: a term to print, or the error it returned.
struct ImplResult {
  std::optional<notation::Term> term;  ///< the result in CuTe notation, with static markers
  impl::Error error;                   ///< when !term
};

/// An operation's arguments, parsed.
using Args = std::vector<notation::Term>;
using ConformFn = std::function<ImplResult(Args const& args)>;

/// How an operation is called: its usage text, e.g. `complement(L[, M])`, and its number of
/// arguments (the row of operations.hpp).
struct Signature {
  std::string usage;
  size_t min_args = 0, max_args = 0;
};

struct ConformOutcome {
  Conformity verdict = Conformity::literal;
  std::string detail;      ///< the impl result, the refusal, or the first difference
  std::string impl_text;   ///< impl's printed result (empty when refused)
  bool impl_judged_wrong = false;  ///< the spec judges impl's (non-literal) result not correct
};

/// Never throws.
ConformOutcome conform_case(Case const& c);

/// Helpers for the registration files.
/// impl's refusal e as a result.
inline ImplResult refused(impl::Error const& e) {
  ImplResult out;
  out.error = e;
  return out;
}
/// r's value in CuTe's notation (impl::to_term, with static markers), or its error.
template <class T>
ImplResult result_of(impl::Result<T> const& r) {
  if (!r.ok()) return refused(r.error);
  using impl::to_term;  // unqualified: the overload for r's type, by argument-dependent lookup
  ImplResult out;
  out.term = to_term(r.value);
  return out;
}
ImplResult from(impl::Result<impl::i64> const& r);
/// The error for a call of `op` with `count` arguments outside its signature.
impl::Error arity_error(std::string const& op, Signature const& sig, size_t count);

}  // namespace layoutref::equiv
