// Fuzz target: `layoutref conform` of one vector line (the input up to its first newline):
// cli::read_vectors, then cli::conform_case on each case read.
// Oracle: every verdict but `literal` says why (a non-empty detail).
// The spec's table limit is 2^16 entries here, as in the audit target.
#include "fuzz.hpp"

#include "conform.hpp"
#include "vectors.hpp"

#include <layoutref/spec/table.hpp>

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace layoutref;
  static bool const limited = (spec::set_table_limit(std::int64_t{1} << 16), true);
  (void)limited;
  std::string text;
  if (!fuzz::text_of(data, size, text)) return 0;
  std::istringstream in(fuzz::first_line(text));
  std::vector<cli::Case> cases;
  cli::read_vectors(in, "fuzz.tsv", cases);
  for (auto const& c : cases) {
    cli::ConformOutcome o = cli::conform_case(c);
    if (o.verdict != cli::Conformity::literal && o.detail.empty())
      fuzz::fail(std::string("conform verdict `") + cli::name(o.verdict) + "` without a detail");
  }
  return 0;
}
