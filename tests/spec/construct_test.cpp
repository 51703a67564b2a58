// Tests of layout construction (construct.hpp): compact strides, make_layout (left, right,
// concatenation), make_ordered_layout, make_layout_like, make_fragment_like,
// make_identity_layout, and the checks of claimed results. Expected values are derived by hand;
// sources: cute/stride.hpp, cute/layout.hpp (the comments above make_ordered_layout and
// make_layout_like), CuTe docs 01_layout.md.
#include "support.hpp"

#include <layoutref/spec/construct.hpp>

#include <set>
#include <string>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// Whether l maps [0,size) bijectively onto [0,size) (a compact layout).
bool is_compact(Layout const& l) {
  std::set<i64> values;
  for (i64 i = 0; i < size(l); ++i) values.insert(evaluate(l, i).integer());
  return static_cast<i64>(values.size()) == size(l) && *values.begin() == 0 && *values.rbegin() == size(l) - 1;
}

// --- compact strides and make_layout -------------------------------------------------------------

TEST(CompactMajor, LeftFollowsTheLeavesLeftToRight) {
  EXPECT_EQ(compact_major_left(T("(2,(3,4))")), L("(2,(3,4)):(1,(2,6))").stride);
  EXPECT_EQ(compact_major_left(T("(2,3)"), 5), L("(2,3):(5,10)").stride);
  EXPECT_EQ(compact_major_left(T("4")), Stride(Value(1)));
  EXPECT_EQ(compact_major_left(T("()")), Stride::tuple({}));
  // A size-1 leaf gets stride 0 and takes no room: (2,1,3) -> (1,0,2).
  EXPECT_EQ(compact_major_left(T("(2,1,3)")), L("(2,1,3):(1,0,2)").stride);
}

TEST(CompactMajor, RightFollowsTheLeavesRightToLeft) {
  // leaves 2,3,4 from the right: 4 -> 1, 3 -> 4, 2 -> 12
  EXPECT_EQ(compact_major_right(T("(2,(3,4))")), L("(2,(3,4)):(12,(4,1))").stride);
  EXPECT_EQ(compact_major_right(T("(2,1,3)")), L("(2,1,3):(3,0,1)").stride);
  EXPECT_EQ(compact_major_right(T("(2,3)"), 5), L("(2,3):(15,5)").stride);
}

TEST(MakeLayout, LayoutLeftIsColumnMajor) {
  EXPECT_TRUE(is(make_layout(T("(2,(3,4))")), "(2,(3,4)):(1,(2,6))"));
  EXPECT_TRUE(is(make_layout(T("4")), "4:1"));
  EXPECT_TRUE(is(make_layout(T("(4)")), "(4):(1)"));
  EXPECT_TRUE(is(make_layout(T("(4,8)")), "(4,8):(1,4)"));  // docs 03_tensor.md smem_4x8_col
  EXPECT_TRUE(is(make_layout(T("1")), "1:0"));
  // make_layout(shape)(i) == i: the identity on [0, size).
  Layout l = make_layout(T("((2,3),(1,4),5)"));
  for (i64 i = 0; i < size(l); ++i) EXPECT_EQ(evaluate(l, i), Value(i));
}

TEST(MakeLayout, LayoutRightIsRowMajor) {
  EXPECT_TRUE(is(make_layout_right(T("(4,8)")), "(4,8):(8,1)"));  // docs 03_tensor.md smem_4x8_row
  EXPECT_TRUE(is(make_layout_right(T("(2,(3,4))")), "(2,(3,4)):(12,(4,1))"));
  EXPECT_TRUE(is(make_layout_right(T("8")), "8:1"));
  EXPECT_TRUE(is_compact(make_layout_right(T("((2,3),(1,4),5)"))));
}

