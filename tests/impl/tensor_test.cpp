// Tests of impl's tensors, slicing and partitioners (impl/tensor.hpp, mma.hpp, tensor_term.hpp).
// Expectations are the seed documents' printed outputs (Lei Mao's coordinate
// tensor post; CuTe's Tensor documentation) or derived by hand in the comments.
#include "support.hpp"

#include <layoutref/impl/tensor_term.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

SliceCoord C(std::string const& text) {
  auto r = to_slice_coord(T(text));
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value;
}
/// A tiler as the divides read it (to_tiling_tiler).
Tiler Tt(std::string const& text) {
  auto r = to_tiling_tiler(T(text));
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value;
}
StrideTuple to_stride_tuple_for_test(std::string const& text) { return stride(L("(1,1):" + text)); }
template <class X>
X ok(Result<X> const& r) {
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value;
}

// --- slicing (seed 001, "Slicing") ------------------------------------------------------------

TEST(ImplTensor, SlicesOfTheDocumentsTensor) {
  // A = ((_3,2),(2,_5,_2)):((4,1),(_2,13,100)) over a pointer; the layouts are the document's,
  // the offsets derived by hand: A(2,_): 2 in (3,2) is (2,0) -> 8; A(_,5): 5 in (2,5,2) is
  // (1,2,0) -> 2 + 26 = 28; A((_,1),(0,_,1)): 1 + 100 = 101; A((2,_),(_,3,_)): 8 + 39 = 47.
  float data[1] = {};
  Tensor<Pointer<float>> a{Pointer<float>{data, MemorySpace::generic}, L("((_3,2),(2,_5,_2)):((4,1),(_2,13,100))")};
  struct Case {
    char const* coord;
    char const* layout;
    long offset;
  } cases[] = {
      {"(2,_)", "((2,_5,_2)):((_2,13,100))", 8},
      {"(_,5)", "((_3,2)):((4,1))", 28},
      {"((_,_),5)", "(_3,2):(4,1)", 28},
      {"((_,1),(0,_,1))", "(_3,_5):(4,13)", 101},
      {"((2,_),(_,3,_))", "(2,2,_2):(1,_2,100)", 47},
  };
  for (auto const& c : cases) {
    auto s = ok(slice(a, C(c.coord)));
    EXPECT_EQ(str(s.layout), c.layout) << c.coord;
    EXPECT_EQ(s.engine.ptr - data, c.offset) << c.coord;
  }
}

TEST(ImplTensor, SliceRefusesABadCoordinate) {
  float data[1] = {};
  Tensor<Pointer<float>> a{Pointer<float>{data, MemorySpace::generic}, L("(4,8):(1,4)")};
  EXPECT_EQ(slice(a, C("(4,_)")).error.code, Errc::bad_argument);    // 4 is outside [0,4)
  EXPECT_EQ(slice(a, C("(_,_,_)")).error.code, Errc::bad_argument);  // rank 3 against rank 2
  EXPECT_EQ(slice(a, C("(-1,_)")).error.code, Errc::bad_argument);
}

// --- partitioning (seed 001, "Partitioning") ----------------------------------------------------

TEST(ImplTensor, InnerAndOuterPartitionOfTheDocumentsExample) {
  // A = make_tensor(ptr, make_shape(8,24)) = (8,24):(_1,8); zipped_divide(A, (_4,_8)) is
  // ((_4,_8),(2,3)) with strides ((1,8),(4,64)) (mode 0: 8:1 / 4:1 = (4,2):(1,4); mode 1:
  // 24:8 / 8:1 = (8,3):(8,64)).
  float data[1] = {};
  auto a = ok(make_tensor(Pointer<float>{data, MemorySpace::gmem}, P("(8,24)")));
  EXPECT_EQ(str(a.layout), "(8,24):(_1,8)");
  auto z = ok(divide(Arrangement::zipped, a, Tt("(_4,_8)")));
  EXPECT_EQ(str(shape(z.layout)), "((_4,_8),(2,3))");
  // Inner partition at block (1,2): the tile (_4,_8) starting at A(4,16) = 4 + 8*16 = 132.
  auto cta = ok(local_tile(a, Tt("(_4,_8)"), C("(1,2)")));
  EXPECT_EQ(str(shape(cta.layout)), "(_4,_8)");
  EXPECT_EQ(cta.engine.ptr - data, 132);
  // Outer partition for thread 5: 5 in (4,8) is (1,1) -> offset 1 + 8 = 9; one element per tile.
  auto thr = ok(outer_partition(a, Tt("(_4,_8)"), C("5")));
  EXPECT_EQ(str(shape(thr.layout)), "(2,3)");
  EXPECT_EQ(thr.engine.ptr - data, 9);
  EXPECT_EQ(ok(element(thr, 1)) - data, 9 + 4);   // (1,0) of (2,3):(4,64)
  EXPECT_EQ(ok(element(thr, 2)) - data, 9 + 64);  // (0,1)
}

