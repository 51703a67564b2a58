// layoutref cli — `layoutref table EXPR`: CuTe's print_layout of a rank-1 or rank-2 layout, or
// print_tensor of a coordinate tensor (equiv::print_table); EXPR may be an expression.
#include "commands.hpp"
#include <layoutref/equiv/calculator.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace layoutref::cli {

namespace {

char const* const kTableProse =
    "The index table of a rank-2 layout (rank 1: one row), like CuTe's print_layout, or\n"
    "CuTe's print_tensor of a coordinate tensor; at most 65536 cells, every cell computed\n"
    "with checked arithmetic before anything is printed.";

void define_options(Options& o, std::vector<std::string>& words) {
  o.app().add_option("expr", words, "the layout or expression (several arguments are joined by spaces)")->type_name("EXPR");
}

}  // namespace

std::string table_help() {
  std::vector<std::string> words;
  Options o("table", kTableProse);
  define_options(o, words);
  return o.help();
}

int table(std::vector<std::string> const& args) {
  using namespace layoutref::equiv;
  std::vector<std::string> words;
  Options options("table", kTableProse);
  define_options(options, words);
  if (auto rc = options.parse(args)) return *rc;
  std::string text;
  for (auto const& w : words) text += (text.empty() ? "" : " ") + w;
  if (text.empty()) {
    std::cerr << "layoutref table: no layout given\n" << usage();
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
