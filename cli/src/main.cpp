// layoutref — the command.
//
//   layoutref audit [--json] [--expect FILE] [--table-limit N] [--prove] [--draw DIR] [--shard K/N]
//                   [--report FILE] FILE...                                            (cmd_audit.cpp)
//   layoutref verify [--data DIR] [--expect FILE] [--results DIR] [--run-properties] [--run-gpu]
//                    [--run-missing] [--no-proofs] [--json]                             (cmd_verify.cpp)
//   layoutref conform [--json] [--expect FILE] [--shard K/N] [--report FILE] FILE...     (cmd_conform.cpp)
//   layoutref merge [--report FILE] [--json] REPORT...                                  (cmd_merge.cpp)
//   layoutref eval [--json] [--spec] EXPR                                               (cmd_eval.cpp)
//   layoutref table EXPR                                                                (cmd_table.cpp)
//   layoutref gen --op OP [--count N] [--seed S] [--admissible | --inadmissible]        (cmd_gen.cpp)
//   layoutref draw [--format svg|tikz|html] [-o FILE] [--element-bytes N] [--banks] EXPR  (cmd_draw.cpp)
//   layoutref prove QUERY [--where ...] [--timeout MS] [--emit-smt2 FILE] [--json]  (proofs/command, with z3)
//   layoutref help | version
//
// A thin main over equiv/ and proofs/ (docs/architecture.md): it dispatches to the commands
// (commands.hpp), prints this help, and maps an escaping exception to an exit code. audit judges
// vector files (op TAB args TAB => TAB result) with the executable specification
// (equiv::audit_case); verify is the main job: the audit of the bundled CuTe vectors, summed up per
// operation, the CI proofs, and the recorded results of the property suite and the GPU check
// (verify_steps.hpp); conform computes each vector with impl and compares with CuTe's result
// (equiv::conform_case); merge combines the reports of a run's shards (equiv/report.hpp); eval computes an expression with impl and table prints CuTe's
// print_layout / print_tensor of one (equiv/calculator.hpp); gen writes input vectors whose
// results are left open (`?`), for another implementation to fill in (layoutref::generators);
// draw pictures one, computed by the spec (draw/draw.hpp); prove decides a query with Z3
// (proofs/command/prove.cpp). Exit codes of every command (kUsage): 0 holds / correct, 1 refuted /
// wrong / inadmissible, 2 bad input (malformed text, a missing or unreadable file, a directory),
// 3 unknown, 4 internal error.
#include "commands.hpp"

#ifdef LAYOUTREF_HAVE_PROOFS
#include <layoutref/proofs/prove.hpp>
#endif
#include <layoutref/equiv/output.hpp>
#include <layoutref/spec/error.hpp>

#include <iostream>
#include <streambuf>
#include <string>
#include <vector>

#ifndef LAYOUTREF_VERSION
#define LAYOUTREF_VERSION "0"
#endif

