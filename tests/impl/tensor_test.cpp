// Tests of impl's tensors, slicing and partitioners (impl/tensor.hpp, mma.hpp, tensor_term.hpp).
// Expectations are the seed documents' printed outputs (Lei Mao's coordinate
// tensor post; CuTe's Tensor documentation) or derived by hand in the comments.
#include "support.hpp"

#include <layoutref/equiv/vectors.hpp>
#include <layoutref/impl/tensor_term.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

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

// outer_slice: local_partition as a kernel makes it, the zipped divide once (per block) and each
// thread's slice of it at its coordinate (gpu/check's partition_kernel). The tile (16,32) by
// (16,16) threads: ((16,16),(1,2)) tiles of one value each; thread 30 at (14,1) takes (14,225)
// and (14,241), the same as local_partition above, at the default capacity and at 4.
TEST(ImplTensor, OuterSliceOfOneZippedDivideIsEachThreadsLocalPartition) {
  auto id = ok(make_identity_tensor(P("(384,500)")));
  auto tile = ok(local_tile(id, Tt("(_16,_32)"), C("(0,7)")));
  Layout thr = L("(_16,_16):(_1,_16)");
  auto z = ok(divide(Arrangement::zipped, tile, ok(product_each_tiler(thr))));
  auto c = ok(get_flat_coord(thr, Int::dynamic(30)));
  SliceCoord sc = map_leaves<SliceLeaf>(c, [](Int x) { return SliceLeaf::at(x); });
  EXPECT_EQ(str(ok(outer_slice(z, sc))), "ArithTuple(14,225) o (_1,_2):(_0,_16@1)");
  for (int t : {0, 1, 17, 255}) {
    auto ct = ok(get_flat_coord(thr, Int::dynamic(t)));
    EXPECT_EQ(str(ok(outer_slice(z, map_leaves<SliceLeaf>(ct, [](Int x) { return SliceLeaf::at(x); })))),
              str(ok(local_partition(tile, thr, Int::dynamic(t)))))
        << t;
  }
  auto tile4 = ok(with_capacity<4>(tile));
  LayoutN<4> thr4 = LN<4>("(_16,_16):(_1,_16)");
  auto z4 = ok(divide(Arrangement::zipped, tile4, ok(product_each_tiler(thr4))));
  auto c4 = ok(get_flat_coord(thr4, Int::dynamic(30)));
  auto part4 = ok(outer_slice(z4, map_leaves<SliceLeaf>(c4, [](Int x) { return SliceLeaf::at(x); })));
  EXPECT_EQ(str(ok(with_capacity<kMaxLeaves>(part4))), "ArithTuple(14,225) o (_1,_2):(_0,_16@1)");
  // A tensor that is no zipped divide (rank 1) is refused, not sliced.
  EXPECT_FALSE(outer_slice(ok(make_identity_tensor(P("(8)"))), sc).ok());
}

/// product_each_tiler's definition: each mode's `size(mode i):_1` pushed into a TilerBuilderN.
template <int N>
Result<TilerN<N>> product_each_by_builder(LayoutN<N> const& l) {
  TilerBuilderN<N> b;
  if (l.is_leaf()) {
    b.push(TilerN<N>::of(make_leaf<N>(l.leaf[0].shape(), Stride::integer(Int::fixed(1)))));
    return b.done();
  }
  for (int i = 0; i < l.rank(); ++i) {
    LAYOUTREF_TRY(LayoutN<N> m, l.mode(i));
    LAYOUTREF_TRY(Int n, size(m));
    b.push(TilerN<N>::of(make_leaf<N>(n, Stride::integer(Int::fixed(1)))));
  }
  return b.done();
}

