// layoutref::proofs — the law library: one file per family under proofs/laws/, each law with
// its stated bounds, its named hypotheses, and the answer Z3 gives (with the unsat core: the
// hypotheses the proof really used). Refutations drop a condition and must be refuted.
#pragma once

#include <layoutref/proofs/query.hpp>

#include <string>
#include <vector>

namespace layoutref::proofs {

/// What a law's answer means against its record.
enum class LawVerdict {
  pass,  ///< the answer the record asks for (or an open law proved)
  open,  ///< an open law came back unknown: listed apart ("unknown: ..."), never counted as proved
  fail,  ///< anything else, among it a law recorded as proved that comes back unknown
};

struct LawResult {
  std::string family;
  std::string law;
  std::string bounds;                    ///< the stated bounds / tier
  /// The law's record, the one source of docs/laws.md's table "The record" (proofs.laws checks
  /// that the two agree): proved (within the stated bounds); refuted for the dropped-condition
  /// refutations; unknown for an open law (Z3 does not decide it within the timeout: it must not
  /// be refuted, and is reported as open, never proved).
  Status expected = Status::proved;
  Answer answer;
  LawVerdict verdict() const;
  bool ok() const { return verdict() != LawVerdict::fail; }
};

/// The record's word for `expected` in docs/laws.md: "proved", "refuted" or "open".
char const* record_name(Status expected);

/// The laws of `results` that came back unknown, on one line: "unknown: none", or
/// "unknown: F: LAW (open); F: LAW (recorded proved: FAIL)".
std::string unknown_line(std::vector<LawResult> const& results);

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
std::vector<LawResult> radix_laws(unsigned timeout_ms);
std::vector<LawResult> symbolic_laws(unsigned timeout_ms);

/// Both proved -> proved (times summed); else the first that is not.
Answer all_of_two(Answer a, Answer b);
/// A setting with the variables and facts of `where` (`a in 1..8, M % a == 0, ...`) and the timeout.
Setting law_setting(z3::context& c, std::string const& where, unsigned timeout_ms);
/// Helper for the law files: a symbolic layout over `s.vars` (throws std::invalid_argument on a
/// typo in a law's text).
Fn law_layout(Setting const& s, std::string const& text);
z3::expr law_term(Setting const& s, std::string const& text);

}  // namespace layoutref::proofs
