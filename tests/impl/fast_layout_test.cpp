// impl FastLayout: the prepared layout evaluates like impl::evaluate (the plain reference) on
// random layouts (fixed seed; zero and negative strides), on sizes >= 2^32, and past the size;
// make() refuses basis strides and sizes or values that do not fit in int64. FastLayoutR<R, Index>
// the same against impl::evaluate, its refusals (rank past R; the 32-bit bounds at the exact
// boundary), and with_fast_layout's choice of the index type.
#include "support.hpp"

#include <layoutref/equiv/vectors.hpp>
#include <layoutref/impl/fast_layout.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <type_traits>
#include <string>
#include <vector>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

LayoutLeaf leaf(i64 s, i64 d) { return LayoutLeaf{Int::dynamic(s), Stride::integer(Int::dynamic(d))}; }

// (3,(2,3)):(3,(12,1)) in constant evaluation: index 16 = (1,(1,2)) -> 3 + 12 + 2 = 17;
// index 18 runs on in the last leaf: (0,(0,3)) -> 3.
constexpr Result<FastLayout> kSample = [] {
  TupleBuilder<LayoutLeaf> inner;
  inner.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(12))});
  inner.push_leaf(LayoutLeaf{Int::fixed(3), Stride::integer(Int::fixed(1))});
  TupleBuilder<LayoutLeaf> outer;
  outer.push_leaf(LayoutLeaf{Int::fixed(3), Stride::integer(Int::fixed(3))});
  outer.push(inner.done().value);
  return FastLayout::make(outer.done().value);
}();
static_assert(kSample.ok());
static_assert(kSample.value(16) == 17);
static_assert(kSample.value(18) == 3);
static_assert(kSample.value.size == 18 && kSample.value.min_value == 0 && kSample.value.max_value == 20);

FastLayout fast(Layout const& l) {
  auto f = FastLayout::make(l);
  EXPECT_TRUE(f.ok()) << str(f.error);
  return f.value;
}

TEST(ImplFastLayout, HandExamples) {
  // (4,(3,2)):(-2,(0,5)): index 13 = (1,(0,1)) -> -2 + 5 = 3; index 23 = (3,(2,1)) -> -6 + 5 = -1.
  FastLayout f = fast(L("(4,(3,2)):(-2,(0,5))"));
  EXPECT_EQ(f.size, 24);
  EXPECT_EQ(f(13), 3);
  EXPECT_EQ(f(23), -1);
  EXPECT_EQ(f.min_value, -6);
  EXPECT_EQ(f.max_value, 5);
  // size-1 modes before the last are dropped; the last one is kept for the extension:
  // (_1,_4,_1):(_7,_1,_0) at 5 runs on into the last leaf: (0,1,1) -> 1 + 0.
  FastLayout g = fast(L("(_1,_4,_1):(_7,_1,_0)"));
  EXPECT_EQ(g.n, 2);
  EXPECT_EQ(g(3), 3);
  EXPECT_EQ(g(5), evaluate_int(L("(_1,_4,_1):(_7,_1,_0)"), 5, true).value);
  // rank 0: the one value is 0
  FastLayout e = fast(L("():()"));
  EXPECT_EQ(e.size, 1);
  EXPECT_EQ(e(0), 0);
}

TEST(ImplFastLayout, Refusals) {
  auto basis = FastLayout::make(L("(_2,_3):(_1@0,_1@1)"));
  ASSERT_FALSE(basis.ok());
  EXPECT_EQ(basis.error.code, Errc::bad_argument);
  // size 2^32 * 2^32 = 2^64 does not fit
  auto big = FastLayout::make(L("(4294967296,4294967296):(1,0)"));
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error.code, Errc::overflow);
  // the largest value 2^62 + 2^62 = 2^63 does not fit, though each term does
  auto high = FastLayout::make(L("(2,2):(4611686018427387904,4611686018427387904)"));
  ASSERT_FALSE(high.ok());
  EXPECT_EQ(high.error.code, Errc::overflow);
  // (s - 1) * d overflows alone
  auto term = FastLayout::make(L("(3,2):(4611686018427387904,1)"));
  ASSERT_FALSE(term.ok());
  EXPECT_EQ(term.error.code, Errc::overflow);
  // the smallest value -2^62 - 2^62 = -2^63 fits: accepted, and exact
  FastLayout low = fast(L("(2,2):(-4611686018427387904,-4611686018427387904)"));
  EXPECT_EQ(low.min_value, kI64Min);
  EXPECT_EQ(low(3), kI64Min);
  EXPECT_EQ(low(1), -(i64{1} << 62));
  // shapes must be >= 1
  Layout zero = Layout::of(leaf(0, 1));
  auto z = FastLayout::make(zero);
  ASSERT_FALSE(z.ok());
  EXPECT_EQ(z.error.code, Errc::bad_argument);
}

