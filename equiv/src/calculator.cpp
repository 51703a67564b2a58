#include <layoutref/equiv/calculator.hpp>

#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/coordinates.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/impl/checked.hpp>
#include <layoutref/spec/error.hpp>
#include <layoutref/spec/tensor.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <exception>
#include <optional>
#include <utility>

namespace layoutref::equiv {

namespace {

using notation::Kind;
using notation::Term;

Failure failure_of(impl::Errc e) {
  switch (e) {
    case impl::Errc::ok: return Failure::none;
    case impl::Errc::bad_argument:
    case impl::Errc::capacity: return Failure::bad_input;
    case impl::Errc::overflow:
    case impl::Errc::inadmissible: return Failure::no_result;
  }
  return Failure::internal;
}

Failure failure_of(spec::Error const& e) {
  switch (e.kind()) {
    case spec::Error::Kind::bad_argument:
    case spec::Error::Kind::table_limit: return Failure::bad_input;
    case spec::Error::Kind::overflow:
    case spec::Error::Kind::inadmissible: return Failure::no_result;
  }
  return Failure::internal;
}

struct Parser {
  std::string const& text;
  size_t pos = 0;
  std::string error;
  Failure failure = Failure::none;
  int nesting = 0;  ///< calls open around pos
  Engine engine = Engine::impl;
  OuterCall* outer = nullptr;  ///< receives the outermost call

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

  bool fail(Failure f, std::string why) {
    failure = f;
    error = std::move(why);
    return false;
  }

  bool expr(Term& out);
};

Failure apply(Engine engine, std::string const& op, std::vector<Term> const& args, Term& out, std::string& error);

bool Parser::expr(Term& out) {
  skip();
  std::string op;
  if (call_ahead(op)) {
    size_t start = pos;
    if (nesting >= notation::kMaxNesting)
      return fail(Failure::bad_input, where(pos) + ": expected at most " + std::to_string(notation::kMaxNesting) +
                                          " nested calls (nesting too deep)");
    ++nesting;
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
        return fail(Failure::bad_input, where(pos) + ": expected ',' or ')' in the arguments of " + op);
      }
    }
    --nesting;
    if (nesting == 0 && outer) *outer = OuterCall{op, args};
    std::string why;
    Failure f = apply(engine, op, args, out, why);
    if (f != Failure::none) return fail(f, op + " (" + where(start) + "): " + why);
    return true;
  }
  size_t end = literal_end();
  if (end == pos) return fail(Failure::bad_input, where(pos) + ": expected an expression");
  auto p = notation::parse(std::string_view(text).substr(pos, end - pos), 1, static_cast<int>(pos) + 1);
  if (!p.ok) return fail(Failure::bad_input, p.error.message());
  out = std::move(p.term);
  pos = end;
  return true;
}

std::string describe(Term const& t) { return notation::print(t); }

Failure shape_query(Engine engine, std::string const& op, Term const& arg, Term& out, std::string& error) {
  if (engine == Engine::spec) {  // spec::Error propagates to evaluate_expression
    spec::IntTuple s = spec::to_shape(arg);
    out = Term::make_integer(op == "size" ? spec::size(s) : op == "rank" ? spec::rank(s) : spec::depth(s), false);
    return Failure::none;
  }
  auto s = impl::to_shape(arg);
  if (!s.ok()) {
    error = "the argument " + describe(arg) + " is not a layout or a shape: " + impl::str(s.error);
    return failure_of(s.error.code);
  }
  impl::i64 v = 0;
  if (op == "size") {
    auto n = impl::size(s.value);
    if (!n.ok()) {
      error = impl::str(n.error);
      return failure_of(n.error.code);
    }
    out = impl::to_term(n.value);
    return Failure::none;
  }
  if (op == "rank") v = s.value.rank();
  if (op == "depth") v = s.value.depth();
  out = Term::make_integer(v, true);
  return Failure::none;
}

