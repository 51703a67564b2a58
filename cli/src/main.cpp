// layoutref — the command.
//
//   layoutref audit [--json] [--expect FILE] [--table-limit N] [--prove] FILE...
//   layoutref verify [--data DIR] [--expect FILE] [--json]
//   layoutref conform [--json] [--expect FILE] FILE...
//   layoutref eval [--json] EXPR
//   layoutref table EXPR
//   layoutref prove QUERY [--where ...] [--timeout MS] [--emit-smt2 FILE] [--json]   (with z3)
//   layoutref help | version
//
// A thin main over equiv/ and proofs/ (docs/architecture.md). audit judges vector files (op TAB
// args TAB => TAB result) with the executable specification (equiv::audit_case); verify is the
// main job: the audit of the bundled CuTe vectors, summed up per operation, and the proof and
// property steps; conform computes each vector with impl and compares with CuTe's result
// (equiv::conform_case); eval computes an expression with impl and table prints CuTe's
// print_layout / print_tensor of one (equiv/calculator.hpp); prove decides a query with Z3
// (proofs/command/prove.cpp). Exit codes of every command (kUsage): 0 holds / correct, 1 refuted /
// wrong / inadmissible, 2 bad input (malformed text, a missing or unreadable file, a directory),
// 3 unknown, 4 internal error.
#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/calculator.hpp>
#include <layoutref/equiv/conform.hpp>
#include <layoutref/equiv/expectations.hpp>
#include <layoutref/equiv/json.hpp>
#ifdef LAYOUTREF_HAVE_PROOFS
#include <layoutref/proofs/prove.hpp>
#endif
#include <layoutref/equiv/vectors.hpp>
#include "verify_properties.hpp"
#ifdef LAYOUTREF_HAVE_PROOFS
#include "verify_proofs.hpp"
#endif

#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/table.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#ifndef LAYOUTREF_DATA_DIR
#define LAYOUTREF_DATA_DIR "tests/conformance/cute"
#endif
#ifndef LAYOUTREF_VERSION
#define LAYOUTREF_VERSION "0"
#endif

namespace layoutref::cli {
/// The device cross-checks' summary (verify_gpu.cpp); false when they ran and failed.
bool verify_gpu(std::string& out);
}  // namespace layoutref::cli

