#include "internal.hpp"
#include <layoutref/proofs/terms.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/product.hpp>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

namespace {

std::vector<Mode> modes_of(LeafLayout const& l) {
  std::vector<Mode> m;
  for (size_t k = 0; k < l.shape.size(); ++k) m.push_back(leaf_mode(l, k));
  return m;
}

// A leaf with an integer stride (complement sorts and divides strides).
struct IntMode {
  z3::expr shape, stride;
};

// The stride as an integer term. @throws InputError naming `what` for a basis stride.
z3::expr integer_of(SymValue const& v, std::string const& what) {
  if (!v.is_integer()) throw InputError(what + " has the basis stride " + value_text(v) + "; this operation takes integer strides");
  return v.scalar();
}

std::string divides_text(z3::expr const& d, z3::expr const& n) { return term_text(d) + " divides " + term_text(n); }

void check_shapes(Decider& d, LeafLayout const& l, std::string const& name) {
  for (size_t k = 0; k < l.shape.size(); ++k) {
    try {
      if (d.ask(l.shape[k] >= 1, term_text(l.shape[k]) + " >= 1") == Truth::always) continue;
    } catch (Split const& e) {
      std::string entry = "the shape entry `" + term_text(l.shape[k]) + "` (leaf " + std::to_string(k) + " of " + name + ")";
      if (!e.condition) throw Split(entry + ": " + e.what());  // undecided: unknown, not bad input
      throw InputError(entry + " can be below 1: " + e.what());
    }
    throw InputError("the shape entry `" + term_text(l.shape[k]) + "` (leaf " + std::to_string(k) + " of " + name + ") is below 1");
  }
}

// Shah's division of the shape (m_0, ..., m_{n-1}, inf) (the last entry unbounded) by `by`:
// the index i and c = by / (m_0*...*m_{i-1}) with c < m_i, or i the last. `strong`: c | m_i too.
std::pair<size_t, z3::expr> divide(Decider& d, std::vector<Mode> const& m, z3::expr const& by, bool strong,
                                   std::string const& condition) {
  z3::context& ctx = by.ctx();
  z3::expr prefix = ctx.int_val(1);
  for (size_t i = 0; i < m.size(); ++i) {
    if (!d.divides(prefix, by)) d.require(z3::mod(by, prefix) == 0, divides_text(prefix, by), condition);
    z3::expr c = d.quotient(by, prefix);
    if (i + 1 == m.size()) return {i, c};
    if (d.ask(c < m[i].shape, term_text(c) + " < " + term_text(m[i].shape)) == Truth::always) {
      if (strong && !d.divides(c, m[i].shape)) d.require(z3::mod(m[i].shape, c) == 0, divides_text(c, m[i].shape), condition);
      return {i, c};
    }
    prefix = simplified(prefix * m[i].shape);
  }
  return {m.size() - 1, by};  // unreachable: m is never empty
}

// CuTe's ceil_div (m + s - 1) / s, m's numerals folded into the -1 (m = 4*a+1, s = 4*a+1 gave
// `(4*a+1+4*a+1-1)`; m = 1 gives 1: ceil(1/s) for s >= 1), else as written (`(M*N+a-1)/a`).
z3::expr ceil_div(z3::expr const& m, z3::expr const& s) {
  z3::context& ctx = m.ctx();
  int64_t k = -1, v = 0;
  std::vector<z3::expr> rest;
  auto take = [&](z3::expr const& x) {
    if (x.is_numeral_i64(v)) k += v;
    else rest.push_back(x);
  };
  if (m.is_app() && m.decl().decl_kind() == Z3_OP_ADD)
    for (unsigned i = 0; i < m.num_args(); ++i) take(m.arg(i));
  else
    take(m);
  if (k == -1) return (m + s - 1) / s;  // no numeral in m
  if (rest.empty() && k == 0) return ctx.int_val(1);
  z3::expr num = rest.empty() ? s : rest[0];
  for (size_t i = 1; i < rest.size(); ++i) num = num + rest[i];
  if (!rest.empty()) num = num + s;
  if (k > 0) num = num + ctx.int_val(k);
  if (k < 0) num = num - ctx.int_val(-k);
  return num / s;
}

// l padded to rank r with 1:0 modes (spec::pad, CuTe's append<r>): a tuple of rank r; a single
// leaf becomes the rank-1 tuple (l) first.
LeafLayout padded_to(z3::context& ctx, LeafLayout const& l, size_t r) {
  std::vector<LeafLayout> items;
  size_t rank = l.profile.leaf ? 1 : l.profile.items.size();
  for (size_t i = 0; i < rank; ++i) items.push_back(mode_of(l, i));
  while (items.size() < r) items.push_back(flat_of(ctx, {}, false));
  return tuple_of(items);
}

size_t layout_rank(LeafLayout const& l) { return l.profile.leaf ? 1 : l.profile.items.size(); }

// The spec's inverses leave out modes of shape 1: a result leaf that is 1 for some values is loose.
void mark_loose(Decider& d, std::vector<Mode>& modes) {
  for (auto& x : modes)
    if (!normalizes_to(x.shape, 1) && d.maybe(x.shape == 1, term_text(x.shape) + " = 1") != Truth::never) x.loose = true;
}

// The inverse of a compact L: strides the running products of the shapes in an order pi
// (radix.hpp; each premise decided, none failing): R = (s_pi(0), s_pi(1), ...) : (P_pi(0),
// P_pi(1), ...) with P_k = s_0 * ... * s_{k-1}, L's natural prefix products, so that L(R(j)) = j
// and R(L(i)) = i (L is a bijection onto [0, size)): the spec's right_inverse and left_inverse
// alike. Leaves of shape 1 left out, 1:0 when nothing is left. std::nullopt where no such order
// was found or a premise does not hold for every value (the general constructions below then).
std::optional<LeafLayout> compact_inverse_in(Decider& d, Setting const& s, LeafLayout const& l) {
  z3::context& ctx = *s.ctx;
  std::optional<RadixOrder> order = radix_order(l, Definitions::of(s.hypotheses));
  if (!order) return std::nullopt;
  z3::expr product = ctx.int_val(1);
  for (size_t k : order->order) {
    z3::expr dk = integer_of(l.stride[k], "L's leaf " + std::to_string(k));
    if (d.maybe(dk == product, term_text(dk) + " = " + term_text(simplified(product)) + " (L compact)") != Truth::always) return std::nullopt;
    product = simplified(product * l.shape[k]);
  }
  std::vector<z3::expr> natural;
  z3::expr p = ctx.int_val(1);
  for (auto const& e : l.shape) {
    natural.push_back(p);
    p = simplified(p * e);
  }
  std::vector<Mode> modes;
  for (size_t k : order->order) modes.emplace_back(l.shape[k], natural[k]);
  mark_loose(d, modes);
  return flat_of(ctx, modes, false);
}

// right_inverse(L) of any L with integer strides: the chain of leaves from stride 1, each next
// leaf's stride the product P of the chain's shapes so far (CuTe's right_inverse; each question
// decided, a leaf that is the next for every value taken first), R = (s_c0, s_c1, ...) : (P_c0,
// P_c1, ...) with P_k L's natural prefix products; 1:0 for an empty chain. The spec's right
// inverse is the least preimages of [0, m) (spec/inverse.hpp), which is this R when every leaf
// outside the chain has shape 1, stride 0, or a stride above P (its final value): then a value
// below P has only the chain's digits as preimages (the other coordinates of non-zero stride 0,
// those of stride 0 least at 0), and P itself is no value of L (a leaf of stride P would have
// continued the chain). That condition is required for every value (a Split naming it where it
// depends; one without a condition where it fails for every value: L then takes a value below P
// twice, and the spec's least preimages can form a larger layout than the chain's, e.g. (2,3):(2,1)
// has (2,2):(2,1) where the chain gives 3:2, or a smaller one with a negative stride).
LeafLayout right_inverse_in(Decider& d, Setting const& s, LeafLayout const& l) {
  z3::context& ctx = *s.ctx;
  Definitions defs = Definitions::of(s.hypotheses);
  std::vector<z3::expr> stride, natural;
  z3::expr p = ctx.int_val(1);
  for (size_t k = 0; k < l.shape.size(); ++k) {
    stride.push_back(integer_of(l.stride[k], "L's leaf " + std::to_string(k)));
    natural.push_back(p);
    p = simplified(p * l.shape[k]);
  }
  auto leaf = [&](size_t k) {
    return "L's leaf " + std::to_string(k) + " (" + term_text(l.shape[k]) + ":" + term_text(stride[k]) + ")";
  };
  std::vector<size_t> rest, chain;
  for (size_t k = 0; k < l.shape.size(); ++k)
    if (!normalizes_to(l.shape[k], 1)) rest.push_back(k);
  z3::expr product = ctx.int_val(1);
  for (;;) {
    // The next leaf: one whose stride is P by form, else the first that is P for every value;
    // where none is and one is P for some values only (or undecided), its Split.
    std::optional<size_t> next;
    for (size_t i = 0; i < rest.size() && !next; ++i)
      if (same_polynomial(defs.expand(stride[rest[i]]), defs.expand(product))) next = i;
    std::optional<Split> pending;
    for (size_t i = 0; i < rest.size() && !next; ++i) {
      try {
        if (d.ask(stride[rest[i]] == product, leaf(rest[i]) + " continues the chain (" + term_text(stride[rest[i]]) + " = " +
                                                  term_text(product) + ")") == Truth::always)
          next = i;
      } catch (Split const& e) {
        if (!pending) pending = e;
      }
    }
    if (!next && pending) throw *pending;
    if (!next) break;
    chain.push_back(rest[*next]);
    product = simplified(product * l.shape[rest[*next]]);
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(*next));
  }
  for (size_t k : rest) {
    std::string what = leaf(k) + " has shape 1, stride 0 or a stride above the chain's size " + term_text(product);
    if (d.ask(l.shape[k] == 1 || stride[k] == 0 || stride[k] > product, what) == Truth::never)
      throw Split("right_inverse is computed symbolically only where every leaf outside the chain from stride 1 has shape 1, stride 0 "
                  "or a stride above the chain's size (then the chain is the spec's least preimages); " +
                  leaf(k) + " is none of these for every value, so L takes a value below " + term_text(product) +
                  " twice or has a negative stride, where the spec's right inverse is decided only concretely");
  }
  std::vector<Mode> modes;
  for (size_t k : chain) modes.emplace_back(l.shape[k], natural[k]);
  mark_loose(d, modes);
  return flat_of(ctx, modes, false);
}

