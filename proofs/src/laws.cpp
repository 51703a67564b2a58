#include <layoutref/proofs/laws.hpp>

#include <stdexcept>

namespace layoutref::proofs {

std::vector<LawFamily> const& law_families() {
  static std::vector<LawFamily> const families = {
      {"complement", false, complement_laws},      {"composition", false, composition_laws},
      {"coalesce", false, coalesce_laws},          {"inverse", false, inverse_laws},
      {"divide_product", false, divide_product_laws}, {"swizzle", false, swizzle_laws},
      {"coordinates", false, coordinate_laws},     {"int32", false, int32_laws},
      {"complement_deep", true, complement_laws_deep},
      {"composition_deep", true, composition_laws_deep},
      {"inverse_deep", true, inverse_laws_deep},      {"divide_product_deep", true, divide_product_laws_deep},
  };
  return families;
}

Answer all_of_two(Answer a, Answer b) {
  if (a.status != Status::proved) return a;
  b.seconds += a.seconds;
  for (auto const& c : a.core) b.core.push_back(c);
  return b;
}

Setting law_setting(z3::context& c, std::string const& where, unsigned timeout_ms) {
  Setting s;
  s.ctx = &c;
  s.timeout_ms = timeout_ms;
  if (auto e = s.vars.parse(where); !e.empty()) throw std::invalid_argument(where + ": " + e);
  return s;
}

Fn law_layout(Setting const& s, std::string const& text) {
  std::string error;
  auto l = parse_symbolic_layout(*s.ctx, s.vars, text, error);
  if (!l) throw std::invalid_argument(text + ": " + error);
  return Fn::of(*l);
}

z3::expr law_term(Setting const& s, std::string const& text) {
  std::string error;
  auto e = parse_term(*s.ctx, s.vars, text, error);
  if (!e) throw std::invalid_argument(text + ": " + error);
  return *e;
}

}  // namespace layoutref::proofs
