#include <layoutref/proofs/algebra.hpp>
#include <layoutref/proofs/check.hpp>
#include <layoutref/proofs/concrete.hpp>
#include <layoutref/proofs/radix.hpp>
#include <layoutref/proofs/terms.hpp>

#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/error.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/tensor.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <set>

namespace layoutref::proofs {

namespace {

enum class Truth { always, never };



// p / q written simply where the quotient is a monomial (terms.hpp, cancelled_quotient).
// Otherwise `p div q` (exact wherever the caller proved q | p).
z3::expr quotient(z3::expr const& p, z3::expr const& q) {
  if (std::optional<z3::expr> c = cancelled_quotient(p, q)) return *c;
  return p / q;
}

// q divides p by form: p = q * m for a monomial m (quotient cancels q's factors), so for every
// integer value. The solver's mod is incomplete on products of many variables.
bool divides_by_form(z3::expr const& q, z3::expr const& p) {
  z3::expr m = quotient(p, q);
  if (m.is_app() && m.decl().decl_kind() == Z3_OP_IDIV) return false;
  return same_polynomial(p, q * m);
}

// q divides a sum p whose every monomial (in sum-of-monomials form) it divides by form: a sum of
// multiples of q is one (`a*b` divides `a*b*d*n - a*b*d + a*b`).
bool sum_divisible_by_form(z3::expr const& q, z3::expr const& p) {
  z3::expr n = normal_form(p);
  if (!n.is_app() || n.decl().decl_kind() != Z3_OP_ADD) return false;
  for (unsigned i = 0; i < n.num_args(); ++i)
    if (!divides_by_form(q, n.arg(i))) return false;
  return true;
}

// A hypothesis `x % q == 0` (a `--where` fact, or a case's condition) whose divisor is >= 1 for
// every value by its form: then q | x for every value satisfying the hypotheses. (z3's mod by 0
// is unspecified, so a fact whose divisor can be 0 says nothing.)
struct Multiple {
  z3::expr x, q;
};

std::vector<Multiple> multiples_of(Setting const& s) {
  std::vector<Multiple> out;
  for (auto const& [name, h] : s.hypotheses) {
    if (!h.is_app() || h.decl().decl_kind() != Z3_OP_EQ || h.num_args() != 2) continue;
    for (unsigned side = 0; side < 2; ++side) {
      z3::expr m = h.arg(side), zero = h.arg(1 - side);
      if (!m.is_app() || m.decl().decl_kind() != Z3_OP_MOD || !normalizes_to(zero, 0)) continue;
      if (positive_polynomial(s, m.arg(1))) out.push_back({m.arg(0), m.arg(1)});
      break;
    }
  }
  return out;
}

// The facts closed over chains: q1 | x1 and x1 | q2 by form (q2 = x1 * m) with q2 | x2 give
// q1 | x2 (x2 = q2 * n = q1 * k * m * n: polynomial identities and the two facts, for every
// integer value). A derived fact keeps the first fact's divisor, >= 1 by form as every fact's
// (multiples_of), so the conditions of the facts it comes from carry over. At most kMaxFacts facts
// in all (the closure of many facts could grow quadratically); duplicates (the same x and q as
// polynomials) are left out.
constexpr size_t kMaxFacts = 64;
std::vector<Multiple> closed_over_chains(std::vector<Multiple> facts) {
  auto known = [&](z3::expr const& x, z3::expr const& q) {
    for (auto const& f : facts)
      if (same_polynomial(f.x, x) && same_polynomial(f.q, q)) return true;
    return false;
  };
  for (bool grew = true; grew && facts.size() < kMaxFacts;) {
    grew = false;
    for (size_t i = 0; i < facts.size() && facts.size() < kMaxFacts; ++i)
      for (size_t j = 0; j < facts.size() && facts.size() < kMaxFacts; ++j) {
        if (i == j || !divides_by_form(facts[i].x, facts[j].q)) continue;
        Multiple derived{facts[j].x, facts[i].q};  // q_i | x_i | q_j | x_j
        if (known(derived.x, derived.q)) continue;
        facts.push_back(derived);
        grew = true;
      }
  }
  return facts;
}

// q | p from the facts `x % q_f == 0`, each fact used at most once, greedily: while q_f's factors
// cancel against what is left of q and x's against what is left of p, both are divided out (q =
// q_f * q', p = x * p': q_f | x and q' | p' give q | p); q' | p' by form, or q' | q_f for a fact
// with x | p' (q' | q_f | x | p'), ends it. A sum p: q divides each monomial. Sound (every step
// is a polynomial identity or a fact); not complete (no search). Chains of facts (b | a | M) come
// from closed_over_chains, which the caller applies.
bool divides_by_facts(z3::expr const& q, z3::expr const& p, std::vector<Multiple> const& facts, bool summand = false) {
  if (facts.empty()) return false;
  z3::expr n = normal_form(p);
  if (n.is_app() && n.decl().decl_kind() == Z3_OP_ADD) {
    if (summand) return false;  // a summand of a normal form is a monomial: no second level
    for (unsigned i = 0; i < n.num_args(); ++i)
      if (!divides_by_form(q, n.arg(i)) && !divides_by_facts(q, n.arg(i), facts, true)) return false;
    return true;
  }
  z3::expr qr = q, pr = p;
  std::vector<bool> used(facts.size(), false);
  for (bool progress = true; progress;) {
    if (divides_by_form(qr, pr)) return true;
    progress = false;
    for (size_t k = 0; k < facts.size(); ++k) {
      if (used[k] || !divides_by_form(facts[k].x, pr)) continue;
      if (divides_by_form(qr, facts[k].q)) return true;
      if (!divides_by_form(facts[k].q, qr)) continue;
      qr = quotient(qr, facts[k].q);
      pr = quotient(pr, facts[k].x);
      used[k] = true;
      progress = true;
      break;
    }
  }
  return false;
}

// The longest one solver check of a structural question may take: a tenth of the query's
// timeout, at least 2 s, and never more than the budget left. A question z3 cannot decide then
// costs at most two such checks, not the whole --timeout: the rest is left to the spot check and
// to the query itself.
unsigned question_ms(Setting const& s) { return std::min(std::max(2000u, s.timeout_ms / 10), s.budget_ms()); }

std::string seconds_text(unsigned ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", ms / 1000.0);
  return buf;
}

// Asks structural questions of the solver under the bounds and hypotheses.
class Decider {
 public:
  Decider(Setting const& s, Symbolic& out) : s_(s), log_(out.decisions), undecided_(out.undecided), solver_(*s.ctx) {
    solver_.add(domain(s));
    // Vacuous bounds and hypotheses would answer every question `always`.
    z3::check_result r = check();
    if (r == z3::unsat) throw InputError("the hypotheses cannot all hold: the query is vacuous");
    if (r == z3::unknown) throw Split("could not show that the hypotheses can all hold (" + solver_.reason_unknown() + ")");
  }

  void assume(z3::expr const& e) { solver_.add(e); }

  // q | p by form, as written or after the definitions among the hypotheses (b == c*m), or from
  // the facts `x % q == 0` among them (divides_by_facts): for every value satisfying them. The
  // solver's mod is incomplete on products of variables.
  bool divides(z3::expr const& q, z3::expr const& p) const {
    if (divides_by_form(q, p) || divides_by_form(defs_.expand(q), defs_.expand(p))) return true;
    if (sum_divisible_by_form(q, p)) return true;
    if (multiples_.empty()) return false;
    if (divides_by_facts(q, p, multiples_)) return true;
    std::vector<Multiple> expanded;
    for (auto const& m : multiples_) expanded.push_back({defs_.expand(m.x), defs_.expand(m.q)});
    return divides_by_facts(defs_.expand(q), defs_.expand(p), closed_over_chains(expanded));
  }
  // p / q as a monomial where q's factors cancel, as written or after the definitions; where a
  // fact says q | x and p = x * m by form, (x/q) * m (the same value: q divides x); else p div q.
  z3::expr quotient(z3::expr const& p, z3::expr const& q) const {
    z3::expr r = layoutref::proofs::quotient(p, q);
    if (!(r.is_app() && r.decl().decl_kind() == Z3_OP_IDIV)) return r;
    z3::expr e = layoutref::proofs::quotient(defs_.expand(p), defs_.expand(q));
    if (!(e.is_app() && e.decl().decl_kind() == Z3_OP_IDIV)) return e;
    if (sum_divisible_by_form(q, p)) {  // the sum of the monomials' quotients (each exact)
      z3::expr n = normal_form(p);
      z3::expr sum = p.ctx().int_val(0);
      for (unsigned i = 0; i < n.num_args(); ++i) sum = sum + layoutref::proofs::quotient(n.arg(i), q);
      return simplified(sum);
    }
    for (auto const& f : multiples_)
      if (same_polynomial(f.q, q) && !normalizes_to(f.x, 0) && divides_by_form(f.x, p))
        return simplified((f.x / q) * layoutref::proofs::quotient(p, f.x));
    return r;
  }

  // Whether `cond` holds for every value, for none, or (Split) for some: a Split with the
  // condition where both sides have an assignment, one without (undecided) where z3 could not
  // decide a side within the question's budget (question_ms).
  Truth ask(z3::expr const& cond, std::string const& what) {
    z3::expr c = cond.simplify();
    if (c.is_true()) return Truth::always;
    if (c.is_false()) return Truth::never;
    solver_.push();
    solver_.add(!cond);
    z3::check_result r1 = check();
    std::string without;
    if (r1 == z3::sat) without = s_.vars.str(*s_.ctx, solver_.get_model());
    std::string why1 = r1 == z3::unknown ? solver_.reason_unknown() : "";
    solver_.pop();
    if (r1 == z3::unsat) {
      log_.push_back(what + ": always");
      return Truth::always;
    }
    solver_.push();
    solver_.add(cond);
    z3::check_result r2 = check();
    std::string with;
    if (r2 == z3::sat) with = s_.vars.str(*s_.ctx, solver_.get_model());
    std::string why2 = r2 == z3::unknown ? solver_.reason_unknown() : "";
    solver_.pop();
    // No value satisfying the hypotheses (satisfiable: the constructor's check, and what was
    // assumed since holds for every value) makes cond true: never, whether or not z3 decided the
    // first check (r1 unsat returned above; r1 unknown was reported as a vacuous query, bad input).
    if (r2 == z3::unsat) {
      log_.push_back(what + ": never");
      return Truth::never;
    }
    if (r1 == z3::sat && r2 == z3::sat)
      throw Split("the result's structure depends on whether " + what + ": it holds with " + with + " and not with " + without +
                      " (state the case in --where)",
                  cond, what);
    // Undecided: which side, z3's reason, and the budget it had.
    std::string side = r1 == z3::unknown ? (r2 == z3::sat ? "whether it can fail (it holds with " + with + ")"
                                                          : "either side")
                                         : "whether it can hold (it fails with " + without + ")";
    std::string told = what + " (z3 could not decide " + side + ": " + (why1.empty() ? why2 : why1) + ", at most " +
                       seconds_text(last_ms_) + " per solver check)";
    last_undecided_ = told;
    throw Split("could not decide whether " + told + "; state the case, or a fact that decides it, in --where");
  }

  // Whether cond holds for every value, for none, or (nullopt) for some, or z3 could not decide
  // it (then undecided(), and the text is kept for the answer): the caller takes the form that
  // is right either way.
  std::optional<Truth> maybe(z3::expr const& cond, std::string const& what) {
    last_undecided_.clear();
    try {
      return ask(cond, what);
    } catch (Split const& e) {
      if (e.condition) {
        log_.push_back(what + ": for some values");
      } else {
        undecided_.push_back(last_undecided_.empty() ? e.what() : last_undecided_);
      }
      return std::nullopt;
    }
  }
  // The last maybe() was not decided by z3 (rather than shown to depend on the values).
  bool undecided() const { return !last_undecided_.empty(); }

  // A condition the operation needs: InputError naming it, with a witness, when it can fail; a
  // Split (unknown, never bad input) when z3 could not decide it.
  void require(z3::expr const& cond, std::string const& what, std::string const& condition) {
    Truth t = Truth::never;
    try {
      t = ask(cond, what);
    } catch (Split const& e) {
      if (!e.condition) throw Split(condition + ": " + e.what());
      throw InputError(condition + " does not hold for every value: " + e.what());
    }
    if (t == Truth::never) throw InputError(condition + " never holds: " + what + " is false for every value");
  }

