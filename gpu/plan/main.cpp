// layoutref gpu — layoutref-sweep-plan: the sweep suite's enumeration (gpu/check/sweep_plan.hpp)
// on the host, without CUDA or a GPU: the blocks a shard of `layoutref-gpu-check --suite sweep`
// runs, and a dry-run report of them (docs/deep-runs.md).
//
//   layoutref-sweep-plan [--quick] [--max-shape N] [--max-stride N] [--shard K/N] [--report FILE] [--list]
//
// Prints the plan (its segments and blocks) and the shard's units; --list prints each block of the
// shard (unit, segment, items). --report writes the shard's dry-run report: suite gpu-sweep, the
// run of layoutref-gpu-check's report with "dry_run": true, a record per block (its segment and
// items), no failures; `layoutref merge` of the N shards' reports is the whole plan's.
// Exit 0; 2 on a bad option.
#include "../check/sweep_plan.hpp"

#include <layoutref/equiv/report.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

using namespace layoutref;

int usage(std::string const& why) {
  std::fprintf(stderr,
               "layoutref-sweep-plan: %s\nusage: layoutref-sweep-plan [--quick] [--max-shape N] [--max-stride N] [--shard K/N] "
               "[--report FILE] [--list]\n",
               why.c_str());
  return 2;
}

bool parse_int(std::string const& s, int lo, int hi, int& out) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  int v = std::atoi(s.c_str());
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false, list = false;
  int max_shape = -1, max_stride = -1;
  equiv::Shard shard;
  std::string report_path;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool has = i + 1 < argc;
    if (a == "--quick") {
      quick = true;
    } else if (a == "--list") {
      list = true;
    } else if (a == "--max-shape" || a == "--max-stride") {
      int v = 0;
      if (!has || !parse_int(argv[++i], a == "--max-shape" ? 1 : 0, 1000000, v)) return usage(a + " needs a whole number");
      (a == "--max-shape" ? max_shape : max_stride) = v;
    } else if (a == "--shard") {
      std::string error;
      if (!has) return usage("--shard needs a value (K/N)");
      if (!equiv::parse_shard(argv[++i], shard, error)) return usage("--shard " + error);
    } else if (a == "--report") {
      if (!has) return usage("--report needs a value (a file)");
      report_path = argv[++i];
    } else {
      return usage("unknown argument `" + a + "`");
    }
  }
  gpu::SweepBounds b = gpu::sweep_bounds(quick);
  if (max_shape >= 0) b.max_shape = max_shape;
  if (max_stride >= 0) b.max_stride = max_stride;
  gpu::SweepPlan plan;
  std::string error;
  if (!gpu::sweep_plan(quick, b, plan, error)) return usage(error);
  equiv::UnitRange range = equiv::shard_range(plan.blocks.size(), shard);
  std::printf("sweep plan (%s): %zu segments, %zu blocks\n", quick ? "quick" : "full", plan.segments.size(), plan.blocks.size());
  for (auto const& s : plan.segments)
    std::printf("  %-26s %14lld items, blocks of %lld\n", s.name.c_str(), s.count, s.block);
  std::printf("shard %s: blocks %llu..%llu\n", equiv::shard_text(shard).c_str(), range.begin, range.end);

  equiv::Report r;
  r.suite = "gpu-sweep";
  r.run = gpu::plan_json(plan);
  r.run["dry_run"] = true;
  r.shard = shard;
  r.units = plan.blocks.size();
  r.range = range;
  r.count("blocks", 0);
  r.count("items", 0);
  for (unsigned long long u = range.begin; u < range.end; ++u) {
    gpu::SweepBlock const& blk = plan.blocks[u];
    std::string const& seg = plan.segments[static_cast<size_t>(blk.segment)].name;
    if (list) std::printf("  unit %6llu  %-26s items [%lld, %lld)\n", u, seg.c_str(), blk.first, blk.end);
    r.count("blocks");
    r.count("items", blk.end - blk.first);
    r.records.push_back(equiv::Json::object({{"unit", u}, {"segment", seg}, {"first", blk.first}, {"end", blk.end}}));
  }
  std::printf("shard %s: %lld blocks, %lld items\n", equiv::shard_text(shard).c_str(), r.get("blocks"), r.get("items"));
  if (!report_path.empty() && !equiv::write_report(report_path, r, error)) return usage(error);
  return 0;
}
