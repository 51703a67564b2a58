// layoutref::impl — configuration shared by host and device code.
//
// impl/ is the fast layout algebra: fixed-capacity, allocation-free, trivially copyable value
// types, usable in constexpr code and inside CUDA kernels. It never includes spec/ (docs/architecture.md,
// the dependency rule); host-only conversions to CuTe's notation live in impl/src.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define LAYOUTREF_HD __host__ __device__
#else
#define LAYOUTREF_HD
#endif

/// The checked scalar steps (checked.hpp) return a Result whose Error is most of its bytes; on
/// the host they are always inlined, so that the compiler keeps the value and the code in
/// registers instead of a Result in memory at every call (docs/performance.md). Device code is
/// left to nvcc.
#if !defined(__CUDACC__) && (defined(__GNUC__) || defined(__clang__))
#define LAYOUTREF_ALWAYS_INLINE [[gnu::always_inline]]
#else
#define LAYOUTREF_ALWAYS_INLINE
#endif

/// Large algebra functions stay out of line in device code: inlining them into every caller
/// multiplies a kernel's stack frame and ptxas' time. (Host code is left to the compiler.)
/// So do the helpers that copy kilobyte trees or Values inside loops and functions that many
/// callers inline (Tree::mode, basis_get, the exact checks' evaluations, construct's builders):
/// cicc copies such a value field by field wherever it is inlined. Their Results come back
/// through a hidden pointer (Result's device-only copy constructor, error.hpp).
#ifndef LAYOUTREF_DEVICE_NOINLINE
#if defined(__CUDA_ARCH__)
#define LAYOUTREF_DEVICE_NOINLINE __noinline__
#else
#define LAYOUTREF_DEVICE_NOINLINE
#endif
#endif

/// The largest number of leaf modes a tuple or layout may have; past it operations return
/// Errc::capacity. Override with -DLAYOUTREF_MAX_LEAVES=N (a decimal integer literal).
#ifndef LAYOUTREF_MAX_LEAVES
#define LAYOUTREF_MAX_LEAVES 32
#endif

/// impl's names live in the inline namespace layoutref::impl::leaves_N, N = LAYOUTREF_MAX_LEAVES
/// (`layoutref::impl::Layout` still names them). Code compiled at one capacity therefore
/// mangles differently from code compiled at another: a program that mixes two capacities
/// across translation units gets a link error (an undefined `layoutref::impl::leaves_N::...`),
/// never a silent ODR violation between two different `Layout` types of one name
/// (tests/consumer/mixed_capacity; docs/architecture.md). Every file that opens impl's
/// namespace opens it as `namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {`.
#define LAYOUTREF_IMPL_ABI_CAT2(a, b) a##b
#define LAYOUTREF_IMPL_ABI_CAT(a, b) LAYOUTREF_IMPL_ABI_CAT2(a, b)
#define LAYOUTREF_IMPL_ABI LAYOUTREF_IMPL_ABI_CAT(leaves_, LAYOUTREF_MAX_LEAVES)

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

using i64 = std::int64_t;
using u64 = std::uint64_t;

inline constexpr int kMaxLeaves = LAYOUTREF_MAX_LEAVES;
/// Nodes of a tuple tree: leaves, tuples (including empty ones).
inline constexpr int kMaxNodes = 2 * LAYOUTREF_MAX_LEAVES + 8;
/// The deepest mode path of a scaled basis stride (`1@0@1@2` has depth 3).
inline constexpr int kMaxBasisDepth = 4;

}  // namespace layoutref::impl
