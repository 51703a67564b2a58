#include "common.cuh"

namespace layoutref::gpu {

// ---- composition.hpp ---------------------------------------------------------------------------

__global__ void composition_layout(i64* out) {
  int k = 0;
  auto r = composition(col_major_8x8(), make_leaf(S(4), Stride::integer(S(2))));
  put(out, k, r, digest(r.value));
  put(out, k, kMaxExactCheck);
}

__global__ void composition_tiler(i64* out) {
  int k = 0;
  auto t = pair_tiler();
  auto r = composition(col_major_8x8(), t.value);
  put(out, k, r, digest(r.value));
}

}  // namespace layoutref::gpu
