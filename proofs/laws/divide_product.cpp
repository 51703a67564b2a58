// logical_divide / logical_product mode laws (docs/semantics.md "Divides and products"),
// tier 2 (families of concrete shapes, each with a symbolic index):
//  - logical_divide(A, B) has mode 0 = A o B and mode 1 = A o complement(B, size(A));
//  - logical_product(A, B) has mode 0 = A and mode 1 = complement(A, size(A)*cosize(B)) o B.
// A ranges over (m0,m1):(1,m0) and (m0,m1):(m1,1) with m0, m1 in 1..ma; B over n:d with n, d in
// 1..nb; inadmissible pairs (the spec's predicate) are counted, not proved. CI set: ma = 3, nb = 2
// (72 pairs); deep set: ma = nb = 4 (512 pairs, about 3 minutes on 2 cores).
#include <layoutref/proofs/algebra.hpp>
#include <layoutref/proofs/laws.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/product.hpp>

#include <functional>

namespace layoutref::proofs {

namespace {

std::vector<LawResult> divide_product_family(unsigned timeout_ms, spec::i64 ma, spec::i64 nb, char const* family) {
  Answer divide, product;
  divide.status = product.status = Status::proved;
  int divide_cases = 0, product_cases = 0, skipped = 0;
  auto merge = [](Answer& into, Answer const& a, std::string const& what) {
    into.seconds += a.seconds;
    if (into.status != Status::proved) return;
    if (a.status != Status::proved) {
      into.status = a.status;
      into.counterexample = what + ": " + a.counterexample;
      into.reason = what + ": " + a.reason;
    }
  };
  for (int order = 0; order < 2; ++order)
    for (spec::i64 m0 = 1; m0 <= ma; ++m0)
      for (spec::i64 m1 = 1; m1 <= ma; ++m1)
        for (spec::i64 n = 1; n <= nb; ++n)
          for (spec::i64 d = 1; d <= nb; ++d) {
            spec::Layout a(spec::IntTuple::tuple({m0, m1}),
                           order == 0 ? spec::Stride::tuple({spec::Value(1), spec::Value(m0)})
                                      : spec::Stride::tuple({spec::Value(m1), spec::Value(1)}));
            spec::Layout b{spec::IntTuple(n), spec::Stride(spec::Value(d))};
            z3::context c;
            Setting s = law_setting(c, "", timeout_ms);
            auto fn = [&](spec::Layout const& l) { return Fn::of(leaves_of(c, l)); };
            try {
              spec::Layout r = spec::logical_divide(a, spec::Tiler::of(b));
              spec::Layout comp = spec::complement(b, spec::size(a));
              auto parts = spec::modes(r);
              std::string what = "logical_divide(" + spec::str(a) + ", " + spec::str(b) + ") = " + spec::str(r);
              merge(divide, equal(s, fn(parts.at(0)), Fn::compose(fn(a), leaves_of(c, b))), what + ", mode 0");
              merge(divide, equal(s, fn(parts.at(1)), Fn::compose(fn(a), leaves_of(c, comp))), what + ", mode 1");
              ++divide_cases;
            } catch (spec::Error const&) {
              ++skipped;
            }
            try {
              spec::Layout r = spec::logical_product(a, spec::Tiler::of(b));
              spec::Layout comp = spec::complement(a, spec::size(a) * spec::cosize(b));
              auto parts = spec::modes(r);
              std::string what = "logical_product(" + spec::str(a) + ", " + spec::str(b) + ") = " + spec::str(r);
              merge(product, equal(s, fn(parts.at(0)), fn(a)), what + ", mode 0");
              merge(product, equal(s, fn(parts.at(1)), Fn::compose(fn(comp), leaves_of(c, b))), what + ", mode 1");
              ++product_cases;
            } catch (spec::Error const&) {
              ++skipped;
            }
          }
  std::string bounds = "tier 2: A in {(m0,m1):(1,m0), (m0,m1):(m1,1)}, m0,m1 in 1.." + std::to_string(ma) + "; B = n:d, n,d in 1.." +
                       std::to_string(nb);
  divide.reason = std::to_string(divide_cases) + " admissible pairs proved; " + std::to_string(skipped) +
                  " inadmissible (divide or product) not counted";
  product.reason = std::to_string(product_cases) + " admissible pairs proved";
  return {{family, "logical_divide(A,B) = (A o B, A o complement(B, size A))", bounds, Status::proved, divide},
          {family, "logical_product(A,B) = (A, complement(A, size A * cosize B) o B)", bounds, Status::proved, product}};
}

}  // namespace

std::vector<LawResult> divide_product_symbolic_laws(unsigned timeout_ms);
std::vector<LawResult> divide_product_laws(unsigned timeout_ms) {
  auto out = divide_product_family(timeout_ms, 3, 2, "divide_product");
  for (auto& r : divide_product_symbolic_laws(timeout_ms)) out.push_back(std::move(r));
  return out;
}
std::vector<LawResult> divide_product_laws_deep(unsigned timeout_ms) {
  return divide_product_family(timeout_ms, 4, 4, "divide_product_deep");
}

}  // namespace layoutref::proofs

