#include <layoutref/proofs/prove.hpp>
#include <layoutref/proofs/algebra.hpp>

#include <layoutref/equiv/output.hpp>
#include <layoutref/equiv/calculator.hpp>
#include <layoutref/equiv/json.hpp>
#include <layoutref/equiv/operations.hpp>

#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/proofs/validate.hpp>
#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/term.hpp>

#include <layoutref/proofs/check.hpp>
#include <layoutref/proofs/terms.hpp>
#include <layoutref/proofs/watchdog.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include <thread>

namespace layoutref::proofs {

using equiv::Case;
using equiv::EvalResult;
using equiv::Outcome;
using equiv::Verdict;
using equiv::evaluate_expression;
using equiv::json_string;

namespace {

namespace lp = layoutref::proofs;
namespace sp = layoutref::spec;
using notation::Kind;
using notation::Term;

// Bad input: the message names what is wrong; the command exits 2.
struct BadInput {
  std::string message;
};

std::string trim(std::string const& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// `text` for a message: at most 80 characters of it.
std::string quote(std::string const& text) {
  return "`" + (text.size() > 80 ? text.substr(0, 60) + "..." + text.substr(text.size() - 17) : text) + "`";
}

// Split at top-level commas ('(', '<', '[' nest).
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

// Split at top-level ` o ` (function composition and CuTe's ComposedLayout chains).
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

// NAME(ARGS) as a whole text: the name and the inside; false for anything else.
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

struct Query {
  z3::context ctx;
  lp::Setting setting;
  Query() { setting.ctx = &ctx; }

  lp::Fn term_fn(Term const& t, std::string const& text) {
    if (t.kind == Kind::chain && t.children.size() == 3 && t.children[0].kind == Kind::swizzle) {
      sp::Swizzle sw{t.children[0].swizzle_b, t.children[0].swizzle_m, t.children[0].swizzle_s};
      try {
        sw.validate();
        return lp::Fn::swizzled_of(sw, sp::to_integer(t.children[1]), lp::leaves_of(ctx, sp::to_layout(t.children[2])));
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

  // The divisors the variables' bounds alone do not show >= 1 (symbolic.hpp's PendingDivisor:
  // `6/(2/a)` under a <= 2), each shown >= 1 under the hypotheses before the term is used: bad
  // input where one can be below 1 (z3's division by 0 is unspecified), unknown where z3 cannot tell.
  void check_divisors(std::vector<lp::PendingDivisor> const& pending, std::string const& text) {
    for (auto const& d : pending)
      if (auto u = lp::at_least_one(setting, d.term, "the divisor `" + d.text + "` (column " + std::to_string(d.column) + " of " + quote(trim(text)) + ")"))
        throw lp::Split(u->reason);
  }

  // One part of a chain: a call, CuTe notation, or a layout over the variables.
  // Notes on how the query's functions were made (symbolic operations), for the answer.
  std::vector<std::string> notes;

  // op(ARGS) whose arguments are layouts over the --where variables (algebra.hpp), or nullopt
  // when they are not.
  int symbolic_depth = 0;  // calls nested inside symbolic_call now

  std::optional<lp::Fn> symbolic_call(std::string const& name, std::string const& inside) {
    if (symbolic_depth >= notation::kMaxNesting)
      throw BadInput{"symbolic calls nest at most " + std::to_string(notation::kMaxNesting) + " deep (nesting too deep)"};
    if (setting.budget_ms() == 0) throw lp::Split("the time budget was spent computing the symbolic operations");
    struct Depth {
      int& d;
      explicit Depth(int& x) : d(++x) {}
      ~Depth() { --d; }
    } depth(symbolic_depth);
    auto args = split_args(inside);
    // The spec computes the operation on the arguments' values with checked 64-bit arithmetic:
    // an argument whose values can pass 64 bits within the bounds is bad input (query.hpp's
    // values_fit_int64), one where z3 cannot tell makes the answer unknown.
    auto fits = [&](lp::LeafLayout const& l, std::string const& text) {
      if (auto u = lp::values_fit_int64(setting, lp::Fn::of(l), name + "'s argument " + quote(trim(text)), "the argument")) throw lp::Split(u->reason);
    };
    // An argument: a layout over the variables, or a call computed symbolically (nested).
    auto layout = [&](std::string const& text) -> std::optional<lp::LeafLayout> {
      std::string inner, inner_args;
      if (call_of(trim(text), inner, inner_args)) {
        auto f = symbolic_call(inner, inner_args);
        if (!f) return std::nullopt;
        fits(f->layout, text);
        return f->layout;
      }
      std::string error;
      std::vector<lp::PendingDivisor> pending;
      auto l = lp::parse_symbolic_layout(ctx, setting.vars, text, error, &pending);
      if (l) check_divisors(pending, text);
      if (l) fits(*l, text);
      return l;
    };
    auto describe = [&](lp::Symbolic const& r) {
      std::string all;
      for (size_t i = 0; i < args.size(); ++i) all += (i ? ", " : "") + trim(args[i]);
      // Questions z3 could not decide where the operation went on with a form right either way.
      std::string undecided;
      for (auto const& u : r.undecided) undecided += "; undecided, the form right either way used: " + u;
      notes.push_back(name + "(" + all + ") = " + lp::layout_text(r.layout) + " (computed symbolically: " +
                      std::to_string(r.decisions.size()) + " structural question" + (r.decisions.size() == 1 ? "" : "s") +
                      " decided by z3" + undecided + "; the same as the spec's " + name +
                      " at " + std::to_string(r.checked) + " assignments)");
      return lp::Fn::of(r.layout);
    };
    // A shape as the tiler, `(bM,bN)` (mode by mode): read as the layout with every stride 1.
    auto shape_tiler = [&](std::string const& text) -> std::optional<lp::LeafLayout> {
      std::string error;
      std::vector<lp::PendingDivisor> pending;
      auto l = lp::parse_symbolic_shape(ctx, setting.vars, trim(text), error, &pending);
      if (l) check_divisors(pending, text);
      if (l) fits(*l, text);
      return l;
    };
    auto arity = [&](size_t n) {
      if (args.size() != n) throw BadInput{name + " takes " + std::to_string(n) + " arguments here, got " + std::to_string(args.size())};
    };
    // A tensor (a layout with an origin) is accepted where CuTe's operation takes a tensor: the
    // operation acts on its layout and the origin is carried; elsewhere it is bad input.
    auto no_offset = [&](lp::LeafLayout const& l, std::string const& text) {
      if (l.offset) throw BadInput{name + " takes a layout; `" + trim(text) + "` is a tensor with an offset (" + lp::layout_text(l) + ")"};
    };
    auto carried = [](lp::LeafLayout l, std::function<lp::Symbolic(lp::LeafLayout const&)> const& op) {
      std::optional<lp::SymValue> origin = l.offset;
      l.offset.reset();
      lp::Symbolic r = op(l);
      if (origin) r.layout.offset = r.layout.offset ? *origin + *r.layout.offset : *origin;
      return r;
    };
    if (name == "make_identity_tensor") {
      arity(1);
      if (args[0].find(':') != std::string::npos) throw BadInput{"make_identity_tensor takes a shape, such as (M,N)"};
      auto t = shape_tiler(args[0]);
      if (!t) return std::nullopt;
      return describe(lp::identity_tensor(setting, *t));
    }
    if (name == "slice") {
      arity(2);
      auto l = layout(args[0]);
      if (!l) return std::nullopt;
      return describe(lp::slice(setting, *l, coordinate(args[1])));
    }
    if (name == "local_tile" || name == "inner_partition") {
      arity(3);
      auto l = layout(args[0]);
      if (!l) return std::nullopt;
      if (args[1].find(':') != std::string::npos) throw BadInput{name + " with symbolic arguments takes a shape tiler such as (_128,_128)"};
      auto t = shape_tiler(args[1]);
      if (!t) return std::nullopt;
      return describe(lp::local_tile(setting, *l, t->shape, coordinate(args[2])));
    }
    if (name == "local_partition") {
      arity(3);
      auto l = layout(args[0]), thr = layout(args[1]);
      if (!l || !thr) return std::nullopt;
      no_offset(*thr, args[1]);
      std::optional<z3::expr> idx;
      if (trim(args[2]) != "_") idx = term(args[2]);
      return describe(lp::local_partition(setting, *l, *thr, idx));
    }
    if (name == "mma_partition_A" || name == "mma_partition_B" || name == "mma_partition_C") {
      arity(5);
      sp::TiledMma mma;
      try {
        sp::Layout atom_layout = spec_layout(literal(trim(args[1])), "the atom layout `" + trim(args[1]) + "`");
        // The permutation: `_`, or a concrete tiler of rank <= 3 (a layout or `_` per mode, as
        // CuTe's Tile<Layout<...>, ...>), e.g. `((2,4,4):(1,8,2),_,_)`.
        sp::Tiler perm = sp::Tiler::underscore();
        if (trim(args[2]) != "_") perm = sp::to_tiler(literal(trim(args[2])));
        mma = sp::make_tiled_mma(sp::mma_atom(trim(args[0])), atom_layout, perm);
      } catch (sp::Error const& e) {
        throw BadInput{name + ": " + e.what()};
      }
      auto l = layout(args[3]);
      if (!l) return std::nullopt;
      std::optional<z3::expr> idx;
      if (trim(args[4]) != "_") idx = term(args[4]);
      sp::MmaOperand op = name.back() == 'A' ? sp::MmaOperand::A : name.back() == 'B' ? sp::MmaOperand::B : sp::MmaOperand::C;
      return describe(lp::mma_partition(setting, mma, op, *l, idx));
    }
    if (name == "composition") {
      arity(2);
      auto a = layout(args[0]), b = layout(args[1]);
      if (!a || !b) return std::nullopt;
      no_offset(*b, args[1]);
      return describe(carried(*a, [&](lp::LeafLayout const& x) { return lp::composition(setting, x, *b); }));
    }
    if (name == "coalesce") {
      arity(1);
      auto l = layout(args[0]);
      if (!l) return std::nullopt;
      return describe(carried(*l, [&](lp::LeafLayout const& x) { return lp::coalesce(setting, x); }));
    }
    if (name == "complement") {
      arity(2);
      auto a = layout(args[0]);
      if (!a) return std::nullopt;
      no_offset(*a, args[0]);
      z3::expr cotarget = integer(args[1]);
      if (auto u = lp::term_fits_int64(setting, cotarget, "complement's cotarget " + quote(trim(args[1])))) throw lp::Split(u->reason);
      return describe(lp::complement(setting, *a, cotarget));
    }
    if (name == "right_inverse" || name == "left_inverse") {
      arity(1);
      auto l = layout(args[0]);
      if (!l) return std::nullopt;
      no_offset(*l, args[0]);
      return describe(lp::inverse(setting, name, *l));
    }
    if (name == "logical_product" || name == "zipped_product" || name == "tiled_product" || name == "flat_product") {
      arity(2);
      auto a = layout(args[0]), b = layout(args[1]);
      if (!a || !b) return std::nullopt;
      no_offset(*a, args[0]);
      no_offset(*b, args[1]);
      return describe(lp::arranged(setting, name, *a, *b));
    }
    if (name == "blocked_product" || name == "raked_product") {
      arity(2);
      auto a = layout(args[0]), b = layout(args[1]);
      if (!a || !b) return std::nullopt;
      no_offset(*a, args[0]);
      no_offset(*b, args[1]);
      return describe(lp::blocked_product(setting, *a, *b, name == "raked_product"));
    }
    if (name == "tile_to_shape") {
      if (args.size() != 2 && args.size() != 3)
        throw BadInput{name + " takes 2 or 3 arguments here, got " + std::to_string(args.size())};
      auto block = layout(args[0]);
      if (!block) return std::nullopt;
      no_offset(*block, args[0]);
      if (args[1].find(':') != std::string::npos) throw BadInput{name + " takes a target shape such as (M,N), got `" + trim(args[1]) + "`"};
      auto t = shape_tiler(args[1]);
      if (!t) return std::nullopt;
      std::optional<sp::IntTuple> order;
      if (args.size() == 3) {
        try {
          order = sp::to_int_tuple(literal(trim(args[2])));
        } catch (sp::Error const& e) {
          throw BadInput{name + ": the order `" + trim(args[2]) + "` is not a tuple of integers: " + e.what()};
        }
      }
      return describe(lp::tile_to_shape(setting, *block, *t, order));
    }
    if (name == "logical_divide" || name == "zipped_divide" || name == "tiled_divide" || name == "flat_divide") {
      arity(2);
      auto a = layout(args[0]);
      if (!a) return std::nullopt;
      if (args[1].find(':') != std::string::npos) {
        auto b = layout(args[1]);
        if (!b) return std::nullopt;
        no_offset(*b, args[1]);
        return describe(carried(*a, [&](lp::LeafLayout const& x) { return lp::arranged(setting, name, x, *b); }));
      }
      auto t = shape_tiler(args[1]);
      if (!t) return std::nullopt;
      return describe(carried(*a, [&](lp::LeafLayout const& x) { return lp::divide(setting, name, x, t->shape); }));
    }
    for (auto const& a : args)
      if (!layout(a)) return std::nullopt;
    throw BadInput{"`" + name + "` with symbolic arguments: only coalesce, composition, complement, the divides "
                   "(zipped, tiled and flat by a shape tiler; zipped by a layout), logical, zipped, tiled, flat, blocked and raked_product (by a layout), "
                   "tile_to_shape, right_inverse, left_inverse, "
                   "make_identity_tensor, slice, local_tile (inner_partition), local_partition and mma_partition_A/B/C are computed "
                   "symbolically so far (docs/proofs.md)"};
  }

  lp::Fn part(std::string const& text) {
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

  lp::Fn function(std::string const& text) {
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

  z3::expr integer(std::string const& text) {
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
  z3::expr term(std::string const& text) { return integer(trim(text)); }

  // A slice coordinate: `_`, a term, or a tuple `(i,_,(j,k))`.
  lp::SymCoord coordinate(std::string const& written) {
    std::string text = trim(written);
    if (text == "_") return lp::SymCoord::underscore();
    if (!text.empty() && text.front() == '(' && text.back() == ')') {
      std::vector<lp::SymCoord> items;
      for (auto const& x : split_args(text.substr(1, text.size() - 2))) items.push_back(coordinate(x));
      return lp::SymCoord::tuple(std::move(items));
    }
    return lp::SymCoord::at(term(text));
  }
};

// Fault injection for the watchdog's tests (tests/cli/soundness_prove.cmake, prove_watchdog_stall
// and audit_prove_watchdog_stall): with LAYOUTREF_PROVE_STALL set, the query never returns, as a
// deadlocked solver call (it sleeps an hour past its deadline; the watchdog answers first).
void stall_if_injected(lp::Setting const& s) {
  if (std::getenv("LAYOUTREF_PROVE_STALL")) std::this_thread::sleep_until(s.deadline + std::chrono::hours(1));
}

void need(std::vector<std::string> const& args, size_t n, std::string const& q) {
  if (args.size() != n || (n > 0 && args[0].empty()))
    throw BadInput{q + " takes " + std::to_string(n) + " argument" + (n == 1 ? "" : "s") + ", got " + std::to_string(args.size())};
}

/// admissible(OP, ARG...): the spec's admissibility predicate of the operation's row
/// (equiv::Operation::admissible), on concrete arguments.
lp::Answer admissible(std::vector<std::string> const& args) {
  if (args.empty() || args[0].empty()) throw BadInput{"admissible(OP, ARG...) needs an operation"};
  std::string op = args[0];
  auto const& table = layoutref::equiv::operations();
  layoutref::equiv::Operation const* row = table.find(op);
  if (!row || !row->admissible) {
    std::string known;
    for (auto const& [name, r] : table.rows())
      if (r.admissible) known += (known.empty() ? "" : ", ") + name;
    throw BadInput{"admissible: " + std::string(row ? "no preconditions are stated for `" : "unknown operation `") + op + "` (known: " + known + ")"};
  }
  std::vector<Term> t;
  for (size_t i = 1; i < args.size(); ++i) t.push_back(literal(args[i]));
  if (t.size() < row->min_args || t.size() > row->max_args())
    throw BadInput{"admissible(" + op + ", ...): " + std::to_string(t.size()) + " argument" + (t.size() == 1 ? "" : "s") + " given; " + row->usage +
                   " takes " + (row->min_args == row->max_args() ? std::to_string(row->min_args)
                                                               : std::to_string(row->min_args) + " to " + std::to_string(row->max_args()))};
  sp::Admissibility adm;
  try {
    adm = row->admissible(t);
  } catch (sp::Error const& e) {
    if (e.kind() == sp::Error::Kind::inadmissible) adm = sp::Admissibility::no(e.condition(), e.what());
    else throw BadInput{std::string("admissible(") + op + "): " + e.what()};
  }
  lp::Answer a;
  // Decided by the spec's admissibility predicate (exact, on concrete inputs); no solver call.
  a.status = adm.ok ? lp::Status::proved : lp::Status::refuted;
  a.by_spec = true;
  a.witness_checked = !adm.ok;
  if (!adm.ok) a.counterexample = adm.message();
  for (auto const& n : adm.notes) a.reason += (a.reason.empty() ? "" : "; ") + n;
  if (a.reason.empty()) a.reason = "decided by the spec's admissibility predicate";
  return a;
}

// Translation validation of a claimed result of op(args).
std::optional<lp::Answer> validate_claim(lp::Setting const& s, std::string const& op, std::vector<Term> const& args,
                                         Term const& claimed) {
  auto layout = [&](size_t i) {
    if (i >= args.size()) throw BadInput{op + " needs more arguments"};
    return spec_layout(args[i], op + "'s argument " + std::to_string(i + 1));
  };
  sp::Layout r = spec_layout(claimed, "the result of " + op);
  auto impl_complement = [&](sp::Layout const& x, long long m) {
    return spec_layout(evaluate_call("complement(" + sp::str(x) + ", " + std::to_string(m) + ")"), "complement");
  };
  if (op == "composition") return lp::validate_composition(s, layout(0), layout(1), r);
  if (op == "complement") {
    sp::Layout a = layout(0);
    long long m = args.size() > 1 ? sp::to_integer(args[1]) : sp::default_cotarget(a);
    return lp::validate_complement(s, a, m, r);
  }
  if (op == "coalesce" && args.size() == 1) return lp::validate_coalesce(s, layout(0), r);
  if (op == "logical_divide" && args.size() == 2 && args[1].kind == Kind::layout) {
    sp::Layout a = layout(0), b = layout(1);
    return lp::validate_logical_divide(s, a, b, impl_complement(b, sp::size(a)), r);
  }
  if (op == "logical_product" && args.size() == 2 && args[1].kind == Kind::layout) {
    sp::Layout a = layout(0), b = layout(1);
    long long target = 0;
    if (__builtin_mul_overflow(static_cast<long long>(sp::size(a)), static_cast<long long>(sp::cosize(b)), &target))
      throw BadInput{"size(A)*cosize(B) overflows 64 bits"};
    return lp::validate_logical_product(s, a, b, impl_complement(a, target), r);
  }
  if (op == "right_inverse") return lp::validate_right_inverse(s, layout(0), r);
  if (op == "left_inverse") return lp::validate_left_inverse(s, layout(0), r);
  return std::nullopt;
}

// bijective(F, (S_0, ..., S_{r-1})) (query.hpp's bijective_onto): the target a flat shape of terms.
lp::Answer bijective_onto_shape(Query& q, lp::Fn const& f, std::string const& target) {
  std::vector<z3::expr> shape;
  if (target.size() < 2 || target.back() != ')') throw BadInput{"bijective(F, S): S is a flat shape such as (M,N), got `" + target + "`"};
  for (auto const& x : split_args(target.substr(1, target.size() - 2))) {
    if (!trim(x).empty() && trim(x).front() == '(') throw BadInput{"bijective(F, S): S is a flat shape such as (M,N)"};
    shape.push_back(q.term(x));
  }
  return lp::bijective_onto(q.setting, f, shape);
}

lp::Answer run_query(Query& q, std::string const& text) {
  std::string name, inside;
  if (!call_of(text, name, inside))
    throw BadInput{"expected a query NAME(ARGS...): injective, surjective, bijective, equal, image_within, fits, admissible, valid"};
  auto args = split_args(inside);
  auto& s = q.setting;
  if (name == "injective") return need(args, 1, name), lp::injective(s, q.function(args[0]));
  // Arguments are evaluated left to right, one statement each: as arguments of one call their
  // order would be the compiler's (g++ and clang differ), and with it which undecided question
  // or split an answer names first.
  if (name == "surjective") {
    need(args, 2, name);
    auto f = q.function(args[0]);
    auto n = q.integer(args[1]);
    return lp::surjective(s, f, n);
  }
  if (name == "bijective") {
    need(args, 2, name);
    std::string target = trim(args[1]);
    auto f = q.function(args[0]);
    if (!target.empty() && target.front() == '(') return bijective_onto_shape(q, f, target);
    auto n = q.integer(args[1]);
    return lp::bijective(s, f, n);
  }
  if (name == "equal") {
    need(args, 2, name);
    // equal(R, A o B) with R, A, B concrete layouts: translation validation of a composition,
    // which also checks that R's shape refines B's (validate.hpp).
    auto chain = split_chain(args[1]);
    if (chain.size() == 2 && chain[0].rfind("Sw<", 0) != 0) {
      try {
        sp::Layout r = spec_layout(literal(args[0]), args[0]), a = spec_layout(literal(chain[0]), chain[0]),
                   b = spec_layout(literal(chain[1]), chain[1]);
        if (sp::has_integer_strides(b)) return lp::validate_composition(s, a, b, r);
      } catch (BadInput const&) {
        // Not three concrete layouts (variables, swizzles): the function check below.
      }
    }
    auto f = q.function(args[0]);
    auto g = q.function(args[1]);
    return lp::equal(s, f, g);
  }
  if (name == "image_within") {
    need(args, 3, name);
    auto f = q.function(args[0]);
    auto lo = q.integer(args[1]);
    auto hi = q.integer(args[2]);
    return lp::image_within(s, f, lo, hi);
  }
  if (name == "fits") {
    need(args, 2, name);
    if (args[1] != "int32") throw BadInput{"fits(F, int32): only int32 is supported, got `" + args[1] + "`"};
    return lp::fits_int32(s, q.function(args[0]));
  }
  if (name == "admissible") return admissible(args);
  if (name == "valid") {
    need(args, 1, name);
    std::string op, call_inside;
    if (!call_of(args[0], op, call_inside)) throw BadInput{"valid(OP(ARGS...)) needs an operation call"};
    std::vector<Term> op_args;
    for (auto const& a : split_args(call_inside)) op_args.push_back(literal(a));
    Term result = evaluate_call(args[0]);
    auto a = validate_claim(s, op, op_args, result);
    if (!a) throw BadInput{"valid: no translation validation for `" + op + "` (composition, complement, coalesce, "
                           "logical_divide and logical_product with a layout, right_inverse, left_inverse)"};
    a->reason = "impl's result " + notation::print(result) + (a->reason.empty() ? "" : "; " + a->reason);
    return *a;
  }
  throw BadInput{"unknown query `" + name + "` (injective, surjective, bijective, equal, image_within, fits, admissible, valid)"};
}

// The portfolio's other answer for the line: "cvc5 agrees", "cvc5 undecided", "cvc5 not on PATH",
// or nothing where cvc5 did not run (a disagreement never gets here: it is an InternalError).
std::string cvc5_check(lp::Answer const& a) {
  for (auto const& x : a.solvers) {
    if (x.rfind("cvc5: ", 0) != 0) continue;
    std::string v = x.substr(6);
    if (v == "unsat" || v == "sat") return "cvc5 agrees";
    return v.find("not on PATH") != std::string::npos ? "cvc5 not on PATH" : "cvc5 undecided";
  }
  return "";
}

// The checks that confirmed an answer, for its line. A z3 proof is replayed in a fresh z3 process
// within what is left of the budget; where the replay does not confirm it the answer becomes
// unknown. Throws lp::InternalError where a check contradicts the answer.
std::vector<std::string> confirm(lp::Answer& a, lp::Setting const& s) {
  std::vector<std::string> checks;
  if (a.status == lp::Status::refuted) {
    if (!a.witness_checked) throw lp::InternalError("the counterexample was not checked with the spec: " + a.counterexample);
    if (a.by_spec) return {"decided by the spec"};
    checks = {"z3", "counterexample checked with the spec"};
    if (auto c = cvc5_check(a); !c.empty()) checks.push_back(c);
    return checks;
  }
  if (a.status != lp::Status::proved) return checks;
  if (a.by_spec) return {"decided by the spec"};
  if (!a.lemma.empty()) checks.push_back(a.lemma);
  if (a.bitvector_width > 0)
    checks.push_back("for all values within the stated bounds (bit-vectors, " + std::to_string(a.bitvector_width) + " bits)");
  if (!a.z3_proved) {
    // Proved by cvc5 alone: its own process on the SMT-LIB2 text already is the independent run
    // a replay gives a z3 proof (and z3, which could not decide, cannot replay it).
    checks.push_back("cvc5");
  } else {
    checks.push_back("z3");
    unsigned left = s.budget_ms();
    if (left == 0) {
      a.status = lp::Status::unknown;
      a.reason = "z3 proved it, but the time budget was spent before the replay could confirm it";
      return {};
    }
    lp::Replay r = lp::replay_smt2(a.smt2, "unsat", left);
    switch (r.outcome) {
      case lp::Replay::Outcome::agrees: checks.push_back("replayed"); break;
      case lp::Replay::Outcome::no_program: checks.push_back("not replayed: " + r.detail); break;
      case lp::Replay::Outcome::undecided:
        a.status = lp::Status::unknown;
        a.reason = "z3 proved it, but the replay in a fresh z3 process did not confirm it: " + r.detail;
        return {};
      case lp::Replay::Outcome::disagrees:
        throw lp::InternalError("z3 proved it, but the replay in a fresh z3 process answered otherwise: " + r.detail);
    }
    if (auto c = cvc5_check(a); !c.empty()) checks.push_back(c);
  }
  if (a.exhaustive_points > 0) checks.push_back("exhaustive over " + std::to_string(a.exhaustive_points) + " points");
  return checks;
}

int exit_code(lp::Status s) {
  switch (s) {
    case lp::Status::proved: return 0;
    case lp::Status::refuted: return 1;
    case lp::Status::unknown: return 3;
  }
  return 4;
}

char const* const kProveUsage =
    "usage: layoutref prove QUERY [--where 'a in 1..64, M in 1..2^20, M % 128 == 0'] [--solver z3|cvc5|both] [--timeout MS]\n"
    "                       [--emit-smt2 FILE] [--json]\n"
    "--where: variables `NAME in LO..HI` (LO, HI integers or 2^K) and facts `TERM OP TERM` (OP one of\n"
    "== != <= >= < >; the left term may end in `% D`), separated by commas\n"
    "exit 0 proved, 1 refuted, 2 bad input, 3 unknown, 4 internal error\n";

// Answers the query and confirms the answer (its checks). Where a symbolic operation's structure
// splits on a condition that holds for some values and not others, each case (the condition as
// a hypothesis, then its negation) is answered as a query of its own, at most 3 splits deep:
// proved when every case is, refuted when a case is (its checked counterexample), else unknown,
// every case reported.
lp::Answer answer_query(Query& q, std::string const& text, std::chrono::steady_clock::time_point t0, int depth,
                        std::vector<std::string>& checks) {
  q.notes.clear();
  lp::Answer a;
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  try {
    a = run_query(q, text);
  } catch (lp::Split const& e) {
    if (!e.condition || depth >= 3 || q.setting.budget_ms() == 0) {
      a = lp::Answer{};
      a.status = lp::Status::unknown;
      a.seconds = elapsed();
      a.reason = e.what();
      if (e.condition && depth >= 3) a.reason += " (3 splits deep: not split further)";
    } else {
      struct Case {
        std::string label;
        lp::Answer answer;
        std::vector<std::string> checks;
      };
      std::vector<Case> cases;
      for (int side = 0; side < 2; ++side) {
        Case c;
        c.label = side == 0 ? e.condition_text : "not " + e.condition_text;
        q.setting.hypotheses.push_back({"case." + std::to_string(depth) + "." + std::to_string(side), side == 0 ? *e.condition : !*e.condition});
        try {
          c.answer = answer_query(q, text, t0, depth + 1, c.checks);
        } catch (...) {
          q.setting.hypotheses.pop_back();
          throw;
        }
        q.setting.hypotheses.pop_back();
        cases.push_back(std::move(c));
      }
      auto told = [](Case const& c) {
        std::string how;
        for (auto const& k : c.checks) how += (how.empty() ? "" : ", ") + k;
        return "case " + c.label + ": " + lp::name(c.answer.status) + (how.empty() ? "" : " (" + how + ")") +
               (c.answer.status == lp::Status::refuted ? ": " + c.answer.counterexample
                                                       : c.answer.reason.empty() ? "" : ": " + c.answer.reason);
      };
      for (auto const& c : cases)
        if (c.answer.status == lp::Status::refuted) {
          a = c.answer;
          checks = c.checks;
          checks.insert(checks.begin(), "in the case " + c.label);
          a.seconds = elapsed();
          return a;
        }
      bool all = true;
      for (auto const& c : cases) all = all && c.answer.status == lp::Status::proved;
      a = lp::Answer{};
      a.status = all ? lp::Status::proved : lp::Status::unknown;
      a.by_spec = false;
      a.seconds = elapsed();
      a.reason = "the structure splits on whether " + e.condition_text + "; " + told(cases[0]) + "; " + told(cases[1]);
      checks.clear();
      if (all) checks.push_back("by cases (" + std::to_string(cases.size()) + "), each confirmed");
      return a;
    }
  }
  std::string made;  // how the query's functions were made, innermost call first (at most 8 told)
  for (size_t i = 0; i < q.notes.size() && i < 8; ++i) made += (made.empty() ? "" : "; ") + q.notes[i];
  if (q.notes.size() > 8) made += "; and " + std::to_string(q.notes.size() - 8) + " more symbolic calls";
  if (!made.empty()) a.reason = made + (a.reason.empty() ? "" : "; " + a.reason);
  checks = confirm(a, q.setting);
  return a;
}

}  // namespace

int prove_command(std::vector<std::string> const& args) {
  std::string where, smt2_path, text;
  bool smt2_given = false;
  unsigned timeout = 10000;
  // --json anywhere makes every answer JSON, bad options too.
  bool const json = std::find(args.begin(), args.end(), "--json") != args.end();
  lp::SolverChoice solver = lp::SolverChoice::both;
  auto takes_value = [](std::string const& a) { return a == "--solver" || a == "--where" || a == "--timeout" || a == "--emit-smt2"; };
  for (size_t i = 0; i < args.size(); ++i) {
    if (takes_value(args[i])) ++i;
    else if (args[i].rfind("--", 0) != 0) text += (text.empty() ? "" : " ") + args[i];
  }
  text = trim(text);
  // Bad input before any solver runs: exit 2, the message as JSON under --json.
  auto refuse = [&](std::string const& message, bool usage = false) {
    if (json)
      std::cout << "{\"query\":" << json_string(text) << ",\"answer\":\"bad input\",\"error\":" << json_string(message) << "}\n";
    else
      std::cerr << "layoutref prove: " << message << "\n" << (usage ? kProveUsage : "");
    return 2;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--json") {
      continue;
    } else if (takes_value(args[i])) {
      if (i + 1 >= args.size()) return refuse(args[i] + " needs a value", true);
      std::string const& opt = args[i];
      std::string const& v = args[++i];
      if (opt == "--solver") {
        if (v == "z3") solver = lp::SolverChoice::z3;
        else if (v == "cvc5") solver = lp::SolverChoice::cvc5;
        else if (v == "both") solver = lp::SolverChoice::both;
        else return refuse("--solver takes z3, cvc5 or both, got `" + v + "`");
      } else if (opt == "--where") {
        where += (where.empty() ? "" : ", ") + v;
      } else if (opt == "--emit-smt2") {
        if (v.empty()) return refuse("--emit-smt2 needs a file name, not an empty one");
        smt2_path = v;
        smt2_given = true;
      } else {
        try {
          size_t used = 0;
          long long ms = std::stoll(v, &used);
          if (used != v.size() || ms < 1 || ms > 86400000) throw std::invalid_argument(v);
          timeout = static_cast<unsigned>(ms);
        } catch (std::exception const&) {
          return refuse("--timeout needs milliseconds in 1..86400000, got `" + v + "`");
        }
      }
    } else if (args[i].rfind("--", 0) == 0) {
      return refuse("unknown option `" + args[i] + "`", true);
    }  // anything else is a word of the query (text, above)
  }
  if (text.empty()) return refuse("no query given", true);
  auto const t0 = std::chrono::steady_clock::now();
  Query q;
  q.setting.timeout_ms = timeout;
  q.setting.solver = solver;
  if (solver == lp::SolverChoice::cvc5 && !lp::solver_on_path("cvc5")) return refuse("--solver cvc5: the cvc5 program is not on PATH");
  // --timeout is the whole query's wall-clock budget: every solver call, check and the replay.
  q.setting.deadline = t0 + std::chrono::milliseconds(timeout);
  if (auto e = q.setting.vars.parse(where); !e.empty()) return refuse("--where: " + e);
  // Each fact of --where is a named hypothesis (in the unsat core, in the vacuity check).
  if (auto e = lp::add_facts(q.setting); !e.empty()) return refuse("--where: " + e);
  lp::Answer a;
  std::vector<std::string> checks;
  // The answer comes within the budget even where a solver call does not return (z3 4.8.12's
  // timer can deadlock; watchdog.hpp): 2 s and a tenth of --timeout past it, the answer is
  // unknown, exit 3. Every answer below is written after watchdog.finish().
  lp::Watchdog watchdog(
      t0 + std::chrono::milliseconds(timeout) + std::chrono::milliseconds(2000 + timeout / 10),
      [&] {
        std::string reason = "no answer within the time budget (--timeout " + std::to_string(timeout) +
                             " ms): a solver call did not return (z3 4.8.12's timer can deadlock; docs/proofs.md)";
        char at[32];
        std::snprintf(at, sizeof at, "%.3f", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (json)
          std::cout << "{\"query\":" << json_string(text) << ",\"answer\":\"unknown\",\"seconds\":" << at
                    << ",\"checks\":[],\"reason\":" << json_string(reason) << ",\"solvers\":[],\"core\":[]}\n";
        else
          std::cout << "unknown (" << at << " s): " << reason << "\n";
        std::cout.flush();
      },
      exit_code(lp::Status::unknown));
  auto bad_input = [&](std::string const& message) {
    watchdog.finish();
    if (json)
      std::cout << "{\"query\":" << json_string(text) << ",\"answer\":\"bad input\",\"error\":" << json_string(message) << "}\n";
    else
      std::cerr << "layoutref prove: " << message << "\n";
    return 2;
  };
  try {
    stall_if_injected(q.setting);
    a = answer_query(q, text, t0, 0, checks);
  } catch (BadInput const& b) {
    return bad_input(b.message);
  } catch (lp::InputError const& e) {
    return bad_input(e.what());
  } catch (lp::InternalError const& e) {
    watchdog.finish();
    if (json)
      std::cout << "{\"query\":" << json_string(text) << ",\"answer\":\"internal error\",\"error\":" << json_string(e.what()) << "}\n";
    else
      std::cerr << "layoutref prove: internal error: " << e.what() << "\n";
    return 4;
  } catch (sp::Error const& e) {
    return bad_input(e.what());
  } catch (z3::exception const& e) {
    return bad_input(std::string("z3: ") + e.msg());
  }
  watchdog.finish();
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (smt2_given) {
    std::string error;
    if (!layoutref::equiv::write_output(smt2_path, a.smt2, error)) {
      std::cerr << "layoutref prove: --emit-smt2: " << error << "\n";
      return 2;
    }
  }
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.3f", a.seconds);
  if (json) {
    std::cout << "{\"query\":" << json_string(text) << ",\"answer\":" << json_string(lp::name(a.status))
              << ",\"seconds\":" << secs << ",\"checks\":[";
    for (size_t i = 0; i < checks.size(); ++i) std::cout << (i ? "," : "") << json_string(checks[i]);
    std::cout << "]";
    if (a.status == lp::Status::refuted) std::cout << ",\"counterexample\":" << json_string(a.counterexample);
    if (!a.reason.empty()) std::cout << ",\"reason\":" << json_string(a.reason);
    std::cout << ",\"solvers\":[";
    for (size_t i = 0; i < a.solvers.size(); ++i) std::cout << (i ? "," : "") << json_string(a.solvers[i]);
    std::cout << "]";
    std::cout << ",\"core\":[";
    for (size_t i = 0; i < a.core.size(); ++i) std::cout << (i ? "," : "") << json_string(a.core[i]);
    std::cout << "]}\n";
  } else {
    std::string how;
    for (auto const& c : checks) how += c + ", ";
    switch (a.status) {
      case lp::Status::proved: std::cout << "proved (" << how << secs << " s)"; break;
      case lp::Status::refuted: std::cout << "refuted (" << how << secs << " s): " << a.counterexample; break;
      case lp::Status::unknown: std::cout << "unknown (" << secs << " s): " << a.reason; break;
    }
    std::cout << "\n";
    if (a.status != lp::Status::unknown && !a.reason.empty()) std::cout << "  note: " << a.reason << "\n";
    if (!a.core.empty()) {
      std::cout << "  hypotheses used:";
      for (auto const& c : a.core) std::cout << " " << c;
      std::cout << "\n";
    }
  }
  return exit_code(a.status);
}

std::optional<Outcome> prove_case(Case const& c, unsigned timeout_ms) {
  try {
    std::vector<Term> args;
    for (auto const& f : c.args) {
      auto p = notation::parse(f.text);
      if (!p.ok) return std::nullopt;
      args.push_back(p.term);
    }
    auto r = notation::parse(c.result.text);
    if (!r.ok || r.term.kind != Kind::layout) return std::nullopt;
    z3::context ctx;
    lp::Setting s;
    s.ctx = &ctx;
    s.timeout_ms = timeout_ms;
    auto const t0 = std::chrono::steady_clock::now();
    s.deadline = t0 + std::chrono::milliseconds(timeout_ms);
    // A solver call that does not return (watchdog.hpp) stops the audit with an error naming the
    // case, rather than hanging it: the stuck call holds z3's lock, so no later case could run.
    lp::Watchdog watchdog(
        s.deadline + std::chrono::milliseconds(2000 + timeout_ms / 10),
        [&] {
          std::cerr << "layoutref: " << c.file << ":" << c.line << " " << c.op
                    << ": a solver call did not return within the case's budget (" << timeout_ms
                    << " ms; z3 4.8.12's timer can deadlock, docs/proofs.md); stopping\n";
          std::cerr.flush();
          std::cout.flush();
        },
        4);
    std::optional<lp::Answer> a;
    std::vector<std::string> checks;
    try {
      stall_if_injected(s);
      a = validate_claim(s, c.op, args, r.term);
      if (!a) return std::nullopt;
      checks = confirm(*a, s);
    } catch (lp::InputError const& e) {
      return Outcome{Verdict::unsupported, std::string("not proved: ") + e.what(), std::nullopt};
    } catch (lp::InternalError const& e) {
      return Outcome{Verdict::unsupported, std::string("not judged: internal error of the prover: ") + e.what(), std::nullopt};
    }
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.3f", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    std::string how;
    for (auto const& k : checks)
      if (k != "z3") how += ", " + k;
    switch (a->status) {
      case lp::Status::proved:
        return Outcome{Verdict::correct, std::string("(proved by Z3") + how + " in " + secs + " s: the spec's tables would be too large)",
                       std::nullopt};
      case lp::Status::refuted:
        return Outcome{Verdict::wrong, "(refuted by Z3) " + a->counterexample + " (" + how.substr(2) + ")", std::nullopt};
      case lp::Status::unknown: return Outcome{Verdict::unsupported, "Z3 could not decide: " + a->reason, std::nullopt};
    }
  } catch (...) {
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace layoutref::proofs