TEST(MakeLayout, Concatenation) {
  EXPECT_TRUE(is(make_layout(std::vector<Layout>{L("4:1"), L("(2,3):(8,16)")}), "(4,(2,3)):(1,(8,16))"));
  EXPECT_TRUE(is(make_layout(std::vector<Layout>{L("4:1")}), "(4):(1)"));  // one part: a rank-1 tuple
  EXPECT_TRUE(is(make_layout(std::vector<Layout>{L("4:1"), L("2:0"), L("3:5")}), "(4,2,3):(1,0,5)"));
  EXPECT_TRUE(is(make_layout(std::vector<Layout>{}), "():()"));
}

TEST(MakeLayout, BadShapes) {
  EXPECT_TRUE(fails_with(bad, [] { make_layout(T("(2,0)")); }));
  EXPECT_TRUE(fails_with(bad, [] { make_layout(T("0")); }));
  EXPECT_TRUE(fails_with(bad, [] { make_layout_right(T("(2,(3,-4))")); }));
  EXPECT_TRUE(fails_with(bad, [] { compact_major_left(T("(2,0)")); }));
}

TEST(MakeLayout, Overflow) {
  // strides 1, 2^32; the running product 2^64 does not fit.
  EXPECT_TRUE(fails_with(Error::Kind::overflow, [] { make_layout(T("(4294967296,4294967296)")); }));
}

// --- make_ordered_layout ---------------------------------------------------------------------------

TEST(MakeOrderedLayout, CuTeDocumentedExample) {
  // cute/layout.hpp: make_ordered_layout(Shape<_2,_2,_2,_2>{}, Step<_0,_2,_3,_1>{}) -> (_2,_2,_2,_2):(_1,_4,_8,_2)
  EXPECT_TRUE(is(make_ordered_layout(T("(2,2,2,2)"), T("(0,2,3,1)")), "(2,2,2,2):(1,4,8,2)"));
}

TEST(MakeOrderedLayout, AllValuesCount) {
  // CuTe's second example, make_ordered_layout((2,3,4,5), (_2,67,42,_50)) -> (2,3,4,5):(_1,10,30,2),
  // ignores the run-time values 67 and 42. The spec takes every value as given:
  // order 2 (size 2) -> 1, 42 (size 4) -> 2, 50 (size 5) -> 8, 67 (size 3) -> 40.
  EXPECT_TRUE(is(make_ordered_layout(T("(2,3,4,5)"), T("(2,67,42,50)")), "(2,3,4,5):(1,40,2,8)"));
}

TEST(MakeOrderedLayout, OrderLeavesCoverSubShapes) {
  // order 0: mode 2 (8) -> 1; order 1: mode 0 (2) -> 8; order 2: mode 1 (8,4) -> (16,128)
  EXPECT_TRUE(is(make_ordered_layout(T("(2,(8,4),8)"), T("(1,2,0)")), "(2,(8,4),8):(8,(16,128),1)"));
  // nested order: 0 -> 64:1, 1 -> 4:64, 2 -> 12:256
  EXPECT_TRUE(is(make_ordered_layout(T("(4,(12,64))"), T("(1,(2,0))")), "(4,(12,64)):(64,(256,1))"));
  // an integral order: the whole shape column-major
  EXPECT_TRUE(is(make_ordered_layout(T("(2,(3,4))"), T("7")), "(2,(3,4)):(1,(2,6))"));
  // size-1 leaves get 0: order 0: (4) -> 1; order 1: mode 3 (1) -> 0; order 2: ((2,64),1) from 4
  // -> ((4,8),0); order 3: mode 2 (4) from 4*128 = 512
  EXPECT_TRUE(is(make_ordered_layout(T("(4,((2,64),1),4,1)"), T("(0,2,3,1)")), "(4,((2,64),1),4,1):(1,((4,8),0),512,0)"));
  // negative order values come first: -5 (mode 1, 3) -> 1, 0 (mode 0, 2) -> 3
  EXPECT_TRUE(is(make_ordered_layout(T("(2,3)"), T("(0,-5)")), "(2,3):(3,1)"));
}

