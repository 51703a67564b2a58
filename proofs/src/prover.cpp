#include <layoutref/proofs/prover.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

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

void Obligation::hypothesis(std::string name, z3::expr const& e) {
  auto used = [&](std::string const& n) {
    for (auto const& [m, h] : hyps_)
      if (m == n) return &h;
    return static_cast<z3::expr const*>(nullptr);
  };
  if (z3::expr const* h = used(name); h && z3::eq(*h, e)) return;
  std::string unique = name;
  for (int k = 2; used(unique); ++k) unique = name + "#" + std::to_string(k);
  hyps_.push_back({std::move(unique), e});
}

Answer Obligation::prove(z3::expr const& goal, unsigned timeout_ms, Describe const& describe, Meanwhile const& meanwhile,
                         unsigned z3_timeout_ms) const {
  Answer a;
  a.smt2 = smt2(goal);
  if (timeout_ms == 0) {
    a.reason = "the time budget is spent";
    return a;
  }
  auto t0 = std::chrono::steady_clock::now();
  if (!hyps_.empty()) {
    // The hypotheses alone: unsat means every goal would be "proved".
    z3::solver h(*ctx_);
    z3::params hp(*ctx_);
    hp.set("timeout", timeout_ms);
    hp.set("unsat_core", true);
    h.set(hp);
    for (auto const& [n, e] : hyps_) h.add(e, n.c_str());
    z3::check_result hr = z3::unknown;
    try {
      hr = h.check();
    } catch (z3::exception const& e) {
      a.reason = std::string("z3 error while checking the hypotheses: ") + e.msg();
      return a;
    }
    if (hr == z3::unsat) {
      std::string names;
      z3::expr_vector core = h.unsat_core();
      for (unsigned i = 0; i < core.size(); ++i) names += (names.empty() ? "" : ", ") + core[i].to_string();
      throw InputError("the hypotheses cannot all hold (" + names + "): the query is vacuous");
    }
    if (hr != z3::sat) {
      a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      a.reason = "could not show that the hypotheses can all hold: " + h.reason_unknown();
      return a;
    }
    auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    if (spent >= static_cast<long long>(timeout_ms)) {
      a.reason = "the time budget is spent";
      return a;
    }
    timeout_ms -= static_cast<unsigned>(spent);
  }
  // The portfolio: cvc5 on the obligation's text in its own process while z3 runs here.
  std::optional<SolverProcess> other;
  if (choice_ != SolverChoice::z3) other.emplace("cvc5", a.smt2, timeout_ms);
  z3::solver s(*ctx_);
  z3::params p(*ctx_);
  p.set("timeout", z3_timeout_ms > 0 ? std::min(z3_timeout_ms, timeout_ms) : timeout_ms);
  p.set("unsat_core", true);
  s.set(p);
  for (auto const& f : facts_) s.add(f);
  for (auto const& [n, h] : hyps_) s.add(h, n.c_str());
  s.add(!goal);
  z3::check_result r = z3::unknown;
  std::string z3_reason;
  auto run_z3 = [&]() {
    try {
      r = s.check();
      if (r == z3::unknown) z3_reason = s.reason_unknown();
    } catch (z3::exception const& e) {
      r = z3::unknown;
      z3_reason = std::string("z3 error: ") + e.msg();
    }
  };
  if (choice_ != SolverChoice::cvc5) run_z3();
  // z3 could not decide: the other attempt (the bit-vector tier) while cvc5 goes on.
  std::string meanwhile_reason;
  if (meanwhile && r == z3::unknown) {
    Answer m = meanwhile(choice_ == SolverChoice::cvc5 ? std::string("cvc5 had not decided it yet") : z3_reason);
    if (m.status != Status::unknown) return m;
    meanwhile_reason = m.reason;
  }
  // cvc5's answer: unsat, sat, or none (unknown, timeout, not on PATH).
  std::string cvc5 = "none";
  if (other) {
    // z3 in process cannot be interrupted reliably (4.8.12's nonlinear search ignores it), so the
    // portfolio waits for z3 within the budget; when z3 has answered, cvc5 gets a grace period
    // (1 s, or z3's own time when longer) to record its answer, then counts as undecided.
    auto sooner = std::chrono::steady_clock::time_point::max();
    if (r != z3::unknown) {
      auto took = std::chrono::steady_clock::now() - t0;
      sooner = std::chrono::steady_clock::now() + std::max<std::chrono::steady_clock::duration>(std::chrono::seconds(1), took);
    }
    Replay rc = other->finish("unsat", sooner);
    std::string detail = rc.detail;
    while (!detail.empty() && (detail.back() == '\n' || detail.back() == ' ')) detail.pop_back();
    if (rc.outcome == Replay::Outcome::agrees) cvc5 = "unsat";
    else if (rc.outcome == Replay::Outcome::disagrees) cvc5 = "sat";
    a.solvers.push_back("cvc5: " + (cvc5 != "none" ? cvc5 : rc.outcome == Replay::Outcome::no_program ? detail : "unknown (" + detail.substr(0, 120) + ")"));
  }
  // --solver cvc5: z3 only gives the model of a counterexample cvc5 found.
  if (choice_ == SolverChoice::cvc5 && cvc5 == "sat") run_z3();
  if (choice_ != SolverChoice::cvc5 || cvc5 == "sat")
    a.solvers.insert(a.solvers.begin(), std::string("z3: ") + (r == z3::unsat ? "unsat" : r == z3::sat ? "sat" : "unknown (" + z3_reason + ")"));
  if ((r == z3::unsat && cvc5 == "sat") || (r == z3::sat && cvc5 == "unsat"))
    throw InternalError(std::string("z3 and cvc5 disagree on the obligation: z3 answers ") + (r == z3::unsat ? "unsat" : "sat") +
                        ", cvc5 " + cvc5);
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (r == z3::unsat) {
    a.status = Status::proved;
    a.z3_proved = true;
    z3::expr_vector core = s.unsat_core();
    for (unsigned i = 0; i < core.size(); ++i) a.core.push_back(core[i].to_string());
  } else if (r == z3::sat) {
    a.status = Status::refuted;
    a.counterexample = describe ? describe(s.get_model()) : std::string();
  } else if (cvc5 == "unsat") {
    a.status = Status::proved;  // cvc5 alone: its own process is the independent run
    a.reason = choice_ == SolverChoice::cvc5 ? "" : "z3 could not decide (" + z3_reason + "); cvc5 proved it";
  } else {
    a.status = Status::unknown;
    a.reason = choice_ == SolverChoice::cvc5 && cvc5 != "sat" ? "cvc5 could not decide: " + a.solvers.back()
               : cvc5 == "sat" ? "cvc5 answers sat, but z3 found no model to state the counterexample (" + z3_reason + ")"
                               : z3_reason;
  }
  if (a.status == Status::unknown && !meanwhile_reason.empty()) a.reason += "; " + meanwhile_reason;
  return a;
}

