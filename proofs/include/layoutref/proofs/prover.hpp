// layoutref::proofs — proof obligations and their answers.
//
// A query is proved when its hypotheses together with the negated goal are unsatisfiable;
// refuted when Z3 finds a model (the counterexample); unknown otherwise (timeout, incomplete
// nonlinear arithmetic, ...). Unknown is never reported as proved. Every solver gets a timeout.
// Before the goal, the hypotheses alone are checked satisfiable: a query whose hypotheses cannot
// all hold would prove every goal, so it is an InputError, never "proved".
#pragma once

#include <z3++.h>

#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace layoutref::proofs {

/// A query that must not be answered: a shape or bound that can be below 1, hypotheses that
/// cannot all hold, values past 64 bits, nesting too deep. `layoutref prove` exits 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A check that contradicts the solver's answer (a counterexample that does not violate the
/// goal when evaluated with the spec, a replay that disagrees). `layoutref prove` exits 4.
struct InternalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class Status { proved, refuted, unknown };

/// Which solvers decide an obligation: z3 (in process), cvc5 (a process on the SMT-LIB2 text), or
/// both at once (the portfolio: the first definitive answer wins, both are recorded, and a
/// disagreement is an InternalError, never a verdict).
enum class SolverChoice { z3, cvc5, both };
char const* name(Status s);

/// The answer to one query.
struct Answer {
  Status status = Status::unknown;
  double seconds = 0;               ///< solver time
  std::string counterexample;       ///< refuted: the witness in layout notation
  std::string reason;               ///< unknown: Z3's reason_unknown; otherwise a remark
  std::vector<std::string> core;    ///< proved: the named hypotheses the proof used (unsat core)
  std::string smt2;                 ///< the self-contained SMT-LIB2 text of the query
  /// proved: the number of points (assignments of the variables times indices) at which the goal
  /// was evaluated with the spec and held; 0 when the domain was not enumerated.
  unsigned long long exhaustive_points = 0;
  /// refuted: the counterexample was evaluated with the spec and violates the goal (or the answer
  /// was decided by the spec itself, without a solver).
  bool witness_checked = false;
  /// decided by the spec alone (no solver, nothing to replay).
  bool by_spec = false;
  /// proved by instantiating a lemma of the law library (its name); the solver proved the
  /// lemma's premises (smt2 is that obligation), not the goal itself.
  std::string lemma;
  /// Each solver's answer on the obligation, e.g. {"z3: unsat", "cvc5: unsat"} (portfolio).
  std::vector<std::string> solvers;
  /// The goal was proved by z3 in process (so the replay is a fresh z3); false when only cvc5
  /// proved it (its own process is the independent run).
  bool z3_proved = false;
  /// proved by the bit-vector tier (bitvector.hpp, bitvector_attempt): the widest operation's
  /// width in bits (0: not by bit-vectors), and the bounds the proof holds within
  /// (`a in 1..65536, b in 1..65536`): proved for all values within them, not beyond.
  unsigned bitvector_width = 0;
  std::string bitvector_bounds;
};

/// Describes a model of the negated goal as a counterexample.
using Describe = std::function<std::string(z3::model const&)>;

/// One proof obligation over a Z3 context.
class Obligation {
 public:
  explicit Obligation(z3::context& ctx) : ctx_(&ctx) {}
  /// The solvers that decide the goal (default z3 alone).
  void use(SolverChoice c) { choice_ = c; }
  z3::context& ctx() const { return *ctx_; }
  /// A fact that holds by construction (the definition of a fresh variable, a domain bound).
  void assume(z3::expr const& e) { facts_.push_back(e); }
  /// A named hypothesis; its name appears in the unsat core when the proof needs it. Names are
  /// unique: a hypothesis stated again under its name is kept once; another one under a name
  /// already used gets the name with `#2`, `#3`, ... appended.
  void hypothesis(std::string name, z3::expr const& e);
  std::vector<std::pair<std::string, z3::expr>> const& hypotheses() const { return hyps_; }
  std::vector<z3::expr> const& facts() const { return facts_; }
  /// A fact that holds by construction but is left out of the integer obligation (it slows the
  /// solvers: the last coordinate's bound, query.cpp's in_box): the bit-vector tier's ranges use it.
  void hint(z3::expr const& e) { hints_.push_back(e); }
  std::vector<z3::expr> const& hints() const { return hints_; }
  SolverChoice solver_choice() const { return choice_; }

