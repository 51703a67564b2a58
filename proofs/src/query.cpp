#include "query_internal.hpp"
#include <layoutref/proofs/algebra.hpp>
#include <layoutref/proofs/bitvector.hpp>
#include <layoutref/proofs/check.hpp>
#include <layoutref/proofs/query.hpp>
#include <layoutref/proofs/radix.hpp>
#include <layoutref/proofs/terms.hpp>

#include <layoutref/notation/term.hpp>
#include <layoutref/spec/checked.hpp>
#include <layoutref/spec/error.hpp>

#include <algorithm>
#include <cstdint>
#include <map>

namespace layoutref::proofs {

unsigned Setting::budget_ms() const {
  if (deadline == std::chrono::steady_clock::time_point{}) return timeout_ms;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
  if (left <= 0) return 0;
  return static_cast<unsigned>(std::min<long long>(left, timeout_ms));
}

namespace {

SymValue ite(z3::expr const& c, SymValue const& a, SymValue const& b) {
  z3::context& ctx = c.ctx();
  SymValue out(z3::ite(c, a.scalar(), b.scalar()));
  // Components other than the integer part: a missing one is 0.
  SymValue sum = a + b;  // only for the set of paths
  SymValue r = out;
  for (auto const& part : sum.parts()) {
    auto const& p = part.first;  // not a structured binding: clang 14 cannot capture one (fuzz preset)
    if (p.empty()) continue;
    auto get = [&](SymValue const& v) {
      auto it = v.parts().find(p);
      return it == v.parts().end() ? ctx.int_val(0) : it->second;
    };
    spec::Value unit = spec::Value::basis(1, p);
    r = r + SymValue::of(ctx, unit).scaled(z3::ite(c, get(a), get(b)));
  }
  return r;
}

bool integer_strides(LeafLayout const& l) {
  for (auto const& d : l.stride)
    if (!d.is_integer()) return false;
  return true;
}

}  // namespace

// Whether e is >= 1 by its form alone: in sum-of-monomials form, a sum of monomials c * x^k *
// ... with numerals c >= 1 and variables whose lower bound is >= 1 (each monomial is then >= 1).
// A sufficient test, before the solver (which is slow on products of many variables).
bool positive_polynomial(Setting const& s, z3::expr const& e) {
  auto monomial = [&](z3::expr const& m, auto const& self) -> bool {
    int64_t v = 0;
    if (m.is_numeral()) return m.is_numeral_i64(v) && v >= 1;
    if (m.is_const() && m.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
      auto const* var = s.vars.find(m.decl().name().str());
      return var != nullptr && var->lo >= 1;
    }
    if (m.is_app() && (m.decl().decl_kind() == Z3_OP_MUL || m.decl().decl_kind() == Z3_OP_POWER)) {
      if (m.decl().decl_kind() == Z3_OP_POWER) return m.num_args() == 2 && self(m.arg(0), self) && m.arg(1).is_numeral_i64(v) && v >= 0;
      for (unsigned i = 0; i < m.num_args(); ++i)
        if (!self(m.arg(i), self)) return false;
      return true;
    }
    return false;
  };
  z3::expr n = normal_form(e);
  if (n.is_app() && n.decl().decl_kind() == Z3_OP_ADD) {
    for (unsigned i = 0; i < n.num_args(); ++i)
      if (!monomial(n.arg(i), monomial)) return false;
    return true;
  }
  return monomial(n, monomial);
}

std::optional<Answer> at_least_one(Setting const& s, z3::expr const& written, std::string const& what) {
  z3::expr e = written.simplify();
  int64_t x = 0;
  if (e.is_numeral()) {
    if (!e.is_numeral_i64(x) || x < 1) throw InputError(what + " is " + e.get_decimal_string(0) + ", below 1");
    return std::nullopt;
  }
  if (positive_polynomial(s, written)) return std::nullopt;
  unsigned budget = s.budget_ms();
  Answer unknown;
  if (budget == 0) {
    unknown.reason = "the time budget is spent";
    return unknown;
  }
  z3::solver sv(*s.ctx);
  z3::params p(*s.ctx);
  p.set("timeout", budget);
  sv.set(p);
  sv.add(domain(s));
  sv.add(written < 1);
  z3::check_result r = sv.check();
  if (r == z3::sat) {
    z3::model m = sv.get_model();
    std::string with = s.vars.str(*s.ctx, m);
    throw InputError(what + " can be " + model_value(m, written) + (with.empty() ? "" : " (with " + with + ")") +
                     ": a shape, bound or divisor below 1 is bad input");
  }
  if (r == z3::unsat) return std::nullopt;
  unknown.reason = "could not show that " + what + " is >= 1: " + sv.reason_unknown();
  return unknown;
}

namespace {

using query_detail::shape_text;

// Every shape entry of F is >= 1 (at_least_one), and every value the spec computes for F fits in
// 64 bits for every value of the variables (values_fit_int64).
std::optional<Answer> shapes_ok(Setting const& s, Fn const& f, std::string const& name) {
  for (size_t k = 0; k < f.layout.shape.size(); ++k)
    if (auto u = at_least_one(s, f.layout.shape[k], "the shape entry `" + shape_text(f.layout, k) + "` (leaf " +
                                                       std::to_string(k) + " of " + name + ")"))
      return u;
  if (f.outer)
    for (size_t k = 0; k < f.outer->layout.shape.size(); ++k)
      if (auto u = at_least_one(s, f.outer->layout.shape[k], "the shape entry `" + shape_text(f.outer->layout, k) + "` (leaf " +
                                                                 std::to_string(k) + " of " + name + "'s outer layout)"))
        return u;
  if (auto u = values_fit_int64(s, f, name)) return u;
  if (s.vars.vars.empty()) {
    try {
      ConcreteFn c = instantiate(s, f, {});
      std::string why = range_error(c.layout);
      if (why.empty() && f.outer) why = range_error(c.outer);
      if (!why.empty()) throw InputError(name + ": " + why);
    } catch (spec::Error const& e) {
      throw InputError(name + ": " + e.what());
    }
  }
  return std::nullopt;
}

// Shape entries are >= 1 (shapes_ok shows it): a named hypothesis for every symbolic one.
void shape_hypotheses(Fn const& f, Obligation& o, std::string const& stem) {
  for (size_t k = 0; k < f.layout.shape.size(); ++k) {
    if (f.layout.shape[k].is_numeral()) continue;
    o.hypothesis(stem + ".shape" + std::to_string(k), f.layout.shape[k] >= 1);
  }
  if (f.outer) shape_hypotheses(*f.outer, o, stem + ".outer");
}

long long index_in(z3::model const& m, z3::expr const& e) {
  long long x = 0;
  if (!model_int64(m, e, x)) throw spec::Error(spec::Error::Kind::overflow, "the model's " + e.to_string() + " is not a 64-bit integer");
  return x;
}

// The stated bounds of the variables, `a in 1..2^16, b in 1..65535`.
std::string bounds_text(Setting const& s) {
  auto num = [](long long v) {
    for (int k = 10; k <= 62; ++k)
      if (v == (1LL << k)) return std::string("2^") + std::to_string(k);
      else if (v == -(1LL << k)) return std::string("-2^") + std::to_string(k);
    return std::to_string(v);
  };
  std::string out;
  for (auto const& v : s.vars.vars) out += (out.empty() ? "" : ", ") + v.name + " in " + num(v.lo) + ".." + num(v.hi);
  return out;
}

// The integer obligation was left unknown (`unknown`): the bit-vector tier within what is left of
// the budget. A proof holds for every value within the stated bounds; a counterexample's values
// are fixed in the integer obligation, which z3 then decides (a ground query), and that answer's
// model is the one checked with the spec (`checked`). Otherwise `unknown`, its reason extended.
Answer by_bitvectors(Setting const& s, Obligation const& o, z3::expr const& goal, Answer unknown,
                     std::function<std::string(z3::model const&)> const& checked, std::chrono::steady_clock::time_point end) {
  auto deadline = std::min(end, std::chrono::steady_clock::now() + std::chrono::milliseconds(s.budget_ms()));
  auto t0 = std::chrono::steady_clock::now();
  BvAttempt bv = bitvector_attempt(o, goal, deadline);
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::string integer = "the integer encoding could not decide (" + unknown.reason + ")";
  std::string at = std::to_string(bv.width) + " bits, within " + bounds_text(s);
  switch (bv.kind) {
    case BvAttempt::Kind::not_applicable:
      unknown.reason += "; no bit-vector attempt: " + bv.why;
      return unknown;
    case BvAttempt::Kind::unknown:
      unknown.reason += "; the bit-vector attempt (" + at + ") ran out of time or could not decide: " + bv.why;
      return unknown;
    case BvAttempt::Kind::proved: {
      Answer a;
      a.status = Status::proved;
      a.smt2 = bv.smt2;
      a.core = bv.core;
      a.solvers = bv.solvers;
      a.z3_proved = bv.z3_proved;
      a.bitvector_width = bv.width;
      a.bitvector_bounds = bounds_text(s);
      a.seconds = unknown.seconds + took;
      a.reason = "proved for all values within the stated bounds (" + a.bitvector_bounds + ")" +
                 (s.hypotheses.empty() ? std::string() : " that satisfy the hypotheses") + " by bit-vectors of at most " +
                 std::to_string(bv.width) + " bits, each operation at a width its range fits (no overflow in the domain); " + integer;
      return a;
    }
    case BvAttempt::Kind::counterexample: {
      Obligation fixed = o;
      z3::expr values = s.ctx->bool_val(true);
      for (auto const& [c, v] : bv.model) values = values && c == v;
      fixed.hypothesis("bitvector.model", values);
      // The bit-vector formula leaves out the conjuncts over unbounded constants: its model need not
      // extend to the integer obligation, which decides.
      Answer a;
      try {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now()).count();
        a = fixed.prove(goal, static_cast<unsigned>(std::clamp<long long>(left, 0, s.budget_ms())), checked);
      } catch (InputError const&) {
        a.status = Status::unknown;
        a.reason = "its values contradict the integer hypotheses";
      }
      if (a.status != Status::refuted) {
        unknown.reason += "; the bit-vector attempt (" + at + ") found a model that is no counterexample of the integer obligation (" +
                          (a.status == Status::proved ? std::string("unsat with its values") : a.reason) + ")";
        return unknown;
      }
      a.reason = "counterexample found by bit-vectors (" + at + "), its values fixed in the integer obligation; " + integer;
      return a;
    }
  }
  return unknown;
}

// Proves the goal; a refutation's witness is evaluated with the spec (InternalError unless it
// violates the goal), a proof is evaluated with the spec over a small domain.
Answer decide(Setting const& s, Obligation const& o, z3::expr const& goal, Goal g, Operands const& ops,
              std::function<Witness(z3::model const&)> const& witness, Describe const& describe) {
  bool violated = false, overflow = false;
  std::string why;
  auto checked = [&](z3::model const& m) {
    try {
      violated = violates(s, g, ops, assignment_in(s, m), witness(m), why, &overflow);
    } catch (spec::Error const& e) {
      why = e.what();
      overflow = e.kind() == spec::Error::Kind::overflow;
    }
    return describe(m);
  };
  // The bit-vector tier (bitvector.hpp) where every variable is bounded within the limit: the
  // integer encoding gets half the budget, the bit-vectors what is left.
  bool bitvectors = !s.vars.vars.empty();
  for (auto const& v : s.vars.vars)
    bitvectors = bitvectors && v.lo >= -kBitvectorBoundLimit && v.hi <= kBitvectorBoundLimit;
  unsigned budget = s.budget_ms();
  auto t0 = std::chrono::steady_clock::now();
  auto end = t0 + std::chrono::milliseconds(budget);  // the query's budget, also without a deadline (the laws)
  Obligation::Meanwhile meanwhile = [&](std::string const& integer_reason) {
    Answer u;
    u.reason = integer_reason;
    u.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (s.budget_ms() == 0 || std::chrono::steady_clock::now() >= end) {
      u.reason = "no time was left for the bit-vector attempt";
      return u;
    }
    Answer b = by_bitvectors(s, o, goal, u, checked, end);
    if (b.status == Status::unknown) b.reason = b.reason.substr(std::min(b.reason.size(), integer_reason.size() + 2));
    return b;
  };
  Answer a = o.prove(goal, budget, checked, bitvectors ? meanwhile : nullptr, bitvectors ? budget / 2 : 0);
  if (a.status == Status::refuted) {
    // A point where the spec's checked arithmetic overflows: no 64-bit program computes the
    // statement there (values_fit_int64 should have said so first).
    if (!violated && overflow)
      throw InputError("values past 64 bits: " + a.counterexample + " (" + why + "): values no 64-bit program computes are bad input");
    if (!violated)
      throw InternalError("Z3's counterexample does not violate the goal when evaluated with the spec (" + why + "): " +
                          a.counterexample);
    a.witness_checked = true;
  } else if (a.status == Status::proved) {
    a.exhaustive_points = exhaustive(s, g, ops);
  }
  return a;
}

struct Built {
  Obligation o;
  Encoder e;
  explicit Built(Setting const& s) : o(*s.ctx), e(*s.ctx) {
    o.use(s.solver);
    s.vars.into(*s.ctx, o);
    for (auto const& [n, h] : s.hypotheses) o.hypothesis(n, h);
  }
  void finish() { e.into(o); }
};

std::string with_vars(Setting const& s, z3::model const& m) {
  std::string v = s.vars.str(*s.ctx, m);
  return v.empty() ? "" : "with " + v + ": ";
}

// Whether any leaf of l is a term rather than a numeral.
bool has_terms(LeafLayout const& l) {
  for (auto const& e : l.shape)
    if (!e.is_numeral()) return true;
  for (auto const& d : l.stride)
    for (auto const& [p, e] : d.parts())
      if (!e.is_numeral()) return true;
  return false;
}

// A goal proved from premises (the lemma's, the leaf equalities of `same layout`): the premises
// as one obligation under the query's hypotheses and the shape entries >= 1, the goal itself
// evaluated with the spec where the domain is small. std::nullopt when they are not proved.
// Z3 with tracked hypotheses (unsat cores) skips its polynomial normalization, and products of
// many variables then take seconds: the solver gets the premises in sum-of-monomials form (an
// equivalence), the replay (smt2) the premises as written.
std::optional<Answer> by_premises(Setting const& s, z3::expr const& premises, Goal g, Operands const& ops, std::string lemma,
                                  std::string reason) {
  Built b(s);
  shape_hypotheses(*ops.f, b.o, "f");
  if (ops.g) shape_hypotheses(*ops.g, b.o, "g");
  b.finish();
  Answer a = b.o.prove(normal_form(premises), s.budget_ms(), nullptr);
  if (a.status != Status::proved) return std::nullopt;
  a.smt2 = b.o.smt2(premises);
  a.exhaustive_points = exhaustive(s, g, ops);
  a.lemma = std::move(lemma);
  a.reason = std::move(reason);
  return a;
}

// The mixed-radix lemma (radix.hpp) for a layout with symbolic leaves: proved when the solver
// proves its premises (and size(F) == N where `n` is given) under the query's hypotheses;
// std::nullopt to go on with the general query (the lemma does not apply, or its premises were
// not proved: that refutes nothing). The goal itself is still evaluated with the spec where the
// domain is small (exhaustive).
std::optional<Answer> by_radix(Setting const& s, Fn const& f, std::optional<z3::expr> const& n, Goal g) {
  if (f.kind != Fn::Kind::layout || f.layout.shape.empty() || !integer_strides(f.layout) || !has_terms(f.layout) || f.layout.offset)
    return std::nullopt;  // the lemma is about layouts (offset 0)
  Definitions defs = Definitions::of(s.hypotheses);
  std::optional<RadixOrder> order = radix_order(f.layout, defs);
  if (!order && !s.hypotheses.empty()) {
    // Equal only under the hypotheses (M = 128*(M/128) given M % 128 == 0): ask the solver,
    // briefly, for each comparison; the premises are proved as one obligation below anyway.
    z3::solver eq(*s.ctx);
    z3::params p(*s.ctx);
    p.set("timeout", std::min(1000u, std::max(1u, s.budget_ms())));
    eq.set(p);
    eq.add(domain(s));
    order = radix_order(f.layout, [&](z3::expr const& x, z3::expr const& y) {
      z3::expr d = normal_form(defs.expand(x) - defs.expand(y));
      int64_t v = 0;
      if (d.is_numeral_i64(v)) return v == 0;
      eq.push();
      eq.add(x != y);
      bool proved = eq.check() == z3::unsat;
      eq.pop();
      return proved;
    });
  }
  if (!order) return std::nullopt;
  z3::expr goal = radix_premises(f.layout, *order);
  if (n) goal = goal && f.size() == *n;
  return by_premises(s, goal, g, Operands{&f, nullptr, n, {}, {}}, "mixed-radix lemma",
                     "by the mixed-radix lemma (law radix.step, proved for all integers): " + order->str(f.layout) +
                         (n ? ", and N is their product" : "") + "; z3 proved these premises, for all values satisfying the hypotheses");
}

// F and G the same layout: the same profile and, leaf by leaf, the same shape and stride terms
// (as polynomials, after the definitions among the hypotheses). Proved when z3 proves the leaf
// equalities under the hypotheses; std::nullopt to go on with the general query.
std::optional<Answer> by_identity(Setting const& s, Fn const& f, Fn const& g) {
  if (f.kind != Fn::Kind::layout || g.kind != Fn::Kind::layout || !(f.layout.profile == g.layout.profile)) return std::nullopt;
  if (f.layout.shape.size() != g.layout.shape.size()) return std::nullopt;
  if (f.layout.offset || g.layout.offset) return std::nullopt;  // leaves alone do not decide tensors with an origin
  if (!has_terms(f.layout) && !has_terms(g.layout)) return std::nullopt;
  Definitions defs = Definitions::of(s.hypotheses);
  auto same = [&](z3::expr const& x, z3::expr const& y) { return same_polynomial(defs.expand(x), defs.expand(y)); };
  z3::expr goal = s.ctx->bool_val(true);
  for (size_t k = 0; k < f.layout.shape.size(); ++k) {
    if (!same(f.layout.shape[k], g.layout.shape[k])) return std::nullopt;
    SymValue const &df = f.layout.stride[k], &dg = g.layout.stride[k];
    for (auto const* parts : {&df.parts(), &dg.parts()})
      for (auto const& part : *parts) {
        auto const& p = part.first;  // not a structured binding: clang 14 cannot capture one (sanitize preset)
        auto get = [&](SymValue const& v) {
          auto it = v.parts().find(p);
          return it == v.parts().end() ? s.ctx->int_val(0) : it->second;
        };
        if (!same(get(df), get(dg))) return std::nullopt;
      }
    goal = goal && f.layout.shape[k] == g.layout.shape[k] && df.equals(dg);
  }
  return by_premises(s, goal, Goal::equal, Operands{&f, &g, {}, {}, {}}, "same layout",
                     "F and G are the same layout: the same profile, and leaf by leaf the same shape and stride terms; z3 proved these "
                     "equalities, for all values satisfying the hypotheses");
}

// Shah's composition lemma (Theorem 2.18 for a one-mode B = N:r; docs/proofs.md): F(t) = Â(r*t)
// for every t in [0, N) when, for some leaf i of A = (M_0, ..., M_{a-1}):(d_0, ..., d_{a-1})
// (flattened; Â runs on in the last leaf) and F's m leaves (y_0, ..., y_{m-1}):(e_0, ...), j = i+m-1
// < a, and a term c:
//   r == M_0*...*M_{i-1} * c,  c >= 1                                   (left divisibility)
//   m == 1:  c*y_0 <= M_i, unless i is A's last leaf                     (weak left divisibility)
//   m >= 2:  M_i == c*y_0;  y_l == M_{i+l} for 0 < l < m-1;  y_{m-1} <= M_j unless j is the last
//   e_0 == c*d_i;  e_l == d_{i+l};  N == y_0*...*y_{m-1}
// Proof: split t in F's shape into (u_0, ..., u_{m-1}) (each u_l < y_l: t < N = size(F)); the
// coordinate x of A with x_i = c*u_0, x_{i+l} = u_l and 0 elsewhere lies in A's box (c*u_0 <
// c*y_0 <= M_i; u_l < y_l = M_{i+l}; u_{m-1} < y_{m-1} <= M_j; the last leaf is unbounded), and
// Σ x_k P_k = r*t (P_k the prefix products of A's shape: P_i*c = r and P_{i+l} = r*y_0*M_{i+1}*...*
// M_{i+l-1}, polynomial identities given the premises). By the mixed-radix lemma (law radix.step)
// the split of r*t in A's shape is x, so Â(r*t) = Σ x_k d_k = Σ u_l e_l = F(t). The premises are
// one obligation under the query's hypotheses; `c` is r's cofactor by form (after the definitions
// among the hypotheses), else r / P_i where a fact may make it exact. std::nullopt: the lemma does
// not apply or its premises were not proved (that refutes nothing; the general query runs).
std::optional<Answer> by_composition(Setting const& s, Fn const& f, Fn const& g) {
  if (f.kind != Fn::Kind::layout || g.kind != Fn::Kind::compose || !g.outer || g.outer->kind != Fn::Kind::layout) return std::nullopt;
  LeafLayout const &fl = f.layout, &a = g.outer->layout, &b = g.layout;
  if (b.shape.size() != 1 || fl.shape.empty() || a.shape.empty() || fl.offset || a.offset || b.offset) return std::nullopt;
  if (!integer_strides(fl) || !integer_strides(a) || !integer_strides(b)) return std::nullopt;
  if (!has_terms(fl) && !has_terms(a) && !has_terms(b)) return std::nullopt;  // tier 1 decides it
  size_t m = fl.shape.size(), arank = a.shape.size();
  if (m > arank) return std::nullopt;
  z3::context& ctx = *s.ctx;
  Definitions defs = Definitions::of(s.hypotheses);
  // Candidate leaves by the stride equalities, compared by form (after the definitions) or,
  // where there are hypotheses, by the solver within 1 s (M = 128*(M/128) given M % 128 == 0).
  z3::solver eq(ctx);
  z3::params p(ctx);
  p.set("timeout", std::min(1000u, std::max(1u, s.budget_ms())));
  eq.set(p);
  eq.add(domain(s));
  auto same = [&](z3::expr const& x, z3::expr const& y) {
    z3::expr d = normal_form(defs.expand(x) - defs.expand(y));
    int64_t v = 0;
    if (d.is_numeral_i64(v)) return v == 0;
    if (s.hypotheses.empty()) return false;
    eq.push();
    eq.add(x != y);
    bool proved = eq.check() == z3::unsat;
    eq.pop();
    return proved;
  };
  z3::expr r = b.stride[0].scalar(), n = b.shape[0];
  z3::expr prefix = ctx.int_val(1);
  for (size_t i = 0; i + m <= arank; prefix = simplified(prefix * a.shape[i]), ++i) {
    size_t j = i + m - 1;
    bool strides_match = true;
    for (size_t l = 1; l < m && strides_match; ++l) strides_match = same(fl.stride[l].scalar(), a.stride[i + l].scalar());
    for (size_t l = 1; l + 1 < m && strides_match; ++l) strides_match = same(fl.shape[l], a.shape[i + l]);
    if (!strides_match) continue;
    std::optional<z3::expr> c = normalizes_to(prefix, 1) ? std::optional<z3::expr>(r) : cancelled_quotient(r, prefix);
    if (!c) c = cancelled_quotient(defs.expand(r), defs.expand(prefix));
    if (!c) c = r / prefix;
    if (!same(fl.stride[0].scalar(), *c * a.stride[i].scalar())) continue;
    z3::expr premises = *c >= 1 && r == prefix * *c && n == fl.size() && fl.stride[0].scalar() == *c * a.stride[i].scalar();
    if (m == 1) {
      if (i + 1 < arank) premises = premises && *c * fl.shape[0] <= a.shape[i];
    } else {
      premises = premises && a.shape[i] == *c * fl.shape[0];
      if (j + 1 < arank) premises = premises && fl.shape[m - 1] <= a.shape[j];
    }
    for (size_t l = 1; l < m; ++l) premises = premises && fl.stride[l].scalar() == a.stride[i + l].scalar();
    for (size_t l = 1; l + 1 < m; ++l) premises = premises && fl.shape[l] == a.shape[i + l];
    std::string span = m == 1 ? "leaf " + std::to_string(i) : "leaves " + std::to_string(i) + ".." + std::to_string(j);
    std::string reason = "by Shah's composition lemma (Theorem 2.18 for B = N:r, through the mixed-radix lemma, law radix.step): r = " +
                         (normalizes_to(prefix, 1) ? std::string() : term_text(prefix) + "*") + "c with c = " + term_text(*c) + ", F's leaves are A's " + span +
                         " (the first scaled by c), within A's shape" + (j + 1 == arank ? " (the last leaf runs on)" : "") +
                         " and N = size(F); z3 proved these premises, for all values satisfying the hypotheses";
    if (auto ans = by_premises(s, premises, Goal::equal, Operands{&f, &g, {}, {}, {}}, "Shah's composition lemma", reason)) return ans;
  }
  return std::nullopt;
}

}  // namespace

