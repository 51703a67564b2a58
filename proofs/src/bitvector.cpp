#include <layoutref/proofs/bitvector.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <optional>

namespace layoutref::proofs {

namespace {

__extension__ typedef __int128 I128;
// Finite bounds are at most 2^100 in magnitude (products are checked before they are formed);
// past that a bound is infinite, and a term with an infinite bound has no width: the tier does not apply.
constexpr I128 kHuge = static_cast<I128>(1) << 100;
constexpr I128 kInf = static_cast<I128>(1) << 120;

I128 clamp(I128 v) { return v > kHuge ? kInf : v < -kHuge ? -kInf : v; }

struct Iv {
  I128 lo = -kInf, hi = kInf;
  bool finite() const { return lo > -kInf && hi < kInf; }
  bool empty() const { return lo > hi; }
};

Iv exact(I128 v) { return {clamp(v), clamp(v)}; }
Iv meet(Iv a, Iv b) { return {std::max(a.lo, b.lo), std::min(a.hi, b.hi)}; }
Iv add(Iv a, Iv b) {
  Iv r;
  if (a.lo > -kInf && b.lo > -kInf) r.lo = clamp(a.lo + b.lo);
  if (a.hi < kInf && b.hi < kInf) r.hi = clamp(a.hi + b.hi);
  return r;
}
Iv neg(Iv a) { return {a.hi >= kInf ? -kInf : -a.hi, a.lo <= -kInf ? kInf : -a.lo}; }
I128 floor_div(I128 a, I128 b) {  // b > 0
  I128 q = a / b;
  if (a % b != 0 && a < 0) --q;
  return q;
}
I128 abs128(I128 v) { return v < 0 ? -v : v; }
// x*y, or ±kInf where its magnitude passes kHuge (|x|, |y| <= kHuge: checked before multiplying).
I128 times(I128 x, I128 y) {
  if (x == 0 || y == 0) return 0;
  if (abs128(x) > kHuge / abs128(y)) return (x < 0) != (y < 0) ? -kInf : kInf;
  return clamp(x * y);
}
Iv mul(Iv a, Iv b) {
  if (!a.finite() || !b.finite()) return {};
  I128 p[4] = {times(a.lo, b.lo), times(a.lo, b.hi), times(a.hi, b.lo), times(a.hi, b.hi)};
  return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}
I128 ceil_div(I128 a, I128 b) {  // b > 0
  I128 q = a / b;
  if (a % b != 0 && a > 0) ++q;
  return q;
}
// The width (two's complement) that holds every value of a finite interval.
unsigned width_of(Iv a) {
  unsigned w = 1;
  while (w < 127 && !(a.lo >= -(static_cast<I128>(1) << (w - 1)) && a.hi <= (static_cast<I128>(1) << (w - 1)) - 1)) ++w;
  return w;
}
std::string text(I128 v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  std::string s;
  for (I128 x = negative ? -v : v; x > 0; x /= 10) s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(x % 10)));
  return negative ? "-" + s : s;
}

Z3_decl_kind kind(z3::expr const& e) { return e.is_app() ? e.decl().decl_kind() : Z3_OP_UNINTERPRETED; }
bool is_int_const(z3::expr const& e) { return e.is_const() && e.is_int() && kind(e) == Z3_OP_UNINTERPRETED; }
void conjuncts_of(z3::expr const& e, std::vector<z3::expr>& out) {
  if (kind(e) == Z3_OP_AND) {
    for (unsigned k = 0; k < e.num_args(); ++k) conjuncts_of(e.arg(k), out);
  } else if (!e.is_true()) {
    out.push_back(e);
  }
}

// The intervals of terms (by ast id), each holding in every integer model of the conjunction
// they were derived from.
class Ranges {
 public:
  std::map<unsigned, Iv> known;
  std::map<unsigned, Iv> memo;  // this round's intervals (stale ones are still sound: wider)
  bool changed = false;

  Iv of(z3::expr const& e) {
    unsigned id = e.id();
    if (auto it = memo.find(id); it != memo.end()) return it->second;
    Iv r = compute(e, false);
    if (auto it = known.find(id); it != known.end()) r = meet(r, it->second);
    memo[id] = r;
    return r;
  }