// The same mode laws for all values (2^15 per variable: the values within 64 bits), through the symbolic algebra:
// logical_divide and logical_product computed on layouts whose leaves are terms (algebra.hpp,
// each result checked against the spec at its spot-check assignments), each mode compared as a
// function with the textbook composition A o B (query.hpp's `o`), which Shah's composition lemma
// decides for a one-mode B. A = (d*n*k, m1):(1, d*n*k) (a column-major A whose first mode B
// tiles), B = n:d; for the product A = (a,b):(1,a), B = n:d.
namespace layoutref::proofs {

namespace {

// Mode i of a layout whose profile is a tuple (its leaves renumbered from 0).
Fn mode(LeafLayout const& l, size_t i) {
  LeafLayout m;
  std::function<spec::IntTuple(spec::IntTuple const&)> walk = [&](spec::IntTuple const& p) {
    if (p.leaf) {
      auto k = static_cast<size_t>(p.value);
      m.shape.push_back(l.shape.at(k));
      m.stride.push_back(l.stride.at(k));
      m.shape_text.push_back(k < l.shape_text.size() ? l.shape_text[k] : "");
      return spec::IntTuple(static_cast<spec::i64>(m.shape.size() - 1));
    }
    std::vector<spec::IntTuple> items;
    for (auto const& x : p.items) items.push_back(walk(x));
    return spec::IntTuple::tuple(items);
  };
  m.profile = walk(l.profile.items.at(i));
  return Fn::of(m);
}

}  // namespace

std::vector<LawResult> divide_product_symbolic_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  {
    z3::context c;
    // Up to 2^15: size(A) = d*n*k*m1 within 64 bits (with 2^16 it reaches 2^64, bad input).
    char const* where = "d in 2..2^15, n in 2..2^15, k in 2..2^15, m1 in 2..2^15";
    Setting s = law_setting(c, where, timeout_ms);
    Fn a = law_layout(s, "(d*n*k,m1):(1,d*n*k)"), b = law_layout(s, "n:d");
    LeafLayout r = logical_divide(s, a.layout, b.layout).layout;
    LeafLayout comp = complement(s, b.layout, a.size()).layout;
    out.push_back({"divide_product", "symbolic: mode 0 of logical_divide((d*n*k,m1):(1,d*n*k), n:d) is A o B", where, Status::proved,
                   equal(s, mode(r, 0), Fn::compose(a, b.layout))});
    // Mode 1 against A o C as one function is the general (nonlinear) query: 6 to 54 s on the
    // loaded 2-core machine. Composition goes by B's modes (CuTe's, Shah's), so mode by mode:
    // mode t of mode 1 is A o C_t, each a one-mode composition (Shah's composition lemma).
    Fn rest = mode(r, 1);
    Answer by_modes = equal(s, mode(rest.layout, 0), Fn::compose(a, mode(comp, 0).layout));
    by_modes = all_of_two(by_modes, equal(s, mode(rest.layout, 1), Fn::compose(a, mode(comp, 1).layout)));
    out.push_back({"divide_product", "symbolic: mode 1 of logical_divide((d*n*k,m1):(1,d*n*k), n:d) is A o complement(B, size A), mode by mode",
                   where, Status::proved, by_modes});
    // A false variant: B's stride off by one (index 1: d against d+1).
    out.push_back({"divide_product", "refutation: mode 0 of logical_divide((d*n*k,m1):(1,d*n*k), n:d) is A o n:(d+1)", where,
                   Status::refuted, equal(s, mode(r, 0), Fn::compose(a, law_layout(s, "n:(d+1)").layout))});
  }
  {
    z3::context c;
    // Up to 2^15: mode 1, n:a*b*d, reaches (n-1)*a*b*d, within 64 bits (with 2^16 it reaches 2^64, bad input).
    char const* where = "a in 2..2^15, b in 2..2^15, n in 2..2^15, d in 1..2^15";
    Setting s = law_setting(c, where, timeout_ms);
    Fn a = law_layout(s, "(a,b):(1,a)"), b = law_layout(s, "n:d");
    LeafLayout r = logical_product(s, a.layout, b.layout).layout;
    Fn comp = Fn::of(complement(s, a.layout, law_term(s, "a*b*((n-1)*d+1)")).layout);
    out.push_back({"divide_product", "symbolic: mode 0 of logical_product((a,b):(1,a), n:d) is A", where, Status::proved,
                   equal(s, mode(r, 0), a)});
    out.push_back({"divide_product", "symbolic: mode 1 of logical_product((a,b):(1,a), n:d) is complement(A, size A * cosize B) o B", where,
                   Status::proved, equal(s, mode(r, 1), Fn::compose(comp, b.layout))});
    // A false variant: B's stride off by one (index 1: d*a*b against (d+1)*a*b). (complement(A,
    // cosize B) o B is no false variant: a one-leaf complement runs on past its size, so it is
    // the same function, and is proved.)
    out.push_back({"divide_product", "refutation: mode 1 of logical_product((a,b):(1,a), n:d) is complement(A, size A * cosize B) o n:(d+1)",
                   where, Status::refuted, equal(s, mode(r, 1), Fn::compose(comp, law_layout(s, "n:(d+1)").layout))});
  }
  return out;
}

}  // namespace layoutref::proofs
