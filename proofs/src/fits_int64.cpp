#include "query_internal.hpp"
#include <layoutref/proofs/algebra.hpp>
#include <layoutref/proofs/check.hpp>

#include <layoutref/spec/checked.hpp>
#include <layoutref/spec/error.hpp>
#include <layoutref/spec/layout.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

namespace {

using query_detail::shape_text;

// ---- Values past 64 bits -------------------------------------------------------------------
// The spec evaluates every value of a query (shape entries, strides, sizes, F(i) and the partial
// sums it is built from, a tensor's origin or a swizzle's offset added to L(i), the extension of
// A o B past size(A)) with checked 64-bit arithmetic; the Z3 encoding is over the integers. A
// statement about values no 64-bit program can compute is not proved: each such value is bounded
// first, by interval arithmetic on the variables' bounds, and where that does not show it within
// [-2^63, 2^63), by z3 under the hypotheses (a model is a witness, confirmed with the spec).

__extension__ typedef __int128 Wide;
constexpr Wide kWideClamp = (static_cast<Wide>(1) << 63) + 1;  // past int64 on either side
Wide wide_clamp(Wide x) { return x > kWideClamp ? kWideClamp : x < -kWideClamp ? -kWideClamp : x; }

struct Span {
  Wide lo = 0, hi = 0;
  bool within_int64() const { return lo >= INT64_MIN && hi <= INT64_MAX; }
};

// An interval holding e's value for every value of the variables within their bounds (clamped
// just past int64), std::nullopt for a constant other than a variable or an operation it does not know.
using SpanMemo = std::map<unsigned, std::optional<Span>>;  // by expression id: shared subterms once

std::optional<Span> span_of(Setting const& s, z3::expr const& e, int depth, SpanMemo& memo);

std::optional<Span> span_of(Setting const& s, z3::expr const& e) {
  SpanMemo memo;
  return span_of(s, e, 0, memo);
}

std::optional<Span> span_uncached(Setting const& s, z3::expr const& e, int depth, SpanMemo& memo) {
  if (e.is_numeral()) {
    int64_t v = 0;
    if (e.is_numeral_i64(v)) return Span{v, v};
    std::string t = e.get_decimal_string(0);
    Wide x = !t.empty() && t[0] == '-' ? -kWideClamp : kWideClamp;
    return Span{x, x};
  }
  if (!e.is_app()) return std::nullopt;
  if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
    auto const* v = s.vars.find(e.decl().name().str());
    if (!v) return std::nullopt;
    return Span{v->lo, v->hi};
  }
  Z3_decl_kind k = e.decl().decl_kind();
  if (k == Z3_OP_ITE) {
    auto a = span_of(s, e.arg(1), depth + 1, memo), b = span_of(s, e.arg(2), depth + 1, memo);
    if (!a || !b) return std::nullopt;
    return Span{std::min(a->lo, b->lo), std::max(a->hi, b->hi)};
  }
  std::vector<Span> a;
  for (unsigned i = 0; i < e.num_args(); ++i) {
    auto b = span_of(s, e.arg(i), depth + 1, memo);
    if (!b) return std::nullopt;
    a.push_back(*b);
  }
  if (a.empty()) return std::nullopt;
  auto corners = [](Span const& x, Span const& y, auto const& f) {
    Wide c[4] = {f(x.lo, y.lo), f(x.lo, y.hi), f(x.hi, y.lo), f(x.hi, y.hi)};
    return Span{wide_clamp(*std::min_element(c, c + 4)), wide_clamp(*std::max_element(c, c + 4))};
  };
  auto floor_div = [](Wide x, Wide y) { return x >= 0 ? x / y : -((-x + y - 1) / y); };
  Span r = a[0];
  switch (k) {
    case Z3_OP_ADD:
      for (size_t i = 1; i < a.size(); ++i) r = Span{wide_clamp(r.lo + a[i].lo), wide_clamp(r.hi + a[i].hi)};
      return r;
    case Z3_OP_SUB:
      for (size_t i = 1; i < a.size(); ++i) r = Span{wide_clamp(r.lo - a[i].hi), wide_clamp(r.hi - a[i].lo)};
      return r;
    case Z3_OP_UMINUS: return Span{-a[0].hi, -a[0].lo};
    case Z3_OP_MUL:
      for (size_t i = 1; i < a.size(); ++i) r = corners(r, a[i], [](Wide x, Wide y) { return x * y; });
      return r;
    case Z3_OP_IDIV:
      if (a.size() != 2 || a[1].lo < 1) return std::nullopt;
      return corners(a[0], a[1], floor_div);
    case Z3_OP_MOD:
      if (a.size() != 2 || a[1].lo < 1) return std::nullopt;
      return Span{0, a[1].hi - 1};
    default: return std::nullopt;
  }
}

