// layoutref gpu — the copy and transpose kernels of the tensor benchmark (run_copy, tensor.cu)
// that partition by themselves with impl's flat algebra (impl/flat.hpp): each block makes its
// threads' plans in the kernel (flat_setup_block), then runs partition_loop. Included by
// tensor.cu only.
#pragma once
#include "check.hpp"
#include "copy_kernels.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace layoutref::gpu {

namespace {

using namespace copy_kernels;

/// One thread's share of tile 0 of t (origin: the array's or the shared tile's start) by thr, as
/// a FastThreadPlan: local_partition(t, thr, tid) (impl/flat.hpp), its layout made a 32-bit
/// FastLayoutR. Returns 0, or 20 + the Errc of local_partition, 30 + that of make_fast_layout,
/// 50: an offset that does not fit 32 bits.
template <class T>
__device__ __forceinline__ int flat_share(FlatTensor<Pointer<T>, 2> const& tile0, FlatLayout<2> const& thr, int tid, std::type_identity_t<T const*> origin,
                                          FastThreadPlan<u32>& out) {
  auto part = local_partition(tile0, thr, tid);
  if (!part.ok()) return 20 + static_cast<int>(part.error.code);
  auto f = make_fast_layout<u32>(part.value.layout);
  if (!f.ok()) return 30 + static_cast<int>(f.error.code);
  i64 const offset = part.value.engine.ptr - origin;
  if (offset < 0 || offset > i64{0xffffffff}) return 50;
  out = FastThreadPlan<u32>{f.value, static_cast<u32>(offset), f.value.size};
  return 0;
}

/// The tiles of t by tiler, from one zipped_divide (CuTe's gA = zipped_divide(A, tiler), tile k
/// = gA(_, k)): tile 0 (mode 0 at t's origin: local_tile(t, tiler, (0,0)), which
/// tests/impl/flat_test.cpp compares with it) and the plan of the tiles' starts (mode 1 as a 32-bit
/// FastLayoutR over the 1-D tile index). Returns 0, or 40 + the Errc of zipped_divide, 30 + that
/// of make_fast_layout.
template <class T>
__device__ __forceinline__ int flat_tiles(FlatTensor<Pointer<T>, 2> const& t, FlatTuple<2> const& tiler, FlatTensor<Pointer<T>, 2>& tile0,
                                          FastLayoutR<kPlanRank, u32>* rest) {
  auto z = zipped_divide(t.layout, tiler);
  if (!z.ok()) return 40 + static_cast<int>(z.error.code);
  tile0 = make_tensor(t.engine, z.value.tile);
  if (rest == nullptr) return 0;
  auto f = make_fast_layout<u32>(z.value.rest);
  if (!f.ok()) return 30 + static_cast<int>(f.error.code);
  *rest = f.value;
  return 0;
}

/// One thread's plans in flat_copy_kernel and flat_transpose_kernel: the tiles' starts of A and B,
/// its shares of tile 0 of A and B and, transposing, of the shared tile by both thread layouts.
struct FlatPlans {
  FastLayoutR<kPlanRank, u32> fa{}, fb{};
  FastThreadPlan<u32> sa{}, sb{}, sr{}, sw{};
};

/// flat_setup_block's shared scratch: every thread's FlatPlans but the tiles' starts (four
/// FastThreadPlans a thread transposing, two copying), 16-byte aligned.
template <bool Transpose>
constexpr std::size_t kFlatScratchBytes = (Transpose ? 4 : 2) * kThreads * sizeof(FastThreadPlan<u32>) + 16;

/// The flat kernels' setup, shared out in the block: thread tid's FlatPlans, each made in the kernel
/// by impl's flat zipped_divide and local_partition (flat_tiles, flat_share) with tid as the thread
/// index, as a thread that partitions for itself makes them; only which thread makes them differs.
/// Warps 0, 1 (and 2, transposing) make the tiles of A, B (and the shared tile) once for the block;
/// then each warp makes one kind of thread plan (A by A's thread layout, B by B's and, transposing,
/// the shared tile by each) for kThreads * kOps / 8 threads, 32 at a time, into `scratch`, and each
/// thread reads its own. A setup that each thread runs once costs the fetch of its code: one thread
/// making all its plans ran seven inlined calls, about 330 KB of SASS in one order (78 us a launch
/// on an H100, latency-bound: one block took as long as a full grid); here each call's code is one
/// copy that several warps run at once (docs/gpu.md, "Where the in-kernel setup's time went").
/// @pre blockDim.x == kThreads; scratch: kFlatScratchBytes<Transpose> bytes of shared memory.
/// Returns 0, or the status of a step that failed (flat_tiles, flat_share), the same in every
/// thread. Every thread reads `scratch` before it returns; the caller's next barrier must come
/// before `scratch` is written again.
template <bool Transpose>
__device__ __forceinline__ int flat_setup_block(u32 const* a, u32* b, u32 const* smem, void* scratch, KernelFlatLayouts const& k, int tid,
                                                FlatPlans& p) {
  static_assert(kThreads == 256, "flat_setup_block shares the work out over 8 warps");
  constexpr int kOps = Transpose ? 4 : 2, kTileOps = Transpose ? 3 : 2;
  constexpr int kWarpsPerOp = kThreads / 32 / kOps, kPasses = kThreads / (32 * kWarpsPerOp);
  __shared__ Uninitialized<FlatTensor<Pointer<u32 const>, 2>, 3> tile0;
  __shared__ Uninitialized<FastLayoutR<kPlanRank, u32>, 2> rest;
  __shared__ int errors[3 + kOps];
  auto* const plans = reinterpret_cast<FastThreadPlan<u32>*>((reinterpret_cast<std::uintptr_t>(scratch) + 15) & ~std::uintptr_t{15});
  int const warp = tid / 32, lane = tid % 32;
  u32 const* const bc = b;
  if (warp < kTileOps) {
    u32 const* const origin = warp == 0 ? a : warp == 1 ? bc : smem;
    Pointer<u32 const> const ptr = warp == 2 ? make_smem_ptr(origin) : make_gmem_ptr(origin);
    FlatTensor<Pointer<u32 const>, 2> t0;
    FastLayoutR<kPlanRank, u32> r;
    int const e = flat_tiles(make_tensor(ptr, warp == 0 ? k.a : warp == 1 ? k.b : k.smem), k.tiler, t0, warp < 2 ? &r : nullptr);
    if (lane == 0) {
      tile0.v[warp] = t0;
      if (warp < 2) rest.v[warp] = r;
      errors[warp] = e;
    }
  } else if (warp == kTileOps && lane < kOps) {
    errors[3 + lane] = 0;
  }
  __syncthreads();
  int const te = errors[0] != 0 ? errors[0] : errors[1] != 0 ? errors[1] : Transpose ? errors[2] : 0;
  if (te != 0) return te;
  {
    int const op = warp % kOps;  // 0: A by thr_a, 1: B by thr_b, 2: the shared tile by thr_a, 3: by thr_b
    FlatTensor<Pointer<u32 const>, 2> const t0 = tile0.v[op < 2 ? op : 2];
    FlatLayout<2> const thr = op % 2 == 0 ? k.thr_a : k.thr_b;
    u32 const* const origin = op == 0 ? a : op == 1 ? bc : smem;
#pragma unroll 1
    for (int pass = 0; pass < kPasses; ++pass) {
      int const t = (warp / kOps) * (kThreads / kWarpsPerOp) + pass * 32 + lane;
      FastThreadPlan<u32> s{};
      int const e = flat_share(t0, thr, t, origin, s);
      plans[op * kThreads + t] = s;
      if (e != 0) atomicCAS(&errors[3 + op], 0, e);
    }
  }
  __syncthreads();
  p.fa = rest.v[0];
  p.fb = rest.v[1];
  p.sa = plans[tid];
  p.sb = plans[kThreads + tid];
  if constexpr (Transpose) {
    p.sr = plans[2 * kThreads + tid];
    p.sw = plans[3 * kThreads + tid];
  }
  for (int op = 0; op < kOps; ++op)
    if (errors[3 + op] != 0) return errors[3 + op];
  return 0;
}

/// copy_impl_kernel over rank-2 flat layouts (KernelFlatLayouts), as a kernel author writes it
/// with static-rank layouts: the block partitions with impl's flat zipped_divide and
/// local_partition (impl/flat.hpp, flat_setup_block; kFlatScratchBytes<false> of dynamic shared
/// memory), then every thread runs partition_loop with its plans in registers, kPartTilesCopy tiles
/// a step and kPartBlocksPerSM blocks an SM, as partition_kernel. A failed partition writes its
/// status (flat_share, flat_tiles) and the block copies nothing.
__global__ void __launch_bounds__(kThreads, kPartBlocksPerSM) flat_copy_kernel(u32 const* __restrict__ a, u32* __restrict__ b,
                                                                              KernelFlatLayouts const k, int* status) {
  extern __shared__ u32 smem[];
  int const tid = static_cast<int>(threadIdx.x);
  FlatPlans p;
  int const e = flat_setup_block<false>(a, b, nullptr, smem, k, tid, p);
  if (__syncthreads_or(e != 0)) {
    if (e != 0) atomicExch(status, e);
    return;
  }
  partition_loop<false, kPartTilesCopy>(a, b, nullptr, 0, p.fa, p.fb, static_cast<i64>(p.fa.size), p.sa, p.sb, p.sr, p.sw);
}

/// flat_transpose_kernel's pipeline depth: the tiles whose loads from A are in flight while one
/// goes from the shared tile to B.
constexpr int kFlatDepth = 3;
/// flat_transpose_kernel's shared table, after the shared tile (smem_cosize values): thread t's
/// offsets of its values v < kPartBatch, at [row * kPartBatch + v][t]: row 0 into the shared tile
/// (sr, A's thread layout), row 1 into the shared tile (sw, B's), row 2 into B's tile 0
/// (sb.offset + sb.part(v)), row 3 into A's tile 0.
constexpr std::size_t kTableBytes = 4 * kPartBatch * kThreads * sizeof(u32);

/// transpose_impl_kernel over rank-2 flat layouts: the block partitions as flat_copy_kernel's
/// does (with the shared tile's partitions by both thread layouts; its scratch is the table's
/// space), every thread writes its offsets to the shared table (kTableBytes) and then transposes
/// with kFlatDepth tiles' loads in flight: tile t goes from registers to the shared tile, tile
/// t + kFlatDepth * gridDim.x's loads are issued into the same registers, then tile t goes from the
/// shared tile to B. Offsets read from the table leave the registers to the loads in flight
/// (kPartBlocksPerSM blocks an SM; a lower register cap spills, docs/gpu.md). When a thread has
/// more than kPartBatch values, the block runs partition_loop's general loop instead. Which tiles
/// a step has depends on blockIdx only, so every thread reaches each barrier. The best of the
/// variants measured (docs/gpu.md, "Registers and blocks an SM").
__global__ void __launch_bounds__(kThreads, kPartBlocksPerSM) flat_transpose_kernel(u32 const* __restrict__ a, u32* __restrict__ b,
                                                                                   KernelFlatLayouts const k, u32 smem_cosize, int* status) {
  static_assert(kFlatScratchBytes<true> <= kTableBytes, "flat_setup_block's scratch is the table's space");
  extern __shared__ u32 smem[];
  int const tid = static_cast<int>(threadIdx.x);
  FlatPlans p;
  int const e = flat_setup_block<true>(a, b, smem, smem + smem_cosize, k, tid, p);
  if (__syncthreads_or(e != 0)) {
    if (e != 0) atomicExch(status, e);
    return;
  }
  i64 const count = static_cast<i64>(p.fa.size), grid = gridDim.x;
  u32 const na = p.sa.values, nb = p.sb.values;
  if (__syncthreads_or(na > kPartBatch || nb > kPartBatch)) {
    partition_loop<true, 1>(a, b, smem, smem_cosize, p.fa, p.fb, count, p.sa, p.sb, p.sr, p.sw);
    return;
  }
  u32* const table = smem + smem_cosize;
  auto entry = [&](int row, int v) -> u32& { return table[(row * kPartBatch + v) * kThreads + tid]; };
#pragma unroll
  for (int v = 0; v < kPartBatch; ++v) {
    u32 const uv = static_cast<u32>(v);
    entry(0, v) = uv < p.sr.values ? p.sr.offset + static_cast<u32>(p.sr.part(uv)) : 0;
    entry(1, v) = uv < p.sw.values ? p.sw.offset + static_cast<u32>(p.sw.part(uv)) : 0;
    entry(2, v) = uv < nb ? p.sb.offset + static_cast<u32>(p.sb.part(uv)) : 0;
    entry(3, v) = uv < na ? p.sa.offset + static_cast<u32>(p.sa.part(uv)) : 0;
  }
  auto load = [&](u32 (&r)[kPartBatch], i64 t) {
    if (t >= count) return;
    u32 const oa = static_cast<u32>(p.fa(static_cast<u32>(t)));
#pragma unroll
    for (int v = 0; v < kPartBatch; ++v)
      if (static_cast<u32>(v) < na) r[v] = a[oa + entry(3, v)];
  };
  auto step = [&](u32 (&r)[kPartBatch], i64 t) {  // r holds tile t
#pragma unroll
    for (int v = 0; v < kPartBatch; ++v)
      if (static_cast<u32>(v) < na) smem[entry(0, v)] = r[v];
    __syncthreads();
    load(r, t + kFlatDepth * grid);
    u32 const ob = static_cast<u32>(p.fb(static_cast<u32>(t)));
    u32 w[kPartBatch];
#pragma unroll
    for (int v = 0; v < kPartBatch; ++v)
      if (static_cast<u32>(v) < nb) w[v] = smem[entry(1, v)];
#pragma unroll
    for (int v = 0; v < kPartBatch; ++v)
      if (static_cast<u32>(v) < nb) b[ob + entry(2, v)] = w[v];
    __syncthreads();
  };
  u32 r[kFlatDepth][kPartBatch];
#pragma unroll
  for (int d = 0; d < kFlatDepth; ++d) load(r[d], blockIdx.x + d * grid);
  for (i64 t = blockIdx.x; t < count; t += kFlatDepth * grid) {
#pragma unroll
    for (int d = 0; d < kFlatDepth; ++d)
      if (t + d * grid < count) step(r[d], t + d * grid);
  }
}

/// A flat kernel's grid: as many blocks as run at once (its occupancy with smem_bytes of dynamic
/// shared memory), at most one a tile.
template <class Kernel>
int flat_grid(Kernel kernel, i64 tiles, int sms, std::size_t smem_bytes) {
  if (smem_bytes > 48 * 1024) cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_bytes));
  int per_sm = 1;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads, smem_bytes);
  return static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
}

}  // namespace

}  // namespace layoutref::gpu
