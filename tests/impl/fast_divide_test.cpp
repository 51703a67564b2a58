// impl fast division: FastDivisor::divide(n) == n / d, exhaustively for small d and n, at
// random (fixed seed) over the whole 64-bit range, and for every power of two; FastDivisor32
// the same over 32-bit words.
// Expected magic numbers derived by hand from the lemma in fast_divide.hpp.
#include <layoutref/impl/fast_divide.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using Kind = FastDivisor::Kind;

// d = 3, k = 1: 2^65 mod 3 = 2, so m = ceil(2^65 / 3) = (2^65 + 1) / 3 = 0xAAAAAAAAAAAAAAAB and
// e = 3 - 2 = 1 <= 2^1: one multiply-high and a shift.
static_assert(FastDivisor::make(3).kind == Kind::mul);
static_assert(FastDivisor::make(3).magic == 0xAAAAAAAAAAAAAAABULL);
static_assert(FastDivisor::make(3).k == 1);
// d = 7, k = 2: 2^66 mod 7 = 1 (2^3 = 1 mod 7), e = 6 > 4, so p = 67: 2^67 mod 7 = 2,
// m = (2^67 + 5) / 7 and m - 2^64 = (2^64 + 5) / 7 = 0x2492492492492493: the add path.
static_assert(FastDivisor::make(7).kind == Kind::add);
static_assert(FastDivisor::make(7).magic == 0x2492492492492493ULL);
static_assert(FastDivisor::make(7).k == 2);
// powers of two shift.
static_assert(FastDivisor::make(1).kind == Kind::shift && FastDivisor::make(1).k == 0);
static_assert(FastDivisor::make(u64{1} << 40).kind == Kind::shift && FastDivisor::make(u64{1} << 40).k == 40);
// constexpr-evaluable division
static_assert(FastDivisor::make(7).divide(100) == 14);
static_assert(FastDivisor::make(3).divide(~u64{0}) == 0x5555555555555555ULL);
static_assert(FastDivisor::make(7).divide(~u64{0}) == 0x2492492492492492ULL);  // (2^64 - 1 - 1) / 7
static_assert(FastDivisor::make(7).modulo(100) == 2);
static_assert(FastDivisor::make(1).divide(~u64{0}) == ~u64{0});
static_assert(mulhi(~u64{0}, ~u64{0}) == ~u64{0} - 1);  // (2^64 - 1)^2 = 2^128 - 2^65 + 1
static_assert(mulhi_portable(u64{1} << 32, u64{1} << 32) == 1);

// The first n in [lo, hi) (step 1) where divide disagrees with the hardware division, or hi.
u64 first_mismatch(FastDivisor const& f, u64 d, u64 lo, u64 hi) {
  for (u64 n = lo; n < hi; ++n)
    if (f.divide(n) != n / d) return n;
  return hi;
}

