// Tests of the divides (divide.hpp): logical_divide by a layout and by a tuple tiler, `_` in a
// tiler, zipped/tiled/flat_divide, tiles that do not divide the layout, check_divide, CuTe's
// `_` quirk in zip2_by, and inputs whose complement does not exist. Every expected value is
// derived by hand in the comment above it; sources: CuTe docs 02_layout_algebra.md
// ("Division (Tiling)", "Complement"), 03_tensor.md ("Partitioning") = the seed document
// CuTe's 03_tensor.md, and the seed document "CuTe Tilers" (Lei Mao's blog):
//   A / B := A o (B, complement(B, size(A))),   by mode for a tuple tiler.
#include "support.hpp"

#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/divide.hpp>

#include <string>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// --- logical_divide by a layout --------------------------------------------------------------------

TEST(DivideLogical, CuTeDocOneDimensionalExample) {
  // docs "Logical Divide 1-D Example": A = (4,2,3):(2,1,8), B = 4:2, size(A) = 24.
  // complement(4:2, 24): image {0,2,4,6}; the hole 1 is filled by 2:1, then the block [0,8) is
  // repeated 3 times by 3:8, so B* = (2,3):(1,8) and (B,B*) = (4,(2,3)):(2,(1,8)).
  // A(x) = 2*x0 + x1 + 8*x2 for x = x0 + 4*x1 + 8*x2.
  //  tile 4:2: A(0),A(2),A(4),A(6) = 0,4,1,5                  -> (2,2):(4,1)
  //  rest 2:1: A(0),A(1) = 0,2                                -> 2:2
  //  rest 3:8: A(0),A(8),A(16) = 0,8,16                       -> 3:8
  EXPECT_TRUE(is(complement(L("4:2"), 24), "(2,3):(1,8)"));
  Layout a = L("(4,2,3):(2,1,8)");
  Layout r = logical_divide(a, Tiler::of(L("4:2")));
  EXPECT_TRUE(is(r, "((2,2),(2,3)):((4,1),(2,8))"));
  // As a function: r(i) = A((B,B*)(i)); every (B,B*)(i) lies in [0,24), A's domain.
  Layout bb = L("(4,(2,3)):(2,(1,8))");
  for (i64 i = 0; i < 24; ++i) EXPECT_EQ(evaluate(r, i), evaluate(a, evaluate(bb, i).scalar())) << "i = " << i;
  EXPECT_TRUE(is_divide_admissible(a, Tiler::of(L("4:2"))).ok);
}

TEST(DivideLogical, FirstModeIsTheComposition) {
  // Seed "CuTe Tilers": the first mode of A / B is A o B.
  // A = (4,2,3):(2,1,8), B = 4:2: A o B = (2,2):(4,1) (values 0,4,1,5 as above).
  Layout a = L("(4,2,3):(2,1,8)");
  Layout r = logical_divide(a, Tiler::of(L("4:2")));
  EXPECT_TRUE(is(get(r, {0}), "(2,2):(4,1)"));
  EXPECT_EQ(values(get(r, {0})), values(composition(a, L("4:2"))));
  // The seed's tiler <2:3, 3:2> on a (32,16) column-major A = (32,16):(1,32): by mode,
  // A_0 o 2:3 = 2:3 and A_1 o 3:2 = 16:32 o 3:2 = 3:64, so the tile maps (0,0),(1,0),(0,1),
  // (1,1),(0,2),(1,2) to A's coordinates (0,0),(3,0),(0,2),(3,2),(0,4),(3,4), i.e. the offsets
  // 0,3,64,67,128,131.
  Layout a2 = L("(32,16):(1,32)");
  Layout r2 = logical_divide(a2, Tl("<2:3, 3:2>"));
  EXPECT_TRUE(is(get(r2, {0, 0}), "2:3"));
  EXPECT_TRUE(is(get(r2, {1, 0}), "3:64"));
  EXPECT_TRUE(is(composition(a2, Tl("<2:3, 3:2>")), "(2,3):(3,64)"));
  EXPECT_EQ(values(composition(a2, Tl("<2:3, 3:2>"))), (std::vector<i64>{0, 3, 64, 67, 128, 131}));
}

