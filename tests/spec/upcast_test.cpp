// spec: upcast<N> and downcast<N>.
#include "support.hpp"

#include <layoutref/notation/print.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/upcast.hpp>

#include <string>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

// --- upcast ----------------------------------------------------------------------------------

// Leaf s:d with d != 0 becomes ceil(s / ceil(n/|d|)) : sign(d)*ceil(|d|/n).
TEST(Upcast, Leaves) {
  // 32:1 by 8: ceil(32/8) = 4, ceil(1/8) = 1.
  EXPECT_EQ(upcast(Layout(32, Value(1)), 8), Layout(4, Value(1)));
  // (32,8):(48,2) by 2: 48 -> (32 kept, 24); 2 -> (ceil(8/1) = 8, 1).
  EXPECT_EQ(upcast(lay({32, 8}, {48, 2}), 2), lay({32, 8}, {24, 1}));
  // (6):(1) by 4: ceil(6/4) = 2 (the count rounds up).
  EXPECT_EQ(upcast(Layout(tup({6}), stup({Value(1)})), 4), Layout(tup({2}), stup({Value(1)})));
  // (4,2):(1,0) by 8: 4:1 -> ceil(4/8) = 1 : 1; the stride-0 leaf is kept.
  EXPECT_EQ(upcast(lay({4, 2}, {1, 0}), 8), lay({1, 2}, {1, 0}));
  // Nested profile kept: (2,(4,3)):(2,(4,0)) by 4: 2:2 -> ceil(2/2) = 1 : 1; 4:4 -> 4:1; 3:0 kept.
  Layout nested(tup({2, tup({4, 3})}), stup({Value(2), stup({Value(4), Value(0)})}));
  EXPECT_EQ(upcast(nested, 4), Layout(tup({1, tup({4, 3})}), stup({Value(1), stup({Value(1), Value(0)})})));
  // N = 1 changes nothing.
  EXPECT_EQ(upcast(lay({3, 5}, {5, 1}), 1), lay({3, 5}, {5, 1}));
}

TEST(Upcast, NegativeStrides) {
  // 8:-2 by 4: |d| = 2 divides 4; ceil(8/2) = 4 : -ceil(2/4) = -1.
  EXPECT_EQ(upcast(Layout(8, Value(-2)), 4), Layout(4, Value(-1)));
  // 8:-8 by 4: 8 kept : -8/4 = -2.
  EXPECT_EQ(upcast(Layout(8, Value(-8)), 4), Layout(8, Value(-2)));
}

// For every coordinate c of R: with ĉ_k = (n/|d_k|)*c_k where 0 < |d_k| < n, else c_k,
// ĉ lies in L's domain and R(c) = L(ĉ)/n.
TEST(Upcast, ContractOnFunctions) {
  struct CaseN {
    Layout l;
    i64 n;
  };
  std::vector<CaseN> cases{
      {lay({6, 4}, {1, 6}), 2},        {lay({6, 4}, {1, 6}), 3},       {lay({6, 4}, {1, 6}), 6},
      {lay({5, 3, 2}, {2, 0, 20}), 4}, {lay({7, 4}, {-1, 16}), 8},     {lay({4, 3, 9}, {3, 12, 1}), 3},
      {lay({16, 2}, {4, 1}), 8},       {lay({3, 8}, {-4, 12}), 2},
  };
  for (auto const& [l, n] : cases) {
    Layout r = upcast(l, n);
    auto ls = leaves(l.shape);
    auto ld = leaves(l.stride);
    auto rs = leaves(r.shape);
    FlatLayout lf(l), rf(r);
    for (i64 j = 0; j < rf.size(); ++j) {
      i64 rest = j, lindex = 0, scale = 1;
      for (size_t k = 0; k < rs.size(); ++k) {
        i64 c = rest % rs[k];
        rest /= rs[k];
        i64 ad = abs(ld[k].scalar());
        i64 q = (ad != 0 && ad < n) ? n / ad : 1;
        i64 chat = c * q;
        ASSERT_LT(chat, ls[k]) << str(l) << " by " << n << " at " << j;
        lindex += chat * scale;
        scale *= ls[k];
      }
      i64 lv = lf(lindex).scalar();
      ASSERT_EQ(lv % n, 0) << str(l) << " by " << n << " at " << j;
      ASSERT_EQ(rf(j).scalar(), lv / n) << str(l) << " by " << n << " at " << j;
    }
  }
}

