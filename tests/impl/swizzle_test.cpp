// impl swizzles: Swizzle<B,M,S> and ComposedLayout (Sw o offset o L). Expected values from
// cute/swizzle.hpp (the masks of make_swizzle's documented examples), the conformance README's
// formula Sw(x) = x ^ ((x & (((1<<B)-1) << (M+max(0,S)))) >> S) worked by hand on bits, and
// cute/layout_composed.hpp (composition keeps the swizzle and the offset, composes the inner
// layout).
#include "support.hpp"

#include <layoutref/impl/swizzle.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

i64 Sw(Swizzle sw, i64 x) {
  auto r = apply(sw, x);
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value;
}

i64 E(ComposedLayout const& c, i64 i) {
  auto r = evaluate(c, i);
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value;
}

// constexpr: Sw<3,4,3>(128) = 128 ^ 16 = 144 (bit 7 of YYY = [7,10) lands on bit 4 of ZZZ).
static_assert(apply(Swizzle{3, 4, 3}, 128).value == 144);
constexpr bool evaluates_at_compile_time() {
  ComposedLayout c{Swizzle{2, 3, 2}, Int::fixed(0), make_leaf(Int::fixed(128), Stride::integer(Int::fixed(1)))};
  auto v = evaluate(c, 67);
  auto t = composition(c, make_leaf(Int::fixed(8), Stride::integer(Int::fixed(16))));
  return v.ok() && v.value == 83 && t.ok() && t.value.inner.leaf[0].stride_value() == 16 && t.value.outer == c.outer;
}
static_assert(evaluates_at_compile_time());

TEST(ImplSwizzle, MasksOfCuteExamples) {
  // cute/swizzle.hpp: make_swizzle<0b1000, 0b0100>() -> Swizzle<1,2,1>: YYY = bit 3, ZZZ = bit 2.
  EXPECT_EQ(Sw({1, 2, 1}, 0b1000), 0b1100);
  EXPECT_EQ(Sw({1, 2, 1}, 0b0100), 0b0100);  // ZZZ alone is unchanged
  // make_swizzle<0b11000000, 0b00000110>() -> Swizzle<2,1,5>: YYY = bits 6-7, ZZZ = bits 1-2.
  EXPECT_EQ(Sw({2, 1, 5}, 0b11000000), 0b11000110);
  EXPECT_EQ(Sw({2, 1, 5}, 0b01000010), 0b01000000);
}

TEST(ImplSwizzle, Bits) {
  // Sw<3,4,3>: YYY = bits 7-9 (0x380) xor-ed into bits 4-6; 901 = 0b1110000101 -> ^ 0b0001110000.
  EXPECT_EQ(Sw({3, 4, 3}, 901), 1013);
  // Negative S shifts left: Sw<2,0,-3>: YYY = bits 0-1 into bits 3-4; 77 = 0b1001101 -> ^ 0b1000.
  EXPECT_EQ(Sw({2, 0, -3}, 77), 69);
  // B = 0 is the identity.
  EXPECT_EQ(Sw({0, 4, 3}, 12345), 12345);
  // An involution.
  for (i64 x = 0; x < 4096; ++x) {
    EXPECT_EQ(Sw({3, 4, 3}, Sw({3, 4, 3}, x)), x);
    EXPECT_EQ(Sw({3, 3, -3}, Sw({3, 3, -3}, x)), x);
  }
  // The highest bits allowed: M + |S| + B = 63.
  EXPECT_EQ(Sw({1, 31, 31}, i64{1} << 62), (i64{1} << 62) | (i64{1} << 31));
}

TEST(ImplSwizzle, ComposedLayoutEvaluation) {
  // swizzle.tsv's formula by hand: (_8,_16):(_16,_1) at 28 = (4,3) -> 4*16+3 = 67; Sw<2,3,2>:
  // YYY = bits 5-6, 67 & 96 = 64 -> 16; 67 ^ 16 = 83.
  ComposedLayout c{Swizzle{2, 3, 2}, Int::fixed(0), L("(_8,_16):(_16,_1)")};
  EXPECT_EQ(E(c, 28), 83);
  // ((_8,_8),(_8,_1)):((_64,_8),(_1,_0)) at 488 = ((0,5),(7,0)) -> 47; Sw<3,3,-3>: 47 & 56 = 40,
  // << 3 = 320; 47 ^ 320 = 367.
  ComposedLayout d{Swizzle{3, 3, -3}, Int::fixed(0), L("((_8,_8),(_8,_1)):((_64,_8),(_1,_0))")};
  EXPECT_EQ(E(d, 488), 367);
  // The offset is added before the swizzle: Sw<2,3,2>(32 + 67) = 99 ^ ((99 & 96) >> 2) = 99 ^ 24.
  ComposedLayout o{Swizzle{2, 3, 2}, Int::dynamic(32), L("(_8,_16):(_16,_1)")};
  EXPECT_EQ(E(o, 28), 99 ^ 24);
}

