#include "common.cuh"

namespace layoutref::gpu {

// ---- complement.hpp ----------------------------------------------------------------------------

__global__ void complement_ops(i64* out, i64 m) {
  int k = 0;
  Layout l = make_leaf(S(4), Stride::integer(S(2)));
  auto a = complement(l, tuple2(m, 2));
  put(out, k, a, digest(a.value));
  auto b = complement(l, S(m));
  put(out, k, b, digest(b.value));
  auto c = complement(l);
  put(out, k, c, digest(c.value));
}

}  // namespace layoutref::gpu
