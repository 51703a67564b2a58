#include "prove_internal.hpp"
#include <layoutref/equiv/calculator.hpp>
#include <layoutref/equiv/operations.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/proofs/validate.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace layoutref::proofs {

namespace {

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

}  // namespace


std::vector<std::string> const& symbolic_operations() {
  static std::vector<std::string> const ops = {
      "coalesce", "composition", "complement", "right_inverse", "left_inverse", "logical_divide", "zipped_divide",
      "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product", "flat_product",
      "blocked_product", "raked_product", "tile_to_shape", "make_identity_tensor", "slice", "local_tile",
      "inner_partition", "local_partition", "mma_partition_A", "mma_partition_B", "mma_partition_C"};
  return ops;
}

namespace prove_detail {

std::optional<lp::Fn> Query::symbolic_call(std::string const& name, std::string const& inside) {
  if (symbolic_depth >= notation::kMaxNesting)
    throw BadInput{"symbolic calls nest at most " + std::to_string(notation::kMaxNesting) + " deep (nesting too deep)"};
  if (setting.budget_ms() == 0) throw lp::Split("the time budget was spent computing the symbolic operations");
  struct Depth {
    int& d;
    explicit Depth(int& x) : d(++x) {}
    ~Depth() { --d; }
  } depth(symbolic_depth);
  // A branch's name is one of symbolic_operations() (the list users and tests see): a branch for
  // a name not listed, or a listed name without a branch, is a logic error (exit 4), found by
  // any call that reaches the end (cli.prove_symbolic_unsupported).
  auto is = [&](char const* op) {
    auto const& ops = symbolic_operations();
    if (std::find(ops.begin(), ops.end(), op) == ops.end())
      throw std::logic_error(std::string("symbolic_call: a branch for `") + op + "`, which symbolic_operations() does not list");
    return name == op;
  };
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
  if (is("make_identity_tensor")) {
    arity(1);
    if (args[0].find(':') != std::string::npos) throw BadInput{"make_identity_tensor takes a shape, such as (M,N)"};
    auto t = shape_tiler(args[0]);
    if (!t) return std::nullopt;
    return describe(lp::identity_tensor(setting, *t));
  }
  if (is("slice")) {
    arity(2);
    auto l = layout(args[0]);
    if (!l) return std::nullopt;
    return describe(lp::slice(setting, *l, coordinate(args[1])));
  }
  if (is("local_tile") || is("inner_partition")) {
    arity(3);
    auto l = layout(args[0]);
    if (!l) return std::nullopt;
    if (args[1].find(':') != std::string::npos) throw BadInput{name + " with symbolic arguments takes a shape tiler such as (_128,_128)"};
    auto t = shape_tiler(args[1]);
    if (!t) return std::nullopt;
    return describe(lp::local_tile(setting, *l, t->shape, coordinate(args[2])));
  }
  if (is("local_partition")) {
    arity(3);
    auto l = layout(args[0]), thr = layout(args[1]);
    if (!l || !thr) return std::nullopt;
    no_offset(*thr, args[1]);
    std::optional<z3::expr> idx;
    if (trim(args[2]) != "_") idx = term(args[2]);
    return describe(lp::local_partition(setting, *l, *thr, idx));
  }
  if (is("mma_partition_A") || is("mma_partition_B") || is("mma_partition_C")) {
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
  if (is("composition")) {
    arity(2);
    auto a = layout(args[0]), b = layout(args[1]);
    if (!a || !b) return std::nullopt;
    no_offset(*b, args[1]);
    return describe(carried(*a, [&](lp::LeafLayout const& x) { return lp::composition(setting, x, *b); }));
  }
  if (is("coalesce")) {
    arity(1);
    auto l = layout(args[0]);
    if (!l) return std::nullopt;
    return describe(carried(*l, [&](lp::LeafLayout const& x) { return lp::coalesce(setting, x); }));
  }
  if (is("complement")) {
    arity(2);
    auto a = layout(args[0]);
    if (!a) return std::nullopt;
    no_offset(*a, args[0]);
    z3::expr cotarget = integer(args[1]);
    if (auto u = lp::term_fits_int64(setting, cotarget, "complement's cotarget " + quote(trim(args[1])))) throw lp::Split(u->reason);
    return describe(lp::complement(setting, *a, cotarget));
  }
  if (is("right_inverse") || is("left_inverse")) {
    arity(1);
    auto l = layout(args[0]);
    if (!l) return std::nullopt;
    no_offset(*l, args[0]);
    return describe(lp::inverse(setting, name, *l));
  }
  if (is("logical_product") || is("zipped_product") || is("tiled_product") || is("flat_product")) {
    arity(2);
    auto a = layout(args[0]), b = layout(args[1]);
    if (!a || !b) return std::nullopt;
    no_offset(*a, args[0]);
    no_offset(*b, args[1]);
    return describe(lp::arranged(setting, name, *a, *b));
  }
  if (is("blocked_product") || is("raked_product")) {
    arity(2);
    auto a = layout(args[0]), b = layout(args[1]);
    if (!a || !b) return std::nullopt;
    no_offset(*a, args[0]);
    no_offset(*b, args[1]);
    return describe(lp::blocked_product(setting, *a, *b, name == "raked_product"));
  }
  if (is("tile_to_shape")) {
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
  if (is("logical_divide") || is("zipped_divide") || is("tiled_divide") || is("flat_divide")) {
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
  auto const& ops = symbolic_operations();
  if (std::find(ops.begin(), ops.end(), name) != ops.end())
    throw std::logic_error("symbolic_call: `" + name + "` is listed in symbolic_operations() but has no branch");
  std::string listed;
  for (size_t i = 0; i < ops.size(); ++i) listed += (i == 0 ? "" : i + 1 == ops.size() ? " and " : ", ") + ops[i];
  throw BadInput{"`" + name + "` with symbolic arguments: only " + listed +
                 " are computed symbolically so far (docs/proofs.md gives the forms each takes)"};
}

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

}  // namespace prove_detail

}  // namespace layoutref::proofs
