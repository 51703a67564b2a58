// layoutref cli — the audit of vector files, shared by `audit` and `verify`.
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

bool judge_files(std::vector<std::string> const& files, std::vector<Judged>& out) {
  bool ok = true;
  for (auto const& f : files) {
    std::vector<Case> cases;
    std::string error;
    if (!read_vectors(f, cases, error)) {
      std::cerr << "layoutref: " << error << "\n";
      ok = false;
      continue;
    }
    for (auto& c : cases) {
      Outcome o = audit_case(c);
      out.push_back(Judged{std::move(c), std::move(o)});
    }
  }
  return ok;
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