TEST(ImplTensor, ThreadValuePartitionOfTheDocumentsExample) {
  // tv_layout ((_2,_4),(_2,_2)):((_8,_1),(_4,_16)) maps (thread, value) to the column-major index
  // m + 4n of a 4x8 tensor; A = (_4,_8):(_8,_1) (LayoutRight). A(idx) for the strides: 1 -> (1,0)
  // -> 8; 8 -> (0,2) -> 2; 4 -> (0,1) -> 1; 16 -> (0,4) -> 4. So tv = ((_2,_4),(_2,_2)):((_2,_8),(_1,_4)).
  float data[32] = {};
  Tensor<Pointer<float>> a{Pointer<float>{data, MemorySpace::rmem}, L("(_4,_8):(_8,_1)")};
  auto tv = ok(composition(a, Tiler::of(L("((_2,_4),(_2,_2)):((_8,_1),(_4,_16))"))));
  EXPECT_EQ(str(tv.layout), "((_2,_4),(_2,_2)):((_2,_8),(_1,_4))");
  // Thread 3 = (1,1): offset 2 + 8 = 10 (its first value is A(1,2) = 8 + 2); values (_2,_2):(_1,_4).
  auto v = ok(slice(tv, C("(3,_)")));
  EXPECT_EQ(str(v.layout), "((_2,_2)):((_1,_4))");
  EXPECT_EQ(v.engine.ptr - data, 10);
}

TEST(ImplTensor, LocalPartitionUsesTheFlatCoordinateOfTheThread) {
  // get_flat_coord(30) of (_16,_16):(_1,_16) = (30 % 16, 30 / 16) = (14,1) (first line of
  // coordinate_tensors.tsv: its tile starts at (0*16, 7*32) = (0,224), so the thread's first
  // element is (14, 225), and (16,32) / (16,16) leaves one row of 2 columns 16 apart).
  auto id = ok(make_identity_tensor(P("(384,500)")));
  auto tile = ok(local_tile(id, Tt("(_16,_32)"), C("(0,7)")));
  auto part = ok(local_partition(tile, L("(_16,_16):(_1,_16)"), Int::dynamic(30)));
  EXPECT_EQ(str(part), "ArithTuple(14,225) o (_1,_2):(_0,_16@1)");
  EXPECT_EQ(str(ok(get_flat_coord(L("((_2,_4),_8):((_1,_2),_8)"), Int::dynamic(13)))), "(5,1)");  // (1,2),1 -> 1+2*2 = 5
  // (4,8):(0,4) takes the values 0,4,...,28 (each 4 times): 3 is none of them, 4 is not unique.
  EXPECT_EQ(get_flat_coord(L("(4,8):(0,4)"), Int::dynamic(3)).error.condition, Cond::get_flat_coord_not_a_value);
  EXPECT_EQ(get_flat_coord(L("(4,8):(0,4)"), Int::dynamic(4)).error.condition, Cond::get_flat_coord_not_unique);
  // (2,2):(3,1) is injective but not compact: 3 = L(1,0). CuTe's formula (3/3 % 2, 3/1 % 2) =
  // (1,1) has the value 4; impl returns the true coordinate.
  EXPECT_EQ(str(ok(get_flat_coord(L("(2,2):(3,1)"), Int::dynamic(3)))), "(1,0)");
}

// --- coordinate tensors (seed 000) --------------------------------------------------------------

TEST(ImplTensor, IdentityTensorPrintsAsCuTe) {
  auto id = ok(make_identity_tensor(P("(_128,_128)")));
  EXPECT_EQ(str(id), "ArithTuple(_0,_0) o (_128,_128):(_1@0,_1@1)");
  // Its element at the natural coordinate (3,5) is the coordinate itself.
  EXPECT_EQ(str(ok(element(id, 3 + 128 * 5))), "(3,5)");
}

TEST(ImplTensor, LeiMaoThreadIdentityTensor) {
  // 512x512 identity tensor, 128x128 tile at block (1,1), C partition of SM80_16x8x16 with atom
  // layout (2,2,1), thread 1 (seed 000 prints the result; derivation in mma.hpp's recipe:
  // CLayout over the 16x8 atom tile gives ((4,8),(2,2)):((2@1,1@0),(1@1,8@0)); thread 1 is
  // (t0,t1) = (1,0) -> offset 2@1; the rest (8,16):(16@0,8@1) split by (2,2) leaves
  // (4,8):(32@0,16@1)).
  auto id = ok(make_identity_tensor(P("(512,512)")));
  auto tile = ok(local_tile(id, Tt("(_128,_128)"), C("(1,1)")));
  TiledMma mma;
  mma.atom = ok(mma_atom("SM80_16x8x16_F16F16F16F16_TN"));
  mma.atom_layout = L("(_2,_2,_1):(_1,_2,_0)");  // make_layout(make_shape(_2,_2,_1))
  auto thr = ok(partition(mma, MmaOperand::C, tile, Int::dynamic(1)));
  EXPECT_EQ(str(thr), "ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)");
  EXPECT_EQ(mma_atom("SM90_nope").error.code, Errc::bad_argument);
}

