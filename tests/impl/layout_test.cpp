// impl core: trees, layouts, evaluation, printing with CuTe's static markers.
// Expected values derived by hand.
#include "support.hpp"

#include <layoutref/impl/layout.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <vector>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

TEST(ImplLayout, RoundTripKeepsStaticMarkers) {
  for (std::string t : {"_8:_1", "(_4,8):(_1,_4)", "((_2,(3,_4)),_5):((_1,(2,_6)),_0)", "(_4):(_1)",
                        "((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)", "_2:_1@0@1"})
    EXPECT_EQ(str(L(t)), t);
}

TEST(ImplLayout, QueriesAndFunction) {
  // (3,(2,3)):(3,(12,1)) at (i,(j,k)) is 3i+12j+k; index 16 = (1,(1,2)) -> 3+12+2 = 17.
  Layout l = L("(3,(2,3)):(3,(12,1))");
  EXPECT_EQ(l.rank(), 2);
  EXPECT_EQ(l.depth(), 2);
  EXPECT_EQ(size(l).value.value, 18);
  EXPECT_EQ(evaluate_int(l, 16).value, 17);
  // cosize: 1 + 2*3 + 1*12 + 2*1 = 21
  EXPECT_EQ(cosize(l).value, 21);
  // Negative strides by magnitude, as CuTe's coshape (issue 12 item 14).
  EXPECT_EQ(cosize(L("4:-1")).value, 4);
  EXPECT_EQ(cosize(L("(2,4):(4,-1)")).value, 8);
  EXPECT_EQ(cosize(L("2:-9223372036854775808")).error.code, Errc::overflow);
  // past the domain: 18 overflows into the last leaf: (0,(0,3)) -> 3
  EXPECT_EQ(evaluate_int(l, 18, true).value, 3);
  EXPECT_FALSE(evaluate_int(l, 18).ok());
  // static flags: size of a static shape is static
  EXPECT_TRUE(size(L("(_4,_8):(_1,_4)")).value.is_static);
  EXPECT_FALSE(size(L("(_4,8):(_1,_4)")).value.is_static);
}

TEST(ImplLayout, BasisValues) {
  // ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1) at index 1 + 2 + 4*2 + 16*3 = 59:
  // coordinate ((1,1),2,3) -> (8 + 64, 1 + 48) = (72,49).
  Layout l = L("((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)");
  auto v = evaluate(l, 59);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(str(v.value), "(72,49)");
}

TEST(ImplLayout, ModesAndCapacity) {
  Layout l = L("(_4,(_2,_3)):(_1,(_4,_8))");
  auto m1 = l.mode(1);
  ASSERT_TRUE(m1.ok());
  EXPECT_EQ(str(m1.value), "(_2,_3):(_4,_8)");
  EXPECT_FALSE(l.mode(2).ok());
  // mode_rank(i): the rank of mode i by hand, without the copy; mode(i)'s error past the modes.
  EXPECT_EQ(l.mode_rank(0).value, 1);
  EXPECT_EQ(l.mode_rank(1).value, 2);
  EXPECT_EQ(str(l.mode_rank(2).error), str(l.mode(2).error));
  EXPECT_FALSE(l.mode_rank(-1).ok());
  Layout leaf = L("_8:_1");
  EXPECT_EQ(leaf.mode_rank(0).value, 1);
  EXPECT_FALSE(leaf.mode_rank(1).ok());
  // More leaves than the capacity is an error, not a crash.
  TupleBuilder<LayoutLeaf> b;
  for (int i = 0; i < kMaxLeaves + 1; ++i) b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  auto r = b.done();
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::capacity);
}

