// Fuzz target: `layoutref eval EXPR` in process (equiv::evaluate_expression), the whole input as EXPR.
// Oracle: an error has a message and a failure kind other than `internal` (exit 4, an exception
// the calculator did not expect); a result prints as CuTe notation that parses, and printing the
// parsed term gives the same text. (Terms are compared as text: `ArithTuple(_0)` is built with an
// integer child by eval and read with a one-item tuple child by the parser; both print the same.)
#include "fuzz.hpp"

#include <layoutref/equiv/calculator.hpp>

#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace layoutref;
  std::string text;
  if (!fuzz::text_of(data, size, text)) return 0;
  equiv::EvalResult r = equiv::evaluate_expression(text);
  if (!r.ok) {
    if (r.error.empty()) fuzz::fail("eval refused without a message");
    if (r.failure == equiv::Failure::none || r.failure == equiv::Failure::internal)
      fuzz::fail("eval refused as failure " + std::to_string(static_cast<int>(r.failure)) + ": " + r.error);
    return 0;
  }
  std::string printed = notation::print(r.value);
  notation::ParseResult back = notation::parse(printed);
  if (!back.ok) fuzz::fail("eval's result `" + printed + "` does not parse: " + back.error.message());
  if (notation::print(back.term) != printed)
    fuzz::fail("eval's result `" + printed + "` prints as `" + notation::print(back.term) + "` once parsed");
  return 0;
}
