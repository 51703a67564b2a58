// Tests of mode manipulation (modes.hpp): flatten, group, take, select, append, prepend,
// unflatten. Expected values are derived by hand from the definitions in cute/layout.hpp and
// cute/tuple_algorithms.hpp.
#include "support.hpp"

#include <layoutref/spec/modes.hpp>

#include <string>

namespace layoutref::spec {
namespace {

using namespace testing_support;

testing::AssertionResult same_function(Layout const& a, Layout const& b) {
  if (size(a) != size(b)) return testing::AssertionFailure() << "sizes " << size(a) << " and " << size(b);
  for (i64 i = 0; i < size(a); ++i)
    if (evaluate(a, i) != evaluate(b, i))
      return testing::AssertionFailure() << str(a) << " and " << str(b) << " differ at " << i;
  return testing::AssertionSuccess();
}

TEST(ModesFlatten, LeafModesInOrder) {
  EXPECT_TRUE(is(flatten(L("(2,(3,4)):(1,(2,6))")), "(2,3,4):(1,2,6)"));
  EXPECT_TRUE(is(flatten(L("((2,(3,(4,5))),6):((1,(2,(6,24))),120)")), "(2,3,4,5,6):(1,2,6,24,120)"));
  EXPECT_TRUE(is(flatten(L("4:1")), "4:1"));  // an integral layout stays integral
  EXPECT_TRUE(is(flatten(L("((4)):((1))")), "(4):(1)"));
  EXPECT_TRUE(is(flatten(L("(2,3):(3,1)")), "(2,3):(3,1)"));
  EXPECT_TRUE(is(flatten(L("():()")), "():()"));
  Layout l = L("((2,3),(4,(5,1))):((7,1),(100,(3,0)))");
  EXPECT_TRUE(same_function(flatten(l), l));
}

TEST(ModesGroup, ARangeBecomesOneMode) {
  Layout l = L("(2,3,4,5):(1,2,6,24)");
  EXPECT_TRUE(is(group(l, 1, 3), "(2,(3,4),5):(1,(2,6),24)"));
  EXPECT_TRUE(is(group(l, 0, 4), "((2,3,4,5)):((1,2,6,24))"));
  EXPECT_TRUE(is(group(l, 0, 2), "((2,3),4,5):((1,2),6,24)"));
  EXPECT_TRUE(is(group(l, 2, 3), "(2,3,(4),5):(1,2,(6),24)"));  // one mode: wrapped
  EXPECT_TRUE(is(group(l, 2, 2), "(2,3,4,5):(1,2,6,24)"));      // empty range: unchanged
  EXPECT_TRUE(is(group(l, 4, 4), "(2,3,4,5):(1,2,6,24)"));
  EXPECT_TRUE(same_function(group(l, 1, 3), l));
  // An integral layout behaves as (4):(1): group<0,1>(4:1) = ((4)):((1)), group<0,0> = (4):(1).
  EXPECT_TRUE(is(group(L("4:1"), 0, 1), "((4)):((1))"));
  EXPECT_TRUE(is(group(L("4:1"), 0, 0), "(4):(1)"));
}

TEST(ModesGroup, BadRanges) {
  Layout l = L("(2,3,4,5):(1,2,6,24)");
  EXPECT_TRUE(fails_with(bad, [&] { group(l, 3, 2); }));
  EXPECT_TRUE(fails_with(bad, [&] { group(l, -1, 2); }));
  EXPECT_TRUE(fails_with(bad, [&] { group(l, 0, 5); }));
  EXPECT_TRUE(fails_with(bad, [] { group(L("4:1"), 0, 2); }));
}

TEST(ModesTake, ModesOfARange) {
  Layout l = L("(2,(3,4),5):(1,(2,6),24)");
  EXPECT_TRUE(is(take(l, 1, 3), "((3,4),5):((2,6),24)"));
  EXPECT_TRUE(is(take(l, 0, 1), "(2):(1)"));      // a rank-1 tuple
  EXPECT_TRUE(is(take(l, 1, 2), "((3,4)):((2,6))"));
  EXPECT_TRUE(is(take(l, 0, 3), "(2,(3,4),5):(1,(2,6),24)"));
  EXPECT_TRUE(is(take(L("4:1"), 0, 1), "(4):(1)"));
}

TEST(ModesTake, BadRanges) {
  Layout l = L("(2,(3,4),5):(1,(2,6),24)");
  EXPECT_TRUE(fails_with(bad, [&] { take(l, 1, 1); }));   // empty
  EXPECT_TRUE(fails_with(bad, [&] { take(l, 2, 4); }));   // past rank 3
  EXPECT_TRUE(fails_with(bad, [&] { take(l, -1, 1); }));
  EXPECT_TRUE(fails_with(bad, [&] { take(l, 2, 1); }));
}

TEST(ModesSelect, ModesInTheGivenOrder) {
  Layout l = L("(2,(3,4),5):(1,(2,6),24)");
  EXPECT_TRUE(is(select(l, {2, 0}), "(5,2):(24,1)"));
  EXPECT_TRUE(is(select(l, {1}), "((3,4)):((2,6))"));
  EXPECT_TRUE(is(select(l, {1, 1}), "((3,4),(3,4)):((2,6),(2,6))"));  // an index may repeat
  EXPECT_TRUE(is(select(l, {0, 1, 2}), "(2,(3,4),5):(1,(2,6),24)"));
  EXPECT_TRUE(is(select(l, {}), "():()"));
  EXPECT_TRUE(is(select(L("4:1"), {0}), "(4):(1)"));
  // select changes the function when it reorders: (5,2):(24,1) at index 1 = (1,0) -> 24.
  EXPECT_EQ(evaluate(select(l, {2, 0}), 1), Value(24));
}

TEST(ModesSelect, BadIndicesAreNamed) {
  Layout l = L("(2,(3,4),5):(1,(2,6),24)");
  try {
    select(l, {0, 3});
    ADD_FAILURE() << "no error";
  } catch (Error const& e) {
    EXPECT_EQ(e.kind(), bad);
    EXPECT_NE(std::string(e.what()).find("mode 3"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fails_with(bad, [&] { select(l, {-1}); }));
  EXPECT_TRUE(fails_with(bad, [] { select(L("4:1"), {1}); }));
}

TEST(ModesAppend, OneMode) {
  EXPECT_TRUE(is(append(L("4:1"), L("2:4")), "(4,2):(1,4)"));  // an integral layout becomes a pair
  EXPECT_TRUE(is(append(L("(4,2):(1,4)"), L("(3,5):(8,24)")), "(4,2,(3,5)):(1,4,(8,24))"));
  EXPECT_TRUE(is(append(L("(4):(1)"), L("1:0")), "(4,1):(1,0)"));
  EXPECT_TRUE(is(append(L("():()"), L("3:1")), "(3):(1)"));
}

TEST(ModesAppend, PaddingToARank) {
  EXPECT_TRUE(is(append(L("(4,2):(1,4)"), 4), "(4,2,1,1):(1,4,0,0)"));
  EXPECT_TRUE(is(append(L("(4,2):(1,4)"), 2), "(4,2):(1,4)"));
  EXPECT_TRUE(is(append(L("4:1"), 1), "4:1"));                 // rank already 1: unchanged, integral
  EXPECT_TRUE(is(append(L("4:1"), 3), "(4,1,1):(1,0,0)"));
  EXPECT_TRUE(is(append(L("(4,2):(1,4)"), 3, L("8:0")), "(4,2,8):(1,4,0)"));
  EXPECT_TRUE(same_function(append(L("(4,2):(1,4)"), 4), L("(4,2):(1,4)")));
  EXPECT_TRUE(fails_with(bad, [] { append(L("(4,2):(1,4)"), 1); }));
  EXPECT_TRUE(fails_with(bad, [] { append(L("(4,2):(1,4)"), -1); }));
}

TEST(ModesPrepend, OneMode) {
  EXPECT_TRUE(is(prepend(L("4:1"), L("2:4")), "(2,4):(4,1)"));
  EXPECT_TRUE(is(prepend(L("(4,2):(1,4)"), L("(3,5):(8,24)")), "((3,5),4,2):((8,24),1,4)"));
  // prepend changes the function: (2,4):(4,1) at index 1 = (1,0) -> 4.
  EXPECT_EQ(evaluate(prepend(L("4:1"), L("2:4")), 1), Value(4));
}

TEST(ModesPrepend, PaddingToARank) {
  EXPECT_TRUE(is(prepend(L("(4,2):(1,4)"), 3), "(1,4,2):(0,1,4)"));
  EXPECT_TRUE(is(prepend(L("4:1"), 1), "4:1"));
  EXPECT_TRUE(is(prepend(L("4:1"), 3, L("2:0")), "(2,2,4):(0,0,1)"));
  EXPECT_TRUE(fails_with(bad, [] { prepend(L("(4,2,3):(1,4,8)"), 2); }));
}

TEST(ModesUnflatten, RenestsLikeTheProfile) {
  EXPECT_TRUE(is(unflatten(L("(2,3,4):(1,2,6)"), T("(1,(1,1))")), "(2,(3,4)):(1,(2,6))"));
  EXPECT_TRUE(is(unflatten(L("(2,3,4,5):(1,2,6,24)"), T("((0,0),(0,(0)))")), "((2,3),(4,(5))):((1,2),(6,(24)))"));
  EXPECT_TRUE(is(unflatten(L("4:1"), T("7")), "4:1"));
  EXPECT_TRUE(is(unflatten(L("4:1"), T("(7)")), "(4):(1)"));
  EXPECT_TRUE(is(unflatten(L("(4):(1)"), T("7")), "4:1"));
  // unflatten(flatten(l), shape(l)) == l, and the function is kept.
  Layout l = L("((2,3),4,(5,(6,7))):((1,2),6,(24,(120,720)))");
  EXPECT_EQ(unflatten(flatten(l), l.shape), l);
  EXPECT_TRUE(same_function(unflatten(L("(2,3,4):(1,2,6)"), T("(1,(1,1))")), L("(2,3,4):(1,2,6)")));
}

TEST(ModesUnflatten, LeafCountMismatch) {
  EXPECT_TRUE(fails_with(bad, [] { unflatten(L("(2,3,4):(1,2,6)"), T("(1,1)")); }));
  EXPECT_TRUE(fails_with(bad, [] { unflatten(L("(2,3):(1,2)"), T("(1,(1,1))")); }));
}

}  // namespace
}  // namespace layoutref::spec
