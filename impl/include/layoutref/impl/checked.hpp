// layoutref::impl — checked 64-bit arithmetic on integers that carry CuTe's static flag.
//
// Int is CuTe's integer leaf: a value and whether it is static (Int<N>, printed `_N`) or a
// run-time int (printed `N`). The flag changes printing, never meaning: static op static is
// static, anything with a run-time operand is run-time (CuTe's C<a> * C<b> = C<a*b>).
// Every operation that can overflow returns Result with Errc::overflow. Portable code runs on the
// device; the host's multiplication check uses the compiler's overflow builtin (below).
#pragma once

#include <layoutref/impl/error.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

inline constexpr i64 kI64Max = 0x7fffffffffffffffLL;
inline constexpr i64 kI64Min = -kI64Max - 1;

/// On the host, GCC's and Clang's __builtin_mul_overflow (usable in constant expressions) checks
/// a product without the division that the portable test below needs; device code keeps the
/// portable test. Both say the same: whether a*b lies outside [kI64Min, kI64Max].
#if !defined(__CUDA_ARCH__) && (defined(__GNUC__) || defined(__clang__))
#define LAYOUTREF_HOST_OVERFLOW_BUILTINS 1
#else
#define LAYOUTREF_HOST_OVERFLOW_BUILTINS 0
#endif

LAYOUTREF_HD constexpr bool add_overflows(i64 a, i64 b) {
  return (b > 0 && a > kI64Max - b) || (b < 0 && a < kI64Min - b);
}
LAYOUTREF_HD constexpr bool sub_overflows(i64 a, i64 b) {
  return (b < 0 && a > kI64Max + b) || (b > 0 && a < kI64Min + b);
}
namespace detail {
/// Whether a*b overflows, in portable code (the device's test; tests/impl compare it with the host's).
LAYOUTREF_HD constexpr bool mul_overflows_portable(i64 a, i64 b) {
  if (a == 0 || b == 0) return false;
  if (a > 0) return b > 0 ? a > kI64Max / b : b < kI64Min / a;
  return b > 0 ? a < kI64Min / b : (a < -kI64Max || b < -kI64Max || -a > kI64Max / -b);
}
}  // namespace detail

/// Whether a*b lies outside [kI64Min, kI64Max]. On the host the compiler's builtin; in device
/// code the high half of the 128-bit product (__mul64hi), which is the sign extension of the low
/// half exactly when the product fits; in constant evaluation on the device, the portable test.
/// (gpu/check's eval suite compares the device's answer with the portable test's.)
LAYOUTREF_HD constexpr bool mul_overflows(i64 a, i64 b) {
#if LAYOUTREF_HOST_OVERFLOW_BUILTINS
  i64 r = 0;
  return __builtin_mul_overflow(a, b, &r);
#elif defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) {
    u64 lo = static_cast<u64>(a) * static_cast<u64>(b);
    i64 hi = __mul64hi(a, b);
    return hi != (static_cast<i64>(lo) >> 63);
  }
  return detail::mul_overflows_portable(a, b);
#else
  return detail::mul_overflows_portable(a, b);
#endif
}

/// q = i / s and r = i % s (q or r may name the caller's i). @pre i >= 0, s >= 1. In device
/// code, a 32-bit division when both fit in 32 bits (a 64-bit division is a long instruction
/// sequence there; the quotient and the remainder are the same).
LAYOUTREF_HD constexpr void divmod(i64 i, i64 s, i64& q, i64& r) {
#if defined(__CUDA_ARCH__)
  if (((static_cast<u64>(i) | static_cast<u64>(s)) >> 32) == 0) {
    auto i32 = static_cast<std::uint32_t>(i), s32 = static_cast<std::uint32_t>(s);
    q = static_cast<i64>(i32 / s32);
    r = static_cast<i64>(i32 % s32);
    return;
  }
#endif
  i64 quotient = i / s, remainder = i % s;
  q = quotient;
  r = remainder;
}

