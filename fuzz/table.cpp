// Fuzz target: `layoutref table EXPR` in process (evaluate_expression, then print_table).
// Oracle: a refusal has a message and a failure kind other than `internal` (exit 4, an exception
// the calculator did not expect). Tables past the memory limit (-rss_limit_mb, -malloc_limit_mb)
// are findings: every table is size-checked before it is built.
#include "fuzz.hpp"

#include <layoutref/equiv/calculator.hpp>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace layoutref;
  std::string text;
  if (!fuzz::text_of(data, size, text)) return 0;
  equiv::EvalResult r = equiv::evaluate_expression(text);
  if (!r.ok) {
    if (r.error.empty()) fuzz::fail("table: the expression was refused without a message");
    if (r.failure == equiv::Failure::none || r.failure == equiv::Failure::internal)
      fuzz::fail("table: the expression was refused as failure " + std::to_string(static_cast<int>(r.failure)) + ": " + r.error);
    return 0;
  }
  std::string out, error;
  equiv::Failure f = equiv::print_table(r.value, out, error);
  if (f == equiv::Failure::none) return 0;
  if (error.empty()) fuzz::fail("print_table refused without a message");
  if (f == equiv::Failure::internal) fuzz::fail("print_table: internal error: " + error);
  if (!out.empty()) fuzz::fail("print_table refused but wrote a table: " + error);
  return 0;
}
