// impl complement: CuTe's forms with their static markers, and the spec's conditions.
// Expected values from CuTe's documentation (02_layout_algebra.md, "Complement"), the seed
// documents, docs/semantics.md, and derived by hand with CuTe's algorithm (filter, sort by
// stride, fill the gaps d(i)/(N(i-1)*d(i-1)), the rest ceil_div(M, N*d) compact, coalesce).
#include "support.hpp"

#include <layoutref/impl/complement.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

// The cotargets of CuTe's calls are static Int<M>.
std::string C(std::string const& a, i64 m) { return S(complement(L(a), Int::fixed(m))); }
std::string C(std::string const& a) { return S(complement(L(a))); }

// constexpr: complement(4:2, 24) = (2,3):(1,8).
constexpr bool complements_at_compile_time() {
  auto r = complement(make_leaf(Int::fixed(4), Stride::integer(Int::fixed(2))), Int::fixed(24));
  return r.ok() && r.value.rank() == 2 && r.value.leaf[0].shape() == Int::fixed(2) &&
         r.value.leaf[0].stride() == Stride::integer(Int::fixed(1)) && r.value.leaf[1].shape() == Int::fixed(3) &&
         r.value.leaf[1].stride() == Stride::integer(Int::fixed(8));
}
static_assert(complements_at_compile_time());

TEST(ImplComplement, CuteDocumentation) {
  // 02_layout_algebra.md, all static.
  EXPECT_EQ(C("_4:_1", 24), "_6:_4");
  EXPECT_EQ(C("_6:_4", 24), "_4:_1");
  EXPECT_EQ(C("(_4,_6):(_1,_4)", 24), "_1:_0");
  EXPECT_EQ(C("_4:_2", 24), "(_2,_3):(_1,_8)");
  EXPECT_EQ(C("(_2,_4):(_1,_6)", 24), "_3:_2");
  EXPECT_EQ(C("(_2,_2):(_1,_6)", 24), "(_3,_2):(_2,_12)");
}

TEST(ImplComplement, Seeds) {
  // Seed 004: complement((2,4):(1,2), 16) = 2:8 (static inputs: _2:_8).
  EXPECT_EQ(C("(_2,_4):(_1,_2)", 16), "_2:_8");
  // Seed 002: complement(2:3, 32): the gap 3:1, then the repetitions 6:6 (32 rounded up to 36).
  EXPECT_EQ(C("_2:_3", 32), "(_3,_6):(_1,_6)");
}

TEST(ImplComplement, CotargetRoundedUp) {
  // docs/semantics.md: complement((8,4):(1,8), 100) = 4:32, bijective onto [0,128).
  EXPECT_EQ(C("(_8,_4):(_1,_8)", 100), "_4:_32");
  EXPECT_EQ(C("_10:_1", 80), "_8:_10");
  EXPECT_EQ(C("_4:_1", 8), "_2:_4");
}

TEST(ImplComplement, FilteredModes) {
  // Stride-0 and size-1 modes are filtered out first.
  EXPECT_EQ(C("(_6,(_1,_2)):(_5,(_0,_60))", 48), "(_5,_2):(_1,_30)");
  EXPECT_EQ(C("(_15,_15):(_15,_0)", 422), "(_15,_2):(_1,_225)");
  // Nothing left: the complement is the compact layout of the cotarget.
  EXPECT_EQ(C("_9:_0", 1), "_1:_0");
  EXPECT_EQ(C("_9:_0", 8), "_8:_1");
}

TEST(ImplComplement, DefaultCotarget) {
  // complement(A) = complement(A, cosize(filter(A))).
  EXPECT_EQ(C("(_5):(_1)"), "_1:_0");
  // filter: (_4,_4):(_16,_2), cosize 55; gaps 2:1, 2:8; rest ceil(55/64) = 1.
  EXPECT_EQ(C("(_2,_4,_2,_4):(_0,_16,_0,_2)"), "(_2,_2):(_1,_8)");
  EXPECT_EQ(C("_4:_0"), "_1:_0");
}