namespace {

using namespace layoutref::cli;
using namespace layoutref::equiv;
#ifdef LAYOUTREF_HAVE_PROOFS
using layoutref::proofs::prove_case;
using layoutref::proofs::prove_command;
#endif

char const* const kUsage =
    "usage: layoutref <command> [options]\n"
    "\n"
    "commands:\n"
    "  audit [--json] [--expect FILE] [--table-limit N] [--prove] FILE...\n"
    "      Judge every case of the vector files (op<TAB>args<TAB>=><TAB>result, see\n"
    "      tests/conformance/cute/README.md) with the executable specification. One line per\n"
    "      case: `file:line op verdict [detail]`, verdict correct | wrong | unsupported |\n"
    "      malformed; the last line sums them up. Exit 0 when nothing is wrong, unsupported\n"
    "      or malformed. With --expect FILE (file<TAB>line<TAB>op<TAB>reason lines), exit 0 when\n"
    "      exactly the listed cases are wrong and nothing is unsupported or malformed.\n"
    "      With --prove, cases whose tables are past the limit are checked with Z3 instead.\n"
    "  verify [--data DIR] [--expect FILE] [--json]\n"
    "      The main job: audit the bundled CuTe vectors (default: the project's\n"
    "      tests/conformance/cute) and print a table per operation. Wrong verdicts listed in\n"
    "      the expectations (default: DIR/../expected_wrong.tsv) are CuTe's known divergences\n"
    "      from the mathematics (docs/divergences.md). Exit 0 when every other case is correct.\n"
    "  conform [--json] [--expect FILE] FILE...\n"
    "      Compute each case with impl (the fast algebra) and compare with the vector's result:\n"
    "      literal (same text without the static markers `_`), functional (same function, a\n"
    "      result the spec judges correct, different text), different (first differing\n"
    "      index), refused (impl's error), unsupported, malformed. With --expect FILE\n"
    "      (file<TAB>line<TAB>op<TAB>verdict<TAB>reason lines: the cases allowed not to be\n"
    "      literal, and how), exit 0 when every other case is literal, each listed one has its\n"
    "      verdict, and the spec judges every non-literal result of impl correct.\n"
    "  eval [--json] EXPR\n"
    "      Evaluate an expression in CuTe's names and notation with impl, nested calls allowed:\n"
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
    "  help       this text\n"
    "  version    the version\n"
    "\n"
    "options:\n"
    "  --json           machine-readable output\n"
    "  --table-limit N  the largest function table the spec may build (default 16777216\n"
    "                   entries), and 64 bytes an entry of it in memory (1 GiB by default);\n"
    "                   a case past either is unsupported, the verdict says which\n"
    "\n"
    "exit codes:\n"
    "  0  holds: audit/verify/conform all correct (or as expected), eval/table computed, prove proved\n"
    "  1  refuted or wrong: a case judged wrong, unsupported or malformed, a conform mismatch, an\n"
    "     inadmissible operation or a result past 64 bits in eval/table, prove refuted\n"
    "  2  bad input: a malformed expression or query, wrong arguments, a shape entry below 1,\n"
    "     nesting deeper than 64, a table past its limit, a missing or unreadable file or a\n"
    "     directory, an unknown command or option\n"
    "  3  unknown: prove could not decide within its time\n"
    "  4  internal error: an unexpected exception\n";

struct Judged {
  Case c;
  Outcome o;
};

bool parse_limit(std::string const& text) {
  try {
    size_t used = 0;
    long long n = std::stoll(text, &used);
    if (used != text.size() || n < 1) return false;
    layoutref::spec::set_table_limit(n);
    return true;
  } catch (std::exception const&) {
    return false;
  }
}

std::string json_case(Judged const& j) {
  std::string s = "{\"file\":" + json_string(j.c.file) + ",\"line\":" + std::to_string(j.c.line) +
                  ",\"op\":" + json_string(j.c.op) + ",\"verdict\":" + json_string(name(j.o.verdict)) +
                  ",\"detail\":" + json_string(j.o.detail);
  if (j.o.verdict == Verdict::correct) s += ",\"impl\":" + json_string(name(conform_case(j.c).verdict));
  if (j.o.judgement) {
    auto const& g = *j.o.judgement;
    if (g.index) s += ",\"index\":" + std::to_string(*g.index) + ",\"coordinate\":" + json_string(g.coordinate);
    if (!g.claimed_value.empty()) s += ",\"claimed\":" + json_string(g.claimed_value);
    if (!g.expected_value.empty()) s += ",\"expected\":" + json_string(g.expected_value);
    s += std::string(",\"depends_on_extension\":") + (g.depends_on_extension ? "true" : "false");
  }
  return s + "}";
}

struct Counts {
  long cases = 0, correct = 0, wrong = 0, unsupported = 0, malformed = 0, known = 0;
  void add(Verdict v, bool expected_wrong) {
    ++cases;
    switch (v) {
      case Verdict::correct: ++correct; break;
      case Verdict::wrong:
        ++wrong;
        if (expected_wrong) ++known;
        break;
      case Verdict::unsupported: ++unsupported; break;
      case Verdict::malformed: ++malformed; break;
    }
  }
};

// Judge the files; false when one could not be read.
bool judge_files(std::vector<std::string> const& files, std::vector<Judged>& out) {
  bool ok = true;
  for (auto const& f : files) {
    std::vector<Case> cases;
    std::string error;
    if (!read_vectors(f, cases, error)) {
      std::cerr << "layoutref: " << error << "\n";
      ok = false;
      continue;
    }
    for (auto& c : cases) {
      Outcome o = audit_case(c);
      out.push_back(Judged{std::move(c), std::move(o)});
    }
  }
  return ok;
}

// The cases whose verdict differs from the expectation, described.
std::vector<std::string> mismatches(std::vector<Judged> const& judged, Expectations const& ex) {
  std::vector<std::string> out;
  std::map<std::pair<std::string, int>, bool> seen;
  for (auto const& j : judged) {
    bool expect = ex.expects_wrong(j.c.file, j.c.line);
    seen[{base_name(j.c.file), j.c.line}] = true;
    if (expect && j.o.verdict != Verdict::wrong)
      out.push_back(j.c.file + ":" + std::to_string(j.c.line) + " " + j.c.op + " is a known CuTe divergence but was judged " +
                    name(j.o.verdict));
    if (!expect && j.o.verdict == Verdict::wrong)
      out.push_back(j.c.file + ":" + std::to_string(j.c.line) + " " + j.c.op + " was judged wrong and is not a known divergence");
  }
  return out;
}

int audit(std::vector<std::string> const& args) {
  bool json = false;
  bool prove = false;
  std::string expect_path;
  std::vector<std::string> files;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--json") {
      json = true;
    } else if (args[i] == "--prove") {
      prove = true;
    } else if (args[i] == "--expect" && i + 1 < args.size()) {
      expect_path = args[++i];
    } else if (args[i] == "--table-limit" && i + 1 < args.size()) {
      if (!parse_limit(args[++i])) {
        std::cerr << "layoutref audit: --table-limit needs a positive integer, got `" << args[i] << "`\n";
        return 2;
      }
    } else if (args[i].rfind("--", 0) == 0) {
      std::cerr << "layoutref audit: unknown option `" << args[i] << "`\n" << kUsage;
      return 2;
    } else {
      files.push_back(args[i]);
    }
  }
  if (files.empty()) {
    std::cerr << "layoutref audit: no vector files given\n" << kUsage;
    return 2;
  }
  Expectations ex;
  if (!expect_path.empty()) {
    std::string error;
    if (!ex.load(expect_path, error)) {
      std::cerr << "layoutref audit: " << error << "\n";
      return 2;
    }
  }
  std::vector<Judged> judged;
  bool read_ok = judge_files(files, judged);
