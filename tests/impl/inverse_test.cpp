// impl right_inverse and left_inverse: CuTe's constructions with their static markers, the
// spec's conditions. Expected values derived by hand with CuTe's algorithms (coalesce; strides
// sorted; the chain of strides equal to the running product; the mixed radix d0, d1/d0, ...).
#include "support.hpp"

#include <layoutref/impl/inverse.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

// constexpr: the transpose (_4,_8):(_8,_1) is its own kind of inverse: (_8,_4):(_4,_1).
constexpr bool inverts_at_compile_time() {
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(LayoutLeaf{Int::fixed(4), Stride::integer(Int::fixed(8))});
  b.push_leaf(LayoutLeaf{Int::fixed(8), Stride::integer(Int::fixed(1))});
  auto l = b.done();
  auto r = right_inverse(l.value);
  auto q = left_inverse(l.value);
  return r.ok() && q.ok() && r.value == q.value && r.value.leaf[0].shape.value == 8 && r.value.leaf[0].stride.value == 4;
}
static_assert(inverts_at_compile_time());

TEST(ImplRightInverse, Structure) {
  // sorted strides 1 (mode 1, index stride 4), 8 (mode 0, index stride 1)
  EXPECT_EQ(S(right_inverse(L("(_4,_8):(_8,_1)"))), "(_8,_4):(_4,_1)");
  EXPECT_EQ(S(right_inverse(L("_8:_1"))), "_8:_1");
  EXPECT_EQ(S(right_inverse(L("(_2,_4):(_1,_2)"))), "_8:_1");      // coalesced first
  // stride 0 and a gap: only the stride-1 mode 2:1 at index stride 4 is reached
  EXPECT_EQ(S(right_inverse(L("(_4,_2):(_0,_1)"))), "_2:_4");
  EXPECT_EQ(S(right_inverse(L("(_4,_2):(_2,_16)"))), "_1:_0");   // no stride 1: nothing is reached
  EXPECT_EQ(S(right_inverse(L("_4:_-1"))), "_1:_0");             // a negative stride never matches
  // not injective: 3:1 is taken, then the running product 3 is not the stride 2 (the docs'
  // divergences.md: both CuTe and the spec give 3:1)
  EXPECT_EQ(S(right_inverse(L("(_3,_2):(_1,_2)"))), "_3:_1");
}

TEST(ImplRightInverse, RunTimeStridesCount) {
  // CuTe ignores the run-time stride 1 and gives _1:_0 (dynamic.tsv); impl keeps it.
  EXPECT_EQ(S(right_inverse(L("_10:1"))), "_10:_1");
  // (16,_16):(16,_1): mode 1 (stride _1, index stride 16), then mode 0 (stride 16 == 16*1)
  EXPECT_EQ(S(right_inverse(L("(16,_16):(16,_1)"))), "(_16,16):(16,_1)");
}