// A random layout: rank 1-4, each mode a leaf or a tuple of 1-3 leaves, shapes in [1, 9],
// strides in [-20, 20] (zeros and negatives included). The test keeps those of size <= 4096.
Layout random_layout(std::mt19937_64& rng) {
  auto pick = [&](i64 lo, i64 hi) { return lo + static_cast<i64>(rng() % static_cast<u64>(hi - lo + 1)); };
  TupleBuilder<LayoutLeaf> outer;
  i64 rank = pick(1, 4);
  for (i64 m = 0; m < rank; ++m) {
    if (pick(0, 2) == 0) {
      TupleBuilder<LayoutLeaf> inner;
      i64 r = pick(1, 3);
      for (i64 j = 0; j < r; ++j) inner.push_leaf(leaf(pick(1, 9), pick(-20, 20)));
      outer.push(inner.done().value);
    } else {
      outer.push_leaf(leaf(pick(1, 9), pick(-20, 20)));
    }
  }
  auto l = outer.done();
  EXPECT_TRUE(l.ok());
  if (rank == 1 && pick(0, 1) == 0) return l.value.mode(0).value;  // sometimes a bare leaf
  return l.value;
}

TEST(ImplFastLayout, RandomLayoutsMatchEvaluate) {
  std::mt19937_64 rng(20260010);
  long checked = 0;
  for (int t = 0; t < 3000; ++t) {
    Layout l = random_layout(rng);
    i64 n = size(l).value.value;
    if (n > 4096) {  // keep the exhaustive check short
      --t;
      continue;
    }
    FastLayout f = fast(l);
    ASSERT_EQ(f.size, n) << str(l);
    i64 lo = 0, hi = 0;
    for (i64 i = 0; i < n; ++i) {
      auto want = evaluate_int(l, i);
      ASSERT_TRUE(want.ok()) << str(l) << " at " << i;
      ASSERT_EQ(f(i), want.value) << str(l) << " at " << i;
      lo = want.value < lo ? want.value : lo;
      hi = want.value > hi ? want.value : hi;
      ++checked;
    }
    EXPECT_EQ(f.min_value, lo) << str(l);
    EXPECT_EQ(f.max_value, hi) << str(l);
    // past the size: the extension into the last leaf
    for (i64 i = n; i < 3 * n; ++i) {
      auto want = evaluate_int(l, i, true);
      ASSERT_TRUE(want.ok()) << str(l) << " at " << i;
      ASSERT_EQ(f(i), want.value) << str(l) << " at " << i << " (extended)";
    }
  }
  EXPECT_GT(checked, 100000);
}

// Sizes >= 2^32: shapes up to 2^20, strides up to +-2^24 (values stay far below 2^63);
// indices sampled near both ends of the domain and at random.
TEST(ImplFastLayout, LargeSizesMatchEvaluate) {
  std::mt19937_64 rng(20260011);
  int layouts = 0;
  while (layouts < 300) {
    TupleBuilder<LayoutLeaf> b;
    i64 n = 1;
    int r = 2 + static_cast<int>(rng() % 5);
    for (int j = 0; j < r; ++j) {
      i64 s = 1 + static_cast<i64>(rng() % (u64{1} << (1 + rng() % 20)));
      i64 d = static_cast<i64>(rng() % (u64{1} << 25)) - (i64{1} << 24);
      if (n > (i64{1} << 40)) s = 1 + s % 7;
      n *= s;
      b.push_leaf(leaf(s, d));
    }
    if (n < (i64{1} << 32)) continue;
    ++layouts;
    Layout l = b.done().value;
    FastLayout f = fast(l);
    ASSERT_EQ(f.size, n) << str(l);
    auto check = [&](i64 i) {
      auto want = evaluate_int(l, i);
      ASSERT_TRUE(want.ok()) << str(l) << " at " << i;
      ASSERT_EQ(f(i), want.value) << str(l) << " at " << i;
    };
    for (i64 i = 0; i < 2000; ++i) check(i);
    for (i64 i = n - 2000; i < n; ++i) check(i);
    for (int t = 0; t < 2000; ++t) check(static_cast<i64>(rng() % static_cast<u64>(n)));
    for (i64 i = (i64{1} << 32) - 100; i < (i64{1} << 32) + 100; ++i) check(i);
  }
}

