#include "common.cuh"

namespace layoutref::gpu {

// ---- domain_distribute.hpp, max_alignment.hpp, nullspace.hpp, upcast.hpp -----------------------

__global__ void misc_ops(i64* out, i64 n) {
  int k = 0;
  auto a = domain_distribute(sample_shape(), S(n));
  put(out, k, a, digest(a.value));
  auto b = max_alignment(sample_layout());
  put(out, k, b, b.value.value);
  auto c = nullspace(make_leaf(S(4), Stride::integer(S(0))));
  put(out, k, c, digest(c.value));
  auto d = upcast(sample_layout(), n);
  put(out, k, d, digest(d.value));
  auto e = downcast(sample_layout(), n);
  put(out, k, e, digest(e.value));
}

}  // namespace layoutref::gpu