// left_inverse(L) as the spec (CuTe's construction): coalesce(L) (leaves of shape 1 left out, a
// leaf merged into the one before where its stride continues it; each question decided), its
// modes of non-zero stride (s_k, d_k) at index stride p_k (the product of L's shapes before the
// mode) with d_k > 0 (left_inverse.negative_stride), sorted by stride (each comparison decided),
// each stride dividing the next (left_inverse.stride_divisibility); R = (d_0, d_1/d_0, ...,
// d_a/d_(a-1), s_a) : (0, p_0, ..., p_a), its leaves of shape 1 left out. The spec also requires
// the construction to satisfy the contract (left_inverse.injective); it does wherever s_k d_k <=
// d_(k+1) for the sorted modes (then L is injective), which is therefore required for every
// value: a Split naming it where it depends, one without a condition where it fails for every
// value (L is then not injective, and whether the construction is a quasi-inverse is decided
// only concretely).
LeafLayout left_inverse_in(Decider& d, Setting const& s, LeafLayout const& l) {
  z3::context& ctx = *s.ctx;
  struct Coalesced {
    z3::expr shape, stride, index;
    size_t first;
  };
  std::vector<Coalesced> c;
  z3::expr p = ctx.int_val(1);
  for (size_t k = 0; k < l.shape.size(); ++k) {
    z3::expr sk = l.shape[k], dk = integer_of(l.stride[k], "L's leaf " + std::to_string(k));
    if (normalizes_to(sk, 1) || d.ask(sk == 1, term_text(sk) + " = 1 (L's leaf " + std::to_string(k) + ")") == Truth::always) continue;
    if (!c.empty()) {
      z3::expr next = simplified(c.back().shape * c.back().stride);
      if (d.ask(dk == next, "L's leaf " + std::to_string(k) + " continues the one before (" + term_text(dk) + " = " + term_text(next) + ")") ==
          Truth::always) {
        c.back().shape = simplified(c.back().shape * sk);
        p = simplified(p * sk);
        continue;
      }
    }
    c.push_back({sk, dk, p, k});
    p = simplified(p * sk);
  }
  auto mode = [](Coalesced const& x) {
    return "the mode " + term_text(x.shape) + ":" + term_text(x.stride) + " of coalesce(L) (from leaf " + std::to_string(x.first) + ")";
  };
  std::vector<Coalesced> a;
  for (auto const& x : c) {
    if (d.ask(x.stride == 0, term_text(x.stride) + " = 0 (" + mode(x) + ")") == Truth::always) continue;
    d.require(x.stride > 0, term_text(x.stride) + " > 0", "left_inverse.negative_stride (" + mode(x) + ")");
    a.push_back(x);
  }
  for (size_t i = 1; i < a.size(); ++i)  // sorted by stride (insertion sort; each comparison decided)
    for (size_t j = i; j > 0; --j) {
      if (d.ask(a[j].stride < a[j - 1].stride, term_text(a[j].stride) + " < " + term_text(a[j - 1].stride)) == Truth::never) break;
      std::swap(a[j], a[j - 1]);
    }
  for (size_t k = 1; k < a.size(); ++k)
    if (!d.divides(a[k - 1].stride, a[k].stride))
      d.require(z3::mod(a[k].stride, a[k - 1].stride) == 0, divides_text(a[k - 1].stride, a[k].stride),
                "left_inverse.stride_divisibility");
  for (size_t k = 1; k < a.size(); ++k) {
    z3::expr span = simplified(a[k - 1].shape * a[k - 1].stride);
    std::string what = term_text(span) + " <= " + term_text(a[k].stride) + " (" + mode(a[k - 1]) + " ends before the next larger stride)";
    if (d.ask(span <= a[k].stride, what) == Truth::never)
      throw Split("left_inverse is computed symbolically only for an injective L (each mode of coalesce(L), by stride, ending before "
                  "the next); here " + mode(a[k - 1]) + " overlaps the next for every value (" + term_text(span) + " > " +
                  term_text(a[k].stride) + "), and whether CuTe's construction is then a quasi-inverse (left_inverse.injective) is "
                  "decided only concretely");
  }
  std::vector<Mode> r;
  if (!a.empty()) {
    r.emplace_back(a[0].stride, ctx.int_val(0));
    for (size_t k = 1; k < a.size(); ++k) r.emplace_back(d.quotient(a[k].stride, a[k - 1].stride), a[k - 1].index);
    r.emplace_back(a.back().shape, a.back().index);
  }
  std::erase_if(r, [](Mode const& x) { return normalizes_to(x.shape, 1); });  // d_0 = 1 and such
  mark_loose(d, r);
  return flat_of(ctx, r, false);
}

}  // namespace

