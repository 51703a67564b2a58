// layoutref equiv — reading conformance vector files.
//
// Format (tests/conformance/cute/README.md): one case a line, fields separated by one TAB:
// `op<TAB>arg...<TAB>=><TAB>result`; lines starting with `#` and blank lines are skipped.
#pragma once

#include <climits>
#include <fstream>
#include <istream>
#include <string>
#include <vector>

namespace layoutref::equiv {

struct Field {
  std::string text;
  int column = 1;  ///< 1-based byte column of the field in its line
};

struct Case {
  std::string file;
  int line = 0;
  std::string text;           ///< the whole line
  std::string op;
  std::vector<Field> args;
  Field result;
  std::string format_error;   ///< non-empty when the line is not op TAB args TAB => TAB result
  int format_column = 1;
};

/// Open the regular file `path` for reading. Returns false and sets `error` (naming the path and
/// why) when it does not exist, is a directory, or cannot be opened.
bool open_input(std::string const& path, std::ifstream& in, std::string& error);

/// Read every case of a file, or those on the lines [first, last] (1-based; the other lines are
/// counted, not parsed: `--shard` of audit and conform). Returns false (and sets `error`) when the
/// file cannot be opened (open_input) or a read fails.
bool read_vectors(std::string const& path, std::vector<Case>& out, std::string& error, long long first = 1,
                  long long last = LLONG_MAX);
/// Read every case from a stream (or those on the lines [first, last]); `name` is the file name the
/// cases report.
void read_vectors(std::istream& in, std::string const& name, std::vector<Case>& out, long long first = 1,
                  long long last = LLONG_MAX);
/// The number of lines of a file as read_vectors numbers them: its newlines, plus one for a last
/// line without one. Returns false (and sets `error`) as read_vectors does.
bool count_lines(std::string const& path, long long& lines, std::string& error);

}  // namespace layoutref::equiv
