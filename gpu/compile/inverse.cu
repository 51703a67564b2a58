#include "common.cuh"

namespace layoutref::gpu {

// ---- inverse.hpp, max_common.hpp ---------------------------------------------------------------

__global__ void inverse_ops(i64* out) {
  int k = 0;
  Layout l = sample_layout();
  auto a = right_inverse(l);
  put(out, k, a, digest(a.value));
  Error adm = left_inverse_admissible(l);
  put(out, k, static_cast<i64>(adm.condition));
  auto b = left_inverse(l);
  put(out, k, b, digest(b.value));
  auto c = max_common_vector(l, col_major_8x8());
  put(out, k, c, c.value.value);
  auto d = max_common_layout(l, col_major_8x8());
  put(out, k, d, digest(d.value));
}

}  // namespace layoutref::gpu
