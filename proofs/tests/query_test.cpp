// Queries on concrete and symbolic layouts: each expected answer is derived by hand below.
#include <layoutref/proofs/query.hpp>
#include <layoutref/spec/layout.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

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
  lp::Setting s{&c, {}, 10000, {}, {}, {}};
  // (4,8):(1,4) enumerates 0..31 once each.
  auto a = lp::bijective(s, layout_fn(c, "(4,8):(1,4)"), c.int_val(32));
  EXPECT_EQ(a.status, lp::Status::proved) << a.reason;
}

TEST(Query, BroadcastIsNotInjective) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}, {}, {}};
  // (2,3):(0,1): indices 0 and 1 (coordinates (0,0), (1,0)) both give 0.
  auto a = lp::injective(s, layout_fn(c, "(2,3):(0,1)"));
  ASSERT_EQ(a.status, lp::Status::refuted);
  EXPECT_NE(a.counterexample.find("both to"), std::string::npos) << a.counterexample;
}

TEST(Query, SymbolicColumnMajorIsBijective) {
  z3::context c;
  lp::Setting s{&c, {}, 20000, {}, {}, {}};
  ASSERT_EQ(s.vars.parse("a in 1..64, b in 1..64"), "");
  std::string error;
  auto n = lp::parse_term(c, s.vars, "a*b", error);
  ASSERT_TRUE(n) << error;
  auto a = lp::bijective(s, layout_fn(c, "(a,b):(1,a)", s.vars), *n);
  EXPECT_NE(a.status, lp::Status::refuted) << a.counterexample;
}

TEST(Query, SymbolicWrongStrideIsRefuted) {
  z3::context c;
  lp::Setting s{&c, {}, 20000, {}, {}, {}};
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
  lp::Setting s{&c, {}, 10000, {}, {}, {}};
  // (2,2):(1,2) and 4:1 are the same function; (2,2):(2,1) differs at index 1 (2 vs 1).
  EXPECT_EQ(lp::equal(s, layout_fn(c, "(2,2):(1,2)"), layout_fn(c, "4:1")).status, lp::Status::proved);
  auto a = lp::equal(s, layout_fn(c, "(2,2):(2,1)"), layout_fn(c, "4:1"));
  EXPECT_EQ(a.status, lp::Status::refuted);
}

TEST(Query, Int32Fit) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}, {}, {}};
  // 65536:32768 reaches 65535*32768 = 2147450880 < 2^31; 65537:32768 reaches 2^31.
  EXPECT_EQ(lp::fits_int32(s, layout_fn(c, "65536:32768")).status, lp::Status::proved);
  EXPECT_EQ(lp::fits_int32(s, layout_fn(c, "65537:32768")).status, lp::Status::refuted);
}

TEST(Query, VacuousHypothesesAreAnError) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}, {}, {}};
  ASSERT_EQ(s.vars.parse("a in 1..4"), "");
  // a >= 5 contradicts a in 1..4: every goal would be "proved" (issue 12 item 1).
  s.hypotheses.push_back({"too_big", c.int_const("a") >= 5});
  EXPECT_THROW(lp::injective(s, layout_fn(c, "(2,3):(0,1)")), lp::InputError);
}

TEST(Query, ShapeBelowOneIsAnError) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}, {}, {}};
  ASSERT_EQ(s.vars.parse("a in 1..3"), "");
  // a-1 is 0 at a = 1.
  EXPECT_THROW(lp::injective(s, layout_fn(c, "(a-1):1", s.vars)), lp::InputError);
}

TEST(Query, BudgetSpentIsUnknown) {
  z3::context c;
  lp::Setting s{&c, {}, 10000, {}, {}, {}};
  s.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  EXPECT_EQ(lp::injective(s, layout_fn(c, "(4,8):(1,4)")).status, lp::Status::unknown);
}

namespace {

// bijective(F, N) over `where`, F and N as written.
lp::Answer bijective_text(std::string const& f, std::string const& n, std::string const& where,
                          std::vector<std::pair<std::string, std::string>> const& facts = {}) {
  z3::context c;  // an Answer holds texts only
  lp::Setting s{&c, {}, 20000, {}, {}, {}};
  EXPECT_EQ(s.vars.parse(where), "");
  std::string error;
  for (auto const& [name, text] : facts) {
    auto h = lp::parse_fact(c, s.vars, text, error);
    EXPECT_TRUE(h) << error;
    s.hypotheses.push_back({name, *h});
  }
  auto nt = lp::parse_term(c, s.vars, n, error);
  EXPECT_TRUE(nt) << error;
  return lp::bijective(s, layout_fn(c, f, s.vars), *nt);
}

}  // namespace

