// layoutref cli — what the commands over vector files share (judge.cpp): reading the files case
// by case (`audit`, `conform`, `verify`), the options of `audit` and `conform`, and the audit.
#pragma once

#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/expectations.hpp>
#include <layoutref/equiv/report.hpp>
#include <layoutref/equiv/vectors.hpp>

#include <cstddef>
#include <functional>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace layoutref::cli {

/// A case with the spec's verdict on it.
struct Judged {
  equiv::Case c;
  equiv::Outcome o;
};

/// How many cases got each audit verdict; `known`: the wrong ones the expectations list.
struct AuditCounts {
  long cases = 0, correct = 0, wrong = 0, unsupported = 0, malformed = 0, known = 0;
  void add(equiv::Verdict v, bool expected_wrong);
};

/// The lines of the vector files as the units of one run (`--shard`, equiv/report.hpp): file after
/// file, line after line; and the lines [first, last] of each file that a shard holds.
struct FileLines {
  std::string path;
  long long lines = 0;
  long long first = 1, last = 0;  ///< first > last: none of this file's lines
};
struct ShardedFiles {
  std::vector<FileLines> files;
  unsigned long long total = 0;  ///< the lines of all the files
  equiv::UnitRange range;        ///< the shard's lines, numbered from 0 across the files
};

/// Call `fn` on every case of `files`, file by file in order; with `lines`, on the cases of the
/// lines it holds. A file that cannot be read (equiv::read_vectors) has its error printed on
/// stderr after `prefix` and is passed over.
/// @post false when a file could not be read (the others walked)
bool for_each_case(std::vector<std::string> const& files, std::string_view prefix,
                   std::function<void(equiv::Case&)> const& fn, ShardedFiles const* lines = nullptr);

/// The options `audit` and `conform` share: `--json`, `--expect FILE`, `--shard K/N`,
/// `--report FILE` and the vector files.
struct FileOptions {
  bool json = false;
  std::string expect_path;         ///< empty: no --expect
  std::vector<std::string> files;  ///< the vector files (the positional arguments)
  bool sharded = false;            ///< --shard given
  equiv::Shard shard;              ///< --shard K/N (0/1 without)
  std::string report_path;         ///< --report FILE; empty: none
  /// Whether the files are counted into lines: with --shard or --report.
  bool counts_lines() const { return sharded || !report_path.empty(); }
};

/// Count the lines of opt.files and find the shard's part of them (ShardedFiles).
/// @post false, the error printed on stderr after `layoutref <command>: `, when a file cannot be read
bool shard_files(std::string_view command, FileOptions const& opt, ShardedFiles& out);

/// The files with their line counts, for a report's `run`: [{"path":P,"lines":L},...].
equiv::Json files_json(ShardedFiles const& files);

/// A shell command that runs `command` on line `line` of `file` alone:
/// `sed -n 'Lp' FILE > case.tsv && layoutref COMMAND case.tsv`.
std::string reproduce_line(std::string const& file, int line, std::string const& command);

/// Write `report` to opt.report_path when it is set. @post false, the error printed, when it cannot be
bool write_report_option(std::string_view command, FileOptions const& opt, equiv::Report const& report);

/// Define the options `audit` and `conform` share on `o`, bound to `out` (the shard's text in
/// `shard_text`, checked by check_file_options).
void define_file_options(Options& o, FileOptions& out, std::string& shard_text);

/// After o.parse: read --shard, check --report, and that there are vector files.
/// @post false, the error (`layoutref <command>: ...`, with the usage where the call is wrong)
///       printed on stderr, on a bad --shard or --report, or no vector files
bool check_file_options(std::string_view command, Options& o, FileOptions& out, std::string const& shard_text);

/// Load the expectations file `path` (equiv::Expectations, equiv::ConformExpectations) into `ex`
/// unless path is empty.
/// @post false, the error printed on stderr after `layoutref <command>: `, when it cannot be read
template <class Ex>
bool load_expectations(std::string_view command, std::string const& path, Ex& ex) {
  if (path.empty()) return true;
  std::string error;
  if (ex.load(path, error)) return true;
  std::cerr << "layoutref " << command << ": " << error << "\n";
  return false;
}

/// Append every case of `files` (with `lines`: of the lines it holds), judged by the spec
/// (equiv::audit_case), to `out`.
/// @post false when a file could not be read (its error printed on stderr, the others judged)
bool judge_files(std::vector<std::string> const& files, std::vector<Judged>& out, ShardedFiles const* lines = nullptr);

/// The cases whose verdict differs from the expectations, described: a listed case not judged
/// wrong, or an unlisted case judged wrong.
std::vector<std::string> mismatches(std::vector<Judged> const& judged, equiv::Expectations const& ex);

}  // namespace layoutref::cli