z3::expr domain(Setting const& s) {
  z3::context& c = *s.ctx;
  z3::expr all = c.bool_val(true);
  for (auto const& v : s.vars.vars) {
    z3::expr x = c.int_const(v.name.c_str());
    all = all && x >= c.int_val(static_cast<int64_t>(v.lo)) && x <= c.int_val(static_cast<int64_t>(v.hi));
  }
  for (auto const& [n, h] : s.hypotheses) all = all && h;
  return all;
}

std::string add_facts(Setting& s) {
  for (auto const& fact : s.vars.facts) {
    std::string error;
    auto h = parse_fact(*s.ctx, s.vars, fact, error);
    if (!h) return "in the fact `" + fact + "`: " + error;
    // A fact stated twice is one hypothesis (its name is its text).
    bool stated = false;
    for (auto const& [n, x] : s.hypotheses) stated = stated || n == "fact." + fact;
    if (!stated) s.hypotheses.push_back({"fact." + fact, *h});
  }
  return "";
}

Fn Fn::of(LeafLayout l) {
  Fn f;
  f.layout = std::move(l);
  return f;
}

Fn Fn::swizzled_of(spec::Swizzle sw, long long offset, LeafLayout inner) {
  Fn f = of(std::move(inner));
  f.kind = Kind::swizzled;
  f.swizzle = sw;
  f.offset = offset;
  return f;
}

