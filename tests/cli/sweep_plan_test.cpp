// The GPU sweep's enumeration on the host (gpu/check/sweep_plan.hpp): its segments are the suite's
// bounds (docs/gpu.md: every layout with shapes in [1,5] and strides in [-5,5] for 12 nestings of
// 1 to 4 leaves, the swizzles, 2^30 arithmetic pairs), its blocks tile each segment in order, and
// the layouts are numbered as the device decodes them.
#include "../../gpu/check/sweep_plan.hpp"

#include <gtest/gtest.h>

#include <string>

namespace layoutref::gpu {
namespace {

TEST(SweepPlan, SegmentsAreTheSuitesBounds) {
  SweepPlan p;
  std::string error;
  ASSERT_TRUE(sweep_plan(false, sweep_bounds(false), p, error)) << error;
  ASSERT_EQ(p.profiles.size(), 12u);
  ASSERT_EQ(p.segments.size(), 14u);
  // base 5 * 11 = 55: 55 layouts of one leaf, 55^4 = 9,150,625 of four.
  EXPECT_EQ(p.segments[0].count, 55);
  EXPECT_EQ(p.segments[2].count, 55 * 55);
  EXPECT_EQ(p.segments[4].count, 55 * 55 * 55);
  EXPECT_EQ(p.segments[7].count, 9150625);
  long long four = 0;
  for (auto const& s : p.segments)
    if (s.kind == SegmentKind::layouts && p.profiles[static_cast<size_t>(s.profile)].nleaves == 4) four += s.count;
  EXPECT_EQ(four, 45753125);  // docs/gpu.md: 45,753,125 four-leaf layouts
  EXPECT_EQ(p.segments[12].name, "swizzles");
  EXPECT_EQ(p.segments[12].count, static_cast<long long>(p.swizzles.size()) * 72 * 72);
  EXPECT_EQ(p.segments[13].count, 1ll << 30);
  SweepPlan q;
  ASSERT_TRUE(sweep_plan(true, sweep_bounds(true), q, error)) << error;
  EXPECT_EQ(q.segments[7].count, 15 * 15 * 15 * 15);  // base 3 * 5
  EXPECT_EQ(q.segments[13].count, 1ll << 24);
}

TEST(SweepPlan, BlocksTileEachSegmentInOrder) {
  for (bool quick : {true, false}) {
    SweepPlan p;
    std::string error;
    ASSERT_TRUE(sweep_plan(quick, sweep_bounds(quick), p, error)) << error;
    size_t b = 0;
    for (size_t s = 0; s < p.segments.size(); ++s) {
      long long next = 0;
      while (b < p.blocks.size() && p.blocks[b].segment == static_cast<int>(s)) {
        EXPECT_EQ(p.blocks[b].first, next);
        EXPECT_GT(p.blocks[b].end, p.blocks[b].first);
        EXPECT_LE(p.blocks[b].end - p.blocks[b].first, p.segments[s].block);
        next = p.blocks[b].end;
        ++b;
      }
      EXPECT_EQ(next, p.segments[s].count) << p.segments[s].name;
    }
    EXPECT_EQ(b, p.blocks.size());
  }
}

TEST(SweepPlan, SwizzleCasesFollowTheConditions) {
  SweepBounds b = sweep_bounds(false);
  for (auto const& c : swizzle_cases(b)) {
    int as = c.s < 0 ? -c.s : c.s;
    EXPECT_LE(c.b, as);
    EXPECT_LE(as, b.sw_s);
    EXPECT_LE(c.m + as + c.b, 63);
    EXPECT_LE(c.offset, b.sw_offset);
  }
  // Sw<0,0,0> with offsets 0..7 first.
  EXPECT_EQ(swizzle_cases(b).front().s, -6);
}

TEST(SweepPlan, LayoutNumbersDecodeAsOnTheDevice) {
  auto profiles = sweep_profiles();
  // Leaf j's digit of x in base 55: shape 1 + digit % 5, stride digit / 5 - 5.
  EXPECT_EQ(sweep_layout_text(profiles[0], 5, 5, 0), "1:-5");
  EXPECT_EQ(sweep_layout_text(profiles[0], 5, 5, 54), "5:5");
  // (a,(b,c)) with x = 7 + 55 * 27 + 55^2 * 1: digits 7, 27, 1.
  EXPECT_EQ(sweep_layout_text(profiles[5], 5, 5, 7 + 55 * 27 + 55 * 55 * 1), "(3,(3,2)):(-4,(0,-5))");
}

TEST(SweepPlan, RefusesPast2To62Layouts) {
  SweepBounds b = sweep_bounds(false);
  b.max_shape = 1000000;
  b.max_stride = 1000000;
  SweepPlan p;
  std::string error;
  EXPECT_FALSE(sweep_plan(false, b, p, error));
  EXPECT_NE(error.find("2^62 layouts"), std::string::npos) << error;
}

}  // namespace
}  // namespace layoutref::gpu
