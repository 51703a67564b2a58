// layoutref gpu — impl's tensors on the device: the tiled copy and transpose kernels indexed
// through impl's runtime layouts (check.hpp): with plans made by impl on the host, and
// partitioning in the kernel (each thread calls local_tile / local_partition: with impl's flat
// algebra here, with its general trees at capacity kKernelLeaves in partition_kernel.cu). The
// tensor suite's partitions are in partition.cu.
#include "check.hpp"
#include "copy_kernels.cuh"
#include "cuda_util.cuh"

#include <layoutref/impl/inverse.hpp>
#include <layoutref/impl/term.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <type_traits>

namespace layoutref::gpu {

using namespace layoutref::impl;
using u32 = std::uint32_t;

namespace {

using namespace copy_kernels;

// ---- the copy and transpose kernels ---------------------------------------------------------------

template <class Index>
struct FastTilePlan {
  FastLayoutR<kPlanRank, Index> rest{};
  i64 tiles = 0;
};
template <class Index>
struct FastPlans {
  std::vector<FastThreadPlan<Index>> a, b, smem_read, smem_write;
  FastTilePlan<Index> tiles_a, tiles_b;
};

/// B = A through the plans (same tiles, same thread layout for A and B).
template <class Index>
__global__ void __launch_bounds__(kThreads) copy_impl_kernel(u32 const* __restrict__ a, u32* __restrict__ b, FastThreadPlan<Index> const* pa,
                                                             FastThreadPlan<Index> const* pb, FastTilePlan<Index> const* ta,
                                                             FastTilePlan<Index> const* tb) {
  FastThreadPlan<Index> const sa = pa[threadIdx.x], sb = pb[threadIdx.x];
  auto const ra = ta->rest, rb = tb->rest;
  i64 const tiles = ta->tiles;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    Index const oa = static_cast<Index>(ra(static_cast<Index>(t))) + sa.offset, ob = static_cast<Index>(rb(static_cast<Index>(t))) + sb.offset;
    for (Index v = 0; v < sa.values; ++v) b[ob + static_cast<Index>(sb.part(v))] = a[oa + static_cast<Index>(sa.part(v))];
  }
}

/// B = A with B row-major: each tile goes through shared memory, read by A's thread layout and
/// written by B's (plans: A and the shared tile by thrR, the shared tile and B by thrW).
template <class Index>
__global__ void __launch_bounds__(kThreads) transpose_impl_kernel(u32 const* __restrict__ a, u32* __restrict__ b, FastThreadPlan<Index> const* pa,
                                                                  FastThreadPlan<Index> const* psr, FastThreadPlan<Index> const* psw,
                                                                  FastThreadPlan<Index> const* pb, FastTilePlan<Index> const* ta,
                                                                  FastTilePlan<Index> const* tb) {
  extern __shared__ u32 smem[];
  FastThreadPlan<Index> const sa = pa[threadIdx.x], sr = psr[threadIdx.x], sw = psw[threadIdx.x], sb = pb[threadIdx.x];
  auto const ra = ta->rest, rb = tb->rest;
  i64 const tiles = ta->tiles;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    Index const oa = static_cast<Index>(ra(static_cast<Index>(t))) + sa.offset;
    for (Index v = 0; v < sa.values; ++v) smem[sr.offset + static_cast<Index>(sr.part(v))] = a[oa + static_cast<Index>(sa.part(v))];
    __syncthreads();
    Index const ob = static_cast<Index>(rb(static_cast<Index>(t))) + sb.offset;
    for (Index v = 0; v < sb.values; ++v) b[ob + static_cast<Index>(sb.part(v))] = smem[sw.offset + static_cast<Index>(sw.part(v))];
    __syncthreads();
  }
}

// ---- the same kernels, partitioning with impl's flat algebra ---------------------------------------

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

constexpr int kBatch = 8;  ///< values per thread loaded before any is stored (the batched impl kernels)

