// layoutref::proofs — what the files of the symbolic algebra (algebra.hpp, proofs/src/algebra/)
// share: the case decider, the divisibility facts it uses, leaf modes and the constructions the
// checked operations are built of. Internal to proofs/src/algebra/.
#pragma once

#include <layoutref/proofs/algebra.hpp>
#include <layoutref/proofs/radix.hpp>

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace layoutref::proofs::algebra_detail {

enum class Truth { always, never };

// facts.cpp: divisibility by the terms' forms and by the facts among the hypotheses.

// p / q written simply where the quotient is a monomial (terms.hpp, cancelled_quotient).
// Otherwise `p div q` (exact wherever the caller proved q | p).
z3::expr quotient(z3::expr const& p, z3::expr const& q);

// q divides p by form: p = q * m for a monomial m (quotient cancels q's factors), so for every
// integer value. The solver's mod is incomplete on products of many variables.
bool divides_by_form(z3::expr const& q, z3::expr const& p);

// q divides a sum p whose every monomial (in sum-of-monomials form) it divides by form: a sum of
// multiples of q is one (`a*b` divides `a*b*d*n - a*b*d + a*b`).
bool sum_divisible_by_form(z3::expr const& q, z3::expr const& p);

// A hypothesis `x % q == 0` (a `--where` fact, or a case's condition) whose divisor is >= 1 for
// every value by its form: then q | x for every value satisfying the hypotheses. (z3's mod by 0
// is unspecified, so a fact whose divisor can be 0 says nothing.)
struct Multiple {
  z3::expr x, q;
};

std::vector<Multiple> multiples_of(Setting const& s);

// The facts closed over chains: q1 | x1 and x1 | q2 by form (q2 = x1 * m) with q2 | x2 give
// q1 | x2 (x2 = q2 * n = q1 * k * m * n: polynomial identities and the two facts, for every
// integer value). A derived fact keeps the first fact's divisor, >= 1 by form as every fact's
// (multiples_of), so the conditions of the facts it comes from carry over. At most kMaxFacts facts
// in all (the closure of many facts could grow quadratically); duplicates (the same x and q as
// polynomials) are left out.
std::vector<Multiple> closed_over_chains(std::vector<Multiple> facts);

// q | p from the facts `x % q_f == 0`, each fact used at most once, greedily: while q_f's factors
// cancel against what is left of q and x's against what is left of p, both are divided out (q =
// q_f * q', p = x * p': q_f | x and q' | p' give q | p); q' | p' by form, or q' | q_f for a fact
// with x | p' (q' | q_f | x | p'), ends it. A sum p: q divides each monomial. Sound (every step
// is a polynomial identity or a fact); not complete (no search). Chains of facts (b | a | M) come
// from closed_over_chains, which the caller applies.
bool divides_by_facts(z3::expr const& q, z3::expr const& p, std::vector<Multiple> const& facts, bool summand = false);

// cases.cpp: the structural questions decided under the bounds and hypotheses.

// The longest one solver check of a structural question may take: a tenth of the query's
// timeout, at least 2 s, and never more than the budget left. A question z3 cannot decide then
// costs at most two such checks, not the whole --timeout: the rest is left to the spot check and
// to the query itself.
unsigned question_ms(Setting const& s);

std::string seconds_text(unsigned ms);

// Asks structural questions of the solver under the bounds and hypotheses.
class Decider {
 public:
  Decider(Setting const& s, Symbolic& out);

  void assume(z3::expr const& e) { solver_.add(e); }

  // q | p by form, as written or after the definitions among the hypotheses (b == c*m), or from
  // the facts `x % q == 0` among them (divides_by_facts): for every value satisfying them. The
  // solver's mod is incomplete on products of variables.
  bool divides(z3::expr const& q, z3::expr const& p) const;
  // p / q as a monomial where q's factors cancel, as written or after the definitions; where a
  // fact says q | x and p = x * m by form, (x/q) * m (the same value: q divides x); else p div q.
  z3::expr quotient(z3::expr const& p, z3::expr const& q) const;

  // Whether `cond` holds for every value, for none, or (Split) for some: a Split with the
  // condition where both sides have an assignment, one without (undecided) where z3 could not
  // decide a side within the question's budget (question_ms).
  Truth ask(z3::expr const& cond, std::string const& what);

  // Whether cond holds for every value, for none, or (nullopt) for some, or z3 could not decide
  // it (then undecided(), and the text is kept for the answer): the caller takes the form that
  // is right either way.
  std::optional<Truth> maybe(z3::expr const& cond, std::string const& what);
  // The last maybe() was not decided by z3 (rather than shown to depend on the values).
  bool undecided() const { return !last_undecided_.empty(); }

  // A condition the operation needs: InputError naming it, with a witness, when it can fail; a
  // Split (unknown, never bad input) when z3 could not decide it.
  void require(z3::expr const& cond, std::string const& what, std::string const& condition);

 private:
  // One solver check within the question's budget.
  z3::check_result check();

  Setting const& s_;
  std::vector<std::string>& log_;
  std::vector<std::string>& undecided_;
  z3::solver solver_;
  unsigned last_ms_ = 0;
  std::string last_undecided_;
  Definitions defs_ = Definitions::of(s_.hypotheses);
  std::vector<Multiple> multiples_ = closed_over_chains(multiples_of(s_));
};

// leaf_layouts.cpp: leaves as modes, and layouts built of them.

// A leaf: its shape and its stride, an integer or a sum of scaled basis elements (`1@0`, an
// identity tensor's); the operations that compare or sort strides take integers (integer_of).
struct Mode {
  z3::expr shape;
  SymValue stride;
  bool loose = false;  ///< LeafLayout::loose
  Mode(z3::expr s, SymValue d) : shape(std::move(s)), stride(std::move(d)) {}
  Mode(z3::expr s, z3::expr d) : shape(std::move(s)), stride(SymValue(std::move(d))) {}
};

Mode leaf_mode(LeafLayout const& l, size_t k);

// A stride in text: `M`, `128@0`, `1@0+M@1`.
std::string value_text(SymValue const& v);

SymValue scaled(SymValue const& v, z3::expr const& k);

// A layout of leaves (shape, stride) with a profile.
LeafLayout make_leaf_layout(spec::IntTuple profile, std::vector<Mode> const& modes);

// The node p of l's profile (its leaves in order) as a layout of its own.
LeafLayout node_of(LeafLayout const& l, spec::IntTuple const& p);

// Mode i of l as a layout of its own.
LeafLayout mode_of(LeafLayout const& l, size_t i);

// The tuple (l_0, l_1, ...).
LeafLayout tuple_of(std::vector<LeafLayout> const& ls);

// The modes as a flat layout: a leaf for one mode, a tuple for several, 1:0 for none; with
// `drop_units`, the modes whose shape is the numeral 1 (as a polynomial) left out first.
LeafLayout flat_of(z3::context& ctx, std::vector<Mode> modes, bool drop_units);

z3::expr size_of(LeafLayout const& l);

// constructions.cpp: the operations' structures, each question asked through a Decider.

LeafLayout composition_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b);

