// layoutref cli — what the commands over vector files share.
#include "commands.hpp"
#include "judge.hpp"

#include <layoutref/equiv/output.hpp>

#include <algorithm>
#include <climits>
#include <iostream>
#include <utility>

namespace layoutref::cli {

using namespace layoutref::equiv;

void AuditCounts::add(Verdict v, bool expected_wrong) {
  ++cases;
  switch (v) {
    case Verdict::correct: ++correct; break;
    case Verdict::wrong:
      ++wrong;
      if (expected_wrong) ++known;
      break;
    case Verdict::unsupported: ++unsupported; break;
    case Verdict::malformed: ++malformed; break;
  }
}

bool for_each_case(std::vector<std::string> const& files, std::string_view prefix, std::function<void(Case&)> const& fn,
                   ShardedFiles const* lines) {
  bool ok = true;
  for (size_t i = 0; i < files.size(); ++i) {
    std::string const& f = files[i];
    long long first = 1, last = LLONG_MAX;
    if (lines) {
      first = lines->files[i].first;
      last = lines->files[i].last;
      if (first > last) continue;
    }
    std::vector<Case> cases;
    std::string error;
    if (!read_vectors(f, cases, error, first, last)) {
      std::cerr << prefix << error << "\n";
      ok = false;
      continue;
    }
    for (auto& c : cases) fn(c);
  }
  return ok;
}

bool shard_files(std::string_view command, FileOptions const& opt, ShardedFiles& out) {
  ShardedFiles s;
  for (auto const& f : opt.files) {
    FileLines fl;
    fl.path = f;
    std::string error;
    if (!count_lines(f, fl.lines, error)) {
      std::cerr << "layoutref " << command << ": " << error << "\n";
      return false;
    }
    s.total += static_cast<unsigned long long>(fl.lines);
    s.files.push_back(fl);
  }
  s.range = shard_range(s.total, opt.shard);
  unsigned long long offset = 0;  // the unit of the file's line 1
  for (auto& fl : s.files) {
    unsigned long long lo = std::max(s.range.begin, offset), hi = std::min(s.range.end, offset + static_cast<unsigned long long>(fl.lines));
    if (lo < hi) {
      fl.first = static_cast<long long>(lo - offset) + 1;
      fl.last = static_cast<long long>(hi - offset);
    }
    offset += static_cast<unsigned long long>(fl.lines);
  }
  out = std::move(s);
  return true;
}

Json files_json(ShardedFiles const& files) {
  Json a = Json::array();
  for (auto const& f : files.files) a.push_back(Json::object({{"path", f.path}, {"lines", f.lines}, {"digest", file_digest(f.path)}}));
  return a;
}

std::string reproduce_line(std::string const& file, int line, std::string const& command) {
  return "sed -n '" + std::to_string(line) + "p' " + shell_quote(file) + " > case.tsv && layoutref " + command + " case.tsv";
}

bool write_report_option(std::string_view command, FileOptions const& opt, Report const& report) {
  if (opt.report_path.empty()) return true;
  std::string error;
  if (write_report(opt.report_path, report, error)) return true;
  std::cerr << "layoutref " << command << ": " << error << "\n";
  return false;
}

void define_file_options(Options& o, FileOptions& out, std::string& shard_text) {
  o.app().add_flag("--json", out.json, "machine-readable output: one JSON document, a case a line");
  o.app().add_option("--expect", out.expect_path, "the expectations file (see above)")->type_name("FILE");
  o.app().add_option("--shard", shard_text,
                     "shard K of N, 0 <= K < N (K counts from 0, as SLURM_ARRAY_TASK_ID of\n"
                     "--array=0-(N-1)): the lines [floor(K*T/N), floor((K+1)*T/N)) of the T\n"
                     "lines of the files, file after file; the N shards are disjoint and cover them")
      ->type_name("K/N");
  o.app().add_option("--report", out.report_path, "write the run's (or the shard's) report, JSON for `layoutref merge`")
      ->type_name("FILE");
  o.app().add_option("files", out.files, "the vector files")->type_name("FILE");
  o.set_value_hint("--shard", "K/N");
  o.set_value_hint("--report", "a file");
  o.set_value_hint("--expect", "a file");
}

bool check_file_options(std::string_view command, Options& o, FileOptions& out, std::string const& shard_text) {
  if (o.app().count("--shard")) {
    std::string error;
    if (!parse_shard(shard_text, out.shard, error)) {
      std::cerr << "layoutref " << command << ": --shard " << error << "\n";
      return false;
    }
    out.sharded = true;
  }
  if (o.app().count("--report") && out.report_path.empty()) {
    std::cerr << "layoutref " << command << ": --report needs a file name, not an empty one\n";
    return false;
  }
  if (out.files.empty()) {
    std::cerr << "layoutref " << command << ": no vector files given\n" << usage();
    return false;
  }
  if (std::string input; !out.report_path.empty() && names_an_input(out.report_path, out.files, input)) {
    std::cerr << "layoutref " << command << ": --report " << out.report_path << " is the input file " << input
              << "; name another file for the report\n";
    return false;
  }
  return true;
}

bool judge_files(std::vector<std::string> const& files, std::vector<Judged>& out, ShardedFiles const* lines) {
  return for_each_case(
      files, "layoutref: ",
      [&](Case& c) {
        Outcome o = audit_case(c);
        // Texts a verdict prints are clipped (equiv::clip_text): a short line can claim a huge result.
        o.detail = clip_text(o.detail);
        if (o.judgement) {
          o.judgement->claimed_value = clip_text(o.judgement->claimed_value);
          o.judgement->expected_value = clip_text(o.judgement->expected_value);
        }
        out.push_back(Judged{std::move(c), std::move(o)});
      },
      lines);
}

std::vector<std::string> mismatches(std::vector<Judged> const& judged, Expectations const& ex) {
  std::vector<std::string> out;
  for (auto const& j : judged) {
    bool expect = ex.expects_wrong(j.c.file, j.c.line);
    if (expect && j.o.verdict != Verdict::wrong)
      out.push_back(j.c.file + ":" + std::to_string(j.c.line) + " " + j.c.op + " is a known CuTe divergence but was judged " +
                    name(j.o.verdict));
    if (!expect && j.o.verdict == Verdict::wrong)
      out.push_back(j.c.file + ":" + std::to_string(j.c.line) + " " + j.c.op + " was judged wrong and is not a known divergence");
  }
  return out;
}

}  // namespace layoutref::cli
