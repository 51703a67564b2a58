// spec: max_alignment(L), the largest N such that image(L) is a union of aligned N-blocks.
#include "support.hpp"

#include <layoutref/notation/print.hpp>
#include <layoutref/spec/max_alignment.hpp>
#include <layoutref/spec/table.hpp>

#include <set>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// Each expectation gives the image and its maximal runs [a,b); the answer is the gcd of all a, b.
TEST(MaxAlignment, HandDerived) {
  // 4:1: image [0,4): gcd(0,4) = 4.
  EXPECT_EQ(max_alignment(Layout(4, Value(1))), 4);
  // 3:0: image {0} = [0,1): 1.
  EXPECT_EQ(max_alignment(Layout(3, Value(0))), 1);
  // (2,2):(4,2): image {0,2,4,6}: runs of length 1: 1.
  EXPECT_EQ(max_alignment(lay({2, 2}, {4, 2})), 1);
  // (4,2):(1,8): image [0,4) u [8,12): gcd(0,4,8,12) = 4.
  EXPECT_EQ(max_alignment(lay({4, 2}, {1, 8})), 4);
  // (4,3):(3,1): image [0,12): 12 (not a power of two).
  EXPECT_EQ(max_alignment(lay({4, 3}, {3, 1})), 12);
  // (2,3,8):(0,0,1): image [0,8): 8.
  EXPECT_EQ(max_alignment(lay({2, 3, 8}, {0, 0, 1})), 8);
  // (2,2):(1,3): image {0,1,3,4} = [0,2) u [3,5): gcd(0,2,3,5) = 1.
  EXPECT_EQ(max_alignment(lay({2, 2}, {1, 3})), 1);
  // (2,2,2,2):(1,4,96,24): image {0,1} + {0,4} + {0,24} + {0,96}: runs [x, x+2) for
  // x in {0,4,24,28,96,100,120,124}: 2.
  EXPECT_EQ(max_alignment(lay({2, 2, 2, 2}, {1, 4, 96, 24})), 2);
  // (6,4):(1,12): image [0,6) u [12,18) u [24,30) u [36,42): gcd = 6.
  EXPECT_EQ(max_alignment(lay({6, 4}, {1, 12})), 6);
  // Overlapping modes: (2,2):(1,1): image {0,1,2} = [0,3): 3 (CuTe's formula gives 1).
  EXPECT_EQ(max_alignment(lay({2, 2}, {1, 1})), 3);
  // (3,3):(1,2): image {c0 + 2*c1} = [0,7): 7 (CuTe's formula gives 1).
  EXPECT_EQ(max_alignment(lay({3, 3}, {1, 2})), 7);
  // Size-1 modes of any stride: (1,4,1):(7,1,5): image [0,4): 4.
  EXPECT_EQ(max_alignment(lay({1, 4, 1}, {7, 1, 5})), 4);
}

// The definition by brute force: the largest N <= the first run's length such that every
// image element's whole aligned N-block lies in the image.
i64 brute_force(Layout const& l) {
  std::set<i64> img;
  for (auto const& v : tabulate(l)) img.insert(v.scalar());
  i64 best = 1;
  for (i64 n = 1; img.count(n - 1); ++n) {
    bool ok = true;
    for (i64 x : img)
      for (i64 y = x - x % n; y < x - x % n + n && ok; ++y) ok = img.count(y) > 0;
    if (ok) best = n;
  }
  return best;
}

TEST(MaxAlignment, AgreesWithBlockDefinition) {
  for (Layout const& l : {lay({2, 3}, {1, 2}), lay({3, 4}, {1, 6}), lay({2, 2, 3}, {1, 2, 8}), lay({4, 2, 2}, {1, 4, 16}),
                          lay({5, 3}, {2, 1}), lay({4, 4}, {0, 1}), lay({3, 3}, {1, 3}), lay({2, 5}, {1, 4})})
    EXPECT_EQ(max_alignment(l), brute_force(l)) << str(l);
}

TEST(MaxAlignment, BadInput) {
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { max_alignment(lay({4, 2}, {1, -4})); }));
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { max_alignment(Layout(4, Value::basis(1, {0}))); }));
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { max_alignment(lay({4, 0}, {1, 4})); }));
}

// --- conformance: misc.tsv max_alignment -----------------------------------------------------

// CuTe's gcd(size<0>(permuted), stride<1>(permuted)) against the definition.
TEST(MaxAlignmentConformance, MiscTsv) {
  int count = for_each_case("misc.tsv", "max_alignment", [](int, auto const& args, auto const& result) {
    ASSERT_EQ(args.size(), 1u);
    Layout l = to_layout(args[0]);
    EXPECT_EQ(max_alignment(l), to_integer(result)) << notation::print(args[0]);
  });
  EXPECT_EQ(count, 36);
}

}  // namespace
}  // namespace layoutref::spec
