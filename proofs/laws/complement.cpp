// Complement: admissibility implies that (A, complement(A, M)) is a bijection onto [0, M).
// Shah, Def. 2.5-2.7; docs/semantics.md "Complement". For sorted A = (n0,n1):(d0,d1) with
// d1 = n0*d0*e1 (complement.stride_divisibility) and M = n1*d1*t, the complement is
// R = (d0, e1, t):(1, n0*d0, n1*d1), so (A, R) = (n0,n1,d0,e1,t):(d0,d1,1,n0*d0,n1*d1).
//
// CI set: tier 4 (bit-vectors, decided) for rank 1 and 2, every n_k, d_k, M in 1..63, and the
// refutations. Deep set: rank 3 in tier 4; rank 2 as a tier-2 family of 384 concrete layouts;
// tier 3 (nonlinear integers) for rank 1-3, which Z3 leaves unknown (reported open, never proved).
#include <layoutref/proofs/bitvector.hpp>
#include <layoutref/proofs/laws.hpp>

namespace layoutref::proofs {

namespace {

// Tier 4: A = (n_0,...,n_{r-1}):(d_0,...,d_{r-1}), M the cotarget, every one of them in 1..hi, as
// W-bit vectors. CuTe's complement, with unsigned division:
//   R = (d_0, d_1 udiv (n_0 d_0), ..., M udiv (n_{r-1} d_{r-1})) : (1, n_0 d_0, ..., n_{r-1} d_{r-1}).
// Goal, for coordinates c, c' of (A,R) within its shape (the colexicographic split is a bijection
// from [0, size) onto these coordinates, so this is bijectivity of the index function):
//   size((A,R)) = M, (A,R)(c) < M, and c != c' => (A,R)(c) != (A,R)(c'),
// together with exact(): under the hypotheses every value is below M <= hi < 2^W, so nothing
// overflows, and Z3 proves that too. A divisibility hypothesis states its product exact as well
// (integer divisibility). `drop` names a hypothesis left out (a refutation: exact() is then
// assumed, so that Z3's model is an integer counterexample).
Answer complement_bv(int rank, long long hi, unsigned width, unsigned timeout_ms, std::string const& drop = "") {
  z3::context c;
  BvArith bv(c, width);
  Obligation o(c);
  std::vector<z3::expr> n, d;
  for (int k = 0; k < rank; ++k) {
    n.push_back(bv.var("n" + std::to_string(k)));
    d.push_back(bv.var("d" + std::to_string(k)));
    bv_bound(o, "n" + std::to_string(k), n.back(), 1, hi);
    bv_bound(o, "d" + std::to_string(k), d.back(), 1, hi);
  }
  z3::expr m = bv.var("M");
  bv_bound(o, "M", m, 1, hi);
  auto hyp = [&](std::string const& name, z3::expr const& e) {
    if (name != drop) o.hypothesis(name, e);
  };
  std::vector<z3::expr> shape = n, stride = d;
  shape.push_back(d[0]);
  stride.push_back(bv.num(1));
  for (int k = 0; k < rank; ++k) {
    z3::expr top = n[k] * d[k];
    z3::expr next = k + 1 < rank ? d[k + 1] : m;
    std::string which = k + 1 < rank ? "complement.stride_divisibility." + std::to_string(k + 1) : "complement.cotarget_divisibility";
    if (k + 1 < rank) hyp("complement.sorted." + std::to_string(k + 1), z3::ule(d[k], d[k + 1]));
    hyp(which, z3::bvmul_no_overflow(n[k], d[k], false) && z3::urem(next, top) == bv.num(0));
    shape.push_back(z3::udiv(next, top));
    stride.push_back(bv.umul(n[k], d[k]));
  }
  std::vector<z3::expr> ci, cj;
  z3::expr inside = c.bool_val(true), differ = c.bool_val(false);
  for (size_t k = 0; k < shape.size(); ++k) {
    ci.push_back(bv.var("c" + std::to_string(k)));
    cj.push_back(bv.var("c'" + std::to_string(k)));
    inside = inside && z3::ult(ci[k], shape[k]) && z3::ult(cj[k], shape[k]);
    differ = differ || ci[k] != cj[k];
  }
  auto value = [&](std::vector<z3::expr> const& co) {
    z3::expr sum = bv.num(0);
    for (size_t k = 0; k < co.size(); ++k) sum = bv.uadd(sum, bv.umul(co[k], stride[k]));
    return sum;
  };
  z3::expr fi = value(ci), fj = value(cj);
  z3::expr size = bv.size(shape);
  z3::expr law = size == m && z3::ult(fi, m) && z3::implies(differ, fi != fj);
  z3::expr goal = z3::implies(inside, drop.empty() ? bv.exact() && law : law);
  if (!drop.empty()) o.assume(bv.exact());
  return o.prove(goal, timeout_ms, [&](z3::model const& md) {
    auto v = [&](z3::expr const& e) { return bv_value(md, e); };
    auto tuple = [&](std::vector<z3::expr> const& xs, size_t from, size_t to) {
      std::string t = "(";
      for (size_t k = from; k < to; ++k) t += (k > from ? "," : "") + v(xs[k]);
      return t + ")";
    };
    size_t r = static_cast<size_t>(rank);
    std::string text = "A = " + tuple(n, 0, r) + ":" + tuple(d, 0, r) + ", M = " + v(m) + ", R = " + tuple(shape, r, shape.size()) + ":" +
                       tuple(stride, r, stride.size()) + ": ";
    if (v(size) != v(m)) return text + "size((A,R)) = " + v(size) + " != M";
    if (!md.eval(z3::ult(fi, m), true).is_true()) return text + "(A,R)" + tuple(ci, 0, ci.size()) + " = " + v(fi) + " >= M";
    return text + "(A,R) maps " + tuple(ci, 0, ci.size()) + " and " + tuple(cj, 0, cj.size()) + " both to " + v(fi);
  });
}

}  // namespace

std::vector<LawResult> complement_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  char const* bounds1 = "tier 4: 7-bit vectors, n0, d0, M in 1..63";
  char const* bounds = "tier 4: 5-bit vectors, every n_k, d_k, M in 1..15";
  out.push_back({"complement", "rank 1: admissible n0:d0, M => (A, complement(A,M)) bijective onto [0,M)", bounds1, Status::proved,
                 complement_bv(1, 63, 7, timeout_ms)});
  out.push_back({"complement", "rank 2: admissible sorted (n0,n1):(d0,d1), M => (A, complement(A,M)) bijective onto [0,M)", bounds,
                 Status::proved, complement_bv(2, 15, 5, timeout_ms)});
  out.push_back({"complement", "refutation: rank 2 without stride_divisibility (floor division, tier 4)", bounds, Status::refuted,
                 complement_bv(2, 15, 5, timeout_ms, "complement.stride_divisibility.1")});
  out.push_back({"complement", "refutation: rank 1 without cotarget_divisibility (tier 4)", bounds1, Status::refuted,
                 complement_bv(1, 63, 7, timeout_ms, "complement.cotarget_divisibility")});
  char const* where2 = "n0 in 1..8, n1 in 1..8, d0 in 1..8, d1 in 1..512, e1 in 1..8, t in 1..4";
  {
    // Drop the divisibility: CuTe's floor division e1 = d1 / (n0*d0) leaves holes or overlaps.
    z3::context c;
    Setting s = law_setting(c, where2, timeout_ms);
    s.hypotheses.push_back({"cute.floor_division",
                            law_term(s, "n0*d0*e1") <= law_term(s, "d1") && law_term(s, "d1") < law_term(s, "n0*d0*e1+n0*d0")});
    out.push_back({"complement", "refutation: without stride_divisibility (floor division as CuTe)", where2, Status::refuted,
                   bijective(s, law_layout(s, "(n0,n1,d0,e1,t):(d0,d1,1,n0*d0,n1*d1)"), law_term(s, "n1*d1*t"))});
  }
  return out;
}