// Sizes near 2^62 and strides near the int64 limits: the values at the ends of the domain are
// the extremes.
TEST(ImplFastLayout, ExtremeValues) {
  // (2^31, 2^31 - 1):(2^31 - 1, -2^32): max (2^31 - 1)^2, min -(2^31 - 2) * 2^32
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(leaf(i64{1} << 31, (i64{1} << 31) - 1));
  b.push_leaf(leaf((i64{1} << 31) - 1, -(i64{1} << 32)));
  Layout l = b.done().value;
  FastLayout f = fast(l);
  EXPECT_EQ(f.max_value, ((i64{1} << 31) - 1) * ((i64{1} << 31) - 1));
  EXPECT_EQ(f.min_value, -((i64{1} << 31) - 2) * (i64{1} << 32));
  for (i64 i : {i64{0}, i64{1}, (i64{1} << 31) - 1, i64{1} << 31, f.size - 1, f.size - (i64{1} << 31)})
    EXPECT_EQ(f(i), evaluate_int(l, i).value) << i;
  // a single mode of size 2^63 - 1 with stride 1: the identity up to int64's maximum
  FastLayout id = fast(Layout::of(leaf(kI64Max, 1)));
  EXPECT_EQ(id(kI64Max - 1), kI64Max - 1);
  // stride -1: down to -(2^63 - 2)
  FastLayout neg = fast(Layout::of(leaf(kI64Max, -1)));
  EXPECT_EQ(neg(kI64Max - 1), -(kI64Max - 1));
  // odd shapes whose divisors take the add path, at the last index
  TupleBuilder<LayoutLeaf> c;
  c.push_leaf(leaf(7, 1));
  c.push_leaf(leaf(1000003, 7));
  c.push_leaf(leaf(999999999989, 7000021));
  Layout odd = c.done().value;
  FastLayout fo = fast(odd);
  for (i64 i : {fo.size - 1, fo.size - 7, fo.size / 2, i64{7000020}, i64{7000021}})
    EXPECT_EQ(fo(i), evaluate_int(odd, i).value) << i;
}

// CuTe's own values: every `eval` case of index.tsv (layout, index => value), and every index
// of those layouts against impl::evaluate.
TEST(ImplFastLayout, CuteEvalVectors) {
  std::vector<equiv::Case> vectors;
  std::string error;
  ASSERT_TRUE(equiv::read_vectors(std::string(LAYOUTREF_CONFORMANCE_DIR) + "/index.tsv", vectors, error)) << error;
  int cases = 0;
  for (equiv::Case const& c : vectors) {
    if (!c.format_error.empty() || c.op != "eval" || c.args.size() != 2) continue;
    ++cases;
    Layout l = L(c.args[0].text);
    FastLayout fl = fast(l);
    EXPECT_EQ(fl(std::stoll(c.args[1].text)), std::stoll(c.result.text)) << c.text;
    for (i64 i = 0; i < fl.size; ++i) ASSERT_EQ(fl(i), evaluate_int(l, i).value) << c.args[0].text << " at " << i;
  }
  EXPECT_EQ(cases, 180);
}

// ---- FastLayoutR ---------------------------------------------------------------------------------

using u32 = std::uint32_t;
template <int R>
using Fast32 = FastLayoutR<R, u32>;
template <int R>
using Fast64 = FastLayoutR<R, u64>;

// The size a kernel pays for a rank-2 layout (FastLayout: kMaxLeaves modes).
static_assert(sizeof(Fast32<2>) <= 48);
static_assert(sizeof(Fast64<2>) <= 96);
static_assert(std::is_same_v<Fast32<2>::value_type, std::int32_t> && std::is_same_v<Fast64<2>::value_type, i64>);

