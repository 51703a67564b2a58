// spec: domain_distribute(shape, b).
#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/domain_distribute.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/term.hpp>

#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef LAYOUTREF_CONFORMANCE_DIR
#error "LAYOUTREF_CONFORMANCE_DIR must name the directory of the conformance *.tsv files"
#endif

namespace layoutref::spec {
namespace {

IntTuple tup(std::vector<IntTuple> items) { return IntTuple::tuple(std::move(items)); }
Layout lay(std::vector<i64> s, std::vector<i64> d) {
  std::vector<IntTuple> ss(s.begin(), s.end());
  std::vector<Stride> dd;
  for (i64 x : d) dd.emplace_back(Value(x));
  return Layout(IntTuple::tuple(std::move(ss)), Stride::tuple(std::move(dd)));
}

void expect_error(Error::Kind kind, auto const& f) {
  try {
    f();
    ADD_FAILURE() << "no Error thrown";
  } catch (Error const& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
  }
}

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
  expect_error(Error::Kind::bad_argument, [] { domain_distribute(tup({4, 2}), 0); });
  expect_error(Error::Kind::bad_argument, [] { domain_distribute(tup({4, 2}), -4); });
  expect_error(Error::Kind::bad_argument, [] { domain_distribute(tup({4, 0}), 2); });
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

std::string strip_static(std::string const& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    bool marker = s[i] == '_' && i + 1 < s.size() && (std::isdigit(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '-');
    if (!marker) out += s[i];
  }
  return out;
}

// Every CuTe result is judged correct, and the spec's result is CuTe's literally (both are the
// coalesced form of the same function).
TEST(DomainDistributeConformance, MiscTsv) {
  int count = 0;
  for (Case const& c : read_cases("misc.tsv", "domain_distribute")) {
    std::string where = "misc.tsv:" + std::to_string(c.line);
    try {
      ASSERT_EQ(c.fields.size(), 5u) << where;
      IntTuple shape = to_int_tuple(field(c, 1));
      i64 b = to_integer(field(c, 2));
      Layout cute = to_layout(field(c, 4));
      Judgement j = check_domain_distribute(shape, b, Claim{false, cute});
      EXPECT_TRUE(j.correct) << where << ": " << j.detail;
      EXPECT_EQ(str(domain_distribute(shape, b)), strip_static(c.fields[4])) << where;
      ++count;
    } catch (std::exception const& e) {
      ADD_FAILURE() << where << ": " << e.what();
    }
  }
  EXPECT_EQ(count, 36);
}

}  // namespace
}  // namespace layoutref::spec
