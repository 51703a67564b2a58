#include <layoutref/equiv/expectations.hpp>
#include <layoutref/equiv/vectors.hpp>

#include <fstream>
#include <sstream>

namespace layoutref::equiv {

std::string base_name(std::string const& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool Expectations::load(std::string const& path, std::string& error) {
  std::ifstream in;
  if (!open_input(path, in, error)) return false;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string file, lineno, op;
    if (!std::getline(fields, file, '\t') || !std::getline(fields, lineno, '\t') || !std::getline(fields, op, '\t')) {
      error = path + ":" + std::to_string(number) + ": expected file<TAB>line<TAB>op<TAB>reason";
      return false;
    }
    try {
      wrong[{file, std::stoi(lineno)}] = op;
    } catch (std::exception const&) {
      error = path + ":" + std::to_string(number) + ": `" + lineno + "` is not a line number";
      return false;
    }
  }
  if (in.bad()) {
    error = "cannot read " + path;
    return false;
  }
  return true;
}

bool Expectations::expects_wrong(std::string const& file, int line) const {
  return wrong.count({base_name(file), line}) != 0;
}

}  // namespace layoutref::equiv
