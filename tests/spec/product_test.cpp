// Tests of the products (product.hpp): logical_product by a layout and by a tuple tiler,
// zipped/tiled/flat_product, blocked_product and raked_product, tile_to_shape, and the checks
// of claimed results. Every expected value is derived by hand in the comment above it;
// sources: CuTe docs 02_layout_algebra.md ("Product (Tiling)", "Complement"), cute/layout.hpp
// (blocked_product, raked_product, tile_to_shape), the seed document "CuTe Tilers"
// (Lei Mao's "CuTe Tilers"):
//   A x B := (A, complement(A, size(A)*cosize(B)) o B),   by mode for a tuple tiler.
#include "support.hpp"

#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/product.hpp>

#include <optional>
#include <set>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// Whether l is injective (a product of an injective block must be).
bool injective(Layout const& l) {
  std::set<i64> seen;
  for (i64 i = 0; i < size(l); ++i)
    if (!seen.insert(evaluate(l, i).scalar()).second) return false;
  return true;
}

// --- logical_product by a layout -------------------------------------------------------------------

TEST(ProductLogical, CuTeDocOneDimensionalExample) {
  // docs "Logical Product 1-D Example": A = (2,2):(4,1), B = 6:1.
  // complement(A, 4*6 = 24): image {0,1,4,5}; the holes 2,3 are filled by 2:2, then [0,8) is
  // repeated 3 times by 3:8: A* = (2,3):(2,8). A* o 6:1 = A* (values 0,2,8,10,16,18).
  // (A, A* o B) = ((2,2),(2,3)):((4,1),(2,8)), the same as the 1-D divide example.
  EXPECT_TRUE(is(complement(L("(2,2):(4,1)"), 24), "(2,3):(2,8)"));
  Layout r = logical_product(L("(2,2):(4,1)"), Tiler::of(L("6:1")));
  EXPECT_TRUE(is(r, "((2,2),(2,3)):((4,1),(2,8))"));
  EXPECT_TRUE(injective(r));
  EXPECT_EQ(cosize(r), 24);
}

TEST(ProductLogical, CuTeDocReorderedTiles) {
  // docs: B = (4,2):(2,1), 8 tiles in a different order. cosize(B) = 3*2 + 1*1 + 1 = 8,
  // complement((2,2):(4,1), 32) = (2,4):(2,8) (values 0,2,8,10,16,18,24,26).
  //  leaf 4:2 -> A*(0),A*(2),A*(4),A*(6) = 0,8,16,24 -> 4:8
  //  leaf 2:1 -> A*(0),A*(1) = 0,2                   -> 2:2
  Layout r = logical_product(L("(2,2):(4,1)"), Tiler::of(L("(4,2):(2,1)")));
  EXPECT_TRUE(is(r, "((2,2),(4,2)):((4,1),(8,2))"));
  EXPECT_TRUE(injective(r));
}

TEST(ProductLogical, SeedStrideOfTheTilerSpacesTheTiles) {
  // Seed "CuTe Tilers": consecutive tiles of A lie size(A)*stride(B) apart, the result has
  // cosize size(A)*cosize(B). A = 2:1, B = 3:2: cosize(B) = 5, M = 10, complement(2:1, 10) =
  // 5:2; 5:2 o 3:2 takes A*(0),A*(2),A*(4) = 0,4,8 -> 3:4. (2,3):(1,4): tiles at 0, 4 = 2*2, 8.
  Layout r = logical_product(L("2:1"), Tiler::of(L("3:2")));
  EXPECT_TRUE(is(r, "(2,3):(1,4)"));
  EXPECT_EQ(cosize(r), 10);  // values 0,1,4,5,8,9
}

TEST(ProductLogical, CuTeDocTwoDimensionalTiler) {
  // docs "Logical Product 2-D Example": a 2x5 row-major block A = (2,5):(5,1) tiled across a
  // 3x4 column-major arrangement by the tiler <3:5, 4:6>.
  //  mode 0: A_0 = 2:5, B_0 = 3:5, cosize 11, M = 22. complement(2:5, 22): N*d = 10, cotarget
  //    rounded up to 30; image {0,5}, T = {0..4, 10..14, 20..24} -> (5,3):(1,10).
  //    A_0* o 3:5: A_0*(0),A_0*(5),A_0*(10) = 0,10,20 -> 3:10. Mode 0 = (2,3):(5,10).
  //  mode 1: A_1 = 5:1, B_1 = 4:6, cosize 19, M = 95. complement(5:1, 95) = 19:5;
  //    19:5 o 4:6 = 4:30. Mode 1 = (5,4):(1,30).
  Layout a = L("(2,5):(5,1)");
  Layout r = logical_product(a, Tl("<3:5, 4:6>"));
  EXPECT_TRUE(is(r, "((2,3),(5,4)):((5,10),(1,30))"));
  EXPECT_TRUE(injective(r));
  // `_` keeps its mode: <_, 4:6> multiplies only mode 1.
  EXPECT_TRUE(is(logical_product(a, Tl("(_,4:6)")), "(2,(5,4)):(5,(1,30))"));
  // Modes past the tiler are kept: <3:5> on (2,5):(5,1) leaves mode 1 as it is.
  EXPECT_TRUE(is(logical_product(a, Tl("(3:5)")), "((2,3),5):((5,10),1)"));
}

