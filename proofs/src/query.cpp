#include <layoutref/proofs/query.hpp>

namespace layoutref::proofs {

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

// Shape entries are >= 1: a named hypothesis for every symbolic one.
void shape_hypotheses(Fn const& f, Obligation& o, std::string const& stem) {
  for (size_t k = 0; k < f.layout.shape.size(); ++k) {
    if (f.layout.shape[k].is_numeral()) continue;
    o.hypothesis(stem + ".shape" + std::to_string(k), f.layout.shape[k] >= 1);
  }
  if (f.outer) shape_hypotheses(*f.outer, o, stem + ".outer");
}

struct Built {
  Obligation o;
  Encoder e;
  explicit Built(Setting const& s) : o(*s.ctx), e(*s.ctx) {
    s.vars.into(*s.ctx, o);
    for (auto const& [n, h] : s.hypotheses) o.hypothesis(n, h);
  }
  void finish() { e.into(o); }
};

std::string with_vars(Setting const& s, z3::model const& m) {
  std::string v = s.vars.str(*s.ctx, m);
  return v.empty() ? "" : "with " + v + ": ";
}

}  // namespace

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

Answer injective(Setting const& s, Fn const& f) {
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr i = s.ctx->int_const("i"), j = s.ctx->int_const("j");
  std::vector<z3::expr> ci, cj;
  SymValue fi = evaluate(b.e, f, i, &ci), fj = evaluate(b.e, f, j, &cj);
  b.finish();
  z3::expr n = f.size();
  b.o.assume(i >= 0 && i < j && j < n);
  return b.o.prove(!fi.equals(fj), s.timeout_ms, [&](z3::model const& m) {
    return with_vars(s, m) + f.str(m) + " maps index " + model_value(m, i) + " (coordinate " + f.layout.coordinate(m, ci) +
           ") and index " + model_value(m, j) + " (coordinate " + f.layout.coordinate(m, cj) + ") both to " + fi.str(m);
  });
}

Answer image_within(Setting const& s, Fn const& f, z3::expr const& lo, z3::expr const& hi) {
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr i = s.ctx->int_const("i");
  std::vector<z3::expr> ci;
  SymValue fi = evaluate(b.e, f, i, &ci);
  b.finish();
  b.o.assume(i >= 0 && i < f.size());
  return b.o.prove(lo <= fi.scalar() && fi.scalar() < hi && fi.equals(SymValue(fi.scalar())), s.timeout_ms,
                   [&](z3::model const& m) {
                     return with_vars(s, m) + f.str(m) + " at index " + model_value(m, i) + " (coordinate " +
                            f.layout.coordinate(m, ci) + ") is " + fi.str(m) + ", outside [" + model_value(m, lo) + ", " +
                            model_value(m, hi) + ")";
                   });
}

Answer fits_int32(Setting const& s, Fn const& f) {
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr i = s.ctx->int_const("i");
  std::vector<z3::expr> ci;
  SymValue fi = evaluate(b.e, f, i, &ci);
  b.finish();
  b.o.assume(i >= 0 && i < f.size());
  z3::expr lo = s.ctx->int_val(int64_t{-2147483648LL}), hi = s.ctx->int_val(int64_t{2147483648LL});
  z3::expr ok = s.ctx->bool_val(true);
  for (auto const& [p, e] : fi.parts()) ok = ok && lo <= e && e < hi;
  return b.o.prove(ok, s.timeout_ms, [&](z3::model const& m) {
    return with_vars(s, m) + f.str(m) + " at index " + model_value(m, i) + " (coordinate " + f.layout.coordinate(m, ci) +
           ") is " + fi.str(m) + ", not an int32";
  });
}

Answer bijective(Setting const& s, Fn const& f, z3::expr const& n) {
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr i = s.ctx->int_const("i"), j = s.ctx->int_const("j"), k = s.ctx->int_const("k");
  std::vector<z3::expr> ci, cj, ck;
  SymValue fi = evaluate(b.e, f, i, &ci), fj = evaluate(b.e, f, j, &cj), fk = evaluate(b.e, f, k, &ck);
  b.finish();
  z3::expr size = f.size();
  b.o.assume(i >= 0 && i < j && j < size && k >= 0 && k < size);
  z3::expr same_size = size == n;
  z3::expr inj = !fi.equals(fj);
  z3::expr within = 0 <= fk.scalar() && fk.scalar() < n && fk.equals(SymValue(fk.scalar()));
  return b.o.prove(same_size && inj && within, s.timeout_ms, [&](z3::model const& m) {
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
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  z3::expr y = s.ctx->int_const("y");
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
  Answer a = b.o.prove(hit, s.timeout_ms, [&](z3::model const& m) {
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
  Built b(s);
  shape_hypotheses(f, b.o, "f");
  shape_hypotheses(g, b.o, "g");
  z3::expr i = s.ctx->int_const("i");
  std::vector<z3::expr> cf, cg;
  SymValue fi = evaluate(b.e, f, i, &cf), gi = evaluate(b.e, g, i, &cg);
  b.finish();
  z3::expr nf = f.size(), ng = g.size();
  z3::expr same_size = nf == ng;
  z3::expr in_domain = i >= 0 && i < nf;
  return b.o.prove(same_size && z3::implies(in_domain, fi.equals(gi)), s.timeout_ms, [&](z3::model const& m) {
    std::string w = with_vars(s, m);
    if (!m.eval(same_size, true).is_true())
      return w + "the sizes differ: size(" + f.str(m) + ") = " + model_value(m, nf) + ", size(" + g.str(m) +
             ") = " + model_value(m, ng);
    return w + "at index " + model_value(m, i) + " (coordinate " + f.layout.coordinate(m, cf) + ") " + f.str(m) + " gives " +
           fi.str(m) + " but " + g.str(m) + " gives " + gi.str(m);
  });
}

}  // namespace layoutref::proofs
