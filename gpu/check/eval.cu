// layoutref gpu — impl evaluated on the device against the spec rule and against host tables
// (check.hpp); the exhaustive sweep is in sweep.cu.
#include "check.hpp"
#include "cuda_util.cuh"
#include "same_value.cuh"

#include <algorithm>

namespace layoutref::gpu {

using namespace layoutref::impl;

namespace {

/// Compare every impl evaluator in `evaluators` with want(i) for i in [begin, end).
/// @pre the evaluators apply to f (host-checked): kFast/kTree to a layout, kComposed/kComposedFast
/// to a swizzled one. Two blocks of 256 threads an SM (run_tally's block): at most 128 registers
/// (ptxas: 154 without the bound, a few bytes of spills with it); the eval suite then took 6.36 s
/// of device time instead of 6.82 s on an H200 (docs/gpu.md).
template <class Want>
__global__ void __launch_bounds__(256, 2) evaluate_kernel(ImplFunction f, Want want, PathTable paths, int evaluators, i64 begin, i64 end,
                                DeviceTally* tally) {
  i64 const tid = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x;
  i64 const stride = static_cast<i64>(gridDim.x) * blockDim.x;
  FastLayout fast{};
  if (evaluators & (kFast | kComposedFast)) {
    auto r = FastLayout::make(f.swizzled ? f.composed.inner : f.layout);
    if (!r.ok()) {
      // The host's make() succeeded on the same layout (it chose the evaluators), so a refusal
      // here is itself a device/host difference: recorded once, and the evaluator is dropped.
      if (tid == 0) record(tally, Mismatch{-1, -1, evaluators & (kFast | kComposedFast), 0, static_cast<i64>(r.error.code), 0});
      evaluators &= ~(kFast | kComposedFast);
    } else {
      fast = r.value;
    }
  }
  Counts n;
  for (i64 i = begin + tid; i < end; i += stride) {
    // The spec's value: all of it, or (Want::kInteger) its integer part alone.
    spec_rule::Value w;
    i64 w0 = 0;
    if constexpr (Want::kInteger) {
      w0 = want(i);
    } else {
      w = want(i);
      w0 = w.c[0];
    }
    ++n.indices;
    if (evaluators & kFast) {
      ++n.evaluations;
      i64 v = fast(i);
      if (v != w0) record(tally, Mismatch{i, -1, kFast, 0, v, w0});
    }
    if (evaluators & kTree) {
      ++n.evaluations;
      auto r = evaluate(f.layout, i);
      if (!r.ok()) {
        record(tally, Mismatch{i, -1, kTree, 0, -1000 - static_cast<i64>(r.error.code), w0});
      } else if constexpr (Want::kInteger) {
        if (!r.value.is_integer()) record(tally, Mismatch{i, -1, kTree, -1, r.value.terms[0].coeff, 0});
        else if (r.value.scalar != w0) record(tally, Mismatch{i, -1, kTree, 0, r.value.scalar, w0});
      } else {
        int comp = 0;
        i64 g = 0, wv = 0;
        if (!same_value(r.value, w, paths, comp, g, wv)) record(tally, Mismatch{i, -1, kTree, comp, g, wv});
      }
    }
    if (evaluators & kComposed) {
      ++n.evaluations;
      auto r = evaluate(f.composed, i);
      if (!r.ok())
        record(tally, Mismatch{i, -1, kComposed, 0, -1000 - static_cast<i64>(r.error.code), w0});
      else if (r.value != w0)
        record(tally, Mismatch{i, -1, kComposed, 0, r.value, w0});
    }
    if (evaluators & kComposedFast) {
      ++n.evaluations;
      auto r = apply(f.composed.outer, f.composed.offset.value + fast(i));
      if (!r.ok())
        record(tally, Mismatch{i, -1, kComposedFast, 0, -1000 - static_cast<i64>(r.error.code), w0});
      else if (r.value != w0)
        record(tally, Mismatch{i, -1, kComposedFast, 0, r.value, w0});
    }
  }
  n.flush(tally);
}

}  // namespace


DeviceInfo device_info() {
  DeviceInfo info;
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    info.reason = cuda_error(e, "cudaGetDeviceCount");
    return info;
  }
  if (n == 0) {
    info.reason = "cudaGetDeviceCount: no CUDA device";
    return info;
  }
  cudaDeviceProp prop{};
  e = cudaGetDeviceProperties(&prop, 0);
  if (e != cudaSuccess) {
    info.reason = cuda_error(e, "cudaGetDeviceProperties");
    return info;
  }
  e = cudaSetDevice(0);
  if (e == cudaSuccess) e = cudaFree(nullptr);  // create the context now, so that a broken driver shows here
  if (e != cudaSuccess) {
    info.reason = cuda_error(e, "creating a context on device 0");
    return info;
  }
  info.present = true;
  info.name = prop.name;
  info.sms = prop.multiProcessorCount;
  info.cc_major = prop.major;
  info.cc_minor = prop.minor;
  info.memory_gib = static_cast<double>(prop.totalGlobalMem) / (1024.0 * 1024.0 * 1024.0);
  cudaRuntimeGetVersion(&info.runtime_version);
  cudaDriverGetVersion(&info.driver_version);
  return info;
}

std::string set_device_stack(std::size_t bytes) { return cuda_error(cudaDeviceSetLimit(cudaLimitStackSize, bytes), "cudaDeviceSetLimit(stack)"); }

Tally check_rule(ImplFunction const& f, spec_rule::Function const& spec, PathTable const& paths, int evaluators, i64 size, i64 chunk) {
  Tally total;
  bool const integer = paths.n == 1 && spec_rule::integer_only(spec);
  for (i64 begin = 0; begin < size && total.error.empty(); begin += chunk) {
    i64 end = std::min(size, begin + chunk);
    if (integer) {
      IntegerRuleWant want{spec};
      run_tally([&](int grid, int block, DeviceTally* d) { evaluate_kernel<<<grid, block>>>(f, want, paths, evaluators, begin, end, d); },
                reinterpret_cast<void const*>(&evaluate_kernel<IntegerRuleWant>), total);
    } else {
      RuleWant want{spec};
      run_tally([&](int grid, int block, DeviceTally* d) { evaluate_kernel<<<grid, block>>>(f, want, paths, evaluators, begin, end, d); },
                reinterpret_cast<void const*>(&evaluate_kernel<RuleWant>), total);
    }
  }
  return total;
}

Tally check_table(ImplFunction const& f, std::vector<i64> const& table, PathTable const& paths, int evaluators) {
  Tally total;
  DeviceBuffer<i64> d(table.size());
  if (!d.ok()) {
    total.error = d.error;
    return total;
  }
  total.error = d.upload(table);
  if (!total.error.empty()) return total;
  i64 size = static_cast<i64>(table.size()) / paths.n;
  TableWant want{d.get(), paths.n};
  run_tally([&](int grid, int block, DeviceTally* t) { evaluate_kernel<<<grid, block>>>(f, want, paths, evaluators, 0, size, t); },
            reinterpret_cast<void const*>(&evaluate_kernel<TableWant>), total);
  return total;
}

}  // namespace layoutref::gpu