TEST(DivideLogical, SeedTilerOnA32x16Layout) {
  // The whole of (32,16):(1,32) / <2:3, 3:2> (the seed's example):
  //  mode 0: complement(2:3, 32): image {0,3}; N*d = 6 does not divide 32, so the cotarget is
  //    rounded up to 36 (ceil_div, as CuTe); T with {0,3} + T = [0,36) is {0,1,2,6,7,8,...,30,31,32}
  //    -> (3,6):(1,6). A_0 = 32:1 runs on with stride 1: mode 0 = (2,(3,6)):(3,(1,6)).
  //  mode 1: complement(3:2, 16): N*d = 6, 16 -> 18; T = {0,1,6,7,12,13} -> (2,3):(1,6).
  //    A_1 = 16:32 scales by 32: (3,(2,3)):(64,(32,192)).
  Layout r = logical_divide(L("(32,16):(1,32)"), Tl("<2:3, 3:2>"));
  EXPECT_TRUE(is(r, "((2,(3,6)),(3,(2,3))):((3,(1,6)),(64,(32,192)))"));
  EXPECT_TRUE(check_divide(DivideKind::logical, L("(32,16):(1,32)"), Tl("<2:3, 3:2>"),
                           claim("((2,(3,6)),(3,(2,3))):((3,(1,6)),(64,(32,192)))"))
                  .correct);
}

TEST(DivideLogical, NonDividingTileRoundsTheRestUp) {
  // 6:1 / 2:2: complement(2:2, 6): N*d = 4 does not divide 6, the cotarget becomes 8;
  // image {0,2}, T = {0,1,4,5} -> (2,2):(1,4). A = 6:1 runs on with stride 1, so the result is
  // (B,B*) itself: (2,(2,2)):(2,(1,4)), as CuTe gives; its values 0,2,1,3,4,6,5,7 reach 6 and 7,
  // past size(A) = 6 (CuTe's extension).
  EXPECT_TRUE(is(complement(L("2:2"), 6), "(2,2):(1,4)"));
  Layout r = logical_divide(L("6:1"), Tiler::of(L("2:2")));
  EXPECT_TRUE(is(r, "(2,(2,2)):(2,(1,4))"));
  EXPECT_EQ(values(r), (std::vector<i64>{0, 2, 1, 3, 4, 6, 5, 7}));
  // The same with A the rank-1 tuple (6):(1): a layout tiler makes the result's shape that of (B,B*).
  EXPECT_TRUE(is(logical_divide(L("(6):(1)"), Tiler::of(L("2:2"))), "(2,(2,2)):(2,(1,4))"));
  Judgement j = check_divide(DivideKind::logical, L("(6):(1)"), Tiler::of(L("2:2")), claim("(2,(2,2)):(2,(1,4))"));
  EXPECT_TRUE(j.correct) << j.detail;
  // A note says the cotarget was rounded up.
  EXPECT_FALSE(is_divide_admissible(L("6:1"), Tiler::of(L("2:2"))).notes.empty());
}

// --- logical_divide by a tuple tiler -------------------------------------------------------------

TEST(DivideLogical, CuTeDocTwoDimensionalExample) {
  // docs "Logical Divide 2-D Example": A = (9,(4,8)):(59,(13,1)), B = <3:3, (2,4):(1,8)>.
  //  mode 0: A_0 = 9:59, complement(3:3, 9) = 3:1 (image {0,3,6}, T = {0,1,2}):
  //    (3,3):(3,1) through 9:59 -> (3,3):(177,59).
  //  mode 1: A_1 = (4,8):(13,1), size 32, A_1(x) = 13*(x%4) + x/4.
  //    complement((2,4):(1,8), 32): image {0,1,8,9,16,17,24,25}, T = {0,2,4,6} -> 4:2.
  //    tile 2:1 -> A_1(0),A_1(1) = 0,13                    -> 2:13
  //    tile 4:8 -> A_1(0),A_1(8),A_1(16),A_1(24) = 0,2,4,6 -> 4:2
  //    rest 4:2 -> A_1(0),A_1(2),A_1(4),A_1(6) = 0,26,1,27 -> (2,2):(26,1)
  // The doc: shape ((3,3),(8,4)); the tiles of each mode form (3,(2,4)):(177,(13,2)).
  Layout a = L("(9,(4,8)):(59,(13,1))");
  Tiler t = Tl("<3:3, (2,4):(1,8)>");
  Layout r = logical_divide(a, t);
  EXPECT_TRUE(is(r, "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"));
  EXPECT_TRUE(is(get(r, {0, 0}), "3:177"));
  EXPECT_TRUE(is(get(r, {1, 0}), "(2,4):(13,2)"));
  EXPECT_TRUE(is(composition(a, t), "(3,(2,4)):(177,(13,2))"));
}

