// Right and left inverse identities (docs/semantics.md "Inverses").
// L = (m,n):(n,1) (row-major) has R = (n,m):(m,1): L(R(i)) = i and R(i) < size(L) for
// i < m*n (right inverse), R(L(i)) = i for i < m*n (left inverse). Rank 3: L = (a,b,c):(b*c,c,1)
// has R = (c,b,a):(a*b,a,1).
// CI set: tier 4 (8-bit vectors, m, n in 1..15; exact() proves that nothing overflows for
// i < m*n) and the refutation (n,m):(1,n). Deep set: rank 3 in tier 4 (a, b, c in 1..6); tier 3 (nonlinear
// integers, m, n in 1..32), which Z3 leaves unknown (reported open, never proved).
//
// For all values, by the mixed-radix lemma (proofs/radix.hpp, law radix.step): every compact A of
// rank 1-3, its strides the running products of its shapes in each order pi (all r! orders), and
// R = right_inverse(A) and left_inverse(A) as the symbolic operations compute them (algebra.hpp).
// The reduction: write R's leaf m as A's leaf tau(m) (R.shape[m] = A.shape[tau(m)], matched by form
// and proved); take digits x_k with 0 <= x_k < s_k (A's shapes). With P_k = s_0*...*s_{k-1} (A's
// natural prefix products) and Q_m = R.shape[0]*...*R.shape[m-1] (R's), the two polynomial
// identities
//     (1) sum_k x_k * A.stride[k] = sum_m x_tau(m) * Q_m        (A at the digits = R's index)
//     (2) sum_m x_tau(m) * R.stride[m] = sum_k x_k * P_k        (R at the digits = A's index)
// give both laws. By the lemma the colexicographic split over A's shape (over R's) is a bijection
// from [0, size) onto the digit vectors, so each i in [0, size(R)) is sum_m x_tau(m) Q_m for
// exactly one x (size(R) = size(A) by the shapes), R(i) is sum_k x_k P_k by (2), an index of A
// (in [0, size(A))) whose split is x, and A(R(i)) = sum_k x_k A.stride[k] = i by (1); likewise
// each i in [0, size(A)) is sum_k x_k P_k, A(i) = sum_m x_tau(m) Q_m by (1), whose split over R's
// shape is x again, and R(A(i)) = i by (2). Z3 proves (1) and (2), and the shape matching, as one
// obligation over the variables' bounds (1..2^16: the identities hold for every value, so the laws
// do: the bounds are the query's only); the laws themselves are evaluated with the spec at every
// assignment of the variables in 1..4 (size(R) = size(A), A(R(i)) = i, R(i) < size(A), R(A(i)) = i).
// A planted wrong inverse ((b,a):(1,b) for (a,b):(b,1)) is refuted, its counterexample checked
// with the spec at the model's values.
#include <layoutref/proofs/algebra.hpp>
#include <layoutref/proofs/bitvector.hpp>
#include <layoutref/proofs/check.hpp>
#include <layoutref/proofs/laws.hpp>
#include <layoutref/proofs/terms.hpp>
#include <layoutref/spec/layout.hpp>

#include <algorithm>
#include <numeric>

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

