#include <layoutref/proofs/terms.hpp>

#include <functional>
#include <vector>

namespace layoutref::proofs {

z3::expr normal_form(z3::expr const& e) {
  z3::params p(e.ctx());
  p.set("som", true);
  p.set("arith_lhs", true);
  return e.simplify(p);
}

bool normalizes_to(z3::expr const& e, std::int64_t v) {
  z3::expr n = normal_form(e);
  int64_t x = 0;
  return n.is_numeral_i64(x) && x == v;
}

bool same_polynomial(z3::expr const& a, z3::expr const& b) { return normalizes_to(a - b, 0); }

namespace {

// e's factors in sum-of-monomials form: a numeral coefficient and the other factors (a power
// x^k with a small numeral k counts as k factors x). False when e is no monomial.
bool factors(z3::expr const& e, int64_t& coeff, std::vector<z3::expr>& out) {
  z3::expr n = normal_form(e);
  coeff = 1;
  std::function<bool(z3::expr const&)> one = [&](z3::expr const& x) {
    int64_t v = 0, k = 0;
    if (x.is_app() && x.decl().decl_kind() == Z3_OP_MUL) {  // nested products: (* 4 (* a t))
      for (unsigned i = 0; i < x.num_args(); ++i)
        if (!one(x.arg(i))) return false;
      return true;
    }
    if (x.is_numeral_i64(v)) {
      coeff *= v;
      return true;
    }
    if (x.is_app() && x.decl().decl_kind() == Z3_OP_POWER && x.arg(1).is_numeral_i64(k) && k >= 1 && k <= 64) {
      for (int64_t i = 0; i < k; ++i) out.push_back(x.arg(0));
      return true;
    }
    if (x.is_app() && (x.decl().decl_kind() == Z3_OP_ADD || x.decl().decl_kind() == Z3_OP_SUB)) return false;
    out.push_back(x);
    return true;
  };
  return one(n);
}

}  // namespace

std::optional<z3::expr> cancelled_quotient(z3::expr const& p, z3::expr const& q) {
  std::int64_t cp = 1, cq = 1;
  std::vector<z3::expr> fp, fq;
  if (!factors(p, cp, fp) || !factors(q, cq, fq) || cq == 0 || cp % cq != 0) return std::nullopt;
  for (auto const& x : fq) {
    bool found = false;
    for (size_t i = 0; i < fp.size() && !found; ++i)
      if (z3::eq(fp[i], x) || same_polynomial(fp[i], x)) {
        fp.erase(fp.begin() + static_cast<std::ptrdiff_t>(i));
        found = true;
      }
    if (!found) return std::nullopt;
  }
  z3::expr r = p.ctx().int_val(cp / cq);
  for (auto const& x : fp) r = r * x;
  return r.simplify();
}

}  // namespace layoutref::proofs