namespace layoutref::cli {

char const* const kUsage =
    "usage: layoutref <command> [options]\n"
    "\n"
    "commands:\n"
    "  audit [--json] [--expect FILE] [--table-limit N] [--prove] [--draw DIR] [--shard K/N]\n"
    "        [--report FILE] FILE...\n"
    "      Judge every case of the vector files (op<TAB>args<TAB>=><TAB>result, see\n"
    "      tests/conformance/cute/README.md) with the executable specification. One line per\n"
    "      case: `file:line op verdict [detail]`, verdict correct | wrong | unsupported |\n"
    "      malformed; the last line sums them up. Exit 0 when nothing is wrong, unsupported\n"
    "      or malformed. With --expect FILE (file<TAB>line<TAB>op<TAB>reason lines), exit 0 when\n"
    "      exactly the listed cases are wrong and nothing is unsupported or malformed.\n"
    "      With --prove, cases whose tables are past the limit are checked with Z3 instead.\n"
    "      With --draw DIR, each wrong verdict's claimed result is drawn beside the spec's, the\n"
    "      differing cells framed in red: DIR/<file>_<line>_<op>.svg (docs/draw.md).\n"
    "      --shard K/N: only shard K of N of the files' lines (below); --report FILE: write\n"
    "      the run's (or the shard's) report, a JSON document for `layoutref merge`.\n"
    "  verify [--data DIR] [--expect FILE] [--results DIR] [--run-properties] [--run-gpu]\n"
    "         [--run-missing] [--no-proofs] [--json]\n"
    "      The main job: audit the bundled CuTe vectors (default: the project's\n"
    "      tests/conformance/cute) and print a table per operation. Wrong verdicts listed in\n"
    "      the expectations (default: DIR/../expected_wrong.tsv) are CuTe's known divergences\n"
    "      from the mathematics (docs/divergences.md). Then the CI set of Z3 proofs (run now,\n"
    "      with z3), and the results of the property suite and of the GPU check (quick sizes)\n"
    "      as `ctest -L property` and `ctest -L gpu` recorded them in the build tree's results/\n"
    "      (--results DIR: another directory), with their age; a result older than its\n"
    "      program's last build does not count. Without a current result a step says `not run`\n"
    "      and how to run it; a step whose program is not built says so; neither fails verify,\n"
    "      and the last line names them: `verify: pass (not run: properties, gpu)`.\n"
    "      --run-properties, --run-gpu: run that step now (5000 cases a property, seed 1, or\n"
    "      LAYOUTREF_PROPERTY_CASES), recording its results; --run-missing: run each step that\n"
    "      has no current result (./run.sh verify does); --no-proofs: leave the proofs out.\n"
    "      --json: the audit alone.\n"
    "      Exit 0 when every other case is correct and no step that ran failed.\n"
    "  conform [--json] [--expect FILE] [--shard K/N] [--report FILE] FILE...\n"
    "      Compute each case with impl (the fast algebra) and compare with the vector's result:\n"
    "      literal (same text without the static markers `_`), functional (same function, a\n"
    "      result the spec judges correct, different text), different (first differing\n"
    "      index), refused (impl's error), unsupported, malformed. With --expect FILE\n"
    "      (file<TAB>line<TAB>op<TAB>verdict<TAB>reason lines: the cases allowed not to be\n"
    "      literal, and how), exit 0 when every other case is literal, each listed one has its\n"
    "      verdict, and the spec judges every non-literal result of impl correct.\n"
    "      --shard and --report as for audit.\n"
    "  merge [--report FILE] [--json] REPORT...\n"
    "      Combine the reports of the N shards of one run (audit, conform, layoutref-properties,\n"
    "      layoutref-gpu-check, each with --shard K/N --report FILE) into the run's report, the\n"
    "      same as the run done whole: counts summed, records and failures in shard order.\n"
    "      Prints the counts and each failure with the command that reproduces it; --report\n"
    "      FILE writes the merged report, --json prints it instead. Exit 0 no failure,\n"
    "      1 failures, 2 when the reports are not all N shards of one run (docs/deep-runs.md).\n"
    "  eval [--json] [--spec] EXPR\n"
    "      Evaluate an expression in CuTe's names and notation with impl, nested calls allowed\n"
    "      (--spec: with the executable specification instead; no static markers):\n"
    "        layoutref eval 'logical_divide((8,24):(24,1), (_4,_8))'\n"
    "        layoutref eval 'complement((2,4):(1,2), 16)'\n"
    "        layoutref eval 'size(cosize((4,8):(8,1)))'\n"
    "      --json prints the result with its shape, stride and profile.\n"
    "  prove QUERY [--where 'a in 1..64, b in 1..64'] [--timeout MS] [--emit-smt2 FILE] [--json]\n"
    "      Prove or refute with Z3 (docs/proofs.md): injective(F), surjective(F, N),\n"
    "      bijective(F, N), equal(F, G), image_within(F, LO, HI), fits(F, int32),\n"
    "      admissible(OP, ARG...), valid(OP(ARG...)); F is a layout (leaves may use the --where\n"
    "      variables), an operation call, `Sw<B,M,S> o OFF o L` or `A o B`:\n"
    "        layoutref prove 'bijective((a,b):(1,a), a*b)' --where 'a in 1..64, b in 1..64'\n"
    "        layoutref prove 'equal(composition((6,4):(1,10), 4:4), (6,4):(1,10) o 4:4)'\n"
    "      --timeout MS bounds the whole query (default 10000). Every answer is checked again:\n"
    "      a proof replayed by a fresh z3 process and, over at most 2^20 points, evaluated with\n"
    "      the spec; a counterexample evaluated with the spec. A shape or bound that can be\n"
    "      below 1, or hypotheses that cannot all hold, are bad input.\n"
    "      Exit 0 proved, 1 refuted (with a counterexample), 2 bad input, 3 unknown,\n"
    "      4 internal error (a check contradicted the solver).\n"
    "  table EXPR\n"
    "      The index table of a rank-2 layout (rank 1: one row), like CuTe's print_layout, or\n"
    "      CuTe's print_tensor of a coordinate tensor; at most 65536 cells, every cell computed\n"
    "      with checked arithmetic before anything is printed.\n"
    "  gen --op OP [--count N] [--seed S] [--admissible | --inadmissible]\n"
    "      Write N input vectors of OP (default 10, seed 1, admissible inputs) for another\n"
    "      implementation to fill in: `OP<TAB>args<TAB>=><TAB>?`, the result left open as `?`.\n"
    "      Replace each `?` with that implementation's result (CuTe notation, or `error` for a\n"
    "      refusal) and judge the file with `layoutref audit` (a `?` left is malformed). The\n"
    "      inputs are the property suite's generators (docs/auditing.md), the same for a seed\n"
    "      on every platform; --inadmissible: inputs built to break a condition (a few are\n"
    "      admissible after all, where the condition is only sufficient).\n"
    "  draw [--format svg|tikz|html] [-o FILE] [--element-bytes N] [--banks] EXPR\n"
    "      A picture of an expression, every value computed by the spec (docs/draw.md): a\n"
    "      layout's grid (rank 1 a row; nested modes as nested blocks; CuTe's greys), a\n"
    "      swizzled layout coloured by shared-memory bank and phase (32 banks of 4 bytes;\n"
    "      --element-bytes N, default 2), composition, the divides and products with their\n"
    "      tiles coloured and outlined, complement's bijection, coordinate tensors, slices and\n"
    "      tiles, the thread-value partitions of local_partition and mma_partition_X (cells\n"
    "      T<t> V<v>, CuTe's thread colours), and two forms of draw alone:\n"
    "        layoutref draw 'tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1):(1,2,0))'\n"
    "        layoutref draw 'tv_layout(((2,4),(2,2)):((8,1),(4,16)), (4,8))'\n"
    "        layoutref draw -o divide.svg 'logical_divide((8,24):(24,1), (_4,_8))'\n"
    "      SVG (default; -o FILE.tex or .html picks the format), TikZ (a LaTeX document for\n"
    "      pdflatex) or HTML (the SVG with a legend); --banks colours any layout by bank. At\n"
    "      most 4096 cells a picture. Exit 0 drawn, 1 inadmissible, 2 bad input (nothing to\n"
    "      draw: an integer or a coordinate; past the cell limit; a file not written).\n"
    "  help       this text\n"
    "  version    the version\n"
    "\n"
    "options:\n"
    "  --json           machine-readable output\n"
    "  --shard K/N      shard K of N, 0 <= K < N (K counts from 0, as SLURM_ARRAY_TASK_ID of\n"
    "                   --array=0-(N-1)): the units [floor(K*T/N), floor((K+1)*T/N)) of the T\n"
    "                   units of the run (audit, conform: the lines of the files, file after\n"
    "                   file); the N shards are disjoint and cover the run\n"
    "  --report FILE    write the report of the run or shard (JSON) for `layoutref merge`\n"
    "  --table-limit N  the largest function table the spec may build (default 16777216\n"
    "                   entries), and 64 bytes an entry of it in memory (1 GiB by default);\n"
    "                   a case past either is unsupported, the verdict says which; at most\n"
    "                   17179869184 (2^34 entries, 1 TiB)\n"
    "\n"
    "exit codes:\n"
    "  0  holds: audit/verify/conform all correct (or as expected), eval/table computed, draw drawn,\n"
    "     prove proved\n"
    "  1  refuted or wrong: a case judged wrong, unsupported or malformed, a conform mismatch, a\n"
    "     failed step of verify (a proof, a property, a GPU suite), an\n"
    "     inadmissible operation or a result past 64 bits in eval/table/draw, prove refuted\n"
    "  2  bad input: a malformed expression or query, wrong arguments, a shape entry below 1,\n"
    "     nesting deeper than 64, a table or picture past its limit, a missing or unreadable file or a\n"
    "     directory, an unknown command or option\n"
    "  3  unknown: prove could not decide within its time\n"
    "  4  internal error: an unexpected exception\n";

}  // namespace layoutref::cli

