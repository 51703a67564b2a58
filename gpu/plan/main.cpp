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

#include <layoutref/equiv/options.hpp>
#include <layoutref/equiv/report.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

namespace {

using namespace layoutref;

char const* const kProse =
    "The sweep suite's enumeration on the host, without CUDA or a GPU: the plan (its segments\n"
    "and blocks) and the blocks a shard of `layoutref-gpu-check --suite sweep` runs; --report\n"
    "writes the shard's dry-run report, which `layoutref merge` combines (docs/deep-runs.md).\n"
    "Exit 0; 2 on a bad option.";

struct Args {
  bool quick = false, list = false;
  std::string max_shape, max_stride, shard, report_path;
};

void define_options(equiv::Options& o, Args& a) {
  o.app().add_flag("--quick", a.quick, "the quick sizes (ctest's)");
  o.app().add_option("--max-shape", a.max_shape, "the layouts' largest shape entry, 1..1000000")->type_name("N");
  o.app().add_option("--max-stride", a.max_stride, "the layouts' largest stride, 0..1000000")->type_name("N");
  o.app().add_option("--shard", a.shard, "shard K of N of the blocks")->type_name("K/N");
  o.app().add_option("--report", a.report_path, "write the shard's dry-run report")->type_name("FILE");
  o.app().add_flag("--list", a.list, "print each block of the shard (unit, segment, items)");
  o.set_unknown_word("argument");
  o.set_value_hint("--shard", "K/N");
  o.set_value_hint("--report", "a file");
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
  Args a;
  equiv::Options options("", kProse, "layoutref-sweep-plan");
  define_options(options, a);
  std::string const usage_line = "usage: " + options.synopsis() + "\n";
  auto usage = [&](std::string const& why) {
    std::fprintf(stderr, "layoutref-sweep-plan: %s\n%s", why.c_str(), usage_line.c_str());
    return 2;
  };
  if (auto rc = options.parse(std::vector<std::string>(argv + 1, argv + argc))) return *rc;
  bool const quick = a.quick, list = a.list;
  int max_shape = -1, max_stride = -1;
  for (auto [name, text, lo, out] : {std::tuple<char const*, std::string*, int, int*>{"--max-shape", &a.max_shape, 1, &max_shape},
                                     {"--max-stride", &a.max_stride, 0, &max_stride}})
    if (options.app().count(name) && !parse_int(*text, lo, 1000000, *out)) return usage(std::string(name) + " needs a whole number");
  equiv::Shard shard;
  if (options.app().count("--shard")) {
    std::string error;
    if (!equiv::parse_shard(a.shard, shard, error)) return usage("--shard " + error);
  }
  std::string const& report_path = a.report_path;
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
