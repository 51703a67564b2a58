// Tests of the layout function (layout.hpp): idx2crd, crd2idx, crd2crd, evaluate,
// evaluate_extended, cosize. Expected values are derived by hand; the coordinate table is the one
// of the seed document "Concepts in CUTLASS.CuTe" (docs/semantics.md, Sources), itself
// from CuTe docs 01_layout.md ("Coordinate mapping").
#include "support.hpp"

#include <layoutref/spec/layout.hpp>

#include <string>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// The seed document's table for Shape (3,(2,3)), copied row by row: 1-D, 2-D, natural.
struct Row {
  i64 index;
  char const* coord_2d;
  char const* natural;
};
constexpr Row kTable[] = {
    {0, "(0,0)", "(0,(0,0))"},  {1, "(1,0)", "(1,(0,0))"},  {2, "(2,0)", "(2,(0,0))"},
    {3, "(0,1)", "(0,(1,0))"},  {4, "(1,1)", "(1,(1,0))"},  {5, "(2,1)", "(2,(1,0))"},
    {6, "(0,2)", "(0,(0,1))"},  {7, "(1,2)", "(1,(0,1))"},  {8, "(2,2)", "(2,(0,1))"},
    {9, "(0,3)", "(0,(1,1))"},  {10, "(1,3)", "(1,(1,1))"}, {11, "(2,3)", "(2,(1,1))"},
    {12, "(0,4)", "(0,(0,2))"}, {13, "(1,4)", "(1,(0,2))"}, {14, "(2,4)", "(2,(0,2))"},
    {15, "(0,5)", "(0,(1,2))"}, {16, "(1,5)", "(1,(1,2))"}, {17, "(2,5)", "(2,(1,2))"},
};

TEST(LayoutFunctionIdx2crd, SeedDocumentTable) {
  IntTuple shape = T("(3,(2,3))");
  ASSERT_EQ(size(shape), 18);
  for (auto const& row : kTable) {
    SCOPED_TRACE(row.index);
    EXPECT_TRUE(is(idx2crd(row.index, shape), row.natural));
    EXPECT_TRUE(is(idx2crd(row.index, T("(3,6)")), row.coord_2d));  // the 2-D shape of the same layout
    EXPECT_TRUE(is(idx2crd(row.index, T("18")), std::to_string(row.index)));
  }
}

TEST(LayoutFunctionIdx2crd, SeedDocumentWorkedExample) {
  // 16 div 3 = 5 rem 1 -> (1,5); 5 div 2 = 2 rem 1 -> (1,(1,2)).
  EXPECT_TRUE(is(idx2crd(16, T("(3,6)")), "(1,5)"));
  EXPECT_TRUE(is(idx2crd(16, T("(3,(2,3))")), "(1,(1,2))"));
  EXPECT_TRUE(is(crd2crd(T("(1,5)"), T("(3,(2,3))"), T("(3,(2,3))")), "(1,(1,2))"));
  EXPECT_TRUE(is(crd2crd(T("16"), T("(3,(2,3))"), T("(3,6)")), "(1,5)"));
}

TEST(LayoutFunctionIdx2crd, OverflowGoesIntoTheLastMode) {
  // 30 = 0 + 2*15; 15 = 0 + 3*5; the last mode takes 5 although its size is 4.
  EXPECT_TRUE(is(idx2crd(30, T("(2,(3,4))")), "(0,(0,5))"));
  // 7 in (2,3): 7 = 1 + 2*3 -> (1,3).
  EXPECT_TRUE(is(idx2crd(7, T("(2,3)")), "(1,3)"));
  EXPECT_TRUE(is(idx2crd(9, T("4")), "9"));
  EXPECT_TRUE(fails_with(bad, [] { idx2crd(-1, T("(2,3)")); }));
}

TEST(LayoutFunctionCrd2idx, SeedDocumentTable) {
  IntTuple shape = T("(3,(2,3))");
  for (auto const& row : kTable) {
    SCOPED_TRACE(row.index);
    EXPECT_EQ(crd2idx(T(row.natural), shape), row.index);
    EXPECT_EQ(crd2idx(T(row.coord_2d), shape), row.index);  // a coarser coordinate
    EXPECT_EQ(crd2idx(T(std::to_string(row.index)), shape), row.index);
  }
}

