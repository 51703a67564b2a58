// The factorization lemma of table.hpp (`factor`, spec/src/table.cpp's factor_table), tested as
// it is stated, exhaustively on small inputs, against oracles that share no code with it:
//  (a) for every layout L in the enumerations below, factor(tabulate(L)) is a layout C with
//      C(i) = L(i) for every i < size(L) (same size, same function), C is in coalesced form, and
//      C is the structural coalesce of L (flatten, drop size-1 modes, merge d(j+1) = n_j*d_j;
//      written out here, not spec::coalesce, which calls factor): so the coalesced form of a
//      function is unique;
//  (b) for every table t of the bounded lengths and values below, factor(t) has a value exactly
//      when t is the function of some layout, decided by brute force: some ordered factorization
//      n = n_0*...*n_k into factors >= 2, with the strides read off t (d_j = t[n_0*...*n_(j-1)]),
//      reproduces t (every layout's flat form without size-1 modes is such a factorization);
//  plus the edges: the empty table, size 1, zero and negative strides, basis values, and the
//  prefix form factor(table, prefix).
#include "support.hpp"

#include <layoutref/spec/table.hpp>

#include <cstddef>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// --- oracles (no call of factor) ----------------------------------------------------------------

Layout flat_layout(std::vector<i64> const& s, std::vector<Value> const& d) {
  if (s.empty()) return Layout(IntTuple::tuple({}), Stride::tuple({}));
  std::vector<IntTuple> ss(s.begin(), s.end());
  std::vector<Stride> dd(d.begin(), d.end());
  return Layout(IntTuple::tuple(std::move(ss)), Stride::tuple(std::move(dd)));
}

// The coalesced form the lemma claims, computed structurally from a layout: its leaves, size-1
// modes dropped, adjacent modes merged while d(j+1) == n_j*d_j; no mode is 1:0, one mode is the
// integral n:d.
Layout structural_coalesce(Layout const& l) {
  auto s = leaves(l.shape);
  auto d = leaves(l.stride);
  std::vector<i64> ns;
  std::vector<Value> nd;
  for (size_t k = 0; k < s.size(); ++k) {
    if (s[k] == 1) continue;
    if (!ns.empty() && d[k] == ns.back() * nd.back()) {
      ns.back() *= s[k];
      continue;
    }
    ns.push_back(s[k]);
    nd.push_back(d[k]);
  }
  if (ns.empty()) return Layout(IntTuple(1), Stride(Value(0)));
  if (ns.size() == 1) return Layout(IntTuple(ns[0]), Stride(nd[0]));
  return flat_layout(ns, nd);
}

// The lemma's canonical form, as a predicate: 1:0; or an integral n:d with n >= 2; or a flat
// tuple of at least two modes, each of size >= 2, no two adjacent ones mergeable.
::testing::AssertionResult coalesced_form(Layout const& c) {
  if (c.shape.leaf) {
    if (c.shape.value >= 2 || (c.shape.value == 1 && c.stride.value.is_zero())) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << str(c) << ": a single mode of size 1 that is not 1:0";
  }
  if (c.shape.items.size() < 2) return ::testing::AssertionFailure() << str(c) << ": a tuple of fewer than two modes";
  for (size_t k = 0; k < c.shape.items.size(); ++k) {
    if (!c.shape.items[k].leaf) return ::testing::AssertionFailure() << str(c) << ": not flat";
    if (c.shape.items[k].value < 2) return ::testing::AssertionFailure() << str(c) << ": a mode of size 1";
    if (k > 0 && c.stride.items[k].value == c.shape.items[k - 1].value * c.stride.items[k - 1].value)
      return ::testing::AssertionFailure() << str(c) << ": modes " << k - 1 << " and " << k << " merge";
  }
  return ::testing::AssertionSuccess();
}

std::vector<Value> flat_values(std::vector<i64> const& s, std::vector<Value> const& d) {
  i64 n = 1;
  for (i64 x : s) n *= x;
  std::vector<Value> t;
  for (i64 i = 0; i < n; ++i) {
    Value v;
    i64 rest = i;
    for (size_t k = 0; k < s.size(); ++k) {
      v = v + (rest % s[k]) * d[k];
      rest /= s[k];
    }
    t.push_back(v);
  }
  return t;
}

