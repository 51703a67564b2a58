// layoutref cli — `layoutref verify`, the main job: the audit of the bundled CuTe vectors per
// operation (in-process), the CI proofs (in-process, when proofs/ is built), and the recorded
// results of the property suite and the GPU check (verify_steps.hpp), each run now only when asked.
#include "commands.hpp"
#include "judge.hpp"
#include "verify_steps.hpp"

#include <layoutref/equiv/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#ifndef LAYOUTREF_DATA_DIR
#define LAYOUTREF_DATA_DIR "tests/conformance/cute"
#endif
#ifndef LAYOUTREF_RESULTS_DIR
#define LAYOUTREF_RESULTS_DIR "results"
#endif

namespace layoutref::cli {

namespace {

using namespace layoutref::equiv;

Json counts_json(AuditCounts const& c) {
  return Json::object({{"cases", c.cases},
                       {"correct", c.correct},
                       {"wrong", c.wrong},
                       {"known_cute_divergences", c.known},
                       {"unsupported", c.unsupported},
                       {"malformed", c.malformed}});
}

/// The vectors read by default: the installed copy beside the program
/// (BINDIR/LAYOUTREF_INSTALLED_DATA_FROM_BIN) when it is there, else the source tree's the program
/// was built from.
std::string default_data_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path installed = (exe.parent_path() / LAYOUTREF_INSTALLED_DATA_FROM_BIN).lexically_normal();
    if (fs::is_directory(installed, ec)) return installed.string();
  }
  return LAYOUTREF_DATA_DIR;
}

}  // namespace

