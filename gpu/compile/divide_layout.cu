#include "common.cuh"

namespace layoutref::gpu {

// ---- divide.hpp --------------------------------------------------------------------------------

__global__ void divide_by_layout(i64* out) {
  int k = 0;
  Layout a = col_major_8x8();
  Layout b = make_leaf(S(4), Stride::integer(S(2)));
  auto l = logical_divide(a, b);
  put(out, k, l, digest(l.value));
  auto z = zipped_divide(a, b);
  put(out, k, z, digest(z.value));
  auto ti = tiled_divide(a, b);
  put(out, k, ti, digest(ti.value));
  auto f = flat_divide(a, b);
  put(out, k, f, digest(f.value));
}

}  // namespace layoutref::gpu
