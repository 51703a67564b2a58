// impl core: trees, layouts, evaluation, printing with CuTe's static markers.
// Expected values derived by hand.
#include "support.hpp"

#include <layoutref/impl/layout.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

TEST(ImplLayout, RoundTripKeepsStaticMarkers) {
  for (std::string t : {"_8:_1", "(_4,8):(_1,_4)", "((_2,(3,_4)),_5):((_1,(2,_6)),_0)", "(_4):(_1)",
                        "((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)", "_2:_1@0@1"})
    EXPECT_EQ(str(L(t)), t);
}

TEST(ImplLayout, QueriesAndFunction) {
  // (3,(2,3)):(3,(12,1)) at (i,(j,k)) is 3i+12j+k; index 16 = (1,(1,2)) -> 3+12+2 = 17.
  Layout l = L("(3,(2,3)):(3,(12,1))");
  EXPECT_EQ(l.rank(), 2);
  EXPECT_EQ(l.depth(), 2);
  EXPECT_EQ(size(l).value.value, 18);
  EXPECT_EQ(evaluate_int(l, 16).value, 17);
  // cosize: 1 + 2*3 + 1*12 + 2*1 = 21
  EXPECT_EQ(cosize(l).value, 21);
  // Negative strides by magnitude, as CuTe's coshape (issue 12 item 14).
  EXPECT_EQ(cosize(L("4:-1")).value, 4);
  EXPECT_EQ(cosize(L("(2,4):(4,-1)")).value, 8);
  EXPECT_EQ(cosize(L("2:-9223372036854775808")).error.code, Errc::overflow);
  // past the domain: 18 overflows into the last leaf: (0,(0,3)) -> 3
  EXPECT_EQ(evaluate_int(l, 18, true).value, 3);
  EXPECT_FALSE(evaluate_int(l, 18).ok());
  // static flags: size of a static shape is static
  EXPECT_TRUE(size(L("(_4,_8):(_1,_4)")).value.is_static);
  EXPECT_FALSE(size(L("(_4,8):(_1,_4)")).value.is_static);
}

TEST(ImplLayout, BasisValues) {
  // ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1) at index 1 + 2 + 4*2 + 16*3 = 59:
  // coordinate ((1,1),2,3) -> (8 + 64, 1 + 48) = (72,49).
  Layout l = L("((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)");
  auto v = evaluate(l, 59);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(str(v.value), "(72,49)");
}

TEST(ImplLayout, ModesAndCapacity) {
  Layout l = L("(_4,(_2,_3)):(_1,(_4,_8))");
  auto m1 = l.mode(1);
  ASSERT_TRUE(m1.ok());
  EXPECT_EQ(str(m1.value), "(_2,_3):(_4,_8)");
  EXPECT_FALSE(l.mode(2).ok());
  // More leaves than the capacity is an error, not a crash.
  TupleBuilder<LayoutLeaf> b;
  for (int i = 0; i < kMaxLeaves + 1; ++i) b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  auto r = b.done();
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::capacity);
}

TEST(ImplLayout, Representable) {
  // Largest value (2^62 - 1) * 2 = 2^63 - 2 fits; (2^63 - 2) * 2 does not (issue 12 item 6).
  EXPECT_TRUE(check_representable(L("4611686018427387904:2")).ok());
  EXPECT_EQ(check_representable(L("9223372036854775807:2")).code, Errc::overflow);
  // Size 2 * 2^62 = 2^63 does not fit although every value does.
  EXPECT_EQ(check_representable(L("(2,4611686018427387904):(0,1)")).code, Errc::overflow);
  // Positive and negative strides are bounded apart; 2 * -2^62 = -2^63 fits, 2 * -(2^62 + 1) not.
  EXPECT_TRUE(check_representable(L("(2,2):(4611686018427387904,-4611686018427387904)")).ok());
  EXPECT_TRUE(check_representable(L("(3,2):(-4611686018427387904,1)")).ok());
  EXPECT_EQ(check_representable(L("(3,2):(-4611686018427387905,1)")).code, Errc::overflow);
  // Basis components are bounded separately: 2^62 @0 and 2^62 @1 never add.
  EXPECT_TRUE(check_representable(L("(2,2):(4611686018427387904@0,4611686018427387904@1)")).ok());
  EXPECT_EQ(check_representable(L("(2,2):(4611686018427387904@0,4611686018427387904@0)")).code, Errc::overflow);
}

TEST(ImplLayout, CheckedArithmetic) {
  EXPECT_FALSE(checked_mul(i64{1} << 62, 4).ok());
  EXPECT_FALSE(checked_add(kI64Max, 1).ok());
  EXPECT_TRUE(checked_mul(-(i64{1} << 31), i64{1} << 31).ok());
  EXPECT_FALSE(checked_mul(kI64Min, -1).ok());
}

}  // namespace
}  // namespace layoutref::impl