TEST(DivideLogical, UnderscoreKeepsTheMode) {
  // (8,24):(1,8) / <_, 8>: mode 0 = 8:1 unchanged; mode 1: 24:8 / 8:1 with complement(8:1, 24)
  // = 3:8: (8,3):(1,8) through 24:8 -> (8,3):(8,64).
  Layout r = logical_divide(L("(8,24):(1,8)"), Tl("(_,8)"));
  EXPECT_TRUE(is(r, "(8,(8,3)):(1,(8,64))"));
  // A tiler of all `_` gives A back.
  EXPECT_TRUE(is(logical_divide(L("(8,24):(1,8)"), Tl("(_,_)")), "(8,24):(1,8)"));
  EXPECT_TRUE(is(logical_divide(L("(8,24):(1,8)"), Tl("_")), "(8,24):(1,8)"));
}

TEST(DivideLogical, ModesPastTheTilerAreKept) {
  // (8,24,2):(1,8,192) / <4>: mode 0: complement(4:1, 8) = 2:4 -> (4,2):(1,4); the others kept.
  EXPECT_TRUE(is(logical_divide(L("(8,24,2):(1,8,192)"), Tl("(4)")), "((4,2),24,2):((1,4),8,192)"));
}

// --- zipped, tiled, flat ---------------------------------------------------------------------------

TEST(DivideZipped, TensorDocumentExample) {
  // docs 03_tensor.md: zipped_divide of (8,24):(1,8) by the shape (4,8), i.e. <4:1, 8:1>.
  //  mode 0: 8:1 / 4:1, complement(4:1, 8) = 2:4    -> (4,2):(1,4)
  //  mode 1: 24:8 / 8:1, complement(8:1, 24) = 3:8  -> (8,3):(8,64)
  // logical ((4,2),(8,3)):((1,4),(8,64)); zipped gathers the tiles and the rests:
  // ((4,8),(2,3)):((1,8),(4,64)) -- the document's ((_4,_8),(2,3)).
  Layout a = L("(8,24):(1,8)");
  Tiler t = Tiler::shape(to_int_tuple(term("(4,8)")));
  EXPECT_TRUE(is(logical_divide(a, t), "((4,2),(8,3)):((1,4),(8,64))"));
  EXPECT_TRUE(is(zipped_divide(a, t), "((4,8),(2,3)):((1,8),(4,64))"));
  // The same tiler written as layouts.
  EXPECT_TRUE(is(zipped_divide(a, Tl("<4:1, 8:1>")), "((4,8),(2,3)):((1,8),(4,64))"));
  // tiled_divide: ((TileM,TileN), RestM, RestN); flat_divide: (TileM, TileN, RestM, RestN).
  EXPECT_TRUE(is(tiled_divide(a, t), "((4,8),2,3):((1,8),4,64)"));
  EXPECT_TRUE(is(flat_divide(a, t), "(4,8,2,3):(1,8,4,64)"));
  // layout<0>(zipped_divide(a, b)) == composition(a, b) (docs).
  EXPECT_EQ(values(get(zipped_divide(a, t), {0})), values(composition(a, t)));
}

TEST(DivideZipped, TensorDocumentPartitions) {
  // zd = ((4,8),(2,3)):((1,8),(4,64)).
  Layout zd = zipped_divide(L("(8,24):(1,8)"), Tiler::shape(to_int_tuple(term("(4,8)"))));
  // Inner partition: the tile of block (1,2) is zd((_,_),(1,2)): layout (4,8):(1,8), offset
  // 1*4 + 2*64 = 132.
  Slice cta = slice(C("((_,_),(1,2))"), zd);
  EXPECT_TRUE(is(cta.layout, "(4,8):(1,8)"));
  EXPECT_EQ(cta.offset, Value(132));
  // Outer partition: thread 5 takes zd(5,(_,_)): 5 in (4,8) is (1,1), offset 1*1 + 1*8 = 9;
  // its (2,3) elements are (2,3):(4,64).
  Slice thr = slice(C("(5,(_,_))"), zd);
  EXPECT_TRUE(is(thr.layout, "(2,3):(4,64)"));
  EXPECT_EQ(thr.offset, Value(9));
}

