// Swizzle involution (spec/swizzle.hpp): Sw<B,M,S>(Sw<B,M,S>(x)) = x when S >= B (the YYY and
// ZZZ bit ranges are disjoint), tier 4: B, M, S and x symbolic 32-bit vectors, S >= 0,
// M + S + B <= 32. Refutation: S < B. Tier 1: Sw<3,4,3> o 0 o 1024:1 is a bijection onto [0,1024).
#include <layoutref/proofs/bitvector.hpp>
#include <layoutref/proofs/laws.hpp>

namespace layoutref::proofs {

namespace {

Answer involution(unsigned timeout_ms, bool with_shift_condition) {
  z3::context c;
  z3::expr x = c.bv_const("x", 32), b = c.bv_const("B", 32), m = c.bv_const("M", 32), s = c.bv_const("S", 32);
  Obligation o(c);
  o.hypothesis("swizzle.width", z3::ule(b, 16) && z3::ule(m, 16) && z3::ule(s, 16) && z3::ule(m + s + b, 32));
  if (with_shift_condition) o.hypothesis("swizzle.shift_ge_bits", z3::ule(b, s));
  z3::expr y = swizzle_bv(swizzle_bv(x, b, m, s), b, m, s);
  return o.prove(y == x, timeout_ms, [&](z3::model const& md) {
    return "Sw<" + model_value(md, b) + "," + model_value(md, m) + "," + model_value(md, s) + ">: x = " + model_value(md, x) +
           ", Sw(Sw(x)) = " + model_value(md, y);
  });
}

}  // namespace

std::vector<LawResult> swizzle_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  char const* bounds = "B, M, S, x 32-bit; S >= 0; B, M, S <= 16; M+S+B <= 32";
  out.push_back({"swizzle", "Sw(Sw(x)) = x", bounds, Status::proved, involution(timeout_ms, true)});
  out.push_back({"swizzle", "refutation: without S >= B", bounds, Status::refuted, involution(timeout_ms, false)});
  {
    z3::context c;
    Setting s = law_setting(c, "", timeout_ms);
    Fn f = Fn::swizzled_of(spec::Swizzle{3, 4, 3}, 0, law_layout(s, "1024:1").layout);
    out.push_back({"swizzle", "Sw<3,4,3> o 0 o 1024:1 bijective onto [0,1024)", "concrete (tier 1)", Status::proved,
                   bijective(s, f, c.int_val(1024))});
  }
  return out;
}

}  // namespace layoutref::proofs
