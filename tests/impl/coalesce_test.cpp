// impl coalesce, coalesce_x, filter_zeros, filter: CuTe's forms with their static markers.
// Expected values from CuTe's documentation (02_layout_algebra.md), the seed documents, and
// derived by hand with CuTe's bw_coalesce rules (skip size-1, replace a size-1 front, merge
// when s*d equals the front's stride, else prepend).
#include "support.hpp"

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

// constexpr: (_2,_4):(_1,_2) is _8:_1.
constexpr bool coalesces_at_compile_time() {
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  b.push_leaf(LayoutLeaf{Int::fixed(4), Stride::integer(Int::fixed(2))});
  auto l = b.done();
  auto r = coalesce(l.value);
  return r.ok() && r.value.is_leaf() && r.value.leaf[0].shape() == Int::fixed(8) &&
         r.value.leaf[0].stride() == Stride::integer(Int::fixed(1));
}
static_assert(coalesces_at_compile_time());

TEST(ImplCoalesce, CuteDocumentation) {
  // 02_layout_algebra.md: Layout<Shape<_2,Shape<_1,_6>>, Stride<_1,Stride<_6,_2>>> -> _12:_1
  EXPECT_EQ(S(coalesce(L("(_2,(_1,_6)):(_1,(_6,_2))"))), "_12:_1");
  // ... and by mode with Step<_1,_1>: (_2,_6):(_1,_2)
  EXPECT_EQ(S(coalesce(L("(_2,(_1,_6)):(_1,(_6,_2))"), P("(_1,_1)"))), "(_2,_6):(_1,_2)");
}

TEST(ImplCoalesce, SeedExample) {
  // Seed 004 (CuTe DSL): (2,1):(3,1) -> 2:3 (run-time values stay run-time).
  EXPECT_EQ(S(coalesce(L("(2,1):(3,1)"))), "2:3");
}

TEST(ImplCoalesce, TheFourRules) {
  EXPECT_EQ(S(coalesce(L("(_4,_1):(_2,_7)"))), "_4:_2");             // s0:d0 ++ _1:d1 => s0:d0
  EXPECT_EQ(S(coalesce(L("(_1,_4):(_7,_2)"))), "_4:_2");             // _1:d0 ++ s1:d1 => s1:d1
  EXPECT_EQ(S(coalesce(L("(_2,_4):(_3,_6)"))), "_8:_3");             // s0:d0 ++ s1:s0*d0 => s0*s1:d0
  EXPECT_EQ(S(coalesce(L("(_2,_4):(_1,_4)"))), "(_2,_4):(_1,_4)");   // else prepend
  // From the back: _8:_4, then _4:_1 merges (4*1 = 4) into _32:_1, then _2:_32 is prepended.
  EXPECT_EQ(S(coalesce(L("(_2,_4,_8):(_32,_1,_4)"))), "(_2,_32):(_32,_1)");
  // Nested modes are flattened first: (2,2,2,2):(1,2,1,8) -> (4,2,2):(1,1,8).
  EXPECT_EQ(S(coalesce(L("((_2,(_2,_2)),_2):((_1,(_2,_1)),_8)"))), "(_4,_2,_2):(_1,_1,_8)");
  // Stride-0 modes merge with stride-0 fronts (s*0 == 0).
  EXPECT_EQ(S(coalesce(L("(_2,_3):(_0,_0)"))), "_6:_0");
  // A single mode stays integral; a rank-1 tuple is unwrapped.
  EXPECT_EQ(S(coalesce(L("(_8):(_1)"))), "_8:_1");
}

TEST(ImplCoalesce, AllSizeOne) {
  EXPECT_EQ(S(coalesce(L("(_1,(_1,_1)):(_3,(_5,_7))"))), "_1:_0");
  EXPECT_EQ(S(coalesce(L("_1:_4"))), "_1:_0");
  // Run-time size-1 modes mean the same: impl drops them too (CuTe keeps them, divergences.md).
  EXPECT_EQ(S(coalesce(L("(1,1):(3,5)"))), "_1:_0");
}

TEST(ImplCoalesce, RunTimeModesMergeToo) {
  // CuTe merges only static modes and prints (_4,4):(1,4); the meaning is 16:1.
  EXPECT_EQ(S(coalesce(L("(_4,4):(1,4)"))), "16:1");
  // static op static is static, with a run-time operand it is run-time
  EXPECT_EQ(S(coalesce(L("(_4,_4):(1,_4)"))), "_16:1");
  EXPECT_EQ(S(coalesce(L("(_4,(2,_1)):(_1,(_4,_9))"))), "8:_1");
}

