// layoutref cli — what the commands over vector files share (judge.cpp): reading the files case
// by case (`audit`, `conform`, `verify`), the options of `audit` and `conform`, and the audit.
#pragma once

#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/expectations.hpp>
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

/// Call `fn` on every case of `files`, file by file in order. A file that cannot be read
/// (equiv::read_vectors) has its error printed on stderr after `prefix` and is passed over.
/// @post false when a file could not be read (the others walked)
bool for_each_case(std::vector<std::string> const& files, std::string_view prefix,
                   std::function<void(equiv::Case&)> const& fn);

/// The options `audit` and `conform` share: `--json`, `--expect FILE` and the vector files.
struct FileOptions {
  bool json = false;
  std::string expect_path;         ///< empty: no --expect
  std::vector<std::string> files;  ///< the arguments that are not options
};

/// What a command's own option parser made of `args[i]`.
enum class OwnOption {
  not_mine,  ///< not one of the command's options
  taken,     ///< taken (i advanced past its value, if any)
  failed,    ///< bad value, its error printed: exit 2
};
using OwnOptions = std::function<OwnOption(std::vector<std::string> const& args, std::size_t& i)>;

/// Parse the arguments of `layoutref <command>`: `own` (when given) is asked first about each
/// argument, then the shared options; any other `--` argument is an unknown option.
/// @post false, the error (`layoutref <command>: ...`, with the usage where the call is wrong)
///       printed on stderr, on an unknown option, a failed own option or no vector files
bool parse_file_options(std::string_view command, std::vector<std::string> const& args, FileOptions& out,
                        OwnOptions const& own = {});

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

/// Append every case of `files`, judged by the spec (equiv::audit_case), to `out`.
/// @post false when a file could not be read (its error printed on stderr, the others judged)
bool judge_files(std::vector<std::string> const& files, std::vector<Judged>& out);

/// The cases whose verdict differs from the expectations, described: a listed case not judged
/// wrong, or an unlisted case judged wrong.
std::vector<std::string> mismatches(std::vector<Judged> const& judged, equiv::Expectations const& ex);

}  // namespace layoutref::cli