std::optional<Span> span_of(Setting const& s, z3::expr const& e, int depth, SpanMemo& memo) {
  if (depth > 2 * notation::kMaxNesting) return std::nullopt;
  auto it = memo.find(e.id());
  if (it != memo.end()) return it->second;
  std::optional<Span> r = span_uncached(s, e, depth, memo);
  memo.emplace(e.id(), r);
  return r;
}

// A value that must lie within int64: above 2^63 - 1 (`up`), below -2^63 (`down`), or either.
struct Bounded {
  std::string what;
  z3::expr value;
  bool up = true, down = true;
};

z3::expr int64_min(z3::context& c) { return c.int_val(static_cast<int64_t>(INT64_MIN)); }
z3::expr int64_max(z3::context& c) { return c.int_val(static_cast<int64_t>(INT64_MAX)); }

z3::expr outside_int64(Bounded const& b) {
  z3::context& c = b.value.ctx();
  z3::expr out = c.bool_val(false);
  if (b.up) out = out || b.value > int64_max(c);
  if (b.down) out = out || b.value < int64_min(c);
  return out;
}

std::string path_text(spec::Path const& p) {
  if (p.empty()) return "";
  std::string t;
  for (int x : p) t += "@" + std::to_string(x);
  return " (component " + t + ")";
}

// The values of a layout L (leaves, size, F(i)'s largest and smallest value per component, with
// `origin` added: a tensor's origin, a swizzle's offset) that the spec computes.
void layout_values(LeafLayout const& l, std::string const& name, std::optional<SymValue> const& origin, std::vector<Bounded>& out) {
  z3::context& c = l.size().ctx();
  for (size_t k = 0; k < l.shape.size(); ++k)
    out.push_back({"the shape entry `" + shape_text(l, k) + "` (leaf " + std::to_string(k) + " of " + name + ")", l.shape[k], true, false});
  for (size_t k = 0; k < l.stride.size(); ++k)
    for (auto const& [p, d] : l.stride[k].parts())
      out.push_back({"the stride `" + term_text(d) + "`" + path_text(p) + " (leaf " + std::to_string(k) + " of " + name + ")", d});
  out.push_back({"size(" + name + ")", l.size(), true, false});
  std::map<spec::Path, std::pair<z3::expr, z3::expr>> range;  // per component: the largest and smallest value
  auto at = [&](spec::Path const& p) -> std::pair<z3::expr, z3::expr>& {
    return range.try_emplace(p, c.int_val(0), c.int_val(0)).first->second;
  };
  for (size_t k = 0; k < l.stride.size() && k < l.shape.size(); ++k)
    for (auto const& [p, d] : l.stride[k].parts()) {
      z3::expr step = (l.shape[k] - 1) * d;
      auto& [hi, lo] = at(p);
      hi = hi + z3::ite(d > 0, step, c.int_val(0));
      lo = lo + z3::ite(d < 0, step, c.int_val(0));
    }
  if (origin)
    for (auto const& [p, o] : origin->parts()) {
      at(p);
      out.push_back({"the origin" + path_text(p) + " of " + name, o});
    }
  std::string without = origin ? " without its origin" : "";
  for (auto const& [p, r] : range) {
    out.push_back({"the largest value" + path_text(p) + " of " + name + without, r.first, true, false});
    out.push_back({"the smallest value" + path_text(p) + " of " + name + without, r.second, false, true});
    if (!origin) continue;
    auto it = origin->parts().find(p);
    if (it == origin->parts().end()) continue;
    out.push_back({"the largest value" + path_text(p) + " of " + name, it->second + r.first, true, false});
    out.push_back({"the smallest value" + path_text(p) + " of " + name, it->second + r.second, false, true});
  }
}