  /// The interval a term is computed in: its constants' intervals, through the operations, with
  /// no narrowing of a compound term by an equation or comparison it occurs in (narrowed, its
  /// bits would drop where the conjunction fails, and a model of the bit-vectors would not be one
  /// of the integers). Every bit-vector assignment within the constants' ranges is then computed
  /// exactly.
  Iv computed(z3::expr const& e) {
    unsigned id = e.id();
    if (auto it = computed_.find(id); it != computed_.end()) return it->second;
    Iv r = compute(e, true);
    if (is_int_const(e))
      if (auto it = known.find(id); it != known.end()) r = meet(r, it->second);
    computed_[id] = r;
    return r;
  }

  void narrow(z3::expr const& e, Iv to, int depth = 0) {
    if (!e.is_int() || depth > 6) return;
    Iv& k = known[e.id()];
    Iv before = k;
    k = meet(k, to);
    if (k.lo != before.lo || k.hi != before.hi) changed = true;
    Iv whole = meet(of(e), k);
    Z3_decl_kind op = kind(e);
    if (op == Z3_OP_ADD || op == Z3_OP_SUB) {
      // summand t_k (sign s_k) = s_k * (whole - Σ_{j≠k} s_j t_j)
      unsigned n = e.num_args();
      for (unsigned k2 = 0; k2 < n; ++k2) {
        Iv rest = exact(0);
        for (unsigned j = 0; j < n; ++j) {
          if (j == k2) continue;
          Iv t = of(e.arg(j));
          rest = add(rest, op == Z3_OP_SUB && j > 0 ? neg(t) : t);
        }
        Iv mine = add(whole, neg(rest));
        narrow(e.arg(k2), op == Z3_OP_SUB && k2 > 0 ? neg(mine) : mine, depth + 1);
      }
    } else if (op == Z3_OP_MUL && whole.finite()) {
      // factor f with the others' product K excluding 0: |f| <= max|whole| / min|K|
      unsigned n = e.num_args();
      for (unsigned k2 = 0; k2 < n; ++k2) {
        Iv others = exact(1);
        for (unsigned j = 0; j < n; ++j)
          if (j != k2) others = mul(others, of(e.arg(j)));
        if (!others.finite() || (others.lo <= 0 && others.hi >= 0)) continue;
        // f = whole / K exactly, K of one sign: f lies between the quotients at the corners
        Iv w = others.lo > 0 ? whole : neg(whole);
        Iv kv = others.lo > 0 ? others : neg(others);
        I128 lo = std::min(ceil_div(w.lo, kv.lo), ceil_div(w.lo, kv.hi)), hi = std::max(floor_div(w.hi, kv.lo), floor_div(w.hi, kv.hi));
        narrow(e.arg(k2), Iv{lo, hi}, depth + 1);
      }
    }
  }

  /// The atoms of the conjunction (by id): an implication whose premises are all among them
  /// gives its conclusion's atoms.
  std::set<unsigned> atoms;

  // One atom of a conjunction (a comparison, possibly negated; an implication, above).
  void learn(z3::expr const& atom) {
    if (kind(atom) == Z3_OP_IMPLIES) {
      std::vector<z3::expr> premises, conclusions;
      conjuncts_of(atom.arg(0), premises);
      for (auto const& p : premises)
        if (!atoms.count(p.id())) return;
      conjuncts_of(atom.arg(1), conclusions);
      for (auto const& c : conclusions) learn(c);
      return;
    }
    z3::expr a = atom;
    bool negated = false;
    while (kind(a) == Z3_OP_NOT) negated = !negated, a = a.arg(0);
    Z3_decl_kind op = kind(a);
    if (!a.is_app() || a.num_args() != 2 || !a.arg(0).is_int() || !a.arg(1).is_int()) return;
    z3::expr x = a.arg(0), y = a.arg(1);
    if (negated) {
      if (op == Z3_OP_LE) op = Z3_OP_GT;
      else if (op == Z3_OP_LT) op = Z3_OP_GE;
      else if (op == Z3_OP_GE) op = Z3_OP_LT;
      else if (op == Z3_OP_GT) op = Z3_OP_LE;
      else return;
    }
    if (op == Z3_OP_GE || op == Z3_OP_GT) {
      std::swap(x, y);
      op = op == Z3_OP_GE ? Z3_OP_LE : Z3_OP_LT;
    }
    Iv ix = of(x), iy = of(y);
    I128 gap = op == Z3_OP_LT ? 1 : 0;
    if (op == Z3_OP_LE || op == Z3_OP_LT) {  // x + gap <= y
      if (iy.hi < kInf) narrow(x, Iv{-kInf, iy.hi - gap});
      if (ix.lo > -kInf) narrow(y, Iv{ix.lo + gap, kInf});
    } else if (op == Z3_OP_EQ) {
      Iv both = meet(ix, iy);
      narrow(x, both);
      narrow(y, both);
    }
  }

