// spec: domain_distribute(shape, b).
#include "support.hpp"

#include <layoutref/notation/print.hpp>
#include <layoutref/spec/domain_distribute.hpp>
#include <layoutref/spec/table.hpp>

#include <utility>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// CuTe's doc example: (15,14) over 6: g = (gcd(15,6) = 3, gcd(14,6/3 = 2) = 2), strides (1,15);
// 3*1 != 15, so nothing merges: (3,2):(1,15).
TEST(DomainDistribute, CuteDocExample) { EXPECT_EQ(domain_distribute(tup({15, 14}), 6), lay({3, 2}, {1, 15})); }

TEST(DomainDistribute, HandDerived) {
  // (6,4) over 16: gcd(6,16) = 2, rest 8; gcd(4,8) = 4: (2,4):(1,6), no merge (2*1 != 6).
  EXPECT_EQ(domain_distribute(tup({6, 4}), 16), lay({2, 4}, {1, 6}));
  // (4,2) over 8: 4, rest 2; 2: (4,2):(1,4), 4*1 = 4 merges: 8:1.
  EXPECT_EQ(domain_distribute(tup({4, 2}), 8), Layout(8, Value(1)));
  // 9 over 32: gcd = 1: the single index 0: 1:0.
  EXPECT_EQ(domain_distribute(IntTuple(9), 32), Layout(1, Value(0)));
  // ((15,15),12) over 4: leaves 15, 15, 12 with strides 1, 15, 225; g = (1, 1, 4): 4:225.
  EXPECT_EQ(domain_distribute(tup({tup({15, 15}), 12}), 4), Layout(4, Value(225)));
  // (5,8,6) over 16: g = (1, 8, gcd(6,2) = 2), strides (1,5,40): 8:5 then 2:40 = 8*5 merges: 16:5.
  EXPECT_EQ(domain_distribute(tup({5, 8, 6}), 16), Layout(16, Value(5)));
  // (5,14,8) over 3: no leaf shares a factor with 3: 1:0.
  EXPECT_EQ(domain_distribute(tup({5, 14, 8}), 3), Layout(1, Value(0)));
  // (6,10) over 12: gcd(6,12) = 6, rest 2; gcd(10,2) = 2: (6,2):(1,6) merges: 12:1.
  EXPECT_EQ(domain_distribute(tup({6, 10}), 12), Layout(12, Value(1)));
  // (2,9,4) over 12: 2, rest 6; gcd(9,6) = 3, rest 2; gcd(4,2) = 2: (2,3,2):(1,2,18):
  // 2:1 and 3:2 merge to 6:1; 6*1 != 18: (6,2):(1,18).
  EXPECT_EQ(domain_distribute(tup({2, 9, 4}), 12), lay({6, 2}, {1, 18}));
}

// size(R) divides b, R is strictly increasing, and R's values are indices of A.
TEST(DomainDistribute, Postconditions) {
  for (auto const& [shape, b] : std::vector<std::pair<IntTuple, i64>>{
           {tup({15, 14}), 6}, {tup({4, 6, 10}), 120}, {tup({7, tup({6, 4})}), 36}, {IntTuple(12), 8}, {tup({3, 3, 3}), 9}}) {
    Layout r = domain_distribute(shape, b);
    EXPECT_EQ(b % size(r), 0) << str(r);
    auto t = tabulate(r);
    for (size_t i = 1; i < t.size(); ++i) EXPECT_LT(t[i - 1].scalar(), t[i].scalar()) << str(r);
    EXPECT_LT(t.back().scalar(), size(shape)) << str(r);
  }
}

TEST(DomainDistribute, BadInput) {
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { domain_distribute(tup({4, 2}), 0); }));
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { domain_distribute(tup({4, 2}), -4); }));
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { domain_distribute(tup({4, 0}), 2); }));
}

TEST(DomainDistribute, Check) {
  EXPECT_TRUE(check_domain_distribute(tup({15, 14}), 6, Claim{false, lay({3, 2}, {1, 15})}).correct);
  // 6:1 takes the values 0..5, the reference 0,1,2,15,16,17: first difference at index 3.
  Judgement j = check_domain_distribute(tup({15, 14}), 6, Claim{false, Layout(6, Value(1))});
  EXPECT_FALSE(j.correct);
  EXPECT_FALSE(check_domain_distribute(tup({15, 14}), 6, Claim{true, Layout()}).correct);
  j = check_domain_distribute(tup({15, 14}), 6, Claim{false, lay({3, 2}, {1, 14})});
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 3);
}

// --- conformance: misc.tsv domain_distribute -------------------------------------------------

// Every CuTe result is judged correct, and the spec's result is CuTe's literally (both are the
// coalesced form of the same function).
TEST(DomainDistributeConformance, MiscTsv) {
  int count = for_each_case("misc.tsv", "domain_distribute", [](int, auto const& args, auto const& result) {
    ASSERT_EQ(args.size(), 2u);
    IntTuple shape = to_int_tuple(args[0]);
    i64 b = to_integer(args[1]);
    Layout cute = to_layout(result);
    Judgement j = check_domain_distribute(shape, b, Claim{false, cute});
    EXPECT_TRUE(j.correct) << j.detail;
    EXPECT_EQ(str(domain_distribute(shape, b)), strip_static(notation::print(result)));
  });
  EXPECT_EQ(count, 36);
}

}  // namespace
}  // namespace layoutref::spec
