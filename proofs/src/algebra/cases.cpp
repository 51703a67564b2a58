#include "internal.hpp"
#include <layoutref/proofs/terms.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

namespace algebra_detail {

unsigned question_ms(Setting const& s) { return std::min(std::max(2000u, s.timeout_ms / 10), s.budget_ms()); }

std::string seconds_text(unsigned ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", ms / 1000.0);
  return buf;
}

Decider::Decider(Setting const& s, Symbolic& out) : s_(s), log_(out.decisions), undecided_(out.undecided), solver_(*s.ctx) {
  solver_.add(domain(s));
  // Vacuous bounds and hypotheses would answer every question `always`.
  z3::check_result r = check();
  if (r == z3::unsat) throw InputError("the hypotheses cannot all hold: the query is vacuous");
  if (r == z3::unknown) throw Split("could not show that the hypotheses can all hold (" + solver_.reason_unknown() + ")");
}

bool Decider::divides(z3::expr const& q, z3::expr const& p) const {
  if (divides_by_form(q, p) || divides_by_form(defs_.expand(q), defs_.expand(p))) return true;
  if (sum_divisible_by_form(q, p)) return true;
  if (multiples_.empty()) return false;
  if (divides_by_facts(q, p, multiples_)) return true;
  std::vector<Multiple> expanded;
  for (auto const& m : multiples_) expanded.push_back({defs_.expand(m.x), defs_.expand(m.q)});
  return divides_by_facts(defs_.expand(q), defs_.expand(p), closed_over_chains(expanded));
}

z3::expr Decider::quotient(z3::expr const& p, z3::expr const& q) const {
  z3::expr r = layoutref::proofs::quotient(p, q);
  if (!(r.is_app() && r.decl().decl_kind() == Z3_OP_IDIV)) return r;
  z3::expr e = layoutref::proofs::quotient(defs_.expand(p), defs_.expand(q));
  if (!(e.is_app() && e.decl().decl_kind() == Z3_OP_IDIV)) return e;
  if (sum_divisible_by_form(q, p)) {  // the sum of the monomials' quotients (each exact)
    z3::expr n = normal_form(p);
    z3::expr sum = p.ctx().int_val(0);
    for (unsigned i = 0; i < n.num_args(); ++i) sum = sum + layoutref::proofs::quotient(n.arg(i), q);
    return simplified(sum);
  }
  for (auto const& f : multiples_)
    if (same_polynomial(f.q, q) && !normalizes_to(f.x, 0) && divides_by_form(f.x, p))
      return simplified((f.x / q) * layoutref::proofs::quotient(p, f.x));
  return r;
}

Truth Decider::ask(z3::expr const& cond, std::string const& what) {
  z3::expr c = cond.simplify();
  if (c.is_true()) return Truth::always;
  if (c.is_false()) return Truth::never;
  solver_.push();
  solver_.add(!cond);
  z3::check_result r1 = check();
  std::string without;
  if (r1 == z3::sat) without = s_.vars.str(*s_.ctx, solver_.get_model());
  std::string why1 = r1 == z3::unknown ? solver_.reason_unknown() : "";
  solver_.pop();
  if (r1 == z3::unsat) {
    log_.push_back(what + ": always");
    return Truth::always;
  }
  solver_.push();
  solver_.add(cond);
  z3::check_result r2 = check();
  std::string with;
  if (r2 == z3::sat) with = s_.vars.str(*s_.ctx, solver_.get_model());
  std::string why2 = r2 == z3::unknown ? solver_.reason_unknown() : "";
  solver_.pop();
  // No value satisfying the hypotheses (satisfiable: the constructor's check, and what was
  // assumed since holds for every value) makes cond true: never, whether or not z3 decided the
  // first check (r1 unsat returned above; r1 unknown was reported as a vacuous query, bad input).
  if (r2 == z3::unsat) {
    log_.push_back(what + ": never");
    return Truth::never;
  }
  if (r1 == z3::sat && r2 == z3::sat)
    throw Split("the result's structure depends on whether " + what + ": it holds with " + with + " and not with " + without +
                    " (state the case in --where)",
                cond, what);
  // Undecided: which side, z3's reason, and the budget it had.
  std::string side = r1 == z3::unknown ? (r2 == z3::sat ? "whether it can fail (it holds with " + with + ")"
                                                        : "either side")
                                       : "whether it can hold (it fails with " + without + ")";
  std::string told = what + " (z3 could not decide " + side + ": " + (why1.empty() ? why2 : why1) + ", at most " +
                     seconds_text(last_ms_) + " per solver check)";
  last_undecided_ = told;
  throw Split("could not decide whether " + told + "; state the case, or a fact that decides it, in --where");
}

std::optional<Truth> Decider::maybe(z3::expr const& cond, std::string const& what) {
  last_undecided_.clear();
  try {
    return ask(cond, what);
  } catch (Split const& e) {
    if (e.condition) {
      log_.push_back(what + ": for some values");
    } else {
      undecided_.push_back(last_undecided_.empty() ? e.what() : last_undecided_);
    }
    return std::nullopt;
  }
}

void Decider::require(z3::expr const& cond, std::string const& what, std::string const& condition) {
  Truth t = Truth::never;
  try {
    t = ask(cond, what);
  } catch (Split const& e) {
    if (!e.condition) throw Split(condition + ": " + e.what());
    throw InputError(condition + " does not hold for every value: " + e.what());
  }
  if (t == Truth::never) throw InputError(condition + " never holds: " + what + " is false for every value");
}

z3::check_result Decider::check() {
  last_ms_ = question_ms(s_);
  z3::params p(*s_.ctx);
  p.set("timeout", last_ms_ == 0 ? 1u : last_ms_);
  solver_.set(p);
  return solver_.check();
}

}  // namespace algebra_detail

}  // namespace layoutref::proofs