TEST(Upcast, Admissibility) {
  // Neither 2 | 3 nor 3 | 2.
  Admissibility a = is_upcast_admissible(Layout(4, Value(3)), 2);
  EXPECT_FALSE(a.ok);
  EXPECT_EQ(a.condition, "upcast.divisibility");
  EXPECT_NE(a.witness.find("4:3"), std::string::npos) << a.witness;
  // 4 % 6 = 4, 6 % 4 = 2.
  EXPECT_EQ(is_upcast_admissible(lay({2, 4}, {1, 6}), 4).condition, "upcast.divisibility");
  EXPECT_TRUE(inadmissible("upcast.divisibility", [] { upcast(Layout(4, Value(3)), 2); }));
  // A stride-0 leaf never violates it.
  EXPECT_TRUE(is_upcast_admissible(lay({3, 5}, {0, 0}), 7).ok);
  EXPECT_EQ(is_upcast_admissible(Layout(4, Value::basis(1, {0})), 2).condition, "upcast.integer_strides");
}

TEST(Upcast, BadInput) {
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { upcast(Layout(4, Value(1)), 0); }));
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { upcast(Layout(4, Value(1)), -2); }));
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { upcast(lay({0, 2}, {1, 1}), 2); }));
}

TEST(Upcast, Check) {
  Layout l = lay({32, 8}, {48, 2});
  EXPECT_TRUE(check_upcast(l, 2, Claim{false, lay({32, 8}, {24, 1})}).correct);
  // (32,8):(24,2): first difference at index 32 = coordinate (0,1): 2 instead of 1.
  Judgement j = check_upcast(l, 2, Claim{false, lay({32, 8}, {24, 2})});
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 32);
  EXPECT_FALSE(check_upcast(l, 2, Claim{true, Layout()}).correct);
  EXPECT_TRUE(check_upcast(Layout(4, Value(3)), 2, Claim{true, Layout()}).correct);
  EXPECT_FALSE(check_upcast(Layout(4, Value(3)), 2, Claim{false, Layout(4, Value(1))}).correct);
}

// --- downcast --------------------------------------------------------------------------------

TEST(Downcast, Leaves) {
  EXPECT_EQ(downcast(Layout(2, Value(1)), 8), Layout(16, Value(1)));
  // (4,8):(8,1) by 2: 4:8 -> 4:16; 8:1 -> 16:1.
  EXPECT_EQ(downcast(lay({4, 8}, {8, 1}), 2), lay({4, 16}, {16, 1}));
  // Every unit leaf is widened, the size-1 one too (as CuTe does): (4,1):(1,1) -> (8,2):(1,1).
  EXPECT_EQ(downcast(lay({4, 1}, {1, 1}), 2), lay({8, 2}, {1, 1}));
  // Stride 0 stays 0: (3,4):(0,1) by 4 -> (3,16):(0,1).
  EXPECT_EQ(downcast(lay({3, 4}, {0, 1}), 4), lay({3, 16}, {0, 1}));
  // Stride -1 is a unit stride: 4:-1 by 2 -> 8:-1 (CuTe's has_int1 refuses this input).
  EXPECT_EQ(downcast(Layout(4, Value(-1)), 2), Layout(8, Value(-1)));
  // Basis strides are scaled: (4,2):(1,1@0) by 2 -> (8,2):(1,2@0).
  Layout basis(tup({4, 2}), stup({Value(1), Value::basis(1, {0})}));
  EXPECT_EQ(downcast(basis, 2), Layout(tup({8, 2}), stup({Value(1), Value::basis(2, {0})})));
}

