// layoutref gpu — what the copy and transpose kernels share (tensor.cu, partition_kernel.cu):
// their block size and tile, a thread's plan (FastThreadPlan) and the loop over the tiles of the
// kernels that partition by themselves (partition_loop); partition_kernel's launch.
#pragma once
#include "check.hpp"

#include <layoutref/impl/fast_layout.hpp>

#include <cstddef>
#include <cstdint>

namespace layoutref::gpu::copy_kernels {

using namespace layoutref::impl;
using u32 = std::uint32_t;

inline constexpr int kThreads = kCopyThreads;
inline constexpr int kTile = kCopyTile;

/// A ThreadPlan prepared for the kernels: part as a FastLayoutR of rank kPlanRank (check.hpp),
/// offset and count in Index. The kernels add rest(k) + offset + part(v) in Index arithmetic,
/// modulo 2^32 or 2^64: each term is its true value modulo that, and the true sum is an element
/// offset of the array (in [0, size), size < 2^32 for the 32-bit kernels), so the sum is exact.
template <class Index>
struct FastThreadPlan {
  FastLayoutR<kPlanRank, Index> part{};
  Index offset = 0;
  Index values = 0;
};

/// partition_kernel: two blocks an SM (its launch bound; partition_kernel.cu and tensor.cu are compiled with at most 128
/// registers a function, gpu/CMakeLists.txt); a step of its loop copies two tiles, or transposes
/// one (its offsets for the shared tile take the registers), kPartBatch values of each in flight.
/// The best of the variants measured (docs/gpu.md, "Registers and blocks an SM").
inline constexpr int kPartBlocksPerSM = 2;
inline constexpr int kPartTilesCopy = 2, kPartTilesTranspose = 1;
inline constexpr int kPartBatch = 16;

/// K values of T in __shared__ memory, which runs no constructor (nvcc: no dynamic initialization
/// of a __shared__ variable): impl's trees have one (it clears them in constant evaluation), so
/// they are held in a union whose constructor is empty, and every one is assigned before it is read.
template <class T, int K>
union Uninitialized {
  T v[K];
  __device__ Uninitialized() {}  // NOLINT: empty on purpose
};

/// partition_kernel's loop over its tiles, with the thread's plans sa, sb (and, transposing, sr,
/// sw for the shared tile): Tiles tiles per step, kPartBatch values of each loaded before any is
/// stored. The kernel runs kPartBlocksPerSM blocks of kThreads an SM (the setup's registers), so
/// each thread keeps up to Tiles * kPartBatch loads in flight where the other kernels have the
/// occupancy to hide latency. Which tiles a step has depends on blockIdx only, so every thread
/// reaches each barrier. Transposing, the step's tile j goes through shared buffer j, smem + j *
/// smem_cosize. A thread's offsets inside a tile of A and of B are the same for every tile: where
/// its values fit one batch (kPartBatch, the common case) they are evaluated once, before the loop,
/// and kept in registers; otherwise once per batch and step. The shared tile's offsets are
/// evaluated where they are used (kept too, they made ptxas spill at 128 registers). Transposing
/// one tile a step with one batch, the loop is software-pipelined: tile t + gridDim.x is loaded
/// into registers while tile t goes from the shared tile to B.
template <bool Transpose, int Tiles>
__device__ __forceinline__ void partition_loop(u32 const* __restrict__ a, u32* __restrict__ b, u32* smem, u32 smem_cosize,
                                               FastLayoutR<kPlanRank, u32> const& fa, FastLayoutR<kPlanRank, u32> const& fb, i64 count,
                                               FastThreadPlan<u32> const& sa, FastThreadPlan<u32> const& sb, FastThreadPlan<u32> const& sr,
                                               FastThreadPlan<u32> const& sw) {
  using Index = u32;
  Index offA[kPartBatch], offB[kPartBatch];
  auto offsets = [&](Index v0) {
#pragma unroll
    for (int k = 0; k < kPartBatch; ++k) {
      Index const v = v0 + static_cast<Index>(k);
      offA[k] = v < sa.values ? static_cast<Index>(sa.part(v)) : 0;
      offB[k] = v < sb.values ? static_cast<Index>(sb.part(v)) : 0;
    }
  };
  bool const one_batch = sa.values <= kPartBatch && sb.values <= kPartBatch;
  if (one_batch) offsets(0);
  if constexpr (Transpose && Tiles == 1) {
    if (one_batch) {  // software-pipelined: the next tile's loads are in flight while this tile goes to B
      u32 r[kPartBatch], w[kPartBatch];
      i64 t = blockIdx.x;
      Index oa = t < count ? static_cast<Index>(fa(static_cast<Index>(t))) + sa.offset : 0;
#pragma unroll
      for (int k = 0; k < kPartBatch; ++k)
        if (t < count && static_cast<Index>(k) < sa.values) r[k] = a[oa + offA[k]];
      for (; t < count; t += gridDim.x) {
#pragma unroll
        for (int k = 0; k < kPartBatch; ++k)
          if (static_cast<Index>(k) < sa.values) {
            smem[sr.offset + static_cast<Index>(sr.part(static_cast<Index>(k)))] = r[k];
          }
        __syncthreads();
        i64 const next = t + gridDim.x;
        if (next < count) {
          oa = static_cast<Index>(fa(static_cast<Index>(next))) + sa.offset;
#pragma unroll
          for (int k = 0; k < kPartBatch; ++k)
            if (static_cast<Index>(k) < sa.values) r[k] = a[oa + offA[k]];
        }
        Index const ob = static_cast<Index>(fb(static_cast<Index>(t))) + sb.offset;
#pragma unroll
        for (int k = 0; k < kPartBatch; ++k)
          if (static_cast<Index>(k) < sb.values) {
            w[k] = smem[sw.offset + static_cast<Index>(sw.part(static_cast<Index>(k)))];
          }
#pragma unroll
        for (int k = 0; k < kPartBatch; ++k)
          if (static_cast<Index>(k) < sb.values) b[ob + offB[k]] = w[k];
        __syncthreads();
      }
      return;
    }
  }
  for (i64 t = blockIdx.x; t < count; t += Tiles * static_cast<i64>(gridDim.x)) {
    Index oa[Tiles], ob[Tiles];
    bool has[Tiles];
#pragma unroll
    for (int j = 0; j < Tiles; ++j) {
      i64 const tj = t + j * static_cast<i64>(gridDim.x);
      has[j] = tj < count;
      oa[j] = has[j] ? static_cast<Index>(fa(static_cast<Index>(tj))) + sa.offset : 0;
      ob[j] = has[j] ? static_cast<Index>(fb(static_cast<Index>(tj))) + sb.offset : 0;
    }
    u32 r[Tiles][kPartBatch];
    // A's values: into registers, then to B (copying) or to the shared buffers (transposing).
    for (Index v0 = 0; v0 < sa.values; v0 += kPartBatch) {
      if (!one_batch) offsets(v0);
#pragma unroll
      for (int k = 0; k < kPartBatch; ++k) {
        if (v0 + static_cast<Index>(k) >= sa.values) break;
#pragma unroll
        for (int j = 0; j < Tiles; ++j)
          if (has[j]) r[j][k] = a[oa[j] + offA[k]];
      }
#pragma unroll
      for (int k = 0; k < kPartBatch; ++k) {
        if (v0 + static_cast<Index>(k) >= sa.values) break;
#pragma unroll
        for (int j = 0; j < Tiles; ++j) {
          if (!has[j]) continue;
          if constexpr (Transpose)
            smem[j * smem_cosize + sr.offset + static_cast<Index>(sr.part(v0 + static_cast<Index>(k)))] = r[j][k];
          else
            b[ob[j] + offB[k]] = r[j][k];
        }
      }
    }
    if constexpr (!Transpose) continue;
    __syncthreads();
    for (Index v0 = 0; v0 < sb.values; v0 += kPartBatch) {
      if (!one_batch) offsets(v0);
#pragma unroll
      for (int k = 0; k < kPartBatch; ++k) {
        if (v0 + static_cast<Index>(k) >= sb.values) break;
#pragma unroll
        for (int j = 0; j < Tiles; ++j)
          if (has[j]) r[j][k] = smem[j * smem_cosize + sw.offset + static_cast<Index>(sw.part(v0 + static_cast<Index>(k)))];
      }
#pragma unroll
      for (int k = 0; k < kPartBatch; ++k) {
        if (v0 + static_cast<Index>(k) >= sb.values) break;
#pragma unroll
        for (int j = 0; j < Tiles; ++j)
          if (has[j]) b[ob[j] + offB[k]] = r[j][k];
      }
    }
    __syncthreads();
  }
}

/// partition_kernel (partition_kernel.cu): its grid for `tiles` tiles on `sms` SMs with
/// smem_bytes of dynamic shared memory (as many blocks as run at once, at most one a tile), and
/// its launch: B = A (transpose false) or its transpose through the shared tile of smem_cosize
/// values, each block partitioning k by itself; a failed partition writes its status to *status.
int partition_kernel_grid(i64 tiles, int sms, std::size_t smem_bytes);
void launch_partition_kernel(int grid, std::size_t smem_bytes, u32 const* a, u32* b, KernelCopyLayouts const& k, bool transpose, u32 smem_cosize,
                             int* status);

}  // namespace layoutref::gpu::copy_kernels
