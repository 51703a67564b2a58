// The bit-vector tier (bitvector.hpp, bitvector_attempt): integer obligations decided by
// bit-vectors at widths from the terms' intervals. Each expected answer is derived by hand; each
// proof has a false variant of the same statement that must not be proved.
#include <layoutref/proofs/bitvector.hpp>
#include <layoutref/proofs/query.hpp>

#include <gtest/gtest.h>

#include <chrono>

namespace lp = layoutref::proofs;

namespace {

auto soon() { return std::chrono::steady_clock::now() + std::chrono::seconds(20); }

lp::Obligation bounded(z3::context& c, std::vector<std::tuple<char const*, long long, long long>> const& vars) {
  lp::Obligation o(c);
  for (auto const& [n, lo, hi] : vars) {
    z3::expr x = c.int_const(n);
    o.hypothesis(std::string("bound.") + n, x >= c.int_val(static_cast<int64_t>(lo)) && x <= c.int_val(static_cast<int64_t>(hi)));
  }
  return o;
}

long long value(lp::BvAttempt const& a, char const* name) {
  for (auto const& [k, v] : a.model)
    if (k.decl().name().str() == name) {
      int64_t x = 0;
      EXPECT_TRUE(v.is_numeral_i64(x));
      return x;
    }
  ADD_FAILURE() << "no value for " << name;
  return 0;
}

}  // namespace

TEST(Bitvector, ProductsAtTheWidthOfTheirRange) {
  z3::context c;
  z3::expr x = c.int_const("x"), y = c.int_const("y");
  auto o = bounded(c, {{"x", 1, 1 << 16}, {"y", 1, 1 << 16}});
  // x*y <= 2^32 for x, y <= 2^16: the product needs 34 bits (signed), so it is computed there.
  auto a = lp::bitvector_attempt(o, x * y <= c.int_val(int64_t{1} << 32), soon());
  ASSERT_EQ(a.kind, lp::BvAttempt::Kind::proved) << a.why;
  EXPECT_GE(a.width, 34u);
  // The false variant: x*y < 2^32 fails at x = y = 2^16 only; at 32 bits the product would wrap
  // to 0 there and the statement would be "proved".
  auto f = lp::bitvector_attempt(o, x * y < c.int_val(int64_t{1} << 32), soon());
  ASSERT_EQ(f.kind, lp::BvAttempt::Kind::counterexample) << f.why;
  EXPECT_EQ(value(f, "x"), 1 << 16);
  EXPECT_EQ(value(f, "y"), 1 << 16);
}

TEST(Bitvector, FloorDivisionAndEuclideanRemainderOfNegatives) {
  z3::context c;
  z3::expr x = c.int_const("x"), d = c.int_const("d");
  auto o = bounded(c, {{"x", -(1 << 10), 1 << 10}, {"d", 1, 7}});
  // z3's div rounds down for d >= 1 and mod lies in [0, d): d*(x div d) + x mod d == x.
  auto a = lp::bitvector_attempt(o, d * (x / d) + z3::mod(x, d) == x && z3::mod(x, d) >= 0 && z3::mod(x, d) < d, soon());
  ASSERT_EQ(a.kind, lp::BvAttempt::Kind::proved) << a.why;
  // The false variant, truncating division's property d*(x div d) >= x (holds only for x >= 0 or d | x):
  auto f = lp::bitvector_attempt(o, d * (x / d) >= x, soon());
  ASSERT_EQ(f.kind, lp::BvAttempt::Kind::counterexample) << f.why;
  long long xv = value(f, "x"), dv = value(f, "d");
  long long q = xv / dv - ((xv % dv != 0 && xv < 0) ? 1 : 0);  // floor
  EXPECT_LT(dv * q, xv) << "x=" << xv << " d=" << dv;
}