std::string compose_error(Fn const& a, LeafLayout const& b) {
  if (a.kind != Fn::Kind::layout) return "the left-hand side of `o` must be a layout";
  if (!integer_strides(b)) return "the right-hand side of `o` must have integer strides";
  if (b.offset || (a.kind == Fn::Kind::layout && a.layout.offset)) return "`o` composes layouts, not tensors with an offset";
  return "";
}

Fn Fn::compose(Fn const& a, LeafLayout b) {
  Fn f = of(std::move(b));
  f.kind = Kind::compose;
  f.outer = std::make_shared<Fn>(a);
  return f;
}

z3::expr Fn::size() const { return layout.size(); }

std::string Fn::str(z3::model const& m) const {
  switch (kind) {
    case Kind::layout: return layout.str(m);
    case Kind::swizzled: return swizzle.str() + " o " + std::to_string(offset) + " o " + layout.str(m);
    case Kind::compose: return outer->str(m) + " o " + layout.str(m);
  }
  return "";
}

SymValue evaluate(Encoder& e, Fn const& f, z3::expr const& index, std::vector<z3::expr>* coords) {
  std::vector<z3::expr> c;
  SymValue v = e.evaluate(f.layout, index, &c);
  if (coords) *coords = c;
  switch (f.kind) {
    case Fn::Kind::layout: return v;
    case Fn::Kind::swizzled: return SymValue(swizzle_int(f.swizzle, e.ctx.int_val(static_cast<int64_t>(f.offset)) + v.scalar()));
    case Fn::Kind::compose: {
      LeafLayout const& a = f.outer->layout;
      SymValue textbook = e.evaluate(a, v.scalar());
      if (c.size() == 1) return textbook;
      SymValue by_mode(e.ctx.int_val(0));
      for (size_t k = 0; k < c.size(); ++k) by_mode = by_mode + e.evaluate(a, f.layout.stride[k].scalar() * c[k]);
      z3::expr in_a = v.scalar() >= 0 && v.scalar() < a.size();
      return ite(in_a, textbook, by_mode);
    }
  }
  return v;
}