// kSample's layout (3,(2,3)):(3,(12,1)) in constant evaluation, rank 3, both index types.
constexpr Layout kSampleLayout = [] {
  TupleBuilder<LayoutLeaf> inner;
  inner.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(12))});
  inner.push_leaf(LayoutLeaf{Int::fixed(3), Stride::integer(Int::fixed(1))});
  TupleBuilder<LayoutLeaf> outer;
  outer.push_leaf(LayoutLeaf{Int::fixed(3), Stride::integer(Int::fixed(3))});
  outer.push(inner.done().value);
  return outer.done().value;
}();
constexpr auto kSample32 = Fast32<3>::make(kSampleLayout);
static_assert(kSample32.ok() && kSample32.value(16) == 17 && kSample32.value(18) == 3);
static_assert(kSample32.value.size == 18 && kSample32.value.min_value == 0 && kSample32.value.max_value == 20);
constexpr auto kSample64 = Fast64<4>::make(kSampleLayout);
static_assert(kSample64.ok() && kSample64.value(16) == 17 && kSample64.value(18) == 3);
static_assert(!Fast32<2>::make(kSampleLayout).ok() && Fast32<2>::make(kSampleLayout).error.code == Errc::capacity);

template <class FL>
FL fast_r(Layout const& l) {
  auto f = FL::make(l);
  EXPECT_TRUE(f.ok()) << str(l) << ": " << str(f.error);
  return f.value;
}

/// Every index of [0, size) and [size, 3 size) of f against impl::evaluate; min and max.
template <class FL>
long expect_matches(FL const& f, Layout const& l) {
  i64 n = size(l).value.value;
  EXPECT_EQ(static_cast<i64>(f.size), n) << str(l);
  long checked = 0;
  i64 lo = 0, hi = 0;
  for (i64 i = 0; i < 3 * n; ++i) {
    auto want = evaluate_int(l, i, true);
    EXPECT_TRUE(want.ok()) << str(l) << " at " << i;
    if (i < n) {
      lo = want.value < lo ? want.value : lo;
      hi = want.value > hi ? want.value : hi;
    }
    if (static_cast<i64>(f(static_cast<typename FL::index_type>(i))) != want.value) {
      ADD_FAILURE() << str(l) << " at " << i << ": " << f(static_cast<typename FL::index_type>(i)) << " != " << want.value;
      return checked;
    }
    ++checked;
  }
  EXPECT_EQ(static_cast<i64>(f.min_value), lo) << str(l);
  EXPECT_EQ(static_cast<i64>(f.max_value), hi) << str(l);
  return checked;
}

template <class FL>
Error refusal(Layout const& l) {
  auto f = FL::make(l);
  EXPECT_FALSE(f.ok()) << str(l);
  return f.error;
}

/// Which index width with_fast_layout<R> picked for l (0: f not called), and f's value at i.
template <int R>
int picked_bits(Layout const& l, i64 i, i64* value, Error* error) {
  int bits = 0;
  *error = with_fast_layout<R>(l, [&](auto const& fl) {
    using FL = std::decay_t<decltype(fl)>;
    bits = static_cast<int>(8 * sizeof(typename FL::index_type));
    *value = fl(static_cast<typename FL::index_type>(i));
  });
  EXPECT_EQ(error->ok(), bits != 0) << str(l);
  return bits;
}

TEST(ImplFastLayoutR, HandExamples) {
  // (4,(3,2)):(-2,(0,5)) at rank 3: index 13 = (1,(0,1)) -> -2 + 5 = 3; 23 = (3,(2,1)) -> -1.
  auto f = fast_r<Fast32<3>>(L("(4,(3,2)):(-2,(0,5))"));
  EXPECT_EQ(f.n, 3);
  EXPECT_EQ(f.size, 24u);
  EXPECT_EQ(f(13), 3);
  EXPECT_EQ(f(23), -1);
  EXPECT_EQ(f.min_value, -6);
  EXPECT_EQ(f.max_value, 5);
  // fewer modes than R: the middle slots divide by 1 with stride 0; 8:3 at 5 -> 15, at 9 -> 27
  // (past the size, the last mode takes the rest).
  auto g = fast_r<Fast32<4>>(L("8:3"));
  EXPECT_EQ(g.n, 1);
  EXPECT_EQ(g(5), 15);
  EXPECT_EQ(g(9), 27);
  // size-1 leaves before the last are dropped: (_1,_4,_1):(_7,_1,_0) keeps 2 modes
  auto h = fast_r<Fast64<2>>(L("(_1,_4,_1):(_7,_1,_0)"));
  EXPECT_EQ(h.n, 2);
  EXPECT_EQ(h(3), 3);
  EXPECT_EQ(h(5), 1);  // (0,1,1) past the size: the last leaf's coordinate 1, stride 0
  // rank 0: the one value is 0
  auto e = fast_r<Fast32<1>>(L("():()"));
  EXPECT_EQ(e.n, 0);
  EXPECT_EQ(e.size, 1u);
  EXPECT_EQ(e(0), 0);
  // a copy kernel's thread share (_2,_8):(_32,32768) of a 4096 x 4096 column-major tile
  auto t = fast_r<Fast32<2>>(L("(_2,_8):(_32,32768)"));
  EXPECT_EQ(t(1), 32);
  EXPECT_EQ(t(15), 32 + 7 * 32768);
}

