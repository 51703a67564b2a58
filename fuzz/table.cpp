// Fuzz target: `layoutref table EXPR` in process (evaluate_expression, then print_table).
// Oracle: a refusal has a message. Tables past the memory limit (-rss_limit_mb, -malloc_limit_mb)
// are findings: every table is size-checked before it is built.
#include "fuzz.hpp"

#include "calculator.hpp"

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace layoutref;
  std::string text;
  if (!fuzz::text_of(data, size, text)) return 0;
  cli::EvalResult r = cli::evaluate_expression(text);
  if (!r.ok) {
    if (r.error.empty()) fuzz::fail("table: the expression was refused without a message");
    return 0;
  }
  std::string out, error;
  if (!cli::print_table(r.value, out, error) && error.empty()) fuzz::fail("print_table refused without a message");
  return 0;
}
