// The examples written in the headers' comments, run as tests (docs/contributing.md, "Examples
// in headers"): every comment line
//
//   /// Example: op(args) = result
//
// in spec/, impl/ and notation/ headers is read at test time from the source tree given by
// --source-dir. For each one
//  (a) the left side is computed with impl through the calculator (equiv::evaluate_expression,
//      the path of `layoutref eval`) and its printed result must be the right side exactly,
//      static markers included (`= error`: the calculator must refuse it as inadmissible);
//  (b) where `audit` has a check for the operation and no argument is itself a call, the spec
//      judges the right side as a claimed result (equiv::audit_case) and must find it correct.
// A failure names the header's file:line. The run fails when fewer than kMinExamples are found.
#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/calculator.hpp>
#include <layoutref/equiv/vectors.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace layoutref;

/// The examples the headers held when this test was written; a smaller count means the
/// extractor (or the convention) broke. Raise it when you add examples.
constexpr size_t kMinExamples = 104;

/// The header folders that hold examples, relative to the source tree.
constexpr char const* kHeaderDirs[] = {"spec/include", "impl/include", "notation/include"};

constexpr std::string_view kMarker = "Example:";

std::string g_source_dir;  // set by main from --source-dir

struct Example {
  std::string file;  ///< relative to the source tree
  int line = 0;
  std::string lhs, rhs;
  int lhs_column = 1, rhs_column = 1;  ///< 1-based byte columns in the line
  std::string error;                   ///< non-empty: the line has the marker but is malformed
};

std::string_view trim(std::string_view s, size_t& offset) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
    s.remove_prefix(1);
    ++offset;
  }
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

/// Reads one source line. Returns nothing when the line has no comment holding `Example:`; an
/// Example with `error` set when it has one that does not follow the convention.
std::optional<Example> read_example_line(std::string_view line) {
  size_t comment = line.find("//");
  if (comment == std::string_view::npos) return std::nullopt;
  size_t marker = line.find(kMarker, comment);
  if (marker == std::string_view::npos) return std::nullopt;
  Example e;
  size_t body = comment;
  while (body < line.size() && (line[body] == '/' || line[body] == ' ' || line[body] == '\t')) ++body;
  if (body != marker) {
    e.error = "`Example:` must begin the comment line (`/// Example: op(args) = result`)";
    return e;
  }
  std::string_view text = line.substr(marker + kMarker.size());
  size_t at = marker + kMarker.size();
  size_t eq = text.find('=');
  if (eq == std::string_view::npos || text.find('=', eq + 1) != std::string_view::npos) {
    e.error = "an example is `op(args) = result` with exactly one `=`";
    return e;
  }
  size_t lhs_at = at, rhs_at = at + eq + 1;
  std::string_view lhs = trim(text.substr(0, eq), lhs_at);
  std::string_view rhs = trim(text.substr(eq + 1), rhs_at);
  if (lhs.empty() || rhs.empty()) {
    e.error = "an example needs a left side `op(args)` and a right side";
    return e;
  }
  e.lhs = std::string(lhs);
  e.rhs = std::string(rhs);
  e.lhs_column = static_cast<int>(lhs_at) + 1;
  e.rhs_column = static_cast<int>(rhs_at) + 1;
  return e;
}

/// A call `op(a, b, ...)` split at its top-level commas (brackets and angle brackets nest, as in
/// the calculator). `nested` is set when an argument is itself a call. False if `text` is no call.
struct Call {
  std::string op;
  std::vector<equiv::Field> args;
  bool nested = false;
};

bool is_call_start(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
  return i > 0 && i < s.size() && s[i] == '(' && std::isalpha(static_cast<unsigned char>(s[0])) &&
         s.substr(0, i) != "ArithTuple";
}