  /// What runs while cvc5 works on the obligation, once z3 has answered unknown (with z3's
  /// reason; at once with SolverChoice::cvc5): the bit-vector tier (query.cpp). An answer that
  /// is not unknown is the obligation's (cvc5 is stopped); an unknown one's reason is added to
  /// the final unknown answer's.
  using Meanwhile = std::function<Answer(std::string const& z3_reason)>;

  /// Prove `goal` for every model of the facts and hypotheses. `timeout_ms` == 0 means the
  /// query's budget is spent: unknown, no solver call. z3 gets `z3_timeout_ms` of it where that
  /// is given (non-zero and smaller), cvc5 the whole of it.
  /// @post status == proved only when Z3 answered unsat and the hypotheses are satisfiable.
  /// @throws InputError when the hypotheses alone are unsatisfiable (the query is vacuous).
  Answer prove(z3::expr const& goal, unsigned timeout_ms, Describe const& describe, Meanwhile const& meanwhile = nullptr,
               unsigned z3_timeout_ms = 0) const;

  /// The SMT-LIB2 text of facts ∧ hypotheses ∧ ¬goal (unsat means proved), with the hypotheses
  /// named (`:named`) so that `(get-unsat-core)` replays the core.
  std::string smt2(z3::expr const& goal) const;

 private:
  z3::context* ctx_;
  SolverChoice choice_ = SolverChoice::z3;
  std::vector<z3::expr> facts_, hints_;
  std::vector<std::pair<std::string, z3::expr>> hyps_;
};

/// The replay of an SMT-LIB2 obligation in a fresh z3 process (the z3 program on PATH).
struct Replay {
  enum class Outcome { agrees, disagrees, undecided, no_program };
  Outcome outcome = Outcome::no_program;
  std::string detail;  ///< what z3 printed, or why it could not run
};
/// Runs `z3 -smt2 -t:MS` on `smt2` with a wall-clock limit; `expect` is the answer of every
/// (check-sat) in it ("unsat" for a proof). The process is killed at the limit.
Replay replay_smt2(std::string const& smt2, std::string const& expect, unsigned timeout_ms);

/// A solver program (z3: `z3 -smt2 -t:MS`; cvc5: `cvc5 --lang=smt2 --tlimit=MS`) started on an
/// SMT-LIB2 text, running while the caller does other work (the portfolio: cvc5 beside the
/// in-process z3). The destructor kills it if still running.
class SolverProcess {
 public:
  SolverProcess(std::string const& program, std::string const& smt2, unsigned timeout_ms);
  ~SolverProcess();
  SolverProcess(SolverProcess const&) = delete;
  SolverProcess& operator=(SolverProcess const&) = delete;
  /// Waits for it until the time limit (or `sooner`, when earlier); outcome against `expect` as
  /// replay_smt2.
  Replay finish(std::string const& expect,
                std::chrono::steady_clock::time_point sooner = std::chrono::steady_clock::time_point::max());

 private:
  std::string name_, smt2_, file_;
  std::chrono::steady_clock::time_point deadline_;
  int pid_ = 0, fd_ = -1;
  Replay result_;
};

/// Whether a program of that name is on PATH.
bool solver_on_path(std::string const& name);

/// The integer value of `e` in `m` as decimal text.
std::string model_value(z3::model const& m, z3::expr const& e);
/// The integer value of `e` in `m`; false when it does not fit in 64 bits.
bool model_int64(z3::model const& m, z3::expr const& e, long long& out);

}  // namespace layoutref::proofs
