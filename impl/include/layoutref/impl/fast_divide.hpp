// layoutref::impl — unsigned 64-bit division by a run-time constant, by multiply-high.
//
// Splitting an index into a coordinate divides by the same shapes over and over; a hardware
// 64-bit division costs tens of cycles on a CPU and is a long software sequence on a GPU.
// FastDivisor precomputes, once per divisor d, a multiplier m and a shift so that every
// quotient floor(n / d) is one multiply-high, at most an add and a shift (T. Granlund and
// P. L. Montgomery, "Division by Invariant Integers using Multiplication", PLDI 1994;
// H. S. Warren, "Hacker's Delight", 2nd ed., section 10-8, the "round-up" method with the
// "add" indicator). The derivation, for N = 64-bit words:
//
// Lemma. Let p >= 0, m = ceil(2^p / d) and e = m*d - 2^p (so 0 <= e < d). If e*n < 2^p then
//   floor(m*n / 2^p) = floor(n / d).
// Proof. Write n = q*d + r with 0 <= r < d. Then m*n / 2^p = (2^p + e)*n / (d*2^p)
//   = n/d + e*n / (d*2^p) = q + (r + e*n/2^p) / d, and 0 <= r + e*n/2^p < (d - 1) + 1 = d. ∎
//
// Let k = floor(log2 d).
// - d = 2^k (including d = 1): floor(n / d) = n >> k.                            [kind shift]
// - otherwise 2^k < d < 2^(k+1), and d does not divide any power of two. Try p = 64 + k:
//   m = ceil(2^(64+k) / d) < 2^(64+k) / 2^k + 1 = 2^64 + 1, and m != 2^64 (that would need
//   d <= 2^k), so m fits in 64 bits. With r = 2^(64+k) mod d (r != 0), e = d - r. If e <= 2^k
//   then e*n <= 2^k * (2^64 - 1) < 2^(64+k) for every 64-bit n, the lemma applies and
//   floor(n / d) = floor(n*m / 2^(64+k)) = mulhi(n, m) >> k.                       [kind mul]
// - otherwise take p = 64 + k + 1: m = ceil(2^(65+k) / d) lies strictly between 2^64 and
//   2^65 and e < d < 2^(k+1), so e*n < 2^(65+k) and the lemma applies; but m needs 65 bits.
//   Store m' = m - 2^64 (< 2^64). With t = mulhi(n, m') = floor(n*m' / 2^64) (t <= n):
//   floor(n*m / 2^(65+k)) = floor((n*2^64 + n*m') / 2^(65+k)) = floor((n + t) / 2^(k+1)),
//   and n + t may carry out of 64 bits, so compute floor((n + t)/2) as ((n - t) >> 1) + t
//   (exact: n - t = 2a + b with b in {0,1} gives (n + t)/2 = a + t + b/2), then shift by k.
//                                                                                  [kind add]
// The lemma holds for every n < 2^64, so divide(n) == n / d for all 64-bit n.
//
// make() computes floor(2^(64+k) / d) and its remainder by binary long division in 64-bit
// words (no 128-bit division), so it is constexpr and runs on the device too. mulhi is
// __umul64hi on the device, unsigned __int128 on the host, and a portable four-product
// version in constant evaluation on the device or where the host has no 128-bit integers.
#pragma once

#include <layoutref/impl/config.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