TEST(ProductLogical, CheckJudgesTheResult) {
  Layout a = L("(2,2):(4,1)");
  Tiler t = Tiler::of(L("6:1"));
  EXPECT_TRUE(check_product(ProductKind::logical, a, t, claim("((2,2),(2,3)):((4,1),(2,8))")).correct);
  // The rest laid out as (2,3):(2,4) collides with A: index 8 = ((0,0),(0,1)) gives 4 for 8
  // (the indices 0..7 use only the strides 4, 1, 2).
  Judgement j = check_product(ProductKind::logical, a, t, claim("((2,2),(2,3)):((4,1),(2,4))"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value()) << j.detail;
  EXPECT_EQ(*j.index, 8);
  EXPECT_EQ(j.claimed_value, "4");
  EXPECT_EQ(j.expected_value, "8");
  // The right function with the wrong profile: ((2,2),2,3):((4,1),2,8) has three modes where
  // the result has two (the block and its repetition): wrong, with no differing index.
  Judgement k = check_product(ProductKind::logical, a, t, claim("((2,2),2,3):((4,1),2,8)"));
  EXPECT_FALSE(k.correct);
  EXPECT_FALSE(k.index.has_value());
  EXPECT_FALSE(check_product(ProductKind::logical, a, t, error_claim()).correct);
}

TEST(ProductLogical, InadmissibleBlock) {
  // A = (2,2):(1,3) has no complement (sorted strides 1, 3: 2*1 does not divide 3), so
  // A x 2:1 does not exist.
  Layout a = L("(2,2):(1,3)");
  Tiler t = Tiler::of(L("2:1"));
  Admissibility adm = is_product_admissible(a, t);
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "complement.stride_divisibility");
  EXPECT_TRUE(inadmissible("complement.stride_divisibility", [&] { logical_product(a, t); }));
  EXPECT_FALSE(check_product(ProductKind::logical, a, t, claim("((2,2),2):((1,3),2)")).correct);
  EXPECT_TRUE(check_product(ProductKind::logical, a, t, error_claim()).correct);
  // A tuple tiler of higher rank than A.
  EXPECT_TRUE(inadmissible("product.tiler_rank", [] { logical_product(L("4:1"), Tl("(2,2)")); }));
}

// --- zipped, tiled, flat ---------------------------------------------------------------------------

