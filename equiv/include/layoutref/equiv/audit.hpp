// layoutref equiv — judging one conformance case with the spec.
#pragma once

#include <layoutref/equiv/vectors.hpp>

#include <layoutref/notation/term.hpp>
#include <layoutref/spec/admissibility.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace layoutref::equiv {

enum class Verdict { correct, wrong, unsupported, malformed };
char const* name(Verdict v);

struct Outcome {
  Outcome() = default;
  Outcome(Verdict v, std::string d, std::optional<spec::Judgement> j, std::string cond = {})
      : verdict(v), detail(std::move(d)), judgement(std::move(j)), condition(std::move(cond)) {}

  Verdict verdict = Verdict::correct;
  std::string detail;
  std::optional<spec::Judgement> judgement;  ///< when the spec judged a claimed result
  std::string condition;  ///< when the input is inadmissible: the violated condition, e.g.
                          ///< "complement.stride_divisibility" (the claim `error` is then correct)
};

/// The claimed result of a case left open (`layoutref gen` writes it): audit_case reports it as
/// malformed, naming what to write instead.
inline constexpr char const* kOpenResult = "?";

/// Parse the fields, run the spec's check for the op, and say whether the claimed result is
/// right. Never throws: every failure becomes a verdict (a result left open, kOpenResult, is
/// malformed).
Outcome audit_case(Case const& c);

/// audit_case on arguments and a claim already parsed (the properties judge impl's terms this
/// way, without printing them): the spec's judgement of `claimed` (a term, or the word `error`)
/// for `op` on `args`. `line` numbers a malformed input's message. Never throws.
Outcome audit_terms(std::string const& op, std::vector<notation::Term> const& args, notation::Term const& claimed,
                    int line = 1);

/// Whether audit_case has a check for the operation `op` (otherwise its verdict is unsupported).
bool audit_knows(std::string const& op);

}  // namespace layoutref::equiv