#ifdef LAYOUTREF_HAVE_PROOFS
  if (prove)
    for (auto& j : judged)
      if (j.o.verdict == Verdict::unsupported && j.o.detail.find("past the bound") != std::string::npos)
        if (auto o = prove_case(j.c, 60000)) j.o = *o;
#else
  if (prove) std::cerr << "layoutref audit: --prove needs a build with z3 (proofs/); ignored\n";
#endif
  Counts n;
  for (auto const& j : judged) n.add(j.o.verdict, ex.expects_wrong(j.c.file, j.c.line));
  std::vector<std::string> diff = expect_path.empty() ? std::vector<std::string>{} : mismatches(judged, ex);
  if (json) {
    std::cout << "{\"cases\":[";
    for (size_t i = 0; i < judged.size(); ++i) std::cout << (i ? ",\n" : "\n") << json_case(judged[i]);
    std::cout << "\n],\"summary\":{\"cases\":" << n.cases << ",\"correct\":" << n.correct << ",\"wrong\":" << n.wrong
              << ",\"unsupported\":" << n.unsupported << ",\"malformed\":" << n.malformed << "}";
    if (!expect_path.empty()) {
      std::cout << ",\"expectation_mismatches\":[";
      for (size_t i = 0; i < diff.size(); ++i) std::cout << (i ? "," : "") << json_string(diff[i]);
      std::cout << "]";
    }
    std::cout << "}\n";
  } else {
    for (auto const& j : judged) {
      std::cout << j.c.file << ":" << j.c.line << " " << j.c.op << " " << name(j.o.verdict);
      if (!j.o.detail.empty()) std::cout << " " << j.o.detail;
      if (j.o.verdict == Verdict::correct) std::cout << " [impl: " << name(conform_case(j.c).verdict) << "]";
      std::cout << "\n";
    }
    for (auto const& d : diff) std::cout << "expectation: " << d << "\n";
    std::cout << "audit: " << n.cases << " cases, " << n.correct << " correct, " << n.wrong << " wrong, "
              << n.unsupported << " unsupported, " << n.malformed << " malformed\n";
  }
  bool pass = expect_path.empty() ? (n.wrong == 0 && n.unsupported == 0 && n.malformed == 0)
                                  : (diff.empty() && n.unsupported == 0 && n.malformed == 0);
  if (!read_ok) return 2;
  return pass ? 0 : 1;
}

