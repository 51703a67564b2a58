#include "common.cuh"

namespace layoutref::gpu {

// ---- config.hpp, error.hpp, checked.hpp, stride.hpp ------------------------------------------

__global__ void core_arithmetic(i64* out, i64 a, i64 b) {
  int k = 0;
  put(out, k, name(Cond::composition_left_divisibility)[0]);
  Error t = fail(Errc::bad_argument);
  t.add("x").add(a).add(static_cast<int>(b)).append(fail(Errc::overflow).add(" y"));
  put(out, k, (t.is_text(0) ? t.piece[0].text[0] : 0) + t.n + (t.cut ? 100 : 0));
  Error e = fail(Errc::inadmissible, Cond::complement_stride_divisibility).add("w ").add(a).add(1);
  put(out, k, e.ok() ? 1 : static_cast<i64>(e.condition) + e.n);
  put(out, k, Error::make(Errc::overflow).ok() ? 1 : 0);
  put(out, k, (add_overflows(a, b) ? 1 : 0) + (sub_overflows(a, b) ? 2 : 0) + (mul_overflows(a, b) ? 4 : 0));
  put(out, k, overflow_error("*", a, b).n);
  auto s = checked_add(a, b);
  put(out, k, s, s.value);
  auto d = checked_sub(a, b);
  put(out, k, d, d.value);
  auto m = checked_mul(a, b);
  put(out, k, m, m.value);
  auto g = checked_gcd(a, b);
  auto ab = checked_abs(a);
  put(out, k, ceil_div(a < 0 ? -a : a, b > 0 ? b : 1) + gcd_positive(a > 0 ? a : 1, b > 0 ? b : 1) + static_cast<i64>(magnitude(a) & 1));
  put(out, k, g, g.value);
  put(out, k, ab, ab.value);
  Int x = D(a), y = S(b);
  put(out, k, x == y ? 1 : 0);
  put(out, k, both_static(x, y) ? 1 : 0);
  auto xy = impl::mul(x, y);
  put(out, k, xy, xy.value.value);
  auto xpy = impl::add(x, y);
  put(out, k, xpy, xpy.value.value);
  Int nz = S(b != 0 ? b : 1);
  put(out, k, div(x, nz).value + ceil_div(S(a < 0 ? -a : a), S(nz.value > 0 ? nz.value : 1)).value + impl::min(x, y).value);
  // stride.hpp
  Stride st = Stride::integer(y);
  BasisPath p0{}, p1{};
  p1.depth = 1;
  p1.mode[0] = 1;
  put(out, k, (p0 == p1 ? 1 : 0) + (p0 < p1 ? 2 : 0) + (st.is_integer() ? 4 : 0) + st.coefficient().value);
  Stride e1 = st;
  e1.path = p1;
  put(out, k, (same(st, e1) ? 1 : 0) + (st == e1 ? 2 : 0));
  auto sc = scale(x, e1);
  put(out, k, sc, sc.value.value);
  Value v;
  auto v1 = add_scaled(v, a, st);
  put(out, k, v1, v1.value.scalar);
  auto v2 = add_scaled(v1.value, 3, e1);
  put(out, k, v2, v2.value.n + (v2.value.is_integer() ? 1 : 0) + (v1.value == v2.value ? 2 : 0));
}

}  // namespace layoutref::gpu
