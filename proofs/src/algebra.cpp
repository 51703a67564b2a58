#include <layoutref/proofs/algebra.hpp>
#include <layoutref/proofs/check.hpp>
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

#include <algorithm>
#include <functional>
#include <optional>

namespace layoutref::proofs {

namespace {

enum class Truth { always, never };


// e's factors in sum-of-monomials form: a numeral coefficient and the other factors (a power
// x^k with a small numeral k counts as k factors x). False when e is no monomial.
bool factors(z3::expr const& e, int64_t& coeff, std::vector<z3::expr>& out) {
  z3::expr n = normal_form(e);
  coeff = 1;
  std::function<bool(z3::expr const&)> one = [&](z3::expr const& x) {
    int64_t v = 0, k = 0;
    if (x.is_app() && x.decl().decl_kind() == Z3_OP_MUL) {  // nested products: (* 4 (* a t))
      for (unsigned i = 0; i < x.num_args(); ++i)
        if (!one(x.arg(i))) return false;
      return true;
    }
    if (x.is_numeral_i64(v)) {
      coeff *= v;
      return true;
    }
    if (x.is_app() && x.decl().decl_kind() == Z3_OP_POWER && x.arg(1).is_numeral_i64(k) && k >= 1 && k <= 64) {
      for (int64_t i = 0; i < k; ++i) out.push_back(x.arg(0));
      return true;
    }
    if (x.is_app() && (x.decl().decl_kind() == Z3_OP_ADD || x.decl().decl_kind() == Z3_OP_SUB)) return false;
    out.push_back(x);
    return true;
  };
  return one(n);
}

// p / q written simply where the quotient is a monomial: q's factors cancel against p's (and its
// coefficient divides p's). Otherwise `p div q` (exact wherever the caller proved q | p).
z3::expr quotient(z3::expr const& p, z3::expr const& q) {
  int64_t cp = 1, cq = 1;
  std::vector<z3::expr> fp, fq;
  if (!factors(p, cp, fp) || !factors(q, cq, fq) || cq == 0 || cp % cq != 0) return p / q;
  for (auto const& x : fq) {
    bool found = false;
    for (size_t i = 0; i < fp.size() && !found; ++i)
      if (z3::eq(fp[i], x) || same_polynomial(fp[i], x)) {
        fp.erase(fp.begin() + static_cast<std::ptrdiff_t>(i));
        found = true;
      }
    if (!found) return p / q;
  }
  z3::expr r = p.ctx().int_val(cp / cq);
  for (auto const& x : fp) r = r * x;
  return r.simplify();
}

// q divides p by form: p = q * m for a monomial m (quotient cancels q's factors), so for every
// integer value. The solver's mod is incomplete on products of many variables.
bool divides_by_form(z3::expr const& q, z3::expr const& p) {
  z3::expr m = quotient(p, q);
  if (m.is_app() && m.decl().decl_kind() == Z3_OP_IDIV) return false;
  return same_polynomial(p, q * m);
}

// Asks structural questions of the solver under the bounds and hypotheses.
class Decider {
 public:
  Decider(Setting const& s, std::vector<std::string>& log) : s_(s), log_(log), solver_(*s.ctx) {
    z3::params p(*s.ctx);
    unsigned budget = s.budget_ms();
    p.set("timeout", budget == 0 ? 1u : budget);
    solver_.set(p);
    solver_.add(domain(s));
    // Vacuous bounds and hypotheses would answer every question `always`.
    z3::check_result r = solver_.check();
    if (r == z3::unsat) throw InputError("the hypotheses cannot all hold: the query is vacuous");
    if (r == z3::unknown) throw Split("could not show that the hypotheses can all hold (" + solver_.reason_unknown() + ")");
  }

  void assume(z3::expr const& e) { solver_.add(e); }

  // Whether `cond` holds for every value, for none, or (Split) for some.
  Truth ask(z3::expr const& cond, std::string const& what) {
    z3::expr c = cond.simplify();
    if (c.is_true()) return Truth::always;
    if (c.is_false()) return Truth::never;
    solver_.push();
    solver_.add(!cond);
    z3::check_result r1 = solver_.check();
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
    z3::check_result r2 = solver_.check();
    std::string with;
    if (r2 == z3::sat) with = s_.vars.str(*s_.ctx, solver_.get_model());
    std::string why2 = r2 == z3::unknown ? solver_.reason_unknown() : "";
    solver_.pop();
    if (r2 == z3::unsat) {
      if (r1 == z3::sat) {
        log_.push_back(what + ": never");
        return Truth::never;
      }
      throw InputError("the hypotheses cannot all hold: the query is vacuous");
    }
    if (r1 == z3::sat && r2 == z3::sat)
      throw Split("the result's structure depends on whether " + what + ": it holds with " + with + " and not with " + without +
                      " (state the case in --where)",
                  cond, what);
    throw Split("could not decide whether " + what + " (" + (why1.empty() ? why2 : why1) + ")");
  }