TEST(ImplLayout, Representable) {
  // Largest value (2^62 - 1) * 2 = 2^63 - 2 fits; (2^63 - 2) * 2 does not (issue 12 item 6).
  EXPECT_TRUE(check_representable(L("4611686018427387904:2")).ok());
  EXPECT_EQ(check_representable(L("9223372036854775807:2")).code, Errc::overflow);
  // Size 2 * 2^62 = 2^63 does not fit although every value does.
  EXPECT_EQ(check_representable(L("(2,4611686018427387904):(0,1)")).code, Errc::overflow);
  // Positive and negative strides are bounded apart; 2 * -2^62 = -2^63 fits, 2 * -(2^62 + 1) not.
  EXPECT_TRUE(check_representable(L("(2,2):(4611686018427387904,-4611686018427387904)")).ok());
  EXPECT_TRUE(check_representable(L("(3,2):(-4611686018427387904,1)")).ok());
  EXPECT_EQ(check_representable(L("(3,2):(-4611686018427387905,1)")).code, Errc::overflow);
  // Basis components are bounded separately: 2^62 @0 and 2^62 @1 never add.
  EXPECT_TRUE(check_representable(L("(2,2):(4611686018427387904@0,4611686018427387904@1)")).ok());
  EXPECT_EQ(check_representable(L("(2,2):(4611686018427387904@0,4611686018427387904@0)")).code, Errc::overflow);
  // Which error: the size is checked over every leaf first, then the values, named by the first
  // leaf whose contribution passes int64 ((2^62-1)*4 at leaf 0; then size 2^62 * 4 = 2^64).
  EXPECT_EQ(str(check_representable(L("(4611686018427387904,4):(4,1)"))),
            "64-bit overflow: the result's size does not fit in int64");
  EXPECT_EQ(str(check_representable(L("(2,3,2):(1,4611686018427387904,4611686018427387904)"))),
            "64-bit overflow: the result's values do not fit in int64 (at its leaf 1 of size 3 and stride coefficient "
            "4611686018427387904)");
  EXPECT_EQ(str(check_representable(L("(2,2,3):(1,4611686018427387904,4611686018427387904)"))),
            "64-bit overflow: the result's values do not fit in int64 (at its leaf 2 of size 3 and stride coefficient "
            "4611686018427387904)");
  // With a basis stride the sums are Values: 2 * 2^62 at leaf 0 passes int64 there too.
  EXPECT_EQ(str(check_representable(L("(3,2):(4611686018427387904,1@0)"))),
            "64-bit overflow: the result's values do not fit in int64 (at its leaf 0 of size 3 and stride coefficient "
            "4611686018427387904)");
}

TEST(ImplLayout, CheckedArithmetic) {
  EXPECT_FALSE(checked_mul(i64{1} << 62, 4).ok());
  EXPECT_FALSE(checked_add(kI64Max, 1).ok());
  EXPECT_TRUE(checked_mul(-(i64{1} << 31), i64{1} << 31).ok());
  EXPECT_FALSE(checked_mul(kI64Min, -1).ok());
  // The device's portable overflow test agrees with the host's builtin on the int64 edges and on
  // the products around them (a*b exactly kI64Max / kI64Min, and one past).
  std::vector<i64> edges = {0, 1, -1, 2, -2, 3, -3, 3037000499, 3037000500, -3037000499, -3037000500,
                            i64{1} << 31, -(i64{1} << 31), i64{1} << 32, -(i64{1} << 32), i64{1} << 62,
                            -(i64{1} << 62), kI64Max, kI64Min, kI64Max / 2, kI64Min / 2, kI64Max / 3,
                            kI64Min / 3, 7, -7, 1000003, -1000003, 4611686018427387903, -4611686018427387904};
  int overflows = 0;
  for (i64 a : edges)
    for (i64 b : edges) {
      EXPECT_EQ(detail::mul_overflows_portable(a, b), mul_overflows(a, b)) << a << " * " << b;
      overflows += mul_overflows(a, b) ? 1 : 0;
    }
  std::uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int k = 0; k < 200000; ++k) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    i64 a = static_cast<i64>(x) >> (x % 64), b = static_cast<i64>(x * 0x2545f4914f6cdd1dull) >> ((x >> 6) % 64);
    ASSERT_EQ(detail::mul_overflows_portable(a, b), mul_overflows(a, b)) << a << " * " << b;
  }
  EXPECT_GT(overflows, 100);  // both sides of the edge are met
  static_assert(mul_overflows(kI64Max, 2) && !mul_overflows(kI64Min, 1) && mul_overflows(kI64Min, -1));
}

