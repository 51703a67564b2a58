// layoutref equiv — expectation files: the conformance cases listed as judged otherwise than the
// default, one reader for both formats.
//
// Audit (tests/conformance/expected_wrong.tsv): `file<TAB>line<TAB>op<TAB>reason`, the cases where
// CuTe breaks the mathematics; each listed case must be judged wrong, every other case correct.
// Conform (tests/conformance/expected_conform.tsv): `file<TAB>line<TAB>op<TAB>verdict<TAB>reason`,
// the cases allowed not to be literal, with their conform verdict. In both, `file` is the vector
// file's base name, lines starting with `#` and empty lines are ignored, and a later line for the
// same case replaces an earlier one.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace layoutref::equiv {

/// One line of an expectation file: its first fields, split at tabs.
struct ExpectationLine {
  std::string file;                 ///< the vector file's base name
  int line = 0;                     ///< the case's line in it
  std::vector<std::string> fields;  ///< every field from the third (op) on, reason included
};

/// Read the expectation file `path` whose lines have at least `required` tab-separated fields
/// (file, line, op, ...), `format` naming them for the error (e.g. "file<TAB>line<TAB>op<TAB>reason").
/// @pre required >= 3
/// @post true and `out` appended with every line; or false and `error` naming the file and line:
///       a missing or empty required field, a line number that is not a number, an unreadable file
bool read_expectation_file(std::string const& path, size_t required, std::string const& format,
                           std::vector<ExpectationLine>& out, std::string& error);

/// The audit expectations: the cases that must be judged wrong.
struct Expectations {
  std::map<std::pair<std::string, int>, std::string> wrong;  ///< (file base name, line) -> op
  bool load(std::string const& path, std::string& error);
  bool expects_wrong(std::string const& file, int line) const;
};

/// The conform expectations: the verdict (a name of Conformity) of each listed case.
struct ConformExpectations {
  std::map<std::pair<std::string, int>, std::string> verdict;  ///< (file base name, line) -> verdict
  bool load(std::string const& path, std::string& error);
  /// The listed verdict of the case at `file` (a path or a base name) and `line`; "literal" when
  /// it is not listed.
  std::string expected(std::string const& file, int line) const;
};

std::string base_name(std::string const& path);

}  // namespace layoutref::equiv
