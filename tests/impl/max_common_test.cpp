// impl max_common_vector and max_common_layout: the spec's N (a and b store x at the same least
// index of b, for every x < N) in CuTe's form composition(right_inverse(b), N:_1). Expected
// values derived by hand: b's right-inverse chain, then the first piece of the common index
// refinement where a's stride differs from b's.
#include "support.hpp"

#include <layoutref/impl/max_common.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

i64 N(std::string const& a, std::string const& b) {
  auto r = max_common_vector(L(a), L(b));
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value.value;
}

// constexpr: _8:_1 and (_2,_4):(_1,_2) agree on all 8 elements.
constexpr bool common_at_compile_time() {
  Layout a = make_leaf(Int::fixed(8), Stride::integer(Int::fixed(1)));
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  b.push_leaf(LayoutLeaf{Int::fixed(4), Stride::integer(Int::fixed(2))});
  auto v = max_common_vector(a, b.done().value);
  return v.ok() && v.value == Int::fixed(8);
}
static_assert(common_at_compile_time());

TEST(ImplMaxCommon, SameLayouts) {
  EXPECT_EQ(N("_32:_1", "_32:_1"), 32);
  // b's chain: stride 1 (size 4, index 32), 4 (size 4, index 8), 16 (size 8, index 1)
  EXPECT_EQ(N("(_8,_4,_4):(_16,_4,_1)", "(_8,_4,_4):(_16,_4,_1)"), 128);
  EXPECT_EQ(S(max_common_layout(L("(_8,_4,_4):(_16,_4,_1)"), L("(_8,_4,_4):(_16,_4,_1)"))), "(_4,_4,_8):(_32,_8,_1)");
  EXPECT_EQ(S(max_common_layout(L("(_2,_8):(_8,_1)"), L("(_2,_8):(_8,_1)"))), "(_8,_2):(_2,_1)");
  auto v = max_common_vector(L("_32:_1"), L("_32:_1"));
  EXPECT_TRUE(v.value.is_static);
}

TEST(ImplMaxCommon, FirstDifferingPiece) {
  // a = (4,4):(1,8), b = 16:1: pieces [1,4) (a: 1, b: 1) and [4,16) (a: 8, b: 4): N = 4
  EXPECT_EQ(N("(_4,_4):(_1,_8)", "_16:_1"), 4);
  EXPECT_EQ(S(max_common_layout(L("(_4,_4):(_1,_8)"), L("_16:_1"))), "_4:_1");
  // a transposed against b: b's chain starts at index stride 2, where a has stride 8 != 1
  EXPECT_EQ(N("(_2,_8):(_1,_2)", "(_2,_8):(_8,_1)"), 1);
  EXPECT_EQ(S(max_common_layout(L("(_2,_8):(_1,_2)"), L("(_2,_8):(_8,_1)"))), "_1:_0");
  // a has fewer elements: index 4 is outside a
  EXPECT_EQ(N("_4:_1", "_8:_1"), 4);
  EXPECT_EQ(S(max_common_layout(L("_4:_1"), L("_8:_1"))), "_4:_1");
  // b = (2,8,2):(0,1,8) coalesces to (2,16):(0,1): its chain is 16:1 at index stride 2. a
  // agrees on the piece [2,16) (stride 1) and not on [16,32) (9 != 8): N = 8, R = 8:2
  EXPECT_EQ(N("(_2,_8,_2):(_0,_1,_9)", "(_2,_8,_2):(_0,_1,_8)"), 8);
  EXPECT_EQ(S(max_common_layout(L("(_2,_8,_2):(_0,_1,_9)"), L("(_2,_8,_2):(_0,_1,_8)"))), "_8:_2");
}

TEST(ImplMaxCommon, PointwiseWhenIndexModesDoNotNest) {
  // a = (3,4):(1,4), b = (2,2,3):(1,2,5) -> (4,3):(1,5): boundaries 3 and 4 do not divide;
  // b's chain is 4:1 (m = 4) and a(3) = 4 != 3: N = 3
  EXPECT_EQ(N("(_3,_4):(_1,_4)", "(_2,_2,_3):(_1,_2,_5)"), 3);
  EXPECT_EQ(S(max_common_layout(L("(_3,_4):(_1,_4)"), L("(_2,_2,_3):(_1,_2,_5)"))), "_3:_1");
  // b = (2,6):(1,3): chain 2:1, 2 is no value of b: N = 2
  EXPECT_EQ(N("(_3,_4):(_1,_4)", "(_2,_6):(_1,_3)"), 2);
}

TEST(ImplMaxCommon, RarePathRightInverse) {
  // b = (2,2):(1,1) is not injective (values 0,1,1,2). R = right_inverse(b): the stride-1 mode
  // 2:1 starts the chain, the next mode would need stride 2 but has 1, so R = _2:_1 and N <= 2;
  // a(R(1)) = a(1) = 1, so N = 2 and the common layout is R on [0,2) = _2:_1.
  EXPECT_EQ(N("(_2,_2):(_1,_1)", "(_2,_2):(_1,_1)"), 2);
  EXPECT_EQ(S(max_common_layout(L("(_2,_2):(_1,_1)"), L("(_2,_2):(_1,_1)"))), "_2:_1");
  // a = (2,2):(1,2) stores 1 at index 1 as well: N = 2, R = 2:1
  EXPECT_EQ(N("(_2,_2):(_1,_2)", "(_2,_2):(_1,_1)"), 2);
  EXPECT_EQ(S(max_common_layout(L("(_2,_2):(_1,_2)"), L("(_2,_2):(_1,_1)"))), "_2:_1");
  // b = (12,2):(1,1) (values 0..11 then 1..12): R = _12:_1 (the second mode's stride 1 is not
  // 12), so N <= 12 although b also stores 12; with a = b, a(R(x)) = x for x < 12: N = 12.
  EXPECT_EQ(N("(_12,_2):(_1,_1)", "(_12,_2):(_1,_1)"), 12);
  EXPECT_EQ(S(max_common_layout(L("(_12,_2):(_1,_1)"), L("(_12,_2):(_1,_1)"))), "_12:_1");
  // b = (2,7):(2,1): index i+2j stores 2i+j. Least preimages of 0,1,2,3: 0,2,1,3 (a layout:
  // (2,2):(2,1)); of 4: index 5 ((1,2)), and 0,2,1,3,5 is no layout, nor is any longer prefix,
  // so the spec's R = (2,2):(2,1) (CuTe's chain would give 7:2). With a = b: N = 4.
  EXPECT_EQ(N("(_2,_7):(_2,_1)", "(_2,_7):(_2,_1)"), 4);
  EXPECT_EQ(S(max_common_layout(L("(_2,_7):(_2,_1)"), L("(_2,_7):(_2,_1)"))), "(_2,_2):(_2,_1)");
}

TEST(ImplMaxCommon, StaticFlagsAndErrors) {
  auto v = max_common_vector(L("(8):(1)"), L("_8:_1"));
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v.value.value, 8);
  EXPECT_FALSE(v.value.is_static);
  auto one = max_common_vector(L("(2,8):(1,2)"), L("(2,8):(8,1)"));
  EXPECT_TRUE(one.value.is_static);  // CuTe's Int<1>
  auto basis = max_common_vector(L("_4:_1@0"), L("_4:_1"));
  ASSERT_FALSE(basis.ok());
  EXPECT_EQ(basis.error.code, Errc::bad_argument);
}

}  // namespace
}  // namespace layoutref::impl
