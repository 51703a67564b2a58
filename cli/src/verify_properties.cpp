// layoutref cli — the property suite's results in `layoutref verify` (docs/properties.md).
#include "verify_steps.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace layoutref::cli {

namespace {

namespace fs = std::filesystem;

/// Open impl/spec disagreements (docs/laws.md), LAYOUTREF_PROPERTY_KNOWN_FAILURES of the top-level
/// CMakeLists.txt, passed in as LAYOUTREF_KNOWN_DISAGREEMENTS ("a:b:c", empty when none): their
/// failure is expected and reported as `known`; a pass means the disagreement is gone and fails
/// verify until the entry is removed.
#ifndef LAYOUTREF_KNOWN_DISAGREEMENTS
#define LAYOUTREF_KNOWN_DISAGREEMENTS ""
#endif

bool is_known(std::string const& name) {
  std::string const list = LAYOUTREF_KNOWN_DISAGREEMENTS;
  std::size_t start = 0;
  while (start <= list.size() && !list.empty()) {
    std::size_t end = list.find(':', start);
    if (end == std::string::npos) end = list.size();
    if (list.compare(start, end - start, name) == 0 && end - start == name.size()) return true;
    start = end + 1;
  }
  return false;
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  return s;
}

/// The property names (Suite.Name) of `program --gtest_list_tests`; false when it cannot be run.
bool list_properties(fs::path const& program, std::vector<std::string>& names) {
  std::string command = shell_quote(program.string()) + " --gtest_list_tests 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return false;
  std::string suite;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, pipe)) {
    std::string line = trim(buf);
    if (line.empty()) continue;
    if (line[0] != ' ') {
      suite = line.substr(0, line.find(' '));  // "Suite." [# TypeParam = ...]
      continue;
    }
    size_t start = line.find_first_not_of(' ');
    names.push_back(suite + line.substr(start, line.find(' ', start) - start));
  }
  return pclose(pipe) == 0 && !names.empty();
}

/// One recorded result: `key<TAB>value` lines (properties/main.cpp).
struct Recorded {
  std::map<std::string, std::string> field;
  std::string get(std::string const& k) const {
    auto it = field.find(k);
    return it == field.end() ? "" : it->second;
  }
};

bool read_recorded(fs::path const& file, Recorded& r) {
  std::ifstream in(file);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    size_t tab = line.find('\t');
    if (tab != std::string::npos) r.field[line.substr(0, tab)] = line.substr(tab + 1);
  }
  return !r.get("property").empty();
}

}  // namespace

