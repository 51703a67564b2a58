// layoutref draw — the TikZ rendering (figure.hpp: to_tikz): the SVG's geometry, one pixel
// 0.02 cm, in a LaTeX document that pdflatex compiles alone with Debian's texlive-latex-base
// (article, geometry, graphicx) and texlive-pictures (tikz). Fonts: Computer Modern typewriter (OT1 cmtt).
#include "geometry.hpp"

#include <cstdlib>
#include <cstring>
#include <string>

namespace layoutref::draw {

namespace {

using detail::Geometry;
using detail::num;

constexpr double kCmPerPx = 0.02;

/// Text for TeX's typewriter font: its special characters escaped.
std::string tex(std::string const& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\': out += "\\char`\\\\"; break;
      case '{': out += "\\{"; break;
      case '}': out += "\\}"; break;
      case '_': out += "\\_"; break;
      case '#': out += "\\#"; break;
      case '$': out += "\\$"; break;
      case '%': out += "\\%"; break;
      case '&': out += "\\&"; break;
      case '^': out += "\\char`\\^"; break;
      case '~': out += "\\char`\\~"; break;
      default: out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;  // a line break in a node would end it
    }
  }
  return out;
}

std::string colour(Rgb c) {
  return "{rgb,255:red," + std::to_string(c.r) + ";green," + std::to_string(c.g) + ";blue," + std::to_string(c.b) + "}";
}

std::string pt(double px) { return num(px * kCmPerPx * 28.4527559) + "pt"; }

std::string at(double x, double y) { return "(" + num(x) + "," + num(y) + ")"; }

std::string segment(double x1, double y1, double x2, double y2, double width, char const* colour_name) {
  return "\\draw[line width=" + pt(width) + ",line cap=rect,color=" + colour_name + "] " + at(x1, y1) + " -- " + at(x2, y2) + ";\n";
}

// The fonts: cmtt at 8 and 9 pt (sizes OT1/cmtt has), no wider than the SVG's at this scale.
char const* const kLabelFont = "\\ttfamily\\fontsize{8}{9}\\selectfont";
char const* const kSmallFont = "\\ttfamily\\fontsize{8}{9}\\selectfont";
char const* const kTitleFont = "\\ttfamily\\fontsize{8}{9}\\selectfont";
char const* const kFigureFont = "\\ttfamily\\fontsize{9}{11}\\selectfont";

void panel_tikz(std::string& out, Panel const& p, Geometry const& g, detail::PanelBox const& b) {
  double cw = g.cell_w, ch = g.cell_h, x0 = b.grid_x, y0 = b.grid_y;
  out += "% panel " + p.name + "\n";
  out += "\\node[anchor=base west,inner sep=0pt,font=" + std::string(kTitleFont) + "] at " + at(b.x, b.y + 15) + " {" +
         tex(p.title) + "};\n";
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      Cell const& cell = p.at(r, c);
      Rgb fill = cell.present ? cell.fill : Rgb{242, 242, 242};
      if (fill == Rgb{255, 255, 255}) continue;
      out += "\\fill[fill=" + colour(fill) + "] " + at(x0 + c * cw, y0 + r * ch) + " rectangle " + at(x0 + (c + 1) * cw, y0 + (r + 1) * ch) + ";\n";
    }
  double x1 = x0 + p.cols * cw, y1 = y0 + p.rows * ch;
  for (int k = 0; k <= p.rows; ++k) {
    bool edge = k == 0 || k == p.rows;
    int level = p.row_rule[static_cast<size_t>(k)];
    out += segment(x0, y0 + k * ch, x1, y0 + k * ch, edge ? detail::kBorderWidth : detail::rule_width(level), level || edge ? "black" : "black!65");
  }
  for (int k = 0; k <= p.cols; ++k) {
    bool edge = k == 0 || k == p.cols;
    int level = p.col_rule[static_cast<size_t>(k)];
    out += segment(x0 + k * cw, y0, x0 + k * cw, y1, edge ? detail::kBorderWidth : detail::rule_width(level), level || edge ? "black" : "black!65");
  }
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      int gr = p.at(r, c).group;
      if (c + 1 < p.cols) {
        int gn = p.at(r, c + 1).group;
        if (gr != gn && (gr >= 0 || gn >= 0))
          out += segment(x0 + (c + 1) * cw, y0 + r * ch, x0 + (c + 1) * cw, y0 + (r + 1) * ch, detail::kGroupWidth, "black");
      }
      if (r + 1 < p.rows) {
        int gn = p.at(r + 1, c).group;
        if (gr != gn && (gr >= 0 || gn >= 0))
          out += segment(x0 + c * cw, y0 + (r + 1) * ch, x0 + (c + 1) * cw, y0 + (r + 1) * ch, detail::kGroupWidth, "black");
      }
    }
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      Cell const& cell = p.at(r, c);
      double left = x0 + c * cw, top = y0 + r * ch;
      if (cell.emphasized)
        out += "\\draw[line width=" + pt(2) + "] " + at(left + 3, top + 3) + " rectangle " + at(left + cw - 3, top + ch - 3) + ";\n";
      if (cell.marked)
        out += "\\draw[line width=" + pt(3) + ",color={rgb,255:red,212;green,0;blue,0}] " + at(left + 2, top + 2) + " rectangle " +
               at(left + cw - 2, top + ch - 2) + ";\n";
      if (!cell.present || cell.label.empty()) continue;
      Rgb ink = text_colour(cell.fill);
      std::string ink_opt = ink == Rgb{0, 0, 0} ? "" : ",text=white";
      auto base = g.label_baselines(top, cell.label.size());
      for (size_t i = 0; i < cell.label.size(); ++i)
        out += "\\node[anchor=base,inner sep=0pt,font=" + std::string(kLabelFont) + ink_opt + "] at " + at(left + cw / 2, base[i]) +
               " {" + tex(cell.label[i]) + "};\n";
      if (!cell.note.empty())  // cmtt8 scaled to about the SVG's 9 px
        out += "\\node[anchor=base,inner sep=0pt,font=" + std::string(kSmallFont) + ink_opt + "] at " +
               at(left + cw / 2, g.note_baseline(top)) + " {\\scalebox{0.7}{" + tex(cell.note) + "}};\n";
    }
  for (int r = 0; r < p.rows; ++r)
    out += "\\node[anchor=base east,inner sep=0pt,font=" + std::string(kSmallFont) + ",text=black!75] at " +
           at(x0 - 5, y0 + r * ch + ch / 2 + 3.5) + " {" + std::to_string(r) + "};\n";
  for (int c = 0; c < p.cols; ++c)
    out += "\\node[anchor=base,inner sep=0pt,font=" + std::string(kSmallFont) + ",text=black!75] at " +
           at(x0 + c * cw + cw / 2, y0 - 5) + " {" + std::to_string(c) + "};\n";
}

}  // namespace