// Expected non-literal conform verdicts: file<TAB>line<TAB>op<TAB>verdict<TAB>reason.
bool load_conform_expectations(std::string const& path, std::map<std::pair<std::string, int>, std::string>& out,
                               std::string& error) {
  std::ifstream in;
  if (!open_input(path, in, error)) return false;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    size_t start = 0;
    while (true) {
      size_t tab = line.find('\t', start);
      f.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (f.size() < 4) {
      error = path + ":" + std::to_string(number) + ": expected file<TAB>line<TAB>op<TAB>verdict<TAB>reason";
      return false;
    }
    try {
      out[{f[0], std::stoi(f[1])}] = f[3];
    } catch (std::exception const&) {
      error = path + ":" + std::to_string(number) + ": `" + f[1] + "` is not a line number";
      return false;
    }
  }
  if (in.bad()) {
    error = "cannot read " + path;
    return false;
  }
  return true;
}

int conform(std::vector<std::string> const& args) {
  bool json = false;
  std::string expect_path;
  std::vector<std::string> files;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--json") {
      json = true;
    } else if (args[i] == "--expect" && i + 1 < args.size()) {
      expect_path = args[++i];
    } else if (args[i].rfind("--", 0) == 0) {
      std::cerr << "layoutref conform: unknown option `" << args[i] << "`\n" << kUsage;
      return 2;
    } else {
      files.push_back(args[i]);
    }
  }
  if (files.empty()) {
    std::cerr << "layoutref conform: no vector files given\n" << kUsage;
    return 2;
  }
  std::map<std::pair<std::string, int>, std::string> expected;
  if (!expect_path.empty()) {
    std::string error;
    if (!load_conform_expectations(expect_path, expected, error)) {
      std::cerr << "layoutref conform: " << error << "\n";
      return 2;
    }
  }
  bool read_ok = true;
  long n[6] = {};
  std::vector<std::string> mismatch;
  if (json) std::cout << "{\"cases\":[";
  bool first = true;
  for (auto const& f : files) {
    std::vector<Case> cases;
    std::string error;
    if (!read_vectors(f, cases, error)) {
      std::cerr << "layoutref conform: " << error << "\n";
      read_ok = false;
      continue;
    }
    for (auto const& c : cases) {
      ConformOutcome o = conform_case(c);
      ++n[static_cast<int>(o.verdict)];
      if (!expect_path.empty()) {
        auto it = expected.find({base_name(c.file), c.line});
        std::string want = it == expected.end() ? "literal" : it->second;
        if (want != name(o.verdict))
          mismatch.push_back(c.file + ":" + std::to_string(c.line) + " " + c.op + " is " + name(o.verdict) + ", expected " + want);
        if (o.impl_judged_wrong)
          mismatch.push_back(c.file + ":" + std::to_string(c.line) + " " + c.op + ": the spec judges impl's result not correct");
      }
      if (json) {
        std::cout << (first ? "\n" : ",\n") << "{\"file\":" << json_string(c.file) << ",\"line\":" << c.line
                  << ",\"op\":" << json_string(c.op) << ",\"verdict\":" << json_string(name(o.verdict))
                  << ",\"impl\":" << json_string(o.impl_text) << ",\"detail\":" << json_string(o.detail) << "}";
        first = false;
      } else {
        std::cout << c.file << ":" << c.line << " " << c.op << " " << name(o.verdict);
        if (o.verdict != Conformity::literal && !o.detail.empty()) std::cout << " " << o.detail;
        std::cout << "\n";
      }
    }
  }
  if (json) {
    std::cout << "\n],\"summary\":{\"cases\":" << (n[0] + n[1] + n[2] + n[3] + n[4] + n[5]) << ",\"literal\":" << n[0]
              << ",\"functional\":" << n[1] << ",\"different\":" << n[2] << ",\"refused\":" << n[3]
              << ",\"unsupported\":" << n[4] << ",\"malformed\":" << n[5] << "}}\n";
  } else {
    for (auto const& m : mismatch) std::cout << "expectation: " << m << "\n";
    std::cout << "conform: " << (n[0] + n[1] + n[2] + n[3] + n[4] + n[5]) << " cases, " << n[0] << " literal, " << n[1]
              << " functional, " << n[2] << " different, " << n[3] << " refused, " << n[4] << " unsupported, " << n[5]
              << " malformed\n";
  }
  bool pass = expect_path.empty() ? (n[2] == 0 && n[4] == 0 && n[5] == 0) : mismatch.empty();
  if (!read_ok) return 2;
  return pass ? 0 : 1;
}

