// layoutref gpu — impl's tensors on the device: the tiled copy and transpose kernels indexed
// through impl's runtime layouts (check.hpp): with plans made by impl on the host, and
// partitioning in the kernel (each thread calls local_tile / local_partition at capacity
// kKernelLeaves). The tensor suite's partitions are in partition.cu.
#include "check.hpp"
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

// ---- the copy and transpose kernels ---------------------------------------------------------------

constexpr int kThreads = kCopyThreads;
constexpr int kTile = kCopyTile;

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

// ---- the same kernels, partitioning by themselves -------------------------------------------------

/// The per-block half of a kernel's own partition, as a kernel author writes it (CuTe's
/// local_tile = zipped_divide(t, tiler) sliced at the tile's coordinate; local_partition =
/// outer_partition = a zipped divide sliced at the thread's coordinate), in two phases whose steps
/// run in parallel, one per warp (partition_kernel). Phase 1, tiles_in_block: Z =
/// zipped_divide(l, tiler); tile 0 = Z(_, 0), which is Z's mode 0 at the origin (every layout maps
/// the coordinate 0 to 0: local_tile(t, tiler, 0) = make_tensor(origin, mode 0 of Z)); the rest
/// mode of Z (tile k starts at rest(k)) and the count of tiles. The thread side: by =
/// product_each(shape(thr)) (tiler_of_threads) and right_inverse(thr) (inverse_in_block). Phase 2,
/// divide_in_block: z = zipped_divide(tile 0, by), the block's division of its tile by the thread
/// shape. Out of line (ptxas compiles each once). Each returns 0, or 10 + the Errc of the divide or
/// of product_each, 40 + that of the tiles' zipped_divide, mode or size.
using KernelTensor = Tensor<Pointer<u32 const>, kKernelLeaves>;
__device__ __noinline__ int tiles_in_block(LayoutN<kKernelLeaves> const& l, TilerN<kKernelLeaves> const& tiler, LayoutN<kKernelLeaves>& tile0,
                                           LayoutN<kKernelLeaves>* rest, i64* count) {
  auto z = zipped_divide(l, tiler);
  if (!z.ok()) return 40 + static_cast<int>(z.error.code);
  auto m0 = z.value.mode(0);
  if (!m0.ok()) return 40 + static_cast<int>(m0.error.code);
  tile0 = m0.value;
  if (rest == nullptr) return 0;
  auto r = z.value.mode(1);
  if (!r.ok()) return 40 + static_cast<int>(r.error.code);
  auto n = size(r.value);
  if (!n.ok()) return 40 + static_cast<int>(n.error.code);
  *rest = r.value;
  *count = n.value.value;
  return 0;
}
__device__ __noinline__ int tiler_of_threads(LayoutN<kKernelLeaves> const& thr, TilerN<kKernelLeaves>& by) {
  auto t = product_each_tiler(thr);
  if (!t.ok()) return 10 + static_cast<int>(t.error.code);
  by = t.value;
  return 0;
}
__device__ __noinline__ int divide_in_block(u32 const* origin, LayoutN<kKernelLeaves> const& tile0, TilerN<kKernelLeaves> const& by,
                                            KernelTensor& z) {
  auto d = divide(Arrangement::zipped, make_tensor(make_gmem_ptr(origin), tile0), by);
  if (!d.ok()) return 10 + static_cast<int>(d.error.code);
  z = d.value;
  return 0;
}

/// right_inverse(thr) as a plan, when thr is a bijection onto [0, size(thr)) (the inverse's size
/// is thr's) and the plan fits FastLayoutR; else `bijection` is false.
struct ThreadInverse {
  bool bijection = false;
  FastLayoutR<kPlanRank, u32> inv{};
};
__device__ __noinline__ void inverse_in_block(LayoutN<kKernelLeaves> const& thr, ThreadInverse& out) {
  out.bijection = false;
  auto inv = right_inverse(thr);
  auto nthr = size(thr);
  if (!inv.ok() || !nthr.ok()) return;
  auto ninv = size(inv.value);
  if (!ninv.ok() || ninv.value.value != nthr.value.value) return;  // not a bijection onto [0, size(thr))
  auto fi = FastLayoutR<kPlanRank, u32>::make(inv.value);
  if (!fi.ok()) return;
  out.inv = fi.value;
  out.bijection = true;
}

