// layoutref equiv — `eval`: a calculator for expressions in CuTe's names and notation.
//
//   expr := name '(' [expr {',' expr}] ')'   an operation (the ones `conform` knows, plus
//                                            size/rank/depth/cosize of shapes and layouts)
//         | literal                          CuTe notation: `(8,24):(24,1)`, `(_4,_8)`, `16`,
//                                            `<2:3, 3:2>`, `_`, `Sw<3,4,3> o _0 o (8,64):(64,1)`
// Operations are computed with impl (the fast algebra), or with the spec (Engine::spec: `eval
// --spec`, and `draw`, whose pictures show the spec's values). Nested calls are evaluated inside out.
#pragma once

#include <layoutref/notation/term.hpp>

#include <string>
#include <vector>

namespace layoutref::equiv {

/// Why an expression or a table has no answer; each has its exit code (exit_code).
enum class Failure {
  none,
  bad_input,  ///< malformed text, unknown operation, wrong arguments, a shape entry below 1, past a limit: exit 2
  no_result,  ///< the operation is inadmissible on these arguments, or its result does not fit in 64 bits: exit 1
  internal,   ///< an unexpected exception: exit 4
};
/// The exit code of a failure: 0 none, 2 bad_input, 1 no_result, 4 internal.
int exit_code(Failure f);

struct EvalResult {
  bool ok = false;
  notation::Term value;  ///< when ok
  std::string error;     ///< when !ok: names the argument, the operation and the condition
  Failure failure = Failure::none;  ///< when !ok
};

/// Who computes the calls of an expression.
enum class Engine {
  impl,  ///< impl, the fast algebra (a row's `compute`): CuTe's static markers in the result
  spec,  ///< the executable specification (a row's `spec_result`): no static markers
};

/// The outermost call of an expression, with its arguments as evaluated: what the result was
/// computed from (`draw` pictures the arguments beside the result).
struct OuterCall {
  std::string op;                     ///< empty when the expression is a literal
  std::vector<notation::Term> args;
};

/// Never throws. Calls nest at most notation::kMaxNesting deep; each call's arguments are checked
/// against its operation's signature (its row in operations()); a literal result (no call) is checked as
/// its kind requires (a layout: shape entries >= 1, shape and stride congruent). `outer`, when
/// given, receives the outermost call.
EvalResult evaluate_expression(std::string const& text, Engine engine = Engine::impl, OuterCall* outer = nullptr);

/// Whether a value (a literal `eval` prints back) is one the spec can use: a layout's size and
/// cosize, a chain's value at index 0 (a swizzled layout's at its last index too) computed with
/// checked arithmetic. Never throws. @post ok, or the failure (no_result for a value past 64 bits,
/// bad_input otherwise) and an error naming the check that failed
EvalResult check_value(notation::Term const& v);

/// The operation names the calculator knows.
std::string calculator_ops();

/// The most cells a table may have.
inline constexpr long long kMaxTableCells = 1LL << 16;

/// CuTe's print_layout of a rank-2 layout (rank 1: one row): the index table with borders; for a
/// coordinate tensor `ArithTuple(...) o L`, CuTe's print_tensor (spec::print_tensor).
/// Never throws. Every cell is computed (with checked arithmetic) before `out` is written; on a
/// failure `out` is empty and `error` says why: other ranks, basis strides, more than
/// kMaxTableCells cells (naming the count), a cell that does not fit in 64 bits.
Failure print_table(notation::Term const& layout, std::string& out, std::string& error);

}  // namespace layoutref::equiv