bool split_call(std::string_view text, int column, Call& out) {
  size_t open = text.find('(');
  if (!is_call_start(text) || text.back() != ')') return false;
  out.op = std::string(text.substr(0, open));
  size_t close = text.size() - 1;  // the call's `)`, when the brackets before it balance
  auto push = [&](size_t start, size_t end) {
    size_t at = start;
    std::string_view arg = trim(text.substr(start, end - start), at);
    if (arg.empty()) return false;
    if (is_call_start(arg)) out.nested = true;
    out.args.push_back(equiv::Field{std::string(arg), column + static_cast<int>(at)});
    return true;
  };
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open + 1; i < close; ++i) {
    char c = text[i];
    if (c == '(' || c == '<' || c == '[') ++depth;
    if (c == ')' || c == '>' || c == ']') --depth;
    if (depth < 0) return false;
    if (c == ',' && depth == 0) {
      if (!push(start, i)) return false;
      start = i + 1;
    }
  }
  if (depth != 0) return false;
  size_t at = start;
  if (trim(text.substr(start, close - start), at).empty()) return out.args.empty();  // op()
  return push(start, close);
}

struct Scan {
  std::vector<Example> examples;
  size_t headers = 0;
  std::string error;
};

Scan scan_headers(std::string const& root) {
  Scan s;
  std::vector<fs::path> files;
  for (char const* dir : kHeaderDirs) {
    fs::path p = fs::path(root) / dir;
    std::error_code ec;
    if (!fs::is_directory(p, ec)) {
      s.error = "no header folder " + p.string() + " (is --source-dir the source tree?)";
      return s;
    }
    for (auto const& entry : fs::recursive_directory_iterator(p)) {
      auto ext = entry.path().extension();
      if (entry.is_regular_file() && (ext == ".hpp" || ext == ".cuh")) files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  for (auto const& path : files) {
    std::ifstream in(path);
    if (!in) {
      s.error = "cannot read " + path.string();
      return s;
    }
    ++s.headers;
    std::string rel = fs::relative(path, root).generic_string();
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (auto e = read_example_line(line)) {
        e->file = rel;
        e->line = n;
        s.examples.push_back(std::move(*e));
      }
    }
  }
  return s;
}

// --- the extractor ---------------------------------------------------------------------------

TEST(ExampleLine, ReadsTheConvention) {
  auto e = read_example_line("/// Example: group((2,3,4,5):(1,2,6,24), 1, 3) = (2,(3,4),5):(1,(2,6),24)");
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->error, "");
  EXPECT_EQ(e->lhs, "group((2,3,4,5):(1,2,6,24), 1, 3)");
  EXPECT_EQ(e->rhs, "(2,(3,4),5):(1,(2,6),24)");
  EXPECT_EQ(e->lhs_column, 14);
  auto f = read_example_line("  //   Example: coalesce((2,4):(1,2)) = 8:1  ");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->lhs, "coalesce((2,4):(1,2))");
  EXPECT_EQ(f->rhs, "8:1");
}

TEST(ExampleLine, IgnoresOtherLines) {
  EXPECT_FALSE(read_example_line("/// size(R) == size(L), depth(R) <= 1").has_value());
  EXPECT_FALSE(read_example_line("Example: not in a comment = 1").has_value());
  EXPECT_FALSE(read_example_line("/// Examples (CuTe's comment): ...").has_value());
}

TEST(ExampleLine, RejectsMalformedExamples) {
  EXPECT_NE(read_example_line("/// see the Example: f(x) = 1").value().error, "");
  EXPECT_NE(read_example_line("/// Example: f(x) == 1").value().error, "");
  EXPECT_NE(read_example_line("/// Example: f(x) -> 1").value().error, "");
  EXPECT_NE(read_example_line("/// Example: = 1").value().error, "");
}