// Whether R is a right and a left inverse of A at the assignment x, evaluated with the spec:
// size(R) = size(A), and for every i < size: R(i) < size(A), A(R(i)) = i, R(A(i)) = i. Returns
// the points checked (indices), 0 with `why` set at the first failure.
unsigned long long inverse_at(Setting const& s, LeafLayout const& a, LeafLayout const& r, Assignment const& x, std::string& why) {
  spec::Layout ca = instantiate(s, Fn::of(a), x).layout, cr = instantiate(s, Fn::of(r), x).layout;
  spec::i64 n = spec::size(ca);
  if (spec::size(cr) != n) {
    why = "at " + str(s, x) + ": size(R) = " + std::to_string(spec::size(cr)) + ", size(A) = " + std::to_string(n);
    return 0;
  }
  for (spec::i64 i = 0; i < n; ++i) {
    spec::i64 j = spec::evaluate(cr, i).integer("R(i)");
    if (j < 0 || j >= n || spec::evaluate(ca, j) != spec::Value(i)) {
      why = "at " + str(s, x) + ": A(R(" + std::to_string(i) + ")) != " + std::to_string(i) + " (R(i) = " + std::to_string(j) + ")";
      return 0;
    }
    spec::i64 v = spec::evaluate(ca, i).integer("A(i)");
    if (v < 0 || v >= n || spec::evaluate(cr, v) != spec::Value(i)) {
      why = "at " + str(s, x) + ": R(A(" + std::to_string(i) + ")) != " + std::to_string(i) + " (A(i) = " + std::to_string(v) + ")";
      return 0;
    }
  }
  return static_cast<unsigned long long>(n);
}

// The inverse laws of A and R for all values by the mixed-radix lemma (the file's comment):
// identities (1) and (2) and the shape matching as one obligation. Proved: the laws evaluated with
// the spec at every assignment in 1..4 (an InternalError if they fail there); refuted: the
// counterexample's digits turned into an index at which A(R(i)) != i or R(A(i)) != i, evaluated
// with the spec (an InternalError if it is no counterexample).
Answer inverse_radix(Setting const& s, LeafLayout const& a, LeafLayout const& r) {
  z3::context& c = *s.ctx;
  size_t n = a.shape.size();
  Answer none;
  none.reason = "R's leaves are not A's shapes in some order (the reduction does not apply)";
  if (r.shape.size() != n) return none;
  std::vector<size_t> tau(n, n);
  std::vector<bool> used(n, false);
  for (size_t m = 0; m < n; ++m)
    for (size_t k = 0; k < n && tau[m] == n; ++k)
      if (!used[k] && same_polynomial(r.shape[m], a.shape[k])) tau[m] = k, used[k] = true;
  if (std::find(tau.begin(), tau.end(), n) != tau.end()) return none;
  Obligation o(c);
  s.vars.into(c, o);
  std::vector<z3::expr> x;
  for (size_t k = 0; k < n; ++k) {
    x.push_back(c.int_const(("x" + std::to_string(k) + "!").c_str()));
    o.assume(0 <= x[k] && x[k] < a.shape[k]);
  }
  z3::expr shapes = c.bool_val(true), lhs1 = c.int_val(0), rhs1 = c.int_val(0), lhs2 = c.int_val(0), rhs2 = c.int_val(0);
  z3::expr p = c.int_val(1), q = c.int_val(1);
  for (size_t k = 0; k < n; ++k) {
    shapes = shapes && r.shape[k] == a.shape[tau[k]];
    lhs1 = lhs1 + x[k] * a.stride[k].scalar();
    rhs1 = rhs1 + x[tau[k]] * q;
    lhs2 = lhs2 + x[tau[k]] * r.stride[k].scalar();
    rhs2 = rhs2 + x[k] * p;
    p = p * a.shape[k];
    q = q * r.shape[k];
  }
  z3::expr goal = shapes && lhs1 == rhs1 && lhs2 == rhs2;
  Assignment witness;
  Answer ans = o.prove(goal, s.budget_ms(), [&](z3::model const& md) {
    witness = assignment_in(s, md);
    std::string d;
    for (size_t k = 0; k < n; ++k) d += (k ? "," : "") + model_value(md, x[k]);
    return s.vars.str(c, md) + ", digits (" + d + "): A at the digits " + model_value(md, lhs1) + ", R's index " + model_value(md, rhs1) +
           "; R at the digits " + model_value(md, lhs2) + ", A's index " + model_value(md, rhs2);
  });
  std::string why;
  if (ans.status == Status::proved) {
    // The laws themselves, with the spec, at every assignment of the variables in 1..4.
    Assignment at(s.vars.vars.size(), 1);
    for (;;) {
      unsigned long long points = inverse_at(s, a, r, at, why);
      if (points == 0) throw InternalError("the inverse laws proved by the mixed-radix lemma fail with the spec " + why);
      ans.exhaustive_points += points;
      size_t k = 0;
      while (k < at.size() && at[k] == 4) at[k++] = 1;
      if (k == at.size()) break;
      ++at[k];
    }
    ans.lemma = "mixed-radix lemma";
    ans.reason = "by the mixed-radix lemma (law radix.step, proved for all integers): z3 proved the identities (1) and (2) of "
                 "proofs/laws/inverse.cpp, for all values";
  } else if (ans.status == Status::refuted) {
    // The counterexample: the variables' values from Z3's model, then every index of R and A.
    if (inverse_at(s, a, r, witness, why) != 0)
      throw InternalError("Z3's counterexample to the inverse laws is none with the spec at " + str(s, witness));
    ans.counterexample += " (" + why + ")";
    ans.witness_checked = true;
  }
  return ans;
}