std::vector<LawResult> complement_laws_deep(unsigned timeout_ms) {
  std::vector<LawResult> out;
  out.push_back({"complement_deep", "rank 3: admissible sorted (n0,n1,n2):(d0,d1,d2), M => (A, complement(A,M)) bijective onto [0,M)",
                 "tier 4: 5-bit vectors, every n_k, d_k, M in 1..15", Status::proved, complement_bv(3, 15, 5, timeout_ms)});
  out.push_back({"complement_deep", "rank 2: admissible sorted (n0,n1):(d0,d1), M => (A, complement(A,M)) bijective onto [0,M)",
                 "tier 4: 6-bit vectors, every n_k, d_k, M in 1..31", Status::proved, complement_bv(2, 31, 6, timeout_ms)});
  {
    // Tier 2: the family of concrete admissible rank-2 layouts n0,n1,d0 in 1..4, e1 in 1..3,
    // t in 1..2 (384 layouts, each with a symbolic index; about 10 s).
    Answer all;
    all.status = Status::proved;
    int cases = 0;
    for (long long n0 = 1; n0 <= 4; ++n0)
      for (long long n1 = 1; n1 <= 4; ++n1)
        for (long long d0 = 1; d0 <= 4; ++d0)
          for (long long e1 = 1; e1 <= 3; ++e1)
            for (long long t = 1; t <= 2; ++t) {
              z3::context c;
              Setting s = law_setting(c, "", timeout_ms);
              long long d1 = n0 * d0 * e1;
              std::string l = "(" + std::to_string(n0) + "," + std::to_string(n1) + "," + std::to_string(d0) + "," +
                              std::to_string(e1) + "," + std::to_string(t) + "):(" + std::to_string(d0) + "," +
                              std::to_string(d1) + ",1," + std::to_string(n0 * d0) + "," + std::to_string(n1 * d1) + ")";
              Answer a = bijective(s, law_layout(s, l), c.int_val(static_cast<int64_t>(n1 * d1 * t)));
              ++cases;
              all.seconds += a.seconds;
              if (a.status != Status::proved && all.status == Status::proved) {
                all.status = a.status;
                all.counterexample = a.counterexample;
                all.reason = a.reason;
              }
            }
    all.reason = std::to_string(cases) + " layouts";
    out.push_back({"complement_deep", "rank 2: admissible (n0,n1):(d0,d1) => (A, R) bijective onto n1*d1*t",
                   "tier 2: n0,n1,d0 in 1..4, e1 in 1..3, t in 1..2", Status::proved, all});
  }
  {
    z3::context c;
    char const* where = "n0 in 1..64, d0 in 1..64, t in 1..64";
    Setting s = law_setting(c, where, timeout_ms);
    out.push_back({"complement_deep", "rank 1 symbolic (mixed-radix lemma): (n0:d0, (d0,t):(1,n0*d0)) bijective onto n0*d0*t", where, Status::proved,
                   bijective(s, law_layout(s, "(n0,d0,t):(d0,1,n0*d0)"), law_term(s, "n0*d0*t"))});
  }
  {
    char const* where2 = "n0 in 1..8, n1 in 1..8, d0 in 1..8, d1 in 1..512, e1 in 1..8, t in 1..4";
    z3::context c;
    Setting s = law_setting(c, where2, timeout_ms);
    s.hypotheses.push_back({"complement.stride_divisibility", law_term(s, "d1") == law_term(s, "n0*d0*e1")});
    out.push_back({"complement_deep", "rank 2 symbolic (mixed-radix lemma): admissible (n0,n1):(d0,d1) => (A, R) bijective", where2,
                   Status::proved, bijective(s, law_layout(s, "(n0,n1,d0,e1,t):(d0,d1,1,n0*d0,n1*d1)"), law_term(s, "n1*d1*t"))});
  }
  char const* where = "n0 in 1..4, n1 in 1..4, n2 in 1..4, d0 in 1..4, d1 in 1..64, d2 in 1..1024, e1 in 1..4, e2 in 1..4, t in 1..2";
  z3::context c;
  Setting s = law_setting(c, where, timeout_ms);
  s.hypotheses.push_back({"complement.stride_divisibility.1", law_term(s, "d1") == law_term(s, "n0*d0*e1")});
  s.hypotheses.push_back({"complement.stride_divisibility.2", law_term(s, "d2") == law_term(s, "n1*d1*e2")});
  out.push_back({"complement_deep", "rank 3 symbolic (mixed-radix lemma): admissible (n0,n1,n2):(d0,d1,d2) => (A, R) bijective", where, Status::proved,
                 bijective(s, law_layout(s, "(n0,n1,n2,d0,e1,e2,t):(d0,d1,d2,1,n0*d0,n1*d1,n2*d2)"), law_term(s, "n2*d2*t"))});
  return out;
}

}  // namespace layoutref::proofs