// ---- the compact leaf (issue 14): two i64, a flag byte, the basis path --------------------------

// 8 + 8 (the values) + 1 (bit 0: the shape is static, bit 1: the stride is static) + 5 (the basis
// path: a depth byte and kMaxBasisDepth = 4 modes), padded to 24.
static_assert(sizeof(LayoutLeaf) == 24);
static_assert(alignof(LayoutLeaf) == 8);
static_assert(std::is_trivially_default_constructible_v<LayoutLeaf>);
static_assert(std::is_trivially_copyable_v<LayoutLeaf>);

constexpr bool empty_leaf_is_runtime_zero() {
  LayoutLeaf x{};
  return x.shape_value() == 0 && x.stride_value() == 0 && !x.shape_static() && !x.stride_static() &&
         x.stride_is_integer() && x.path() == BasisPath{} && x.path().depth == 0 && x.shape() == Int::dynamic(0) &&
         x.stride() == Stride::integer(Int::dynamic(0)) && x.flags() == 0 && x.meta == 0;
}
static_assert(empty_leaf_is_runtime_zero());

TEST(ImplLayout, CompactLeafFlagsReadBack) {
  LayoutLeaf zero{};
  EXPECT_EQ(zero.shape(), Int::dynamic(0));
  EXPECT_EQ(zero.stride(), Stride::integer(Int::dynamic(0)));
  EXPECT_TRUE(zero.path() == BasisPath{});
  // The four mixes of static and run-time flags, each with a basis stride 3@1@0 and an integer
  // stride, built by the constructor, set_leaf and the setters: every way reads back the same.
  BasisPath p{};
  p.depth = 2;
  p.mode[0] = 1;
  p.mode[1] = 0;
  for (int mix = 0; mix < 4; ++mix) {
    bool ss = (mix & 1) != 0, ds = (mix & 2) != 0;
    for (BasisPath const& path : {BasisPath{}, p}) {
      Int s{7, ss};
      Stride d{-3, ds, path};
      LayoutLeaf a(s, d);
      LayoutLeaf b;
      set_leaf(b, 7, ss, -3, ds, path);
      LayoutLeaf c{};
      c.set_stride(d);
      c.set_shape(s);
      LayoutLeaf e{};
      e.set_shape(s);
      e.set_stride(d);
      for (LayoutLeaf const& x : {a, b, c, e}) {
        EXPECT_EQ(x.shape_value(), 7);
        EXPECT_EQ(x.stride_value(), -3);
        EXPECT_EQ(x.shape_static(), ss) << mix;
        EXPECT_EQ(x.stride_static(), ds) << mix;
        EXPECT_EQ(x.flags(), (ss ? 1 : 0) | (ds ? 2 : 0)) << mix;  // bit 0 the shape's, bit 1 the stride's
        EXPECT_EQ(x.shape(), s);
        EXPECT_EQ(x.stride(), d);
        EXPECT_EQ(x.stride_coefficient(), (Int{-3, ds}));
        EXPECT_TRUE(x.path() == path);
        EXPECT_EQ(x.stride_is_integer(), path.depth == 0);
        EXPECT_TRUE(x == a);
      }
      // Setting one side keeps the other side's flag.
      LayoutLeaf f = a;
      f.set_shape(Int{5, !ss});
      EXPECT_EQ(f.shape_static(), !ss);
      EXPECT_EQ(f.stride_static(), ds);
      EXPECT_EQ(f.stride(), d);
      f.set_stride(Stride{4, !ds, BasisPath{}});
      EXPECT_EQ(f.shape(), (Int{5, !ss}));
      EXPECT_EQ(f.stride(), (Stride{4, !ds, BasisPath{}}));
      EXPECT_FALSE(f == a);
    }
  }
  // A path's modes past its depth do not count: 1@0 with junk past depth 1 is the leaf of 1@0.
  BasisPath junk{};
  junk.depth = 1;
  junk.mode[0] = 0;
  junk.mode[1] = 7;
  junk.mode[3] = -1;
  BasisPath clean{};
  clean.depth = 1;
  LayoutLeaf j(Int::fixed(2), Stride{1, true, junk}), k(Int::fixed(2), Stride{1, true, clean});
  EXPECT_TRUE(j == k);
  EXPECT_TRUE(j.same_path(k));
  EXPECT_TRUE(j.path() == clean);
  EXPECT_EQ(j.path().mode[1], 0);
  // A path of the full depth keeps all its modes, negative ones included.
  BasisPath full{};
  full.depth = kMaxBasisDepth;
  for (int i = 0; i < kMaxBasisDepth; ++i) full.mode[i] = static_cast<std::int8_t>(i == 2 ? -5 : 3 * i + 1);
  LayoutLeaf deep(Int::dynamic(3), Stride{-2, false, full});
  EXPECT_TRUE(deep.path() == full);
  EXPECT_EQ(deep.path().mode[2], -5);
  EXPECT_FALSE(deep.stride_is_integer());
  EXPECT_FALSE(deep.same_path(j));
  // A layout keeps each leaf's flags: (_2,3):(4,_1).
  Layout l = L("(_2,3):(4,_1)");
  EXPECT_TRUE(l.leaf[0].shape_static() && !l.leaf[0].stride_static());
  EXPECT_TRUE(!l.leaf[1].shape_static() && l.leaf[1].stride_static());
  EXPECT_EQ(str(l), "(_2,3):(4,_1)");
}