// Brute force: whether t is the function of a layout. Every ordered factorization of t.size()
// into factors >= 2 (none for size 1), strides read off t, evaluated and compared.
bool is_layout_function(std::vector<Value> const& t) {
  i64 n = static_cast<i64>(t.size());
  if (n == 0) return false;
  std::vector<i64> s;
  std::function<bool(i64)> go = [&](i64 left) {
    if (left == 1) {
      std::vector<Value> d;
      i64 p = 1;
      for (i64 x : s) {
        d.push_back(t[static_cast<size_t>(p)]);
        p *= x;
      }
      return flat_values(s, d) == t;
    }
    for (i64 f = 2; f <= left; ++f) {
      if (left % f != 0) continue;
      s.push_back(f);
      bool found = go(left / f);
      s.pop_back();
      if (found) return true;
    }
    return false;
  };
  return go(n);
}

// The statement (a) for one layout.
::testing::AssertionResult lemma_holds_for(Layout const& l) {
  std::vector<Value> t = tabulate(l);
  std::optional<Layout> c = factor(t);
  if (!c) return ::testing::AssertionFailure() << str(l) << ": its function did not factor";
  if (tabulate(*c) != t) return ::testing::AssertionFailure() << str(l) << ": factored into " << str(*c) << ", another function";
  if (auto form = coalesced_form(*c); !form) return form;
  if (*c != structural_coalesce(l))
    return ::testing::AssertionFailure() << str(l) << ": factored into " << str(*c) << ", its coalesced form is "
                                         << str(structural_coalesce(l));
  return ::testing::AssertionSuccess();
}

// --- (a): every small layout --------------------------------------------------------------------

TEST(FactorLemma, EverySmallIntegerLayoutFactorsIntoItsCoalescedForm) {
  // Ranks 0..3, sizes 1..4, strides -4..4: 1 + 36 + 1296 + 46656 flat layouts; rank 3 also
  // nested both ways. Up to rank 2, with integer values, factor(table, prefix) is factor of the
  // first min(prefix, size) values at every prefix 0..size+1.
  int checked = 0;
  std::vector<i64> s;
  std::vector<Value> d;
  std::function<void(int)> go = [&](int rank) {
    if (static_cast<int>(s.size()) == rank) {
      Layout l = flat_layout(s, d);
      ASSERT_TRUE(lemma_holds_for(l));
      if (rank == 3) {
        Layout left(tup({tup({IntTuple(s[0]), IntTuple(s[1])}), IntTuple(s[2])}), stup({stup({Stride(d[0]), Stride(d[1])}), Stride(d[2])}));
        Layout right(tup({IntTuple(s[0]), tup({IntTuple(s[1]), IntTuple(s[2])})}), stup({Stride(d[0]), stup({Stride(d[1]), Stride(d[2])})}));
        ASSERT_EQ(factor(tabulate(left)), factor(tabulate(l))) << str(left);
        ASSERT_EQ(factor(tabulate(right)), factor(tabulate(l))) << str(right);
      }
      ++checked;
      if (rank == 3) return;
      std::vector<Value> t = tabulate(l);
      std::vector<i64> ints;
      for (Value const& v : t) ints.push_back(v.integer());
      for (size_t p = 0; p <= t.size() + 1; ++p) {
        std::vector<Value> head(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(std::min(p, t.size())));
        ASSERT_EQ(factor(ints, p), factor(head)) << str(l) << " prefix " << p;
      }
      return;
    }
    for (i64 n = 1; n <= 4; ++n)
      for (i64 r = -4; r <= 4; ++r) {
        s.push_back(n);
        d.push_back(Value(r));
        go(rank);
        s.pop_back();
        d.pop_back();
        if (::testing::Test::HasFatalFailure()) return;
      }
  };
  for (int rank = 0; rank <= 3; ++rank) go(rank);
  EXPECT_EQ(checked, 1 + 36 + 1296 + 46656);
}