TEST(LayoutFunctionCrd2idx, PartiallyFlattenedCoordinates) {
  IntTuple shape = T("((2,3),(4,5))");
  // ((1,2),(3,4)): 1 + 2*2 + 6*(3 + 4*4) = 5 + 6*19 = 119
  EXPECT_EQ(crd2idx(T("((1,2),(3,4))"), shape), 119);
  // (5,(3,4)): mode 0 given as its 1-D index 5 = 1 + 2*2
  EXPECT_EQ(crd2idx(T("(5,(3,4))"), shape), 119);
  // ((1,2),19): mode 1 given as 19 = 3 + 4*4
  EXPECT_EQ(crd2idx(T("((1,2),19)"), shape), 119);
  EXPECT_EQ(crd2idx(T("(5,19)"), shape), 119);
  EXPECT_EQ(crd2idx(T("119"), shape), 119);
}

TEST(LayoutFunctionCrd2idx, BadCoordinates) {
  IntTuple shape = T("(3,(2,3))");
  EXPECT_TRUE(fails_with(bad, [&] { crd2idx(T("(3,0)"), shape); }));       // 3 is outside [0,3)
  EXPECT_TRUE(fails_with(bad, [&] { crd2idx(T("(0,6)"), shape); }));       // 6 is outside [0,6)
  EXPECT_TRUE(fails_with(bad, [&] { crd2idx(T("(0,-1)"), shape); }));
  EXPECT_TRUE(fails_with(bad, [&] { crd2idx(T("(0,1,2)"), shape); }));     // rank mismatch
  EXPECT_TRUE(fails_with(bad, [&] { crd2idx(T("((0,0),0)"), shape); }));   // finer than the shape
  EXPECT_TRUE(fails_with(bad, [&] { crd2idx(T("18"), shape); }));
}

TEST(LayoutFunctionEvaluate, SeedDocumentLayout) {
  // (3,(2,3)):(3,(12,1)) maps the natural coordinate (i,(j,k)) to 3i + 12j + k.
  Layout l = L("(3,(2,3)):(3,(12,1))");
  for (i64 i = 0; i < 3; ++i)
    for (i64 j = 0; j < 2; ++j)
      for (i64 k = 0; k < 3; ++k) {
        IntTuple c = IntTuple::tuple({IntTuple(i), IntTuple::tuple({IntTuple(j), IntTuple(k)})});
        EXPECT_EQ(crd2idx(c, l), Value(3 * i + 12 * j + k)) << str(c);
      }
  // Through the table: the 1-D index and the 2-D coordinate reach the same value.
  EXPECT_EQ(evaluate(l, 16), Value(17));          // (1,(1,2)) -> 3 + 12 + 2
  EXPECT_EQ(crd2idx(T("(1,5)"), l), Value(17));
  EXPECT_EQ(crd2idx(T("16"), l), Value(17));
  EXPECT_EQ(evaluate(l, 0), Value(0));
  EXPECT_EQ(evaluate(l, 17), Value(20));          // (2,(1,2)) -> 6 + 12 + 2
  EXPECT_EQ(evaluate(l, 9), Value(13));           // (0,(1,1)) -> 12 + 1
  EXPECT_EQ(crd2idx(T("(1,4)"), l), Value(5));    // 4 in (2,3) is (0,2): 3 + 0 + 2
}

TEST(LayoutFunctionEvaluate, OutsideTheDomainIsABadArgument) {
  Layout l = L("(3,(2,3)):(3,(12,1))");
  EXPECT_TRUE(fails_with(bad, [&] { evaluate(l, 18); }));
  EXPECT_TRUE(fails_with(bad, [&] { evaluate(l, -1); }));
  EXPECT_TRUE(fails_with(bad, [&] { crd2idx(T("(3,0)"), l); }));
  EXPECT_TRUE(fails_with(bad, [&] { crd2idx(T("(0,(2,0))"), l); }));
}