TEST(Bitvector, AQuotientBoundedByItsEquation) {
  z3::context c;
  // The split of i < a*b over (a, b): i = a*q + r, 0 <= r < a. q's range comes from the equation
  // (0 <= q <= i / 1), so a*q has a finite width: the goal q < b holds for 0 <= i < a*b. (At 2^16
  // bit-blasting the monotonicity of a*q does not finish in seconds: 2^6 here.)
  z3::expr i = c.int_const("i"), a = c.int_const("a"), b = c.int_const("b"), q = c.int_const("q"), r = c.int_const("r");
  auto o = bounded(c, {{"a", 1, 64}, {"b", 1, 64}});
  o.assume(i == a * q + r);
  o.assume(r >= 0 && r < a);
  o.assume(i >= 0 && i < a * b);
  auto p = lp::bitvector_attempt(o, q < b && q >= 0, soon());
  ASSERT_EQ(p.kind, lp::BvAttempt::Kind::proved) << p.why;
  // The false variant q < b - 1 (fails at q = b - 1):
  auto f = lp::bitvector_attempt(o, q < b - 1, soon());
  ASSERT_EQ(f.kind, lp::BvAttempt::Kind::counterexample) << f.why;
  EXPECT_EQ(value(f, "q"), value(f, "b") - 1);
}

TEST(Bitvector, UnboundedTermsAreNotTranslated) {
  z3::context c;
  z3::expr x = c.int_const("x"), y = c.int_const("y");
  auto o = bounded(c, {{"x", 1, 100}});
  // y has no range: the goal cannot be put into bit-vectors (never proved, never a counterexample).
  auto a = lp::bitvector_attempt(o, x * y != 7, soon());
  EXPECT_EQ(a.kind, lp::BvAttempt::Kind::not_applicable) << a.why;
  // A divisor that may be 0 has no quotient range either.
  auto o2 = bounded(c, {{"x", 0, 100}, {"y", 0, 100}});
  auto b = lp::bitvector_attempt(o2, x / y <= x, soon());
  EXPECT_EQ(b.kind, lp::BvAttempt::Kind::not_applicable) << b.why;
}

TEST(Bitvector, SwizzleOfASymbolicLayoutWithin2To16) {
  // Sw<3,4,3> o (M,N):(1,M) with 1024 | M is a bijection onto [0, M*N) for M, N up to 2^16: the
  // integer encoding leaves it unknown (the swizzle's bits are div/mod by powers of two of a
  // nonlinear index), the bit-vectors prove it (docs/proofs.md).
  z3::context c;
  lp::Setting s{&c, {}, 8000, {}};
  ASSERT_EQ(s.vars.parse("M in 1024..2^16, N in 1..2^16, M % 1024 == 0"), "");
  ASSERT_EQ(lp::add_facts(s), "");
  std::string error;
  auto l = lp::parse_symbolic_layout(c, s.vars, "(M,N):(1,M)", error);
  ASSERT_TRUE(l) << error;
  lp::Fn f = lp::Fn::swizzled_of(layoutref::spec::Swizzle{3, 4, 3}, 0, *l);
  auto a = lp::injective(s, f);
  ASSERT_EQ(a.status, lp::Status::proved) << a.reason;
  EXPECT_GT(a.bitvector_width, 0u) << a.reason;
  EXPECT_EQ(a.bitvector_bounds, "M in 2^10..2^16, N in 1..2^16");
  // The false variant: the image within [0, M*N) with 64 | M only (at M = 576, N = 1 index 512
  // gives 576): refuted (by either tier), never proved.
  lp::Setting t{&c, {}, 20000, {}};
  ASSERT_EQ(t.vars.parse("M in 64..2^16, N in 1..2^16, M % 64 == 0"), "");
  ASSERT_EQ(lp::add_facts(t), "");
  auto l2 = lp::parse_symbolic_layout(c, t.vars, "(M,N):(1,M)", error);
  ASSERT_TRUE(l2) << error;
  lp::Fn g = lp::Fn::swizzled_of(layoutref::spec::Swizzle{3, 4, 3}, 0, *l2);
  auto b = lp::image_within(t, g, c.int_val(0), c.int_const("M") * c.int_const("N"));
  EXPECT_EQ(b.status, lp::Status::refuted) << b.reason;
  EXPECT_TRUE(b.witness_checked);
}