// For 0 <= index < size(L), the last coordinate of the index's colexicographic split lies in
// [0, s_last) like the others: each quotient is >= 0 as the index is (i = r + s*q with 0 <= r < s
// and q < 0 gives i < 0), and c_last >= s_last would give index >= size(L). A fact that holds by
// construction; it bounds the last coordinate for the bit-vector tier's ranges (bitvector.hpp),
// given as a hint (not to the integer solvers: cvc5 took 9 s instead of 0.1 s on a bijectivity
// obligation with it).
z3::expr in_box(LeafLayout const& l, std::vector<z3::expr> const& coords) {
  return coords.back() >= 0 && coords.back() < l.shape.back();
}

Answer injective(Setting const& s, Fn const& f) {
  if (auto u = shapes_ok(s, f, "F")) return *u;
  if (auto r = by_radix(s, f, std::nullopt, Goal::injective)) return *r;
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr i = s.ctx->int_const("i!"), j = s.ctx->int_const("j!");
  std::vector<z3::expr> ci, cj;
  SymValue fi = evaluate(b.e, f, i, &ci), fj = evaluate(b.e, f, j, &cj);
  b.finish();
  z3::expr n = f.size();
  b.o.assume(i >= 0 && i < j && j < n);
  b.o.hint(in_box(f.layout, ci) && in_box(f.layout, cj));
  Operands ops{&f, nullptr, {}, {}, {}};
  auto witness = [&](z3::model const& m) { return Witness{index_in(m, i), index_in(m, j), 0, 0}; };
  return decide(s, b.o, !fi.equals(fj), Goal::injective, ops, witness, [&](z3::model const& m) {
    return with_vars(s, m) + f.str(m) + " maps index " + model_value(m, i) + " (coordinate " + f.layout.coordinate(m, ci) +
           ") and index " + model_value(m, j) + " (coordinate " + f.layout.coordinate(m, cj) + ") both to " + fi.str(m);
  });
}

