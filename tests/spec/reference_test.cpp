// Tests of the spec's machinery for judging results: function tables and their factorization
// into the coalesced layout (table.hpp), the table bound, checked arithmetic (checked.hpp), and
// refines() on reference patterns with run leaves (reference.hpp). Every expected value is
// derived by hand (tables written out in the comments).
#include "support.hpp"

#include <layoutref/spec/reference.hpp>
#include <layoutref/spec/table.hpp>

#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

testing::AssertionResult factors_to(std::vector<Value> const& table, std::string_view want) {
  std::optional<Layout> f = factor(table);
  if (!f) return testing::AssertionFailure() << "no factorization, expected " << want;
  if (*f == L(want)) return testing::AssertionSuccess();
  return testing::AssertionFailure() << "got " << str(*f) << ", expected " << want;
}

// Restores the table bound when a test ends, passed or not.
struct TableLimitGuard {
  i64 old;
  explicit TableLimitGuard(i64 n) : old(set_table_limit(n)) {}
  ~TableLimitGuard() { set_table_limit(old); }
  TableLimitGuard(TableLimitGuard const&) = delete;
  TableLimitGuard& operator=(TableLimitGuard const&) = delete;
};

// --- tabulate and factor ----------------------------------------------------------------------------

TEST(TableTabulate, ListsTheValues) {
  // (2,3):(3,1): i -> 3(i%2) + i/2
  std::vector<Value> want{0, 3, 1, 4, 2, 5};
  EXPECT_EQ(tabulate(L("(2,3):(3,1)")), want);
  EXPECT_EQ(tabulate(L("1:7")), std::vector<Value>{Value(0)});
}

TEST(TableFactor, FindsTheCoalescedForm) {
  // 0,3,1,4,2,5: first mode 2:3 (3 then 1 != 6), then 0,1,2 = 3:1; nothing merges (1 != 2*3)
  EXPECT_TRUE(factors_to(tabulate(L("(2,3):(3,1)")), "(2,3):(3,1)"));
  // (4,2):(1,4) is 0..7 = 8:1
  EXPECT_TRUE(factors_to(tabulate(L("(4,2):(1,4)")), "8:1"));
  // 0,0,0,0 = 4:0
  EXPECT_TRUE(factors_to(tabulate(L("4:0")), "4:0"));
  // a size-1 table
  EXPECT_TRUE(factors_to({Value(0)}, "1:0"));
  EXPECT_TRUE(factors_to(tabulate(L("(1,1):(5,9)")), "1:0"));
  // (2,2,2):(1,2,1) takes 0,1,2,3,1,2,3,4: a first mode 4:1 (then 1 != 4), and 0,1 after it
  EXPECT_TRUE(factors_to(tabulate(L("(2,2,2):(1,2,1)")), "(4,2):(1,1)"));
  // hand-written tables
  EXPECT_TRUE(factors_to({Value(0), Value(5)}, "2:5"));
  EXPECT_TRUE(factors_to({Value(0), Value(-1), Value(-2)}, "3:-1"));
  // 0,0,1,1,2,2: a first mode 2:0 (1 != 0), then 0,1,2 = 3:1
  EXPECT_TRUE(factors_to({Value(0), Value(0), Value(1), Value(1), Value(2), Value(2)}, "(2,3):(0,1)"));
  // basis values: 0, 1@0, 1@1, 1@0+1@1 = (2,2):(1@0,1@1)
  EXPECT_TRUE(factors_to(tabulate(L("(2,2):(1@0,1@1)")), "(2,2):(1@0,1@1)"));
}

TEST(TableFactor, NonLayoutTables) {
  // 0,4,12,20: a first mode 2:4 (12 != 8) forces the value at 3 to be 4 + 12 = 16
  EXPECT_FALSE(factor({Value(0), Value(4), Value(12), Value(20)}).has_value());
  // not starting at 0
  EXPECT_FALSE(factor({Value(1), Value(2), Value(3)}).has_value());
  EXPECT_FALSE(factor({Value(5)}).has_value());
  EXPECT_FALSE(factor({}).has_value());
  // 0,3,1,4,2,6: 2:3 first, then the value at 5 must be 3 + 2 = 5
  EXPECT_FALSE(factor({Value(0), Value(3), Value(1), Value(4), Value(2), Value(6)}).has_value());
  // 0,0,1,1,0,0: a first mode 2:0, then 0,1,0, which no layout of the prime size 3 takes (0,d,2d)
  EXPECT_FALSE(factor({Value(0), Value(0), Value(1), Value(1), Value(0), Value(0)}).has_value());
  // a prefix of length 3 that does not divide 4: 0,1,2,0
  EXPECT_FALSE(factor({Value(0), Value(1), Value(2), Value(0)}).has_value());
}

