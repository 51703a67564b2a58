// layoutref::proofs — tier 4: narrow bit-vectors for fully symbolic checks.
//
// Where every parameter is symbolic (a swizzle's B, M, S; a layout's shapes, strides and
// cotarget), integers are W-bit vectors and only unsigned operations are used for indices and
// shapes (bvudiv, bvurem, bvult, bvlshr): z3++'s operators `/`, `<` on bit-vectors are signed.
// Z3 decides such formulas by bit-blasting, so a law over every value below stated bounds is
// answered where the nonlinear integer encoding (tier 3) gives unknown.
//
// Exactness: BvArith records, for every product and sum it builds, that the operation does not
// overflow. A law proves `exact() && goal` (so under its hypotheses the W-bit computation is the
// integer computation, and the law holds over the integers); a refutation assumes exact() (so its
// counterexample is an integer counterexample, not a wrap-around).
#pragma once

#include <layoutref/proofs/prover.hpp>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace layoutref::proofs {

/// Sw<B,M,S>(x) = x ^ ((x & (((1<<B)-1) << (M+S))) >> S) for S >= 0, on W-bit vectors (all
/// arguments of the same width). @pre the shifts stay below the width (the caller's hypothesis).
z3::expr swizzle_bv(z3::expr const& x, z3::expr const& b, z3::expr const& m, z3::expr const& s);

/// The colexicographic split of x over (s0, s1) on bit-vectors: (x urem s0, x udiv s0).
/// @pre s0 != 0
std::pair<z3::expr, z3::expr> split_bv(z3::expr const& x, z3::expr const& s0);

/// W-bit arithmetic with overflow bookkeeping (see above).
class BvArith {
 public:
  BvArith(z3::context& c, unsigned w) : ctx(c), width(w) {}
  z3::context& ctx;
  unsigned width;

  z3::expr var(std::string const& name) const { return ctx.bv_const(name.c_str(), width); }
  z3::expr num(long long v) const { return ctx.bv_val(static_cast<int64_t>(v), width); }
  /// Unsigned product / sum (indices, shapes, nonnegative strides).
  z3::expr umul(z3::expr const& a, z3::expr const& b);
  z3::expr uadd(z3::expr const& a, z3::expr const& b);
  /// Two's-complement product / sum (signed strides and values).
  z3::expr smul(z3::expr const& a, z3::expr const& b);
  z3::expr sadd(z3::expr const& a, z3::expr const& b);
  /// The product of the shape: the layout's size.
  z3::expr size(std::vector<z3::expr> const& shape);
  /// L(x) = Σ c_k d_k with c the colexicographic split of x: c_k = x urem s_k, x := x udiv s_k,
  /// the last leaf taking the rest (so past size(L) the last mode runs on: Â of semantics.md).
  /// Strides are signed when `signed_strides` (coordinates are then < 2^(W-1), checked by exact()).
  /// @pre every s_k != 0 (the caller's bound hypotheses)
  z3::expr evaluate(std::vector<z3::expr> const& shape, std::vector<z3::expr> const& stride, z3::expr x,
                    bool signed_strides = false, std::vector<z3::expr>* coords = nullptr);
  /// No operation built so far overflows.
  z3::expr exact() const;

 private:
  std::vector<z3::expr> guards_;
};

/// `lo <= v <= hi` as a named hypothesis `bound.<name>` (unsigned, or signed).
void bv_bound(Obligation& o, std::string const& name, z3::expr const& v, long long lo, long long hi, bool is_signed = false);
/// The value of a bit-vector in a model, as a signed or unsigned decimal.
std::string bv_value(z3::model const& m, z3::expr const& e, bool is_signed = false);

/// The bit-vector tier of a query whose integer obligation was left unknown (docs/proofs.md,
/// "The bit-vector fallback"). The obligation (facts, named hypotheses, goal: integer terms with
/// +, -, *, div and mod by divisors >= 1) is translated term by term into bit-vectors:
///  - Ranges. Every integer constant gets an interval from the top-level conjuncts of the facts
///    (and the obligation's hints, facts by construction kept out of the integer solvers: the
///    last coordinate of an index's split, query.cpp's in_box), the hypotheses and one disjunct
///    of the negated goal (`x <= t`, `x < t`, `x == t` with t's
///    interval known; an equation solved for a constant that occurs once, as c == s*q + r for q;
///    an equation's sides and summands narrowed by each other). Every interval holds in every
///    integer model of that conjunction, so every term's interval (interval arithmetic) does.
///  - Widths. Each term is computed at a width that holds its interval (two's complement), each
///    operation at the width of its result's interval and its operands' (signed comparisons,
///    floor division and Euclidean remainder as the integers'): in every integer model no
///    operation wraps, so the model is a model of the bit-vector formula. Hence unsat of the
///    bit-vector formula is unsat of the integer one: proved, for every value within the bounds.
///    Nothing is assumed about widths: they are computed from the intervals, and a term without
///    a finite interval (a divisor that may be below 1, an unbounded constant in the goal, a
///    quantifier) makes the tier not apply.
///  - Conjuncts of the facts and hypotheses that mention a constant without an interval (the
///    split of an index that this disjunct does not constrain) are left out: a weaker formula,
///    whose unsat still proves the goal.
/// Each disjunct of the negated goal (at most 16) is one bit-vector obligation, put to the solvers
/// of `o` (the portfolio where asked).
struct BvAttempt {
  enum class Kind { not_applicable, proved, counterexample, unknown };
  Kind kind = Kind::not_applicable;
  std::string why;      ///< not_applicable / unknown: the reason
  unsigned width = 0;   ///< the widest operation, in bits
  std::string smt2;     ///< the bit-vector obligations, `(reset)`-separated
  std::vector<std::string> solvers, core;
  bool z3_proved = true;  ///< every part was proved by z3 (replayable); false when cvc5 proved a part alone
  /// counterexample: each integer constant of the disjunct's formula with its value (a numeral),
  /// to be fixed in the integer obligation and checked there and with the spec.
  std::vector<std::pair<z3::expr, z3::expr>> model;
};

/// The largest |bound| of a variable for which `prove` tries the bit-vector tier: 2^16.
inline constexpr long long kBitvectorBoundLimit = 1LL << 16;
/// The widest operation the tier builds (wider: not applicable).
inline constexpr unsigned kBitvectorMaxWidth = 128;

/// The bit-vector tier on `o` and `goal` (integer terms) until `deadline`.
BvAttempt bitvector_attempt(Obligation const& o, z3::expr const& goal, std::chrono::steady_clock::time_point deadline);

}  // namespace layoutref::proofs