// Issue 15's examples: a row-major layout and a nested compact one, for values up to 64, proved
// by the mixed-radix lemma (their strides are the running products of the shapes: leaves 1, 0;
// and a:1, c:a, b:a*c, d:a*b*c), where the general query was unknown.
TEST(Query, RowMajorIsBijectiveByTheRadixLemma) {
  auto a = bijective_text("(a,b):(b,1)", "a*b", "a in 1..64, b in 1..64");
  EXPECT_EQ(a.status, lp::Status::proved) << a.reason;
  EXPECT_EQ(a.lemma, "mixed-radix lemma");
  EXPECT_NE(a.reason.find("leaves 1, 0"), std::string::npos) << a.reason;
}

TEST(Query, NestedCompactIsBijectiveByTheRadixLemma) {
  auto a = bijective_text("((a,b),(c,d)):((1,a*c),(a,a*b*c))", "a*b*c*d", "a in 1..64, b in 1..64, c in 1..64, d in 1..64");
  EXPECT_EQ(a.status, lp::Status::proved) << a.reason;
  EXPECT_EQ(a.lemma, "mixed-radix lemma");
  EXPECT_NE(a.reason.find("leaves 0, 2, 1, 3"), std::string::npos) << a.reason;
}

// One stride off the running product: no lemma, and the general query finds the witness (at
// a=1, ..., the last value is N).
TEST(Query, RadixLemmaNeedsEveryRunningProduct) {
  auto a = bijective_text("((a,b),(c,d)):((1,a*c),(a,a*b*c+1))", "a*b*c*d", "a in 1..4, b in 1..4, c in 1..4, d in 1..4");
  ASSERT_EQ(a.status, lp::Status::refuted) << a.reason;
  EXPECT_TRUE(a.lemma.empty());
  EXPECT_TRUE(a.witness_checked);
}

// A wrong N: the lemma proves the bijection onto [0, size), not onto [0, N).
TEST(Query, RadixLemmaNeedsNToBeTheSize) {
  auto a = bijective_text("(a,b):(b,1)", "a*b+a", "a in 1..8, b in 1..8");
  ASSERT_EQ(a.status, lp::Status::refuted) << a.reason;
  EXPECT_TRUE(a.lemma.empty());
}

// Two leaves with the same stride: not a radix order, and not injective once both shapes are > 1.
TEST(Query, RadixLemmaRefusesTwoLeavesInOnePlace) {
  auto a = bijective_text("(a,b):(1,1)", "a*b", "a in 2..8, b in 2..8");
  ASSERT_EQ(a.status, lp::Status::refuted) << a.reason;
  EXPECT_TRUE(a.lemma.empty());
}

// A stride that is the running product only by a stated definition (complement's
// stride_divisibility d1 = n0*d0*e1): the lemma applies, and its premises use the hypothesis.
TEST(Query, RadixLemmaUsesDefinitions) {
  auto a = bijective_text("(n0,n1,d0,e1,t):(d0,d1,1,n0*d0,n1*d1)", "n1*d1*t",
                          "n0 in 1..8, n1 in 1..8, d0 in 1..8, d1 in 1..512, e1 in 1..8, t in 1..4",
                          {{"stride_divisibility", "d1 == n0*d0*e1"}});
  EXPECT_EQ(a.status, lp::Status::proved) << a.reason;
  EXPECT_EQ(a.lemma, "mixed-radix lemma");
  EXPECT_NE(std::find(a.core.begin(), a.core.end(), "stride_divisibility"), a.core.end());
  // Without the definition, d1 is free: (1,2,1,1,1):(1,1,1,1,2) collides.
  auto b = bijective_text("(n0,n1,d0,e1,t):(d0,d1,1,n0*d0,n1*d1)", "n1*d1*t",
                          "n0 in 1..8, n1 in 1..8, d0 in 1..8, d1 in 1..512, e1 in 1..8, t in 1..4");
  EXPECT_NE(b.status, lp::Status::proved);
  EXPECT_TRUE(b.lemma.empty());
}