std::string describe_args(std::vector<Term> const& args) {
  std::string text;
  for (size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + describe(args[i]);
  return text;
}

// The spec's result (Operation::spec_result) of a row.
Failure apply_spec(Operation const& row, std::vector<Term> const& args, Term& out, std::string& error) {
  if (args.size() < row.min_args || args.size() > row.max_args()) {
    error = impl::str(arity_error(row.name, Signature{row.usage, row.min_args, row.max_args()}, args.size()));
    return Failure::bad_input;
  }
  if (!row.spec_result) {
    error = "the spec has no result for `" + row.name + "` here";
    return Failure::internal;
  }
  try {
    out = row.spec_result(args);
  } catch (spec::Error const& e) {
    error = "on (" + describe_args(args) + "): " + e.what();
    return failure_of(e);
  }
  return Failure::none;
}

Failure apply(Engine engine, std::string const& op, std::vector<Term> const& args, Term& out, std::string& error) {
  if ((op == "size" || op == "rank" || op == "depth") && args.size() == 1 && args[0].kind != Kind::layout &&
      args[0].kind != Kind::chain)
    return shape_query(engine, op, args[0], out, error);
  Operation const* row = operations().find(op);
  if (!row) {
    error = "unknown operation (known: " + calculator_ops() + ")";
    return Failure::bad_input;
  }
  if (engine == Engine::spec) return apply_spec(*row, args, out, error);
  ImplResult r = row->compute(args);  // checks the number of arguments first
  if (!r.term) {
    std::string args_text;
    for (size_t i = 0; i < args.size(); ++i) args_text += (i ? ", " : "") + describe(args[i]);
    error = "on (" + args_text + "): " + impl::str(r.error);
    return failure_of(r.error.code);
  }
  out = *r.term;
  return Failure::none;
}

// A literal as the whole expression: every layout in it must be one (shape entries >= 1, shape
// and stride congruent). @pre t.depth <= notation::kMaxNesting (it was parsed)
void check_literal(Term const& t) {
  if (t.kind == Kind::layout) {
    (void)spec::to_layout(t);
    return;
  }
  for (auto const& c : t.children) check_literal(c);
}

}  // namespace

int exit_code(Failure f) {
  switch (f) {
    case Failure::none: return 0;
    case Failure::no_result: return 1;
    case Failure::bad_input: return 2;
    case Failure::internal: return 4;
  }
  return 4;
}

std::string calculator_ops() {
  std::string s;
  for (auto const& [name, row] : operations().rows()) s += (s.empty() ? "" : ", ") + name;
  return s;
}

EvalResult evaluate_expression(std::string const& text, Engine engine, OuterCall* outer) {
  EvalResult r;
  if (outer) *outer = OuterCall{};
  try {
    Parser p{text, 0, {}, Failure::none, 0, engine, outer};
    size_t begin = text.find_first_not_of(" \t\n\r\f\v");
    std::string op;
    p.pos = begin == std::string::npos ? text.size() : begin;
    bool is_call = p.call_ahead(op);
    if (!p.expr(r.value)) {
      r.error = p.error;
      r.failure = p.failure;
      return r;
    }
    p.skip();
    if (p.pos != text.size()) {
      r.error = p.where(p.pos) + ": unexpected `" + text.substr(p.pos) + "` after the expression";
      r.failure = Failure::bad_input;
      return r;
    }
    if (!is_call) check_literal(r.value);
  } catch (spec::Error const& e) {
    r.error = e.what();
    r.failure = failure_of(e);
    return r;
  } catch (std::exception const& e) {
    r.error = std::string("internal error: ") + e.what();
    r.failure = Failure::internal;
    return r;
  }
  r.ok = true;
  return r;
}

EvalResult check_value(notation::Term const& v) {
  EvalResult r;
  r.value = v;
  // The spec's checked arithmetic on the value: a layout's size and cosize; a chain's value at
  // index 0, and a swizzled layout's size and its value at the last index (offset + L(size - 1)).
  auto probe = [&](std::string const& op, std::vector<Term> const& args, Term& out) {
    std::string why;
    Failure f = apply(Engine::spec, op, args, out, why);
    if (f == Failure::none) return true;
    r.error = "the " + std::string(v.kind == Kind::layout ? "layout" : "value") + " is not one the spec can use (" + op + " of it: " +
              why + ")";
    r.failure = f == Failure::internal ? Failure::bad_input : f;
    return false;
  };
  Term n;
  if (v.kind == Kind::layout && !(probe("size", {v}, n) && probe("cosize", {v}, n))) return r;
  if (v.kind == Kind::chain) {
    if (!probe("eval", {v, Term::make_integer(0, false)}, n)) return r;
    bool const swizzled = v.children.size() == 3 && v.children[0].kind == Kind::swizzle;
    if (swizzled && !probe("size", {v}, n)) return r;
    if (swizzled && n.kind == Kind::integer && n.integer.value > 1 &&
        !probe("eval", {v, Term::make_integer(n.integer.value - 1, false)}, n))
      return r;
  }
  r.ok = true;
  return r;
}