namespace algebra_detail {

LeafLayout composition_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b) {
  LeafLayout out;
  // A in extension form: size-1 leaves dropped (but the last), a leaf merged into the previous
  // one where it continues it.
  std::vector<Mode> all = modes_of(a), m;
  // Â runs on past size(A) in A's last leaf. Where B reaches past size(A), a loose last leaf (a
  // derived shape 1 for some values, LeafLayout::loose) is decided first: never 1, kept; 1 for
  // some values only, a split (answered case by case); 1 for every value (of this case), not
  // computed (the spec's result there is 1:0 or has no such leaf).
  // No extension happens where B's values stay below size(A) (B's strides >= 0).
  bool inside = false;
  if (!all.empty() && all.back().loose) {
    z3::expr top = ctx.int_val(0), size_a = ctx.int_val(1);
    bool integral = true;
    for (size_t k = 0; k < b.shape.size(); ++k) {
      integral = integral && b.stride[k].is_integer();
      if (integral) top = top + (b.shape[k] - 1) * b.stride[k].scalar();
    }
    for (auto const& x : all) size_a = size_a * x.shape;
    inside = integral && d.maybe(top < size_a, "B's values stay below size(A) (" + term_text(simplified(top)) + " < " +
                                                  term_text(simplified(size_a)) + ")") == Truth::always;
  }
  if (!inside && !all.empty() && all.back().loose && !normalizes_to(all.back().shape, 1) &&
      d.ask(all.back().shape == 1, term_text(all.back().shape) + " = 1 (A's last leaf, derived)") == Truth::always)
    throw Split("A's last leaf, " + term_text(all.back().shape) + ", is 1 here, where the spec's result has 1:0 or no such leaf; B reaches "
                "past size(A), and the two extend differently there (not computed symbolically)");
  for (size_t k = 0; k < all.size(); ++k) {
    bool last = k + 1 == all.size();
    if (!last && normalizes_to(all[k].shape, 1)) continue;
    if (!m.empty() &&
        d.ask(all[k].stride.equals(scaled(m.back().stride, m.back().shape)),
              "A's leaf " + std::to_string(k) + " continues the one before (" + value_text(all[k].stride) + " = " +
                  value_text(scaled(m.back().stride, m.back().shape)) + ")") == Truth::always) {
      m.back().shape = simplified(m.back().shape * all[k].shape);
      continue;
    }
    m.push_back(all[k]);
  }
  // Each leaf mode N:r of B.
  std::vector<std::vector<Mode>> per_leaf;
  for (size_t k = 0; k < b.shape.size(); ++k) {
    z3::expr n = b.shape[k], r = integer_of(b.stride[k], "B's leaf " + std::to_string(k));
    std::string mode = "B's leaf " + std::to_string(k) + " (" + term_text(n) + ":" + term_text(r) + ")";
    if (normalizes_to(n, 1) || d.ask(r == 0, term_text(r) + " = 0") == Truth::always) {
      per_leaf.push_back({Mode(n, ctx.int_val(0))});
      continue;
    }
    d.require(r > 0, term_text(r) + " > 0", "composition.negative_stride (" + mode + ")");
    auto [i, c] = divide(d, m, r, true, "composition.left_divisibility (" + mode + ")");
    std::vector<Mode> rest;
    if (i + 1 < m.size()) {
      rest.emplace_back(d.quotient(m[i].shape, c), scaled(m[i].stride, c));
      for (size_t j = i + 1; j < m.size(); ++j) rest.push_back(m[j]);
    } else {
      rest.emplace_back(ctx.int_val(1), scaled(m[i].stride, c));  // the unbounded last mode
    }
    auto [j, n2] = divide(d, rest, n, false, "composition.weak_left_divisibility (" + mode + ")");
    std::vector<Mode> res;
    for (size_t t = 0; t < j; ++t) res.push_back(rest[t]);
    res.emplace_back(n2, rest[j].stride);
    // Leaves of shape 1 say nothing: drop them (keep one). Those of shape 1 for some values only
    // are loose: the spec's result is 1:0 there when the leaf is alone, else it has no such leaf.
    std::erase_if(res, [](Mode const& x) { return normalizes_to(x.shape, 1); });
    if (res.empty()) res.emplace_back(ctx.int_val(1), ctx.int_val(0));
    for (auto& x : res)
      if (!normalizes_to(x.shape, 1) && d.maybe(x.shape == 1, term_text(x.shape) + " = 1") != Truth::never)
        x.loose = true;
    per_leaf.push_back(res);
  }
  // B's modes compose one by one only where their intervals of definition in A, [r, r*(N-1)]
  // clipped to [1, M') (M' the product of A's bounded modes), are pairwise disjoint (Shah, Def.
  // 2.16; the spec's composition.disjoint_intervals). Otherwise the by-mode result may differ
  // from A(B(c)): a split, never a result.
  z3::expr bounded = ctx.int_val(1);
  for (size_t k = 0; k + 1 < m.size(); ++k) bounded = simplified(bounded * m[k].shape);
  struct Interval {
    z3::expr lo, hi;
  };
  std::vector<std::pair<size_t, Interval>> intervals;
  for (size_t k = 0; k < b.shape.size(); ++k) {
    z3::expr n = b.shape[k], r = b.stride[k].scalar();
    if (normalizes_to(n, 1) || normalizes_to(r, 0)) continue;
    z3::expr top = r * (n - 1);
    intervals.push_back({k, {r, z3::ite(top < bounded - 1, top, bounded - 1)}});
  }
  for (size_t x = 0; x < intervals.size(); ++x)
    for (size_t y = x + 1; y < intervals.size(); ++y) {
      Interval const &p = intervals[x].second, &q = intervals[y].second;
      z3::expr apart = p.lo > p.hi || q.lo > q.hi || p.hi < q.lo || q.hi < p.lo;
      std::string what = "B's leaves " + std::to_string(intervals[x].first) + " and " + std::to_string(intervals[y].first) +
                         " have disjoint intervals of definition in A";
      // Overlapping intervals do not make the composition inadmissible (the by-mode result may
      // still be A(B(c))): the symbolic algebra stops there, and the answer is unknown.
      if (d.ask(apart, what) == Truth::never)
        throw Split("the symbolic composition needs " + what + " (Shah, Def. 2.16), and they overlap for every value");
    }
  // B's profile, each leaf replaced by its modes.
  int next = 0;
  std::function<spec::IntTuple(spec::IntTuple const&)> rebuild = [&](spec::IntTuple const& p) -> spec::IntTuple {
    if (!p.leaf) {
      std::vector<spec::IntTuple> items;
      for (auto const& x : p.items) items.push_back(rebuild(x));
      return spec::IntTuple::tuple(std::move(items));
    }
    auto const& modes = per_leaf.at(static_cast<size_t>(p.value));
    std::vector<spec::IntTuple> items;
    for (auto const& x : modes) {
      out.shape.push_back(x.shape);
      out.stride.push_back(x.stride);
      out.loose.push_back(x.loose);
      out.shape_text.push_back(term_text(x.shape));
      items.push_back(spec::IntTuple(next++));
    }
    return items.size() == 1 ? items[0] : spec::IntTuple::tuple(std::move(items));
  };
  out.profile = rebuild(b.profile);
  return out;
}

