#include <layoutref/proofs/prover.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
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

Answer Obligation::prove(z3::expr const& goal, unsigned timeout_ms, Describe const& describe) const {
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
  z3::solver s(*ctx_);
  z3::params p(*ctx_);
  p.set("timeout", timeout_ms);
  p.set("unsat_core", true);
  s.set(p);
  for (auto const& f : facts_) s.add(f);
  for (auto const& [n, h] : hyps_) s.add(h, n.c_str());
  s.add(!goal);
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

Replay replay_smt2(std::string const& smt2, std::string const& expect, unsigned timeout_ms) {
  Replay out;
  std::string program;
  if (char const* path = std::getenv("PATH")) {
    std::string p = path;
    size_t start = 0;
    while (start <= p.size()) {
      size_t end = p.find(':', start);
      if (end == std::string::npos) end = p.size();
      std::string dir = p.substr(start, end - start);
      std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : dir) / "z3";
      if (access(candidate.c_str(), X_OK) == 0) {
        program = candidate.string();
        break;
      }
      start = end + 1;
    }
  }
  if (program.empty()) {
    out.detail = "the z3 program is not on PATH";
    return out;
  }
  std::string file = (std::filesystem::temp_directory_path() / "layoutref-replay-XXXXXX.smt2").string();
  int fd = mkstemps(file.data(), 5);
  if (fd < 0) {
    out.outcome = Replay::Outcome::undecided;
    out.detail = "cannot create a temporary file";
    return out;
  }
  close(fd);
  {
    std::ofstream f(file);
    f << smt2;
  }
  int pipe_fd[2];
  if (pipe(pipe_fd) != 0) {
    std::filesystem::remove(file);
    out.outcome = Replay::Outcome::undecided;
    out.detail = "cannot create a pipe";
    return out;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fd[1], 1);
  posix_spawn_file_actions_adddup2(&actions, pipe_fd[1], 2);
  posix_spawn_file_actions_addclose(&actions, pipe_fd[0]);
  std::string soft = "-t:" + std::to_string(timeout_ms);
  std::vector<char*> argv{program.data(), const_cast<char*>("-smt2"), soft.data(), file.data(), nullptr};
  pid_t pid = 0;
  int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fd[1]);
  if (rc != 0) {
    close(pipe_fd[0]);
    std::filesystem::remove(file);
    out.outcome = Replay::Outcome::undecided;
    out.detail = "cannot start " + program;
    return out;
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  std::string text;
  bool killed = false;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      kill(pid, SIGKILL);
      killed = true;
      break;
    }
    pollfd p{pipe_fd[0], POLLIN, 0};
    int n = poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (n < 0) continue;
    if (n == 0) continue;
    char buf[4096];
    ssize_t got = read(pipe_fd[0], buf, sizeof buf);
    if (got <= 0) break;
    text.append(buf, static_cast<size_t>(got));
  }
  close(pipe_fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  std::filesystem::remove(file);
  if (killed) {
    out.outcome = Replay::Outcome::undecided;
    out.detail = "z3 did not finish within " + std::to_string(timeout_ms) + " ms";
    return out;
  }
  // One answer line (sat, unsat, unknown) per (check-sat).
  size_t checks = 0, pos = 0;
  while ((pos = smt2.find("(check-sat)", pos)) != std::string::npos) ++checks, ++pos;
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
  else out.outcome = Replay::Outcome::undecided;
  return out;
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
