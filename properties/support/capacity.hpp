// layoutref properties — impl's capacity refusals, counted per property and bounded.
//
// impl has a fixed capacity (LAYOUTREF_MAX_LEAVES leaves; impl::Errc::capacity) and refuses an
// input past it. Such a refusal says nothing about impl ≡ spec, so agreement.hpp accepts it; this
// bound keeps it rare enough that a property still checks what it claims: a property fails when
// more than 1% of its cases met a capacity refusal (docs/properties.md "Capacity refusals").
#pragma once

#include <optional>
#include <string>

namespace layoutref::properties {

struct CapacityCount {
  long cases = 0;    ///< the property's cases (RapidCheck's calls of its body, discarded ones included)
  long refused = 0;  ///< the cases in which impl refused at least once for its capacity
};

/// "capacity refusals: 3 of 5000 cases (0.06%)"
std::string capacity_summary(CapacityCount const& c);

/// @post nullopt when c.refused <= 1% of c.cases; else the failure text, with the count and
///       the fraction.
std::optional<std::string> capacity_bound_violation(CapacityCount const& c);

/// The count of the property that runs now (one at a time): begin_property() clears it,
/// begin_case() opens a case, note_capacity_refusal() marks the open case as refused (impl_compute
/// and impl_agrees_with_spec call it), property_count() reads it.
void begin_property();
void begin_case();
void note_capacity_refusal();
CapacityCount property_count();

}  // namespace layoutref::properties