namespace {

std::string on_path(std::string const& name) {
  if (char const* path = std::getenv("PATH")) {
    std::string p = path;
    size_t start = 0;
    while (start <= p.size()) {
      size_t end = p.find(':', start);
      if (end == std::string::npos) end = p.size();
      std::string dir = p.substr(start, end - start);
      std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : dir) / name;
      if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
      start = end + 1;
    }
  }
  return {};
}

}  // namespace

bool solver_on_path(std::string const& name) { return !on_path(name).empty(); }

SolverProcess::SolverProcess(std::string const& name, std::string const& smt2, unsigned timeout_ms)
    : name_(name), smt2_(smt2), deadline_(std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms)) {
  std::string program = on_path(name);
  if (program.empty()) {
    result_.detail = "the " + name + " program is not on PATH";
    return;
  }
  result_.outcome = Replay::Outcome::undecided;
  file_ = (std::filesystem::temp_directory_path() / "layoutref-replay-XXXXXX.smt2").string();
  int fd = mkstemps(file_.data(), 5);
  if (fd < 0) {
    file_.clear();
    result_.detail = "cannot create a temporary file";
    return;
  }
  close(fd);
  {
    std::ofstream f(file_);
    f << smt2;
  }
  int pipe_fd[2];
  if (pipe(pipe_fd) != 0) {
    result_.detail = "cannot create a pipe";
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fd[1], 1);
  posix_spawn_file_actions_adddup2(&actions, pipe_fd[1], 2);
  posix_spawn_file_actions_addclose(&actions, pipe_fd[0]);
  std::vector<std::string> args;
  if (name == "cvc5") args = {program, "--lang=smt2", "--tlimit=" + std::to_string(timeout_ms), file_};
  else args = {program, "-smt2", "-t:" + std::to_string(timeout_ms), file_};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int rc = posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fd[1]);
  if (rc != 0) {
    close(pipe_fd[0]);
    pid_ = 0;
    result_.detail = "cannot start " + program;
    return;
  }
  fd_ = pipe_fd[0];
}

