#include "common.cuh"

namespace layoutref::gpu {

// ---- fast_divide.hpp, fast_layout.hpp ---------------------------------------------------------

__global__ void fast_division(u64* out, u64 const* divisors, u64 n) {
  FastDivisor f = FastDivisor::make(divisors[threadIdx.x]);
  out[threadIdx.x] = f.divide(n + threadIdx.x) + f.modulo(n) + mulhi(n, f.magic) + mulhi_portable(n, f.magic);
}

/// The layout prepared on the host (or the device) and passed by value; one value per thread.
__global__ void fast_layout_eval(i64* out, FastLayout const f, i64 n) {
  i64 i = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(i);
}

__global__ void fast_layout_make(i64* out, i64 index) {
  auto f = FastLayout::make(sample_layout());
  int k = 0;
  put(out, k, f, f.value(index));
  auto refused = FastLayout::make(basis_layout());
  put(out, k, refused, 0);
}

// A constexpr check that also holds in the device compilation pass.
static_assert(FastDivisor::make(7).divide(100) == 14);

}  // namespace layoutref::gpu
