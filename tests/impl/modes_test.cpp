// impl mode manipulation: flatten, group, take, select, append, prepend, unflatten, and
// make_layout of layouts. Expected values derived by hand from CuTe's definitions
// (cute/layout.hpp, tuple_algorithms.hpp): modes move whole, strides and static markers stay.
#include "support.hpp"

#include <layoutref/impl/modes.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

// constexpr: take((_2,_3,_4):(_1,_2,_6), 1, 3) has the modes _3:_2 and _4:_6.
constexpr bool takes_at_compile_time() {
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  b.push_leaf(LayoutLeaf{Int::fixed(3), Stride::integer(Int::fixed(2))});
  b.push_leaf(LayoutLeaf{Int::fixed(4), Stride::integer(Int::fixed(6))});
  auto l = b.done();
  auto t = take(l.value, 1, 3);
  auto g = group(l.value, 0, 2);
  return t.ok() && t.value.rank() == 2 && t.value.leaf[0].shape_value() == 3 && t.value.leaf[1].stride_value() == 6 &&
         g.ok() && g.value.rank() == 2 && g.value.depth() == 2;
}
static_assert(takes_at_compile_time());

TEST(ImplModes, Flatten) {
  EXPECT_EQ(str(flatten(L("(_2,(_3,_4)):(_1,(_2,_6))"))), "(_2,_3,_4):(_1,_2,_6)");
  EXPECT_EQ(str(flatten(L("((_4)):((_1))"))), "(_4):(_1)");
  EXPECT_EQ(str(flatten(L("_4:_1"))), "_4:_1");                     // a leaf stays a leaf
  EXPECT_EQ(str(flatten(L("((2,_3),(4,(_5))):((_1,2),(6,(_24)))"))), "(2,_3,4,_5):(_1,2,6,_24)");
}

TEST(ImplModes, Group) {
  Layout l = L("(_2,_3,_4,_5):(_1,_2,_6,_24)");
  EXPECT_EQ(S(group(l, 1, 3)), "(_2,(_3,_4),_5):(_1,(_2,_6),_24)");
  EXPECT_EQ(S(group(l, 0, 4)), "((_2,_3,_4,_5)):((_1,_2,_6,_24))");
  EXPECT_EQ(S(group(l, 2, 2)), "(_2,_3,_4,_5):(_1,_2,_6,_24)");  // empty range: unchanged
  EXPECT_EQ(S(group(L("_4:_1"), 0, 1)), "((_4)):((_1))");        // an integral layout is its own mode
  EXPECT_EQ(S(group(L("_4:_1"), 0, 0)), "(_4):(_1)");
  auto bad = group(l, 3, 2);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
  EXPECT_FALSE(group(l, 0, 5).ok());
}

TEST(ImplModes, Take) {
  Layout l = L("(_2,(_3,_4),5):(_1,(_2,_6),24)");
  EXPECT_EQ(S(take(l, 1, 3)), "((_3,_4),5):((_2,_6),24)");
  EXPECT_EQ(S(take(l, 0, 1)), "(_2):(_1)");
  EXPECT_EQ(S(take(L("_4:_1"), 0, 1)), "(_4):(_1)");
  auto empty = take(l, 1, 1);  // CuTe's layout take refuses an empty range
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error.code, Errc::bad_argument);
  EXPECT_FALSE(take(l, 2, 4).ok());
}

TEST(ImplModes, Select) {
  Layout l = L("(_2,_3,_4):(_1,_2,_6)");
  int order[] = {2, 0, 2};
  EXPECT_EQ(S(select(l, order)), "(_4,_2,_4):(_6,_1,_6)");
  auto none = select(l, nullptr, 0);
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none.value.rank(), 0);
  int out_of_range[] = {3};
  auto bad = select(l, out_of_range);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
}

TEST(ImplModes, AppendAndPrepend) {
  Layout l = L("(_2,_3):(_1,_2)");
  EXPECT_EQ(S(append(l, L("_4:_6"))), "(_2,_3,_4):(_1,_2,_6)");
  EXPECT_EQ(S(append(L("_4:_1"), L("_2:_4"))), "(_4,_2):(_1,_4)");
  EXPECT_EQ(S(append(l, L("(_2,_2):(_6,_12)"))), "(_2,_3,(_2,_2)):(_1,_2,(_6,_12))");
  EXPECT_EQ(S(prepend(l, L("_4:_6"))), "(_4,_2,_3):(_6,_1,_2)");
  EXPECT_EQ(S(prepend(L("_4:_1"), L("_2:_4"))), "(_2,_4):(_4,_1)");
  // CuTe's append<N> / prepend<N>: padding with _1:_0 modes.
  EXPECT_EQ(S(append(l, 4)), "(_2,_3,_1,_1):(_1,_2,_0,_0)");
  EXPECT_EQ(S(append(l, 2)), "(_2,_3):(_1,_2)");
  EXPECT_EQ(S(append(L("_4:_1"), 1)), "_4:_1");  // an integral layout of rank 1 stays integral
  EXPECT_EQ(S(append(L("_4:_1"), 2)), "(_4,_1):(_1,_0)");
  EXPECT_EQ(S(prepend(L("_4:_1"), 3)), "(_1,_1,_4):(_0,_0,_1)");
  EXPECT_EQ(S(append(l, 3, L("_5:_7"))), "(_2,_3,_5):(_1,_2,_7)");
  auto bad = append(l, 1);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
  EXPECT_FALSE(prepend(l, 1).ok());
}

