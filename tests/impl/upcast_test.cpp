// impl upcast(L, N) and downcast(L, N): CuTe's per-leaf rules with their static markers.
// Expected values derived by hand: upcast s:d -> ceil_div(s, ceil_div(N,|d|)) :
// sign(d)*ceil_div(|d|, N) (d == 0 kept); downcast: a unit stride widens the size, any other
// stride is multiplied by N.
#include "support.hpp"

#include <layoutref/impl/term.hpp>
#include <layoutref/impl/upcast.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

// constexpr: upcast(_8:_1, 2) = _4:_1 and downcast(_4:_1, 2) = _8:_1.
constexpr bool casts_at_compile_time() {
  Layout l = make_leaf(Int::fixed(8), Stride::integer(Int::fixed(1)));
  auto up = upcast(l, 2);
  auto down = downcast(l, 2);
  return up.ok() && down.ok() && up.value.leaf[0].shape() == Int::fixed(4) && down.value.leaf[0].shape() == Int::fixed(16);
}
static_assert(casts_at_compile_time());

TEST(ImplUpcast, PerLeafRule) {
  EXPECT_EQ(S(upcast(L("(_32,_8):(_48,_2)"), 2)), "(_32,_8):(_24,_1)");
  EXPECT_EQ(S(upcast(L("(_2,_4):(_4,_1)"), 2)), "(_2,_2):(_2,_1)");
  EXPECT_EQ(S(upcast(L("_2:_1"), 8)), "_1:_1");                       // ceil_div(2, 8) = 1
  EXPECT_EQ(S(upcast(L("(_1,_8):(_1,_1)"), 2)), "(_1,_4):(_1,_1)");
  EXPECT_EQ(S(upcast(L("(_2,_4,_2,_4):(_16,_0,_32,_0)"), 16)), "(_2,_4,_2,_4):(_1,_0,_2,_0)");
  EXPECT_EQ(S(upcast(L("(_2,_4):(_0,_-2)"), 4)), "(_2,_2):(_0,_-1)");  // sign kept
  EXPECT_EQ(S(upcast(L("((_4,_4),_6):((_1,_4),_16)"), 1)), "((_4,_4),_6):((_1,_4),_16)");
  // a run-time stride that N divides keeps its size (as CuTe does) and becomes d/N, run-time
  EXPECT_EQ(S(upcast(L("_8:16"), 4)), "_8:4");
}

TEST(ImplUpcast, Conditions) {
  auto div = upcast(L("(_4,_4):(_1,_3)"), 2);
  ASSERT_FALSE(div.ok());
  EXPECT_EQ(div.error.code, Errc::inadmissible);
  EXPECT_EQ(div.error.condition, Cond::upcast_divisibility);
  auto basis = upcast(L("_4:_1@0"), 2);
  ASSERT_FALSE(basis.ok());
  EXPECT_EQ(basis.error.condition, Cond::upcast_integer_strides);
  auto n = upcast(L("_4:_1"), 0);
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.error.code, Errc::bad_argument);
}

TEST(ImplDowncast, PerLeafRule) {
  EXPECT_EQ(S(downcast(L("(_5,_3,_2):(_2,_10,_1)"), 2)), "(_5,_3,_4):(_4,_20,_1)");
  EXPECT_EQ(S(downcast(L("_2:_1"), 8)), "_16:_1");
  EXPECT_EQ(S(downcast(L("(_8):(_1)"), 2)), "(_16):(_1)");
  EXPECT_EQ(S(downcast(L("(_4,_1):(_1,_1)"), 2)), "(_8,_2):(_1,_1)");  // every unit leaf widens
  EXPECT_EQ(S(downcast(L("_4:_-1"), 2)), "_8:_-1");                    // CuTe refuses (static +1 only)
  EXPECT_EQ(S(downcast(L("(_4,_2,_3):(_1,_0,_1@1)"), 2)), "(_8,_2,_3):(_1,_0,_2@1)");
  EXPECT_EQ(S(downcast(L("(4,_2):(1,_8)"), 2)), "(8,_2):(1,_16)");  // run-time 4*_2 is run-time
  EXPECT_EQ(S(downcast(L("(4,_2):(1,8)"), 2)), "(8,_2):(1,16)");
}

TEST(ImplDowncast, Conditions) {
  auto r = downcast(L("(_4,_2):(_2,_8)"), 2);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::inadmissible);
  EXPECT_EQ(r.error.condition, Cond::downcast_unit_stride);
  auto overflow = downcast(L("(_4,_2):(_1,_4611686018427387904)"), 2);
  ASSERT_FALSE(overflow.ok());
  EXPECT_EQ(overflow.error.code, Errc::overflow);
}

}  // namespace
}  // namespace layoutref::impl
