// Tests of max_common_vector and max_common_layout (max_common.hpp) and of the check of a
// claimed max_common_layout. Every expected value is derived by hand in the comment above it
// from the contract (CuTe layout.hpp: "For all 0 <= n < N, a(b.get_1d_coord(n)) == n"):
// N is the largest count such that every x < N is stored by b, at least index i = min{ j : b(j) = x },
// and a(i) == x; the layout R has R(x) = that index.
#include "support.hpp"

#include <layoutref/spec/max_common.hpp>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// a(R(i)) == i and b(R(i)) == i for every i < size(R).
testing::AssertionResult common(Layout const& a, Layout const& b, Layout const& r) {
  for (i64 i = 0; i < size(r); ++i) {
    i64 x = evaluate(r, i).scalar();
    if (evaluate(a, x) != Value(i) || evaluate(b, x) != Value(i))
      return testing::AssertionFailure() << "at " << i << ": R = " << x;
  }
  return testing::AssertionSuccess();
}

TEST(MaxCommon, IdenticalCompactLayoutsShareEverything) {
  // a == b: a(b^-1(x)) = x for every x in image(b) = [0,32), so N = 32.
  // Column-major (4,8):(1,4) is the identity: R = 32:1.
  EXPECT_EQ(max_common_vector(L("(4,8):(1,4)"), L("(4,8):(1,4)")), 32);
  EXPECT_TRUE(is(max_common_layout(L("(4,8):(1,4)"), L("(4,8):(1,4)")), "32:1"));
  // Row-major (4,8):(8,1): b(m + 4n) = 8m + n, so x = 8m + n is stored at index
  // m + 4n = 4*(x%8) + x/8: R = (8,4):(4,1).
  Layout row = L("(4,8):(8,1)");
  EXPECT_EQ(max_common_vector(row, row), 32);
  Layout r = max_common_layout(row, row);
  EXPECT_TRUE(is(r, "(8,4):(4,1)"));
  EXPECT_TRUE(common(row, row, r));
}

TEST(MaxCommon, ColumnMajorAgainstRowMajorIsOne) {
  // a = (4,8):(1,4), b = (4,8):(8,1): x = 1 is stored by b at index 4 = (0,1), and a(4) = 4 != 1.
  // N = 1, R = 1:0.
  Layout a = L("(4,8):(1,4)");
  Layout b = L("(4,8):(8,1)");
  EXPECT_EQ(max_common_vector(a, b), 1);
  EXPECT_EQ(max_common_vector(b, a), 1);
  EXPECT_TRUE(is(max_common_layout(a, b), "1:0"));
}

TEST(MaxCommon, RowMajorRankThreeWithItself) {
  // (8,4,4):(16,4,1) with itself: a compact (row-major) layout, N = 128 (CuTe's answer).
  // b(j0 + 8 j1 + 32 j2) = 16 j0 + 4 j1 + j2, so x is stored at j0 + 8 j1 + 32 j2 with
  // j2 = x%4, j1 = (x/4)%4, j0 = x/16: R = (4,4,8):(32,8,1) (CuTe's answer, right_inverse(b)).
  Layout a = L("(_8,_4,_4):(_16,_4,_1)");
  EXPECT_EQ(max_common_vector(a, a), 128);
  Layout r = max_common_layout(a, a);
  EXPECT_TRUE(is(r, "(4,4,8):(32,8,1)"));
  // As functions: a(R(i)) == i for every i < 128, and R(i) is the (4,4,8):(32,8,1) of the hand
  // derivation at every index.
  EXPECT_TRUE(common(a, a, r));
  Layout want = L("(4,4,8):(32,8,1)");
  ASSERT_EQ(size(r), 128);
  for (i64 i = 0; i < 128; ++i) EXPECT_EQ(evaluate(r, i), evaluate(want, i)) << "i = " << i;
}

