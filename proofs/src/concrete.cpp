#include <layoutref/proofs/concrete.hpp>

#include <algorithm>

namespace layoutref::proofs {

namespace {

spec::IntTuple number_leaves(spec::IntTuple const& t, int& next) {
  if (t.leaf) return spec::IntTuple(next++);
  std::vector<spec::IntTuple> items;
  for (auto const& i : t.items) items.push_back(number_leaves(i, next));
  return spec::IntTuple::tuple(std::move(items));
}

}  // namespace

LeafLayout leaves_of(z3::context& c, spec::Layout const& l) {
  int next = 0;
  LeafLayout out;
  out.profile = number_leaves(l.shape, next);
  for (auto const& m : spec::leaf_modes(l)) {
    out.shape.push_back(c.int_val(static_cast<int64_t>(m.shape.value)));
    out.shape_text.push_back(std::to_string(m.shape.value));
    out.stride.push_back(SymValue::of(c, m.stride.value));
  }
  return out;
}

z3::expr swizzle_int(spec::Swizzle const& sw, z3::expr const& x) {
  z3::context& c = x.ctx();
  int ybase = sw.m + std::max(0, sw.s), zbase = sw.m - std::min(0, sw.s);
  z3::expr out = x;
  for (int j = 0; j < sw.b; ++j) {
    z3::expr py = c.int_val(int64_t{1} << (ybase + j)), pz = c.int_val(int64_t{1} << (zbase + j));
    z3::expr y = z3::mod(x / py, 2), z = z3::mod(x / pz, 2);
    out = out + z3::ite(y == 1, pz * (1 - 2 * z), c.int_val(0));
  }
  return out;
}

}  // namespace layoutref::proofs
