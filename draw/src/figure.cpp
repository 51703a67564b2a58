// layoutref draw — the figure's colours and geometry (figure.hpp, geometry.hpp).
#include "geometry.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace layoutref::draw {

Panel::Panel(std::string name_, std::string title_, int rows_, int cols_)
    : name(std::move(name_)), title(std::move(title_)), rows(rows_), cols(cols_),
      cells(static_cast<size_t>(rows_) * static_cast<size_t>(cols_)),
      row_rule(static_cast<size_t>(rows_) + 1, 0), col_rule(static_cast<size_t>(cols_) + 1, 0) {}

long long Figure::cells() const {
  long long n = 0;
  for (auto const& p : panels) n += static_cast<long long>(p.rows) * p.cols;
  return n;
}

// The colours of CuTe's cute/util/print_svg.hpp (the same as print_latex.hpp's thread colours):
// TSVGColor_BWx8 for a layout's values, SVGColor_TV for threads.
Rgb value_grey(long long idx) {
  static constexpr int grey[8] = {255, 230, 205, 180, 155, 130, 105, 80};
  long long k = ((idx % 8) + 8) % 8;
  int g = grey[k];
  return {g, g, g};
}

Rgb thread_colour(long long thread) {
  static constexpr Rgb tv[8] = {{175, 175, 255}, {175, 255, 175}, {255, 255, 175}, {255, 175, 175},
                                {210, 210, 255}, {210, 255, 210}, {255, 255, 210}, {255, 210, 210}};
  return tv[((thread % 8) + 8) % 8];
}

Rgb tile_colour(long long tile) {
  static constexpr Rgb more[8] = {{255, 205, 150}, {205, 165, 255}, {160, 230, 230}, {230, 230, 150},
                                  {255, 185, 235}, {185, 225, 155}, {205, 205, 205}, {160, 205, 255}};
  long long k = ((tile % 16) + 16) % 16;
  return k < 8 ? thread_colour(k) : more[k - 8];
}

