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


char const* const kVerifyProse =
    "The main job: audit the bundled CuTe vectors (default: the project's\n"
    "tests/conformance/cute) and print a table per operation. Wrong verdicts listed in\n"
    "the expectations (default: DIR/../expected_wrong.tsv) are CuTe's known divergences\n"
    "from the mathematics (docs/divergences.md). Then the CI set of Z3 proofs (run now,\n"
    "with z3), and the results of the property suite and of the GPU check (quick sizes)\n"
    "as `ctest -L property` and `ctest -L gpu` recorded them in the build tree's results/\n"
    "(--results DIR: another directory), with their age; a result older than its\n"
    "program's last build does not count. Without a current result a step says `not run`\n"
    "and how to run it; a step whose program is not built says so; neither fails verify,\n"
    "and the last line names them: `verify: pass (not run: properties, gpu)`.\n"
    "--run-properties, --run-gpu: run that step now (5000 cases a property, seed 1, or\n"
    "LAYOUTREF_PROPERTY_CASES), recording its results; --run-missing: run each step that\n"
    "has no current result (./run.sh verify does); --no-proofs: leave the proofs out.\n"
    "--json: the audit alone. --matrix-names: list every name the verification matrix\n"
    "reads (kind<TAB>name: spec suites, properties, law families, operations, GPU suites).\n"
    "Exit 0 when every other case is correct and no step that ran failed.";

struct VerifyArgs {
  std::string dir, expect_path, results;
  bool json = false, no_proofs = false, run_properties = false, run_gpu = false, run_missing = false, matrix_names = false;
};

void define_options(Options& o, VerifyArgs& a) {
  o.app().add_option("--data", a.dir, "the vector files' directory (default: the bundled CuTe vectors)")->type_name("DIR");
  o.app().add_option("--expect", a.expect_path, "the expectations (default: DIR/../expected_wrong.tsv)")->type_name("FILE");
  o.app().add_option("--results", a.results, "where the property and GPU results are (default: the build tree's results/)")
      ->type_name("DIR");
  o.app().add_flag("--run-properties", a.run_properties, "run the property suite now");
  o.app().add_flag("--run-gpu", a.run_gpu, "run the GPU check now");
  o.app().add_flag("--run-missing", a.run_missing, "run each step that has no current result");
  o.app().add_flag("--no-proofs", a.no_proofs, "leave the proofs out");
  o.app().add_flag("--json", a.json, "the audit alone, as JSON");
  o.app().add_flag("--matrix-names", a.matrix_names, "list the names the verification matrix reads, and stop");
}

}  // namespace

std::string verify_help() {
  VerifyArgs a;
  Options o("verify", kVerifyProse);
  define_options(o, a);
  return o.help();
}

int verify(std::vector<std::string> const& args) {
  namespace fs = std::filesystem;
  VerifyArgs a;
  Options options("verify", kVerifyProse);
  define_options(options, a);
  options.set_unknown_word("argument");
  if (auto rc = options.parse(args)) return *rc;
  if (a.matrix_names) {  // for the ctest cli.verify_matrix_names
    for (auto const& [kind, name] : matrix_names()) std::printf("%s\t%s\n", kind.c_str(), name.c_str());
    return 0;
  }
  std::string dir = options.app().count("--data") ? a.dir : default_data_dir();
  std::string expect_path = a.expect_path;
  bool const json = a.json;
  bool const proofs = !a.no_proofs;
  StepOptions properties, gpu;
  properties.results = gpu.results = options.app().count("--results") ? a.results : std::string(LAYOUTREF_RESULTS_DIR);
  properties.run = a.run_properties;
  gpu.run = a.run_gpu;
  properties.run_missing = gpu.run_missing = a.run_missing;
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