  // Whether cond holds for every value, for none, or (nullopt) for some.
  std::optional<Truth> maybe(z3::expr const& cond, std::string const& what) {
    try {
      return ask(cond, what);
    } catch (Split const&) {
      log_.push_back(what + ": for some values");
      return std::nullopt;
    }
  }

  // A condition the operation needs: InputError naming it, with a witness, when it can fail.
  void require(z3::expr const& cond, std::string const& what, std::string const& condition) {
    Truth t = Truth::never;
    try {
      t = ask(cond, what);
    } catch (Split const& e) {
      throw InputError(condition + " does not hold for every value: " + e.what());
    }
    if (t == Truth::never) throw InputError(condition + " never holds: " + what + " is false for every value");
  }

 private:
  Setting const& s_;
  std::vector<std::string>& log_;
  z3::solver solver_;
};

struct Mode {
  z3::expr shape, stride;
};

std::vector<Mode> modes_of(LeafLayout const& l) {
  std::vector<Mode> m;
  for (size_t k = 0; k < l.shape.size(); ++k) m.push_back({l.shape[k], l.stride[k].scalar()});
  return m;
}

std::string divides_text(z3::expr const& d, z3::expr const& n) { return term_text(d) + " divides " + term_text(n); }

void check_shapes(Decider& d, LeafLayout const& l, std::string const& name) {
  for (size_t k = 0; k < l.shape.size(); ++k) {
    if (!l.stride[k].is_integer()) throw InputError(name + " has a basis stride; symbolic operations take integer strides");
    try {
      if (d.ask(l.shape[k] >= 1, term_text(l.shape[k]) + " >= 1") == Truth::always) continue;
    } catch (Split const& e) {
      throw InputError("the shape entry `" + term_text(l.shape[k]) + "` (leaf " + std::to_string(k) + " of " + name +
                       ") can be below 1: " + e.what());
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
    if (!divides_by_form(prefix, by)) d.require(z3::mod(by, prefix) == 0, divides_text(prefix, by), condition);
    z3::expr c = quotient(by, prefix);
    if (i + 1 == m.size()) return {i, c};
    if (d.ask(c < m[i].shape, term_text(c) + " < " + term_text(m[i].shape)) == Truth::always) {
      if (strong && !divides_by_form(c, m[i].shape)) d.require(z3::mod(m[i].shape, c) == 0, divides_text(c, m[i].shape), condition);
      return {i, c};
    }
    prefix = (prefix * m[i].shape).simplify();
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
      return term_text(shape ? l.shape.at(k) : l.stride.at(k).scalar());
    }
    std::string s = "(";
    for (size_t i = 0; i < p.items.size(); ++i) s += (i ? "," : "") + walk(p.items[i], shape);
    return s + ")";
  };
  return walk(l.profile, true) + ":" + walk(l.profile, false);
}

namespace {

// A layout of leaves (shape, stride) with a profile.
LeafLayout make_leaf_layout(spec::IntTuple profile, std::vector<Mode> const& modes) {
  LeafLayout l;
  l.profile = std::move(profile);
  for (auto const& x : modes) {
    l.shape.push_back(x.shape);
    l.stride.push_back(SymValue(x.stride));
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

// Mode i of l as a layout of its own.
LeafLayout mode_of(LeafLayout const& l, size_t i) {
  spec::IntTuple const& p = l.profile.leaf ? l.profile : l.profile.items.at(i);
  spec::i64 first = first_leaf(p);
  std::vector<Mode> modes;
  for (size_t k = 0; k < leaf_count(p); ++k)
    modes.push_back({l.shape.at(static_cast<size_t>(first) + k), l.stride.at(static_cast<size_t>(first) + k).scalar()});
  return make_leaf_layout(shifted(p, -first), modes);
}

// The tuple (l_0, l_1, ...).
LeafLayout tuple_of(std::vector<LeafLayout> const& ls) {
  std::vector<spec::IntTuple> items;
  std::vector<Mode> modes;
  for (auto const& l : ls) {
    items.push_back(shifted(l.profile, static_cast<spec::i64>(modes.size())));
    for (size_t k = 0; k < l.shape.size(); ++k) modes.push_back({l.shape[k], l.stride[k].scalar()});
  }
  return make_leaf_layout(spec::IntTuple::tuple(std::move(items)), modes);
}

// The modes as a flat layout: a leaf for one mode, a tuple for several, 1:0 for none; with
// `drop_units`, the modes whose shape is the numeral 1 (as a polynomial) left out first.
LeafLayout flat_of(z3::context& ctx, std::vector<Mode> modes, bool drop_units) {
  if (drop_units) std::erase_if(modes, [](Mode const& x) { return normalizes_to(x.shape, 1); });
  if (modes.empty()) modes.push_back({ctx.int_val(1), ctx.int_val(0)});
  if (modes.size() == 1) return make_leaf_layout(spec::IntTuple(0), modes);
  std::vector<spec::IntTuple> items;
  for (size_t k = 0; k < modes.size(); ++k) items.push_back(spec::IntTuple(static_cast<spec::i64>(k)));
  return make_leaf_layout(spec::IntTuple::tuple(std::move(items)), modes);
}

z3::expr size_of(LeafLayout const& l) {
  z3::expr n = l.shape.at(0).ctx().int_val(1);
  for (auto const& e : l.shape) n = n * e;
  return n.simplify();
}

LeafLayout composition_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b) {
  LeafLayout out;
  // A in extension form: size-1 leaves dropped (but the last), a leaf merged into the previous
  // one where it continues it.
  std::vector<Mode> all = modes_of(a), m;
  for (size_t k = 0; k < all.size(); ++k) {
    bool last = k + 1 == all.size();
    if (!last && normalizes_to(all[k].shape, 1)) continue;
    if (!m.empty() &&
        d.ask(all[k].stride == m.back().shape * m.back().stride,
              "A's leaf " + std::to_string(k) + " continues the one before (" + term_text(all[k].stride) + " = " +
                  term_text((m.back().shape * m.back().stride).simplify()) + ")") == Truth::always) {
      m.back().shape = (m.back().shape * all[k].shape).simplify();
      continue;
    }
    m.push_back(all[k]);
  }
  // Each leaf mode N:r of B.
  std::vector<std::vector<Mode>> per_leaf;
  for (size_t k = 0; k < b.shape.size(); ++k) {
    z3::expr n = b.shape[k], r = b.stride[k].scalar();
    std::string mode = "B's leaf " + std::to_string(k) + " (" + term_text(n) + ":" + term_text(r) + ")";
    if (normalizes_to(n, 1) || d.ask(r == 0, term_text(r) + " = 0") == Truth::always) {
      per_leaf.push_back({{n, ctx.int_val(0)}});
      continue;
    }
    d.require(r > 0, term_text(r) + " > 0", "composition.negative_stride (" + mode + ")");
    auto [i, c] = divide(d, m, r, true, "composition.left_divisibility (" + mode + ")");
    std::vector<Mode> rest;
    if (i + 1 < m.size()) {
      rest.push_back({quotient(m[i].shape, c), (c * m[i].stride).simplify()});
      for (size_t j = i + 1; j < m.size(); ++j) rest.push_back(m[j]);
    } else {
      rest.push_back({ctx.int_val(1), (c * m[i].stride).simplify()});  // the unbounded last mode
    }
    auto [j, n2] = divide(d, rest, n, false, "composition.weak_left_divisibility (" + mode + ")");
    std::vector<Mode> res;
    for (size_t t = 0; t < j; ++t) res.push_back(rest[t]);
    res.push_back({n2, rest[j].stride});
    // Leaves of shape 1 say nothing: drop them (keep one).
    std::erase_if(res, [](Mode const& x) { return normalizes_to(x.shape, 1); });
    if (res.empty()) res.push_back({ctx.int_val(1), ctx.int_val(0)});
    per_leaf.push_back(res);
  }
  // B's modes compose one by one only where their intervals of definition in A, [r, r*(N-1)]
  // clipped to [1, M') (M' the product of A's bounded modes), are pairwise disjoint (Shah, Def.
  // 2.16; the spec's composition.disjoint_intervals). Otherwise the by-mode result may differ
  // from A(B(c)): a split, never a result.
  z3::expr bounded = ctx.int_val(1);
  for (size_t k = 0; k + 1 < m.size(); ++k) bounded = (bounded * m[k].shape).simplify();
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
      out.stride.push_back(SymValue(x.stride));
      out.shape_text.push_back(term_text(x.shape));
      items.push_back(spec::IntTuple(next++));
    }
    return items.size() == 1 ? items[0] : spec::IntTuple::tuple(std::move(items));
  };
  out.profile = rebuild(b.profile);
  return out;
}


// complement(A, M): A's modes of stride other than 0 and shape other than 1, sorted by stride;
// each stride divisible by the span so far (complement.stride_divisibility); R = (d_0, d_1/(n_0
// d_0), ..., ceil(M/(n_last d_last))):(1, n_0 d_0, ..., n_last d_last), modes of shape 1 left out.
LeafLayout complement_in(Decider& d, z3::context& ctx, LeafLayout const& a, z3::expr const& m) {
  std::vector<Mode> live;
  std::string uncertain;  // a kept mode whose shape is 1 for some values
  for (size_t k = 0; k < a.shape.size(); ++k) {
    Mode x{a.shape[k], a.stride[k].scalar()};
    // Left out when always 0 / 1. A stride that is 0 for some values only splits. A shape that
    // is 1 for some values only is kept: such a mode changes nothing (its gap mode coalesces with
    // the next) provided every division after it is exact, the last one (by M) included, which
    // is then required (`uncertain`); the spot check compares the result with the spec.
    if (d.ask(x.stride == 0, term_text(x.stride) + " = 0") == Truth::always) continue;
    auto unit = d.maybe(x.shape == 1, term_text(x.shape) + " = 1");
    if (unit == Truth::always) continue;
    if (!unit) uncertain = term_text(x.shape) + " = 1";
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
    if (!divides_by_form(current, x.stride))
      d.require(z3::mod(x.stride, current) == 0, divides_text(current, x.stride), "complement.stride_divisibility");
    r.push_back({quotient(x.stride, current), current});
    current = (x.shape * x.stride).simplify();
  }
  bool exact = divides_by_form(current, m) || d.maybe(z3::mod(m, current) == 0, divides_text(current, m)) == Truth::always;
  if (!exact && !uncertain.empty())
    throw Split("the result's structure depends on whether " + uncertain + " (a mode of shape 1 is left out, and " +
                divides_text(current, m) + " does not hold for every value; state the case in --where)");
  z3::expr last = exact ? quotient(m, current) : (m + current - 1) / current;  // CuTe's ceil_div
  r.push_back({last, current});
  return flat_of(ctx, r, true);
}

// logical_divide(A, B) = A o (B, complement(B, size(A))).
LeafLayout divide_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b) {
  LeafLayout c = complement_in(d, ctx, b, size_of(a));
  return composition_in(d, ctx, a, tuple_of({b, c}));
}

// logical_product(A, B) = (A, complement(A, size(A) * cosize(B)) o B); B's strides must be >= 0
// for every value (cosize(B) = 1 + sum (s_k - 1) d_k).
LeafLayout product_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b) {
  z3::expr cosize = ctx.int_val(1);
  for (size_t k = 0; k < b.shape.size(); ++k) {
    z3::expr dk = b.stride[k].scalar();
    d.require(dk >= 0, term_text(dk) + " >= 0", "logical_product: B's stride (leaf " + std::to_string(k) + ") >= 0");
    cosize = cosize + (b.shape[k] - 1) * dk;
  }
  LeafLayout c = complement_in(d, ctx, a, (size_of(a) * cosize).simplify());
  return tuple_of({a, composition_in(d, ctx, c, b)});
}

