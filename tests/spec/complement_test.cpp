// Tests of complement(A, M) and complement(A) (complement.hpp), its admissibility and the judge
// of claimed results. Every expected value is derived by hand: R enumerates, in increasing
// order, the set T with image(A) ⊕ T = [0, M') where M' is M rounded up to a multiple of N*d of
// the largest sorted mode (the least uncovered point starts the next translate). Sources: the
// seed documents 004 ("Complementation": complement((2,4):(1,2),16) = 2:8 and the 32-entry
// bijection of 8:2 with its complement) and 002 (complement(2:3, 32), complement(3:2, 16)),
// CuTe docs 02_layout_algebra.md ("Complement Examples"), docs/semantics.md.
#include "support.hpp"

#include <layoutref/spec/complement.hpp>

#include <set>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// (A, R): the concatenation make_layout(A, R).
Layout concat(Layout const& a, Layout const& r) {
  return Layout(IntTuple::tuple({a.shape, r.shape}), Stride::tuple({a.stride, r.stride}));
}

// (A, R) maps [0, m) one-to-one onto [0, m), and R is strictly increasing.
testing::AssertionResult bijection_onto(Layout const& a, Layout const& r, i64 m) {
  std::vector<i64> v = values(concat(a, r));
  if (static_cast<i64>(v.size()) != m) return testing::AssertionFailure() << "size " << v.size() << ", not " << m;
  std::set<i64> s(v.begin(), v.end());
  if (static_cast<i64>(s.size()) != m || *s.begin() != 0 || *s.rbegin() != m - 1)
    return testing::AssertionFailure() << "(A,R) is not a bijection onto [0," << m << ")";
  std::vector<i64> rv = values(r);
  for (size_t i = 1; i < rv.size(); ++i)
    if (rv[i] <= rv[i - 1]) return testing::AssertionFailure() << "R is not increasing at " << i;
  return testing::AssertionSuccess();
}

// --- the seed documents --------------------------------------------------------------------------

TEST(Complement, SeedDocument004) {
  // image((2,4):(1,2)) = [0,8); N*d = 8 divides 16; T = {0, 8} = 2:8
  Layout a = L("(2,4):(1,2)");
  Layout r = complement(a, 16);
  EXPECT_TRUE(is(r, "2:8"));
  // the seed prints (2,4,2):(1,2,8) at 0..15: i -> i
  std::vector<i64> want;
  for (i64 i = 0; i < 16; ++i) want.push_back(i);
  EXPECT_EQ(values(L("(2,4,2):(1,2,8)")), want);
  EXPECT_EQ(values(concat(a, r)), want);
}

TEST(Complement, SeedDocument004Bijection) {
  // A = 8:2, M = 32: image {0,2,...,14}; N*d = 16 divides 32. T: 0 (evens to 14), 1 (odds to 15),
  // 16 (evens 16..30), 17 (odds 17..31): {0,1,16,17} = (2,2):(1,16).
  Layout a = L("8:2");
  Layout r = complement(a, 32);
  EXPECT_TRUE(is(r, "(2,2):(1,16)"));
  // the seed's listing of (A,R) at i = 0..31
  std::vector<i64> seed{0,  2,  4,  6,  8,  10, 12, 14, 1,  3,  5,  7,  9,  11, 13, 15,
                        16, 18, 20, 22, 24, 26, 28, 30, 17, 19, 21, 23, 25, 27, 29, 31};
  EXPECT_EQ(values(concat(a, r)), seed);
  EXPECT_TRUE(bijection_onto(a, r, 32));
}

TEST(Complement, SeedDocument002Tilers) {
  // complement(2:3, 32): image {0,3}, N*d = 6, 32 -> 36. T = {0,1,2, 6,7,8, ..., 30,31,32} = (3,6):(1,6)
  Layout r0 = complement(L("2:3"), 32);
  EXPECT_TRUE(is(r0, "(3,6):(1,6)"));
  EXPECT_TRUE(bijection_onto(L("2:3"), r0, 36));
  // complement(3:2, 16): image {0,2,4}, N*d = 6, 16 -> 18. T = {0,1, 6,7, 12,13} = (2,3):(1,6)
  Layout r1 = complement(L("3:2"), 16);
  EXPECT_TRUE(is(r1, "(2,3):(1,6)"));
  EXPECT_TRUE(bijection_onto(L("3:2"), r1, 18));
}

// --- CuTe's documented examples -------------------------------------------------------------------

