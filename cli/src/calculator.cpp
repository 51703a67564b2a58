#include "calculator.hpp"

#include "conform.hpp"

#include <layoutref/impl/coordinates.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/tensor.hpp>

#include <cctype>
#include <cstdio>

namespace layoutref::cli {

namespace {

using notation::Kind;
using notation::Term;

struct Parser {
  std::string const& text;
  size_t pos = 0;
  std::string error;

  void skip() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  }
  std::string where(size_t at) const { return "column " + std::to_string(at + 1); }

  // The end of a literal starting at pos: a top-level ',' or ')' (brackets and angle brackets
  // nest), or the end of the text.
  size_t literal_end() const {
    int depth = 0;
    for (size_t i = pos; i < text.size(); ++i) {
      char c = text[i];
      if (c == '(' || c == '<' || c == '[') ++depth;
      if (c == ')' || c == '>' || c == ']') {
        if (depth == 0) return i;
        --depth;
      }
      if (c == ',' && depth == 0) return i;
    }
    return text.size();
  }

  bool call_ahead(std::string& name) const {
    size_t i = pos;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
    if (i == pos || i >= text.size() || text[i] != '(') return false;
    name = text.substr(pos, i - pos);
    if (!std::isalpha(static_cast<unsigned char>(name[0]))) return false;
    return name != "ArithTuple";
  }

  bool expr(Term& out);
};

bool apply(std::string const& op, std::vector<Term> const& args, Term& out, std::string& error);

bool Parser::expr(Term& out) {
  skip();
  std::string op;
  if (call_ahead(op)) {
    size_t start = pos;
    pos += op.size() + 1;
    std::vector<Term> args;
    skip();
    if (pos < text.size() && text[pos] == ')') {
      ++pos;
    } else {
      while (true) {
        Term a;
        if (!expr(a)) return false;
        args.push_back(std::move(a));
        skip();
        if (pos < text.size() && text[pos] == ',') {
          ++pos;
          continue;
        }
        if (pos < text.size() && text[pos] == ')') {
          ++pos;
          break;
        }
        error = where(pos) + ": expected ',' or ')' in the arguments of " + op;
        return false;
      }
    }
    std::string why;
    if (!apply(op, args, out, why)) {
      error = op + " (" + where(start) + "): " + why;
      return false;
    }
    return true;
  }
  size_t end = literal_end();
  if (end == pos) {
    error = where(pos) + ": expected an expression";
    return false;
  }
  auto p = notation::parse(std::string_view(text).substr(pos, end - pos), 1, static_cast<int>(pos) + 1);
  if (!p.ok) {
    error = p.error.message();
    return false;
  }
  out = std::move(p.term);
  pos = end;
  return true;
}

std::string describe(Term const& t) { return notation::print(t); }

bool shape_query(std::string const& op, Term const& arg, Term& out, std::string& error) {
  auto s = impl::to_shape(arg);
  if (!s.ok()) {
    error = "the argument " + describe(arg) + " is not a layout or a shape: " + impl::str(s.error);
    return false;
  }
  impl::i64 v = 0;
  if (op == "size") {
    auto n = impl::size(s.value);
    if (!n.ok()) {
      error = impl::str(n.error);
      return false;
    }
    out = impl::to_term(n.value);
    return true;
  }
  if (op == "rank") v = s.value.rank();
  if (op == "depth") v = s.value.depth();
  out = Term::make_integer(v, true);
  return true;
}

bool apply(std::string const& op, std::vector<Term> const& args, Term& out, std::string& error) {
  if ((op == "size" || op == "rank" || op == "depth") && args.size() == 1 && args[0].kind != Kind::layout &&
      args[0].kind != Kind::chain)
    return shape_query(op, args[0], out, error);
  auto const& ops = conform_registry().ops;
  auto it = ops.find(op);
  if (it == ops.end()) {
    error = "unknown operation (known: " + calculator_ops() + ")";
    return false;
  }
  ImplResult r;
  try {
    r = it->second(args);
  } catch (std::out_of_range const&) {
    error = "too few arguments";
    return false;
  }
  if (!r.term) {
    std::string args_text;
    for (size_t i = 0; i < args.size(); ++i) args_text += (i ? ", " : "") + describe(args[i]);
    error = "on (" + args_text + "): " + impl::str(r.error);
    return false;
  }
  out = *r.term;
  return true;
}

}  // namespace

