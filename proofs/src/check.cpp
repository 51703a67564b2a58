#include <layoutref/proofs/check.hpp>
#include <layoutref/proofs/algebra.hpp>

#include <layoutref/spec/checked.hpp>
#include <layoutref/spec/error.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <set>

namespace layoutref::proofs {

namespace {

spec::IntTuple shape_of(spec::IntTuple const& profile, std::vector<long long> const& v) {
  if (profile.leaf) return spec::IntTuple(v.at(static_cast<size_t>(profile.value)));
  std::vector<spec::IntTuple> items;
  for (auto const& p : profile.items) items.push_back(shape_of(p, v));
  return spec::IntTuple::tuple(std::move(items));
}

spec::Stride stride_of(spec::IntTuple const& profile, std::vector<spec::Value> const& v) {
  if (profile.leaf) return spec::Stride(v.at(static_cast<size_t>(profile.value)));
  std::vector<spec::Stride> items;
  for (auto const& p : profile.items) items.push_back(stride_of(p, v));
  return spec::Stride::tuple(std::move(items));
}

spec::Layout layout_of(Setting const& s, LeafLayout const& l, Assignment const& a) {
  std::vector<long long> shape;
  for (auto const& e : l.shape) shape.push_back(value_of(s, e, a));
  std::vector<spec::Value> stride;
  for (auto const& d : l.stride) stride.push_back(value_of(s, d, a));
  return spec::Layout(shape_of(l.profile, shape), stride_of(l.profile, stride));
}

// L extended past its domain at any integer x: the colexicographic Euclidean split of x over
// L's leaf shapes, the last coordinate unbounded (query.hpp's extension; the spec's for x >= 0).
spec::Value extended(spec::Layout const& l, long long x) {
  if (x >= 0) return spec::evaluate_extended(l, x);
  auto modes = spec::leaf_modes(l);
  std::vector<std::pair<spec::i64, spec::Value>> terms;
  for (size_t k = 0; k < modes.size(); ++k) {
    long long n = modes[k].shape.value;
    long long c = x;
    if (k + 1 < modes.size()) {
      c = ((x % n) + n) % n;
      x = (x - c) / n;
    }
    terms.push_back({c, modes[k].stride.value});
  }
  return spec::Value::linear_combination(terms);
}

using Key = std::pair<long long, std::vector<std::pair<spec::Path, long long>>>;
Key key(spec::Value const& v) {
  Key k{v.scalar(), {}};
  for (auto const& t : v.terms()) k.second.push_back({t.path, t.coeff});
  return k;
}

bool within(spec::Value const& v, long long lo, long long hi) { return v.is_integer() && lo <= v.scalar() && v.scalar() < hi; }

bool fits32(spec::Value const& v) {
  auto ok = [](long long x) { return x >= -2147483648LL && x < 2147483648LL; };
  if (!ok(v.scalar())) return false;
  for (auto const& t : v.terms())
    if (!ok(t.coeff)) return false;
  return true;
}

bool past_deadline(Setting const& s) {
  return s.deadline != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() >= s.deadline;
}

}  // namespace

spec::Value extended_at(spec::Layout const& l, long long x) { return extended(l, x); }

std::string range_error(spec::Layout const& l) {
  __extension__ typedef __int128 i128;
  i128 const limit = static_cast<i128>(1) << 120;
  std::map<spec::Path, std::pair<i128, i128>> range;  // per component: smallest, largest value
  i128 size = 1;
  for (auto const& m : spec::leaf_modes(l)) {
    i128 n = m.shape.value;
    size *= n;
    if (size > INT64_MAX) return "the size of " + spec::str(l) + " does not fit in 64 bits";
    auto add = [&](spec::Path const& p, long long d) {
      auto& [lo, hi] = range[p];
      i128 step = (n - 1) * static_cast<i128>(d);
      (step < 0 ? lo : hi) += step;
    };
    add({}, m.stride.value.scalar());
    for (auto const& t : m.stride.value.terms()) add(t.path, t.coeff);
    for (auto const& [p, r] : range)
      if (r.first < -limit || r.second > limit) return "the values of " + spec::str(l) + " do not fit in 64 bits";
  }
  for (auto const& [p, r] : range)
    if (r.first < INT64_MIN || r.second > INT64_MAX)
      return "the values of " + spec::str(l) + " reach past 64 bits (" + (r.second > INT64_MAX ? "above 2^63 - 1" : "below -2^63") + ")";
  return "";
}

long long ConcreteFn::size() const { return spec::size(layout); }

spec::Value ConcreteFn::at(long long i) const {
  switch (kind) {
    case Fn::Kind::layout: return origin + spec::evaluate(layout, i);
    case Fn::Kind::swizzled: {
      long long x = spec::add(offset, spec::evaluate(layout, i).integer("the swizzled layout's value"));
      if (x < 0) spec::bad_argument("a swizzle of the negative value " + std::to_string(x));
      return spec::Value(swizzle.apply(x));
    }
    case Fn::Kind::compose: {
      long long v = spec::evaluate(layout, i).integer("B's value");
      auto leaves_b = spec::leaf_modes(layout);
      if (leaves_b.size() == 1) return extended(outer, v);
      if (v >= 0 && v < spec::size(outer)) return spec::evaluate(outer, v);
      auto coord = spec::leaves(spec::idx2crd(i, layout.shape));
      spec::Value sum;
      for (size_t k = 0; k < leaves_b.size(); ++k)
        sum = sum + extended(outer, spec::mul(leaves_b[k].stride.value.integer("B's stride"), coord.at(k)));
      return sum;
    }
  }
  return {};
}

namespace {

// e with the variables' values of a substituted, simplified.
z3::expr at_assignment(Setting const& s, z3::expr const& e, Assignment const& a) {
  z3::context& c = e.ctx();
  z3::expr_vector from(c), to(c);
  for (size_t k = 0; k < s.vars.vars.size() && k < a.size(); ++k) {
    from.push_back(c.int_const(s.vars.vars[k].name.c_str()));
    to.push_back(c.int_val(static_cast<int64_t>(a[k])));
  }
  z3::expr v = e;
  if (from.size() > 0) v = v.substitute(from, to);
  return v.simplify();
}

}  // namespace

long long value_of(Setting const& s, z3::expr const& e, Assignment const& a) {
  z3::expr v = at_assignment(s, e, a);
  int64_t x = 0;
  if (!v.is_numeral() || !v.is_numeral_i64(x))
    throw spec::Error(spec::Error::Kind::overflow, "the term " + term_text(e) + " is not a 64-bit integer at " + str(s, a));
  return x;
}

bool hypotheses_hold(Setting const& s, Assignment const& a) {
  for (auto const& [name, h] : s.hypotheses)
    if (!at_assignment(s, h, a).is_true()) return false;
  return true;
}

spec::Value value_of(Setting const& s, SymValue const& d, Assignment const& a) {
  spec::Value v;
  for (auto const& [path, e] : d.parts()) {
    long long x = value_of(s, e, a);
    if (x == 0) continue;
    v = v + (path.empty() ? spec::Value(x) : spec::Value::basis(x, path));
  }
  return v;
}

ConcreteFn instantiate(Setting const& s, Fn const& f, Assignment const& a) {
  ConcreteFn out;
  out.kind = f.kind;
  out.layout = layout_of(s, f.layout, a);
  if (f.layout.offset) out.origin = value_of(s, *f.layout.offset, a);
  out.swizzle = f.swizzle;
  out.offset = f.offset;
  if (f.outer) out.outer = layout_of(s, f.outer->layout, a);
  return out;
}

Assignment assignment_in(Setting const& s, z3::model const& m) {
  Assignment a;
  for (auto const& v : s.vars.vars) {
    long long x = v.lo;
    if (!model_int64(m, s.ctx->int_const(v.name.c_str()), x))
      throw spec::Error(spec::Error::Kind::overflow, "the model's value of " + v.name + " is not a 64-bit integer");
    a.push_back(x);
  }
  return a;
}

std::string str(Setting const& s, Assignment const& a) {
  std::string out;
  for (size_t k = 0; k < s.vars.vars.size() && k < a.size(); ++k)
    out += (out.empty() ? "" : ", ") + s.vars.vars[k].name + "=" + std::to_string(a[k]);
  return out.empty() ? "no variables" : out;
}

bool violates(Setting const& s, Goal g, Operands const& o, Assignment const& a, Witness const& w, std::string& why, bool* overflow) {
  try {
    ConcreteFn f = instantiate(s, *o.f, a);
    long long n = f.size();
    auto in = [&](long long x) { return x >= 0 && x < n; };
    switch (g) {
      case Goal::injective:
        if (in(w.i) && in(w.j) && w.i < w.j && f.at(w.i) == f.at(w.j)) return why = "F(i) = F(j) = " + f.at(w.i).str(), true;
        return why = "F(" + std::to_string(w.i) + ") and F(" + std::to_string(w.j) + ") are not a collision", false;
      case Goal::image_within: {
        long long lo = value_of(s, *o.lo, a), hi = value_of(s, *o.hi, a);
        if (in(w.i) && !within(f.at(w.i), lo, hi)) return why = "F(i) = " + f.at(w.i).str(), true;
        return why = "index " + std::to_string(w.i) + " is not outside the bounds", false;
      }
      case Goal::fits_int32:
        if (in(w.i) && !fits32(f.at(w.i))) return why = "F(i) = " + f.at(w.i).str(), true;
        return why = "index " + std::to_string(w.i) + " fits int32", false;
      case Goal::bijective: {
        long long m = value_of(s, *o.n, a);
        if (n != m) return why = "size " + std::to_string(n) + " != " + std::to_string(m), true;
        if (in(w.i) && in(w.j) && w.i < w.j && f.at(w.i) == f.at(w.j)) return why = "a collision", true;
        if (in(w.k) && !within(f.at(w.k), 0, m)) return why = "F(k) = " + f.at(w.k).str() + " outside [0, N)", true;
        return why = "neither the size, nor indices i, j, nor k show a violation", false;
      }
      case Goal::surjective: {
        long long m = value_of(s, *o.n, a);
        if (w.y < 0 || w.y >= m) return why = "y = " + std::to_string(w.y) + " is outside [0, N)", false;
        if (n > (1LL << 26)) return why = "the domain of " + std::to_string(n) + " indices is too large to scan", false;
        for (long long x = 0; x < n; ++x)
          if (f.at(x) == spec::Value(w.y)) return why = std::to_string(w.y) + " is F(" + std::to_string(x) + ")", false;
        return why = "no index maps to " + std::to_string(w.y), true;
      }
      case Goal::equal: {
        ConcreteFn h = instantiate(s, *o.g, a);
        if (n != h.size()) return why = "the sizes differ", true;
        if (in(w.i) && f.at(w.i) != h.at(w.i)) return why = f.at(w.i).str() + " != " + h.at(w.i).str(), true;
        return why = "F and G agree at index " + std::to_string(w.i), false;
      }
    }
  } catch (spec::Error const& e) {
    why = std::string("the spec could not evaluate it: ") + e.what();
    if (overflow && e.kind() == spec::Error::Kind::overflow) *overflow = true;
    return false;
  }
  return false;
}

unsigned long long exhaustive(Setting const& s, Goal g, Operands const& o, unsigned long long limit) {
  // The assignments, at most `limit` of them.
  unsigned long long count = 1;
  for (auto const& v : s.vars.vars) {
    __extension__ unsigned __int128 width = static_cast<unsigned __int128>(static_cast<__int128>(v.hi) - v.lo + 1);
    if (width > limit || count * width > limit) return 0;
    count *= static_cast<unsigned long long>(width);
  }
  std::vector<Assignment> all;
  Assignment a;
  for (auto const& v : s.vars.vars) a.push_back(v.lo);
  for (unsigned long long t = 0; t < count; ++t) {
    all.push_back(a);
    for (size_t k = 0; k < a.size(); ++k) {
      if (a[k] < s.vars.vars[k].hi) {
        ++a[k];
        break;
      }
      a[k] = s.vars.vars[k].lo;
    }
  }
  try {
    // First the number of points, then the evaluation.
    unsigned long long points = 0;
    // The goal is claimed only where the hypotheses hold: the other assignments are left out.
    std::vector<Assignment> held;
    for (auto const& x : all) {
      if ((held.size() & 255) == 0 && past_deadline(s)) return 0;
      if (!hypotheses_hold(s, x)) continue;
      held.push_back(x);
      unsigned long long n = static_cast<unsigned long long>(instantiate(s, *o.f, x).size());
      if (g == Goal::equal) n += static_cast<unsigned long long>(instantiate(s, *o.g, x).size());
      if (g == Goal::surjective) {
        long long m = value_of(s, *o.n, x);
        if (m < 0) return 0;
        n += static_cast<unsigned long long>(m);
      }
      if (n > limit || points + n > limit) return 0;
      points += n;
    }
    unsigned long long done = 0;
    auto fail = [&](Assignment const& x, std::string const& what) {
      throw InternalError("the solver proved the goal, but evaluated with the spec it fails at " + str(s, x) + ": " + what);
    };
    for (auto const& x : held) {
      ConcreteFn f = instantiate(s, *o.f, x);
      long long n = f.size();
      std::vector<spec::Value> v;
      v.reserve(static_cast<size_t>(n));
      for (long long i = 0; i < n; ++i) {
        if ((++done & 4095) == 0 && past_deadline(s)) return 0;
        v.push_back(f.at(i));
      }
      auto distinct = [&]() {
        std::set<Key> seen;
        for (long long i = 0; i < n; ++i)
          if (!seen.insert(key(v[static_cast<size_t>(i)])).second)
            fail(x, "F(" + std::to_string(i) + ") = " + v[static_cast<size_t>(i)].str() + " repeats an earlier value");
      };
      switch (g) {
        case Goal::injective: distinct(); break;
        case Goal::image_within: {
          long long lo = value_of(s, *o.lo, x), hi = value_of(s, *o.hi, x);
          for (long long i = 0; i < n; ++i)
            if (!within(v[static_cast<size_t>(i)], lo, hi)) fail(x, "F(" + std::to_string(i) + ") = " + v[static_cast<size_t>(i)].str());
          break;
        }
        case Goal::fits_int32:
          for (long long i = 0; i < n; ++i)
            if (!fits32(v[static_cast<size_t>(i)])) fail(x, "F(" + std::to_string(i) + ") = " + v[static_cast<size_t>(i)].str());
          break;
        case Goal::bijective: {
          long long m = value_of(s, *o.n, x);
          if (n != m) fail(x, "size " + std::to_string(n) + " != N = " + std::to_string(m));
          distinct();
          for (long long i = 0; i < n; ++i)
            if (!within(v[static_cast<size_t>(i)], 0, m)) fail(x, "F(" + std::to_string(i) + ") = " + v[static_cast<size_t>(i)].str());
          break;
        }
        case Goal::surjective: {
          long long m = value_of(s, *o.n, x);
          std::vector<bool> hit(static_cast<size_t>(m), false);
          for (auto const& y : v)
            if (within(y, 0, m)) hit[static_cast<size_t>(y.scalar())] = true;
          for (long long y = 0; y < m; ++y)
            if (!hit[static_cast<size_t>(y)]) fail(x, "no index maps to " + std::to_string(y));
          break;
        }
        case Goal::equal: {
          ConcreteFn h = instantiate(s, *o.g, x);
          if (h.size() != n) fail(x, "the sizes differ");
          for (long long i = 0; i < n; ++i) {
            if ((++done & 4095) == 0 && past_deadline(s)) return 0;
            if (h.at(i) != v[static_cast<size_t>(i)])
              fail(x, "at index " + std::to_string(i) + ": " + v[static_cast<size_t>(i)].str() + " vs " + h.at(i).str());
          }
          break;
        }
      }
    }
    return points;
  } catch (spec::Error const&) {
    return 0;  // not evaluable with the spec (a value past 64 bits): no exhaustive check
  }
}

}  // namespace layoutref::proofs
