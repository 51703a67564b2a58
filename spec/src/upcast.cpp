#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/upcast.hpp>

namespace layoutref::spec {

namespace {

void validate_inputs(char const* op, Layout const& l, i64 n) {
  if (n < 1) bad_argument(std::string(op) + ": N = " + std::to_string(n) + " must be >= 1");
  validate_shape(l.shape, std::string("shape of the layout given to ") + op);
}

// Apply f(shape leaf, stride leaf) -> (shape leaf, stride leaf) to every leaf, keeping the profile.
template <class F>
Layout transform_leaves(Layout const& l, F const& f) {
  auto s = leaves(l.shape);
  auto d = leaves(l.stride);
  std::vector<i64> ns;
  std::vector<Value> nd;
  for (size_t k = 0; k < s.size(); ++k) {
    auto [sk, dk] = f(s[k], d[k]);
    ns.push_back(sk);
    nd.push_back(dk);
  }
  return Layout(unflatten(ns, l.shape), unflatten(nd, l.shape));
}

bool is_unit(Value const& d) { return d == Value(1) || d == Value(-1); }

}  // namespace

Admissibility is_upcast_admissible(Layout const& l, i64 n) {
  validate_inputs("upcast", l, n);
  for (auto const& m : leaf_modes(l)) {
    Value const& d = m.stride.value;
    if (!d.is_integer())
      return Admissibility::no("upcast.integer_strides", "the leaf " + str(m) + " of " + str(l) + " has a basis stride");
    i64 ad = abs(d.scalar());
    if (ad == 0) continue;
    if (n % ad != 0 && ad % n != 0)
      return Admissibility::no("upcast.divisibility", "the leaf " + str(m) + " of " + str(l) + ": neither N = " +
                                                          std::to_string(n) + " nor |stride| = " + std::to_string(ad) +
                                                          " divides the other");
  }
  return Admissibility::yes();
}

Layout upcast(Layout const& l, i64 n) {
  is_upcast_admissible(l, n).require();
  return transform_leaves(l, [n](i64 s, Value const& dv) -> std::pair<i64, Value> {
    i64 d = dv.scalar();
    if (d == 0) return {s, Value(0)};
    i64 ad = abs(d);
    i64 sign = d < 0 ? -1 : 1;
    return {ceil_div(s, ceil_div(n, ad)), Value(mul(sign, ceil_div(ad, n)))};
  });
}

Judgement check_upcast(Layout const& l, i64 n, Claim const& claimed) {
  Admissibility adm = is_upcast_admissible(l, n);
  if (!adm.ok) return judge_claim(adm, claimed, nullptr);
  Reference ref = layout_reference(upcast(l, n));
  return judge_claim(adm, claimed, &ref);
}

Admissibility is_downcast_admissible(Layout const& l, i64 n) {
  validate_inputs("downcast", l, n);
  for (auto const& d : leaves(l.stride))
    if (is_unit(d)) return Admissibility::yes();
  return Admissibility::no("downcast.unit_stride", str(l) + " has no leaf of stride 1 or -1 (no adjacent elements to split)");
}

Layout downcast(Layout const& l, i64 n) {
  is_downcast_admissible(l, n).require();
  return transform_leaves(l, [n](i64 s, Value const& d) -> std::pair<i64, Value> {
    if (is_unit(d)) return {mul(s, n), d};
    return {s, n * d};
  });
}

Judgement check_downcast(Layout const& l, i64 n, Claim const& claimed) {
  Admissibility adm = is_downcast_admissible(l, n);
  if (!adm.ok) return judge_claim(adm, claimed, nullptr);
  Reference ref = layout_reference(downcast(l, n));
  return judge_claim(adm, claimed, &ref);
}

}  // namespace layoutref::spec
