// Coalesce keeps the function (docs/semantics.md "Coalesce"): adjacent modes merge when
// d1 = s0*d0, and a size-1 mode can be dropped. Refutation: merging without the condition.
#include <layoutref/proofs/laws.hpp>

namespace layoutref::proofs {

std::vector<LawResult> coalesce_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  char const* where = "s0 in 1..2^16, s1 in 1..2^16, d0 in -2^16..2^16, d1 in -2^32..2^32, x in -2^16..2^16";
  {
    z3::context c;
    Setting s = law_setting(c, where, timeout_ms);
    s.hypotheses.push_back({"coalesce.mergeable", law_term(s, "d1") == law_term(s, "s0*d0")});
    out.push_back({"coalesce", "(s0,s1):(d0,d1) = s0*s1:d0 when d1 = s0*d0", where, Status::proved,
                   equal(s, law_layout(s, "(s0,s1):(d0,d1)"), law_layout(s, "(s0*s1):d0"))});
  }
  {
    z3::context c;
    Setting s = law_setting(c, where, timeout_ms);
    out.push_back({"coalesce", "(s0,1):(d0,x) = s0:d0 and (1,s1):(x,d1) = s1:d1", where, Status::proved,
                   all_of_two(equal(s, law_layout(s, "(s0,1):(d0,x)"), law_layout(s, "s0:d0")),
                              equal(s, law_layout(s, "(1,s1):(x,d1)"), law_layout(s, "s1:d1")))});
  }
  {
    z3::context c;
    Setting s = law_setting(c, where, timeout_ms);
    out.push_back({"coalesce", "refutation: merging (s0,s1):(d0,d1) without d1 = s0*d0", where, Status::refuted,
                   equal(s, law_layout(s, "(s0,s1):(d0,d1)"), law_layout(s, "(s0*s1):d0"))});
  }
  return out;
}

}  // namespace layoutref::proofs