LeafLayout complement_in(Decider& d, z3::context& ctx, LeafLayout const& a, z3::expr const& m) {
  std::vector<IntMode> live;
  std::string uncertain;  // a kept mode whose shape is 1 for some values (or undecided: `unsure`)
  bool unsure = false;
  for (size_t k = 0; k < a.shape.size(); ++k) {
    IntMode x{a.shape[k], integer_of(a.stride[k], "A's leaf " + std::to_string(k))};
    // Left out when always 0 / 1. A stride that is 0 for some values only splits. A shape that
    // is 1 for some values only is kept: such a mode changes nothing (its gap mode coalesces with
    // the next) provided every division after it is exact, the last one (by M) included, which
    // is then required (`uncertain`); the spot check compares the result with the spec.
    if (d.ask(x.stride == 0, term_text(x.stride) + " = 0") == Truth::always) continue;
    auto unit = d.maybe(x.shape == 1, term_text(x.shape) + " = 1");
    if (unit == Truth::always) continue;
    if (!unit) {
      uncertain = term_text(x.shape) + " = 1" + (d.undecided() ? " (z3 could not decide it)" : "");
      unsure = unsure || d.undecided();
    }
    d.require(x.stride > 0, term_text(x.stride) + " > 0", "complement.positive_stride (A's leaf " + std::to_string(k) + ")");
    live.push_back(x);
  }
  // Sorted by stride (insertion sort; each comparison decided).
  for (size_t i = 1; i < live.size(); ++i)
    for (size_t j = i; j > 0; --j) {
      if (d.ask(live[j].stride < live[j - 1].stride, term_text(live[j].stride) + " < " + term_text(live[j - 1].stride)) == Truth::never)
        break;
      std::swap(live[j], live[j - 1]);
    }
  std::vector<Mode> r;
  z3::expr current = ctx.int_val(1);
  for (auto const& x : live) {
    if (!d.divides(current, x.stride))
      d.require(z3::mod(x.stride, current) == 0, divides_text(current, x.stride), "complement.stride_divisibility");
    r.emplace_back(d.quotient(x.stride, current), current);
    current = simplified(x.shape * x.stride);
  }
  bool exact = d.divides(current, m) || d.maybe(z3::mod(m, current) == 0, divides_text(current, m)) == Truth::always;
  if (!exact && !uncertain.empty()) {
    bool inexact_unsure = d.undecided();
    throw Split("the result's structure " + std::string(unsure || inexact_unsure ? "may depend" : "depends") + " on whether " +
                uncertain + " (a mode of shape 1 is left out, and " + divides_text(current, m) +
                (inexact_unsure ? " could not be decided by z3" : " does not hold for every value") + "; state the case in --where)");
  }
  z3::expr last = exact ? d.quotient(m, current) : ceil_div(m, current);  // CuTe's ceil_div
  r.emplace_back(last, current);
  for (auto& x : r)  // the spec's complement leaves out modes of shape 1
    if (!normalizes_to(x.shape, 1) && d.maybe(x.shape == 1, term_text(x.shape) + " = 1") != Truth::never) x.loose = true;
  return flat_of(ctx, r, true);
}