TEST(ImplComplement, TupleCotarget) {
  // (4,6) divided by 4 as CuTe's ceil_div does: (1,6), laid out from 4: the same as 24.
  TupleBuilder<Int> m;
  m.push_leaf(Int::fixed(4));
  m.push_leaf(Int::fixed(6));
  auto cot = m.done();
  ASSERT_TRUE(cot.ok());
  EXPECT_EQ(S(complement(L("_4:_1"), cot.value)), "_6:_4");
  // (4,8) divided by 2: (2,8) laid out from 2, (2,8):(2,4), coalesced: 16:2 (as for 32).
  TupleBuilder<Int> m2;
  m2.push_leaf(Int::fixed(4));
  m2.push_leaf(Int::fixed(8));
  EXPECT_EQ(S(complement(L("_2:_1"), m2.done().value)), "_16:_2");
  // Nothing to complement: CuTe's make_layout(coalesce(cotarget)) multiplies adjacent entries
  // of the same staticness only, so (_2,_2,8) gives (_4,8):(_1,_4).
  TupleBuilder<Int> m3;
  m3.push_leaf(Int::fixed(2));
  m3.push_leaf(Int::fixed(2));
  m3.push_leaf(Int::dynamic(8));
  EXPECT_EQ(S(complement(L("_4:_0"), m3.done().value)), "(_4,8):(_1,_4)");
}

TEST(ImplComplement, StaticFlags) {
  // run-time strides give run-time results; _1 and _0 introduced by the algorithm are static
  EXPECT_EQ(C("4:2", 24), "(2,3):(_1,8)");
  EXPECT_EQ(S(complement(L("_4:_2"), Int::dynamic(24))), "(_2,3):(_1,_8)");
}

TEST(ImplComplement, Inadmissible) {
  // quirks.tsv: CuTe gives 7:12, which leaves 4 uncovered; sorted 4:1, 2:6 and 4 does not divide 6.
  auto q = complement(L("(_4,_2):(_1,_6)"), Int::fixed(80));
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error.code, Errc::inadmissible);
  EXPECT_EQ(q.error.condition, Cond::complement_stride_divisibility);
  // complement.tsv line 292: 4*6 = 24 does not divide 128.
  auto h = complement(L("(_4,_4):(_6,_128)"));
  ASSERT_FALSE(h.ok());
  EXPECT_EQ(h.error.condition, Cond::complement_stride_divisibility);
  // Non-injective: equal strides.
  EXPECT_EQ(complement(L("(_2,_2):(_1,_1)"), Int::fixed(8)).error.condition, Cond::complement_stride_divisibility);
  EXPECT_EQ(complement(L("_4:_-1"), Int::fixed(8)).error.condition, Cond::complement_negative_stride);
  EXPECT_EQ(complement(L("(_4,_2):(_1@0,_4@1)"), Int::fixed(8)).error.condition, Cond::complement_integer_strides);
}

TEST(ImplComplement, ErrorsAreValues) {
  auto zero = complement(L("_4:_1"), Int::fixed(0));
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.error.code, Errc::bad_argument);
  // N*d past 64 bits is an overflow error.
  auto of = complement(L("_4:_4611686018427387904"), Int::fixed(8));
  ASSERT_FALSE(of.ok());
  EXPECT_EQ(of.error.code, Errc::overflow);
  // 32 modes 2:4^k: N*d of the last one, 2^63, does not fit.
  TupleBuilder<LayoutLeaf> a;
  i64 d = 1;
  for (int k = 0; k < 32; ++k) {
    a.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(d))});
    if (k < 31) d *= 4;
  }
  auto al = a.done();
  ASSERT_TRUE(al.ok());
  auto big = complement(al.value, Int::fixed(8));
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error.code, Errc::overflow);
}

// ---- at capacity N (LayoutN<N>): the same results as at the default capacity --------------------

