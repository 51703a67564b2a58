// Right and left inverse identities (docs/semantics.md "Inverses").
// L = (m,n):(n,1) (row-major) has R = (n,m):(m,1): L(R(i)) = i and R(i) < size(L) for
// i < m*n (right inverse), R(L(i)) = i for i < m*n (left inverse). Rank 3: L = (a,b,c):(b*c,c,1)
// has R = (c,b,a):(a*b,a,1).
// CI set: tier 4 (8-bit vectors, m, n in 1..15; exact() proves that nothing overflows for
// i < m*n) and the refutation (n,m):(1,n). Deep set: rank 3 in tier 4 (a, b, c in 1..6); tier 3 (nonlinear
// integers, m, n in 1..32), which Z3 leaves unknown (reported open, never proved).
#include <layoutref/proofs/bitvector.hpp>
#include <layoutref/proofs/laws.hpp>

namespace layoutref::proofs {

namespace {

enum class Side { right, left };

// L = shape:stride and R = rshape:rstride over variables `names` (each in 1..hi), built by `make`.
Answer inverse_bv(Side side, unsigned timeout_ms, std::vector<std::string> const& names, long long hi, unsigned width,
                  std::function<void(BvArith&, std::vector<z3::expr> const&, std::vector<z3::expr>*)> const& make,
                  bool expect_proof) {
  z3::context c;
  BvArith bv(c, width);
  Obligation o(c);
  std::vector<z3::expr> v;
  for (auto const& n : names) {
    v.push_back(bv.var(n));
    bv_bound(o, n, v.back(), 1, hi);
  }
  std::vector<z3::expr> parts[4];  // L shape, L stride, R shape, R stride
  make(bv, v, parts);
  z3::expr i = bv.var("i");
  z3::expr n = bv.size(parts[0]);
  z3::expr law = c.bool_val(true);
  z3::expr x = i, y = i;
  if (side == Side::right) {
    x = bv.evaluate(parts[2], parts[3], i);  // R(i)
    y = bv.evaluate(parts[0], parts[1], x);  // L(R(i))
    law = bv.size(parts[2]) == n && z3::ult(x, n) && y == i;
  } else {
    x = bv.evaluate(parts[0], parts[1], i);  // L(i)
    y = bv.evaluate(parts[2], parts[3], x);  // R(L(i))
    law = y == i;
  }
  if (!expect_proof) o.assume(bv.exact());
  // In the domain i < size(L) (nonempty: every size is >= 1), nothing overflows and the law holds.
  return o.prove(z3::implies(z3::ult(i, n), expect_proof ? bv.exact() && law : law), timeout_ms, [&](z3::model const& md) {
    std::string vars;
    for (size_t k = 0; k < names.size(); ++k) vars += (k ? ", " : "") + names[k] + " = " + bv_value(md, v[k]);
    std::string f = side == Side::right ? "R(i) = " + bv_value(md, x) + ", L(R(i)) = " : "L(i) = " + bv_value(md, x) + ", R(L(i)) = ";
    return vars + ": at i = " + bv_value(md, i) + ", " + f + bv_value(md, y);
  });
}

void row_major(BvArith& bv, std::vector<z3::expr> const& v, std::vector<z3::expr>* p) {
  z3::expr m = v[0], n = v[1];
  p[0] = {m, n}, p[1] = {n, bv.num(1)}, p[2] = {n, m}, p[3] = {m, bv.num(1)};
}

void wrong_candidate(BvArith& bv, std::vector<z3::expr> const& v, std::vector<z3::expr>* p) {
  z3::expr m = v[0], n = v[1];
  p[0] = {m, n}, p[1] = {n, bv.num(1)}, p[2] = {n, m}, p[3] = {bv.num(1), n};
}

void row_major3(BvArith& bv, std::vector<z3::expr> const& v, std::vector<z3::expr>* p) {
  z3::expr a = v[0], b = v[1], cc = v[2];
  p[0] = {a, b, cc}, p[1] = {bv.umul(b, cc), cc, bv.num(1)}, p[2] = {cc, b, a}, p[3] = {bv.umul(a, b), a, bv.num(1)};
}

}  // namespace

std::vector<LawResult> inverse_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  char const* bounds = "tier 4: 8-bit vectors, m, n in 1..15 (m*n <= 225)";
  out.push_back({"inverse", "right_inverse: (m,n):(n,1) o (n,m):(m,1) = id on [0,m*n), R(i) < m*n", bounds, Status::proved,
                 inverse_bv(Side::right, timeout_ms, {"m", "n"}, 15, 8, row_major, true)});
  out.push_back({"inverse", "left_inverse: (n,m):(m,1) o (m,n):(n,1) = id on [0,m*n)", bounds, Status::proved,
                 inverse_bv(Side::left, timeout_ms, {"m", "n"}, 15, 8, row_major, true)});
  out.push_back({"inverse", "refutation: (n,m):(1,n) is not a right inverse of (m,n):(n,1)", bounds, Status::refuted,
                 inverse_bv(Side::right, timeout_ms, {"m", "n"}, 15, 8, wrong_candidate, false)});
  return out;
}

std::vector<LawResult> inverse_laws_deep(unsigned timeout_ms) {
  std::vector<LawResult> out;
  char const* bounds3 = "tier 4: 8-bit vectors, a, b, c in 1..6 (abc <= 216)";
  out.push_back({"inverse_deep", "right_inverse rank 3: (a,b,c):(b*c,c,1) o (c,b,a):(a*b,a,1) = id", bounds3, Status::proved,
                 inverse_bv(Side::right, timeout_ms, {"a", "b", "c"}, 6, 8, row_major3, true)});
  out.push_back({"inverse_deep", "left_inverse rank 3: (c,b,a):(a*b,a,1) o (a,b,c):(b*c,c,1) = id", bounds3, Status::proved,
                 inverse_bv(Side::left, timeout_ms, {"a", "b", "c"}, 6, 8, row_major3, true)});
  char const* where = "m in 1..32, n in 1..32";
  auto law = [&](std::string name, char const* outer, char const* inner) {
    z3::context c;
    Setting s = law_setting(c, where, timeout_ms);
    Fn f = Fn::compose(law_layout(s, outer), law_layout(s, inner).layout);
    out.push_back({"inverse_deep", std::move(name), where, Status::unknown, equal(s, f, law_layout(s, "(m*n):1"))});
  };
  law("right_inverse, tier 3 (open): (m,n):(n,1) o (n,m):(m,1) = m*n:1", "(m,n):(n,1)", "(n,m):(m,1)");
  law("left_inverse, tier 3 (open): (n,m):(m,1) o (m,n):(n,1) = m*n:1", "(n,m):(m,1)", "(m,n):(n,1)");
  return out;
}

}  // namespace layoutref::proofs
