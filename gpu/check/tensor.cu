// layoutref gpu — impl's tensors on the device: the elements of thread partitions of coordinate
// tensors, and the tiled copy and transpose kernels indexed through impl's runtime layouts
// (check.hpp; the partitions and plans are made by impl on the host).
#include "check.hpp"
#include "cuda_util.cuh"

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace layoutref::gpu {

using namespace layoutref::impl;
using u32 = std::uint32_t;

namespace {

// ---- elements of thread partitions ---------------------------------------------------------------

__global__ void elements_kernel(Tensor<CountingIterator> const* parts, int nthreads, int values, int rank, i64* out, int* status) {
  int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= nthreads) return;
  int st = 0;
  for (int v = 0; v < values && st == 0; ++v) {
    auto c = element(parts[t], static_cast<i64>(v));
    if (!c.ok()) {
      st = 200 + static_cast<int>(c.error.code);
    } else if (c.value.nleaves != rank) {
      st = -2;
    } else {
      for (int k = 0; k < rank; ++k) out[(static_cast<i64>(t) * values + v) * rank + k] = c.value.leaf[k].value;
    }
  }
  status[t] = st;
}

// ---- the copy and transpose kernels ---------------------------------------------------------------

constexpr int kThreads = kCopyThreads;
constexpr int kTile = kCopyTile;

/// B = A through the plans (same tiles, same thread layout for A and B).
__global__ void __launch_bounds__(kThreads) copy_impl_kernel(u32 const* __restrict__ a, u32* __restrict__ b, ThreadPlan const* pa,
                                                             ThreadPlan const* pb, TilePlan const* ta, TilePlan const* tb) {
  ThreadPlan const sa = pa[threadIdx.x], sb = pb[threadIdx.x];
  FastLayout const ra = ta->rest, rb = tb->rest;
  i64 const tiles = ta->tiles;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    i64 const oa = ra(t) + sa.offset, ob = rb(t) + sb.offset;
    for (i64 v = 0; v < sa.values; ++v) b[ob + sb.part(v)] = a[oa + sa.part(v)];
  }
}

/// B = A with B row-major: each tile goes through shared memory, read by A's thread layout and
/// written by B's (plans: A and the shared tile by thrR, the shared tile and B by thrW).
__global__ void __launch_bounds__(kThreads) transpose_impl_kernel(u32 const* __restrict__ a, u32* __restrict__ b, ThreadPlan const* pa,
                                                                  ThreadPlan const* psr, ThreadPlan const* psw, ThreadPlan const* pb,
                                                                  TilePlan const* ta, TilePlan const* tb) {
  extern __shared__ u32 smem[];
  ThreadPlan const sa = pa[threadIdx.x], sr = psr[threadIdx.x], sw = psw[threadIdx.x], sb = pb[threadIdx.x];
  FastLayout const ra = ta->rest, rb = tb->rest;
  i64 const tiles = ta->tiles;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    i64 const oa = ra(t) + sa.offset;
    for (i64 v = 0; v < sa.values; ++v) smem[sr.offset + sr.part(v)] = a[oa + sa.part(v)];
    __syncthreads();
    i64 const ob = rb(t) + sb.offset;
    for (i64 v = 0; v < sb.values; ++v) b[ob + sb.part(v)] = smem[sw.offset + sw.part(v)];
    __syncthreads();
  }
}

constexpr int kBatch = 8;  ///< values per thread loaded before any is stored (the batched impl kernels)

/// copy_impl_kernel with kBatch loads in flight per thread (the index arithmetic is the same impl
/// evaluation; only the order of loads and stores differs).
__global__ void __launch_bounds__(kThreads) copy_impl_batched_kernel(u32 const* __restrict__ a, u32* __restrict__ b, ThreadPlan const* pa,
                                                                     ThreadPlan const* pb, TilePlan const* ta, TilePlan const* tb) {
  ThreadPlan const sa = pa[threadIdx.x], sb = pb[threadIdx.x];
  FastLayout const ra = ta->rest, rb = tb->rest;
  i64 const tiles = ta->tiles;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    i64 const oa = ra(t) + sa.offset, ob = rb(t) + sb.offset;
    for (i64 v0 = 0; v0 < sa.values; v0 += kBatch) {
      u32 r[kBatch];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sa.values) r[k] = a[oa + sa.part(v0 + k)];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sa.values) b[ob + sb.part(v0 + k)] = r[k];
    }
  }
}

/// transpose_impl_kernel with kBatch loads in flight per thread in each stage.
__global__ void __launch_bounds__(kThreads) transpose_impl_batched_kernel(u32 const* __restrict__ a, u32* __restrict__ b, ThreadPlan const* pa,
                                                                          ThreadPlan const* psr, ThreadPlan const* psw, ThreadPlan const* pb,
                                                                          TilePlan const* ta, TilePlan const* tb) {
  extern __shared__ u32 smem[];
  ThreadPlan const sa = pa[threadIdx.x], sr = psr[threadIdx.x], sw = psw[threadIdx.x], sb = pb[threadIdx.x];
  FastLayout const ra = ta->rest, rb = tb->rest;
  i64 const tiles = ta->tiles;
  for (i64 t = blockIdx.x; t < tiles; t += gridDim.x) {
    i64 const oa = ra(t) + sa.offset;
    for (i64 v0 = 0; v0 < sa.values; v0 += kBatch) {
      u32 r[kBatch];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sa.values) r[k] = a[oa + sa.part(v0 + k)];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sa.values) smem[sr.offset + sr.part(v0 + k)] = r[k];
    }
    __syncthreads();
    i64 const ob = rb(t) + sb.offset;
    for (i64 v0 = 0; v0 < sb.values; v0 += kBatch) {
      u32 r[kBatch];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sb.values) r[k] = smem[sw.offset + sw.part(v0 + k)];
