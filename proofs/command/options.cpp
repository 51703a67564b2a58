// layoutref proofs — the options of `layoutref prove` (options.hpp).
#include "options.hpp"

#include <layoutref/proofs/prove.hpp>

namespace layoutref::proofs {

char const* const kProveProse =
    "Prove or refute with Z3 (docs/proofs.md): injective(F), surjective(F, N),\n"
    "bijective(F, N), equal(F, G), image_within(F, LO, HI), fits(F, int32),\n"
    "admissible(OP, ARG...), valid(OP(ARG...)); F is a layout (leaves may use the --where\n"
    "variables), an operation call, `Sw<B,M,S> o OFF o L` or `A o B`:\n"
    "  layoutref prove 'bijective((a,b):(1,a), a*b)' --where 'a in 1..64, b in 1..64'\n"
    "  layoutref prove 'equal(composition((6,4):(1,10), 4:4), (6,4):(1,10) o 4:4)'\n"
    "--timeout MS bounds the whole query (default 10000). --solver: z3 alone, cvc5 alone\n"
    "(on PATH) or both (the default portfolio, docs/proofs.md). Every answer is checked again:\n"
    "a proof replayed by a fresh z3 process and, over at most 2^20 points, evaluated with\n"
    "the spec; a counterexample evaluated with the spec. A shape or bound that can be\n"
    "below 1, or hypotheses that cannot all hold, are bad input.\n"
    "Exit 0 proved, 1 refuted (with a counterexample), 2 bad input, 3 unknown,\n"
    "4 internal error (a check contradicted the solver).";

void define_prove_options(equiv::Options& o, ProveArgs& a) {
  o.app()
      .add_option("--where", a.where,
                  "variables `NAME in LO..HI` (LO, HI integers or 2^K) and facts `TERM OP TERM` (OP one of\n"
                  "== != <= >= < >; the left term may end in `% D`), separated by commas; given twice, both")
      ->type_name("'a in 1..64, b in 1..64'")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  o.app().add_option("--timeout", a.timeout, "the whole query's budget in milliseconds, 1..86400000 (default 10000)")->type_name("MS");
  o.app().add_option("--solver", a.solver, "z3, cvc5 or both (the default)")->type_name("z3|cvc5|both");
  o.app().add_option("--emit-smt2", a.emit_smt2, "write the query's SMT-LIB2 text to FILE")->type_name("FILE");
  o.app().add_flag("--json", a.json, "the answer as one JSON document (bad input too)");
  o.app().add_option("query", a.words, "the query (several arguments are joined by spaces)")->type_name("QUERY");
}

std::string prove_help() {
  ProveArgs a;
  equiv::Options o("prove", kProveProse);
  define_prove_options(o, a);
  return o.help();
}

}  // namespace layoutref::proofs
