// layoutref cli — the law library's answers in `layoutref verify` (docs/proofs.md).
#include "verify_steps.hpp"

#include <layoutref/proofs/laws.hpp>

#include <cstdio>

namespace layoutref::cli {

StepReport verify_proofs() {
  namespace lp = layoutref::proofs;
  StepReport r;
  char line[512];
  r.text = "\nproofs (Z3, the CI set of proofs/laws; docs/proofs.md):\n";
  for (auto const& family : lp::law_families()) {
    if (family.deep) continue;
    for (auto const& law : family.run(120000)) {
      if (!law.ok()) r.status = StepStatus::fail;
      std::snprintf(line, sizeof line, "  %-14s %-8s %8.3f s  %s%s\n", law.family.c_str(), lp::name(law.answer.status),
                    law.answer.seconds, law.law.c_str(), law.ok() ? "" : "  <-- UNEXPECTED");
      r.text += line;
    }
  }
  return r;
}

}  // namespace layoutref::cli
