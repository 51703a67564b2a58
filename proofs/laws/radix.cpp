// The mixed-radix lemma (proofs/radix.hpp) and what it proves for all values.
//
// radix.step is the induction step of the lemma, proved by Z3 over unbounded integers: for
// P >= 1 and s >= 1, (y, c) -> y + P*c is injective on [0,P) x [0,s) with image in [0, P*s).
// The queries injective, bijective and surjective apply the lemma to a layout whose strides are
// the running products of its shapes (in some order); the laws below go through it: complement's
// bijection (A, complement(A, M)) for ranks 1-4, with stride_divisibility d_k = n_{k-1} d_{k-1} e_k
// and cotarget_divisibility M = n_{r-1} d_{r-1} t substituted, and row-major layouts.
#include <algorithm>
#include <layoutref/proofs/laws.hpp>

namespace layoutref::proofs {

namespace {

Answer radix_step(unsigned timeout_ms) {
  z3::context c;
  Obligation o(c);
  z3::expr p = c.int_const("P"), s = c.int_const("s"), y = c.int_const("y"), y2 = c.int_const("y2"), x = c.int_const("c"),
           x2 = c.int_const("c2");
  o.hypothesis("radix.P", p >= 1);
  o.hypothesis("radix.s", s >= 1);
  o.assume(0 <= y && y < p && 0 <= y2 && y2 < p && 0 <= x && x < s && 0 <= x2 && x2 < s);
  z3::expr v = y + p * x, v2 = y2 + p * x2;
  z3::expr goal = z3::implies(v == v2, y == y2 && x == x2) && 0 <= v && v < p * s;
  return o.prove(goal, timeout_ms, [&](z3::model const& m) {
    return "P=" + model_value(m, p) + ", s=" + model_value(m, s) + ": (" + model_value(m, y) + "," + model_value(m, x) + ") and (" +
           model_value(m, y2) + "," + model_value(m, x2) + ")";
  });
}

// (A, complement(A, M)) for the admissible sorted A = (n0,...):(d0,...) of rank r, d_k and M
// written out by the divisibility conditions: the layout (n_0..n_{r-1}, d0, e_1..e_{r-1}, t) :
// (d_0..d_{r-1}, 1, n_0 d_0, ..., n_{r-1} d_{r-1}), onto [0, n_{r-1} d_{r-1} t).
std::pair<std::string, std::string> complement_bijection(int r) {
  std::vector<std::string> d{"d0"};
  for (int k = 1; k < r; ++k) d.push_back("n" + std::to_string(k - 1) + "*" + d.back() + "*e" + std::to_string(k));
  std::string shape, stride;
  auto add = [&](std::string const& s, std::string const& t) {
    shape += (shape.empty() ? "" : ",") + s;
    stride += (stride.empty() ? "" : ",") + t;
  };
  for (int k = 0; k < r; ++k) add("n" + std::to_string(k), d[static_cast<size_t>(k)]);
  add("d0", "1");
  for (int k = 1; k < r; ++k) add("e" + std::to_string(k), "n" + std::to_string(k - 1) + "*" + d[static_cast<size_t>(k - 1)]);
  add("t", "n" + std::to_string(r - 1) + "*" + d[static_cast<size_t>(r - 1)]);
  return {"(" + shape + "):(" + stride + ")", "n" + std::to_string(r - 1) + "*" + d[static_cast<size_t>(r - 1)] + "*t"};
}

// The variables' bound for rank r: the layout has 2r+1 shape entries, each up to 2^K, and its size
// (the product) must fit in 64 bits (values past 64 bits are bad input): K(2r+1) <= 62, at most 16.
int complement_bound_bits(int r) { return std::min(16, 62 / (2 * r + 1)); }

std::string complement_where(int r) {
  std::string b = "2^" + std::to_string(complement_bound_bits(r));
  std::string w = "d0 in 1.." + b + ", t in 1.." + b;
  for (int k = 0; k < r; ++k) w += ", n" + std::to_string(k) + " in 1.." + b;
  for (int k = 1; k < r; ++k) w += ", e" + std::to_string(k) + " in 1.." + b;
  return w;
}

}  // namespace

std::vector<LawResult> radix_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  out.push_back({"radix", "radix.step: P,s >= 1 => (y,c) -> y + P*c injective on [0,P) x [0,s), image in [0,P*s)",
                 "tier 3: unbounded integers", Status::proved, radix_step(timeout_ms)});
  for (int r = 1; r <= 4; ++r) {
    z3::context c;
    std::string where = complement_where(r);
    Setting s = law_setting(c, where, timeout_ms);
    auto [layout, m] = complement_bijection(r);
    out.push_back({"radix",
                   "complement rank " + std::to_string(r) + ": admissible sorted A, M => (A, complement(A,M)) bijective onto [0,M)",
                   "mixed-radix lemma; every variable in 1..2^" + std::to_string(complement_bound_bits(r)) + " (the size within 64 bits)",
                   Status::proved, bijective(s, law_layout(s, layout), law_term(s, m))});
  }
  {
    z3::context c;
    char const* where = "m in 1..1048576, n in 1..1048576";
    Setting s = law_setting(c, where, timeout_ms);
    out.push_back({"radix", "row-major (m,n):(n,1) bijective onto [0,m*n)", where, Status::proved,
                   bijective(s, law_layout(s, "(m,n):(n,1)"), law_term(s, "m*n"))});
  }
  {
    // The lemma must not apply when two leaves share the running product.
    z3::context c;
    char const* where = "m in 2..64, n in 2..64";
    Setting s = law_setting(c, where, timeout_ms);
    out.push_back({"radix", "refutation: (m,n):(1,1) is not injective", where, Status::refuted,
                   injective(s, law_layout(s, "(m,n):(1,1)"))});
  }
  return out;
}

}  // namespace layoutref::proofs