// constexpr at N = 4: complement(4:2, 24) = (2,3):(1,8), a result of capacity 4.
constexpr bool complements_small_at_compile_time() {
  auto r = complement(make_leaf<4>(Int::fixed(4), Stride::integer(Int::fixed(2))), Int::fixed(24));
  static_assert(sizeof(r.value) == sizeof(LayoutN<4>));
  auto d = complement(make_leaf<4>(Int::fixed(4), Stride::integer(Int::fixed(2))));  // cotarget cosize 7
  return r.ok() && r.value.rank() == 2 && r.value.leaf[0].shape() == Int::fixed(2) &&
         r.value.leaf[0].stride() == Stride::integer(Int::fixed(1)) && r.value.leaf[1].shape() == Int::fixed(3) &&
         r.value.leaf[1].stride() == Stride::integer(Int::fixed(8)) && d.ok() && d.value.is_leaf() &&
         d.value.leaf[0].shape() == Int::fixed(2) && d.value.leaf[0].stride() == Stride::integer(Int::fixed(1));
}
static_assert(complements_small_at_compile_time());

template <int N>
std::string CN(std::string const& a, i64 m) {
  return SN(complement(LN<N>(a), Int::fixed(m)));
}
template <int N>
std::string CN(std::string const& a) {
  return SN(complement(LN<N>(a)));
}

TEST(ImplComplementCapacity, HandValuesAtSmallCapacity) {
  // The values of CuteDocumentation, Seeds, CotargetRoundedUp, FilteredModes, DefaultCotarget
  // and StaticFlags above, at N = 4 and N = 8.
  EXPECT_EQ(CN<4>("_4:_1", 24), "_6:_4");
  EXPECT_EQ(CN<4>("(_4,_6):(_1,_4)", 24), "_1:_0");
  EXPECT_EQ(CN<4>("_4:_2", 24), "(_2,_3):(_1,_8)");
  EXPECT_EQ(CN<4>("(_2,_2):(_1,_6)", 24), "(_3,_2):(_2,_12)");
  EXPECT_EQ(CN<4>("_2:_3", 32), "(_3,_6):(_1,_6)");
  EXPECT_EQ(CN<4>("(_8,_4):(_1,_8)", 100), "_4:_32");
  EXPECT_EQ(CN<4>("(_6,(_1,_2)):(_5,(_0,_60))", 48), "(_5,_2):(_1,_30)");
  EXPECT_EQ(CN<4>("_9:_0", 8), "_8:_1");
  EXPECT_EQ(CN<4>("(_2,_4,_2,_4):(_0,_16,_0,_2)"), "(_2,_2):(_1,_8)");
  EXPECT_EQ(CN<4>("4:2", 24), "(2,3):(_1,8)");
  EXPECT_EQ(CN<8>("(_2,_4):(_1,_6)", 24), "_3:_2");
  EXPECT_EQ(CN<8>("(_2,_4):(_1,_2)", 16), "_2:_8");
  EXPECT_EQ(CN<8>("(_15,_15):(_15,_0)", 422), "(_15,_2):(_1,_225)");
  EXPECT_EQ(CN<8>("_4:_0"), "_1:_0");
  EXPECT_EQ(SN(complement(LN<8>("_4:_2"), Int::dynamic(24))), "(_2,3):(_1,_8)");
  // TupleCotarget: a cotarget of its own capacity (2, 3), at layouts of capacity 4 and 8.
  EXPECT_EQ(SN(complement(LN<4>("_4:_1"), with_capacity<2>(P("(_4,_6)")).value)), "_6:_4");
  EXPECT_EQ(SN(complement(LN<8>("_2:_1"), with_capacity<2>(P("(_4,_8)")).value)), "_16:_2");
  EXPECT_EQ(SN(complement(LN<4>("_4:_0"), with_capacity<3>(P("(_2,_2,8)")).value)), "(_4,8):(_1,_4)");
  // Refusals stay values, with the spec's conditions.
  auto q = complement(LN<4>("(_4,_2):(_1,_6)"), Int::fixed(80));
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error.code, Errc::inadmissible);
  EXPECT_EQ(q.error.condition, Cond::complement_stride_divisibility);
  EXPECT_EQ(complement(LN<4>("(_4,_4):(_6,_128)")).error.condition, Cond::complement_stride_divisibility);
  EXPECT_EQ(complement(LN<8>("_4:_-1"), Int::fixed(8)).error.condition, Cond::complement_negative_stride);
  EXPECT_EQ(complement(LN<8>("(_4,_2):(_1@0,_4@1)"), Int::fixed(8)).error.condition, Cond::complement_integer_strides);
  EXPECT_EQ(complement(LN<4>("_4:_1"), Int::fixed(0)).error.code, Errc::bad_argument);
  EXPECT_EQ(complement(LN<4>("_4:_4611686018427387904"), Int::fixed(8)).error.code, Errc::overflow);
}

