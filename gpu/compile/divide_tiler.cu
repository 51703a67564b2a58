#include "common.cuh"

namespace layoutref::gpu {

// ---- divide.hpp --------------------------------------------------------------------------------

__global__ void divide_by_tiler(i64* out, int how) {
  int k = 0;
  auto t = pair_tiler();
  Layout a = col_major_8x8();
  auto r = divide(static_cast<Arrangement>(how & 3), a, t.value);
  put(out, k, r, digest(r.value));
  auto l = logical_divide(a, t.value);
  put(out, k, l, digest(l.value));
  auto z = zipped_divide(a, t.value);
  put(out, k, z, digest(z.value));
  auto ti = tiled_divide(a, t.value);
  put(out, k, ti, digest(ti.value));
  auto f = flat_divide(a, t.value);
  put(out, k, f, digest(f.value));
}

}  // namespace layoutref::gpu
