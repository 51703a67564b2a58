// layoutref proofs — the options of `layoutref prove` (options.cpp), defined with CLI11
// (equiv/options.hpp): they parse prove's arguments and write its help.
#pragma once

#include <layoutref/equiv/options.hpp>

#include <string>
#include <vector>

namespace layoutref::proofs {

/// prove's arguments as given: checked by prove_command, which names what each needs.
struct ProveArgs {
  std::vector<std::string> words;  ///< the query, in words
  std::vector<std::string> where;  ///< each --where, in order
  std::string solver, timeout, emit_smt2;
  bool json = false;
};

/// prove's options, bound to `a`, on `o` (equiv::Options("prove", kProveProse)).
void define_prove_options(equiv::Options& o, ProveArgs& a);
/// What prove does: the help's prose.
extern char const* const kProveProse;

}  // namespace layoutref::proofs