 private:
  // One solver check within the question's budget.
  z3::check_result check() {
    last_ms_ = question_ms(s_);
    z3::params p(*s_.ctx);
    p.set("timeout", last_ms_ == 0 ? 1u : last_ms_);
    solver_.set(p);
    return solver_.check();
  }

  Setting const& s_;
  std::vector<std::string>& log_;
  std::vector<std::string>& undecided_;
  z3::solver solver_;
  unsigned last_ms_ = 0;
  std::string last_undecided_;
  Definitions defs_ = Definitions::of(s_.hypotheses);
  std::vector<Multiple> multiples_ = closed_over_chains(multiples_of(s_));
};

// A leaf: its shape and its stride, an integer or a sum of scaled basis elements (`1@0`, an
// identity tensor's); the operations that compare or sort strides take integers (integer_of).
struct Mode {
  z3::expr shape;
  SymValue stride;
  bool loose = false;  ///< LeafLayout::loose
  Mode(z3::expr s, SymValue d) : shape(std::move(s)), stride(std::move(d)) {}
  Mode(z3::expr s, z3::expr d) : shape(std::move(s)), stride(SymValue(std::move(d))) {}
};

Mode leaf_mode(LeafLayout const& l, size_t k) {
  Mode m(l.shape.at(k), l.stride.at(k));
  m.loose = l.is_loose(k);
  return m;
}

std::vector<Mode> modes_of(LeafLayout const& l) {
  std::vector<Mode> m;
  for (size_t k = 0; k < l.shape.size(); ++k) m.push_back(leaf_mode(l, k));
  return m;
}

// A leaf with an integer stride (complement sorts and divides strides).
struct IntMode {
  z3::expr shape, stride;
};

// A stride in text: `M`, `128@0`, `1@0+M@1`.
std::string value_text(SymValue const& v) {
  if (v.is_integer()) return term_text(simplified(v.scalar()));
  std::string out;
  for (auto const& [path, e] : v.parts()) {
    z3::expr c = simplified(e);
    if (c.is_numeral() && c.get_decimal_string(0) == "0") continue;
    std::string t = term_text(c);
    if (!path.empty()) {
      if (!c.is_numeral() && !c.is_const()) t = "(" + t + ")";
      for (auto it = path.rbegin(); it != path.rend(); ++it) t += "@" + std::to_string(*it);
    }
    out += (out.empty() ? "" : "+") + t;
  }
  return out.empty() ? "0" : out;
}

// The stride as an integer term. @throws InputError naming `what` for a basis stride.
z3::expr integer_of(SymValue const& v, std::string const& what) {
  if (!v.is_integer()) throw InputError(what + " has the basis stride " + value_text(v) + "; this operation takes integer strides");
  return v.scalar();
}

SymValue scaled(SymValue const& v, z3::expr const& k) {
  SymValue r(simplified(k * v.scalar()));
  for (auto const& [path, e] : v.parts())
    if (!path.empty()) r = r + SymValue::basis(simplified(k * e), path);
  return r;
}

std::string divides_text(z3::expr const& d, z3::expr const& n) { return term_text(d) + " divides " + term_text(n); }

void check_shapes(Decider& d, LeafLayout const& l, std::string const& name) {
  for (size_t k = 0; k < l.shape.size(); ++k) {
    try {
      if (d.ask(l.shape[k] >= 1, term_text(l.shape[k]) + " >= 1") == Truth::always) continue;
    } catch (Split const& e) {
      std::string entry = "the shape entry `" + term_text(l.shape[k]) + "` (leaf " + std::to_string(k) + " of " + name + ")";
      if (!e.condition) throw Split(entry + ": " + e.what());  // undecided: unknown, not bad input
      throw InputError(entry + " can be below 1: " + e.what());
    }
    throw InputError("the shape entry `" + term_text(l.shape[k]) + "` (leaf " + std::to_string(k) + " of " + name + ") is below 1");
  }
}

// Shah's division of the shape (m_0, ..., m_{n-1}, inf) (the last entry unbounded) by `by`:
// the index i and c = by / (m_0*...*m_{i-1}) with c < m_i, or i the last. `strong`: c | m_i too.
std::pair<size_t, z3::expr> divide(Decider& d, std::vector<Mode> const& m, z3::expr const& by, bool strong,
                                   std::string const& condition) {
  z3::context& ctx = by.ctx();
  z3::expr prefix = ctx.int_val(1);
  for (size_t i = 0; i < m.size(); ++i) {
    if (!d.divides(prefix, by)) d.require(z3::mod(by, prefix) == 0, divides_text(prefix, by), condition);
    z3::expr c = d.quotient(by, prefix);
    if (i + 1 == m.size()) return {i, c};
    if (d.ask(c < m[i].shape, term_text(c) + " < " + term_text(m[i].shape)) == Truth::always) {
      if (strong && !d.divides(c, m[i].shape)) d.require(z3::mod(m[i].shape, c) == 0, divides_text(c, m[i].shape), condition);
      return {i, c};
    }
    prefix = simplified(prefix * m[i].shape);
  }
  return {m.size() - 1, by};  // unreachable: m is never empty
}

}  // namespace

std::string term_text(z3::expr const& e) {
  if (e.is_numeral()) return e.get_decimal_string(0);
  if (e.is_const()) return e.decl().name().str();
  if (!e.is_app()) return e.to_string();
  auto op = e.decl().decl_kind();
  auto wrapped = [&](z3::expr const& x, bool in_product) {
    std::string t = term_text(x);
    auto k = x.is_app() ? x.decl().decl_kind() : Z3_OP_UNINTERPRETED;
    bool sum = k == Z3_OP_ADD || k == Z3_OP_SUB || (x.is_numeral() && t[0] == '-');
    bool div = k == Z3_OP_IDIV || k == Z3_OP_MOD;
    return (sum || (in_product && div)) ? "(" + t + ")" : t;
  };
  auto divisor = [&](z3::expr const& x) {
    std::string t = term_text(x);
    bool plain = x.is_numeral() ? t[0] != '-' : x.is_const();
    return plain ? t : "(" + t + ")";
  };
  switch (op) {
    case Z3_OP_ADD: {  // numerals last: M+bM-1
      std::string s;
      for (int numerals = 0; numerals < 2; ++numerals)
        for (unsigned i = 0; i < e.num_args(); ++i) {
          if (e.arg(i).is_numeral() != (numerals == 1)) continue;
          std::string t = term_text(e.arg(i));
          s += s.empty() ? t : (t[0] == '-' ? t : "+" + t);
        }
      return s;
    }
    case Z3_OP_SUB: return term_text(e.arg(0)) + "-" + wrapped(e.arg(1), false);
    case Z3_OP_UMINUS: return "-" + wrapped(e.arg(0), true);
    case Z3_OP_MUL: {
      std::string s;
      for (unsigned i = 0; i < e.num_args(); ++i) s += (i ? "*" : "") + wrapped(e.arg(i), i > 0);
      return s;
    }
    case Z3_OP_IDIV: return wrapped(e.arg(0), false) + "/" + divisor(e.arg(1));
    case Z3_OP_MOD: return wrapped(e.arg(0), false) + "%" + divisor(e.arg(1));
    default: return e.to_string();
  }
}

std::string layout_text(LeafLayout const& l) {
  std::function<std::string(spec::IntTuple const&, bool)> walk = [&](spec::IntTuple const& p, bool shape) -> std::string {
    if (p.leaf) {
      auto k = static_cast<size_t>(p.value);
      return shape ? term_text(l.shape.at(k)) : value_text(l.stride.at(k));
    }
    std::string s = "(";
    for (size_t i = 0; i < p.items.size(); ++i) s += (i ? "," : "") + walk(p.items[i], shape);
    return s + ")";
  };
  return (l.offset ? value_text(*l.offset) + " + " : std::string()) + walk(l.profile, true) + ":" + walk(l.profile, false);
}

namespace {

// A layout of leaves (shape, stride) with a profile.
LeafLayout make_leaf_layout(spec::IntTuple profile, std::vector<Mode> const& modes) {
  LeafLayout l;
  l.profile = std::move(profile);
  for (auto const& x : modes) {
    l.shape.push_back(x.shape);
    l.stride.push_back(x.stride);
    l.loose.push_back(x.loose);
    l.shape_text.push_back(term_text(x.shape));
  }
  return l;
}

// The profile p with its leaf numbers shifted by `by`.
spec::IntTuple shifted(spec::IntTuple const& p, spec::i64 by) {
  if (p.leaf) return spec::IntTuple(p.value + by);
  std::vector<spec::IntTuple> items;
  for (auto const& x : p.items) items.push_back(shifted(x, by));
  return spec::IntTuple::tuple(std::move(items));
}

// The least leaf number in p (its leaves are numbered in order).
spec::i64 first_leaf(spec::IntTuple const& p) { return p.leaf ? p.value : first_leaf(p.items.at(0)); }
size_t leaf_count(spec::IntTuple const& p) {
  if (p.leaf) return 1;
  size_t n = 0;
  for (auto const& x : p.items) n += leaf_count(x);
  return n;
}

// The node p of l's profile (its leaves in order) as a layout of its own.
LeafLayout node_of(LeafLayout const& l, spec::IntTuple const& p) {
  spec::i64 first = first_leaf(p);
  std::vector<Mode> modes;
  for (size_t k = 0; k < leaf_count(p); ++k)
    modes.push_back(leaf_mode(l, static_cast<size_t>(first) + k));
  return make_leaf_layout(shifted(p, -first), modes);
}

// Mode i of l as a layout of its own.
LeafLayout mode_of(LeafLayout const& l, size_t i) { return node_of(l, l.profile.leaf ? l.profile : l.profile.items.at(i)); }

// The tuple (l_0, l_1, ...).
LeafLayout tuple_of(std::vector<LeafLayout> const& ls) {
  std::vector<spec::IntTuple> items;
  std::vector<Mode> modes;
  for (auto const& l : ls) {
    items.push_back(shifted(l.profile, static_cast<spec::i64>(modes.size())));
    for (size_t k = 0; k < l.shape.size(); ++k) modes.push_back(leaf_mode(l, k));
  }
  return make_leaf_layout(spec::IntTuple::tuple(std::move(items)), modes);
}

// The modes as a flat layout: a leaf for one mode, a tuple for several, 1:0 for none; with
// `drop_units`, the modes whose shape is the numeral 1 (as a polynomial) left out first.
LeafLayout flat_of(z3::context& ctx, std::vector<Mode> modes, bool drop_units) {
  if (drop_units) std::erase_if(modes, [](Mode const& x) { return normalizes_to(x.shape, 1); });
  if (modes.empty()) modes.emplace_back(ctx.int_val(1), ctx.int_val(0));
  if (modes.size() == 1) return make_leaf_layout(spec::IntTuple(0), modes);
  std::vector<spec::IntTuple> items;
  for (size_t k = 0; k < modes.size(); ++k) items.push_back(spec::IntTuple(static_cast<spec::i64>(k)));
  return make_leaf_layout(spec::IntTuple::tuple(std::move(items)), modes);
}

z3::expr size_of(LeafLayout const& l) {
  z3::expr n = l.shape.at(0).ctx().int_val(1);
  for (auto const& e : l.shape) n = n * e;
  return simplified(n);
}

LeafLayout composition_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b) {
  LeafLayout out;
  // A in extension form: size-1 leaves dropped (but the last), a leaf merged into the previous
  // one where it continues it.
  std::vector<Mode> all = modes_of(a), m;
  // Â runs on past size(A) in A's last leaf. Where B reaches past size(A), a loose last leaf (a
  // derived shape 1 for some values, LeafLayout::loose) is decided first: never 1, kept; 1 for
  // some values only, a split (answered case by case); 1 for every value (of this case), not
  // computed (the spec's result there is 1:0 or has no such leaf).
  // No extension happens where B's values stay below size(A) (B's strides >= 0).
  bool inside = false;
  if (!all.empty() && all.back().loose) {
    z3::expr top = ctx.int_val(0), size_a = ctx.int_val(1);
    bool integral = true;
    for (size_t k = 0; k < b.shape.size(); ++k) {
      integral = integral && b.stride[k].is_integer();
      if (integral) top = top + (b.shape[k] - 1) * b.stride[k].scalar();
    }
    for (auto const& x : all) size_a = size_a * x.shape;
    inside = integral && d.maybe(top < size_a, "B's values stay below size(A) (" + term_text(simplified(top)) + " < " +
                                                  term_text(simplified(size_a)) + ")") == Truth::always;
  }
  if (!inside && !all.empty() && all.back().loose && !normalizes_to(all.back().shape, 1) &&
      d.ask(all.back().shape == 1, term_text(all.back().shape) + " = 1 (A's last leaf, derived)") == Truth::always)
    throw Split("A's last leaf, " + term_text(all.back().shape) + ", is 1 here, where the spec's result has 1:0 or no such leaf; B reaches "
                "past size(A), and the two extend differently there (not computed symbolically)");
  for (size_t k = 0; k < all.size(); ++k) {
    bool last = k + 1 == all.size();
    if (!last && normalizes_to(all[k].shape, 1)) continue;
    if (!m.empty() &&
        d.ask(all[k].stride.equals(scaled(m.back().stride, m.back().shape)),
              "A's leaf " + std::to_string(k) + " continues the one before (" + value_text(all[k].stride) + " = " +
                  value_text(scaled(m.back().stride, m.back().shape)) + ")") == Truth::always) {
      m.back().shape = simplified(m.back().shape * all[k].shape);
      continue;
    }
    m.push_back(all[k]);
  }
  // Each leaf mode N:r of B.
  std::vector<std::vector<Mode>> per_leaf;
  for (size_t k = 0; k < b.shape.size(); ++k) {
    z3::expr n = b.shape[k], r = integer_of(b.stride[k], "B's leaf " + std::to_string(k));
    std::string mode = "B's leaf " + std::to_string(k) + " (" + term_text(n) + ":" + term_text(r) + ")";
    if (normalizes_to(n, 1) || d.ask(r == 0, term_text(r) + " = 0") == Truth::always) {
      per_leaf.push_back({Mode(n, ctx.int_val(0))});
      continue;
    }
    d.require(r > 0, term_text(r) + " > 0", "composition.negative_stride (" + mode + ")");
    auto [i, c] = divide(d, m, r, true, "composition.left_divisibility (" + mode + ")");
    std::vector<Mode> rest;
    if (i + 1 < m.size()) {
      rest.emplace_back(d.quotient(m[i].shape, c), scaled(m[i].stride, c));
      for (size_t j = i + 1; j < m.size(); ++j) rest.push_back(m[j]);
    } else {
      rest.emplace_back(ctx.int_val(1), scaled(m[i].stride, c));  // the unbounded last mode
    }
    auto [j, n2] = divide(d, rest, n, false, "composition.weak_left_divisibility (" + mode + ")");
    std::vector<Mode> res;
    for (size_t t = 0; t < j; ++t) res.push_back(rest[t]);
    res.emplace_back(n2, rest[j].stride);
    // Leaves of shape 1 say nothing: drop them (keep one). Those of shape 1 for some values only
    // are loose: the spec's result is 1:0 there when the leaf is alone, else it has no such leaf.
    std::erase_if(res, [](Mode const& x) { return normalizes_to(x.shape, 1); });
    if (res.empty()) res.emplace_back(ctx.int_val(1), ctx.int_val(0));
    for (auto& x : res)
      if (!normalizes_to(x.shape, 1) && d.maybe(x.shape == 1, term_text(x.shape) + " = 1") != Truth::never)
        x.loose = true;
    per_leaf.push_back(res);
  }
  // B's modes compose one by one only where their intervals of definition in A, [r, r*(N-1)]
  // clipped to [1, M') (M' the product of A's bounded modes), are pairwise disjoint (Shah, Def.
  // 2.16; the spec's composition.disjoint_intervals). Otherwise the by-mode result may differ
  // from A(B(c)): a split, never a result.
  z3::expr bounded = ctx.int_val(1);
  for (size_t k = 0; k + 1 < m.size(); ++k) bounded = simplified(bounded * m[k].shape);
  struct Interval {
    z3::expr lo, hi;
  };
  std::vector<std::pair<size_t, Interval>> intervals;
  for (size_t k = 0; k < b.shape.size(); ++k) {
    z3::expr n = b.shape[k], r = b.stride[k].scalar();
    if (normalizes_to(n, 1) || normalizes_to(r, 0)) continue;
    z3::expr top = r * (n - 1);
    intervals.push_back({k, {r, z3::ite(top < bounded - 1, top, bounded - 1)}});
  }
  for (size_t x = 0; x < intervals.size(); ++x)
    for (size_t y = x + 1; y < intervals.size(); ++y) {
      Interval const &p = intervals[x].second, &q = intervals[y].second;
      z3::expr apart = p.lo > p.hi || q.lo > q.hi || p.hi < q.lo || q.hi < p.lo;
      std::string what = "B's leaves " + std::to_string(intervals[x].first) + " and " + std::to_string(intervals[y].first) +
                         " have disjoint intervals of definition in A";
      // Overlapping intervals do not make the composition inadmissible (the by-mode result may
      // still be A(B(c))): the symbolic algebra stops there, and the answer is unknown.
      if (d.ask(apart, what) == Truth::never)
        throw Split("the symbolic composition needs " + what + " (Shah, Def. 2.16), and they overlap for every value");
    }
  // B's profile, each leaf replaced by its modes.
  int next = 0;
  std::function<spec::IntTuple(spec::IntTuple const&)> rebuild = [&](spec::IntTuple const& p) -> spec::IntTuple {
    if (!p.leaf) {
      std::vector<spec::IntTuple> items;
      for (auto const& x : p.items) items.push_back(rebuild(x));
      return spec::IntTuple::tuple(std::move(items));
    }
    auto const& modes = per_leaf.at(static_cast<size_t>(p.value));
    std::vector<spec::IntTuple> items;
    for (auto const& x : modes) {
      out.shape.push_back(x.shape);
      out.stride.push_back(x.stride);
      out.loose.push_back(x.loose);
      out.shape_text.push_back(term_text(x.shape));
      items.push_back(spec::IntTuple(next++));
    }
    return items.size() == 1 ? items[0] : spec::IntTuple::tuple(std::move(items));
  };
  out.profile = rebuild(b.profile);
  return out;
}


z3::expr ceil_div(z3::expr const& m, z3::expr const& s);

// complement(A, M): A's modes of stride other than 0 and shape other than 1, sorted by stride;
// each stride divisible by the span so far (complement.stride_divisibility); R = (d_0, d_1/(n_0
// d_0), ..., ceil(M/(n_last d_last))):(1, n_0 d_0, ..., n_last d_last), modes of shape 1 left out.
LeafLayout complement_in(Decider& d, z3::context& ctx, LeafLayout const& a, z3::expr const& m) {
  std::vector<IntMode> live;
  std::string uncertain;  // a kept mode whose shape is 1 for some values (or undecided: `unsure`)
  bool unsure = false;
  for (size_t k = 0; k < a.shape.size(); ++k) {
    IntMode x{a.shape[k], integer_of(a.stride[k], "A's leaf " + std::to_string(k))};
    // Left out when always 0 / 1. A stride that is 0 for some values only splits. A shape that
    // is 1 for some values only is kept: such a mode changes nothing (its gap mode coalesces with
    // the next) provided every division after it is exact, the last one (by M) included, which
    // is then required (`uncertain`); the spot check compares the result with the spec.
    if (d.ask(x.stride == 0, term_text(x.stride) + " = 0") == Truth::always) continue;
    auto unit = d.maybe(x.shape == 1, term_text(x.shape) + " = 1");
    if (unit == Truth::always) continue;
    if (!unit) {
      uncertain = term_text(x.shape) + " = 1" + (d.undecided() ? " (z3 could not decide it)" : "");
      unsure = unsure || d.undecided();
    }
    d.require(x.stride > 0, term_text(x.stride) + " > 0", "complement.positive_stride (A's leaf " + std::to_string(k) + ")");
    live.push_back(x);
  }
  // Sorted by stride (insertion sort; each comparison decided).
  for (size_t i = 1; i < live.size(); ++i)
    for (size_t j = i; j > 0; --j) {
      if (d.ask(live[j].stride < live[j - 1].stride, term_text(live[j].stride) + " < " + term_text(live[j - 1].stride)) == Truth::never)
        break;
      std::swap(live[j], live[j - 1]);
    }
  std::vector<Mode> r;
  z3::expr current = ctx.int_val(1);
  for (auto const& x : live) {
    if (!d.divides(current, x.stride))
      d.require(z3::mod(x.stride, current) == 0, divides_text(current, x.stride), "complement.stride_divisibility");
    r.emplace_back(d.quotient(x.stride, current), current);
    current = simplified(x.shape * x.stride);
  }
  bool exact = d.divides(current, m) || d.maybe(z3::mod(m, current) == 0, divides_text(current, m)) == Truth::always;
  if (!exact && !uncertain.empty()) {
    bool inexact_unsure = d.undecided();
    throw Split("the result's structure " + std::string(unsure || inexact_unsure ? "may depend" : "depends") + " on whether " +
                uncertain + " (a mode of shape 1 is left out, and " + divides_text(current, m) +
                (inexact_unsure ? " could not be decided by z3" : " does not hold for every value") + "; state the case in --where)");
  }
  z3::expr last = exact ? d.quotient(m, current) : ceil_div(m, current);  // CuTe's ceil_div
  r.emplace_back(last, current);
  for (auto& x : r)  // the spec's complement leaves out modes of shape 1
    if (!normalizes_to(x.shape, 1) && d.maybe(x.shape == 1, term_text(x.shape) + " = 1") != Truth::never) x.loose = true;
  return flat_of(ctx, r, true);
}

// CuTe's ceil_div (m + s - 1) / s, m's numerals folded into the -1 (m = 4*a+1, s = 4*a+1 gave
// `(4*a+1+4*a+1-1)`; m = 1 gives 1: ceil(1/s) for s >= 1), else as written (`(M*N+a-1)/a`).
z3::expr ceil_div(z3::expr const& m, z3::expr const& s) {
  z3::context& ctx = m.ctx();
  int64_t k = -1, v = 0;
  std::vector<z3::expr> rest;
  auto take = [&](z3::expr const& x) {
    if (x.is_numeral_i64(v)) k += v;
    else rest.push_back(x);
  };
  if (m.is_app() && m.decl().decl_kind() == Z3_OP_ADD)
    for (unsigned i = 0; i < m.num_args(); ++i) take(m.arg(i));
  else
    take(m);
  if (k == -1) return (m + s - 1) / s;  // no numeral in m
  if (rest.empty() && k == 0) return ctx.int_val(1);
  z3::expr num = rest.empty() ? s : rest[0];
  for (size_t i = 1; i < rest.size(); ++i) num = num + rest[i];
  if (!rest.empty()) num = num + s;
  if (k > 0) num = num + ctx.int_val(k);
  if (k < 0) num = num - ctx.int_val(-k);
  return num / s;
}

// logical_divide(A, B) = A o (B, complement(B, size(A))).
LeafLayout divide_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b) {
  LeafLayout c = complement_in(d, ctx, b, size_of(a));
  return composition_in(d, ctx, a, tuple_of({b, c}));
}