 private:
  std::map<unsigned, Iv> computed_;

  Iv compute(z3::expr const& e, bool plain) {
    auto of = [&](z3::expr const& x) { return plain ? computed(x) : this->of(x); };
    if (!e.is_int() || !e.is_app()) return {};  // a bound variable: no interval
    if (e.is_numeral()) {
      int64_t v = 0;
      if (e.is_numeral_i64(v)) return exact(v);
      return {};
    }
    Z3_decl_kind op = kind(e);
    unsigned n = e.num_args();
    switch (op) {
      case Z3_OP_ADD: {
        Iv r = exact(0);
        for (unsigned k = 0; k < n; ++k) r = add(r, of(e.arg(k)));
        return r;
      }
      case Z3_OP_SUB: {
        Iv r = of(e.arg(0));
        for (unsigned k = 1; k < n; ++k) r = add(r, neg(of(e.arg(k))));
        return r;
      }
      case Z3_OP_UMINUS: return neg(of(e.arg(0)));
      case Z3_OP_MUL: {
        Iv r = exact(1);
        for (unsigned k = 0; k < n; ++k) r = mul(r, of(e.arg(k)));
        return r;
      }
      case Z3_OP_POWER: {
        int64_t k = 0;
        if (!e.arg(1).is_numeral_i64(k) || k < 0 || k > 8) return {};
        Iv r = exact(1), b = of(e.arg(0));
        for (int64_t j = 0; j < k; ++j) r = mul(r, b);
        return r;
      }
      case Z3_OP_IDIV: {
        Iv a = of(e.arg(0)), b = of(e.arg(1));
        if (!a.finite() || !b.finite() || b.lo < 1) return {};
        I128 q[4] = {floor_div(a.lo, b.lo), floor_div(a.lo, b.hi), floor_div(a.hi, b.lo), floor_div(a.hi, b.hi)};
        return {*std::min_element(q, q + 4), *std::max_element(q, q + 4)};
      }
      case Z3_OP_MOD: {
        Iv a = of(e.arg(0)), b = of(e.arg(1));
        if (b.lo < 1 || b.hi >= kInf) return {};
        Iv r{0, b.hi - 1};
        if (a.lo >= 0 && a.hi < kInf) r.hi = std::min(r.hi, a.hi);
        return r;
      }
      case Z3_OP_ITE: {
        Iv a = of(e.arg(1)), b = of(e.arg(2));
        return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
      }
      default: return {};
    }
  }
};

void conjuncts(z3::expr const& e, std::vector<z3::expr>& out) { conjuncts_of(e, out); }

using Dnf = std::vector<std::vector<z3::expr>>;
constexpr size_t kMaxParts = 16;

// e (negated when `negated`) as a disjunction of conjunctions of atoms; std::nullopt past kMaxParts.
std::optional<Dnf> dnf(z3::expr const& e, bool negated) {
  Z3_decl_kind op = kind(e);
  if (op == Z3_OP_NOT) return dnf(e.arg(0), !negated);
  if (e.is_true() || e.is_false()) {
    bool value = e.is_true() != negated;
    return value ? Dnf{{}} : Dnf{};
  }
  bool conj = (op == Z3_OP_AND && !negated) || (op == Z3_OP_OR && negated);
  bool disj = (op == Z3_OP_AND && negated) || (op == Z3_OP_OR && !negated);
  if (op == Z3_OP_IMPLIES) {
    z3::expr as_or = !e.arg(0) || e.arg(1);
    return dnf(as_or, negated);
  }
  if (disj) {
    Dnf out;
    for (unsigned k = 0; k < e.num_args(); ++k) {
      auto d = dnf(e.arg(k), negated);
      if (!d) return std::nullopt;
      out.insert(out.end(), d->begin(), d->end());
      if (out.size() > kMaxParts) return std::nullopt;
    }
    return out;
  }
  if (conj) {
    Dnf out{{}};
    for (unsigned k = 0; k < e.num_args(); ++k) {
      auto d = dnf(e.arg(k), negated);
      if (!d) return std::nullopt;
      Dnf next;
      for (auto const& a : out)
        for (auto const& b : *d) {
          auto c = a;
          c.insert(c.end(), b.begin(), b.end());
          next.push_back(std::move(c));
          if (next.size() > kMaxParts) return std::nullopt;
        }
      out = std::move(next);
    }
    return out;
  }
  return Dnf{{negated ? !e : e}};
}