TEST(DivideZipped, CuTeDocTwoDimensionalExample) {
  // From the logical divide ((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1))) above:
  // zipped ((3,(2,4)),(3,(2,2))) -- the doc's shape ((3,8),(3,4)); tiled unpacks the rests;
  // flat unpacks the tiles as well (each tile and rest keeps its own nesting).
  Layout a = L("(9,(4,8)):(59,(13,1))");
  Tiler t = Tl("<3:3, (2,4):(1,8)>");
  EXPECT_TRUE(is(zipped_divide(a, t), "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"));
  EXPECT_TRUE(is(tiled_divide(a, t), "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"));
  EXPECT_TRUE(is(flat_divide(a, t), "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"));
}

TEST(DivideZipped, LayoutTilerUnpacksTheResultsModes) {
  // A layout tiler gives (tile, rest) already: zipped == logical. tiled/flat unpack the modes
  // the result itself has (CuTe: result(_, repeat<R1>(_)), result(repeat<R0>(_), repeat<R1>(_))).
  // (4,2,3):(2,1,8) / 4:2 = ((2,2),(2,3)):((4,1),(2,8)) (see above):
  //  tiled ((2,2),2,3):((4,1),2,8); flat (2,2,2,3):(4,1,2,8).
  Layout a = L("(4,2,3):(2,1,8)");
  Tiler t = Tiler::of(L("4:2"));
  EXPECT_TRUE(is(zipped_divide(a, t), "((2,2),(2,3)):((4,1),(2,8))"));
  EXPECT_TRUE(is(tiled_divide(a, t), "((2,2),2,3):((4,1),2,8)"));
  EXPECT_TRUE(is(flat_divide(a, t), "(2,2,2,3):(4,1,2,8)"));
  EXPECT_TRUE(check_divide(DivideKind::tiled, a, t, claim("((2,2),2,3):((4,1),2,8)")).correct);
  EXPECT_TRUE(check_divide(DivideKind::flat, a, t, claim("(2,2,2,3):(4,1,2,8)")).correct);
  // 6:1 / 2:2 = (2,(2,2)):(2,(1,4)): tiled and flat are both (2,2,2):(2,1,4).
  EXPECT_TRUE(is(tiled_divide(L("6:1"), Tiler::of(L("2:2"))), "(2,2,2):(2,1,4)"));
  EXPECT_TRUE(is(flat_divide(L("6:1"), Tiler::of(L("2:2"))), "(2,2,2):(2,1,4)"));
}

TEST(DivideZipped, ModesPastTheTilerGoToTheRest) {
  // (8,24,2):(1,8,192) by the shape (4,8): tiles (4,8):(1,8), rests (2,3):(4,64) and L = 2:192.
  Layout a = L("(8,24,2):(1,8,192)");
  Tiler t = Tiler::shape(to_int_tuple(term("(4,8)")));
  EXPECT_TRUE(is(zipped_divide(a, t), "((4,8),(2,3,2)):((1,8),(4,64,192))"));
  EXPECT_TRUE(is(tiled_divide(a, t), "((4,8),2,3,2):((1,8),4,64,192)"));
  EXPECT_TRUE(is(flat_divide(a, t), "(4,8,2,3,2):(1,8,4,64,192)"));
}

TEST(DivideZipped, UnderscoreIsTheWholeModeWithASizeOneRest) {
  // The spec's `_` in a zipped tiler: the whole mode is the tile, the rest has size 1 (1:0).
  // (8,24):(1,8) by <_, 8>: tiles (8:1, 8:8), rests (1:0, 3:64).
  Layout a = L("(8,24):(1,8)");
  EXPECT_TRUE(is(zipped_divide(a, Tl("(_,8)")), "((8,8),(1,3)):((1,8),(0,64))"));
  EXPECT_TRUE(is(tiled_divide(a, Tl("(_,8)")), "((8,8),1,3):((1,8),0,64)"));
  EXPECT_TRUE(is(flat_divide(a, Tl("(_,8)")), "(8,8,1,3):(1,8,0,64)"));
}