// --- the table bound --------------------------------------------------------------------------------

TEST(TableLimit, DefaultIsTwoToThe24) { EXPECT_EQ(table_limit(), i64{1} << 24); }

TEST(TableLimit, TablesPastTheBoundAreRefused) {
  i64 before = table_limit();
  {
    TableLimitGuard guard(16);
    EXPECT_EQ(table_limit(), 16);
    EXPECT_EQ(tabulate(L("16:1")).size(), 16u);  // at the bound: fine
    EXPECT_TRUE(fails_with(Error::Kind::table_limit, [] { tabulate(L("(4,5):(1,4)")); }));  // 20 > 16
    EXPECT_TRUE(fails_with(Error::Kind::table_limit, [] { require_table(17, "a test table"); }));
    EXPECT_NO_THROW(require_table(16, "a test table"));
  }
  EXPECT_EQ(table_limit(), before);
}

TEST(TableLimit, SetReturnsThePreviousBound) {
  i64 before = table_limit();
  EXPECT_EQ(set_table_limit(100), before);
  EXPECT_EQ(set_table_limit(before), 100);
  EXPECT_EQ(table_limit(), before);
  // a bound below 1 is a bad argument and changes nothing
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { set_table_limit(0); }));
  EXPECT_EQ(table_limit(), before);
}

// --- checked arithmetic -----------------------------------------------------------------------------

TEST(CheckedArithmetic, OverflowIsAnError) {
  constexpr i64 max = std::numeric_limits<i64>::max();
  constexpr i64 min = std::numeric_limits<i64>::min();
  EXPECT_TRUE(fails_with(Error::Kind::overflow, [] { mul(max, 2); }));
  EXPECT_TRUE(fails_with(Error::Kind::overflow, [] { add(max, 1); }));
  EXPECT_TRUE(fails_with(Error::Kind::overflow, [] { sub(min, 1); }));
  EXPECT_TRUE(fails_with(Error::Kind::overflow, [] { neg(min); }));
  EXPECT_EQ(mul(i64{1} << 31, i64{1} << 31), i64{1} << 62);
  EXPECT_EQ(add(max - 1, 1), max);
}

TEST(CheckedArithmetic, SizesAndValues) {
  // size((2^62, 4)) = 2^64 does not fit
  EXPECT_TRUE(fails_with(Error::Kind::overflow, [] { size(T("(4611686018427387904,4)")); }));
  EXPECT_EQ(size(T("(4611686018427387904,1)")), i64{1} << 62);
  // L(3) = 2^62 + 2^62 = 2^63 does not fit
  EXPECT_TRUE(fails_with(Error::Kind::overflow, [] {
    evaluate(L("(2,2):(4611686018427387904,4611686018427387904)"), 3);
  }));
  EXPECT_EQ(evaluate(L("(2,2):(4611686018427387904,4611686018427387904)"), 1), Value(i64{1} << 62));
  // L(3) = -2^62 - 2^62 = -2^63 fits exactly
  EXPECT_EQ(evaluate(L("(2,2):(-4611686018427387904,-4611686018427387904)"), 3),
            Value(std::numeric_limits<i64>::min()));
}

// --- refines ----------------------------------------------------------------------------------------

Pattern leaf(i64 n, bool run = false) {
  Pattern p;
  p.id = 0;
  p.size = n;
  p.run = run;
  return p;
}

TEST(ReferenceRefines, Leaves) {
  EXPECT_TRUE(refines(leaf(6), T("6")));
  EXPECT_TRUE(refines(leaf(6), T("(2,3)")));
  EXPECT_TRUE(refines(leaf(6), T("((2,3))")));
  EXPECT_TRUE(refines(leaf(6), T("(3,(1,2))")));
  EXPECT_FALSE(refines(leaf(6), T("4")));
  EXPECT_FALSE(refines(leaf(6), T("(2,2)")));
}