// logical_product(A, B) = (A, complement(A, size(A) * cosize(B)) o B); B's strides must be >= 0
// for every value (cosize(B) = 1 + sum (s_k - 1) d_k).
LeafLayout product_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b, std::string const& op = "logical_product") {
  z3::expr cosize = ctx.int_val(1);
  for (size_t k = 0; k < b.shape.size(); ++k) {
    z3::expr dk = integer_of(b.stride[k], "B's leaf " + std::to_string(k));
    d.require(dk >= 0, term_text(dk) + " >= 0", op + ": B's stride (leaf " + std::to_string(k) + ") >= 0");
    cosize = cosize + (b.shape[k] - 1) * dk;
  }
  LeafLayout c = complement_in(d, ctx, a, simplified(size_of(a) * cosize));
  return tuple_of({a, composition_in(d, ctx, c, b)});
}

// l padded to rank r with 1:0 modes (spec::pad, CuTe's append<r>): a tuple of rank r; a single
// leaf becomes the rank-1 tuple (l) first.
LeafLayout padded_to(z3::context& ctx, LeafLayout const& l, size_t r) {
  std::vector<LeafLayout> items;
  size_t rank = l.profile.leaf ? 1 : l.profile.items.size();
  for (size_t i = 0; i < rank; ++i) items.push_back(mode_of(l, i));
  while (items.size() < r) items.push_back(flat_of(ctx, {}, false));
  return tuple_of(items);
}