struct Bv {
  z3::expr e;
  Iv iv;
  unsigned w = 0;
};

// Integer terms into bit-vectors at the widths of their intervals (bitvector.hpp).
class Translator {
 public:
  Translator(z3::context& c, Ranges& r) : ctx(c), ranges(r) {}
  z3::context& ctx;
  Ranges& ranges;
  unsigned widest = 0;
  std::map<unsigned, z3::expr> consts_bv;   // int constant id -> its bit-vector
  std::map<unsigned, z3::expr> consts_int;  // int constant id -> the constant
  std::map<unsigned, Iv> consts_iv;

  std::optional<z3::expr> formula(z3::expr const& e) {
    if (!e.is_app()) return std::nullopt;  // a quantifier (surjective's) or a bound variable: not translated
    if (e.is_true()) return ctx.bool_val(true);
    if (e.is_false()) return ctx.bool_val(false);
    Z3_decl_kind op = kind(e);
    unsigned n = e.num_args();
    auto args = [&]() -> std::optional<std::vector<z3::expr>> {
      std::vector<z3::expr> out;
      for (unsigned k = 0; k < n; ++k) {
        auto f = formula(e.arg(k));
        if (!f) return std::nullopt;
        out.push_back(*f);
      }
      return out;
    };
    switch (op) {
      case Z3_OP_AND:
      case Z3_OP_OR: {
        auto a = args();
        if (!a) return std::nullopt;
        z3::expr r = ctx.bool_val(op == Z3_OP_AND);
        for (auto const& x : *a) r = op == Z3_OP_AND ? (r && x) : (r || x);
        return r;
      }
      case Z3_OP_NOT: {
        auto a = formula(e.arg(0));
        if (!a) return std::nullopt;
        return !*a;
      }
      case Z3_OP_IMPLIES: {
        auto a = args();
        if (!a) return std::nullopt;
        return z3::implies((*a)[0], (*a)[1]);
      }
      case Z3_OP_ITE: {
        if (!e.is_bool()) return std::nullopt;
        auto a = args();
        if (!a) return std::nullopt;
        return z3::ite((*a)[0], (*a)[1], (*a)[2]);
      }
      case Z3_OP_EQ:
      case Z3_OP_DISTINCT:
      case Z3_OP_LE:
      case Z3_OP_LT:
      case Z3_OP_GE:
      case Z3_OP_GT: {
        if (n >= 1 && e.arg(0).is_bool()) {
          if (op != Z3_OP_EQ || n != 2) return std::nullopt;
          auto a = args();
          if (!a) return std::nullopt;
          return (*a)[0] == (*a)[1];
        }
        std::vector<Bv> t;
        for (unsigned k = 0; k < n; ++k) {
          auto x = term(e.arg(k));
          if (!x) return std::nullopt;
          t.push_back(*x);
        }
        unsigned w = 0;
        for (auto const& x : t) w = std::max(w, x.w);
        widest = std::max(widest, w);
        std::vector<z3::expr> v;
        for (auto const& x : t) v.push_back(ext(x, w));
        if (op == Z3_OP_DISTINCT) {
          z3::expr r = ctx.bool_val(true);
          for (size_t a = 0; a < v.size(); ++a)
            for (size_t b = a + 1; b < v.size(); ++b) r = r && v[a] != v[b];
          return r;
        }
        if (n != 2) return std::nullopt;
        switch (op) {  // z3++'s operators on bit-vectors are the signed ones
          case Z3_OP_EQ: return v[0] == v[1];
          case Z3_OP_LE: return v[0] <= v[1];
          case Z3_OP_LT: return v[0] < v[1];
          case Z3_OP_GE: return v[0] >= v[1];
          default: return v[0] > v[1];
        }
      }
      default: return std::nullopt;
    }
  }