TEST(ImplRightInverse, Conditions) {
  auto r = right_inverse(L("(_4,_2):(_1@0,_1@1)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::inadmissible);
  EXPECT_EQ(r.error.condition, Cond::right_inverse_integer_strides);
  // A shape entry < 1 is refused when read (to_layout) and by the operation itself.
  EXPECT_FALSE(to_layout(notation::parse("(_4,0):(_1,_4)").term).ok());
  Layout zero = L("(_4,1):(_1,_4)");
  zero.leaf[1].shape.value = 0;
  auto bad = right_inverse(zero);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.code, Errc::bad_argument);
}

TEST(ImplLeftInverse, Structure) {
  EXPECT_EQ(S(left_inverse(L("(_4,_8):(_8,_1)"))), "(_8,_4):(_4,_1)");
  // (d0, s0) : (_0, p0) = (_2,_32):(_0,_1)
  EXPECT_EQ(S(left_inverse(L("_32:_2"))), "(_2,_32):(_0,_1)");
  // only stride-0 modes: coalesced to _16:_0, whose shape is appended: _16:_0
  EXPECT_EQ(S(left_inverse(L("(_4,_4):(_0,_0)"))), "_16:_0");
  // (_1,_4):(_1,_2) coalesces to _4:_2: (_2,_4):(_0,_1)
  EXPECT_EQ(S(left_inverse(L("(_1,_4):(_1,_2)"))), "(_2,_4):(_0,_1)");
  // (_8,_4):(_5,_200): sorted 5 (index 1), 200 (index 8): (5, 200/5, 4):(_0, 1, 8)
  EXPECT_EQ(S(left_inverse(L("(_8,_4):(_5,_200)"))), "(_5,_40,_4):(_0,_1,_8)");
}

TEST(ImplLeftInverse, Conditions) {
  auto basis = left_inverse(L("(_4,_2):(_1@0,_1@1)"));
  ASSERT_FALSE(basis.ok());
  EXPECT_EQ(basis.error.condition, Cond::left_inverse_integer_strides);
  auto negative = left_inverse(L("(_2,_2):(_1,_-2)"));
  ASSERT_FALSE(negative.ok());
  EXPECT_EQ(negative.error.code, Errc::inadmissible);
  EXPECT_EQ(negative.error.condition, Cond::left_inverse_negative_stride);
  // 2 does not divide 3, and CuTe's construction fails too (3 is not a multiple of 2)
  auto divisibility = left_inverse(L("(_2,_2):(_2,_3)"));
  ASSERT_FALSE(divisibility.ok());
  EXPECT_EQ(divisibility.error.condition, Cond::left_inverse_stride_divisibility);
  // quirks.tsv: CuTe's result (_64,_4):(_1,_2) breaks L(R(L(i))) == L(i); impl refuses
  auto quirk = left_inverse(L("(((_2,_4,_2),_2),_2,_2):(((_1,_64,_8),_16),_32,_64)"));
  ASSERT_FALSE(quirk.ok());
  EXPECT_EQ(quirk.error.condition, Cond::left_inverse_injective);
}

TEST(ImplLeftInverse, RarePathKeepsCorrectResults) {
  // Not injective (4*1 > 2) but CuTe's construction (_2,_2):(_1,_4) is a left inverse:
  // L(R(3)) = L(5) = 3, L(R(4)) = L(8) = 4 (both extended), ...
  EXPECT_EQ(S(left_inverse(L("(_4,_2):(_1,_2)"))), "(_2,_2):(_1,_4)");
  // Injective, 2 does not divide 5 among the leaves, but coalesced (_4,_2):(_1,_5) gives
  // (_1,_5,_2):(_0,_1,_4) -> (_5,_2):(_1,_4), a left inverse.
  EXPECT_EQ(S(left_inverse(L("(_2,_2,_2):(_1,_2,_5)"))), "(_5,_2):(_1,_4)");
  // The spec's conditions alone, in impl's order (divisibility before injectivity):
  Error why = left_inverse_admissible(L("(_2,_2,_2):(_1,_2,_5)"));
  EXPECT_EQ(why.condition, Cond::left_inverse_stride_divisibility);
  EXPECT_EQ(left_inverse_admissible(L("(_4,_2):(_1,_2)")).condition, Cond::left_inverse_injective);
  EXPECT_TRUE(left_inverse_admissible(L("(_4,_8):(_8,_1)")).ok());
}

TEST(ImplLeftInverse, RarePathDecidedFromTheModes) {
  // inverse.tsv:42: coalesced (16,4,16):(1,64,64); 64/64 = 1 <= 4, nothing below 1 at mode
  // 16:1, and the last mode 16:64 (largest e = 1167/64 = 18) runs on as L's last leaf does.
  Layout l = L("(_16,(_4,_4,_4)):(_1,(_64,_64,_256))");
  EXPECT_TRUE(detail_inverse::quasi_inverse_by_structure(l));
  EXPECT_EQ(S(left_inverse(l)), "_1024:_1");
  EXPECT_TRUE(detail_inverse::quasi_inverse_by_structure(L("(_4,_2):(_1,_2)")));
  EXPECT_TRUE(detail_inverse::quasi_inverse_by_structure(L("(_2,_2,_2):(_1,_2,_5)")));
  // (3,2):(2,3): 3/2 is no radix (2 does not divide 3): undecided; the construction fails.
  EXPECT_FALSE(detail_inverse::quasi_inverse_by_structure(L("(_3,_2):(_2,_3)")));
  // (4,2,1):(1,2,7): e_1 reaches 4 >= 2 and L runs on along its size-1 leaf: undecided.
  EXPECT_FALSE(detail_inverse::quasi_inverse_by_structure(L("(_4,_2,_1):(_1,_2,_7)")));
}

/// A small deterministic generator (SplitMix64).
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// Soundness of quasi_inverse_by_structure: on random small L of 2-4 leaves (strides drawn among
// multiples of small powers so that divisibility often holds), wherever it accepts, CuTe's
// construction satisfies L(R(L(i))) == L(i) at every i (is_quasi_inverse); and left_inverse's
// answer is the pointwise one.
TEST(ImplLeftInverse, StructuralQuasiInverseAgreesWithEnumeration) {
  Rng rng{20260515};
  int rare = 0, accepted = 0, undecided_ok = 0, undecided_refused = 0;
  i64 const strides[] = {0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64};
  for (int iter = 0; iter < 40000; ++iter) {
    int n = 2 + rng.below(3);
    std::string sh, st;
    for (int k = 0; k < n; ++k) {
      sh += (k ? "," : "") + std::to_string(1 + rng.below(6));
      st += (k ? "," : "") + std::to_string(strides[rng.below(13)]);
    }
    std::string text = "(" + sh + "):(" + st + ")";
    Layout l = L(text);
    Error why = left_inverse_admissible(l);
    if (why.ok() || (why.condition != Cond::left_inverse_stride_divisibility && why.condition != Cond::left_inverse_injective)) continue;
    auto r = representable(detail_inverse::left_inverse_construction(l));
    if (!r.ok()) continue;
    ++rare;
    bool pointwise = detail_inverse::is_quasi_inverse(l, r.value);
    if (detail_inverse::quasi_inverse_by_structure(l)) {
      ++accepted;
      EXPECT_TRUE(pointwise) << text << ": accepted from the modes, but L(R(L(i))) != L(i) somewhere";
    } else if (pointwise) {
      ++undecided_ok;
    } else {
      ++undecided_refused;
    }
    auto whole = left_inverse(l);
    EXPECT_EQ(whole.ok(), pointwise) << text;
    if (whole.ok()) {
      EXPECT_EQ(str(whole.value), str(r.value)) << text;
    }
  }
  RecordProperty("rare", rare);
  RecordProperty("accepted", accepted);
  RecordProperty("undecided_ok", undecided_ok);
  RecordProperty("undecided_refused", undecided_refused);
  EXPECT_GT(rare, 3000);
  EXPECT_GT(accepted, rare / 4);
  EXPECT_GT(undecided_refused, 100);
}

}  // namespace
}  // namespace layoutref::impl
