// impl max_alignment(L): the largest N such that L's image is a union of aligned N-blocks (the
// spec's definition). Expected values derived by hand from the image's runs of consecutive
// values: the gcd of their boundaries.
#include "support.hpp"

#include <layoutref/impl/max_alignment.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

i64 A(std::string const& text) {
  auto r = max_alignment(L(text));
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value.value;
}

// constexpr: (_4,_2):(_1,_4) covers [0,8): 8.
constexpr bool aligns_at_compile_time() {
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(LayoutLeaf{Int::fixed(4), Stride::integer(Int::fixed(1))});
  b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(4))});
  auto r = max_alignment(b.done().value);
  return r.ok() && r.value == Int::fixed(8);
}
static_assert(aligns_at_compile_time());

TEST(ImplMaxAlignment, Intervals) {
  EXPECT_EQ(A("_4:_1"), 4);
  EXPECT_EQ(A("(_4,_2):(_1,_4)"), 8);
  EXPECT_EQ(A("(_4,_16,_8):(_128,_8,_1)"), 512);
  EXPECT_EQ(A("((_2,_15),_7,_1):((_1,_2),_30,_0)"), 210);  // 2, then 30, then 210
  EXPECT_EQ(A("(_4,_1,_3):(_1,_7,_0)"), 4);                // size 1 and stride 0 change nothing
  EXPECT_EQ(A("_4:_2"), 1);                                // image {0,2,4,6}
  EXPECT_EQ(A("(_2,_2):(_4,_2)"), 1);
}

TEST(ImplMaxAlignment, BlocksAndGaps) {
  // image [0,4) u [6,10): boundaries 0,4,6,10 -> 2
  EXPECT_EQ(A("(_4,_2):(_1,_6)"), 2);
  // image [0,4) u [8,12) u [16,20) u [24,28): 4
  EXPECT_EQ(A("(_4,_2,_2):(_1,_8,_16)"), 4);
}

TEST(ImplMaxAlignment, OverlappingModes) {
  // image [0,3): 3 (CuTe's formula gives 1, docs/divergences.md section 4)
  EXPECT_EQ(A("(_2,_2):(_1,_1)"), 3);
  // image [0,7): 7
  EXPECT_EQ(A("(_3,_3):(_1,_2)"), 7);
  // [0,2) + {0,4,5,7,9,11,12,16}: runs [0,2), [4,14), [16,18) -> 2, although gcd(2,4,5,7) = 1
  EXPECT_EQ(A("(_2,_2,_2,_2):(_1,_4,_5,_7)"), 2);
}

TEST(ImplMaxAlignment, Errors) {
  auto negative = max_alignment(L("(_4,_2):(_1,_-4)"));
  ASSERT_FALSE(negative.ok());
  EXPECT_EQ(negative.error.code, Errc::bad_argument);
  auto basis = max_alignment(L("_4:_1@0"));
  ASSERT_FALSE(basis.ok());
  EXPECT_EQ(basis.error.code, Errc::bad_argument);
  auto overflow = max_alignment(L("(_2,_4):(_1,_4611686018427387904)"));
  ASSERT_FALSE(overflow.ok());
  EXPECT_EQ(overflow.error.code, Errc::overflow);
}

// The exact path stops at its budget whatever the size of T: here T has 4.4*10^12 translates and
// the first 1.4*10^11 give no new divisor, so a loop that charged only membership tests ran for
// hours (found by the fuzz campaign of 2026-11-25, eval target; fuzz/regressions/eval).
TEST(ImplMaxAlignment, HugeOverlappingLayoutStopsAtTheBudget) {
  auto r = max_alignment(L("(_8,_4,_34294967296,(_2,_16)):(_1,_40,_160,(_269,_640))"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::capacity);
  EXPECT_NE(message(r.error).find("membership steps"), std::string::npos) << str(r.error);
}

}  // namespace
}  // namespace layoutref::impl
