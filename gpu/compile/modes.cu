#include "common.cuh"

namespace layoutref::gpu {

// ---- modes.hpp ---------------------------------------------------------------------------------

__global__ void mode_ops(i64* out) {
  int k = 0;
  Layout l = sample_layout();
  Layout x = make_leaf(S(5), Stride::integer(S(0)));
  put(out, k, digest(flatten(l)));
  auto g = group(l, 0, 2);
  put(out, k, g, digest(g.value));
  auto t = take(l, 1, 2);
  put(out, k, t, digest(t.value));
  int indices[2] = {1, 0};
  auto s1 = select(l, indices, 2);
  put(out, k, s1, digest(s1.value));
  auto s2 = select(l, indices);
  put(out, k, s2, digest(s2.value));
  auto a1 = append(l, x);
  put(out, k, a1, digest(a1.value));
  auto a2 = append(l, 4);
  put(out, k, a2, digest(a2.value));
  auto p1 = prepend(l, x);
  put(out, k, p1, digest(p1.value));
  auto p2 = prepend(l, 3, x);
  put(out, k, p2, digest(p2.value));
  auto u = unflatten(flatten(l), sample_shape());
  put(out, k, u, digest(u.value));
  Layout parts[2] = {l, x};
  auto m1 = make_layout(parts, 2);
  put(out, k, m1, digest(m1.value));
  auto m2 = make_layout(l, x, x);
  put(out, k, m2, digest(m2.value));
}

}  // namespace layoutref::gpu
