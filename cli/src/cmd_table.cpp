// layoutref cli — `layoutref table EXPR`: CuTe's print_layout of a rank-1 or rank-2 layout, or
// print_tensor of a coordinate tensor (equiv::print_table); EXPR may be an expression.
#include "commands.hpp"

#include <layoutref/equiv/calculator.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace layoutref::cli {

int table(std::vector<std::string> const& args) {
  using namespace layoutref::equiv;
  std::string text;
  for (auto const& a : args) text += (text.empty() ? "" : " ") + a;
  if (text.empty()) {
    std::cerr << "layoutref table: no layout given\n" << kUsage;
    return 2;
  }
  EvalResult r = evaluate_expression(text);
  if (!r.ok) {
    std::cerr << "layoutref table: " << r.error << "\n";
    return exit_code(r.failure);
  }
  std::string out, error;
  if (Failure f = print_table(r.value, out, error); f != Failure::none) {
    std::cerr << "layoutref table: " << error << "\n";
    return exit_code(f);
  }
  std::cout << out;
  return 0;
}

}  // namespace layoutref::cli
