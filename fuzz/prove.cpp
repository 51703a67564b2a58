// Fuzz target: `layoutref prove QUERY [--where W] --timeout 50` in process (proofs::prove_command).
// Input: the query on the first line, the --where text (if any) on the second.
// Oracle: the exit code is one of 0 proved, 1 refuted, 2 bad input, 3 unknown; 4 (internal
// error) and anything else is a finding. Output goes nowhere.
#include "fuzz.hpp"

#include <layoutref/proofs/prove.hpp>

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace layoutref;
  std::string text;
  if (!fuzz::text_of(data, size, text)) return 0;
  std::string query = fuzz::first_line(text);
  std::string where = text.size() > query.size() ? fuzz::first_line(text.substr(query.size() + 1)) : "";
  // The query is one argument: a leading "--" would be read as an option, which is not the query.
  if (query.rfind("--", 0) == 0 || where.rfind("--", 0) == 0) return 0;
  std::vector<std::string> args{query, "--timeout", "50"};
  if (!where.empty()) {
    args.push_back("--where");
    args.push_back(where);
  }
  int rc;
  {
    fuzz::Silence quiet;
    rc = proofs::prove_command(args);
  }
  if (rc < 0 || rc > 3) fuzz::fail("prove exited " + std::to_string(rc) + " on `" + query + "` where `" + where + "`");
  return 0;
}
