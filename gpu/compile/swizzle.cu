#include "common.cuh"

namespace layoutref::gpu {

// ---- swizzle.hpp -------------------------------------------------------------------------------

__global__ void swizzle_ops(i64* out, i64 index) {
  int k = 0;
  Swizzle sw{3, 3, 3};
  put(out, k, validate(sw).ok() ? 1 : 0);
  auto x = apply(sw, index);
  put(out, k, x, x.value);
  ComposedLayout c{sw, S(0), col_major_8x8()};
  put(out, k, (validate(c).ok() ? 1 : 0) + (c.outer == sw ? 2 : 0));
  auto v = evaluate(c, index & 63);
  put(out, k, v, v.value);
  auto bl = composition(c, make_leaf(S(8), Stride::integer(S(8))));
  put(out, k, bl, digest(bl.value.inner));
}

__global__ void swizzle_tiler(i64* out) {
  int k = 0;
  ComposedLayout c{Swizzle{2, 0, 3}, S(0), col_major_8x8()};
  auto t = pair_tiler();
  auto r = composition(c, t.value);
  put(out, k, r, digest(r.value.inner));
}

}  // namespace layoutref::gpu
