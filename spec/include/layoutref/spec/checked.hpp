// layoutref::spec — checked 64-bit integer arithmetic.
//
// Every arithmetic step of the spec goes through these functions: any result that does not
// fit in int64_t throws Error(Kind::overflow) naming the operation. Never undefined behaviour.
#pragma once

#include <layoutref/spec/error.hpp>

#include <cstdint>
#include <string>

namespace layoutref::spec {

using i64 = std::int64_t;

[[noreturn]] void overflow(char const* op, i64 a, i64 b);

inline i64 add(i64 a, i64 b) {
  i64 r;
  if (__builtin_add_overflow(a, b, &r)) overflow("+", a, b);
  return r;
}
inline i64 sub(i64 a, i64 b) {
  i64 r;
  if (__builtin_sub_overflow(a, b, &r)) overflow("-", a, b);
  return r;
}
inline i64 mul(i64 a, i64 b) {
  i64 r;
  if (__builtin_mul_overflow(a, b, &r)) overflow("*", a, b);
  return r;
}
inline i64 neg(i64 a) { return sub(0, a); }
inline i64 abs(i64 a) { return a < 0 ? neg(a) : a; }

/// Floor division. @pre b > 0
i64 floor_div(i64 a, i64 b);
/// ceil(a / b) for a >= 0, b > 0 (CuTe's ceil_div). @pre a >= 0, b > 0
i64 ceil_div(i64 a, i64 b);
/// The least multiple of b not below a. @pre a >= 0, b > 0
i64 round_up(i64 a, i64 b);
i64 gcd(i64 a, i64 b);

}  // namespace layoutref::spec