TEST(ImplCoalesce, ByModeProfile) {
  // Modes past the profile are kept as they are; a leaf of the profile coalesces its sub-layout.
  EXPECT_EQ(S(coalesce(L("(_12,_2,_8):(_1,_96,_12)"), P("(_1)"))), "(_12,_2,_8):(_1,_96,_12)");
  EXPECT_EQ(S(coalesce(L("((_2,_2),(_3,_1)):((_1,_2),(_4,_9))"), P("((_1),_1)"))), "((_2,_2),_3):((_1,_2),_4)");
  // A rank-1 profile on an integral layout wraps the result in a rank-1 tuple.
  EXPECT_EQ(S(coalesce(L("_8:_1"), P("(_1)"))), "(_8):(_1)");
  // A leaf profile is plain coalesce.
  EXPECT_EQ(S(coalesce(L("(_2,_4):(_1,_2)"), P("_1"))), "_8:_1");
}

TEST(ImplCoalesce, ProfileWithMoreModesIsInadmissible) {
  auto r = coalesce(L("(_2,_3):(_1,_2)"), P("(_1,_1,_1)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::inadmissible);
  EXPECT_EQ(r.error.condition, Cond::coalesce_profile_rank);
  auto nested = coalesce(L("((_2,_2),_3):((_1,_2),_4)"), P("((_1,_1,_1),_1)"));
  ASSERT_FALSE(nested.ok());
  EXPECT_EQ(nested.error.condition, Cond::coalesce_profile_rank);
}

TEST(ImplCoalesce, CoalesceXKeepsTheTrailingSizeOneMode) {
  // coalesce drops it; coalesce_x keeps it, since its stride runs on past the size.
  EXPECT_EQ(S(coalesce(L("(_4,_1):(_1,_0)"))), "_4:_1");
  EXPECT_EQ(S(coalesce_x(L("(_4,_1):(_1,_0)"))), "(_4,_1):(_1,_0)");
  // Merging into the kept mode: 4*1 == 4, so (4,1):(1,4) runs on with stride 1.
  auto x = coalesce_x(L("(_4,_1):(_1,_4)"));
  EXPECT_EQ(S(x), "_4:_1");
  // Same function past the size: index 6 of (4,1):(1,4) is (2,1) -> 2 + 4 = 6.
  EXPECT_EQ(evaluate_int(x.value, 6, true).value, 6);
  // Inner size-1 modes are still dropped.
  EXPECT_EQ(S(coalesce_x(L("(_2,_1,_4):(_1,_7,_2)"))), "_8:_1");
  EXPECT_EQ(S(coalesce_x(L("(_9,_8,_1):(_1,_9,_0)"))), "(_72,_1):(_1,_0)");
}

TEST(ImplFilter, FilterZeros) {
  EXPECT_EQ(S(filter_zeros(L("(_4,(_2,_3)):(_0,(_1,_0))"))), "(_1,(_2,_1)):(_0,(_1,_0))");
  // the size-1 mode is the static constant _1 even for a run-time size
  EXPECT_EQ(S(filter_zeros(L("(4,2):(0,1)"))), "(_1,2):(0,1)");
  EXPECT_EQ(S(filter_zeros(L("_8:_1"))), "_8:_1");
}

TEST(ImplFilter, Filter) {
  // filter_zeros gives (_1,(_2,_3)):(_0,(_1,_2)); coalesce merges 2:1 and 3:2.
  EXPECT_EQ(S(filter(L("(_4,(_2,_3)):(_0,(_1,_2))"))), "_6:_1");
  EXPECT_EQ(S(filter(L("(_4,_2):(_0,_0)"))), "_1:_0");
  EXPECT_EQ(S(filter(L("(_2,_3,_4):(_3,_0,_1)"))), "(_2,_4):(_3,_1)");
  // by mode
  EXPECT_EQ(S(filter(L("(_4,(_2,_3)):(_0,(_1,_2))"), P("(_1,_1)"))), "(_1,_6):(_0,_1)");
  auto r = filter(L("_4:_1"), P("(_1,_1)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.condition, Cond::coalesce_profile_rank);
}

TEST(ImplCoalesce, ErrorsAreValues) {
  // A merged size past 64 bits is an overflow error, not undefined behaviour.
  auto big = coalesce(L("(1099511627776,1099511627776):(1,1099511627776)"));
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error.code, Errc::overflow);
  // Shapes must be >= 1.
  Layout bad = make_leaf(Int::fixed(0), Stride::integer(Int::fixed(1)));
  auto r = coalesce(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::bad_argument);
}

// ---- at capacity N (LayoutN<N>): the same results as at the default capacity --------------------

// constexpr at N = 4: (_2,_4):(_1,_2) is _8:_1.
constexpr bool coalesces_small_at_compile_time() {
  TupleBuilder<LayoutLeaf, 4> b;
  b.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  b.push_leaf(LayoutLeaf{Int::fixed(4), Stride::integer(Int::fixed(2))});
  auto l = b.done();
  auto r = coalesce(l.value);
  static_assert(sizeof(r.value) == sizeof(LayoutN<4>));
  return r.ok() && r.value.is_leaf() && r.value.leaf[0].shape() == Int::fixed(8) &&
         r.value.leaf[0].stride() == Stride::integer(Int::fixed(1));
}
static_assert(coalesces_small_at_compile_time());

TEST(ImplCoalesceCapacity, HandValuesAtSmallCapacity) {
  // The values of CuteDocumentation, TheFourRules and Filter above, at N = 4 and N = 8.
  EXPECT_EQ(SN(coalesce(LN<4>("(_2,(_1,_6)):(_1,(_6,_2))"))), "_12:_1");
  EXPECT_EQ(SN(coalesce(LN<4>("(_2,(_1,_6)):(_1,(_6,_2))"), P("(_1,_1)"))), "(_2,_6):(_1,_2)");
  EXPECT_EQ(SN(coalesce(LN<4>("(_2,_4,_8):(_32,_1,_4)"))), "(_2,_32):(_32,_1)");
  EXPECT_EQ(SN(coalesce(LN<4>("(_1,(_1,_1)):(_3,(_5,_7))"))), "_1:_0");
  EXPECT_EQ(SN(filter(LN<4>("(_2,(_1,_6)):(_0,(_7,_2))"))), "_6:_2");
  EXPECT_EQ(SN(coalesce(LN<8>("((_2,(_2,_2)),_2):((_1,(_2,_1)),_8)"))), "(_4,_2,_2):(_1,_1,_8)");
  // (_2,_2,_2,_2,_2):(_1,_2,_4,_8,_16) folds into one mode; at N = 4 it does not fit at all.
  EXPECT_EQ(SN(coalesce(LN<8>("(_2,_2,_2,_2,_2):(_1,_2,_4,_8,_16)"))), "_32:_1");
  // The zero-stride modes of (2,2,2,2,2,2,2,2):(1,0,4,0,16,32,0,128) go, the rest fold to
  // (2,2,4,2):(1,4,16,128).
  EXPECT_EQ(SN(filter(LN<8>("(_2,_2,_2,_2,_2,_2,_2,_2):(_1,_0,_4,_0,_16,_32,_0,_128)"))),
            "(_2,_2,_4,_2):(_1,_4,_16,_128)");
  // A profile of another capacity than the layout's.
  EXPECT_EQ(SN(coalesce(LN<8>("(_2,(_1,_6)):(_1,(_6,_2))"), with_capacity<4>(P("(_1,_1)")).value)), "(_2,_6):(_1,_2)");
  // Errors stay values: a profile with more modes than the layout.
  auto bad = coalesce(LN<4>("(_2,_3):(_1,_2)"), P("(_1,_1,_1)"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.condition, Cond::coalesce_profile_rank);
}

// Layouts of 1 to 9 leaves, with the profiles they are coalesced against by mode.
struct CapacityCase {
  char const* layout;
  char const* profile;
};
std::vector<CapacityCase> const kCapacityCases = {
    {"_8:_1", "_1"},
    {"(_4,8):(_1,_4)", "(_1,_1)"},
    {"((_2,(3,_4)),_5):((_1,(2,_6)),_0)", "(_1,_1)"},
    {"(3,(2,3)):(3,(12,1))", "(_1,(_1,_1))"},
    {"(_2,(_1,_6)):(_1,(_6,_2))", "(_1,_1)"},
    {"(_2,_4,_8):(_32,_1,_4)", "(_1,_1)"},
    {"((_2,(_2,_2)),_2):((_1,(_2,_1)),_8)", "(_1,_1)"},
    {"(_2,_3):(_0,_0)", "_1"},
    {"(_1,(_1,_1)):(_3,(_5,_7))", "(_1,_1)"},
    {"(2,1):(3,1)", "(_1,_1)"},
    {"(_2,(_1,_6)):(_0,(_7,_2))", "(_1,_1)"},
    {"((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)", "(_1,_1)"},
    {"(_2,_2,_2,_2,_2):(_1,_2,_4,_8,_16)", "(_1,_1,_1)"},
    {"((_2,_3),(_2,_3),(_2,_2)):((_1,_2),(_6,_12),(_36,_72))", "(_1,_1)"},
    {"(_2,_2,_2,_2,_2,_2,_2,_2):(_1,_0,_4,_0,_16,_32,_0,_128)", "(_1,_1,_1,_1)"},
    {"(_2,(_2,(_2,(_2,(_2,(_2,(_2,(_2,_2)))))))):(_1,(_2,(_4,(_8,(_16,(_32,(_64,(_128,_256))))))))", "(_1,_1)"},
};

/// Compares coalesce, coalesce_x, filter_zeros and filter, whole and by profile, at capacity N
/// with the default capacity on every case that fits N; returns how many fit.
template <int N>
int coalesce_agrees_with_default_capacity() {
  int fit = 0;
  for (CapacityCase const& c : kCapacityCases) {
    Layout l = L(c.layout);
    IntTuple p = P(c.profile);
    auto small = with_capacity<N>(l);
    if (!small.ok()) continue;
    ++fit;
    LayoutN<N> const& s = small.value;
    EXPECT_EQ(SN(coalesce(s)), S(coalesce(l))) << c.layout;
    EXPECT_EQ(SN(coalesce_x(s)), S(coalesce_x(l))) << c.layout;
    EXPECT_EQ(SN(filter_zeros(s)), S(filter_zeros(l))) << c.layout;
    EXPECT_EQ(SN(filter(s)), S(filter(l))) << c.layout;
    EXPECT_EQ(SN(coalesce(s, p)), S(coalesce(l, p))) << c.layout << " by " << c.profile;
    EXPECT_EQ(SN(coalesce_x(s, p)), S(coalesce_x(l, p))) << c.layout << " by " << c.profile;
    EXPECT_EQ(SN(filter(s, p)), S(filter(l, p))) << c.layout << " by " << c.profile;
  }
  return fit;
}

TEST(ImplCoalesceCapacity, AgreesWithDefaultCapacity) {
  EXPECT_EQ(coalesce_agrees_with_default_capacity<4>(), 12);  // the cases of at most 4 leaves
  EXPECT_EQ(coalesce_agrees_with_default_capacity<8>(), 15);  // all but the 9-leaf case
}

// ---- deep profiles: at_profile walks the profile without recursion ------------------------------

/// x wrapped in d rank-1 tuples: chain(2, "_8") = "((_8))" (the expected texts).
std::string chain(int d, std::string const& x) { return std::string(static_cast<size_t>(d), '(') + x + std::string(static_cast<size_t>(d), ')'); }

/// The tree x wrapped in d rank-1 tuples (CuTe's notation reads at most 64 nested brackets).
template <class V, int N>
Tree<V, N> wrap(Tree<V, N> x, int d) {
  for (int k = 0; k < d; ++k) {
    TupleBuilder<V, N> b;
    b.push(x);
    auto r = b.done();
    EXPECT_TRUE(r.ok()) << str(r.error);
    x = r.value;
  }
  return x;
}

TEST(ImplCoalesce, ProfilesAsDeepAsTheCapacity) {
  // A profile of 72 nodes (the capacity 2*32 + 8): 71 rank-1 tuples around _1. Each reaches the
  // leaf _8:_1, whose mode 0 is itself, and wraps it once: 72 nodes.
  IntTuple deep71 = wrap(P("_1"), 71);
  std::string deep = chain(71, "_8") + ":" + chain(71, "_1");
  EXPECT_EQ(S(coalesce(L("_8:_1"), deep71)), deep);
  EXPECT_EQ(S(coalesce_x(L("_8:_1"), deep71)), deep);
  EXPECT_EQ(S(filter(L("_8:_1"), deep71)), deep);
  // A layout and a profile nested alike, 69 deep: the innermost (_2,_4):(_1,_2) is coalesced to _8:_1.
  EXPECT_EQ(S(coalesce(wrap(L("(_2,_4):(_1,_2)"), 69), wrap(P("_1"), 69))), chain(69, "_8") + ":" + chain(69, "_1"));
  // (_2,_3):(_1,_2) by 70 tuples around _1: mode 0 (_2:_1) in 69 tuples, then the kept mode _3:_2:
  // 72 nodes. By 71 tuples: 73 nodes, past the capacity.
  EXPECT_EQ(S(coalesce(L("(_2,_3):(_1,_2)"), wrap(P("_1"), 70))), "(" + chain(69, "_2") + ",_3):(" + chain(69, "_1") + ",_2)");
  auto full = coalesce(L("(_2,_3):(_1,_2)"), deep71);
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.error.code, Errc::capacity);
  EXPECT_EQ(message(full.error), "more than 32 leaves or 72 nodes");
  // A tuple of the profile deeper down with more modes than its leaf: refused.
  auto rank = filter(L("_8:_1"), wrap(P("(_1,_1)"), 69));
  ASSERT_FALSE(rank.ok());
  EXPECT_EQ(rank.error.condition, Cond::coalesce_profile_rank);
  EXPECT_EQ(message(rank.error), "the profile has 2 modes but the layout has 1");
  // At capacity 4 (16 nodes): 15 tuples around the leaf fit, by a profile of another capacity too.
  EXPECT_EQ(SN(coalesce(LN<4>("_8:_1"), PN<4>(chain(15, "_1")))), chain(15, "_8") + ":" + chain(15, "_1"));
  EXPECT_EQ(SN(coalesce(LN<4>("_8:_1"), P(chain(15, "_1")))), chain(15, "_8") + ":" + chain(15, "_1"));
  auto small = coalesce(LN<4>("_8:_1"), P(chain(16, "_1")));
  ASSERT_FALSE(small.ok());
  EXPECT_EQ(message(small.error), "more than 4 leaves or 16 nodes");
}

TEST(ImplCoalesceCapacity, ARefusalAfterAFullTupleWins) {
  // (_2,_3,_5):(_1,_2,_6) at capacity 4 by (13 tuples around _1, (_1), _1): mode 0 in 13 tuples
  // (14 nodes), mode 1 in one (2 nodes): 17 nodes, the tuple is full. That is reported when it
  // ends, so a refusal in its mode 2 comes first.
  std::string front = "(" + chain(13, "_1") + ",(_1),";
  auto full = coalesce(LN<4>("(_2,_3,_5):(_1,_2,_6)"), P(front + "_1)"));
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(message(full.error), "more than 4 leaves or 16 nodes");
  auto refused = coalesce(LN<4>("(_2,_3,_5):(_1,_2,_6)"), P(front + "(_1,_1))"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error.condition, Cond::coalesce_profile_rank);
  EXPECT_EQ(message(refused.error), "the profile has 2 modes but the layout has 1");
  // At the default capacity the first is (13 tuples around _2, (_3), _5).
  EXPECT_EQ(S(coalesce(L("(_2,_3,_5):(_1,_2,_6)"), P(front + "_1)"))),
            "(" + chain(13, "_2") + ",(_3),_5):(" + chain(13, "_1") + ",(_2),_6)");
}

// constexpr at N = 4 with a nested profile: ((_2,_4),_3):((_1,_2),_8) by (((_1),_1),_1): the
// leaf _2:_1 reached by the tuple (_1) is wrapped, the others are coalesced as they are:
// (((_2),_4),_3):(((_1),_2),_8).
constexpr bool coalesces_by_a_nested_profile_at_compile_time() {
  TupleBuilder<LayoutLeaf, 4> inner;
  inner.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  inner.push_leaf(LayoutLeaf{Int::fixed(4), Stride::integer(Int::fixed(2))});
  TupleBuilder<LayoutLeaf, 4> l;
  l.push(inner.done().value);
  l.push_leaf(LayoutLeaf{Int::fixed(3), Stride::integer(Int::fixed(8))});
  TupleBuilder<Int, 4> p0;
  TupleBuilder<Int, 4> one;
  one.push_leaf(Int::fixed(1));
  p0.push(one.done().value);
  p0.push_leaf(Int::fixed(1));
  TupleBuilder<Int, 4> p;
  p.push(p0.done().value);
  p.push_leaf(Int::fixed(1));
  auto r = coalesce(l.done().value, p.done().value);
  return r.ok() && r.value.nnodes == 6 && r.value.node[0] == 2 && r.value.node[1] == 2 && r.value.node[2] == 1 &&
         r.value.nleaves == 3 && r.value.leaf[0].shape_value() == 2 && r.value.leaf[1].shape_value() == 4 && r.value.leaf[2].shape_value() == 3;
}
static_assert(coalesces_by_a_nested_profile_at_compile_time());

}  // namespace
}  // namespace layoutref::impl