/// A block's partition of a tensor by a thread layout thr, evaluated per thread in a few
/// divisions: with z = zipped_divide(tile 0, product_each(shape(thr))) = ((thread modes), (value
/// modes)) and thr a bijection onto [0, size(thr)), thread tid's share outer_slice(z,
/// get_flat_coord(thr, tid)) starts at base + z0(right_inverse(thr)(tid)) (z0: z's mode 0 as a
/// function of the thread's 1-D index) and runs along z's mode 1, the same for every thread.
/// `direct` false: thr is no such bijection or a plan does not fit FastLayoutR; the threads then
/// slice z themselves (slice_in_thread).
struct BlockShare {
  bool direct = false;
  FastLayoutR<kPlanRank, u32> z0{}, part{}, inv{};
  u32 base = 0, values = 0;
};
__device__ __noinline__ void share_in_block(KernelTensor const& z, ThreadInverse const& ti, u32 const* origin, BlockShare& out) {
  out.direct = false;
  if (!ti.bijection) return;
  auto m0 = z.layout.mode(0);
  auto m1 = z.layout.mode(1);
  if (!m0.ok() || !m1.ok()) return;
  auto n1 = size(m1.value);
  auto f0 = FastLayoutR<kPlanRank, u32>::make(m0.value);
  auto f1 = FastLayoutR<kPlanRank, u32>::make(m1.value);
  i64 const base = z.engine.ptr - origin;
  if (!n1.ok() || !f0.ok() || !f1.ok() || base < 0 || base > i64{0xffffffff}) return;
  out.z0 = f0.value;
  out.part = f1.value;
  out.inv = ti.inv;
  out.base = static_cast<u32>(base);
  out.values = static_cast<u32>(n1.value.value);
  out.direct = true;
}

/// The slice leaf at a coordinate (a host-device callable for map_leaves).
struct AtCoordinate {
  LAYOUTREF_HD constexpr SliceLeaf operator()(Int x) const { return SliceLeaf::at(x); }
};

/// The per-thread half: this thread's share outer_slice(z, get_flat_coord(thr, tid)) (= CuTe's
/// local_partition(tile 0, thr, tid)), prepared as a FastThreadPlan relative to `origin`.
/// Returns 0, or 20 + the Errc of get_flat_coord, the slice or size, 30 + that of
/// FastLayoutR::make, or 50: an offset that does not fit 32 bits.
__device__ __noinline__ int slice_in_thread(KernelTensor const& z, LayoutN<kKernelLeaves> const& thr, int tid, u32 const* origin,
                                            FastThreadPlan<u32>& out) {
  auto c = get_flat_coord(thr, Int::dynamic(tid));
  if (!c.ok()) return 20 + static_cast<int>(c.error.code);
  SliceCoordN<kKernelLeaves> sc = map_leaves<SliceLeaf>(c.value, AtCoordinate{});
  auto part = outer_slice(z, sc);
  if (!part.ok()) return 20 + static_cast<int>(part.error.code);
  auto n = size(part.value.layout);
  if (!n.ok()) return 20 + static_cast<int>(n.error.code);
  auto f = FastLayoutR<kPlanRank, u32>::make(part.value.layout);
  if (!f.ok()) return 30 + static_cast<int>(f.error.code);
  i64 const offset = part.value.engine.ptr - origin;
  if (offset < 0 || offset > i64{0xffffffff}) return 50;
  out = FastThreadPlan<u32>{f.value, static_cast<u32>(offset), static_cast<u32>(n.value.value)};
  return 0;
}

