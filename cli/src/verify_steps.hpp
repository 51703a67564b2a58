// layoutref cli — the steps of `layoutref verify` after the audit of the vectors: the CI proofs
// (run in-process), the property suite and the GPU check (their recorded results reported, run
// only on request).
//
// Recorded results live under the results directory (default: the build tree's `results/`,
// LAYOUTREF_RESULTS_DIR): `properties/<Suite.Name>.tsv`, one file per property, written by the
// property program itself (properties/main.cpp) whenever it runs, so by `ctest -L property`;
// `gpu/<suite>.txt`, the summary of `layoutref-gpu-check --suite <suite> --quick --out FILE`,
// written by `ctest -L gpu`. A result counts only when it is newer than the program that wrote
// it: one older than the program's last build is reported as not run.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace layoutref::cli {

enum class StepStatus {
  pass,     ///< ran (now or recorded) and passed
  fail,     ///< ran and failed, or cannot be read or run although it is built
  not_run,  ///< not built, no usable GPU, or no current result and not asked to run
};

struct StepReport {
  StepStatus status = StepStatus::pass;
  std::string text;  ///< the step's section of the report, starting with an empty line
  /// Each item's outcome, for the verification matrix: a property (`Suite.Name`), a GPU suite or
  /// a law family, to "pass", "FAIL", "known" (a known disagreement failing as it should) or
  /// "not run".
  std::map<std::string, std::string> items;
};

struct StepOptions {
  std::filesystem::path results;  ///< the results directory
  bool run = false;               ///< run the step now, whatever is recorded
  bool run_missing = false;       ///< run it now when it has no current result
};

/// The CI set of the law library (proofs/laws), run now: each law's answer and time.
/// @post fail when a law that must be proved is not
StepReport verify_proofs();

/// The property suite: the recorded result of each property `layoutref-properties
/// --gtest_list_tests` lists, or a run now (RC_PARAMS seed=1, LAYOUTREF_PROPERTY_CASES or 5000
/// cases, which records the results too). Open impl/spec disagreements (the top-level
/// LAYOUTREF_PROPERTY_KNOWN_FAILURES) must fail and are reported as `known`.
/// @post fail when a property fails or crashed, a known disagreement passes, or the program
///       cannot be listed or run; not_run when it is not built or a property has no current result
StepReport verify_properties(StepOptions const& o);

/// The GPU check (quick sizes, the suites eval, tables, sweep, tensor): the recorded summaries,
/// or a run now (which records them).
/// @post fail when a suite found a mismatch or an error, or stopped before its total; not_run
///       when it is not built, no GPU is usable, or a suite has no current result
StepReport verify_gpu(StepOptions const& o);

/// The conformance audit's counts of one operation, for the matrix.
struct OperationCounts {
  long cases = 0, correct = 0, wrong = 0, known = 0;
};

/// The verification matrix (verify_matrix.cpp): one row per operation, with the spec's unit tests
/// (run now, when layoutref-spec-tests is built beside this program), the impl ≡ spec property, the
/// law properties, the proofs (all values, bounded, per input, none, and how their law families
/// answered), the conformance vectors and the GPU check, from the steps' items.
struct Matrix {
  struct Row {
    std::string operation;
    std::string spec, impl, laws, proof, conformance, gpu;  ///< each cell's text
    bool fail = false;                                      ///< a cell that failed
  };
  std::vector<Row> rows;
  std::string text() const;  ///< the table, starting with an empty line
};
/// Every name the matrix refers to, as (kind, name): spec (a gtest suite of layoutref-spec-tests),
/// property, family (a law family), conformance (an operation of the vectors), gpu (a suite).
std::vector<std::pair<std::string, std::string>> matrix_names();
Matrix verification_matrix(std::map<std::string, OperationCounts> const& conformance, StepReport const& proofs,
                           StepReport const& properties, StepReport const& gpu);

/// The program `name` in the directory of this executable (/proc/self/exe); empty when that
/// directory cannot be known or the program is not there.
std::filesystem::path beside_self(std::string const& name);

/// The program `name` a step reports on, beside this executable (beside_self).
/// @post an empty path when it is not there, with `rep` saying so (`name is not built beside
///       layoutref (why): skipped`) and rep.status not_run
std::filesystem::path step_program(StepReport& rep, std::string const& name, std::string const& why);

/// Whether the result file `result` is newer than `program`'s last build.
bool is_current(std::filesystem::path const& result, std::filesystem::path const& program);

/// "3 min ago" for the last write of `file`.
std::string age(std::filesystem::path const& file);

/// `s` quoted for sh: '...' with every ' written '\''.
std::string shell_quote(std::string const& s);

}  // namespace layoutref::cli