// ---- capacity as a template parameter: LayoutN<N> ----------------------------------------------

// A LayoutN<N> holds 2*N + 8 one-byte nodes, N leaves and two one-byte counts, padded to the
// leaves' alignment: at N = 4, 16 + 4 * sizeof(LayoutLeaf) + 2 bytes, padded (120 bytes with
// today's 24-byte LayoutLeaf, against 848 for Layout).
static_assert(sizeof(LayoutN<4>) <= 16 + 4 * sizeof(LayoutLeaf) + alignof(LayoutLeaf));
static_assert(sizeof(LayoutN<4>) == 120);
static_assert(sizeof(LayoutN<4>) * 7 < sizeof(Layout));
static_assert(LayoutN<4>::kLeaves == 4 && LayoutN<4>::kNodes == 16);
static_assert(Layout::kLeaves == kMaxLeaves && Layout::kNodes == kMaxNodes);

// constexpr at N = 4: (_2,_3):(_1,_2) has size 6 and maps 5 = (1,2) to 1 + 4 = 5.
constexpr bool small_layout_at_compile_time() {
  TupleBuilder<LayoutLeaf, 4> b;
  b.push(make_leaf<4>(Int::fixed(2), Stride::integer(Int::fixed(1))));
  b.push(make_leaf<4>(Int::fixed(3), Stride::integer(Int::fixed(2))));
  auto l = b.done();
  return l.ok() && size(l.value).value.value == 6 && evaluate_int(l.value, 5).value == 5 && cosize(l.value).value == 6;
}
static_assert(small_layout_at_compile_time());

TEST(ImplLayoutCapacity, HandValuesAtSmallCapacity) {
  // As QueriesAndFunction: (3,(2,3)):(3,(12,1)) at (i,(j,k)) is 3i+12j+k; cosize 1+2*3+1*12+2*1.
  auto l4 = LN<4>("(3,(2,3)):(3,(12,1))");
  EXPECT_EQ(l4.rank(), 2);
  EXPECT_EQ(l4.depth(), 2);
  EXPECT_EQ(size(l4).value.value, 18);
  EXPECT_EQ(evaluate_int(l4, 16).value, 17);
  EXPECT_EQ(cosize(l4).value, 21);
  EXPECT_FALSE(evaluate_int(l4, 18).ok());
  auto l8 = LN<8>("(_2,_2,_2,_2,_2):(_1,_2,_4,_8,_16)");
  EXPECT_EQ(size(l8).value.value, 32);
  EXPECT_TRUE(size(l8).value.is_static);
  EXPECT_EQ(evaluate_int(l8, 21).value, 21);
  EXPECT_EQ(cosize(l8).value, 32);
  // shape and stride keep N; make_layout puts them back together.
  IntTupleN<4> s = shape(l4);
  StrideTupleN<4> d = stride(l4);
  auto back = make_layout(s, d);
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(back.value == l4);
  EXPECT_EQ(size(s).value.value, 18);
}