TEST(FactorLemma, EverySmallBasisLayoutFactorsIntoItsCoalescedForm) {
  // Values in the free Z-module on {1} and the paths (value.hpp): ranks 1..3, sizes 1..3,
  // strides from a set with integers, basis elements and a sum. The lemma holds in any abelian
  // group; these check the Value arithmetic of the comparisons.
  std::vector<Value> strides{Value(0), Value(1), Value(-1), Value(2), Value::basis(1, {0}), Value::basis(-1, {0}),
                             Value::basis(2, {0}), Value::basis(1, {1}), Value::basis(1, {1, 0}),
                             Value(1) + Value::basis(1, {0})};
  int checked = 0;
  std::vector<i64> s;
  std::vector<Value> d;
  std::function<void(int)> go = [&](int rank) {
    if (static_cast<int>(s.size()) == rank) {
      ASSERT_TRUE(lemma_holds_for(flat_layout(s, d)));
      ++checked;
      return;
    }
    for (i64 n = 1; n <= 3; ++n)
      for (Value const& r : strides) {
        s.push_back(n);
        d.push_back(r);
        go(rank);
        s.pop_back();
        d.pop_back();
        if (::testing::Test::HasFatalFailure()) return;
      }
  };
  for (int rank = 1; rank <= 3; ++rank) go(rank);
  EXPECT_EQ(checked, 30 + 900 + 27000);
}

// --- (b): every small table ---------------------------------------------------------------------

TEST(FactorLemma, ExactlyTheLayoutFunctionsFactor) {
  // Every table of length 0..6 with values in -2..2, and of length 7..8 with values in -1..2
  // (first value included: a table not starting at 0 is no layout's function).
  int tables = 0, layouts = 0;
  auto all_tables = [&](size_t len, i64 lo, i64 hi) {
    std::vector<Value> t(len, Value(lo));
    std::vector<i64> digits(len, lo);
    while (true) {
      for (size_t k = 0; k < len; ++k) t[k] = Value(digits[k]);
      bool expected = is_layout_function(t);
      std::optional<Layout> c = factor(t);
      ASSERT_EQ(c.has_value(), expected) << "table of length " << len << " starting " << (len ? t[0].str() : "") << ": "
                                         << (c ? "factored into " + str(*c) : std::string("nullopt"));
      if (c) {
        ASSERT_EQ(tabulate(*c), t) << str(*c);
        ASSERT_TRUE(coalesced_form(*c));
        ++layouts;
      }
      ++tables;
      size_t k = 0;
      while (k < len && digits[k] == hi) digits[k++] = lo;
      if (k == len) return;
      ++digits[k];
    }
  };
  for (size_t len = 0; len <= 6; ++len) {
    all_tables(len, -2, 2);
    if (HasFatalFailure()) return;
  }
  for (size_t len = 7; len <= 8; ++len) {
    all_tables(len, -1, 2);
    if (HasFatalFailure()) return;
  }
  // 5^0 + ... + 5^6 and 4^7 + 4^8 tables
  EXPECT_EQ(tables, 19531 + 16384 + 65536);
  EXPECT_EQ(layouts, 79);  // the positive side, each one confirmed by the brute force
}

// --- the edges ------------------------------------------------------------------------------------

