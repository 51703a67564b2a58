// layoutref properties — the property program's run: its units, the shard's part of them, and its
// report (docs/deep-runs.md, equiv/report.hpp).
//
// A run is every test that gtest's filter selects, in gtest's order, each property (a
// LAYOUTREF_PROP) split into `chunks` units: chunk j of a property of M cases runs seed S + j with
// M/C cases (one more for j < M mod C), so the whole run checks M cases per property. A plain TEST
// is one unit. `--shard K/N` runs units [floor(K*U/N), floor((K+1)*U/N)) of the U units (gtest's
// filter is narrowed to the tests holding one); `--report FILE` writes a record per unit run and a
// failure, with its reproducer, per failing unit. A unit runs the same wherever it runs (its seed
// and case count are its own), so `layoutref merge` of the N shards' reports is the report of
// the run done whole.
//
// Options (after gtest's own):
//   --seed S      the base seed (default: RC_PARAMS's seed; a run with --shard or --report needs one)
//   --cases M     cases per property (default: RC_PARAMS's max_success, else RapidCheck's 100)
//   --chunks C    chunks per property, 1 <= C <= M (default 1: one RapidCheck run per property)
//   --shard K/N   shard K of N (equiv/report.hpp)
//   --report FILE the run's (or shard's) report
// Without them the program runs as before: each property once, with RC_PARAMS.
#pragma once

#include <layoutref/equiv/report.hpp>

#include <optional>
#include <string>

namespace layoutref::properties {

/// LAYOUTREF_PROP registers its test ("Suite.Name") at static initialisation, so that the plan
/// knows which tests are properties (split into chunks) and which are plain tests (one unit).
bool register_property(char const* name);

struct RunOptions {
  std::optional<unsigned long long> seed;
  std::optional<int> cases;
  int chunks = 1;
  bool sharded = false;
  equiv::Shard shard;
  std::string report_path;
};

/// Parse the program's own options (the arguments gtest left in argv).
/// @post false, `error` naming the option and what it needs, on a bad or unknown option
bool parse_run_options(int argc, char** argv, RunOptions& out, std::string& error);

/// Plan the run: the units of the tests gtest's filter selects, the shard's part; narrow gtest's
/// filter to the tests holding a unit of the shard. Call after InitGoogleTest, before RUN_ALL_TESTS.
/// @post false, `error` set, when the options do not make a run (no seed for a shard, C > M)
bool plan_run(RunOptions const& o, std::string& error);

/// The planned totals of a test in this process, for the results `layoutref verify` reads.
struct TestTotals {
  long long cases = 0;
  std::string seed;  ///< the base seed, or "random" when none was given
};
std::optional<TestTotals> test_totals(std::string const& name);
/// False in a shard of a run of several: its results are a part of each property's.
bool recording_allowed();

/// After RUN_ALL_TESTS: write the report (--report). @post false, `error` set, when it cannot be written
bool finish_run(std::string& error);

/// Run the property `body` as LAYOUTREF_PROP does: each of the current test's planned units
/// (without a plan, one RapidCheck run with RC_PARAMS's parameters); per unit, RapidCheck's result
/// (a failure fails the test), the capacity count and its 1% bound (capacity.hpp), its record.
void check_property(void (*body)());

}  // namespace layoutref::properties
