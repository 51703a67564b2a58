#include <layoutref/proofs/check.hpp>
#include <layoutref/proofs/validate.hpp>

#include <layoutref/spec/error.hpp>

namespace layoutref::proofs {

namespace {

// Every value of each layout (and its size) fits in 64 bits, else InputError: a result past
// 64 bits is never certified (its claim should be `error`).
void fits_int64(std::initializer_list<std::pair<char const*, spec::Layout const*>> layouts) {
  for (auto const& [what, l] : layouts)
    if (auto why = range_error(*l); !why.empty()) throw InputError(std::string(what) + ": " + why);
}

long long model_index(z3::model const& m, z3::expr const& e) {
  long long x = 0;
  if (!model_int64(m, e, x)) throw spec::Error(spec::Error::Kind::overflow, "the model's index is not a 64-bit integer");
  return x;
}

// A refutation's witness, evaluated with the spec by `violated`; a proof evaluated with the spec
// at every index of [0, n) by `holds` where n <= 2^20.
Answer checked(Obligation const& o, Setting const& s, z3::expr const& goal, Describe const& describe,
               std::function<bool(z3::model const&, std::string&)> const& violated, long long n,
               std::function<bool(long long)> const& holds) {
  bool bad = false;
  std::string why;
  Answer a = o.prove(goal, s.budget_ms(), [&](z3::model const& m) {
    try {
      bad = violated(m, why);
    } catch (spec::Error const& e) {
      why = std::string("the spec could not evaluate it: ") + e.what();
    }
    return describe(m);
  });
  if (a.status == Status::refuted) {
    if (!bad)
      throw InternalError("Z3's counterexample does not violate the goal when evaluated with the spec (" + why + "): " +
                          a.counterexample);
    a.witness_checked = true;
  } else if (a.status == Status::proved && n <= (1LL << 20)) {
    try {
      for (long long i = 0; i < n; ++i)
        if (!holds(i)) throw InternalError("the solver proved the goal, but evaluated with the spec it fails at index " + std::to_string(i));
      a.exhaustive_points = static_cast<unsigned long long>(n);
    } catch (spec::Error const&) {
      a.exhaustive_points = 0;
    }
  }
  return a;
}

Fn fn(z3::context& c, spec::Layout const& l) { return Fn::of(leaves_of(c, l)); }

spec::Layout pair(spec::Layout const& x, spec::Layout const& y) {
  return spec::Layout(spec::IntTuple::tuple({x.shape, y.shape}), spec::Stride::tuple({x.stride, y.stride}));
}

// Decided by the spec's own functions (compatible, depth, rank, checked arithmetic): no solver.
Answer refute(std::string why) {
  Answer a;
  a.status = Status::refuted;
  a.counterexample = std::move(why);
  a.witness_checked = true;
  a.by_spec = true;
  return a;
}

}  // namespace

Answer all_of(std::vector<std::pair<std::string, Answer>> const& parts) {
  Answer out;
  out.status = Status::proved;
  bool exhaustive = true;
  for (auto const& [what, a] : parts) {
    out.seconds += a.seconds;
    if (a.exhaustive_points == 0) exhaustive = false;
    out.exhaustive_points += a.exhaustive_points;
    out.smt2 += (out.smt2.empty() ? "" : "(reset)\n") + std::string("; ") + what + "\n" + a.smt2;
    for (auto const& c : a.core) out.core.push_back(c);
    if (a.status == Status::refuted && out.status != Status::refuted) {
      out.status = Status::refuted;
      out.counterexample = what + ": " + a.counterexample;
      out.witness_checked = a.witness_checked;
      out.by_spec = a.by_spec;
    } else if (a.status == Status::unknown && out.status == Status::proved) {
      out.status = Status::unknown;
      out.reason = what + ": " + a.reason;
    }
  }
  if (!exhaustive || out.status != Status::proved) out.exhaustive_points = 0;
  return out;
}

Answer validate_composition(Setting const& s, spec::Layout const& a, spec::Layout const& b, spec::Layout const& r) {
  fits_int64({{"A", &a}, {"B", &b}, {"R", &r}});
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
  fits_int64({{"A", &a}, {"R", &r}});
  if (!spec::has_integer_strides(a) || !spec::has_integer_strides(r)) return refute("basis strides have no complement");
  long long mp = 0;
  if (!complement_cotarget(a, m, mp)) return refute("the rounded cotarget does not fit in 64 bits");
  // R strictly increasing: R(i) < R(i+1) for i + 1 < size(R).
  Answer inc;
  {
    Obligation o(c);
    Encoder e(c);
    Fn f = fn(c, r);
    z3::expr i = c.int_const("i!");
    std::vector<z3::expr> ci;
    SymValue x = evaluate(e, f, i, &ci), y = evaluate(e, f, i + 1);
    e.into(o);
    o.assume(i >= 0 && i + 1 < f.size());
    long long n = spec::size(r);
    inc = checked(
        o, s, x.scalar() < y.scalar(),
        [&](z3::model const& mo) {
          return "R = " + f.str(mo) + " is not increasing: R(" + model_value(mo, i) + ") = " + x.str(mo) + " >= R(" +
                 model_value(mo, i + 1) + ") = " + y.str(mo);
        },
        [&](z3::model const& mo, std::string& why) {
          long long k = model_index(mo, i);
          why = "R(i) < R(i+1) at i = " + std::to_string(k);
          return k >= 0 && k + 1 < n && spec::evaluate(r, k).scalar() >= spec::evaluate(r, k + 1).scalar();
        },
        n - 1, [&](long long k) { return spec::evaluate(r, k).scalar() < spec::evaluate(r, k + 1).scalar(); });
  }
  return all_of({{"R increasing", inc},
                 {"(A,R) bijective onto [0," + std::to_string(mp) + ")",
                  bijective(s, fn(c, pair(a, r)), c.int_val(static_cast<int64_t>(mp)))}});
}

Answer validate_coalesce(Setting const& s, spec::Layout const& l, spec::Layout const& r) {
  fits_int64({{"L", &l}, {"R", &r}});
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
  fits_int64({{"L", &l}, {"R", &r}});
  Obligation o(c);
  Encoder e(c);
  Fn fl = fn(c, l), fr = fn(c, r);
  z3::expr i = c.int_const("i!");
  std::vector<z3::expr> ci;
  SymValue ri = evaluate(e, fr, i, &ci);
  SymValue lri = evaluate(e, fl, ri.scalar());
  e.into(o);
  o.assume(i >= 0 && i < fr.size());
  long long nl = spec::size(l);
  auto holds = [&](long long k) {
    spec::Value x = spec::evaluate(r, k);
    return x.is_integer() && x.scalar() >= 0 && x.scalar() < nl && spec::evaluate(l, x.scalar()) == spec::Value(k);
  };
  long long nr = spec::size(r);
  return checked(
      o, s, ri.scalar() >= 0 && ri.scalar() < fl.size() && lri.equals(SymValue(i)),
      [&](z3::model const& m) {
        return "at index " + model_value(m, i) + ": R(i) = " + ri.str(m) + ", L(R(i)) = " + lri.str(m) + " (R = " + fr.str(m) + ")";
      },
      [&](z3::model const& m, std::string& why) {
        long long k = model_index(m, i);
        why = "L(R(i)) = i at i = " + std::to_string(k);
        return k >= 0 && k < nr && !holds(k);
      },
      nr, holds);
}

Answer validate_left_inverse(Setting const& s, spec::Layout const& l, spec::Layout const& r) {
  z3::context& c = *s.ctx;
  fits_int64({{"L", &l}, {"R", &r}});
  Obligation o(c);
  Encoder e(c);
  Fn fl = fn(c, l), fr = fn(c, r);
  z3::expr i = c.int_const("i!");
  std::vector<z3::expr> ci;
  SymValue li = evaluate(e, fl, i, &ci);
  SymValue rli = evaluate(e, fr, li.scalar());
  SymValue lrli = evaluate(e, fl, rli.scalar());
  e.into(o);
  o.assume(i >= 0 && i < fl.size());
  long long nl = spec::size(l);
  auto holds = [&](long long k) {
    spec::Value x = spec::evaluate(l, k);
    spec::Value y = extended_at(r, x.integer("L(i)"));
    return extended_at(l, y.integer("R(L(i))")) == x;
  };
  return checked(
      o, s, lrli.equals(li),
      [&](z3::model const& m) {
        return "at index " + model_value(m, i) + " (coordinate " + fl.layout.coordinate(m, ci) + "): L(i) = " + li.str(m) +
               ", R(L(i)) = " + rli.str(m) + ", L(R(L(i))) = " + lrli.str(m);
      },
      [&](z3::model const& m, std::string& why) {
        long long k = model_index(m, i);
        why = "L(R(L(i))) = L(i) at i = " + std::to_string(k);
        return k >= 0 && k < nl && !holds(k);
      },
      nl, holds);
}

}  // namespace layoutref::proofs
