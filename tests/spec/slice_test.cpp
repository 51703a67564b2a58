// Tests of slicing with `_` (layout.hpp slice): the examples of CuTe's Tensor documentation
// (docs 03_tensor.md "Slicing"). The layouts are the
// document's; the offsets are derived by hand.
#include "support.hpp"

#include <layoutref/spec/layout.hpp>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// The document's tensor A: ((_3,2),(2,_5,_2)):((4,1),(_2,13,100)).
Layout document_a() { return L("((_3,2),(2,_5,_2)):((4,1),(_2,13,100))"); }

TEST(Slice, RowOfModeZero) {
  // B = A(2,_): ((2,_5,_2)):((_2,13,100)). Offset: 2 in (3,2) is (2,0): 2*4 + 0*1 = 8.
  Slice s = slice(C("(2,_)"), document_a());
  EXPECT_TRUE(is(s.layout, "((2,5,2)):((2,13,100))"));
  EXPECT_EQ(s.offset, Value(8));
}

TEST(Slice, ColumnOfModeOne) {
  // C = A(_,5): ((_3,_2)):((4,1)). Offset: 5 in (2,5,2) is (1,2,0): 1*2 + 2*13 + 0*100 = 28.
  Slice s = slice(C("(_,5)"), document_a());
  EXPECT_TRUE(is(s.layout, "((3,2)):((4,1))"));
  EXPECT_EQ(s.offset, Value(28));
}

TEST(Slice, NestedUnderscoresKeepTheSubModes) {
  // D = A((_,_),5): (_3,2):(4,1), same elements as C with a different rank; offset 28 as for C.
  Slice s = slice(C("((_,_),5)"), document_a());
  EXPECT_TRUE(is(s.layout, "(3,2):(4,1)"));
  EXPECT_EQ(s.offset, Value(28));
}

TEST(Slice, MixedCoordinates) {
  // E = A((_,1),(0,_,1)): (_3,_5):(4,13). Offset: ((0,1),(0,0,1)) -> 1*1 + 1*100 = 101.
  Slice e = slice(C("((_,1),(0,_,1))"), document_a());
  EXPECT_TRUE(is(e.layout, "(3,5):(4,13)"));
  EXPECT_EQ(e.offset, Value(101));
  // F = A((2,_),(_,3,_)): (2,2,_2):(1,_2,100). Offset: ((2,0),(0,3,0)) -> 2*4 + 3*13 = 47.
  Slice f = slice(C("((2,_),(_,3,_))"), document_a());
  EXPECT_TRUE(is(f.layout, "(2,2,2):(1,2,100)"));
  EXPECT_EQ(f.offset, Value(47));
}

TEST(Slice, SlicedLayoutPlusOffsetIsTheOriginal) {
  // E(i,j) + offset == A((i,1),(0,j,1)) for every i in [0,3), j in [0,5).
  Layout a = document_a();
  Slice e = slice(C("((_,1),(0,_,1))"), a);
  for (i64 i = 0; i < 3; ++i)
    for (i64 j = 0; j < 5; ++j) {
      IntTuple ce = IntTuple::tuple({IntTuple(i), IntTuple(j)});
      IntTuple ca = IntTuple::tuple({IntTuple::tuple({IntTuple(i), IntTuple(1)}),
                                     IntTuple::tuple({IntTuple(0), IntTuple(j), IntTuple(1)})});
      EXPECT_EQ(crd2idx(ce, e.layout) + e.offset, crd2idx(ca, a)) << i << "," << j;
    }
}

TEST(Slice, WholeAndNothing) {
  Layout a = document_a();
  // A lone `_` keeps the whole layout.
  Slice all = slice(C("_"), a);
  EXPECT_EQ(all.layout, a);
  EXPECT_EQ(all.offset, Value(0));
  // (_,_) keeps both modes as a rank-2 tuple: the same layout.
  EXPECT_EQ(slice(C("(_,_)"), a).layout, a);
  // No underscore: the empty layout and the value at the coordinate.
  // (1,3): 1 in (3,2) is (1,0) -> 4; 3 in (2,5,2) is (1,1,0) -> 2 + 13 = 15; total 19.
  Slice none = slice(C("(1,3)"), a);
  EXPECT_TRUE(is(none.layout, "():()"));
  EXPECT_EQ(none.offset, Value(19));
  EXPECT_EQ(size(none.layout), 1);
}

TEST(Slice, BasisStrides) {
  // An identity layout (4,8):(1@0,1@1) sliced at (_,3): 4:1@0 in a rank-1 tuple, offset 3@1.
  Layout id = L("(4,8):(1@0,1@1)");
  Slice s = slice(C("(_,3)"), id);
  EXPECT_TRUE(is(s.layout, "(4):(1@0)"));
  EXPECT_EQ(s.offset, Value::basis(3, {1}));
}

TEST(Slice, BadCoordinates) {
  Layout a = document_a();
  EXPECT_TRUE(fails_with(bad, [&] { slice(C("(1,_,2)"), a); }));          // rank 3 against rank 2
  EXPECT_TRUE(fails_with(bad, [&] { slice(C("(_,(1,_))"), a); }));        // (1,_) against (2,5,2)
  EXPECT_TRUE(fails_with(bad, [&] { slice(C("(6,_)"), a); }));            // 6 is outside [0,3*2)
  EXPECT_TRUE(fails_with(bad, [&] { slice(C("(_,-1)"), a); }));           // negative coordinate
}

}  // namespace
}  // namespace layoutref::spec
