// Tests of MMA atoms and tiled MMAs (mma.hpp): the traits printed in the header of
// coordinate_tensors.tsv, VMNK, the default permutation, the per-thread partitions, Lei Mao's
// example (Lei Mao's "CuTe Arithmetic Tuple Tensors") and some rows of coordinate_tensors.tsv derived by hand.
#include "support.hpp"

#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/mma.hpp>

namespace layoutref::spec {
namespace {

using namespace testing_support;

TiledMma mma(char const* atom, char const* atom_layout, char const* perm = "_") {
  return make_tiled_mma(mma_atom(atom), L(atom_layout), Tl(perm));
}

TEST(MmaAtom, TraitsAsTheFilePrintsThem) {
  MmaAtom a = mma_atom("SM80_16x8x16_F16F16F16F16_TN");
  EXPECT_TRUE(is(a.shape_mnk, "(16,8,16)"));
  EXPECT_TRUE(is(a.thr_id, "32:1"));
  EXPECT_TRUE(is(a.a_layout, "((4,8),(2,2,2)):((32,1),(16,8,128))"));
  EXPECT_TRUE(is(a.b_layout, "((4,8),(2,2)):((16,1),(8,64))"));
  EXPECT_TRUE(is(a.c_layout, "((4,8),(2,2)):((32,1),(16,8))"));
  MmaAtom b = mma_atom("SM80_16x8x8_F16F16F16F16_TN");
  EXPECT_TRUE(is(b.b_layout, "((4,8),2):((16,1),8)"));
  MmaAtom c = mma_atom("SM80_8x8x4_F64F64F64F64_TN");
  EXPECT_TRUE(is(c.shape_mnk, "(8,8,4)"));
  EXPECT_TRUE(is(c.a_layout, "((4,8),1):((8,1),0)"));
  EXPECT_TRUE(is(c.c_layout, "((4,8),2):((16,1),8)"));
  MmaAtom f = mma_atom("UniversalFMA<float, float, float, float>");  // blanks ignored
  EXPECT_EQ(f.name, "UniversalFMA<float,float,float,float>");
  EXPECT_TRUE(is(f.thr_id, "1:0"));
  EXPECT_EQ(mma_atom_names().size(), 4u);
  // Every thread and value of an atom lands inside its tile: X_Layout's values lie in [0, M*K) etc.
  for (auto const& name : mma_atom_names()) {
    MmaAtom m = mma_atom(name);
    i64 mm = m.shape_mnk.items[0].value, nn = m.shape_mnk.items[1].value, kk = m.shape_mnk.items[2].value;
    EXPECT_EQ(cosize(m.a_layout), mm * kk) << name;
    EXPECT_EQ(cosize(m.b_layout), nn * kk) << name;
    EXPECT_EQ(cosize(m.c_layout), mm * nn) << name;
  }
  EXPECT_TRUE(fails_with(bad, [] { mma_atom("SM90_64x64x16_F16F16F16_SS"); }));
}

TEST(TiledMma, ThreadLayoutVmnk) {
  // tiled_product(32:1, (2,2,1):(1,2,0)): complement(32:1, 32*4) = 4:32, composed with the atom
  // layout: (2,2,1):(32,64,0); unpacked beside ThrID.
  EXPECT_TRUE(is(thr_layout_vmnk(mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1):(1,2,0)")), "(32,2,2,1):(1,32,64,0)"));
  // UniversalFMA: ThrID 1:0; complement(1:0, 256) = 256:1.
  EXPECT_TRUE(is(thr_layout_vmnk(mma("UniversalFMA<float,float,float,float>", "(16,16,1):(1,16,0)")),
                 "(1,16,16,1):(0,1,16,0)"));
  // make_tiled_mma pads the atom layout with 1:0 modes and the permutation with `_`.
  TiledMma t = mma("SM80_16x8x8_F16F16F16F16_TN", "(2,2):(1,2)", "(32)");
  EXPECT_TRUE(is(t.atom_layout, "(2,2,1):(1,2,0)"));
  EXPECT_EQ(t.permutation.str(), "(32:1,_,_)");
  EXPECT_TRUE(fails_with(bad, [] { mma("SM80_16x8x8_F16F16F16F16_TN", "(1,1,1,1):(0,0,0,0)"); }));
  EXPECT_TRUE(fails_with(bad, [] { mma("SM80_16x8x8_F16F16F16F16_TN", "(1,1,1):(0,0,0)", "(1,1,1,1)"); }));
}

TEST(TiledMma, DefaultPermutation) {
  // size<i>(Shape_MNK) * size<i+1>(VMNK) : 1 — M: 16*2, N: 8*2, K: 16*1.
  TiledMma t = mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1):(1,2,0)");
  EXPECT_EQ(permutation_mnk(t, 0).str(), "32:1");
  EXPECT_EQ(permutation_mnk(t, 1).str(), "16:1");
  EXPECT_EQ(permutation_mnk(t, 2).str(), "16:1");
  TiledMma p = mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1):(1,2,0)", "(32,32,16)");
  EXPECT_EQ(permutation_mnk(p, 1).str(), "32:1");
}

TEST(TiledMma, ThrfrgOfOneAtom) {
  // One atom over its own 16x8 C tile: ((ThrV,(1,1)),(FrgV,(1,1))) with ThrV and FrgV the
  // modes of CLayout (the tile is column-major, so CLayout's values are the tile's offsets).
  Layout l = thrfrg(mma("SM80_16x8x8_F16F16F16F16_TN", "(1,1,1):(0,0,0)"), MmaOperand::C, make_layout(T("(16,8)")));
  EXPECT_TRUE(is(get(l, {0, 0}), "(4,8):(32,1)"));
  EXPECT_TRUE(is(get(l, {1, 0}), "(2,2):(16,8)"));
  EXPECT_EQ(size(get(l, {0, 1})), 1);
  EXPECT_EQ(size(get(l, {1, 1})), 1);
  EXPECT_TRUE(fails_with(bad, [] {
    thrfrg(mma("SM80_16x8x8_F16F16F16F16_TN", "(1,1,1):(0,0,0)"), MmaOperand::C, L("16:1"));
  }));
}

// Lei Mao's example (seed 000): 512x512, tile 128x128 at block (1,1), SM80_16x8x16 with atom layout
// (2,2,1) and tile (32,32,16); thread 1. CLayout takes thread 1 = (1,0) in (4,8) to 32, i.e.
// (m,n) = (0,2) in the 16x8 atom tile: the thread's first element is (128,130).
TEST(TiledMma, SeedIdentityTensorPartition) {
  Tensor block = local_tile(make_identity_tensor(T("(512,512)")), Tl("(128,128)"), C("(1,1)"));
  for (char const* perm : {"(32,32,16)", "_"}) {
    Tensor thr = partition_C(mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1):(1,2,0)", perm), 1, block);
    EXPECT_EQ(str(thr), strip_static("ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)")) << perm;
  }
}

TEST(TiledMma, SeedDataTensorPartition) {
  // The same partition of the seed's data tensors, column-major (1,512) and with strides (1,1):
  // block at 128 + 128*512 elements of 2 bytes = 0x20100 bytes further; thread 1 at (0,2):
  // 2*512*2 = 0x800 bytes further (with strides (1,1): 256*2 = 0x200 and 2*2 = 4 bytes).
  TiledMma t = mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1):(1,2,0)", "(32,32,16)");
  Tensor global = make_tensor(Engine::pointer(MemorySpace::generic, 16, 0x7a06afbba010), make_layout(T("(512,512)")));
  Tensor block = local_tile(global, Tl("(128,128)"), C("(1,1)"));
  EXPECT_EQ(str(block), strip_static("ptr[16b](0x7a06afbda110) o (_128,_128):(_1,_512)"));
  EXPECT_EQ(str(partition_C(t, 1, block)),
            strip_static("ptr[16b](0x7a06afbda910) o ((_2,_2),_4,_8):((_512,_8),_32,_8192)"));
  Tensor g2 = make_tensor(Engine::pointer(MemorySpace::generic, 16, 0x73332bde7010), L("(512,512):(1,1)"));
  Tensor b2 = local_tile(g2, Tl("(128,128)"), C("(1,1)"));
  EXPECT_EQ(str(b2), strip_static("ptr[16b](0x73332bde7210) o (_128,_128):(_1,_1)"));
  EXPECT_EQ(str(partition_C(t, 1, b2)), strip_static("ptr[16b](0x73332bde7214) o ((_2,_2),_4,_8):((_1,_8),_32,_16)"));
}

TEST(TiledMma, EveryThreadCoversTheTileOnce) {
  // partition_C over all 128 threads of (2,2,1) SM80_16x8x16 on a 64x32 tile: every coordinate once.
  TiledMma t = mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1):(1,2,0)");
  Tensor tile = make_identity_tensor(T("(64,32)"));
  std::vector<int> seen(64 * 32, 0);
  for (i64 thr = 0; thr < 128; ++thr) {
    Tensor p = partition_C(t, thr, tile);
    for (i64 i = 0; i < size(p); ++i) {
      IntTuple c = coordinate(element(p, i));
      ++seen[static_cast<size_t>(c.items[0].value + 64 * c.items[1].value)];
    }
  }
  EXPECT_EQ(seen, std::vector<int>(64 * 32, 1));
  EXPECT_TRUE(inadmissible("get_flat_coord.not_a_value", [&] { partition_C(t, 128, tile); }));
}

