#include <layoutref/equiv/vectors.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace layoutref::equiv {

bool open_input(std::string const& path, std::ifstream& in, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) {
    error = "cannot open " + path + ": no such file";
    return false;
  }
  if (fs::is_directory(st)) {
    error = "cannot open " + path + ": it is a directory, not a file";
    return false;
  }
  errno = 0;
  in.open(path, std::ios::binary);
  if (!in) {
    error = "cannot open " + path + (errno ? std::string(": ") + std::strerror(errno) : std::string());
    return false;
  }
  return true;
}

bool read_vectors(std::string const& path, std::vector<Case>& out, std::string& error, long long first_line,
                  long long last_line) {
  std::ifstream in;
  if (!open_input(path, in, error)) return false;
  read_vectors(in, path, out, first_line, last_line);
  if (in.bad()) {
    error = "cannot read " + path;
    return false;
  }
  return true;
}

bool count_lines(std::string const& path, long long& lines, std::string& error) {
  std::ifstream in;
  if (!open_input(path, in, error)) return false;
  long long n = 0;
  char last = '\n';
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    std::streamsize got = in.gcount();
    for (std::streamsize i = 0; i < got; ++i)
      if (buf[i] == '\n') ++n;
    last = buf[got - 1];
    if (!in) break;
  }
  if (in.bad()) {
    error = "cannot read " + path;
    return false;
  }
  lines = n + (last != '\n' ? 1 : 0);
  return true;
}

void read_vectors(std::istream& in, std::string const& path, std::vector<Case>& out, long long first_line, long long last_line) {
  std::string line;
  int number = 0;
  while (number < last_line && std::getline(in, line)) {
    ++number;
    if (number < first_line) continue;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    Case c;
    c.file = path;
    c.line = number;
    c.text = line;
    std::vector<Field> fields;
    size_t start = 0;
    while (true) {
      size_t tab = line.find('\t', start);
      fields.push_back(Field{line.substr(start, tab == std::string::npos ? std::string::npos : tab - start),
                             static_cast<int>(start) + 1});
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    c.op = fields[0].text;
    size_t arrow = fields.size();
    for (size_t i = 1; i < fields.size(); ++i)
      if (fields[i].text == "=>") {
        arrow = i;
        break;
      }
    if (c.op.empty()) {
      c.format_error = "expected an operation name";
    } else if (arrow == fields.size()) {
      c.format_error = "expected a field `=>` before the result";
      c.format_column = static_cast<int>(line.size()) + 1;
    } else if (arrow + 2 != fields.size()) {
      c.format_error = arrow + 1 == fields.size() ? "expected a result after `=>`" : "expected one result field after `=>`";
      c.format_column = arrow + 1 < fields.size() ? fields[arrow + 2 < fields.size() ? arrow + 2 : arrow + 1].column
                                                  : static_cast<int>(line.size()) + 1;
    } else {
      c.args.assign(fields.begin() + 1, fields.begin() + static_cast<std::ptrdiff_t>(arrow));
      c.result = fields[arrow + 1];
    }
    out.push_back(std::move(c));
  }
}

}  // namespace layoutref::equiv
