// Tests of tensors (tensor.hpp): engines, element access, slicing, divides, inner/outer and
// thread-value partitioning, identity tensors, print formats, judging claimed tensors.
// Expectations come from the seed documents (Lei Mao's coordinate
// tensors; CuTe's Tensor documentation) or are derived by hand in the comments.
#include "support.hpp"

#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/tensor.hpp>

namespace layoutref::spec {
namespace {

using namespace testing_support;

Tensor TT(std::string_view text) { return to_tensor(term(text)); }

// An owning tensor whose storage holds 0, 1, 2, ...: each element is its own offset.
Tensor counting_storage(Layout l) {
  Tensor t = make_owning_tensor(std::move(l));
  for (size_t k = 0; k < t.engine.storage.size(); ++k) t.engine.storage[k] = static_cast<i64>(k);
  return t;
}

// The stored values of a rank-1 (or any) owning tensor, in 1-D index order.
std::vector<i64> stored(Tensor const& t) {
  std::vector<i64> v;
  for (i64 i = 0; i < size(t); ++i) v.push_back(stored_value(element(t, i)));
  return v;
}

// --- print formats (seed 001) ----------------------------------------------------------------------

TEST(TensorPrint, SeedNonOwningTensors) {
  // "Calling print on all of the above tensors displays" (seed 001), static markers removed.
  i64 a = 0x7f42efc00000;
  i64 s = 0x7f4316000000;
  EXPECT_EQ(str(make_tensor(Engine::pointer(MemorySpace::generic, 32, a), make_layout(T("8")))),
            strip_static("ptr[32b](0x7f42efc00000) o _8:_1"));
  EXPECT_EQ(str(make_tensor(Engine::pointer(MemorySpace::generic, 32, a), L("8:2"))),
            "ptr[32b](0x7f42efc00000) o 8:2");
  EXPECT_EQ(str(make_tensor(Engine::pointer(MemorySpace::gmem, 32, a), make_layout(T("8")))),
            strip_static("gmem_ptr[32b](0x7f42efc00000) o _8:_1"));
  EXPECT_EQ(str(make_tensor(Engine::pointer(MemorySpace::gmem, 32, a), make_layout(T("(8,16)")))),
            strip_static("gmem_ptr[32b](0x7f42efc00000) o (_8,16):(_1,_8)"));
  EXPECT_EQ(str(make_tensor(Engine::pointer(MemorySpace::gmem, 32, a), L("(8,16):(16,1)"))),
            strip_static("gmem_ptr[32b](0x7f42efc00000) o (8,_16):(_16,_1)"));
  EXPECT_EQ(str(make_tensor(Engine::pointer(MemorySpace::smem, 32, s), make_layout(T("(4,8)")))),
            strip_static("smem_ptr[32b](0x7f4316000000) o (_4,_8):(_1,_4)"));
  EXPECT_EQ(str(make_tensor(Engine::pointer(MemorySpace::smem, 32, s), make_layout_right(T("(4,8)")))),
            strip_static("smem_ptr[32b](0x7f4316000000) o (_4,_8):(_8,_1)"));
  EXPECT_EQ(str(make_tensor(Engine::pointer(MemorySpace::rmem, 16, 0x10), L("4:1"))), "rmem_ptr[16b](0x10) o 4:1");
}

TEST(TensorPrint, SeedOwningTensors) {
  // Owning arrays print as the untagged pointer to their storage (seed 001: rmem_4x8_*).
  EXPECT_EQ(str(make_owning_tensor(make_layout(T("(4,8)")), 32, 0, 0x7fff48929460)),
            strip_static("ptr[32b](0x7fff48929460) o (_4,_8):(_1,_4)"));
  EXPECT_EQ(str(make_owning_tensor(make_layout_right(T("(4,8)")), 32, 0, 0x7fff489294e0)),
            strip_static("ptr[32b](0x7fff489294e0) o (_4,_8):(_8,_1)"));
  Tensor pad = make_owning_tensor(L("(4,8):(32,2)"), 32, 0, 0x7fff489295e0);
  EXPECT_EQ(str(pad), strip_static("ptr[32b](0x7fff489295e0) o (_4,_8):(_32,_2)"));
  // make_tensor_like(rmem_4x8_pad): the same shape, strides in the same order, compact.
  EXPECT_EQ(str(make_owning_tensor(make_layout_like(pad.layout), 32, 0, 0x7fff48929560)),
            strip_static("ptr[32b](0x7fff48929560) o (_4,_8):(_8,_1)"));
  // cosize((4,8):(32,2)) = 3*32 + 7*2 + 1 = 111 elements.
  EXPECT_EQ(pad.engine.storage.size(), 111u);
}

TEST(TensorPrint, SeedTextsReadBack) {
  for (char const* text : {"gmem_ptr[32b](0x7f42efc00000) o (_8,16):(_1,_8)", "ptr[16b](0x5ded6f122010) o (_128,_32):(_1,_128)",
                           "ArithTuple(0,0) o (_128,_128):(_1@0,_1@1)",
                           "ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)",
                           "smem_ptr[16b](0x7a06afbda910) o ((_2,_2),_4,_8):((_512,_8),_32,_8192)"})
    EXPECT_EQ(str(TT(text)), strip_static(text));
}

TEST(TensorPrint, IdentityTensor) {
  // Seed 000: "ArithTuple(0,0) o (_128,_128):(_1@0,_1@1)" is make_identity_tensor of (128,128).
  EXPECT_EQ(str(make_identity_tensor(T("(128,128)"))), strip_static("ArithTuple(0,0) o (_128,_128):(_1@0,_1@1)"));
  // make_basis_like of a nested shape: the leaf at path p gets 1@p (printed innermost first).
  EXPECT_EQ(str(make_identity_tensor(T("((2,3),4)"))), "ArithTuple((0,0),0) o ((2,3),4):((1@0@0,1@1@0),1@1)");
  // An integral shape: E<> is the integer 1 and the origin the integer 0 (CuTe prints ArithTuple_0).
  EXPECT_EQ(str(make_identity_tensor(T("8"))), "ArithTuple0 o 8:1");
}

// print_tensor (cute/util/print_tensor.hpp): integers as "%5d", coordinates as two blanks and the tuple.
TEST(TensorPrint, PrintTensorRank1And2) {
  Tensor a = counting_storage(L("(2,3):(3,1)"));  // row-major: element (m,n) holds 3m + n
  EXPECT_EQ(print_tensor(a), "ptr[32b](0x0) o (2,3):(3,1):\n"
                             "    0    1    2\n"
                             "    3    4    5\n");
  Tensor r1 = counting_storage(L("3:2"));  // storage 0..4, elements 0, 2, 4
  EXPECT_EQ(print_tensor(r1, false), "    0\n    2\n    4\n");
  EXPECT_EQ(print_tensor(make_identity_tensor(T("(2,2)")), false), "  (0,0)  (0,1)\n  (1,0)  (1,1)\n");
  EXPECT_EQ(print_tensor(make_identity_tensor(T("2")), false), "  0\n  1\n");
}

TEST(TensorPrint, PrintTensorRank3And4) {
  // Rank 3: the rank-2 slices T(_,_,k), separated by 5*size<1>(T) dashes.
  EXPECT_EQ(print_tensor(make_identity_tensor(T("(1,2,2)")), false), "  (0,0,0)  (0,1,0)\n"
                                                                      "----------\n"
                                                                      "  (0,0,1)  (0,1,1)\n");
  // Rank 4: the rank-3 slices T(_,_,_,p), separated by 5*size<1>(T) `=`.
  EXPECT_EQ(print_tensor(make_identity_tensor(T("(1,1,1,2)")), false), "  (0,0,0,0)\n=====\n  (0,0,0,1)\n");
  // Rank 5: CuTe prints nothing but the header.
  EXPECT_EQ(print_tensor(make_identity_tensor(T("(1,1,1,1,1)"))), "ArithTuple(0,0,0,0,0) o (1,1,1,1,1):(1@0,1@1,1@2,1@3,1@4):\n");
  // Rank 0: its one element (CuTe prints the header alone; a table with no row said nothing).
  EXPECT_EQ(print_tensor(make_identity_tensor(T("()")), false), "  ()\n");
}

TEST(TensorPrint, PrintTensorRefusesPointers) {
  EXPECT_TRUE(fails_with(bad, [] { print_tensor(TT("ptr[32b](0x10) o 4:1")); }));
}

// --- engines and elements -------------------------------------------------------------------------------

TEST(TensorElements, PointerAddresses) {
  // element(i) = address + L(i) * bits/8.
  Tensor t = make_tensor(Engine::pointer(MemorySpace::gmem, 32, 0x1000), L("(4,8):(8,1)"));
  EXPECT_EQ(address(element(t, T("(1,2)"))), 0x1000 + (8 + 2) * 4);
  EXPECT_EQ(address(element(t, 5)), 0x1000 + (1 * 8 + 1) * 4);  // 5 -> (1,1)
  EXPECT_EQ(element(t, 5).space, MemorySpace::gmem);
  EXPECT_TRUE(fails_with(bad, [&] { element(t, 32); }));
  EXPECT_TRUE(fails_with(bad, [] { Engine::pointer(MemorySpace::generic, 4, 0); }));  // sub-byte
  EXPECT_TRUE(fails_with(bad, [] { make_tensor(Engine::pointer(MemorySpace::generic, 8, 0), L("(2,2):(1@0,1@1)")); }));
  EXPECT_TRUE(fails_with(bad, [] { advance(Engine::pointer(MemorySpace::generic, 8, 4), Value(-5)); }));
  EXPECT_TRUE(fails_with(Error::Kind::overflow,
                         [] { advance(Engine::pointer(MemorySpace::generic, 64, 1), Value(i64{1} << 61)); }));
}

TEST(TensorElements, OwningArrays) {
  // The seed's A = make_tensor<float>(((4,5),13):((12,1),64)): natural, R-D and 1-D coordinates.
  Tensor a = counting_storage(L("((4,5),13):((12,1),64)"));
  // cosize = 3*12 + 4*1 + 12*64 + 1 = 809.
  EXPECT_EQ(a.engine.storage.size(), 809u);
  EXPECT_EQ(stored_value(element(a, T("((1,2),3)"))), 12 + 2 + 3 * 64);
  EXPECT_EQ(stored_value(element(a, T("(9,3)"))), 12 + 2 + 3 * 64);  // 9 in (4,5) is (1,2)
  EXPECT_EQ(stored_value(element(a, 9 + 20 * 3)), 12 + 2 + 3 * 64);
  // The layout must stay inside the storage.
  EXPECT_TRUE(fails_with(bad, [] { make_tensor(Engine::array(32, std::vector<i64>(4)), L("5:1")); }));
  EXPECT_TRUE(fails_with(bad, [] { make_tensor(Engine::array(32, std::vector<i64>(4)), L("2:-1")); }));
  EXPECT_TRUE(fails_with(bad, [] { stored_value(Engine::pointer(MemorySpace::generic, 8, 0)); }));
}

TEST(TensorElements, SeedCoordinateOfAThreadTensor) {
  // Seed 000: ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1) at ((1,1),2,3) is
  // (72,49) + (128,130) = (200,179).
  Tensor t = TT("ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)");
  EXPECT_TRUE(is(coordinate(element(t, T("((1,1),2,3)"))), "(200,179)"));
  EXPECT_EQ(coordinate_value(element(t, T("((1,1),2,3)"))), V("200@0+179@1"));
}

TEST(TensorElements, CountingAdvance) {
  // origin + v: a basis term k@p is added at path p; the coordinate grows with zeros (CuTe appends _0).
  Engine e = Engine::counting(T("(1,2)"));
  EXPECT_TRUE(is(coordinate(advance(e, V("3@1"))), "(1,5)"));
  EXPECT_TRUE(is(coordinate(advance(e, V("4@3"))), "(1,2,0,4)"));
  EXPECT_TRUE(is(coordinate(advance(Engine::counting(T("((0,0),0)")), V("1@1@0+2@1"))), "((0,1),2)"));
  EXPECT_TRUE(is(coordinate(advance(Engine::counting(T("7")), Value(3))), "10"));
  // (1,2) and (1,2,0) are the same coordinate.
  EXPECT_TRUE(same_element(Engine::counting(T("(1,2)")), Engine::counting(T("(1,2,0)"))));
  EXPECT_TRUE(fails_with(bad, [&] { advance(e, Value(3)); }));         // an integer added to a tuple
  EXPECT_TRUE(fails_with(bad, [&] { advance(e, V("1@0@1")); }));       // a path through the integer 2
  EXPECT_TRUE(fails_with(bad, [&] { address(e); }));
}

// --- slicing (seed 001) ----------------------------------------------------------------------------------

TEST(TensorSlice, SeedSlices) {
  // The seed's A = ((_3,2),(2,_5,_2)):((4,1),(_2,13,100)) over floats at 0x1000; the offsets of
  // slice_test.cpp (8, 28, 28, 101, 47 elements) times 4 bytes.
  Tensor a = make_tensor(Engine::pointer(MemorySpace::generic, 32, 0x1000), L("((3,2),(2,5,2)):((4,1),(2,13,100))"));
  Tensor b = slice(C("(2,_)"), a);
  EXPECT_TRUE(is(b.layout, "((2,5,2)):((2,13,100))"));
  EXPECT_EQ(address(b.engine), 0x1000 + 8 * 4);
  Tensor c = slice(C("(_,5)"), a);
  EXPECT_TRUE(is(c.layout, "((3,2)):((4,1))"));
  EXPECT_EQ(address(c.engine), 0x1000 + 28 * 4);
  Tensor d = slice(C("((_,_),5)"), a);
  EXPECT_TRUE(is(d.layout, "(3,2):(4,1)"));
  EXPECT_EQ(address(d.engine), 0x1000 + 28 * 4);
  Tensor e = slice(C("((_,1),(0,_,1))"), a);
  EXPECT_TRUE(is(e.layout, "(3,5):(4,13)"));
  EXPECT_EQ(address(e.engine), 0x1000 + 101 * 4);
  Tensor f = slice(C("((2,_),(_,3,_))"), a);
  EXPECT_TRUE(is(f.layout, "(2,2,2):(1,2,100)"));
  EXPECT_EQ(address(f.engine), 0x1000 + 47 * 4);
  // In each case the rank of the result is the number of underscores.
  EXPECT_EQ(rank(b), 1);
  EXPECT_EQ(rank(f), 3);
  // A slice's elements are the original's: F(i,j,k) = A((2,i),(j,3,k)).
  for (i64 i = 0; i < 2; ++i)
    for (i64 j = 0; j < 2; ++j)
      for (i64 k = 0; k < 2; ++k)
        EXPECT_TRUE(same_element(element(f, tup({i, j, k})),
                                 element(a, tup({tup({2, i}), tup({j, 3, k})}))));
}

TEST(TensorSlice, QueriesAndModes) {
  Tensor a = make_tensor(Engine::pointer(MemorySpace::gmem, 16, 0x40), L("((3,2),(2,5,2)):((4,1),(2,13,100))"));
  EXPECT_EQ(rank(a), 2);
  EXPECT_EQ(depth(a), 2);
  EXPECT_EQ(size(a), 120);  // 3*2 * 2*5*2
  EXPECT_TRUE(is(shape(a), "((3,2),(2,5,2))"));
  // tensor<1,2>(A): the same engine, layout<1,2>.
  Tensor m = get(a, {1, 2});
  EXPECT_TRUE(is(m.layout, "2:100"));
  EXPECT_EQ(m.engine, a.engine);
}

// --- tiling and partitioning (seed 001) ----------------------------------------------------------------

TEST(TensorPartition, SeedTiledTensor) {
  // A = make_tensor(ptr, (8,24)) (column-major), tiler (_4,_8): zipped_divide gives ((_4,_8),(2,3)).
  Tensor a = make_tensor(Engine::pointer(MemorySpace::generic, 32, 0x1000), make_layout(T("(8,24)")));
  Tensor tiled = zipped_divide(a, Tl("(4,8)"));
  EXPECT_TRUE(is(tiled.layout, "((4,8),(2,3)):((1,8),(4,64))"));
  EXPECT_EQ(tiled.engine, a.engine);
  // inner_partition / local_tile at (1,2): the (4,8) tile starting at row 4, column 16:
  // offset 4 + 16*8 = 132 elements.
  Tensor cta = local_tile(a, Tl("(4,8)"), C("(1,2)"));
  EXPECT_TRUE(is(cta.layout, "(4,8):(1,8)"));
  EXPECT_EQ(address(cta.engine), 0x1000 + 132 * 4);
  // It is tiled_a((_,_), (1,2)).
  EXPECT_EQ(cta, slice(C("((_,_),(1,2))"), tiled));
  // A 1-D coordinate into the rest: 5 in (2,3) is (1,2).
  EXPECT_EQ(inner_partition(a, Tl("(4,8)"), C("5")), cta);
  // outer_partition at thread 9: 9 in the tile (4,8) is (1,2): offset 1 + 2*8 = 17; one
  // element of every tile: (2,3):(4,64).
  Tensor thr = outer_partition(a, Tl("(4,8)"), C("9"));
  EXPECT_TRUE(is(thr.layout, "(2,3):(4,64)"));
  EXPECT_EQ(address(thr.engine), 0x1000 + 17 * 4);
  EXPECT_EQ(outer_partition(a, Tl("(4,8)"), C("(1,2)")), thr);
  // A coordinate shorter than the rest mode is padded with `_` (CuTe append<R1>(coord, _)).
  Tensor col = inner_partition(a, Tl("(4,8)"), C("(1)"));
  EXPECT_TRUE(is(col.layout, "(4,8,3):(1,8,64)"));
  EXPECT_EQ(address(col.engine), 0x1000 + 4 * 4);
  EXPECT_TRUE(fails_with(bad, [&] { inner_partition(a, Tl("(4,8)"), C("(1,1,1)")); }));
}

TEST(TensorPartition, SeedCopyLoop) {
  // Seed 001: gmem (24,16) tiled by (_8,_4): ((_8,_4),Rest) with Rest = (3,4); gmem_tiled(_, j) is
  // the rank-1 tile ((_8,_4)) at offset (j%3)*8 + (j/3)*4*24.
  Tensor g = make_tensor(Engine::pointer(MemorySpace::gmem, 32, 0), make_layout(T("(24,16)")));
  Tensor tiled = zipped_divide(g, Tl("(8,4)"));
  EXPECT_TRUE(is(tiled.layout, "((8,4),(3,4)):((1,24),(8,96))"));
  Tensor tile = slice(C("(_,4)"), tiled);
  EXPECT_TRUE(is(tile.layout, "((8,4)):((1,24))"));
  EXPECT_EQ(address(tile.engine), (1 * 8 + 1 * 96) * 4);
}

TEST(TensorPartition, LocalPartition) {
  // cute/tensor_impl.hpp's example: data (_16,_64), Layout<Shape<_2,_16>>, thr_idx -> (_8,_4).
  // Thread 3 has the flat coordinate (1,1); its elements start at 1 + 1*16 = 17.
  Tensor data = make_tensor(Engine::pointer(MemorySpace::generic, 32, 0), make_layout(T("(16,64)")));
  Tensor t = local_partition(data, make_layout(T("(2,16)")), 3);
  EXPECT_TRUE(is(t.layout, "(8,4):(2,256)"));
  EXPECT_EQ(address(t.engine), 17 * 4);
  // A row-major thread layout (2,16):(16,1): thread 3 is (0,3); start 3*16 = 48.
  Tensor r = local_partition(data, L("(2,16):(16,1)"), 3);
  EXPECT_TRUE(is(r.layout, "(8,4):(2,256)"));
  EXPECT_EQ(address(r.engine), 48 * 4);
}

TEST(TensorPartition, GetFlatCoord) {
  EXPECT_TRUE(is(get_flat_coord(L("(4,2):(2,1)"), 5), "(2,1)"));       // 2*2 + 1 = 5
  EXPECT_TRUE(is(get_flat_coord(L("(16,1):(1,1)"), 11), "(11,0)"));
  EXPECT_TRUE(is(get_flat_coord(L("((2,2),3):((1,6),2)"), 8), "(2,1)"));  // mode 0 at 2 is (0,1) -> 6, plus 2
  EXPECT_TRUE(is(get_flat_coord(L("8:1"), 5), "5"));                      // integral: an integer
  // (2,2):(3,1) is injective but not compact: 3 is taken at (1,0). CuTe's (idx/d)%s gives (1,1),
  // whose value is 4.
  EXPECT_TRUE(is(get_flat_coord(L("(2,2):(3,1)"), 3), "(1,0)"));
  EXPECT_TRUE(inadmissible("get_flat_coord.not_a_value", [] { get_flat_coord(L("(2,2):(2,4)"), 3); }));
  EXPECT_TRUE(inadmissible("get_flat_coord.not_a_value", [] { get_flat_coord(L("(4,8):(1,4)"), 32); }));
  EXPECT_TRUE(inadmissible("get_flat_coord.not_unique", [] { get_flat_coord(L("(2,2):(1,1)"), 1); }));
  EXPECT_TRUE(inadmissible("get_flat_coord.not_a_value",
                           [] { local_partition(make_identity_tensor(T("(8,8)")), L("(2,2):(1,2)"), 4); }));
}

TEST(TensorPartition, SeedThreadValuePartition) {
  // Seed 001: tv_layout ((_2,_4),(_2,_2)):((_8,_1),(_4,_16)) maps (thread, value) to the
  // column-major index m + 4n of a 4x8 tile; A is 4x8 row-major, so A(m,n) holds 8m + n.
  // Thread 0: tv(0,v) for v = 0..3 is 0, 4, 16, 20 -> (0,0), (0,1), (0,4), (0,5) -> 0, 1, 4, 5.
  // Thread 1: t = (1,0) -> 8: 8, 12, 24, 28 -> (0,2), (0,3), (0,6), (0,7) -> 2, 3, 6, 7.
  // Thread 2: t = (0,1) -> 1: 1, 5, 17, 21 -> (1,0), (1,1), (1,4), (1,5) -> 8, 9, 12, 13.
  Layout tv = L("((_2,_4),(_2,_2)):((_8,_1),(_4,_16))");
  Tensor a = counting_storage(make_layout_right(T("(4,8)")));
  Tensor composed = composition(a, Tiler::of(tv));
  EXPECT_EQ(size(mode(composed.layout.shape, 0)), 8);
  EXPECT_EQ(size(mode(composed.layout.shape, 1)), 4);
  EXPECT_EQ(stored(tv_partition(a, tv, 0)), (std::vector<i64>{0, 1, 4, 5}));
  EXPECT_EQ(stored(tv_partition(a, tv, 1)), (std::vector<i64>{2, 3, 6, 7}));
  EXPECT_EQ(stored(tv_partition(a, tv, 2)), (std::vector<i64>{8, 9, 12, 13}));
  // Every element of A belongs to exactly one (thread, value).
  std::vector<int> seen(32, 0);
  for (i64 t = 0; t < 8; ++t)
    for (i64 x : stored(tv_partition(a, tv, t))) ++seen[static_cast<size_t>(x)];
  EXPECT_EQ(seen, std::vector<int>(32, 1));
  EXPECT_TRUE(fails_with(bad, [&] { tv_partition(a, L("8:1"), 0); }));
}

TEST(TensorPartition, DividesKeepTheEngine) {
  Tensor id = make_identity_tensor(T("(8,6)"));
  Tensor d = logical_divide(id, Tl("(2:1,3:2)"));
  EXPECT_EQ(d.engine, id.engine);
  EXPECT_TRUE(is(d.layout, "((2,4),(3,2)):((1@0,2@0),(2@1,1@1))"));
  EXPECT_TRUE(is(flat_divide(id, Tl("(2,3)")).layout, "(2,3,4,2):(1@0,1@1,2@0,3@1)"));
  EXPECT_TRUE(is(tiled_divide(id, Tl("(2,3)")).layout, "((2,3),4,2):((1@0,1@1),2@0,3@1)"));
  EXPECT_TRUE(is(composition(id, Tl("(4:2,_)")).layout, "(4,6):(2@0,1@1)"));
  EXPECT_TRUE(inadmissible("divide.tiler_rank", [&] { zipped_divide(id, Tl("(2,2,2)")); }));
}

// --- coordinate_tensors.tsv rows, by hand ------------------------------------------------------------------

TEST(TensorConformance, LocalTileByHand) {
  // identity_local_tile (1000,128) (_16,_16) (40,_): rows 40*16 = 640.., all ceil(128/16) = 8
  // column tiles kept with stride 16@1.
  Tensor t = local_tile(make_identity_tensor(T("(1000,128)")), Tl("(16,16)"), C("(40,_)"));
  EXPECT_EQ(str(t), strip_static("ArithTuple(640,_0) o (_16,_16,8):(_1@0,_1@1,_16@1)"));
  // A tile larger than the tensor (96 rows, tile 128) runs past it, as CuTe's does:
  // identity_local_tile (96,500) (_128,_16) (0,2) => ArithTuple(0,32) o (_128,_16):(_1@0,_1@1).
  Tensor past = local_tile(make_identity_tensor(T("(96,500)")), Tl("(128,16)"), C("(0,2)"));
  EXPECT_EQ(str(past), "ArithTuple(0,32) o (128,16):(1@0,1@1)");
  // Rows 96..127 lie outside the tensor: the verdict says it relies on the extension.
  EXPECT_TRUE(reaches_past(past, T("(96,500)")));
  EXPECT_FALSE(reaches_past(t, T("(1000,128)")));
  Judgement j = check_identity_local_tile(T("(96,500)"), Tl("(128,16)"), C("(0,2)"),
                                          {false, TT("ArithTuple(0,32) o (_128,_16):(_1@0,_1@1)")});
  EXPECT_TRUE(j.correct);
  EXPECT_TRUE(j.depends_on_extension);
  EXPECT_TRUE(mentions(j.detail, "outside (96,500)"));
  // The last of ceil(1000/16) = 63 row tiles covers rows 992..1007.
  EXPECT_TRUE(reaches_past(local_tile(make_identity_tensor(T("(1000,128)")), Tl("(16,16)"), C("(62,0)")), T("(1000,128)")));
}

TEST(TensorConformance, LocalPartitionByHand) {
  // identity_local_partition (96,128) (_8,_64) (5,0) (_1,_2):(_2,_1) 1: the tile starts at (40,0);
  // thread 1 of (1,2):(2,1) is (0,1); it takes every second column: (8,32):(1@0,2@1) from (40,1).
  Tensor tile = local_tile(make_identity_tensor(T("(96,128)")), Tl("(8,64)"), C("(5,0)"));
  EXPECT_EQ(str(local_partition(tile, L("(1,2):(2,1)"), 1)), "ArithTuple(40,1) o (8,32):(1@0,2@1)");
}

TEST(TensorConformance, EveryCaseOfTheFileIsJudgedCorrect) {
  int tiles = for_each_case("coordinate_tensors.tsv", "identity_local_tile", [](int, auto const& a, auto const& r) {
    Judgement j = check_identity_local_tile(to_int_tuple(a[0]), to_tiler(a[1]), to_slice_coord(a[2]), {false, to_tensor(r)});
    EXPECT_TRUE(j.correct) << j.detail;
  });
  EXPECT_EQ(tiles, 30);
  int parts = for_each_case("coordinate_tensors.tsv", "identity_local_partition", [](int, auto const& a, auto const& r) {
    Judgement j = check_identity_local_partition(to_int_tuple(a[0]), to_tiler(a[1]), to_slice_coord(a[2]), to_layout(a[3]),
                                                 to_integer(a[4]), {false, to_tensor(r)});
    EXPECT_TRUE(j.correct) << j.detail;
  });
  EXPECT_EQ(parts, 30);
}

// --- judging ------------------------------------------------------------------------------------------------

TEST(TensorJudge, WrongClaimsNameTheFirstDifferingIndex) {
  auto build = [] { return local_tile(make_identity_tensor(T("(1000,1024)")), Tl("(64,32)"), C("(6,28)")); };
  // The file's claim: ArithTuple(384,896) o (_64,_32):(_1@0,_1@1).
  EXPECT_TRUE(judge_tensor(build, {false, TT("ArithTuple(384,896) o (_64,_32):(_1@0,_1@1)")}).correct);
  // A finer shape with the same elements is right.
  EXPECT_TRUE(judge_tensor(build, {false, TT("ArithTuple(384,896) o ((8,8),32):((1@0,8@0),1@1)")}).correct);
  // A wrong origin: index 0 differs.
  Judgement o = judge_tensor(build, {false, TT("ArithTuple(384,897) o (_64,_32):(_1@0,_1@1)")});
  EXPECT_FALSE(o.correct);
  EXPECT_EQ(o.index, 0);
  EXPECT_EQ(o.claimed_value, "(384,897)");
  EXPECT_EQ(o.expected_value, "(384,896)");
  // A wrong stride in mode 1: index 64 = (0,1) is the first to differ.
  Judgement s = judge_tensor(build, {false, TT("ArithTuple(384,896) o (_64,_32):(_1@0,_2@1)")});
  EXPECT_FALSE(s.correct);
  EXPECT_EQ(s.index, 64);
  EXPECT_EQ(s.coordinate, "(0,1)");
  EXPECT_EQ(s.claimed_value, "(384,898)");
  EXPECT_EQ(s.expected_value, "(384,897)");
  // A coarser shape with the same elements is wrong (the modes of a tensor are its meaning).
  Judgement c = judge_tensor(build, {false, TT("ArithTuple(384,896) o 2048:1@0")});
  EXPECT_FALSE(c.correct);
  // A pointer engine where a coordinate tensor is due.
  EXPECT_FALSE(judge_tensor(build, {false, TT("ptr[32b](0x0) o (_64,_32):(_1,_64)")}).correct);
  // Refusing an admissible input is wrong.
  EXPECT_FALSE(judge_tensor(build, {true, Tensor{}}).correct);
}

TEST(TensorJudge, PointerAndArrayElements) {
  // Column 1 of a (4,8) column-major float tensor at 0x100: addresses 0x100 + 4*(4 + m). A(_,1) keeps
  // one mode: the layout is the rank-1 tuple (4):(1), as CuTe prints it.
  auto column = [] {
    return slice(C("(_,1)"), make_tensor(Engine::pointer(MemorySpace::gmem, 32, 0x100), make_layout(T("(4,8)"))));
  };
  EXPECT_TRUE(judge_tensor(column, {false, TT("gmem_ptr[32b](0x110) o (4):(1)")}).correct);
  // The same addresses with a finer shape.
  EXPECT_TRUE(judge_tensor(column, {false, TT("gmem_ptr[32b](0x110) o ((2,2)):((1,2))")}).correct);
  // Other widths are other elements.
  EXPECT_FALSE(judge_tensor(column, {false, TT("gmem_ptr[16b](0x110) o (4):(2)")}).correct);
  Judgement a = judge_tensor(column, {false, TT("gmem_ptr[32b](0x110) o (4):(2)")});
  EXPECT_FALSE(a.correct);
  EXPECT_EQ(a.index, 1);
  EXPECT_EQ(a.claimed_value, "gmem_ptr[32b](0x118)");
  EXPECT_EQ(a.expected_value, "gmem_ptr[32b](0x114)");
  EXPECT_FALSE(judge_tensor(column, {false, TT("smem_ptr[32b](0x110) o (4):(1)")}).correct);  // another space
  // Owning arrays are judged by their stored values: thread 1 of the seed's TV partition holds 2, 3, 6, 7
  // (its layout is ((2,2)):(..), the value mode kept whole: the seed's "(4)").
  auto thread1 = [] {
    return tv_partition(counting_storage(make_layout_right(T("(4,8)"))), L("((2,4),(2,2)):((8,1),(4,16))"), 1);
  };
  EXPECT_FALSE(judge_tensor(thread1, {false, make_tensor(Engine::array(32, {9, 2, 3, 6, 7}), L("((2,2)):((1,2))"))}).correct);
  Tensor claim = make_tensor(Engine::array(32, {9, 2, 3, 6, 7}), L("((2,2)):((1,2))"));
  claim.engine.offset = 1;
  EXPECT_TRUE(judge_tensor(thread1, {false, claim}).correct);
  claim.engine.storage[3] = 5;
  Judgement w = judge_tensor(thread1, {false, claim});
  EXPECT_FALSE(w.correct);
  EXPECT_EQ(w.index, 2);
  EXPECT_EQ(w.expected_value, "6");
}

TEST(TensorJudge, ErrorClaimsFollowAdmissibility) {
  auto build = [] {
    return local_partition(local_tile(make_identity_tensor(T("(384,500)")), Tl("(16,32)"), C("(0,7)")), L("(16,16):(1,16)"), 300);
  };
  Judgement e = judge_tensor(build, {true, Tensor{}});
  EXPECT_TRUE(e.correct) << e.detail;
  EXPECT_TRUE(mentions(e.detail, "get_flat_coord.not_a_value"));
  EXPECT_FALSE(judge_tensor(build, {false, TT("ArithTuple(0,0) o _1:_0")}).correct);
}

}  // namespace
}  // namespace layoutref::spec