/// partition_kernel: two blocks an SM (its launch bound; tensor.cu is compiled with at most 128
/// registers a function, gpu/CMakeLists.txt); a step of its loop copies two tiles, or transposes
/// one (its offsets for the shared tile take the registers), kPartBatch values of each in flight.
/// The best of the variants measured (docs/gpu.md, twelfth session).
constexpr int kPartBlocksPerSM = 2;
constexpr int kPartTilesCopy = 2, kPartTilesTranspose = 1;
constexpr int kPartBatch = 16;

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

/// copy_impl_kernel (transpose == false) or transpose_impl_kernel (true), partitioning by itself:
/// per block, in two phases, one thread of each of up to seven warps makes one of the block's
/// shared values (phase 1: the tiles of A, B and the shared tile, product_each(shape(thr)) and
/// right_inverse(thr) of both thread layouts; phase 2: the zipped divides of tile 0 of A, B and,
/// transposing, the shared tile by the thread shapes, with their BlockShare; the plans of the
/// tiles' starts), then every thread
/// takes its own share (BlockShare, or slicing the divide itself). A failed step writes its status
/// (the functions above) to *status and the block copies nothing. 32-bit indices only: a kernel
/// author picks one index type.
__global__ void __launch_bounds__(kThreads, kPartBlocksPerSM) partition_kernel(u32 const* __restrict__ a, u32* __restrict__ b, KernelCopyLayouts const k,
                                                             bool transpose, u32 smem_cosize, int* status) {
  using Index = u32;
  extern __shared__ u32 smem[];
  __shared__ Uninitialized<KernelTensor, 4> z_;  // A by thr_a, B by thr_b, the shared tile by thr_a and by thr_b
  __shared__ BlockShare share[4];
  __shared__ Uninitialized<LayoutN<kKernelLeaves>, 5> layouts_;  // tile 0 of A, B and the shared tile; the rests of A and B
  __shared__ Uninitialized<TilerN<kKernelLeaves>, 2> by_;        // product_each(shape(thr_a)), of thr_b
  __shared__ ThreadInverse inverse[2];
  using FL = FastLayoutR<kPlanRank, Index>;
  __shared__ FL tiles_plan[2];  // FastLayoutR of the rests of A and B (phase 2)
  KernelTensor* const z = z_.v;
  LayoutN<kKernelLeaves>* const tile0 = layouts_.v;
  LayoutN<kKernelLeaves>* const rest = layouts_.v + 3;
  TilerN<kKernelLeaves>* const by = by_.v;
  __shared__ i64 ntiles[2];
  __shared__ int failed;
  int const tid = static_cast<int>(threadIdx.x);
  if (tid == 0) failed = 0;
  __syncthreads();
  int e = 0;
  // Every thread: a failed step writes its status; after the barrier the whole block stops.
  auto stopped = [&](int err) {
    if (err != 0) {
      atomicExch(status, err);
      failed = 1;
    }
    __syncthreads();
    return failed != 0;
  };
  if (tid % 32 == 0) {  // phase 1: one step per warp
    switch (tid / 32) {
      case 0: e = tiles_in_block(k.a, k.tiler, tile0[0], &rest[0], &ntiles[0]); break;
      case 1: e = tiles_in_block(k.b, k.tiler, tile0[1], &rest[1], &ntiles[1]); break;
      case 2: e = transpose ? tiles_in_block(k.smem, k.tiler, tile0[2], nullptr, nullptr) : 0; break;
      case 3: e = tiler_of_threads(k.thr_a, by[0]); break;
      case 4: e = tiler_of_threads(k.thr_b, by[1]); break;
      case 5: inverse_in_block(k.thr_a, inverse[0]); break;
      case 6: inverse_in_block(k.thr_b, inverse[1]); break;
      default: break;
    }
  }
  if (stopped(e)) return;
  if (tid % 32 == 0) {  // phase 2
    switch (tid / 32) {
      case 0: e = divide_in_block(a, tile0[0], by[0], z[0]); if (e == 0) share_in_block(z[0], inverse[0], a, share[0]); break;
      case 1: e = divide_in_block(b, tile0[1], by[1], z[1]); if (e == 0) share_in_block(z[1], inverse[1], b, share[1]); break;
      case 2:
        e = transpose ? divide_in_block(smem, tile0[2], by[0], z[2]) : 0;
        if (e == 0 && transpose) share_in_block(z[2], inverse[0], smem, share[2]);
        break;
      case 3:
        e = transpose ? divide_in_block(smem, tile0[2], by[1], z[3]) : 0;
        if (e == 0 && transpose) share_in_block(z[3], inverse[1], smem, share[3]);
        break;
      case 4:
      case 5: {  // the plans of the tiles' starts
        auto f = FL::make(rest[tid / 32 - 4]);
        if (f.ok()) tiles_plan[tid / 32 - 4] = f.value;
        e = f.ok() ? 0 : 30 + static_cast<int>(f.error.code);
        break;
      }
      default: break;
    }
  }
  if (stopped(e)) return;
  FastThreadPlan<Index> sa{}, sr{}, sw{}, sb{};
  // This thread's share: from the block's share where it is direct, else sliced here.
  auto mine = [&](int j, LayoutN<kKernelLeaves> const& thr, u32 const* origin, FastThreadPlan<Index>& out) {
    BlockShare const& sh = share[j];
    if (!sh.direct) return slice_in_thread(z[j], thr, tid, origin, out);
    out = FastThreadPlan<Index>{sh.part, sh.base + static_cast<Index>(sh.z0(static_cast<Index>(sh.inv(static_cast<Index>(tid))))), sh.values};
    return 0;
  };
  e = mine(0, k.thr_a, a, sa);
  if (e == 0) e = mine(1, k.thr_b, b, sb);
  if (e == 0 && transpose) e = mine(2, k.thr_a, smem, sr);
  if (e == 0 && transpose) e = mine(3, k.thr_b, smem, sw);
  if (stopped(e)) return;
  FL const fa = tiles_plan[0], fb = tiles_plan[1];
  i64 const count = ntiles[0];
  if (transpose)
    partition_loop<true, kPartTilesTranspose>(a, b, smem, smem_cosize, fa, fb, count, sa, sb, sr, sw);
  else
    partition_loop<false, kPartTilesCopy>(a, b, smem, smem_cosize, fa, fb, count, sa, sb, sr, sw);
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

/// The flat kernels' setup: thread tid's FlatPlans. Returns 0 or the status of the step
/// that failed (flat_tiles, flat_share).
template <bool Transpose>
__device__ __forceinline__ int flat_setup(u32 const* a, u32* b, u32 const* smem, KernelFlatLayouts const& k, int tid, FlatPlans& p) {
  FlatTensor<Pointer<u32 const>, 2> ta;
  FlatTensor<Pointer<u32>, 2> tb;
  int e = flat_tiles(make_tensor(make_gmem_ptr(a), k.a), k.tiler, ta, &p.fa);
  if (e == 0) e = flat_tiles(make_tensor(make_gmem_ptr(b), k.b), k.tiler, tb, &p.fb);
  if (e == 0) e = flat_share(ta, k.thr_a, tid, a, p.sa);
  if (e == 0) e = flat_share(tb, k.thr_b, tid, static_cast<u32 const*>(b), p.sb);
  if constexpr (Transpose) {
    FlatTensor<Pointer<u32 const>, 2> ts;
    if (e == 0) e = flat_tiles(make_tensor(make_smem_ptr(smem), k.smem), k.tiler, ts, static_cast<FastLayoutR<kPlanRank, u32>*>(nullptr));
    if (e == 0) e = flat_share(ts, k.thr_a, tid, smem, p.sr);
    if (e == 0) e = flat_share(ts, k.thr_b, tid, smem, p.sw);
  }
  return e;
}

/// copy_impl_kernel over rank-2 flat layouts (KernelFlatLayouts), as a kernel author writes it
/// with static-rank layouts: every thread calls impl's flat zipped_divide and local_partition
/// itself (impl/flat.hpp; no block-wide setup; the values stay in registers), then runs
/// partition_loop with kPartTilesCopy tiles a step and kPartBlocksPerSM blocks an SM, as
/// partition_kernel. A failed partition writes its status (flat_share, flat_tiles) and the block
/// copies nothing.
__global__ void __launch_bounds__(kThreads, kPartBlocksPerSM) flat_copy_kernel(u32 const* __restrict__ a, u32* __restrict__ b,
                                                                              KernelFlatLayouts const k, int* status) {
  int const tid = static_cast<int>(threadIdx.x);
  FlatPlans p;
  int const e = flat_setup<false>(a, b, nullptr, k, tid, p);
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

/// transpose_impl_kernel over rank-2 flat layouts: every thread partitions as flat_copy_kernel
/// (with the shared tile's partitions by both thread layouts), writes its offsets to the shared
/// table (kTableBytes) and then transposes with kFlatDepth tiles' loads in flight: tile t goes
/// from registers to the shared tile, tile t + kFlatDepth * gridDim.x's loads are issued into the
/// same registers, then tile t goes from the shared tile to B. Offsets read from the table leave
/// the registers to the loads in flight (kPartBlocksPerSM blocks an SM; a lower register cap
/// spills, docs/gpu.md). A thread with more than kPartBatch values runs partition_loop's general
/// loop instead. Which tiles a step has depends on blockIdx only, so every thread reaches each
/// barrier. The best of the variants measured (docs/gpu.md, fourteenth session).
__global__ void __launch_bounds__(kThreads, kPartBlocksPerSM) flat_transpose_kernel(u32 const* __restrict__ a, u32* __restrict__ b,
                                                                                   KernelFlatLayouts const k, u32 smem_cosize, int* status) {
  extern __shared__ u32 smem[];
  int const tid = static_cast<int>(threadIdx.x);
  FlatPlans p;
  int const e = flat_setup<true>(a, b, smem, k, tid, p);
  if (__syncthreads_or(e != 0)) {
    if (e != 0) atomicExch(status, e);
    return;
  }
  i64 const count = static_cast<i64>(p.fa.size), grid = gridDim.x;
  u32 const na = p.sa.values, nb = p.sb.values;
  if (na > kPartBatch || nb > kPartBatch) {
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
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, partition_kernel, kThreads, 0);
        int grid_part = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
        run_partitioned("impl, partitioned in the kernel", [&] {
          partition_kernel<<<grid_part, kThreads>>>(a.get(), b.get(), p.kernel, false, 0, status.get());
        });
        {
          int const g = flat_grid(flat_copy_kernel, tiles, sms, 0);
          run_partitioned("impl, flat partition in the kernel", [&] { flat_copy_kernel<<<g, kThreads>>>(a.get(), b.get(), p.flat, status.get()); });
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
        cudaFuncSetAttribute(partition_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(part_smem));
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, partition_kernel, kThreads, part_smem);
        int grid_part = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
        run_partitioned("impl, partitioned in the kernel", [&] {
          partition_kernel<<<grid_part, kThreads, part_smem>>>(a.get(), b.get(), p.kernel, true, static_cast<u32>(smem_cosize), status.get());
        });
        {
          std::size_t const flat_smem = smem_bytes + kTableBytes;  // the shared tile, then the table
          int const g = flat_grid(flat_transpose_kernel, tiles, sms, flat_smem);
          run_partitioned("impl, flat partition in the kernel", [&] {
            flat_transpose_kernel<<<g, kThreads, flat_smem>>>(a.get(), b.get(), p.flat, static_cast<u32>(smem_cosize), status.get());
          });
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
