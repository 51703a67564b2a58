// layoutref gpu — impl evaluated on the device against the spec rule and against host tables, and
// the exhaustive sweep (check.hpp).
#include "check.hpp"
#include "cuda_util.cuh"

#include <algorithm>

namespace layoutref::gpu {

using namespace layoutref::impl;

namespace {

/// Whether impl's value equals the spec's; when not, the first component that differs
/// (-1: a basis path impl produced that the spec's layout does not have).
__device__ bool same_value(Value const& got, spec_rule::Value const& want, PathTable const& paths, int& comp, i64& g, i64& w) {
  if (got.scalar != want.c[0]) {
    comp = 0, g = got.scalar, w = want.c[0];
    return false;
  }
  bool seen[spec_rule::kMaxComponents] = {};
  for (int t = 0; t < got.n; ++t) {
    int k = 1;
    while (k < paths.n && !(paths.path[k] == got.terms[t].path)) ++k;
    if (k == paths.n) {
      comp = -1, g = got.terms[t].coeff, w = 0;
      return false;
    }
    seen[k] = true;
    if (got.terms[t].coeff != want.c[k]) {
      comp = k, g = got.terms[t].coeff, w = want.c[k];
      return false;
    }
  }
  for (int k = 1; k < paths.n; ++k)
    if (!seen[k] && want.c[k] != 0) {
      comp = k, g = 0, w = want.c[k];
      return false;
    }
  return true;
}

/// The spec's value at i: from the rule, or from a host table.
struct RuleWant {
  spec_rule::Function f;
  static constexpr bool kInteger = false;
  __device__ spec_rule::Value operator()(i64 i) const { return spec_rule::evaluate(f, i); }
};
/// The rule for a function with integer strides only: its value in one integer (no vector of
/// components, which the device would keep in local memory).
struct IntegerRuleWant {
  spec_rule::Function f;
  static constexpr bool kInteger = true;
  __device__ i64 operator()(i64 i) const { return spec_rule::evaluate_integer(f, i); }
};
struct TableWant {
  static constexpr bool kInteger = false;
  i64 const* table;
  int components;
  __device__ spec_rule::Value operator()(i64 i) const {
    spec_rule::Value v;
    for (int k = 0; k < components; ++k) v.c[k] = table[i * components + k];
    return v;
  }
};

/// Per-thread counts, added to the tally once at the end.
struct Counts {
  unsigned long long indices = 0, evaluations = 0;
  __device__ void flush(DeviceTally* t) const {
    atomicAdd(&t->indices, indices);
    atomicAdd(&t->evaluations, evaluations);
  }
};

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

/// Layout number x of the sweep (check.hpp sweep_layouts), built as impl and as the spec's flat form.
__device__ void decode_layout(Profile const& p, int max_shape, int max_stride, i64 x, Layout& l, spec_rule::Flat& f) {
  l.nnodes = static_cast<std::uint8_t>(p.nnodes);
  l.nleaves = static_cast<std::uint8_t>(p.nleaves);
  for (int k = 0; k < p.nnodes; ++k) l.node[k] = p.node[k];
  f.n = p.nleaves;
  i64 const base = static_cast<i64>(max_shape) * (2 * max_stride + 1);
  for (int j = 0; j < p.nleaves; ++j) {
    i64 digit = x % base;
    x /= base;
    i64 s = 1 + digit % max_shape;
    i64 d = digit / max_shape - max_stride;
    // Static flags alternate with the leaf (they never change meaning).
    l.leaf[j] = LayoutLeaf{Int{s, (j & 1) == 0}, Stride::integer(Int{d, (j & 1) == 1})};
    f.shape[j] = s;
    f.stride[j] = d;
    f.component[j] = 0;
  }
}

__global__ void sweep_kernel(Profile p, int max_shape, int max_stride, i64 first, i64 end, DeviceTally* tally) {
  i64 const tid = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x;
  i64 const stride = static_cast<i64>(gridDim.x) * blockDim.x;
  Counts n;
  unsigned long long layouts = 0;
  PathTable none;
  for (i64 x = first + tid; x < end; x += stride) {
    Layout l;
    spec_rule::Flat f;
    decode_layout(p, max_shape, max_stride, x, l, f);
    ++layouts;
    auto fr = FastLayout::make(l);
    if (!fr.ok()) {
      record(tally, Mismatch{-1, x, kFast, 0, static_cast<i64>(fr.error.code), 0});
      continue;
    }
    FastLayout const& fast = fr.value;
    for (i64 i = 0; i < fast.size; ++i) {
      spec_rule::Value w = spec_rule::evaluate(f, i);
      n.indices += 1;
      n.evaluations += 2;
      i64 v = fast(i);
      if (v != w.c[0]) record(tally, Mismatch{i, x, kFast, 0, v, w.c[0]});
      auto r = evaluate(l, i);
      int comp = 0;
      i64 g = 0, wv = 0;
      if (!r.ok())
        record(tally, Mismatch{i, x, kTree, 0, -1000 - static_cast<i64>(r.error.code), w.c[0]});
      else if (!same_value(r.value, w, none, comp, g, wv))
        record(tally, Mismatch{i, x, kTree, comp, g, wv});
    }
  }
  n.flush(tally);
  atomicAdd(&tally->layouts, layouts);
}

/// Swizzled layouts [first, end) of the sweep: x = case * inner + inner layout (check.hpp).
__global__ void swizzle_sweep_kernel(SwizzleCase const* cases, int max_shape, int max_stride, i64 first, i64 end, DeviceTally* tally) {
  i64 const tid = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x;
  i64 const stride = static_cast<i64>(gridDim.x) * blockDim.x;
  i64 const per_leaf = static_cast<i64>(max_shape) * (max_stride + 1);
  i64 const ninner = per_leaf * per_leaf;
  Counts n;
  unsigned long long layouts = 0;
  for (i64 x = first + tid; x < end; x += stride) {
    SwizzleCase const c = cases[x / ninner];
    i64 r = x % ninner;
    spec_rule::Function spec;
    spec.a.n = 2;
    TupleBuilder<LayoutLeaf> b;
    for (int j = 0; j < 2; ++j) {
      i64 digit = r % per_leaf;
      r /= per_leaf;
      i64 s = 1 + digit % max_shape, d = digit / max_shape;
      spec.a.shape[j] = s;
      spec.a.stride[j] = d;
      b.push_leaf(LayoutLeaf{Int::fixed(s), Stride::integer(Int::dynamic(d))});
    }
    spec.swizzled = true;
    spec.sw = spec_rule::Swizzle{c.b, c.m, c.s};
    spec.offset = c.offset;
    auto inner = b.done();
    ComposedLayout composed{Swizzle{c.b, c.m, c.s}, Int::dynamic(c.offset), inner.value};
    ++layouts;
    auto fr = FastLayout::make(composed.inner);
    if (!inner.ok() || !fr.ok()) {
      record(tally, Mismatch{-1, x, kComposedFast, 0, static_cast<i64>(fr.error.code), 0});
      continue;
    }
    for (i64 i = 0; i < fr.value.size; ++i) {
      i64 w = spec_rule::evaluate(spec, i).c[0];
      n.indices += 1;
      n.evaluations += 2;
      auto v = evaluate(composed, i);
      if (!v.ok() || v.value != w) record(tally, Mismatch{i, x, kComposed, 0, v.ok() ? v.value : -1000 - static_cast<i64>(v.error.code), w});
      auto u = apply(composed.outer, composed.offset.value + fr.value(i));
      if (!u.ok() || u.value != w) record(tally, Mismatch{i, x, kComposedFast, 0, u.ok() ? u.value : -1000 - static_cast<i64>(u.error.code), w});
    }
  }
  n.flush(tally);
  atomicAdd(&tally->layouts, layouts);
}

__device__ u64 splitmix64(u64 x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// The int64 edge values of sweep_arithmetic (check.hpp).
__constant__ i64 kEdges[] = {
    0, 1, -1, 2, -2, 3, -3, 7, 2147483647LL, 2147483648LL, -2147483648LL, -2147483649LL, 4294967295LL, 4294967296LL, -4294967296LL,
    4294967297LL, -4294967297LL, 3037000499LL, -3037000499LL, 3037000500LL, -3037000500LL, 4611686018427387904LL,
    -4611686018427387904LL, 4611686018427387903LL, kI64Max, kI64Max - 1, kI64Min, kI64Min + 1, kI64Max / 2, kI64Min / 2,
    kI64Max / 3, kI64Min / 3};
constexpr i64 kNumEdges = sizeof(kEdges) / sizeof(kEdges[0]);

/// Arithmetic pairs [first, end) (check.hpp sweep_arithmetic).
__global__ void arithmetic_kernel(i64 first, i64 end, DeviceTally* tally) {
  i64 const tid = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x;
  i64 const stride = static_cast<i64>(gridDim.x) * blockDim.x;
  Counts n;
  for (i64 x = first + tid; x < end; x += stride) {
    i64 a, b;
    if (x < kNumEdges * kNumEdges) {
      a = kEdges[x / kNumEdges];
      b = kEdges[x % kNumEdges];
    } else {
      u64 h = splitmix64(static_cast<u64>(x)), g = splitmix64(h);
      u64 ua = splitmix64(h ^ 0x5851f42d4c957f2dULL) >> (h & 63), ub = splitmix64(g ^ 0x14057b7ef767814fULL) >> (g & 63);
      a = static_cast<i64>((h >> 6) & 1 ? 0 - ua : ua);
      b = static_cast<i64>((g >> 6) & 1 ? 0 - ub : ub);
    }
    n.indices += 1;
    n.evaluations += 2;
    bool got = mul_overflows(a, b), want = detail::mul_overflows_portable(a, b);
    if (got != want) record(tally, Mismatch{a, -1, kArithmetic, 0, got ? 1 : 0, b});
    i64 i = a < 0 ? (a == kI64Min ? kI64Max : -a) : a;
    i64 s = b < 0 ? (b == kI64Min ? kI64Max : -b) : b;
    if (s == 0) s = 1;
    i64 q = 0, r = 0;
    divmod(i, s, q, r);
    if (q != i / s) record(tally, Mismatch{i, -1, kArithmetic, 1, q, s});
    if (r != i % s) record(tally, Mismatch{i, -1, kArithmetic, 2, r, s});
  }
  n.flush(tally);
}

/// Launch `launch(grid, block)` and time it; collect the tally.
template <class Launch>
void run_tally(Launch const& launch, void const* kernel, Tally& total) {
  DeviceBuffer<DeviceTally> d(1);
  Tally t;
  if (!d.ok()) {
    total.error = d.error;
    return;
  }
  cudaMemset(d.get(), 0, sizeof(DeviceTally));
  int block = 256, per_sm = 1;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0);
  int grid = std::max(1, per_sm) * sm_count();
  EventTimer timer;
  timer.start();
  launch(grid, block, d.get());
  t.error = check_launch("kernel");
  t.seconds = timer.stop_seconds();
  if (t.error.empty()) t.error = read_tally(d.get(), t);
  total.add(t);
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

Tally sweep_layouts(Profile const& p, int max_shape, int max_stride, i64 first, i64 end) {
  Tally total;
  i64 const chunk = i64{1} << 24;
  for (i64 begin = first; begin < end && total.error.empty(); begin += chunk) {
    i64 stop = std::min(end, begin + chunk);
    run_tally([&](int grid, int block, DeviceTally* d) { sweep_kernel<<<grid, block>>>(p, max_shape, max_stride, begin, stop, d); },
              reinterpret_cast<void const*>(&sweep_kernel), total);
  }
  return total;
}

Tally sweep_swizzles(std::vector<SwizzleCase> const& cases, int max_shape, int max_stride, i64 first, i64 end) {
  Tally total;
  DeviceBuffer<SwizzleCase> d(cases.size());
  if (!d.ok()) {
    total.error = d.error;
    return total;
  }
  total.error = d.upload(cases);
  if (!total.error.empty()) return total;
  run_tally([&](int grid, int block, DeviceTally* t) { swizzle_sweep_kernel<<<grid, block>>>(d.get(), max_shape, max_stride, first, end, t); },
            reinterpret_cast<void const*>(&swizzle_sweep_kernel), total);
  return total;
}

Tally sweep_arithmetic(i64 first, i64 end) {
  Tally total;
  run_tally([&](int grid, int block, DeviceTally* t) { arithmetic_kernel<<<grid, block>>>(first, end, t); },
            reinterpret_cast<void const*>(&arithmetic_kernel), total);
  return total;
}

}  // namespace layoutref::gpu