TEST(ImplFastLayoutR, RankRefusals) {
  // three modes kept, R = 2: capacity, for both index types, naming the count and the rank
  Error e32 = refusal<Fast32<2>>(L("(2,3,4):(1,2,6)"));
  EXPECT_EQ(e32.code, Errc::capacity);
  EXPECT_NE(std::string(str(e32)).find("3 modes remain"), std::string::npos) << str(e32);
  EXPECT_NE(std::string(str(e32)).find("rank 2"), std::string::npos) << str(e32);
  EXPECT_EQ(refusal<Fast64<2>>(L("(2,3,4):(1,2,6)")).code, Errc::capacity);
  // the same layout fits at R = 3; size-1 leaves do not count: (2,1,3,1):(1,9,2,9) is rank 3
  // with 3 modes kept (the last leaf is kept), (2,1,3,5):(1,9,2,0) has 3 too.
  expect_matches(fast_r<Fast32<3>>(L("(2,3,4):(1,2,6)")), L("(2,3,4):(1,2,6)"));
  expect_matches(fast_r<Fast32<3>>(L("(2,1,3,1):(1,9,2,9)")), L("(2,1,3,1):(1,9,2,9)"));
  EXPECT_EQ(refusal<Fast32<2>>(L("(2,1,3,1):(1,9,2,9)")).code, Errc::capacity);
  // FastLayout's refusals hold too
  EXPECT_EQ(refusal<Fast32<2>>(L("(_2,_3):(_1@0,_1@1)")).code, Errc::bad_argument);
  EXPECT_EQ(refusal<Fast64<2>>(L("(4294967296,4294967296):(1,0)")).code, Errc::overflow);
  EXPECT_EQ(refusal<Fast64<2>>(Layout::of(leaf(0, 1))).code, Errc::bad_argument);
}

