// layoutref::proofs — the law library: one file per family under proofs/laws/, each law with
// its stated bounds, its named hypotheses, and the answer Z3 gives (with the unsat core: the
// hypotheses the proof really used). Refutations drop a condition and must be refuted.
#pragma once

#include <layoutref/proofs/query.hpp>

#include <string>
#include <vector>

namespace layoutref::proofs {

struct LawResult {
  std::string family;
  std::string law;
  std::string bounds;                    ///< the stated bounds / tier
  /// proved; refuted for the dropped-condition refutations; unknown for an open law (Z3 does not
  /// decide it within the timeout: it must not be refuted, and is reported as open, never proved).
  Status expected = Status::proved;
  Answer answer;
  bool ok() const { return expected == Status::unknown ? answer.status != Status::refuted : answer.status == expected; }
};

struct LawFamily {
  char const* name;
  bool deep;  ///< slow: run only with the deep set
  std::vector<LawResult> (*run)(unsigned timeout_ms);
};

/// Every family, CI set first.
std::vector<LawFamily> const& law_families();

// One per file in proofs/laws/.
std::vector<LawResult> complement_laws(unsigned timeout_ms);
std::vector<LawResult> complement_laws_deep(unsigned timeout_ms);
std::vector<LawResult> composition_laws(unsigned timeout_ms);
std::vector<LawResult> composition_laws_deep(unsigned timeout_ms);
std::vector<LawResult> coalesce_laws(unsigned timeout_ms);
std::vector<LawResult> inverse_laws(unsigned timeout_ms);
std::vector<LawResult> inverse_laws_deep(unsigned timeout_ms);
std::vector<LawResult> divide_product_laws(unsigned timeout_ms);
std::vector<LawResult> divide_product_laws_deep(unsigned timeout_ms);
std::vector<LawResult> swizzle_laws(unsigned timeout_ms);
std::vector<LawResult> coordinate_laws(unsigned timeout_ms);
std::vector<LawResult> int32_laws(unsigned timeout_ms);

/// Both proved -> proved (times summed); else the first that is not.
Answer all_of_two(Answer a, Answer b);
/// A setting with the variables of `where` (`a in 1..8, ...`) and the timeout.
Setting law_setting(z3::context& c, std::string const& where, unsigned timeout_ms);
/// Helper for the law files: a symbolic layout over `s.vars` (throws std::invalid_argument on a
/// typo in a law's text).
Fn law_layout(Setting const& s, std::string const& text);
z3::expr law_term(Setting const& s, std::string const& text);

}  // namespace layoutref::proofs