/// Random layouts of rank 1-10 (leaves, pairs and triples; shapes 1-50, sometimes 2^40, whose
/// products overflow; random static flags) at capacity N: product_each_tiler gives the builder's
/// tiler, or its error (overflow before capacity, as the builder meets them). Returns the cases
/// that built a tiler.
template <int N>
int product_each_agrees(int cases) {
  Rng rng{0x9e0000u + N};
  int built = 0;
  for (int c = 0; c < cases; ++c) {
    auto leaf = [&] {
      std::string v = rng.below(20) == 0 ? std::to_string(i64{1} << 40) : std::to_string(1 + rng.below(50));
      return (rng.below(2) == 0 ? "_" : "") + v;
    };
    int rank = 1 + rng.below(10);
    std::string sh, st;
    for (int k = 0; k < rank; ++k) {
      int kind = rng.below(4);
      std::string a = kind == 0 ? "(" + leaf() + "," + leaf() + ")" : kind == 1 ? "(" + leaf() + ",(" + leaf() + "," + leaf() + "))" : leaf();
      std::string d = kind == 0 ? "(1,2)" : kind == 1 ? "(1,(2,3))" : "1";
      sh += (k ? "," : "") + a;
      st += (k ? "," : "") + d;
    }
    std::string text = rank == 1 && rng.below(2) == 0 ? sh + ":" + st : "(" + sh + "):(" + st + ")";
    auto l = with_capacity<N>(L(text));
    if (!l.ok()) continue;
    auto want = product_each_by_builder(l.value);
    auto got = product_each_tiler(l.value);
    EXPECT_EQ(got.ok(), want.ok()) << text << " at capacity " << N;
    if (got.ok() != want.ok()) continue;
    if (!got.ok()) {
      EXPECT_EQ(str(got.error), str(want.error)) << text << " at capacity " << N;
      continue;
    }
    ++built;
    EXPECT_TRUE(got.value.profile == want.value.profile) << text;
    EXPECT_EQ(got.value.n, want.value.n) << text;
    if (got.value.n != want.value.n) continue;
    for (int k = 0; k < got.value.n; ++k) EXPECT_TRUE(got.value.layouts[k] == want.value.layouts[k]) << text << " layout " << k;
  }
  return built;
}