TEST(ImplFastLayoutR, ThirtyTwoBitBoundaries) {
  i64 v = 0;
  Error err;
  // size 2^32 - 1 = 65535 * 65537 fits; every index near both ends exact
  // the identity on [0, 2^32 - 1) has the size but not the values (max 2^32 - 2 > 2^31 - 1)
  EXPECT_EQ(refusal<Fast32<2>>(L("(65535,65537):(1,65535)")).code, Errc::overflow);
  Layout size_fits = L("(65535,65537):(1,0)");  // values < 65535, size 2^32 - 1
  auto f = fast_r<Fast32<2>>(size_fits);
  EXPECT_EQ(f.size, 0xffffffffu);
  for (u64 i : {u64{0}, u64{65534}, u64{65535}, u64{0xfffffffe}, u64{0xfffffff0}})
    EXPECT_EQ(f(static_cast<u32>(i)), evaluate_int(size_fits, static_cast<i64>(i)).value) << i;
  EXPECT_EQ(picked_bits<2>(size_fits, 0xfffffffe, &v, &err), 32);
  EXPECT_EQ(v, evaluate_int(size_fits, 0xfffffffe).value);
  // size 2^32: refused at 32 bits with the size named; with_fast_layout picks 64 bits
  Layout size_over = L("(65536,65536):(1,0)");
  Error e = refusal<Fast32<2>>(size_over);
  EXPECT_EQ(e.code, Errc::overflow);
  EXPECT_NE(std::string(str(e)).find("the size 4294967296"), std::string::npos) << str(e);
  EXPECT_EQ(picked_bits<2>(size_over, 0xffffffff, &v, &err), 64);
  EXPECT_EQ(v, 65535);
  // the largest value 2^31 - 1 = 2^30 + (2^30 - 1) fits; 2^31 does not
  Layout max_fits = L("(2,2):(1073741824,1073741823)");
  EXPECT_EQ(picked_bits<2>(max_fits, 3, &v, &err), 32);
  EXPECT_EQ(v, 2147483647);
  Layout max_over = L("(2,2):(1073741824,1073741824)");
  e = refusal<Fast32<2>>(max_over);
  EXPECT_EQ(e.code, Errc::overflow);
  EXPECT_NE(std::string(str(e)).find("the largest value 2147483648"), std::string::npos) << str(e);
  EXPECT_EQ(picked_bits<2>(max_over, 3, &v, &err), 64);
  EXPECT_EQ(v, 2147483648);
  // the smallest value -2^31 fits (exact through the modular conversion); -2^31 - 1 does not
  Layout min_fits = L("(2,2):(-1073741824,-1073741824)");
  auto m = fast_r<Fast32<2>>(min_fits);
  EXPECT_EQ(m.min_value, INT32_MIN);
  EXPECT_EQ(m(3), INT32_MIN);
  EXPECT_EQ(m(1), -1073741824);
  Layout min_over = L("(2,2):(-1073741824,-1073741825)");
  e = refusal<Fast32<2>>(min_over);
  EXPECT_EQ(e.code, Errc::overflow);
  EXPECT_NE(std::string(str(e)).find("the smallest value -2147483649"), std::string::npos) << str(e);
  EXPECT_EQ(picked_bits<2>(min_over, 3, &v, &err), 64);
  EXPECT_EQ(v, -2147483649);
  // a size-1 last leaf's stride is used past the size only, but must fit in int32 too
  Layout wide_stride = L("(4,1):(1,4294967296)");
  e = refusal<Fast32<2>>(wide_stride);
  EXPECT_EQ(e.code, Errc::overflow);
  EXPECT_NE(std::string(str(e)).find("stride 4294967296"), std::string::npos) << str(e);
  EXPECT_EQ(picked_bits<2>(wide_stride, 5, &v, &err), 64);
  EXPECT_EQ(v, evaluate_int(wide_stride, 5, true).value);
  // values spread over the whole int32 range, odd shapes (the divisors' add path)
  Layout odd = L("(7,1000003,613):(1,7,-3500015)");
  expect_matches(fast_r<Fast32<3>>(L("(7,13,5):(1,7,-91)")), L("(7,13,5):(1,7,-91)"));  // a smaller relative, exhaustively
  auto o = fast_r<Fast32<3>>(odd);
  for (i64 i : {i64{0}, i64{6}, i64{7}, i64{7000020}, i64{7000021}, static_cast<i64>(o.size) - 1, static_cast<i64>(o.size) / 2})
    EXPECT_EQ(o(static_cast<u32>(i)), evaluate_int(odd, i).value) << i;
}

TEST(ImplFastLayoutR, WithFastLayoutRefusesWhatNeitherMakes) {
  i64 v = 0;
  Error err;
  // capacity: f is not called, the error is capacity
  EXPECT_EQ(picked_bits<2>(L("(2,3,4):(1,2,6)"), 0, &v, &err), 0);
  EXPECT_EQ(err.code, Errc::capacity);
  // a basis stride: bad_argument
  EXPECT_EQ(picked_bits<2>(L("(_2,_3):(_1@0,_1@1)"), 0, &v, &err), 0);
  EXPECT_EQ(err.code, Errc::bad_argument);
  // past int64: the 64-bit make's overflow
  EXPECT_EQ(picked_bits<2>(L("(4294967296,4294967296):(1,0)"), 0, &v, &err), 0);
  EXPECT_EQ(err.code, Errc::overflow);
}

