// Tests of right_inverse and left_inverse (inverse.hpp) and the judges of claimed results.
// Every expected value is derived by hand from the contracts: a right inverse R has
// L(R(i)) == i on [0, size(R)) (the spec's is the largest: the least preimages of 0, 1, ...
// for as long as they form a layout); a left inverse R has L(R(L(i))) == L(i), with both
// layouts extended past their sizes along their last mode (docs/semantics.md). Sources:
// cute/layout.hpp (right_inverse, left_inverse and their @result comments), CuTe's printed
// results quoted in the tests.
#include "support.hpp"

#include <layoutref/spec/inverse.hpp>

#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// L(R(i)) == i for every i < size(R)
testing::AssertionResult is_right_inverse(Layout const& l, Layout const& r) {
  for (i64 i = 0; i < size(r); ++i) {
    i64 x = evaluate(r, i).integer();
    if (x < 0 || x >= size(l)) return testing::AssertionFailure() << "R(" << i << ") = " << x << " outside L";
    if (evaluate(l, x) != Value(i)) return testing::AssertionFailure() << "L(R(" << i << ")) != " << i;
  }
  return testing::AssertionSuccess();
}

// --- right_inverse --------------------------------------------------------------------------------

TEST(RightInverse, StridedLayoutHasSizeOne) {
  // 8:2 never takes 1: only [0,1) lies in its image; R = 1:0
  Layout r = right_inverse(L("8:2"));
  EXPECT_EQ(size(r), 1);
  EXPECT_TRUE(is(r, "1:0"));
}

TEST(RightInverse, Bijections) {
  // (4,2):(2,1) takes 0,2,4,6,1,3,5,7; least preimages of 0..7: 0,4,1,5,2,6,3,7 = (2,4):(4,1)
  EXPECT_TRUE(is(right_inverse(L("(4,2):(2,1)")), "(2,4):(4,1)"));
  EXPECT_TRUE(is_right_inverse(L("(4,2):(2,1)"), L("(2,4):(4,1)")));
  // (2,3):(3,1) takes 0,3,1,4,2,5; preimages of 0..5: 0,2,4,1,3,5 = (3,2):(2,1)
  Layout r = right_inverse(L("(2,3):(3,1)"));
  std::vector<Value> want{0, 2, 4, 1, 3, 5};
  ASSERT_EQ(size(r), 6);
  for (i64 i = 0; i < 6; ++i) EXPECT_EQ(evaluate(r, i), want[static_cast<size_t>(i)]) << i;
  EXPECT_TRUE(is(r, "(3,2):(2,1)"));
  // identity
  EXPECT_TRUE(is(right_inverse(L("4:1")), "4:1"));
  EXPECT_TRUE(is(right_inverse(L("(2,4):(1,2)")), "8:1"));
}

TEST(RightInverse, NonInjectiveAndZeroStrides) {
  // (2,2):(1,1) takes 0,1,1,2: the preimage choices for 0,1,2 are 0,1,3 and 0,2,3; a layout of
  // the prime size 3 takes 0,d,2d, so neither is one. The largest right inverse is 0,1 = 2:1
  // (CuTe: _2:_1).
  Layout r = right_inverse(L("(2,2):(1,1)"));
  EXPECT_TRUE(is(r, "2:1"));
  EXPECT_TRUE(is_right_inverse(L("(2,2):(1,1)"), r));
  // 4:0 takes only 0
  EXPECT_TRUE(is(right_inverse(L("4:0")), "1:0"));
  // (4,2):(0,1) takes 0 at 0..3 and 1 at 4..7: least preimages 0,4 = 2:4
  EXPECT_TRUE(is(right_inverse(L("(4,2):(0,1)")), "2:4"));
}

TEST(RightInverse, NonInjectiveWithAChoiceOfPreimages) {
  // (3,2):(1,2) takes 0,1,2,2,3,4. Least preimages of 0..4: 0,1,2,4,5 (size 5 is prime: not
  // 0,d,2d,...); 0,1,2,4 is no layout (a first mode 3:1, and 3 does not divide 4); 0,1,2 = 3:1
  // (CuTe: _3:_1). Taking the other preimage of 2 gives 0,1,3,4 = (2,2):(1,3), a right inverse
  // of size 4: L(3) = 2, L(4) = 3.
  Layout l = L("(3,2):(1,2)");
  Layout r = right_inverse(l);
  EXPECT_TRUE(is_right_inverse(l, r));
  EXPECT_GE(size(r), 3);
  EXPECT_TRUE(is_right_inverse(l, L("(2,2):(1,3)")));
  Judgement j = check_right_inverse(l, claim("(2,2):(1,3)"));
  EXPECT_TRUE(j.correct) << j.detail;
  EXPECT_TRUE(check_right_inverse(l, claim("3:1")).correct);
}