TEST(ExampleLine, SplitsCalls) {
  Call c;
  ASSERT_TRUE(split_call("logical_divide((4,2,3):(2,1,8), <2:3, 3:2>)", 1, c));
  EXPECT_EQ(c.op, "logical_divide");
  ASSERT_EQ(c.args.size(), 2u);
  EXPECT_EQ(c.args[0].text, "(4,2,3):(2,1,8)");
  EXPECT_EQ(c.args[1].text, "<2:3, 3:2>");
  EXPECT_EQ(c.args[1].column, 33);
  EXPECT_FALSE(c.nested);
  Call n;
  ASSERT_TRUE(split_call("size(cosize((4,8):(8,1)))", 1, n));
  EXPECT_TRUE(n.nested);
  Call bad;
  EXPECT_FALSE(split_call("(4,8):(8,1)", 1, bad));
  EXPECT_FALSE(split_call("size((4,8):(8,1)", 1, bad));
}

// --- the headers' examples ---------------------------------------------------------------------

TEST(HeaderExamples, HoldWithImplAndTheSpec) {
  ASSERT_FALSE(g_source_dir.empty()) << "run with --source-dir <layoutref's source tree>";
  Scan s = scan_headers(g_source_dir);
  ASSERT_EQ(s.error, "");
  size_t computed = 0, judged = 0;
  for (Example const& e : s.examples) {
    char const* file = e.file.c_str();
    std::string where = e.lhs.empty() ? std::string() : "`" + e.lhs + " = " + e.rhs + "`: ";
    if (!e.error.empty()) {
      ADD_FAILURE_AT(file, e.line) << e.error;
      continue;
    }
    // (a) impl, through the calculator.
    equiv::EvalResult r = equiv::evaluate_expression(e.lhs);
    if (e.rhs == "error") {
      if (r.ok)
        ADD_FAILURE_AT(file, e.line) << where << "impl computes " << notation::print(r.value) << ", not a refusal";
      else if (r.failure != equiv::Failure::no_result)
        ADD_FAILURE_AT(file, e.line) << where << "not an inadmissible input: " << r.error;
    } else if (!r.ok) {
      ADD_FAILURE_AT(file, e.line) << where << "impl has no result: " << r.error;
    } else {
      std::string got = notation::print(r.value);
      if (got != e.rhs) {
        auto p = notation::parse(e.rhs);
        ADD_FAILURE_AT(file, e.line) << where << "impl computes " << got
                                     << (p.ok && notation::print(p.term) == got
                                             ? " (the same term: write it as printed)"
                                             : "");
      }
    }
    ++computed;
    // (b) the spec judges the right side as a claimed result.
    Call call;
    if (!split_call(e.lhs, e.lhs_column, call)) {
      ADD_FAILURE_AT(file, e.line) << where << "the left side is not a call op(args)";
      continue;
    }
    if (call.nested || !equiv::audit_knows(call.op)) continue;
    equiv::Case c;
    c.file = e.file;
    c.line = e.line;
    c.text = e.lhs + " = " + e.rhs;
    c.op = call.op;
    c.args = call.args;
    c.result = equiv::Field{e.rhs, e.rhs_column};
    equiv::Outcome o = equiv::audit_case(c);
    if (o.verdict != equiv::Verdict::correct)
      ADD_FAILURE_AT(file, e.line) << where << "the spec judges it " << equiv::name(o.verdict) << ": " << o.detail;
    ++judged;
  }
  std::cout << "examples: " << s.examples.size() << " in " << s.headers << " headers; " << computed
            << " computed by impl (layoutref eval), " << judged << " judged by the spec (audit)\n";
  EXPECT_GE(computed, kMinExamples)
      << "fewer examples than the headers held (kMinExamples): is the extractor broken?";
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--source-dir" && i + 1 < argc) {
      g_source_dir = argv[++i];
    } else if (a.rfind("--source-dir=", 0) == 0) {
      g_source_dir = a.substr(std::string("--source-dir=").size());
    } else {
      std::cerr << "usage: layoutref-examples-tests [gtest options] --source-dir DIR (unknown argument `" << a << "`)\n";
      return 2;
    }
  }
  return RUN_ALL_TESTS();
}