TEST(Complement, CuTeDocsExamples) {
  // image [0,4): T = {0,4,...,20} = 6:4
  EXPECT_TRUE(is(complement(L("4:1"), 24), "6:4"));
  // image {0,4,...,20}: T = {0,1,2,3} = 4:1
  EXPECT_TRUE(is(complement(L("6:4"), 24), "4:1"));
  // image [0,24): T = {0}
  Layout full = complement(L("(4,6):(1,4)"), 24);
  EXPECT_EQ(size(full), 1);
  EXPECT_TRUE(is(full, "1:0"));
  // image {0,2,4,6}: T = {0,1,8,9,16,17} = (2,3):(1,8)
  EXPECT_TRUE(is(complement(L("4:2"), 24), "(2,3):(1,8)"));
  // image {0,1,6,7,12,13,18,19}: T = {0,2,4} = 3:2
  EXPECT_TRUE(is(complement(L("(2,4):(1,6)"), 24), "3:2"));
  // image {0,1,6,7}: T = {0,2,4,12,14,16} = (3,2):(2,12)
  EXPECT_TRUE(is(complement(L("(2,2):(1,6)"), 24), "(3,2):(2,12)"));
}

TEST(Complement, CuTeDocsExamplesAreBijections) {
  EXPECT_TRUE(bijection_onto(L("4:1"), complement(L("4:1"), 24), 24));
  EXPECT_TRUE(bijection_onto(L("6:4"), complement(L("6:4"), 24), 24));
  EXPECT_TRUE(bijection_onto(L("(4,6):(1,4)"), complement(L("(4,6):(1,4)"), 24), 24));
  EXPECT_TRUE(bijection_onto(L("4:2"), complement(L("4:2"), 24), 24));
  EXPECT_TRUE(bijection_onto(L("(2,4):(1,6)"), complement(L("(2,4):(1,6)"), 24), 24));
  EXPECT_TRUE(bijection_onto(L("(2,2):(1,6)"), complement(L("(2,2):(1,6)"), 24), 24));
}

TEST(Complement, UnsortedModes) {
  // (4,2):(2,1): sorted 2:1, 4:2 (2*1 divides 2); image [0,8); T = {0,8} = 2:8
  EXPECT_TRUE(is(complement(L("(4,2):(2,1)"), 16), "2:8"));
}

TEST(Complement, NonDivisibleCotargetRoundsUp) {
  // (8,4):(1,8): image [0,32), N*d = 32; 100 -> 128; T = {0,32,64,96} = 4:32
  Layout a = L("(8,4):(1,8)");
  Admissibility adm = is_complement_admissible(a, 100);
  EXPECT_TRUE(adm.ok);
  ASSERT_FALSE(adm.notes.empty());
  bool says_128 = false;
  for (auto const& n : adm.notes) says_128 = says_128 || mentions(n, "128");
  EXPECT_TRUE(says_128);
  Layout r = complement(a, 100);
  EXPECT_TRUE(is(r, "4:32"));
  EXPECT_TRUE(bijection_onto(a, r, 128));
  EXPECT_TRUE(check_complement(a, 100, claim("_4:_32")).correct);
  EXPECT_FALSE(check_complement(a, 100, claim("3:32")).correct);  // does not reach 100
  // a multiple needs no note
  EXPECT_TRUE(is_complement_admissible(a, 128).notes.empty());
}

TEST(Complement, TupleCotargetDividedModeByMode) {
  // CuTe's ceil_div((3,4), 2) = (ceil(3/2), ceil(4/ceil(2/3))) = (2,4): (A, R) covers [0,16).
  Layout a = L("2:1");
  EXPECT_EQ(effective_cotarget(a, T("(3,4)")), 16);
  EXPECT_TRUE(is_complement_admissible(a, T("(3,4)")).ok);
  EXPECT_TRUE(is(complement(a, T("(3,4)")), "8:2"));
  EXPECT_TRUE(check_complement(a, T("(3,4)"), claim("8:2")).correct);
  EXPECT_FALSE(check_complement(a, T("(3,4)"), claim("6:2")).correct);  // size(cotarget) rounded as an integer
  // An integer leaf is the integer cotarget; nested tuples divide as their flattening does.
  EXPECT_EQ(effective_cotarget(a, T("12")), 12);
  EXPECT_EQ(effective_cotarget(L("(4,8):(1,4)"), T("((3,4),5)")), effective_cotarget(L("(4,8):(1,4)"), T("(3,4,5)")));
}

TEST(Complement, TupleCotargetBound) {
  // ceil_div((12,32), 32) = (1, ceil(32/3)) = (1,11): (A, R) covers [0,352), short of 12*32.
  Layout a = L("(4,8):(1,4)");
  EXPECT_EQ(effective_cotarget(a, T("(12,32)")), 352);
  Admissibility adm = is_complement_admissible(a, T("(12,32)"));
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "complement.cotarget_bound");
  EXPECT_TRUE(mentions(adm.witness, "352")) << adm.witness;
  EXPECT_TRUE(inadmissible("complement.cotarget_bound", [&] { complement(a, T("(12,32)")); }));
  EXPECT_FALSE(check_complement(a, T("(12,32)"), claim("11:32")).correct);
  EXPECT_TRUE(check_complement(a, T("(12,32)"), error_claim()).correct);
  // A condition on A is named before the bound.
  EXPECT_EQ(is_complement_admissible(L("(2,2):(1,1)"), T("(12,32)")).condition, "complement.stride_divisibility");
}