int eval(std::vector<std::string> const& args) {
  bool json = false;
  std::string expr;
  for (auto const& a : args) {
    if (a == "--json")
      json = true;
    else
      expr += (expr.empty() ? "" : " ") + a;
  }
  if (expr.empty()) {
    std::cerr << "layoutref eval: no expression given\n" << kUsage;
    return 2;
  }
  EvalResult r = evaluate_expression(expr);
  if (!r.ok) {
    if (json)
      std::cout << "{\"expression\":" << json_string(expr) << ",\"error\":" << json_string(r.error) << "}\n";
    else
      std::cerr << "layoutref eval: " << r.error << "\n";
    return exit_code(r.failure);
  }
  std::string text = layoutref::notation::print(r.value);
  if (!json) {
    std::cout << text << "\n";
    return 0;
  }
  std::cout << "{\"expression\":" << json_string(expr) << ",\"result\":" << json_string(text);
  if (r.value.kind == layoutref::notation::Kind::layout) {
    // The profile: the shape's nesting with every leaf written 0 (CuTe's repeat_like(shape, _0)).
    std::function<std::string(layoutref::notation::Term const&)> profile = [&](layoutref::notation::Term const& t) {
      if (t.kind != layoutref::notation::Kind::tuple) return std::string("0");
      std::string p = "(";
      for (size_t i = 0; i < t.children.size(); ++i) p += (i ? "," : "") + profile(t.children[i]);
      return p + ")";
    };
    std::cout << ",\"kind\":\"layout\",\"shape\":" << json_string(layoutref::notation::print(r.value.children[0]))
              << ",\"stride\":" << json_string(layoutref::notation::print(r.value.children[1]))
              << ",\"profile\":" << json_string(profile(r.value.children[0]));
  } else {
    std::cout << ",\"kind\":" << json_string(r.value.kind == layoutref::notation::Kind::integer ? "integer" : "term");
  }
  std::cout << "}\n";
  return 0;
}

int table(std::vector<std::string> const& args) {
  std::string text;
  for (auto const& a : args) text += (text.empty() ? "" : " ") + a;
  if (text.empty()) {
    std::cerr << "layoutref table: no layout given\n" << kUsage;
    return 2;
  }
  // The argument may itself be an expression: table 'zipped_divide((8,24):(24,1), (_4,_8))'.
  EvalResult r = evaluate_expression(text);
  if (!r.ok) {
    std::cerr << "layoutref table: " << r.error << "\n";
    return exit_code(r.failure);
  }
  std::string out, error;
  if (Failure f = print_table(r.value, out, error); f != Failure::none) {
    std::cerr << "layoutref table: " << error << "\n";
    return exit_code(f);
  }
  std::cout << out;
  return 0;
}