// --- coordinate_tensors.tsv rows, by hand ------------------------------------------------------------------

TEST(TiledMma, PartitionCByHand) {
  // identity_mma_partition_C SM80_16x8x8 (1,1,1) _ (200,512) (_128,_64) (1,7) 4: the tile starts
  // at (128,448); thread 4 = (0,1) in (4,8) -> 1 -> (m,n) = (1,0); FrgV (2,2):(16,8) -> 16 = (0,1),
  // 8 = (8,0); 128/16 = 8 atoms down (16@0), 64/8 = 8 across (8@1).
  Tensor tile = local_tile(make_identity_tensor(T("(200,512)")), Tl("(128,64)"), C("(1,7)"));
  Tensor p = partition_C(mma("SM80_16x8x8_F16F16F16F16_TN", "(1,1,1):(0,0,0)"), 4, tile);
  EXPECT_EQ(str(p), strip_static("ArithTuple(129,448) o ((_2,_2),_8,_8):((_1@1,_8@0),_16@0,_8@1)"));
}

TEST(TiledMma, PartitionAByHand) {
  // identity_mma_partition_A SM80_8x8x4 (_2,_1,_1):(_1,_0,_0) _ (1000,256) (_128,_32) (_,1) 29:
  // the tile starts at (0,32) and keeps ceil(1000/128) = 8 row tiles (128@0). VMNK = (32,2,1,1):
  // thread 29 is v = 29, m = 0. ALayout ((4,8),1):((8,1),0): 29 = (1,7) -> 15 -> (m,k) = (7,1)
  // in the 8x4 tile. FrgV = 1:0; M: 128/8 = 16 atoms over ThrM = 2 -> 8 (16@0); K: 32/4 = 8 (4@1).
  Tensor tile = local_tile(make_identity_tensor(T("(1000,256)")), Tl("(128,32)"), C("(_,1)"));
  Tensor p = partition_A(mma("SM80_8x8x4_F64F64F64F64_TN", "(2,1,1):(1,0,0)"), 29, tile);
  EXPECT_EQ(str(p), strip_static("ArithTuple(7,33) o (_1,_8,_8,8):(_0,_16@0,_4@1,_128@0)"));
}