// Why the spec cannot evaluate F at the assignment (a value past 64 bits), empty where it can:
// the leaves, the sizes, the range of each layout, the origin or offset added to it.
std::string spec_range_error(Setting const& s, Fn const& f, Assignment const& a) {
  try {
    ConcreteFn c = instantiate(s, f, a);
    std::string why = range_error(c.layout);
    if (why.empty() && f.outer) why = range_error(c.outer);
    if (!why.empty()) return why;
    // L's range per component, then the origin or offset added with checked arithmetic.
    std::map<spec::Path, std::pair<spec::i64, spec::i64>> range;
    for (auto const& m : spec::leaf_modes(c.layout)) {
      auto add = [&](spec::Path const& p, long long d) {
        auto& [lo, hi] = range[p];
        long long step = spec::mul(m.shape.value - 1, d);
        (step < 0 ? lo : hi) = spec::add(step < 0 ? lo : hi, step);
      };
      add({}, m.stride.value.scalar());
      for (auto const& t : m.stride.value.terms()) add(t.path, t.coeff);
    }
    if (f.kind == Fn::Kind::swizzled) {
      spec::add(c.offset, range[{}].first);
      spec::add(c.offset, range[{}].second);
    }
    if (f.kind == Fn::Kind::layout) {
      spec::Value lo, hi;
      for (auto const& [p, r] : range) {
        lo = lo + (p.empty() ? spec::Value(r.first) : spec::Value::basis(r.first, p));
        hi = hi + (p.empty() ? spec::Value(r.second) : spec::Value::basis(r.second, p));
      }
      (void)(c.origin + lo);
      (void)(c.origin + hi);
    }
  } catch (spec::Error const& e) {
    return e.what();
  }
  return "";
}

struct CornerWitness {
  Bounded const* value;
  Assignment at;
  std::string text;  ///< the value there
};

// The corners of the variables' box (at most 10 variables), where products of variables are
// largest (z3 is slow on high powers, `a^64`): a corner where the hypotheses hold and one of the
// values passes 64 bits is a witness.
std::optional<CornerWitness> corner_witness(Setting const& s, std::vector<Bounded const*> const& open) {
  if (s.vars.vars.empty() || s.vars.vars.size() > 10) return std::nullopt;
  z3::context& c = *s.ctx;
  for (unsigned mask = 0; mask < (1u << s.vars.vars.size()); ++mask) {
    Assignment a;
    z3::expr_vector from(c), to(c);
    for (size_t k = 0; k < s.vars.vars.size(); ++k) {
      auto const& v = s.vars.vars[k];
      a.push_back((mask >> k) & 1 ? v.hi : v.lo);
      from.push_back(c.int_const(v.name.c_str()));
      to.push_back(c.int_val(static_cast<int64_t>(a.back())));
    }
    if (!hypotheses_hold(s, a)) continue;
    for (Bounded const* b : open) {
      z3::expr x = b->value;
      x = x.substitute(from, to).simplify();
      if (x.is_numeral() && outside_int64(Bounded{b->what, x, b->up, b->down}).simplify().is_true())
        return CornerWitness{b, a, x.get_decimal_string(0)};
    }
  }
  return std::nullopt;
}

// Every value in `values` lies within int64 for every value of the variables within their
// bounds and the hypotheses (the shape entries of `f` >= 1): std::nullopt. An unknown answer
// where z3 cannot tell; InputError naming the value, what it can be and the assignment where it
// can pass 64 bits (confirmed with the spec at that assignment, else InternalError).
std::optional<Answer> bounded_values(Setting const& s, Fn const& f, std::string const& name, std::vector<Bounded> const& values,
                                     z3::expr const& given) {
  std::vector<Bounded const*> open;
  for (auto const& b : values) {
    auto sp = span_of(s, b.value);
    if (sp && (!b.up || sp->hi <= INT64_MAX) && (!b.down || sp->lo >= INT64_MIN)) continue;
    open.push_back(&b);
  }
  if (open.empty()) return std::nullopt;
  auto overflow_at = [&](Bounded const& b, std::string const& value, std::string const& with, Assignment const& a) {
    std::string spec_says = spec_range_error(s, f, a);
    if (spec_says.empty())
      throw InternalError(b.what + " can be " + value + (with.empty() ? "" : " (with " + with + ")") +
                          " by z3, but the spec evaluates " + name + " there without overflow");
    throw InputError(name + ": " + b.what + " can be " + value + (with.empty() ? "" : " (with " + with + ")") + ", past 64 bits (" +
                     spec_says + "): values no 64-bit program computes are bad input");
  };
  if (auto w = corner_witness(s, open)) overflow_at(*w->value, w->text, str(s, w->at), w->at);
  z3::solver sv(*s.ctx);
  sv.add(domain(s) && given);
  for (Bounded const* b : open) {
    unsigned budget = s.budget_ms();
    Answer unknown;
    if (budget == 0) {
      unknown.reason = "the time budget was spent before it could be shown that " + b->what + " fits in 64 bits";
      return unknown;
    }
    z3::params p(*s.ctx);
    p.set("timeout", budget);
    sv.set(p);
    sv.push();
    sv.add(outside_int64(*b));
    z3::check_result r = z3::unknown;
    try {
      r = sv.check();
    } catch (z3::exception const& e) {
      unknown.reason = "could not show that " + b->what + " fits in 64 bits: z3 error: " + e.msg();
      return unknown;
    }
    if (r == z3::sat) {
      z3::model m = sv.get_model();
      overflow_at(*b, model_value(m, b->value), s.vars.str(*s.ctx, m), assignment_in(s, m));
    }
    if (r != z3::unsat) {
      unknown.reason = "could not show that " + b->what + " fits in 64 bits (the spec's checked arithmetic): " + sv.reason_unknown();
      return unknown;
    }
    sv.pop();
  }
  return std::nullopt;
}

