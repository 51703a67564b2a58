#include <layoutref/proofs/validate.hpp>

namespace layoutref::proofs {

namespace {

Fn fn(z3::context& c, spec::Layout const& l) { return Fn::of(leaves_of(c, l)); }

spec::Layout pair(spec::Layout const& x, spec::Layout const& y) {
  return spec::Layout(spec::IntTuple::tuple({x.shape, y.shape}), spec::Stride::tuple({x.stride, y.stride}));
}

Answer refute(std::string why) {
  Answer a;
  a.status = Status::refuted;
  a.counterexample = std::move(why);
  return a;
}

}  // namespace

Answer all_of(std::vector<std::pair<std::string, Answer>> const& parts) {
  Answer out;
  out.status = Status::proved;
  for (auto const& [what, a] : parts) {
    out.seconds += a.seconds;
    out.smt2 += (out.smt2.empty() ? "" : "(reset)\n") + std::string("; ") + what + "\n" + a.smt2;
    for (auto const& c : a.core) out.core.push_back(c);
    if (a.status == Status::refuted && out.status != Status::refuted) {
      out.status = Status::refuted;
      out.counterexample = what + ": " + a.counterexample;
    } else if (a.status == Status::unknown && out.status == Status::proved) {
      out.status = Status::unknown;
      out.reason = what + ": " + a.reason;
    }
  }
  return out;
}

Answer validate_composition(Setting const& s, spec::Layout const& a, spec::Layout const& b, spec::Layout const& r) {
  if (!spec::has_integer_strides(b)) return refute("B has basis strides (not supported by the proof encoding)");
  // Structure: R's shape refines B's, mode by mode (compatible(shape(B), shape(R)), semantics.md).
  if (!spec::compatible(b.shape, r.shape))
    return refute("the shape of R = " + spec::str(r) + " does not refine the shape of B = " + spec::str(b) +
                  " (compatible(shape(B), shape(R)) fails)");
  return equal(s, fn(*s.ctx, r), Fn::compose(fn(*s.ctx, a), leaves_of(*s.ctx, b)));
}

__extension__ typedef __int128 i128;

bool complement_cotarget(spec::Layout const& a, long long m, long long& out) {
  i128 top = 1;
  long long best = -1;
  for (auto const& mode : spec::leaf_modes(a)) {
    if (!mode.stride.value.is_integer()) return false;
    long long d = mode.stride.value.scalar(), n = mode.shape.value;
    if (n == 1 || d == 0) continue;
    if (d > best) {
      best = d;
      top = static_cast<i128>(n) * d;
    }
  }
  i128 mm = (static_cast<i128>(m) + top - 1) / top * top;
  if (mm > INT64_MAX) return false;
  out = static_cast<long long>(mm);
  return true;
}

Answer validate_complement(Setting const& s, spec::Layout const& a, long long m, spec::Layout const& r) {
  z3::context& c = *s.ctx;
  if (!spec::has_integer_strides(a) || !spec::has_integer_strides(r)) return refute("basis strides have no complement");
  long long mp = 0;
  if (!complement_cotarget(a, m, mp)) return refute("the rounded cotarget does not fit in 64 bits");
  // R strictly increasing: R(i) < R(i+1) for i + 1 < size(R).
  Answer inc;
  {
    Obligation o(c);
    Encoder e(c);
    Fn f = fn(c, r);
    z3::expr i = c.int_const("i");
    std::vector<z3::expr> ci;
    SymValue x = evaluate(e, f, i, &ci), y = evaluate(e, f, i + 1);
    e.into(o);
    o.assume(i >= 0 && i + 1 < f.size());
    inc = o.prove(x.scalar() < y.scalar(), s.timeout_ms, [&](z3::model const& mo) {
      return "R = " + f.str(mo) + " is not increasing: R(" + model_value(mo, i) + ") = " + x.str(mo) + " >= R(" +
             model_value(mo, i + 1) + ") = " + y.str(mo);
    });
  }
  return all_of({{"R increasing", inc},
                 {"(A,R) bijective onto [0," + std::to_string(mp) + ")",
                  bijective(s, fn(c, pair(a, r)), c.int_val(static_cast<int64_t>(mp)))}});
}

Answer validate_coalesce(Setting const& s, spec::Layout const& l, spec::Layout const& r) {
  if (spec::depth(r) > 1) return refute("the result " + spec::str(r) + " has depth " + std::to_string(spec::depth(r)) + " > 1");
  return equal(s, fn(*s.ctx, r), fn(*s.ctx, l));
}

Answer validate_logical_divide(Setting const& s, spec::Layout const& a, spec::Layout const& b, spec::Layout const& c,
                               spec::Layout const& r) {
  return all_of({{"complement(B, size(A)) = " + spec::str(c), validate_complement(s, b, spec::size(a), c)},
                 {"R = A o (B, C)", validate_composition(s, a, pair(b, c), r)}});
}

Answer validate_logical_product(Setting const& s, spec::Layout const& a, spec::Layout const& b, spec::Layout const& c,
                                spec::Layout const& r) {
  if (spec::rank(r) != 2) return refute("the result " + spec::str(r) + " does not have rank 2");
  auto m = spec::modes(r);
  long long target = 0;
  if (__builtin_mul_overflow(static_cast<long long>(spec::size(a)), static_cast<long long>(spec::cosize(b)), &target))
    return refute("size(A)*cosize(B) overflows 64 bits");
  return all_of({{"complement(A, size(A)*cosize(B)) = " + spec::str(c), validate_complement(s, a, target, c)},
                 {"mode 0 = A", equal(s, fn(*s.ctx, m[0]), fn(*s.ctx, a))},
                 {"mode 1 = C o B", validate_composition(s, c, b, m[1])}});
}

Answer validate_right_inverse(Setting const& s, spec::Layout const& l, spec::Layout const& r) {
  z3::context& c = *s.ctx;
  Obligation o(c);
  Encoder e(c);
  Fn fl = fn(c, l), fr = fn(c, r);
  z3::expr i = c.int_const("i");
  std::vector<z3::expr> ci;
  SymValue ri = evaluate(e, fr, i, &ci);
  SymValue lri = evaluate(e, fl, ri.scalar());
  e.into(o);
  o.assume(i >= 0 && i < fr.size());
  return o.prove(ri.scalar() >= 0 && ri.scalar() < fl.size() && lri.equals(SymValue(i)), s.timeout_ms,
                 [&](z3::model const& m) {
                   return "at index " + model_value(m, i) + ": R(i) = " + ri.str(m) + ", L(R(i)) = " + lri.str(m) +
                          " (R = " + fr.str(m) + ")";
                 });
}

Answer validate_left_inverse(Setting const& s, spec::Layout const& l, spec::Layout const& r) {
  z3::context& c = *s.ctx;
  Obligation o(c);
  Encoder e(c);
  Fn fl = fn(c, l), fr = fn(c, r);
  z3::expr i = c.int_const("i");
  std::vector<z3::expr> ci;
  SymValue li = evaluate(e, fl, i, &ci);
  SymValue rli = evaluate(e, fr, li.scalar());
  SymValue lrli = evaluate(e, fl, rli.scalar());
  e.into(o);
  o.assume(i >= 0 && i < fl.size());
  return o.prove(lrli.equals(li), s.timeout_ms, [&](z3::model const& m) {
    return "at index " + model_value(m, i) + " (coordinate " + fl.layout.coordinate(m, ci) + "): L(i) = " + li.str(m) +
           ", R(L(i)) = " + rli.str(m) + ", L(R(L(i))) = " + lrli.str(m);
  });
}

}  // namespace layoutref::proofs
