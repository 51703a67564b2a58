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
#pragma once

#include <layoutref/impl/fast_divide.hpp>
#include <layoutref/impl/layout.hpp>

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
      if (!x.stride.is_integer()) return fail(Errc::bad_argument).add("FastLayout needs integer strides (leaf ").add(j).add(" has a basis stride)");
      i64 s = x.shape.value, d = x.stride.value;
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

}  // namespace layoutref::impl
