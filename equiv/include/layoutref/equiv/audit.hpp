// layoutref equiv — judging one conformance case with the spec.
#pragma once

#include <layoutref/equiv/vectors.hpp>

#include <layoutref/spec/admissibility.hpp>

#include <optional>
#include <string>

namespace layoutref::equiv {

enum class Verdict { correct, wrong, unsupported, malformed };
char const* name(Verdict v);

struct Outcome {
  Verdict verdict = Verdict::correct;
  std::string detail;
  std::optional<spec::Judgement> judgement;  ///< when the spec judged a claimed result
};

/// Parse the fields, run the spec's check for the op, and say whether the claimed result is
/// right. Never throws: every failure becomes a verdict.
Outcome audit_case(Case const& c);

/// Whether audit_case has a check for the operation `op` (otherwise its verdict is unsupported).
bool audit_knows(std::string const& op);

}  // namespace layoutref::equiv