TEST(ImplModes, Unflatten) {
  EXPECT_EQ(S(unflatten(L("(_2,_3,_4):(_1,_2,_6)"), P("(1,(1,1))"))), "(_2,(_3,_4)):(_1,(_2,_6))");
  EXPECT_EQ(S(unflatten(L("(_2,_3,_4):(_1,_2,_6)"), P("((1,1),1)"))), "((_2,_3),_4):((_1,_2),_6)");
  EXPECT_EQ(S(unflatten(L("_4:_1"), P("7"))), "_4:_1");  // only the nesting of the profile matters
  EXPECT_EQ(S(unflatten(L("(_4):(_1)"), P("(1)"))), "(_4):(_1)");
  auto bad = unflatten(L("(_2,_3):(_1,_2)"), P("(1,1,1)"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
}

TEST(ImplModes, MakeLayoutOfLayouts) {
  EXPECT_EQ(S(make_layout(L("_2:_1"), L("(_3,_4):(_2,_6)"))), "(_2,(_3,_4)):(_1,(_2,_6))");
  EXPECT_EQ(S(make_layout(L("_2:_1"))), "(_2):(_1)");  // one part: a rank-1 tuple
  EXPECT_EQ(S(make_layout(L("4:_1"), L("_2:8"), L("(_3):(_32)"))), "(4,_2,(_3)):(_1,8,(_32))");
}

TEST(ImplModes, Capacity) {
  TupleBuilder<LayoutLeaf> b;
  for (int i = 0; i < kMaxLeaves; ++i) b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  auto full = b.done();
  ASSERT_TRUE(full.ok());
  auto r = append(full.value, L("_2:_64"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::capacity);
  auto g = group(full.value, 0, 2);  // grouping adds a node but no leaf: still fits
  EXPECT_TRUE(g.ok());
}

// At capacities 4 and 8: the hand values above, and capacity errors where a result does not fit.
template <int N>
void modes_at_capacity() {
  LayoutN<N> l = LN<N>("(_2,_3,_4):(_1,_2,_6)");
  EXPECT_EQ(SN(group(l, 1, 3)), "(_2,(_3,_4)):(_1,(_2,_6))");
  EXPECT_EQ(SN(take(LN<N>("(_2,(_3,_4),5):(_1,(_2,_6),24)"), 1, 3)), "((_3,_4),5):((_2,_6),24)");
  int order[] = {2, 0};
  EXPECT_EQ(SN(select(l, order)), "(_4,_2):(_6,_1)");
  EXPECT_EQ(SN(append(LN<N>("(_2,_3):(_1,_2)"), LN<N>("_4:_6"))), "(_2,_3,_4):(_1,_2,_6)");
  EXPECT_EQ(SN(prepend(LN<N>("(_2,_3):(_1,_2)"), LN<N>("_4:_6"))), "(_4,_2,_3):(_6,_1,_2)");
  EXPECT_EQ(SN(append(LN<N>("(_2,_3):(_1,_2)"), 4)), "(_2,_3,_1,_1):(_1,_2,_0,_0)");
  EXPECT_EQ(SN(prepend(LN<N>("_4:_1"), 3)), "(_1,_1,_4):(_0,_0,_1)");
  EXPECT_EQ(SN(unflatten(l, PN<N>("(1,(1,1))"))), "(_2,(_3,_4)):(_1,(_2,_6))");
  EXPECT_EQ(SN(make_layout(LN<N>("_2:_1"), LN<N>("(_3,_4):(_2,_6)"))), "(_2,(_3,_4)):(_1,(_2,_6))");
  EXPECT_EQ(str(with_capacity<kMaxLeaves>(flatten(LN<N>("(_2,(_3,_4)):(_1,(_2,_6))"))).value), "(_2,_3,_4):(_1,_2,_6)");
  // N + 1 leaves do not fit: append and prepend refuse with capacity.
  auto full = append(l, N);
  ASSERT_TRUE(full.ok());
  for (auto r : {append(full.value, LN<N>("_2:_64")), prepend(full.value, LN<N>("_2:_64")), append(full.value, N + 1)}) {
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error.code, Errc::capacity);
  }
}

TEST(ImplModesCapacity, HandValuesAndRefusals) {
  modes_at_capacity<4>();
  modes_at_capacity<8>();
}

constexpr bool takes_at_capacity_4() {
  auto l = make_leaf<4>(Int::fixed(2), Stride::integer(Int::fixed(1)));
  auto a = append(l, make_leaf<4>(Int::fixed(3), Stride::integer(Int::fixed(2))));
  auto t = take(a.value, 1, 2);
  return sizeof(l) < 200 && a.ok() && t.ok() && t.value.rank() == 1 && t.value.leaf[0].shape_value() == 3;
}
static_assert(takes_at_capacity_4());

}  // namespace
}  // namespace layoutref::impl
