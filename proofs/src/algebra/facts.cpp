#include "internal.hpp"
#include <layoutref/proofs/terms.hpp>

#include <vector>

namespace layoutref::proofs {

namespace algebra_detail {

z3::expr quotient(z3::expr const& p, z3::expr const& q) {
  if (std::optional<z3::expr> c = cancelled_quotient(p, q)) return *c;
  return p / q;
}

bool divides_by_form(z3::expr const& q, z3::expr const& p) {
  z3::expr m = quotient(p, q);
  if (m.is_app() && m.decl().decl_kind() == Z3_OP_IDIV) return false;
  return same_polynomial(p, q * m);
}

bool sum_divisible_by_form(z3::expr const& q, z3::expr const& p) {
  z3::expr n = normal_form(p);
  if (!n.is_app() || n.decl().decl_kind() != Z3_OP_ADD) return false;
  for (unsigned i = 0; i < n.num_args(); ++i)
    if (!divides_by_form(q, n.arg(i))) return false;
  return true;
}

std::vector<Multiple> multiples_of(Setting const& s) {
  std::vector<Multiple> out;
  for (auto const& [name, h] : s.hypotheses) {
    if (!h.is_app() || h.decl().decl_kind() != Z3_OP_EQ || h.num_args() != 2) continue;
    for (unsigned side = 0; side < 2; ++side) {
      z3::expr m = h.arg(side), zero = h.arg(1 - side);
      if (!m.is_app() || m.decl().decl_kind() != Z3_OP_MOD || !normalizes_to(zero, 0)) continue;
      if (positive_polynomial(s, m.arg(1))) out.push_back({m.arg(0), m.arg(1)});
      break;
    }
  }
  return out;
}

constexpr size_t kMaxFacts = 64;
std::vector<Multiple> closed_over_chains(std::vector<Multiple> facts) {
  auto known = [&](z3::expr const& x, z3::expr const& q) {
    for (auto const& f : facts)
      if (same_polynomial(f.x, x) && same_polynomial(f.q, q)) return true;
    return false;
  };
  for (bool grew = true; grew && facts.size() < kMaxFacts;) {
    grew = false;
    for (size_t i = 0; i < facts.size() && facts.size() < kMaxFacts; ++i)
      for (size_t j = 0; j < facts.size() && facts.size() < kMaxFacts; ++j) {
        if (i == j || !divides_by_form(facts[i].x, facts[j].q)) continue;
        Multiple derived{facts[j].x, facts[i].q};  // q_i | x_i | q_j | x_j
        if (known(derived.x, derived.q)) continue;
        facts.push_back(derived);
        grew = true;
      }
  }
  return facts;
}

bool divides_by_facts(z3::expr const& q, z3::expr const& p, std::vector<Multiple> const& facts, bool summand) {
  if (facts.empty()) return false;
  z3::expr n = normal_form(p);
  if (n.is_app() && n.decl().decl_kind() == Z3_OP_ADD) {
    if (summand) return false;  // a summand of a normal form is a monomial: no second level
    for (unsigned i = 0; i < n.num_args(); ++i)
      if (!divides_by_form(q, n.arg(i)) && !divides_by_facts(q, n.arg(i), facts, true)) return false;
    return true;
  }
  z3::expr qr = q, pr = p;
  std::vector<bool> used(facts.size(), false);
  for (bool progress = true; progress;) {
    if (divides_by_form(qr, pr)) return true;
    progress = false;
    for (size_t k = 0; k < facts.size(); ++k) {
      if (used[k] || !divides_by_form(facts[k].x, pr)) continue;
      if (divides_by_form(qr, facts[k].q)) return true;
      if (!divides_by_form(facts[k].q, qr)) continue;
      qr = quotient(qr, facts[k].q);
      pr = quotient(pr, facts[k].x);
      used[k] = true;
      progress = true;
      break;
    }
  }
  return false;
}

}  // namespace algebra_detail

}  // namespace layoutref::proofs