LeafLayout divide_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b) {
  LeafLayout c = complement_in(d, ctx, b, size_of(a));
  return composition_in(d, ctx, a, tuple_of({b, c}));
}

LeafLayout product_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b, std::string const& op) {
  z3::expr cosize = ctx.int_val(1);
  for (size_t k = 0; k < b.shape.size(); ++k) {
    z3::expr dk = integer_of(b.stride[k], "B's leaf " + std::to_string(k));
    d.require(dk >= 0, term_text(dk) + " >= 0", op + ": B's stride (leaf " + std::to_string(k) + ") >= 0");
    cosize = cosize + (b.shape[k] - 1) * dk;
  }
  LeafLayout c = complement_in(d, ctx, a, simplified(size_of(a) * cosize));
  return tuple_of({a, composition_in(d, ctx, c, b)});
}

LeafLayout blocked_in(Decider& d, z3::context& ctx, LeafLayout const& a, LeafLayout const& b, bool raked) {
  size_t r = std::max(layout_rank(a), layout_rank(b));
  LeafLayout pa = padded_to(ctx, a, r), pb = padded_to(ctx, b, r);
  LeafLayout p = product_in(d, ctx, pa, pb, raked ? "raked_product" : "blocked_product");
  LeafLayout blocks = mode_of(p, 0), reps = mode_of(p, 1);
  std::vector<LeafLayout> items;
  for (size_t i = 0; i < r; ++i) {
    LeafLayout x = mode_of(blocks, i), y = mode_of(reps, i);
    items.push_back(raked ? tuple_of({y, x}) : tuple_of({x, y}));
  }
  return tuple_of(items);
}

