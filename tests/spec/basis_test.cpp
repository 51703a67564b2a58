// Scaled-basis strides, identity layouts and layouts whose values are coordinates.
// Sources: CuTe docs 0z_tma_tensors.md (ScaledBasis, ArithTuple), the seed document
// "CuTe Arithmetic Tuple Tensors" (Lei Mao's blog). Expected values derived by hand.
#include "support.hpp"

#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/divide.hpp>

namespace layoutref::spec {
namespace {

using namespace testing_support;

TEST(Basis, ValueArithmeticAndPrinting) {
  // 1@0 + 2@1 is (1,2,0,...); 3@1@0 is 3 at mode 0 of mode 1: path {1,0}.
  Value a = V("1@0") + 2 * V("1@1");
  EXPECT_EQ(a.str(), "1@0+2@1");
  EXPECT_EQ(a.at({0}), 1);
  EXPECT_EQ(a.at({1}), 2);
  Value b = V("3@0@1");
  EXPECT_EQ(b.at({1, 0}), 3);
  EXPECT_EQ(b.at({0, 1}), 0);
  EXPECT_TRUE((a - a).is_zero());
  EXPECT_FALSE(a.is_integer());
  EXPECT_EQ(V("5").integer(), 5);
}

TEST(Basis, IdentityLayoutMapsIndexToCoordinate) {
  // make_identity_layout((4,8)) = (4,8):(1@0,1@1); index 9 = (1,2) -> the coordinate (1,2).
  Layout id = make_identity_layout(T("(4,8)"));
  EXPECT_TRUE(is(id, "(4,8):(1@0,1@1)"));
  Value v = evaluate(id, 9);
  EXPECT_EQ(v.at({0}), 1);
  EXPECT_EQ(v.at({1}), 2);
}

TEST(Basis, SeedThreadCoordinate) {
  // Seed 000: ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1) at ((1,1),2,3):
  // (1,1).(1@1,8@0) + 2*32@0 + 3*16@1 = (8+64, 1+48) = (72,49); plus ArithTuple(128,130) = (200,179).
  Layout l = L("((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)");
  Value v = crd2idx(T("((1,1),2,3)"), l);
  EXPECT_EQ(v.at({0}), 72);
  EXPECT_EQ(v.at({1}), 49);
  Value offset = 128 * V("1@0") + 130 * V("1@1");
  Value total = offset + v;
  EXPECT_EQ(total.at({0}), 200);
  EXPECT_EQ(total.at({1}), 179);
}

TEST(Basis, CompositionKeepsBasisStrides) {
  // (4,8):(1@0,1@1) composed by modes with the shape (2,4): mode 0 4:1@0 o 2:1 = 2:1@0,
  // mode 1 8:1@1 o 4:1 = 4:1@1.
  Layout id = make_identity_layout(T("(4,8)"));
  EXPECT_TRUE(is(composition(id, Tiler::shape(T("(2,4)"))), "(2,4):(1@0,1@1)"));
  // A stride-2 tiler on mode 1: 8:1@1 o 4:2 = 4:2@1.
  EXPECT_TRUE(is(composition(id, Tl("(_2:_1,_4:_2)")), "(2,4):(1@0,2@1)"));
}

TEST(Basis, CompositionWithCoordinateValuedRightSide) {
  // B = (2,2):(1@0,1@1) yields coordinates (i,j) of A = (4,8):(8,1) (row-major 4x8):
  // A((i,j)) = 8i + j, so A o B = (2,2):(8,1).
  EXPECT_TRUE(is(composition(L("(4,8):(8,1)"), L("(2,2):(1@0,1@1)")), "(2,2):(8,1)"));
}

TEST(Basis, ZippedDivideOfAnIdentityLayout) {
  // (8,24):(1@0,1@1) divided by the shape (4,8): mode 0: 8:1@0 / 4:1 = (4:1@0, 2:4@0),
  // mode 1: 24:1@1 / 8:1 = (8:1@1, 3:8@1); zipped: ((4,8),(2,3)):((1@0,1@1),(4@0,8@1)).
  Layout id = make_identity_layout(T("(8,24)"));
  EXPECT_TRUE(is(zipped_divide(id, Tiler::shape(T("(4,8)"))), "((4,8),(2,3)):((1@0,1@1),(4@0,8@1))"));
}

TEST(Basis, ComplementNeedsIntegerStrides) {
  // complement of a layout with basis strides is not defined: named condition.
  auto adm = is_composition_admissible(L("(4,8):(1@0,1@1)"), L("2:1"));
  EXPECT_TRUE(adm.ok);
}

}  // namespace
}  // namespace layoutref::spec
