// layoutref cli — `layoutref gen --op OP [--count N] [--seed S] [--admissible | --inadmissible]`:
// input vectors for another implementation to fill in and `audit` (docs/auditing.md).
//
// The inputs are layoutref::generators' (generators/include/layoutref/generators/inputs.hpp: the
// same generators the properties draw from with RapidCheck), drawn from a seeded SplitMix64
// (generators/random.hpp), so a seed gives the same file on every platform. Each case is a line
// of the vector format (tests/conformance/cute/README.md) whose result is left open as `?`:
// `op<TAB>arg...<TAB>=><TAB>?`. Filled in (a result in CuTe notation, or `error` for a refusal),
// the file is judged by `layoutref audit`; a `?` left in it is reported as malformed.
#include "commands.hpp"

#include <layoutref/equiv/operations.hpp>
#include <layoutref/generators/inputs.hpp>
#include <layoutref/generators/random.hpp>
#include <layoutref/notation/print.hpp>

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::cli {

namespace {

std::string generated_ops(bool admissible) {
  std::string s;
  for (auto const& op : generators::input_operations())
    if (generators::has_inputs(op, admissible)) s += (s.empty() ? "" : ", ") + op;
  return s;
}

/// A whole decimal number in [lo, hi], or nullopt.
bool parse_number(std::string const& v, std::uint64_t lo, std::uint64_t hi, std::uint64_t& out) {
  if (v.empty() || v.size() > 20) return false;
  std::uint64_t x = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return false;
    std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    if (x > (UINT64_MAX - d) / 10) return false;
    x = x * 10 + d;
  }
  if (x < lo || x > hi) return false;
  out = x;
  return true;
}

char const* const kGenUsage =
    "usage: layoutref gen --op OP [--count N] [--seed S] [--admissible | --inadmissible]\n";

}  // namespace

int gen(std::vector<std::string> const& args) {
  std::string op;
  std::uint64_t count = 10, seed = 1;
  int admissible = -1;  // unset
  for (size_t i = 0; i < args.size(); ++i) {
    std::string const& a = args[i];
    if (a == "--admissible" || a == "--inadmissible") {
      int want = a == "--admissible" ? 1 : 0;
      if (admissible != -1 && admissible != want) {
        std::cerr << "layoutref gen: --admissible and --inadmissible exclude each other\n" << kGenUsage;
        return 2;
      }
      admissible = want;
    } else if ((a == "--op" || a == "--count" || a == "--seed") && i + 1 < args.size()) {
      std::string const& v = args[++i];
      if (a == "--op") {
        op = v;
      } else if (a == "--count" && !parse_number(v, 1, 1000000, count)) {
        std::cerr << "layoutref gen: --count needs a whole number in 1..1000000, got `" << v << "`\n";
        return 2;
      } else if (a == "--seed" && !parse_number(v, 0, UINT64_MAX, seed)) {
        std::cerr << "layoutref gen: --seed needs a whole number in 0..18446744073709551615, got `" << v << "`\n";
        return 2;
      }
    } else if (a == "--op" || a == "--count" || a == "--seed") {
      std::cerr << "layoutref gen: " << a << " needs a value\n" << kGenUsage;
      return 2;
    } else {
      std::cerr << "layoutref gen: unknown argument `" << a << "`\n" << kGenUsage;
      return 2;
    }
  }
  bool want_admissible = admissible != 0;
  if (op.empty()) {
    std::cerr << "layoutref gen: no operation given (--op OP; with generators: " << generated_ops(true) << ")\n";
    return 2;
  }
  if (!generators::has_inputs(op, want_admissible)) {
    std::string known = equiv::operations().find(op) ? "`" + op + "` has no generator of " +
                                                           (want_admissible ? "admissible" : "inadmissible") + " inputs"
                                                     : "unknown operation `" + op + "`";
    std::cerr << "layoutref gen: " << known << " (" << (want_admissible ? "admissible" : "inadmissible")
              << " inputs are generated for: " << generated_ops(want_admissible) << ")\n";
    return 2;
  }
  generators::SeededSource source(seed);
  std::string out = "# layoutref gen --op " + op + " --count " + std::to_string(count) + " --seed " + std::to_string(seed) +
                    (want_admissible ? " --admissible" : " --inadmissible") + "\n" +
                    "# Each result is left open as `?`: replace it with the implementation's result (CuTe notation,\n"
                    "# or `error` where it refuses the input), then judge the file with `layoutref audit FILE`.\n";
  // Each input's label is the spec's word, not the generator's: an input is kept when the spec
  // computes a result (admissible) or refuses it as inadmissible (inadmissible), and drawn again
  // otherwise (also on an overflow or a bad argument), at most kTries times for one line.
  auto label_holds = [&](std::vector<notation::Term> const& drawn) {
    return equiv::spec_admits(op, drawn) == (want_admissible ? equiv::Admits::yes : equiv::Admits::no);
  };
  constexpr int kTries = 1000;
  for (std::uint64_t k = 0; k < count; ++k) {
    std::optional<std::vector<notation::Term>> input;
    for (int tries = 0; tries < kTries && !input; ++tries) {
      input = generators::input(source, op, want_admissible);  // has_inputs: never nullopt
      if (input && !label_holds(*input)) input.reset();
    }
    if (!input) {
      std::cerr << "layoutref gen: after " << kTries << " draws, none of `" << op << "`'s generated inputs was "
                << (want_admissible ? "admissible" : "inadmissible") << " by the spec (line " << k + 1 << " of " << count
                << "; nothing written)\n";
      return 1;
    }
    std::string line = op;
    for (auto const& t : *input) line += "\t" + notation::print(t);
    out += line + "\t=>\t?\n";
  }
  std::cout << out;
  return 0;
}

}  // namespace layoutref::cli
