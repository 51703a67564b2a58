// layoutref properties — LAYOUTREF_PROP: a RapidCheck property as a Google Test (RapidCheck's
// RC_GTEST_PROP) that also counts impl's capacity refusals, prints the count after the run and
// fails past the bound (capacity.hpp), and runs as the program's run plans it: its chunks of the
// shard, each recorded for the report (run.hpp: check_property, register_property).
#pragma once

#include "capacity.hpp"
#include "run.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

/// As RC_GTEST_PROP(TestCase, Name, ArgList), with ArgList `()` (the properties draw their inputs
/// inside the body).
#define LAYOUTREF_PROP(TestCase, Name, ArgList)                                                  \
  void layoutref_prop_##TestCase##_##Name ArgList;                                               \
  [[maybe_unused]] static bool const layoutref_prop_registered_##TestCase##_##Name =             \
      ::layoutref::properties::register_property(#TestCase "." #Name);                           \
  TEST(TestCase, Name) { ::layoutref::properties::check_property(&layoutref_prop_##TestCase##_##Name); } \
  void layoutref_prop_##TestCase##_##Name ArgList
