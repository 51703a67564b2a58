#include <layoutref/proofs/bitvector.hpp>

#include <string>

namespace layoutref::proofs {

z3::expr swizzle_bv(z3::expr const& x, z3::expr const& b, z3::expr const& m, z3::expr const& s) {
  z3::context& c = x.ctx();
  unsigned w = x.get_sort().bv_size();
  z3::expr one = c.bv_val(1, w);
  z3::expr mask = z3::shl(z3::shl(one, b) - one, m + s);
  return x ^ z3::lshr(x & mask, s);
}

std::pair<z3::expr, z3::expr> split_bv(z3::expr const& x, z3::expr const& s0) { return {z3::urem(x, s0), z3::udiv(x, s0)}; }

z3::expr BvArith::umul(z3::expr const& a, z3::expr const& b) {
  guards_.push_back(z3::bvmul_no_overflow(a, b, false));
  return a * b;
}

z3::expr BvArith::uadd(z3::expr const& a, z3::expr const& b) {
  guards_.push_back(z3::bvadd_no_overflow(a, b, false));
  return a + b;
}

z3::expr BvArith::smul(z3::expr const& a, z3::expr const& b) {
  guards_.push_back(z3::bvmul_no_overflow(a, b, true) && z3::bvmul_no_underflow(a, b));
  return a * b;
}

z3::expr BvArith::sadd(z3::expr const& a, z3::expr const& b) {
  guards_.push_back(z3::bvadd_no_overflow(a, b, true) && z3::bvadd_no_underflow(a, b));
  return a + b;
}

z3::expr BvArith::size(std::vector<z3::expr> const& shape) {
  z3::expr p = num(1);
  for (auto const& s : shape) p = umul(p, s);
  return p;
}

z3::expr BvArith::evaluate(std::vector<z3::expr> const& shape, std::vector<z3::expr> const& stride, z3::expr x,
                           bool signed_strides, std::vector<z3::expr>* coords) {
  z3::expr sum = num(0);
  for (size_t k = 0; k < shape.size(); ++k) {
    z3::expr c = x;
    if (k + 1 < shape.size()) {
      auto [r, q] = split_bv(x, shape[k]);
      c = r;
      x = q;
    }
    if (coords) coords->push_back(c);
    if (signed_strides) {
      guards_.push_back(z3::sle(c, num((1LL << (width - 1)) - 1)));  // the coordinate is nonnegative as signed
      sum = sadd(sum, smul(c, stride[k]));
    } else {
      sum = uadd(sum, umul(c, stride[k]));
    }
  }
  return sum;
}

z3::expr BvArith::exact() const {
  z3::expr all = ctx.bool_val(true);
  for (auto const& g : guards_) all = all && g;
  return all;
}

void bv_bound(Obligation& o, std::string const& name, z3::expr const& v, long long lo, long long hi, bool is_signed) {
  z3::context& c = v.ctx();
  unsigned w = v.get_sort().bv_size();
  z3::expr l = c.bv_val(static_cast<int64_t>(lo), w), h = c.bv_val(static_cast<int64_t>(hi), w);
  o.hypothesis("bound." + name, is_signed ? (z3::sle(l, v) && z3::sle(v, h)) : (z3::ule(l, v) && z3::ule(v, h)));
}

std::string bv_value(z3::model const& m, z3::expr const& e, bool is_signed) {
  z3::expr v = m.eval(e, true);
  uint64_t u = 0;
  if (!v.is_numeral() || !v.is_numeral_u64(u)) return model_value(m, e);
  unsigned w = e.get_sort().bv_size();
  if (is_signed && w < 64 && (u >> (w - 1)) & 1) return std::to_string(static_cast<long long>(u) - (1LL << w));
  return std::to_string(u);
}

}  // namespace layoutref::proofs
