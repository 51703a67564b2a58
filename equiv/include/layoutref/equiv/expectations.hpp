// layoutref equiv — the list of conformance cases where CuTe breaks the mathematics.
//
// File format (tests/conformance/expected_wrong.tsv): `file<TAB>line<TAB>op<TAB>reason`,
// `#` comments. `file` is the vector file's base name. Each listed case must be judged wrong;
// every other case correct.
#pragma once

#include <map>
#include <string>
#include <utility>

namespace layoutref::equiv {

struct Expectations {
  std::map<std::pair<std::string, int>, std::string> wrong;  ///< (file base name, line) -> op
  bool load(std::string const& path, std::string& error);
  bool expects_wrong(std::string const& file, int line) const;
};

std::string base_name(std::string const& path);

}  // namespace layoutref::equiv