TEST(ImplSwizzle, Composition) {
  // layout_composed.hpp: composition(Sw o off o L, T) = Sw o off o (L o T).
  ComposedLayout c{Swizzle{3, 4, 3}, Int::fixed(0), L("(_8,_64):(_64,_1)")};
  auto r = composition(c, Tl("(_8,_16)"));
  ASSERT_TRUE(r.ok()) << str(r.error);
  EXPECT_EQ(r.value.outer, (Swizzle{3, 4, 3}));
  EXPECT_EQ(r.value.offset, Int::fixed(0));
  EXPECT_EQ(str(r.value.inner), "(_8,_16):(_64,_1)");
  // With a layout, by hand: in (_8,_64):(_64,_1), 4:2 steps over the first mode (2 divides 8)
  // onto 4:128; 2:64 passes the first mode (64 = 8*8) onto the second with stride 8: 2:8.
  auto s = composition(c, L("(_4,_2):(_2,_64)"));
  ASSERT_TRUE(s.ok()) << str(s.error);
  EXPECT_EQ(str(s.value.inner), "(_4,_2):(_128,_8)");
  // The composed function: Sw(inner(i)) at every index.
  for (i64 i = 0; i < 8; ++i) {
    auto x = evaluate_int(s.value.inner, i);
    ASSERT_TRUE(x.ok());
    EXPECT_EQ(E(s.value, i), Sw({3, 4, 3}, x.value));
  }
}

TEST(ImplSwizzle, Refusals) {
  EXPECT_EQ(validate(Swizzle{3, 4, 2}).code, Errc::bad_argument);   // |S| < B
  EXPECT_EQ(validate(Swizzle{-1, 4, 2}).code, Errc::bad_argument);  // B < 0
  EXPECT_EQ(validate(Swizzle{1, -1, 2}).code, Errc::bad_argument);  // M < 0
  EXPECT_EQ(validate(Swizzle{2, 40, 30}).code, Errc::bad_argument); // masks past bit 62
  EXPECT_EQ(validate(Swizzle{1, 0, 1000}).code, Errc::bad_argument);
  EXPECT_TRUE(validate(Swizzle{3, 4, -3}).ok());
  EXPECT_EQ(apply(Swizzle{3, 4, 3}, -1).error.code, Errc::bad_argument);
  // A negative offset + inner value, an index outside the domain, basis strides inside.
  ComposedLayout neg{Swizzle{3, 4, 3}, Int::dynamic(-5), L("_8:_1")};
  EXPECT_EQ(evaluate(neg, 2).error.code, Errc::bad_argument);
  EXPECT_EQ(evaluate(neg, 7).value, 2);  // -5 + 7 = 2 is fine
  ComposedLayout c{Swizzle{3, 4, 3}, Int::fixed(0), L("_8:_1")};
  EXPECT_EQ(evaluate(c, 8).error.code, Errc::bad_argument);
  ComposedLayout basis{Swizzle{3, 4, 3}, Int::fixed(0), L("_8:_1@0")};
  EXPECT_EQ(evaluate(basis, 1).error.code, Errc::bad_argument);
  // The inner composition's conditions: cutlass #2955, (6,2):(1,7) o (3,2):(2,3).
  ComposedLayout bad{Swizzle{1, 2, 3}, Int::fixed(0), L("(_6,_2):(_1,_7)")};
  auto r = composition(bad, L("(_3,_2):(_2,_3)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::inadmissible);
  EXPECT_EQ(r.error.condition, Cond::composition_disjoint_intervals);
  // Overflow of offset + inner(i).
  ComposedLayout big{Swizzle{1, 0, 1}, Int::dynamic(kI64Max), L("_2:_1")};
  EXPECT_EQ(evaluate(big, 1).error.code, Errc::overflow);
}

}  // namespace
}  // namespace layoutref::impl
