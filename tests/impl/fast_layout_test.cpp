// impl FastLayout: the prepared layout evaluates like impl::evaluate (the plain reference) on
// random layouts (fixed seed; zero and negative strides), on sizes >= 2^32, and past the size;
// make() refuses basis strides and sizes or values that do not fit in int64.
#include "support.hpp"

#include <layoutref/equiv/vectors.hpp>
#include <layoutref/impl/fast_layout.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <random>
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

}  // namespace
}  // namespace layoutref::impl
