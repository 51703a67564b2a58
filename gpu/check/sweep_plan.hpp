#pragma once
// layoutref gpu — the sweep suite's enumeration, on the host and without CUDA (sweep_plan.cpp):
// what the suite checks, in a fixed order, cut into blocks, and the blocks of `--shard K/N`
// (equiv/report.hpp; docs/deep-runs.md). layoutref-gpu-check runs the blocks on the device
// (suite_sweep.cpp); layoutref-sweep-plan (gpu/plan) lists them and writes a dry-run report where
// there is no GPU, which is how the sharding is tested on any machine.
//
// The enumeration, in order:
//   - for each profile (a nesting of 1 to 4 leaves), every layout with shapes in [1, max_shape] and
//     integer strides in [-max_stride, max_stride]: layout number x in [0, base^leaves), base =
//     max_shape * (2 * max_stride + 1) (check.hpp sweep_layouts);
//   - every swizzle case (Sw<B,M,S>, offset) over every inner layout (s0,s1):(d0,d1): item
//     x = case * inner + inner layout (check.hpp sweep_swizzles);
//   - the arithmetic pairs [0, pairs) (check.hpp sweep_arithmetic).
// Blocks: 2^16 layouts or swizzled layouts, 2^22 arithmetic pairs (each a few ms on an H100); a
// segment's last block is shorter. The units of `--shard` are the blocks.
#include <layoutref/equiv/json_fwd.hpp>

#include <string>
#include <vector>

namespace layoutref::gpu {

/// The sweep's bounds: `--quick` (ctest) or the full sizes, with the layouts' bounds overridable
/// (`--max-shape`, `--max-stride`).
struct SweepBounds {
  int max_shape = 5, max_stride = 5;  ///< the layouts
  int sw_b = 3, sw_m = 4, sw_s = 6, sw_offset = 7, sw_shape = 8, sw_stride = 8;  ///< the swizzles
  long long pairs = 1ll << 30;        ///< the arithmetic pairs
};
SweepBounds sweep_bounds(bool quick);

/// A nesting of the layouts swept: impl's pre-order node array (-1 a leaf, k >= 0 a tuple of k).
struct SweepProfile {
  std::string text;  ///< e.g. "(a,(b,c))"
  std::vector<int> nodes;
  int nleaves = 0;
};
/// Every profile listed for 1 to 4 leaves, in the sweep's order.
std::vector<SweepProfile> sweep_profiles();

/// One Swizzle<B,M,S> with its offset.
struct SwizzleCase {
  int b, m, s;
  long long offset;
};
/// Every Sw<B,M,S> with B <= sw_b, M <= sw_m, B <= |S| <= sw_s, M + |S| + B <= 63, and each offset
/// in [0, sw_offset], in the sweep's order.
std::vector<SwizzleCase> swizzle_cases(SweepBounds const& b);

enum class SegmentKind { layouts, swizzles, arithmetic };

struct SweepSegment {
  SegmentKind kind = SegmentKind::layouts;
  std::string name;   ///< "layouts (a,(b,c))", "swizzles", "arithmetic"
  int profile = -1;   ///< layouts: the profile's number in sweep_profiles()
  long long count = 0;  ///< items
  long long block = 0;  ///< items per block
};

/// A block: items [first, end) of one segment.
struct SweepBlock {
  int segment = 0;
  long long first = 0, end = 0;
};

struct SweepPlan {
  bool quick = false;
  SweepBounds bounds;
  std::vector<SweepProfile> profiles;
  std::vector<SwizzleCase> swizzles;
  std::vector<SweepSegment> segments;
  std::vector<SweepBlock> blocks;  ///< the run's units, in order
};

/// The plan of the sweep with bounds `b`.
/// @post false, `error` naming the bound, when a segment would hold 2^62 items or more
bool sweep_plan(bool quick, SweepBounds const& b, SweepPlan& out, std::string& error);

/// What fixes the sweep's results, for a report's `run`: the bounds, the segments and their blocks.
equiv::Json plan_json(SweepPlan const& p);

/// The options that run this plan again (`--quick`, `--max-shape N`, `--max-stride N`), each
/// preceded by a space; empty for the full default sizes.
std::string plan_options(SweepPlan const& p);

/// Layout number x of profile `p` in CuTe notation, as the device builds it (check.hpp).
std::string sweep_layout_text(SweepProfile const& p, int max_shape, int max_stride, long long x);

}  // namespace layoutref::gpu
