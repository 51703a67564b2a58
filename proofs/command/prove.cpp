#include <layoutref/proofs/prove.hpp>
#include "options.hpp"
#include "prove_internal.hpp"
#include <layoutref/equiv/json.hpp>
#include <layoutref/equiv/output.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/proofs/prover.hpp>
#include <layoutref/proofs/watchdog.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <thread>

namespace layoutref::proofs {

using equiv::Case;
using equiv::Outcome;
using equiv::Verdict;
using equiv::json_string;

namespace {

// Fault injection for the watchdog's tests (tests/cli/soundness_prove.cmake, prove_watchdog_stall
// and audit_prove_watchdog_stall): with LAYOUTREF_PROVE_STALL set, the query never returns, as a
// deadlocked solver call (it sleeps an hour past its deadline; the watchdog answers first).
void stall_if_injected(lp::Setting const& s) {
  if (std::getenv("LAYOUTREF_PROVE_STALL")) std::this_thread::sleep_until(s.deadline + std::chrono::hours(1));
}

int exit_code(lp::Status s) {
  switch (s) {
    case lp::Status::proved: return 0;
    case lp::Status::refuted: return 1;
    case lp::Status::unknown: return 3;
  }
  return 4;
}

char const* const kProveUsage =
    "usage: layoutref prove QUERY [--where 'a in 1..64, M in 1..2^20, M % 128 == 0'] [--solver z3|cvc5|both] [--timeout MS]\n"
    "                       [--emit-smt2 FILE] [--json]\n"
    "--where: variables `NAME in LO..HI` (LO, HI integers or 2^K) and facts `TERM OP TERM` (OP one of\n"
    "== != <= >= < >; the left term may end in `% D`), separated by commas\n"
    "exit 0 proved, 1 refuted, 2 bad input, 3 unknown, 4 internal error\n";

// Answers the query and confirms the answer (its checks). Where a symbolic operation's structure
// splits on a condition that holds for some values and not others, each case (the condition as
// a hypothesis, then its negation) is answered as a query of its own, at most 3 splits deep:
// proved when every case is, refuted when a case is (its checked counterexample), else unknown,
// every case reported.
lp::Answer answer_query(Query& q, std::string const& text, std::chrono::steady_clock::time_point t0, int depth,
                        std::vector<std::string>& checks) {
  q.notes.clear();
  lp::Answer a;
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  try {
    a = run_query(q, text);
  } catch (lp::Split const& e) {
    if (!e.condition || depth >= 3 || q.setting.budget_ms() == 0) {
      a = lp::Answer{};
      a.status = lp::Status::unknown;
      a.seconds = elapsed();
      a.reason = e.what();
      if (e.condition && depth >= 3) a.reason += " (3 splits deep: not split further)";
    } else {
      struct Case {
        std::string label;
        lp::Answer answer;
        std::vector<std::string> checks;
      };
      std::vector<Case> cases;
      for (int side = 0; side < 2; ++side) {
        Case c;
        c.label = side == 0 ? e.condition_text : "not " + e.condition_text;
        q.setting.hypotheses.push_back({"case." + std::to_string(depth) + "." + std::to_string(side), side == 0 ? *e.condition : !*e.condition});
        try {
          c.answer = answer_query(q, text, t0, depth + 1, c.checks);
        } catch (...) {
          q.setting.hypotheses.pop_back();
          throw;
        }
        q.setting.hypotheses.pop_back();
        cases.push_back(std::move(c));
      }
      auto told = [](Case const& c) {
        std::string how;
        for (auto const& k : c.checks) how += (how.empty() ? "" : ", ") + k;
        return "case " + c.label + ": " + lp::name(c.answer.status) + (how.empty() ? "" : " (" + how + ")") +
               (c.answer.status == lp::Status::refuted ? ": " + c.answer.counterexample
                                                       : c.answer.reason.empty() ? "" : ": " + c.answer.reason);
      };
      for (auto const& c : cases)
        if (c.answer.status == lp::Status::refuted) {
          a = c.answer;
          checks = c.checks;
          checks.insert(checks.begin(), "in the case " + c.label);
          a.seconds = elapsed();
          return a;
        }
      bool all = true;
      for (auto const& c : cases) all = all && c.answer.status == lp::Status::proved;
      a = lp::Answer{};
      a.status = all ? lp::Status::proved : lp::Status::unknown;
      a.by_spec = false;
      a.seconds = elapsed();
      a.reason = "the structure splits on whether " + e.condition_text + "; " + told(cases[0]) + "; " + told(cases[1]);
      checks.clear();
      if (all) checks.push_back("by cases (" + std::to_string(cases.size()) + "), each confirmed");
      return a;
    }
  }
  std::string made;  // how the query's functions were made, innermost call first (at most 8 told)
  for (size_t i = 0; i < q.notes.size() && i < 8; ++i) made += (made.empty() ? "" : "; ") + q.notes[i];
  if (q.notes.size() > 8) made += "; and " + std::to_string(q.notes.size() - 8) + " more symbolic calls";
  if (!made.empty()) a.reason = made + (a.reason.empty() ? "" : "; " + a.reason);
  checks = confirm(a, q.setting);
  return a;
}

}  // namespace

int prove_command(std::vector<std::string> const& args) {
  std::string where, smt2_path, text;
  bool smt2_given = false;
  unsigned timeout = 10000;
  // --json anywhere makes every answer JSON, bad options too.
  bool const json = std::find(args.begin(), args.end(), "--json") != args.end();
  lp::SolverChoice solver = lp::SolverChoice::both;
  auto takes_value = [](std::string const& a) { return a == "--solver" || a == "--where" || a == "--timeout" || a == "--emit-smt2"; };
  for (size_t i = 0; i < args.size(); ++i) {
    if (takes_value(args[i])) ++i;
    else if (args[i].rfind("--", 0) != 0) text += (text.empty() ? "" : " ") + args[i];
  }
  text = trim(text);
  // Bad input before any solver runs: exit 2, the message as JSON under --json.
  auto refuse = [&](std::string const& message, bool usage = false) {
    if (json)
      std::cout << "{\"query\":" << json_string(text) << ",\"answer\":\"bad input\",\"error\":" << json_string(message) << "}\n";
    else
      std::cerr << "layoutref prove: " << message << "\n" << (usage ? kProveUsage : "");
    return 2;
  };
  // The options (options.cpp); each value checked here, naming what it needs.
  ProveArgs pa;
  equiv::Options options("prove", kProveProse);
  define_prove_options(options, pa);
  std::string option_error;
  switch (options.parse_quietly(args, option_error)) {
    case equiv::Options::Parsed::help: std::cout << options.help(); return 0;
    case equiv::Options::Parsed::error: return refuse(option_error, true);
    case equiv::Options::Parsed::ok: break;
  }
  if (options.app().count("--solver")) {
    std::string const& v = pa.solver;
    if (v == "z3") solver = lp::SolverChoice::z3;
    else if (v == "cvc5") solver = lp::SolverChoice::cvc5;
    else if (v == "both") solver = lp::SolverChoice::both;
    else return refuse("--solver takes z3, cvc5 or both, got `" + v + "`");
  }
  for (auto const& w : pa.where) where += (where.empty() ? "" : ", ") + w;
  if (options.app().count("--emit-smt2")) {
    if (pa.emit_smt2.empty()) return refuse("--emit-smt2 needs a file name, not an empty one");
    smt2_path = pa.emit_smt2;
    smt2_given = true;
  }
  if (options.app().count("--timeout")) {
    std::string const& v = pa.timeout;
    try {
      size_t used = 0;
      long long ms = std::stoll(v, &used);
      if (used != v.size() || ms < 1 || ms > 86400000) throw std::invalid_argument(v);
      timeout = static_cast<unsigned>(ms);
    } catch (std::exception const&) {
      return refuse("--timeout needs milliseconds in 1..86400000, got `" + v + "`");
    }
  }
  if (text.empty()) return refuse("no query given", true);
  auto const t0 = std::chrono::steady_clock::now();
  Query q;
  q.setting.timeout_ms = timeout;
  q.setting.solver = solver;
  if (solver == lp::SolverChoice::cvc5 && !lp::solver_on_path("cvc5")) return refuse("--solver cvc5: the cvc5 program is not on PATH");
  // --timeout is the whole query's wall-clock budget: every solver call, check and the replay.
  q.setting.deadline = t0 + std::chrono::milliseconds(timeout);
  if (auto e = q.setting.vars.parse(where); !e.empty()) return refuse("--where: " + e);
  // Each fact of --where is a named hypothesis (in the unsat core, in the vacuity check).
  if (auto e = lp::add_facts(q.setting); !e.empty()) return refuse("--where: " + e);
  lp::Answer a;
  std::vector<std::string> checks;
  // The answer comes within the budget even where a solver call does not return (z3 4.8.12's
  // timer can deadlock; watchdog.hpp): 2 s and a tenth of --timeout past it, the answer is
  // unknown, exit 3. Every answer below is written after watchdog.finish().
  lp::Watchdog watchdog(
      t0 + std::chrono::milliseconds(timeout) + std::chrono::milliseconds(2000 + timeout / 10),
      [&] {
        std::string reason = "no answer within the time budget (--timeout " + std::to_string(timeout) +
                             " ms): a solver call did not return (z3 4.8.12's timer can deadlock; docs/proofs.md)";
        char at[32];
        std::snprintf(at, sizeof at, "%.3f", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (json)
          std::cout << "{\"query\":" << json_string(text) << ",\"answer\":\"unknown\",\"seconds\":" << at
                    << ",\"checks\":[],\"reason\":" << json_string(reason) << ",\"solvers\":[],\"core\":[]}\n";
        else
          std::cout << "unknown (" << at << " s): " << reason << "\n";
        std::cout.flush();
      },
      exit_code(lp::Status::unknown));
  auto bad_input = [&](std::string const& message) {
    watchdog.finish();
    if (json)
      std::cout << "{\"query\":" << json_string(text) << ",\"answer\":\"bad input\",\"error\":" << json_string(message) << "}\n";
    else
      std::cerr << "layoutref prove: " << message << "\n";
    return 2;
  };
  try {
    stall_if_injected(q.setting);
    a = answer_query(q, text, t0, 0, checks);
  } catch (BadInput const& b) {
    return bad_input(b.message);
  } catch (lp::InputError const& e) {
    return bad_input(e.what());
  } catch (lp::InternalError const& e) {
    watchdog.finish();
    if (json)
      std::cout << "{\"query\":" << json_string(text) << ",\"answer\":\"internal error\",\"error\":" << json_string(e.what()) << "}\n";
    else
      std::cerr << "layoutref prove: internal error: " << e.what() << "\n";
    return 4;
  } catch (sp::Error const& e) {
    return bad_input(e.what());
  } catch (z3::exception const& e) {
    return bad_input(std::string("z3: ") + e.msg());
  }
  watchdog.finish();
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (smt2_given) {
    std::string error;
    if (!layoutref::equiv::write_output(smt2_path, a.smt2, error)) {
      std::cerr << "layoutref prove: --emit-smt2: " << error << "\n";
      return 2;
    }
  }
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.3f", a.seconds);
  if (json) {
    std::cout << "{\"query\":" << json_string(text) << ",\"answer\":" << json_string(lp::name(a.status))
              << ",\"seconds\":" << secs << ",\"checks\":[";
    for (size_t i = 0; i < checks.size(); ++i) std::cout << (i ? "," : "") << json_string(checks[i]);
    std::cout << "]";
    if (a.status == lp::Status::refuted) std::cout << ",\"counterexample\":" << json_string(a.counterexample);
    if (!a.reason.empty()) std::cout << ",\"reason\":" << json_string(a.reason);
    std::cout << ",\"solvers\":[";
    for (size_t i = 0; i < a.solvers.size(); ++i) std::cout << (i ? "," : "") << json_string(a.solvers[i]);
    std::cout << "]";
    std::cout << ",\"core\":[";
    for (size_t i = 0; i < a.core.size(); ++i) std::cout << (i ? "," : "") << json_string(a.core[i]);
    std::cout << "]}\n";
  } else {
    std::string how;
    for (auto const& c : checks) how += c + ", ";
    switch (a.status) {
      case lp::Status::proved: std::cout << "proved (" << how << secs << " s)"; break;
      case lp::Status::refuted: std::cout << "refuted (" << how << secs << " s): " << a.counterexample; break;
      case lp::Status::unknown: std::cout << "unknown (" << secs << " s): " << a.reason; break;
    }
    std::cout << "\n";
    if (a.status != lp::Status::unknown && !a.reason.empty()) std::cout << "  note: " << a.reason << "\n";
    if (!a.core.empty()) {
      std::cout << "  hypotheses used:";
      for (auto const& c : a.core) std::cout << " " << c;
      std::cout << "\n";
    }
  }
  return exit_code(a.status);
}

std::optional<Outcome> prove_case(Case const& c, unsigned timeout_ms) {
  try {
    std::vector<Term> args;
    for (auto const& f : c.args) {
      auto p = notation::parse(f.text);
      if (!p.ok) return std::nullopt;
      args.push_back(p.term);
    }
    auto r = notation::parse(c.result.text);
    if (!r.ok || r.term.kind != Kind::layout) return std::nullopt;
    z3::context ctx;
    lp::Setting s;
    s.ctx = &ctx;
    s.timeout_ms = timeout_ms;
    auto const t0 = std::chrono::steady_clock::now();
    s.deadline = t0 + std::chrono::milliseconds(timeout_ms);
    // A solver call that does not return (watchdog.hpp) stops the audit with an error naming the
    // case, rather than hanging it: the stuck call holds z3's lock, so no later case could run.
    lp::Watchdog watchdog(
        s.deadline + std::chrono::milliseconds(2000 + timeout_ms / 10),
        [&] {
          std::cerr << "layoutref: " << c.file << ":" << c.line << " " << c.op
                    << ": a solver call did not return within the case's budget (" << timeout_ms
                    << " ms; z3 4.8.12's timer can deadlock, docs/proofs.md); stopping\n";
          std::cerr.flush();
          std::cout.flush();
        },
        4);
    std::optional<lp::Answer> a;
    std::vector<std::string> checks;
    try {
      stall_if_injected(s);
      a = validate_claim(s, c.op, args, r.term);
      if (!a) return std::nullopt;
      checks = confirm(*a, s);
    } catch (lp::InputError const& e) {
      return Outcome{Verdict::unsupported, std::string("not proved: ") + e.what(), std::nullopt};
    } catch (lp::InternalError const& e) {
      return Outcome{Verdict::unsupported, std::string("not judged: internal error of the prover: ") + e.what(), std::nullopt};
    }
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.3f", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    std::string how;
    for (auto const& k : checks)
      if (k != "z3") how += ", " + k;
    switch (a->status) {
      case lp::Status::proved:
        return Outcome{Verdict::correct, std::string("(proved by Z3") + how + " in " + secs + " s: the spec's tables would be too large)",
                       std::nullopt};
      case lp::Status::refuted:
        return Outcome{Verdict::wrong, "(refuted by Z3) " + a->counterexample + " (" + how.substr(2) + ")", std::nullopt};
      case lp::Status::unknown: return Outcome{Verdict::unsupported, "Z3 could not decide: " + a->reason, std::nullopt};
    }
  } catch (...) {
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace layoutref::proofs
