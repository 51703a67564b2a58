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

int merge(std::vector<std::string> const& args) {
  std::string out_path;
  bool json = false;
  std::vector<std::string> files;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--report") {
      if (i + 1 >= args.size()) {
        std::cerr << "layoutref merge: --report needs a value (a file)\n";
        return 2;
      }
      out_path = args[++i];
      if (out_path.empty()) {
        std::cerr << "layoutref merge: --report needs a file name, not an empty one\n";
        return 2;
      }
    } else if (args[i] == "--json") {
      json = true;
    } else if (args[i].rfind("--", 0) == 0) {
      std::cerr << "layoutref merge: unknown option `" << args[i] << "`\n" << kUsage;
      return 2;
    } else {
      files.push_back(args[i]);
    }
  }
  if (files.empty()) {
    std::cerr << "layoutref merge: no reports given\n" << kUsage;
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