size_t layout_rank(LeafLayout const& l) { return l.profile.leaf ? 1 : l.profile.items.size(); }

// blocked_product(A, B) (raked: raked_product): with R = max(rank A, rank B) and A', B' padded to
// rank R, P = logical_product(A', B') = (A', C o B'), whose second mode has B''s profile (rank R);
// mode i of the result is (A'_i, (C o B')_i), raked ((C o B')_i, A'_i). The arrangement is fixed
// by the ranks (spec::blocked_product_reference): nothing in it depends on the values.
LeafLayout blocked_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b, bool raked) {
  size_t r = std::max(layout_rank(a), layout_rank(b));
  LeafLayout pa = padded_to(ctx, a, r), pb = padded_to(ctx, b, r);
  LeafLayout p = product_in(d, ctx, pa, pb, raked ? "raked_product" : "blocked_product");
  LeafLayout blocks = mode_of(p, 0), reps = mode_of(p, 1);
  std::vector<LeafLayout> items;
  for (size_t i = 0; i < r; ++i) {
    LeafLayout x = mode_of(blocks, i), y = mode_of(reps, i);
    items.push_back(raked ? tuple_of({y, x}) : tuple_of({x, y}));
  }
  return tuple_of(items);
}

// tile_to_shape(block, shape, order) (spec::tile_to_shape): R = rank(shape) (tile_to_shape.rank:
// the block has at most R modes, fixed by the profiles); the block padded to rank R; per mode i
// the count c_i = size(shape_i) / size(block_i), which must be exact for every value
// (tile_to_shape.divisibility, a witness where it fails for some values); the repetitions
// make_ordered_layout((c_0, ...), order), their strides the running products of the counts in
// the order's stable order (the default: column-major); then blocked_product(block, reps).
LeafLayout tile_to_shape_in(Decider& d, z3::context& ctx, LeafLayout const& block, LeafLayout const& shape,
                            std::optional<spec::IntTuple> const& order) {
  size_t r = layout_rank(shape);
  if (layout_rank(block) > r)
    throw InputError("tile_to_shape.rank: the block " + layout_text(block) + " has " + std::to_string(layout_rank(block)) +
                     " modes, more than the shape's " + std::to_string(r) + " (for every value)");
  std::vector<spec::i64> keys;
  if (order) {
    spec::IntTuple count = spec::IntTuple::tuple(std::vector<spec::IntTuple>(r, spec::IntTuple(1)));
    if (!spec::weakly_congruent(*order, count) || spec::rank(*order) != static_cast<int>(r))
      throw InputError("tile_to_shape.order: the order " + spec::str(*order) + " does not match the rank " + std::to_string(r) +
                       " of the shape (for every value)");
    keys = spec::leaves(*order);
  } else {
    for (size_t i = 0; i < r; ++i) keys.push_back(static_cast<spec::i64>(i));
  }
  LeafLayout pb = padded_to(ctx, block, r);
  std::vector<z3::expr> counts;
  for (size_t i = 0; i < r; ++i) {
    z3::expr b = size_of(mode_of(pb, i)), t = size_of(mode_of(shape, i));
    if (!d.divides(b, t))
      d.require(z3::mod(t, b) == 0, divides_text(b, t), "tile_to_shape.divisibility (mode " + std::to_string(i) + ")");
    counts.push_back(d.quotient(t, b));
  }
  // make_ordered_layout(counts, order): a stable sort by the order's values (ties by position).
  std::vector<size_t> by_order(r);
  for (size_t i = 0; i < r; ++i) by_order[i] = i;
  std::stable_sort(by_order.begin(), by_order.end(), [&](size_t x, size_t y) { return keys[x] < keys[y]; });
  std::vector<z3::expr> strides(r, ctx.int_val(1));
  z3::expr running = ctx.int_val(1);
  for (size_t k : by_order) {
    strides[k] = running;
    running = simplified(running * counts[k]);
  }
  std::vector<LeafLayout> reps;
  for (size_t i = 0; i < r; ++i) reps.push_back(make_leaf_layout(spec::IntTuple(0), {Mode(counts[i], strides[i])}));
  return blocked_in(d, ctx, pb, tuple_of(reps), false);
}

// The spec's inverses leave out modes of shape 1: a result leaf that is 1 for some values is loose.
void mark_loose(Decider& d, std::vector<Mode>& modes) {
  for (auto& x : modes)
    if (!normalizes_to(x.shape, 1) && d.maybe(x.shape == 1, term_text(x.shape) + " = 1") != Truth::never) x.loose = true;
}

// The inverse of a compact L: strides the running products of the shapes in an order pi
// (radix.hpp; each premise decided, none failing): R = (s_pi(0), s_pi(1), ...) : (P_pi(0),
// P_pi(1), ...) with P_k = s_0 * ... * s_{k-1}, L's natural prefix products, so that L(R(j)) = j
// and R(L(i)) = i (L is a bijection onto [0, size)): the spec's right_inverse and left_inverse
// alike. Leaves of shape 1 left out, 1:0 when nothing is left. std::nullopt where no such order
// was found or a premise does not hold for every value (the general constructions below then).
std::optional<LeafLayout> compact_inverse_in(Decider& d, Setting const& s, LeafLayout const& l) {
  z3::context& ctx = *s.ctx;
  std::optional<RadixOrder> order = radix_order(l, Definitions::of(s.hypotheses));
  if (!order) return std::nullopt;
  z3::expr product = ctx.int_val(1);
  for (size_t k : order->order) {
    z3::expr dk = integer_of(l.stride[k], "L's leaf " + std::to_string(k));
    if (d.maybe(dk == product, term_text(dk) + " = " + term_text(simplified(product)) + " (L compact)") != Truth::always) return std::nullopt;
    product = simplified(product * l.shape[k]);
  }
  std::vector<z3::expr> natural;
  z3::expr p = ctx.int_val(1);
  for (auto const& e : l.shape) {
    natural.push_back(p);
    p = simplified(p * e);
  }
  std::vector<Mode> modes;
  for (size_t k : order->order) modes.emplace_back(l.shape[k], natural[k]);
  mark_loose(d, modes);
  return flat_of(ctx, modes, false);
}

// right_inverse(L) of any L with integer strides: the chain of leaves from stride 1, each next
// leaf's stride the product P of the chain's shapes so far (CuTe's right_inverse; each question
// decided, a leaf that is the next for every value taken first), R = (s_c0, s_c1, ...) : (P_c0,
// P_c1, ...) with P_k L's natural prefix products; 1:0 for an empty chain. The spec's right
// inverse is the least preimages of [0, m) (spec/inverse.hpp), which is this R when every leaf
// outside the chain has shape 1, stride 0, or a stride above P (its final value): then a value
// below P has only the chain's digits as preimages (the other coordinates of non-zero stride 0,
// those of stride 0 least at 0), and P itself is no value of L (a leaf of stride P would have
// continued the chain). That condition is required for every value (a Split naming it where it
// depends; one without a condition where it fails for every value: L then takes a value below P
// twice, and the spec's least preimages can form a larger layout than the chain's, e.g. (2,3):(2,1)
// has (2,2):(2,1) where the chain gives 3:2, or a smaller one with a negative stride).
LeafLayout right_inverse_in(Decider& d, Setting const& s, LeafLayout const& l) {
  z3::context& ctx = *s.ctx;
  Definitions defs = Definitions::of(s.hypotheses);
  std::vector<z3::expr> stride, natural;
  z3::expr p = ctx.int_val(1);
  for (size_t k = 0; k < l.shape.size(); ++k) {
    stride.push_back(integer_of(l.stride[k], "L's leaf " + std::to_string(k)));
    natural.push_back(p);
    p = simplified(p * l.shape[k]);
  }
  auto leaf = [&](size_t k) {
    return "L's leaf " + std::to_string(k) + " (" + term_text(l.shape[k]) + ":" + term_text(stride[k]) + ")";
  };
  std::vector<size_t> rest, chain;
  for (size_t k = 0; k < l.shape.size(); ++k)
    if (!normalizes_to(l.shape[k], 1)) rest.push_back(k);
  z3::expr product = ctx.int_val(1);
  for (;;) {
    // The next leaf: one whose stride is P by form, else the first that is P for every value;
    // where none is and one is P for some values only (or undecided), its Split.
    std::optional<size_t> next;
    for (size_t i = 0; i < rest.size() && !next; ++i)
      if (same_polynomial(defs.expand(stride[rest[i]]), defs.expand(product))) next = i;
    std::optional<Split> pending;
    for (size_t i = 0; i < rest.size() && !next; ++i) {
      try {
        if (d.ask(stride[rest[i]] == product, leaf(rest[i]) + " continues the chain (" + term_text(stride[rest[i]]) + " = " +
                                                  term_text(product) + ")") == Truth::always)
          next = i;
      } catch (Split const& e) {
        if (!pending) pending = e;
      }
    }
    if (!next && pending) throw *pending;
    if (!next) break;
    chain.push_back(rest[*next]);
    product = simplified(product * l.shape[rest[*next]]);
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(*next));
  }
  for (size_t k : rest) {
    std::string what = leaf(k) + " has shape 1, stride 0 or a stride above the chain's size " + term_text(product);
    if (d.ask(l.shape[k] == 1 || stride[k] == 0 || stride[k] > product, what) == Truth::never)
      throw Split("right_inverse is computed symbolically only where every leaf outside the chain from stride 1 has shape 1, stride 0 "
                  "or a stride above the chain's size (then the chain is the spec's least preimages); " +
                  leaf(k) + " is none of these for every value, so L takes a value below " + term_text(product) +
                  " twice or has a negative stride, where the spec's right inverse is decided only concretely");
  }
  std::vector<Mode> modes;
  for (size_t k : chain) modes.emplace_back(l.shape[k], natural[k]);
  mark_loose(d, modes);
  return flat_of(ctx, modes, false);
}

