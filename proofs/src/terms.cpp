#include <layoutref/proofs/terms.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

namespace {

// e simplified by `simplify` with its quotients and remainders by divisors that are not numerals
// held as opaque terms (their operands simplified the same way, a quotient whose divisor's factors
// cancel written as the monomial): z3's simplifier rewrites `(div x y)` it can reduce as an ite
// over y = 0 (`x div x` as `ite(x = 0, x div 0, 1)`), a term no reader takes back.
z3::expr held(z3::expr const& e, std::function<z3::expr(z3::expr const&)> const& simplify) {
  z3::context& ctx = e.ctx();
  z3::expr_vector from(ctx), place(ctx), to(ctx);
  std::function<void(z3::expr const&)> walk = [&](z3::expr const& x) {
    if (!x.is_app()) return;
    auto k = x.decl().decl_kind();
    if ((k == Z3_OP_IDIV || k == Z3_OP_MOD) && x.num_args() == 2) {
      z3::expr q = held(x.arg(1), simplify);
      if (!q.is_numeral()) {
        for (unsigned i = 0; i < from.size(); ++i)
          if (z3::eq(from[i], x)) return;
        z3::expr p = held(x.arg(0), simplify);
        std::optional<z3::expr> c = k == Z3_OP_IDIV ? cancelled_quotient(p, q) : std::nullopt;
        z3::expr r = c ? *c : k == Z3_OP_IDIV ? p / q : z3::mod(p, q);
        from.push_back(x);
        // The same quotient once simplified (written differently: (M*N+a-1)/a, (a+M*N-1)/a) is
        // one term: a - b of the two is 0.
        for (unsigned i = 0; i < to.size(); ++i)
          if (z3::eq(to[i], r)) {
            place.push_back(place[i]);
            to.push_back(r);
            return;
          }
        place.push_back(ctx.int_const(("held!" + std::to_string(from.size())).c_str()));
        to.push_back(r);
        return;
      }
    }
    for (unsigned i = 0; i < x.num_args(); ++i) walk(x.arg(i));
  };
  walk(e);
  if (from.empty()) return simplify(e);
  z3::expr x = e;
  z3::expr abstracted = simplify(x.substitute(from, place));
  return abstracted.substitute(place, to);
}

}  // namespace

z3::expr normal_form(z3::expr const& e) {
  return held(e, [](z3::expr const& x) {
    z3::params p(x.ctx());
    p.set("som", true);
    p.set("arith_lhs", true);
    return x.simplify(p);
  });
}

z3::expr simplified(z3::expr const& e) {
  return held(e, [](z3::expr const& x) { return x.simplify(); });
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
  return simplified(r);
}


}  // namespace layoutref::proofs