TEST(RightInverse, BasisStridesAreInadmissible) {
  EXPECT_EQ(is_right_inverse_admissible(L("(2,2):(1@0,1@1)")).condition, "right_inverse.integer_strides");
  EXPECT_TRUE(inadmissible("right_inverse.integer_strides", [] { right_inverse(L("(2,2):(1@0,1@1)")); }));
}

TEST(CheckRightInverse, JudgesTheContract) {
  Layout l = L("(4,2):(2,1)");
  Judgement best = check_right_inverse(l, claim("(_2,_4):(_4,_1)"));
  EXPECT_TRUE(best.correct) << best.detail;
  // 2:4: R(1) = 4, L(4) = 1: valid, but smaller than (2,4):(4,1)
  Judgement small = check_right_inverse(l, claim("2:4"));
  EXPECT_TRUE(small.correct) << small.detail;
  EXPECT_TRUE(mentions(small.detail, "not the largest")) << small.detail;
  // 1:0 is trivially a right inverse, also not the largest
  EXPECT_TRUE(mentions(check_right_inverse(l, claim("1:0")).detail, "not the largest"));
  // (2,4):(1,4): R(1) = 1, L(1) = 2 != 1
  Judgement j = check_right_inverse(l, claim("(2,4):(1,4)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 1);
  EXPECT_EQ(j.claimed_value, "2");
  EXPECT_EQ(j.expected_value, "1");
  // 2:8: R(1) = 8 is outside L's domain [0,8)
  Judgement out = check_right_inverse(l, claim("2:8"));
  EXPECT_FALSE(out.correct);
  ASSERT_TRUE(out.index.has_value());
  EXPECT_EQ(*out.index, 1);
  // for (2,3):(3,1) the claim (3,2):(2,1) is right; 6:1 is wrong at 1 (R(1) = 1, L(1) = 3)
  EXPECT_TRUE(check_right_inverse(L("(2,3):(3,1)"), claim("(3,2):(2,1)")).correct);
  Judgement w = check_right_inverse(L("(2,3):(3,1)"), claim("6:1"));
  EXPECT_FALSE(w.correct);
  ASSERT_TRUE(w.index.has_value());
  EXPECT_EQ(*w.index, 1);
  EXPECT_EQ(w.claimed_value, "3");
  // every integral layout has a right inverse
  Judgement e = check_right_inverse(l, error_claim());
  EXPECT_FALSE(e.correct);
  EXPECT_TRUE(mentions(e.detail, "refused an admissible input")) << e.detail;
}

// --- left_inverse ---------------------------------------------------------------------------------

TEST(LeftInverse, InjectiveLayouts) {
  // (4,2):(2,1) is a bijection of [0,8): its left inverse is its inverse (2,4):(4,1)
  EXPECT_TRUE(is(left_inverse(L("(4,2):(2,1)")), "(2,4):(4,1)"));
  // 32:2: R(2i) = i: the mixed radix (2,32):(0,1) (CuTe: (_2,_32):(_0,_1))
  EXPECT_TRUE(is(left_inverse(L("32:2")), "(2,32):(0,1)"));
  // (4,2):(0,1) takes i/4; its only active mode 2:1 sits at index stride 4: R = 2:4
  EXPECT_TRUE(is(left_inverse(L("(4,2):(0,1)")), "2:4"));
  EXPECT_TRUE(is(left_inverse(L("8:1")), "8:1"));
}

TEST(LeftInverse, NonInjectiveQuasiInverse) {
  // (4,2):(1,2) takes 0,1,2,3,2,3,4,5: not injective. CuTe's construction on the sorted modes
  // 4:1, 2:2 is R = coalesce((1,2,2):(0,1,4)) = (2,2):(1,4), extended R(x) = (x mod 2) + 4*(x/2):
  // R(0..5) = 0,1,4,5,8,9 and L(0,1,4,5,8,9) = 0,1,2,3,4,5 (L(8) = (0,2) -> 4 past its size), so
  // L(R(L(i))) = L(i): a quasi-inverse, admissible.
  EXPECT_TRUE(is_left_inverse_admissible(L("(4,2):(1,2)")).ok);
  EXPECT_TRUE(is(left_inverse(L("(4,2):(1,2)")), "(2,2):(1,4)"));
  // (2,2):(1,1) takes 0,1,1,2; R = coalesce((1,1,2):(0,1,2)) = 2:2: R(0,1,2) = 0,2,4 and
  // L(0,2,4) = 0,1,2 (L(4) = (0,2) -> 2 past its size): a quasi-inverse.
  EXPECT_TRUE(is(left_inverse(L("(2,2):(1,1)")), "2:2"));
  // CuTe's quirk (_8,_1,_15,_1):(_48,_4,_16,_48): coalesce gives (8,15):(48,16) (index strides 1
  // and 8); sorted 15:16, 8:48 (16 | 48), so R = (16,3,8):(0,8,1). Index 31 = (7,0,3,0) has
  // L = 7*48 + 3*16 = 384; R(384): 384 = 0 + 16*(0 + 3*8) -> 8*1 = 8 (past R's size); L(8) is at
  // (0,0,1,0): 16 != 384. Not a quasi-inverse.
  Admissibility adm = is_left_inverse_admissible(L("(_8,_1,_15,_1):(_48,_4,_16,_48)"));
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "left_inverse.injective");
  EXPECT_TRUE(inadmissible("left_inverse.injective", [] { left_inverse(L("(_8,_1,_15,_1):(_48,_4,_16,_48)")); }));
  // stride-0 modes do not count against injectivity
  EXPECT_TRUE(is_left_inverse_admissible(L("(4,2):(0,1)")).ok);
  // Tied strides are taken in CuTe's order (found by the deep property run): coalesce of
  // (2,1,5,2,2):(1,0,1,0,3) is (2,5,2,2):(1,1,0,3) with index strides 1,2,10,20. CuTe's exchange
  // sort of the keys (1,1,0,3) swaps modes 0 and 2, then keeps 1 before 0 (equal keys are not
  // swapped): 2:0, 5:1, 2:1, 2:3. So R = coalesce((1,1,3,2):(0,2,1,20)) = (3,2):(1,20) (a stable
  // sort would give (3,2):(2,20)). Index 3 = (1,0,1,0,0) has L = 2; R(2) = 2; L(2) = 1 != 2.
  Admissibility tied = is_left_inverse_admissible(L("(2,1,5,2,2):(1,0,1,0,3)"));
  EXPECT_FALSE(tied.ok);
  EXPECT_EQ(tied.condition, "left_inverse.injective");
}

TEST(LeftInverse, StrideDivisibility) {
  // (2,2):(2,3) takes 0,2,3,5 (injective), but 2 does not divide 3
  EXPECT_EQ(is_left_inverse_admissible(L("(2,2):(2,3)")).condition, "left_inverse.stride_divisibility");
}

TEST(CheckLeftInverse, JudgesTheContract) {
  // CuTe's left_inverse(_32:_2) = (_2,_32):(_0,_1): R(L(i)) = R(2i) = i
  Judgement j = check_left_inverse(L("_32:_2"), claim("(_2,_32):(_0,_1)"));
  EXPECT_TRUE(j.correct) << j.detail;
  EXPECT_FALSE(j.depends_on_extension);
  EXPECT_TRUE(check_left_inverse(L("(4,2):(2,1)"), claim("(2,4):(4,1)")).correct);
  // the identity 8:1 is no left inverse of (4,2):(2,1): L(1) = 2, R(2) = 2, L(2) = 4 != 2
  Judgement w = check_left_inverse(L("(4,2):(2,1)"), claim("8:1"));
  EXPECT_FALSE(w.correct);
  ASSERT_TRUE(w.index.has_value());
  EXPECT_EQ(*w.index, 1);
  Judgement e = check_left_inverse(L("32:2"), error_claim());
  EXPECT_FALSE(e.correct);
  EXPECT_TRUE(mentions(e.detail, "refused an admissible input")) << e.detail;
}

TEST(CheckLeftInverse, CuTesQuirk) {
  // CuTe: left_inverse((_8,_1,_15,_1):(_48,_4,_16,_48)) = (_16,_3,_8):(_0,_8,_1).
  // L(i) = 48*c0 + 16*c2 = 16k with k = 3*c0 + c2 (i = c0 + 8*c2): not injective (L(1) = L(24) =
  // 48), and L reaches 560 while size(R) = 384. R(16k) = 8*(k%3) + k/3, and L of that is 16k
  // only while k/3 < 8. The first index with k >= 24 is i = 31 (c0 = 7, c2 = 3): L(31) = 384,
  // R(384) (past R's size: the last mode runs on) = 8, L(8) = 16 != 384.
  Layout l = L("(_8,_1,_15,_1):(_48,_4,_16,_48)");
  EXPECT_EQ(is_left_inverse_admissible(l).condition, "left_inverse.injective");
  Judgement j = check_left_inverse(l, claim("(_16,_3,_8):(_0,_8,_1)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 31);
  EXPECT_TRUE(j.depends_on_extension);
}

TEST(CheckLeftInverse, TheFailureText) {
  // 4:2 takes 0,2,4,6; R = 4:1 gives L(R(L(1))) = L(R(2)) = L(2) = 4, not 2. The text names the
  // index only where the contract fails (inverse.cpp, contract_failure).
  Judgement j = check_left_inverse(L("4:2"), claim("4:1"));
  EXPECT_FALSE(j.correct);
  EXPECT_EQ(j.detail, "at index 1 of L (coordinate 1) L(R(L(i))) = L(R(2)) = L(2) = 4 instead of L(i) = 2");
}

}  // namespace
}  // namespace layoutref::spec
