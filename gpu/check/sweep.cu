// layoutref gpu — the exhaustive sweep (check.hpp sweep_layouts, sweep_swizzles,
// sweep_arithmetic), a unit apart from eval.cu: together they took 63 s of nvcc on the 2-core
// machine (issue 14 asks at most 60 s a unit; docs/gpu.md).
#include "check.hpp"
#include "cuda_util.cuh"
#include "same_value.cuh"

#include <algorithm>

namespace layoutref::gpu {

using namespace layoutref::impl;

namespace {

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

}  // namespace

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
