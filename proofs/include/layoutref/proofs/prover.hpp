// layoutref::proofs — proof obligations and their answers.
//
// A query is proved when its hypotheses together with the negated goal are unsatisfiable;
// refuted when Z3 finds a model (the counterexample); unknown otherwise (timeout, incomplete
// nonlinear arithmetic, ...). Unknown is never reported as proved. Every solver gets a timeout.
#pragma once

#include <z3++.h>

#include <functional>
#include <string>
#include <vector>

namespace layoutref::proofs {

enum class Status { proved, refuted, unknown };
char const* name(Status s);

/// The answer to one query.
struct Answer {
  Status status = Status::unknown;
  double seconds = 0;               ///< solver time
  std::string counterexample;       ///< refuted: the witness in layout notation
  std::string reason;               ///< unknown: Z3's reason_unknown; otherwise a remark
  std::vector<std::string> core;    ///< proved: the named hypotheses the proof used (unsat core)
  std::string smt2;                 ///< the self-contained SMT-LIB2 text of the query
};

/// Describes a model of the negated goal as a counterexample.
using Describe = std::function<std::string(z3::model const&)>;

/// One proof obligation over a Z3 context.
class Obligation {
 public:
  explicit Obligation(z3::context& ctx) : ctx_(&ctx) {}
  z3::context& ctx() const { return *ctx_; }
  /// A fact that holds by construction (the definition of a fresh variable, a domain bound).
  void assume(z3::expr const& e) { facts_.push_back(e); }
  /// A named hypothesis; its name appears in the unsat core when the proof needs it.
  void hypothesis(std::string name, z3::expr const& e) { hyps_.push_back({std::move(name), e}); }
  std::vector<std::pair<std::string, z3::expr>> const& hypotheses() const { return hyps_; }

  /// Prove `goal` for every model of the facts and hypotheses.
  /// @post status == proved only when Z3 answered unsat.
  Answer prove(z3::expr const& goal, unsigned timeout_ms, Describe const& describe) const;

  /// The SMT-LIB2 text of facts ∧ hypotheses ∧ ¬goal (unsat means proved), with the hypotheses
  /// named (`:named`) so that `(get-unsat-core)` replays the core.
  std::string smt2(z3::expr const& goal) const;

 private:
  z3::context* ctx_;
  std::vector<z3::expr> facts_;
  std::vector<std::pair<std::string, z3::expr>> hyps_;
};

/// The integer value of `e` in `m` as decimal text.
std::string model_value(z3::model const& m, z3::expr const& e);
/// The integer value of `e` in `m`; false when it does not fit in 64 bits.
bool model_int64(z3::model const& m, z3::expr const& e, long long& out);

}  // namespace layoutref::proofs