// right_inverse(L) (= left_inverse(L)) of a compact L: strides the running products of the
// shapes in an order pi (radix.hpp; each premise required): R = (s_pi(0), s_pi(1), ...) :
// (P_pi(0), P_pi(1), ...) with P_k = s_0 * ... * s_{k-1}, L's natural prefix products, so that
// L(R(j)) = j; leaves of shape 1 left out, 1:0 when nothing is left.
LeafLayout inverse_in(Decider& d, Setting const& s, LeafLayout const& l, std::string const& op) {
  z3::context& ctx = *s.ctx;
  std::optional<RadixOrder> order = radix_order(l, Definitions::of(s.hypotheses));
  if (!order)
    throw Split(op + " is computed symbolically only for a layout whose strides are the running products of its shapes (compact, in "
                     "some order); here no such order was found");
  z3::expr product = ctx.int_val(1);
  for (size_t k : order->order) {
    d.require(l.stride[k].scalar() == product, term_text(l.stride[k].scalar()) + " = " + term_text(product.simplify()),
              op + ": L compact (its strides the running products of its shapes)");
    product = (product * l.shape[k]).simplify();
  }
  std::vector<z3::expr> natural;
  z3::expr p = ctx.int_val(1);
  for (auto const& e : l.shape) {
    natural.push_back(p);
    p = (p * e).simplify();
  }
  std::vector<Mode> modes;
  for (size_t k : order->order) modes.push_back({l.shape[k], natural[k]});
  return flat_of(ctx, modes, false);
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
    Mode x{l.shape[k], l.stride[k].scalar()};
    if (d.ask(x.shape == 1, term_text(x.shape) + " = 1") == Truth::always) continue;
    if (!out.empty() && d.ask(x.stride == out.back().shape * out.back().stride,
                              "leaf " + std::to_string(k) + " continues the one before (" + term_text(x.stride) + " = " +
                                  term_text((out.back().shape * out.back().stride).simplify()) + ")") == Truth::always) {
      out.back().shape = (out.back().shape * x.shape).simplify();
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
                           SpecOperation const& spec_op) {
  Symbolic out;
  Decider d(s, out.decisions);
  out.layout = build(prepared(d, named));
  out.checked = spot_check(s, op, args, out.layout, spec_op);
  if (out.checked == 0)
    throw Split(op + " = " + layout_text(out.layout) + " was computed symbolically, but no assignment of the variables within the "
                "bounds and hypotheses is small enough (sizes at most 2^16) to compare it with the spec's " + op +
                ", so it is not used");
  return out;
}

}  // namespace

