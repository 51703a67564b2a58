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
// (proofs/command/prove.cpp). Exit codes of every command (usage()): 0 holds / correct, 1 refuted /
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

// `layoutref help`: this head, each command's help written from its options' definitions
// (equiv/options.hpp: the same text as `layoutref CMD --help`), then the tail.
char const* const kUsageHead =
    "usage: layoutref <command> [options]\n"
    "\n"
    "commands:\n";

char const* const kUsageTail =
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

std::string usage() {
  std::string prove;
#ifdef LAYOUTREF_HAVE_PROOFS
  prove = layoutref::proofs::prove_help();
#endif
  return std::string(kUsageHead) + audit_help() + verify_help() + conform_help() + merge_help() + eval_help() + prove + table_help() +
         gen_help() + draw_help() + kUsageTail;
}

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
    std::cout << usage();
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
  std::cerr << "layoutref: unknown command `" << cmd << "`\n" << usage();
  return 2;
}