TEST(MaxCommon, PartialAgreement) {
  // a = (2,16):(1,2) (the identity on [0,32)), b = (2,4,4):(1,8,2): b(j0 + 2 j1 + 8 j2) =
  // j0 + 8 j1 + 2 j2. x = 0, 1 are stored at 0, 1 (a agrees); x = 2 = 2*1 is stored at
  // j2 = 1 -> index 8, and a(8) = 8 != 2. N = 2, R = 2:1.
  Layout a = L("(2,16):(1,2)");
  Layout b = L("(2,4,4):(1,8,2)");
  EXPECT_EQ(max_common_vector(a, b), 2);
  EXPECT_TRUE(is(max_common_layout(a, b), "2:1"));
}

TEST(MaxCommon, HoleInTheImageOfB) {
  // b = (4,8):(1,8) stores 0..3, then 8..11, ...: 4 is not in its image. With a = 32:1,
  // x = 0..3 agree (index x, a(x) = x), so N = 4, R = 4:1.
  EXPECT_EQ(max_common_vector(L("32:1"), L("(4,8):(1,8)")), 4);
  EXPECT_TRUE(is(max_common_layout(L("32:1"), L("(4,8):(1,8)")), "4:1"));
}

TEST(MaxCommon, LeastIndexForARepeatedValue) {
  // b = (2,8):(0,1) stores x at 2x and 2x+1; the least is 2x. With a = b, a(2x) = x: N = 8,
  // R = 8:2. With a = 16:1, a(2) = 2 != 1: N = 1.
  Layout b = L("(2,8):(0,1)");
  EXPECT_EQ(max_common_vector(b, b), 8);
  EXPECT_TRUE(is(max_common_layout(b, b), "8:2"));
  EXPECT_EQ(max_common_vector(L("16:1"), b), 1);
}

TEST(MaxCommonCheck, JudgesByTheContract) {
  Layout a = L("(8,4,4):(16,4,1)");
  // The derived layout is right.
  EXPECT_TRUE(check_max_common_layout(a, a, claim("(4,4,8):(32,8,1)")).correct);
  // A smaller layout (the first 16 common elements, (4,4):(32,8)) is wrong: the size must be 128.
  Judgement small = check_max_common_layout(a, a, claim("(4,4):(32,8)"));
  EXPECT_FALSE(small.correct);
  // 128:1 has the right size but a(R(1)) = a(1) = 16 != 1: wrong at index 1.
  Judgement j = check_max_common_layout(a, a, claim("128:1"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value()) << j.detail;
  EXPECT_EQ(*j.index, 1);
  // (4,4,8):(32,8,2) agrees for i < 16 (only the strides 32 and 8) and then R(16) = 2 with
  // a(2) = 32 != 16: wrong at index 16.
  Judgement k = check_max_common_layout(a, a, claim("(4,4,8):(32,8,2)"));
  EXPECT_FALSE(k.correct);
  ASSERT_TRUE(k.index.has_value()) << k.detail;
  EXPECT_EQ(*k.index, 16);
  // Column-major against row-major: 1:0 is right, 2:4 (one too many) is wrong.
  EXPECT_TRUE(check_max_common_layout(L("(4,8):(1,4)"), L("(4,8):(8,1)"), claim("1:0")).correct);
  EXPECT_FALSE(check_max_common_layout(L("(4,8):(1,4)"), L("(4,8):(8,1)"), claim("2:4")).correct);
  // Refusing is wrong: every pair of integer layouts has a common layout.
  EXPECT_FALSE(check_max_common_layout(a, a, Claim{true, Layout()}).correct);
}

TEST(CheckMaxCommonLayout, TheFailureTexts) {
  // R = 8:2 reaches a(2) = b(2) = 2 at index 1; R = 4:-1 leaves the domains at index 1.
  Judgement j = check_max_common_layout(L("8:1"), L("8:1"), claim("8:2"));
  EXPECT_EQ(j.detail, "at index 1: R = 2, a(R) = 2, b(R) = 2, both must be 1");
  Judgement k = check_max_common_layout(L("4:1"), L("4:1"), claim("4:-1"));
  EXPECT_EQ(k.detail, "at index 1: R = -1 lies outside the domains of a and b");
}

}  // namespace
}  // namespace layoutref::spec
