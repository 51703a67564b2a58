// A property of the prover itself (issue 12): on random small statements whose truth the spec
// decides by enumeration (spec::evaluate over every index and every assignment of the
// variables), the prover never answers proved for a false one nor refuted for a true one.
// Fixed seed; about 240 statements, a few seconds.
#include <layoutref/notation/parse.hpp>
#include <layoutref/proofs/check.hpp>
#include <layoutref/proofs/query.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/term.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
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
    lp::Setting s;
    s.ctx = &c;
    s.timeout_ms = 20000;
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

// The mixed-radix lemma (radix.hpp) against the spec: layouts whose strides are the running
// products of their shapes in a random order (compact, so bijective onto [0, size)), over the
// variables a, b, c and numerals, half of them perturbed (a stride doubled, two strides made
// equal, a factor dropped from a stride, N doubled); the truth of injective, bijective and
// surjective decided by enumeration with the spec at every assignment. The prover must never
// answer proved for a false one (an InternalError from its own exhaustive check fails too),
// never refuted for a true one, and must prove most true ones by the lemma.
namespace {

struct Factors {
  std::vector<std::string> f;  // a product of factors (a, b, c or a numeral); empty: 1
  std::string text() const {
    if (f.empty()) return "1";
    std::string t;
    for (auto const& x : f) t += (t.empty() ? "" : "*") + x;
    return t;
  }
  long long value(long long a, long long b, long long c) const {
    long long v = 1;
    for (auto const& x : f) v *= x == "a" ? a : x == "b" ? b : x == "c" ? c : std::stoll(x);
    return v;
  }
};

}  // namespace

TEST(Soundness, RadixLemmaAgreesWithTheSpec) {
  Random r;
  char const* atoms[] = {"a", "b", "c", "2", "3", "1"};
  int proved = 0, by_lemma = 0, refuted = 0, true_ones = 0;
  for (int t = 0; t < 160; ++t) {
    int rank = r.in(1, 4);
    std::vector<Factors> shape(static_cast<size_t>(rank)), stride(static_cast<size_t>(rank));
    for (auto& s : shape) s.f = {atoms[r.in(0, 5)]};
    std::vector<int> order(static_cast<size_t>(rank));
    for (int k = 0; k < rank; ++k) order[static_cast<size_t>(k)] = k;
    std::shuffle(order.begin(), order.end(), r.gen);
    Factors running;
    for (int k : order) {
      stride[static_cast<size_t>(k)] = running;
      running.f.push_back(shape[static_cast<size_t>(k)].f[0]);
    }
    Factors n = running;
    int perturb = r.in(0, 7);  // 0..3: one perturbation; otherwise compact
    int victim = r.in(0, rank - 1), other = r.in(0, rank - 1);
    if (perturb == 0) stride[static_cast<size_t>(victim)].f.push_back("2");
    if (perturb == 1) stride[static_cast<size_t>(victim)] = stride[static_cast<size_t>(other)];
    if (perturb == 2 && !stride[static_cast<size_t>(victim)].f.empty()) stride[static_cast<size_t>(victim)].f.pop_back();
    if (perturb == 3) n.f.push_back("2");
    bool nest = rank >= 3 && r.in(0, 1);
    auto text = [&](auto const& leaf) {
      std::string out = "(";
      for (int k = 0; k < rank; ++k) {
        std::string x = leaf(k);
        if (nest && k == 0) x = "(" + x;
        if (nest && k == 1) x += ")";
        out += (k ? "," : "") + x;
      }
      return out + ")";
    };
    std::string hi_a = std::to_string(r.in(1, 3)), hi_b = std::to_string(r.in(1, 3)), hi_c = std::to_string(r.in(1, 3));
    std::string sym = text([&](int k) { return shape[static_cast<size_t>(k)].text(); }) + ":" +
                      text([&](int k) { return stride[static_cast<size_t>(k)].text(); });
    int q = r.in(0, 2);  // injective, bijective, surjective
    std::string what = std::string(q == 0 ? "injective" : q == 1 ? "bijective" : "surjective") + " " + sym + " N=" + n.text() +
                       " a,b,c <= " + hi_a + "," + hi_b + "," + hi_c;
    SCOPED_TRACE(what);
    bool holds = true;
    for (long long a = 1; a <= std::stoll(hi_a); ++a)
      for (long long b = 1; b <= std::stoll(hi_b); ++b)
        for (long long c = 1; c <= std::stoll(hi_c); ++c) {
          std::string ct = text([&](int k) { return std::to_string(shape[static_cast<size_t>(k)].value(a, b, c)); }) + ":" +
                           text([&](int k) { return std::to_string(stride[static_cast<size_t>(k)].value(a, b, c)); });
          auto v = values(concrete(ct));
          std::set<long long> distinct(v.begin(), v.end());
          long long nv = n.value(a, b, c);
          bool inj = distinct.size() == v.size();
          bool within = *distinct.begin() >= 0 && *distinct.rbegin() < nv;
          bool onto = true;
          for (long long y = 0; y < nv; ++y) onto = onto && distinct.count(y) == 1;
          holds = holds && (q == 0 ? inj : q == 1 ? inj && within && static_cast<long long>(v.size()) == nv : onto);
        }
    true_ones += holds;
    z3::context ctx;
    lp::Setting s;
    s.ctx = &ctx;
    s.timeout_ms = 20000;
    ASSERT_EQ(s.vars.parse("a in 1.." + hi_a + ", b in 1.." + hi_b + ", c in 1.." + hi_c), "");
    std::string error;
    auto fl = lp::parse_symbolic_layout(ctx, s.vars, sym, error);
    auto nt = lp::parse_term(ctx, s.vars, n.text(), error);
    ASSERT_TRUE(fl && nt) << error;
    lp::Answer ans;
    try {
      lp::Fn f = lp::Fn::of(*fl);
      ans = q == 0 ? lp::injective(s, f) : q == 1 ? lp::bijective(s, f, *nt) : lp::surjective(s, f, *nt);
    } catch (std::exception const& e) {
      ADD_FAILURE() << what << ": " << e.what();
      continue;
    }
    if (ans.status == lp::Status::proved) {
      ++proved;
      by_lemma += !ans.lemma.empty();
      EXPECT_TRUE(holds) << "proved a false statement: " << what << " (" << ans.reason << ")";
    } else if (ans.status == lp::Status::refuted) {
      ++refuted;
      EXPECT_FALSE(holds) << "refuted a true statement: " << what << ": " << ans.counterexample;
    }
  }
  std::printf("160 statements: %d true; proved %d (%d by the lemma), refuted %d\n", true_ones, proved, by_lemma, refuted);
  EXPECT_GT(by_lemma, 40);
  EXPECT_GT(refuted, 20);
  EXPECT_GT(true_ones, 60);
  EXPECT_LE(by_lemma, proved);
}

