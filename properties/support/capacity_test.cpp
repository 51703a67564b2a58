// The 1% bound on impl's capacity refusals (capacity.hpp), and the count fed by agreement.cpp.
#include "agreement.hpp"
#include "capacity.hpp"
#include "property.hpp"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <string>

namespace lp = layoutref::properties;
using layoutref::notation::Term;

namespace {

/// A run of `cases` cases of which the first `refused` meet a capacity refusal, each twice (a
/// case counts once however often impl refuses in it).
lp::CapacityCount simulate(long cases, long refused) {
  lp::begin_property();
  for (long i = 0; i < cases; ++i) {
    lp::begin_case();
    if (i < refused) {
      lp::note_capacity_refusal();
      lp::note_capacity_refusal();
    }
  }
  return lp::property_count();
}

/// 33 leaves: one past impl's default capacity of 32 (LAYOUTREF_MAX_LEAVES).
Term layout_of_33_leaves() {
  std::vector<Term> shape, stride;
  for (int i = 0; i < 33; ++i) {
    shape.push_back(Term::make_integer(1, false));
    stride.push_back(Term::make_integer(0, false));
  }
  return Term::make_layout(Term::make_tuple(std::move(shape)), Term::make_tuple(std::move(stride)));
}

}  // namespace

TEST(CapacityBound, TwoPercentFails) {
  lp::CapacityCount c = simulate(1000, 20);
  EXPECT_EQ(c.cases, 1000);
  EXPECT_EQ(c.refused, 20);
  auto v = lp::capacity_bound_violation(c);
  ASSERT_TRUE(v.has_value());
  EXPECT_NE(v->find("capacity refusals: 20 of 1000 cases (2.00%)"), std::string::npos) << *v;
  EXPECT_NE(v->find("bound of 1%"), std::string::npos) << *v;
}

TEST(CapacityBound, HalfAPercentPasses) {
  lp::CapacityCount c = simulate(1000, 5);
  EXPECT_EQ(c.refused, 5);
  EXPECT_FALSE(lp::capacity_bound_violation(c).has_value());
  EXPECT_EQ(lp::capacity_summary(c), "capacity refusals: 5 of 1000 cases (0.50%)");
}

TEST(CapacityBound, ExactlyOnePercentIsTheLimit) {
  EXPECT_FALSE(lp::capacity_bound_violation(simulate(1000, 10)).has_value());
  EXPECT_TRUE(lp::capacity_bound_violation(simulate(1000, 11)).has_value());
  EXPECT_FALSE(lp::capacity_bound_violation(simulate(0, 0)).has_value());
}

// impl's refusal past its capacity is agreement, and is counted in the open case.
TEST(CapacityBound, AgreementCountsImplsCapacityRefusal) {
  lp::begin_property();
  lp::begin_case();
  lp::Agreement a = lp::impl_agrees_with_spec("coalesce", {layout_of_33_leaves()});
  EXPECT_TRUE(a.impl_capacity) << a.detail;
  EXPECT_TRUE(a.agree) << a.detail;
  lp::begin_case();
  EXPECT_FALSE(lp::impl_compute("size", {layout_of_33_leaves()}).has_value());
  lp::begin_case();
  lp::Agreement small = lp::impl_agrees_with_spec("coalesce", {Term::make_layout(Term::make_integer(4, false), Term::make_integer(1, false))});
  EXPECT_FALSE(small.impl_capacity) << small.detail;
  lp::CapacityCount c = lp::property_count();
  EXPECT_EQ(c.cases, 3);
  EXPECT_EQ(c.refused, 2);
}

namespace {

int cases_seen = 0;

/// A property body that meets impl's capacity in every `every`-th case (RapidCheck's default
/// run: 100 cases).
template <int every>
void body_refusing_every() {
  if (++cases_seen % every == 0) lp::impl_agrees_with_spec("coalesce", {layout_of_33_leaves()});
}

}  // namespace

// check_property, as LAYOUTREF_PROP runs it: 2 of 100 cases refused fails the test, 1 of 100 does not.
TEST(CapacityBound, PropertyPastTheBoundFails) {
  cases_seen = 0;
  EXPECT_NONFATAL_FAILURE(lp::check_property(&body_refusing_every<50>), "capacity refusals: 2 of 100 cases (2.00%), more than the bound of 1%");
  EXPECT_EQ(cases_seen, 100);
}

TEST(CapacityBound, PropertyWithinTheBoundPasses) {
  cases_seen = 0;
  lp::check_property(&body_refusing_every<100>);
  EXPECT_EQ(cases_seen, 100);
  EXPECT_EQ(lp::property_count().refused, 1);
}