// left_inverse(L) as the spec (CuTe's construction): coalesce(L) (leaves of shape 1 left out, a
// leaf merged into the one before where its stride continues it; each question decided), its
// modes of non-zero stride (s_k, d_k) at index stride p_k (the product of L's shapes before the
// mode) with d_k > 0 (left_inverse.negative_stride), sorted by stride (each comparison decided),
// each stride dividing the next (left_inverse.stride_divisibility); R = (d_0, d_1/d_0, ...,
// d_a/d_(a-1), s_a) : (0, p_0, ..., p_a), its leaves of shape 1 left out. The spec also requires
// the construction to satisfy the contract (left_inverse.injective); it does wherever s_k d_k <=
// d_(k+1) for the sorted modes (then L is injective), which is therefore required for every
// value: a Split naming it where it depends, one without a condition where it fails for every
// value (L is then not injective, and whether the construction is a quasi-inverse is decided
// only concretely).
LeafLayout left_inverse_in(Decider& d, Setting const& s, LeafLayout const& l) {
  z3::context& ctx = *s.ctx;
  struct Coalesced {
    z3::expr shape, stride, index;
    size_t first;
  };
  std::vector<Coalesced> c;
  z3::expr p = ctx.int_val(1);
  for (size_t k = 0; k < l.shape.size(); ++k) {
    z3::expr sk = l.shape[k], dk = integer_of(l.stride[k], "L's leaf " + std::to_string(k));
    if (normalizes_to(sk, 1) || d.ask(sk == 1, term_text(sk) + " = 1 (L's leaf " + std::to_string(k) + ")") == Truth::always) continue;
    if (!c.empty()) {
      z3::expr next = simplified(c.back().shape * c.back().stride);
      if (d.ask(dk == next, "L's leaf " + std::to_string(k) + " continues the one before (" + term_text(dk) + " = " + term_text(next) + ")") ==
          Truth::always) {
        c.back().shape = simplified(c.back().shape * sk);
        p = simplified(p * sk);
        continue;
      }
    }
    c.push_back({sk, dk, p, k});
    p = simplified(p * sk);
  }
  auto mode = [](Coalesced const& x) {
    return "the mode " + term_text(x.shape) + ":" + term_text(x.stride) + " of coalesce(L) (from leaf " + std::to_string(x.first) + ")";
  };
  std::vector<Coalesced> a;
  for (auto const& x : c) {
    if (d.ask(x.stride == 0, term_text(x.stride) + " = 0 (" + mode(x) + ")") == Truth::always) continue;
    d.require(x.stride > 0, term_text(x.stride) + " > 0", "left_inverse.negative_stride (" + mode(x) + ")");
    a.push_back(x);
  }
  for (size_t i = 1; i < a.size(); ++i)  // sorted by stride (insertion sort; each comparison decided)
    for (size_t j = i; j > 0; --j) {
      if (d.ask(a[j].stride < a[j - 1].stride, term_text(a[j].stride) + " < " + term_text(a[j - 1].stride)) == Truth::never) break;
      std::swap(a[j], a[j - 1]);
    }
  for (size_t k = 1; k < a.size(); ++k)
    if (!d.divides(a[k - 1].stride, a[k].stride))
      d.require(z3::mod(a[k].stride, a[k - 1].stride) == 0, divides_text(a[k - 1].stride, a[k].stride),
                "left_inverse.stride_divisibility");
  for (size_t k = 1; k < a.size(); ++k) {
    z3::expr span = simplified(a[k - 1].shape * a[k - 1].stride);
    std::string what = term_text(span) + " <= " + term_text(a[k].stride) + " (" + mode(a[k - 1]) + " ends before the next larger stride)";
    if (d.ask(span <= a[k].stride, what) == Truth::never)
      throw Split("left_inverse is computed symbolically only for an injective L (each mode of coalesce(L), by stride, ending before "
                  "the next); here " + mode(a[k - 1]) + " overlaps the next for every value (" + term_text(span) + " > " +
                  term_text(a[k].stride) + "), and whether CuTe's construction is then a quasi-inverse (left_inverse.injective) is "
                  "decided only concretely");
  }
  std::vector<Mode> r;
  if (!a.empty()) {
    r.emplace_back(a[0].stride, ctx.int_val(0));
    for (size_t k = 1; k < a.size(); ++k) r.emplace_back(d.quotient(a[k].stride, a[k - 1].stride), a[k - 1].index);
    r.emplace_back(a.back().shape, a.back().index);
  }
  std::erase_if(r, [](Mode const& x) { return normalizes_to(x.shape, 1); });  // d_0 = 1 and such
  mark_loose(d, r);
  return flat_of(ctx, r, false);
}

// right_inverse(L) or left_inverse(L) (`op`): the compact case first (no question about shapes
// of 1), else the general constructions.
LeafLayout inverse_in(Decider& d, Setting const& s, LeafLayout const& l, std::string const& op) {
  if (std::optional<LeafLayout> r = compact_inverse_in(d, s, l)) return *r;
  return op == "right_inverse" ? right_inverse_in(d, s, l) : left_inverse_in(d, s, l);
}

// slice(L, c) without L's offset: the kept nodes as one tuple; `offset` gets the value at c.
LeafLayout slice_in(Decider& d, LeafLayout const& l, SymCoord const& c, SymValue& offset) {
  if (c.keep) return l;
  if (c.index) throw InputError("slice: the coordinate " + term_text(*c.index) + " keeps no mode (a coordinate without `_` names one element)");
  std::vector<LeafLayout> kept;
  std::function<void(SymCoord const&, spec::IntTuple const&, std::string const&)> walk = [&](SymCoord const& x, spec::IntTuple const& p,
                                                                                               std::string const& where) {
    if (x.keep) {
      kept.push_back(node_of(l, p));
      return;
    }
    if (x.index) {
      LeafLayout sub = node_of(l, p);
      z3::expr i = *x.index, n = size_of(sub);
      d.require(i >= 0 && i < n, "0 <= " + term_text(i) + " < " + term_text(n), "slice.coordinate_in_range (" + where + ")");
      offset = offset + value_at_index(sub, i);
      return;
    }
    if (p.leaf || p.items.size() != x.items.size())
      throw InputError("slice: the coordinate at " + where + " has rank " + std::to_string(x.items.size()) + ", the layout's mode " +
                       (p.leaf ? std::string("is a leaf") : "has rank " + std::to_string(p.items.size())));
    for (size_t k = 0; k < x.items.size(); ++k) walk(x.items[k], p.items[k], where + "." + std::to_string(k));
  };
  if (l.profile.leaf || l.profile.items.size() != c.items.size())
    throw InputError("slice: a coordinate of rank " + std::to_string(c.items.size()) + " for a layout of rank " +
                     std::to_string(l.profile.leaf ? 1 : l.profile.items.size()));
  for (size_t k = 0; k < c.items.size(); ++k) walk(c.items[k], l.profile.items[k], "mode " + std::to_string(k));
  if (kept.empty()) throw InputError("slice: the coordinate keeps no mode (a coordinate without `_` names one element)");
  return tuple_of(kept);
}

Decider& prepared(Decider& d, std::vector<std::pair<LeafLayout const*, std::string>> const& layouts) {
  for (auto const& [l, name] : layouts) check_shapes(d, *l, name);
  for (auto const& [l, name] : layouts)
    for (auto const& e : l->shape) d.assume(e >= 1);
  return d;
}

// coalesce(L): the leaves in order, those of shape 1 left out (where always 1), a leaf merged
// into the previous one where its stride continues it (d_k = s_{k-1} d_{k-1}, decided); a flat
// layout, or 1:0 when nothing is left.
LeafLayout coalesce_in(Decider& d, z3::context& ctx, LeafLayout const& l) {
  std::vector<Mode> out;
  for (size_t k = 0; k < l.shape.size(); ++k) {
    Mode x(l.shape[k], l.stride[k]);
    if (d.ask(x.shape == 1, term_text(x.shape) + " = 1") == Truth::always) continue;
    if (!out.empty() && d.ask(x.stride.equals(scaled(out.back().stride, out.back().shape)),
                              "leaf " + std::to_string(k) + " continues the one before (" + value_text(x.stride) + " = " +
                                  value_text(scaled(out.back().stride, out.back().shape)) + ")") == Truth::always) {
      out.back().shape = simplified(out.back().shape * x.shape);
      continue;
    }
    out.push_back(x);
  }
  return flat_of(ctx, out, false);
}

}  // namespace

namespace {

// One operation: its structural questions asked through a Decider (the shapes of `named` checked
// >= 1 first), the result compared with the spec's operation at assignments (spot_check). A
// result that could be compared at no assignment is not given: a Split (answered unknown),
// never an unchecked result.
Symbolic checked_operation(Setting const& s, std::string const& op, std::vector<std::pair<LeafLayout const*, std::string>> const& named,
                           std::vector<LeafLayout> const& args, std::function<LeafLayout(Decider&)> const& build,
                           SpecOperation const& spec_op, SpecOffset const& spec_offset = nullptr) {
  Symbolic out;
  Decider d(s, out);
  out.layout = build(prepared(d, named));

  std::string none;
  out.checked = spot_check(s, op, args, out.layout, spec_op, spec_offset, &none);
  if (out.checked == 0) {
    std::string undecided;
    for (auto const& u : out.undecided) undecided += "; undecided: " + u;
    throw Split(op + " = " + layout_text(out.layout) + " was computed symbolically, but it was compared with the spec's " + op +
                " at no assignment (" + none + "), so it is not used" + undecided);
  }
  return out;
}

}  // namespace

Symbolic composition(Setting const& s, LeafLayout const& a, LeafLayout const& b) {
  return checked_operation(
      s, "composition", {{&a, "A"}, {&b, "B"}}, {a, b}, [&](Decider& d) { return composition_in(d, *s.ctx, a, b); },
      [](std::vector<spec::Layout> const& in, Assignment const&) { return spec::composition(in.at(0), in.at(1)); });
}

SymValue value_at_index(LeafLayout const& l, z3::expr const& x) {
  SymValue v(x.ctx().int_val(0));
  if (l.shape.size() == 1) return v + scaled(l.stride[0], x);
  z3::expr prefix = x.ctx().int_val(1);
  for (size_t k = 0; k < l.shape.size(); ++k) {
    z3::expr q = normalizes_to(prefix, 1) ? x : (x / prefix);
    z3::expr c = k + 1 == l.shape.size() ? q : z3::mod(q, l.shape[k]);
    v = v + scaled(l.stride[k], simplified(c));
    prefix = simplified(prefix * l.shape[k]);
  }
  return v;
}

Symbolic slice(Setting const& s, LeafLayout const& l, SymCoord const& c) {
  // The coordinate as the spec reads it at an assignment (`_` or the index's value).
  std::function<spec::SliceCoord(SymCoord const&, Assignment const&)> concrete = [&](SymCoord const& x, Assignment const& a) {
    if (x.keep) return spec::SliceCoord(spec::SliceLeaf{true, 0});
    if (x.index) return spec::SliceCoord(spec::SliceLeaf{false, value_of(s, *x.index, a)});
    std::vector<spec::SliceCoord> items;
    for (auto const& y : x.items) items.push_back(concrete(y, a));
    return spec::SliceCoord::tuple(std::move(items));
  };
  LeafLayout plain = l;
  plain.offset.reset();
  SymValue offset(s.ctx->int_val(0));
  Symbolic r = checked_operation(
      s, "slice", {{&plain, "L"}}, {plain},
      [&](Decider& d) {
        LeafLayout out = slice_in(d, plain, c, offset);
        bool zero = true;
        for (auto const& part : offset.parts()) zero = zero && normalizes_to(part.second, 0);
        if (!zero) out.offset = offset;
        return out;
      },
      [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec::slice(concrete(c, a), in.at(0)).layout; },
      [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec::slice(concrete(c, a), in.at(0)).offset; });
  if (l.offset) r.layout.offset = r.layout.offset ? *l.offset + *r.layout.offset : *l.offset;
  return r;
}

namespace {

// CuTe's repeat<n>(_) as spec::underscores builds it: a lone `_` for one mode.
SymCoord underscores(size_t n) {
  if (n == 1) return SymCoord::underscore();
  return SymCoord::tuple(std::vector<SymCoord>(n, SymCoord::underscore()));
}
size_t rank_of(spec::IntTuple const& p) { return p.leaf ? 1 : p.items.size(); }
// spec::pad_with_underscores: c padded with `_` to the rank of the mode it indexes.
SymCoord padded(SymCoord const& c, spec::IntTuple const& mode, std::string const& what) {
  if (c.leaf()) return c;
  size_t r = rank_of(mode);
  if (c.items.size() > r)
    throw InputError(what + ": the coordinate has " + std::to_string(c.items.size()) + " modes, the mode it indexes " + std::to_string(r));
  if (mode.leaf) return c.items.empty() ? SymCoord::underscore() : c.items[0];
  SymCoord out = c;
  while (out.items.size() < r) out.items.push_back(SymCoord::underscore());
  return out;
}
std::function<spec::SliceCoord(SymCoord const&)> concrete_coord(Setting const& s, Assignment const& a) {
  return [&s, a](SymCoord const& x) {
    std::function<spec::SliceCoord(SymCoord const&)> walk = [&](SymCoord const& y) {
      if (y.keep) return spec::SliceCoord(spec::SliceLeaf{true, 0});
      if (y.index) return spec::SliceCoord(spec::SliceLeaf{false, value_of(s, *y.index, a)});
      std::vector<spec::SliceCoord> items;
      for (auto const& z : y.items) items.push_back(walk(z));
      return spec::SliceCoord::tuple(std::move(items));
    };
    return walk(x);
  };
}
// Two steps as one result: the second's layout, both steps' decisions, the fewer comparisons.
Symbolic joined(Symbolic const& first, Symbolic second) {
  std::vector<std::string> d = first.decisions;
  d.insert(d.end(), second.decisions.begin(), second.decisions.end());
  second.decisions = std::move(d);
  std::vector<std::string> u = first.undecided;
  u.insert(u.end(), second.undecided.begin(), second.undecided.end());
  second.undecided = std::move(u);
  second.checked = std::min(first.checked, second.checked);
  return second;
}
}  // namespace

