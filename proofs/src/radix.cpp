#include <layoutref/proofs/radix.hpp>
#include <layoutref/proofs/terms.hpp>

namespace layoutref::proofs {

namespace {

bool is_variable(z3::expr const& e) { return e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED && e.is_int(); }

bool occurs(z3::expr const& x, z3::expr const& e) {
  if (z3::eq(x, e)) return true;
  if (!e.is_app()) return false;
  for (unsigned i = 0; i < e.num_args(); ++i)
    if (occurs(x, e.arg(i))) return true;
  return false;
}

}  // namespace

Definitions Definitions::of(std::vector<std::pair<std::string, z3::expr>> const& hypotheses) {
  Definitions d;
  for (auto const& [name, h] : hypotheses) {
    if (!h.is_app() || h.decl().decl_kind() != Z3_OP_EQ || h.num_args() != 2) continue;
    for (int side = 0; side < 2; ++side) {
      z3::expr x = h.arg(static_cast<unsigned>(side)), t = h.arg(static_cast<unsigned>(1 - side));
      if (!is_variable(x) || occurs(x, t)) continue;
      bool known = false;
      for (auto const& v : d.var) known = known || z3::eq(v, x);
      if (known) continue;
      d.var.push_back(x);
      d.term.push_back(t);
      break;
    }
  }
  return d;
}

z3::expr Definitions::expand(z3::expr const& e) const {
  if (var.empty()) return e;
  z3::expr_vector from(e.ctx()), to(e.ctx());
  for (size_t k = 0; k < var.size(); ++k) {
    from.push_back(var[k]);
    to.push_back(term[k]);
  }
  z3::expr r = e;
  // A chain of n definitions needs at most n rounds; a cycle (x == y+1, y == x-1) stops there.
  for (size_t round = 0; round <= var.size(); ++round) {
    z3::expr next = r.substitute(from, to);
    if (z3::eq(next, r)) break;
    r = next;
  }
  return r;
}

std::optional<RadixOrder> radix_order(LeafLayout const& l, Definitions const& defs) {
  return radix_order(l, [&](z3::expr const& x, z3::expr const& y) { return same_polynomial(defs.expand(x), defs.expand(y)); });
}

std::optional<RadixOrder> radix_order(LeafLayout const& l, std::function<bool(z3::expr const&, z3::expr const&)> const& equal) {
  if (l.shape.empty()) return std::nullopt;
  RadixOrder r;
  std::vector<size_t> rest;
  for (size_t k = 0; k < l.shape.size(); ++k) {
    if (!l.stride[k].is_integer()) return std::nullopt;
    (equal(l.shape[k], l.shape[k].ctx().int_val(1)) ? r.unit : rest).push_back(k);
  }
  z3::context& c = l.shape.front().ctx();
  z3::expr product = c.int_val(1);
  while (!rest.empty()) {
    // Exactly one remaining leaf may carry the running product: two would map their first
    // non-zero coordinates to the same value.
    size_t found = rest.size();
    for (size_t i = 0; i < rest.size(); ++i) {
      if (!equal(l.stride[rest[i]].scalar(), product)) continue;
      if (found != rest.size()) return std::nullopt;
      found = i;
    }
    if (found == rest.size()) return std::nullopt;
    size_t k = rest[found];
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(found));
    r.order.push_back(k);
    product = product * l.shape[k];
  }
  return r;
}

z3::expr radix_premises(LeafLayout const& l, RadixOrder const& order) {
  z3::context& c = l.shape.front().ctx();
  z3::expr all = c.bool_val(true);
  z3::expr product = c.int_val(1);
  for (size_t k : order.order) {
    all = all && l.stride[k].scalar() == product;
    product = product * l.shape[k];
  }
  for (size_t k : order.unit) all = all && l.shape[k] == 1;
  return all;
}

z3::expr radix_size(LeafLayout const& l, RadixOrder const& order) {
  z3::context& c = l.shape.front().ctx();
  z3::expr product = c.int_val(1);
  for (size_t k : order.order) product = product * l.shape[k];
  return product;
}

std::string RadixOrder::str(LeafLayout const& l) const {
  std::string leaves, strides = "1";
  std::string product;
  for (size_t i = 0; i < order.size(); ++i) {
    size_t k = order[i];
    leaves += (i ? ", " : "") + std::to_string(k);
    std::string s = k < l.shape_text.size() ? l.shape_text[k] : l.shape[k].to_string();
    if (i + 1 < order.size()) {
      product += (product.empty() ? "" : "*") + (s.find_first_of("+-") == std::string::npos ? s : "(" + s + ")");
      strides += ", " + product;
    }
  }
  std::string out = "the strides are the running products of the shapes (leaves " + leaves + ": strides " + strides + ")";
  if (!unit.empty()) out += "; leaves of shape 1 left out";
  return out;
}

}  // namespace layoutref::proofs