TEST(MakeOrderedLayout, TiesAreBrokenByPosition) {
  // CuTe: (_4,_8):(_1,_1), not injective. The spec: mode 0 first.
  EXPECT_TRUE(is(make_ordered_layout(T("(4,8)"), T("(0,0)")), "(4,8):(1,4)"));
  EXPECT_TRUE(is(make_ordered_layout(T("(32,3)"), T("(1,1)")), "(32,3):(1,32)"));
  // CuTe: (_2,(_1,_4),_8):(_1,(_0,_1),_8). The spec: mode 0 -> 1, mode 1 (1,4) from 2 -> (0,2),
  // mode 2 from 2*4 = 8.
  EXPECT_TRUE(is(make_ordered_layout(T("(2,(1,4),8)"), T("(0,0,1)")), "(2,(1,4),8):(1,(0,2),8)"));
  // (2,2,2): orders (1,0,1): mode 1 -> 1, mode 0 -> 2, mode 2 -> 4
  EXPECT_TRUE(is(make_ordered_layout(T("(2,2,2)"), T("(1,0,1)")), "(2,2,2):(2,1,4)"));
}

TEST(MakeOrderedLayout, IsAlwaysCompact) {
  EXPECT_TRUE(is_compact(make_ordered_layout(T("(4,(2,3),5)"), T("(2,(0,2),0)"))));
  EXPECT_TRUE(is_compact(make_ordered_layout(T("((2,2),(3,1),2)"), T("(1,1,1)"))));
}

TEST(MakeOrderedLayout, BadArguments) {
  EXPECT_TRUE(fails_with(bad, [] { make_ordered_layout(T("(2,3)"), T("(0,1,2)")); }));  // rank mismatch
  EXPECT_TRUE(fails_with(bad, [] { make_ordered_layout(T("4"), T("(0,1)")); }));
  EXPECT_TRUE(fails_with(bad, [] { make_ordered_layout(T("(2,3)"), T("(0,(1,2))")); }));  // finer than the shape
  EXPECT_TRUE(fails_with(bad, [] { make_ordered_layout(T("(2,0)"), T("(0,1)")); }));     // shape 0
  EXPECT_TRUE(fails_with(bad, [] { make_ordered_layout(T("(2,-3)"), T("(0,1)")); }));
}

// --- make_layout_like ------------------------------------------------------------------------------

TEST(MakeLayoutLike, CuTeDocumentedExamples) {
  // cute/layout.hpp: (_2,_2,_2,_2):(_0,_2,_4,_1) -> (_2,_2,_2,_2):(_0,_2,_4,_1)
  // nonzero strides 1 (mode 3) -> 1, 2 (mode 1) -> 2, 4 (mode 2) -> 4
  EXPECT_TRUE(is(make_layout_like(L("(2,2,2,2):(0,2,4,1)")), "(2,2,2,2):(0,2,4,1)"));
  // (2,3,4,5):(_0,42,_1,_0) -> (2,3,4,5):(_0,4,_1,_0): stride 1 (size 4) -> 1, 42 (size 3) -> 4
  EXPECT_TRUE(is(make_layout_like(L("(2,3,4,5):(0,42,1,0)")), "(2,3,4,5):(0,4,1,0)"));
}