TEST(ImplTensor, ProductEachTilerIsTheBuilders) {
  EXPECT_GT(product_each_agrees<4>(4000), 500);
  EXPECT_GT(product_each_agrees<8>(4000), 1000);
  EXPECT_GT(product_each_agrees<kMaxLeaves>(4000), 1000);
  // By hand: each top-level mode's size, static when every shape in it is.
  auto t = ok(product_each_tiler(L("((_4,2),_8,(3,(_2,_5))):((1,4),8,(64,(192,384)))")));
  ASSERT_EQ(t.n, 3);
  EXPECT_EQ(str(t.layouts[0]), "8:_1");
  EXPECT_EQ(str(t.layouts[1]), "_8:_1");
  EXPECT_EQ(str(t.layouts[2]), "30:_1");
  EXPECT_EQ(str(ok(product_each_tiler(L("_6:_2"))).layouts[0]), "_6:_1");
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


// --- at capacities 4 and 8 (issue 14) ---------------------------------------------------------------
//
// Hand values: the cases above, the spec's coordinate table (tests/spec/layout_function_test.cpp,
// from CuTe's 01_layout.md) and CuTe's printed partitions of coordinate_tensors.tsv
// (tests/spec/mma_test.cpp derives them by hand). Agreement: each case gives the default
// capacity's answer (the same text, or the same refusal), or capacity where a value does not fit N.

/// A value of capacity N read from CuTe's notation (the test fails if it does not fit N).
template <int N>
SliceCoordN<N> CN(std::string const& text) {
  auto r = with_capacity<N>(C(text));
  EXPECT_TRUE(r.ok()) << text << ": " << str(r.error);
  return r.value;
}
template <int N>
TilerN<N> TtN(std::string const& text) {
  auto r = with_capacity<N>(Tt(text));
  EXPECT_TRUE(r.ok()) << text << ": " << str(r.error);
  return r.value;
}
/// An IntTuple result of capacity N as CuTe prints it, or "error: <condition: text>".
template <int N>
std::string SI(Result<IntTupleN<N>> const& r) {
  if (!r.ok()) return "error: " + str(r.error);
  auto w = with_capacity<kMaxLeaves>(r.value);
  return w.ok() ? str(w.value) : "error: " + str(w.error);
}
/// A coordinate tensor result of capacity N as CuTe prints it, or "error: <condition: text>".
template <int N>
std::string ST(Result<Tensor<CountingIteratorN<N>, N>> const& r) {
  if (!r.ok()) return "error: " + str(r.error);
  auto w = with_capacity<kMaxLeaves>(r.value);
  return w.ok() ? str(w.value) : "error: " + str(w.error);
}
template <class X>
std::string SV(Result<X> const& r) {
  return r.ok() ? str(r.value) : "error: " + str(r.error);
}

template <int N>
void coordinates_hand_values() {
  SCOPED_TRACE(N);
  // The seed document's worked example: 16 in (3,6) is (1,5), in (3,(2,3)) (1,(1,2)).
  EXPECT_EQ(SI(idx2crd(Int::dynamic(16), PN<N>("(3,6)"))), "(1,5)");
  EXPECT_EQ(SI(idx2crd(Int::dynamic(16), PN<N>("(3,(2,3))"))), "(1,(1,2))");
  EXPECT_EQ(SI(idx2crd(Int::dynamic(30), PN<N>("(2,(3,4))"))), "(0,(0,5))");  // the last mode takes the rest
  EXPECT_EQ(SI(crd2crd(PN<N>("(1,5)"), PN<N>("(3,(2,3))"), PN<N>("(3,(2,3))"))), "(1,(1,2))");
  EXPECT_EQ(SI(crd2crd(PN<N>("16"), PN<N>("(3,(2,3))"), PN<N>("(3,6)"))), "(1,5)");
  // idx2crd of a tuple index, mode by mode (tests/cli/soundness.cmake).
  EXPECT_EQ(SI(idx2crd(PN<N>("(1,2)"), PN<N>("((2,3),(4,5))"))), "((1,0),(2,0))");
  // ((1,2),(3,4)) in ((2,3),(4,5)): 1 + 2*2 + 6*(3 + 4*4) = 119, however coarse the coordinate.
  for (char const* c : {"((1,2),(3,4))", "(5,(3,4))", "((1,2),19)", "(5,19)", "119"}) {
    auto i = crd2idx(PN<N>(c), PN<N>("((2,3),(4,5))"));
    ASSERT_TRUE(i.ok()) << c << ": " << str(i.error);
    EXPECT_EQ(i.value.value, 119) << c;
  }
  // (3,(2,3)):(3,(12,1)) at (1,5) = (1,(1,2)): 3 + 12 + 2; at (1,4) = (1,(0,2)): 3 + 2.
  EXPECT_EQ(SV(crd2idx(PN<N>("(1,5)"), LN<N>("(3,(2,3)):(3,(12,1))"))), "17");
  EXPECT_EQ(SV(crd2idx(PN<N>("16"), LN<N>("(3,(2,3)):(3,(12,1))"))), "17");
  EXPECT_EQ(SV(crd2idx(PN<N>("(1,4)"), LN<N>("(3,(2,3)):(3,(12,1))"))), "5");
  // A coordinate of another capacity than the shape's.
  EXPECT_EQ(crd2idx(P("(1,5)"), PN<N>("(3,(2,3))")).value.value, 16);
  // Bad coordinates: the default capacity's refusals, word for word.
  for (char const* c : {"(3,0)", "(0,6)", "(0,-1)", "(0,1,2)", "((0,0),0)", "18"}) {
    auto small = crd2idx(PN<N>(c), PN<N>("(3,(2,3))"));
    ASSERT_FALSE(small.ok()) << c;
    EXPECT_EQ(small.error.code, Errc::bad_argument) << c;
    EXPECT_EQ(str(small.error), str(crd2idx(P(c), P("(3,(2,3))")).error)) << c;
  }
}

TEST(ImplTensorCapacity, CoordinatesHandValues) {
  coordinates_hand_values<4>();
  coordinates_hand_values<8>();
}

/// Every crd2idx and idx2crd case of index.tsv whose arguments fit N: the default capacity's
/// answer. Returns the number of cases that fit.
template <int N>
int coordinates_agree_with_default_capacity(std::vector<equiv::Case> const& vectors) {
  int fit = 0;
  for (equiv::Case const& c : vectors) {
    if (!c.format_error.empty() || (c.op != "crd2idx" && c.op != "idx2crd") || c.args.size() != 2) continue;
    IntTuple a = P(c.args[0].text);
    auto an = with_capacity<N>(a);
    if (!an.ok()) continue;
    std::string ref, small;
    if (c.op == "idx2crd") {
      IntTuple s = P(c.args[1].text);
      auto sn = with_capacity<N>(s);
      if (!sn.ok()) continue;
      if (a.is_leaf()) {
        ref = SV(idx2crd(a.leaf[0], s));
        small = SI(idx2crd(a.leaf[0], sn.value));
      } else {
        ref = SV(idx2crd(a, s));
        small = SI(idx2crd(an.value, sn.value));
      }
    } else if (c.args[1].text.find(':') != std::string::npos) {
      Layout l = L(c.args[1].text);
      auto ln = with_capacity<N>(l);
      if (!ln.ok()) continue;
      ref = SV(crd2idx(a, l));
      small = SV(crd2idx(an.value, ln.value));
    } else {
      IntTuple s = P(c.args[1].text);
      auto sn = with_capacity<N>(s);
      if (!sn.ok()) continue;
      auto r = crd2idx(a, s);
      auto rn = crd2idx(an.value, sn.value);
      ref = r.ok() ? std::to_string(r.value.value) : "error: " + str(r.error);
      small = rn.ok() ? std::to_string(rn.value.value) : "error: " + str(rn.error);
    }
    ++fit;
    EXPECT_EQ(small, ref) << c.text;
  }
  return fit;
}

TEST(ImplTensorCapacity, CoordinatesAgreeWithDefaultCapacity) {
  std::vector<equiv::Case> vectors;
  std::string error;
  ASSERT_TRUE(equiv::read_vectors(std::string(LAYOUTREF_CONFORMANCE_DIR) + "/index.tsv", vectors, error)) << error;
  // Of the 180 crd2idx and 120 idx2crd cases, those whose arguments have at most N leaves and
  // 2N + 8 nodes (counted from the file's text): 156 + 99 at 4, 180 + 119 at 8.
  EXPECT_EQ(coordinates_agree_with_default_capacity<4>(vectors), 156 + 99);
  EXPECT_EQ(coordinates_agree_with_default_capacity<8>(vectors), 180 + 119);
  // crd2crd, by hand above and on the spec's examples (spec/layout.hpp).
  struct Case {
    char const *c, *src, *dst;
  } cases[] = {{"(1,2)", "(4,8)", "32"},           {"(1,2)", "(4,8)", "((2,2),(2,4))"}, {"16", "(3,(2,3))", "(3,6)"},
               {"(1,5)", "(3,(2,3))", "(3,(2,3))"}, {"(1,2)", "(4,8)", "(2,2)"},          {"(1,2,3)", "(4,8,8)", "(4,8)"}};
  for (auto const& c : cases) {
    std::string ref = SV(crd2crd(P(c.c), P(c.src), P(c.dst)));
    EXPECT_EQ(SI(crd2crd(PN<4>(c.c), PN<4>(c.src), PN<4>(c.dst))), ref) << c.c << " " << c.src << " " << c.dst;
    EXPECT_EQ(SI(crd2crd(PN<8>(c.c), PN<8>(c.src), PN<8>(c.dst))), ref) << c.c << " " << c.src << " " << c.dst;
  }
}

TEST(ImplTensorCapacity, SliceHandValues) {
  // The header's examples at 4: (_,1) keeps mode 0 at offset 1*4; (2,(_,_)) keeps mode 1 at 2*1.
  auto s1 = slice_and_offset(CN<4>("(_,1)"), LN<4>("(4,(2,3)):(1,(4,8))"));
  ASSERT_TRUE(s1.ok()) << str(s1.error);
  EXPECT_EQ(SN<4>(s1.value.layout), "(4):(1)");
  EXPECT_EQ(str(ok(s1.value.offset.value())), "4");
  auto s2 = slice_and_offset(C("(2,(_,_))"), LN<4>("(4,(2,3)):(1,(4,8))"));  // a coordinate of the default capacity
  ASSERT_TRUE(s2.ok()) << str(s2.error);
  EXPECT_EQ(SN<4>(s2.value.layout), "(2,3):(4,8)");
  EXPECT_EQ(str(ok(s2.value.offset.value())), "2");
  static_assert(sizeof(OffsetN<4>) < sizeof(Offset) && sizeof(SliceCoordN<4>) < sizeof(SliceCoord));

  // The document's tensor A (5 leaves) at 8, with the offsets derived in SlicesOfTheDocumentsTensor.
  float data[1] = {};
  Tensor<Pointer<float>, 8> a{Pointer<float>{data, MemorySpace::generic}, LN<8>("((_3,2),(2,_5,_2)):((4,1),(_2,13,100))")};
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
    auto s = ok(slice(a, CN<8>(c.coord)));
    EXPECT_EQ(SN<8>(s.layout), c.layout) << c.coord;
    EXPECT_EQ(s.engine.ptr - data, c.offset) << c.coord;
  }
  // A does not fit 4.
  Tensor<Pointer<float>> a32{Pointer<float>{data, MemorySpace::generic}, L("((_3,2),(2,_5,_2)):((4,1),(_2,13,100))")};
  EXPECT_EQ(with_capacity<4>(a32).error.code, Errc::capacity);
  EXPECT_EQ(with_capacity<8>(a32).value.layout, a.layout);

  // Bad coordinates at 4: the default capacity's refusals, word for word.
  Tensor<Pointer<float>, 4> b{Pointer<float>{data, MemorySpace::generic}, LN<4>("(4,8):(1,4)")};
  Tensor<Pointer<float>> b32{Pointer<float>{data, MemorySpace::generic}, L("(4,8):(1,4)")};
  for (char const* c : {"(4,_)", "(_,_,_)", "(-1,_)"}) {
    auto r = slice(b, CN<4>(c));
    ASSERT_FALSE(r.ok()) << c;
    EXPECT_EQ(r.error.code, Errc::bad_argument) << c;
    EXPECT_EQ(str(r.error), str(slice(b32, C(c)).error)) << c;
  }
}

