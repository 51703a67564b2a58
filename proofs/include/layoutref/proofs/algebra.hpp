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
#pragma once

#include <layoutref/proofs/query.hpp>

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
/// right_inverse(L) or left_inverse(L) (`op`) of a compact L, whose strides are the running
/// products of its shapes in some order pi (radix.hpp): (s_pi(0), ...):(P_pi(0), ...), P_k the
/// natural prefix products of L's shapes; a Split for any other L.
Symbolic inverse(Setting const& s, std::string const& op, LeafLayout const& l);
/// logical_product(A, B) for a layout B: (A, complement(A, size(A) * cosize(B)) o B), B's strides
/// >= 0 for every value.
Symbolic logical_product(Setting const& s, LeafLayout const& a, LeafLayout const& b);
/// logical_divide(A, B) for a layout B: A o (B, complement(B, size(A))).
Symbolic logical_divide(Setting const& s, LeafLayout const& a, LeafLayout const& b);
/// logical_divide(A, (t_0, t_1, ...)) with a shape as the tiler: mode i of A divided by t_i:1,
/// the modes past the tiler kept.
Symbolic logical_divide(Setting const& s, LeafLayout const& a, std::vector<z3::expr> const& tile);
/// `kind` (logical_divide, zipped_divide, tiled_divide, flat_divide) with a shape tiler: the
/// logical divide's tiles gathered ((tiles), (rests, modes past the tiler)), the rests unpacked
/// (tiled) or everything flat; the same leaves in the same order, so the same function.
Symbolic divide(Setting const& s, std::string const& kind, LeafLayout const& a, std::vector<z3::expr> const& tile);

/// Compares `r` with `op(args)` computed by the spec (spec_op) at assignments of the variables where the
/// hypotheses hold and every size is at most 2^16: all of them where there are at most 256, else
/// up to 32 found by the solver, smallest first. Returns the number compared (0: none fits).
/// @throws InternalError when the functions differ; InputError when the spec refuses the
/// operation at an assignment (the operation is not admissible for every value).
/// The spec's operation on the instantiated arguments at an assignment.
using SpecOperation = std::function<spec::Layout(std::vector<spec::Layout> const&, std::vector<long long> const&)>;
unsigned long long spot_check(Setting const& s, std::string const& op, std::vector<LeafLayout> const& args, LeafLayout const& r,
                              SpecOperation const& spec_op);

/// A term in CuTe-like text: `a*b`, `M/128`, `2*a+1`.
std::string term_text(z3::expr const& e);
/// A symbolic layout in CuTe notation with terms: `((128,M/128)):((1,128))`.
std::string layout_text(LeafLayout const& l);

}  // namespace layoutref::proofs