TEST(ProductZipped, RearrangeTheLogicalProduct) {
  // From logical_product((2,5,7):(5,1,200), <3:5, 4:6>) = ((2,3),(5,4),7):((5,10),(1,30),200)
  // (modes 0 and 1 as in the doc's 2-D example, mode 2 kept), the docs' table:
  //  zipped_product  : ((M,N), (TileM,TileN,L))
  //  tiled_product   : ((M,N), TileM, TileN, L)
  //  flat_product    : (M, N, TileM, TileN, L)
  Layout a = L("(2,5,7):(5,1,200)");
  Tiler t = Tl("<3:5, 4:6>");
  EXPECT_TRUE(is(logical_product(a, t), "((2,3),(5,4),7):((5,10),(1,30),200)"));
  EXPECT_TRUE(is(zipped_product(a, t), "((2,5),(3,4,7)):((5,1),(10,30,200))"));
  EXPECT_TRUE(is(tiled_product(a, t), "((2,5),3,4,7):((5,1),10,30,200)"));
  EXPECT_TRUE(is(flat_product(a, t), "(2,5,3,4,7):(5,1,10,30,200)"));
  EXPECT_TRUE(check_product(ProductKind::zipped, a, t, claim("((2,5),(3,4,7)):((5,1),(10,30,200))")).correct);
  EXPECT_TRUE(check_product(ProductKind::tiled, a, t, claim("((2,5),3,4,7):((5,1),10,30,200)")).correct);
  EXPECT_TRUE(check_product(ProductKind::flat, a, t, claim("(2,5,3,4,7):(5,1,10,30,200)")).correct);
  // The logical form is not the zipped one: index 2 of the logical layout is ((0,1),(0,0),0)
  // -> 10, of the zipped one ((0,1),(0,0,0)) -> 1.
  Judgement j = check_product(ProductKind::zipped, a, t, claim("((2,3),(5,4),7):((5,10),(1,30),200)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value()) << j.detail;
  EXPECT_EQ(*j.index, 2);
}

TEST(ProductZipped, UnderscoreGivesASizeOneProduct) {
  // `_` in a zipped tiler: the whole mode and a size-1 product (1:0), as for the divides.
  // (2,5):(5,1) by <_, 4:6>: blocks (2:5, 5:1), products (1:0, 4:30).
  Layout a = L("(2,5):(5,1)");
  EXPECT_TRUE(is(zipped_product(a, Tl("(_,4:6)")), "((2,5),(1,4)):((5,1),(0,30))"));
  EXPECT_TRUE(is(tiled_product(a, Tl("(_,4:6)")), "((2,5),1,4):((5,1),0,30)"));
}

// --- blocked and raked products ----------------------------------------------------------------------

TEST(ProductBlocked, CuTeDocTwoDimensionalExample) {
  // docs "Blocked and Raked Products": A = (2,5):(5,1) (2x5 row-major), B = (3,4):(1,3)
  // (3x4 column-major). logical_product(A, B) as one layout: size(A) = 10, cosize(B) =
  // 2 + 9 + 1 = 12, M = 120; A is a bijection onto [0,10), so complement(A, 120) = 12:10 and
  // 12:10 o (3,4):(1,3) = (3,4):(10,30). Mode i of the result is (A_i, (C o B)_i):
  //  mode 0: (2:5, 3:10) -> (2,3):(5,10); mode 1: (5:1, 4:30) -> (5,4):(1,30).
  // The same as the tiler <3:5, 4:6> above (the docs: "the same result").
  Layout a = L("(2,5):(5,1)");
  Layout b = L("(3,4):(1,3)");
  Layout r = blocked_product(a, b);
  EXPECT_TRUE(is(r, "((2,3),(5,4)):((5,10),(1,30))"));
  EXPECT_EQ(r, logical_product(a, Tl("<3:5, 4:6>")));
  // The block (0,0) .. (1,4) is A itself; the block at tile (1,0) starts at 10, tile (0,1) at 30.
  EXPECT_EQ(crd2idx(T("((0,0),(0,0))"), r), Value(0));
  EXPECT_EQ(crd2idx(T("((1,0),(4,0))"), r), Value(9));
  EXPECT_EQ(crd2idx(T("((0,1),(0,0))"), r), Value(10));
  EXPECT_EQ(crd2idx(T("((0,0),(0,1))"), r), Value(30));
  EXPECT_TRUE(check_blocked_product(a, b, false, claim("((2,3),(5,4)):((5,10),(1,30))")).correct);
}

TEST(ProductBlocked, RakedInterleavesTheBlocks) {
  // raked_product: mode i is ((C o B)_i, A_i): ((3,2),(4,5)):((10,5),(30,1)).
  // Row 1 of the result is the first row of the tile (1,0) (offset 10): the tiles are raked.
  Layout a = L("(2,5):(5,1)");
  Layout b = L("(3,4):(1,3)");
  Layout r = raked_product(a, b);
  EXPECT_TRUE(is(r, "((3,2),(4,5)):((10,5),(30,1))"));
  EXPECT_TRUE(check_blocked_product(a, b, true, claim("((3,2),(4,5)):((10,5),(30,1))")).correct);
  // The blocked result is not the raked one: index 1 is 5 (blocked) where raked gives 10.
  Judgement j = check_blocked_product(a, b, true, claim("((2,3),(5,4)):((5,10),(1,30))"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value()) << j.detail;
  EXPECT_EQ(*j.index, 1);
  EXPECT_EQ(j.claimed_value, "5");
  EXPECT_EQ(j.expected_value, "10");
}

TEST(ProductBlocked, RanksArePadded) {
  // A = 4:1 (rank 1), B = (2,3):(1,2): A is padded to (4,1):(1,0). size(A) = 4, cosize(B) = 6,
  // complement((4,1):(1,0), 24) = 6:4, 6:4 o (2,3):(1,2) = (2,3):(4,8).
  // blocked: ((4,2),(1,3)):((1,4),(0,8)); raked: ((2,4),(3,1)):((4,1),(8,0)).
  Layout a = L("4:1");
  Layout b = L("(2,3):(1,2)");
  EXPECT_TRUE(is(blocked_product(a, b), "((4,2),(1,3)):((1,4),(0,8))"));
  EXPECT_TRUE(is(raked_product(a, b), "((2,4),(3,1)):((4,1),(8,0))"));
  EXPECT_TRUE(is(pad(a, 2), "(4,1):(1,0)"));
}

// --- tile_to_shape -------------------------------------------------------------------------------------

TEST(ProductTileToShape, BlockTiledToARankThreeShape) {
  // block (8,1):(1,1), target shape (16,4,4). The block is padded to (8,1,1):(1,1,0); the
  // repetitions are make_layout((16/8, 4/1, 4/1)) = (2,4,4):(1,2,8), cosize 32. M = 8*32 = 256;
  // the padded block covers [0,8), so its complement is 32:8, and 32:8 o (2,4,4):(1,2,8) =
  // (2,4,4):(8,16,64). Modes (block_i, reps_i):
  //  ((8,2),(1,4),(1,4)):((1,8),(s,16),(0,64)), s the stride of a size-1 leaf (any value:
  //  the spec's own form writes 0, CuTe keeps the block's 1).
  Layout block = L("(8,1):(1,1)");
  Layout r = tile_to_shape(block, T("(16,4,4)"));
  EXPECT_TRUE(is(r, "((8,2),(1,4),(1,4)):((1,8),(0,16),(0,64))"));
  EXPECT_TRUE(check_tile_to_shape(block, T("(16,4,4)"), std::nullopt, claim("((8,2),(1,4),(1,4)):((1,8),(0,16),(0,64))"))
                  .correct);
  EXPECT_TRUE(check_tile_to_shape(block, T("(16,4,4)"), std::nullopt, claim("((_8,_2),(_1,_4),(_1,_4)):((_1,_8),(_1,_16),(_0,_64))"))
                  .correct);
  // The result is a bijection onto [0,256) (the block and its repetitions tile the codomain).
  EXPECT_TRUE(injective(r));
  EXPECT_EQ(cosize(r), 256);
}

TEST(ProductTileToShape, DefaultOrderIsColumnMajor) {
  // block (2,2):(1,2), shape (4,6): repetitions (2,3):(1,2) (column-major), cosize 6, M = 24,
  // complement((2,2):(1,2), 24) = 6:4, 6:4 o (2,3):(1,2) = (2,3):(4,8):
  // ((2,2),(2,3)):((1,4),(2,8)).
  Layout block = L("(2,2):(1,2)");
  EXPECT_TRUE(is(tile_to_shape(block, T("(4,6)")), "((2,2),(2,3)):((1,4),(2,8))"));
  EXPECT_TRUE(is(tile_to_shape(block, T("(4,6)"), T("(0,1)")), "((2,2),(2,3)):((1,4),(2,8))"));
}

TEST(ProductTileToShape, OrderPicksTheModeToRepeatFirst) {
  // block (2,2):(1,2), shape (4,6), order (1,0): the repetitions run across mode 1 first:
  // make_ordered_layout((2,3), (1,0)) = (2,3):(3,1), cosize 3 + 2 + 1 = 6, M = 24,
  // 6:4 o (2,3):(3,1) = (2,3):(12,4): ((2,2),(2,3)):((1,12),(2,4)).
  // The tiles in row-major order: tile (0,1) at 4, (0,2) at 8, (1,0) at 12.
  Layout block = L("(2,2):(1,2)");
  Layout r = tile_to_shape(block, T("(4,6)"), T("(1,0)"));
  EXPECT_TRUE(is(r, "((2,2),(2,3)):((1,12),(2,4))"));
  EXPECT_EQ(crd2idx(T("((0,0),(0,1))"), r), Value(4));
  EXPECT_EQ(crd2idx(T("((0,0),(0,2))"), r), Value(8));
  EXPECT_EQ(crd2idx(T("((0,1),(0,0))"), r), Value(12));
  EXPECT_TRUE(check_tile_to_shape(block, T("(4,6)"), T("(1,0)"), claim("((2,2),(2,3)):((1,12),(2,4))")).correct);
  // The column-major answer is wrong for this order: index 2 = ((0,1),(0,0)) is 4, not 12.
  Judgement j = check_tile_to_shape(block, T("(4,6)"), T("(1,0)"), claim("((2,2),(2,3)):((1,4),(2,8))"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value()) << j.detail;
  EXPECT_EQ(*j.index, 2);
}

TEST(ProductTileToShape, ShapeMustBeAMultipleOfTheBlock) {
  // 5 is not a multiple of the block's 2.
  Layout block = L("(2,2):(1,2)");
  Admissibility adm = is_tile_to_shape_admissible(block, T("(4,5)"), std::nullopt);
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "tile_to_shape.divisibility");
  EXPECT_TRUE(inadmissible("tile_to_shape.divisibility", [&] { tile_to_shape(block, T("(4,5)")); }));
  EXPECT_TRUE(check_tile_to_shape(block, T("(4,5)"), std::nullopt, error_claim()).correct);
  // A block of higher rank than the shape.
  EXPECT_TRUE(inadmissible("tile_to_shape.rank", [] { tile_to_shape(L("(2,2,2):(1,2,4)"), T("(4,4)")); }));
}

}  // namespace
}  // namespace layoutref::spec
