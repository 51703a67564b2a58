// layoutref::proofs — functions built from layouts, and the queries `layoutref prove` answers.
//
// A Fn is a layout (tier 1 numerals or tier 3 terms), a swizzled layout Sw o off o L
// (i -> Sw(off + L(i))), or a function composition A o B, the textbook definition that
// composition's result is judged against (docs/semantics.md, "Composition"):
//     (A o B)(c) = A(B(c))              where B(c) lies in [0, size(A)),
//                = Σ_k Â(d_k * c_k)     elsewhere (by modes, Â extended past size(A)),
// on the domain [0, size(B)); for a one-mode B both read Â(d*i).
#pragma once

#include <layoutref/proofs/concrete.hpp>
#include <layoutref/proofs/symbolic.hpp>

#include <chrono>
#include <memory>
#include <optional>

namespace layoutref::proofs {

struct Fn {
  enum class Kind { layout, swizzled, compose };
  Kind kind = Kind::layout;
  LeafLayout layout;            ///< layout: the layout; swizzled: the inner layout; compose: B
  spec::Swizzle swizzle;        ///< swizzled
  long long offset = 0;         ///< swizzled
  std::shared_ptr<Fn> outer;    ///< compose: A (a layout)

  static Fn of(LeafLayout l);
  static Fn swizzled_of(spec::Swizzle sw, long long offset, LeafLayout inner);
  /// @pre a.kind == layout; b has integer strides (bad input otherwise, see compose_error).
  static Fn compose(Fn const& a, LeafLayout b);
  z3::expr size() const;
  std::string str(z3::model const& m) const;
};

/// Why A o B cannot be formed (empty when it can).
std::string compose_error(Fn const& a, LeafLayout const& b);

/// F(i), recording the natural coordinate of i in F's domain layout.
SymValue evaluate(Encoder& e, Fn const& f, z3::expr const& index, std::vector<z3::expr>* coords = nullptr);

/// What every query shares: the variables with their bounds and a timeout.
struct Setting {
  z3::context* ctx = nullptr;
  Variables vars;
  unsigned timeout_ms = 10000;
  /// The solvers that decide each obligation (prover.hpp); `layoutref prove` defaults to both.
  SolverChoice solver = SolverChoice::z3;
  /// Further named hypotheses (admissibility conditions of a law); they appear in the unsat core.
  std::vector<std::pair<std::string, z3::expr>> hypotheses;
  /// The whole query's wall-clock deadline; unset (the epoch): each solver call gets timeout_ms.
  std::chrono::steady_clock::time_point deadline{};
  /// The milliseconds a solver call may take now: timeout_ms, or what is left before the
  /// deadline (0 when it has passed: the call answers unknown without running).
  unsigned budget_ms() const;
};

/// The variables' bounds and the named hypotheses as one condition: what every solver call on the
/// setting assumes.
z3::expr domain(Setting const& s);

/// Whether e >= 1 for every value by its form alone: its sum-of-monomials form is a sum of
/// monomials c * x^k * ... with numerals c >= 1 and variables whose lower bound is >= 1. A
/// sufficient test (false says nothing).
bool positive_polynomial(Setting const& s, z3::expr const& e);

/// Whether e >= 1 for every value of the variables within their bounds and the hypotheses
/// (positive_polynomial, else z3 within the budget). std::nullopt when it is; an unknown answer
/// (with the reason) when z3 cannot tell. @throws InputError naming `what`, with the value and an
/// assignment, when it can be below 1.
std::optional<Answer> at_least_one(Setting const& s, z3::expr const& e, std::string const& what);
/// Whether every value the spec computes for F with checked 64-bit arithmetic lies in
/// [-2^63, 2^63) for every value of the variables within their bounds and the hypotheses (F's
/// shape entries >= 1, which the caller has shown): the shape entries and strides, the sizes,
/// F(i)'s largest and smallest value per component (a tensor's origin or a swizzle's offset added),
/// and for A o B the extension of A past its size at each index. std::nullopt when they do; an
/// unknown answer (with the reason) where z3 cannot tell. @throws InputError naming the value, what
/// it can be and an assignment where it passes 64 bits (confirmed with the spec).
/// `name` heads the error (`F`, `composition's argument ...`); `label` names F in the values
/// (`size(A)`), `name` where empty.
std::optional<Answer> values_fit_int64(Setting const& s, Fn const& f, std::string const& name, std::string const& label = "");
/// The same for one term (N, LO, HI): its value lies within int64 for every value of the variables.
std::optional<Answer> term_fits_int64(Setting const& s, z3::expr const& e, std::string const& what);
/// Each fact of s.vars (`--where`'s `M % 128 == 0`) as the named hypothesis `fact.<text>` of s.
/// Returns the error of the first fact that does not parse (`in the fact ...`), empty when all do.
std::string add_facts(Setting& s);

/// Each query returns its answer; refuted answers carry the witness in layout notation.
/// Before the solver runs, every shape entry of F (and G), and N, must be >= 1 for every value
/// of the variables within their bounds and the hypotheses: else InputError naming the entry.
/// A refuted answer's counterexample is evaluated with the spec (check.hpp) and must violate the
/// goal, else InternalError; a proved answer is evaluated with the spec at every point of the
/// domain where it has at most 2^20 points (Answer::exhaustive_points).
Answer injective(Setting const& s, Fn const& f);
/// lo <= F(i) < hi for every i < size(F) (half-open, like [0, M)).
Answer image_within(Setting const& s, Fn const& f, z3::expr const& lo, z3::expr const& hi);
/// Every value (each component of a tuple value) lies in [-2^31, 2^31).
Answer fits_int32(Setting const& s, Fn const& f);
/// size(F) == N, F injective and F's image within [0, N): F is a bijection onto [0, N).
Answer bijective(Setting const& s, Fn const& f, z3::expr const& n);
/// Every y in [0, N) is some F(i): first as a quantified query; when Z3 cannot decide it, by
/// counting (bijective(F, N) implies it).
Answer surjective(Setting const& s, Fn const& f, z3::expr const& n);
/// size(F) == size(G) and F(i) == G(i) for every i < size(F).
Answer equal(Setting const& s, Fn const& f, Fn const& g);

}  // namespace layoutref::proofs