  // The term at its own width; std::nullopt where an interval is infinite or an operation unknown.
  std::optional<Bv> term(z3::expr const& e) {
    if (auto it = memo_.find(e.id()); it != memo_.end()) return it->second;
    auto r = build(e);
    if (r) {
      widest = std::max(widest, r->w);
      memo_.emplace(e.id(), *r);
    }
    return r;
  }

  // x at width w: sign- or zero-extended (the same value: a value of an interval with lo >= 0
  // has its top bit clear), or its low bits (the caller's interval shows the value fits).
  z3::expr ext(Bv const& x, unsigned w) const {
    if (w == x.w) return x.e;
    if (w > x.w) return x.iv.lo >= 0 ? z3::zext(x.e, w - x.w) : z3::sext(x.e, w - x.w);
    return x.e.extract(w - 1, 0);
  }

 private:
  std::map<unsigned, Bv> memo_;

  std::optional<Bv> fit(z3::expr const& e, z3::expr value, unsigned w, Iv at_w) {
    // value is e's value at width w; the result at the width of e's own interval.
    Iv iv = ranges.computed(e);
    if (!iv.finite()) return std::nullopt;
    widest = std::max(widest, w);
    unsigned wr = width_of(iv);
    Bv tmp{value, at_w, w};
    return Bv{ext(tmp, wr), iv, wr};
  }

  std::optional<Bv> build(z3::expr const& e) {
    if (!e.is_int() || !e.is_app()) return std::nullopt;  // a bound variable: not translated
    Iv iv = ranges.computed(e);
    if (e.is_numeral()) {
      int64_t v = 0;
      if (!e.is_numeral_i64(v) || !iv.finite()) return std::nullopt;
      unsigned w = width_of(exact(v));
      return Bv{ctx.bv_val(v, w), exact(v), w};
    }
    if (is_int_const(e)) {
      if (!iv.finite() || iv.empty()) return std::nullopt;
      unsigned w = width_of(iv);
      z3::expr b = ctx.bv_const(e.decl().name().str().c_str(), w);
      consts_bv.emplace(e.id(), b);
      consts_int.emplace(e.id(), e);
      consts_iv.emplace(e.id(), iv);
      return Bv{b, iv, w};
    }
    Z3_decl_kind op = kind(e);
    unsigned n = e.num_args();
    std::vector<Bv> a;
    for (unsigned k = 0; k < n; ++k) {
      if (op == Z3_OP_ITE && k == 0) continue;
      if (op == Z3_OP_POWER && k == 1) continue;
      auto x = term(e.arg(k));
      if (!x) return std::nullopt;
      a.push_back(*x);
    }
    switch (op) {
      case Z3_OP_ADD:
      case Z3_OP_SUB:
      case Z3_OP_MUL:
      case Z3_OP_POWER: {
        std::vector<Bv> ops = a;
        if (op == Z3_OP_POWER) {
          int64_t k = 0;
          if (!e.arg(1).is_numeral_i64(k) || k < 1 || k > 8) return std::nullopt;
          ops.assign(static_cast<size_t>(k), a[0]);
        }
        Bv acc = ops[0];
        for (size_t k = 1; k < ops.size(); ++k) {
          Bv const& b = ops[k];
          Iv part = op == Z3_OP_ADD ? add(acc.iv, b.iv) : op == Z3_OP_SUB ? add(acc.iv, neg(b.iv)) : mul(acc.iv, b.iv);
          if (!part.finite()) return std::nullopt;
          unsigned w = std::max({width_of(part), acc.w, b.w});
          widest = std::max(widest, w);
          z3::expr x = ext(acc, w), y = ext(b, w);
          z3::expr v = op == Z3_OP_ADD ? x + y : op == Z3_OP_SUB ? x - y : x * y;
          acc = Bv{v, part, w};
        }
        if (ops.size() == 1 && op == Z3_OP_SUB) return std::nullopt;
        return fit(e, acc.e, acc.w, acc.iv);
      }
      case Z3_OP_UMINUS: {
        unsigned w = std::max(width_of(neg(a[0].iv)), a[0].w);
        return fit(e, -ext(a[0], w), w, neg(a[0].iv));
      }
      case Z3_OP_IDIV:
      case Z3_OP_MOD: {
        Bv const &x = a[0], &y = a[1];
        if (y.iv.lo < 1) return std::nullopt;
        if (x.iv.lo >= 0) {
          unsigned w = std::max(x.w, y.w);
          z3::expr v = op == Z3_OP_IDIV ? z3::udiv(ext(x, w), ext(y, w)) : z3::urem(ext(x, w), ext(y, w));
          return fit(e, v, w, op == Z3_OP_IDIV ? x.iv : y.iv);
        }
        // floor division and the Euclidean remainder by a positive divisor: m = x smod y lies in
        // [0, y), and (x - m) / y is exact.
        Iv shifted{x.iv.lo - (y.iv.hi - 1), x.iv.hi};
        unsigned w = std::max({width_of(shifted), x.w, y.w});
        z3::expr xx = ext(x, w), yy = ext(y, w);
        z3::expr m = z3::smod(xx, yy);
        if (op == Z3_OP_MOD) return fit(e, m, w, Iv{0, y.iv.hi - 1});
        return fit(e, (xx - m) / yy, w, shifted);
      }
      case Z3_OP_ITE: {
        auto c = formula(e.arg(0));
        if (!c) return std::nullopt;
        unsigned w = std::max(a[0].w, a[1].w);
        Iv both{std::min(a[0].iv.lo, a[1].iv.lo), std::max(a[0].iv.hi, a[1].iv.hi)};
        return fit(e, z3::ite(*c, ext(a[0], w), ext(a[1], w)), w, both);
      }
      default: return std::nullopt;
    }
  }
};