template <int N>
void partition_hand_values() {
  SCOPED_TRACE(N);
  // InnerAndOuterPartitionOfTheDocumentsExample at N.
  float data[1] = {};
  auto a = ok(make_tensor(Pointer<float>{data, MemorySpace::gmem}, PN<N>("(8,24)")));
  static_assert(std::is_same_v<decltype(a), Tensor<Pointer<float>, N>>);
  EXPECT_EQ(SN<N>(a.layout), "(8,24):(_1,8)");
  auto cta = ok(local_tile(a, TtN<N>("(_4,_8)"), CN<N>("(1,2)")));
  EXPECT_EQ(SN<N>(cta.layout), "(_4,_8):(_1,8)");
  EXPECT_EQ(cta.engine.ptr - data, 132);
  auto thr = ok(outer_partition(a, TtN<N>("(_4,_8)"), CN<N>("5")));
  EXPECT_EQ(SI(Result<IntTupleN<N>>(shape(thr))), "(2,3)");
  EXPECT_EQ(thr.engine.ptr - data, 9);
  EXPECT_EQ(ok(element(thr, 1)) - data, 9 + 4);
  EXPECT_EQ(ok(element(thr, 2)) - data, 9 + 64);
  EXPECT_EQ(ok(element(thr, PN<N>("(1,1)"))) - data, 9 + 4 + 64);
  // Coordinate tensors (IdentityTensorPrintsAsCuTe, LocalPartitionUsesTheFlatCoordinateOfTheThread,
  // tensor.hpp's example).
  auto id = ok(make_identity_tensor(PN<N>("(_128,_128)")));
  static_assert(std::is_same_v<decltype(id), Tensor<CountingIteratorN<N>, N>>);
  EXPECT_EQ(ST<N>(id), "ArithTuple(_0,_0) o (_128,_128):(_1@0,_1@1)");
  EXPECT_EQ(SI(element(id, 3 + 128 * 5)), "(3,5)");
  auto big = ok(make_identity_tensor(PN<N>("(384,500)")));
  auto tile = ok(local_tile(big, TtN<N>("(_16,_32)"), C("(0,7)")));
  EXPECT_EQ(ST<N>(local_partition(tile, LN<N>("(_16,_16):(_1,_16)"), Int::dynamic(30))), "ArithTuple(14,225) o (_1,_2):(_0,_16@1)");
  EXPECT_EQ(ST<N>(local_partition(ok(make_identity_tensor(PN<N>("(8,24)"))), LN<N>("(_2,_4):(_4,_1)"), Int::dynamic(3))),
            "ArithTuple(0,3) o (4,6):(_2@0,_4@1)");
  EXPECT_EQ(SI(get_flat_coord(LN<N>("((_2,_4),_8):((_1,_2),_8)"), Int::dynamic(13))), "(5,1)");
  EXPECT_EQ(SI(get_flat_coord(LN<N>("(2,2):(3,1)"), Int::dynamic(3))), "(1,0)");
  EXPECT_EQ(get_flat_coord(LN<N>("(4,8):(0,4)"), Int::dynamic(3)).error.condition, Cond::get_flat_coord_not_a_value);
  EXPECT_EQ(get_flat_coord(LN<N>("(4,8):(0,4)"), Int::dynamic(4)).error.condition, Cond::get_flat_coord_not_unique);
  // Queries and an owning array (OwningTensorsAndQueries).
  Tensor<Pointer<float>, N> pad{Pointer<float>{data}, LN<N>("(_4,_8):(_32,_2)")};
  auto like = ok((make_tensor_like<float, 32>(pad)));
  EXPECT_EQ(SN<N>(like.layout), "(_4,_8):(_8,_1)");
  EXPECT_EQ(SN<N>(ok((make_fragment_like<float, 32>(pad))).layout), "(_4,(_8)):(_1,(_4))");
  *ok(element(like, 9)) = 7.0f;
  EXPECT_EQ(like.engine.data[10], 7.0f);
  auto row = ok(slice(like, CN<N>("(1,_)")));
  EXPECT_EQ(row.engine.ptr - like.engine.data, 8);
  EXPECT_EQ(SN<N>(row.layout), "(_8):(_1)");
  EXPECT_EQ(rank(like), 2);
  EXPECT_EQ(depth(like), 1);
  EXPECT_EQ(ok(size(like)).value, 32);
  EXPECT_EQ(SN<N>(ok(mode(like, 1)).layout), "_8:_1");
}

