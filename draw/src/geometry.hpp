// layoutref draw — where a figure's parts stand, in pixels (y downwards): shared by the SVG and
// TikZ renderers, so that the two pictures are the same.
#pragma once

#include <layoutref/draw/figure.hpp>

#include <string>
#include <vector>

namespace layoutref::draw::detail {

struct PanelBox {
  double x = 0, y = 0;            ///< the panel's top-left corner (its title's)
  double grid_x = 0, grid_y = 0;  ///< the grid's top-left corner
};

struct Geometry {
  double cell_w = 0, cell_h = 0;  ///< every cell of the figure has this size
  double header_w = 0;            ///< the width of the row indices, left of a grid
  double header_h = 0;            ///< the height of the column indices, above a grid
  double title_h = 0;             ///< a panel title's line
  double figure_title_h = 0;      ///< the figure title's line
  double width = 0, height = 0;   ///< the whole picture
  int label_lines = 1;            ///< the most label lines of a cell
  bool notes = false;             ///< some cell has a note
  std::vector<PanelBox> boxes;    ///< one per panel

  // Font sizes (px); monospace, about 0.6 em a character.
  static constexpr double kLabelFont = 12, kNoteFont = 9, kHeaderFont = 10, kTitleFont = 13, kFigureTitleFont = 15;
  static constexpr double kCharWidth = 0.61;  ///< of the font size: DejaVu Sans Mono's advance, rounded up

  /// Baselines of the label lines and the note inside a cell whose top is `top`.
  std::vector<double> label_baselines(double top, std::size_t lines) const;
  double note_baseline(double top) const;
};

Geometry layout(Figure const& f);

/// The stroke width (px) of a rule of nesting level `level` (0: a plain cell edge).
double rule_width(int level);
inline constexpr double kGroupWidth = 3.0;   ///< a heavy edge between tiles or threads
inline constexpr double kBorderWidth = 2.0;  ///< a grid's outline

/// A number for the output: integers without a decimal point, others with two decimals at most.
std::string num(double v);
/// UTF-8 characters in `s` (for widths).
std::size_t chars(std::string const& s);

}  // namespace layoutref::draw::detail