TEST(ImplFastLayoutR, RandomLayoutsMatchEvaluate) {
  std::mt19937_64 rng(20260012);
  long checked = 0;
  int refused = 0;
  for (int t = 0; t < 2000; ++t) {
    Layout l = random_layout(rng);
    i64 n = size(l).value.value;
    if (n > 4096) {
      --t;
      continue;
    }
    int kept = FastLayout::make(l).value.n;
    if (kept <= 4) {
      checked += expect_matches(fast_r<Fast32<4>>(l), l);
      checked += expect_matches(fast_r<Fast64<4>>(l), l);
      i64 v = 0;
      Error err;
      EXPECT_EQ(picked_bits<4>(l, n - 1, &v, &err), 32) << str(l);
      EXPECT_EQ(v, evaluate_int(l, n - 1).value) << str(l);
    } else {
      ++refused;
      EXPECT_EQ(refusal<Fast32<4>>(l).code, Errc::capacity) << str(l);
      EXPECT_EQ(refusal<Fast64<4>>(l).code, Errc::capacity) << str(l);
    }
    checked += expect_matches(fast_r<Fast32<12>>(l), l);
  }
  EXPECT_GT(checked, 100000);
  EXPECT_GT(refused, 50);
}

// Sizes >= 2^32: the 64-bit FastLayoutR against evaluate at sampled indices; the 32-bit one
// refuses and with_fast_layout picks 64 bits.
TEST(ImplFastLayoutR, LargeSizesMatchEvaluate) {
  std::mt19937_64 rng(20260013);
  int layouts = 0;
  while (layouts < 200) {
    TupleBuilder<LayoutLeaf> b;
    i64 n = 1;
    int r = 2 + static_cast<int>(rng() % 5);
    for (int j = 0; j < r; ++j) {
      i64 s = 1 + static_cast<i64>(rng() % (u64{1} << (1 + rng() % 20)));
      i64 d = static_cast<i64>(rng() % (u64{1} << 25)) - (i64{1} << 24);
      if (n > (i64{1} << 40)) s = 1 + s % 7;
      n *= s;
      b.push_leaf(leaf(s, d));
    }
    if (n < (i64{1} << 32)) continue;
    ++layouts;
    Layout l = b.done().value;
    EXPECT_EQ(refusal<Fast32<6>>(l).code, Errc::overflow) << str(l);
    auto f = fast_r<Fast64<6>>(l);
    auto check = [&](i64 i) { ASSERT_EQ(f(static_cast<u64>(i)), evaluate_int(l, i).value) << str(l) << " at " << i; };
    for (i64 i = 0; i < 1000; ++i) check(i);
    for (i64 i = n - 1000; i < n; ++i) check(i);
    for (int t = 0; t < 1000; ++t) check(static_cast<i64>(rng() % static_cast<u64>(n)));
    i64 v = 0;
    Error err;
    EXPECT_EQ(picked_bits<6>(l, n - 1, &v, &err), 64) << str(l);
    EXPECT_EQ(v, evaluate_int(l, n - 1).value) << str(l);
  }
}

// CuTe's eval vectors through the 32-bit and 64-bit FastLayoutR, every index.
TEST(ImplFastLayoutR, CuteEvalVectors) {
  std::vector<equiv::Case> vectors;
  std::string error;
  ASSERT_TRUE(equiv::read_vectors(std::string(LAYOUTREF_CONFORMANCE_DIR) + "/index.tsv", vectors, error)) << error;
  int cases = 0, narrow = 0;
  for (equiv::Case const& c : vectors) {
    if (!c.format_error.empty() || c.op != "eval" || c.args.size() != 2) continue;
    ++cases;
    Layout l = L(c.args[0].text);
    i64 v = 0;
    Error err;
    int bits = picked_bits<kMaxLeaves>(l, std::stoll(c.args[1].text), &v, &err);
    ASSERT_NE(bits, 0) << c.text << ": " << str(err);
    narrow += bits == 32;
    EXPECT_EQ(v, std::stoll(c.result.text)) << c.text;
    auto f64 = fast_r<Fast64<kMaxLeaves>>(l);
    for (i64 i = 0; i < size(l).value.value; ++i) ASSERT_EQ(f64(static_cast<u64>(i)), evaluate_int(l, i).value) << c.args[0].text << " at " << i;
    if (bits == 32) {
      auto f32 = fast_r<Fast32<kMaxLeaves>>(l);
      for (i64 i = 0; i < size(l).value.value; ++i)
        ASSERT_EQ(f32(static_cast<u32>(i)), evaluate_int(l, i).value) << c.args[0].text << " at " << i;
    }
  }
  EXPECT_EQ(cases, 180);
  EXPECT_GT(narrow, 0);
}

}  // namespace
}  // namespace layoutref::impl
