// layoutref gpu — the sweep suite (suites.hpp): the blocks of the plan (sweep_plan.hpp) that the
// run's shard holds (all of them without --shard), each checked on the device and recorded in the
// shard's report (--report, written by main.cpp).
#include "suites.hpp"

#include <layoutref/impl/mma.hpp>
#include <layoutref/impl/tensor_term.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/tensor.hpp>
#include <layoutref/spec/term.hpp>

#include <layoutref/equiv/report.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <thread>
#include <tuple>

namespace layoutref::gpu {

namespace sp = layoutref::spec;
namespace im = layoutref::impl;
namespace rule = layoutref::gpu::spec_rule;

namespace {

/// The device's form of a profile of the plan.
Profile device_profile(SweepProfile const& sp) {
  Profile q;
  q.nnodes = static_cast<int>(sp.nodes.size());
  q.nleaves = sp.nleaves;
  for (int k = 0; k < q.nnodes; ++k) q.node[k] = static_cast<std::int8_t>(sp.nodes[static_cast<std::size_t>(k)]);
  std::snprintf(q.text, sizeof q.text, "%s", sp.text.c_str());
  return q;
}

/// A recorded mismatch of block `blk` as JSON (the layout in CuTe notation where it is a layout
/// of the sweep).
equiv::Json mismatch_json(SweepPlan const& plan, SweepSegment const& seg, Mismatch const& m) {
  equiv::Json j = equiv::Json::object({{"index", static_cast<long long>(m.index)},
                                                 {"item", static_cast<long long>(m.layout)},
                                                 {"evaluator", evaluator_name(m.evaluator)},
                                                 {"component", m.component},
                                                 {"device", static_cast<long long>(m.got)},
                                                 {"spec", static_cast<long long>(m.want)}});
  if (seg.kind == SegmentKind::layouts && m.layout >= 0)
    j["layout"] = sweep_layout_text(plan.profiles[static_cast<std::size_t>(seg.profile)], plan.bounds.max_shape, plan.bounds.max_stride,
                                    m.layout);
  return j;
}

}  // namespace

void suite_sweep(Run& run) {
  SweepBounds b = sweep_bounds(run.o.quick);
  if (run.o.max_shape >= 0) b.max_shape = run.o.max_shape;
  if (run.o.max_stride >= 0) b.max_stride = run.o.max_stride;
  SweepPlan plan;
  std::string error;
  if (!sweep_plan(run.o.quick, b, plan, error)) {
    ++run.errors;
    run.summary("gpu sweep: %s", error.c_str());
    return;
  }
  unsigned long long const nblocks = plan.blocks.size();
  equiv::UnitRange const range = equiv::shard_range(nblocks, run.o.shard);
  run.say("\n== sweep: every layout with shapes in [1,%d], strides in [-%d,%d], for each profile, built and checked on the device ==",
          b.max_shape, b.max_stride, b.max_stride);
  if (run.o.shard.count > 1)
    run.say("  shard %s: blocks %llu..%llu of %llu (sweep_plan.hpp)", equiv::shard_text(run.o.shard).c_str(), range.begin, range.end,
            nblocks);

  equiv::Report& rep = run.sweep_report;
  rep.suite = "gpu-sweep";
  rep.run = plan_json(plan);
  rep.shard = run.o.shard;
  rep.units = nblocks;
  rep.range = range;
  for (char const* c : {"blocks", "items", "indices", "evaluations", "mismatches", "errors"}) rep.count(c, 0);

  std::vector<Profile> profiles;
  for (auto const& p : plan.profiles) profiles.push_back(device_profile(p));
  std::vector<Tally> per_segment(plan.segments.size());
  std::vector<bool> touched(plan.segments.size(), false);
  for (unsigned long long u = range.begin; u < range.end; ++u) {
    SweepBlock const& blk = plan.blocks[u];
    SweepSegment const& seg = plan.segments[static_cast<std::size_t>(blk.segment)];
    Tally t;
    if (seg.kind == SegmentKind::layouts)
      t = sweep_layouts(profiles[static_cast<std::size_t>(seg.profile)], b.max_shape, b.max_stride, blk.first, blk.end);
    else if (seg.kind == SegmentKind::swizzles)
      t = sweep_swizzles(plan.swizzles, b.sw_shape, b.sw_stride, blk.first, blk.end);
    else
      t = sweep_arithmetic(blk.first, blk.end);
    per_segment[static_cast<std::size_t>(blk.segment)].add(t);
    touched[static_cast<std::size_t>(blk.segment)] = true;
    // The block's record; a failure where the device disagreed or stopped, reproduced by the
    // same block alone (shard u of the plan's blocks).
    std::sort(t.first.begin(), t.first.end(), [](Mismatch const& x, Mismatch const& y) {
      return std::tie(x.layout, x.index, x.evaluator, x.component) < std::tie(y.layout, y.index, y.evaluator, y.component);
    });
    rep.count("blocks");
    rep.count("items", blk.end - blk.first);
    rep.count("indices", static_cast<long long>(t.indices));
    rep.count("evaluations", static_cast<long long>(t.evaluations));
    rep.count("mismatches", static_cast<long long>(t.mismatches));
    rep.count("errors", t.error.empty() ? 0 : 1);
    rep.records.push_back(equiv::Json::object({{"unit", u},
                                                    {"segment", seg.name},
                                                    {"first", blk.first},
                                                    {"end", blk.end},
                                                    {"layouts", static_cast<unsigned long long>(t.layouts)},
                                                    {"indices", static_cast<unsigned long long>(t.indices)},
                                                    {"mismatches", static_cast<unsigned long long>(t.mismatches)},
                                                    {"error", t.error}}));
    if (t.mismatches == 0 && t.error.empty()) continue;
    std::string what = "sweep " + seg.name + " items [" + std::to_string(blk.first) + ", " + std::to_string(blk.end) + "): ";
    what += t.error.empty() ? std::to_string(t.mismatches) + " mismatches" : "error: " + t.error;
    equiv::Json first = equiv::Json::array();
    for (auto const& m : t.first) first.push_back(mismatch_json(plan, seg, m));
    if (!t.first.empty()) {
      equiv::Json const& m = first.front();
      auto text = [&](char const* key) { return equiv::json_scalar_text(m[key]); };
      if (m.contains("layout")) what += ", the first at layout " + text("layout");
      what += " index " + text("index") + " (" + text("evaluator") + "): device " + text("device") + ", spec " + text("spec");
    }
    rep.failures.push_back(equiv::failure(
        what, "layoutref-gpu-check --suite sweep" + plan_options(plan) + " --shard " + std::to_string(u) + "/" + std::to_string(nblocks),
        equiv::Json::object({{"unit", u},
                                  {"segment", seg.name},
                                  {"first", blk.first},
                                  {"end", blk.end},
                                  {"mismatches", static_cast<unsigned long long>(t.mismatches)},
                                  {"error", t.error},
                                  {"recorded", first}})));
  }

  for (std::size_t i = 0; i < plan.segments.size(); ++i) {
    if (!touched[i]) continue;
    SweepSegment const& seg = plan.segments[i];
    Tally const& t = per_segment[i];
    if (seg.kind == SegmentKind::layouts) {
      char const* text = plan.profiles[static_cast<std::size_t>(seg.profile)].text.c_str();
      run.count("sweep/layouts", t, text);
      run.say("  %-16s %10llu layouts %14llu indices %llu mismatches %8.3f s", text, static_cast<unsigned long long>(t.layouts),
              static_cast<unsigned long long>(t.indices), static_cast<unsigned long long>(t.mismatches), t.seconds);
    } else if (seg.kind == SegmentKind::swizzles) {
      run.count("sweep/swizzles", t, "swizzles");
      run.say("  every Sw<B,M,S> with B <= %d, M <= %d, B <= |S| <= %d, offsets 0..%d, over (s0,s1):(d0,d1) with s in [1,%d], d in [0,%d]:",
              b.sw_b, b.sw_m, b.sw_s, b.sw_offset, b.sw_shape, b.sw_stride);
      run.say("  %-16s %10llu layouts %14llu indices %llu mismatches %8.3f s", "swizzled", static_cast<unsigned long long>(t.layouts),
              static_cast<unsigned long long>(t.indices), static_cast<unsigned long long>(t.mismatches), t.seconds);
    } else {
      run.count("sweep/arithmetic", t, "arithmetic");
      run.say("  impl's device arithmetic (mul_overflows by __mul64hi, divmod in 32 bits where it can) against the portable definitions:");
      run.say("  %-16s %10s        %14llu pairs   %llu mismatches %8.3f s", "arithmetic", "", static_cast<unsigned long long>(t.indices),
              static_cast<unsigned long long>(t.mismatches), t.seconds);
    }
  }
  run.kind_table("sweep");
}

}  // namespace layoutref::gpu
