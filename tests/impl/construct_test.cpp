// impl constructions: compact strides, make_layout (LayoutLeft/LayoutRight),
// make_ordered_layout, make_layout_like, make_fragment_like, make_identity_layout. Expected
// values from CuTe's comments in layout.hpp (marked) and derived by hand from the definitions
// (compact strides 1, s0, s0*s1, ...; a static size 1 gets _0; ties broken by position).
#include "support.hpp"

#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

// constexpr: make_layout((_2,_3)) = (_2,_3):(_1,_2), make_layout_right = (_2,_3):(_3,_1).
constexpr bool constructs_at_compile_time() {
  TupleBuilder<Int> b;
  b.push_leaf(Int::fixed(2));
  b.push_leaf(Int::fixed(3));
  auto s = b.done();
  auto left = make_layout(s.value);
  auto right = make_layout_right(s.value);
  return left.ok() && right.ok() && left.value.leaf[1].stride_value() == 2 && right.value.leaf[0].stride_value() == 3 &&
         right.value.leaf[0].stride_static();
}
static_assert(constructs_at_compile_time());

TEST(ImplConstruct, MakeLayoutLeftAndRight) {
  EXPECT_EQ(S(make_layout(P("(_2,(_3,_4))"))), "(_2,(_3,_4)):(_1,(_2,_6))");
  EXPECT_EQ(S(make_layout(P("_8"))), "_8:_1");
  EXPECT_EQ(S(make_layout(P("(_2,_1,_3)"))), "(_2,_1,_3):(_1,_0,_2)");  // static 1: _0, no room
  // run-time values: the running stride becomes run-time; a run-time 1 gets the running stride
  EXPECT_EQ(S(make_layout(P("(2,1,_3)"))), "(2,1,_3):(_1,2,2)");
  EXPECT_EQ(S(make_layout_right(P("(_2,_3,_4)"))), "(_2,_3,_4):(_12,_4,_1)");
  EXPECT_EQ(S(make_layout_right(P("((_2,_3),_4)"))), "((_2,_3),_4):((_12,_4),_1)");
  auto bad = make_layout(P("(_2,0)"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
}

TEST(ImplConstruct, CompactMajorFromCurrent) {
  auto d = compact_major_left(P("(_2,_4)"), Int::fixed(3));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.value.leaf[0].value, 3);
  EXPECT_EQ(d.value.leaf[1].value, 6);
  auto r = compact_major_right(P("(_2,_4)"), Int::dynamic(5));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.leaf[1].value, 5);
  EXPECT_EQ(r.value.leaf[0].value, 20);
  EXPECT_FALSE(r.value.leaf[0].is_static);
}

