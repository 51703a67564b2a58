// layoutref::impl — FastLayout: a layout with integer strides, prepared for evaluation.
//
// L = S:D as a function (CuTe docs 01_layout.md): the 1-D index i is split colexicographically
// into the natural coordinate (c_0 = i mod s_0, i' = i div s_0, ...; the last leaf takes the
// rest, CuTe's extension, as impl::evaluate(l, i, true) does), then sum c_j * d_j. FastLayout
// keeps, per leaf, the shape's FastDivisor (multiply-high instead of a hardware division) and
// the stride, so evaluation is a few multiplies per mode, with no branch on errors:
// make() checks everything once (integer strides, shapes >= 1, size and every value on the
// domain within int64), after which operator() cannot overflow on the domain.
//
// Leaves of size 1 other than the last contribute nothing (their coordinate is always 0) and
// are dropped; the last leaf is kept so that indices past the size extend exactly as before.
//
// FastLayout holds kMaxLeaves modes (1,056 bytes at 32 leaves); FastLayoutR<R, Index> below is
// the same function with at most R modes and 32- or 64-bit index arithmetic, small enough to
// live in registers in a kernel (tens of bytes at rank 2), and with_fast_layout picks its index
// type.
#pragma once

#include <layoutref/impl/fast_divide.hpp>
#include <layoutref/impl/layout.hpp>

#include <type_traits>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

struct FastLayout {
  struct Mode {
    FastDivisor shape{};  ///< the leaf's shape s >= 1 (shape.d == s)
    i64 stride = 0;
  };

  Mode mode[kMaxLeaves] = {};
  int n = 0;        ///< modes kept (0 only for the rank-0 layout, whose only value is 0)
  i64 size = 1;     ///< size(L): the domain is [0, size)
  i64 min_value = 0;  ///< the smallest value of L on its domain
  i64 max_value = 0;  ///< the largest value of L on its domain

  /// Prepare l. Errors: bad_argument for a basis stride or a shape < 1; overflow when the
  /// size or a value of l on its domain does not fit in int64; capacity for a corrupt leaf
  /// count. @post (*this)(i) == evaluate_int(l, i) for every i in [0, size(l)).
  LAYOUTREF_HD static constexpr Result<FastLayout> make(Layout const& l) {
    if (l.nleaves > kMaxLeaves) return fail(Errc::capacity).add("more than ").add(kMaxLeaves).add(" leaves");
    LAYOUTREF_CHECK(validate(l));
    FastLayout f;
    for (int j = 0; j < l.nleaves; ++j) {
      LayoutLeaf const& x = l.leaf[j];
      if (!x.stride_is_integer()) return fail(Errc::bad_argument).add("FastLayout needs integer strides (leaf ").add(j).add(" has a basis stride)");
      i64 s = x.shape_value(), d = x.stride_value();
      LAYOUTREF_TRY(f.size, checked_mul(f.size, s));
      // The coordinate c_j runs over [0, s - 1]: the term c_j * d_j lies between 0 and
      // (s - 1) * d_j, so the values of L lie between the sums of the negative and of the
      // positive extremes; both are values of L (each coordinate chosen independently).
      LAYOUTREF_TRY(i64 extreme, checked_mul(s - 1, d));
      if (extreme > 0) {
        LAYOUTREF_TRY(f.max_value, checked_add(f.max_value, extreme));
      } else {
        LAYOUTREF_TRY(f.min_value, checked_add(f.min_value, extreme));
      }
      if (s == 1 && j + 1 != l.nleaves) continue;
      f.mode[f.n].shape = FastDivisor::make(static_cast<u64>(s));
      f.mode[f.n].stride = d;
      ++f.n;
    }
    return f;
  }

  /// L(index). Exact for 0 <= index < size (make() proved every such value fits in int64).
  /// Past the size the last mode takes the rest (CuTe's extension); that value is exact while
  /// it fits in int64 and wraps modulo 2^64 otherwise (unsigned arithmetic: never undefined
  /// behaviour, as for a negative index, which is read as index + 2^64).
  LAYOUTREF_HD constexpr i64 operator()(i64 index) const {
    u64 i = static_cast<u64>(index);
    u64 v = 0;
    int last = n - 1;
    for (int j = 0; j < last; ++j) {
      u64 q = mode[j].shape.divide(i);
      v += (i - q * mode[j].shape.d) * static_cast<u64>(mode[j].stride);
      i = q;
    }
    if (n > 0) v += i * static_cast<u64>(mode[last].stride);
    // The true value is in [min_value, max_value] and v equals it modulo 2^64; the
    // conversion to int64 is modular (C++20), so it gives the true value.
    return static_cast<i64>(v);
  }
};

