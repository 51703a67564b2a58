// layoutref cli — `layoutref conform [--json] [--expect FILE] [--shard K/N] [--report FILE]
// FILE...`: every case of the vector files computed with impl and compared with CuTe's result
// (equiv::conform_case), one line per case and a tally of the verdicts. --shard: the lines of
// shard K of N (equiv/report.hpp); --report: the shard's report for `layoutref merge`.
#include "commands.hpp"
#include "judge.hpp"

#include <layoutref/equiv/output.hpp>

#include <layoutref/equiv/conform.hpp>
#include <layoutref/equiv/json.hpp>
#include <layoutref/equiv/report.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace layoutref::cli {

using namespace layoutref::equiv;

namespace {

char const* const kConformProse =
    "Compute each case with impl (the fast algebra) and compare with the vector's result:\n"
    "literal (same text without the static markers `_`), functional (same function, a\n"
    "result the spec judges correct, different text), different (first differing\n"
    "index), refused (impl's error), unsupported, malformed. With --expect FILE\n"
    "(file<TAB>line<TAB>op<TAB>verdict<TAB>reason lines: the cases allowed not to be\n"
    "literal, and how), exit 0 when every other case is literal, each listed one has its\n"
    "verdict, and the spec judges every non-literal result of impl correct.\n"
    "--shard and --report as for audit.";

}  // namespace

std::string conform_help() {
  FileOptions opt;
  std::string shard;
  Options o("conform", kConformProse);
  define_file_options(o, opt, shard);
  return o.help();
}

int conform(std::vector<std::string> const& args) {
  FileOptions opt;
  std::string shard;
  Options options("conform", kConformProse);
  define_file_options(options, opt, shard);
  if (auto rc = options.parse(args)) return *rc;
  if (!check_file_options("conform", options, opt, shard)) return 2;
  bool const json = opt.json;
  std::string const& expect_path = opt.expect_path;
  ConformExpectations expected;
  if (!load_expectations("conform", expect_path, expected)) return 2;
  ShardedFiles lines;
  if (opt.counts_lines() && !shard_files("conform", opt, lines)) return 2;
  ConformTally n;
  std::vector<std::string> mismatch;
  // The report (--report): a record per case, a failure per case that fails (the same cases as
  // `pass` below).
  Report r;
  // The cases are printed as they are computed, one a line (the layout of equiv::json_lines).
  bool first_case = true;
  if (json) std::cout << "{\"cases\":[";
  bool read_ok = for_each_case(opt.files, "layoutref conform: ", [&](Case const& c) {
    ConformOutcome o = conform_case(c);
    o.detail = clip_text(o.detail);
    o.impl_text = clip_text(o.impl_text);
    n.add(o.verdict);
    size_t const before = mismatch.size();
    if (!expect_path.empty()) {
      std::string want = expected.expected(c.file, c.line);
      if (want != name(o.verdict))
        mismatch.push_back(c.file + ":" + std::to_string(c.line) + " " + c.op + " is " + name(o.verdict) + ", expected " + want);
      if (o.impl_judged_wrong)
        mismatch.push_back(c.file + ":" + std::to_string(c.line) + " " + c.op + ": the spec judges impl's result not correct");
    }
    if (!opt.report_path.empty()) {
      r.records.push_back(Json::object({{"file", c.file}, {"line", c.line}, {"op", c.op}, {"verdict", name(o.verdict)},
                                             {"impl", o.impl_text}, {"detail", o.detail}}));
      // The expected verdict and impl's judgement: the case's failures and the count
      // `expectation_mismatches` follow from these (equiv::check_report).
      if (!expect_path.empty()) {
        r.records.back()["expected"] = expected.expected(c.file, c.line);
        r.records.back()["impl_judged_wrong"] = o.impl_judged_wrong;
      }
      std::vector<std::string> whats;
      if (expect_path.empty()) {
        if (o.verdict == Conformity::different || o.verdict == Conformity::unsupported || o.verdict == Conformity::malformed)
          whats.push_back(c.file + ":" + std::to_string(c.line) + " " + c.op + " " + name(o.verdict) +
                          (o.detail.empty() ? "" : " " + o.detail));
      } else {
        for (size_t k = before; k < mismatch.size(); ++k) whats.push_back("expectation: " + mismatch[k]);
      }
      for (auto const& what : whats)
        r.failures.push_back(failure(what, reproduce_line(c.file, c.line, "conform"),
                                     Json::object({{"file", c.file}, {"line", c.line}, {"op", c.op}, {"verdict", name(o.verdict)},
                                                        {"impl", o.impl_text}, {"case", c.text}})));
    }
    if (json) {
      std::cout << (first_case ? "\n" : ",\n")
                << json_text(Json::object({{"file", c.file}, {"line", c.line}, {"op", c.op}, {"verdict", name(o.verdict)},
                                           {"impl", o.impl_text}, {"detail", o.detail}}));
      first_case = false;
    } else {
      std::cout << c.file << ":" << c.line << " " << c.op << " " << name(o.verdict);
      if (o.verdict != Conformity::literal && !o.detail.empty()) std::cout << " " << o.detail;
      std::cout << "\n";
    }
  }, opt.counts_lines() ? &lines : nullptr);
  if (json) {
    Json summary = Json::object({{"cases", n.cases()}});
    for (Conformity c : {Conformity::literal, Conformity::functional, Conformity::different, Conformity::refused,
                         Conformity::unsupported, Conformity::malformed})
      summary[name(c)] = n[c];
    std::cout << "\n],\"summary\":" << json_text(summary) << "}\n";
  } else {
    for (auto const& m : mismatch) std::cout << "expectation: " << m << "\n";
    std::cout << "conform: " << n.cases() << " cases, " << n.literal << " literal, " << n.functional << " functional, "
              << n.different << " different, " << n.refused << " refused, " << n.unsupported << " unsupported, "
              << n.malformed << " malformed\n";
  }
  bool pass = expect_path.empty() ? (n.different == 0 && n.unsupported == 0 && n.malformed == 0) : mismatch.empty();
  if (!read_ok) return 2;
  if (!opt.report_path.empty()) {
    r.suite = "conform";
    r.run = Json::object({{"command", "conform"}, {"files", files_json(lines)}, {"expect", expect_path}});
    r.shard = opt.shard;
    r.units = lines.total;
    r.range = lines.range;
    r.count("cases", n.cases());
    for (Conformity c : {Conformity::literal, Conformity::functional, Conformity::different, Conformity::refused,
                         Conformity::unsupported, Conformity::malformed})
      r.count(name(c), n[c]);
    r.count("expectation_mismatches", static_cast<long long>(mismatch.size()));
    if (!write_report_option("conform", opt, r)) return 2;
  }
  return pass ? 0 : 1;
}

}  // namespace layoutref::cli
