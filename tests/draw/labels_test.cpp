// The pictures of `layoutref draw` read back as a person reads them: the SVG text is parsed (the
// label of each cell, its tile or thread, its frames) and every label is compared with the value
// the spec computes here, directly (spec/), never through draw/. Ticket: issue 16.
#include <layoutref/draw/draw.hpp>

#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/tensor.hpp>
#include <layoutref/spec/term.hpp>

#include <layoutref/notation/parse.hpp>

#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

namespace layoutref::draw {
namespace {

namespace sp = layoutref::spec;
using sp::i64;

using Key = std::tuple<std::string, int, int>;  // panel, row, column

/// What the SVG shows: each cell's label (its lines joined by '|'), its group, its frames.
struct Read {
  std::map<Key, std::string> label;
  std::map<Key, int> group;
  std::map<std::string, std::pair<int, int>> size;  // panel -> rows, columns (from its cells)
  int differs = 0, chosen = 0;
};

std::string attr(std::string const& tag, std::string const& name) {
  std::smatch m;
  std::regex re(" " + name + "=\"([^\"]*)\"");
  return std::regex_search(tag, m, re) ? m[1].str() : std::string();
}

/// Unescape the five XML entities.
std::string unescape(std::string s) {
  for (auto [from, to] : {std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"}, std::pair{"&quot;", "\""}, std::pair{"&apos;", "'"},
                          std::pair{"&amp;", "&"}}) {
    for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + 1)) s.replace(p, std::string(from).size(), to);
  }
  return s;
}

Read read_svg(std::string const& svg) {
  Read r;
  std::string panel;
  size_t pos = 0;
  while ((pos = svg.find('<', pos)) != std::string::npos) {
    size_t end = svg.find('>', pos);
    std::string tag = svg.substr(pos, end - pos + 1);
    if (tag.rfind("<g class=\"panel\"", 0) == 0) panel = attr(tag, "data-p");
    if (tag.rfind("<rect class=\"cell\"", 0) == 0) {
      int row = std::stoi(attr(tag, "data-r")), col = std::stoi(attr(tag, "data-c"));
      std::string g = attr(tag, "data-g");
      r.group[{panel, row, col}] = g.empty() ? -1 : std::stoi(g);
      auto& s = r.size[panel];
      s = {std::max(s.first, row + 1), std::max(s.second, col + 1)};
    }
    if (tag.rfind("<rect class=\"differs\"", 0) == 0) ++r.differs;
    if (tag.rfind("<rect class=\"chosen\"", 0) == 0) ++r.chosen;
    if (tag.rfind("<text class=\"v\"", 0) == 0) {
      // The lines: the text's own, then one a <tspan>.
      size_t close = svg.find("</text>", end);
      std::string body = svg.substr(end + 1, close - end - 1);
      std::string text = unescape(body.substr(0, body.find('<')));
      std::regex span("<tspan[^>]*>([^<]*)</tspan>");
      for (auto it = std::sregex_iterator(body.begin(), body.end(), span); it != std::sregex_iterator(); ++it)
        text += "|" + unescape((*it)[1].str());
      r.label[{panel, std::stoi(attr(tag, "data-r")), std::stoi(attr(tag, "data-c"))}] = text;
    }
    pos = end;
  }
  return r;
}

Read draw_and_read(std::string const& expr, Options const& opt = {}) {
  Drawn d = draw_expression(expr, opt);
  EXPECT_TRUE(d.ok) << expr << ": " << d.error;
  return read_svg(to_svg(d.figure));
}

sp::Layout layout(char const* text) { return sp::to_layout(notation::parse(text).term); }