Answer image_within(Setting const& s, Fn const& f, z3::expr const& lo, z3::expr const& hi) {
  if (auto u = shapes_ok(s, f, "F")) return *u;
  if (auto u = term_fits_int64(s, lo, "LO")) return *u;
  if (auto u = term_fits_int64(s, hi, "HI")) return *u;
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr i = s.ctx->int_const("i!");
  std::vector<z3::expr> ci;
  SymValue fi = evaluate(b.e, f, i, &ci);
  b.finish();
  b.o.assume(i >= 0 && i < f.size());
  b.o.hint(in_box(f.layout, ci));
  Operands ops{&f, nullptr, {}, lo, hi};
  auto witness = [&](z3::model const& m) { return Witness{index_in(m, i), 0, 0, 0}; };
  return decide(s, b.o, lo <= fi.scalar() && fi.scalar() < hi && fi.equals(SymValue(fi.scalar())), Goal::image_within, ops, witness,
                   [&](z3::model const& m) {
                     return with_vars(s, m) + f.str(m) + " at index " + model_value(m, i) + " (coordinate " +
                            f.layout.coordinate(m, ci) + ") is " + fi.str(m) + ", outside [" + model_value(m, lo) + ", " +
                            model_value(m, hi) + ")";
                   });
}

Answer fits_int32(Setting const& s, Fn const& f) {
  if (auto u = shapes_ok(s, f, "F")) return *u;
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr i = s.ctx->int_const("i!");
  std::vector<z3::expr> ci;
  SymValue fi = evaluate(b.e, f, i, &ci);
  b.finish();
  b.o.assume(i >= 0 && i < f.size());
  b.o.hint(in_box(f.layout, ci));
  z3::expr lo = s.ctx->int_val(int64_t{-2147483648LL}), hi = s.ctx->int_val(int64_t{2147483648LL});
  z3::expr ok = s.ctx->bool_val(true);
  for (auto const& [p, e] : fi.parts()) ok = ok && lo <= e && e < hi;
  Operands ops{&f, nullptr, {}, {}, {}};
  auto witness = [&](z3::model const& m) { return Witness{index_in(m, i), 0, 0, 0}; };
  return decide(s, b.o, ok, Goal::fits_int32, ops, witness, [&](z3::model const& m) {
    return with_vars(s, m) + f.str(m) + " at index " + model_value(m, i) + " (coordinate " + f.layout.coordinate(m, ci) +
           ") is " + fi.str(m) + ", not an int32";
  });
}

