// spec: nullspace(L), the increasing enumeration of the zeros of L.
#include "support.hpp"

#include <layoutref/spec/nullspace.hpp>
#include <layoutref/spec/table.hpp>

#include <string>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

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
  EXPECT_TRUE(inadmissible("nullspace.not_representable", [&] { nullspace(l); }));
  EXPECT_TRUE(check_nullspace(l, Claim{true, Layout()}).correct);
  EXPECT_FALSE(check_nullspace(l, Claim{false, lay({2, 3}, {10, 12})}).correct);
}

TEST(Nullspace, BadInput) {
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { nullspace(Layout(4, Value::basis(1, {0}))); }));
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { nullspace(lay({0, 2}, {0, 1})); }));
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

// Every CuTe result must be judged correct. The conformance layouts have non-negative strides,
// where CuTe's construction and the definition have the same function; the forms may differ
// (CuTe does not coalesce: (4,4):(0,0) -> (4,4):(1,4), the spec gives 16:1).
TEST(NullspaceConformance, MiscTsv) {
  int count = for_each_case("misc.tsv", "nullspace", [](int, auto const& args, auto const& result) {
    ASSERT_EQ(args.size(), 1u);
    Layout l = to_layout(args[0]);
    Layout cute = to_layout(result);
    Judgement j = check_nullspace(l, Claim{false, cute});
    EXPECT_TRUE(j.correct) << j.detail;
  });
  EXPECT_EQ(count, 48);
}

}  // namespace
}  // namespace layoutref::spec