TEST(FactorLemma, Edges) {
  // the empty table: no layout has size 0
  EXPECT_EQ(factor(std::vector<Value>{}), std::nullopt);
  EXPECT_EQ(factor(std::vector<i64>{}, 5), std::nullopt);
  // size 1: 1:0, the one layout function of size 1; L(0) = 0 for every layout
  EXPECT_TRUE(is(*factor({Value(0)}), "1:0"));
  EXPECT_EQ(factor({Value(3)}), std::nullopt);
  EXPECT_EQ(factor({Value::basis(1, {0})}), std::nullopt);
  // zeros: one mode n:0 (n:0 then m:0 would merge)
  EXPECT_TRUE(is(*factor(tabulate(L("(2,3):(0,0)"))), "6:0"));
  // 0,0,1,1,1,1: a first mode 2:0 (1 != 0), then 0,1,1, which no layout of size 3 takes
  EXPECT_EQ(factor({Value(0), Value(0), Value(1), Value(1), Value(1), Value(1)}), std::nullopt);
  // a stride-0 mode after a non-zero one, and before
  EXPECT_TRUE(is(*factor(tabulate(L("(3,2):(1,0)"))), "(3,2):(1,0)"));
  EXPECT_TRUE(is(*factor(tabulate(L("(2,3):(0,1)"))), "(2,3):(0,1)"));
  // negative strides are admitted: 0,-1,-2 = 3:-1; (2,2):(-1,-2) = 4:-1 merges
  EXPECT_TRUE(is(*factor({Value(0), Value(-1), Value(-2)}), "3:-1"));
  EXPECT_TRUE(is(*factor(tabulate(L("(2,2):(-1,-2)"))), "4:-1"));
  EXPECT_TRUE(is(*factor(tabulate(L("(2,2):(-1,2)"))), "(2,2):(-1,2)"));
  // prefixes: factor(table, prefix) reads table[0, min(prefix, size))
  std::vector<i64> t{0, 1, 2, 3, 0, 1, 2, 3};  // (4,2):(1,0)
  EXPECT_TRUE(is(*factor(t, 8), "(4,2):(1,0)"));
  EXPECT_TRUE(is(*factor(t, 100), "(4,2):(1,0)"));
  EXPECT_TRUE(is(*factor(t, 4), "4:1"));
  EXPECT_TRUE(is(*factor(t, 3), "3:1"));
  EXPECT_TRUE(is(*factor(t, 1), "1:0"));
  EXPECT_EQ(factor(t, 0), std::nullopt);
  EXPECT_EQ(factor(t, 5), std::nullopt);  // 0,1,2,3,0: a prime size 5 is one mode 5:1
  EXPECT_EQ(factor(t, 6), std::nullopt);  // 0,1,2,3,0,1: 4 does not divide 6
}

TEST(FactorLemma, A64BitOverflowInAComparisonIsAMismatch) {
  // Only the table's values must fit in int64. (2,2):(2^62,1) takes 0, 2^62, 1, 2^62+1; its
  // first mode ends at 2, where 2*2^62 passes int64 and so differs from the value 1 there.
  constexpr i64 big = i64{1} << 62;
  EXPECT_TRUE(is(*factor(tabulate(lay({2, 2}, {big, 1}))), "(2,2):(4611686018427387904,1)"));
  EXPECT_TRUE(is(*factor(std::vector<i64>{0, big, 1, big + 1}, 4), "(2,2):(4611686018427387904,1)"));
  EXPECT_TRUE(is(*factor(tabulate(L("(2,2):(4611686018427387904@0,1@0)"))), "(2,2):(4611686018427387904@0,1@0)"));
  // 0, 2^61, 3*2^61, 0: a first mode 2:2^61 (3*2^61 != 2^62), then the value at 3 must be
  // 2^61 + 3*2^61 = 2^63, past int64, so no layout takes it (it is not 0)
  constexpr i64 b61 = i64{1} << 61;
  EXPECT_EQ(factor({Value(0), Value(b61), Value(3 * b61), Value(0)}), std::nullopt);
  EXPECT_EQ(factor(std::vector<i64>{0, b61, 3 * b61, 0}, 4), std::nullopt);
  // the largest values: 0, max (one mode 2:max), and 0, max, min+... (2,2):(max, min+1) = 0, max, min+1, 0
  constexpr i64 max = std::numeric_limits<i64>::max();
  EXPECT_TRUE(is(*factor({Value(0), Value(max)}), "2:9223372036854775807"));
  EXPECT_TRUE(is(*factor(tabulate(lay({2, 2}, {max, -max}))), "(2,2):(9223372036854775807,-9223372036854775807)"));
}

}  // namespace
}  // namespace layoutref::spec