LeafLayout tile_to_shape_in(Decider& d, z3::context& ctx, LeafLayout const& block, LeafLayout const& shape,
                            std::optional<spec::IntTuple> const& order) {
  size_t r = layout_rank(shape);
  if (layout_rank(block) > r)
    throw InputError("tile_to_shape.rank: the block " + layout_text(block) + " has " + std::to_string(layout_rank(block)) +
                     " modes, more than the shape's " + std::to_string(r) + " (for every value)");
  std::vector<spec::i64> keys;
  if (order) {
    spec::IntTuple count = spec::IntTuple::tuple(std::vector<spec::IntTuple>(r, spec::IntTuple(1)));
    if (!spec::weakly_congruent(*order, count) || spec::rank(*order) != static_cast<int>(r))
      throw InputError("tile_to_shape.order: the order " + spec::str(*order) + " does not match the rank " + std::to_string(r) +
                       " of the shape (for every value)");
    keys = spec::leaves(*order);
  } else {
    for (size_t i = 0; i < r; ++i) keys.push_back(static_cast<spec::i64>(i));
  }
  LeafLayout pb = padded_to(ctx, block, r);
  std::vector<z3::expr> counts;
  for (size_t i = 0; i < r; ++i) {
    z3::expr b = size_of(mode_of(pb, i)), t = size_of(mode_of(shape, i));
    if (!d.divides(b, t))
      d.require(z3::mod(t, b) == 0, divides_text(b, t), "tile_to_shape.divisibility (mode " + std::to_string(i) + ")");
    counts.push_back(d.quotient(t, b));
  }
  // make_ordered_layout(counts, order): a stable sort by the order's values (ties by position).
  std::vector<size_t> by_order(r);
  for (size_t i = 0; i < r; ++i) by_order[i] = i;
  std::stable_sort(by_order.begin(), by_order.end(), [&](size_t x, size_t y) { return keys[x] < keys[y]; });
  std::vector<z3::expr> strides(r, ctx.int_val(1));
  z3::expr running = ctx.int_val(1);
  for (size_t k : by_order) {
    strides[k] = running;
    running = simplified(running * counts[k]);
  }
  std::vector<LeafLayout> reps;
  for (size_t i = 0; i < r; ++i) reps.push_back(make_leaf_layout(spec::IntTuple(0), {Mode(counts[i], strides[i])}));
  return blocked_in(d, ctx, pb, tuple_of(reps), false);
}

