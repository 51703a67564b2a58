#include "prove_internal.hpp"
#include <layoutref/proofs/prover.hpp>

namespace layoutref::proofs {

namespace {

// The portfolio's other answer for the line: "cvc5 agrees", "cvc5 undecided", "cvc5 not on PATH",
// or nothing where cvc5 did not run (a disagreement never gets here: it is an InternalError).
std::string cvc5_check(lp::Answer const& a) {
  for (auto const& x : a.solvers) {
    if (x.rfind("cvc5: ", 0) != 0) continue;
    std::string v = x.substr(6);
    if (v == "unsat" || v == "sat") return "cvc5 agrees";
    return v.find("not on PATH") != std::string::npos ? "cvc5 not on PATH" : "cvc5 undecided";
  }
  return "";
}

}  // namespace

namespace prove_detail {

std::vector<std::string> confirm(lp::Answer& a, lp::Setting const& s) {
  std::vector<std::string> checks;
  if (a.status == lp::Status::refuted) {
    if (!a.witness_checked) throw lp::InternalError("the counterexample was not checked with the spec: " + a.counterexample);
    if (a.by_spec) return {"decided by the spec"};
    checks = {"z3", "counterexample checked with the spec"};
    if (auto c = cvc5_check(a); !c.empty()) checks.push_back(c);
    return checks;
  }
  if (a.status != lp::Status::proved) return checks;
  if (a.by_spec) return {"decided by the spec"};
  if (!a.lemma.empty()) checks.push_back(a.lemma);
  if (a.bitvector_width > 0)
    checks.push_back("for all values within the stated bounds (bit-vectors, " + std::to_string(a.bitvector_width) + " bits)");
  if (!a.z3_proved) {
    // Proved by cvc5 alone: its own process on the SMT-LIB2 text already is the independent run
    // a replay gives a z3 proof (and z3, which could not decide, cannot replay it).
    checks.push_back("cvc5");
  } else {
    checks.push_back("z3");
    unsigned left = s.budget_ms();
    if (left == 0) {
      a.status = lp::Status::unknown;
      a.reason = "z3 proved it, but the time budget was spent before the replay could confirm it";
      return {};
    }
    lp::Replay r = lp::replay_smt2(a.smt2, "unsat", left);
    switch (r.outcome) {
      case lp::Replay::Outcome::agrees: checks.push_back("replayed"); break;
      case lp::Replay::Outcome::no_program: checks.push_back("not replayed: " + r.detail); break;
      case lp::Replay::Outcome::undecided:
        a.status = lp::Status::unknown;
        a.reason = "z3 proved it, but the replay in a fresh z3 process did not confirm it: " + r.detail;
        return {};
      case lp::Replay::Outcome::disagrees:
        throw lp::InternalError("z3 proved it, but the replay in a fresh z3 process answered otherwise: " + r.detail);
    }
    if (auto c = cvc5_check(a); !c.empty()) checks.push_back(c);
  }
  if (a.exhaustive_points > 0) checks.push_back("exhaustive over " + std::to_string(a.exhaustive_points) + " points");
  return checks;
}

}  // namespace prove_detail

}  // namespace layoutref::proofs