// Shah's composition lemma (query.cpp, by_composition) against the spec: equal(F, A o N:r) for A of
// rank 1-3 over the variables a, b, c and numerals, F and B written in Shah's form for a random left
// division leaf i and weak left division leaf j (Theorem 2.18), half of them perturbed (M_i not a
// multiple of c, F's first stride not scaled by c, N or r doubled, F's last shape past M_j); the
// truth decided with the spec (check.hpp's instantiate: Â(r*t) at every t < N and every
// assignment). Never proved when false (the prover's own exhaustive check would also throw), never
// refuted when true, and most true ones proved by the lemma.

TEST(Soundness, CompositionLemmaAgreesWithTheSpec) {
  Random r;
  char const* shapes[] = {"a", "b", "c", "2", "3", "1"};
  char const* strides[] = {"a", "b", "1", "2", "-1", "0", "3"};
  int proved = 0, by_lemma = 0, refuted = 0, true_ones = 0;
  for (int t = 0; t < 120; ++t) {
    int rank = r.in(1, 3), i = r.in(0, rank - 1), j = r.in(i, rank - 1);
    std::string cc = shapes[r.in(0, 5)], qq = shapes[r.in(0, 5)], nn = shapes[r.in(0, 5)];
    std::vector<std::string> m, d;
    for (int k = 0; k < rank; ++k) {
      m.push_back(k == i && i + 1 < rank ? cc + "*" + qq : shapes[r.in(0, 5)]);
      d.push_back(strides[r.in(0, 6)]);
    }
    int perturb = r.in(0, 9);  // 0..4: one perturbation; otherwise Shah's form
    if (perturb == 0 && i + 1 < rank) m[static_cast<size_t>(i)] += "+1";
    std::string rr = cc;
    auto factor = [](std::string const& x) { return x.find('+') == std::string::npos ? x : "(" + x + ")"; };
    auto times = [](std::string const& x, std::string const& y) { return y[0] == '-' ? "-" + x + "*" + y.substr(1) : x + "*" + y; };
    for (int k = 0; k < i; ++k) rr = factor(m[static_cast<size_t>(k)]) + "*" + rr;
    if (perturb == 1) rr = "2*" + rr;
    std::string fs, fd, n;
    if (j == i) {
      fs = nn;
      fd = times(cc, d[static_cast<size_t>(i)]);
      n = nn;
    } else {
      fs = qq;
      fd = times(cc, d[static_cast<size_t>(i)]);
      n = qq;
      for (int k = i + 1; k < j; ++k) {
        fs += "," + m[static_cast<size_t>(k)];
        fd += "," + d[static_cast<size_t>(k)];
        n += "*" + factor(m[static_cast<size_t>(k)]);
      }
      std::string last = perturb == 2 ? "2*" + m[static_cast<size_t>(j)] : nn;
      fs += "," + last;
      fd += "," + d[static_cast<size_t>(j)];
      n += "*" + factor(last);
      fs = "(" + fs + ")";
      fd = "(" + fd + ")";
    }
    if (perturb == 3) fd = j == i ? d[static_cast<size_t>(i)] : "(" + d[static_cast<size_t>(i)] + fd.substr(fd.find(','));
    if (perturb == 4) n = "2*" + n;
    std::string at = "(" + m[0], ad = "(" + d[0];
    for (int k = 1; k < rank; ++k) {
      at += "," + m[static_cast<size_t>(k)];
      ad += "," + d[static_cast<size_t>(k)];
    }
    std::string ft = fs + ":" + fd, atext = at + "):" + ad + ")", bt = "(" + n + "):(" + rr + ")";
    std::string hi_a = std::to_string(r.in(1, 3)), hi_b = std::to_string(r.in(1, 3)), hi_c = std::to_string(r.in(1, 3));
    std::string what = "equal(" + ft + ", " + atext + " o " + bt + ") a,b,c <= " + hi_a + "," + hi_b + "," + hi_c;
    SCOPED_TRACE(what);
    z3::context ctx;
    lp::Setting s;
    s.ctx = &ctx;
    s.timeout_ms = 5000;
    ASSERT_EQ(s.vars.parse("a in 1.." + hi_a + ", b in 1.." + hi_b + ", c in 1.." + hi_c), "");
    std::string error;
    auto fl = lp::parse_symbolic_layout(ctx, s.vars, ft, error);
    auto al = lp::parse_symbolic_layout(ctx, s.vars, atext, error);
    auto bl = lp::parse_symbolic_layout(ctx, s.vars, bt, error);
    ASSERT_TRUE(fl && al && bl) << error;
    lp::Fn f = lp::Fn::of(*fl), g = lp::Fn::compose(lp::Fn::of(*al), *bl);
    bool holds = true;
    for (long long a = 1; a <= std::stoll(hi_a); ++a)
      for (long long b = 1; b <= std::stoll(hi_b); ++b)
        for (long long c = 1; c <= std::stoll(hi_c); ++c) {
          lp::Assignment x{a, b, c};
          lp::ConcreteFn cf = lp::instantiate(s, f, x), cg = lp::instantiate(s, g, x);
          holds = holds && cf.size() == cg.size();
          for (long long k = 0; holds && k < cf.size(); ++k) holds = cf.at(k) == cg.at(k);
        }
    true_ones += holds;
    lp::Answer ans;
    try {
      ans = lp::equal(s, f, g);
    } catch (std::exception const& e) {
      ADD_FAILURE() << what << ": " << e.what();
      continue;
    }
    if (ans.status == lp::Status::proved) {
      ++proved;
      by_lemma += ans.lemma == "Shah's composition lemma";
      EXPECT_TRUE(holds) << "proved a false statement: " << what << " (" << ans.reason << ")";
    } else if (ans.status == lp::Status::refuted) {
      ++refuted;
      EXPECT_FALSE(holds) << "refuted a true statement: " << what << ": " << ans.counterexample;
    }
  }
  std::printf("120 compositions: %d true; proved %d (%d by Shah's lemma), refuted %d\n", true_ones, proved, by_lemma, refuted);
  EXPECT_GT(by_lemma, 30);
  EXPECT_GT(refuted, 10);
  EXPECT_LE(by_lemma, proved);
}