Symbolic composition(Setting const& s, LeafLayout const& a, LeafLayout const& b) {
  return checked_operation(
      s, "composition", {{&a, "A"}, {&b, "B"}}, {a, b}, [&](Decider& d) { return composition_in(d, *s.ctx, a, b); },
      [](std::vector<spec::Layout> const& in, Assignment const&) { return spec::composition(in.at(0), in.at(1)); });
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

Symbolic logical_product(Setting const& s, LeafLayout const& a, LeafLayout const& b) {
  return checked_operation(
      s, "logical_product", {{&a, "A"}, {&b, "B"}}, {a, b}, [&](Decider& d) { return product_in(d, *s.ctx, a, b); },
      [](std::vector<spec::Layout> const& in, Assignment const&) { return spec::logical_product(in.at(0), spec::Tiler::of(in.at(1))); });
}

Symbolic logical_divide(Setting const& s, LeafLayout const& a, LeafLayout const& b) {
  return checked_operation(
      s, "logical_divide", {{&a, "A"}, {&b, "B"}}, {a, b}, [&](Decider& d) { return divide_in(d, *s.ctx, a, b); },
      [](std::vector<spec::Layout> const& in, Assignment const&) { return spec::logical_divide(in.at(0), spec::Tiler::of(in.at(1))); });
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
    tiler.push_back({tile[k], ctx.int_val(1)});
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
    if (how == spec::Arrangement::logical) return a.profile.leaf ? modes.at(0) : tuple_of(modes);
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
    std::vector<Mode> leaves;
    for (auto const* part : {&tiles, &rests})
      for (auto const& l : *part)
        for (size_t k = 0; k < l.shape.size(); ++k) leaves.push_back({l.shape[k], l.stride[k].scalar()});
    return flat_of(ctx, leaves, false);
  };
  return checked_operation(s, kind, {{&a, "A"}}, {a, make_leaf_layout(tp, tiler)}, build,
                           [how](std::vector<spec::Layout> const& in, Assignment const&) {
                             return spec::divide(how, in.at(0), spec::Tiler::shape(in.at(1).shape));
                           });
}

