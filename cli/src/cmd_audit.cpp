// layoutref cli — `layoutref audit [--json] [--expect FILE] [--table-limit N] [--prove] [--draw DIR]
// [--shard K/N] [--report FILE] FILE...`: every case of the vector files judged by the spec
// (equiv::audit_case), one line per case and a summary; with --prove, the cases past the table
// limit decided by Z3 (proofs::prove_case); with --draw, a picture of each wrong verdict
// (draw::draw_claim) written into DIR. --shard: the lines of shard K of N (the files' lines in
// order, equiv/report.hpp); --report: the shard's report for `layoutref merge`.
#include "commands.hpp"
#include "judge.hpp"

#include <layoutref/draw/draw.hpp>
#include <layoutref/equiv/conform.hpp>
#include <layoutref/equiv/json.hpp>
#include <layoutref/equiv/report.hpp>
#include <layoutref/notation/parse.hpp>
#ifdef LAYOUTREF_HAVE_PROOFS
#include <layoutref/proofs/prove.hpp>
#endif
#include <layoutref/spec/table.hpp>

#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

namespace layoutref::cli {

namespace {

using namespace layoutref::equiv;

/// Set the spec's table limit from `text`. @post false, nothing set, unless text is an integer >= 1
bool parse_limit(std::string const& text) {
  try {
    size_t used = 0;
    long long n = std::stoll(text, &used);
    if (used != text.size() || n < 1 || n > layoutref::spec::kTableLimitMax) return false;
    layoutref::spec::set_table_limit(n);
    return true;
  } catch (std::exception const&) {
    return false;
  }
}

/// One case of `audit --json` and of the report: the verdict, impl's conform verdict where the
/// claim is correct, and the judgement's witness.
Json case_record(Judged const& j) {
  Json r = Json::object(
      {{"file", j.c.file}, {"line", j.c.line}, {"op", j.c.op}, {"verdict", name(j.o.verdict)}, {"detail", j.o.detail}});
  if (j.o.verdict == Verdict::correct) r["impl"] = name(conform_case(j.c).verdict);
  if (j.o.judgement) {
    auto const& g = *j.o.judgement;
    if (g.index) {
      r["index"] = static_cast<long long>(*g.index);
      r["coordinate"] = g.coordinate;
    }
    if (!g.claimed_value.empty()) r["claimed"] = g.claimed_value;
    if (!g.expected_value.empty()) r["expected"] = g.expected_value;
    r["depends_on_extension"] = g.depends_on_extension;
  }
  return r;
}

/// The picture of one wrong verdict, `DIR/<file stem>_<line>_<op>.svg`: the claim beside the
/// spec's result (draw::draw_claim). @return a line for the report: the file written, or why not
std::string draw_case(std::string const& dir, Judged const& j) {
  std::string where = j.c.file + ":" + std::to_string(j.c.line) + " " + j.c.op;
  std::vector<layoutref::notation::Term> args;
  for (auto const& f : j.c.args) {
    auto p = layoutref::notation::parse(f.text, j.c.line, f.column);
    if (!p.ok) return where + " not drawn: " + p.error.message();
    args.push_back(p.term);
  }
  auto r = layoutref::notation::parse(j.c.result.text, j.c.line, j.c.result.column);
  if (!r.ok) return where + " not drawn: " + r.error.message();
  layoutref::draw::Drawn d = layoutref::draw::draw_claim(j.c.op, args, r.term);
  if (!d.ok) return where + " not drawn: " + d.error;
  std::string path =
      (std::filesystem::path(dir) / (std::filesystem::path(j.c.file).stem().string() + "_" + std::to_string(j.c.line) + "_" + j.c.op + ".svg"))
          .string();
  if (!write_file("audit", path, layoutref::draw::to_svg(d.figure))) return where + " not drawn: cannot write " + path;
  return where + " drawn: " + path;
}

/// The case's expectation mismatch (mismatches()), or empty.
std::string expectation_mismatch(Judged const& j, Expectations const& ex) {
  std::vector<Judged> one{j};
  std::vector<std::string> d = mismatches(one, ex);
  return d.empty() ? std::string() : d.front();
}


char const* const kAuditProse =
    "Judge every case of the vector files (op<TAB>args<TAB>=><TAB>result, see\n"
    "tests/conformance/cute/README.md) with the executable specification. One line per\n"
    "case: `file:line op verdict [detail]`, verdict correct | wrong | unsupported |\n"
    "malformed; the last line sums them up. Exit 0 when nothing is wrong, unsupported\n"
    "or malformed. With --expect FILE (file<TAB>line<TAB>op<TAB>reason lines), exit 0 when\n"
    "exactly the listed cases are wrong and nothing is unsupported or malformed.\n"
    "With --prove, cases whose tables are past the limit are checked with Z3 instead.\n"
    "With --draw DIR, each wrong verdict's claimed result is drawn beside the spec's, the\n"
    "differing cells framed in red: DIR/<file>_<line>_<op>.svg (docs/draw.md).\n"
    "--shard K/N: only shard K of N of the files' lines (below); --report FILE: write\n"
    "the run's (or the shard's) report, a JSON document for `layoutref merge`.";

struct AuditArgs {
  FileOptions opt;
  std::string shard, table_limit, draw_dir;
  bool prove = false;
};

void define_options(Options& o, AuditArgs& a) {
  define_file_options(o, a.opt, a.shard);
  o.app().add_option("--table-limit", a.table_limit,
                     "the largest function table the spec may build (default 16777216 entries),\n"
                     "and 64 bytes an entry of it in memory (1 GiB by default); a case past either\n"
                     "is unsupported, the verdict says which; at most 17179869184 (2^34 entries, 1 TiB)")
      ->type_name("N");
  o.app().add_flag("--prove", a.prove, "check the cases past the table limit with Z3");
  o.app().add_option("--draw", a.draw_dir, "draw each wrong verdict's claim beside the spec's result in DIR")->type_name("DIR");
  o.set_value_hint("--table-limit", "a number of entries");
  o.set_value_hint("--draw", "a directory");
}

}  // namespace

std::string audit_help() {
  AuditArgs a;
  Options o("audit", kAuditProse);
  define_options(o, a);
  return o.help();
}

int audit(std::vector<std::string> const& args) {
  AuditArgs a;
  Options options("audit", kAuditProse);
  define_options(options, a);
  if (auto rc = options.parse(args)) return *rc;
  if (options.app().count("--table-limit") && !parse_limit(a.table_limit)) {
    std::cerr << "layoutref audit: --table-limit needs a whole number of entries in 1.." << layoutref::spec::kTableLimitMax
              << " (64 bytes an entry, 1 TiB at most), got `" << a.table_limit << "`\n";
    return 2;
  }
  std::string const limit_text = a.table_limit;  // --table-limit's value, as given
  std::string const& draw_dir = a.draw_dir;
  if (options.app().count("--draw")) {
    std::error_code ec;
    std::filesystem::create_directories(draw_dir, ec);
    if (ec || !std::filesystem::is_directory(draw_dir)) {
      std::cerr << "layoutref audit: --draw: cannot make the directory " << draw_dir << "\n";
      return 2;
    }
  }
  bool const prove = a.prove;
  FileOptions& opt = a.opt;
  if (!check_file_options("audit", options, opt, a.shard)) return 2;
  std::string const& expect_path = opt.expect_path;
  Expectations ex;
  if (!load_expectations("audit", expect_path, ex)) return 2;
  ShardedFiles lines;
  if (opt.counts_lines() && !shard_files("audit", opt, lines)) return 2;
  std::vector<Judged> judged;
  bool read_ok = judge_files(opt.files, judged, opt.counts_lines() ? &lines : nullptr);
#ifdef LAYOUTREF_HAVE_PROOFS
  if (prove)
    for (auto& j : judged)
      if (j.o.verdict == Verdict::unsupported && j.o.detail.find("past the bound") != std::string::npos)
        if (auto o = layoutref::proofs::prove_case(j.c, 60000)) j.o = *o;
#else
  if (prove) std::cerr << "layoutref audit: --prove needs a build with z3 (proofs/); ignored\n";
#endif
  AuditCounts n;
  for (auto const& j : judged) n.add(j.o.verdict, ex.expects_wrong(j.c.file, j.c.line));
  std::vector<std::string> drawn;
  if (!draw_dir.empty())
    for (auto const& j : judged)
      if (j.o.verdict == Verdict::wrong) drawn.push_back(draw_case(draw_dir, j));
  std::vector<std::string> diff = expect_path.empty() ? std::vector<std::string>{} : mismatches(judged, ex);
  if (opt.json) {
    std::vector<Json> cases;
    for (auto const& j : judged) cases.push_back(case_record(j));
    Json summary = Json::object({{"cases", n.cases},
                                 {"correct", n.correct},
                                 {"wrong", n.wrong},
                                 {"unsupported", n.unsupported},
                                 {"malformed", n.malformed}});
    std::cout << "{\"cases\":" << json_lines(cases) << ",\"summary\":" << json_text(summary);
    if (!expect_path.empty()) std::cout << ",\"expectation_mismatches\":" << json_text(Json(diff));
    std::cout << "}";
    std::cout << "\n";
    for (auto const& d : drawn) std::cerr << "audit --draw: " << d << "\n";
  } else {
    for (auto const& j : judged) {
      std::cout << j.c.file << ":" << j.c.line << " " << j.c.op << " " << name(j.o.verdict);
      if (!j.o.detail.empty()) std::cout << " " << j.o.detail;
      if (j.o.verdict == Verdict::correct) std::cout << " [impl: " << name(conform_case(j.c).verdict) << "]";
      std::cout << "\n";
    }
    for (auto const& d : diff) std::cout << "expectation: " << d << "\n";
    for (auto const& d : drawn) std::cout << "audit --draw: " << d << "\n";
    std::cout << "audit: " << n.cases << " cases, " << n.correct << " correct, " << n.wrong << " wrong, "
              << n.unsupported << " unsupported, " << n.malformed << " malformed\n";
  }
  bool pass = expect_path.empty() ? (n.wrong == 0 && n.unsupported == 0 && n.malformed == 0)
                                  : (diff.empty() && n.unsupported == 0 && n.malformed == 0);
  if (!read_ok) return 2;
  if (!opt.report_path.empty()) {
    // The shard's report: a record per case, a failure per case that fails the audit (the
    // same cases as `pass` above), in line order.
    Report r;
    r.suite = "audit";
    std::string command = "audit";
    if (!limit_text.empty()) command += " --table-limit " + limit_text;
    if (prove) command += " --prove";
    r.run = Json::object({{"command", "audit"},
                               {"files", files_json(lines)},
                               {"expect", expect_path},
                               {"table_limit", static_cast<long long>(layoutref::spec::table_limit())},
                               {"prove", prove}});
    r.shard = opt.shard;
    r.units = lines.total;
    r.range = lines.range;
    for (char const* c : {"cases", "correct", "wrong", "unsupported", "malformed", "known", "expectation_mismatches"}) r.count(c, 0);
    r.count("cases", n.cases);
    r.count("correct", n.correct);
    r.count("wrong", n.wrong);
    r.count("unsupported", n.unsupported);
    r.count("malformed", n.malformed);
    r.count("known", n.known);
    r.count("expectation_mismatches", static_cast<long long>(diff.size()));
    for (auto const& j : judged) {
      r.records.push_back(case_record(j));
      // Whether the expectations list the case as a known divergence: its failure and the counts
      // `known` and `expectation_mismatches` follow from this and the verdict (equiv::check_report).
      if (!expect_path.empty()) r.records.back()["listed"] = ex.expects_wrong(j.c.file, j.c.line);
      std::string mismatch = expect_path.empty() ? std::string() : expectation_mismatch(j, ex);
      bool fails = expect_path.empty() ? j.o.verdict != Verdict::correct
                                       : (!mismatch.empty() || j.o.verdict == Verdict::unsupported || j.o.verdict == Verdict::malformed);
      if (!fails) continue;
      std::string what = j.c.file + ":" + std::to_string(j.c.line) + " " + j.c.op + " " + name(j.o.verdict);
      if (!j.o.detail.empty()) what += " " + j.o.detail;
      if (!mismatch.empty()) what = "expectation: " + mismatch;
      r.failures.push_back(failure(what, reproduce_line(j.c.file, j.c.line, command),
                                   Json::object({{"file", j.c.file}, {"line", j.c.line}, {"op", j.c.op},
                                                      {"verdict", name(j.o.verdict)}, {"case", j.c.text}})));
    }
    if (!write_report_option("audit", opt, r)) return 2;
  }
  return pass ? 0 : 1;
}

}  // namespace layoutref::cli
