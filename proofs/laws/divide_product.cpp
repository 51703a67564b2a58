// logical_divide / logical_product mode laws (docs/semantics.md "Divides and products"),
// tier 2 (families of concrete shapes, each with a symbolic index):
//  - logical_divide(A, B) has mode 0 = A o B and mode 1 = A o complement(B, size(A));
//  - logical_product(A, B) has mode 0 = A and mode 1 = complement(A, size(A)*cosize(B)) o B.
// A ranges over (m0,m1):(1,m0) and (m0,m1):(m1,1) with m0, m1 in 1..ma; B over n:d with n, d in
// 1..nb; inadmissible pairs (the spec's predicate) are counted, not proved. CI set: ma = 3, nb = 2
// (72 pairs); deep set: ma = nb = 4 (512 pairs, about 3 minutes on 2 cores).
#include <layoutref/proofs/laws.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/product.hpp>

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

std::vector<LawResult> divide_product_laws(unsigned timeout_ms) { return divide_product_family(timeout_ms, 3, 2, "divide_product"); }
std::vector<LawResult> divide_product_laws_deep(unsigned timeout_ms) {
  return divide_product_family(timeout_ms, 4, 4, "divide_product_deep");
}

}  // namespace layoutref::proofs