Answer bijective(Setting const& s, Fn const& f, z3::expr const& n) {
  if (auto u = shapes_ok(s, f, "F")) return *u;
  if (auto u = at_least_one(s, n, "N")) return *u;
  if (auto u = term_fits_int64(s, n, "N")) return *u;
  if (auto r = by_radix(s, f, n, Goal::bijective)) return *r;
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr i = s.ctx->int_const("i!"), j = s.ctx->int_const("j!"), k = s.ctx->int_const("k!");
  std::vector<z3::expr> ci, cj, ck;
  SymValue fi = evaluate(b.e, f, i, &ci), fj = evaluate(b.e, f, j, &cj), fk = evaluate(b.e, f, k, &ck);
  b.finish();
  z3::expr size = f.size();
  // Only k's domain is assumed: i < j < size is empty for size 1, and assuming it would make
  // the whole goal vacuous (bijective(1:5, 7) was "proved").
  b.o.assume(k >= 0 && k < size);
  b.o.hint(in_box(f.layout, ck));
  z3::expr pair_in = i >= 0 && i < j && j < size;
  b.o.hint(z3::implies(pair_in, in_box(f.layout, ci) && in_box(f.layout, cj)));
  z3::expr same_size = size == n;
  z3::expr inj = z3::implies(pair_in, !fi.equals(fj));
  z3::expr within = 0 <= fk.scalar() && fk.scalar() < n && fk.equals(SymValue(fk.scalar()));
  Operands ops{&f, nullptr, n, {}, {}};
  auto witness = [&](z3::model const& m) { return Witness{index_in(m, i), index_in(m, j), index_in(m, k), 0}; };
  return decide(s, b.o, same_size && inj && within, Goal::bijective, ops, witness, [&](z3::model const& m) {
    std::string w = with_vars(s, m);
    if (!m.eval(same_size, true).is_true())
      return w + "size(" + f.str(m) + ") = " + model_value(m, size) + " but N = " + model_value(m, n);
    if (!m.eval(inj, true).is_true())
      return w + f.str(m) + " is not injective: index " + model_value(m, i) + " (coordinate " + f.layout.coordinate(m, ci) +
             ") and index " + model_value(m, j) + " (coordinate " + f.layout.coordinate(m, cj) + ") both map to " + fi.str(m);
    return w + f.str(m) + " at index " + model_value(m, k) + " (coordinate " + f.layout.coordinate(m, ck) + ") is " +
           fk.str(m) + ", outside [0, " + model_value(m, n) + ")";
  });
}