namespace {

// The error for a table of `cells` cells (nullopt: past 2^63).
Failure too_large(std::optional<impl::i64> cells, std::string& error) {
  error = "the table would have " + (cells ? std::to_string(*cells) : std::string("more than 2^63")) +
          " cells, past the limit of " + std::to_string(kMaxTableCells);
  return Failure::bad_input;
}

Failure layout_table(Term const& t, std::string& out, std::string& error) {
  auto l = impl::to_layout(t);
  if (!l.ok()) {
    error = impl::str(l.error);
    return failure_of(l.error.code);
  }
  impl::Layout layout = l.value;
  if (!impl::has_integer_strides(layout)) {
    error = "the layout has basis strides; a table needs integer offsets";
    return Failure::bad_input;
  }
  if (layout.rank() > 2) {
    error = "table needs a rank-1 or rank-2 layout, this one has rank " + std::to_string(layout.rank());
    return Failure::bad_input;
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
  if (!nr.ok() || !nc.ok()) return too_large(std::nullopt, error);
  auto cells = impl::checked_mul(nr.value.value, nc.value.value);
  if (!cells.ok()) return too_large(std::nullopt, error);
  if (cells.value > kMaxTableCells) return too_large(cells.value, error);
  // Every cell L(m, n) = L(m + n * rows), as `eval` computes it, before anything is printed.
  std::vector<impl::i64> value(static_cast<size_t>(cells.value));
  size_t longest = 1;
  for (impl::i64 n = 0; n < nc.value.value; ++n)
    for (impl::i64 m = 0; m < nr.value.value; ++m) {
      impl::i64 i = m + n * nr.value.value;  // < cells, no overflow
      auto v = impl::evaluate_int(layout, i);
      if (!v.ok()) {
        error = "the cell (" + std::to_string(m) + "," + std::to_string(n) + ") = L(" + std::to_string(i) + "): " + impl::str(v.error);
        return failure_of(v.error.code);
      }
      value[static_cast<size_t>(i)] = v.value;
      longest = std::max(longest, std::to_string(v.value).size());
    }
  // CuTe: num_digits(cosize) + 2; wider where a cell needs it (negative values).
  auto cs = impl::cosize(layout);
  int width = static_cast<int>(std::max(cs.ok() ? std::to_string(cs.value).size() : size_t{0}, longest)) + 2;
  auto line = [&] {
    std::string s = "    ";
    for (impl::i64 n = 0; n < nc.value.value; ++n) s += "+" + std::string(static_cast<size_t>(width), '-');
    return s + "+\n";
  };
  char buf[64];
  std::string text = notation::print(t) + "\n    ";
  for (impl::i64 n = 0; n < nc.value.value; ++n) {
    std::snprintf(buf, sizeof buf, "  %*lld ", width - 2, static_cast<long long>(n));
    text += buf;
  }
  text += "\n";
  for (impl::i64 m = 0; m < nr.value.value; ++m) {
    text += line();
    std::snprintf(buf, sizeof buf, "%2lld  ", static_cast<long long>(m));
    text += buf;
    for (impl::i64 n = 0; n < nc.value.value; ++n) {
      std::snprintf(buf, sizeof buf, "| %*lld ", width - 2, static_cast<long long>(value[static_cast<size_t>(m + n * nr.value.value)]));
      text += buf;
    }
    text += "|\n";
  }
  text += line();
  out = std::move(text);
  return Failure::none;
}

}  // namespace

Failure print_table(Term const& t, std::string& out, std::string& error) {
  out.clear();
  try {
    // A tensor: CuTe's print_tensor, by the spec (the elements of a coordinate tensor are its
    // coordinates; a pointer tensor's elements are unknown here).
    if (t.kind == notation::Kind::chain && t.children.size() == 2 &&
        (t.children[0].kind == notation::Kind::arith_tuple || t.children[0].kind == notation::Kind::pointer)) {
      if (auto l = impl::to_layout(t.children[1]); l.ok()) {
        auto n = impl::size(l.value);
        if (!n.ok()) return too_large(std::nullopt, error);
        if (n.value.value > kMaxTableCells) return too_large(n.value.value, error);
      }
      spec::Tensor x = spec::to_tensor(t);
      if (spec::size(x) > kMaxTableCells) return too_large(spec::size(x), error);
      if (spec::rank(x) > 4) {  // CuTe's print_tensor prints the header alone
        error = "table prints tensors of rank 0 to 4 (as CuTe's print_tensor), this one has rank " + std::to_string(spec::rank(x));
        return Failure::bad_input;
      }
      out = spec::print_tensor(x);
      return Failure::none;
    }
    return layout_table(t, out, error);
  } catch (spec::Error const& e) {
    out.clear();
    error = e.what();
    return failure_of(e);
  } catch (std::exception const& e) {
    out.clear();
    error = std::string("internal error: ") + e.what();
    return Failure::internal;
  }
}

}  // namespace layoutref::equiv