// A o B past size(A): the extension's coordinates and products, at each index of B (the textbook
// A(B(c)) for a one-mode B, else by modes where B(c) lies outside [0, size(A))). Interval
// arithmetic first; else z3 looks for an index where one passes 64 bits. A model is confirmed
// with the spec (F(i) at it throws overflow): InputError; unknown where z3 cannot tell, or where
// the spec evaluates the model's point (the encoding's intermediates are not the spec's there).
std::optional<Answer> extension_values(Setting const& s, Fn const& f, std::string const& name) {
  LeafLayout const &a = f.outer->layout, &b = f.layout;
  z3::context& c = *s.ctx;
  // Loose bounds: B's values lie in [lo_B, hi_B]; A at any x there is Σ_{k<last} c_k d_k (c_k in
  // [0, s_k)) plus c_last d_last with c_last between min(0, lo_B) and max(0, hi_B); rank(B) of them.
  auto sum_span = [&](LeafLayout const& l, size_t leaves, bool up) -> std::optional<Span> {
    Span t{0, 0};
    for (size_t k = 0; k < leaves; ++k) {
      auto sh = span_of(s, l.shape[k]);
      auto d = span_of(s, l.stride[k].scalar());
      if (!sh || !d) return std::nullopt;
      Span step{wide_clamp(std::min<Wide>(0, std::min((sh->hi - 1) * d->lo, (sh->lo - 1) * d->lo))),
                wide_clamp(std::max<Wide>(0, std::max((sh->hi - 1) * d->hi, (sh->lo - 1) * d->hi)))};
      t = Span{wide_clamp(t.lo + step.lo), wide_clamp(t.hi + step.hi)};
    }
    (void)up;
    return t;
  };
  bool loose_ok = false;
  if (auto vb = sum_span(b, b.shape.size(), true)) {
    if (auto va = sum_span(a, a.shape.size() - 1, true)) {
      auto dl = span_of(s, a.stride.back().scalar());
      if (dl && vb->within_int64()) {
        Span cl{std::min<Wide>(0, vb->lo), std::max<Wide>(0, vb->hi)};
        Wide p[4] = {cl.lo * dl->lo, cl.lo * dl->hi, cl.hi * dl->lo, cl.hi * dl->hi};
        Span last{wide_clamp(*std::min_element(p, p + 4)), wide_clamp(*std::max_element(p, p + 4))};
        Wide r = static_cast<Wide>(b.shape.size());
        Span one{wide_clamp(va->lo + last.lo), wide_clamp(va->hi + last.hi)};
        Span all{wide_clamp(r * one.lo), wide_clamp(r * one.hi)};
        loose_ok = one.within_int64() && last.within_int64() && all.within_int64();
      }
    }
  }
  if (loose_ok) return std::nullopt;
  Encoder e(c);
  z3::expr i = c.int_const("i!");
  std::vector<z3::expr> cb;
  SymValue v = e.evaluate(b, i, &cb);
  z3::expr over = c.bool_val(false);
  // The products c_k * d_k of A at x and their running sums.
  auto a_at = [&](z3::expr const& x) {
    std::vector<z3::expr> ca;
    e.evaluate(a, x, &ca);
    z3::expr sum = c.int_val(0);
    for (size_t k = 0; k < ca.size(); ++k) {
      z3::expr prod = ca[k] * a.stride[k].scalar();
      sum = sum + prod;
      over = over || prod > int64_max(c) || prod < int64_min(c) || sum > int64_max(c) || sum < int64_min(c);
    }
    return sum;
  };
  if (cb.size() == 1) {
    a_at(v.scalar());
  } else {
    z3::expr total = c.int_val(0);
    z3::expr before = over;
    over = c.bool_val(false);
    for (size_t k = 0; k < cb.size(); ++k) {
      total = total + a_at(b.stride[k].scalar() * cb[k]);
      over = over || total > int64_max(c) || total < int64_min(c);
    }
    over = before || (!(v.scalar() >= 0 && v.scalar() < a.size()) && over);
  }
  z3::expr given = c.bool_val(true);
  for (auto const* l : {&a, &b})
    for (auto const& x : l->shape)
      if (!x.is_numeral()) given = given && x >= 1;
  for (auto const& d : e.definitions) given = given && d;
  unsigned budget = s.budget_ms();
  Answer unknown;
  if (budget == 0) {
    unknown.reason = "the time budget was spent before it could be shown that " + name + "'s values past size(A) fit in 64 bits";
    return unknown;
  }
  z3::solver sv(c);
  z3::params p(c);
  p.set("timeout", budget);
  sv.set(p);
  sv.add(domain(s) && given && i >= 0 && i < b.size() && over);
  z3::check_result r = sv.check();
  if (r == z3::unsat) return std::nullopt;
  if (r == z3::sat) {
    z3::model m = sv.get_model();
    Assignment x = assignment_in(s, m);
    long long at = 0;
    if (model_int64(m, i, at)) {
      try {
        ConcreteFn cf = instantiate(s, f, x);
        (void)cf.at(at);
      } catch (spec::Error const& err) {
        std::string with = s.vars.str(c, m);
        throw InputError(name + " at index " + std::to_string(at) + (with.empty() ? "" : " (with " + with + ")") +
                         ": A o B extends A past its size with values past 64 bits (" + err.what() +
                         "): values no 64-bit program computes are bad input");
      }
    }
    unknown.reason = "could not show that " + name + "'s values past size(A) fit in 64 bits (z3 found a point, the spec evaluates it)";
    return unknown;
  }
  unknown.reason = "could not show that " + name + "'s values past size(A) fit in 64 bits: " + sv.reason_unknown();
  return unknown;
}

}  // namespace

