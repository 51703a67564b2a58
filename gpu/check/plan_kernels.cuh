// layoutref gpu — the copy and transpose kernels of the tensor benchmark (run_copy, tensor.cu)
// through plans made by impl on the host (check.hpp's CopyPlans, prepared as FastThreadPlan and
// FastTilePlan): one load and store at a time, and kBatch loads in flight; and the same copy and
// transpose with the index arithmetic written by hand. Included by tensor.cu only.
#pragma once
#include "check.hpp"
#include "copy_kernels.cuh"

#include <cstdint>

namespace layoutref::gpu {

namespace {

using namespace copy_kernels;

template <class Index>
struct FastTilePlan {
  FastLayoutR<kPlanRank, Index> rest{};
  i64 tiles = 0;
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

}  // namespace

}  // namespace layoutref::gpu
