// layoutref gpu — layoutref-gpu-check: impl evaluated on the device, cross-checked against the spec.
//
//   layoutref-gpu-check [--suite NAME]... [--quick] [--summary] [--out FILE] [--data DIR] [--stack BYTES]
//                       [--bench-size N] [--reps N] [--time-limit SECONDS]
//                       [--shard K/N] [--report FILE] [--max-shape N] [--max-stride N]   (the sweep suite alone)
//
// Suites (default: all but bench): eval (impl against the spec's rule ported to the device, every
// index, sizes from 1 to past 2^32), tables (impl against tables computed on the host by
// layoutref::spec), sweep (every layout of stated small bounds, built on the device), tensor
// (each thread's coordinates: impl's partitions, their elements evaluated on the device, against
// the spec's; the copy/transpose kernels' elements), bench (copy/transpose bandwidth next to
// cudaMemcpy and hand-indexed kernels). The operations checked in eval and tables are the rows of
// equiv's table with a spec reference (equiv/operations.hpp), on the catalogue's inputs (items.cpp)
// and on every conformance vector. docs/gpu.md has the details and the measured results.
// --quick: the small sizes (ctest, `layoutref verify`). --summary: only the summary lines on stdout.
// --shard K/N: the sweep's blocks of shard K of N (gpu/check/sweep_plan.hpp, docs/deep-runs.md);
// --report FILE: the sweep's report, for `layoutref merge`; --max-shape, --max-stride: the sweep's
// layouts past the suite's bounds. These four take `--suite sweep` alone.
// Exit status: 0 every check agreed; 1 a mismatch or an error; 2 usage; 77 no usable GPU
// (ctest's SKIP_RETURN_CODE), with the reason printed.
#include "suites.hpp"

#include <layoutref/equiv/options.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#ifndef LAYOUTREF_CONFORMANCE_DIR
#define LAYOUTREF_CONFORMANCE_DIR "tests/conformance/cute"
#endif

namespace {

using namespace layoutref::gpu;

char const* const kProse =
    "impl evaluated on the device, cross-checked against the spec (docs/gpu.md). Suites\n"
    "(default: all but bench): eval, tables, sweep, tensor, bench. --shard, --report,\n"
    "--max-shape and --max-stride take --suite sweep alone. Exit 0 every check agreed;\n"
    "1 a mismatch or an error; 2 usage; 77 no usable GPU.";

struct Args {
  std::vector<std::string> suites;
  bool quick = false, summary = false;
  std::string out, data, stack, bench_size, reps, time_limit, shard, report, max_shape, max_stride;
};

void define_options(layoutref::equiv::Options& o, Args& a) {
  o.app()
      .add_option("--suite", a.suites, "a suite to run: eval, tables, sweep, tensor, bench or all (given again: both)")
      ->type_name("eval|tables|sweep|tensor|bench|all")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  o.app().add_flag("--quick", a.quick, "the small sizes (ctest, layoutref verify)");
  o.app().add_flag("--summary", a.summary, "only the summary lines on stdout");
  o.app().add_option("--out", a.out, "also write the summary lines to FILE (the record layoutref verify reads)")->type_name("FILE");
  o.app().add_option("--data", a.data, "the conformance vectors' directory")->type_name("DIR");
  o.app().add_option("--stack", a.stack, "the device stack per thread to set: 0 (leave it), or >= 1024")->type_name("BYTES");
  o.app().add_option("--bench-size", a.bench_size, "bench: the matrices' side, a multiple of 64 (default 16384)")->type_name("N");
  o.app().add_option("--reps", a.reps, "bench: repetitions (default 20)")->type_name("N");
  o.app().add_option("--time-limit", a.time_limit, "eval and tables: leave out the largest items after SECONDS")->type_name("SECONDS");
  o.app().add_option("--shard", a.shard, "sweep: the blocks of shard K of N")->type_name("K/N");
  o.app().add_option("--report", a.report, "sweep: write the report, for layoutref merge")->type_name("FILE");
  o.app().add_option("--max-shape", a.max_shape, "sweep: the layouts' largest shape entry")->type_name("N");
  o.app().add_option("--max-stride", a.max_stride, "sweep: the layouts' largest stride")->type_name("N");
  o.set_unknown_word("argument");
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  layoutref::equiv::Options options("", kProse, "layoutref-gpu-check");
  define_options(options, a);
  std::string const usage_line = "usage: " + options.synopsis() + "\n";
  auto usage = [&](std::string const& why) {
    std::fprintf(stderr, "layoutref-gpu-check: %s\n%s", why.c_str(), usage_line.c_str());
    return 2;
  };
  if (auto rc = options.parse(std::vector<std::string>(argv + 1, argv + argc))) return *rc;
  auto given = [&](char const* name) { return options.app().count(name) > 0; };
  Options o;
  o.data = given("--data") ? a.data : std::string(LAYOUTREF_CONFORMANCE_DIR);
  bool sweep_only = false;  // an option of the sweep alone was given
  for (auto const& s : a.suites) {
    if (s == "all") o.suites.insert({"eval", "tables", "sweep", "tensor", "bench"});
    else if (s == "eval" || s == "tables" || s == "sweep" || s == "tensor" || s == "bench") o.suites.insert(s);
    else return usage("unknown suite `" + s + "`");
  }
  o.quick = a.quick;
  o.summary = a.summary;
  o.out = a.out;
  if (given("--stack")) o.stack = static_cast<std::size_t>(std::atoll(a.stack.c_str()));
  if (given("--bench-size")) o.bench_size = std::atoll(a.bench_size.c_str());
  if (given("--reps")) o.reps = std::atoi(a.reps.c_str());
  if (given("--time-limit")) o.time_limit = std::atof(a.time_limit.c_str());
  if (given("--shard")) {
    std::string error;
    if (!layoutref::equiv::parse_shard(a.shard, o.shard, error)) return usage("--shard " + error);
    sweep_only = true;
  }
  if (given("--report")) {
    o.report = a.report;
    if (o.report.empty()) return usage("--report needs a file");
    sweep_only = true;
  }
  for (auto [name, text, out] : {std::tuple<char const*, std::string*, int*>{"--max-shape", &a.max_shape, &o.max_shape},
                                 {"--max-stride", &a.max_stride, &o.max_stride}}) {
    if (!given(name)) continue;
    std::string const& v = *text;
    if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos) return usage(std::string(name) + " needs a whole number");
    *out = std::atoi(v.c_str());
    sweep_only = true;
  }
  if (o.suites.empty()) o.suites = {"eval", "tables", "sweep", "tensor"};
  if (sweep_only && o.suites != std::set<std::string>{"sweep"})
    return usage("--shard, --report, --max-shape and --max-stride split the sweep suite alone: give --suite sweep and no other suite");
  if (o.bench_size <= 0 || o.bench_size % 64 != 0 || o.reps <= 0 || (o.stack != 0 && o.stack < 1024))
    return usage("bad --bench-size (a multiple of 64), --reps or --stack (0, or >= 1024)");
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // line by line, so that a run stopped by a time limit keeps its lines
  Run run(o);
  if (!o.out.empty() && !run.open(o.out)) return usage(("cannot write " + o.out).c_str());

