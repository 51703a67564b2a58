// layoutref cli — the law library's answers in `layoutref verify` (docs/proofs.md).
#include <layoutref/equiv/json.hpp>
#include "verify_proofs.hpp"

#include <layoutref/proofs/laws.hpp>

#include <cstdio>
#include <vector>

namespace layoutref::cli {

using equiv::json_string;

bool verify_proofs(bool json, std::string& out) {
  namespace lp = layoutref::proofs;
  bool pass = true;
  char line[512];
  out = json ? "[" : "\nproofs (Z3, the CI set of proofs/laws; docs/proofs.md):\n";
  bool first = true;
  std::vector<lp::LawResult> all;
  for (auto const& family : lp::law_families()) {
    if (family.deep) continue;
    for (auto const& r : family.run(120000)) {
      all.push_back(r);
      pass = pass && r.ok();
      lp::LawVerdict v = r.verdict();
      if (json) {
        out += std::string(first ? "" : ",") + "{\"family\":" + json_string(r.family) + ",\"law\":" + json_string(r.law) +
               ",\"bounds\":" + json_string(r.bounds) + ",\"answer\":" + json_string(lp::name(r.answer.status)) +
               ",\"expected\":" + json_string(lp::name(r.expected)) + ",\"record\":" + json_string(lp::record_name(r.expected)) +
               ",\"verdict\":" + json_string(v == lp::LawVerdict::pass ? "pass" : v == lp::LawVerdict::open ? "open" : "fail") +
               ",\"seconds\":" + std::to_string(r.answer.seconds) + "}";
        first = false;
        continue;
      }
      if (v == lp::LawVerdict::open) continue;  // listed apart, on the line "unknown:"
      std::snprintf(line, sizeof line, "  %-14s %-8s %8.3f s  %s%s\n", r.family.c_str(), lp::name(r.answer.status),
                    r.answer.seconds, r.law.c_str(), r.ok() ? "" : "  <-- UNEXPECTED");
      out += line;
    }
  }
  if (json) out += "]";
  else out += "  " + lp::unknown_line(all) + "\n";
  return pass;
}

}  // namespace layoutref::cli