#pragma unroll
      for (int k = 0; k < kBatch; ++k)
        if (v0 + k < sb.values) b[ob + sb.part(v0 + k)] = r[k];
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

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

std::string device_elements(std::vector<Tensor<CountingIterator>> const& parts, int values, int rank, std::vector<i64>& out,
                            std::vector<int>& status, double& seconds) {
  int const nthreads = static_cast<int>(parts.size());
  DeviceBuffer<Tensor<CountingIterator>> d_parts(parts.size());
  DeviceBuffer<i64> d_out(static_cast<std::size_t>(nthreads) * values * rank);
  DeviceBuffer<int> d_status(parts.size());
  if (!d_parts.ok()) return d_parts.error;
  if (!d_out.ok()) return d_out.error;
  if (!d_status.ok()) return d_status.error;
  std::string e = d_parts.upload(parts);
  if (!e.empty()) return e;
  EventTimer timer;
  timer.start();
  elements_kernel<<<(nthreads + 127) / 128, 128>>>(d_parts.get(), nthreads, values, rank, d_out.get(), d_status.get());
  seconds = timer.stop_seconds();
  e = check_launch("elements_kernel");
  if (!e.empty()) return e;
  e = d_out.download(out);
  if (e.empty()) e = d_status.download(status);
  return e;
}

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
  DeviceBuffer<ThreadPlan> pa(kThreads), pb(kThreads), psr(kThreads), psw(kThreads);
  DeviceBuffer<TilePlan> ta(1), tb_(1);
  e = pa.upload(plans.a);
  if (e.empty()) e = pb.upload(plans.b);
  if (e.empty() && p.transpose) e = psr.upload(plans.smem_read);
  if (e.empty() && p.transpose) e = psw.upload(plans.smem_write);
  if (e.empty()) e = ta.upload(std::vector<TilePlan>{plans.tiles_a});
  if (e.empty()) e = tb_.upload(std::vector<TilePlan>{plans.tiles_b});
  if (!e.empty()) return fail(e);
  EventTimer timer;

  i64 const tiles_m = p.m / kTile, tiles = tiles_m * (p.n / kTile);
  double const bytes = 2.0 * static_cast<double>(size) * sizeof(u32);

  auto run_variant = [&](char const* name, bool verify, auto const& launch) {
    CopyResult r;
    r.variant = name;
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

  run_variant("cudaMemcpy", !p.transpose, [&] {
    cudaMemcpy(b.get(), a.get(), static_cast<std::size_t>(size) * sizeof(u32), cudaMemcpyDeviceToDevice);
  });
  if (!p.transpose) {
    int per_sm = 1;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, copy_hand_kernel, kThreads, 0);
    int grid_hand = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
    run_variant("hand-indexed", true, [&] { copy_hand_kernel<<<grid_hand, kThreads>>>(a.get(), b.get(), p.m, tiles_m, tiles); });
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, copy_impl_kernel, kThreads, 0);
    int grid_impl = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
    run_variant("impl (local_tile/local_partition)", true,
                [&] { copy_impl_kernel<<<grid_impl, kThreads>>>(a.get(), b.get(), pa.get(), pb.get(), ta.get(), tb_.get()); });
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, copy_impl_batched_kernel, kThreads, 0);
    int grid_batched = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
    run_variant("impl, 8 loads in flight", true,
                [&] { copy_impl_batched_kernel<<<grid_batched, kThreads>>>(a.get(), b.get(), pa.get(), pb.get(), ta.get(), tb_.get()); });
  } else {
    int per_sm = 1;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose_hand_kernel, kThreads, 0);
    int grid_hand = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
    run_variant("hand-indexed", true, [&] { transpose_hand_kernel<<<grid_hand, kThreads>>>(a.get(), b.get(), p.m, p.n, tiles_m, tiles); });
    std::size_t const smem_bytes = static_cast<std::size_t>(smem_cosize) * sizeof(u32);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose_impl_kernel, kThreads, smem_bytes);
    int grid_impl = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
    run_variant("impl (local_tile/local_partition)", true, [&] {
      transpose_impl_kernel<<<grid_impl, kThreads, smem_bytes>>>(a.get(), b.get(), pa.get(), psr.get(), psw.get(), pb.get(), ta.get(),
                                                                 tb_.get());
    });
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose_impl_batched_kernel, kThreads, smem_bytes);
    int grid_batched = static_cast<int>(std::min<i64>(tiles, static_cast<i64>(per_sm) * sms));
    run_variant("impl, 8 loads in flight", true, [&] {
      transpose_impl_batched_kernel<<<grid_batched, kThreads, smem_bytes>>>(a.get(), b.get(), pa.get(), psr.get(), psw.get(), pb.get(),
                                                                            ta.get(), tb_.get());
    });
  }
  return results;
}

}  // namespace layoutref::gpu