  DeviceInfo dev = device_info();
  if (!dev.present) {
    run.summary("gpu: skipped, no usable GPU: %s", dev.reason.c_str());
    return 77;
  }
  run.summary("gpu: %s, sm_%d%d, %d SMs, %.1f GiB, CUDA runtime %d, driver %d, impl leaf capacity %d (%s run)", dev.name.c_str(), dev.cc_major,
              dev.cc_minor, dev.sms, dev.memory_gib, dev.runtime_version, dev.driver_version, layoutref::impl::kMaxLeaves, o.quick ? "quick" : "full");
  if (auto e = o.stack == 0 ? std::string() : set_device_stack(o.stack); !e.empty()) {
    run.summary("gpu: %s", e.c_str());
    return 1;
  }

  std::vector<std::string> problems;
  std::vector<Item> items;
  if (o.suites.count("eval") || o.suites.count("tables")) {
    items = catalogue(run, problems);
    tv_items(run, items, problems);
    auto v = vector_items(run, problems);
    run.say("conformance vectors: %zu results of the operations with a spec reference sent to the device", v.size());
    for (auto& it : v) items.push_back(std::move(it));
    std::stable_sort(items.begin(), items.end(), [](Item const& x, Item const& y) { return x.size < y.size; });
    for (auto const& [why, n] : run.not_sent) run.say("  not sent: %ld x %s", n, why.c_str());
    for (auto const& p : problems) run.say("  PROBLEM: %s", p.c_str());
  }
  if (o.suites.count("eval")) suite_eval(run, items);
  if (o.suites.count("tables")) suite_tables(run, items);
  if (o.suites.count("sweep")) suite_sweep(run);
  if (o.suites.count("tensor")) suite_tensor(run);
  if (o.suites.count("bench")) suite_bench(run);

  for (char const* s : {"eval", "tables", "sweep", "tensor", "bench"})
    if (o.suites.count(s)) run.suite_summary(s);
  bool pass = run.mismatches == 0 && run.errors == 0 && problems.empty();
  if (!o.report.empty()) {
    std::string error;
    if (!layoutref::equiv::write_report(o.report, run.sweep_report, error)) {
      run.summary("gpu: %s", error.c_str());
      return 1;
    }
  }
  run.summary("gpu total: %llu indices checked on %s, %llu mismatches, %d errors%s: %s", static_cast<unsigned long long>(run.indices), dev.name.c_str(),
              static_cast<unsigned long long>(run.mismatches), run.errors, problems.empty() ? "" : ", catalogue problems (see above)",
              pass ? "pass" : "FAIL");
  return pass ? 0 : 1;
}
