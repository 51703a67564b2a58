// layoutref draw — the SVG rendering (figure.hpp: to_svg) and the HTML page around it (to_html).
#include "geometry.hpp"

#include <layoutref/draw/draw.hpp>

#include <cstdio>
#include <string>

namespace layoutref::draw {

namespace {

using detail::Geometry;
using detail::num;

std::string escape(std::string const& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string rgb(Rgb c) { return "rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")"; }

std::string hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r & 0xff, c.g & 0xff, c.b & 0xff);
  return buf;
}

/// Segments on one line, merged where they meet: a path's moves and draws (`M x y H x2` or `V y2`).
struct Runs {
  std::string d;
  bool open = false;
  double along = 0;  ///< where the open run ends
  /// A segment from `from` to `to` along a line at `across`; horizontal: x runs, y fixed.
  void add(bool horizontal, double across, double from, double to) {
    if (open && from == along) {
      d.erase(d.rfind(horizontal ? 'H' : 'V'));  // extend the open run: drop its end, draw to the new one
    } else {
      d += horizontal ? "M" + num(from) + " " + num(across) : "M" + num(across) + " " + num(from);
    }
    d += (horizontal ? "H" : "V") + num(to);
    open = true;
    along = to;
  }
  void end_line() { open = false; }
};

std::string line(double x1, double y1, double x2, double y2, double width, char const* colour) {
  return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" stroke=\"" +
         colour + "\" stroke-width=\"" + num(width) + "\" stroke-linecap=\"square\"/>\n";
}

std::string text(double x, double y, double size, std::string const& anchor, std::string const& body, Rgb colour = {0, 0, 0},
                 std::string const& attrs = {}) {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) + "\" text-anchor=\"" + anchor + "\"" +
         (colour == Rgb{0, 0, 0} ? std::string() : " fill=\"" + rgb(colour) + "\"") + attrs + ">" + body + "</text>\n";
}

void panel_svg(std::string& out, Panel const& p, Geometry const& g, detail::PanelBox const& b) {
  double cw = g.cell_w, ch = g.cell_h, x0 = b.grid_x, y0 = b.grid_y;
  std::string id = escape(p.name);
  out += "<g class=\"panel\" data-p=\"" + id + "\">\n";
  out += text(b.x, b.y + 15, Geometry::kTitleFont, "start", escape(p.title), {0, 0, 0}, " class=\"title\"");
  // Fills.
  out += "<g class=\"cells\" stroke=\"none\">\n";
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      Cell const& cell = p.at(r, c);
      out += "<rect class=\"cell\" data-r=\"" + std::to_string(r) + "\" data-c=\"" + std::to_string(c) + "\"" +
             (cell.group >= 0 ? " data-g=\"" + std::to_string(cell.group) + "\"" : std::string()) + " x=\"" + num(x0 + c * cw) +
             "\" y=\"" + num(y0 + r * ch) + "\" width=\"" + num(cw) + "\" height=\"" + num(ch) + "\" fill=\"" +
             hex(cell.present ? cell.fill : Rgb{242, 242, 242}) + "\"/>\n";
    }
  out += "</g>\n<g class=\"rules\">\n";
  double x1 = x0 + p.cols * cw, y1 = y0 + p.rows * ch;
  for (int k = 0; k <= p.rows; ++k) {
    bool edge = k == 0 || k == p.rows;
    int level = p.row_rule[static_cast<size_t>(k)];
    out += line(x0, y0 + k * ch, x1, y0 + k * ch, edge ? detail::kBorderWidth : detail::rule_width(level), level || edge ? "#000" : "#555");
  }
  for (int k = 0; k <= p.cols; ++k) {
    bool edge = k == 0 || k == p.cols;
    int level = p.col_rule[static_cast<size_t>(k)];
    out += line(x0 + k * cw, y0, x0 + k * cw, y1, edge ? detail::kBorderWidth : detail::rule_width(level), level || edge ? "#000" : "#555");
  }
  // Heavy edges between groups (tiles, threads), as one path of merged runs.
  auto differ = [](int g1, int g2) { return g1 != g2 && (g1 >= 0 || g2 >= 0); };
  Runs runs;
  for (int r = 0; r + 1 < p.rows; ++r, runs.end_line())
    for (int c = 0; c < p.cols; ++c)
      if (differ(p.at(r, c).group, p.at(r + 1, c).group)) runs.add(true, y0 + (r + 1) * ch, x0 + c * cw, x0 + (c + 1) * cw);
      else runs.end_line();
  for (int c = 0; c + 1 < p.cols; ++c, runs.end_line())
    for (int r = 0; r < p.rows; ++r)
      if (differ(p.at(r, c).group, p.at(r, c + 1).group)) runs.add(false, x0 + (c + 1) * cw, y0 + r * ch, y0 + (r + 1) * ch);
      else runs.end_line();
  if (!runs.d.empty())
    out += "<path class=\"groups\" d=\"" + runs.d + "\" fill=\"none\" stroke=\"#000\" stroke-width=\"" + num(detail::kGroupWidth) +
           "\" stroke-linecap=\"square\"/>\n";
  // Frames: the chosen part, and what differs from the spec.
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      Cell const& cell = p.at(r, c);
      if (cell.emphasized)
        out += "<rect class=\"chosen\" x=\"" + num(x0 + c * cw + 3) + "\" y=\"" + num(y0 + r * ch + 3) + "\" width=\"" +
               num(cw - 6) + "\" height=\"" + num(ch - 6) + "\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>\n";
      if (cell.marked)
        out += "<rect class=\"differs\" x=\"" + num(x0 + c * cw + 2) + "\" y=\"" + num(y0 + r * ch + 2) + "\" width=\"" +
               num(cw - 4) + "\" height=\"" + num(ch - 4) + "\" fill=\"none\" stroke=\"#d40000\" stroke-width=\"3\"/>\n";
    }
  out += "</g>\n<g class=\"labels\" font-size=\"" + num(Geometry::kLabelFont) + "\" text-anchor=\"middle\">\n";
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      Cell const& cell = p.at(r, c);
      if (!cell.present || cell.label.empty()) continue;
      double cx = x0 + c * cw + cw / 2, top = y0 + r * ch;
      Rgb ink = text_colour(cell.fill);
      auto base = g.label_baselines(top, cell.label.size());
      std::string head = "<text class=\"v\" data-r=\"" + std::to_string(r) + "\" data-c=\"" + std::to_string(c) + "\"" +
                         (ink == Rgb{0, 0, 0} ? std::string() : " fill=\"" + hex(ink) + "\"");
      // The first line is the text's own, each further line a <tspan> one line down.
      out += head + " x=\"" + num(cx) + "\" y=\"" + num(base[0]) + "\">" + escape(cell.label[0]);
      for (size_t i = 1; i < cell.label.size(); ++i)
        out += "<tspan x=\"" + num(cx) + "\" dy=\"" + num(base[i] - base[i - 1]) + "\">" + escape(cell.label[i]) + "</tspan>";
      out += "</text>\n";
      if (!cell.note.empty())
        out += text(cx, g.note_baseline(top), Geometry::kNoteFont, "middle", escape(cell.note), ink, " class=\"note\"");
    }
  out += "</g>\n<g class=\"indices\" fill=\"#444\">\n";
  for (int r = 0; r < p.rows; ++r)
    out += text(x0 - 5, y0 + r * ch + ch / 2 + 3.5, Geometry::kHeaderFont, "end", std::to_string(r), {68, 68, 68});
  for (int c = 0; c < p.cols; ++c)
    out += text(x0 + c * cw + cw / 2, y0 - 5, Geometry::kHeaderFont, "middle", std::to_string(c), {68, 68, 68});
  out += "</g>\n</g>\n";
}

