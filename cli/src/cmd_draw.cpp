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

namespace {

char const* const kDrawProse =
    "A picture of an expression, every value computed by the spec (docs/draw.md): a\n"
    "layout's grid (rank 1 a row; nested modes as nested blocks; CuTe's greys), a\n"
    "swizzled layout coloured by shared-memory bank and phase (32 banks of 4 bytes;\n"
    "--element-bytes N, default 2), composition, the divides and products with their\n"
    "tiles coloured and outlined, complement's bijection, coordinate tensors, slices and\n"
    "tiles, the thread-value partitions of local_partition and mma_partition_X (cells\n"
    "T<t> V<v>, CuTe's thread colours), and two forms of draw alone:\n"
    "  layoutref draw 'tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1):(1,2,0))'\n"
    "  layoutref draw 'tv_layout(((2,4),(2,2)):((8,1),(4,16)), (4,8))'\n"
    "  layoutref draw -o divide.svg 'logical_divide((8,24):(24,1), (_4,_8))'\n"
    "SVG (default; -o FILE.tex or .html picks the format), TikZ (a LaTeX document for\n"
    "pdflatex) or HTML (the SVG with a legend); --banks colours any layout by bank. At\n"
    "most 4096 cells a picture. Exit 0 drawn, 1 inadmissible, 2 bad input (nothing to\n"
    "draw: an integer or a coordinate; past the cell limit; a file not written).";

struct DrawArgs {
  std::string format, output, element_bytes;
  bool banks = false;
  std::vector<std::string> words;
};

void define_options(Options& o, DrawArgs& a) {
  o.app().add_option("--format", a.format, "svg (the default), tikz or html")->type_name("svg|tikz|html");
  o.app().add_option("-o,--output", a.output, "write the picture to FILE (- for standard output, the default)")->type_name("FILE");
  o.app().add_option("--element-bytes", a.element_bytes, "an element's width for the bank colours, 1 to 1024 (default 2)")->type_name("N");
  o.app().add_flag("--banks", a.banks, "colour any layout by shared-memory bank");
  o.app().add_option("expr", a.words, "the expression (several arguments are joined by spaces)")->type_name("EXPR");
  o.set_value_hint("-o", "a file name");
  o.set_value_hint("--output", "a file name");
}

}  // namespace

std::string draw_help() {
  DrawArgs a;
  Options o("draw", kDrawProse);
  define_options(o, a);
  return o.help();
}

int draw(std::vector<std::string> const& args) {
  using namespace layoutref::draw;
  DrawArgs a;
  Options options("draw", kDrawProse);
  define_options(options, a);
  if (auto rc = options.parse(args)) return *rc;
  layoutref::draw::Options opt;
  std::string expr;
  for (auto const& w : a.words) expr += (expr.empty() ? "" : " ") + w;
  std::string const& output = a.output;
  bool const format_given = options.app().count("--format") > 0, output_given = options.app().count("--output") > 0;
  Format format = Format::svg;
  if (format_given && !parse_format(a.format, format)) {
    std::cerr << "layoutref draw: --format takes svg, tikz or html, not `" << a.format << "`\n";
    return 2;
  }
  if (output_given && output.empty()) {
    std::cerr << "layoutref draw: -o needs a file name (or - for standard output), not an empty one\n";
    return 2;
  }
  if (options.app().count("--element-bytes")) {
    std::string const& v = a.element_bytes;
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
  }
  opt.banks = a.banks;
  if (expr.empty()) {
    std::cerr << "layoutref draw: no expression given\n" << usage();
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
