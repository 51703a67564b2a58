// Tests of coalesce, by-mode coalesce, filter and filter_zeros (coalesce.hpp) and of the
// judges of claimed results. Every expected value is derived by hand; sources: the seed
// document 004 ("Coalescing": (2,1):(3,1) -> 2:3), CuTe docs 02_layout_algebra.md ("Coalesce",
// "By-mode Coalesce" and its four rules for two modes s0:d0 ++ s1:d1), cute/layout.hpp (filter:
// "remove all of the 0-strides and 1-sizes"; filter_zeros: "replace the modes that have a
// 0-stride with a 1-size").
#include "support.hpp"

#include <layoutref/spec/coalesce.hpp>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// --- coalesce ------------------------------------------------------------------------------------

TEST(Coalesce, SeedDocumentExample) {
  // seed 004: the size-1 mode 1:1 never contributes, so (2,1):(3,1) is 2:3.
  EXPECT_TRUE(is(coalesce(L("(2,1):(3,1)")), "2:3"));
}

TEST(Coalesce, CuTeDocumentedExample) {
  // docs: (_2,(_1,_6)):(_1,(_6,_2)) -> _12:_1. Drop 1:6; 2:1 ++ 6:2 merges (2 == 2*1).
  EXPECT_TRUE(is(coalesce(L("(_2,(_1,_6)):(_1,(_6,_2))")), "12:1"));
  // docs: column-major (2,4):(1,2) acts like 8:1.
  EXPECT_TRUE(is(coalesce(L("(2,4):(1,2)")), "8:1"));
}

TEST(Coalesce, TheFourRulesForTwoModes) {
  // 1. s0:d0 ++ 1:d1 => s0:d0
  EXPECT_TRUE(is(coalesce(L("(4,1):(2,7)")), "4:2"));
  // 2. 1:d0 ++ s1:d1 => s1:d1
  EXPECT_TRUE(is(coalesce(L("(1,4):(7,2)")), "4:2"));
  // 3. s0:d0 ++ s1:s0*d0 => s0*s1:d0  (6 == 3*2)
  EXPECT_TRUE(is(coalesce(L("(3,5):(2,6)")), "15:2"));
  // 4. otherwise nothing can be done: 5 != 3*2
  EXPECT_TRUE(is(coalesce(L("(3,5):(2,5)")), "(3,5):(2,5)"));
  // stride 0 merges with stride 0 (0 == 4*0)
  EXPECT_TRUE(is(coalesce(L("(4,3):(0,0)")), "12:0"));
  // negative strides: -4 == 4*(-1)
  EXPECT_TRUE(is(coalesce(L("(4,2):(-1,-4)")), "8:-1"));
  // row-major (2,3):(3,1) cannot merge (1 != 2*3)
  EXPECT_TRUE(is(coalesce(L("(2,3):(3,1)")), "(2,3):(3,1)"));
}

TEST(Coalesce, NestedAndSizeOne) {
  // leaves 2:1, 2:2, 3:4, 1:9 -> 4:1 ++ 3:4 -> 12:1 (the 1:9 is dropped)
  EXPECT_TRUE(is(coalesce(L("((2,2),(3,1)):((1,2),(4,9))")), "12:1"));
  // a size-1 layout is 1:0 whatever its stride
  EXPECT_TRUE(is(coalesce(L("1:5")), "1:0"));
  EXPECT_TRUE(is(coalesce(L("(1,(1,1)):(3,(4,5))")), "1:0"));
  // three leaves, the first two merge: 2:1 ++ 2:2 -> 4:1; 4:1 ++ 3:8: 8 != 4 -> kept
  EXPECT_TRUE(is(coalesce(L("(2,2,3):(1,2,8)")), "(4,3):(1,8)"));
}

TEST(Coalesce, PreservesTheFunction) {
  for (auto text : {"((2,2),(3,1)):((1,2),(4,9))", "(2,(1,6)):(1,(6,2))", "(3,(2,2),5):(7,(0,1),3)", "(4,2):(-1,-4)"}) {
    Layout l = L(text);
    Layout c = coalesce(l);
    EXPECT_EQ(size(c), size(l)) << text;
    EXPECT_LE(depth(c), 1) << text;
    for (i64 i = 0; i < size(l); ++i) EXPECT_EQ(evaluate(c, i), evaluate(l, i)) << text << " at " << i;
  }
}