TEST(LayoutFunctionEvaluateExtended, RunsOnAlongTheLastLeaf) {
  Layout l = L("(2,3):(1,10)");
  // 7 = 1 + 2*3: the last mode takes 3 (past its size 3): 1 + 30.
  EXPECT_EQ(evaluate_extended(l, 7), Value(31));
  EXPECT_EQ(evaluate_extended(l, 5), evaluate(l, 5));  // inside the domain: the same function
  // (2,(3,4)):(1,(2,100)) at 30 -> (0,(0,5)) -> 500
  EXPECT_EQ(evaluate_extended(L("(2,(3,4)):(1,(2,100))"), 30), Value(500));
  // A trailing 1:0 mode runs on with stride 0: 5 -> (1,1) -> 1 + 0.
  EXPECT_EQ(evaluate_extended(L("(4,1):(1,0)"), 5), Value(1));
  EXPECT_EQ(evaluate_extended(L("4:3"), 6), Value(18));
  EXPECT_TRUE(fails_with(bad, [&] { evaluate_extended(l, -1); }));
}

TEST(LayoutFunctionCosize, ExtentOfTheImage) {
  EXPECT_EQ(cosize(L("(3,(2,3)):(3,(12,1))")), 21);  // 1 + 2*3 + 1*12 + 2*1
  EXPECT_EQ(cosize(L("(4,3):(0,2)")), 5);            // 1 + 0 + 2*2: a 0 stride adds nothing
  EXPECT_EQ(cosize(L("(4,3):(0,0)")), 1);
  EXPECT_EQ(cosize(L("8:1")), 8);
  EXPECT_EQ(cosize(L("(2,2):(1,1)")), 3);            // not injective: values 0,1,1,2
  // Negative strides count by magnitude, as CuTe's coshape does (issue 12 item 14).
  EXPECT_EQ(cosize(L("4:-1")), 4);                   // values 0,-1,-2,-3: extent 0 - (-3) + 1
  EXPECT_EQ(cosize(L("(2,4):(4,-1)")), 8);           // values -3..4: 1 + 1*4 + 3*1
  EXPECT_EQ(cosize(L("(4,2):(-1,5)")), 9);           // values -3..5: 1 + 3*1 + 1*5
  EXPECT_TRUE(fails_with(bad, [] { cosize(L("(2,2):(1@0,1@1)")); }));  // basis strides
}

TEST(LayoutFunctionLayout, ShapeAndStrideMustBeCongruent) {
  EXPECT_TRUE(fails_with(bad, [] { Layout(T("(2,3)"), Stride::tuple({Stride(Value(1))})); }));
  EXPECT_TRUE(fails_with(bad, [] { Layout(T("(2,3)"), Stride(Value(1))); }));
  EXPECT_EQ(size(L("(3,(2,3)):(3,(12,1))")), 18);
  EXPECT_EQ(rank(L("(3,(2,3)):(3,(12,1))")), 2);
  EXPECT_EQ(depth(L("(3,(2,3)):(3,(12,1))")), 2);
  EXPECT_EQ(str(L("(_3,(2,_3)):(3,(_12,1))")), "(3,(2,3)):(3,(12,1))");
}

TEST(LayoutFunctionLayout, SubLayouts) {
  Layout l = L("(3,(2,3)):(3,(12,1))");
  EXPECT_EQ(get(l, {1}), L("(2,3):(12,1)"));
  EXPECT_EQ(get(l, {1, 0}), L("2:12"));
  EXPECT_TRUE(fails_with(bad, [&] { get(l, {2}); }));
  auto m = modes(l);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0], L("3:3"));
  auto leaves_of_l = leaf_modes(l);
  ASSERT_EQ(leaves_of_l.size(), 3u);
  EXPECT_EQ(leaves_of_l[2], L("3:1"));
}

TEST(LayoutConstruction, AModeOfSizeZeroIsNamed) {
  // The constructor builds this text only when it throws (layout.cpp).
  try {
    (void)lay({2, 0}, {1, 2});
    ADD_FAILURE() << "no error";
  } catch (Error const& e) {
    EXPECT_EQ(e.kind(), Error::Kind::bad_argument);
    EXPECT_EQ(std::string(e.what()), "the layout (2,0):(1,2): its shape (2,0) has a mode of size 0 (shapes must be >= 1)");
  }
}

}  // namespace
}  // namespace layoutref::spec
