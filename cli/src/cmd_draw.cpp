// layoutref cli — `layoutref draw [--format svg|tikz|html] [-o FILE] [--element-bytes N] [--banks] EXPR`:
// the picture of an expression, every value the spec's (draw::draw_expression; docs/draw.md).
#include "commands.hpp"

#include <layoutref/draw/draw.hpp>
#include <layoutref/equiv/output.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace layoutref::cli {

namespace {

bool ends_with(std::string const& s, std::string const& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

/// Write `text` to `path`. @post false, the error printed, when it cannot be written
bool write_file(std::string const& command, std::string const& path, std::string const& text) {
  std::string error;
  if (equiv::write_output(path, text, error)) return true;
  std::cerr << "layoutref " << command << ": " << error << "\n";
  return false;
}

int draw(std::vector<std::string> const& args) {
  using namespace layoutref::draw;
  Options opt;
  std::string expr, output;
  bool format_given = false, output_given = false;
  Format format = Format::svg;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string const& a = args[i];
    bool has_value = i + 1 < args.size();
    if (a == "--format" && has_value) {
      if (!parse_format(args[++i], format)) {
        std::cerr << "layoutref draw: --format takes svg, tikz or html, not `" << args[i] << "`\n";
        return 2;
      }
      format_given = true;
    } else if ((a == "-o" || a == "--output") && has_value) {
      output = args[++i];
      output_given = true;
      if (output.empty()) {
        std::cerr << "layoutref draw: " << a << " needs a file name (or - for standard output), not an empty one\n";
        return 2;
      }
    } else if (a == "--element-bytes" && has_value) {
      std::string const& v = args[++i];
      std::size_t used = 0;
      long n = 0;
      try {
        n = std::stol(v, &used);
      } catch (std::exception const&) {
        used = 0;
      }
      if (used != v.size() || n < 1 || n > 1024) {
        std::cerr << "layoutref draw: --element-bytes takes a width of 1 to 1024 bytes, not `" << v << "`\n";
        return 2;
      }
      opt.element_bytes = static_cast<int>(n);
    } else if (a == "--banks") {
      opt.banks = true;
    } else if (a.size() > 1 && a[0] == '-' && a[1] == '-') {
      std::cerr << "layoutref draw: unknown option `" << a << "` (or it lacks its value)\n" << kUsage;
      return 2;
    } else if (a == "-o") {
      std::cerr << "layoutref draw: -o needs a file name\n";
      return 2;
    } else {
      expr += (expr.empty() ? "" : " ") + a;
    }
  }
  if (expr.empty()) {
    std::cerr << "layoutref draw: no expression given\n" << kUsage;
    return 2;
  }
  if (!format_given && !output.empty()) {
    if (ends_with(output, ".tex")) format = Format::tikz;
    else if (ends_with(output, ".html") || ends_with(output, ".htm")) format = Format::html;
  }
  Drawn d = draw_expression(expr, opt);
  if (!d.ok) {
    std::cerr << "layoutref draw: " << d.error << "\n";
    return equiv::exit_code(d.failure);
  }
  std::string text = render(d.figure, format);
  if (std::string why; format == Format::tikz && !tikz_compiles(text, why)) {
    std::cerr << "layoutref draw: " << why << "\n";
    return 2;
  }
  if (!output_given || output == "-") {
    std::cout << text;
    return 0;
  }
  return write_file("draw", output, text) ? 0 : 2;
}

}  // namespace layoutref::cli