/// Every cell of `panel` (rows x cols) is labelled, with want(row, col).
template <class F>
void expect_panel(Read const& r, std::string const& panel, i64 rows, i64 cols, F const& want) {
  ASSERT_TRUE(r.size.count(panel)) << "no panel " << panel;
  EXPECT_EQ(r.size.at(panel), std::make_pair(static_cast<int>(rows), static_cast<int>(cols))) << panel;
  int n = 0;
  for (i64 row = 0; row < rows; ++row)
    for (i64 col = 0; col < cols; ++col) {
      Key k{panel, static_cast<int>(row), static_cast<int>(col)};
      auto it = r.label.find(k);
      ASSERT_NE(it, r.label.end()) << panel << " (" << row << "," << col << ") has no label";
      EXPECT_EQ(it->second, want(row, col)) << panel << " (" << row << "," << col << ")";
      ++n;
    }
  int labels = 0;
  for (auto const& [k, v] : r.label) labels += std::get<0>(k) == panel;
  EXPECT_EQ(labels, n) << panel << " has labels outside its grid";
}

/// A layout's value at cell (row, col) of its picture: L(row + col * rows), the colexicographic index.
std::string at(sp::Layout const& l, i64 rows, i64 row, i64 col) {
  sp::Value v = sp::evaluate(l, row + col * rows);
  if (v.is_integer()) return std::to_string(v.scalar());
  return "(" + std::to_string(v.at({0})) + "," + std::to_string(v.at({1})) + ")";
}

TEST(DrawLabels, HierarchicalLayout) {
  sp::Layout l = layout("((2,2),(2,4)):((1,4),(2,8))");
  Read r = draw_and_read("((2,2),(2,4)):((1,4),(2,8))");
  expect_panel(r, "result", 4, 8, [&](i64 m, i64 n) { return at(l, 4, m, n); });
}

TEST(DrawLabels, RankOneIsARowAndRankThreeGroupsTheColumns) {
  sp::Layout row = layout("8:3");
  expect_panel(draw_and_read("8:3"), "result", 1, 8, [&](i64, i64 n) { return at(row, 1, 0, n); });
  sp::Layout l3 = layout("(2,3,4):(12,4,1)");
  expect_panel(draw_and_read("(2,3,4):(12,4,1)"), "result", 2, 12, [&](i64 m, i64 n) { return at(l3, 2, m, n); });
}

TEST(DrawLabels, SwizzledLayoutByBankAndPhase) {
  sp::ComposedLayout c{sp::Swizzle{3, 3, 3}, 0, layout("(8,64):(64,1)")};
  Drawn d = draw_expression("Sw<3,3,3> o 0 o (8,64):(64,1)");
  ASSERT_TRUE(d.ok) << d.error;
  std::string svg = to_svg(d.figure);
  Read r = read_svg(svg);
  expect_panel(r, "result", 8, 64, [&](i64 m, i64 n) { return std::to_string(sp::evaluate(c, m + 8 * n)); });
  // The notes: 2-byte elements, 32 banks of 4 bytes, 128-byte phases. Sw(9) = 9 ^ (8 >> 3 << 3)... the
  // element at row 1, column 0 is Sw(64) = 64 ^ 8 = 72: byte 144, bank 36 mod 32 = 4, phase 1.
  EXPECT_EQ(sp::evaluate(c, 1), 72);
  EXPECT_NE(svg.find(">b4 p1</text>"), std::string::npos);
}

TEST(DrawLabels, LogicalDivideTilesOutlined) {
  sp::Layout a = layout("(8,24):(24,1)");
  sp::Layout want = sp::logical_divide(a, sp::to_tiler(notation::parse("(_4,_8)").term));
  Read r = draw_and_read("logical_divide((8,24):(24,1), (_4,_8))");
  expect_panel(r, "A", 8, 24, [&](i64 m, i64 n) { return at(a, 8, m, n); });
  expect_panel(r, "result", 8, 24, [&](i64 m, i64 n) { return at(want, 8, m, n); });
  // Tile (rest coordinate (m/4, n/8)), numbered colexicographically: by hand from the 4x8 tiler.
  for (int m = 0; m < 8; ++m)
    for (int n = 0; n < 24; ++n) {
      EXPECT_EQ(r.group.at({"A", m, n}), m / 4 + 2 * (n / 8)) << m << "," << n;
      EXPECT_EQ(r.group.at({"result", m, n}), m / 4 + 2 * (n / 8)) << m << "," << n;
    }
}

