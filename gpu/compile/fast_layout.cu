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

__global__ void fast_division32(std::uint32_t* out, std::uint32_t const* divisors, std::uint32_t n) {
  FastDivisor32 f = FastDivisor32::make(divisors[threadIdx.x]);
  out[threadIdx.x] = f.divide(n + threadIdx.x) + f.modulo(n) + mulhi32(n, f.magic);
}

/// FastLayoutR of both index types, prepared on the host and passed by value, and made on the
/// device; with_fast_layout picking the index type in device code.
template <class FL>
__global__ void fast_layout_r_eval(i64* out, FL const f, i64 n) {
  i64 i = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(static_cast<typename FL::index_type>(i));
}
template __global__ void fast_layout_r_eval<FastLayoutR<2, std::uint32_t>>(i64*, FastLayoutR<2, std::uint32_t> const, i64);
template __global__ void fast_layout_r_eval<FastLayoutR<2, u64>>(i64*, FastLayoutR<2, u64> const, i64);

__global__ void fast_layout_r_make(i64* out, i64 index) {
  auto f = FastLayoutR<4, std::uint32_t>::make(sample_layout());
  int k = 0;
  put(out, k, f, f.value(static_cast<std::uint32_t>(index)));
  auto refused = FastLayoutR<4, u64>::make(basis_layout());
  put(out, k, refused, 0);
  Error e = with_fast_layout<4>(sample_layout(), [&](auto const& fl) { out[k++] = fl(1); });
  out[k] = static_cast<i64>(e.code);
}

// A constexpr check that also holds in the device compilation pass.
static_assert(FastDivisor::make(7).divide(100) == 14);
static_assert(FastDivisor32::make(7).divide(100) == 14);

}  // namespace layoutref::gpu