TEST(CoalesceByMode, CuTeDocumentedExample) {
  // docs: coalesce((_2,(_1,_6)):(_1,(_6,_2)), Step<_1,_1>) -> (_2,_6):(_1,_2)
  EXPECT_TRUE(is(coalesce(L("(2,(1,6)):(1,(6,2))"), T("(1,1)")), "(2,6):(1,2)"));
  // a leaf profile coalesces the whole layout
  EXPECT_TRUE(is(coalesce(L("(2,(1,6)):(1,(6,2))"), T("1")), "12:1"));
}

TEST(CoalesceByMode, ModesBeyondTheProfileAreKept) {
  // mode 0 (2,2):(1,2) -> 4:1, mode 1 (2,2):(1,2) -> 4:1, mode 2 kept as is
  EXPECT_TRUE(is(coalesce(L("((2,2),(2,2),(3,1)):((1,2),(1,2),(4,0))"), T("(1,1)")), "(4,4,(3,1)):(1,1,(4,0))"));
  // a rank-1 profile: only mode 0 is coalesced
  EXPECT_TRUE(is(coalesce(L("((2,2),(2,2)):((1,2),(1,2))"), T("(1)")), "(4,(2,2)):(1,(1,2))"));
}

TEST(CoalesceByMode, NestedProfile) {
  // mode 0 (2,2):(1,2) -> 4:1; mode 1 with profile (1,1): (2,3):(1,2) -> 6:1 and 5:6 -> 5:6
  EXPECT_TRUE(is(coalesce(L("((2,2),((2,3),5)):((1,2),((1,2),6))"), T("(1,(1,1))")), "(4,(6,5)):(1,(1,6))"));
}

TEST(CoalesceByMode, ProfileRankLargerThanTheLayout) {
  Admissibility a = is_coalesce_admissible(L("(2,2):(1,2)"), T("(1,1,1)"));
  EXPECT_FALSE(a.ok);
  EXPECT_EQ(a.condition, "coalesce.profile_rank");
  EXPECT_TRUE(is_coalesce_admissible(L("(2,2):(1,2)"), T("(1,1)")).ok);
  EXPECT_TRUE(fails_with(Error::Kind::inadmissible, [] { coalesce(L("(2,2):(1,2)"), T("(1,1,1)")); }));
}

// --- check_coalesce ------------------------------------------------------------------------------

TEST(CheckCoalesce, RightAnswer) {
  EXPECT_TRUE(check_coalesce(L("(2,1):(3,1)"), claim("_2:_3")).correct);
  EXPECT_TRUE(check_coalesce(L("(2,(1,6)):(1,(6,2))"), claim("_12:_1")).correct);
  Judgement j = check_coalesce(L("(2,3):(3,1)"), claim("(2,3):(3,1)"));
  EXPECT_TRUE(j.correct) << j.detail;
  EXPECT_TRUE(j.detail.empty()) << j.detail;
}

