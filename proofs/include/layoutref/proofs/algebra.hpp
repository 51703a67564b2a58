// layoutref::proofs — symbolic operations: the algebra on layouts whose leaves are terms over
// the --where variables (issue 15).
//
// composition(A, B) follows Shah's division (docs/semantics.md "Composition"; Shah, Def. 2.11,
// Thm. 2.18), as the spec does for one concrete mode, with each structural question asked of the
// solver under the variables' bounds and the query's hypotheses:
//   A in extension form: leaf k merges into leaf k-1 when d_k = s_{k-1} * d_{k-1};
//   each leaf mode N:r of B: left division of A's shape (M_0, ..., inf) by r — the prefix
//   M_0*...*M_{i-1} divides r, c = r / prefix, c < M_i and c | M_i (or i is the last mode) —
//   then weak left division of the quotient (M_i/c, M_{i+1}, ..., inf) by N; the mode's result
//   is (M_i/c, M_{i+1}, ..., N'):(c*d_i, d_{i+1}, ...), B's profile kept.
// A question is `always` (proved), `never` (its negation proved), or it depends on the values:
// then the structure of the result splits and the operation stops with Split, which names the
// condition and an assignment on each side (state the case as a fact in --where to go on). A
// condition that never holds (left divisibility, weak left divisibility, a negative stride) is
// an InputError naming it, with a witness assignment.
//
// Nothing is concluded from the construction alone: spot_check compares the symbolic result,
// instantiated, with the spec's operation at assignments of the variables (every one where
// there are few, else the smallest ones the solver finds), and a difference is an InternalError;
// a result that no assignment is small enough to compare is not given (a Split).
//
// Each solver check of a structural question has a bounded budget (a tenth of the query's
// timeout, at least 2 s, never past what is left): a question z3 cannot decide is a Split without
// a condition that names it ("could not decide whether ..."), or, where the operation has a form
// that is right either way, it goes on and the question is listed in Symbolic::undecided; either
// way it no longer uses up the whole --timeout. A required condition z3 cannot decide is a Split
// (unknown), never bad input. divides() uses the facts `x % q == 0` among the hypotheses (q >= 1
// by form) besides the terms' forms: q | x*y when q | x is a fact, products and sums of such;
// the quotient x*y / q is then written (x/q)*y.
#pragma once