std::string signed_value(z3::model const& m, z3::expr const& b) {
  z3::expr v = m.eval(b, true);
  std::string bits;
  if (!v.is_numeral()) return "";
  // the value as unsigned decimal, then two's complement
  std::string dec = v.get_decimal_string(0);
  I128 u = 0;
  for (char ch : dec) u = u * 10 + (ch - '0');
  unsigned w = b.get_sort().bv_size();
  if (w < 127 && (u >> (w - 1)) & 1) u -= static_cast<I128>(1) << w;
  return text(u);
}

}  // namespace

namespace {
BvAttempt attempt(Obligation const& o, z3::expr const& goal, std::chrono::steady_clock::time_point deadline);
}

BvAttempt bitvector_attempt(Obligation const& o, z3::expr const& goal, std::chrono::steady_clock::time_point deadline) {
  try {
    return attempt(o, goal, deadline);
  } catch (z3::exception const& e) {
    BvAttempt out;
    out.why = std::string("z3 error while translating into bit-vectors: ") + e.msg();
    return out;
  }
}

namespace {

BvAttempt attempt(Obligation const& o, z3::expr const& goal, std::chrono::steady_clock::time_point deadline) {
  BvAttempt out;
  z3::context& ctx = o.ctx();
  auto parts = dnf(goal, true);
  if (!parts) {
    out.why = "the negated goal has more than " + std::to_string(kMaxParts) + " cases";
    return out;
  }
  std::vector<z3::expr> base;
  for (auto const& f : o.facts()) conjuncts(f, base);
  for (auto const& f : o.hints()) conjuncts(f, base);  // hold by construction, as the facts
  std::vector<std::pair<std::string, std::vector<z3::expr>>> hyps;
  for (auto const& [name, h] : o.hypotheses()) {
    hyps.push_back({name, {}});
    conjuncts(h, hyps.back().second);
  }
  bool all_proved = true;
  std::string unknown_why;
  size_t index = 0;
  for (auto const& part : *parts) {
    ++index;
    std::string label = parts->size() > 1 ? "part " + std::to_string(index) + " of " + std::to_string(parts->size()) : "";
    // The ranges from the facts, the hypotheses and the part's atoms; where a constant's range
    // comes out empty (the part cannot hold: an interval argument alone), from the facts and the
    // hypotheses only, so that the solver decides the part.
    std::vector<z3::expr> all = base;
    for (auto const& [name, hs] : hyps) all.insert(all.end(), hs.begin(), hs.end());
    size_t without_part = all.size();
    all.insert(all.end(), part.begin(), part.end());
    auto derive = [&](size_t n) {
      Ranges r;
      for (size_t k = 0; k < n; ++k) r.atoms.insert(all[k].id());
      for (int round = 0; round < 16; ++round) {
        r.changed = false;
        r.memo.clear();
        for (size_t k = 0; k < n; ++k) r.learn(all[k]);
        if (!r.changed) break;
      }
      return r;
    };
    auto empty_const = [&](Ranges& r) {
      std::set<unsigned> seen;
      for (auto const& a : all) {
        std::vector<z3::expr> todo{a};
        while (!todo.empty()) {
          z3::expr e = todo.back();
          todo.pop_back();
          if (!seen.insert(e.id()).second) continue;
          if (is_int_const(e) && r.of(e).empty()) return true;
          if (e.is_app())
            for (unsigned k = 0; k < e.num_args(); ++k) todo.push_back(e.arg(k));
        }
      }
      return false;
    };
    Ranges ranges = derive(all.size());
    if (empty_const(ranges)) ranges = derive(without_part);
    if (empty_const(ranges)) {
      out.kind = BvAttempt::Kind::not_applicable;
      out.why = "the ranges of the facts' constants are empty";
      return out;
    }
    ranges.memo.clear();
    Translator t(ctx, ranges);
    Obligation bo(ctx);
    bo.use(o.solver_choice());
    // Facts and hypotheses with a term outside the ranges are left out (a weaker formula).
    for (auto const& f : base)
      if (auto b = t.formula(f)) bo.assume(*b);
    for (auto const& [name, hs] : hyps) {
      z3::expr kept = ctx.bool_val(true);
      bool any = false;
      for (auto const& h : hs)
        if (auto b = t.formula(h)) kept = kept && *b, any = true;
      if (any) bo.hypothesis(name, kept);
    }
    z3::expr negated = ctx.bool_val(true);
    for (auto const& a : part) {
      auto b = t.formula(a);
      if (!b) {
        out.kind = BvAttempt::Kind::not_applicable;
        out.why = "a term of the goal has no bounded range: " + a.to_string().substr(0, 160);
        return out;
      }
      negated = negated && *b;
    }
    if (t.widest > kBitvectorMaxWidth) {
      out.why = "an operation needs " + std::to_string(t.widest) + " bits";
      return out;
    }
    // Every constant within its range: holds in every integer model (the ranges are derived).
    for (auto const& [id, b] : t.consts_bv) {
      Iv iv = t.consts_iv.at(id);
      unsigned w = b.get_sort().bv_size();
      bo.assume(ctx.bv_val(text(iv.lo).c_str(), w) <= b && b <= ctx.bv_val(text(iv.hi).c_str(), w));
    }
    out.width = std::max(out.width, t.widest);
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    unsigned ms = left > 0 ? static_cast<unsigned>(left) : 0;
    std::vector<std::pair<z3::expr, z3::expr>> model;
    Answer a;
    try {
      a = bo.prove(!negated, ms, [&](z3::model const& m) {
        for (auto const& [id, b] : t.consts_bv) model.push_back({t.consts_int.at(id), ctx.int_val(signed_value(m, b).c_str())});
        return std::string();
      });
    } catch (InputError const& e) {
      out.kind = BvAttempt::Kind::unknown;
      out.why = std::string("the bit-vector hypotheses cannot all hold (") + e.what() + ")";
      return out;
    }
    out.smt2 += (out.smt2.empty() ? "" : "(reset)\n") + a.smt2;
    for (auto const& s : a.solvers) out.solvers.push_back(label.empty() ? s : label + ": " + s);
    if (a.status == Status::refuted) {
      out.kind = BvAttempt::Kind::counterexample;
      out.model = std::move(model);
      return out;
    }
    if (a.status == Status::proved) {
      for (auto const& c : a.core)
        if (std::find(out.core.begin(), out.core.end(), c) == out.core.end()) out.core.push_back(c);
      if (!a.z3_proved) out.z3_proved = false;
      continue;
    }
    all_proved = false;
    if (unknown_why.empty()) unknown_why = (label.empty() ? "" : label + ": ") + a.reason;
  }
  out.kind = all_proved ? BvAttempt::Kind::proved : BvAttempt::Kind::unknown;
  if (!all_proved) out.why = unknown_why;
  return out;
}

}  // namespace

}  // namespace layoutref::proofs