TEST(ImplComplementCapacity, RefusesAResultThatDoesNotFit) {
  // (2,2,2,2):(2,8,32,128) up to 1024: the gaps 2:1, 2:4, 2:16, 2:64 and the rest
  // ceil(1024/256) = 4 at 256, none of which merge: five modes, one more than N = 4 holds.
  auto four = complement(LN<4>("(_2,_2,_2,_2):(_2,_8,_32,_128)"), Int::fixed(1024));
  ASSERT_FALSE(four.ok());
  EXPECT_EQ(four.error.code, Errc::capacity);
  EXPECT_EQ(CN<8>("(_2,_2,_2,_2):(_2,_8,_32,_128)", 1024), "(_2,_2,_2,_2,_4):(_1,_4,_16,_64,_256)");
  // Up to the default cotarget 1 + 2 + 8 + 32 + 128 = 171 the rest is 1: four gaps, which fit.
  EXPECT_EQ(CN<4>("(_2,_2,_2,_2):(_2,_8,_32,_128)"), "(_2,_2,_2,_2):(_1,_4,_16,_64)");
  // Nothing to complement: the cotarget's compact layout, (_2,3,_5,7,_11) (no two adjacent
  // entries of the same staticness), has five modes.
  IntTuple cot = P("(_2,3,_5,7,_11)");
  auto compact = complement(LN<4>("_4:_0"), cot);
  ASSERT_FALSE(compact.ok());
  EXPECT_EQ(compact.error.code, Errc::capacity);
  EXPECT_EQ(SN(complement(LN<8>("_4:_0"), cot)), "(_2,3,_5,7,_11):(_1,_2,6,30,210)");
  // Eight modes 2:2*4^k: eight gaps and the rest 2 up to 2^17 make nine modes at N = 8.
  char const* eight = "(_2,_2,_2,_2,_2,_2,_2,_2):(_2,_8,_32,_128,_512,_2048,_8192,_32768)";
  auto nine = complement(LN<8>(eight), Int::fixed(131072));
  ASSERT_FALSE(nine.ok());
  EXPECT_EQ(nine.error.code, Errc::capacity);
  EXPECT_EQ(S(complement(L(eight), Int::fixed(131072))),
            "(_2,_2,_2,_2,_2,_2,_2,_2,_2):(_1,_4,_16,_64,_256,_1024,_4096,_16384,_65536)");
}

