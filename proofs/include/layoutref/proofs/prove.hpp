// layoutref proofs — the command `prove`: Z3 queries over CuTe notation and layoutref's operations.
//
//   layoutref prove QUERY [--where 'a in 1..64, M in 1..2^20, M % 128 == 0'] [--timeout MS] [--solver z3|cvc5|both]
//                         [--emit-smt2 FILE] [--json]
//
//   QUERY := injective(F) | surjective(F, N) | bijective(F, N) | equal(F, G)
//          | image_within(F, LO, HI) | fits(F, int32) | admissible(OP, ARG...) | valid(OP(ARG...))
//   F     := LAYOUT | CALL | Sw<B,M,S> o OFF o LAYOUT | F o F        (`o`: function composition)
//   LAYOUT:= CuTe notation, leaves may be terms over the --where variables: (a,b):(1,a)
//   CALL  := an operation of `layoutref eval`, computed with impl: composition(A,B), complement(A,M)
//   N     := an integer term over the variables (a*b), or a CALL giving an integer
// Answers: proved (the checks that confirmed it, the time), refuted (counterexample), unknown
// (Z3's reason). Exit codes 0 proved, 1 refuted, 2 bad input, 3 unknown, 4 internal error.
#pragma once

#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/vectors.hpp>

#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

int prove_command(std::vector<std::string> const& args);
/// `layoutref prove --help`, written from prove's options (proofs/command/options.cpp); also its
/// part of `layoutref help`.
std::string prove_help();

/// The operations `prove` computes on symbolic arguments (docs/proofs.md), by their names in
/// equiv's table of operations; the others are computed by impl on concrete arguments only.
std::vector<std::string> const& symbolic_operations();

/// The query text of a case the audit could not tabulate (`valid(op(args))` with the claimed
/// result), proved; std::nullopt when the op has no translation validation.
std::optional<equiv::Outcome> prove_case(equiv::Case const& c, unsigned timeout_ms);

}  // namespace layoutref::proofs