/// copy_impl_kernel with kBatch loads in flight per thread (the index arithmetic is the same impl
/// evaluation; only the order of loads and stores differs).
template <class Index>
__global__ void __launch_bounds__(kThreads) copy_impl_batched_kernel(u32 const* __restrict__ a, u32* __restrict__ b, FastThreadPlan<Index> const* pa,
                                                                     FastThreadPlan<Index> const* pb, FastTilePlan<Index> const* ta,
                                                                     FastTilePlan<Index> const* tb) {
  FastThreadPlan<Index> const sa = pa[threadIdx.x], sb = pb[threadIdx.x];
  auto const ra = ta->rest, rb = tb->rest;
  i64 const tiles = ta->tiles;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    Index const oa = static_cast<Index>(ra(static_cast<Index>(t))) + sa.offset, ob = static_cast<Index>(rb(static_cast<Index>(t))) + sb.offset;
    for (Index v0 = 0; v0 < sa.values; v0 += kBatch) {
      u32 r[kBatch];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sa.values) r[k] = a[oa + static_cast<Index>(sa.part(v0 + k))];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sa.values) b[ob + static_cast<Index>(sb.part(v0 + k))] = r[k];
    }
  }
}

/// transpose_impl_kernel with kBatch loads in flight per thread in each stage.
template <class Index>
__global__ void __launch_bounds__(kThreads) transpose_impl_batched_kernel(u32 const* __restrict__ a, u32* __restrict__ b,
                                                                          FastThreadPlan<Index> const* pa, FastThreadPlan<Index> const* psr,
                                                                          FastThreadPlan<Index> const* psw, FastThreadPlan<Index> const* pb,
                                                                          FastTilePlan<Index> const* ta, FastTilePlan<Index> const* tb) {
  extern __shared__ u32 smem[];
  FastThreadPlan<Index> const sa = pa[threadIdx.x], sr = psr[threadIdx.x], sw = psw[threadIdx.x], sb = pb[threadIdx.x];
  auto const ra = ta->rest, rb = tb->rest;
  i64 const tiles = ta->tiles;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    Index const oa = static_cast<Index>(ra(static_cast<Index>(t))) + sa.offset;
    for (Index v0 = 0; v0 < sa.values; v0 += kBatch) {
      u32 r[kBatch];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sa.values) r[k] = a[oa + static_cast<Index>(sa.part(v0 + k))];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sa.values) smem[sr.offset + static_cast<Index>(sr.part(v0 + k))] = r[k];
    }
    __syncthreads();
    Index const ob = static_cast<Index>(rb(static_cast<Index>(t))) + sb.offset;
    for (Index v0 = 0; v0 < sb.values; v0 += kBatch) {
      u32 r[kBatch];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sb.values) r[k] = smem[sw.offset + static_cast<Index>(sw.part(v0 + k))];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sb.values) b[ob + static_cast<Index>(sb.part(v0 + k))] = r[k];
    }
    __syncthreads();
  }
}

/// The same copy with the index arithmetic written by hand: 64 x 64 tiles, threads (32,8):(1,32).
__global__ void __launch_bounds__(kThreads) copy_hand_kernel(u32 const* __restrict__ a, u32* __restrict__ b, i64 m, i64 tiles_m, i64 tiles) {
  int const tm = threadIdx.x % 32, tn = threadIdx.x / 32;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    i64 const base = (t % tiles_m) * kTile + (t / tiles_m) * kTile * m;
#pragma unroll
    for (int j = 0; j < kTile / 8; ++j)
#pragma unroll
      for (int i = 0; i < kTile / 32; ++i) {
        i64 const k = base + (tm + 32 * i) + (tn + 8 * j) * m;
        b[k] = a[k];
      }
  }
}