// --where's facts and powers of two in bounds (issue 15): `M in 1..2^20, M % 128 == 0`.
TEST(Query, WhereTakesFactsAndPowersOfTwo) {
  lp::Variables v;
  ASSERT_EQ(v.parse("M in 1..2^20, M % 128 == 0, N in 128..2^16,bM <= M, bM in 1..128"), "");
  ASSERT_EQ(v.vars.size(), 3u);
  EXPECT_EQ(v.vars[0].hi, 1LL << 20);
  EXPECT_EQ(v.vars[1].lo, 128);
  EXPECT_EQ(v.vars[1].hi, 1LL << 16);
  EXPECT_EQ(v.facts, (std::vector<std::string>{"M%128==0", "bM<=M"}));
  z3::context c;
  std::string error;
  auto f = lp::parse_fact(c, v, v.facts[0], error);
  ASSERT_TRUE(f) << error;
  // M = 256 satisfies it, M = 200 does not.
  EXPECT_TRUE(f->substitute([&] { z3::expr_vector x(c); x.push_back(c.int_const("M")); return x; }(),
                            [&] { z3::expr_vector x(c); x.push_back(c.int_val(256)); return x; }()).simplify().is_true());
  EXPECT_TRUE(f->substitute([&] { z3::expr_vector x(c); x.push_back(c.int_const("M")); return x; }(),
                            [&] { z3::expr_vector x(c); x.push_back(c.int_val(200)); return x; }()).simplify().is_false());
}

TEST(Query, WhereRefusesBadFactsAndBounds) {
  auto error_of = [](std::string const& where) {
    lp::Variables v;
    return v.parse(where);
  };
  EXPECT_NE(error_of("M in 1..2^63").find("2^K with K <= 62"), std::string::npos);
  EXPECT_NE(error_of("M in 1..3^4").find("2^K with K <= 62"), std::string::npos);
  EXPECT_NE(error_of("M in 1..64, M % 0 == 0").find("the divisor must be"), std::string::npos);
  EXPECT_NE(error_of("M in 1..64, M % N == 0").find("unknown variable `N`"), std::string::npos);
  EXPECT_NE(error_of("M in 0..64, N in 1..8, N % M == 0").find("the divisor must be"), std::string::npos);  // M can be 0
  EXPECT_NE(error_of("M in 1..64, M % 128 = 0").find("expected one of =="), std::string::npos);
  EXPECT_NE(error_of("M in 1..64, M*3^40 > 0").find("3^40 does not fit in 64 bits"), std::string::npos);
  EXPECT_NE(error_of("M in 1..64, M in 1..8").find("declared twice"), std::string::npos);
  EXPECT_NE(error_of("M in 1..64,").find("between commas"), std::string::npos);
  EXPECT_EQ(error_of(""), "");
}

// A fact is a named hypothesis: it appears in the unsat core, makes a query vacuous when it
// cannot hold, and the exhaustive check visits only the assignments where it holds.
TEST(Query, FactsAreHypotheses) {
  auto setting = [](z3::context& c, std::string const& where) {
    lp::Setting s{&c, {}, 20000, {}, {}, {}};
    EXPECT_EQ(s.vars.parse(where), "");
    EXPECT_EQ(lp::add_facts(s), "");
    return s;
  };
  {
    z3::context c;
    auto s = setting(c, "M in 1..64, M % 2 == 0");
    auto a = lp::injective(s, layout_fn(c, "M:1", s.vars));
    ASSERT_EQ(a.status, lp::Status::proved) << a.reason;
    EXPECT_EQ(a.exhaustive_points, 1056u);  // 2 + 4 + ... + 64: the even M only
  }
  {
    z3::context c;
    auto s = setting(c, "M in 1..100, M % 128 == 0");
    EXPECT_THROW(lp::injective(s, layout_fn(c, "M:1", s.vars)), lp::InputError);
  }
  {
    // The lemma through a definition given as a fact: M is the product.
    z3::context c;
    auto s = setting(c, "n0 in 1..2^16, d0 in 1..2^16, t in 1..2^16, M in 1..2^48, M == n0*d0*t");
    std::string e;
    auto a = lp::bijective(s, layout_fn(c, "(n0,d0,t):(d0,1,n0*d0)", s.vars), *lp::parse_term(c, s.vars, "M", e));
    ASSERT_EQ(a.status, lp::Status::proved) << a.reason;
    EXPECT_EQ(a.lemma, "mixed-radix lemma");
    EXPECT_EQ(a.core, (std::vector<std::string>{"fact.M==n0*d0*t"}));
  }
}