namespace detail {
template <class Index>
struct FastIndex;
template <>
struct FastIndex<std::uint32_t> {
  using Divisor = FastDivisor32;
  using Value = std::int32_t;
};
template <>
struct FastIndex<u64> {
  using Divisor = FastDivisor;
  using Value = i64;
};
}  // namespace detail

/// FastLayout with at most R modes and Index arithmetic (std::uint32_t or std::uint64_t): the
/// same function as FastLayout::make(l), sized for a kernel's registers.
///
/// Index = std::uint64_t: the domain and the values are FastLayout's (size and values within
/// int64), value_type is int64. Index = std::uint32_t: make() also requires size(l) <= 2^32 - 1
/// (every index of the domain is a 32-bit index), every value of l on its domain in
/// [-2^31, 2^31 - 1] (min_value and max_value are int32) and every kept stride in int32;
/// value_type is int32. Values are computed in Index arithmetic, modulo 2^32 or 2^64, and
/// converted to value_type modularly (C++20): the true value lies in [min_value, max_value], so
/// the result is exact on the domain, negative values included.
///
/// Slots: the modes kept (leaves of size > 1 and the last leaf, as FastLayout keeps them) fill
/// shape/stride from slot 0, except the last kept mode, which is always slot R - 1 (it takes the
/// rest of the index); slots in between divide by 1 with stride 0 and contribute nothing. So
/// operator() runs a loop of R - 1 divisions, fixed at compile time, with no branch on n.
template <int R, class Index>
struct FastLayoutR {
  static_assert(R >= 1, "FastLayoutR: the rank R must be at least 1");
  static_assert(std::is_same_v<Index, std::uint32_t> || std::is_same_v<Index, u64>,
                "FastLayoutR: Index must be std::uint32_t or std::uint64_t");
  using index_type = Index;
  using value_type = typename detail::FastIndex<Index>::Value;
  using Divisor = typename detail::FastIndex<Index>::Divisor;
  static constexpr int kRank = R;

  Divisor shape[R] = {};        ///< slot j's shape (shape[j].d >= 1); shape[R - 1] is unused
  value_type stride[R] = {};    ///< slot j's stride
  Index size = 1;               ///< size(L): the domain is [0, size)
  value_type min_value = 0;     ///< the smallest value of L on its domain
  value_type max_value = 0;     ///< the largest value of L on its domain
  int n = 0;                    ///< modes kept (0 only for a layout whose only value is 0)