TEST(ImplTensorCapacity, PartitionHandValues) {
  partition_hand_values<4>();
  partition_hand_values<8>();
}

template <int N>
TiledMmaN<N> tiled_mma_n(char const* atom, char const* atom_layout) {
  TiledMma mma;
  mma.atom = ok(mma_atom(atom));
  mma.atom_layout = L(atom_layout);
  auto r = with_capacity<N>(mma);
  EXPECT_TRUE(r.ok()) << atom << ": " << str(r.error);
  return r.value;
}

TEST(ImplTensorCapacity, MmaPartitionsAt8) {
  // LeiMaoThreadIdentityTensor, and CuTe's printed partitions of coordinate_tensors.tsv (derived by
  // hand in tests/spec/mma_test.cpp: PartitionCByHand, PartitionAByHand, PartitionBByHand).
  auto tile = ok(local_tile(ok(make_identity_tensor(PN<8>("(512,512)"))), TtN<8>("(_128,_128)"), CN<8>("(1,1)")));
  EXPECT_EQ(ST<8>(partition(tiled_mma_n<8>("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_1):(_1,_2,_0)"), MmaOperand::C, tile, Int::dynamic(1))),
            "ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)");
  auto c_tile = ok(local_tile(ok(make_identity_tensor(PN<8>("(200,512)"))), TtN<8>("(_128,_64)"), CN<8>("(1,7)")));
  EXPECT_EQ(ST<8>(partition(tiled_mma_n<8>("SM80_16x8x8_F16F16F16F16_TN", "(_1,_1,_1):(_0,_0,_0)"), MmaOperand::C, c_tile, Int::dynamic(4))),
            "ArithTuple(129,448) o ((_2,_2),_8,_8):((_1@1,_8@0),_16@0,_8@1)");
  auto a_tile = ok(local_tile(ok(make_identity_tensor(PN<8>("(1000,256)"))), TtN<8>("(_128,_32)"), CN<8>("(_,1)")));
  EXPECT_EQ(ST<8>(partition(tiled_mma_n<8>("SM80_8x8x4_F64F64F64F64_TN", "(_2,_1,_1):(_1,_0,_0)"), MmaOperand::A, a_tile, Int::dynamic(29))),
            "ArithTuple(7,33) o (_1,_8,_8,8):(_0,_16@0,_4@1,_128@0)");
  auto b_tile = ok(local_tile(ok(make_identity_tensor(PN<8>("(128,96)"))), TtN<8>("(_64,_16)"), CN<8>("(1,0)")));
  EXPECT_EQ(ST<8>(partition(tiled_mma_n<8>("SM80_16x8x8_F16F16F16F16_TN", "(_1,_1,_1):(_0,_0,_0)"), MmaOperand::B, b_tile, Int::dynamic(28))),
            "ArithTuple(71,0) o (_2,_8,_2):(_1@1,_8@0,_8@1)");
  // The thread layout VMNK at 8 (tests/spec/mma_test.cpp ThreadLayoutVmnk, with CuTe's static markers).
  EXPECT_EQ(SN<8>(thr_layout_vmnk(tiled_mma_n<8>("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_1):(_1,_2,_0)"))), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
}

TEST(ImplTensorCapacity, CapacityRefusals) {
  // SM80_16x8x16's ALayout ((_4,_8),(_2,_2,_2)) has 5 leaves: the atom does not fit 4.
  TiledMma mma;
  mma.atom = ok(mma_atom("SM80_16x8x16_F16F16F16F16_TN"));
  mma.atom_layout = L("(_2,_2,_1):(_1,_2,_0)");
  auto mma4 = with_capacity<4>(mma);
  ASSERT_FALSE(mma4.ok());
  EXPECT_EQ(mma4.error.code, Errc::capacity);
  EXPECT_NE(str(mma4.error).find("does not fit 4 leaves"), std::string::npos) << str(mma4.error);
  // SM80_16x8x8's layouts fit 4, but thrfrg's ((ThrV,(ThrM,ThrN)),(FrgV,(RestM',RestN'))) has
  // (_4,_8), 2, (_2,_2) and 2 leaves: 8 > 4. At 8 it fits (MmaPartitionsAt8).
  auto tile = ok(local_tile(ok(make_identity_tensor(PN<4>("(200,512)"))), TtN<4>("(_128,_64)"), CN<4>("(1,7)")));
  auto p = partition(tiled_mma_n<4>("SM80_16x8x8_F16F16F16F16_TN", "(_1,_1,_1):(_0,_0,_0)"), MmaOperand::C, tile, Int::dynamic(4));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error.code, Errc::capacity);
  // A rank-4 tile of a rank-4 identity tensor: zipped_divide's ((_2,_3,_2,_5),(R0,R1,R2,R3)) has
  // 8 leaves, past 4; at 8 local_tile gives the tile at the origin.
  auto id4 = ok(make_identity_tensor(PN<4>("(4,6,4,10)")));
  auto t4 = local_tile(id4, TtN<4>("(_2,_3,_2,_5)"), CN<4>("(0,0,0,0)"));
  ASSERT_FALSE(t4.ok());
  EXPECT_EQ(t4.error.code, Errc::capacity);
  EXPECT_NE(str(t4.error).find(" 4 "), std::string::npos) << str(t4.error);  // the message names capacity 4
  auto id8 = ok(make_identity_tensor(PN<8>("(4,6,4,10)")));
  EXPECT_EQ(ST<8>(local_tile(id8, TtN<8>("(_2,_3,_2,_5)"), CN<8>("(0,0,0,0)"))),
            ST<kMaxLeaves>(local_tile(ok(make_identity_tensor(P("(4,6,4,10)"))), Tt("(_2,_3,_2,_5)"), C("(0,0,0,0)"))));
  // with_capacity of a coordinate tensor converts its origin too.
  auto back = with_capacity<4>(id8);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(ST<4>(back), ST<8>(id8));
}

