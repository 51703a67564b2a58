// layoutref properties — the property program's main: gtest's, the run's plan (support/run.hpp:
// --seed, --cases, --chunks, --shard K/N, --report FILE), plus a record of each property's result
// for `layoutref verify` (cli/src/verify_steps.hpp).
//
// The record of property Suite.Name is the file `<dir>/Suite.Name.tsv`, `key<TAB>value` lines:
// property, verdict (started when the property begins, then pass or fail), cases (the run's cases
// of the property: --cases, else RC_PARAMS's max_success, RapidCheck's default 100 when unset),
// seed (--seed or RC_PARAMS's, or "random"), ms, and
// failure (the first line of the first failure), capacity_refused (the cases in which impl refused
// for its capacity, support/capacity.hpp; written when the property ends). `<dir>` is the environment's
// LAYOUTREF_PROPERTY_RESULTS when set (empty: nothing is recorded), else LAYOUTREF_RESULTS_DIR's
// properties/ of the build. One file a property, written whole and renamed into place, so that
// ctest's parallel runs of single properties never share a file. A shard of a run of several
// records nothing (its results are a part of each property's); its report is the record.
#include "support/capacity.hpp"
#include "support/run.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#ifndef LAYOUTREF_PROPERTY_RESULTS_DIR
#define LAYOUTREF_PROPERTY_RESULTS_DIR ""
#endif

namespace {

namespace fs = std::filesystem;

/// The value of `key` in RC_PARAMS ("seed=1 max_success=5000 ..."), or `fallback`.
std::string rc_param(std::string const& key, std::string const& fallback) {
  char const* env = std::getenv("RC_PARAMS");
  std::istringstream in(env ? env : "");
  std::string word;
  while (in >> word)
    if (word.rfind(key + "=", 0) == 0) return word.substr(key.size() + 1);
  return fallback;
}

class Recorder : public testing::EmptyTestEventListener {
 public:
  explicit Recorder(fs::path dir) : dir_(std::move(dir)) {}

  void OnTestStart(testing::TestInfo const& t) override {
    failure_.clear();
    layoutref::properties::begin_property();  // a plain TEST counts no cases
    write(t, "started", "");
  }
  void OnTestPartResult(testing::TestPartResult const& r) override {
    if (!r.failed() || !failure_.empty()) return;
    std::istringstream in(r.summary());
    std::string line;
    while (std::getline(in, line) && line.find_first_not_of(" \t") == std::string::npos) {
    }
    failure_ = line.empty() ? "failed" : line;
  }
  void OnTestEnd(testing::TestInfo const& t) override {
    write(t, t.result()->Passed() ? "pass" : "fail", std::to_string(t.result()->elapsed_time()));
  }

 private:
  void write(testing::TestInfo const& t, char const* verdict, std::string const& ms) {
    std::string name = std::string(t.test_suite_name()) + "." + t.name();
    std::error_code ec;
    fs::create_directories(dir_, ec);
    fs::path file = dir_ / (name + ".tsv");
    fs::path tmp = dir_ / (name + ".tsv.tmp");
    {
      std::ofstream out(tmp);
      auto totals = layoutref::properties::test_totals(name);
      out << "property\t" << name << "\nverdict\t" << verdict << "\ncases\t"
          << (totals ? std::to_string(totals->cases) : rc_param("max_success", "100")) << "\nseed\t"
          << (totals ? totals->seed : rc_param("seed", "random")) << "\n";
      if (!ms.empty()) out << "ms\t" << ms << "\n";
      if (!failure_.empty()) out << "failure\t" << failure_ << "\n";
      layoutref::properties::CapacityCount c = layoutref::properties::property_count();
      if (!ms.empty() && c.cases > 0) out << "capacity_refused\t" << c.refused << "\n";
      if (!out) {
        std::fprintf(stderr, "layoutref-properties: cannot write %s\n", tmp.string().c_str());
        return;
      }
    }
    fs::rename(tmp, file, ec);
    if (ec) std::fprintf(stderr, "layoutref-properties: cannot write %s: %s\n", file.string().c_str(), ec.message().c_str());
  }

  fs::path dir_;
  std::string failure_;
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  layoutref::properties::RunOptions options;
  std::string error;
  if (!layoutref::properties::parse_run_options(argc, argv, options, error)) {
    std::fprintf(stderr, "layoutref-properties: %s\n", error.c_str());
    return 2;
  }
  // Listing the properties (--gtest_list_tests) runs none: no plan, nothing to record then.
  bool const listing = GTEST_FLAG_GET(list_tests);
  if (!listing && !layoutref::properties::plan_run(options, error)) {
    std::fprintf(stderr, "layoutref-properties: %s\n", error.c_str());
    return 2;
  }
  char const* env = std::getenv("LAYOUTREF_PROPERTY_RESULTS");
  std::string dir = env ? env : LAYOUTREF_PROPERTY_RESULTS_DIR;
  if (!dir.empty() && !listing && layoutref::properties::recording_allowed())
    testing::UnitTest::GetInstance()->listeners().Append(new Recorder(dir));
  int rc = RUN_ALL_TESTS();
  if (!layoutref::properties::finish_run(error)) {
    std::fprintf(stderr, "layoutref-properties: %s\n", error.c_str());
    return 2;
  }
  return rc;
}