  /// Prepare l. Errors: those of FastLayout::make (bad_argument for a basis stride or a shape
  /// < 1; overflow when the size or a value does not fit in int64; capacity for a corrupt leaf
  /// count); capacity when more than R modes remain; for Index = std::uint32_t, overflow when
  /// the size, a value or a kept stride does not fit as stated above.
  /// @post (*this)(i) == evaluate_int(l, i) for every i in [0, size(l)).
  /// l may have any capacity N.
  template <int N>
  LAYOUTREF_HD static constexpr Result<FastLayoutR> make(LayoutN<N> const& l) {
    constexpr bool narrow = std::is_same_v<Index, std::uint32_t>;
    if (l.nleaves > N) return fail(Errc::capacity).add("more than ").add(N).add(" leaves");
    LAYOUTREF_CHECK(validate(l));
    FastLayoutR f;
    for (int j = 0; j < R; ++j) f.shape[j] = Divisor::make(1);
    i64 size = 1, lo = 0, hi = 0;
    int kept = 0;
    i64 last_stride = 0;
    for (int j = 0; j < l.nleaves; ++j) {
      LayoutLeaf const& x = l.leaf[j];
      if (!x.stride_is_integer()) return fail(Errc::bad_argument).add("FastLayout needs integer strides (leaf ").add(j).add(" has a basis stride)");
      i64 s = x.shape_value(), d = x.stride_value();
      LAYOUTREF_TRY(size, checked_mul(size, s));
      // As in FastLayout::make: the values lie between the sums of the negative and of the
      // positive extremes (s - 1) * d, and both sums are values.
      LAYOUTREF_TRY(i64 extreme, checked_mul(s - 1, d));
      if (extreme > 0) {
        LAYOUTREF_TRY(hi, checked_add(hi, extreme));
      } else {
        LAYOUTREF_TRY(lo, checked_add(lo, extreme));
      }
      if (s == 1 && j + 1 != l.nleaves) continue;
      if (narrow && (d < -(i64{1} << 31) || d > (i64{1} << 31) - 1))
        return fail(Errc::overflow).add("32-bit FastLayoutR: the stride ").add(d).add(" of leaf ").add(j).add(" does not fit in int32");
      ++kept;
      if (j + 1 == l.nleaves) {
        last_stride = d;
      } else if constexpr (R > 1) {  // R == 1 keeps only the last mode (g++ 13 -Warray-bounds otherwise)
        if (kept < R) {
          f.shape[kept - 1] = Divisor::make(static_cast<Index>(s));
          f.stride[kept - 1] = static_cast<value_type>(d);
        }
      }
    }
    if (kept > R)
      return fail(Errc::capacity).add("FastLayoutR: ").add(kept).add(" modes remain (leaves of size > 1, and the last leaf), more than its rank ").add(R);
    if (narrow) {
      if (size > i64{0xffffffff})
        return fail(Errc::overflow).add("32-bit FastLayoutR: the size ").add(size).add(" does not fit in 32 bits (at most 2^32 - 1 = 4294967295)");
      if (hi > (i64{1} << 31) - 1)
        return fail(Errc::overflow).add("32-bit FastLayoutR: the largest value ").add(hi).add(" does not fit in int32 (at most 2^31 - 1 = 2147483647)");
      if (lo < -(i64{1} << 31))
        return fail(Errc::overflow).add("32-bit FastLayoutR: the smallest value ").add(lo).add(" does not fit in int32 (at least -2^31 = -2147483648)");
    }
    f.stride[R - 1] = static_cast<value_type>(last_stride);
    f.size = static_cast<Index>(size);
    f.min_value = static_cast<value_type>(lo);
    f.max_value = static_cast<value_type>(hi);
    f.n = kept;
    return f;
  }

  /// L(index). Exact for index < size. Past the size the last mode takes the rest (CuTe's
  /// extension): exact while the value fits in value_type, modulo 2^32 or 2^64 otherwise (never
  /// undefined behaviour).
  LAYOUTREF_HD constexpr value_type operator()(Index index) const {
    Index i = index;
    Index v = 0;
    for (int j = 0; j + 1 < R; ++j) {
      Index q = shape[j].divide(i);
      v += (i - q * shape[j].d) * static_cast<Index>(stride[j]);
      i = q;
    }
    v += i * static_cast<Index>(stride[R - 1]);
    return static_cast<value_type>(v);
  }
};

/// Call f with l prepared as FastLayoutR<R, std::uint32_t> when that can be made, else as
/// FastLayoutR<R, std::uint64_t>: the index type make picks. f is called at most once, with
/// either type (a generic callable: `[&](auto const& fl) { ... }`); its result is discarded.
/// @pre f accepts FastLayoutR<R, std::uint32_t> const& and FastLayoutR<R, std::uint64_t> const&.
/// @post returns ok iff f was called; f got the 32-bit layout iff FastLayoutR<R,
/// std::uint32_t>::make(l) succeeds. Otherwise the error is the 32-bit make's when it is not
/// overflow (bad_argument, capacity: the 64-bit make refuses the same), else the 64-bit make's,
/// and f is not called.
// f may be host-only or device-only (a kernel's lambda, a host launcher): nvcc checks the call
// where with_fast_layout is instantiated, not in both passes.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <int R, int N, class F>
LAYOUTREF_HD constexpr Error with_fast_layout(LayoutN<N> const& l, F&& f) {
  auto narrow = FastLayoutR<R, std::uint32_t>::make(l);
  if (narrow.ok()) {
    f(narrow.value);
    return Error{};
  }
  if (narrow.error.code != Errc::overflow) return narrow.error;
  auto wide = FastLayoutR<R, u64>::make(l);
  if (!wide.ok()) return wide.error;
  f(wide.value);
  return Error{};
}

}  // namespace layoutref::impl
