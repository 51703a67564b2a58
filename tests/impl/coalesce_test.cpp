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
  return r.ok() && r.value.is_leaf() && r.value.leaf[0].shape == Int::fixed(8) &&
         r.value.leaf[0].stride == Stride::integer(Int::fixed(1));
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

}  // namespace
}  // namespace layoutref::impl