unsigned long long spot_check(Setting const& s, std::string const& op, std::vector<LeafLayout> const& args, LeafLayout const& r,
                              SpecOperation const& spec_op) {
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
    if (budget == 0) return 0;  // the time budget is spent: nothing compared (the note says so)
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
    for (long long limit = 0; points.size() < 32 && limit <= (1LL << 40); limit = limit == 0 ? 1 : 2 * limit) {
      sv.push();
      sv.add(distance <= ctx.int_val(static_cast<int64_t>(limit)));
      while (points.size() < 32 && sv.check() == z3::sat) {
        points.push_back(assignment_in(s, sv.get_model()));
        sv.add(differs(points.back()));
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
    try {
      want = spec_op(in, x);
    } catch (spec::Error const& e) {
      throw InputError(op + " is not admissible at " + str(s, x) + ": " + e.what());
    }
    if (spec::size(want) != spec::size(got))
      throw InternalError("symbolic " + op + " gave " + spec::str(got) + " at " + str(s, x) + ", but the spec's has size " +
                          std::to_string(spec::size(want)) + ": " + spec::str(want));
    for (long long i = 0; i < spec::size(want); ++i)
      if (spec::evaluate(want, i) != spec::evaluate(got, i))
        throw InternalError("symbolic " + op + " gave " + spec::str(got) + " at " + str(s, x) + ", but the spec's " + spec::str(want) +
                            " differs at index " + std::to_string(i));
    ++compared;
  }
  return compared;
}

}  // namespace layoutref::proofs