LeafLayout inverse_in(Decider& d, Setting const& s, LeafLayout const& l, std::string const& op) {
  if (std::optional<LeafLayout> r = compact_inverse_in(d, s, l)) return *r;
  return op == "right_inverse" ? right_inverse_in(d, s, l) : left_inverse_in(d, s, l);
}

LeafLayout slice_in(Decider& d, LeafLayout const& l, SymCoord const& c, SymValue& offset) {
  if (c.keep) return l;
  if (c.index) throw InputError("slice: the coordinate " + term_text(*c.index) + " keeps no mode (a coordinate without `_` names one element)");
  std::vector<LeafLayout> kept;
  std::function<void(SymCoord const&, spec::IntTuple const&, std::string const&)> walk = [&](SymCoord const& x, spec::IntTuple const& p,
                                                                                               std::string const& where) {
    if (x.keep) {
      kept.push_back(node_of(l, p));
      return;
    }
    if (x.index) {
      LeafLayout sub = node_of(l, p);
      z3::expr i = *x.index, n = size_of(sub);
      d.require(i >= 0 && i < n, "0 <= " + term_text(i) + " < " + term_text(n), "slice.coordinate_in_range (" + where + ")");
      offset = offset + value_at_index(sub, i);
      return;
    }
    if (p.leaf || p.items.size() != x.items.size())
      throw InputError("slice: the coordinate at " + where + " has rank " + std::to_string(x.items.size()) + ", the layout's mode " +
                       (p.leaf ? std::string("is a leaf") : "has rank " + std::to_string(p.items.size())));
    for (size_t k = 0; k < x.items.size(); ++k) walk(x.items[k], p.items[k], where + "." + std::to_string(k));
  };
  if (l.profile.leaf || l.profile.items.size() != c.items.size())
    throw InputError("slice: a coordinate of rank " + std::to_string(c.items.size()) + " for a layout of rank " +
                     std::to_string(l.profile.leaf ? 1 : l.profile.items.size()));
  for (size_t k = 0; k < c.items.size(); ++k) walk(c.items[k], l.profile.items[k], "mode " + std::to_string(k));
  if (kept.empty()) throw InputError("slice: the coordinate keeps no mode (a coordinate without `_` names one element)");
  return tuple_of(kept);
}

Decider& prepared(Decider& d, std::vector<std::pair<LeafLayout const*, std::string>> const& layouts) {
  for (auto const& [l, name] : layouts) check_shapes(d, *l, name);
  for (auto const& [l, name] : layouts)
    for (auto const& e : l->shape) d.assume(e >= 1);
  return d;
}

LeafLayout coalesce_in(Decider& d, z3::context& ctx, LeafLayout const& l) {
  std::vector<Mode> out;
  for (size_t k = 0; k < l.shape.size(); ++k) {
    Mode x(l.shape[k], l.stride[k]);
    if (d.ask(x.shape == 1, term_text(x.shape) + " = 1") == Truth::always) continue;
    if (!out.empty() && d.ask(x.stride.equals(scaled(out.back().stride, out.back().shape)),
                              "leaf " + std::to_string(k) + " continues the one before (" + value_text(x.stride) + " = " +
                                  value_text(scaled(out.back().stride, out.back().shape)) + ")") == Truth::always) {
      out.back().shape = simplified(out.back().shape * x.shape);
      continue;
    }
    out.push_back(x);
  }
  return flat_of(ctx, out, false);
}

}  // namespace algebra_detail

}  // namespace layoutref::proofs