std::string calculator_ops() {
  std::string s;
  for (auto const& [name, fn] : conform_registry().ops) s += (s.empty() ? "" : ", ") + name;
  return s;
}

EvalResult evaluate_expression(std::string const& text) {
  EvalResult r;
  Parser p{text, 0, {}};
  if (!p.expr(r.value)) {
    r.error = p.error;
    return r;
  }
  p.skip();
  if (p.pos != text.size()) {
    r.error = p.where(p.pos) + ": unexpected `" + text.substr(p.pos) + "` after the expression";
    return r;
  }
  r.ok = true;
  return r;
}

bool print_table(Term const& t, std::string& out, std::string& error) {
  // A tensor: CuTe's print_tensor, by the spec (the elements of a coordinate tensor are its
  // coordinates; a pointer tensor's elements are unknown here).
  if (t.kind == notation::Kind::chain && t.children.size() == 2 &&
      (t.children[0].kind == notation::Kind::arith_tuple || t.children[0].kind == notation::Kind::pointer)) {
    try {
      out = spec::print_tensor(spec::to_tensor(t));
      return true;
    } catch (std::exception const& e) {
      error = e.what();
      return false;
    }
  }
  auto l = impl::to_layout(t);
  if (!l.ok()) {
    error = impl::str(l.error);
    return false;
  }
  impl::Layout layout = l.value;
  if (!impl::has_integer_strides(layout)) {
    error = "the layout has basis strides; a table needs integer offsets";
    return false;
  }
  if (layout.rank() > 2) {
    error = "table needs a rank-1 or rank-2 layout, this one has rank " + std::to_string(layout.rank());
    return false;
  }
  impl::Layout rows, cols;
  if (layout.rank() == 1) {
    rows = impl::make_leaf(impl::Int::fixed(1), impl::Stride::integer(impl::Int::fixed(0)));
    cols = layout.is_leaf() ? layout : layout.mode(0).value;
  } else {
    rows = layout.mode(0).value;
    cols = layout.mode(1).value;
  }
  auto nr = impl::size(rows), nc = impl::size(cols);
  auto cs = impl::cosize(layout);
  if (!nr.ok() || !nc.ok() || !cs.ok()) {
    error = "the layout's size does not fit in 64 bits";
    return false;
  }
  if (nr.value.value * nc.value.value > (1 << 20)) {
    error = "the table would have more than 2^20 cells";
    return false;
  }
  int width = static_cast<int>(std::to_string(cs.value).size()) + 2;  // CuTe: num_digits(cosize) + 2
  auto line = [&] {
    std::string s = "    ";
    for (impl::i64 n = 0; n < nc.value.value; ++n) s += "+" + std::string(static_cast<size_t>(width), '-');
    return s + "+\n";
  };
  char buf[64];
  out = notation::print(t) + "\n    ";
  for (impl::i64 n = 0; n < nc.value.value; ++n) {
    std::snprintf(buf, sizeof buf, "  %*lld ", width - 2, static_cast<long long>(n));
    out += buf;
  }
  out += "\n";
  for (impl::i64 m = 0; m < nr.value.value; ++m) {
    out += line();
    std::snprintf(buf, sizeof buf, "%2lld  ", static_cast<long long>(m));
    out += buf;
    for (impl::i64 n = 0; n < nc.value.value; ++n) {
      auto a = impl::evaluate_int(rows, m), b = impl::evaluate_int(cols, n);
      std::snprintf(buf, sizeof buf, "| %*lld ", width - 2, static_cast<long long>(a.value + b.value));
      out += buf;
    }
    out += "|\n";
  }
  out += line();
  return true;
}

}  // namespace layoutref::cli