int verify(std::vector<std::string> const& args) {
  std::string dir = LAYOUTREF_DATA_DIR;
  std::string expect_path;
  bool json = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--data" && i + 1 < args.size()) {
      dir = args[++i];
    } else if (args[i] == "--expect" && i + 1 < args.size()) {
      expect_path = args[++i];
    } else if (args[i] == "--json") {
      json = true;
    } else {
      std::cerr << "layoutref verify: unknown argument `" << args[i] << "`\n" << kUsage;
      return 2;
    }
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    std::cerr << "layoutref verify: the data directory " << dir << " does not exist (use --data DIR)\n";
    return 2;
  }
  if (expect_path.empty()) expect_path = (fs::path(dir).parent_path() / "expected_wrong.tsv").string();
  Expectations ex;
  std::string error;
  if (!ex.load(expect_path, error)) {
    std::cerr << "layoutref verify: " << error << "\n";
    return 2;
  }
  std::vector<std::string> files;
  for (auto const& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".tsv") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<Judged> judged;
  bool read_ok = judge_files(files, judged);
  std::map<std::string, Counts> per_op;
  Counts total;
  for (auto const& j : judged) {
    bool known = ex.expects_wrong(j.c.file, j.c.line);
    per_op[j.c.op].add(j.o.verdict, known);
    total.add(j.o.verdict, known);
  }
  auto diff = mismatches(judged, ex);
  bool pass = read_ok && diff.empty() && total.unsupported == 0 && total.malformed == 0;
  if (json) {
    std::cout << "{\"data\":" << json_string(dir) << ",\"operations\":{";
    bool first = true;
    for (auto const& [op, c] : per_op) {
      std::cout << (first ? "" : ",") << json_string(op) << ":{\"cases\":" << c.cases << ",\"correct\":" << c.correct
                << ",\"wrong\":" << c.wrong << ",\"known_cute_divergences\":" << c.known
                << ",\"unsupported\":" << c.unsupported << ",\"malformed\":" << c.malformed << "}";
      first = false;
    }
    std::cout << "},\"total\":{\"cases\":" << total.cases << ",\"correct\":" << total.correct << ",\"wrong\":" << total.wrong
              << ",\"known_cute_divergences\":" << total.known << ",\"unsupported\":" << total.unsupported
              << ",\"malformed\":" << total.malformed << "},\"pass\":" << (pass ? "true" : "false") << "}\n";
    return read_ok ? (pass ? 0 : 1) : 2;
  }
  std::printf("layoutref verify: the CuTe conformance vectors in %s (%zu files)\n\n", dir.c_str(), files.size());
  std::printf("%-26s %7s %8s %6s %10s %12s %10s\n", "operation", "cases", "correct", "wrong", "known-cute",
              "unsupported", "malformed");
  for (auto const& [op, c] : per_op)
    std::printf("%-26s %7ld %8ld %6ld %10ld %12ld %10ld\n", op.c_str(), c.cases, c.correct, c.wrong, c.known,
                c.unsupported, c.malformed);
  std::printf("%-26s %7ld %8ld %6ld %10ld %12ld %10ld\n\n", "total", total.cases, total.correct, total.wrong, total.known,
              total.unsupported, total.malformed);
  std::printf("known-cute: cases where CuTe's result breaks the mathematics (docs/divergences.md);\n"
              "they must be judged wrong, every other case correct.\n");
  for (auto const& d : diff) std::printf("MISMATCH: %s\n", d.c_str());
#ifdef LAYOUTREF_HAVE_PROOFS
  std::string proofs_text;
  if (!verify_proofs(false, proofs_text)) pass = false;
  std::printf("%s", proofs_text.c_str());
#endif
  std::string properties_text;
  if (!verify_properties(properties_text)) pass = false;
  std::printf("%s", properties_text.c_str());
  std::string gpu_text;
  if (!verify_gpu(gpu_text)) pass = false;
  std::printf("%s", gpu_text.c_str());
  std::printf("verify: %s\n", pass ? "pass" : "FAIL");
  return read_ok ? (pass ? 0 : 1) : 2;
}

}  // namespace

int main(int argc, char** argv) {
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
#ifdef LAYOUTREF_HAVE_PROOFS
    if (cmd == "prove") return prove_command(args);
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