// R(ĉ) = n*L(c) with ĉ_k = n*c_k on the unit leaves; R(ĉ + r e_k) = n*L(c) + d_k*r.
TEST(Downcast, ContractOnFunctions) {
  struct CaseN {
    Layout l;
    i64 n;
  };
  std::vector<CaseN> cases{{lay({3, 4}, {4, 1}), 2}, {lay({5, 2}, {-1, 10}), 3}, {lay({2, 3, 2}, {1, 0, 6}), 4},
                           {lay({4, 1}, {1, 1}), 2}};
  for (auto const& [l, n] : cases) {
    Layout r = downcast(l, n);
    auto ls = leaves(l.shape);
    auto ld = leaves(l.stride);
    FlatLayout lf(l), rf(r);
    for (i64 i = 0; i < lf.size(); ++i) {
      i64 rest = i, rindex = 0, scale = 1;
      std::vector<i64> rscale;
      for (size_t k = 0; k < ls.size(); ++k) {
        i64 c = rest % ls[k];
        rest /= ls[k];
        bool unit = ld[k].scalar() == 1 || ld[k].scalar() == -1;
        rindex += (unit ? n * c : c) * scale;
        rscale.push_back(scale);
        scale *= unit ? n * ls[k] : ls[k];
      }
      i64 lv = lf(i).scalar();
      ASSERT_EQ(rf(rindex).scalar(), n * lv) << str(l) << " by " << n << " at " << i;
      for (size_t k = 0; k < ls.size(); ++k) {
        i64 dk = ld[k].scalar();
        if (dk != 1 && dk != -1) continue;
        for (i64 rr = 0; rr < n; ++rr)
          ASSERT_EQ(rf(rindex + rr * rscale[k]).scalar(), n * lv + dk * rr) << str(l) << " by " << n << " at " << i;
      }
    }
  }
}

TEST(Downcast, Admissibility) {
  Admissibility a = is_downcast_admissible(lay({4, 2}, {2, 8}), 2);
  EXPECT_FALSE(a.ok);
  EXPECT_EQ(a.condition, "downcast.unit_stride");
  EXPECT_TRUE(inadmissible("downcast.unit_stride", [] { downcast(lay({4, 2}, {2, 8}), 2); }));
  EXPECT_EQ(is_downcast_admissible(Layout(4, Value::basis(1, {0})), 2).condition, "downcast.unit_stride");
}

TEST(Downcast, BadInput) {
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { downcast(Layout(4, Value(1)), 0); }));
  EXPECT_TRUE(fails_with(Error::Kind::bad_argument, [] { downcast(lay({2, 0}, {1, 2}), 2); }));
}

TEST(Downcast, Check) {
  Layout l = lay({4, 8}, {8, 1});
  EXPECT_TRUE(check_downcast(l, 2, Claim{false, lay({4, 16}, {16, 1})}).correct);
  // (8,8):(16,1) has the right size but the wrong profile split and values.
  EXPECT_FALSE(check_downcast(l, 2, Claim{false, lay({8, 8}, {16, 1})}).correct);
  EXPECT_TRUE(check_downcast(lay({4, 2}, {2, 8}), 2, Claim{true, Layout()}).correct);
  EXPECT_FALSE(check_downcast(l, 2, Claim{true, Layout()}).correct);
}

// --- conformance: misc.tsv upcast / downcast -------------------------------------------------

// Each CuTe result must be judged correct, and the spec's result must be CuTe's literally
// (both act leaf by leaf on the same profile).
void run_conformance(std::string const& op, int expected_count) {
  int count = for_each_case("misc.tsv", op, [&](int, auto const& args, auto const& result) {
    ASSERT_EQ(args.size(), 2u);
    Layout l = to_layout(args[0]);
    i64 n = to_integer(args[1]);
    Layout cute = to_layout(result);
    Judgement j = op == "upcast" ? check_upcast(l, n, Claim{false, cute}) : check_downcast(l, n, Claim{false, cute});
    EXPECT_TRUE(j.correct) << j.detail;
    Layout mine = op == "upcast" ? upcast(l, n) : downcast(l, n);
    EXPECT_EQ(str(mine), strip_static(notation::print(result)));
  });
  EXPECT_EQ(count, expected_count);
}

TEST(UpcastConformance, MiscTsv) { run_conformance("upcast", 72); }
TEST(DowncastConformance, MiscTsv) { run_conformance("downcast", 60); }

}  // namespace
}  // namespace layoutref::spec