TEST(DivideZipped, CuTeUnderscoreQuirkIsJudgedWrong) {
  // A = ((8,2),8):((16,8),1), tiler <_, 3>.
  //  mode 0 is kept whole: (8,2):(16,8).
  //  mode 1: 8:1 / 3:1, complement(3:1, 8): N*d = 3, cotarget 8 -> 9, T = {0,3,6} -> 3:3;
  //    8:1 runs on with stride 1: (3,3):(1,3).
  // The spec (`_` = whole mode as the tile, rest of size 1):
  //  zipped ((((8,2),3),(1,3)):(((16,8),1),(0,3))), tiled ((((8,2),3),1,3)):(((16,8),1),0,3)).
  // CuTe splits the kept mode (8,2) as if it were a (tile, rest) pair:
  //  tiled_divide => ((8,3),2,3):((16,1),8,3). Index 8 of that is ((0,1),0,0) -> 1, while the
  //  spec's index 8 is ((0,1),0) of the tile ((8,2),3) -> 8; indices 0..7 agree (16*i).
  Layout a = L("((_8,_2),_8):((_16,_8),_1)");
  Tiler t = Tl("(_,_3)");
  EXPECT_TRUE(is(logical_divide(a, t), "((8,2),(3,3)):((16,8),(1,3))"));
  EXPECT_TRUE(is(zipped_divide(a, t), "(((8,2),3),(1,3)):(((16,8),1),(0,3))"));
  EXPECT_TRUE(is(tiled_divide(a, t), "(((8,2),3),1,3):(((16,8),1),0,3)"));
  Judgement j = check_divide(DivideKind::tiled, a, t, claim("((_8,_3),_2,_3):((_16,_1),_8,_3)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value()) << j.detail;
  EXPECT_EQ(*j.index, 8);
  EXPECT_EQ(j.claimed_value, "1");
  EXPECT_EQ(j.expected_value, "8");
  // The zipped form of CuTe's answer, ((8,3),(2,3)):((16,1),(8,3)), is wrong at the same index.
  Judgement z = check_divide(DivideKind::zipped, a, t, claim("((8,3),(2,3)):((16,1),(8,3))"));
  EXPECT_FALSE(z.correct);
  ASSERT_TRUE(z.index.has_value()) << z.detail;
  EXPECT_EQ(*z.index, 8);
  // The spec's own answers are right.
  EXPECT_TRUE(check_divide(DivideKind::tiled, a, t, claim("(((8,2),3),1,3):(((16,8),1),0,3)")).correct);
  EXPECT_TRUE(check_divide(DivideKind::zipped, a, t, claim("(((8,2),3),(1,3)):(((16,8),1),(0,3))")).correct);
}

// --- check_divide ------------------------------------------------------------------------------------

TEST(DivideCheck, RightResultsAreCorrect) {
  Layout a = L("(8,24):(1,8)");
  Tiler t = Tiler::shape(to_int_tuple(term("(4,8)")));
  EXPECT_TRUE(check_divide(DivideKind::logical, a, t, claim("((4,2),(8,3)):((1,4),(8,64))")).correct);
  EXPECT_TRUE(check_divide(DivideKind::zipped, a, t, claim("((_4,_8),(2,3)):((_1,_8),(4,64))")).correct);
  EXPECT_TRUE(check_divide(DivideKind::tiled, a, t, claim("((4,8),2,3):((1,8),4,64)")).correct);
  EXPECT_TRUE(check_divide(DivideKind::flat, a, t, claim("(4,8,2,3):(1,8,4,64)")).correct);
  EXPECT_TRUE(check_divide(DivideKind::logical, L("(4,2,3):(2,1,8)"), Tiler::of(L("4:2")),
                           claim("((2,2),(2,3)):((4,1),(2,8))"))
                  .correct);
}

TEST(DivideCheck, WrongValueIsWrongAtTheFirstDifferingIndex) {
  Layout a = L("(8,24):(1,8)");
  Tiler t = Tiler::shape(to_int_tuple(term("(4,8)")));
  // ((4,8),(2,3)):((1,8),(4,65)): index i = tile + 32*rest; the rests 0 and 1 use only the
  // stride 4, rest 2 = (0,1) is the first to use 65 instead of 64: index 64, 65 for 64.
  Judgement j = check_divide(DivideKind::zipped, a, t, claim("((4,8),(2,3)):((1,8),(4,65))"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value()) << j.detail;
  EXPECT_EQ(*j.index, 64);
  EXPECT_EQ(j.coordinate, "((0,0),(0,1))");
  EXPECT_EQ(j.claimed_value, "65");
  EXPECT_EQ(j.expected_value, "64");
  // The tile's strides swapped, ((4,8),(2,3)):((8,1),(4,64)): index 1 gives 8 for 1.
  Judgement k = check_divide(DivideKind::zipped, a, t, claim("((4,8),(2,3)):((8,1),(4,64))"));
  EXPECT_FALSE(k.correct);
  ASSERT_TRUE(k.index.has_value()) << k.detail;
  EXPECT_EQ(*k.index, 1);
  EXPECT_EQ(k.claimed_value, "8");
  EXPECT_EQ(k.expected_value, "1");
}

TEST(DivideCheck, WrongShapeIsWrong) {
  Layout a = L("(8,24):(1,8)");
  Tiler t = Tiler::shape(to_int_tuple(term("(4,8)")));
  // The flat form has the zipped function at every index but not the zipped profile
  // ((4,8),(2,3)): the mode 4 does not refine the tile (4,8).
  Judgement j = check_divide(DivideKind::zipped, a, t, claim("(4,8,2,3):(1,8,4,64)"));
  EXPECT_FALSE(j.correct);
  EXPECT_FALSE(j.index.has_value());
  // The wrong size: ((4,8),(2,2)) has 128 elements, not 192.
  EXPECT_FALSE(check_divide(DivideKind::zipped, a, t, claim("((4,8),(2,2)):((1,8),(4,64))")).correct);
  // The tile (8,4) instead of (4,8): the shapes differ and so does index 4 (4 for 8).
  Judgement k = check_divide(DivideKind::zipped, a, t, claim("((8,4),(2,3)):((1,8),(4,64))"));
  EXPECT_FALSE(k.correct);
  ASSERT_TRUE(k.index.has_value()) << k.detail;
  EXPECT_EQ(*k.index, 4);
  // Refusing an admissible input is wrong.
  EXPECT_FALSE(check_divide(DivideKind::zipped, a, t, error_claim()).correct);
}

// --- inadmissible inputs ----------------------------------------------------------------------------

TEST(DivideInadmissible, TilerWithoutComplement) {
  // (2,2):(1,3): sorted strides 1, 3 with N0*d0 = 2, which does not divide 3, so
  // complement((2,2):(1,3), 24) does not exist (complement.stride_divisibility) and neither
  // does 24:1 / (2,2):(1,3).
  Layout a = L("24:1");
  Tiler t = Tiler::of(L("(2,2):(1,3)"));
  Admissibility adm = is_divide_admissible(a, t);
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "complement.stride_divisibility");
  EXPECT_TRUE(inadmissible("complement.stride_divisibility", [&] { logical_divide(a, t); }));
  EXPECT_TRUE(inadmissible("complement.stride_divisibility", [&] { zipped_divide(a, t); }));
  // Any claimed layout is wrong; the claim "error" is right.
  Judgement j = check_divide(DivideKind::logical, a, t, claim("((2,2),6):((1,3),4)"));
  EXPECT_FALSE(j.correct);
  EXPECT_NE(j.detail.find("complement.stride_divisibility"), std::string::npos) << j.detail;
  EXPECT_TRUE(check_divide(DivideKind::logical, a, t, error_claim()).correct);
}

TEST(DivideInadmissible, InsideATupleTiler) {
  // The same tiler on mode 1 of (8,24):(1,8): the witness names mode 1.
  Layout a = L("(8,24):(1,8)");
  Tiler t = Tl("(_,(2,2):(1,3))");
  Admissibility adm = is_divide_admissible(a, t);
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "complement.stride_divisibility");
  EXPECT_NE(adm.witness.find("mode 1"), std::string::npos) << adm.witness;
  EXPECT_TRUE(inadmissible("complement.stride_divisibility", [&] { tiled_divide(a, t); }));
  EXPECT_FALSE(check_divide(DivideKind::tiled, a, t, claim("((8,(2,2)),1,6):((1,(8,24)),0,32)")).correct);
  EXPECT_TRUE(check_divide(DivideKind::tiled, a, t, error_claim()).correct);
}

TEST(DivideInadmissible, TilerOfHigherRank) {
  // A tuple tiler of rank 2 on a rank-1 layout.
  EXPECT_FALSE(is_divide_admissible(L("8:1"), Tl("(2,2)")).ok);
  EXPECT_EQ(is_divide_admissible(L("8:1"), Tl("(2,2)")).condition, "divide.tiler_rank");
  EXPECT_TRUE(inadmissible("divide.tiler_rank", [] { logical_divide(L("8:1"), Tl("(2,2)")); }));
}

}  // namespace
}  // namespace layoutref::spec
