// layoutref cli — what the commands over vector files share.
#include "commands.hpp"
#include "judge.hpp"

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

bool for_each_case(std::vector<std::string> const& files, std::string_view prefix, std::function<void(Case&)> const& fn) {
  bool ok = true;
  for (auto const& f : files) {
    std::vector<Case> cases;
    std::string error;
    if (!read_vectors(f, cases, error)) {
      std::cerr << prefix << error << "\n";
      ok = false;
      continue;
    }
    for (auto& c : cases) fn(c);
  }
  return ok;
}

bool parse_file_options(std::string_view command, std::vector<std::string> const& args, FileOptions& out,
                        OwnOptions const& own) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (own) {
      OwnOption o = own(args, i);
      if (o == OwnOption::failed) return false;
      if (o == OwnOption::taken) continue;
    }
    if (args[i] == "--json") {
      out.json = true;
    } else if (args[i] == "--expect" && i + 1 < args.size()) {
      out.expect_path = args[++i];
    } else if (args[i].rfind("--", 0) == 0) {
      std::cerr << "layoutref " << command << ": unknown option `" << args[i] << "`\n" << kUsage;
      return false;
    } else {
      out.files.push_back(args[i]);
    }
  }
  if (out.files.empty()) {
    std::cerr << "layoutref " << command << ": no vector files given\n" << kUsage;
    return false;
  }
  return true;
}

bool judge_files(std::vector<std::string> const& files, std::vector<Judged>& out) {
  return for_each_case(files, "layoutref: ", [&](Case& c) {
    Outcome o = audit_case(c);
    out.push_back(Judged{std::move(c), std::move(o)});
  });
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