TEST(MakeLayoutLike, FollowsTheStrideOrder) {
  // docs 03_tensor.md: make_tensor_like of (_4,_8):(_32,_2) is (_4,_8):(_8,_1)
  EXPECT_TRUE(is(make_layout_like(L("(4,8):(32,2)")), "(4,8):(8,1)"));
  EXPECT_TRUE(is(make_layout_like(L("4:32")), "4:1"));
  // zero strides stay 0 and take no room: 1 (size 4) -> 1, 32 (size 16) -> 4
  EXPECT_TRUE(is(make_layout_like(L("(16,(8,4)):(32,(0,1))")), "(16,(8,4)):(4,(0,1))"));
  // a size-1 leaf gets 0: 3 (size 15) -> 1, 6 (size 14) -> 15
  EXPECT_TRUE(is(make_layout_like(L("(1,(15,14)):(1,(3,6))")), "(1,(15,14)):(0,(1,15))"));
  EXPECT_TRUE(is(make_layout_like(L("(10,3):(0,0)")), "(10,3):(0,0)"));
  // a negative stride comes first: -1 (mode 1, size 2) -> 1, 8 (mode 0, size 4) -> 2
  EXPECT_TRUE(is(make_layout_like(L("(4,2):(8,-1)")), "(4,2):(2,1)"));
}

TEST(MakeLayoutLike, TiesAreBrokenByPosition) {
  // CuTe: (_2,_8):(_1,_1), not injective.
  EXPECT_TRUE(is(make_layout_like(L("(2,8):(2,2)")), "(2,8):(1,2)"));
  // CuTe: (_4,_5,_14):(_1,_1,_20). The spec: 4 (mode 0) -> 1, 4 (mode 1) -> 4, 20 -> 20.
  EXPECT_TRUE(is(make_layout_like(L("(4,5,14):(4,4,20)")), "(4,5,14):(1,4,20)"));
}

TEST(MakeLayoutLike, BadArguments) {
  EXPECT_TRUE(fails_with(bad, [] { make_layout_like(L("(4,2):(1@0,1@1)")); }));  // basis strides
  EXPECT_TRUE(fails_with(bad, [] { make_layout_like(L("(4,0):(1,4)")); }));      // shape 0
}