/// The same transpose by hand: read with threads (32,8):(1,32), write with (8,32):(32,1), a padded
/// 64 x 65 shared tile.
__global__ void __launch_bounds__(kThreads) transpose_hand_kernel(u32 const* __restrict__ a, u32* __restrict__ b, i64 m, i64 n, i64 tiles_m,
                                                                  i64 tiles) {
  __shared__ u32 s[kTile * (kTile + 1)];
  int const tm = threadIdx.x % 32, tn = threadIdx.x / 32;
  int const wm = threadIdx.x / 32, wn = threadIdx.x % 32;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    i64 const bm = (t % tiles_m) * kTile, bn = (t / tiles_m) * kTile;
#pragma unroll
    for (int j = 0; j < kTile / 8; ++j)
#pragma unroll
      for (int i = 0; i < kTile / 32; ++i) {
        int const r = tm + 32 * i, c = tn + 8 * j;
        s[r + c * (kTile + 1)] = a[(bm + r) + (bn + c) * m];
      }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < kTile / 8; ++i)
#pragma unroll
      for (int j = 0; j < kTile / 32; ++j) {
        int const r = wm + 8 * i, c = wn + 32 * j;
        b[(bm + r) * n + (bn + c)] = s[r + c * (kTile + 1)];
      }
    __syncthreads();
  }
}

__global__ void iota_kernel(u32* a, i64 size) {
  for (i64 i = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x; i < size; i += static_cast<i64>(gridDim.x) * blockDim.x)
    a[i] = static_cast<u32>(i);
}

/// Every logical index i: B at the spec's B(i) must hold A at the spec's A(i).
__global__ void verify_copy_kernel(u32 const* a, u32 const* b, CopySpec spec, i64 size, DeviceTally* tally) {
  unsigned long long n = 0;
  for (i64 i = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x; i < size; i += static_cast<i64>(gridDim.x) * blockDim.x) {
    i64 ia = spec_rule::evaluate(spec.a, i).c[0], ib = spec_rule::evaluate(spec.b, i).c[0];
    ++n;
    if (b[ib] != a[ia]) record(tally, Mismatch{i, -1, kTensor, 0, static_cast<i64>(b[ib]), static_cast<i64>(a[ia])});
  }
  atomicAdd(&tally->indices, n);
  atomicAdd(&tally->evaluations, n);
}

