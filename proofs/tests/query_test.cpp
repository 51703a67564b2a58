// Queries on concrete and symbolic layouts: each expected answer is derived by hand below.
#include <layoutref/proofs/query.hpp>
#include <layoutref/spec/layout.hpp>

#include <gtest/gtest.h>

namespace lp = layoutref::proofs;
namespace sp = layoutref::spec;

namespace {

lp::Fn layout_fn(z3::context& c, std::string const& text, lp::Variables const& vars = {}) {
  std::string error;
  auto l = lp::parse_symbolic_layout(c, vars, text, error);
  EXPECT_TRUE(l.has_value()) << error;
  return lp::Fn::of(*l);
}

}  // namespace

TEST(Query, ColumnMajorIsBijective) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}};
  // (4,8):(1,4) enumerates 0..31 once each.
  auto a = lp::bijective(s, layout_fn(c, "(4,8):(1,4)"), c.int_val(32));
  EXPECT_EQ(a.status, lp::Status::proved) << a.reason;
}

TEST(Query, BroadcastIsNotInjective) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}};
  // (2,3):(0,1): indices 0 and 1 (coordinates (0,0), (1,0)) both give 0.
  auto a = lp::injective(s, layout_fn(c, "(2,3):(0,1)"));
  ASSERT_EQ(a.status, lp::Status::refuted);
  EXPECT_NE(a.counterexample.find("both to"), std::string::npos) << a.counterexample;
}

TEST(Query, SymbolicColumnMajorIsBijective) {
  z3::context c;
  lp::Setting s{&c, {}, 20000, {}};
  ASSERT_EQ(s.vars.parse("a in 1..64, b in 1..64"), "");
  std::string error;
  auto n = lp::parse_term(c, s.vars, "a*b", error);
  ASSERT_TRUE(n) << error;
  auto a = lp::bijective(s, layout_fn(c, "(a,b):(1,a)", s.vars), *n);
  EXPECT_NE(a.status, lp::Status::refuted) << a.counterexample;
}

TEST(Query, SymbolicWrongStrideIsRefuted) {
  z3::context c;
  lp::Setting s{&c, {}, 20000, {}};
  ASSERT_EQ(s.vars.parse("a in 2..8, b in 2..8"), "");
  std::string error;
  auto n = lp::parse_term(c, s.vars, "a*b", error);
  ASSERT_TRUE(n) << error;
  // (a,b):(1,a-1) collides: coordinate (a-1,0) and (0,1) both give a-1.
  auto a = lp::bijective(s, layout_fn(c, "(a,b):(1,a-1)", s.vars), *n);
  ASSERT_EQ(a.status, lp::Status::refuted);
  EXPECT_NE(a.counterexample.find("with a="), std::string::npos) << a.counterexample;
}

TEST(Query, EqualFindsTheFirstDifference) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}};
  // (2,2):(1,2) and 4:1 are the same function; (2,2):(2,1) differs at index 1 (2 vs 1).
  EXPECT_EQ(lp::equal(s, layout_fn(c, "(2,2):(1,2)"), layout_fn(c, "4:1")).status, lp::Status::proved);
  auto a = lp::equal(s, layout_fn(c, "(2,2):(2,1)"), layout_fn(c, "4:1"));
  EXPECT_EQ(a.status, lp::Status::refuted);
}

TEST(Query, Int32Fit) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}};
  // 65536:32768 reaches 65535*32768 = 2147450880 < 2^31; 65537:32768 reaches 2^31.
  EXPECT_EQ(lp::fits_int32(s, layout_fn(c, "65536:32768")).status, lp::Status::proved);
  EXPECT_EQ(lp::fits_int32(s, layout_fn(c, "65537:32768")).status, lp::Status::refuted);
}

TEST(Query, VacuousHypothesesAreAnError) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}};
  ASSERT_EQ(s.vars.parse("a in 1..4"), "");
  // a >= 5 contradicts a in 1..4: every goal would be "proved" (issue 12 item 1).
  s.hypotheses.push_back({"too_big", c.int_const("a") >= 5});
  EXPECT_THROW(lp::injective(s, layout_fn(c, "(2,3):(0,1)")), lp::InputError);
}

TEST(Query, ShapeBelowOneIsAnError) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}};
  ASSERT_EQ(s.vars.parse("a in 1..3"), "");
  // a-1 is 0 at a = 1.
  EXPECT_THROW(lp::injective(s, layout_fn(c, "(a-1):1", s.vars)), lp::InputError);
}

TEST(Query, BudgetSpentIsUnknown) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}};
  s.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  EXPECT_EQ(lp::injective(s, layout_fn(c, "(4,8):(1,4)")).status, lp::Status::unknown);
}