LAYOUTREF_HD constexpr Error overflow_error(char const* op, i64 a, i64 b) {
  return fail(Errc::overflow).add("64-bit overflow: ").add(a).add(" ").add(op).add(" ").add(b);
}

LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Result<i64> checked_add(i64 a, i64 b) {
  if (add_overflows(a, b)) return overflow_error("+", a, b);
  return a + b;
}
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Result<i64> checked_sub(i64 a, i64 b) {
  if (sub_overflows(a, b)) return overflow_error("-", a, b);
  return a - b;
}
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Result<i64> checked_mul(i64 a, i64 b) {
  if (mul_overflows(a, b)) return overflow_error("*", a, b);
  return a * b;
}

/// ceil(a / b) for a >= 0, b > 0 (CuTe's ceil_div).
LAYOUTREF_HD constexpr i64 ceil_div(i64 a, i64 b) { return a / b + (a % b != 0 ? 1 : 0); }
/// |a| as an unsigned value: defined for every i64, the smallest included (2^63).
LAYOUTREF_HD constexpr std::uint64_t magnitude(i64 a) {
  return a < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(a) : static_cast<std::uint64_t>(a);
}
/// |a|. Errors: overflow for the smallest i64, whose magnitude 2^63 is no i64.
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Result<i64> checked_abs(i64 a) {
  if (a == kI64Min) return fail(Errc::overflow).add("64-bit overflow: |").add(a).add("| = 2^63");
  return a < 0 ? -a : a;
}
/// gcd(|a|, |b|). Errors: overflow when it is 2^63 (a and b each 0 or the smallest i64).
LAYOUTREF_HD constexpr Result<i64> checked_gcd(i64 a, i64 b) {
  std::uint64_t x = magnitude(a), y = magnitude(b);
  while (y != 0) {
    std::uint64_t t = x % y;
    x = y;
    y = t;
  }
  if (x > static_cast<std::uint64_t>(kI64Max)) return fail(Errc::overflow).add("64-bit overflow: gcd(").add(a).add(", ").add(b).add(") = 2^63");
  return static_cast<i64>(x);
}
/// gcd of two positive values (shapes, sizes). @pre a > 0, b > 0
LAYOUTREF_HD constexpr i64 gcd_positive(i64 a, i64 b) {
  while (b != 0) {
    i64 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/// CuTe's integer leaf: a value and its static flag.
/// Trivially default-constructible (a Tree's leaf; tree.hpp): `Int{}` is 0, run-time.
struct Int {
  i64 value;
  bool is_static;

  LAYOUTREF_HD static constexpr Int fixed(i64 v) { return Int{v, true}; }    ///< static `_v`
  LAYOUTREF_HD static constexpr Int dynamic(i64 v) { return Int{v, false}; } ///< run-time `v`
  LAYOUTREF_HD friend constexpr bool operator==(Int a, Int b) { return a.value == b.value && a.is_static == b.is_static; }
};

LAYOUTREF_HD constexpr bool both_static(Int a, Int b) { return a.is_static && b.is_static; }
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Result<Int> mul(Int a, Int b) {
  LAYOUTREF_TRY(i64 v, checked_mul(a.value, b.value));
  return Int{v, both_static(a, b)};
}
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Result<Int> add(Int a, Int b) {
  LAYOUTREF_TRY(i64 v, checked_add(a.value, b.value));
  return Int{v, both_static(a, b)};
}
/// Exact division (the caller has checked divisibility). @pre b.value != 0
LAYOUTREF_HD constexpr Int div(Int a, Int b) { return Int{a.value / b.value, both_static(a, b)}; }
/// ceil(a/b). @pre a >= 0, b > 0
LAYOUTREF_HD constexpr Int ceil_div(Int a, Int b) { return Int{ceil_div(a.value, b.value), both_static(a, b)}; }
LAYOUTREF_HD constexpr Int min(Int a, Int b) {
  Int r = a.value <= b.value ? a : b;
  r.is_static = both_static(a, b);
  return r;
}

}  // namespace layoutref::impl