TEST(CheckMakeLayoutLike, JudgesClaims) {
  Layout l = L("(2,8):(2,2)");
  EXPECT_TRUE(check_make_layout_like(l, claim("(2,8):(1,2)")).correct);
  EXPECT_TRUE(check_make_layout_like(l, claim("(_2,_8):(_1,_2)")).correct);
  // CuTe's answer: at index 2 = coordinate (0,1) it gives 1, the spec 2.
  Judgement j = check_make_layout_like(l, claim("(2,8):(1,1)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 2);
  EXPECT_EQ(j.coordinate, "(0,1)");
  EXPECT_EQ(j.claimed_value, "1");
  EXPECT_EQ(j.expected_value, "2");
  // The shape must refine (2,8).
  EXPECT_FALSE(check_make_layout_like(l, claim("16:1")).correct);
  // Every input has a result: "error" refuses an admissible input.
  Judgement e = check_make_layout_like(l, error_claim());
  EXPECT_FALSE(e.correct);
  EXPECT_NE(e.detail.find("refused an admissible input"), std::string::npos);
  EXPECT_TRUE(fails_with(bad, [] { check_make_layout_like(L("(0,2):(1,1)"), claim("(0,2):(1,1)")); }));
}

// --- make_fragment_like ------------------------------------------------------------------------------

TEST(MakeFragmentLike, ModeZeroFirstThenTheRestInStrideOrder) {
  // mode 0: 2:1, n0 = 2; rest (4,4) ordered by (80,5): 5 -> 1, 80 -> 4; scaled by 2: (8,2)
  EXPECT_TRUE(is(make_fragment_like(L("(2,4,4):(320,80,5)")), "(2,4,4):(1,8,2)"));
  // mode 0: 32:1; rest 8 -> 1 * 32. CuTe prints (_32,(_8)):(_1,(_32)).
  EXPECT_TRUE(is(make_fragment_like(L("(32,8):(8,1)")), "(32,8):(1,32)"));
  // mode 0: 8:1; rest (2,((4,8),2)) ordered by (64,((16,2),1)): 1 (2) -> 1, 2 (8) -> 2,
  // 16 (4) -> 16, 64 (2) -> 64; scaled by 8
  EXPECT_TRUE(is(make_fragment_like(L("(8,2,((4,8),2)):(128,64,((16,2),1))")),
                 "(8,2,((4,8),2)):(1,512,((128,16),8))"));
  // mode 0: 9:1, n0 = 9; rest (15,4) by (4,1): 1 (size 4) -> 1, 4 (size 15) -> 4; scaled by 9: (36,9)
  EXPECT_TRUE(is(make_fragment_like(L("(9,15,4):(60,4,1)")), "(9,15,4):(1,36,9)"));
}

TEST(MakeFragmentLike, ZeroStridesInModeZeroKeepZero) {
  // mode 0 (2,4):(1,0) -> (1,0), n0 = 2; rest (2):(0) -> 1 * 2
  EXPECT_TRUE(is(make_fragment_like(L("((2,4),2):((1,0),0)")), "((2,4),2):((1,0),2)"));
  // mode 0 stride 0 -> 0, n0 = 1; rest 4 -> 1
  EXPECT_TRUE(is(make_fragment_like(L("(8,4):(0,8)")), "(8,4):(0,1)"));
  EXPECT_TRUE(is(make_fragment_like(L("(4,8):(0,0)")), "(4,8):(0,1)"));
}

TEST(MakeFragmentLike, ZeroStridesInTheRestTakeRoom) {
  // mode 0: 4:1; rest ((2,4),2) by ((1,0),2): 0 (size 4) -> 1, 1 (size 2) -> 4, 2 (size 2) -> 8; * 4
  EXPECT_TRUE(is(make_fragment_like(L("(4,((2,4),2)):(16,((1,0),2))")), "(4,((2,4),2)):(1,((16,4),32))"));
}

TEST(MakeFragmentLike, RankOneIsColumnMajor) {
  EXPECT_TRUE(is(make_fragment_like(L("4:0")), "4:1"));
  EXPECT_TRUE(is(make_fragment_like(L("(64):(0)")), "(64):(1)"));
  EXPECT_TRUE(is(make_fragment_like(L("((2,3)):((3,1))")), "((2,3)):((1,2))"));
}

TEST(MakeFragmentLike, BadArguments) {
  EXPECT_TRUE(fails_with(bad, [] { make_fragment_like(L("(2,0):(1,2)")); }));
  EXPECT_TRUE(fails_with(bad, [] { make_fragment_like(L("(2,4):(1,1@1)")); }));  // order needs integers
}

TEST(CheckMakeFragmentLike, AcceptsCuTesTiledProductForm) {
  // (_32,(_8)):(_1,(_32)) as CuTe prints it: mode 1 wrapped in a rank-1 tuple.
  EXPECT_TRUE(check_make_fragment_like(L("(32,8):(8,1)"), claim("(_32,(_8)):(_1,(_32))")).correct);
  EXPECT_TRUE(check_make_fragment_like(L("(32,8):(8,1)"), claim("(32,8):(1,32)")).correct);
  // mode 1 a tuple: CuTe (_4,((_2,_4))):(_1,((_16,_4))); spec (4,(2,4)):(1,(16,4)).
  // mode 0 4:1, n0 = 4; rest (2,4) by (64,1): 1 (4) -> 1, 64 (2) -> 4; * 4 -> (16,4)
  Layout l = L("(4,(2,4)):(16,(64,1))");
  EXPECT_TRUE(is(make_fragment_like(l), "(4,(2,4)):(1,(16,4))"));
  EXPECT_TRUE(check_make_fragment_like(l, claim("(_4,((_2,_4))):(_1,((_16,_4)))")).correct);
  EXPECT_TRUE(check_make_fragment_like(l, claim("(4,(2,4)):(1,(16,4))")).correct);
  // a wrong value in the wrapped form: index 4 = (0,(1,0)) must be 16
  Judgement j = check_make_fragment_like(l, claim("(4,((2,4))):(1,((8,4)))"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 4);
  EXPECT_EQ(j.expected_value, "16");
  // the profile of mode 1 must still match
  EXPECT_FALSE(check_make_fragment_like(l, claim("(4,(8)):(1,(4))")).correct);
  EXPECT_FALSE(check_make_fragment_like(l, error_claim()).correct);
}

// --- make_ordered_layout checks ---------------------------------------------------------------------

TEST(CheckMakeOrderedLayout, JudgesClaims) {
  EXPECT_TRUE(check_make_ordered_layout(T("(2,2,2,2)"), T("(0,2,3,1)"), claim("(_2,_2,_2,_2):(_1,_4,_8,_2)")).correct);
  // CuTe's tie: (_4,_8):(_1,_1) differs at index 4 = (0,1): 1 instead of 4.
  Judgement j = check_make_ordered_layout(T("(4,8)"), T("(0,0)"), claim("(4,8):(1,1)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 4);
  EXPECT_FALSE(check_make_ordered_layout(T("(4,8)"), T("(0,0)"), error_claim()).correct);
  EXPECT_TRUE(fails_with(bad, [] { check_make_ordered_layout(T("(4,8)"), T("(0,0,0)"), claim("(4,8):(1,4)")); }));
}

// --- make_identity_layout ----------------------------------------------------------------------------

TEST(MakeIdentityLayout, BasisStrides) {
  Layout l = make_identity_layout(T("(4,8)"));
  EXPECT_EQ(l.shape, T("(4,8)"));
  EXPECT_EQ(l.stride, Stride::tuple({Stride(Value::basis(1, {0})), Stride(Value::basis(1, {1}))}));
  EXPECT_TRUE(is(l, "(4,8):(1@0,1@1)"));
  // ((2,2),4): paths {0,0}, {0,1}, {1}; printed innermost mode first.
  Layout n = make_identity_layout(T("((2,2),4)"));
  EXPECT_EQ(n.stride, Stride::tuple({Stride::tuple({Stride(Value::basis(1, {0, 0})), Stride(Value::basis(1, {0, 1}))}),
                                     Stride(Value::basis(1, {1}))}));
  EXPECT_EQ(str(n), "((2,2),4):((1@0@0,1@1@0),1@1)");
  // An integral shape: CuTe's E<>{} is the integer 1.
  EXPECT_TRUE(is(make_identity_layout(T("4")), "4:1"));
  EXPECT_TRUE(is(make_identity_layout(T("(4)")), "(4):(1@0)"));
}

TEST(MakeIdentityLayout, MapsACoordinateToItself) {
  Layout l = make_identity_layout(T("(4,8)"));
  // index 13 = (1,3) -> 1@0 + 3@1
  EXPECT_EQ(evaluate(l, 13), Value::basis(1, {0}) + Value::basis(3, {1}));
  Layout n = make_identity_layout(T("((2,2),4)"));
  // index 7 = ((1,1),1) -> 1@0@0 + 1@1@0 + 1@1
  EXPECT_EQ(evaluate(n, 7), Value::basis(1, {0, 0}) + Value::basis(1, {0, 1}) + Value::basis(1, {1}));
  for (i64 i = 0; i < size(n); ++i) {
    IntTuple c = idx2crd(i, n.shape);
    Value v = evaluate(n, i);
    EXPECT_EQ(v.at({0, 0}), get(c, {0, 0}).value);
    EXPECT_EQ(v.at({0, 1}), get(c, {0, 1}).value);
    EXPECT_EQ(v.at({1}), get(c, {1}).value);
  }
}

TEST(MakeIdentityLayout, BadShapes) {
  EXPECT_TRUE(fails_with(bad, [] { make_identity_layout(T("0")); }));
  EXPECT_TRUE(fails_with(bad, [] { make_identity_layout(T("(4,(2,0))")); }));
}

}  // namespace
}  // namespace layoutref::spec