TEST(TiledMma, PartitionBByHand) {
  // identity_mma_partition_B SM80_16x8x8 (1,1,1) _ (128,96) (_64,_16) (1,0) 28: the (N,K) tile
  // starts at (64,0); BLayout ((4,8),2):((16,1),8): thread 28 = (0,7) -> 7 -> (n,k) = (7,0);
  // FrgV 2:8 -> (0,1); N: 64/8 = 8 (8@0); K: 16/8 = 2 (8@1).
  Tensor tile = local_tile(make_identity_tensor(T("(128,96)")), Tl("(64,16)"), C("(1,0)"));
  Tensor p = partition_B(mma("SM80_16x8x8_F16F16F16F16_TN", "(1,1,1):(0,0,0)"), 28, tile);
  EXPECT_EQ(str(p), strip_static("ArithTuple(71,0) o (_2,_8,_2):(_1@1,_8@0,_8@1)"));
}

TEST(TiledMma, EveryCaseOfTheFileIsJudgedCorrect) {
  int n = 0;
  for (auto [op, side] : {std::pair{"identity_mma_partition_A", MmaOperand::A}, std::pair{"identity_mma_partition_B", MmaOperand::B},
                          std::pair{"identity_mma_partition_C", MmaOperand::C}}) {
    MmaOperand operand = side;  // clang 14 cannot capture a structured binding
    n += for_each_case("coordinate_tensors.tsv", op, [operand](int, auto const& a, auto const& r) {
      TiledMma t = make_tiled_mma(mma_atom(a[0].word), to_layout(a[1]), to_tiler(a[2]));
      Judgement j = check_identity_mma_partition(operand, t, to_int_tuple(a[3]), to_tiler(a[4]), to_slice_coord(a[5]),
                                                 to_integer(a[6]), {false, to_tensor(r)});
      EXPECT_TRUE(j.correct) << j.detail;
    });
  }
  EXPECT_EQ(n, 60);
}

}  // namespace
}  // namespace layoutref::spec
