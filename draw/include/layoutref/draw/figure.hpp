// layoutref draw — a picture as data: panels of labelled, coloured cells, and its three renderings
// (SVG, TikZ, HTML).
//
// A Figure is made by the pictures of draw.hpp from the spec's values; the renderers only place
// it: every cell label is written as it stands in the Figure. A panel is a grid of rows x columns;
// its rules (the lines between rows and between columns) carry the nesting level of the mode
// boundary they stand on (0: a plain cell edge), so that deeper modes show as nested blocks; a
// cell's group (a tile, a thread) draws a heavy edge wherever two neighbouring cells differ in it.
#pragma once

#include <string>
#include <vector>

namespace layoutref::draw {

struct Rgb {
  int r = 255, g = 255, b = 255;
  friend bool operator==(Rgb const&, Rgb const&) = default;
};

struct Cell {
  bool present = true;             ///< false: no element falls here (left blank)
  std::vector<std::string> label;  ///< the cell's text, one entry a line (one or two lines)
  std::string note;                ///< a smaller line under the label (a swizzle's bank and phase)
  Rgb fill;
  int group = -1;                  ///< the tile or thread it belongs to (-1: none)
  bool emphasized = false;         ///< the chosen tile, thread or slice: a heavy frame
  bool marked = false;             ///< differs from the spec (audit --draw): a red frame
};

struct Panel {
  std::string name;                ///< a short id: "A", "B", "C", "result", "claimed", "spec", ...
  std::string title;               ///< written above the grid
  int rows = 0, cols = 0;
  std::vector<Cell> cells;         ///< row-major: cells[r * cols + c]
  std::vector<int> row_rule;       ///< rows + 1 entries: the level of the line above row r (r == rows: the bottom)
  std::vector<int> col_rule;       ///< cols + 1 entries: the level of the line left of column c
  std::string row_caption, col_caption;  ///< what the row and column indices are ("m", "k", ...), may be empty
  int slot_col = 0, slot_row = 0;  ///< where it stands in the figure's grid of panels

  Panel() = default;
  /// An empty rows x cols grid with plain rules.
  Panel(std::string name, std::string title, int rows, int cols);
  Cell& at(int r, int c) { return cells[static_cast<size_t>(r) * static_cast<size_t>(cols) + static_cast<size_t>(c)]; }
  Cell const& at(int r, int c) const { return cells[static_cast<size_t>(r) * static_cast<size_t>(cols) + static_cast<size_t>(c)]; }
};

struct LegendEntry {
  Rgb fill;
  std::string text;
  bool emphasized = false;  ///< the swatch has the emphasis frame
  bool marked = false;      ///< the swatch has the red frame
};

struct Figure {
  std::string title;                ///< the expression drawn
  std::string caption;              ///< what the panels show, in a sentence or two
  std::vector<Panel> panels;
  std::vector<LegendEntry> legend;  ///< the colours and frames used (HTML shows it; SVG keeps it in <desc>)
  long long cells() const;          ///< the number of cells of all panels
};

/// Self-contained SVG 1.1 (one <svg> element with a viewBox; text as <text>, so it stays sharp at
/// any zoom; no external fonts, images or scripts). Each panel is a <g class="panel" data-p="NAME">;
/// in it each cell a <rect class="cell" data-r="ROW" data-c="COL" [data-g="GROUP"]> and its label a
/// <text class="v" data-r="ROW" data-c="COL">: the first line its text, each further line a <tspan>.
std::string to_svg(Figure const& f);
/// A LaTeX document (article, tikz, geometry: Debian's texlive-latex-base and texlive-pictures)
/// that pdflatex compiles on its own; the tikzpicture is delimited by comments for reuse.
std::string to_tikz(Figure const& f);
/// What pdflatex (TeX Live's default pdflatex.fmt) can compile: a page at most kTikzMaxCm wide and
/// high (TeX's largest dimension is 16383.99998 pt = 575.8 cm) and a picture of at most
/// kTikzMaxCommands drawing commands and kTikzMaxBytes bytes (TeX's main memory of 5,000,000
/// words holds the whole tikzpicture: 11,783 commands in 1.17 MB compiled, 12,559 in 1.24 MB did
/// not; tests/draw/tikz_limits.cmake compiles a picture on each side of each bound).
inline constexpr double kTikzMaxCm = 570.0;
inline constexpr long kTikzMaxCommands = 10000;
inline constexpr long kTikzMaxBytes = 1000000;
/// Whether `tikz` (to_tikz's document) is within those bounds. @post false, `why` naming the bound
///       passed, the picture's size and the way out (--format svg)
bool tikz_compiles(std::string const& tikz, std::string& why);
/// An HTML page: the caption, the SVG inline, and the legend.
std::string to_html(Figure const& f);

// Colours.
/// CuTe's print_svg greys for a layout's value idx (TSVGColor_BWx8: idx mod 8).
Rgb value_grey(long long idx);
/// CuTe's thread colours (SVGColor_TV / TikzColor_TV: thread mod 8).
Rgb thread_colour(long long thread);
/// Tile k: 16 light colours, CuTe's 8 thread colours first, then 8 more.
Rgb tile_colour(long long tile);
/// Shared-memory bank (0..31) and phase: 32 hues; odd phases a shade darker.
Rgb bank_colour(int bank, long long phase);
/// The emphasis of a selection without tiles (a slice).
Rgb selected_colour();
/// Black or white, whichever reads better on `fill`.
Rgb text_colour(Rgb fill);

}  // namespace layoutref::draw