TEST(ImplLayoutCapacity, WithCapacityRefusesWhatDoesNotFit) {
  Layout five = L("(_2,_2,_2,_2,_2):(_1,_2,_4,_8,_16)");
  auto r = with_capacity<4>(five);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::capacity);
  EXPECT_NE(str(r.error).find("a tree of 5 leaves and 6 nodes does not fit 4 leaves and 16 nodes"), std::string::npos)
      << str(r.error);
  // Four leaves fit, and the round trip gives the same tree.
  Layout four = L("((_2,(3,_4)),_5):((_1,(2,_6)),_0)");
  auto down = with_capacity<4>(four);
  ASSERT_TRUE(down.ok());
  auto up = with_capacity<kMaxLeaves>(down.value);
  ASSERT_TRUE(up.ok());
  EXPECT_TRUE(up.value == four);
  // A builder of capacity 4 refuses a fifth leaf, naming its capacity.
  TupleBuilder<LayoutLeaf, 4> b;
  for (int i = 0; i < 5; ++i) b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  auto full = b.done();
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.error.code, Errc::capacity);
  EXPECT_NE(str(full.error).find("more than 4 leaves or 16 nodes"), std::string::npos) << str(full.error);
}

// Layouts of 1 to 9 leaves, integral, tuple, nested, static and run-time, zero and basis strides.
std::vector<std::string> const kCapacityCases = {
    "_8:_1",                                                    // 1 leaf
    "(_4,8):(_1,_4)",                                           // 2
    "((_2,(3,_4)),_5):((_1,(2,_6)),_0)",                        // 4
    "(_4):(_1)",                                                // 1
    "(3,(2,3)):(3,(12,1))",                                     // 3
    "(_2,(_1,_6)):(_1,(_6,_2))",                                // 3
    "(_2,_4,_8):(_32,_1,_4)",                                   // 3
    "((_2,(_2,_2)),_2):((_1,(_2,_1)),_8)",                      // 4
    "(_2,_3):(_0,_0)",                                          // 2
    "(_1,(_1,_1)):(_3,(_5,_7))",                                // 3
    "(2,1):(3,1)",                                              // 2
    "(_2,(_1,_6)):(_0,(_7,_2))",                                // 3
    "((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)",                // 4, basis strides
    "(_2,_2,_2,_2,_2):(_1,_2,_4,_8,_16)",                       // 5
    "((_2,_3),(_2,_3),(_2,_2)):((_1,_2),(_6,_12),(_36,_72))",   // 6
    "(_2,_2,_2,_2,_2,_2,_2,_2):(_1,_0,_4,_0,_16,_32,_0,_128)",  // 8
    "(_2,(_2,(_2,(_2,(_2,(_2,(_2,(_2,_2)))))))):(_1,(_2,(_4,(_8,(_16,(_32,(_64,(_128,_256))))))))",  // 9
};

/// Compares size, cosize and evaluate (in and past the domain) at capacity N with the default
/// capacity on every case that fits N; returns how many fit.
template <int N>
int agree_with_default_capacity() {
  int fit = 0;
  for (std::string const& t : kCapacityCases) {
    Layout l = L(t);
    auto small = with_capacity<N>(l);
    if (!small.ok()) continue;
    ++fit;
    LayoutN<N> const& s = small.value;
    EXPECT_EQ(s.rank(), l.rank()) << t;
    EXPECT_EQ(s.depth(), l.depth()) << t;
    auto n = size(l);
    auto ns = size(s);
    EXPECT_TRUE(n.ok() && ns.ok()) << t;
    if (!n.ok() || !ns.ok()) continue;
    EXPECT_TRUE(ns.value == n.value) << t;
    auto c = cosize(l);
    auto cs = cosize(s);
    EXPECT_EQ(cs.ok(), c.ok()) << t;
    if (c.ok() && cs.ok()) {
      EXPECT_EQ(cs.value, c.value) << t;
    }
    EXPECT_EQ(has_integer_strides(s), has_integer_strides(l)) << t;
    for (i64 i = 0; i < n.value.value + 3; ++i)
      for (bool extended : {false, true}) {
        auto v = evaluate(l, i, extended);
        auto vs = evaluate(s, i, extended);
        EXPECT_EQ(vs.ok(), v.ok()) << t << " at " << i;
        if (v.ok() && vs.ok()) {
          EXPECT_EQ(str(vs.value), str(v.value)) << t << " at " << i;
        }
      }
  }
  return fit;
}