// complement(A, M): A's modes of stride other than 0 and shape other than 1, sorted by stride;
// each stride divisible by the span so far (complement.stride_divisibility); R = (d_0, d_1/(n_0
// d_0), ..., ceil(M/(n_last d_last))):(1, n_0 d_0, ..., n_last d_last), modes of shape 1 left out.
LeafLayout complement_in(Decider& d, z3::context& ctx, LeafLayout const& a, z3::expr const& m);

// logical_divide(A, B) = A o (B, complement(B, size(A))).
LeafLayout divide_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b);

// logical_product(A, B) = (A, complement(A, size(A) * cosize(B)) o B); B's strides must be >= 0
// for every value (cosize(B) = 1 + sum (s_k - 1) d_k).
LeafLayout product_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b, std::string const& op = "logical_product");

// blocked_product(A, B) (raked: raked_product): with R = max(rank A, rank B) and A', B' padded to
// rank R, P = logical_product(A', B') = (A', C o B'), whose second mode has B''s profile (rank R);
// mode i of the result is (A'_i, (C o B')_i), raked ((C o B')_i, A'_i). The arrangement is fixed
// by the ranks (spec::blocked_product_reference): nothing in it depends on the values.
LeafLayout blocked_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b, bool raked);

// tile_to_shape(block, shape, order) (spec::tile_to_shape): R = rank(shape) (tile_to_shape.rank:
// the block has at most R modes, fixed by the profiles); the block padded to rank R; per mode i
// the count c_i = size(shape_i) / size(block_i), which must be exact for every value
// (tile_to_shape.divisibility, a witness where it fails for some values); the repetitions
// make_ordered_layout((c_0, ...), order), their strides the running products of the counts in
// the order's stable order (the default: column-major); then blocked_product(block, reps).
LeafLayout tile_to_shape_in(Decider& d, z3::context& ctx, LeafLayout const& block, LeafLayout const& shape,
                            std::optional<spec::IntTuple> const& order);

// right_inverse(L) or left_inverse(L) (`op`): the compact case first (no question about shapes
// of 1), else the general constructions.
LeafLayout inverse_in(Decider& d, Setting const& s, LeafLayout const& l, std::string const& op);

// slice(L, c) without L's offset: the kept nodes as one tuple; `offset` gets the value at c.
LeafLayout slice_in(Decider& d, LeafLayout const& l, SymCoord const& c, SymValue& offset);

Decider& prepared(Decider& d, std::vector<std::pair<LeafLayout const*, std::string>> const& layouts);

// coalesce(L): the leaves in order, those of shape 1 left out (where always 1), a leaf merged
// into the previous one where its stride continues it (d_k = s_{k-1} d_{k-1}, decided); a flat
// layout, or 1:0 when nothing is left.
LeafLayout coalesce_in(Decider& d, z3::context& ctx, LeafLayout const& l);

// layout_ops.cpp: algebra.hpp's operations on layouts; partitions.cpp: its slices and partitions.

// One operation: its structural questions asked through a Decider (the shapes of `named` checked
// >= 1 first), the result compared with the spec's operation at assignments (spot_check). A
// result that could be compared at no assignment is not given: a Split (answered unknown),
// never an unchecked result.
Symbolic checked_operation(Setting const& s, std::string const& op, std::vector<std::pair<LeafLayout const*, std::string>> const& named,
                           std::vector<LeafLayout> const& args, std::function<LeafLayout(Decider&)> const& build,
                           SpecOperation const& spec_op, SpecOffset const& spec_offset = nullptr);

}  // namespace layoutref::proofs::algebra_detail

namespace layoutref::proofs {
using namespace algebra_detail;
}  // namespace layoutref::proofs