// Values past 64 bits within the bounds (issue 34): never proved, bad input naming the value and an
// assignment; within 64 bits, including where only a fact keeps them there, the check passes.
TEST(Query, ValuesPast64BitsAreBadInput) {
  z3::context c;
  lp::Setting s{&c, {}, 20000, {}, {}, {}};
  ASSERT_EQ(s.vars.parse("M in 1..2^62"), "");
  // size((M,4):(1,M)) = 4M reaches 2^64 at M = 2^62 (a corner of the box).
  try {
    lp::injective(s, layout_fn(c, "(M,4):(1,M)", s.vars));
    FAIL() << "not refused";
  } catch (lp::InputError const& e) {
    EXPECT_NE(std::string(e.what()).find("size(F) can be 18446744073709551616 (with M=4611686018427387904)"), std::string::npos) << e.what();
  }
  // The largest value (a-1)*(2^63-1) of (a,b):(2^63-1,a) passes 2^63 - 1 from a = 2 on.
  lp::Setting t{&c, {}, 20000, {}, {}, {}};
  ASSERT_EQ(t.vars.parse("a in 1..64, b in 1..64"), "");
  EXPECT_THROW(lp::values_fit_int64(t, layout_fn(c, "(a,b):(9223372036854775807,a)", t.vars), "F"), lp::InputError);
  // A swizzle's offset added to L(i): 2^63 - 1 + 7.
  lp::Setting u{&c, {}, 20000, {}, {}, {}};
  std::string error;
  auto l = lp::parse_symbolic_layout(c, u.vars, "8:1", error);
  ASSERT_TRUE(l) << error;
  EXPECT_THROW(lp::values_fit_int64(u, lp::Fn::swizzled_of(sp::Swizzle{3, 4, 3}, INT64_MAX, *l), "F"), lp::InputError);
  EXPECT_FALSE(lp::values_fit_int64(u, lp::Fn::swizzled_of(sp::Swizzle{3, 4, 3}, INT64_MAX - 7, *l), "F").has_value());
}

TEST(Query, ValuesWithin64BitsUnderAFactPass) {
  z3::context c;
  lp::Setting s{&c, {}, 20000, {}, {}, {}};
  ASSERT_EQ(s.vars.parse("a in 1..2^40, b in 1..2^40, a*b <= 2^50"), "");
  ASSERT_EQ(lp::add_facts(s), "");
  // The box's corner a = b = 2^40 gives a size of 2^80, but the fact keeps it within 2^50.
  EXPECT_FALSE(lp::values_fit_int64(s, layout_fn(c, "(a,b):(1,a)", s.vars), "F").has_value());
  auto a = lp::injective(s, layout_fn(c, "(a,b):(1,a)", s.vars));
  EXPECT_EQ(a.status, lp::Status::proved) << a.reason;
}

// A fact stated twice is one hypothesis (it was `named assertion defined twice`).
TEST(Query, RepeatedFactIsOneHypothesis) {
  z3::context c;
  lp::Setting s{&c, {}, 20000, {}, {}, {}};
  ASSERT_EQ(s.vars.parse("a in 1..8, a >= 1, a>=1"), "");
  ASSERT_EQ(lp::add_facts(s), "");
  EXPECT_EQ(s.hypotheses.size(), 1u);
  std::string error;
  auto n = lp::parse_term(c, s.vars, "4*a", error);
  ASSERT_TRUE(n) << error;
  auto a = lp::image_within(s, layout_fn(c, "(a,4):(1,a)", s.vars), c.int_val(0), *n);
  EXPECT_EQ(a.status, lp::Status::proved) << a.reason;
}

// A constant named like an SMT-LIB word is written NAME!var in the obligation's text, and the
// hypothesis names are quoted symbols, so that z3 and cvc5 read the text (issue 34 item 4).
TEST(Query, SmtlibWordsAreRenamedInTheText) {
  z3::context c;
  lp::Obligation o(c);
  z3::expr t = c.int_const("true"), m = c.int_const("mod"), a = c.int_const("a");
  o.hypothesis("bound.true", t >= 1 && t <= 8);
  o.hypothesis("fact.(a*2)>=2", a * 2 >= 2);
  o.hypothesis("fact.(a*2)>=2", a * 2 >= 2);  // stated again: kept once
  o.hypothesis("fact.(a*2)>=2", a >= 1);      // another one under the name: renamed
  std::string text = o.smt2(t + m + a >= 3);
  EXPECT_NE(text.find("(declare-fun true!var () Int)"), std::string::npos) << text;
  EXPECT_NE(text.find("(declare-fun mod!var () Int)"), std::string::npos) << text;
  EXPECT_NE(text.find("(declare-fun a () Int)"), std::string::npos) << text;
  EXPECT_EQ(text.find("declare-fun true "), std::string::npos) << text;
  EXPECT_NE(text.find(":named |bound.true|"), std::string::npos) << text;
  EXPECT_NE(text.find(":named |fact.(a*2)>=2|"), std::string::npos) << text;
  EXPECT_NE(text.find(":named |fact.(a*2)>=2#2|"), std::string::npos) << text;
  EXPECT_EQ(o.hypotheses().size(), 3u);
}