/// Whether a layout of the default capacity fits N.
template <int N>
bool fits_capacity(Layout const& l) {
  return l.nleaves <= N && l.nnodes <= nodes_for_leaves(N);
}

/// local_tile, local_partition, the MMA partitions and slicing on every case of
/// coordinate_tensors.tsv at N, against the default capacity. A case is refused at N exactly
/// when the largest value it builds does not fit N, as the default capacity computes it: the
/// zipped_divide of local_tile and of local_partition, thrfrg's layout for a partition of a
/// tiled MMA (it holds every leaf of the steps before it). Returns the cases that agree;
/// `refused` counts the capacity refusals.
template <int N>
int tensors_agree_with_default_capacity(std::vector<equiv::Case> const& vectors, int& refused) {
  refused = 0;
  int agree = 0;
  for (equiv::Case const& c : vectors) {
    if (!c.format_error.empty()) continue;
    auto const& a = c.args;
    std::string ref;
    Result<Tensor<CountingIteratorN<N>, N>> small;
    bool fits = true;  // whether the default capacity's thrfrg fits N
    if (c.op == "identity_local_tile" || c.op == "identity_local_partition") {
      auto id = ok(make_identity_tensor(P(a[0].text)));
      auto t = local_tile(id, Tt(a[1].text), C(a[2].text));
      fits = fits_capacity<N>(ok(zipped_divide(id.layout, Tt(a[1].text))));
      auto tn = local_tile(ok(make_identity_tensor(PN<N>(a[0].text))), TtN<N>(a[1].text), CN<N>(a[2].text));
      if (c.op == "identity_local_tile") {
        ref = ST<kMaxLeaves>(t);
        small = tn;
      } else {
        Int idx = Int::dynamic(std::stoll(a[4].text));
        Layout thr = L(a[3].text);
        ref = ST<kMaxLeaves>(local_partition(ok(t), thr, idx));
        fits = fits && fits_capacity<N>(ok(zipped_divide(ok(t).layout, ok(product_each_tiler(thr)))));
        small = tn.ok() ? local_partition(tn.value, LN<N>(a[3].text), idx) : tn;
      }
    } else {
      MmaOperand x = c.op == "identity_mma_partition_A" ? MmaOperand::A : c.op == "identity_mma_partition_B" ? MmaOperand::B : MmaOperand::C;
      TiledMma mma;
      mma.atom = ok(mma_atom(a[0].text));
      mma.atom_layout = L(a[1].text);
      Tiler perm = Tt(a[2].text);
      if (perm.is_tuple()) {
        mma.permuted = true;
        for (int i = 0; i < 3; ++i) mma.permutation[i] = perm.item(i).layout();
      }
      auto t = ok(local_tile(ok(make_identity_tensor(P(a[3].text))), Tt(a[4].text), C(a[5].text)));
      Int idx = Int::dynamic(std::stoll(a[6].text));
      ref = ST<kMaxLeaves>(partition(mma, x, t, idx));
      auto frg = ok(thrfrg(mma, x, t));
      fits = fits_capacity<N>(frg.layout);
      auto mn = with_capacity<N>(mma);
      if (!mn.ok()) {
        small = mn.error;
      } else {
        auto tn = local_tile(ok(make_identity_tensor(PN<N>(a[3].text))), TtN<N>(a[4].text), CN<N>(a[5].text));
        small = partition(mn.value, x, ok(tn), idx);
      }
    }
    if (!small.ok() && small.error.code == Errc::capacity) {
      ++refused;
      EXPECT_FALSE(fits) << c.text << ": " << str(small.error);
      continue;
    }
    EXPECT_TRUE(fits) << c.text;
    EXPECT_EQ(ST<N>(small), ref) << c.text;
    ++agree;
  }
  return agree;
}