TEST(ImplTensor, PointerTensorsPrintAsCuTe) {
  // Seed 001's prints (addresses as given there).
  auto* p = reinterpret_cast<float*>(std::uintptr_t{0x7f42efc00000});
  auto print = [](auto const& t) { return notation::print(to_term(t)); };
  EXPECT_EQ(print(ok(make_tensor(make_gmem_ptr(p), P("_8")))), "gmem_ptr[32b](0x7f42efc00000) o _8:_1");
  EXPECT_EQ(print(ok(make_tensor(make_gmem_ptr(p), P("8")))), "gmem_ptr[32b](0x7f42efc00000) o 8:_1");
  EXPECT_EQ(print(ok(make_tensor(make_gmem_ptr(p), P("(_8,16)")))), "gmem_ptr[32b](0x7f42efc00000) o (_8,16):(_1,_8)");
  // gmem_8dx16s = make_tensor(make_gmem_ptr(A), make_shape(8,Int<16>{}), make_stride(Int<16>{},Int<1>{})).
  auto st = to_stride_tuple_for_test("(_16,_1)");
  EXPECT_EQ(print(ok(make_tensor(make_gmem_ptr(p), P("(8,_16)"), st))), "gmem_ptr[32b](0x7f42efc00000) o (8,_16):(_16,_1)");
  auto* q = reinterpret_cast<float*>(std::uintptr_t{0x7f4316000000});
  EXPECT_EQ(print(make_tensor(make_smem_ptr(q), L("(_4,_8):(_8,_1)"))), "smem_ptr[32b](0x7f4316000000) o (_4,_8):(_8,_1)");
  auto* r = reinterpret_cast<float*>(std::uintptr_t{0x7fff48929460});
  EXPECT_EQ(print(make_tensor(Pointer<float>{r}, L("(_4,_8):(_1,_4)"))), "ptr[32b](0x7fff48929460) o (_4,_8):(_1,_4)");
}

TEST(ImplTensor, OwningTensorsAndQueries) {
  // Seed 001: make_tensor_like(rmem_4x8_pad) with pad (_4,_8):(_32,_2) prints (_4,_8):(_8,_1)
  // (same shape, compact, the stride order of the original: mode 1 fastest).
  float data[1] = {};
  Tensor<Pointer<float>> pad{Pointer<float>{data}, L("(_4,_8):(_32,_2)")};
  auto like = ok((make_tensor_like<float, 32>(pad)));
  EXPECT_EQ(str(like.layout), "(_4,_8):(_8,_1)");
  EXPECT_EQ((make_tensor_like<float, 16>(pad)).error.code, Errc::bad_argument);  // 32 elements do not fit 16
  // make_fragment_like (cute/layout.hpp): tiled_product(_4:_1, make_ordered_layout(take<1,2>)) =
  // tiled_product(_4:_1, (_8):(_1)): mode 1 is complement(_4:_1, 32) o (_8):(_1) = (_8):(_4),
  // unpacked by a rank-1 slice that keeps its wrapper: (_4,(_8)):(_1,(_4)).
  EXPECT_EQ(str(ok((make_fragment_like<float, 32>(pad))).layout), "(_4,(_8)):(_1,(_4))");
  // Element access and slicing of the owning array: element 9 = (1,2) -> 1*8 + 2 = 10.
  *ok(element(like, 9)) = 7.0f;
  EXPECT_EQ(like.engine.data[10], 7.0f);
  auto row = ok(slice(like, C("(1,_)")));  // row 1: offset 8, the kept mode in a rank-1 tuple
  EXPECT_EQ(row.engine.ptr - like.engine.data, 8);
  EXPECT_EQ(str(row.layout), "(_8):(_1)");
  EXPECT_EQ(rank(like), 2);
  EXPECT_EQ(depth(like), 1);
  EXPECT_EQ(str(shape(like)), "(_4,_8)");
  EXPECT_EQ(ok(size(like)).value, 32);
  EXPECT_EQ(str(ok(mode(like, 1)).layout), "_8:_1");
}

}  // namespace
}  // namespace layoutref::impl