Answer surjective(Setting const& s, Fn const& f, z3::expr const& n) {
  // ∀y in [0,N) ∃i < size(F): F(i) = y. Negated: ∃y ∀i, fresh split variables bound inside.
  if (auto u = shapes_ok(s, f, "F")) return *u;
  if (auto u = at_least_one(s, n, "N")) return *u;
  if (auto u = term_fits_int64(s, n, "N")) return *u;
  if (auto r = by_radix(s, f, n, Goal::surjective)) return *r;
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr y = s.ctx->int_const("y!");
  Encoder inner(*s.ctx);
  z3::expr i = s.ctx->int_const("i!forall");
  SymValue fi = evaluate(inner, f, i);
  z3::expr_vector bound(*s.ctx);
  bound.push_back(i);
  for (auto const& v : inner.fresh_vars) bound.push_back(v);
  z3::expr defs = s.ctx->bool_val(true);
  for (auto const& d : inner.definitions) defs = defs && d;
  z3::expr hit = z3::exists(bound, defs && i >= 0 && i < f.size() && fi.equals(SymValue(y)));
  b.finish();
  b.o.assume(y >= 0 && y < n);
  Operands ops{&f, nullptr, n, {}, {}};
  auto witness = [&](z3::model const& m) { return Witness{0, 0, 0, index_in(m, y)}; };
  Answer a = decide(s, b.o, hit, Goal::surjective, ops, witness, [&](z3::model const& m) {
    return with_vars(s, m) + "no index of " + f.str(m) + " maps to " + model_value(m, y) + " in [0, " + model_value(m, n) + ")";
  });
  if (a.status != Status::unknown) return a;
  Answer c = bijective(s, f, n);
  if (c.status == Status::proved) {
    c.reason = "by counting: F is a bijection onto [0, N) (the quantified query was unknown: " + a.reason + ")";
    return c;
  }
  a.reason += "; the counting argument did not apply either (" + std::string(name(c.status)) + ")";
  return a;
}