TEST(ReferenceRefines, Tuples) {
  Pattern p = Pattern::tuple({leaf(2), leaf(3)});
  EXPECT_TRUE(refines(p, T("(2,3)")));
  EXPECT_TRUE(refines(p, T("(2,(3,1))")));
  EXPECT_TRUE(refines(p, T("((2),3)")));
  EXPECT_TRUE(refines(p, T("((2,3))")));  // a rank-1 tuple stands for its item
  EXPECT_FALSE(refines(p, T("(3,2)")));
  EXPECT_FALSE(refines(p, T("6")));
  EXPECT_FALSE(refines(p, T("(2,3,1)")));  // three modes for two
  EXPECT_FALSE(refines(p, T("(2)")));
}

TEST(ReferenceRefines, RunLeaves) {
  // (4..., 3): the 4 may be spread over consecutive modes
  Pattern p = Pattern::tuple({leaf(4, true), leaf(3)});
  EXPECT_TRUE(refines(p, T("(4,3)")));
  EXPECT_TRUE(refines(p, T("(2,2,3)")));
  EXPECT_TRUE(refines(p, T("((2,2),3)")));
  EXPECT_TRUE(refines(p, T("(2,(2),3)")));
  EXPECT_FALSE(refines(p, T("(2,3)")));
  EXPECT_FALSE(refines(p, T("(8,3)")));
  EXPECT_FALSE(refines(p, T("(2,3,2)")));
  EXPECT_FALSE(refines(p, T("(2,2,2,3)")));
  EXPECT_FALSE(refines(p, T("(2,2,3,1)")));  // the 3 is a plain leaf: one mode
  // (3, 4...): a run at the end
  Pattern q = Pattern::tuple({leaf(3), leaf(4, true)});
  EXPECT_TRUE(refines(q, T("(3,4)")));
  EXPECT_TRUE(refines(q, T("(3,2,2)")));
  EXPECT_FALSE(refines(q, T("(3,2)")));
  EXPECT_FALSE(refines(q, T("(3,2,2,2)")));
  // two runs in a row: (2..., 6...)
  Pattern r = Pattern::tuple({leaf(2, true), leaf(6, true)});
  EXPECT_TRUE(refines(r, T("(2,2,3)")));
  EXPECT_TRUE(refines(r, T("(2,6)")));
  EXPECT_FALSE(refines(r, T("(4,3)")));
}

TEST(ReferenceRefines, RunLeavesWithSizeOneModes) {
  // CuTe's dynamic results keep size-1 modes (docs Example 3: ((5,1),(2,2))); unpacked, a run
  // may include them: (4,1) and (2,2,1) are consecutive modes of product 4.
  Pattern p = Pattern::tuple({leaf(4, true), leaf(3)});
  EXPECT_TRUE(refines(p, T("(4,1,3)")));
  EXPECT_TRUE(refines(p, T("(2,2,1,3)")));
  Pattern q = Pattern::tuple({leaf(3), leaf(4, true)});
  EXPECT_TRUE(refines(q, T("(3,2,2,1)")));
  EXPECT_TRUE(refines(q, T("(3,4,1)")));
  EXPECT_TRUE(refines(q, T("(3,1,4)")));
}

// --- judging against a layout's own reference --------------------------------------------------------

TEST(ReferenceJudge, LayoutReference) {
  Reference r = layout_reference(L("(2,3):(3,1)"));
  EXPECT_EQ(r.size(), 6);
  EXPECT_EQ(r.pattern.str(), "(2,3)");
  EXPECT_TRUE(judge(r, L("(2,3):(3,1)")).correct);
  EXPECT_TRUE(judge(r, L("(2,(3,1)):(3,(1,7))")).correct);
  // (2,3):(3,2) differs first at index 2 = (0,1): 2 instead of 1
  Judgement j = judge(r, L("(2,3):(3,2)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 2);
  EXPECT_EQ(j.claimed_value, "2");
  EXPECT_EQ(j.expected_value, "1");
  // the shape (3,2) does not refine (2,3)
  EXPECT_FALSE(judge(r, L("(3,2):(1,3)")).correct);
  EXPECT_FALSE(judge(r, L("6:1")).correct);
}

}  // namespace
}  // namespace layoutref::spec