Symbolic local_tile(Setting const& s, LeafLayout const& t, std::vector<z3::expr> const& tile, SymCoord const& c) {
  LeafLayout plain = t;
  plain.offset.reset();
  Symbolic z = divide(s, "zipped_divide", plain, tile);
  if (z.layout.profile.leaf || z.layout.profile.items.size() != 2) throw InternalError("zipped_divide did not give two modes");
  SymCoord at = SymCoord::tuple({underscores(rank_of(z.layout.profile.items[0])), padded(c, z.layout.profile.items[1], "local_tile")});
  Symbolic r = joined(z, slice(s, z.layout, at));
  if (t.offset) r.layout.offset = r.layout.offset ? *t.offset + *r.layout.offset : *t.offset;
  return r;
}

namespace {

// get_flat_coord's conditions for every idx: the thread layout is a bijection onto [0, size).
// A structural question, with a structural question's budget for the whole check (question_ms:
// a tenth of --timeout, at least 2 s), not the query's. bijective() tries the mixed-radix lemma
// first: a compact thread layout (in some order its strides the running products of its shapes,
// under the hypotheses) is proved when z3 proves the lemma's premises, in milliseconds; a
// concrete one goes to the general query, which is linear there. Otherwise the general query is
// nonlinear: what z3 does not decide within the budget is unknown (a Split naming the layout, the
// budget and z3's reason), never proved; a refutation (its counterexample checked with the spec by
// bijective()) is bad input.
void require_thread_bijection(Setting const& s, std::string const& op, LeafLayout const& thr) {
  if (thr.offset) throw InputError(op + ": the thread layout has an offset (a tensor); it takes a layout");
  for (auto const& d : thr.stride)
    if (!d.is_integer()) throw InputError(op + ": the thread layout has the basis stride " + value_text(d) + "; it takes integer strides");
  unsigned ms = question_ms(s);
  Setting q = s;
  q.timeout_ms = std::max(1u, ms);
  auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  q.deadline = s.deadline == std::chrono::steady_clock::time_point{} ? until : std::min(s.deadline, until);
  Answer b = bijective(q, Fn::of(thr), thr.size());
  if (b.status == Status::refuted)
    throw InputError(op + ": the thread layout " + layout_text(thr) + " is not a bijection onto [0, size), so get_flat_coord " +
                     "(get_flat_coord.not_a_value or .not_unique) fails for some idx: " + b.counterexample);
  if (b.status != Status::proved)
    throw Split(op + ": could not prove that the thread layout " + layout_text(thr) + " is a bijection onto [0, size): not by " +
                "the mixed-radix lemma (no order of its leaves in which each stride was proved the running product of the shapes " +
                "before it), and z3 did not decide the general query within " + seconds_text(ms) +
                " (a structural question's budget: a tenth of --timeout, at least 2 s; z3: " + b.reason + ")");
}

// thr.get_flat_coord(idx) for a thread layout that is a bijection onto [0, size) (its leaves of
// shape above 1 then have the strides of a mixed radix): leaf k's coordinate (idx / d_k) % s_k,
// and per top-level mode the 1-D index within it. @pre 0 <= idx < size(thr) (the caller's)
std::vector<z3::expr> flat_coordinate(LeafLayout const& thr, z3::expr const& idx) {
  z3::context& ctx = idx.ctx();
  std::vector<z3::expr> out;
  for (size_t i = 0; i < rank_of(thr.profile); ++i) {
    LeafLayout m = mode_of(thr, i);
    z3::expr index = ctx.int_val(0), prefix = ctx.int_val(1);
    for (size_t k = 0; k < m.shape.size(); ++k) {
      if (!normalizes_to(m.shape[k], 1)) {
        z3::expr dk = m.stride[k].scalar();
        z3::expr q = normalizes_to(dk, 1) ? idx : idx / dk;
        index = index + prefix * z3::mod(q, m.shape[k]);
      }
      prefix = prefix * m.shape[k];
    }
    out.push_back(simplified(index));
  }
  return out;
}

spec::SliceCoord slice_leaf(spec::i64 v) { return spec::SliceCoord(spec::SliceLeaf{false, v}); }
spec::SliceCoord slice_keep() { return spec::SliceCoord(spec::SliceLeaf{true, 0}); }

}  // namespace

Symbolic local_partition(Setting const& s, LeafLayout const& t, LeafLayout const& thr, std::optional<z3::expr> const& idx) {
  z3::context& ctx = *s.ctx;
  require_thread_bijection(s, "local_partition", thr);
  // The tiler: product_each(shape(thr)).
  std::vector<z3::expr> tile;
  size_t modes = rank_of(thr.profile);
  for (size_t i = 0; i < modes; ++i) tile.push_back(size_of(mode_of(thr, i)));
  LeafLayout plain = t;
  plain.offset.reset();
  Symbolic z = divide(s, "zipped_divide", plain, tile);
  if (z.layout.profile.leaf || z.layout.profile.items.size() != 2) throw InternalError("zipped_divide did not give two modes");
  spec::IntTuple const &tile_mode = z.layout.profile.items[0], &rest_mode = z.layout.profile.items[1];
  SymCoord thread = underscores(rank_of(tile_mode));
  if (idx) {
    Decider d(s, z);
    d.require(*idx >= 0 && *idx < thr.size(), "0 <= " + term_text(*idx) + " < " + term_text(thr.size()),
              "get_flat_coord.not_a_value (idx within [0, size(thr)))");
    std::vector<SymCoord> per_mode;
    for (auto const& x : flat_coordinate(thr, *idx)) per_mode.push_back(SymCoord::at(x));
    thread = padded(SymCoord::tuple(per_mode), tile_mode, "local_partition");
  }
  SymCoord at = SymCoord::tuple({thread, underscores(rank_of(rest_mode))});
  Symbolic r = joined(z, slice(s, z.layout, at));
  // The whole against the spec's definition: zipped_divide by product_each(shape(thr)), sliced at
  // get_flat_coord(idx) (or kept, for `_`).
  spec::IntTuple tp = spec::IntTuple::tuple({});
  std::vector<Mode> tiler;
  for (size_t k = 0; k < tile.size(); ++k) {
    tiler.emplace_back(tile[k], ctx.int_val(1));
    tp.items.push_back(spec::IntTuple(static_cast<spec::i64>(k)));
  }
  auto spec_slice = [&](std::vector<spec::Layout> const& in, Assignment const& a) {
    spec::Layout zl = spec::divide(spec::Arrangement::zipped, in.at(0), spec::Tiler::shape(spec::product_each(in.at(1).shape)));
    spec::SliceCoord c = concrete_coord(s, a)(SymCoord::tuple({underscores(rank_of(tile_mode)), underscores(rank_of(rest_mode))}));
    if (idx) {
      spec::IntTuple flat = spec::get_flat_coord(in.at(1), value_of(s, *idx, a));
      std::function<spec::SliceCoord(spec::IntTuple const&)> lift = [&](spec::IntTuple const& x) {
        if (x.leaf) return spec::SliceCoord(spec::SliceLeaf{false, x.value});
        std::vector<spec::SliceCoord> items;
        for (auto const& y : x.items) items.push_back(lift(y));
        return spec::SliceCoord::tuple(std::move(items));
      };
      spec::SliceCoord lifted = lift(flat);
      if (!lifted.leaf && zl.shape.items.at(0).leaf) lifted = lifted.items.at(0);  // spec's pad_with_underscores
      c.items.at(0) = lifted;
    }
    return spec::slice(c, zl);
  };
  std::string none;
  unsigned long long n = spot_check(
      s, "local_partition", {plain, thr}, r.layout, [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec_slice(in, a).layout; },
      [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec_slice(in, a).offset; }, &none);
  r.checked = std::min(r.checked, n);
  if (n == 0) throw Split("local_partition could not be compared with the spec at any assignment (" + none + "), so it is not used");
  if (t.offset) r.layout.offset = r.layout.offset ? *t.offset + *r.layout.offset : *t.offset;
  return r;
}

// bijective_onto: F's values (coordinates, `x@k`) reach every coordinate of
// the shape S exactly once. Component k of every value lies in [0, S_k) (image_within, else the
// mixed-radix lemma through bijective onto [0, S_k)); given that, F is such a bijection exactly
// when its colexicographic index F' = sum_k x_k * S_0 * ... * S_{k-1} (a layout with integer
// strides) is a bijection onto [0, S_0 * ... * S_{r-1}), which is then asked.
Answer bijective_onto(Setting const& s, Fn const& f, std::vector<z3::expr> const& shape) {
  z3::context& c = *s.ctx;
  std::string target = "(";
  for (size_t k = 0; k < shape.size(); ++k) target += (k ? "," : "") + term_text(shape[k]);
  target += ")";
  if (shape.empty()) throw InputError("bijective(F, S): S has no modes");
  if (f.kind != Fn::Kind::layout) throw InputError("bijective(F, " + target + "): F must be a layout or a coordinate tensor");
  LeafLayout const& l = f.layout;
  std::vector<SymValue> values(l.stride.begin(), l.stride.end());
  if (l.offset) values.push_back(*l.offset);
  for (auto const& v : values)
    for (auto const& part : v.parts()) {
      auto const& p = part.first;
      if (p.empty()) {
        if (!normalizes_to(part.second, 0))
          throw InputError("bijective(F, " + target + "): F's values have an integer part (" + term_text(part.second) +
                         "); a shape target takes coordinate values (x@0, x@1, ...), an integer target bijective(F, N) integer values");
        continue;
      }
      if (p.size() != 1 || p[0] < 0 || static_cast<size_t>(p[0]) >= shape.size())
        throw InputError("bijective(F, " + target + "): F's values have a component at @" + std::to_string(p.back()) +
                       (p.size() == 1 ? std::string() : " (nested)") + ", outside the flat shape of rank " + std::to_string(shape.size()));
    }
  auto component = [&](SymValue const& v, int k) {
    auto it = v.parts().find(spec::Path{k});
    return it == v.parts().end() ? c.int_val(0) : it->second;
  };
  auto project = [&](std::function<z3::expr(SymValue const&)> const& map) {
    LeafLayout out = l;
    for (size_t i = 0; i < l.stride.size(); ++i) out.stride[i] = SymValue(simplified(map(l.stride[i])));
    if (l.offset) out.offset = SymValue(simplified(map(*l.offset)));
    return out;
  };
  std::string within;
  for (size_t k = 0; k < shape.size(); ++k) {
    Fn ck = Fn::of(project([&](SymValue const& v) { return component(v, static_cast<int>(k)); }));
    Answer a = image_within(s, ck, c.int_val(0), shape[k]);
    if (a.status != Status::proved) {
      Answer b = bijective(s, ck, shape[k]);
      if (b.status == Status::proved) a = b;
    }
    if (a.status != Status::proved) {
      a.reason = "component " + std::to_string(k) + " (@" + std::to_string(k) + ") of F's values must lie in [0, " + term_text(shape[k]) +
                 ")" + (a.status == Status::refuted ? ", and does not (the counterexample is that component alone)" : "") +
                 (a.reason.empty() ? "" : ": " + a.reason);
      return a;
    }
    within += (within.empty() ? "" : ", ") + std::to_string(k) + (a.lemma.empty() ? "" : " (" + a.lemma + ")");
  }
  LeafLayout lin = project([&](SymValue const& v) {
    z3::expr sum = c.int_val(0), prefix = c.int_val(1);
    for (size_t k = 0; k < shape.size(); ++k) {
      sum = sum + component(v, static_cast<int>(k)) * prefix;
      prefix = prefix * shape[k];
    }
    return sum;
  });
  z3::expr n = c.int_val(1);
  for (auto const& e : shape) n = n * e;
  Answer b = bijective(s, Fn::of(lin), simplified(n));
  b.reason = "every component of F's values lies within " + target + " (proved for components " + within +
             "), so F is a bijection onto the coordinates of " + target + " exactly when its colexicographic index F' = " +
             layout_text(lin) + " is one onto [0, " + term_text(simplified(n)) + ")" + (b.reason.empty() ? "" : ": " + b.reason);
  return b;
}

