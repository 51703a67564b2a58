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

/// gen's arguments, as text: checked after parsing (parse_number), which names what they need.
struct GenArgs {
  std::string op, count, seed;
  bool admissible = false, inadmissible = false;
};

char const* const kGenProse =
    "Write N input vectors of OP (default 10, seed 1, admissible inputs) for another\n"
    "implementation to fill in: `OP<TAB>args<TAB>=><TAB>?`, the result left open as `?`.\n"
    "Replace each `?` with that implementation's result (CuTe notation, or `error` for a\n"
    "refusal) and judge the file with `layoutref audit` (a `?` left is malformed). The\n"
    "inputs are the property suite's generators (docs/auditing.md), the same for a seed\n"
    "on every platform; --inadmissible: inputs built to break a condition (a few are\n"
    "admissible after all, where the condition is only sufficient).";

void define_options(Options& o, GenArgs& a) {
  o.app().add_option("--op", a.op, "the operation; one that is not generated is refused with the list of those that are")->type_name("OP");
  o.set_required_in_help("--op");  // checked by gen, which lists the operations that have generators
  o.app().add_option("--count", a.count, "how many vectors, 1..1000000 (default 10)")->type_name("N");
  o.app().add_option("--seed", a.seed, "the seed, 0..18446744073709551615 (default 1)")->type_name("S");
  o.app().add_flag("--admissible", a.admissible, "inputs the spec admits (the default)");
  o.app().add_flag("--inadmissible", a.inadmissible, "inputs the spec refuses as inadmissible");
}

}  // namespace

std::string gen_help() {
  GenArgs a;
  Options o("gen", kGenProse);
  define_options(o, a);
  return o.help();
}

int gen(std::vector<std::string> const& args) {
  GenArgs a;
  Options options("gen", kGenProse);
  define_options(options, a);
  options.set_unknown_word("argument");
  std::string const usage = "usage: layoutref " + options.synopsis() + "\n";
  if (auto rc = options.parse(args)) return *rc;
  std::string const& op = a.op;
  std::uint64_t count = 10, seed = 1;
  if (a.admissible && a.inadmissible) {
    std::cerr << "layoutref gen: --admissible and --inadmissible exclude each other\n" << usage;
    return 2;
  }
  if (options.app().count("--count")) {
    if (!parse_number(a.count, 1, 1000000, count)) {
      std::cerr << "layoutref gen: --count needs a whole number in 1..1000000, got `" << a.count << "`\n";
      return 2;
    }
  }
  if (options.app().count("--seed")) {
    if (!parse_number(a.seed, 0, UINT64_MAX, seed)) {
      std::cerr << "layoutref gen: --seed needs a whole number in 0..18446744073709551615, got `" << a.seed << "`\n";
      return 2;
    }
  }
  bool const want_admissible = !a.inadmissible;
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
