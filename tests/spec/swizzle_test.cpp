// spec: Swizzle<B,M,S>, ComposedLayout evaluation and composition with a tiler.
#include "support.hpp"

#include <layoutref/spec/swizzle.hpp>

#include <string>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// (8,64):(64,1): index i = c0 + 8*c1 maps to 64*c0 + c1.
Layout tile_8x64() { return Layout(tup({8, 64}), stup({Value(64), Value(1)})); }

// --- Swizzle ---------------------------------------------------------------------------------

// Sw<3,4,3>: YYY = bits 7..9 (mask 7<<7 = 0x380), moved right by 3 onto ZZZ = bits 4..6.
TEST(Swizzle, Sw343Bitwise) {
  Swizzle sw{3, 4, 3};
  EXPECT_EQ(sw.apply(0), 0);
  // 128 = bit 7 -> xor bit 4 (16): 144.
  EXPECT_EQ(sw.apply(128), 144);
  // 1023 = 0b11'1111'1111: YYY = 111 -> 0b111'0000 = 112; 1023 ^ 112 = 911.
  EXPECT_EQ(sw.apply(1023), 911);
  // 677 = 0b10'1010'0101: YYY (bits 9,8,7) = 101 -> 0b101'0000 = 80; ZZZ (bits 6,5,4) = 010,
  // 010 ^ 101 = 111: 0b10'1111'0101 = 757.
  EXPECT_EQ(sw.apply(677), 757);
  EXPECT_EQ(sw.apply(757), 677);  // involution
  // Bits below M (0..3) and above the masks (10..) are kept: 1024 + 15.
  EXPECT_EQ(sw.apply(1039), 1039);
  // 15 is below ZZZ; 15 + 16 = 31 has only a ZZZ bit, which no YYY bit changes.
  EXPECT_EQ(sw.apply(31), 31);
}

// Sw<2,0,2>: YYY = bits 2..3 (mask 12), moved right by 2 onto bits 0..1.
TEST(Swizzle, Sw202) {
  Swizzle sw{2, 0, 2};
  EXPECT_EQ(sw.apply(5), 4);    // 0b0101: YYY = 01 -> 01; 01 ^ 01 = 00: 0b0100
  EXPECT_EQ(sw.apply(12), 15);  // 0b1100: YYY = 11 -> 11; 00 ^ 11 = 11: 0b1111
  EXPECT_EQ(sw.apply(3), 3);    // no YYY bits
}

// Negative S: Sw<3,1,-3>: YYY = bits 1..3 (mask 7<<1 = 14), moved LEFT by 3 onto bits 4..6.
TEST(Swizzle, NegativeShiftMovesLeft) {
  Swizzle sw{3, 1, -3};
  EXPECT_EQ(sw.apply(2), 18);    // bit 1 -> bit 4: 2 ^ 16
  EXPECT_EQ(sw.apply(14), 126);  // bits 1..3 -> bits 4..6: 14 ^ 112
  EXPECT_EQ(sw.apply(126), 14);  // involution
  EXPECT_EQ(sw.apply(1), 1);     // bit 0 lies below M
}

TEST(Swizzle, ZeroBitsIsIdentity) {
  EXPECT_EQ((Swizzle{0, 4, 3}.apply(12345)), 12345);
  EXPECT_TRUE((Swizzle{0, 4, 3}.same_function(Swizzle{0, 1, 0})));
  EXPECT_FALSE((Swizzle{1, 4, 3}.same_function(Swizzle{1, 4, 4})));
}

TEST(Swizzle, IsAnInvolutionOnARange) {
  for (Swizzle sw : {Swizzle{3, 4, 3}, Swizzle{2, 1, 5}, Swizzle{3, 1, -3}, Swizzle{1, 0, 1}, Swizzle{3, 4, -5}})
    for (i64 x = 0; x < 4096; ++x) ASSERT_EQ(sw.apply(sw.apply(x)), x) << sw.str() << " at " << x;
}

// The widest masks allowed: M + |S| + B = 63. Sw<1,61,1>: YYY = bit 62 moved onto bit 61.
TEST(Swizzle, TopBits) {
  Swizzle sw{1, 61, 1};
  i64 top = i64{1} << 62;
  EXPECT_EQ(sw.apply(top), top + (i64{1} << 61));
  EXPECT_EQ(sw.apply(top + (i64{1} << 61)), top);
}

