#include <layoutref/proofs/laws.hpp>

#include <stdexcept>

namespace layoutref::proofs {

std::vector<LawFamily> const& law_families() {
  static std::vector<LawFamily> const families = {
      {"complement", false, complement_laws},      {"composition", false, composition_laws},
      {"coalesce", false, coalesce_laws},          {"inverse", false, inverse_laws},
      {"divide_product", false, divide_product_laws}, {"swizzle", false, swizzle_laws},
      {"coordinates", false, coordinate_laws},     {"int32", false, int32_laws},
      {"radix", false, radix_laws},          {"symbolic", false, symbolic_laws},
      {"complement_deep", true, complement_laws_deep},
      {"composition_deep", true, composition_laws_deep},
      {"inverse_deep", true, inverse_laws_deep},      {"divide_product_deep", true, divide_product_laws_deep},
  };
  return families;
}

LawVerdict LawResult::verdict() const {
  if (expected == Status::unknown) {
    if (answer.status == Status::refuted) return LawVerdict::fail;
    return answer.status == Status::unknown ? LawVerdict::open : LawVerdict::pass;
  }
  return answer.status == expected ? LawVerdict::pass : LawVerdict::fail;
}

char const* record_name(Status expected) {
  switch (expected) {
    case Status::proved: return "proved";
    case Status::refuted: return "refuted";
    case Status::unknown: return "open";
  }
  return "?";
}

std::string unknown_line(std::vector<LawResult> const& results) {
  std::string out;
  for (auto const& r : results) {
    if (r.answer.status != Status::unknown) continue;
    out += (out.empty() ? "" : "; ") + r.family + ": " + r.law +
           (r.verdict() == LawVerdict::open ? " (open)" : std::string(" (recorded ") + record_name(r.expected) + ": FAIL)");
  }
  return "unknown: " + (out.empty() ? std::string("none") : out);
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
  if (auto e = add_facts(s); !e.empty()) throw std::invalid_argument(where + ": " + e);
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
