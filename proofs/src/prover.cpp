#include <layoutref/proofs/prover.hpp>

#include <chrono>
#include <sstream>

namespace layoutref::proofs {

char const* name(Status s) {
  switch (s) {
    case Status::proved: return "proved";
    case Status::refuted: return "refuted";
    case Status::unknown: return "unknown";
  }
  return "?";
}

std::string model_value(z3::model const& m, z3::expr const& e) {
  z3::expr v = m.eval(e, true);
  if (v.is_numeral()) return v.get_decimal_string(0);
  std::ostringstream s;
  s << v;
  return s.str();
}

bool model_int64(z3::model const& m, z3::expr const& e, long long& out) {
  z3::expr v = m.eval(e, true);
  int64_t x = 0;
  if (!v.is_numeral() || !v.is_numeral_i64(x)) return false;
  out = x;
  return true;
}

Answer Obligation::prove(z3::expr const& goal, unsigned timeout_ms, Describe const& describe) const {
  Answer a;
  a.smt2 = smt2(goal);
  z3::solver s(*ctx_);
  z3::params p(*ctx_);
  p.set("timeout", timeout_ms);
  p.set("unsat_core", true);
  s.set(p);
  for (auto const& f : facts_) s.add(f);
  for (auto const& [n, h] : hyps_) s.add(h, n.c_str());
  s.add(!goal);
  auto t0 = std::chrono::steady_clock::now();
  z3::check_result r = z3::unknown;
  try {
    r = s.check();
  } catch (z3::exception const& e) {
    a.status = Status::unknown;
    a.reason = std::string("z3 error: ") + e.msg();
    return a;
  }
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (r == z3::unsat) {
    a.status = Status::proved;
    z3::expr_vector core = s.unsat_core();
    for (unsigned i = 0; i < core.size(); ++i) a.core.push_back(core[i].to_string());
  } else if (r == z3::sat) {
    a.status = Status::refuted;
    a.counterexample = describe ? describe(s.get_model()) : std::string();
  } else {
    a.status = Status::unknown;
    a.reason = s.reason_unknown();
  }
  return a;
}

std::string Obligation::smt2(z3::expr const& goal) const {
  // Z3_benchmark_to_smtlib_string declares every constant; hypotheses are named so that the
  // core can be replayed.
  z3::solver s(*ctx_);
  for (auto const& f : facts_) s.add(f);
  // A tautology per hypothesis, so that its constants are declared in the text.
  for (auto const& [n, h] : hyps_) s.add(h || !h);
  s.add(!goal);
  std::string text = "; layoutref proof obligation: unsat means proved\n(set-option :produce-unsat-cores true)\n";
  std::string body = s.to_smt2();
  // Drop the trailing (check-sat) so that the named hypotheses come before it.
  auto pos = body.rfind("(check-sat)");
  if (pos != std::string::npos) body = body.substr(0, pos);
  text += body;
  for (auto const& [n, h] : hyps_) {
    std::ostringstream e;
    e << h;
    text += "(assert (! " + e.str() + " :named " + n + "))\n";
  }
  text += "(check-sat)\n";
  if (!hyps_.empty()) text += "(get-unsat-core)\n";
  return text;
}

}  // namespace layoutref::proofs
