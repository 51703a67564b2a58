#include "capacity.hpp"

#include <cstdio>

namespace layoutref::properties {

namespace {

struct Run {
  CapacityCount count;
  bool case_refused = false;
};

Run& run() {
  static Run r;
  return r;
}

}  // namespace

std::string capacity_summary(CapacityCount const& c) {
  char buf[160];
  double percent = c.cases > 0 ? 100.0 * static_cast<double>(c.refused) / static_cast<double>(c.cases) : 0.0;
  std::snprintf(buf, sizeof buf, "capacity refusals: %ld of %ld cases (%.2f%%)", c.refused, c.cases, percent);
  return buf;
}

std::optional<std::string> capacity_bound_violation(CapacityCount const& c) {
  if (c.refused * 100 <= c.cases) return std::nullopt;
  return capacity_summary(c) +
         ", more than the bound of 1%: impl refused these inputs for its fixed capacity, so they check nothing; "
         "keep the generator's sizes within impl's capacity (LAYOUTREF_MAX_LEAVES)";
}

void begin_property() { run() = Run{}; }

void begin_case() {
  ++run().count.cases;
  run().case_refused = false;
}

void note_capacity_refusal() {
  if (run().case_refused) return;
  run().case_refused = true;
  ++run().count.refused;
}

CapacityCount property_count() { return run().count; }

}  // namespace layoutref::properties