// "a*b" for the shapes of `order`'s first m leaves ("1" for none).
std::string running(std::vector<std::string> const& shapes, std::vector<int> const& order, size_t m) {
  std::string t;
  for (size_t j = 0; j < m; ++j) t += (t.empty() ? "" : "*") + shapes[static_cast<size_t>(order[j])];
  return t.empty() ? "1" : t;
}

// Every compact A of rank 1-3 in every order of its strides: right_inverse(A) and left_inverse(A)
// as computed, both laws for each, for all values (the mixed-radix lemma); and a planted wrong
// inverse, refuted.
std::vector<LawResult> inverse_radix_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  std::vector<std::string> names{"a", "b", "c"};
  for (size_t r = 1; r <= 3; ++r) {
    std::vector<std::string> shapes(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(r));
    std::string where;
    for (auto const& v : shapes) where += (where.empty() ? "" : ", ") + v + " in 1..2^16";
    std::vector<int> order(r);
    std::iota(order.begin(), order.end(), 0);
    do {
      std::vector<std::string> stride(r);
      for (size_t m = 0; m < r; ++m) stride[static_cast<size_t>(order[m])] = running(shapes, order, m);
      std::string text = "(", st = "(";
      for (size_t k = 0; k < r; ++k) {
        text += (k ? "," : "") + shapes[k];
        st += (k ? "," : "") + stride[k];
      }
      text += "):" + st + ")";
      if (r == 1) text = shapes[0] + ":1";
      z3::context c;
      Setting s = law_setting(c, where, timeout_ms);
      LeafLayout a = law_layout(s, text).layout;
      Answer both;
      try {
        LeafLayout right = inverse(s, "right_inverse", a).layout, left = inverse(s, "left_inverse", a).layout;
        both = all_of_two(inverse_radix(s, a, right), inverse_radix(s, a, left));
      } catch (Split const& e) {
        both.reason = e.what();
      }
      out.push_back({"inverse", "A(R(i)) = i and R(A(i)) = i on [0,size), R = right_inverse(A) and left_inverse(A), A = " + text,
                     "mixed-radix lemma, all values (variables in 1..2^16 as the query's bounds)", Status::proved, both});
    } while (std::next_permutation(order.begin(), order.end()));
  }
  {
    z3::context c;
    Setting s = law_setting(c, "a in 1..2^16, b in 1..2^16", timeout_ms);
    out.push_back({"inverse", "refutation: (b,a):(1,b) is not an inverse of (a,b):(b,1) (all values)", "a, b in 1..2^16", Status::refuted,
                   inverse_radix(s, law_layout(s, "(a,b):(b,1)").layout, law_layout(s, "(b,a):(1,b)").layout)});
  }
  return out;
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
  for (auto& l : inverse_radix_laws(timeout_ms)) out.push_back(std::move(l));
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
