#include "common.cuh"

namespace layoutref::gpu {

// ---- coordinates.hpp ---------------------------------------------------------------------------

__global__ void coordinates(i64* out, i64 index) {
  int k = 0;
  Layout l = sample_layout();
  IntTuple shp = sample_shape();
  auto c = idx2crd(D(index), shp);
  put(out, k, c, digest(c.value));
  auto v = crd2idx(c.value, l);
  put(out, k, v, v.value.scalar);
  auto i = crd2idx(c.value, shp);
  put(out, k, i, i.value.value);
  auto cc = crd2crd(c.value, shp, shape(l));
  put(out, k, cc, digest(cc.value));
}

}  // namespace layoutref::gpu
