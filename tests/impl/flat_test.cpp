// FlatLayout<R> (impl/flat.hpp): every operation against the general algebra on the same layout
// as a tree (FlatLayout::layout()), at random — values, and error codes and conditions — and the
// examples of its comments.
#include "support.hpp"

#include <layoutref/impl/divide.hpp>
#include <layoutref/impl/flat.hpp>
#include <layoutref/impl/tensor.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace layoutref::impl {
namespace {

using namespace testing_support;

template <int R>
std::string show(FlatLayout<R> const& l) {
  std::string s = "(", d = "(";
  for (int i = 0; i < R; ++i) {
    s += (i ? "," : "") + std::to_string(l.shape[i]);
    d += (i ? "," : "") + std::to_string(l.stride[i]);
  }
  return s + "):" + d + ")";
}

/// The leaves of l (shape and stride values, in order), as "s:d s:d ...": static flags dropped.
template <int N>
std::string leaves(LayoutN<N> const& l) {
  std::string out;
  for (int k = 0; k < l.nleaves; ++k) out += std::to_string(l.leaf[k].shape_value()) + ":" + std::to_string(l.leaf[k].stride_value()) + " ";
  return out;
}
template <int R>
std::string leaves(FlatLayout<R> const& l) {
  std::string out;
  for (int i = 0; i < R; ++i) out += std::to_string(l.shape[i]) + ":" + std::to_string(l.stride[i]) + " ";
  return out;
}

std::string code(Error const& e) { return std::to_string(static_cast<int>(e.code)) + "/" + name(e.condition); }

/// A random integer: mostly small, now and then 0, negative, or near 2^62.
i64 draw(Rng& rng, int small, bool signed_too) {
  int const k = rng.below(40);
  if (k == 0) return 0;
  if (k == 1) return i64{1} << (50 + rng.below(13));
  if (k == 2 && signed_too) return -(i64{1} << (50 + rng.below(13)));
  i64 v = 1 + rng.below(small);
  return signed_too && rng.below(5) == 0 ? -v : v;
}

template <int R>
FlatLayout<R> random_flat(Rng& rng, int small_shape, int small_stride) {
  FlatLayout<R> l;
  for (int i = 0; i < R; ++i) {
    l.shape[i] = rng.below(25) == 0 ? draw(rng, small_shape, true) : 1 + rng.below(small_shape);
    l.stride[i] = rng.below(6) == 0 ? 0 : draw(rng, small_stride, true);
  }
  return l;
}

template <int R, int N>
TilerN<N> shape_tiler(FlatTuple<R> const& n) {
  TilerBuilderN<N> t;
  for (int i = 0; i < R; ++i) t.push(TilerN<N>::of(make_leaf<N>(Int::dynamic(n[i]), Stride::integer(Int::fixed(1)))));
  auto r = t.done();
  EXPECT_TRUE(r.ok());
  return r.value;
}

template <int R, int N>
LayoutN<N> tree(FlatLayout<R> const& l) {
  auto t = l.template layout<N>();
  EXPECT_TRUE(t.ok()) << str(t.error);
  return t.value;
}

// ---- make and layout ----------------------------------------------------------------------------

TEST(ImplFlat, MakeReadsFlatLayoutsAndRefusesTheRest) {
  auto f = FlatLayout<2>::make(LN<4>("(16384,16384):(1,16384)"));
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(show(f.value), "(16384,16384):(1,16384)");
  EXPECT_EQ(SN(f.value.layout<4>()), "(16384,16384):(1,16384)");
  auto one = FlatLayout<1>::make(LN<4>("12:3"));
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(show(one.value), "(12):(3)");
  EXPECT_EQ(SN(one.value.layout<4>()), "12:3");
  // Static flags are dropped: `_1:_0` reads back as a run-time 1:0.
  EXPECT_EQ(SN(FlatLayout<2>::make(LN<4>("(_4,_1):(_1,_0)")).value.layout<4>()), "(4,1):(1,0)");
  EXPECT_EQ(FlatLayout<2>::make(LN<4>("((2,2),4):((1,2),4)")).error.code, Errc::bad_argument);  // a mode of two leaves
  EXPECT_EQ(FlatLayout<3>::make(LN<4>("(2,4):(1,2)")).error.code, Errc::bad_argument);          // rank 2, not 3
  EXPECT_EQ(FlatLayout<2>::make(LN<4>("12:3")).error.code, Errc::bad_argument);                 // rank 1
  EXPECT_EQ(FlatLayout<2>::make(LN<4>("(2,4):(1@0,1@1)")).error.code, Errc::bad_argument);      // basis strides
  auto bad = LN<4>("(2,4):(1,2)");
  bad.leaf[1].set_shape(Int::dynamic(0));
  EXPECT_EQ(FlatLayout<2>::make(bad).error.code, Errc::bad_argument);  // validate
  // layout() at a capacity that cannot hold R leaves.
  FlatLayout<5> five{};
  for (int i = 0; i < 5; ++i) five.shape[i] = 2;
  EXPECT_EQ(five.layout<4>().error.code, Errc::capacity);
}

TEST(ImplFlat, FlatShapeTilerReadsShapeTilers) {
  auto t = flat_shape_tiler<2>(TlN<4>("(_64,_64)"));
  ASSERT_TRUE(t.ok()) << str(t.error);
  EXPECT_EQ(t.value[0], 64);
  EXPECT_EQ(t.value[1], 64);
  auto d = flat_shape_tiler<3>(TlN<8>("(4,8:1,_2)"));
  ASSERT_TRUE(d.ok()) << str(d.error);
  EXPECT_EQ(d.value[0] * 100 + d.value[1] * 10 + d.value[2], 482);
  EXPECT_EQ(flat_shape_tiler<2>(TlN<4>("(_64,4:2)")).error.code, Errc::bad_argument);    // a stride other than 1
  EXPECT_EQ(flat_shape_tiler<2>(TlN<8>("(_64,(2,2))")).error.code, Errc::bad_argument);  // a nested mode
  EXPECT_EQ(flat_shape_tiler<2>(TlN<4>("(_64,_64,2)")).error.code, Errc::bad_argument);  // three modes
  EXPECT_EQ(flat_shape_tiler<1>(TlN<4>("64")).error.code, Errc::bad_argument);           // a layout, not a tuple
}

// ---- zipped_divide ------------------------------------------------------------------------------

/// zipped_divide(l, n) against the general zipped_divide of l's tree by the tiler (n_0:_1, ...):
/// the general result's modes each hold R leaves, the tile's then the rest's, with the flat
/// result's values; or both fail with the same code. Returns 1 when both answered.
template <int R, int N>
int divide_agrees(FlatLayout<R> const& l, FlatTuple<R> const& n) {
  auto flat = zipped_divide(l, n);
  auto general = zipped_divide(tree<R, N>(l), shape_tiler<R, N>(n));
  std::string what = show(l) + " / " + show(FlatLayout<R>{n, n});
  EXPECT_EQ(flat.ok(), general.ok()) << what << ": flat " << (flat.ok() ? "ok" : str(flat.error)) << ", general "
                                     << (general.ok() ? SN(general) : str(general.error));
  if (!flat.ok() || !general.ok()) {
    if (!flat.ok() && !general.ok()) {
      EXPECT_EQ(code(flat.error), code(general.error)) << what << ": " << str(flat.error) << " / " << str(general.error);
    }
    return 0;
  }
  auto m0 = general.value.mode(0), m1 = general.value.mode(1);
  EXPECT_TRUE(m0.ok() && m1.ok()) << what;
  EXPECT_EQ(leaves(m0.value), leaves(flat.value.tile)) << what << " = " << SN(general);
  EXPECT_EQ(leaves(m1.value), leaves(flat.value.rest)) << what << " = " << SN(general);
  return 1;
}

template <int R, int N>
int divides_agree(int cases, std::uint64_t seed) {
  Rng rng{seed};
  int answered = 0;
  for (int c = 0; c < cases; ++c) {
    FlatLayout<R> l = random_flat<R>(rng, 40, 60);
    FlatTuple<R> n;
    for (int i = 0; i < R; ++i) n[i] = rng.below(20) == 0 ? draw(rng, 50, true) : 1 + rng.below(rng.below(2) ? 8 : 50);
    answered += divide_agrees<R, N>(l, n);
  }
  return answered;
}

TEST(ImplFlat, ZippedDivideIsTheGeneralOne) {
  EXPECT_GT((divides_agree<1, 8>(4000, 0xf1a7'0001)), 2500);
  EXPECT_GT((divides_agree<2, 8>(6000, 0xf1a7'0002)), 3000);
  EXPECT_GT((divides_agree<3, 32>(6000, 0xf1a7'0003)), 2500);
  EXPECT_GT((divides_agree<4, 32>(4000, 0xf1a7'0004)), 1500);
  // The example of its comment, by CuTe's definition (divide_test.cpp's FlatFormIsTheGeneralPath).
  FlatLayout<2> a{{{16384, 16384}}, {{1, 16384}}};
  auto z = zipped_divide(a, FlatTuple<2>{{64, 64}});
  ASSERT_TRUE(z.ok());
  EXPECT_EQ(show(z.value.tile) + " " + show(z.value.rest), "(64,64):(1,16384) (256,256):(64,1048576)");
  // flat.hpp's header example (run there through the general path): ((4,3),(2,2)):((1,8),(4,24)).
  auto e = zipped_divide(FlatLayout<2>{{{8, 6}}, {{1, 8}}}, FlatTuple<2>{{4, 3}});
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(show(e.value.tile) + " " + show(e.value.rest), "(4,3):(1,8) (2,2):(4,24)");
  // A tile larger than the mode extends it; the rest is then 1:0 (the general `_1:_0`).
  auto big = zipped_divide(FlatLayout<2>{{{10, 7}}, {{3, 100}}}, FlatTuple<2>{{12, 1}});
  ASSERT_TRUE(big.ok());
  EXPECT_EQ(show(big.value.tile) + " " + show(big.value.rest), "(12,1):(3,100) (1,7):(0,100)");
  // Errors: a tiler entry below 1, a stride product past int64, values past int64.
  EXPECT_EQ(zipped_divide(a, FlatTuple<2>{{0, 4}}).error.code, Errc::bad_argument);
  EXPECT_EQ(zipped_divide(FlatLayout<1>{{{10}}, {{i64{1} << 61}}}, FlatTuple<1>{{4}}).error.code, Errc::overflow);
  EXPECT_EQ(zipped_divide(FlatLayout<1>{{{3}}, {{i64{1} << 61}}}, FlatTuple<1>{{5}}).error.code, Errc::overflow);
  EXPECT_EQ(zipped_divide(FlatLayout<1>{{{0}}, {{1}}}, FlatTuple<1>{{5}}).error.code, Errc::bad_argument);
}

// ---- get_flat_coord -----------------------------------------------------------------------------

template <int R, int N>
int coords_agree(int cases, std::uint64_t seed) {
  Rng rng{seed};
  int answered = 0;
  for (int c = 0; c < cases; ++c) {
    FlatLayout<R> thr;
    for (int i = 0; i < R; ++i) {
      thr.shape[i] = 1 + rng.below(rng.below(3) ? 8 : 3);
      thr.stride[i] = rng.below(8) == 0 ? -rng.below(4) : rng.below(40);
    }
    if (rng.below(2) == 0) {  // compact: column- or row-major, the common thread layouts
      i64 d = 1;
      for (int k = 0; k < R; ++k) {
        int const i = rng.below(2) ? k : R - 1 - k;
        thr.stride[i] = d;
        d *= thr.shape[i];
      }
    }
    i64 cosize = 1;
    for (int i = 0; i < R; ++i) cosize += (thr.shape[i] - 1) * (thr.stride[i] > 0 ? thr.stride[i] : 0);
    i64 const idx = static_cast<i64>(rng.below(static_cast<int>(cosize) + 3)) - 1;
    auto flat = get_flat_coord(thr, idx);
    auto general = get_flat_coord(tree<R, N>(thr), Int::dynamic(idx));
    std::string what = "get_flat_coord(" + show(thr) + ", " + std::to_string(idx) + ")";
    EXPECT_EQ(flat.ok(), general.ok()) << what << ": " << (flat.ok() ? "flat ok" : str(flat.error)) << " / " << (general.ok() ? "general ok" : str(general.error));
    if (flat.ok() && general.ok()) {
      std::string fc, gc;
      for (int i = 0; i < R; ++i) fc += std::to_string(flat.value[i]) + " ";
      for (int k = 0; k < general.value.nleaves; ++k) gc += std::to_string(general.value.leaf[k].value) + " ";
      EXPECT_EQ(fc, gc) << what;
      ++answered;
    } else if (!flat.ok() && !general.ok()) {
      EXPECT_EQ(code(flat.error), code(general.error)) << what;
    }
  }
  return answered;
}

TEST(ImplFlat, GetFlatCoordIsTheGeneralOne) {
  EXPECT_GT((coords_agree<1, 8>(4000, 0xc00d'0001)), 500);
  EXPECT_GT((coords_agree<2, 8>(8000, 0xc00d'0002)), 800);
  EXPECT_GT((coords_agree<3, 8>(8000, 0xc00d'0003)), 500);
  // The example of its comment: (8,32):(32,1) at 37 = (37/32 % 8, 37 % 32).
  auto c = get_flat_coord(FlatLayout<2>{{{8, 32}}, {{32, 1}}}, 37);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c.value[0], 1);
  EXPECT_EQ(c.value[1], 5);
  // CuTe's formula is wrong for (2,2):(3,1) at 3 ((1,1) has the value 4): the search finds (1,0).
  auto s = get_flat_coord(FlatLayout<2>{{{2, 2}}, {{3, 1}}}, 3);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value[0], 1);
  EXPECT_EQ(s.value[1], 0);
  EXPECT_EQ(get_flat_coord(FlatLayout<2>{{{4, 8}}, {{0, 4}}}, 4).error.condition, Cond::get_flat_coord_not_unique);
  EXPECT_EQ(get_flat_coord(FlatLayout<2>{{{2, 2}}, {{1, 4}}}, 2).error.condition, Cond::get_flat_coord_not_a_value);
  EXPECT_EQ(get_flat_coord(FlatLayout<2>{{{2, 2}}, {{1, 2}}}, -1).error.code, Errc::bad_argument);
}

// ---- local_tile and local_partition --------------------------------------------------------------

/// Element offsets are measured from the middle of an arena, so that every pointer the tests form
/// lies inside it (strides and shapes are drawn small enough).
char const kArena[1 << 22] = {};
char const* const kMiddle = kArena + (1 << 21);

template <int R, int N>
std::string tensor_text(Result<Tensor<Pointer<char const>, N>> const& t) {
  if (!t.ok()) return "error " + code(t.error);
  return std::to_string(t.value.engine.ptr - kMiddle) + " o " + leaves(t.value.layout);
}
template <int R>
std::string tensor_text(Result<FlatTensor<Pointer<char const>, R>> const& t) {
  if (!t.ok()) return "error " + code(t.error);
  return std::to_string(t.value.engine.ptr - kMiddle) + " o " + leaves(t.value.layout);
}

template <int R, int N>
int partitions_agree(int cases, std::uint64_t seed) {
  Rng rng{seed};
  int answered = 0;
  for (int c = 0; c < cases; ++c) {
    FlatLayout<R> l;
    for (int i = 0; i < R; ++i) {
      l.shape[i] = 1 + rng.below(64);
      l.stride[i] = static_cast<i64>(rng.below(129)) - 32;
    }
    FlatLayout<R> thr;
    FlatTuple<R> tiler, coord;
    for (int i = 0; i < R; ++i) {
      tiler[i] = 1 + rng.below(16);
      coord[i] = rng.below(static_cast<int>(ceil_div(l.shape[i], tiler[i])) + (rng.below(10) == 0 ? 2 : 0));
      thr.shape[i] = 1 + rng.below(6);
    }
    i64 d = 1;
    for (int i = 0; i < R; ++i) {  // a compact thread layout, now and then a non-compact one
      thr.stride[i] = rng.below(10) == 0 ? rng.below(5) : d;
      d *= thr.shape[i];
    }
    i64 const idx = rng.below(static_cast<int>(d) + 2);
    auto ft = make_tensor(make_gmem_ptr(kMiddle), l);
    Tensor<Pointer<char const>, N> gt{make_gmem_ptr(kMiddle), tree<R, N>(l)};
    TupleBuilder<SliceLeaf, N> sc;
    for (int i = 0; i < R; ++i) sc.push_leaf(SliceLeaf::at(Int::dynamic(coord[i])));
    std::string const what = show(l) + " by " + show(FlatLayout<R>{tiler, tiler}) + " at " + show(FlatLayout<R>{coord, coord}) + ", thr " + show(thr) + " idx " +
                             std::to_string(idx);
    // Tile 0 is mode 0 of the zipped divide at the tensor's origin (the copy kernel's flat_tiles).
    auto z = zipped_divide(l, tiler);
    auto tile0 = local_tile(ft, tiler, FlatTuple<R>{});
    EXPECT_EQ(z.ok(), tile0.ok()) << what;
    if (z.ok() && tile0.ok()) {
      EXPECT_EQ(tile0.value.engine.ptr, kMiddle) << what;
      EXPECT_EQ(leaves(tile0.value.layout), leaves(z.value.tile)) << what;
    }
    auto flat_tile = local_tile(ft, tiler, coord);
    auto general_tile = local_tile(gt, shape_tiler<R, N>(tiler), sc.done().value);
    EXPECT_EQ(tensor_text<R>(flat_tile), (tensor_text<R, N>(general_tile))) << "local_tile " << what;
    if (!flat_tile.ok() || !general_tile.ok()) continue;
    auto flat_part = local_partition(flat_tile.value, thr, idx);
    auto general_part = local_partition(general_tile.value, tree<R, N>(thr), Int::dynamic(idx));
    EXPECT_EQ(tensor_text<R>(flat_part), (tensor_text<R, N>(general_part))) << "local_partition " << what;
    answered += flat_part.ok() ? 1 : 0;
  }
  return answered;
}

TEST(ImplFlat, LocalTileAndLocalPartitionAreTheGeneralOnes) {
  EXPECT_GT((partitions_agree<1, 8>(3000, 0x9a27'0001)), 1000);
  EXPECT_GT((partitions_agree<2, 8>(5000, 0x9a27'0002)), 2000);
  EXPECT_GT((partitions_agree<3, 32>(4000, 0x9a27'0003)), 1000);
  // The examples of their comments.
  auto a = make_tensor(make_gmem_ptr(kMiddle), FlatLayout<2>{{{16384, 16384}}, {{1, 16384}}});
  auto t = local_tile(a, FlatTuple<2>{{64, 64}}, FlatTuple<2>{{2, 1}});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t.value.engine.ptr - kMiddle, 128 + 64 * 16384);
  EXPECT_EQ(show(t.value.layout), "(64,64):(1,16384)");
  auto tile0 = make_tensor(make_gmem_ptr(kMiddle), FlatLayout<2>{{{64, 64}}, {{1, 16384}}});
  auto p = local_partition(tile0, FlatLayout<2>{{{32, 8}}, {{1, 32}}}, 37);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.value.engine.ptr - kMiddle, 5 + 16384);
  EXPECT_EQ(show(p.value.layout), "(2,8):(32,131072)");
  // A coordinate outside the tiles' shape is refused.
  EXPECT_EQ(local_tile(a, FlatTuple<2>{{64, 64}}, FlatTuple<2>{{256, 0}}).error.code, Errc::bad_argument);
}

// ---- make_fast_layout ---------------------------------------------------------------------------

template <class Index, int R>
int fast_agrees(int cases, std::uint64_t seed) {
  Rng rng{seed};
  int answered = 0;
  for (int c = 0; c < cases; ++c) {
    FlatLayout<R> l = random_flat<R>(rng, rng.below(4) == 0 ? 70000 : 30, rng.below(4) == 0 ? 1 << 20 : 100);
    auto flat = make_fast_layout<Index>(l);
    auto general = FastLayoutR<R, Index>::make(tree<R, kMaxLeaves>(l));
    std::string const what = "make_fast_layout(" + show(l) + ")";
    EXPECT_EQ(flat.ok(), general.ok()) << what << ": " << (flat.ok() ? "ok" : str(flat.error)) << " / " << (general.ok() ? "ok" : str(general.error));
    if (!flat.ok() || !general.ok()) {
      if (!flat.ok() && !general.ok()) {
        EXPECT_EQ(code(flat.error), code(general.error)) << what;
      }
      continue;
    }
    EXPECT_EQ(flat.value.size, general.value.size) << what;
    EXPECT_EQ(flat.value.min_value, general.value.min_value) << what;
    EXPECT_EQ(flat.value.max_value, general.value.max_value) << what;
    EXPECT_EQ(flat.value.n, general.value.n) << what;
    // Every index of small layouts, a sample of large ones, and up to 3 past the size (within
    // int64 and, for 32 bits, within the index type).
    i64 const n = static_cast<i64>(flat.value.size);
    std::vector<i64> at;
    if (n <= 4096) {
      for (i64 i = 0; i < n; ++i) at.push_back(i);
    } else {
      for (i64 k = 0; k < 997; ++k) at.push_back(k * (n / 997));
    }
    i64 const last = std::is_same_v<Index, std::uint32_t> ? i64{0xffffffff} : kI64Max;
    for (i64 e = 0; e < 3 && n <= last - e; ++e) at.push_back(n + e);
    for (i64 i : at) {
      auto const fv = flat.value(static_cast<Index>(i)), gv = general.value(static_cast<Index>(i));
      EXPECT_EQ(fv, gv) << what << " at " << i;
      if (fv != gv) break;
    }
    ++answered;
  }
  return answered;
}

TEST(ImplFlat, MakeFastLayoutIsTheTreesFastLayout) {
  EXPECT_GT((fast_agrees<std::uint32_t, 1>(2000, 0xfa57'0001)), 1000);
  EXPECT_GT((fast_agrees<std::uint32_t, 2>(3000, 0xfa57'0002)), 1000);
  EXPECT_GT((fast_agrees<std::uint64_t, 2>(3000, 0xfa57'0003)), 1000);
  EXPECT_GT((fast_agrees<std::uint32_t, 3>(3000, 0xfa57'0004)), 700);
  EXPECT_GT((fast_agrees<std::uint64_t, 4>(2000, 0xfa57'0005)), 500);
  // 32 bits: a size of 2^32 is refused before any division by a truncated shape.
  EXPECT_EQ(make_fast_layout<std::uint32_t>(FlatLayout<1>{{{i64{1} << 32}}, {{0}}}).error.code, Errc::overflow);
}

}  // namespace
}  // namespace layoutref::impl