#include <layoutref/proofs/query.hpp>
#include <layoutref/spec/mma.hpp>

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace layoutref::proofs {

/// The result's structure depends on the values: what and where (answered `unknown`).
struct Split : std::runtime_error {
  using std::runtime_error::runtime_error;
  /// Where the structure depends on a condition that holds for some values and not for others:
  /// the condition and its text. `layoutref prove` then answers each case (the condition, its
  /// negation) as a query of its own. Absent when the split has no such condition (a question
  /// the solver could not decide, overlapping intervals).
  Split(std::string const& message, z3::expr const& cond, std::string const& what)
      : std::runtime_error(message), condition(cond), condition_text(what) {}
  std::optional<z3::expr> condition;
  std::string condition_text;
};

/// A symbolic operation's result.
struct Symbolic {
  LeafLayout layout;
  std::vector<std::string> decisions;  ///< the structural questions and their answers, in order
  /// Questions z3 could not decide within a question's budget (a tenth of the timeout, at least
  /// 2 s) where the operation could go on with a form that is right either way (a ceil_div that
  /// is exact where the division is, a leaf kept and marked loose): the question, which side was
  /// not decided, and z3's reason. A question the result's form depends on is a Split instead.
  std::vector<std::string> undecided;
  unsigned long long checked = 0;      ///< assignments at which spot_check compared it with the spec (>= 1)
};

/// composition(A, B), A and B with integer strides (terms). @throws Split, InputError
Symbolic composition(Setting const& s, LeafLayout const& a, LeafLayout const& b);
/// coalesce(L): the leaves in order, shape-1 leaves left out, a leaf merged into the previous one
/// where its stride continues it (each question decided); a flat layout, 1:0 when nothing is left.
Symbolic coalesce(Setting const& s, LeafLayout const& l);
/// complement(A, M): A's modes of stride and shape other than 0 and 1, sorted by stride (each
/// comparison decided), each stride divisible by the span before it (complement.stride_divisibility);
/// R = (d_0, d_1/(n_0 d_0), ..., M/(n_last d_last)):(1, n_0 d_0, ..., n_last d_last) without
/// its modes of shape 1, the last entry rounded up (ceil) where M is not a multiple, as CuTe.
Symbolic complement(Setting const& s, LeafLayout const& a, z3::expr const& m);
/// right_inverse(L) or left_inverse(L) (`op`), L with integer strides. A compact L (strides the
/// running products of its shapes in some order pi, radix.hpp): (s_pi(0), ...):(P_pi(0), ...), P_k
/// the natural prefix products of L's shapes, for both. Otherwise:
///   right_inverse: the chain of leaves from stride 1, each next stride the product P of the
///   chain's shapes so far (CuTe's), (s_c0, ...):(P_c0, ...), 1:0 for an empty chain; every leaf
///   outside the chain must have shape 1, stride 0 or a stride above P (the spec's least
///   preimages are then the chain's), else a Split (unknown): the spec's right inverse of a layout
///   that takes a value below P twice can differ from CuTe's chain ((2,3):(2,1): (2,2):(2,1), not 3:2).
///   left_inverse: CuTe's construction on coalesce(L)'s modes of non-zero stride sorted by stride,
///   (d_0, d_1/d_0, ..., s_a):(0, p_0, ..., p_a), with the spec's conditions (left_inverse.
///   negative_stride, left_inverse.stride_divisibility: InputError where they fail for some value)
///   and injectivity (s_k d_k <= d_(k+1): a Split where it fails, the spec then deciding
///   left_inverse.injective concretely).
/// Each structural question (a shape 1, a stride 0 or equal to a product, the order of strides)
/// is decided; where it depends on the values, a Split with its condition (answered case by case).
Symbolic inverse(Setting const& s, std::string const& op, LeafLayout const& l);
/// logical_product(A, B) for a layout B: (A, complement(A, size(A) * cosize(B)) o B), B's strides
/// >= 0 for every value.
Symbolic logical_product(Setting const& s, LeafLayout const& a, LeafLayout const& b);
/// `kind` (logical/zipped/tiled/flat_product or logical/zipped/tiled/flat_divide) of A by a layout
/// B, as the spec arranges it (spec::arrange): zipped is the logical (tile, rest) pair itself;
/// tiled keeps the first piece and gives the second's modes, flat gives both pieces' modes. A
/// piece from a tuple (A's, B's, C's) gives its modes; a piece from a single leaf (a run: A, B,
/// or the divides' C = complement(B, size(A))) gives the modes of its coalesced factorization,
/// its leaves coalesced with each question decided (coalesce_in). The divides' C of several
/// modes has each mode decided to be 1 (left out, as the spec's complement does) or not. A
/// question that depends on the values is a Split with its condition (answered case by case).
Symbolic arranged(Setting const& s, std::string const& kind, LeafLayout const& a, LeafLayout const& b);
/// blocked_product(A, B), or raked_product(A, B) with `raked` (spec::blocked_product): with R =
/// max(rank A, rank B), A and B padded with 1:0 modes to rank R (A', B'), P = logical_product(A', B')
/// (B' as one layout, its strides >= 0 for every value); mode i of the result is (A'_i, P1_i),
/// raked (P1_i, A'_i). The arrangement is fixed by the ranks (no question about the values
/// beyond logical_product's).
Symbolic blocked_product(Setting const& s, LeafLayout const& a, LeafLayout const& b, bool raked);
/// tile_to_shape(block, shape, order) (spec::tile_to_shape): blocked_product(block padded to
/// R = rank(shape), make_ordered_layout((size(S_0)/size(L_0), ...), order)), the default order
/// column-major; `shape`'s shape terms are the target (its strides are ignored). InputError for
/// tile_to_shape.rank (more block modes than R) and tile_to_shape.order (an order that does not
/// match R), both fixed by the profiles, and for tile_to_shape.divisibility where size(L_i) does
/// not divide size(S_i) for some values (with an assignment on each side).
Symbolic tile_to_shape(Setting const& s, LeafLayout const& block, LeafLayout const& shape, std::optional<spec::IntTuple> const& order);
/// logical_divide(A, B) for a layout B: A o (B, complement(B, size(A))).
Symbolic logical_divide(Setting const& s, LeafLayout const& a, LeafLayout const& b);
/// logical_divide(A, (t_0, t_1, ...)) with a shape as the tiler: mode i of A divided by t_i:1,
/// the modes past the tiler kept.
Symbolic logical_divide(Setting const& s, LeafLayout const& a, std::vector<z3::expr> const& tile);
/// `kind` (logical_divide, zipped_divide, tiled_divide, flat_divide) with a shape tiler: the
/// logical divide's tiles gathered ((tiles), (rests, modes past the tiler)), the rests unpacked
/// (tiled) or everything flat; the same leaves in the same order, so the same function.
Symbolic divide(Setting const& s, std::string const& kind, LeafLayout const& a, std::vector<z3::expr> const& tile);

/// A slice coordinate over the variables: `_` (keep the mode), a term (the 1-D index within the
/// mode, colexicographic where the mode is a tuple), or a tuple of coordinates for a tuple mode.
struct SymCoord {
  bool keep = false;
  std::optional<z3::expr> index;
  std::vector<SymCoord> items;  ///< a tuple when neither keep nor index
  static SymCoord underscore() { return SymCoord{true, std::nullopt, {}}; }
  static SymCoord at(z3::expr const& e) { return SymCoord{false, e, {}}; }
  static SymCoord tuple(std::vector<SymCoord> items) { return SymCoord{false, std::nullopt, std::move(items)}; }
  bool leaf() const { return keep || index.has_value(); }
};

/// slice(L, c), CuTe's slice_and_offset (spec::slice): the modes at `_` kept, in order, as one
/// tuple (the whole layout for a lone `_`), and the result's offset L's offset plus the value of
/// L at c with every `_` read as 0. Each index must lie in its mode, 0 <= x < size(mode), for
/// every value (`slice.coordinate_in_range`, else InputError with a witness); a coordinate must
/// match L's profile; at least one mode must be kept. Spot-checked against spec::slice, the
/// offset included.
Symbolic slice(Setting const& s, LeafLayout const& l, SymCoord const& c);
/// make_identity_tensor(S) for a shape S of terms (the shape of `shape`, its strides ignored):
/// S : make_basis_like(S), leaf k's stride 1@p with p its path in S (spec::make_identity_tensor),
/// origin 0. Spot-checked against the spec.
Symbolic identity_tensor(Setting const& s, LeafLayout const& shape);
/// local_tile(T, tiler, c) = inner_partition (spec::inner_partition): zipped_divide(T, tiler)
/// sliced at ((_, ...), c padded with `_`); T's offset carried. A `_` in c keeps that tile index,
/// as CuTe's local_tile(T, tiler, (_, _)) does. Spot-checked step by step and as a whole.
Symbolic local_tile(Setting const& s, LeafLayout const& t, std::vector<z3::expr> const& tile, SymCoord const& c);
/// local_partition(T, thr, idx) = outer_partition(T, product_each(shape(thr)),
/// thr.get_flat_coord(idx)) (spec::local_partition). thr must be a bijection onto [0, size(thr))
/// (get_flat_coord's conditions for every idx), proved by the bijective query (else InputError
/// when refuted, Split when not decided); idx a term with 0 <= idx < size(thr) for every value.
/// The thread's coordinate in leaf k of thr is (idx / d_k) % s_k. idx absent (`_`, a layoutref
/// extension: every thread): the thread modes kept, ((thr modes), rest...), their coordinate the
/// thread's natural coordinate in thr's shape (the same set of elements over all threads). The
/// result is compared with the spec's local_partition at the spot-check assignments.
Symbolic local_partition(Setting const& s, LeafLayout const& t, LeafLayout const& thr, std::optional<z3::expr> const& idx);
/// bijective(F, (S_0, ..., S_{r-1})): F's values (coordinates x@k, a coordinate tensor's) reach
/// every coordinate of the flat shape S exactly once. Component k of every value is shown to lie
/// in [0, S_k) (image_within, else bijective onto [0, S_k)); then F is such a bijection exactly
/// when its colexicographic index F' = sum_k x_k * S_0 * ... * S_{k-1} (integer strides) is a
/// bijection onto [0, S_0 * ... * S_{r-1}), which is asked. Not proved components: that answer.
/// @throws InputError for values with an integer part or a component outside S's rank.
Answer bijective_onto(Setting const& s, Fn const& f, std::vector<z3::expr> const& shape);
/// ThrMMA::partition_A/B/C (spec::partition): thrfrg (spec::thrfrg) computed step by step —
/// logical_divide by the permutation (the default `_`; n:1 tilers divide by the shape, any other
/// concrete layout divides its mode, L_m o (P, complement(P, size(L_m))); a tuple of tilers for one
/// mode is a Split), zipped_divide by the
/// atom's (M,N), (M,K) or (N,K) sizes, composition of the tile mode with the atom's operand
/// layout, logical_divide of the rest by the thread counts — then sliced at VMNK.get_flat_coord(idx)
/// (VMNK a bijection onto [0, size), idx within it for every value), or with every thread kept
/// (`_`, as for local_partition). Compared with the spec's thrfrg and slice at the spot-check
/// assignments. T's offset carried.
Symbolic mma_partition(Setting const& s, spec::TiledMma const& mma, spec::MmaOperand op, LeafLayout const& t,
                       std::optional<z3::expr> const& idx);
/// The value of a leaf layout (no offset) at a 1-D index term x: sum_k ((x / P_k) % s_k) * d_k
/// with P_k the running product of the shapes, the last leaf's coordinate x / P_last (as the
/// spec's idx2crd, for 0 <= x < size).
SymValue value_at_index(LeafLayout const& l, z3::expr const& x);

/// Compares `r` with `op(args)` computed by the spec (spec_op) at assignments of the variables where the
/// hypotheses hold and every size is at most 2^16: all of them where there are at most 256, else
/// up to 32 found by the solver, smallest first (the search stops at the first check the solver
/// cannot decide). Returns the number compared (0: none fits; then `none`, when given, says why:
/// the time budget spent, the search undecided, or no assignment small enough).
/// @throws InternalError when the functions differ; InputError when the spec refuses the
/// operation at an assignment (the operation is not admissible for every value).
/// The spec's operation on the instantiated arguments at an assignment.
using SpecOperation = std::function<spec::Layout(std::vector<spec::Layout> const&, std::vector<long long> const&)>;
/// The offset the spec gives for the operation at an assignment (slices); compared with r.offset.
using SpecOffset = std::function<spec::Value(std::vector<spec::Layout> const&, std::vector<long long> const&)>;
unsigned long long spot_check(Setting const& s, std::string const& op, std::vector<LeafLayout> const& args, LeafLayout const& r,
                              SpecOperation const& spec_op, SpecOffset const& spec_offset = nullptr, std::string* none = nullptr);

/// A term in CuTe-like text: `a*b`, `M/128`, `2*a+1`.
std::string term_text(z3::expr const& e);
/// A symbolic layout in CuTe notation with terms: `((128,M/128)):((1,128))`; a tensor with an
/// origin as `OFFSET + LAYOUT` (`128*i@0 + (32,8):(1@0,1@1)`).
std::string layout_text(LeafLayout const& l);

}  // namespace layoutref::proofs