TEST(Swizzle, BadParameters) {
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { Swizzle{3, 4, 2}.apply(0); }));   // |S| < B
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { Swizzle{2, 0, -1}.apply(0); }));  // |S| < B
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { Swizzle{-1, 0, 1}.apply(0); }));  // B < 0
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { Swizzle{1, -1, 1}.apply(0); }));  // M < 0
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { Swizzle{3, 40, 30}.apply(0); }));  // 73 bits
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { Swizzle{1, 62, 1}.apply(0); }));   // 64 bits
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { Swizzle{3, 4, 3}.apply(-1); }));   // negative input
}

// --- ComposedLayout --------------------------------------------------------------------------

TEST(SwizzleComposedLayout, Evaluate) {
  ComposedLayout c{Swizzle{3, 4, 3}, 0, tile_8x64()};
  // i = 9: c = (1,1) -> 65 = bits 6,0; no YYY bit: 65.
  EXPECT_EQ(evaluate(c, 9), 65);
  // i = 130: c = (2,16) -> 128 + 16 = 144; bit 7 xors bit 4: 128.
  EXPECT_EQ(evaluate(c, 130), 128);
  // i = 3: c = (3,0) -> 192 = bits 7,6; bit 7 xors bit 4: 208.
  EXPECT_EQ(evaluate(c, 3), 208);
  // With offset 8: 8 + 192 = 200 = bits 7,6,3; bit 7 xors bit 4: 216.
  EXPECT_EQ(evaluate(ComposedLayout{Swizzle{3, 4, 3}, 8, tile_8x64()}, 3), 216);
}

TEST(SwizzleComposedLayout, EvaluateBadInput) {
  ComposedLayout c{Swizzle{3, 4, 3}, 0, tile_8x64()};
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [&] { evaluate(c, 512); }));
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [&] { evaluate(c, -1); }));
  // offset + inner(0) = -5 < 0.
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument,
                         [] { evaluate(ComposedLayout{Swizzle{1, 0, 1}, -5, Layout(4, Value(1))}, 0); }));
  // A basis stride in the inner layout.
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument,
                         [] { evaluate(ComposedLayout{Swizzle{1, 0, 1}, 0, Layout(4, Value::basis(1, {0}))}, 1); }));
  // An invalid swizzle.
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument,
                         [] { evaluate(ComposedLayout{Swizzle{3, 0, 1}, 0, Layout(4, Value(1))}, 1); }));
}

// Sw<3,4,3> o 0 o (8,64):(64,1) tiled by (8,16): mode 0: 8:64 o 8:1 = 8:64; mode 1:
// 64:1 o 16:1 = 16:1. Swizzle and offset are kept.
TEST(SwizzleComposedLayout, CompositionWithShapeTiler) {
  ComposedLayout a{Swizzle{3, 4, 3}, 0, tile_8x64()};
  Tiler t = Tiler::shape(tup({8, 16}));
  ComposedLayout expected{Swizzle{3, 4, 3}, 0, Layout(tup({8, 16}), stup({Value(64), Value(1)}))};
  EXPECT_EQ(composition(a, t), expected);
  EXPECT_TRUE(is_composition_admissible(a, t).ok);
  EXPECT_TRUE(check_composition(a, t, false, expected).correct);
}

// Offset kept: Sw<2,4,2> o 16 o 64:1 with the tiler 8:2 gives Sw<2,4,2> o 16 o 8:2.
TEST(SwizzleComposedLayout, CompositionKeepsOffset) {
  ComposedLayout a{Swizzle{2, 4, 2}, 16, Layout(64, Value(1))};
  EXPECT_EQ(composition(a, Tiler::of(Layout(8, Value(2)))), (ComposedLayout{Swizzle{2, 4, 2}, 16, Layout(8, Value(2))}));
}