TEST(CheckCoalesce, WrongValueGivesTheFirstDifferingIndex) {
  // (2,3):(3,1) takes 0,3,1,4,2,5; the claim (3,2):(1,3) takes 0,1,2,3,4,5: index 1 differs.
  Judgement j = check_coalesce(L("(2,3):(3,1)"), claim("(3,2):(1,3)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 1);
  EXPECT_EQ(j.coordinate, "(1,0)");
  EXPECT_EQ(j.claimed_value, "1");
  EXPECT_EQ(j.expected_value, "3");
  // 12:1 is 0,1,2,...; the claim 12:2 differs first at index 1 (2 instead of 1).
  Judgement k = check_coalesce(L("(2,(1,6)):(1,(6,2))"), claim("12:2"));
  EXPECT_FALSE(k.correct);
  ASSERT_TRUE(k.index.has_value());
  EXPECT_EQ(*k.index, 1);
  EXPECT_EQ(k.claimed_value, "2");
  EXPECT_EQ(k.expected_value, "1");
  // the size must be kept
  EXPECT_FALSE(check_coalesce(L("(2,(1,6)):(1,(6,2))"), claim("6:1")).correct);
}

TEST(CheckCoalesce, NotFlatIsWrong) {
  // ((2,2),3):((1,2),4) has the function of 12:1 but depth 2.
  Judgement j = check_coalesce(L("(2,(1,6)):(1,(6,2))"), claim("((2,2),3):((1,2),4)"));
  EXPECT_FALSE(j.correct);
  EXPECT_TRUE(mentions(j.detail, "flat")) << j.detail;
}

TEST(CheckCoalesce, NotFullyCoalescedIsRightWithARemark) {
  // 4:1 claimed as (2,2):(1,2): same function, flat, one mode too many.
  Judgement j = check_coalesce(L("4:1"), claim("(2,2):(1,2)"));
  EXPECT_TRUE(j.correct) << j.detail;
  EXPECT_TRUE(mentions(j.detail, "not fully coalesced")) << j.detail;
  // the seed's (2,1):(3,1) claimed as itself: flat, right, but the 1:1 mode could go.
  Judgement k = check_coalesce(L("(2,1):(3,1)"), claim("(2,1):(3,1)"));
  EXPECT_TRUE(k.correct) << k.detail;
  EXPECT_TRUE(mentions(k.detail, "not fully coalesced")) << k.detail;
}

TEST(CheckCoalesce, ErrorClaimRefusesAnAdmissibleInput) {
  Judgement j = check_coalesce(L("(2,1):(3,1)"), error_claim());
  EXPECT_FALSE(j.correct);
  EXPECT_TRUE(mentions(j.detail, "refused an admissible input")) << j.detail;
}

TEST(CheckCoalesce, ByMode) {
  Layout a = L("(2,(1,6)):(1,(6,2))");
  EXPECT_TRUE(check_coalesce(a, T("(1,1)"), claim("(_2,_6):(_1,_2)")).correct);
  // dynamic CuTe keeps the size-1 mode: same function, not fully coalesced
  Judgement r = check_coalesce(a, T("(1,1)"), claim("(2,(1,6)):(1,(6,2))"));
  EXPECT_TRUE(r.correct) << r.detail;
  EXPECT_TRUE(mentions(r.detail, "not fully coalesced")) << r.detail;
  // 12:1 does not keep the two modes
  EXPECT_FALSE(check_coalesce(a, T("(1,1)"), claim("12:1")).correct);
  // mode 1 nested twice is not flat
  EXPECT_FALSE(check_coalesce(a, T("(1,1)"), claim("(2,((2,3))):(1,((2,4)))")).correct);
  // mode 1 (2,3):(2,4) has 6:2's function: right, with a remark
  Judgement m = check_coalesce(a, T("(1,1)"), claim("(2,(2,3)):(1,(2,4))"));
  EXPECT_TRUE(m.correct) << m.detail;
  EXPECT_TRUE(mentions(m.detail, "not fully coalesced")) << m.detail;
  // a wrong stride in mode 1: (2,6):(1,3) differs first at index 2 = (0,1): 3 instead of 2
  Judgement w = check_coalesce(a, T("(1,1)"), claim("(2,6):(1,3)"));
  EXPECT_FALSE(w.correct);
  ASSERT_TRUE(w.index.has_value());
  EXPECT_EQ(*w.index, 2);
  EXPECT_EQ(w.coordinate, "(0,1)");
  // a profile longer than the layout: no result
  EXPECT_TRUE(check_coalesce(a, T("(1,1,1)"), error_claim()).correct);
  EXPECT_FALSE(check_coalesce(a, T("(1,1,1)"), claim("(2,6):(1,2)")).correct);
}

// --- filter_zeros and filter ---------------------------------------------------------------------

TEST(FilterZeros, StrideZeroModesGetSizeOne) {
  EXPECT_TRUE(is(filter_zeros(L("(4,(2,3)):(0,(1,0))")), "(1,(2,1)):(0,(1,0))"));
  EXPECT_TRUE(is(filter_zeros(L("(4,3):(0,0)")), "(1,1):(0,0)"));
  EXPECT_TRUE(is(filter_zeros(L("(4,3):(1,4)")), "(4,3):(1,4)"));
  EXPECT_TRUE(is(filter_zeros(L("8:0")), "1:0"));
}

TEST(Filter, DropsStrideZeroAndSizeOneModesThenCoalesces) {
  // only 2:1 is left
  EXPECT_TRUE(is(filter(L("(4,(2,3)):(0,(1,0))")), "2:1"));
  // 2:1 ++ 3:2 -> 6:1 (the 1:5 is dropped)
  EXPECT_TRUE(is(filter(L("(2,1,3):(1,5,2)")), "6:1"));
  // 3:2 ++ 4:6 -> 12:2 (the 2:0 is dropped)
  EXPECT_TRUE(is(filter(L("(3,2,4):(2,0,6)")), "12:2"));
  // 4:3 ++ 5:7: no merge (7 != 12)
  EXPECT_TRUE(is(filter(L("((4,2),5):((3,0),7)")), "(4,5):(3,7)"));
}

TEST(Filter, AllZeroStridesGiveOneColonZero) {
  EXPECT_TRUE(is(filter(L("(4,3):(0,0)")), "1:0"));
  EXPECT_TRUE(is(filter(L("8:0")), "1:0"));
  EXPECT_TRUE(is(filter(L("(1,1):(3,5)")), "1:0"));
}

TEST(Filter, ByMode) {
  // mode 0 (4,2):(0,1) -> 2:1, mode 1 (3,5):(2,0) -> 3:2
  EXPECT_TRUE(is(filter(L("((4,2),(3,5)):((0,1),(2,0))"), T("(1,1)")), "(2,3):(1,2)"));
  // mode 1 is past the profile and kept
  EXPECT_TRUE(is(filter(L("((4,2),(3,5)):((0,1),(2,0))"), T("(1)")), "(2,(3,5)):(1,(2,0))"));
}

TEST(CheckFilter, JudgesClaims) {
  Layout l = L("(4,(2,3)):(0,(1,0))");
  EXPECT_TRUE(check_filter(l, claim("_2:_1")).correct);
  // 2:2 differs at index 1: 2 instead of 1
  Judgement j = check_filter(l, claim("2:2"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 1);
  EXPECT_EQ(j.claimed_value, "2");
  EXPECT_EQ(j.expected_value, "1");
  // filter_zeros' answer has filter's function here (size 2, values 0,1) but is nested (depth 2)
  EXPECT_FALSE(check_filter(l, claim("(1,(2,1)):(0,(1,0))")).correct);
  // the whole layout is not a filter of itself: size 24, not 2
  EXPECT_FALSE(check_filter(l, claim("(4,(2,3)):(0,(1,0))")).correct);
  // all-zero strides: 1:0
  EXPECT_TRUE(check_filter(L("(4,3):(0,0)"), claim("_1:_0")).correct);
  EXPECT_FALSE(check_filter(L("(4,3):(0,0)"), claim("12:0")).correct);
  EXPECT_FALSE(check_filter(l, error_claim()).correct);
  // by mode
  EXPECT_TRUE(check_filter(L("((4,2),(3,5)):((0,1),(2,0))"), T("(1,1)"), claim("(2,3):(1,2)")).correct);
  EXPECT_FALSE(check_filter(L("((4,2),(3,5)):((0,1),(2,0))"), T("(1,1)"), claim("6:1")).correct);
}

TEST(CheckFilterZeros, JudgesClaims) {
  Layout l = L("(4,(2,3)):(0,(1,0))");
  EXPECT_TRUE(check_filter_zeros(l, claim("(_1,(_2,_1)):(_0,(_1,_0))")).correct);
  // the size changes
  EXPECT_FALSE(check_filter_zeros(l, claim("(4,(2,3)):(0,(1,0))")).correct);
  // a wrong stride: index 1 = (0,(1,0)) is 3 instead of 1
  Judgement j = check_filter_zeros(l, claim("(1,(2,1)):(0,(3,0))"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 1);
  EXPECT_EQ(j.claimed_value, "3");
  EXPECT_EQ(j.expected_value, "1");
  EXPECT_FALSE(check_filter_zeros(l, error_claim()).correct);
}

}  // namespace
}  // namespace layoutref::spec
