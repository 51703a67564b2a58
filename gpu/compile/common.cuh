#pragma once
// layoutref gpu — the device compile check: helpers shared by its translation units.
//
// Each gpu/compile/<part>.cu holds kernels that call a group of public impl operations inside
// device code, on small layouts built in device code. These translation units are compiled by
// nvcc, not run: compiling proves that impl is usable in CUDA kernels (`__host__ __device__`,
// constexpr, allocation-free, no exceptions). Running kernels and comparing with the spec
// belongs to the GPU tests. Every result is written to `out` so that nothing is optimized away.
// One file per group keeps nvcc's time per file bounded and lets the build run them in parallel.
//
// impl/term.hpp is left out on purpose: it is the host-only conversion to CuTe's notation
// (std::string, notation::Term).
#include <layoutref/impl/checked.hpp>
#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/complement.hpp>
#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/config.hpp>
#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/coordinates.hpp>
#include <layoutref/impl/divide.hpp>
#include <layoutref/impl/domain_distribute.hpp>
#include <layoutref/impl/error.hpp>
#include <layoutref/impl/fast_divide.hpp>
#include <layoutref/impl/fast_layout.hpp>
#include <layoutref/impl/inverse.hpp>
#include <layoutref/impl/layout.hpp>
#include <layoutref/impl/max_alignment.hpp>
#include <layoutref/impl/max_common.hpp>
#include <layoutref/impl/modes.hpp>
#include <layoutref/impl/nullspace.hpp>
#include <layoutref/impl/product.hpp>
#include <layoutref/impl/stride.hpp>
#include <layoutref/impl/swizzle.hpp>
#include <layoutref/impl/tiler.hpp>
#include <layoutref/impl/tree.hpp>
#include <layoutref/impl/upcast.hpp>

namespace layoutref::gpu {

using namespace layoutref::impl;

// ---- helpers: small layouts built in device code, results written out -----------------------

__device__ inline Int S(i64 v) { return Int::fixed(v); }
__device__ inline Int D(i64 v) { return Int::dynamic(v); }
__device__ inline LayoutLeaf leaf(i64 s, i64 d) { return LayoutLeaf{S(s), Stride::integer(S(d))}; }

/// (_4,(_2,_3)):(_1,(_4,_8))
__device__ inline Layout sample_layout() {
  TupleBuilder<LayoutLeaf> inner;
  inner.push_leaf(leaf(2, 4));
  inner.push_leaf(leaf(3, 8));
  TupleBuilder<LayoutLeaf> outer;
  outer.push_leaf(leaf(4, 1));
  outer.push(inner.done().value);
  return outer.done().value;
}

/// (_2,_3):(_1@0,_1@1)
__device__ inline Layout basis_layout() {
  Stride e0 = Stride::integer(S(1));
  e0.path.depth = 1;
  e0.path.mode[0] = 0;
  Stride e1 = e0;
  e1.path.mode[0] = 1;
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(LayoutLeaf{S(2), e0});
  b.push_leaf(LayoutLeaf{S(3), e1});
  return b.done().value;
}

/// (_2,(_2,_3))
__device__ inline IntTuple sample_shape() {
  TupleBuilder<Int> inner;
  inner.push_leaf(S(2));
  inner.push_leaf(S(3));
  TupleBuilder<Int> outer;
  outer.push_leaf(S(2));
  outer.push(inner.done().value);
  return outer.done().value;
}

// Functors for the higher-order helpers (a lambda defined in device code is device-only, and
// impl's helpers are __host__ __device__).
struct TwiceShape {
  LAYOUTREF_HD constexpr i64 operator()(Int x) const { return 2 * x.value; }
};
struct StrideOf {
  LAYOUTREF_HD constexpr Int operator()(LayoutLeaf const& x) const { return x.stride_coefficient(); }
};

/// (_4:_1, _): a tuple tiler with a layout and `_`
__device__ inline Result<Tiler> sample_tiler() {
  TilerBuilder tb;
  tb.push(Tiler::of(make_leaf(S(4), Stride::integer(S(1)))));
  tb.push(Tiler::underscore());
  return tb.done();
}

/// (_8,_8):(_1,_8) as a tiler (_2:_1, _4:_2), and the layout _2:_2
__device__ inline Result<Tiler> pair_tiler() {
  TilerBuilder tb;
  tb.push(Tiler::of(make_leaf(S(2), Stride::integer(S(1)))));
  tb.push(Tiler::of(make_leaf(S(4), Stride::integer(S(2)))));
  return tb.done();
}
__device__ inline Layout col_major_8x8() {
  TupleBuilder<LayoutLeaf> b;
  b.push_leaf(leaf(8, 1));
  b.push_leaf(leaf(8, 8));
  return b.done().value;
}
__device__ inline IntTuple tuple2(i64 a, i64 b) {
  TupleBuilder<Int> t;
  t.push_leaf(S(a));
  t.push_leaf(S(b));
  return t.done().value;
}

/// Record a result: its error code, and a value when there is one.
template <class T>
__device__ inline void put(i64* out, int& k, Result<T> const& r, i64 v) {
  out[k++] = static_cast<i64>(r.error.code) * 1000 + static_cast<i64>(r.error.condition);
  out[k++] = r.ok() ? v : -1;
}
__device__ inline void put(i64* out, int& k, i64 v) { out[k++] = v; }
__device__ inline i64 digest(Layout const& l) {
  i64 h = l.nnodes * 131 + l.nleaves;
  for (int j = 0; j < l.nleaves; ++j) h = h * 31 + l.leaf[j].shape_value() * 7 + l.leaf[j].stride_value();
  return h;
}
__device__ inline i64 digest(IntTuple const& t) {
  i64 h = t.nnodes * 131 + t.nleaves;
  for (int j = 0; j < t.nleaves; ++j) h = h * 31 + t.leaf[j].value + (t.leaf[j].is_static ? 1 : 0);
  return h;
}

}  // namespace layoutref::gpu