TEST(DrawLabels, ZippedDivideEachColumnATile) {
  sp::Layout want = sp::zipped_divide(layout("(8,24):(24,1)"), sp::to_tiler(notation::parse("(_4,_8)").term));
  Read r = draw_and_read("zipped_divide((8,24):(24,1), (_4,_8))");
  expect_panel(r, "result", 32, 6, [&](i64 m, i64 n) { return at(want, 32, m, n); });
  for (int m = 0; m < 32; ++m)
    for (int n = 0; n < 6; ++n) EXPECT_EQ(r.group.at({"result", m, n}), n);
}

TEST(DrawLabels, CompositionByModeTheTilerPost) {
  sp::Layout a = layout("(32,16):(1,32)");
  sp::Layout want = sp::composition(a, sp::to_tiler(notation::parse("<2:3, 3:2>").term));
  Read r = draw_and_read("composition((32,16):(1,32), <2:3, 3:2>)");
  expect_panel(r, "A", 32, 16, [&](i64 m, i64 n) { return at(a, 32, m, n); });
  expect_panel(r, "result", 2, 3, [&](i64 m, i64 n) { return at(want, 2, m, n); });
  // The post: C maps (i, j) to A's (3i, 2j); those cells of A have C's row i as their group.
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) EXPECT_EQ(r.group.at({"A", 3 * i, 2 * j}), i);
  EXPECT_EQ(r.group.at({"A", 1, 0}), -1);
}

TEST(DrawLabels, ProductsAndComplement) {
  sp::Layout blocked = sp::blocked_product(layout("(2,2):(1,2)"), layout("(3,4):(1,3)"));
  Read r = draw_and_read("blocked_product((2,2):(1,2), (3,4):(1,3))");
  expect_panel(r, "result", 6, 8, [&](i64 m, i64 n) { return at(blocked, 6, m, n); });
  expect_panel(r, "B", 3, 4, [&](i64 m, i64 n) { return at(layout("(3,4):(1,3)"), 3, m, n); });
  // Tile (i, j) of B is the block at rows 2i.., columns 2j..: B's index i + 3j.
  for (int m = 0; m < 6; ++m)
    for (int n = 0; n < 8; ++n) EXPECT_EQ(r.group.at({"result", m, n}), m / 2 + 3 * (n / 2));

  sp::Layout l = layout("(8,2):(2,1)");
  sp::Layout both = sp::make_layout(std::vector<sp::Layout>{l, sp::complement(l, 32)});
  Read c = draw_and_read("complement((8,2):(2,1), 32)");
  expect_panel(c, "concat", 16, 2, [&](i64 m, i64 n) { return at(both, 16, m, n); });
  expect_panel(c, "codomain", 2, 16, [&](i64 m, i64 n) { return std::to_string(m * 16 + n); });
  // The complement post's bijection: value v is reached by the copy v / 16.
  for (int v = 0; v < 32; ++v) EXPECT_EQ(c.group.at({"codomain", v / 16, v % 16}), v / 16);
}

TEST(DrawLabels, CoordinateTensor) {
  Read r = draw_and_read("make_identity_tensor((4,6))");
  expect_panel(r, "result", 4, 6, [](i64 m, i64 n) { return "(" + std::to_string(m) + "," + std::to_string(n) + ")"; });
  // Seed 000's thread tensor: its elements, by the spec.
  sp::Tensor t = sp::to_tensor(notation::parse("ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)").term);
  Read s = draw_and_read("ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)");
  expect_panel(s, "result", 4, 32, [&](i64 m, i64 n) { return sp::str(sp::coordinate(sp::element(t, m + 4 * n))); });
  EXPECT_EQ(s.label.at({"result", 3, 0}), "(136,131)");  // the post's ((1,1),0,0)
}

