// impl nullspace: CuTe's form (the stride-0 leaves with their compact column-major strides in
// the flattened shape) where strides cannot cancel; the spec's enumeration of the zeros where
// they can. Expected values derived by hand.
#include "support.hpp"

#include <layoutref/impl/nullspace.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

// constexpr: (_3,_2,_7):(_0,_1,_0) has the kernel (_3,_7):(_1,_6).
constexpr bool kernel_at_compile_time() {
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(LayoutLeaf{Int::fixed(3), Stride::integer(Int::fixed(0))});
  b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  b.push_leaf(LayoutLeaf{Int::fixed(7), Stride::integer(Int::fixed(0))});
  auto r = nullspace(b.done().value);
  return r.ok() && r.value.rank() == 2 && r.value.leaf[1].stride_value() == 6;
}
static_assert(kernel_at_compile_time());

// Issue 12 item 5: |INT64_MIN| was computed before it was checked (undefined behaviour, which a
// constant evaluation refuses to compile and UBSan reports). 2:-2^63 maps 0 -> 0 and 1 -> -2^63,
// so only the coordinate 0 maps to 0: the kernel has size 1.
constexpr bool smallest_stride_at_compile_time() {
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(LayoutLeaf{Int{2, false}, Stride::integer(Int{kI64Min, false})});
  auto r = nullspace(b.done().value);
  return r.ok() && r.value.nleaves == 1 && r.value.leaf[0].shape_value() == 1;
}
static_assert(smallest_stride_at_compile_time());
// (3,2):(2^62,-2^62): the first leaf's reach 2*2^62 overflows, and it was then not counted as a
// positive stride, so impl concluded "one sign only, nothing cancels" although 1*2^62 - 1*2^62 = 0.
// L(2,0) = 2^63 does not fit, so there is no answer in 64 bits (the spec refuses it too).
constexpr bool overflowing_leaf_counts_its_sign() {
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(LayoutLeaf{Int{3, false}, Stride::integer(Int{i64{1} << 62, false})});
  b.push_leaf(LayoutLeaf{Int{2, false}, Stride::integer(Int{-(i64{1} << 62), false})});
  return detail_nullspace::may_cancel(b.done().value);
}
static_assert(overflowing_leaf_counts_its_sign());

TEST(ImplNullspace, CuteForm) {
  // flat compact strides (1,3,6); the zero-stride leaves 0 and 2
  EXPECT_EQ(S(nullspace(L("(_3,_2,_7):(_0,_1,_0)"))), "(_3,_7):(_1,_6)");
  // flat shape (2,2,4,2,4) has compact strides (1,2,4,16,32)
  EXPECT_EQ(S(nullspace(L("(_2,(_2,_4,_2),_4):(_32,(_0,_0,_64),_0)"))), "(_2,_4,_4):(_2,_4,_32)");
  EXPECT_EQ(S(nullspace(L("(_4,_16):(_5,_5)"))), "_1:_0");  // no zero stride
  EXPECT_EQ(S(nullspace(L("(_1,_4):(_0,_1)"))), "_1:_0");   // the static size-1 leaf: _1:_0
  EXPECT_EQ(S(nullspace(L("(4,4):(0,0)"))), "(4,4):(_1,4)");  // not coalesced, as CuTe
  EXPECT_EQ(S(nullspace(L("(_2,_3):(_0,_-1)"))), "_2:_1");   // one sign only: no cancelling
  EXPECT_EQ(S(nullspace(L("(_2,_2):(_1,_-4)"))), "_1:_0");   // 1 cannot cancel 4
}

TEST(ImplNullspace, CancellingStrides) {
  // (2,2):(1,-1) is 0 at the indices 0 and 3 (CuTe gives _1:_0)
  EXPECT_EQ(S(nullspace(L("(_2,_2):(_1,_-1)"))), "_2:_3");
  // (2,2,2):(1,-1,0): zeros at 0, 3, 4, 7 -> (2,2):(3,4)
  EXPECT_EQ(S(nullspace(L("(_2,_2,_2):(_1,_-1,_0)"))), "(_2,_2):(_3,_4)");
  // the spec's example: zeros {0,10,12,20,22,24} are enumerated by no layout
  auto r = nullspace(L("(_3,_3,_3):(_1,_1,_-1)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::inadmissible);
  EXPECT_EQ(r.error.condition, Cond::nullspace_not_representable);
}

TEST(ImplNullspace, Errors) {
  auto basis = nullspace(L("(_2,_2):(_1@0,_0)"));
  ASSERT_FALSE(basis.ok());
  EXPECT_EQ(basis.error.code, Errc::bad_argument);
  // A shape entry < 1 is refused when read (to_layout) and by the operation itself.
  EXPECT_FALSE(to_layout(notation::parse("(0,_2):(_1,_0)").term).ok());
  Layout zero = L("(1,_2):(_1,_0)");
  zero.leaf[0].shape_v = 0;
  auto bad = nullspace(zero);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
}

}  // namespace
}  // namespace layoutref::impl