TEST(ImplFastDivide, ExhaustiveSmall) {
  // every d in [1, 2^12], every n in [0, 2^16)
  long mismatches = 0;
  for (u64 d = 1; d <= 4096; ++d) {
    FastDivisor f = FastDivisor::make(d);
    ASSERT_EQ(f.d, d);
    u64 n = first_mismatch(f, d, 0, u64{1} << 16);
    if (n != u64{1} << 16) {
      ++mismatches;
      ADD_FAILURE() << "d = " << d << ", n = " << n << ": " << f.divide(n) << " != " << n / d;
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(ImplFastDivide, EveryPowerOfTwo) {
  std::mt19937_64 rng(20260001);
  for (int k = 0; k < 64; ++k) {
    u64 d = u64{1} << k;
    FastDivisor f = FastDivisor::make(d);
    EXPECT_EQ(f.kind, Kind::shift);
    EXPECT_EQ(f.k, k);
    for (u64 n : {u64{0}, u64{1}, d - 1, d, d + 1, 2 * d - 1, ~u64{0}, ~u64{0} >> 1, (~u64{0} >> 1) + 1})
      EXPECT_EQ(f.divide(n), n / d) << "d = 2^" << k << ", n = " << n;
    for (int t = 0; t < 1000; ++t) {
      u64 n = rng() >> (rng() % 64);
      ASSERT_EQ(f.divide(n), n / d) << "d = 2^" << k << ", n = " << n;
      ASSERT_EQ(f.modulo(n), n % d) << "d = 2^" << k << ", n = " << n;
    }
  }
}

// Divisors next to every power of two, and next to multiples of them, with every n near the
// ends of the range and near multiples of d.
TEST(ImplFastDivide, NearPowersOfTwo) {
  for (int k = 1; k < 64; ++k) {
    for (u64 delta = 1; delta <= 64; ++delta) {
      for (u64 d : {(u64{1} << k) - delta, (u64{1} << k) + delta}) {
        if (d == 0) continue;
        FastDivisor f = FastDivisor::make(d);
        u64 top = ~u64{0};
        EXPECT_EQ(first_mismatch(f, d, 0, 1024), 1024u) << "d = " << d;
        EXPECT_EQ(first_mismatch(f, d, top - 1023, top), top) << "d = " << d;
        EXPECT_EQ(f.divide(top), top / d) << "d = " << d;
        u64 half = u64{1} << 63;
        EXPECT_EQ(first_mismatch(f, d, half - 512, half + 512), half + 512) << "d = " << d;
        u64 m = (top / d) * d;  // the largest multiple of d
        EXPECT_EQ(first_mismatch(f, d, m - 3, m), m) << "d = " << d;
        EXPECT_EQ(f.divide(m), m / d) << "d = " << d;
      }
    }
  }
}

TEST(ImplFastDivide, Random63Bit) {
  std::mt19937_64 rng(20260002);
  u64 const max63 = ~u64{0} >> 1;
  long count[3] = {0, 0, 0};
  for (int t = 0; t < 200000; ++t) {
    u64 d = (rng() & max63) >> (rng() % 63);
    if (d == 0) d = 1;
    FastDivisor f = FastDivisor::make(d);
    ++count[static_cast<int>(f.kind)];
    for (int j = 0; j < 8; ++j) {
      u64 n = (rng() & max63) >> (rng() % 63);
      ASSERT_EQ(f.divide(n), n / d) << "d = " << d << ", n = " << n;
    }
    for (u64 n : {max63, max63 - 1, max63 - d + 1, (max63 / d) * d, (max63 / d) * d - 1}) {
      ASSERT_EQ(f.divide(n), n / d) << "d = " << d << ", n = " << n;
      ASSERT_EQ(f.modulo(n), n % d) << "d = " << d << ", n = " << n;
    }
  }
  // all three paths are exercised
  EXPECT_GT(count[0], 0);
  EXPECT_GT(count[1], 0);
  EXPECT_GT(count[2], 0);
}

TEST(ImplFastDivide, DivisorsNear2To63) {
  std::mt19937_64 rng(20260003);
  u64 const half = u64{1} << 63;
  for (u64 j = 0; j < 4096; ++j) {
    for (u64 d : {half - 1 - j, half + 1 + j, ~u64{0} - j, half / 3 + j}) {
      FastDivisor f = FastDivisor::make(d);
      for (int t = 0; t < 16; ++t) {
        u64 n = rng();
        ASSERT_EQ(f.divide(n), n / d) << "d = " << d << ", n = " << n;
      }
      for (u64 n : {d - 1, d, d + 1, half - 1, half, ~u64{0}, 2 * d - 1, 2 * d})
        ASSERT_EQ(f.divide(n), n / d) << "d = " << d << ", n = " << n;
    }
  }
}

TEST(ImplFastDivide, RandomFull64Bit) {
  std::mt19937_64 rng(20260004);
  for (int t = 0; t < 200000; ++t) {
    u64 d = rng() >> (rng() % 64);
    if (d == 0) d = 1;
    FastDivisor f = FastDivisor::make(d);
    for (int j = 0; j < 8; ++j) {
      u64 n = rng() >> (rng() % 64);
      ASSERT_EQ(f.divide(n), n / d) << "d = " << d << ", n = " << n;
    }
    ASSERT_EQ(f.divide(~u64{0}), ~u64{0} / d) << "d = " << d;
  }
}

TEST(ImplFastDivide, MulhiAgreesWithPortable) {
  std::mt19937_64 rng(20260005);
  for (int t = 0; t < 100000; ++t) {
    u64 a = rng() >> (rng() % 64), b = rng() >> (rng() % 64);
    ASSERT_EQ(mulhi(a, b), mulhi_portable(a, b)) << a << " * " << b;
  }
  // hand-derived: (2^63)(2^63) = 2^126 -> 2^62; (2^64 - 1) * 2 = 2^65 - 2 -> 1
  EXPECT_EQ(mulhi_portable(u64{1} << 63, u64{1} << 63), u64{1} << 62);
  EXPECT_EQ(mulhi_portable(~u64{0}, 2), 1u);
  EXPECT_EQ(mulhi_portable(~u64{0}, ~u64{0}), ~u64{0} - 1);
}

TEST(ImplFastDivide, ZeroDivisorIsDefined) {
  // @pre d >= 1; make(0) is defined and reports d == 0, dividing as by 1.
  FastDivisor f = FastDivisor::make(0);
  EXPECT_EQ(f.d, 0u);
  EXPECT_EQ(f.divide(12345), 12345u);
}

// ---- FastDivisor32 ----------------------------------------------------------------------------

using u32 = std::uint32_t;

// d = 3, k = 1: 2^33 mod 3 = 2, so m = ceil(2^33 / 3) = (2^33 + 1) / 3 = 0xAAAAAAAB and
// e = 3 - 2 = 1 <= 2^1: the mul path.
static_assert(FastDivisor32::make(3).kind == Kind::mul);
static_assert(FastDivisor32::make(3).magic == 0xAAAAAAABu);
static_assert(FastDivisor32::make(3).k == 1);
// d = 7, k = 2: 2^34 mod 7 = 2 (2^3 = 1 mod 7), e = 5 > 4, so p = 35: 2^35 mod 7 = 4,
// m = (2^35 + 3) / 7 and m - 2^32 = (2^32 + 3) / 7 = 613566757 = 0x24924925: the add path.
static_assert(FastDivisor32::make(7).kind == Kind::add);
static_assert(FastDivisor32::make(7).magic == 0x24924925u);
static_assert(FastDivisor32::make(7).k == 2);
static_assert(FastDivisor32::make(1).kind == Kind::shift && FastDivisor32::make(1).k == 0);
static_assert(FastDivisor32::make(u32{1} << 31).kind == Kind::shift && FastDivisor32::make(u32{1} << 31).k == 31);
static_assert(FastDivisor32::make(7).divide(100) == 14);
static_assert(FastDivisor32::make(3).divide(~u32{0}) == 0x55555555u);
static_assert(FastDivisor32::make(7).divide(~u32{0}) == 613566756u);  // (2^32 - 1 - 3) / 7
static_assert(FastDivisor32::make(7).modulo(100) == 2);
static_assert(FastDivisor32::make(~u32{0}).divide(~u32{0}) == 1 && FastDivisor32::make(~u32{0}).divide(~u32{0} - 1) == 0);
static_assert(mulhi32(~u32{0}, ~u32{0}) == ~u32{0} - 1);  // (2^32 - 1)^2 = 2^64 - 2^33 + 1
static_assert(sizeof(FastDivisor32) <= 12);

// The first n in [lo, hi) (step 1, 64-bit bounds so that hi may be 2^32) where divide disagrees.
u64 first_mismatch32(FastDivisor32 const& f, u32 d, u64 lo, u64 hi) {
  for (u64 n = lo; n < hi; ++n)
    if (f.divide(static_cast<u32>(n)) != static_cast<u32>(n) / d) return n;
  return hi;
}

// The values of n where the lemma is tightest for d: the ends of the range, d - 1, d, and the
// largest multiples of d and their neighbours.
void boundaries32(FastDivisor32 const& f, u32 d) {
  u32 const top = ~u32{0};
  u32 const m = (top / d) * d;
  for (u32 n : {u32{0}, u32{1}, d - 1, d, d + 1 == 0 ? d : d + 1, top, top - 1, m, m - 1, m - d, m - d + 1, u32{1} << 31,
                (u32{1} << 31) - 1}) {
    ASSERT_EQ(f.divide(n), n / d) << "d = " << d << ", n = " << n;
    ASSERT_EQ(f.modulo(n), n % d) << "d = " << d << ", n = " << n;
  }
}

TEST(ImplFastDivide32, ExhaustiveSmall) {
  // every d in [1, 2^12]: every n in [0, 2^16) and in [2^32 - 2^16, 2^32)
  long mismatches = 0;
  u64 const top = u64{1} << 32;
  for (u32 d = 1; d <= 4096; ++d) {
    FastDivisor32 f = FastDivisor32::make(d);
    ASSERT_EQ(f.d, d);
    for (u64 lo : {u64{0}, top - (u64{1} << 16)}) {
      u64 n = first_mismatch32(f, d, lo, lo + (u64{1} << 16));
      if (n != lo + (u64{1} << 16)) {
        ++mismatches;
        ADD_FAILURE() << "d = " << d << ", n = " << n;
      }
    }
    boundaries32(f, d);
  }
  EXPECT_EQ(mismatches, 0);
}

// Every 32-bit n for a few divisors of each kind (3 and 641: mul, 7: add, 2^31 + 1 and
// 2^32 - 1: the largest k), sampled with a stride that is coprime to them, plus every n near
// each multiple of d for the small ones.
TEST(ImplFastDivide32, WholeRangeForSomeDivisors) {
  u64 const top = u64{1} << 32;
  for (u32 d : {3u, 7u, 641u, 1000003u, (1u << 31) + 1, ~u32{0}, ~u32{0} - 1, 0x80000000u - 1}) {
    FastDivisor32 f = FastDivisor32::make(d);
    for (u64 n = 0; n < top; n += 4099) ASSERT_EQ(f.divide(static_cast<u32>(n)), static_cast<u32>(n) / d) << "d = " << d << ", n = " << n;
    for (u64 q = d; q < top; q += (top / d > 100000 ? static_cast<u64>(d) * 997 : d))
      for (u64 n = q - 1; n <= q + 1 && n < top; ++n)
        ASSERT_EQ(f.divide(static_cast<u32>(n)), static_cast<u32>(n) / d) << "d = " << d << ", n = " << n;
    boundaries32(f, d);
  }
}

TEST(ImplFastDivide32, NearPowersOfTwo) {
  for (int k = 1; k <= 32; ++k) {
    for (u64 delta = 1; delta <= 64; ++delta) {
      for (u64 d64 : {(u64{1} << k) - delta, (u64{1} << k) + delta}) {
        if (d64 == 0 || d64 > 0xffffffffu) continue;
        u32 d = static_cast<u32>(d64);
        FastDivisor32 f = FastDivisor32::make(d);
        u64 top = u64{1} << 32;
        EXPECT_EQ(first_mismatch32(f, d, 0, 1024), 1024u) << "d = " << d;
        EXPECT_EQ(first_mismatch32(f, d, top - 1024, top), top) << "d = " << d;
        EXPECT_EQ(first_mismatch32(f, d, (u64{1} << 31) - 512, (u64{1} << 31) + 512), (u64{1} << 31) + 512) << "d = " << d;
        boundaries32(f, d);
      }
    }
  }
}

TEST(ImplFastDivide32, EveryPowerOfTwo) {
  for (int k = 0; k < 32; ++k) {
    u32 d = u32{1} << k;
    FastDivisor32 f = FastDivisor32::make(d);
    EXPECT_EQ(f.kind, Kind::shift);
    EXPECT_EQ(f.k, k);
    boundaries32(f, d);
  }
}

TEST(ImplFastDivide32, Random) {
  std::mt19937_64 rng(20260020);
  long count[3] = {0, 0, 0};
  for (int t = 0; t < 400000; ++t) {
    u32 d = static_cast<u32>(rng()) >> (rng() % 32);
    if (d == 0) d = 1;
    FastDivisor32 f = FastDivisor32::make(d);
    ++count[static_cast<int>(f.kind)];
    for (int j = 0; j < 8; ++j) {
      u32 n = static_cast<u32>(rng()) >> (rng() % 32);
      ASSERT_EQ(f.divide(n), n / d) << "d = " << d << ", n = " << n;
      ASSERT_EQ(f.modulo(n), n % d) << "d = " << d << ", n = " << n;
    }
    boundaries32(f, d);
  }
  EXPECT_GT(count[0], 0);
  EXPECT_GT(count[1], 0);
  EXPECT_GT(count[2], 0);
}

TEST(ImplFastDivide32, MulhiAgreesWithTheProduct) {
  std::mt19937_64 rng(20260021);
  for (int t = 0; t < 100000; ++t) {
    u32 a = static_cast<u32>(rng()), b = static_cast<u32>(rng() >> (rng() % 32));
    ASSERT_EQ(mulhi32(a, b), static_cast<u32>(mulhi(u64{a} << 32, b))) << a << " * " << b;
  }
  EXPECT_EQ(mulhi32(u32{1} << 31, 2), 1u);
}

TEST(ImplFastDivide32, ZeroDivisorIsDefined) {
  FastDivisor32 f = FastDivisor32::make(0);
  EXPECT_EQ(f.d, 0u);
  EXPECT_EQ(f.divide(12345), 12345u);
}

}  // namespace
}  // namespace layoutref::impl