/// The high 64 bits of the 128-bit product a*b, from four 32x32-bit products.
LAYOUTREF_HD constexpr u64 mulhi_portable(u64 a, u64 b) {
  u64 const lo = 0xffffffffULL;
  u64 a0 = a & lo, a1 = a >> 32, b0 = b & lo, b1 = b >> 32;
  u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  // middle column: (p00 >> 32) + low(p01) + low(p10) < 3 * 2^32, no overflow
  u64 mid = (p00 >> 32) + (p01 & lo) + (p10 & lo);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/// The high 64 bits of the 128-bit product a*b.
LAYOUTREF_HD constexpr u64 mulhi(u64 a, u64 b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return __umul64hi(a, b);
  return mulhi_portable(a, b);
#elif defined(__SIZEOF_INT128__)
  __extension__ typedef unsigned __int128 u128;
  return static_cast<u64>((static_cast<u128>(a) * static_cast<u128>(b)) >> 64);
#else
  return mulhi_portable(a, b);
#endif
}

/// floor(n / d) for a divisor fixed at run time, by multiply-high (derivation above).
struct FastDivisor {
  enum class Kind : std::uint8_t { shift, mul, add };

  u64 d = 1;             ///< the divisor (0 only when made from 0, see make)
  u64 magic = 0;         ///< m (kind mul) or m - 2^64 (kind add); unused for kind shift
  std::uint8_t k = 0;    ///< floor(log2 d): the final shift
  Kind kind = Kind::shift;

  /// The divisor for d. @pre d >= 1. make(0) gives a divisor with d == 0 whose divide(n)
  /// returns n (defined, never undefined behaviour); callers check d >= 1 first.
  LAYOUTREF_HD static constexpr FastDivisor make(u64 d) {
    FastDivisor f;
    f.d = d;
    if (d == 0) return f;
    int k = 63;
    while ((d >> k) == 0) --k;
    f.k = static_cast<std::uint8_t>(k);
    if ((d & (d - 1)) == 0) return f;  // d = 2^k
    // q = floor(2^(64+k) / d), r = 2^(64+k) mod d: long division of 2^k * 2^64, whose
    // leading part 2^k is already smaller than d.
    u64 q = 0, r = u64{1} << k;
    for (int bit = 0; bit < 64; ++bit) {
      bool carry = (r >> 63) != 0;  // 2r >= 2^64 > d
      r <<= 1;
      q <<= 1;
      if (carry || r >= d) {
        r -= d;  // modulo 2^64: the true 2r - d is < d
        q |= 1;
      }
    }
    // r != 0 here (d is not a power of two). e = d - r for m = q + 1.
    if (d - r <= (u64{1} << k)) {
      f.kind = Kind::mul;
      f.magic = q + 1;
      return f;
    }
    // p = 65 + k: 2^(65+k) = 2q*d + 2r; m = ceil(2^(65+k)/d), kept modulo 2^64.
    bool carry = (r >> 63) != 0;
    u64 r2 = r << 1;
    u64 q2 = q << 1;  // the bit 2^64 of 2q is the implicit 2^64 of m
    if (carry || r2 >= d) {
      r2 -= d;
      q2 |= 1;
    }
    f.kind = Kind::add;
    f.magic = q2 + (r2 != 0 ? 1 : 0);
    return f;
  }

  /// floor(n / d), for every 64-bit n.
  LAYOUTREF_HD constexpr u64 divide(u64 n) const {
    if (kind == Kind::shift) return n >> k;
    u64 t = mulhi(n, magic);
    if (kind == Kind::add) t = ((n - t) >> 1) + t;
    return t >> k;
  }

  /// n mod d (n when d == 0).
  LAYOUTREF_HD constexpr u64 modulo(u64 n) const { return n - divide(n) * d; }
};

// ---- 32-bit words ---------------------------------------------------------------------------
//
// FastDivisor32 is the same construction for N = 32: floor(n / d) for every 32-bit n and a
// 32-bit divisor d >= 1, with one 32x32-bit multiply-high (__umulhi on the device, the high half
// of a 64-bit product on the host). The lemma above holds for any p; with k = floor(log2 d):
// - d = 2^k: floor(n / d) = n >> k.                                               [kind shift]
// - otherwise try p = 32 + k: m = ceil(2^(32+k) / d) <= 2^32, and m = 2^32 would need
//   2^32 - 1 < 2^(32+k) / d, i.e. d < 2^k + 2^k / (2^32 - 1), so d <= 2^k (k < 32): m fits in
//   32 bits. With r = 2^(32+k) mod d (r != 0), e = d - r; if e <= 2^k then
//   e*n <= 2^k * (2^32 - 1) < 2^(32+k) for every 32-bit n, and
//   floor(n / d) = mulhi32(n, m) >> k.                                               [kind mul]
// - otherwise p = 33 + k: m = ceil(2^(33+k) / d) lies strictly between 2^32 and 2^33,
//   e < d < 2^(k+1), so e*n < 2^(33+k); store m' = m - 2^32 and compute, with
//   t = mulhi32(n, m') <= n, floor((n + t) / 2^(k+1)) as (((n - t) >> 1) + t) >> k.  [kind add]
// make() computes floor(2^(32+k) / d) and its remainder with one 64-bit division
// (2^(32+k) <= 2^63), then 2^(33+k) = 2q*d + 2r in 64-bit words (2q < 2^33, 2r < 2^33).

/// The high 32 bits of the 64-bit product a*b.
LAYOUTREF_HD constexpr std::uint32_t mulhi32(std::uint32_t a, std::uint32_t b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return __umulhi(a, b);
#endif
  return static_cast<std::uint32_t>((static_cast<u64>(a) * static_cast<u64>(b)) >> 32);
}

/// floor(n / d) for a 32-bit divisor fixed at run time, by 32-bit multiply-high (derivation
/// above).
struct FastDivisor32 {
  using Kind = FastDivisor::Kind;

  std::uint32_t d = 1;      ///< the divisor (0 only when made from 0, see make)
  std::uint32_t magic = 0;  ///< m (kind mul) or m - 2^32 (kind add); unused for kind shift
  std::uint8_t k = 0;       ///< floor(log2 d): the final shift
  Kind kind = Kind::shift;

  /// The divisor for d. @pre d >= 1. make(0) gives a divisor with d == 0 whose divide(n)
  /// returns n (defined, never undefined behaviour); callers check d >= 1 first.
  LAYOUTREF_HD static constexpr FastDivisor32 make(std::uint32_t d) {
    FastDivisor32 f;
    f.d = d;
    if (d == 0) return f;
    int k = 31;
    while ((d >> k) == 0) --k;
    f.k = static_cast<std::uint8_t>(k);
    if ((d & (d - 1)) == 0) return f;  // d = 2^k
    u64 const num = u64{1} << (32 + k);
    u64 const q = num / d, r = num % d;  // q < 2^32 (d > 2^k), r != 0
    if (d - r <= (u64{1} << k)) {
      f.kind = Kind::mul;
      f.magic = static_cast<std::uint32_t>(q + 1);
      return f;
    }
    u64 q2 = 2 * q, r2 = 2 * r;  // 2^(33+k) = q2*d + r2
    if (r2 >= d) {
      r2 -= d;
      q2 += 1;
    }
    f.kind = Kind::add;
    f.magic = static_cast<std::uint32_t>(q2 + (r2 != 0 ? 1 : 0) - (u64{1} << 32));
    return f;
  }

  /// floor(n / d), for every 32-bit n.
  LAYOUTREF_HD constexpr std::uint32_t divide(std::uint32_t n) const {
    if (kind == Kind::shift) return n >> k;
    std::uint32_t t = mulhi32(n, magic);
    if (kind == Kind::add) t = ((n - t) >> 1) + t;
    return t >> k;
  }

  /// n mod d (n when d == 0).
  LAYOUTREF_HD constexpr std::uint32_t modulo(std::uint32_t n) const { return n - divide(n) * d; }
};

}  // namespace layoutref::impl