std::string legend_text(Figure const& f) {
  std::string s;
  for (auto const& e : f.legend) s += (s.empty() ? "" : "; ") + rgb(e.fill) + ": " + e.text;
  return s;
}

std::string svg_element(Figure const& f) {
  Geometry g = detail::layout(f);
  std::string out;
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(g.width) + "\" height=\"" + num(g.height) +
         "\" viewBox=\"0 0 " + num(g.width) + " " + num(g.height) +
         "\" font-family=\"DejaVu Sans Mono, Liberation Mono, monospace\">\n";
  out += "<title>" + escape("layoutref draw: " + f.title) + "</title>\n";
  out += "<desc>" + escape(f.caption + (f.legend.empty() ? "" : " Legend: " + legend_text(f))) + "</desc>\n";
  out += "<rect x=\"0\" y=\"0\" width=\"" + num(g.width) + "\" height=\"" + num(g.height) + "\" fill=\"#ffffff\"/>\n";
  if (!f.title.empty()) out += text(12, 12 + 17, Geometry::kFigureTitleFont, "start", escape(f.title), {0, 0, 0}, " class=\"figure-title\"");
  for (size_t i = 0; i < f.panels.size(); ++i) panel_svg(out, f.panels[i], g, g.boxes[i]);
  out += "</svg>\n";
  return out;
}

}  // namespace

std::string to_svg(Figure const& f) { return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg_element(f); }

std::string to_html(Figure const& f) {
  std::string out =
      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>" +
      escape("layoutref draw: " + f.title) +
      "</title>\n<style>\nbody{font-family:DejaVu Sans,Liberation Sans,sans-serif;margin:1.5em;color:#111}\n"
      "code{font-family:DejaVu Sans Mono,Liberation Mono,monospace}\n.figure{overflow:auto}\n"
      ".legend{border-collapse:collapse;margin-top:1em}\n.legend td{padding:2px 8px 2px 0;vertical-align:middle}\n"
      ".swatch{display:inline-block;width:1.6em;height:1.1em;border:1px solid #000;box-sizing:border-box}\n</style>\n"
      "</head>\n<body>\n<h1><code>" +
      escape(f.title) + "</code></h1>\n<p>" + escape(f.caption) + "</p>\n<div class=\"figure\">\n" + svg_element(f) + "</div>\n";
  if (!f.legend.empty()) {
    out += "<table class=\"legend\">\n";
    for (auto const& e : f.legend) {
      std::string border = e.marked ? "border:3px solid #d40000;" : e.emphasized ? "border:3px solid #000;" : "";
      out += "<tr><td><span class=\"swatch\" style=\"background:" + rgb(e.fill) + ";" + border + "\"></span></td><td>" +
             escape(e.text) + "</td></tr>\n";
    }
    out += "</table>\n";
  }
  out += "<p>Drawn by <code>layoutref draw</code>: every value is the executable specification's.</p>\n</body>\n</html>\n";
  return out;
}

bool parse_format(std::string const& t, Format& out) {
  if (t == "svg") out = Format::svg;
  else if (t == "tikz" || t == "tex") out = Format::tikz;
  else if (t == "html") out = Format::html;
  else return false;
  return true;
}

std::string render(Figure const& f, Format format) {
  switch (format) {
    case Format::svg: return to_svg(f);
    case Format::tikz: return to_tikz(f);
    case Format::html: return to_html(f);
  }
  return to_svg(f);
}

}  // namespace layoutref::draw