std::optional<Answer> values_fit_int64(Setting const& s, Fn const& f, std::string const& name, std::string const& label) {
  std::string l = label.empty() ? name : label;
  std::vector<Bounded> values;
  std::optional<SymValue> origin = f.layout.offset;
  if (f.kind == Fn::Kind::swizzled) origin = SymValue(s.ctx->int_val(static_cast<int64_t>(f.offset)));
  layout_values(f.layout, f.kind == Fn::Kind::compose ? l + "'s inner layout" : l, origin, values);
  if (f.outer) layout_values(f.outer->layout, l + "'s outer layout", f.outer->layout.offset, values);
  z3::expr given = s.ctx->bool_val(true);
  for (Fn const* x = &f; x; x = x->outer.get())
    for (auto const& e : x->layout.shape)
      if (!e.is_numeral()) given = given && e >= 1;
  if (auto u = bounded_values(s, f, name, values, given)) return u;
  if (f.kind == Fn::Kind::compose && f.outer && !f.outer->layout.shape.empty() && !f.layout.shape.empty())
    if (auto u = extension_values(s, f, name)) return u;
  return std::nullopt;
}

std::optional<Answer> term_fits_int64(Setting const& s, z3::expr const& e, std::string const& what) {
  auto sp = span_of(s, e);
  if (sp && sp->within_int64()) return std::nullopt;
  Bounded b{what, e};
  if (auto w = corner_witness(s, {&b}))
    throw InputError(what + " can be " + w->text + " (with " + str(s, w->at) + "), past 64 bits: values no 64-bit program computes are bad input");
  unsigned budget = s.budget_ms();
  Answer unknown;
  if (budget == 0) {
    unknown.reason = "the time budget was spent before it could be shown that " + what + " fits in 64 bits";
    return unknown;
  }
  z3::solver sv(*s.ctx);
  z3::params p(*s.ctx);
  p.set("timeout", budget);
  sv.set(p);
  sv.add(domain(s) && (e > int64_max(*s.ctx) || e < int64_min(*s.ctx)));
  z3::check_result r = sv.check();
  if (r == z3::unsat) return std::nullopt;
  if (r == z3::sat) {
    z3::model m = sv.get_model();
    std::string with = s.vars.str(*s.ctx, m);
    throw InputError(what + " can be " + model_value(m, e) + (with.empty() ? "" : " (with " + with + ")") +
                     ", past 64 bits: values no 64-bit program computes are bad input");
  }
  unknown.reason = "could not show that " + what + " fits in 64 bits: " + sv.reason_unknown();
  return unknown;
}

}  // namespace layoutref::proofs
