// crd2idx / idx2crd are inverse (docs/semantics.md "The layout function"), tier 3:
// for shape (a,b,c), idx2crd(i) = the Euclidean split of i; crd2idx is the layout
// (a,b,c):(1,a,a*b). crd2idx(idx2crd(i)) = i is `(a,b,c):(1,a,a*b) = (a*b*c):1`, and idx2crd
// is injective on coordinates in range: the compact layout is a bijection onto [0, a*b*c).
#include <layoutref/proofs/laws.hpp>

namespace layoutref::proofs {

std::vector<LawResult> coordinate_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  char const* where = "a in 1..2^16, b in 1..2^16, c in 1..2^16";
  {
    z3::context ctx;
    Setting s = law_setting(ctx, where, timeout_ms);
    out.push_back({"coordinates", "crd2idx(idx2crd(i)) = i: (a,b,c):(1,a,a*b) = a*b*c:1", where, Status::proved,
                   equal(s, law_layout(s, "(a,b,c):(1,a,a*b)"), law_layout(s, "(a*b*c):1"))});
  }
  {
    z3::context ctx;
    Setting s = law_setting(ctx, where, timeout_ms);
    out.push_back({"coordinates", "idx2crd(crd2idx(c)) = c: (a,b,c):(1,a,a*b) bijective onto [0,a*b*c)", where, Status::proved,
                   bijective(s, law_layout(s, "(a,b,c):(1,a,a*b)"), law_term(s, "a*b*c"))});
  }
  return out;
}

}  // namespace layoutref::proofs
