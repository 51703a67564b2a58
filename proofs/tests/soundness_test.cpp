// A property of the prover itself (issue 12): on random small statements whose truth the spec
// decides by enumeration (spec::evaluate over every index and every assignment of the
// variables), the prover never answers proved for a false one nor refuted for a true one.
// Fixed seed; about 240 statements, a few seconds.
#include <layoutref/notation/parse.hpp>
#include <layoutref/proofs/query.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/term.hpp>

#include <gtest/gtest.h>

#include <random>
#include <set>

namespace lp = layoutref::proofs;
namespace sp = layoutref::spec;

namespace {

struct Random {
  std::mt19937 gen{20240612};
  int in(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(gen); }
};

// A layout text with rank 1..3 over shapes 1..4 and strides -3..8; with `var`, one shape leaf
// and one stride leaf may be the variable a (or a+1).
std::string layout_text(Random& r, bool var) {
  int rank = r.in(1, 3);
  std::string shape, stride;
  for (int k = 0; k < rank; ++k) {
    std::string s = std::to_string(r.in(1, 4)), d = std::to_string(r.in(-3, 8));
    if (var && r.in(0, 2) == 0) s = r.in(0, 1) ? "a" : "a+1";
    if (var && r.in(0, 3) == 0) d = "a";
    shape += (k ? "," : "") + s;
    stride += (k ? "," : "") + d;
  }
  return rank == 1 ? shape + ":" + stride : "(" + shape + "):(" + stride + ")";
}

// The text with the variable a replaced by its value (as a parenthesised sum for `a+1`).
std::string substitute(std::string text, long long a) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == 'a' && i + 2 < text.size() && text[i + 1] == '+' && text[i + 2] == '1') {
      out += std::to_string(a + 1);
      i += 2;
    } else if (text[i] == 'a') {
      out += std::to_string(a);
    } else {
      out += text[i];
    }
  }
  return out;
}

sp::Layout concrete(std::string const& text) {
  auto p = layoutref::notation::parse(text);
  EXPECT_TRUE(p.ok) << text;
  return sp::to_layout(p.term);
}

std::vector<long long> values(sp::Layout const& l) {
  std::vector<long long> v;
  for (long long i = 0; i < sp::size(l); ++i) v.push_back(sp::evaluate(l, i).integer());
  return v;
}

enum class Q { injective, bijective, equal, image_within, fits };

// The statement's truth for one concrete instance, by enumeration with the spec.
bool truth(Q q, sp::Layout const& f, sp::Layout const& g, long long n, long long lo, long long hi) {
  auto v = values(f);
  std::set<long long> distinct(v.begin(), v.end());
  switch (q) {
    case Q::injective: return distinct.size() == v.size();
    case Q::bijective:
      return static_cast<long long>(v.size()) == n && distinct.size() == v.size() && *distinct.begin() >= 0 && *distinct.rbegin() < n;
    case Q::equal: return values(f) == values(g);
    case Q::image_within: return *distinct.begin() >= lo && *distinct.rbegin() < hi;
    case Q::fits: return *distinct.begin() >= -2147483648LL && *distinct.rbegin() < 2147483648LL;
  }
  return false;
}

}  // namespace

TEST(Soundness, ProverAgreesWithTheSpec) {
  Random r;
  int proved = 0, refuted = 0;
  for (int t = 0; t < 240; ++t) {
    bool var = t % 2 == 1;
    Q q = static_cast<Q>(r.in(0, 4));
    std::string ft = layout_text(r, var), gt = layout_text(r, var);
    if (q == Q::equal && r.in(0, 1)) gt = ft;  // some true equalities
    int lo_a = r.in(1, 3), hi_a = lo_a + r.in(0, 2);
    long long n = r.in(1, 64), lo = r.in(-8, 2), hi = r.in(0, 40);
    if (q == Q::fits && r.in(0, 1)) ft = "(2,3):(1,1073741824)";  // reaches 2^31
    if (q == Q::bijective && r.in(0, 1)) {
      ft = var ? "(a,2):(1,a)" : "(2,4):(4,1)";  // bijective onto [0, 2a) / [0, 8)
      n = var ? -1 : 8;
    }
    bool holds = true;
    for (long long a = var ? lo_a : 0; a <= (var ? hi_a : 0); ++a) {
      sp::Layout f = concrete(substitute(ft, a)), g = concrete(substitute(gt, a));
      holds = holds && truth(q, f, g, n < 0 ? 2 * a : n, lo, hi);
    }
    z3::context c;
    lp::Setting s{&c, {}, 20000, {}};
    if (var) {
      ASSERT_EQ(s.vars.parse("a in " + std::to_string(lo_a) + ".." + std::to_string(hi_a)), "");
    }
    std::string error;
    auto fl = lp::parse_symbolic_layout(c, s.vars, ft, error);
    auto gl = lp::parse_symbolic_layout(c, s.vars, gt, error);
    ASSERT_TRUE(fl && gl) << error;
    lp::Fn f = lp::Fn::of(*fl), g = lp::Fn::of(*gl);
    z3::expr nn = n < 0 ? 2 * c.int_const("a") : c.int_val(static_cast<int64_t>(n));
    std::string what = "query " + std::to_string(static_cast<int>(q)) + " F=" + ft + " G=" + gt + " N=" + std::to_string(n) +
                       " [" + std::to_string(lo) + "," + std::to_string(hi) + ") a in " + std::to_string(lo_a) + ".." +
                       std::to_string(hi_a) + (var ? "" : " (no variables)");
    SCOPED_TRACE(what);
    lp::Answer ans;
    try {
    switch (q) {
      case Q::injective: ans = lp::injective(s, f); break;
      case Q::bijective: ans = lp::bijective(s, f, nn); break;
      case Q::equal: ans = lp::equal(s, f, g); break;
      case Q::image_within:
        ans = lp::image_within(s, f, c.int_val(static_cast<int64_t>(lo)), c.int_val(static_cast<int64_t>(hi)));
        break;
      case Q::fits: ans = lp::fits_int32(s, f); break;
    }
    } catch (std::exception const& e) { ADD_FAILURE() << what << ": " << e.what(); continue; }
    if (ans.status == lp::Status::proved) {
      ++proved;
      EXPECT_TRUE(holds) << "proved a false statement: " << what;
    } else if (ans.status == lp::Status::refuted) {
      ++refuted;
      EXPECT_FALSE(holds) << "refuted a true statement: " << what << ": " << ans.counterexample;
    }
  }
  // Both answers occur (the generator is not degenerate).
  EXPECT_GT(proved, 20);
  EXPECT_GT(refuted, 20);
}