TEST(SwizzleComposedLayout, CheckCompositionVerdicts) {
  ComposedLayout a{Swizzle{3, 4, 3}, 0, tile_8x64()};
  Tiler t = Tiler::shape(tup({8, 16}));
  Layout right(tup({8, 16}), stup({Value(64), Value(1)}));

  Judgement j = check_composition(a, t, false, ComposedLayout{Swizzle{2, 4, 3}, 0, right});
  EXPECT_FALSE(j.correct);
  EXPECT_NE(j.detail.find("swizzle"), std::string::npos) << j.detail;

  j = check_composition(a, t, false, ComposedLayout{Swizzle{3, 4, 3}, 8, right});
  EXPECT_FALSE(j.correct);
  EXPECT_NE(j.detail.find("offset"), std::string::npos) << j.detail;

  // (8,16):(64,2): first difference at index 8, coordinate (0,1): 2 instead of 1.
  j = check_composition(a, t, false, ComposedLayout{Swizzle{3, 4, 3}, 0, Layout(tup({8, 16}), stup({Value(64), Value(2)}))});
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 8);
  EXPECT_EQ(j.claimed_value, "2");
  EXPECT_EQ(j.expected_value, "1");

  // Claiming "no result" for an admissible input is wrong.
  EXPECT_FALSE(check_composition(a, t, true, ComposedLayout{}).correct);

  // Sw<0,...> is the identity whatever M and S are.
  ComposedLayout id{Swizzle{0, 4, 3}, 0, tile_8x64()};
  EXPECT_TRUE(check_composition(id, t, false, ComposedLayout{Swizzle{0, 0, 0}, 0, right}).correct);
}

// Inner (3,5):(5,1) o 4:1 takes the values 0,5,10,1 (i = 3 is coordinate (0,1) -> 1), which no
// layout of size 4 has: no result, whatever the swizzle.
TEST(SwizzleComposedLayout, InadmissibleInnerComposition) {
  ComposedLayout a{Swizzle{1, 0, 1}, 0, Layout(tup({3, 5}), stup({Value(5), Value(1)}))};
  Tiler t = Tiler::of(Layout(4, Value(1)));
  EXPECT_FALSE(is_composition_admissible(a, t).ok);
  EXPECT_TRUE(fails_with(Error::Kind::inadmissible, [&] { composition(a, t); }));
  EXPECT_TRUE(check_composition(a, t, true, ComposedLayout{}).correct);
  EXPECT_FALSE(check_composition(a, t, false, ComposedLayout{Swizzle{1, 0, 1}, 0, Layout(4, Value(1))}).correct);
}

// --- conformance: swizzle.tsv ----------------------------------------------------------------

// `Sw<B,M,S> o off o S:D`
ComposedLayout to_composed(notation::Term const& t) {
  if (t.kind != notation::Kind::chain || t.children.size() != 3 || t.children[0].kind != notation::Kind::swizzle)
    bad_argument("expected Sw<B,M,S> o offset o layout at " + where(t));
  auto const& sw = t.children[0];
  return ComposedLayout{Swizzle{sw.swizzle_b, sw.swizzle_m, sw.swizzle_s}, to_integer(t.children[1]), to_layout(t.children[2])};
}

TEST(SwizzleConformance, EvalAndComposition) {
  int evals = for_each_case("swizzle.tsv", "eval", [](int, auto const& args, auto const& result) {
    ASSERT_EQ(args.size(), 2u);
    ComposedLayout a = to_composed(args[0]);
    EXPECT_EQ(evaluate(a, to_integer(args[1])), to_integer(result));
  });
  int compositions = for_each_case("swizzle.tsv", "composition", [](int, auto const& args, auto const& result) {
    ASSERT_EQ(args.size(), 2u);
    ComposedLayout a = to_composed(args[0]);
    Tiler t = to_tiler(args[1]);
    ComposedLayout claimed = to_composed(result);
    Judgement j = check_composition(a, t, false, claimed);
    EXPECT_TRUE(j.correct) << j.detail;
  });
  for (VectorLine const& v : read_vector_lines("swizzle.tsv"))
    if (v.fields[0] != "eval" && v.fields[0] != "composition")
      ADD_FAILURE() << "swizzle.tsv:" << v.line << ": unexpected op " << v.fields[0];
  EXPECT_EQ(evals, 240);
  EXPECT_EQ(compositions, 30);
}

}  // namespace
}  // namespace layoutref::spec
