#include "common.cuh"

namespace layoutref::gpu {

// ---- coalesce.hpp ------------------------------------------------------------------------------

__global__ void coalesce_ops(i64* out) {
  int k = 0;
  Layout l = sample_layout();
  IntTuple profile = tuple2(1, 1);
  auto a = coalesce(l);
  put(out, k, a, digest(a.value));
  auto b = coalesce(l, profile);
  put(out, k, b, digest(b.value));
  auto c = coalesce_x(l);
  put(out, k, c, digest(c.value));
  auto d = coalesce_x(l, profile);
  put(out, k, d, digest(d.value));
  auto e = filter_zeros(l);
  put(out, k, e, digest(e.value));
  auto f = filter(l);
  put(out, k, f, digest(f.value));
  auto g = filter(l, profile);
  put(out, k, g, digest(g.value));
}

}  // namespace layoutref::gpu
