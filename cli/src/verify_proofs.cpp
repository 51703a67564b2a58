// layoutref cli — the law library's answers in `layoutref verify` (docs/proofs.md).
#include "verify_steps.hpp"

#include <layoutref/proofs/laws.hpp>
#include <layoutref/proofs/watchdog.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <vector>

namespace layoutref::cli {

StepReport verify_proofs() {
  namespace lp = layoutref::proofs;
  StepReport r;
  char line[512];
  r.text = "\nproofs (Z3, the CI set of proofs/laws; docs/proofs.md):\n";
  std::vector<lp::LawResult> all;
  for (auto const& family : lp::law_families()) {
    if (family.deep) continue;
    r.items[family.name] = "pass";
    // A family of the CI set takes seconds; one whose solver call does not return (z3 4.8.12's
    // timer can deadlock, docs/proofs.md) ends verify with a failure naming it, not a hang.
    lp::Watchdog watchdog(
        std::chrono::steady_clock::now() + std::chrono::minutes(10),
        [&] {
          std::cout.flush();
          std::cerr << "verify: FAIL: the law family " << family.name
                    << " did not finish within 10 minutes: a solver call did not return (z3 4.8.12's timer can deadlock, docs/proofs.md)\n";
          std::cerr.flush();
        },
        1);
    for (auto const& law : family.run(120000)) {
      all.push_back(law);
      if (!law.ok()) r.status = StepStatus::fail;
      if (!law.ok()) r.items[family.name] = "FAIL";
      if (law.verdict() == lp::LawVerdict::open) continue;  // listed apart, on the line "unknown:"
      std::snprintf(line, sizeof line, "  %-14s %-8s %8.3f s  %s%s\n", law.family.c_str(), lp::name(law.answer.status),
                    law.answer.seconds, law.law.c_str(), law.ok() ? "" : "  <-- UNEXPECTED");
      r.text += line;
    }
  }
  r.text += "  " + lp::unknown_line(all) + "\n";
  return r;
}

}  // namespace layoutref::cli