SolverProcess::~SolverProcess() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  if (fd_ >= 0) close(fd_);
  if (!file_.empty()) std::filesystem::remove(file_);
}

Replay SolverProcess::finish(std::string const& expect, std::chrono::steady_clock::time_point sooner) {
  if (pid_ <= 0) return result_;
  if (sooner < deadline_) deadline_ = sooner;
  std::string text;
  bool killed = false;
  // Output already written counts even when the caller comes back after the deadline (the
  // solver may have finished long before): read what is there first, kill only on silence.
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - std::chrono::steady_clock::now()).count();
    pollfd p{fd_, POLLIN, 0};
    int n = poll(&p, 1, left > 0 ? static_cast<int>(std::min<long long>(left, 1000)) : 0);
    if (n > 0) {
      char buf[4096];
      ssize_t got = read(fd_, buf, sizeof buf);
      if (got <= 0) break;  // end of output: the solver exited
      text.append(buf, static_cast<size_t>(got));
      continue;
    }
    if (left <= 0) {
      kill(pid_, SIGKILL);
      killed = true;
      break;
    }
  }
  close(fd_);
  fd_ = -1;
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = 0;
  Replay out;
  out.outcome = Replay::Outcome::undecided;
  if (killed) {
    out.detail = name_ + " did not finish within the time budget";
    return out;
  }
  // One answer line (sat, unsat, unknown) per (check-sat).
  size_t checks = 0, pos = 0;
  while ((pos = smt2_.find("(check-sat)", pos)) != std::string::npos) ++checks, ++pos;
  std::string const opposite = expect == "unsat" ? "sat" : "unsat";
  size_t expected = 0, contrary = 0;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line == expect) ++expected;
    if (line == opposite) ++contrary;
  }
  out.detail = text.size() > 400 ? text.substr(0, 400) + "..." : text;
  if (contrary > 0) out.outcome = Replay::Outcome::disagrees;
  else if (checks > 0 && expected == checks) out.outcome = Replay::Outcome::agrees;
  return out;
}

Replay replay_smt2(std::string const& smt2, std::string const& expect, unsigned timeout_ms) {
  SolverProcess p("z3", smt2, timeout_ms);
  return p.finish(expect);
}

