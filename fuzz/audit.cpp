// Fuzz target: `layoutref audit` of one vector line (the input up to its first newline):
// equiv::read_vectors, then equiv::audit_case on each case read.
// Oracle: every verdict but `correct` says why (a non-empty detail).
// The spec's table limit is 2^16 entries here (the command's default is 2^24), so that one
// input stays within libFuzzer's -timeout; larger tables are refused as `unsupported`.
#include "fuzz.hpp"

#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/vectors.hpp>

#include <layoutref/spec/table.hpp>

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace layoutref;
  static bool const limited = (spec::set_table_limit(std::int64_t{1} << 16), true);
  (void)limited;
  std::string text;
  if (!fuzz::text_of(data, size, text)) return 0;
  std::istringstream in(fuzz::first_line(text));
  std::vector<equiv::Case> cases;
  equiv::read_vectors(in, "fuzz.tsv", cases);
  for (auto const& c : cases) {
    equiv::Outcome o = equiv::audit_case(c);
    if (o.verdict != equiv::Verdict::correct && o.detail.empty())
      fuzz::fail(std::string("audit verdict `") + equiv::name(o.verdict) + "` without a detail");
  }
  return 0;
}