std::string to_tikz(Figure const& f) {
  Geometry g = detail::layout(f);
  double w_cm = g.width * kCmPerPx + 1.5, h_cm = g.height * kCmPerPx + 2.0;  // 0.5 cm margins, and room to spare
  std::string out;
  // A comment ends at a line break: the title (the expression as given) and the caption are
  // written on one comment line each.
  auto one_line = [](std::string text) {
    for (char& c : text)
      if (c == '\n' || c == '\r' || c == '\f' || c == '\v') c = ' ';
    return text;
  };
  out += "% layoutref draw: " + one_line(f.title) + "\n";
  out += "% " + one_line(f.caption) + "\n";
  out += "% Compiles alone: pdflatex FILE.tex (texlive-latex-base, texlive-pictures). The picture is the\n"
         "% tikzpicture between the two `picture' comments; x and y are in pixels of the SVG (y downwards).\n";
  out += "\\documentclass{article}\n\\usepackage{graphicx}\n\\usepackage{tikz}\n\\usepackage[paperwidth=" + num(w_cm) + "cm,paperheight=" + num(h_cm) +
         "cm,margin=0.5cm]{geometry}\n\\pagestyle{empty}\n\\begin{document}\n\\noindent\n";
  out += "% picture\n\\begin{tikzpicture}[x=" + num(kCmPerPx) + "cm,y=-" + num(kCmPerPx) + "cm]\n";
  out += "\\useasboundingbox " + at(0, 0) + " rectangle " + at(g.width, g.height) + ";\n";
  if (!f.title.empty())
    out += "\\node[anchor=base west,inner sep=0pt,font=" + std::string(kFigureFont) + "] at " + at(12, 29) + " {" + tex(f.title) + "};\n";
  for (size_t i = 0; i < f.panels.size(); ++i) panel_tikz(out, f.panels[i], g, g.boxes[i]);
  out += "\\end{tikzpicture}\n% picture\n\\end{document}\n";
  return out;
}

bool tikz_compiles(std::string const& tikz, std::string& why) {
  auto dimension = [&](char const* key) {
    std::size_t at = tikz.find(key);
    return at == std::string::npos ? 0.0 : std::strtod(tikz.c_str() + at + std::strlen(key), nullptr);
  };
  double const w = dimension("paperwidth="), h = dimension("paperheight=");
  long commands = 0;
  for (std::size_t at = 0; (at = tikz.find("\n\\", at)) != std::string::npos; ++at) ++commands;
  std::string const size = "a page of " + num(w) + " x " + num(h) + " cm, " + std::to_string(commands) + " drawing commands in " +
                           std::to_string(tikz.size()) + " bytes";
  std::string const way_out = "; draw it as SVG (--format svg) or draw a smaller part";
  if (w > kTikzMaxCm || h > kTikzMaxCm) {
    why = "the TikZ picture would not compile: " + size + ", past TeX's largest dimension (" + num(kTikzMaxCm) + " cm)" + way_out;
    return false;
  }
  if (commands > kTikzMaxCommands || static_cast<long>(tikz.size()) > kTikzMaxBytes) {
    why = "the TikZ picture would not compile: " + size + ", past what pdflatex's main memory holds (" +
          std::to_string(kTikzMaxCommands) + " commands, " + std::to_string(kTikzMaxBytes) + " bytes)" + way_out;
    return false;
  }
  return true;
}

}  // namespace layoutref::draw
