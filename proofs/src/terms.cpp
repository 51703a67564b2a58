#include <layoutref/proofs/terms.hpp>

namespace layoutref::proofs {

z3::expr normal_form(z3::expr const& e) {
  z3::params p(e.ctx());
  p.set("som", true);
  p.set("arith_lhs", true);
  return e.simplify(p);
}

bool normalizes_to(z3::expr const& e, std::int64_t v) {
  z3::expr n = normal_form(e);
  int64_t x = 0;
  return n.is_numeral_i64(x) && x == v;
}

bool same_polynomial(z3::expr const& a, z3::expr const& b) { return normalizes_to(a - b, 0); }

}  // namespace layoutref::proofs
