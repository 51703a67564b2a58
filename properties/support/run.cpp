// layoutref properties — the property program's run (run.hpp).
#include "run.hpp"

#include "capacity.hpp"

#include <layoutref/equiv/options.hpp>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <vector>

namespace layoutref::properties {

namespace {

using equiv::Json;

/// One unit of the run: chunk `chunk` of test `test`.
struct Unit {
  std::string test;
  int chunk = 0;
  unsigned long long seed = 0;
  int cases = 0;
  bool property = true;
  unsigned long long index = 0;  ///< its number in the run
};

struct State {
  std::set<std::string> properties;  ///< registered by LAYOUTREF_PROP
  bool planned = false;
  RunOptions options;
  std::string seed_text;  ///< the base seed, or "random"
  unsigned long long seed = 0;
  int cases = 0;
  std::vector<std::string> tests;  ///< the run's tests, in order
  unsigned long long total = 0;    ///< the run's units
  equiv::UnitRange range;
  std::map<std::string, std::vector<Unit>> units;  ///< this process's units, per test
  std::map<unsigned long long, Json> records;
  std::map<unsigned long long, std::vector<Json>> failures;
};

State& state() {
  static State s;
  return s;
}

/// gtest's wildcard match: `*` any text, `?` one character.
bool glob(std::string const& pattern, std::string const& text) {
  size_t p = 0, t = 0, star = std::string::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (star != std::string::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool any_glob(std::string const& patterns, std::string const& name) {
  std::stringstream in(patterns);
  std::string p;
  while (std::getline(in, p, ':'))
    if (glob(p, name)) return true;
  return false;
}

/// gtest's --gtest_filter: `POSITIVE[-NEGATIVE]`, each `:`-separated patterns; an empty positive
/// part selects every test.
bool filter_selects(std::string const& filter, std::string const& name) {
  size_t dash = filter.find('-');
  std::string pos = filter.substr(0, dash), neg = dash == std::string::npos ? "" : filter.substr(dash + 1);
  return any_glob(pos.empty() ? "*" : pos, name) && !any_glob(neg, name);
}

/// The value of `key` in RC_PARAMS ("seed=1 max_success=5000 ..."), or nothing.
std::optional<std::string> rc_param(std::string const& key) {
  char const* env = std::getenv("RC_PARAMS");
  std::istringstream in(env ? env : "");
  std::string word;
  while (in >> word)
    if (word.rfind(key + "=", 0) == 0) return word.substr(key.size() + 1);
  return std::nullopt;
}

bool parse_count(std::string const& text, long long lo, long long hi, long long& out) {
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  errno = 0;
  unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
  if (errno != 0 || v < static_cast<unsigned long long>(lo) || v > static_cast<unsigned long long>(hi)) return false;
  out = static_cast<long long>(v);
  return true;
}

std::string first_line(std::string const& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t") != std::string::npos) return line;
  return "failed";
}

/// The first two lines of a failure's description, joined ("file:line: RC_ASSERT(...)").
std::string headline(std::string const& text) {
  std::istringstream in(text);
  std::string line, out;
  int n = 0;
  while (n < 2 && std::getline(in, line)) {
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    out += (n++ ? " " : "") + line;
  }
  if (out.size() > 300) out = out.substr(0, 300) + "...";
  return out.empty() ? "failed" : out;
}

std::string filter_command(std::string const& test) { return "layoutref-properties --gtest_filter=" + test; }

/// Records plain tests (a TEST, not a LAYOUTREF_PROP): one unit each.
class PlainTests : public testing::EmptyTestEventListener {
 public:
  void OnTestStart(testing::TestInfo const&) override { failure_.clear(); }
  void OnTestPartResult(testing::TestPartResult const& r) override {
    if (r.failed() && failure_.empty()) failure_ = first_line(r.summary());
  }
  void OnTestEnd(testing::TestInfo const& t) override {
    std::string name = std::string(t.test_suite_name()) + "." + t.name();
    State& st = state();
    auto it = st.units.find(name);
    if (it == st.units.end() || it->second.empty() || it->second.front().property) return;
    Unit const& u = it->second.front();
    bool pass = t.result()->Passed();
    st.records[u.index] = Json::object({{"property", name}, {"chunk", 0}, {"plain", true}, {"verdict", pass ? "pass" : "fail"}});
    if (!pass)
      st.failures[u.index].push_back(equiv::failure(name + ": " + failure_, filter_command(name),
                                                    Json::object({{"property", name}, {"chunk", 0}})));
  }

 private:
  std::string failure_;
};

/// RapidCheck's result of one unit as its record (and failures), the capacity count beside it.
void record_unit(Unit const& u, rc::detail::TestMetadata const& md, rc::detail::TestResult const& result, CapacityCount c,
                 std::optional<std::string> const& violation) {
  State& st = state();
  using namespace rc::detail;
  std::string verdict = "pass";
  long long passed = 0;
  std::string what, description, reproduce = filter_command(u.test) + " --seed " + std::to_string(u.seed) + " --cases " +
                                              std::to_string(u.cases);
  Json counterexample = Json::array();
  if (result.is<SuccessResult>()) {
    passed = result.get<SuccessResult>().numSuccess;
  } else if (result.is<FailureResult>()) {
    FailureResult const& f = result.get<FailureResult>();
    verdict = "fail";
    passed = f.numSuccess;
    description = f.description;
    what = "falsifiable after " + std::to_string(f.numSuccess + 1) + " tests: " + headline(f.description);
    for (auto const& [type, value] : f.counterExample) counterexample.push_back(Json::array({Json(type), Json(value)}));
    Configuration replay;
    replay.reproduce[md.id] = f.reproduce;
    // RC_PARAMS with the reproduce key alone (the replay uses no seed).
    std::istringstream words(configToMinimalString(replay));
    std::string word, params;
    while (words >> word)
      if (word.rfind("reproduce=", 0) == 0) params = word;
    reproduce = "RC_PARAMS=\"" + params + "\" " + filter_command(u.test);
  } else if (result.is<GaveUpResult>()) {
    verdict = "gave_up";
    passed = result.get<GaveUpResult>().numSuccess;
    description = result.get<GaveUpResult>().description;
    what = "gave up after " + std::to_string(passed) + " tests: " + headline(description);
  } else {
    verdict = "error";
    description = result.get<Error>().description;
    what = "error: " + headline(description);
  }
  if (violation && verdict == "pass") verdict = "fail";
  st.records[u.index] = Json::object({{"property", u.test},
                                           {"chunk", u.chunk},
                                           {"seed", u.seed},
                                           {"cases", u.cases},
                                           {"verdict", verdict},
                                           {"passed", passed},
                                           {"capacity_cases", static_cast<long long>(c.cases)},
                                           {"capacity_refused", static_cast<long long>(c.refused)}});
  std::string where = u.test + " chunk " + std::to_string(u.chunk) + " (seed " + std::to_string(u.seed) + ", " +
                      std::to_string(u.cases) + " cases): ";
  Json details = Json::object({{"property", u.test}, {"chunk", u.chunk}, {"seed", u.seed}, {"cases", u.cases}});
  if (!what.empty()) {
    Json d = details;
    d["description"] = description;
    d["counterexample"] = counterexample;
    st.failures[u.index].push_back(equiv::failure(where + what, reproduce, d));
  }
  if (violation)
    st.failures[u.index].push_back(equiv::failure(where + *violation, filter_command(u.test) + " --seed " + std::to_string(u.seed) +
                                                                          " --cases " + std::to_string(u.cases),
                                                  details));
}

}  // namespace

bool register_property(char const* name) {
  state().properties.insert(name);
  return true;
}

bool parse_run_options(int argc, char** argv, RunOptions& out, std::string& error) {
  equiv::Options o("", "The property suite (gtest's options too, e.g. --gtest_filter); a run split into shards or chunks needs a seed.",
                   "layoutref-properties");
  std::optional<std::string> seed, cases, chunks, shard, report;
  o.app().add_option("--seed", seed, "RapidCheck's seed of every property (a whole number)")->type_name("S");
  o.app().add_option("--cases", cases, "the cases of every property (1..2147483647; RC_PARAMS's max_success otherwise)")->type_name("M");
  o.app().add_option("--chunks", chunks, "split each property's cases into C runs of their own seeds (1..1000000)")->type_name("C");
  o.app().add_option("--shard", shard, "run the K-th of N parts of the plan (0 <= K < N)")->type_name("K/N");
  o.app().add_option("--report", report, "write this shard's report, for `layoutref merge`")->type_name("FILE");
  o.set_unknown_word("argument");
  o.set_value_hint("--seed", "a whole number");
  o.set_value_hint("--cases", "a whole number");
  o.set_value_hint("--chunks", "a whole number");
  o.set_value_hint("--shard", "K/N");
  o.set_value_hint("--report", "a file");
  std::vector<std::string> args(argv + 1, argv + argc);
  switch (o.parse_quietly(args, error)) {
    case equiv::Options::Parsed::ok: break;
    case equiv::Options::Parsed::help: std::cout << o.help(); std::exit(0);
    case equiv::Options::Parsed::error:
      if (error.rfind("unknown argument", 0) == 0)
        error += " (the program takes gtest's options and --seed S, --cases M, --chunks C, --shard K/N, --report FILE)";
      return false;
  }
  long long n = 0;
  if (seed) {
    if (!parse_count(*seed, 0, 9223372036854775807LL, n)) {
      error = "--seed needs a whole number, got `" + *seed + "`";
      return false;
    }
    out.seed = static_cast<unsigned long long>(n);
  }
  if (cases) {
    if (!parse_count(*cases, 1, 2147483647, n)) {
      error = "--cases needs a whole number in 1..2147483647, got `" + *cases + "`";
      return false;
    }
    out.cases = static_cast<int>(n);
  }
  if (chunks) {
    if (!parse_count(*chunks, 1, 1000000, n)) {
      error = "--chunks needs a whole number in 1..1000000, got `" + *chunks + "`";
      return false;
    }
    out.chunks = static_cast<int>(n);
  }
  if (shard) {
    if (!equiv::parse_shard(*shard, out.shard, error)) {
      error = "--shard " + error;
      return false;
    }
    out.sharded = true;
  }
  if (report) out.report_path = *report;
  return true;
}

bool plan_run(RunOptions const& o, std::string& error) {
  State& st = state();
  auto const& config = rc::detail::configuration();
  std::optional<std::string> rc_seed = rc_param("seed");
  bool seed_given = o.seed.has_value() || rc_seed.has_value();
  if ((o.sharded || o.chunks > 1) && !seed_given) {
    error = "a run split into shards or chunks needs a seed, the same in every shard (--seed S, or RC_PARAMS=\"seed=S\")";
    return false;
  }
  st.options = o;
  st.seed = o.seed ? *o.seed : config.testParams.seed;
  st.seed_text = seed_given ? std::to_string(st.seed) : "random";
  st.cases = o.cases ? *o.cases : config.testParams.maxSuccess;
  if (o.chunks > st.cases) {
    error = "--chunks " + std::to_string(o.chunks) + " is more than the " + std::to_string(st.cases) + " cases of a property";
    return false;
  }
  // The tests gtest would run, in its order.
  std::string const filter = GTEST_FLAG_GET(filter);
  bool const disabled = GTEST_FLAG_GET(also_run_disabled_tests);
  testing::UnitTest* ut = testing::UnitTest::GetInstance();
  std::vector<Unit> all;
  for (int i = 0; i < ut->total_test_suite_count(); ++i) {
    testing::TestSuite const* suite = ut->GetTestSuite(i);
    for (int j = 0; j < suite->total_test_count(); ++j) {
      testing::TestInfo const* info = suite->GetTestInfo(j);
      std::string name = std::string(suite->name()) + "." + info->name();
      bool is_disabled = std::string(suite->name()).rfind("DISABLED_", 0) == 0 || std::string(info->name()).rfind("DISABLED_", 0) == 0;
      if (!filter_selects(filter, name) || (is_disabled && !disabled)) continue;
      st.tests.push_back(name);
      bool property = st.properties.count(name) > 0;
      int chunks = property ? o.chunks : 1;
      for (int c = 0; c < chunks; ++c) {
        Unit u;
        u.test = name;
        u.chunk = c;
        u.seed = st.seed + static_cast<unsigned long long>(c);
        u.cases = st.cases / o.chunks + (c < st.cases % o.chunks ? 1 : 0);
        u.property = property;
        u.index = all.size();
        all.push_back(u);
      }
    }
  }
  st.total = all.size();
  st.range = equiv::shard_range(st.total, o.shard);
  std::string narrowed;
  for (unsigned long long k = st.range.begin; k < st.range.end; ++k) {
    Unit const& u = all[k];
    auto& list = st.units[u.test];
    if (list.empty()) narrowed += (narrowed.empty() ? "" : ":") + u.test;
    list.push_back(u);
  }
  GTEST_FLAG_SET(filter, narrowed.empty() ? "-*" : narrowed);
  testing::UnitTest::GetInstance()->listeners().Append(new PlainTests);
  st.planned = true;
  if (o.sharded)
    std::cout << "layoutref-properties: shard " << equiv::shard_text(o.shard) << ": units " << st.range.begin << ".." << st.range.end
              << " of " << st.total << " (" << st.tests.size() << " tests, " << o.chunks << " chunk" << (o.chunks == 1 ? "" : "s")
              << " of " << st.cases << " cases per property, seed " << st.seed_text << ")" << std::endl;
  return true;
}

std::optional<TestTotals> test_totals(std::string const& name) {
  State const& st = state();
  auto it = st.units.find(name);
  if (!st.planned || it == st.units.end()) return std::nullopt;
  TestTotals t;
  for (auto const& u : it->second) t.cases += u.cases;
  t.seed = st.seed_text;
  return t;
}

bool recording_allowed() { return !state().planned || state().options.shard.count == 1; }

bool finish_run(std::string& error) {
  State const& st = state();
  if (!st.planned || st.options.report_path.empty()) return true;
  auto const& params = rc::detail::configuration().testParams;
  equiv::Report r;
  r.suite = "properties";
  Json tests = Json::array();
  for (auto const& t : st.tests) tests.push_back(t);
  r.run = Json::object({{"program", "layoutref-properties"},
                             {"seed", st.seed},
                             {"cases", st.cases},
                             {"chunks", st.options.chunks},
                             {"max_size", params.maxSize},
                             {"max_discard_ratio", params.maxDiscardRatio},
                             {"shrinking", !params.disableShrinking},
                             {"tests", tests}});
  r.shard = st.options.shard;
  r.units = st.total;
  r.range = st.range;
  for (char const* c : {"units", "cases", "failed", "capacity_cases", "capacity_refused"}) r.count(c, 0);
  std::vector<Unit const*> order;
  for (auto const& [test, units] : st.units)
    for (auto const& u : units) order.push_back(&u);
  std::sort(order.begin(), order.end(), [](Unit const* a, Unit const* b) { return a->index < b->index; });
  for (Unit const* u : order) {
    auto rec = st.records.find(u->index);
    r.count("units");
    if (rec == st.records.end()) {
      // Planned but never run (a test left out by gtest's own sharding, GTEST_SHARD_INDEX).
      r.count("failed");
      r.records.push_back(Json::object({{"property", u->test}, {"chunk", u->chunk}, {"verdict", "not_run"}}));
      r.failures.push_back(equiv::failure(u->test + " chunk " + std::to_string(u->chunk) + ": planned, not run", filter_command(u->test),
                                          Json::object({{"property", u->test}, {"chunk", u->chunk}})));
      continue;
    }
    Json const& v = rec->second;
    long long n = 0;
    if (v.contains("passed") && equiv::json_int(v["passed"], n)) r.count("cases", n);
    if (v.contains("capacity_cases") && equiv::json_int(v["capacity_cases"], n)) r.count("capacity_cases", n);
    if (v.contains("capacity_refused") && equiv::json_int(v["capacity_refused"], n)) r.count("capacity_refused", n);
    if (v["verdict"] != "pass") r.count("failed");
    r.records.push_back(v);
    auto f = st.failures.find(u->index);
    if (f != st.failures.end()) r.failures.insert(r.failures.end(), f->second.begin(), f->second.end());
  }
  return equiv::write_report(st.options.report_path, r, error);
}

void check_property(void (*body)()) {
  State const& st = state();
  testing::TestInfo const* info = testing::UnitTest::GetInstance()->current_test_info();
  std::string const name = std::string(info->test_suite_name()) + "." + info->name();
  rc::detail::TestMetadata md;
  md.id = std::string(info->test_suite_name()) + "/" + info->name();
  md.description = info->name();
  auto const& config = rc::detail::configuration();
  std::vector<Unit> units;
  bool const planned = st.planned && st.units.count(name) > 0;
  if (planned) {
    units = st.units.at(name);
  } else {
    Unit u;
    u.test = name;
    u.seed = config.testParams.seed;
    u.cases = config.testParams.maxSuccess;
    units.push_back(u);
  }
  // Replaying a failure (RC_PARAMS="reproduce=..."): RapidCheck runs that one case, once.
  if (!config.reproduce.empty()) units.resize(1);
  int const chunks = planned ? st.options.chunks : 1;
  begin_property();
  for (auto const& u : units) {
    CapacityCount const before = property_count();
    rc::detail::TestParams params = config.testParams;
    params.seed = u.seed;
    params.maxSuccess = u.cases;
    if (chunks > 1) std::cout << "chunk " << u.chunk << " of " << chunks << ": seed " << u.seed << ", " << u.cases << " cases" << std::endl;
    rc::detail::TestResult const result = rc::detail::checkTestable(
        [body] {
          begin_case();
          body();
        },
        md, params);
    if (result.is<rc::detail::SuccessResult>()) {
      if (!result.get<rc::detail::SuccessResult>().distribution.empty()) {
        rc::detail::printResultMessage(result, std::cout);
        std::cout << std::endl;
      }
    } else {
      std::ostringstream ss;
      rc::detail::printResultMessage(result, ss);
      ADD_FAILURE() << ss.str() << std::endl;
    }
    CapacityCount const after = property_count();
    CapacityCount const c{after.cases - before.cases, after.refused - before.refused};
    std::cout << capacity_summary(c) << std::endl;
    std::optional<std::string> const violation = capacity_bound_violation(c);
    if (violation) ADD_FAILURE() << *violation;
    if (planned) record_unit(u, md, result, c, violation);
  }
}

}  // namespace layoutref::properties