/// The expected T<t>|V<v> labels of a thread-value picture over the grid of `shape`: for each
/// thread (in order) and each of its values, the coordinate the spec's partition of the identity
/// tensor holds; the first to reach a cell wins (CuTe's print_latex).
std::map<std::pair<i64, i64>, std::string> tv_labels(std::vector<i64> const& threads, std::function<sp::Tensor(i64)> const& part,
                                                     bool transposed = false) {
  std::map<std::pair<i64, i64>, std::string> out;
  for (i64 t : threads) {
    sp::Tensor p = part(t);
    for (i64 v = 0; v < sp::size(p); ++v) {
      sp::IntTuple c = sp::coordinate(sp::element(p, v));
      i64 a = sp::mode(c, 0).value, b = sp::mode(c, 1).value;
      out.emplace(transposed ? std::pair{b, a} : std::pair{a, b}, "T" + std::to_string(t) + "|V" + std::to_string(v));
    }
  }
  return out;
}

TEST(DrawLabels, LocalPartitionByThread) {
  sp::Layout thr = layout("(_2,_4):(_4,_1)");
  sp::Tensor id = sp::make_identity_tensor(sp::to_shape(notation::parse("(8,24)").term));
  std::vector<i64> threads;
  for (i64 i = 0; i < 8; ++i) threads.push_back(sp::evaluate(thr, i).scalar());
  auto want = tv_labels(threads, [&](i64 t) { return sp::local_partition(id, thr, t); });
  Read r = draw_and_read("local_partition(make_identity_tensor((8,24)), (_2,_4):(_4,_1), 3)");
  expect_panel(r, "T", 8, 24, [&](i64 m, i64 n) { return want.at({m, n}); });
  sp::Tensor mine = sp::local_partition(id, thr, 3);
  expect_panel(r, "result", 4, 6, [&](i64 m, i64 n) { return sp::str(sp::coordinate(sp::element(mine, m + 4 * n))); });
  EXPECT_EQ(r.label.at({"T", 0, 3}), "T3|V0");  // by hand: thread 3 = (0,3) of the 2x4 row-major threads
  EXPECT_EQ(r.chosen, 24);                      // thread 3's 24 elements are framed
}

TEST(DrawLabels, TiledMmaABCAsPrintLatex) {
  sp::TiledMma mma = sp::make_tiled_mma(sp::mma_atom("SM80_16x8x16_F16F16F16F16_TN"), layout("(2,2,1):(1,2,0)"));
  // The tile: M = 16 * 2, N = 8 * 2, K = 16 (the atom's shape times the atom layout).
  i64 m = 32, n = 16, k = 16;
  std::vector<i64> threads;
  for (i64 t = 0; t < 128; ++t) threads.push_back(t);
  auto ident = [](i64 a, i64 b) { return sp::make_identity_tensor(sp::IntTuple::tuple({sp::IntTuple(a), sp::IntTuple(b)})); };
  auto a = tv_labels(threads, [&](i64 t) { return sp::partition(mma, sp::MmaOperand::A, t, ident(m, k)); });
  auto b = tv_labels(threads, [&](i64 t) { return sp::partition(mma, sp::MmaOperand::B, t, ident(n, k)); }, true);
  auto c = tv_labels(threads, [&](i64 t) { return sp::partition(mma, sp::MmaOperand::C, t, ident(m, n)); });
  Read r = draw_and_read("tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1):(1,2,0))");
  expect_panel(r, "A", m, k, [&](i64 i, i64 j) { return a.at({i, j}); });
  expect_panel(r, "B", k, n, [&](i64 i, i64 j) { return b.at({i, j}); });
  expect_panel(r, "C", m, n, [&](i64 i, i64 j) { return c.at({i, j}); });
  // CuTe's C fragment of SM80_16x8x16: thread 0 holds (0,0), (0,1), (8,0), (8,1).
  EXPECT_EQ(r.label.at({"C", 0, 0}), "T0|V0");
  EXPECT_EQ(r.label.at({"C", 0, 1}), "T0|V1");
  EXPECT_EQ(r.label.at({"C", 8, 0}), "T0|V2");
  EXPECT_EQ(r.label.at({"C", 8, 1}), "T0|V3");
}