TEST(ImplTensorCapacity, TensorsAgreeWithDefaultCapacity) {
  std::vector<equiv::Case> vectors;
  std::string error;
  ASSERT_TRUE(equiv::read_vectors(std::string(LAYOUTREF_CONFORMANCE_DIR) + "/coordinate_tensors.tsv", vectors, error)) << error;
  ASSERT_EQ(vectors.size(), 120u);
  int refused4 = 0, refused8 = 0;
  int agree4 = tensors_agree_with_default_capacity<4>(vectors, refused4);
  int agree8 = tensors_agree_with_default_capacity<8>(vectors, refused8);
  // Counted from the file: 30 local_partition and 21 local_tile cases of rank 2 (zipped_divide
  // gives ((T0,T1),(R0,R1)), 4 leaves) agree at 4; the 9 local_tile cases of rank 3 (6 leaves)
  // and the 60 MMA partitions (thrfrg's ThrV, ThrP, ThrQ, FrgV and two rest modes have at least
  // 6 leaves) are refused. At 8 every local_tile and local_partition case agrees, and the MMA
  // partitions whose thrfrg fits 8 (the four of MmaPartitionsAt8 among them).
  EXPECT_EQ(agree4, 51);
  EXPECT_EQ(refused4, 69);
  EXPECT_EQ(agree8 + refused8, 120);
  EXPECT_GE(agree8, 64);
}

