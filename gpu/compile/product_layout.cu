#include "common.cuh"

namespace layoutref::gpu {

// ---- product.hpp -------------------------------------------------------------------------------

__global__ void product_by_layout(i64* out) {
  int k = 0;
  Layout a = col_major_8x8();
  Layout b = make_leaf(S(3), Stride::integer(S(1)));
  auto l = logical_product(a, b);
  put(out, k, l, digest(l.value));
  auto z = zipped_product(a, b);
  put(out, k, z, digest(z.value));
  auto ti = tiled_product(a, b);
  put(out, k, ti, digest(ti.value));
  auto f = flat_product(a, b);
  put(out, k, f, digest(f.value));
  auto bl = blocked_product(a, col_major_8x8());
  put(out, k, bl, digest(bl.value));
  auto ra = raked_product(a, col_major_8x8());
  put(out, k, ra, digest(ra.value));
}

__global__ void tile_to_shape_ops(i64* out) {
  int k = 0;
  Layout block = col_major_8x8();
  auto a = tile_to_shape(block, tuple2(16, 32));
  put(out, k, a, digest(a.value));
  auto b = tile_to_shape(block, tuple2(16, 32), tuple2(1, 0));
  put(out, k, b, digest(b.value));
}

}  // namespace layoutref::gpu
