// layoutref cli — `eval`: a calculator for expressions in CuTe's names and notation.
//
//   expr := name '(' [expr {',' expr}] ')'   an operation (the ones `conform` knows, plus
//                                            size/rank/depth/cosize of shapes and layouts)
//         | literal                          CuTe notation: `(8,24):(24,1)`, `(_4,_8)`, `16`,
//                                            `<2:3, 3:2>`, `_`, `Sw<3,4,3> o _0 o (8,64):(64,1)`
// Operations are computed with impl (the fast algebra). Nested calls are evaluated inside out.
#pragma once

#include <layoutref/notation/term.hpp>

#include <string>

namespace layoutref::cli {

struct EvalResult {
  bool ok = false;
  notation::Term value;  ///< when ok
  std::string error;     ///< when !ok: names the argument, the operation and the condition
};

EvalResult evaluate_expression(std::string const& text);

/// The operation names the calculator knows.
std::string calculator_ops();

/// CuTe's print_layout of a rank-2 layout (rank 1: one row): the index table with borders; for a
/// coordinate tensor `ArithTuple(...) o L`, CuTe's print_tensor (spec::print_tensor).
/// Returns false and sets `error` for other ranks or layouts with basis strides.
bool print_table(notation::Term const& layout, std::string& out, std::string& error);

}  // namespace layoutref::cli
