#include <layoutref/proofs/encoding.hpp>
#include <layoutref/proofs/terms.hpp>

#include <functional>

namespace layoutref::proofs {

SymValue SymValue::of(z3::context& c, spec::Value const& v) {
  SymValue s(c.int_val(static_cast<int64_t>(v.scalar())));
  for (auto const& t : v.terms()) s.parts_.insert_or_assign(t.path, c.int_val(static_cast<int64_t>(t.coeff)));
  return s;
}

SymValue SymValue::basis(z3::expr const& k, spec::Path const& path) {
  SymValue s(k.ctx().int_val(0));
  s.parts_.insert_or_assign(path, k);
  return s;
}

SymValue SymValue::operator+(SymValue const& o) const {
  SymValue r = *this;
  for (auto const& [p, e] : o.parts_) {
    auto it = r.parts_.find(p);
    if (it == r.parts_.end())
      r.parts_.emplace(p, e);
    else
      it->second = it->second + e;
  }
  return r;
}

SymValue SymValue::scaled(z3::expr const& k) const {
  SymValue r = *this;
  for (auto& [p, e] : r.parts_) e = k * e;
  return r;
}

z3::expr SymValue::equals(SymValue const& o) const {
  z3::context& c = scalar().ctx();
  z3::expr all = c.bool_val(true);
  auto get = [&](SymValue const& v, spec::Path const& p) {
    auto it = v.parts_.find(p);
    return it == v.parts_.end() ? c.int_val(0) : it->second;
  };
  std::map<spec::Path, bool> paths;
  for (auto const& [p, e] : parts_) paths[p] = true;
  for (auto const& [p, e] : o.parts_) paths[p] = true;
  for (auto const& [p, unused] : paths) all = all && get(*this, p) == get(o, p);
  return all;
}

std::string SymValue::str(z3::model const& m) const {
  std::string out;
  for (auto const& [p, e] : parts_) {
    std::string v = model_value(m, e);
    if (p.empty()) {
      out = v;
      continue;
    }
    if (v == "0") continue;
    std::string term = v;
    for (auto it = p.rbegin(); it != p.rend(); ++it) term += "@" + std::to_string(*it);
    if (out == "0") out.clear();
    out += (out.empty() ? "" : "+") + term;
  }
  return out;
}

z3::expr LeafLayout::size() const {
  z3::expr n = shape.at(0).ctx().int_val(1);
  for (auto const& s : shape) n = n * s;
  return simplified(n);
}

namespace {

std::string subst(spec::IntTuple const& profile, std::function<std::string(int)> const& leaf) {
  if (profile.leaf) return leaf(static_cast<int>(profile.value));
  std::string s = "(";
  for (size_t i = 0; i < profile.items.size(); ++i) s += (i ? "," : "") + subst(profile.items[i], leaf);
  return s + ")";
}

}  // namespace

std::string LeafLayout::str(z3::model const& m) const {
  return (offset ? offset->str(m) + " + " : std::string()) + subst(profile, [&](int k) { return model_value(m, shape.at(static_cast<size_t>(k))); }) + ":" +
         subst(profile, [&](int k) { return stride.at(static_cast<size_t>(k)).str(m); });
}

std::string LeafLayout::coordinate(z3::model const& m, std::vector<z3::expr> const& coords) const {
  return subst(profile, [&](int k) { return model_value(m, coords.at(static_cast<size_t>(k))); });
}

z3::expr Encoder::fresh(std::string const& stem) {
  z3::expr v = ctx.int_const((stem + "!" + std::to_string(fresh_vars.size())).c_str());
  fresh_vars.push_back(v);
  return v;
}

std::vector<z3::expr> Encoder::split(z3::expr const& index, std::vector<z3::expr> const& shape) {
  std::vector<z3::expr> coords;
  z3::expr cur = index;
  for (size_t k = 0; k + 1 < shape.size(); ++k) {
    int64_t n = 0;
    if (shape[k].is_numeral_i64(n) && n == 1) {
      coords.push_back(ctx.int_val(0));
      continue;
    }
    z3::expr q = fresh("q"), r = fresh("r");
    definitions.push_back(cur == shape[k] * q + r);
    definitions.push_back(r >= 0 && r < shape[k]);
    coords.push_back(r);
    cur = q;
  }
  coords.push_back(cur);
  return coords;
}

SymValue Encoder::evaluate(LeafLayout const& l, z3::expr const& index, std::vector<z3::expr>* coords) {
  std::vector<z3::expr> c = split(index, l.shape);
  SymValue v(ctx.int_val(0));
  for (size_t k = 0; k < c.size(); ++k) v = v + l.stride[k].scaled(c[k]);
  if (l.offset) v = *l.offset + v;
  if (coords) *coords = c;
  return v;
}

void Encoder::into(Obligation& o) const {
  for (auto const& d : definitions) o.assume(d);
}

}  // namespace layoutref::proofs
