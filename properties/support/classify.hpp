// layoutref properties — tags that show the input mix of a run (RC_TAG / RC_CLASSIFY), and the
// assertion that impl and spec agree.
#pragma once

#include "agreement.hpp"

#include <layoutref/rapidcheck/rapidcheck.hpp>

#include <string>

namespace layoutref::properties {

inline bool all_powers_of_two(spec::IntTuple const& s) {
  for (spec::i64 e : spec::leaves(s))
    if ((e & (e - 1)) != 0) return false;
  return true;
}

/// Tag the shape of a layout coarsely (rank 1 / 2-3 / 4-6, depth 0 / 1 / 2-4, powers of two or
/// not), so that a run's distribution stays readable.
inline void classify(spec::Layout const& l) {
  int r = spec::rank(l), d = spec::depth(l);
  RC_TAG(r == 1 ? "rank 1" : r <= 3 ? "rank 2-3" : "rank 4-6");
  RC_TAG(d == 0 ? "depth 0" : d == 1 ? "depth 1" : "depth 2-4");
  RC_TAG(all_powers_of_two(l.shape) ? "pow2" : "non-pow2");
}

/// Assert impl ≡ spec on op(args) and tag the outcome ("computed" or "refused: condition").
inline Agreement require_agreement(std::string const& op, std::vector<notation::Term> const& args) {
  Agreement a = impl_agrees_with_spec(op, args);
  if (a.impl_capacity)
    RC_TAG("impl capacity");
  else if (a.impl_refused)
    RC_TAG("refused: " + (a.impl_condition.empty() ? std::string("malformed/overflow") : a.impl_condition));
  if (!a.agree) RC_FAIL("impl and spec disagree: " + a.detail);
  return a;
}

/// Assert the input was admissible: impl computed a result (which the spec judged correct).
inline void require_computed(Agreement const& a) {
  if (a.impl_refused && !a.impl_capacity) RC_FAIL("an input admissible by construction was refused: " + a.detail);
}

inline notation::Term term(spec::Layout const& l) { return spec::to_term(l); }
inline notation::Term term(spec::IntTuple const& t) { return spec::to_term(t); }
inline notation::Term term(spec::i64 v) { return notation::Term::make_integer(v, false); }

}  // namespace layoutref::properties
