#include "internal.hpp"
#include <layoutref/proofs/terms.hpp>

#include <functional>
#include <string>
#include <vector>

namespace layoutref::proofs {

namespace {

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

}  // namespace

namespace algebra_detail {

Mode leaf_mode(LeafLayout const& l, size_t k) {
  Mode m(l.shape.at(k), l.stride.at(k));
  m.loose = l.is_loose(k);
  return m;
}

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

SymValue scaled(SymValue const& v, z3::expr const& k) {
  SymValue r(simplified(k * v.scalar()));
  for (auto const& [path, e] : v.parts())
    if (!path.empty()) r = r + SymValue::basis(simplified(k * e), path);
  return r;
}

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

LeafLayout node_of(LeafLayout const& l, spec::IntTuple const& p) {
  spec::i64 first = first_leaf(p);
  std::vector<Mode> modes;
  for (size_t k = 0; k < leaf_count(p); ++k)
    modes.push_back(leaf_mode(l, static_cast<size_t>(first) + k));
  return make_leaf_layout(shifted(p, -first), modes);
}

LeafLayout mode_of(LeafLayout const& l, size_t i) { return node_of(l, l.profile.leaf ? l.profile : l.profile.items.at(i)); }

LeafLayout tuple_of(std::vector<LeafLayout> const& ls) {
  std::vector<spec::IntTuple> items;
  std::vector<Mode> modes;
  for (auto const& l : ls) {
    items.push_back(shifted(l.profile, static_cast<spec::i64>(modes.size())));
    for (size_t k = 0; k < l.shape.size(); ++k) modes.push_back(leaf_mode(l, k));
  }
  return make_leaf_layout(spec::IntTuple::tuple(std::move(items)), modes);
}

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

}  // namespace algebra_detail

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

}  // namespace layoutref::proofs