Symbolic mma_partition(Setting const& s, spec::TiledMma const& mma, spec::MmaOperand op, LeafLayout const& t,
                       std::optional<z3::expr> const& idx) {
  z3::context& ctx = *s.ctx;
  std::string name = std::string("partition_") + (op == spec::MmaOperand::A ? "A" : op == spec::MmaOperand::B ? "B" : "C");
  if (rank_of(t.profile) < 2 || t.profile.leaf) throw InputError(name + ": an MMA partitions a layout of rank >= 2");
  // The operand's modes of (M,N,K): C (M,N), A (M,K), B (N,K); VMNK's modes i+1, j+1.
  int i = op == spec::MmaOperand::B ? 1 : 0, j = op == spec::MmaOperand::C ? 1 : 2;
  spec::Layout vmnk_c = spec::thr_layout_vmnk(mma);
  LeafLayout vmnk = leaves_of(ctx, vmnk_c);
  require_thread_bijection(s, name, vmnk);
  // The permutation of each mode (CuTe's permutation_mnk: the default `_` is n:1): a concrete layout
  // tiler. n:1 for both modes divides by the shape (n_i, n_j) as before; any other layout divides
  // its mode by that layout (logical_divide(L_m, P) = L_m o (P, complement(P, size(L_m))), whose
  // structural questions, among them complement.stride_divisibility (size(P) | the mode's size,
  // from a fact such as M % 32 == 0), go to the solver). A tuple tiler per mode is a Split.
  spec::Tiler perm_tiler_i = spec::permutation_mnk(mma, i), perm_tiler_j = spec::permutation_mnk(mma, j);
  auto is_column = [](spec::Tiler const& p) {
    return p.kind == spec::Tiler::Kind::layout && p.layout.shape.leaf && p.layout.stride.leaf && p.layout.stride.value == spec::Value(1);
  };
  for (auto const& [p, m] : {std::pair<spec::Tiler const*, int>{&perm_tiler_i, i}, {&perm_tiler_j, j}})
    if (p->kind != spec::Tiler::Kind::layout)
      throw Split(name + ": the permutation of mode " + std::to_string(m) + ", " + p->str() +
                  ", is a tuple of tilers; symbolic MMA partitions take a layout (or `_`) for each mode");
  bool columns = is_column(perm_tiler_i) && is_column(perm_tiler_j);
  spec::i64 atom_i = spec::size(spec::mode(mma.atom.shape_mnk, i)), atom_j = spec::size(spec::mode(mma.atom.shape_mnk, j));
  spec::i64 thr_i = spec::size(spec::mode(vmnk_c.shape, i + 1)), thr_j = spec::size(spec::mode(vmnk_c.shape, j + 1));
  spec::Layout const& operand = op == spec::MmaOperand::A ? mma.atom.a_layout : op == spec::MmaOperand::B ? mma.atom.b_layout : mma.atom.c_layout;
  auto num = [&](spec::i64 v) { return ctx.int_val(static_cast<int64_t>(v)); };
  LeafLayout plain = t;
  plain.offset.reset();
  // thrfrg (spec::thrfrg), step by step, each step checked against the spec.
  Symbolic tt;
  if (columns) {
    tt = logical_divide(s, plain, {num(perm_tiler_i.layout.shape.value), num(perm_tiler_j.layout.shape.value)});
  } else {
    // Mode by mode, as spec::logical_divide by the tuple (P_i, P_j): modes 0 and 1 divided, the
    // modes past them kept.
    std::vector<LeafLayout> modes;
    std::optional<Symbolic> steps;
    for (size_t k = 0; k < rank_of(plain.profile); ++k) {
      if (k >= 2) {
        modes.push_back(mode_of(plain, k));
        continue;
      }
      spec::Layout const& perm = (k == 0 ? perm_tiler_i : perm_tiler_j).layout;
      Symbolic d = logical_divide(s, mode_of(plain, k), leaves_of(ctx, perm));
      modes.push_back(d.layout);
      steps = steps ? joined(*steps, d) : d;
    }
    tt = *steps;
    tt.layout = tuple_of(modes);
  }
  Symbolic c = joined(tt, divide(s, "zipped_divide", tt.layout, {num(atom_i), num(atom_j)}));
  if (c.layout.profile.leaf || c.layout.profile.items.size() != 2) throw InternalError("zipped_divide did not give two modes");
  Symbolic tv = joined(c, composition(s, mode_of(c.layout, 0), leaves_of(ctx, operand)));
  Symbolic r = joined(tv, logical_divide(s, mode_of(c.layout, 1), {num(thr_i), num(thr_j)}));
  spec::IntTuple const& rp = r.layout.profile;
  if (rp.leaf || rp.items.size() < 2 || rp.items[0].leaf || rp.items[1].leaf || rp.items[0].items.size() != 2 || rp.items[1].items.size() != 2 ||
      tv.layout.profile.leaf || tv.layout.profile.items.size() != 2)
    throw InternalError(name + ": the divided rest or the atom's (thread, value) layout has an unexpected profile");
  std::vector<LeafLayout> rests{node_of(r.layout, rp.items[0].items[1]), node_of(r.layout, rp.items[1].items[1])};
  for (size_t k = 2; k < rp.items.size(); ++k) rests.push_back(node_of(r.layout, rp.items[k]));
  LeafLayout threads = tuple_of({mode_of(tv.layout, 0), tuple_of({node_of(r.layout, rp.items[0].items[0]), node_of(r.layout, rp.items[1].items[0])})});
  LeafLayout values = tuple_of({mode_of(tv.layout, 1), tuple_of(rests)});
  LeafLayout thr = tuple_of({threads, values});
  // The thread's slice: ((v,(m,n)),(_,(_,...))) at VMNK.get_flat_coord(idx); `_` keeps them all.
  SymCoord v = SymCoord::underscore(), m = SymCoord::underscore(), n = SymCoord::underscore();
  if (idx) {
    Decider d(s, r);
    d.require(*idx >= 0 && *idx < vmnk.size(), "0 <= " + term_text(*idx) + " < " + term_text(vmnk.size()),
              "get_flat_coord.not_a_value (thr_idx within [0, size(VMNK)))");
    std::vector<z3::expr> x = flat_coordinate(vmnk, *idx);
    v = SymCoord::at(x.at(0));
    m = SymCoord::at(x.at(static_cast<size_t>(i + 1)));
    n = SymCoord::at(x.at(static_cast<size_t>(j + 1)));
  }
  size_t rest_rank = rests.size();
  SymCoord at = SymCoord::tuple({SymCoord::tuple({v, SymCoord::tuple({m, n})}),
                                 SymCoord::tuple({SymCoord::underscore(), SymCoord::tuple(std::vector<SymCoord>(rest_rank, SymCoord::underscore()))})});
  Symbolic out = joined(r, slice(s, thr, at));
  // The whole against the spec: spec::thrfrg sliced at the spec's get_flat_coord(idx).
  auto spec_slice = [&](std::vector<spec::Layout> const& in, Assignment const& a) {
    spec::Layout whole = spec::thrfrg(mma, op, in.at(0));
    spec::SliceCoord keep = slice_keep();
    spec::SliceCoord tv_c = keep, m_c = keep, n_c = keep;
    if (idx) {
      spec::IntTuple f = spec::get_flat_coord(vmnk_c, value_of(s, *idx, a));
      tv_c = slice_leaf(spec::mode(f, 0).value);
      m_c = slice_leaf(spec::mode(f, i + 1).value);
      n_c = slice_leaf(spec::mode(f, j + 1).value);
    }
    std::vector<spec::SliceCoord> rest(rest_rank, keep);
    spec::SliceCoord coord = spec::SliceCoord::tuple({spec::SliceCoord::tuple({tv_c, spec::SliceCoord::tuple({m_c, n_c})}),
                                                      spec::SliceCoord::tuple({keep, spec::SliceCoord::tuple(std::move(rest))})});
    return spec::slice(coord, whole);
  };
  std::string none;
  unsigned long long compared = spot_check(
      s, name, {plain}, out.layout, [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec_slice(in, a).layout; },
      [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec_slice(in, a).offset; }, &none);
  out.checked = std::min(out.checked, compared);
  if (compared == 0) throw Split(name + " could not be compared with the spec at any assignment (" + none + "), so it is not used");
  if (t.offset) out.layout.offset = out.layout.offset ? *t.offset + *out.layout.offset : *t.offset;
  return out;
}

Symbolic identity_tensor(Setting const& s, LeafLayout const& shape) {
  LeafLayout id = shape;
  std::function<void(spec::IntTuple const&, spec::Path)> walk = [&](spec::IntTuple const& p, spec::Path path) {
    if (p.leaf) {
      auto k = static_cast<size_t>(p.value);
      id.stride.at(k) = path.empty() ? SymValue(s.ctx->int_val(1)) : SymValue::basis(s.ctx->int_val(1), path);
      return;
    }
    for (size_t i = 0; i < p.items.size(); ++i) {
      spec::Path q = path;
      q.push_back(static_cast<int>(i));
      walk(p.items[i], q);
    }
  };
  walk(id.profile, {});
  id.offset.reset();
  return checked_operation(
      s, "make_identity_tensor", {{&id, "S"}}, {id}, [&](Decider&) { return id; },
      [](std::vector<spec::Layout> const& in, Assignment const&) { return spec::make_identity_tensor(in.at(0).shape).layout; });
}

Symbolic coalesce(Setting const& s, LeafLayout const& l) {
  return checked_operation(
      s, "coalesce", {{&l, "L"}}, {l}, [&](Decider& d) { return coalesce_in(d, *s.ctx, l); },
      [](std::vector<spec::Layout> const& in, Assignment const&) { return spec::coalesce(in.at(0)); });
}

Symbolic complement(Setting const& s, LeafLayout const& a, z3::expr const& m) {
  return checked_operation(
      s, "complement", {{&a, "A"}}, {a},
      [&](Decider& d) {
        d.require(m >= 1, term_text(m) + " >= 1", "complement's cotarget M >= 1");
        return complement_in(d, *s.ctx, a, m);
      },
      [&](std::vector<spec::Layout> const& in, Assignment const& x) { return spec::complement(in.at(0), value_of(s, m, x)); });
}

Symbolic inverse(Setting const& s, std::string const& op, LeafLayout const& l) {
  bool right = op == "right_inverse";
  return checked_operation(
      s, op, {{&l, "L"}}, {l}, [&](Decider& d) { return inverse_in(d, s, l, op); },
      [right](std::vector<spec::Layout> const& in, Assignment const&) {
        return right ? spec::right_inverse(in.at(0)) : spec::left_inverse(in.at(0));
      });
}

Symbolic logical_product(Setting const& s, LeafLayout const& a, LeafLayout const& b) { return arranged(s, "logical_product", a, b); }