namespace {

/// Standard error's buffer: every line passes whole up to equiv::kTextLimit bytes, a longer one is
/// cut there (equiv::clip_text's note), so that an error echoing a megabyte expression prints a
/// line. Lines are written when they end (or at exit).
class ClippedLines : public std::streambuf {
 public:
  explicit ClippedLines(std::streambuf* out) : out_(out) {}
  ~ClippedLines() override { flush_line(); }

 protected:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    if (c == '\n') {
      flush_line();
      out_->sputc('\n');
      out_->pubsync();
    } else {
      line_ += static_cast<char>(c);
    }
    return c;
  }
  std::streamsize xsputn(char const* s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i) overflow(traits_type::to_int_type(s[i]));
    return n;
  }

 private:
  void flush_line() {
    if (line_.empty()) return;
    std::string const text = layoutref::equiv::clip_text(line_);
    out_->sputn(text.data(), static_cast<std::streamsize>(text.size()));
    out_->pubsync();
    line_.clear();
  }
  std::streambuf* out_;
  std::string line_;
};

}  // namespace

int main(int argc, char** argv) {
  using namespace layoutref::cli;
  ClippedLines clipped(std::cerr.rdbuf());
  struct Restore {
    std::streambuf* old;
    ~Restore() { std::cerr.rdbuf(old); }
  } restore{std::cerr.rdbuf(&clipped)};
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    std::cout << kUsage;
    return args.empty() ? 2 : 0;
  }
  std::string cmd = args[0];
  args.erase(args.begin());
  try {
    if (cmd == "audit") return audit(args);
    if (cmd == "verify") return verify(args);
    if (cmd == "conform") return conform(args);
    if (cmd == "eval") return eval(args);
    if (cmd == "table") return table(args);
    if (cmd == "gen") return gen(args);
    if (cmd == "draw") return draw(args);
    if (cmd == "merge") return merge(args);
#ifdef LAYOUTREF_HAVE_PROOFS
    if (cmd == "prove") return layoutref::proofs::prove_command(args);
#endif
    if (cmd == "version" || cmd == "--version") {
      std::cout << "layoutref " << LAYOUTREF_VERSION << "\n";
      return 0;
    }
  } catch (layoutref::spec::Error const& e) {
    if (e.kind() == layoutref::spec::Error::Kind::bad_argument) {
      std::cerr << "layoutref: " << e.what() << "\n";
      return 2;
    }
    std::cerr << "layoutref: internal error: " << e.what() << "\n";
    return 4;
  } catch (std::exception const& e) {
    std::cerr << "layoutref: internal error: " << e.what() << "\n";
    return 4;
  }
  std::cerr << "layoutref: unknown command `" << cmd << "`\n" << kUsage;
  return 2;
}
