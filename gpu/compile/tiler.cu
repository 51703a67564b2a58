#include "common.cuh"

namespace layoutref::gpu {

// ---- tiler.hpp --------------------------------------------------------------------------------

__global__ void tilers(i64* out) {
  int k = 0;
  auto t = sample_tiler();
  put(out, k, t, t.value.rank() + (t.value.is_tuple() ? 10 : 0));
  Tiler first = t.value.item(0), second = t.value.item(1);
  put(out, k, (first.is_layout() ? 1 : 0) + (second.is_underscore() ? 2 : 0) + digest(first.layout()));
}

}  // namespace layoutref::gpu
