// Shared helpers for the impl unit tests: impl values read from CuTe's notation (the test fails
// with the parser's or impl's message when the text is not what it claims to be), and results
// printed for comparison.
#pragma once

#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace layoutref::impl::testing_support {

inline notation::Term T(std::string const& text) {
  auto p = notation::parse(text);
  EXPECT_TRUE(p.ok) << text;
  return p.term;
}

inline Layout L(std::string const& text) {
  auto r = to_layout(T(text));
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value;
}

/// A tiler as composition reads it (an integer n is n:_1).
inline Tiler Tl(std::string const& text) {
  auto r = to_tiler(T(text));
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value;
}

/// An IntTuple (a shape, a coordinate, a profile).
inline IntTuple P(std::string const& text) {
  auto r = to_int_tuple(T(text));
  EXPECT_TRUE(r.ok()) << str(r.error);
  return r.value;
}

/// A layout result as CuTe prints it, or "error: <condition: text>".
inline std::string S(Result<Layout> const& r) { return r.ok() ? str(r.value) : "error: " + str(r.error); }

/// A layout of capacity N read from CuTe's notation (the test fails if it does not fit N).
template <int N>
LayoutN<N> LN(std::string const& text) {
  auto r = with_capacity<N>(L(text));
  EXPECT_TRUE(r.ok()) << text << ": " << str(r.error);
  return r.value;
}

/// An IntTuple of capacity N read from CuTe's notation (the test fails if it does not fit N).
template <int N>
IntTupleN<N> PN(std::string const& text) {
  auto r = with_capacity<N>(P(text));
  EXPECT_TRUE(r.ok()) << text << ": " << str(r.error);
  return r.value;
}

/// A tiler of capacity N read as composition reads it (the test fails if it does not fit N).
template <int N>
TilerN<N> TlN(std::string const& text) {
  auto r = with_capacity<N>(Tl(text));
  EXPECT_TRUE(r.ok()) << text << ": " << str(r.error);
  return r.value;
}

/// S for a result of capacity N (printed through the default capacity, which holds it).
template <int N>
std::string SN(Result<LayoutN<N>> const& r) {
  if (!r.ok()) return "error: " + str(r.error);
  auto w = with_capacity<kMaxLeaves>(r.value);
  return w.ok() ? str(w.value) : "error: " + str(w.error);
}

/// A small deterministic generator (SplitMix64).
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

}  // namespace layoutref::impl::testing_support