// At compile time, at capacity 4: an identity tensor, a thread's partition (tensor.hpp's example:
// thread 3 of (_2,_4):(_4,_1) over 8x24 is ArithTuple(0,3) o (4,6):(_2@0,_4@1)), its elements,
// and the coordinate maps.
constexpr bool tensors_at_capacity_4() {
  TupleBuilder<Int, 4> s;
  s.push_leaf(Int::dynamic(8));
  s.push_leaf(Int::dynamic(24));
  auto shape = s.done();
  if (!shape.ok()) return false;
  auto id = make_identity_tensor(shape.value);
  TupleBuilder<LayoutLeaf, 4> thr;
  thr.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(4))});
  thr.push_leaf(LayoutLeaf{Int::fixed(4), Stride::integer(Int::fixed(1))});
  auto tl = thr.done();
  if (!id.ok() || !tl.ok()) return false;
  auto part = local_partition(id.value, tl.value, Int::dynamic(3));
  if (!part.ok() || part.value.layout.nleaves != 2 || part.value.layout.leaf[0].shape_value() != 4 || part.value.layout.leaf[1].shape_value() != 6)
    return false;
  auto e1 = element(part.value, 1);  // (1,0) of (4,6): (0,3) + 2@0
  auto e4 = element(part.value, 4);  // (0,1): (0,3) + 4@1
  if (!e1.ok() || !e4.ok()) return false;
  if (e1.value.leaf[0].value != 2 || e1.value.leaf[1].value != 3 || e4.value.leaf[0].value != 0 || e4.value.leaf[1].value != 7) return false;
  auto c = idx2crd(Int::dynamic(16), shape.value);  // 16 in (8,24) is (0,2)
  if (!c.ok() || c.value.leaf[0].value != 0 || c.value.leaf[1].value != 2) return false;
  auto i = crd2idx(c.value, shape.value);
  auto v = crd2idx(c.value, part.value.layout);  // (0,2) of (4,6):(2@0,4@1) = 8@1
  return i.ok() && i.value.value == 16 && v.ok() && v.value.scalar == 0 && v.value.n == 1 && v.value.terms[0].coeff == 8 &&
         v.value.terms[0].path.depth == 1 && v.value.terms[0].path.mode[0] == 1;
}
static_assert(tensors_at_capacity_4());
static_assert(sizeof(Tensor<CountingIteratorN<4>, 4>) < sizeof(Tensor<CountingIterator>) / 4);

}  // namespace
}  // namespace layoutref::impl
