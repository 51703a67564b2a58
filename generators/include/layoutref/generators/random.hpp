// layoutref::generators — a seeded source of choices (`layoutref gen`): SplitMix64, each pick
// uniform in [lo, hi] by rejection, so that a seed gives the same sequence on every platform and
// with every standard library (std::uniform_int_distribution's algorithm is unspecified).
#pragma once

#include <layoutref/generators/source.hpp>

#include <cstdint>

namespace layoutref::generators {

class SeededSource {
 public:
  explicit SeededSource(std::uint64_t seed) : state_(seed) {}

  /// A value uniform in [lo, hi]. @pre lo <= hi
  i64 pick(i64 lo, i64 hi) {
    std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);  // hi - lo, modulo 2^64
    if (span == UINT64_MAX) return static_cast<i64>(next());
    std::uint64_t n = span + 1;
    std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n: below it, x % n would favour the small values
    std::uint64_t x = next();
    while (x < threshold) x = next();
    return static_cast<i64>(static_cast<std::uint64_t>(lo) + x % n);
  }
  int pick_int(int lo, int hi) { return static_cast<int>(pick(lo, hi)); }
  template <class F>
  auto nested(F f) {
    return f(*this);
  }

 private:
  // SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", 2014).
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
};

static_assert(Source<SeededSource>);

}  // namespace layoutref::generators
