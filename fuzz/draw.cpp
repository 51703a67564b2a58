// Fuzz target: `layoutref draw EXPR` in process (draw::draw_expression), the whole input as EXPR,
// with the three renderings. Oracle: a refusal has a message and a failure kind other than
// `internal` (exit 4, an exception the pictures did not expect); a picture has at most
// draw::kMaxCells cells, every panel's cells and rules as many as its grid needs, and each
// rendering is not empty (the SVG one begins as an SVG document).
#include "fuzz.hpp"

#include <layoutref/draw/draw.hpp>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  using namespace layoutref;
  std::string text;
  if (!fuzz::text_of(data, size, text)) return 0;
  draw::Drawn d = draw::draw_expression(text);
  if (!d.ok) {
    if (d.error.empty()) fuzz::fail("draw refused without a message");
    if (d.failure == equiv::Failure::none || d.failure == equiv::Failure::internal)
      fuzz::fail("draw refused as failure " + std::to_string(static_cast<int>(d.failure)) + ": " + d.error);
    return 0;
  }
  if (d.figure.cells() > draw::kMaxCells) fuzz::fail("a picture of " + std::to_string(d.figure.cells()) + " cells");
  for (auto const& p : d.figure.panels)
    if (p.cells.size() != static_cast<std::size_t>(p.rows) * static_cast<std::size_t>(p.cols) ||
        p.row_rule.size() != static_cast<std::size_t>(p.rows) + 1 || p.col_rule.size() != static_cast<std::size_t>(p.cols) + 1)
      fuzz::fail("the panel " + p.name + " has cells or rules that do not fit its grid");
  if (draw::to_svg(d.figure).rfind("<?xml", 0) != 0) fuzz::fail("the SVG does not begin as an XML document");
  if (draw::to_tikz(d.figure).empty() || draw::to_html(d.figure).empty()) fuzz::fail("an empty rendering");
  return 0;
}
