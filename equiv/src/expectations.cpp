#include <layoutref/equiv/expectations.hpp>
#include <layoutref/equiv/vectors.hpp>

#include <fstream>

namespace layoutref::equiv {

std::string base_name(std::string const& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool read_expectation_file(std::string const& path, size_t required, std::string const& format,
                           std::vector<ExpectationLine>& out, std::string& error) {
  std::ifstream in;
  if (!open_input(path, in, error)) return false;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    for (size_t start = 0;;) {
      size_t tab = line.find('\t', start);
      f.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    bool complete = f.size() >= required;
    for (size_t i = 0; complete && i < required; ++i) complete = !f[i].empty();
    if (!complete) {
      error = path + ":" + std::to_string(number) + ": expected " + format;
      return false;
    }
    ExpectationLine e;
    e.file = f[0];
    try {
      e.line = std::stoi(f[1]);
    } catch (std::exception const&) {
      error = path + ":" + std::to_string(number) + ": `" + f[1] + "` is not a line number";
      return false;
    }
    e.fields.assign(f.begin() + 2, f.end());
    out.push_back(std::move(e));
  }
  if (in.bad()) {
    error = "cannot read " + path;
    return false;
  }
  return true;
}

bool Expectations::load(std::string const& path, std::string& error) {
  std::vector<ExpectationLine> lines;
  if (!read_expectation_file(path, 3, "file<TAB>line<TAB>op<TAB>reason", lines, error)) return false;
  for (auto const& e : lines) wrong[{e.file, e.line}] = e.fields[0];
  return true;
}

bool Expectations::expects_wrong(std::string const& file, int line) const {
  return wrong.count({base_name(file), line}) != 0;
}

bool ConformExpectations::load(std::string const& path, std::string& error) {
  std::vector<ExpectationLine> lines;
  if (!read_expectation_file(path, 4, "file<TAB>line<TAB>op<TAB>verdict<TAB>reason", lines, error)) return false;
  for (auto const& e : lines) verdict[{e.file, e.line}] = e.fields[1];
  return true;
}

std::string ConformExpectations::expected(std::string const& file, int line) const {
  auto it = verdict.find({base_name(file), line});
  return it == verdict.end() ? "literal" : it->second;
}

}  // namespace layoutref::equiv