Symbolic arranged(Setting const& s, std::string const& kind, LeafLayout const& a, LeafLayout const& b) {
  bool product = kind.find("_product") != std::string::npos;
  spec::Arrangement how = kind.rfind("zipped", 0) == 0 ? spec::Arrangement::zipped
                          : kind.rfind("tiled", 0) == 0  ? spec::Arrangement::tiled
                          : kind.rfind("flat", 0) == 0   ? spec::Arrangement::flat
                                                         : spec::Arrangement::logical;
  z3::context& ctx = *s.ctx;
  auto build = [&](Decider& d) {
    bool unpacked = how == spec::Arrangement::tiled || how == spec::Arrangement::flat;
    // The divides: C = complement(B, size(A)) computed here, for its profile: the spec's unpack
    // spreads a single-leaf C (a run) and gives a tuple C's modes. Unpacked, C's modes are each
    // decided to be 1 or not (the spec's complement leaves out those of shape 1, so their number
    // must be fixed): a mode that is 1 for every value is left out, one that is 1 for some values
    // splits (answered case by case).
    std::optional<LeafLayout> c;
    if (!product) {
      c = complement_in(d, ctx, b, size_of(a));
      if (unpacked && c->shape.size() > 1) {
        std::vector<Mode> kept;
        for (size_t k = 0; k < c->shape.size(); ++k)
          if (d.ask(c->shape[k] == 1, term_text(c->shape[k]) + " = 1 (mode " + std::to_string(k) + " of complement(B, size(A)))") ==
              Truth::never)
            kept.push_back(leaf_mode(*c, k));
        c = flat_of(ctx, kept, false);
      }
    }
    LeafLayout r = product ? product_in(d, ctx, a, b) : composition_in(d, ctx, a, tuple_of({b, *c}));
    if (!unpacked) return r;  // logical, and zipped: zip2_by keeps a (tile, rest) pair
    // The spec's unpack: a tuple piece gives its modes; a single-leaf piece (a run) is spread into
    // the modes of its coalesced factorization: its leaves coalesced here, each question decided
    // (a leaf 1 for every value left out, one that continues the one before for every value
    // merged; a question that depends on the values splits, answered case by case).
    auto spread = [&](LeafLayout const& piece, bool run, std::vector<LeafLayout>& out) {
      if (!run) {
        for (size_t i = 0; i < piece.profile.items.size(); ++i) out.push_back(mode_of(piece, i));
        return;
      }
      LeafLayout modes = piece.shape.size() > 1 ? coalesce_in(d, ctx, piece) : piece;
      for (size_t k = 0; k < modes.shape.size(); ++k) out.push_back(node_of(modes, spec::IntTuple(static_cast<spec::i64>(k))));
    };
    LeafLayout first = mode_of(r, 0), rest = mode_of(r, 1);
    std::vector<LeafLayout> items;
    // The first piece: A (products; a single leaf is its own factorization) or A o B (divides, B's
    // profile); tiled keeps it as one mode.
    if (how == spec::Arrangement::tiled || (product && a.profile.leaf)) items.push_back(first);
    else spread(first, !product && b.profile.leaf, items);
    // The second piece: C o B (products, B's profile) or A o C (divides, C's profile).
    spread(rest, product ? b.profile.leaf : c->profile.leaf, items);
    return tuple_of(items);
  };
  return checked_operation(s, kind, {{&a, "A"}, {&b, "B"}}, {a, b}, build, [how, product](std::vector<spec::Layout> const& in, Assignment const&) {
    return product ? spec::product(how, in.at(0), spec::Tiler::of(in.at(1))) : spec::divide(how, in.at(0), spec::Tiler::of(in.at(1)));
  });
}

Symbolic logical_divide(Setting const& s, LeafLayout const& a, LeafLayout const& b) { return arranged(s, "logical_divide", a, b); }

Symbolic tile_to_shape(Setting const& s, LeafLayout const& block, LeafLayout const& shape, std::optional<spec::IntTuple> const& order) {
  return checked_operation(
      s, "tile_to_shape", {{&block, "L"}, {&shape, "S"}}, {block, shape},
      [&](Decider& d) { return tile_to_shape_in(d, *s.ctx, block, shape, order); },
      [order](std::vector<spec::Layout> const& in, Assignment const&) { return spec::tile_to_shape(in.at(0), in.at(1).shape, order); });
}

Symbolic blocked_product(Setting const& s, LeafLayout const& a, LeafLayout const& b, bool raked) {
  return checked_operation(
      s, raked ? "raked_product" : "blocked_product", {{&a, "A"}, {&b, "B"}}, {a, b},
      [&](Decider& d) { return blocked_in(d, *s.ctx, a, b, raked); },
      [raked](std::vector<spec::Layout> const& in, Assignment const&) {
        return raked ? spec::raked_product(in.at(0), in.at(1)) : spec::blocked_product(in.at(0), in.at(1));
      });
}

Symbolic logical_divide(Setting const& s, LeafLayout const& a, std::vector<z3::expr> const& tile) {
  return divide(s, "logical_divide", a, tile);
}

Symbolic divide(Setting const& s, std::string const& kind, LeafLayout const& a, std::vector<z3::expr> const& tile) {
  spec::Arrangement how = kind == "zipped_divide" ? spec::Arrangement::zipped
                          : kind == "tiled_divide" ? spec::Arrangement::tiled
                          : kind == "flat_divide"  ? spec::Arrangement::flat
                                                   : spec::Arrangement::logical;
  z3::context& ctx = *s.ctx;
  size_t rank = a.profile.leaf ? 1 : a.profile.items.size();
  if (tile.size() > rank)
    throw InputError(kind + ": the tiler has " + std::to_string(tile.size()) + " modes, A only " + std::to_string(rank));
  // The tiler as the spec reads it: a tuple of the entries (by mode), each the layout t_i:1.
  std::vector<Mode> tiler;
  spec::IntTuple tp = spec::IntTuple::tuple({});
  for (size_t k = 0; k < tile.size(); ++k) {
    tiler.emplace_back(tile[k], ctx.int_val(1));
    tp.items.push_back(spec::IntTuple(static_cast<spec::i64>(k)));
  }
  auto build = [&](Decider& d) {
    std::vector<LeafLayout> modes;
    for (size_t i = 0; i < rank; ++i) {
      LeafLayout ai = mode_of(a, i);
      if (i >= tile.size()) {
        modes.push_back(ai);
        continue;
      }
      d.require(tile[i] >= 1, term_text(tile[i]) + " >= 1", "the tiler's entry " + std::to_string(i) + " >= 1");
      d.assume(tile[i] >= 1);
      modes.push_back(divide_in(d, ctx, ai, flat_of(ctx, {tiler[i]}, false)));
    }
    if (how == spec::Arrangement::logical) return tuple_of(modes);  // a rank-1 A gives a rank-1 tuple, as the spec
    // The tiles gathered, then the rests and the modes past the tiler: the same leaves in the
    // same order for zipped, tiled and flat (so the same function); the profiles differ.
    std::vector<LeafLayout> tiles, rests;
    for (size_t i = 0; i < modes.size(); ++i) {
      if (i < tile.size()) {
        tiles.push_back(mode_of(modes[i], 0));
        rests.push_back(mode_of(modes[i], 1));
      } else {
        rests.push_back(modes[i]);
      }
    }
    if (how == spec::Arrangement::zipped) return tuple_of({tuple_of(tiles), tuple_of(rests)});
    if (how == spec::Arrangement::tiled) {
      std::vector<LeafLayout> items{tuple_of(tiles)};
      items.insert(items.end(), rests.begin(), rests.end());
      return tuple_of(items);
    }
    // flat: the tiles and then the rests and the modes past the tiler, each as a mode (a mode
    // past the tiler keeps its nesting, as the spec's unpack does).
    std::vector<LeafLayout> items = tiles;
    items.insert(items.end(), rests.begin(), rests.end());
    return tuple_of(items);
  };
  return checked_operation(s, kind, {{&a, "A"}}, {a, make_leaf_layout(tp, tiler)}, build,
                           [how](std::vector<spec::Layout> const& in, Assignment const&) {
                             return spec::divide(how, in.at(0), spec::Tiler::shape(in.at(1).shape));
                           });
}

unsigned long long spot_check(Setting const& s, std::string const& op, std::vector<LeafLayout> const& args, LeafLayout const& r,
                              SpecOperation const& spec_op, SpecOffset const& spec_offset, std::string* none) {
  std::string why_none = "no assignment of the variables within the bounds and hypotheses is small enough (sizes at most 2^16)";
  z3::context& ctx = *s.ctx;
  // The assignments: every one where there are at most 256, else up to 32 found by the solver,
  // smallest first (the sum of the distances to the lower bounds at most 0, 1, 2, 4, ...).
  std::vector<Assignment> points;
  unsigned long long count = 1;
  for (auto const& v : s.vars.vars) {
    unsigned long long w = static_cast<unsigned long long>(v.hi - v.lo) + 1;
    count = (w == 0 || count > 256 / w) ? 257 : count * w;
  }
  if (count <= 256) {
    Assignment a;
    for (auto const& v : s.vars.vars) a.push_back(v.lo);
    for (unsigned long long t = 0; t < count; ++t) {
      if (hypotheses_hold(s, a)) points.push_back(a);
      for (size_t k = 0; k < a.size(); ++k) {
        if (a[k] < s.vars.vars[k].hi) {
          ++a[k];
          break;
        }
        a[k] = s.vars.vars[k].lo;
      }
    }
  } else {
    z3::solver sv(ctx);
    z3::params p(ctx);
    unsigned budget = std::min(2000u, s.budget_ms());
    if (budget == 0) {  // the time budget is spent: nothing compared (the note says so)
      if (none) *none = "the time budget was spent before any assignment could be compared";
      return 0;
    }
    p.set("timeout", budget);
    sv.set(p);
    sv.add(domain(s));
    // Another assignment than a.
    auto differs = [&](Assignment const& a) {
      z3::expr d = ctx.bool_val(false);
      for (size_t k = 0; k < a.size(); ++k) d = d || ctx.int_const(s.vars.vars[k].name.c_str()) != ctx.int_val(static_cast<int64_t>(a[k]));
      return d;
    };
    z3::expr distance = ctx.int_val(0);
    for (auto const& v : s.vars.vars) distance = distance + (ctx.int_const(v.name.c_str()) - ctx.int_val(static_cast<int64_t>(v.lo)));
    // The search stops at the first check the solver cannot decide: each further limit would
    // cost another check of up to `budget` (the whole --timeout, over 40 limits).
    bool undecided = false;
    for (long long limit = 0; !undecided && points.size() < 32 && limit <= (1LL << 40); limit = limit == 0 ? 1 : 2 * limit) {
      sv.push();
      sv.add(distance <= ctx.int_val(static_cast<int64_t>(limit)));
      z3::check_result found = z3::unknown;
      while (points.size() < 32 && (found = sv.check()) == z3::sat) {
        points.push_back(assignment_in(s, sv.get_model()));
        sv.add(differs(points.back()));
      }
      if (found == z3::unknown && points.size() < 32) {
        undecided = true;
        if (points.empty()) why_none = "z3 could not find an assignment of the variables (" + sv.reason_unknown() + ")";
      }
      sv.pop();
      for (auto const& a : points) sv.add(differs(a));  // the blocking clauses went with the pop
    }
  }
  unsigned long long compared = 0;
  for (auto const& x : points) {
    std::vector<spec::Layout> in;
    spec::Layout got;
    try {
      for (auto const& l : args) in.push_back(instantiate(s, Fn::of(l), x).layout);
      got = instantiate(s, Fn::of(r), x).layout;
    } catch (spec::Error const&) {
      continue;  // a value past 64 bits: not comparable here
    }
    bool small = spec::size(got) <= (1 << 16);
    for (auto const& l : in) small = small && spec::size(l) <= (1 << 16);
    if (!small) continue;
    spec::Layout want;
    spec::Value want_offset, got_offset;
    try {
      want = spec_op(in, x);
      if (spec_offset) want_offset = spec_offset(in, x);
      if (r.offset) got_offset = value_of(s, *r.offset, x);
    } catch (spec::Error const& e) {
      throw InputError(op + " is not admissible at " + str(s, x) + ": " + e.what());
    }
    if (!(want_offset == got_offset))
      throw InternalError("symbolic " + op + " gave the offset " + got_offset.str() + " at " + str(s, x) + ", but the spec's is " +
                          want_offset.str());
    // The rank too, where the spec's is fixed by the arguments' profiles (the divides by a tiler
    // arrange modes; slices keep one mode per `_`). Deeper, the spec's results are factored from
    // their values and coalesced, so their nesting may vary with the values (LeafLayout::loose).
    static std::set<std::string> const fixed_rank{"logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "slice",
                                                  "make_identity_tensor", "logical_product", "zipped_product", "tiled_product",
                                                  "flat_product", "blocked_product", "raked_product", "tile_to_shape"};
    if (fixed_rank.count(op) && spec::rank(want.shape) != spec::rank(got.shape))
      throw InternalError("symbolic " + op + " gave " + spec::str(got) + " at " + str(s, x) + ", but the spec's " + spec::str(want) +
                          " has another rank");
    if (spec::size(want) != spec::size(got))
      throw InternalError("symbolic " + op + " gave " + spec::str(got) + " at " + str(s, x) + ", but the spec's has size " +
                          std::to_string(spec::size(want)) + ": " + spec::str(want));
    for (long long i = 0; i < spec::size(want); ++i)
      if (spec::evaluate(want, i) != spec::evaluate(got, i))
        throw InternalError("symbolic " + op + " gave " + spec::str(got) + " at " + str(s, x) + ", but the spec's " + spec::str(want) +
                            " differs at index " + std::to_string(i));
    ++compared;
  }
  if (compared == 0 && none) *none = why_none;
  return compared;
}

}  // namespace layoutref::proofs