StepReport verify_properties(StepOptions const& o) {
  StepReport rep;
  rep.text = "\nproperties (RapidCheck, impl ≡ spec and the laws; docs/laws.md):\n";
  fs::path program = step_program(rep, "layoutref-properties", "rapidcheck missing?");
  if (program.empty()) return rep;
  std::vector<std::string> names;
  if (!list_properties(program, names)) {
    rep.text += "  cannot list the properties of " + program.string() + ": FAIL\n";
    rep.status = StepStatus::fail;
    return rep;
  }
  fs::path dir = o.results / "properties";
  auto result_of = [&](std::string const& name) { return dir / (name + ".tsv"); };
  auto current = [&](std::string const& name) { return is_current(result_of(name), program); };
  bool complete = true;
  for (auto const& n : names) complete = complete && current(n);
  bool ran = false;
  if (o.run || (o.run_missing && !complete)) {
    std::string cases = "5000";
    if (char const* env = std::getenv("LAYOUTREF_PROPERTY_CASES")) cases = env;
    if (cases.empty() || cases.find_first_not_of("0123456789") != std::string::npos) {
      rep.text += "  LAYOUTREF_PROPERTY_CASES must be a number: FAIL\n";
      rep.status = StepStatus::fail;
      return rep;
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    fs::path log = o.results / "properties.log";
    std::string command = "LAYOUTREF_PROPERTY_RESULTS=" + shell_quote(dir.string()) + " RC_PARAMS='seed=1 max_success=" + cases +
                          " verbose_progress=0' " + shell_quote(program.string()) + " >" + shell_quote(log.string()) + " 2>&1";
    rep.text += "  ran now (" + cases + " cases a property, seed 1; its output is in " + log.string() + ")\n";
    if (std::system(command.c_str()) == -1) {
      rep.text += "  cannot run " + program.string() + ": FAIL\n";
      rep.status = StepStatus::fail;
      return rep;
    }
    ran = true;
  }
  long total_capacity = 0, passed = 0, failed = 0, known = 0, missing = 0, total_cases = 0;
  std::set<std::string> seeds;
  fs::path oldest;
  char line[512];
  for (auto const& name : names) {
    fs::path file = result_of(name);
    Recorded r;
    if (!current(name) || !read_recorded(file, r)) {
      ++missing;
      rep.items[name] = "not run";
      continue;
    }
    if (oldest.empty() || fs::last_write_time(file) < fs::last_write_time(oldest)) oldest = file;
    seeds.insert(r.get("seed"));
    std::string verdict_field = r.get("verdict");
    bool started = verdict_field == "started";
    bool pass = verdict_field == "pass";
    bool expected_failure = is_known(name);
    char const* verdict = pass ? (expected_failure ? "PASS" : "pass") : (expected_failure && !started ? "known" : "FAIL");
    rep.items[name] = pass && !expected_failure ? "pass" : (!pass && expected_failure && !started) ? "known" : "FAIL";
    if (pass && !expected_failure) ++passed;
    else if (!pass && expected_failure && !started) ++known;
    else ++failed;
    std::string cases = r.get("cases");
    if (pass) total_cases += std::atol(cases.c_str());
    std::string time = r.get("ms").empty() ? "" : "(" + r.get("ms") + " ms)";
    std::string refused = r.get("capacity_refused");  // properties/main.cpp: impl's capacity refusals
    if (!refused.empty()) total_capacity += std::atol(refused.c_str());
    std::snprintf(line, sizeof line, "  %-5s %-58s %8s cases %5s at capacity %s\n", verdict, name.c_str(), pass ? cases.c_str() : "-",
                  refused.empty() ? "-" : refused.c_str(), time.c_str());
    rep.text += line;
    if (started) rep.text += "        started but never finished: it crashed or was stopped, or is running now\n";
    if (!pass && !r.get("failure").empty()) rep.text += "        " + r.get("failure") + "\n";
    if (!pass && expected_failure && !started) rep.text += "        a known impl/spec disagreement (docs/laws.md)\n";
    if (pass && expected_failure)
      rep.text += "        listed as a known disagreement but passes: remove it from the known lists (FAIL)\n";
  }
  if (missing == static_cast<long>(names.size())) {
    rep.text += "  not run since layoutref-properties was built: `ctest -L property` in the build tree records the\n"
                "  results verify reports; `layoutref verify --run-properties` runs the suite now\n";
    rep.status = StepStatus::not_run;
    return rep;
  }
  if (missing > 0) {
    for (auto const& name : names)
      if (!current(name)) {
        std::snprintf(line, sizeof line, "  %-5s %-58s not run since layoutref-properties was built\n", "-", name.c_str());
        rep.text += line;
      }
  }
  std::string seed = seeds.size() == 1 ? "seed " + *seeds.begin() : "seeds differ";
  std::snprintf(line, sizeof line,
                "  total: %ld properties, %ld pass, %ld known disagreements, %ld fail, %ld not run, %ld cases (%s), %ld at impl's "
                "capacity (at most 1%% of a property's cases)\n",
                static_cast<long>(names.size()), passed, known, failed, missing, total_cases, seed.c_str(), total_capacity);
  rep.text += line;
  if (!ran) rep.text += "  recorded in " + dir.string() + ", the oldest " + age(oldest) + "\n";
  if (ran && missing > 0)
    rep.text += "  the run left " + std::to_string(missing) + " properties without a result: FAIL\n";
  rep.status = failed > 0 || (ran && missing > 0) ? StepStatus::fail : missing > 0 ? StepStatus::not_run : StepStatus::pass;
  return rep;
}

}  // namespace layoutref::cli
