#include "prove_internal.hpp"
#include <layoutref/equiv/calculator.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/term.hpp>

#include <cctype>
#include <functional>

namespace layoutref::proofs {

using equiv::EvalResult;
using equiv::evaluate_expression;

namespace prove_detail {

std::string trim(std::string const& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::string quote(std::string const& text) {
  return "`" + (text.size() > 80 ? text.substr(0, 60) + "..." + text.substr(text.size() - 17) : text) + "`";
}

std::vector<std::string> split_args(std::string const& s) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '(' || c == '<' || c == '[') ++depth;
    if (c == ')' || c == '>' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(trim(s.substr(start)));
  return out;
}

std::vector<std::string> split_chain(std::string const& s) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '(' || c == '<' || c == '[') ++depth;
    if (c == ')' || c == '>' || c == ']') --depth;
    if (depth == 0 && c == 'o' && i > 0 && i + 1 < s.size() && std::isspace(static_cast<unsigned char>(s[i - 1])) &&
        std::isspace(static_cast<unsigned char>(s[i + 1]))) {
      out.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(trim(s.substr(start)));
  return out;
}

bool call_of(std::string const& s, std::string& name, std::string& inside) {
  size_t i = 0;
  while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
  if (i == 0 || i >= s.size() || s[i] != '(' || !std::isalpha(static_cast<unsigned char>(s[0])) || s.back() != ')') return false;
  int depth = 0;
  for (size_t k = i; k < s.size(); ++k) {
    if (s[k] == '(') ++depth;
    if (s[k] == ')' && --depth == 0 && k + 1 != s.size()) return false;
  }
  if (depth != 0) return false;  // unbalanced: not a call
  name = s.substr(0, i);
  inside = s.substr(i + 1, s.size() - i - 2);
  return true;
}

Term evaluate_call(std::string const& text) {
  EvalResult r = evaluate_expression(text);
  if (!r.ok) throw BadInput{text + ": " + r.error};
  return r.value;
}

Term literal(std::string const& text) {
  std::string name, inside;
  if (call_of(text, name, inside) && name != "ArithTuple") return evaluate_call(text);
  auto p = notation::parse(text);
  if (!p.ok) throw BadInput{quote(text) + ": " + p.error.message()};
  return p.term;
}

sp::Layout spec_layout(Term const& t, std::string const& what) {
  try {
    return sp::to_layout(t);
  } catch (sp::Error const& e) {
    throw BadInput{what + " is not a layout: " + e.what()};
  }
}

lp::Fn Query::term_fn(Term const& t, std::string const& text) {
  if (sp::is_composed(t)) {
    try {
      sp::ComposedLayout c = sp::to_composed(t);
      return lp::Fn::swizzled_of(c.outer, c.offset, lp::leaves_of(ctx, c.inner));
    } catch (sp::Error const& e) {
      throw BadInput{"`" + text + "`: " + e.what()};
    }
  }
  if (t.kind == Kind::chain && t.children.size() == 2 && t.children[0].kind == Kind::arith_tuple) {
    // A coordinate tensor ArithTuple(origin) o L: the function i -> origin + L(i).
    lp::LeafLayout l = lp::leaves_of(ctx, spec_layout(t.children[1], "`" + text + "`"));
    lp::SymValue origin(ctx.int_val(0));
    bool zero = true;
    std::function<void(Term const&, spec::Path const&)> walk = [&](Term const& x, spec::Path const& path) {
      if (x.kind == Kind::integer) {
        auto v = static_cast<int64_t>(x.integer.value);
        zero = zero && v == 0;
        origin = origin + (path.empty() ? lp::SymValue(ctx.int_val(v)) : lp::SymValue::basis(ctx.int_val(v), path));
        return;
      }
      if (x.kind != Kind::tuple) throw BadInput{"`" + text + "`: the origin of a coordinate tensor is an integer or a tuple of integers"};
      for (size_t i = 0; i < x.children.size(); ++i) {
        spec::Path q = path;
        q.push_back(static_cast<int>(i));
        walk(x.children[i], q);
      }
    };
    walk(t.children[0].children.at(0), {});
    if (!zero) l.offset = origin;
    return lp::Fn::of(l);
  }
  return lp::Fn::of(lp::leaves_of(ctx, spec_layout(t, "`" + text + "`")));
}

void Query::check_divisors(std::vector<lp::PendingDivisor> const& pending, std::string const& text) {
  for (auto const& d : pending)
    if (auto u = lp::at_least_one(setting, d.term, "the divisor `" + d.text + "` (column " + std::to_string(d.column) + " of " + quote(trim(text)) + ")"))
      throw lp::Split(u->reason);
}

lp::Fn Query::part(std::string const& text) {
  std::string name, inside;
  if (call_of(text, name, inside)) {
    try {
      return term_fn(evaluate_call(text), text);
    } catch (BadInput const&) {
      if (setting.vars.vars.empty()) throw;
      if (auto f = symbolic_call(name, inside)) return *f;
      throw;
    }
  }
  auto p = notation::parse(text);
  std::string concrete_error = p.ok ? "" : p.error.message();
  if (p.ok) {
    try {
      return term_fn(p.term, text);
    } catch (BadInput const& b) {
      concrete_error = b.message;
    }
  }
  // Not a concrete layout: a layout over the --where variables.
  std::string error;
  std::vector<lp::PendingDivisor> pending;
  auto l = lp::parse_symbolic_layout(ctx, setting.vars, text, error, &pending);
  if (!l) throw BadInput{text.find(':') == std::string::npos ? concrete_error : quote(text) + ": " + error};
  check_divisors(pending, text);
  return lp::Fn::of(*l);
}

lp::Fn Query::function(std::string const& text) {
  auto parts = split_chain(text);
  if (parts.size() == 3 && parts[0].rfind("Sw<", 0) == 0) {
    // A concrete Sw o OFF o L as CuTe notation; else L a layout over the --where variables.
    auto p = notation::parse(text);
    if (p.ok) {
      try {
        return term_fn(p.term, text);
      } catch (BadInput const&) {
        if (setting.vars.vars.empty()) throw;
      }
    }
    auto head = notation::parse(parts[0] + " o " + parts[1] + " o 1:0");  // the swizzle and the offset alone
    if (!head.ok || head.term.kind != Kind::chain || head.term.children.size() != 3 || head.term.children[0].kind != Kind::swizzle)
      return term_fn(literal(text), text);
    Term const &sw = head.term.children[0], &off = head.term.children[1];
    lp::Fn inner = part(parts[2]);
    if (inner.kind != lp::Fn::Kind::layout || inner.layout.offset)
      throw BadInput{"`" + parts[2] + "`: the layout under a swizzle must be a layout"};
    for (auto const& d : inner.layout.stride)
      if (!d.is_integer()) throw BadInput{"`" + parts[2] + "`: the layout under a swizzle must have integer strides"};
    sp::Swizzle z{sw.swizzle_b, sw.swizzle_m, sw.swizzle_s};
    try {
      z.validate();
      return lp::Fn::swizzled_of(z, sp::to_integer(off), inner.layout);
    } catch (sp::Error const& e) {
      throw BadInput{"`" + text + "`: " + e.what()};
    }
  }
  if (parts.size() == 1) return part(parts[0]);
  if (parts.size() != 2) throw BadInput{"`" + text + "`: compose two functions at a time (A o B)"};
  lp::Fn a = part(parts[0]), b = part(parts[1]);
  if (b.kind != lp::Fn::Kind::layout) throw BadInput{"`" + parts[1] + "`: the right-hand side of `o` must be a layout"};
  // `o` extends A past its size in A's last leaf; a derived last leaf of shape 1 for some values
  // (LeafLayout::loose) extends differently from the spec's result there: not decided here.
  if (a.kind == lp::Fn::Kind::layout && !a.layout.shape.empty() &&
      a.layout.is_loose(a.layout.shape.size() - 1)) {
    z3::solver sv(ctx);
    sv.add(lp::domain(setting) && a.layout.shape.back() == 1);
    if (sv.check() != z3::unsat)
      throw lp::Split("`" + parts[0] + "` o ...: its last leaf, " + lp::term_text(a.layout.shape.back()) +
                      ", may be 1, where the spec's result has a different extension past its size (state the case in --where)");
  }
  if (auto why = lp::compose_error(a, b.layout); !why.empty()) throw BadInput{"`" + text + "`: " + why};
  return lp::Fn::compose(a, b.layout);
}

z3::expr Query::integer(std::string const& text) {
  std::string name, inside;
  if (call_of(text, name, inside)) {
    Term t = evaluate_call(text);
    if (t.kind != Kind::integer) throw BadInput{"`" + text + "` is not an integer"};
    return ctx.int_val(static_cast<int64_t>(t.integer.value));
  }
  std::string error;
  std::vector<lp::PendingDivisor> pending;
  auto e = lp::parse_term(ctx, setting.vars, text, error, &pending);
  if (!e) throw BadInput{quote(text) + ": " + error};
  check_divisors(pending, text);
  return *e;
}

lp::SymCoord Query::coordinate(std::string const& written) {
  std::string text = trim(written);
  if (text == "_") return lp::SymCoord::underscore();
  if (!text.empty() && text.front() == '(' && text.back() == ')') {
    std::vector<lp::SymCoord> items;
    for (auto const& x : split_args(text.substr(1, text.size() - 2))) items.push_back(coordinate(x));
    return lp::SymCoord::tuple(std::move(items));
  }
  return lp::SymCoord::at(term(text));
}

}  // namespace prove_detail

}  // namespace layoutref::proofs
