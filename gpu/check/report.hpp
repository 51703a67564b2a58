#pragma once
// layoutref gpu — layoutref-gpu-check's options and report: the lines of one run (on stdout
// unless --summary, and in the --out file), the totals per suite and kind of check, and what was
// not sent to the device and why.
#include "check.hpp"

#include <layoutref/equiv/report.hpp>

#include <cstdarg>
#include <cstdio>
#include <map>
#include <set>
#include <string>

namespace layoutref::gpu {

struct Options {
  std::set<std::string> suites;
  bool quick = false;
  bool summary = false;
  std::string out;
  std::string data;  ///< the conformance vectors (a directory of .tsv files)
  /// The device stack per thread (cudaLimitStackSize) to set before the suites; 0 (the default):
  /// leave CUDA's limit as it is. impl does not recurse, so ptxas states each kernel's whole
  /// stack, the partitions made in tensor.cu's and partition.cu's kernels included
  /// (partition_kernel: a 15,008-byte stack at 4 leaves, sm_90; docs/gpu.md, "Resources");
  /// the driver raises the per-thread stack for a launch that needs more (CUDA driver API,
  /// cuCtxSetLimit, CU_LIMIT_STACK_SIZE). Setting it is for experiments only.
  std::size_t stack = 0;
  i64 bench_size = 16384;
  int reps = 20;
  double time_limit = 0;  ///< eval and tables: seconds after which the remaining (largest) items are left out; 0: none
  /// The sweep's shard (--shard K/N): the blocks of its plan it runs (sweep_plan.hpp); 0/1: all.
  equiv::Shard shard;
  std::string report;  ///< --report FILE: the sweep's report (equiv/report.hpp); empty: none
  int max_shape = -1, max_stride = -1;  ///< --max-shape, --max-stride: the sweep's layouts; -1: the suite's
};

/// x with a k, M or G suffix, 3 significant digits.
std::string human(double x);

struct KindTotal {
  u64 items = 0, indices = 0, evaluations = 0, mismatches = 0;
  double seconds = 0;
};

/// One run: its options, its report, its totals.
class Run {
 public:
  explicit Run(Options options) : o(std::move(options)) {}
  ~Run();
  Run(Run const&) = delete;
  Run& operator=(Run const&) = delete;

  Options const o;
  u64 indices = 0, mismatches = 0;
  int errors = 0;
  /// Operations of the catalogue and the vectors not sent to the device, counted per reason.
  std::map<std::string, long> not_sent;
  /// The sweep suite's report (a record per block run), written to o.report by main.
  equiv::Report sweep_report;

  /// Write the report to `path` as well. Returns false when it cannot be opened.
  bool open(std::string const& path);
  /// A report line: on stdout (unless --summary) and in the --out file.
  void say(char const* f, ...) __attribute__((format(printf, 2, 3)));
  /// A summary line: always on stdout, and in the file.
  void summary(char const* f, ...) __attribute__((format(printf, 2, 3)));

  /// Add the tally `t` of one checked item to "suite/kind" `key`; print its error and mismatches.
  void count(std::string const& key, Tally const& t, std::string const& what);
  /// The table of the kinds of `suite`.
  void kind_table(std::string const& suite);
  /// The summary line of `suite`.
  void suite_summary(std::string const& suite);

 private:
  void line(bool always, char const* f, va_list ap) __attribute__((format(printf, 3, 0)));
  void print_mismatches(Tally const& t, std::string const& what);
  std::map<std::string, KindTotal> kinds_;  ///< "suite/kind"
  FILE* file_ = nullptr;
};

}  // namespace layoutref::gpu