// Layouts and cotargets (nullptr: complement(A)), refusals included.
struct ComplementCase {
  char const* layout;
  char const* cotarget;
};
std::vector<ComplementCase> const kComplementCases = {
    {"_4:_1", "_24"},
    {"_6:_4", "_24"},
    {"(_4,_6):(_1,_4)", "_24"},
    {"_4:_2", "_24"},
    {"(_2,_4):(_1,_6)", "_24"},
    {"(_2,_2):(_1,_6)", "_24"},
    {"(_2,_4):(_1,_2)", "_16"},
    {"_2:_3", "_32"},
    {"(_8,_4):(_1,_8)", "_100"},
    {"_10:_1", "_80"},
    {"(_6,(_1,_2)):(_5,(_0,_60))", "_48"},
    {"(_15,_15):(_15,_0)", "_422"},
    {"_9:_0", "_1"},
    {"_9:_0", "_8"},
    {"(_5):(_1)", nullptr},
    {"(_2,_4,_2,_4):(_0,_16,_0,_2)", nullptr},
    {"_4:_0", nullptr},
    {"_4:_1", "(_4,_6)"},
    {"_2:_1", "(_4,_8)"},
    {"_4:_0", "(_2,_2,8)"},
    {"_4:_0", "(_2,3,_5,7,_11)"},
    {"4:2", "_24"},
    {"_4:_2", "24"},
    {"((_2,(3,_4)),_5):((_1,(_16,_2)),_0)", "_200"},
    {"(_2,_2,_2,_2):(_2,_8,_32,_128)", "_1024"},
    {"(_2,_2,_2,_2):(_2,_8,_32,_128)", nullptr},
    {"(_2,_2,_2,_2,_2,_2,_2,_2):(_2,_8,_32,_128,_512,_2048,_8192,_32768)", "_131072"},
    {"(_2,_2,_2,_2,_2,_2,_2,_2):(_2,_8,_32,_128,_512,_2048,_8192,_32768)", nullptr},
    // refusals
    {"(_4,_2):(_1,_6)", "_80"},
    {"(_4,_4):(_6,_128)", nullptr},
    {"(_2,_2):(_1,_1)", "_8"},
    {"_4:_-1", "_8"},
    {"(_4,_2):(_1@0,_4@1)", "_8"},
    {"_3:_1", "(_2,_4)"},
    {"_4:_4611686018427387904", "_8"},
    {"_4:_4611686018427387904", nullptr},
};

/// The result at capacity N agrees with the one at the default capacity: the same layout when it
/// fits N, else a capacity error; the same refusal (code, condition, text) when there is one.
template <int N>
void expect_agrees(Result<LayoutN<N>> const& small, Result<Layout> const& big, std::string const& what, int& capacity) {
  if (!big.ok()) {
    ASSERT_FALSE(small.ok()) << what;
    EXPECT_EQ(small.error.code, big.error.code) << what;
    EXPECT_EQ(small.error.condition, big.error.condition) << what;
    EXPECT_EQ(str(small.error), str(big.error)) << what;
    return;
  }
  if (with_capacity<N>(big.value).ok()) {
    EXPECT_EQ(SN(small), S(big)) << what;
    return;
  }
  ++capacity;
  ASSERT_FALSE(small.ok()) << what << ": " << S(big) << " does not fit " << N;
  EXPECT_EQ(small.error.code, Errc::capacity) << what;
}

/// complement at capacity N against the default capacity on every case whose layout fits N (the
/// cotarget as given, at its own capacity, and as an Int when it is one); the cases that fit and
/// the results refused for capacity.
template <int N>
std::pair<int, int> complement_agrees_with_default_capacity() {
  int fit = 0, capacity = 0;
  for (ComplementCase const& c : kComplementCases) {
    Layout l = L(c.layout);
    auto small = with_capacity<N>(l);
    if (!small.ok()) continue;
    ++fit;
    LayoutN<N> const& s = small.value;
    std::string what = std::string("complement(") + c.layout + (c.cotarget ? std::string(", ") + c.cotarget : "") + ")";
    if (!c.cotarget) {
      expect_agrees(complement(s), complement(l), what, capacity);
      continue;
    }
    IntTuple m = P(c.cotarget);
    expect_agrees(complement(s, m), complement(l, m), what, capacity);
    int ignored = 0;
    auto mn = with_capacity<N>(m);
    if (mn.ok()) expect_agrees(complement(s, mn.value), complement(l, m), what + " (cotarget of capacity N)", ignored);
    if (m.is_leaf()) expect_agrees(complement(s, m.leaf[0]), complement(l, m.leaf[0]), what + " (an Int)", ignored);
  }
  return {fit, capacity};
}

TEST(ImplComplementCapacity, AgreesWithDefaultCapacity) {
  // All but the two 8-leaf layouts fit N = 4; two results have 5 modes.
  EXPECT_EQ(complement_agrees_with_default_capacity<4>(), std::make_pair(34, 2));
  // Every case fits N = 8; one result has 9 modes.
  EXPECT_EQ(complement_agrees_with_default_capacity<8>(), std::make_pair(36, 1));
}

}  // namespace
}  // namespace layoutref::impl
