// Offsets fit in int32 under stated bounds (tier 3): a column-major tile (m,n):(1,ld) with
// m <= ld <= 65536 and m, n <= 4096 reaches at most 4095 + 4095*65536 < 2^31.
// Refutation: ld up to 2^20.
#include <layoutref/proofs/laws.hpp>

namespace layoutref::proofs {

std::vector<LawResult> int32_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  auto law = [&](std::string name, char const* where, Status expected) {
    z3::context c;
    Setting s = law_setting(c, where, timeout_ms);
    s.hypotheses.push_back({"ld_ge_m", law_term(s, "ld") >= law_term(s, "m")});
    out.push_back({"int32", std::move(name), where, expected, fits_int32(s, law_layout(s, "(m,n):(1,ld)"))});
  };
  law("fits((m,n):(1,ld), int32)", "m in 1..4096, n in 1..4096, ld in 1..65536", Status::proved);
  law("refutation: ld up to 2^20", "m in 1..4096, n in 1..4096, ld in 1..1048576", Status::refuted);
  return out;
}

}  // namespace layoutref::proofs