namespace {

// Words that SMT-LIB reserves, or that z3's or cvc5's theories (with every logic, as cvc5 runs
// without set-logic) give a meaning: a constant of that name, declared as is, makes the text
// misread (`Sort mismatch`, `shadowing a theory function symbol`, `Overloaded constants`), and
// quoting it (`|true|`) is the same symbol in SMT-LIB 2.6, refused the same way.
bool smt2_word(std::string const& n) {
  static std::set<std::string> const words{
      "!", "_", "as", "BINARY", "DECIMAL", "HEXADECIMAL", "NUMERAL", "STRING", "exists", "forall", "let", "match", "par", "lambda",
      "true", "false", "not", "and", "or", "xor", "ite", "distinct", "implies", "mod", "div", "abs", "to_real", "to_int", "is_int",
      "select", "store", "const", "concat", "extract", "repeat", "zero_extend", "sign_extend", "rotate_left", "rotate_right",
      "assert", "push", "pop", "reset", "exit", "echo", "Int", "Bool", "Real", "Array", "BitVec", "String", "RegLan", "Seq", "Set",
      "Bag", "Tuple", "FloatingPoint", "RoundingMode", "RNE", "RNA", "RTP", "RTN", "RTZ", "roundNearestTiesToEven",
      "roundNearestTiesToAway", "roundTowardPositive", "roundTowardNegative", "roundTowardZero", "fp", "NaN", "exp", "sin", "cos",
      "tan", "csc", "sec", "cot", "arcsin", "arccos", "arctan", "arccsc", "arcsec", "arccot", "sqrt", "pi", "tuple", "sep", "pto",
      "wand", "emp", "nil", "char", "bag", "is", "iand", "root", "int2bv", "bv2int", "bv2nat", "nat2bv", "rem", "power"};
  return words.count(n) > 0 || n.rfind("bv", 0) == 0 || n.rfind("fp", 0) == 0 || n.rfind("Float", 0) == 0;
}

// A hypothesis name as an SMT-LIB quoted symbol (`|fact.(a*b)>=2|`): a fact's text may hold
// parentheses; `|` and `\` cannot be quoted and become `_`.
std::string quoted_name(std::string n) {
  for (char& ch : n)
    if (ch == '|' || ch == '\\') ch = '_';
  return "|" + n + "|";
}

// Every uninterpreted constant of e, once.
void constants_of(z3::expr const& e, std::map<unsigned, z3::expr>& out, std::set<unsigned>& seen) {
  if (!seen.insert(e.id()).second) return;
  if (e.is_app()) {
    if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
      out.emplace(e.id(), e);
      return;
    }
    for (unsigned i = 0; i < e.num_args(); ++i) constants_of(e.arg(i), out, seen);
  } else if (e.is_quantifier()) {
    constants_of(e.body(), out, seen);
  }
}

}  // namespace

std::string Obligation::smt2(z3::expr const& goal) const {
  // Z3_benchmark_to_smtlib_string declares every constant; hypotheses are named so that the
  // core can be replayed. A constant named like an SMT-LIB word (smt2_word: a variable `true`,
  // `mod`) is written as `NAME!var` (no user name holds `!`, and no name of the queries' own ends in
  // `!var`); hypothesis names are quoted symbols.
  std::map<unsigned, z3::expr> consts;
  std::set<unsigned> seen;
  for (auto const& f : facts_) constants_of(f, consts, seen);
  for (auto const& [n, h] : hyps_) constants_of(h, consts, seen);
  constants_of(goal, consts, seen);
  z3::expr_vector from(*ctx_), to(*ctx_);
  for (auto const& [id, c] : consts) {
    std::string n = c.decl().name().str();
    if (!smt2_word(n)) continue;
    from.push_back(c);
    to.push_back(ctx_->constant((n + "!var").c_str(), c.get_sort()));
  }
  auto text_of = [&](z3::expr const& e) {
    if (from.empty()) return e;
    z3::expr x = e;
    return x.substitute(from, to);
  };
  z3::solver s(*ctx_);
  for (auto const& f : facts_) s.add(text_of(f));
  // A tautology per hypothesis, so that its constants are declared in the text.
  for (auto const& [n, h] : hyps_) s.add(text_of(h) || !text_of(h));
  s.add(!text_of(goal));
  std::string text = "; layoutref proof obligation: unsat means proved\n(set-option :produce-unsat-cores true)\n";
  std::string body = s.to_smt2();
  // Drop the trailing (check-sat) so that the named hypotheses come before it.
  auto pos = body.rfind("(check-sat)");
  if (pos != std::string::npos) body = body.substr(0, pos);
  text += body;
  for (auto const& [n, h] : hyps_) {
    std::ostringstream e;
    e << text_of(h);
    text += "(assert (! " + e.str() + " :named " + quoted_name(n) + "))\n";
  }
  text += "(check-sat)\n";
  if (!hyps_.empty()) text += "(get-unsat-core)\n";
  return text;
}

}  // namespace layoutref::proofs