namespace {

// HSL (h in degrees, s and l in [0, 1]) to RGB.
Rgb hsl(double h, double s, double l) {
  double c = (1 - std::fabs(2 * l - 1)) * s;
  double hp = std::fmod(h, 360.0) / 60.0;
  double x = c * (1 - std::fabs(std::fmod(hp, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  if (hp < 1) r = c, g = x;
  else if (hp < 2) r = x, g = c;
  else if (hp < 3) g = c, b = x;
  else if (hp < 4) g = x, b = c;
  else if (hp < 5) r = x, b = c;
  else r = c, b = x;
  double m = l - c / 2;
  auto to = [&](double v) { return static_cast<int>(std::lround((v + m) * 255)); };
  return {to(r), to(g), to(b)};
}

}  // namespace

Rgb bank_colour(int bank, long long phase) {
  // Neighbouring banks get distant hues (11 is prime to 32, so every hue is used once).
  double h = ((bank * 11) % 32) * (360.0 / 32.0);
  return hsl(h, 0.65, phase % 2 == 0 ? 0.82 : 0.68);
}

Rgb selected_colour() { return {255, 220, 130}; }

Rgb text_colour(Rgb f) {
  double luminance = 0.299 * f.r + 0.587 * f.g + 0.114 * f.b;
  return luminance < 120 ? Rgb{255, 255, 255} : Rgb{0, 0, 0};
}

namespace detail {

std::size_t chars(std::string const& s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::string num(double v) {
  double r = std::round(v * 100) / 100;
  if (r == std::floor(r)) return std::to_string(static_cast<long long>(r));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", r);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  return s;
}

double rule_width(int level) {
  switch (level) {
    case 0: return 0.6;
    case 1: return 1.4;
    case 2: return 2.0;
    default: return 2.6;
  }
}

std::vector<double> Geometry::label_baselines(double top, std::size_t lines) const {
  // The label block (and the note under it) centred in the cell; 14 px a line.
  double block = 14.0 * static_cast<double>(lines) + (notes ? 11.0 : 0.0);
  double first = top + (cell_h - block) / 2 + 11.0;
  std::vector<double> out;
  for (std::size_t i = 0; i < lines; ++i) out.push_back(first + 14.0 * static_cast<double>(i));
  return out;
}

double Geometry::note_baseline(double top) const {
  double block = 14.0 * label_lines + 11.0;
  return top + (cell_h - block) / 2 + 14.0 * label_lines + 9.0;
}

Geometry layout(Figure const& f) {
  Geometry g;
  std::size_t longest = 1, note = 0, digits = 1;
  for (auto const& p : f.panels) {
    for (auto const& c : p.cells) {
      for (auto const& l : c.label) longest = std::max(longest, chars(l));
      g.label_lines = std::max(g.label_lines, static_cast<int>(c.label.size()));
      if (!c.note.empty()) g.notes = true;
      note = std::max(note, chars(c.note));
    }
    digits = std::max({digits, std::to_string(std::max(p.rows, 1) - 1).size(), std::to_string(std::max(p.cols, 1) - 1).size()});
  }
  double cw = Geometry::kCharWidth;
  g.cell_w = std::ceil(std::max({30.0, static_cast<double>(longest) * Geometry::kLabelFont * cw + 10,
                                 static_cast<double>(note) * Geometry::kNoteFont * cw + 8}));
  g.cell_h = 10.0 + 14.0 * g.label_lines + (g.notes ? 11.0 : 0.0);
  g.cell_h = std::max(g.cell_h, 24.0);
  g.header_w = std::ceil(std::max(18.0, static_cast<double>(digits) * Geometry::kHeaderFont * cw + 10));
  g.header_h = 16;
  g.title_h = 22;
  g.figure_title_h = f.title.empty() ? 0 : 28;
  double const margin = 12, gap_x = 28, gap_y = 20;

  // Slots: each column of slots as wide as its widest panel, each row as tall as its tallest.
  int ncols = 0, nrows = 0;
  for (auto const& p : f.panels) {
    ncols = std::max(ncols, p.slot_col + 1);
    nrows = std::max(nrows, p.slot_row + 1);
  }
  std::vector<double> col_w(static_cast<size_t>(ncols), 0), row_h(static_cast<size_t>(nrows), 0);
  auto panel_w = [&](Panel const& p) {
    return std::max(g.header_w + p.cols * g.cell_w,
                    static_cast<double>(chars(p.title)) * Geometry::kTitleFont * cw + 4);
  };
  auto panel_h = [&](Panel const& p) { return g.title_h + g.header_h + p.rows * g.cell_h; };
  for (auto const& p : f.panels) {
    col_w[static_cast<size_t>(p.slot_col)] = std::max(col_w[static_cast<size_t>(p.slot_col)], panel_w(p));
    row_h[static_cast<size_t>(p.slot_row)] = std::max(row_h[static_cast<size_t>(p.slot_row)], panel_h(p));
  }
  std::vector<double> col_x(static_cast<size_t>(ncols), margin), row_y(static_cast<size_t>(nrows), margin + g.figure_title_h);
  for (size_t i = 1; i < col_x.size(); ++i) col_x[i] = col_x[i - 1] + col_w[i - 1] + gap_x;
  for (size_t i = 1; i < row_y.size(); ++i) row_y[i] = row_y[i - 1] + row_h[i - 1] + gap_y;
  for (auto const& p : f.panels) {
    PanelBox b;
    b.x = col_x[static_cast<size_t>(p.slot_col)];
    b.y = row_y[static_cast<size_t>(p.slot_row)];
    b.grid_x = b.x + g.header_w;
    b.grid_y = b.y + g.title_h + g.header_h;
    g.boxes.push_back(b);
  }
  double w = ncols ? col_x.back() + col_w.back() : margin;
  double h = nrows ? row_y.back() + row_h.back() : margin + g.figure_title_h;
  double title_w = margin + static_cast<double>(chars(f.title)) * Geometry::kFigureTitleFont * cw;
  g.width = std::ceil(std::max(w, title_w) + margin);
  g.height = std::ceil(h + margin);
  return g;
}

}  // namespace detail

}  // namespace layoutref::draw