/// The plans prepared at Index (FastLayoutR<kPlanRank, Index>::make of each layout), or the
/// error naming the plan that does not fit; `overflow`: the error is an overflow (the 64-bit
/// plans may still fit).
template <class Index>
std::string make_fast_plans(CopyPlans const& p, FastPlans<Index>& out, bool& overflow) {
  using FL = FastLayoutR<kPlanRank, Index>;
  overflow = false;
  auto refused = [&](std::string const& what, Error const& err) {
    overflow = err.code == Errc::overflow;
    return what + ": FastLayoutR<" + std::to_string(kPlanRank) + ", " + std::to_string(8 * sizeof(Index)) + "-bit>::make: " + str(err);
  };
  auto threads = [&](char const* what, std::vector<ThreadPlan> const& in, std::vector<FastThreadPlan<Index>>& o) -> std::string {
    o.clear();
    for (std::size_t t = 0; t < in.size(); ++t) {
      std::string name = std::string(what) + " plan of thread " + std::to_string(t);
      auto f = FL::make(in[t].part);
      if (!f.ok()) return refused(name, f.error);
      if (in[t].offset < 0 || static_cast<u64>(in[t].offset) > static_cast<u64>(static_cast<Index>(~Index{0}))) {
        overflow = true;
        return name + ": the offset " + std::to_string(in[t].offset) + " does not fit in " + std::to_string(8 * sizeof(Index)) + " bits";
      }
      o.push_back(FastThreadPlan<Index>{f.value, static_cast<Index>(in[t].offset), static_cast<Index>(in[t].values)});
    }
    return {};
  };
  auto tiles = [&](char const* what, TilePlan const& in, FastTilePlan<Index>& o) -> std::string {
    auto f = FL::make(in.rest);
    if (!f.ok()) return refused(what, f.error);
    o = FastTilePlan<Index>{f.value, in.tiles};
    return {};
  };
  std::string e = threads("A", p.a, out.a);
  if (e.empty()) e = threads("B", p.b, out.b);
  if (e.empty()) e = threads("shared tile (read)", p.smem_read, out.smem_read);
  if (e.empty()) e = threads("shared tile (write)", p.smem_write, out.smem_write);
  if (e.empty()) e = tiles("A's tiles", p.tiles_a, out.tiles_a);
  if (e.empty()) e = tiles("B's tiles", p.tiles_b, out.tiles_b);
  return e;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

std::vector<CopyResult> run_copy(CopyProblem const& p, PlanCopy const& make_plans, CopySpec const& spec, double& plan_ms) {
  std::vector<CopyResult> results;
  plan_ms = 0;
  auto fail = [&](std::string const& what) {
    CopyResult r;
    r.variant = "setup";
    r.error = what;
    results.push_back(r);
    return results;
  };
  if (p.m % kTile != 0 || p.n % kTile != 0) return fail("M and N must be multiples of 64");
  i64 const size = p.m * p.n;
  DeviceBuffer<u32> a(static_cast<std::size_t>(size)), b(static_cast<std::size_t>(size));
  if (!a.ok()) return fail(a.error);
  if (!b.ok()) return fail(b.error);
  int const sms = sm_count();
  iota_kernel<<<sms * 8, 256>>>(a.get(), size);
  if (auto e = check_launch("iota_kernel"); !e.empty()) return fail(e);

  // The plans: impl's local_tile / local_partition / zipped_divide of the tensors over a and b.
  i64 const smem_cosize = kTile + (kTile - 1) * (kTile + 1);  // the padded shared tile (64,64):(1,65)
  DeviceBuffer<u32> smem_origin(static_cast<std::size_t>(smem_cosize));
  CopyPlans plans;
  auto t0 = std::chrono::steady_clock::now();
  std::string e = make_plans(a.get(), b.get(), smem_origin.get(), plans);
  plan_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!e.empty()) return fail(e);
  auto sized = [](std::vector<ThreadPlan> const& v) { return v.size() == static_cast<std::size_t>(kThreads); };
  if (!sized(plans.a) || !sized(plans.b) || (p.transpose && (!sized(plans.smem_read) || !sized(plans.smem_write))))
    return fail("a plan without one entry per thread");
  i64 const values = plans.a[0].values;
  for (auto const* v : {&plans.a, &plans.b, &plans.smem_read, &plans.smem_write})
    for (auto const& tp : *v)
      if (tp.values != values) return fail("threads with different numbers of values");
  if (plans.tiles_a.tiles != plans.tiles_b.tiles) return fail("A and B have different numbers of tiles");
  EventTimer timer;

  i64 const tiles_m = p.m / kTile, tiles = tiles_m * (p.n / kTile);
  double const bytes = 2.0 * static_cast<double>(size) * sizeof(u32);
  int index_bits = 0;  // the impl kernels' index width, set before they run

  auto run_variant = [&](char const* name, bool verify, auto const& launch) {
    CopyResult r;
    r.variant = name;
    r.index_bits = index_bits;
    std::vector<double> ms;
    for (int rep = 0; rep < p.reps + 2 && r.error.empty(); ++rep) {
      cudaMemset(b.get(), 0xff, static_cast<std::size_t>(size) * sizeof(u32));
      timer.start();
      launch();
      double s = timer.stop_seconds();
      r.error = check_launch(name);
      if (rep >= 2) ms.push_back(s * 1000);
    }
    if (!r.error.empty()) return results.push_back(r);
    r.median_ms = median(ms);
    r.gbps = bytes / (r.median_ms / 1000) / 1e9;
    if (verify) {
      DeviceBuffer<DeviceTally> d(1);
      cudaMemset(d.get(), 0, sizeof(DeviceTally));
      verify_copy_kernel<<<sms * 8, 256>>>(a.get(), b.get(), spec, size, d.get());
      r.error = check_launch("verify_copy_kernel");
      Tally t;
      if (r.error.empty()) r.error = read_tally(d.get(), t);
      r.elements = t.indices;
      r.mismatches = t.mismatches;
      r.first = t.first;
    }
    results.push_back(r);
  };

  // The impl kernels at the index type of the plans `fp` (FastPlans<Index>).
  auto run_impl = [&](auto const& fp) {
    using Index = typename std::decay_t<decltype(fp.tiles_a.rest)>::index_type;
    DeviceBuffer<FastThreadPlan<Index>> pa(kThreads), pb(kThreads), psr(kThreads), psw(kThreads);
    DeviceBuffer<FastTilePlan<Index>> ta(1), tb_(1);
    std::string ue = pa.upload(fp.a);
    if (ue.empty()) ue = pb.upload(fp.b);
    if (ue.empty() && p.transpose) ue = psr.upload(fp.smem_read);
    if (ue.empty() && p.transpose) ue = psw.upload(fp.smem_write);
    if (ue.empty()) ue = ta.upload(std::vector<FastTilePlan<Index>>{fp.tiles_a});
    if (ue.empty()) ue = tb_.upload(std::vector<FastTilePlan<Index>>{fp.tiles_b});
    if (!ue.empty()) {
      fail(ue);
      return;
    }
    index_bits = static_cast<int>(8 * sizeof(Index));
    // The kernels that partition by themselves report a failed partition in `status`.
    DeviceBuffer<int> status(1);
    auto run_partitioned = [&](char const* name, auto const& launch) {
      cudaMemset(status.get(), 0, sizeof(int));
      run_variant(name, true, launch);
      std::vector<int> st;
      std::string se = status.download(st);
      if (se.empty() && !st.empty() && st[0] != 0) se = "a thread's partition failed in the kernel (status " + std::to_string(st[0]) + ")";
      if (!se.empty()) results.back().error = se;
    };
    // The flat kernels refuse, block-wide, what impl refuses: A's tiles with a tiler entry of 0
    // (zipped_divide, made once for the block: status 40 + its Errc) and a thread layout of 128
    // threads for 256 (local_partition by get_flat_coord fails in threads 128-255 only: status
    // 20 + its Errc). Each launch must end (no thread waits at a barrier the others left) with
    // the status impl's contract gives for that call.
    auto refusals = [&](auto const& launch) {
      auto refuse = [&](char const* name, KernelFlatLayouts const& bad, int want) {
        CopyResult r;
        r.variant = name;
        cudaMemset(status.get(), 0, sizeof(int));
        launch(bad);
        cudaDeviceSynchronize();
        r.error = check_launch(name);
        std::vector<int> st;
        if (r.error.empty()) r.error = status.download(st);
        if (r.error.empty() && (st.empty() || st[0] != want))
          r.error = std::string(name) + ": status " + (st.empty() ? std::string("none") : std::to_string(st[0])) + ", impl's contract: " +
                    std::to_string(want);
        if (r.error.empty()) r.note = "refused in the kernel with status " + std::to_string(want) + ", as impl's contract says";
        results.push_back(r);
      };
      // The statuses by impl's contracts (impl/flat.hpp): zipped_divide refuses a tiler entry < 1
      // with bad_argument; get_flat_coord refuses an index that is no value of the thread layout
      // (16,8):(1,16), whose values are 0-127, with inadmissible, get_flat_coord.not_a_value. impl
      // on the host must agree, as a second check.
      KernelFlatLayouts zero_tiler = p.flat;
      zero_tiler.tiler = FlatTuple<2>{{0, kTile}};
      auto z = zipped_divide(zero_tiler.a, zero_tiler.tiler);
      if (z.ok() || z.error.code != Errc::bad_argument) {
        fail("impl on the host does not refuse a tiler entry of 0 with bad_argument");
        return;
      }
      refuse("flat kernel, a tiler entry of 0", zero_tiler, 40 + static_cast<int>(Errc::bad_argument));
      KernelFlatLayouts half = p.flat;
      half.thr_a = FlatLayout<2>{FlatTuple<2>{{16, 8}}, FlatTuple<2>{{1, 16}}};
      auto c0 = get_flat_coord(half.thr_a, 0);
      auto c1 = get_flat_coord(half.thr_a, kThreads - 1);
      if (!c0.ok() || c1.ok() || c1.error.code != Errc::inadmissible || c1.error.condition != Cond::get_flat_coord_not_a_value) {
        fail("impl on the host: (16,8):(1,16) should hold thread 0 and refuse thread 255 as get_flat_coord.not_a_value");
        return;
      }
      refuse("flat kernel, 128 threads' layout", half, 20 + static_cast<int>(Errc::inadmissible));
    };
    // Tiles of (128,64): 32 values a thread, past kPartBatch, so the flat kernels run
    // partition_loop's general loop (transposing, through a shared tile (128,64):(1,129)).
    bool const wide_fits = p.m % (2 * kTile) == 0;
    KernelFlatLayouts wide = p.flat;
    wide.tiler = FlatTuple<2>{{2 * kTile, kTile}};
    wide.smem = FlatLayout<2>{FlatTuple<2>{{2 * kTile, kTile}}, FlatTuple<2>{{1, 2 * kTile + 1}}};
    i64 const wide_cosize = 2 * kTile + (kTile - 1) * (2 * kTile + 1);
    int per_sm = 1;
    if (!p.transpose) {
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, copy_impl_kernel<Index>, kThreads, 0);
      int grid_impl = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
      run_variant("impl (local_tile/local_partition)", true,
                  [&] { copy_impl_kernel<Index><<<grid_impl, kThreads>>>(a.get(), b.get(), pa.get(), pb.get(), ta.get(), tb_.get()); });
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, copy_impl_batched_kernel<Index>, kThreads, 0);
      int grid_batched = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
      run_variant("impl, 8 loads in flight", true, [&] {
        copy_impl_batched_kernel<Index><<<grid_batched, kThreads>>>(a.get(), b.get(), pa.get(), pb.get(), ta.get(), tb_.get());
      });
      if constexpr (std::is_same_v<Index, u32>) {
        int const grid_part = partition_kernel_grid(tiles, sms, 0);
        run_partitioned("impl, partitioned in the kernel",
                        [&] { launch_partition_kernel(grid_part, 0, a.get(), b.get(), p.kernel, false, 0, status.get()); });
        {
          std::size_t const scratch = kFlatScratchBytes<false>;
          int const g = flat_grid(flat_copy_kernel, tiles, sms, scratch);
          run_partitioned("impl, flat partition in the kernel",
                          [&] { flat_copy_kernel<<<g, kThreads, scratch>>>(a.get(), b.get(), p.flat, status.get()); });
          refusals([&](KernelFlatLayouts const& bad) { flat_copy_kernel<<<g, kThreads, scratch>>>(a.get(), b.get(), bad, status.get()); });
          if (wide_fits)
            run_partitioned("impl, flat, 32 values a thread", [&] { flat_copy_kernel<<<g, kThreads, scratch>>>(a.get(), b.get(), wide, status.get()); });
        }
      }
    } else {
      std::size_t const smem_bytes = static_cast<std::size_t>(smem_cosize) * sizeof(u32);
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose_impl_kernel<Index>, kThreads, smem_bytes);
      int grid_impl = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
      run_variant("impl (local_tile/local_partition)", true, [&] {
        transpose_impl_kernel<Index><<<grid_impl, kThreads, smem_bytes>>>(a.get(), b.get(), pa.get(), psr.get(), psw.get(), pb.get(), ta.get(),
                                                                          tb_.get());
      });
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose_impl_batched_kernel<Index>, kThreads, smem_bytes);
      int grid_batched = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
      run_variant("impl, 8 loads in flight", true, [&] {
        transpose_impl_batched_kernel<Index><<<grid_batched, kThreads, smem_bytes>>>(a.get(), b.get(), pa.get(), psr.get(), psw.get(), pb.get(),
                                                                                     ta.get(), tb_.get());
      });
      if constexpr (std::is_same_v<Index, u32>) {
        std::size_t const part_smem = kPartTilesTranspose * smem_bytes;  // a shared buffer per tile of a step
        int const grid_part = partition_kernel_grid(tiles, sms, part_smem);
        run_partitioned("impl, partitioned in the kernel", [&] {
          launch_partition_kernel(grid_part, part_smem, a.get(), b.get(), p.kernel, true, static_cast<u32>(smem_cosize), status.get());
        });
        {
          std::size_t const flat_smem = smem_bytes + kTableBytes;  // the shared tile, then the table
          int const g = flat_grid(flat_transpose_kernel, tiles, sms, flat_smem);
          run_partitioned("impl, flat partition in the kernel", [&] {
            flat_transpose_kernel<<<g, kThreads, flat_smem>>>(a.get(), b.get(), p.flat, static_cast<u32>(smem_cosize), status.get());
          });
          refusals([&](KernelFlatLayouts const& bad) {
            flat_transpose_kernel<<<g, kThreads, flat_smem>>>(a.get(), b.get(), bad, static_cast<u32>(smem_cosize), status.get());
          });
          if (wide_fits) {
            std::size_t const wide_smem = static_cast<std::size_t>(wide_cosize) * sizeof(u32) + kTableBytes;
            int const gw = flat_grid(flat_transpose_kernel, tiles / 2, sms, wide_smem);
            run_partitioned("impl, flat, 32 values a thread", [&] {
              flat_transpose_kernel<<<gw, kThreads, wide_smem>>>(a.get(), b.get(), wide, static_cast<u32>(wide_cosize), status.get());
            });
          }
        }
      }
    }
  };

  run_variant("cudaMemcpy", !p.transpose, [&] {
    cudaMemcpy(b.get(), a.get(), static_cast<std::size_t>(size) * sizeof(u32), cudaMemcpyDeviceToDevice);
  });
  {
    int per_sm = 1;
    if (!p.transpose) {
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, copy_hand_kernel, kThreads, 0);
      int grid_hand = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
      run_variant("hand-indexed", true, [&] { copy_hand_kernel<<<grid_hand, kThreads>>>(a.get(), b.get(), p.m, tiles_m, tiles); });
    } else {
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose_hand_kernel, kThreads, 0);
      int grid_hand = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
      run_variant("hand-indexed", true, [&] { transpose_hand_kernel<<<grid_hand, kThreads>>>(a.get(), b.get(), p.m, p.n, tiles_m, tiles); });
    }
  }

  // The index type: with_fast_layout on A's layout picks 32 bits when it fits, and the 32-bit
  // plans are used when every one of them fits too; otherwise the 64-bit plans.
  std::string plan_error;
  auto t1 = std::chrono::steady_clock::now();
  auto plans_made = [&] { plan_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count(); };
  Error picked = with_fast_layout<kPlanRank>(plans.array_a, [&](auto const& fa) {
    using Index = typename std::decay_t<decltype(fa)>::index_type;
    (void)fa;  // A's layout decides the type; the kernels use the plans
    bool overflow = false;
    if constexpr (std::is_same_v<Index, u32>) {
      FastPlans<u32> fp32;
      plan_error = make_fast_plans(plans, fp32, overflow);
      if (plan_error.empty()) {
        plans_made();
        return run_impl(fp32);
      }
      if (!overflow) return plans_made();
    }
    FastPlans<u64> fp64;
    plan_error = make_fast_plans(plans, fp64, overflow);
    plans_made();
    if (plan_error.empty()) run_impl(fp64);
  });
  if (!picked.ok()) plan_error = "A's layout: " + str(picked);
  if (!plan_error.empty()) fail(plan_error);
  return results;
}

}  // namespace layoutref::gpu