TEST(ImplLayoutCapacity, AgreesWithDefaultCapacity) {
  EXPECT_EQ(agree_with_default_capacity<4>(), 13);  // the cases of at most 4 leaves
  EXPECT_EQ(agree_with_default_capacity<8>(), 16);  // all but the 9-leaf case
}

// evaluate_int's integer path gives evaluate's value or error (code and text) on random integer
// layouts of 1-4 leaves, indices inside, at and past the domain (extended or not), negative
// indices, and strides near the int64 edges (overflow).
// evaluate and evaluate_int sum integer strides in plain integers; both must give the value or
// the error (its text too) of the term sum detail_layout::evaluate_terms, the definition.
TEST(ImplLayout, EvaluateAgreesWithTheTermSum) {
  Rng rng{20261125};
  i64 const strides[] = {0, 1, -1, 3, -7, 64, 1000003, i64{1} << 40, -(i64{1} << 40), kI64Max / 2, kI64Min / 3, kI64Max, kI64Min};
  int values = 0, errors = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    TupleBuilder<LayoutLeaf, 4> b;
    int n = 1 + rng.below(4);
    for (int k = 0; k < n; ++k)
      b.push_leaf(LayoutLeaf{Int::dynamic(rng.below(6)), Stride::integer(Int::dynamic(strides[rng.below(13)]))});
    auto l = b.done();
    ASSERT_TRUE(l.ok());
    i64 i = static_cast<i64>(rng.below(200)) - 5;
    bool extended = rng.below(2) == 1;
    auto want = detail_layout::evaluate_terms(l.value, i, extended);
    auto as_int = evaluate_int(l.value, i, extended);
    auto as_value = evaluate(l.value, i, extended);
    ASSERT_EQ(as_int.ok(), want.ok()) << str(with_capacity<kMaxLeaves>(l.value).value) << " at " << i;
    ASSERT_EQ(as_value.ok(), want.ok()) << str(with_capacity<kMaxLeaves>(l.value).value) << " at " << i;
    if (want.ok()) {
      ASSERT_TRUE(want.value.is_integer());
      EXPECT_EQ(as_int.value, want.value.scalar);
      EXPECT_EQ(as_value.value, want.value);
      ++values;
    } else {
      EXPECT_EQ(as_int.error.code, want.error.code);
      EXPECT_EQ(str(as_int.error), str(want.error));
      EXPECT_EQ(str(as_value.error), str(want.error));
      ++errors;
    }
  }
  EXPECT_GT(values, 1000);
  EXPECT_GT(errors, 1000);
}

// With a basis stride, evaluate is the term sum itself, and evaluate_int refuses a value with
// basis terms.
TEST(ImplLayout, EvaluateWithBasisStridesIsTheTermSum) {
  auto l = L("(4,8):(_1@0,_1@1)");
  auto v = evaluate(l, 9);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v.value, detail_layout::evaluate_terms(l, 9, false).value);
  ASSERT_EQ(v.value.n, 2);
  EXPECT_EQ(v.value.terms[0].coeff, 1);  // 9 = (1, 2): 1@0 + 2@1
  EXPECT_EQ(v.value.terms[1].coeff, 2);
  auto i = evaluate_int(l, 9);
  ASSERT_FALSE(i.ok());
  EXPECT_EQ(i.error.code, Errc::bad_argument);
}

}  // namespace
}  // namespace layoutref::impl
