// spec: nullspace(L), the increasing enumeration of the zeros of L.
#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/nullspace.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/term.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef LAYOUTREF_CONFORMANCE_DIR
#error "LAYOUTREF_CONFORMANCE_DIR must name the directory of the conformance *.tsv files"
#endif

namespace layoutref::spec {
namespace {

Layout lay(std::vector<i64> s, std::vector<i64> d) {
  std::vector<IntTuple> ss(s.begin(), s.end());
  std::vector<Stride> dd;
  for (i64 x : d) dd.emplace_back(Value(x));
  return Layout(IntTuple::tuple(std::move(ss)), Stride::tuple(std::move(dd)));
}

void expect_error(Error::Kind kind, auto const& f, std::string const& condition = {}) {
  try {
    f();
    ADD_FAILURE() << "no Error thrown";
  } catch (Error const& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    if (!condition.empty()) {
      EXPECT_EQ(e.condition(), condition) << e.what();
    }
  }
}

// (3,2,7):(0,1,0): L(i) = c1 for i = c0 + 3*c1 + 6*c2, so Z = { c0 + 6*c2 } =
// {0,1,2, 6,7,8, ..., 36,37,38}: (3,7):(1,6).
TEST(Nullspace, ZeroStrideLeaves) {
  Layout l = lay({3, 2, 7}, {0, 1, 0});
  std::vector<i64> z = zero_indices(l);
  ASSERT_EQ(z.size(), 21u);
  EXPECT_EQ(z[0], 0);
  EXPECT_EQ(z[3], 6);
  EXPECT_EQ(z[20], 38);
  EXPECT_EQ(nullspace(l), lay({3, 7}, {1, 6}));
}

TEST(Nullspace, SmallCases) {
  EXPECT_EQ(nullspace(Layout(2, Value(0))), Layout(2, Value(1)));  // Z = {0,1}
  EXPECT_EQ(nullspace(Layout(4, Value(1))), Layout(1, Value(0)));  // Z = {0}
  // (8,1):(0,0): Z = [0,8): 8:1 (CuTe prints (8,1):(1,0), the same function).
  EXPECT_EQ(nullspace(lay({8, 1}, {0, 0})), Layout(8, Value(1)));
  // (4,4):(0,0): all 16 indices: 16:1.
  EXPECT_EQ(nullspace(lay({4, 4}, {0, 0})), Layout(16, Value(1)));
  // (6,10):(10,0): Z = { 6*c1 }: 10:6.
  EXPECT_EQ(nullspace(lay({6, 10}, {10, 0})), Layout(10, Value(6)));
}

// Negative strides: zeros where terms cancel.
TEST(Nullspace, NegativeStrides) {
  // (2,2):(1,-1): L = 0,1,-1,0: Z = {0,3}: 2:3 (CuTe, looking at static 0 strides only, gives 1:0).
  EXPECT_EQ(nullspace(lay({2, 2}, {1, -1})), Layout(2, Value(3)));
  // (4,3):(1,-2): c0 = 2*c1: (0,0) -> 0, (2,1) -> 2 + 4 = 6: Z = {0,6}: 2:6.
  EXPECT_EQ(nullspace(lay({4, 3}, {1, -2})), Layout(2, Value(6)));
}

// (3,3,3):(1,1,-1): c2 = c0 + c1, i = c0 + 3*c1 + 9*c2: (0,0,0) -> 0; (1,0,1) -> 10;
// (0,1,1) -> 12; (2,0,2) -> 20; (1,1,2) -> 22; (0,2,2) -> 24. Z = {0,10,12,20,22,24}: a layout
// would have its first mode 2:10 (since 12 != 2*10), and then Z(3) = Z(1) + Z(2) = 22, but it is 20.
TEST(Nullspace, NotRepresentable) {
  Layout l = lay({3, 3, 3}, {1, 1, -1});
  EXPECT_EQ(zero_indices(l), (std::vector<i64>{0, 10, 12, 20, 22, 24}));
  Admissibility a = is_nullspace_admissible(l);
  EXPECT_FALSE(a.ok);
  EXPECT_EQ(a.condition, "nullspace.not_representable");
  EXPECT_NE(a.witness.find("{0,10,12,20,22,24}"), std::string::npos) << a.witness;
  expect_error(Error::Kind::inadmissible, [&] { nullspace(l); }, "nullspace.not_representable");
  EXPECT_TRUE(check_nullspace(l, Claim{true, Layout()}).correct);
  EXPECT_FALSE(check_nullspace(l, Claim{false, lay({2, 3}, {10, 12})}).correct);
}

TEST(Nullspace, BadInput) {
  expect_error(Error::Kind::bad_argument, [] { nullspace(Layout(4, Value::basis(1, {0}))); });
  expect_error(Error::Kind::bad_argument, [] { nullspace(lay({0, 2}, {0, 1})); });
}

TEST(Nullspace, Check) {
  Layout l = lay({3, 2, 7}, {0, 1, 0});
  EXPECT_TRUE(check_nullspace(l, Claim{false, lay({3, 7}, {1, 6})}).correct);
  // Any shape of size 21 with that function is accepted: (3,(7,1)):(1,(6,0)).
  Layout nested(IntTuple::tuple({3, IntTuple::tuple({7, 1})}), Stride::tuple({Value(1), Stride::tuple({Value(6), Value(0)})}));
  EXPECT_TRUE(check_nullspace(l, Claim{false, nested}).correct);
  // (3,7):(1,3): index 3 (coordinate (0,1)) gives 3, but Z's 4th element is 6.
  Judgement j = check_nullspace(l, Claim{false, lay({3, 7}, {1, 3})});
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 3);
  EXPECT_EQ(j.claimed_value, "3");
  EXPECT_EQ(j.expected_value, "6");
  // The wrong size.
  EXPECT_FALSE(check_nullspace(l, Claim{false, Layout(3, Value(1))}).correct);
  // Claiming no result for an admissible input.
  EXPECT_FALSE(check_nullspace(l, Claim{true, Layout()}).correct);
}

// The definition's postconditions on a few layouts: L(R(j)) = 0, R strictly increasing, and
// every zero of L is reached.
TEST(Nullspace, Postconditions) {
  for (Layout const& l : {lay({4, 2, 4}, {0, 3, 0}), lay({2, 6, 3}, {1, 0, 2}), lay({5, 4}, {2, -1}), lay({3, 4, 2}, {4, -3, 0})}) {
    Layout r = nullspace(l);
    auto rt = tabulate(r);
    auto lt = tabulate(l);
    std::vector<i64> hit;
    for (size_t j = 0; j < rt.size(); ++j) {
      i64 x = rt[j].scalar();
      ASSERT_TRUE(lt.at(static_cast<size_t>(x)).is_zero()) << str(l);
      if (j > 0) {
        ASSERT_LT(rt[j - 1].scalar(), x) << str(l);
      }
      hit.push_back(x);
    }
    size_t zero_count = 0;
    for (auto const& v : lt) zero_count += v.is_zero() ? 1 : 0;
    EXPECT_EQ(hit.size(), zero_count) << str(l);
  }
}

// --- conformance: misc.tsv nullspace ---------------------------------------------------------

struct Case {
  int line = 0;
  std::vector<std::string> fields;
  std::vector<int> columns;
};

std::vector<Case> read_cases(std::string const& file, std::string const& op) {
  std::ifstream in(std::string(LAYOUTREF_CONFORMANCE_DIR) + "/" + file);
  if (!in) throw std::runtime_error("cannot open " + file);
  std::vector<Case> out;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    Case c;
    c.line = n;
    size_t start = 0;
    while (true) {
      size_t tab = line.find('\t', start);
      c.fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      c.columns.push_back(static_cast<int>(start) + 1);
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (c.fields[0] == op) out.push_back(std::move(c));
  }
  return out;
}

notation::Term field(Case const& c, size_t k) {
  auto r = notation::parse(c.fields.at(k), c.line, c.columns.at(k));
  if (!r.ok) throw std::runtime_error(r.error.message());
  return r.term;
}

// Every CuTe result must be judged correct. The conformance layouts have non-negative strides,
// where CuTe's construction and the definition have the same function; the forms may differ
// (CuTe does not coalesce: (4,4):(0,0) -> (4,4):(1,4), the spec gives 16:1).
TEST(NullspaceConformance, MiscTsv) {
  int count = 0;
  for (Case const& c : read_cases("misc.tsv", "nullspace")) {
    std::string where = "misc.tsv:" + std::to_string(c.line);
    try {
      ASSERT_EQ(c.fields.size(), 4u) << where;
      Layout l = to_layout(field(c, 1));
      Layout cute = to_layout(field(c, 3));
      Judgement j = check_nullspace(l, Claim{false, cute});
      EXPECT_TRUE(j.correct) << where << ": " << j.detail;
      ++count;
    } catch (std::exception const& e) {
      ADD_FAILURE() << where << ": " << e.what();
    }
  }
  EXPECT_EQ(count, 48);
}

}  // namespace
}  // namespace layoutref::spec