TEST(DrawLabels, TvLayoutOfTheTensorDocument) {
  // docs 03_tensor.md: (T8,V4) -> (M4,N8), 1-D coordinates of the 4x8 tile.
  sp::Layout tv = layout("((2,4),(2,2)):((8,1),(4,16))");
  std::map<std::pair<i64, i64>, std::string> want;
  for (i64 t = 0; t < 8; ++t)
    for (i64 v = 0; v < 4; ++v) {
      i64 x = sp::evaluate(tv, t + 8 * v).scalar();
      want.emplace(std::pair{x % 4, x / 4}, "T" + std::to_string(t) + "|V" + std::to_string(v));
    }
  Read r = draw_and_read("tv_layout(((2,4),(2,2)):((8,1),(4,16)), (4,8))");
  expect_panel(r, "tile", 4, 8, [&](i64 i, i64 j) { return want.at({i, j}); });
  expect_panel(r, "TV", 8, 4, [&](i64 i, i64 j) { return at(tv, 8, i, j); });
}

TEST(DrawLabels, ClaimBesideTheSpecWithTheDifferencesMarked) {
  // The planted wrong claim of tests/cli/draw_audit.tsv: rest stride 13 instead of 12.
  auto parse = [](char const* s) { return notation::parse(s).term; };
  Drawn d = draw_claim("logical_divide", {parse("(4,6):(1,4)"), parse("(2,3)")}, parse("((2,2),(3,2)):((1,2),(4,13))"));
  ASSERT_TRUE(d.ok) << d.error;
  Read r = read_svg(to_svg(d.figure));
  sp::Layout claimed = layout("((2,2),(3,2)):((1,2),(4,13))");
  sp::Layout spec = sp::logical_divide(layout("(4,6):(1,4)"), sp::to_tiler(parse("(2,3)")));
  expect_panel(r, "claimed", 4, 6, [&](i64 m, i64 n) { return at(claimed, 4, m, n); });
  expect_panel(r, "spec", 4, 6, [&](i64 m, i64 n) { return at(spec, 4, m, n); });
  int differ = 0;
  for (i64 i = 0; i < 24; ++i) differ += !(sp::evaluate(claimed, i) == sp::evaluate(spec, i));
  EXPECT_EQ(differ, 12);            // the elements of rest coordinate 1
  EXPECT_EQ(r.differs, 2 * differ);  // framed in both panels
  // A value has no picture; a claim of `error` shows the spec's result alone.
  EXPECT_FALSE(draw_claim("size", {parse("(4,8):(8,1)")}, parse("33")).ok);
  Drawn e = draw_claim("complement", {parse("4:2"), parse("24")}, parse("error"));
  ASSERT_TRUE(e.ok) << e.error;
  EXPECT_EQ(e.figure.panels.size(), 1u);
}

TEST(DrawLabels, RefusalsNameWhatIsWrong) {
  Drawn big = draw_expression("(64,128):(1,64)");
  EXPECT_FALSE(big.ok);
  EXPECT_EQ(big.failure, equiv::Failure::bad_input);
  EXPECT_NE(big.error.find("8192 cells"), std::string::npos) << big.error;
  Drawn value = draw_expression("cosize((4,8):(8,1))");
  EXPECT_EQ(value.failure, equiv::Failure::bad_input);
  Drawn inadmissible = draw_expression("complement((4,2):(1,6), 80)");
  EXPECT_EQ(inadmissible.failure, equiv::Failure::no_result);
  EXPECT_NE(inadmissible.error.find("complement.stride_divisibility"), std::string::npos);
  EXPECT_FALSE(draw_expression("tiled_mma()").ok);
  EXPECT_FALSE(draw_expression("tv_layout(8:1, (4,8))").ok);  // TV needs rank 2
  Options bad;
  bad.element_bytes = 0;
  EXPECT_FALSE(draw_expression("8:1", bad).ok);
}

}  // namespace
}  // namespace layoutref::draw
