// Fuzz target: CuTe notation, parse -> print -> parse.
// Oracle: for every text that parses to a term T, print(T) parses again, to a term equal to T,
// and printing that term gives the same text (print is a fixed point after one round).
#include "fuzz.hpp"

#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace layoutref;
  std::string text;
  if (!fuzz::text_of(data, size, text)) return 0;
  notation::ParseResult first = notation::parse(text);
  if (!first.ok) {
    if (first.error.message().empty()) fuzz::fail("a parse error without a message");
    return 0;
  }
  std::string printed = notation::print(first.term);
  notation::ParseResult second = notation::parse(printed);
  if (!second.ok) fuzz::fail("print gives `" + printed + "`, which does not parse: " + second.error.message());
  if (!(second.term == first.term)) fuzz::fail("`" + printed + "` parses to a different term than the text it was printed from");
  std::string again = notation::print(second.term);
  if (again != printed) fuzz::fail("print is not stable: `" + printed + "` then `" + again + "`");
  return 0;
}
