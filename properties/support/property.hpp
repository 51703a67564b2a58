// layoutref properties — LAYOUTREF_PROP: a RapidCheck property as a Google Test (RapidCheck's
// RC_GTEST_PROP) that also counts impl's capacity refusals, prints the count after the run and
// fails past the bound (capacity.hpp).
#pragma once

#include "capacity.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <iostream>

namespace layoutref::properties {

/// Check `body` with RapidCheck as RC_GTEST_PROP does; then print capacity_summary (one line,
/// "capacity refusals: N of M cases (P%)", read by `layoutref verify`) and fail the test when
/// capacity_bound_violation says so.
inline void check_property(void (*body)()) {
  begin_property();
  ::rc::detail::checkGTest([body] {
    begin_case();
    body();
  });
  CapacityCount c = property_count();
  std::cout << capacity_summary(c) << std::endl;
  if (auto violation = capacity_bound_violation(c)) ADD_FAILURE() << *violation;
}

}  // namespace layoutref::properties

/// As RC_GTEST_PROP(TestCase, Name, ArgList), with ArgList `()` (the properties draw their inputs
/// inside the body).
#define LAYOUTREF_PROP(TestCase, Name, ArgList)                                                  \
  void layoutref_prop_##TestCase##_##Name ArgList;                                               \
  TEST(TestCase, Name) { ::layoutref::properties::check_property(&layoutref_prop_##TestCase##_##Name); } \
  void layoutref_prop_##TestCase##_##Name ArgList
