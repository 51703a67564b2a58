// Fuzz target: a shard's report as `layoutref merge` reads it (parse_report, check_report,
// merge_reports). Oracle: a refusal names what is wrong; a report that parses and passes
// check_report merges, as shard 0/1 alone, into itself byte for byte, and whatever merge accepts
// passes check_report (a merged verdict is always derived from records).
#include "fuzz.hpp"

#include <layoutref/equiv/report.hpp>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace layoutref;
  using namespace layoutref::equiv;
  std::string text;
  if (!fuzz::text_of(data, size, text)) return 0;
  Report r;
  std::string error;
  if (!parse_report(text, "fuzz.json", r, error)) {
    if (error.empty()) fuzz::fail("parse_report refused without a message");
    return 0;
  }
  bool const consistent = check_report(r, "fuzz.json", error);
  if (!consistent && error.empty()) fuzz::fail("check_report refused without a message");
  Report merged;
  std::string merge_error;
  bool const merged_ok = merge_reports({r}, {"fuzz.json"}, merged, merge_error);
  if (!merged_ok) {
    if (merge_error.empty()) fuzz::fail("merge_reports refused without a message");
    return 0;
  }
  if (!consistent) fuzz::fail("merge_reports accepted a report check_report refuses: " + error);
  std::string again;
  if (!check_report(merged, "merged", again)) fuzz::fail("the merged report contradicts its records: " + again);
  if (r.shard.count == 1 && report_text(merged) != report_text(r)) fuzz::fail("a whole run merged alone is not itself");
  return 0;
}
