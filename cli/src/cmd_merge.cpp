// layoutref cli — `layoutref merge [--report FILE] [--json] REPORT...`: the reports of the N shards
// of one run (`--shard K/N --report FILE` of audit, conform, layoutref-properties and
// layoutref-gpu-check) combined into the run's report (equiv::merge_reports): counts summed,
// records and failures in shard order, the same document as the run done whole. Prints the
// summary (equiv::summary_lines: counts, per-property lines, each failure with its reproducer);
// --report FILE writes the merged report, --json prints it instead of the summary.
// Exit 0 when the merged run has no failure, 1 when it has, 2 when the reports are not the N
// shards of one run (a shard missing or twice, another run, a file that is not a report).
#include "commands.hpp"
#include <layoutref/equiv/output.hpp>
#include <layoutref/equiv/report.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace layoutref::cli {

using namespace layoutref::equiv;

namespace {

char const* const kMergeProse =
    "Combine the reports of the N shards of one run (audit, conform, layoutref-properties,\n"
    "layoutref-gpu-check, each with --shard K/N --report FILE) into the run's report, the\n"
    "same as the run done whole: counts summed, records and failures in shard order.\n"
    "Prints the counts and each failure with the command that reproduces it; --report\n"
    "FILE writes the merged report, --json prints it instead. Exit 0 no failure,\n"
    "1 failures, 2 when the reports are not all N shards of one run (docs/deep-runs.md).";

struct MergeArgs {
  std::string out_path;
  bool json = false;
  std::vector<std::string> files;
};

void define_options(Options& o, MergeArgs& a) {
  o.app().add_option("--report", a.out_path, "write the merged report to FILE")->type_name("FILE");
  o.app().add_flag("--json", a.json, "print the merged report instead of the summary");
  o.app().add_option("reports", a.files, "the shards' reports (--report of each shard)")->type_name("REPORT");
  o.set_value_hint("--report", "a file");
}

}  // namespace

std::string merge_help() {
  MergeArgs a;
  Options o("merge", kMergeProse);
  define_options(o, a);
  return o.help();
}

int merge(std::vector<std::string> const& args) {
  MergeArgs a;
  Options options("merge", kMergeProse);
  define_options(options, a);
  if (auto rc = options.parse(args)) return *rc;
  std::string const& out_path = a.out_path;
  bool const json = a.json;
  std::vector<std::string> const& files = a.files;
  if (options.app().count("--report") && out_path.empty()) {
    std::cerr << "layoutref merge: --report needs a file name, not an empty one\n";
    return 2;
  }
  if (files.empty()) {
    std::cerr << "layoutref merge: no reports given\n" << usage();
    return 2;
  }
  if (std::string input; !out_path.empty() && names_an_input(out_path, files, input)) {
    std::cerr << "layoutref merge: --report " << out_path << " is the report " << input << " being merged; name another file\n";
    return 2;
  }
  std::vector<Report> shards;
  for (auto const& f : files) {
    Report r;
    std::string error;
    if (!read_report(f, r, error)) {
      std::cerr << "layoutref merge: " << error << "\n";
      return 2;
    }
    shards.push_back(std::move(r));
  }
  Report merged;
  std::string error;
  if (!merge_reports(shards, files, merged, error)) {
    std::cerr << "layoutref merge: " << error << "\n";
    return 2;
  }
  if (!out_path.empty() && !write_report(out_path, merged, error)) {
    std::cerr << "layoutref merge: " << error << "\n";
    return 2;
  }
  if (json) {
    std::cout << report_text(merged);
  } else {
    std::cout << "merged " << files.size() << " shard" << (files.size() == 1 ? "" : "s") << "\n";
    for (auto const& line : summary_lines(merged)) std::cout << line << "\n";
  }
  return merged.failures.empty() ? 0 : 1;
}

}  // namespace layoutref::cli