Answer equal(Setting const& s, Fn const& f, Fn const& g) {
  if (auto u = shapes_ok(s, f, "F")) return *u;
  if (auto u = shapes_ok(s, g, "G")) return *u;
  if (auto r = by_identity(s, f, g)) return *r;
  if (auto r = by_composition(s, f, g)) return *r;
  if (auto r = by_composition(s, g, f)) return *r;
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  shape_hypotheses(g, b.o, "g");
  z3::expr i = s.ctx->int_const("i!");
  std::vector<z3::expr> cf, cg;
  SymValue fi = evaluate(b.e, f, i, &cf), gi = evaluate(b.e, g, i, &cg);
  b.finish();
  z3::expr nf = f.size(), ng = g.size();
  z3::expr same_size = nf == ng;
  z3::expr in_domain = i >= 0 && i < nf;
  b.o.hint(z3::implies(in_domain, in_box(f.layout, cf)));
  b.o.hint(z3::implies(same_polynomial(nf, ng) ? in_domain : i >= 0 && i < ng, in_box(g.layout, cg)));
  Operands ops{&f, &g, {}, {}, {}};
  auto witness = [&](z3::model const& m) { return Witness{index_in(m, i), 0, 0, 0}; };
  return decide(s, b.o, same_size && z3::implies(in_domain, fi.equals(gi)), Goal::equal, ops, witness, [&](z3::model const& m) {
    std::string w = with_vars(s, m);
    if (!m.eval(same_size, true).is_true())
      return w + "the sizes differ: size(" + f.str(m) + ") = " + model_value(m, nf) + ", size(" + g.str(m) +
             ") = " + model_value(m, ng);
    return w + "at index " + model_value(m, i) + " (coordinate " + f.layout.coordinate(m, cf) + ") " + f.str(m) + " gives " +
           fi.str(m) + " but " + g.str(m) + " gives " + gi.str(m);
  });
}

}  // namespace layoutref::proofs
