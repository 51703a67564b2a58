#include "common.cuh"

namespace layoutref::gpu {

// ---- product.hpp -------------------------------------------------------------------------------

__global__ void product_by_tiler(i64* out, int how) {
  int k = 0;
  auto t = pair_tiler();
  Layout a = make_leaf(S(2), Stride::integer(S(1)));
  auto r = product(static_cast<Arrangement>(how & 3), a, t.value);
  put(out, k, r, digest(r.value));
  auto l = logical_product(a, t.value);
  put(out, k, l, digest(l.value));
  auto z = zipped_product(a, t.value);
  put(out, k, z, digest(z.value));
  auto ti = tiled_product(a, t.value);
  put(out, k, ti, digest(ti.value));
  auto f = flat_product(a, t.value);
  put(out, k, f, digest(f.value));
}

}  // namespace layoutref::gpu