int verify(std::vector<std::string> const& args) {
  namespace fs = std::filesystem;
  std::string dir = default_data_dir();
  std::string expect_path;
  bool json = false;
  bool proofs = true;
  StepOptions properties, gpu;
  properties.results = gpu.results = LAYOUTREF_RESULTS_DIR;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--data" && i + 1 < args.size()) {
      dir = args[++i];
    } else if (args[i] == "--expect" && i + 1 < args.size()) {
      expect_path = args[++i];
    } else if (args[i] == "--results" && i + 1 < args.size()) {
      properties.results = gpu.results = args[++i];
    } else if (args[i] == "--run-properties") {
      properties.run = true;
    } else if (args[i] == "--run-gpu") {
      gpu.run = true;
    } else if (args[i] == "--no-proofs") {
      proofs = false;
    } else if (args[i] == "--run-missing") {
      properties.run_missing = gpu.run_missing = true;
    } else if (args[i] == "--json") {
      json = true;
    } else if (args[i] == "--matrix-names") {  // for the ctest cli.verify_matrix_names
      for (auto const& [kind, name] : matrix_names()) std::printf("%s\t%s\n", kind.c_str(), name.c_str());
      return 0;
    } else {
      std::cerr << "layoutref verify: unknown argument `" << args[i] << "`\n" << kUsage;
      return 2;
    }
  }
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    std::cerr << "layoutref verify: the data directory " << dir << " does not exist (use --data DIR)\n";
    return 2;
  }
  if (expect_path.empty()) expect_path = (fs::path(dir).parent_path() / "expected_wrong.tsv").string();
  Expectations ex;
  std::string error;
  if (!ex.load(expect_path, error)) {
    std::cerr << "layoutref verify: " << error << "\n";
    return 2;
  }
  std::vector<std::string> files;
  for (auto const& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".tsv") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<Judged> judged;
  bool read_ok = judge_files(files, judged);
  std::map<std::string, AuditCounts> per_op;
  AuditCounts total;
  for (auto const& j : judged) {
    bool known = ex.expects_wrong(j.c.file, j.c.line);
    per_op[j.c.op].add(j.o.verdict, known);
    total.add(j.o.verdict, known);
  }
  auto diff = mismatches(judged, ex);
  bool pass = read_ok && diff.empty() && total.unsupported == 0 && total.malformed == 0;
  std::map<std::string, OperationCounts> counts;
  for (auto const& [op, c] : per_op) counts[op] = OperationCounts{c.cases, c.correct, c.wrong, c.known};
  // The steps after the audit: the proofs (in-process), the properties and the GPU check.
  auto run_proofs = [&]() -> StepReport {
    if (!proofs) return StepReport{StepStatus::not_run, "\nproofs (Z3; docs/proofs.md):\n  left out (--no-proofs)\n", {}};
#ifdef LAYOUTREF_HAVE_PROOFS
    return verify_proofs();
#else
    return StepReport{StepStatus::not_run, "\nproofs (Z3; docs/proofs.md):\n  proofs/ is not built (z3 missing?): skipped\n", {}};
#endif
  };
  auto status_name = [](StepStatus st) { return st == StepStatus::pass ? "pass" : st == StepStatus::fail ? "FAIL" : "not run"; };
  if (json) {
    StepReport pr = run_proofs(), props = verify_properties(properties), g = verify_gpu(gpu);
    Matrix matrix = verification_matrix(counts, pr, props, g);
    for (auto const* st : {&pr, &props, &g})
      if (st->status == StepStatus::fail) pass = false;
    for (auto const& r : matrix.rows) pass = pass && !r.fail;
    Json operations = Json::object();
    for (auto const& [op, c] : per_op) operations[op] = counts_json(c);
    Json rows = Json::array();
    for (auto const& r : matrix.rows)
      rows.push_back(Json::object({{"operation", r.operation},
                                   {"spec_unit_tests", r.spec},
                                   {"impl_matches_spec", r.impl},
                                   {"laws", r.laws},
                                   {"proof", r.proof},
                                   {"conformance", r.conformance},
                                   {"gpu", r.gpu},
                                   {"fail", r.fail}}));
    Json doc = Json::object({{"data", dir},
                             {"operations", operations},
                             {"total", counts_json(total)},
                             {"steps", Json::object({{"proofs", status_name(pr.status)},
                                                     {"properties", status_name(props.status)},
                                                     {"gpu", status_name(g.status)}})},
                             {"matrix", rows},
                             {"pass", pass}});
    std::cout << json_text(doc) << "\n";
    return read_ok ? (pass ? 0 : 1) : 2;
  }
  std::printf("layoutref verify: the CuTe conformance vectors in %s (%zu files)\n\n", dir.c_str(), files.size());
  std::printf("%-26s %7s %8s %6s %10s %12s %10s\n", "operation", "cases", "correct", "wrong", "known-cute",
              "unsupported", "malformed");
  for (auto const& [op, c] : per_op)
    std::printf("%-26s %7ld %8ld %6ld %10ld %12ld %10ld\n", op.c_str(), c.cases, c.correct, c.wrong, c.known,
                c.unsupported, c.malformed);
  std::printf("%-26s %7ld %8ld %6ld %10ld %12ld %10ld\n\n", "total", total.cases, total.correct, total.wrong, total.known,
              total.unsupported, total.malformed);
  std::printf("known-cute: cases where CuTe's result breaks the mathematics (docs/divergences.md);\n"
              "they must be judged wrong, every other case correct.\n");
  for (auto const& d : diff) std::printf("MISMATCH: %s\n", d.c_str());
  std::fflush(stdout);

  std::vector<std::string> not_run;
  auto step = [&](char const* name, StepReport const& r) {
    std::printf("%s", r.text.c_str());
    std::fflush(stdout);
    if (r.status == StepStatus::fail) pass = false;
    if (r.status == StepStatus::not_run) not_run.push_back(name);
  };
  StepReport pr = run_proofs();
  step("proofs", pr);
  StepReport props = verify_properties(properties);
  step("properties", props);
  StepReport g = verify_gpu(gpu);
  step("gpu", g);
  Matrix matrix = verification_matrix(counts, pr, props, g);
  std::printf("%s", matrix.text().c_str());
  for (auto const& r : matrix.rows) pass = pass && !r.fail;
  std::string also;
  for (auto const& n : not_run) also += (also.empty() ? " (not run: " : ", ") + n;
  if (!also.empty()) also += ")";
  std::printf("verify: %s%s\n", pass ? "pass" : "FAIL", also.c_str());
  return read_ok ? (pass ? 0 : 1) : 2;
}

}  // namespace layoutref::cli