TEST(ImplConstruct, MakeOrderedLayout) {
  // CuTe's comment: make_ordered_layout(Shape<_2,_2,_2,_2>, Step<_0,_2,_3,_1>) -> (_1,_4,_8,_2)
  EXPECT_EQ(S(make_ordered_layout(P("(_2,_2,_2,_2)"), P("(_0,_2,_3,_1)"))), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
  // blocks: _64 (order 0) from 1, _4 (order 1) from 64, _12 (order 2) from 256
  EXPECT_EQ(S(make_ordered_layout(P("(_4,(_12,_64))"), P("(_1,(_2,_0))"))), "(_4,(_12,_64)):(_64,(_256,_1))");
  // a coarser order: the block (_2,_3) is column-major inside, after _4
  EXPECT_EQ(S(make_ordered_layout(P("((_2,_3),_4)"), P("(_1,_0)"))), "((_2,_3),_4):((_4,_8),_1)");
  // ties are broken by position (CuTe gives (_4,_8):(_1,_1), not injective)
  EXPECT_EQ(S(make_ordered_layout(P("(_4,_8)"), P("(_0,_0)"))), "(_4,_8):(_1,_4)");
  // run-time order values count with their values (CuTe's comment gives (2,3,4,5):(_1,10,30,2),
  // treating 67 and 42 as large and left to right)
  EXPECT_EQ(S(make_ordered_layout(P("(2,3,4,5)"), P("(_2,67,42,_50)"))), "(2,3,4,5):(_1,40,2,8)");
  auto bad = make_ordered_layout(P("(_2,_3)"), P("(_1,_2,_3)"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
}

TEST(ImplConstruct, MakeLayoutLike) {
  // CuTe's comments: (_2,_2,_2,_2):(_0,_2,_4,_1) -> (_0,_2,_4,_1);
  // (2,3,4,5):(_0,42,_1,_0) -> (2,3,4,5):(_0,4,_1,_0)
  EXPECT_EQ(S(make_layout_like(L("(_2,_2,_2,_2):(_0,_2,_4,_1)"))), "(_2,_2,_2,_2):(_0,_2,_4,_1)");
  EXPECT_EQ(S(make_layout_like(L("(2,3,4,5):(_0,42,_1,_0)"))), "(2,3,4,5):(_0,4,_1,_0)");
  EXPECT_EQ(S(make_layout_like(L("(_32,_8):(_2,_256)"))), "(_32,_8):(_1,_32)");
  EXPECT_EQ(S(make_layout_like(L("_4:_32"))), "_4:_1");
  // equal strides: position breaks the tie (CuTe: (_2,_8):(_1,_1))
  EXPECT_EQ(S(make_layout_like(L("(_2,_8):(_2,_2)"))), "(_2,_8):(_1,_2)");
  // a negative stride comes first
  EXPECT_EQ(S(make_layout_like(L("(_2,_3):(_4,_-1)"))), "(_2,_3):(_3,_1)");
  auto bad = make_layout_like(L("(_2,_3):(_1@0,_1@1)"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
}

TEST(ImplConstruct, MakeFragmentLike) {
  // CuTe's tiled_product form: rank 2 wraps mode 1 in a rank-1 tuple
  EXPECT_EQ(S(make_fragment_like(L("(_32,_8):(_8,_1)"))), "(_32,(_8)):(_1,(_32))");
  EXPECT_EQ(S(make_fragment_like(L("(_4,(_2,_4)):(_16,(_64,_1))"))), "(_4,((_2,_4))):(_1,((_16,_4)))");
  // rank 3: A = _2:_1 (n0 = 2), B = (_4,_4):(_4,_1) ordered by (80,5), scaled by 2
  EXPECT_EQ(S(make_fragment_like(L("(_2,_4,_4):(_320,_80,_5)"))), "(_2,_4,_4):(_1,_8,_2)");
  // mode 0 keeps its zero strides (they take no room: n0 = 2)
  EXPECT_EQ(S(make_fragment_like(L("((_2,_4),_2):((_1,_0),_0)"))), "((_2,_4),(_2)):((_1,_0),(_2))");
  // rank <= 1: make_layout(shape)
  EXPECT_EQ(S(make_fragment_like(L("_6:_3"))), "_6:_1");
  EXPECT_EQ(S(make_fragment_like(L("(_6):(_2)"))), "(_6):(_1)");
  // B of size 1: CuTe's complement is _1:_0, the composition keeps B's static _0
  EXPECT_EQ(S(make_fragment_like(L("(_4,_1):(_1,_0)"))), "(_4,(_1)):(_1,(_0))");
  // run-time shapes: the fragment too (CuTe would give make_layout(shape) = (4,8):(_1,4))
  EXPECT_EQ(S(make_fragment_like(L("(4,8):(8,1)"))), "(4,(8)):(_1,(4))");
}

TEST(ImplConstruct, MakeIdentityLayout) {
  EXPECT_EQ(S(make_identity_layout(P("(_4,_8)"))), "(_4,_8):(_1@0,_1@1)");
  EXPECT_EQ(S(make_identity_layout(P("((_2,_2),_4)"))), "((_2,_2),_4):((_1@0@0,_1@1@0),_1@1)");
  EXPECT_EQ(S(make_identity_layout(P("_4"))), "_4:_1");
  auto deep = make_identity_layout(P("(((((_2)))))"));  // a path of depth 5
  ASSERT_FALSE(deep.ok());
  EXPECT_EQ(deep.error.code, Errc::capacity);
}

// At capacities 4 and 8: the same results as at the default capacity (hand values above).
template <int N>
void constructs_at_capacity() {
  EXPECT_EQ(SN(make_layout(PN<N>("(_2,(_3,_4))"))), "(_2,(_3,_4)):(_1,(_2,_6))");
  EXPECT_EQ(SN(make_layout(PN<N>("(2,1,_3)"))), "(2,1,_3):(_1,2,2)");
  EXPECT_EQ(SN(make_layout_right(PN<N>("((_2,_3),_4)"))), "((_2,_3),_4):((_12,_4),_1)");
  EXPECT_EQ(SN(make_ordered_layout(PN<N>("(_2,_2,_2,_2)"), PN<N>("(_0,_2,_3,_1)"))), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
  EXPECT_EQ(SN(make_layout_like(LN<N>("(2,3,4,5):(0,42,1,0)"))), "(2,3,4,5):(_0,4,_1,_0)");
  EXPECT_EQ(SN(make_fragment_like(LN<N>("(_32,_8):(_8,_1)"))), "(_32,(_8)):(_1,(_32))");
  EXPECT_EQ(SN(make_fragment_like(LN<N>("(_2,_4,_4):(_320,_80,_5)"))), "(_2,_4,_4):(_1,_8,_2)");
  EXPECT_EQ(SN(make_identity_layout(PN<N>("((2,2),4)"))), "((2,2),4):((_1@0@0,_1@1@0),_1@1)");
  auto bad = make_layout(PN<N>("(_2,0)"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
  for (char const* c : {"(_2,(_3,_4))", "(2,1,_3)", "(_2,_2,_2,_2)", "((2,2),4)"}) {
    EXPECT_EQ(SN(make_layout(PN<N>(c))), S(make_layout(P(c)))) << c;
    EXPECT_EQ(SN(make_layout_right(PN<N>(c))), S(make_layout_right(P(c)))) << c;
    EXPECT_EQ(SN(make_identity_layout(PN<N>(c))), S(make_identity_layout(P(c)))) << c;
  }
}

TEST(ImplConstructCapacity, AgreesWithDefaultCapacity) {
  constructs_at_capacity<4>();
  constructs_at_capacity<8>();
}

constexpr bool constructs_at_capacity_4() {
  TupleBuilder<Int, 4> b;
  b.push_leaf(Int::fixed(2));
  b.push_leaf(Int::fixed(3));
  auto s = b.done();
  auto right = make_layout_right(s.value);
  return right.ok() && right.value.leaf[0].stride_value() == 3 && sizeof(right.value) < 200;
}
static_assert(constructs_at_capacity_4());

}  // namespace
}  // namespace layoutref::impl
