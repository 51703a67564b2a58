// layoutref gpu — the copy and transpose kernel that partitions by itself with impl's general
// trees (partition_kernel, at capacity kKernelLeaves), in a unit of its own: tensor.cu with it
// took 75 s of nvcc on the 2-core machine (issue 14 asks at most 60 s a unit; docs/gpu.md).
#include "copy_kernels.cuh"

#include <layoutref/impl/inverse.hpp>

#include <algorithm>

namespace layoutref::gpu::copy_kernels {
namespace {

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

}  // namespace

int partition_kernel_grid(i64 tiles, int sms, std::size_t smem_bytes) {
  if (smem_bytes > 48 * 1024) cudaFuncSetAttribute(partition_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_bytes));
  int per_sm = 1;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, partition_kernel, kThreads, smem_bytes);
  return static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
}

void launch_partition_kernel(int grid, std::size_t smem_bytes, u32 const* a, u32* b, KernelCopyLayouts const& k, bool transpose, u32 smem_cosize,
                             int* status) {
  partition_kernel<<<grid, kThreads, smem_bytes>>>(a, b, k, transpose, smem_cosize, status);
}

}  // namespace layoutref::gpu::copy_kernels