TEST(Complement, StrideZeroAndSizeOneModesAreIgnored) {
  // same non-trivial modes as (2,4):(1,2)
  EXPECT_TRUE(is(complement(L("(2,1,4,3):(1,7,2,0)"), 16), "2:8"));
  EXPECT_TRUE(is(complement(L("((2,1),(4,3)):((1,7),(2,0))"), 16), "2:8"));
  // no non-trivial mode: image {0}, T = [0,M)
  EXPECT_TRUE(is(complement(L("4:0"), 8), "8:1"));
  EXPECT_TRUE(is(complement(L("1:0"), 5), "5:1"));
  EXPECT_TRUE(is(complement(L("(1,3):(4,0)"), 6), "6:1"));
}

TEST(Complement, DefaultCotarget) {
  // cotarget cosize(filter(A)): 4:2 -> 7, rounded up to 8: T = {0,1} = 2:1
  EXPECT_EQ(default_cotarget(L("4:2")), 7);
  EXPECT_TRUE(is(complement(L("4:2")), "2:1"));
  // (2,2):(1,6): 1 + 1 + 6 = 8, rounded up to 12: T = {0,2,4} = 3:2
  EXPECT_EQ(default_cotarget(L("(2,2):(1,6)")), 8);
  EXPECT_TRUE(is(complement(L("(2,2):(1,6)")), "3:2"));
  // 6:4: 21 -> 24: T = {0,1,2,3} = 4:1
  EXPECT_TRUE(is(complement(L("6:4")), "4:1"));
  // (4,6):(1,4): 24, nothing to add
  EXPECT_TRUE(is(complement(L("(4,6):(1,4)")), "1:0"));
  // stride-0 modes do not count: filter((4,(2,3)):(0,(1,0))) = 2:1, cosize 2
  EXPECT_EQ(default_cotarget(L("(4,(2,3)):(0,(1,0))")), 2);
  EXPECT_TRUE(is(complement(L("(4,(2,3)):(0,(1,0))")), "1:0"));
}

// --- admissibility -------------------------------------------------------------------------------

TEST(Complement, StrideDivisibility) {
  // (4,2):(1,6): sorted 4:1, 2:6; 4*1 = 4 does not divide 6
  Admissibility adm = is_complement_admissible(L("(4,2):(1,6)"), 80);
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "complement.stride_divisibility");
  EXPECT_TRUE(inadmissible("complement.stride_divisibility", [] { complement(L("(4,2):(1,6)"), 80); }));
  // a non-injective A: (2,2):(1,1), 2*1 does not divide 1
  EXPECT_EQ(is_complement_admissible(L("(2,2):(1,1)"), 8).condition, "complement.stride_divisibility");
}

TEST(Complement, NegativeAndBasisStrides) {
  EXPECT_EQ(is_complement_admissible(L("4:-1"), 8).condition, "complement.negative_stride");
  EXPECT_TRUE(inadmissible("complement.negative_stride", [] { complement(L("4:-1"), 8); }));
  EXPECT_EQ(is_complement_admissible(L("(2,2):(1@0,1@1)"), 8).condition, "complement.integer_strides");
}

// --- check_complement -----------------------------------------------------------------------------

TEST(CheckComplement, RightAndWrongClaims) {
  Layout a = L("4:2");
  EXPECT_TRUE(check_complement(a, 24, claim("(_2,_3):(_1,_8)")).correct);
  // (2,3):(1,4) takes 0,1,4,5,8,9; T = 0,1,8,9,16,17 differs first at index 2
  Judgement j = check_complement(a, 24, claim("(2,3):(1,4)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 2);
  EXPECT_EQ(j.claimed_value, "4");
  EXPECT_EQ(j.expected_value, "8");
  // the seed's 2:8 is right for 16
  EXPECT_TRUE(check_complement(L("(2,4):(1,2)"), 16, claim("2:8")).correct);
  // "error" refuses an admissible input
  Judgement e = check_complement(a, 24, error_claim());
  EXPECT_FALSE(e.correct);
  EXPECT_TRUE(mentions(e.detail, "refused an admissible input")) << e.detail;
}

TEST(CheckComplement, CuTesAnswerForAnInadmissibleInput) {
  // CuTe: complement((4,2):(1,6), 80) = 7:12. (A,R) covers {0,1,2,3,6,7,8,9} + 12k: 4 is the
  // first hole.
  Layout a = L("(4,2):(1,6)");
  Judgement j = check_complement(a, 80, claim("_7:_12"));
  EXPECT_FALSE(j.correct);
  EXPECT_TRUE(mentions(j.detail, "4 in [0,80)")) << j.detail;
  EXPECT_TRUE(check_complement(a, 80, error_claim()).correct);
  // a claim that is not increasing: named as such
  Judgement k = check_complement(a, 80, claim("(2,2):(12,1)"));
  EXPECT_FALSE(k.correct);
  EXPECT_TRUE(mentions(k.detail, "increasing")) << k.detail;
}

}  // namespace
}  // namespace layoutref::spec
