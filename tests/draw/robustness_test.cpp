// `layoutref draw` never fails inside: every case of the bundled conformance vectors drawn as the
// expression op(args...), and on a quarter of them each argument alone and the case's claim beside
// the spec's result (audit --draw), gives a picture within the cell limit or a refusal that names
// bad input or the spec's refusal, never an internal error; a sample renders in the three formats.
#include <layoutref/draw/draw.hpp>

#include <layoutref/equiv/vectors.hpp>
#include <layoutref/notation/parse.hpp>

#include <filesystem>
#include <map>
#include <string>

#include <gtest/gtest.h>

namespace layoutref::draw {
namespace {

void expect_clean(Drawn const& d, std::string const& what, std::map<std::string, int>& count) {
  EXPECT_NE(d.failure, equiv::Failure::internal) << what << ": " << d.error;
  if (d.ok) {
    ++count["drawn"];
    EXPECT_LE(d.figure.cells(), kMaxCells) << what;
    if (count["drawn"] % 16 == 1) {  // the renderers on a sample (they place what the figure holds)
      for (Format f : {Format::svg, Format::tikz, Format::html}) EXPECT_FALSE(render(d.figure, f).empty()) << what;
    }
  } else {
    ++count[d.failure == equiv::Failure::bad_input ? "bad input" : "no result"];
    EXPECT_FALSE(d.error.empty()) << what;
  }
}

TEST(DrawRobustness, EveryConformanceCaseDrawsOrRefusesCleanly) {
  namespace fs = std::filesystem;
  std::map<std::string, int> count;
  int cases = 0;
  for (auto const& e : fs::directory_iterator(LAYOUTREF_CONFORMANCE_DIR)) {
    if (e.path().extension() != ".tsv") continue;
    std::vector<equiv::Case> vs;
    std::string error;
    ASSERT_TRUE(equiv::read_vectors(e.path().string(), vs, error)) << error;
    for (auto const& c : vs) {
      if (!c.format_error.empty()) continue;
      ++cases;
      std::string expr = c.op + "(";
      for (size_t i = 0; i < c.args.size(); ++i) expr += (i ? ", " : "") + c.args[i].text;
      expr += ")";
      std::string where = c.file + ":" + std::to_string(c.line) + ": ";
      expect_clean(draw_expression(expr), where + expr, count);
      if (cases % 4 != 0) continue;  // the arguments alone and the claims on a quarter of the cases
      std::vector<notation::Term> args;
      bool parsed = true;
      for (auto const& a : c.args) {
        expect_clean(draw_expression(a.text), where + a.text, count);
        auto p = notation::parse(a.text);
        parsed = parsed && p.ok;
        args.push_back(p.term);
      }
      auto r = notation::parse(c.result.text);
      if (parsed && r.ok) expect_clean(draw_claim(c.op, args, r.term), where + "claim " + c.result.text, count);
    }
  }
  EXPECT_GT(cases, 1000);
  EXPECT_GT(count["drawn"], 1000);
  std::cout << "draw: " << cases << " cases; " << count["drawn"] << " pictures, " << count["bad input"] << " bad input, "
            << count["no result"] << " no result\n";
}

}  // namespace
}  // namespace layoutref::draw
