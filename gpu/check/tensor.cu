// layoutref gpu — impl's tensors on the device: the tiled copy and transpose kernels indexed
// through impl's runtime layouts (check.hpp): with plans made by impl on the host, and
// partitioning in the kernel (each thread calls local_tile / local_partition: with impl's flat
// algebra here, with its general trees at capacity kKernelLeaves in partition_kernel.cu). The
// tensor suite's partitions are in partition.cu. The kernels measured are in plan_kernels.cuh
// (plans made on the host; hand-indexed) and flat_kernels.cuh (the flat algebra in the kernel);
// here, their runs and the check of every copy against the spec (run_copy).
#include "check.hpp"
#include "copy_kernels.cuh"
#include "cuda_util.cuh"
#include "flat_kernels.cuh"
#include "plan_kernels.cuh"

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

template <class Index>
struct FastPlans {
  std::vector<FastThreadPlan<Index>> a, b, smem_read, smem_write;
  FastTilePlan<Index> tiles_a, tiles_b;
};

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
