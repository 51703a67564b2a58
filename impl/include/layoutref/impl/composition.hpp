// layoutref::impl — composition A∘B (CuTe layout.hpp: composition, composition_impl; docs
// 02_layout_algebra.md "Composition"; docs/semantics.md "Composition").
//
// Structure, as CuTe computes it:
//  - A is first brought to its extension form coalesce_x(A) (flat, size-1 modes dropped except a
//    trailing one, mergeable modes merged): the same function as A inside its domain and past
//    it, where A runs on along its last flattened mode (A(4) = 0 below).
// Example: composition((4,1):(1,0), 2:4) = 2:0
//  - B is composed leaf by leaf, following B's profile (right distributivity); each leaf N:r
//    gives a leaf or a flat tuple at that place:
//      r a scaled basis k@p: the mode p of A (CuTe's basis_get) composed with N:k;
//      r == 0:               N:r;
//      flat A integral M:D:  N:(r*D);
//      otherwise:            CuTe's fold over A's modes but the last: each mode M:D divides the
//                            remaining stride (ceil) and takes min(M/stride, remaining size)
//                            elements of stride stride*D; the rest runs on along the last mode.
//  - A tiler composes mode by mode (modes of A past a tuple are dropped), `_` keeps the mode,
//    and an integer n means n:_1.
// Meaning never depends on the static flag: a quotient or a rest of size 1 is skipped whether it
// is static or not (CuTe keeps run-time ones: `((5,1),(2,2))` where impl gives `(5,(2,2))`), and
// the checks below apply to run-time values too (CuTe checks only static ones).
//
// Admissibility is exact, as the spec decides it (composition.negative_stride, ...tiler_rank):
//  - per leaf N:r of B, Shah's left divisibility of A's extension shape (M0,...,∞) by r and
//    weak left divisibility of the quotient by N (Def. 2.11-2.12). When they hold, the fold is
//    the composition. When one fails — the rare path — the leaf's function i ↦ Â(r*i) may still
//    be a layout (e.g. two values): impl checks CuTe's result at every i < N and, if that is
//    wrong, factors the function into its coalesced layout; if it is no layout, impl refuses with
//    the failed Shah condition. This exact check is bounded: N <= kMaxExactCheck, else
//    Errc::capacity.
//  - for a B of several leaves, Shah's intervals of definition [r, min(r(N-1), M'-1)] (M' the
//    product of A's extension modes but the last; Def. 2.16-2.17) must be pairwise disjoint
//    among the leaves that reach the same mode of A. When two overlap (or a leaf took the rare
//    path), impl checks exactly that the by-mode result equals A(B(c)) wherever B(c) lies in A's
//    domain, for every c < size(B) (bounded by kMaxExactCheck), and refuses with
//    composition.disjoint_intervals where it does not (cutlass #2955).
#pragma once

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/tiler.hpp>

/// The largest table the exact (pointwise) checks of the rare paths may look at.
#ifndef LAYOUTREF_MAX_EXACT_CHECK
#define LAYOUTREF_MAX_EXACT_CHECK (1LL << 22)
#endif

namespace layoutref::impl {

inline constexpr i64 kMaxExactCheck = LAYOUTREF_MAX_EXACT_CHECK;

namespace detail {

LAYOUTREF_HD constexpr void add_stride(Error& e, Stride const& s) {
  e.add(s.value);
  for (int k = s.path.depth - 1; k >= 0; --k) e.add("@").add(static_cast<int>(s.path.mode[k]));
}

LAYOUTREF_HD constexpr void add_value(Error& e, Value const& v) {
  if (v.is_integer()) {
    e.add(v.scalar);
    return;
  }
  bool first = true;
  if (v.scalar != 0) {
    e.add(v.scalar);
    first = false;
  }
  for (int t = 0; t < v.n; ++t) {
    if (!first) e.add("+");
    first = false;
    add_stride(e, Stride{v.terms[t].coeff, false, v.terms[t].path});
  }
}

/// The layout at the basis path p of l (CuTe's basis_get): mode p0, then mode p1 inside it, ...
LAYOUTREF_HD constexpr Result<Layout> basis_get(Layout const& l, BasisPath const& p) {
  Layout cur = l;
  for (int k = 0; k < p.depth; ++k) {
    auto m = cur.mode(p.mode[k]);
    if (!m.ok()) return fail(Errc::bad_argument).add("a basis stride selects mode ").add(static_cast<int>(p.mode[k])).add(" of a layout of rank ").add(cur.rank());
    cur = m.value;
  }
  return cur;
}

/// coalesce_x of the mode at the basis path p of A: what a leaf k@p of B composes with.
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Layout> basis_extension(Layout const& a, BasisPath const& p) {
  LAYOUTREF_TRY(Layout sub, basis_get(a, p));
  return coalesce_x(sub);
}

/// Whether the value x lies in the domain of A: an integer in [0, size(A)), or a sum of basis
/// terms c@p with 0 <= c < size(mode p of A).
LAYOUTREF_HD constexpr Result<bool> in_domain(Layout const& a, Value const& x) {
  if (x.is_integer()) {
    LAYOUTREF_TRY(Int n, size(a));
    return x.scalar >= 0 && x.scalar < n.value;
  }
  if (x.scalar != 0) return false;
  for (int t = 0; t < x.n; ++t) {
    if (x.terms[t].coeff < 0) return false;
    auto sub = basis_get(a, x.terms[t].path);
    if (!sub.ok()) return false;
    LAYOUTREF_TRY(Int n, size(sub.value));
    if (x.terms[t].coeff >= n.value) return false;
  }
  return true;
}

/// A at a value in its domain: A(x) for an integer, the sum of the modes' values for basis terms.
LAYOUTREF_HD constexpr Result<Value> value_at(Layout const& a, Value const& x) {
  if (x.is_integer()) return evaluate(a, x.scalar);
  Value v;
  for (int t = 0; t < x.n; ++t) {
    LAYOUTREF_TRY(Layout sub, basis_get(a, x.terms[t].path));
    LAYOUTREF_TRY(Value w, evaluate(sub, x.terms[t].coeff));
    if (w.scalar != 0) {
      LAYOUTREF_TRY(v, add_scaled(v, w.scalar, Stride::integer(Int::dynamic(1))));
    }
    for (int u = 0; u < w.n; ++u) {
      LAYOUTREF_TRY(v, add_scaled(v, w.terms[u].coeff, Stride{1, false, w.terms[u].path}));
    }
  }
  return v;
}

/// Shah's division (Def. 2.11) of the shape (m0, ..., m(k-1) = ∞) by d > 0.
struct Division {
  bool ok = false;      ///< some prefix product divides d and the quotient fits its mode
  bool strong = false;  ///< and the quotient divides that mode
  int index = 0;        ///< the division index (where it stopped)
  i64 prefix = 1;       ///< m0*...*m(index-1)
  i64 c = 1;            ///< d / prefix
};

LAYOUTREF_HD constexpr Division shah_divide(i64 const* m, int k, i64 d) {
  Division r;
  i64 prefix = 1;
  for (int i = 0; i < k; ++i) {
    bool last = i + 1 == k;
    r.index = i;
    r.prefix = prefix;
    if (d % prefix != 0) return r;
    i64 c = d / prefix;
    if (last || c < m[i]) {
      r.ok = true;
      r.c = c;
      r.strong = last || m[i] % c == 0;
      return r;
    }
    if (mul_overflows(prefix, m[i])) {  // the prefix passes d: nothing further divides it
      r.index = i + 1;
      r.prefix = kI64Max;
      return r;
    }
    prefix *= m[i];
  }
  return r;
}

LAYOUTREF_HD constexpr void add_shape(Error& e, i64 const* m, int k) {
  e.add("(");
  for (int i = 0; i < k; ++i) {
    if (i) e.add(",");
    if (i + 1 == k)
      e.add("inf");
    else
      e.add(m[i]);
  }
  e.add(")");
}

/// Shah's conditions for the leaf N:r (r > 0) of B against A's extension form `flat`.
LAYOUTREF_HD constexpr Error shah_mode(Layout const& flat, i64 n, i64 r) {
  if (n == 1 || r == 0 || flat.nleaves < 2) return Error{};
  i64 m[kMaxLeaves] = {};
  int k = flat.nleaves;
  for (int i = 0; i < k; ++i) m[i] = flat.leaf[i].shape.value;
  Division left = shah_divide(m, k, r);
  if (!left.ok || !left.strong) {
    Error e = fail(Errc::inadmissible, Cond::composition_left_divisibility);
    e.add("A's shape ");
    add_shape(e, m, k);
    e.add(" is not left divisible by the stride ").add(r).add(": ");
    if (!left.ok)
      e.add("M0*...*M").add(left.index - 1).add(" = ").add(left.prefix).add(" does not divide ").add(r);
    else
      e.add(r).add(" = ").add(left.prefix).add("*").add(left.c).add(" but ").add(left.c).add(" does not divide the mode size ").add(m[left.index]);
    return e;
  }
  i64 rest[kMaxLeaves] = {};
  int nr = 0;
  if (left.index + 1 < k) {
    rest[nr++] = m[left.index] / left.c;
    for (int i = left.index + 1; i < k; ++i) rest[nr++] = m[i];
  } else {
    rest[nr++] = 1;  // ∞
  }
  Division weak = shah_divide(rest, nr, n);
  if (!weak.ok) {
    Error e = fail(Errc::inadmissible, Cond::composition_weak_left_divisibility);
    e.add("the quotient shape ");
    add_shape(e, rest, nr);
    e.add(" (A's shape divided by ").add(r).add(") is not weakly left divisible by the size ").add(n).add(": M0*...*M");
    e.add(weak.index - 1).add(" = ").add(weak.prefix).add(" does not divide ").add(n);
    return e;
  }
  return Error{};
}

/// CuTe's composition_impl for one leaf N:r (r > 0) against A's extension form `flat`.
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Layout> compose_leaf(Layout const& flat, Int n, Int r) {
  if (flat.is_leaf()) {
    LAYOUTREF_TRY(Stride d, scale(r, flat.leaf[0].stride));
    return make_leaf(n, d);
  }
  int last = flat.nleaves - 1;
  LayoutLeaf out[kMaxLeaves] = {};
  int k = 0;
  Int rest_shape = n, rest_stride = r;
  for (int i = 0; i < last; ++i) {
    Int curr_shape = flat.leaf[i].shape;
    Int next_shape = ceil_div(curr_shape, rest_stride);   // ceil(prefix product / stride)
    Int next_stride = ceil_div(rest_stride, curr_shape);  // ceil(stride / prefix product)
    if (next_shape.value == 1 || rest_shape.value == 1) {
      rest_stride = next_stride;
      continue;
    }
    Int new_shape = min(next_shape, rest_shape);
    LAYOUTREF_TRY(Stride d, scale(rest_stride, flat.leaf[i].stride));
    out[k++] = LayoutLeaf{new_shape, d};
    rest_shape = div(rest_shape, new_shape);
    rest_stride = next_stride;
  }
  if (k > 0 && rest_shape.value == 1) return flat_layout(out, k);
  LAYOUTREF_TRY(Stride d, scale(rest_stride, flat.leaf[last].stride));
  out[k++] = LayoutLeaf{rest_shape, d};
  return flat_layout(out, k);
}

/// Â(r*i) with Â = `flat` run on past its size.
LAYOUTREF_HD constexpr Result<Value> extended_at(Layout const& flat, i64 r, i64 i) {
  LAYOUTREF_TRY(i64 x, checked_mul(r, i));
  return evaluate(flat, x, true);
}

/// Whether `cand` is the function i ↦ Â(r*i) on [0, n).
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<bool> is_leaf_function(Layout const& cand, Layout const& flat, i64 n, i64 r) {
  LAYOUTREF_TRY(Int sz, size(cand));
  if (sz.value != n) return false;
  for (i64 i = 0; i < n; ++i) {
    LAYOUTREF_TRY(Value want, extended_at(flat, r, i));
    LAYOUTREF_TRY(Value got, evaluate(cand, i));
    if (!(want == got)) return false;
  }
  return true;
}

/// A value of one term (an integer or k@p) as a stride; false when it has several terms.
LAYOUTREF_HD constexpr bool as_stride(Value const& v, bool is_static, Stride& out) {
  if (v.is_integer()) {
    out = Stride{v.scalar, is_static, {}};
    return true;
  }
  if (v.scalar != 0 || v.n != 1) return false;
  out = Stride{v.terms[0].coeff, is_static, v.terms[0].path};
  return true;
}

/// The coalesced layout of i ↦ Â(r*i) on [0, n) (the unique factorization of its table: each
/// mode runs as far as the values stay on a line, and the rest must repeat it), or
/// `is_layout = false`. About 2n evaluations.
struct Factored {
  bool is_layout = false;
  Layout layout{};
};
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Factored> factor_leaf(Layout const& flat, i64 n, i64 r, bool is_static) {
  Factored f;
  LayoutLeaf modes[kMaxLeaves] = {};
  int k = 0;
  i64 step = 1, count = n;  // the function left to factor: j ↦ Â(r*step*j) on [0, count)
  while (count > 1) {
    LAYOUTREF_TRY(i64 rs, checked_mul(r, step));
    LAYOUTREF_TRY(Value d, extended_at(flat, rs, 1));
    Stride ds;
    if (!as_stride(d, is_static, ds)) return fail(Errc::capacity).add("a composed stride with several basis terms");
    i64 len = 2;
    while (len < count) {
      LAYOUTREF_TRY(Value v, extended_at(flat, rs, len));
      LAYOUTREF_TRY(Value line, add_scaled(Value{}, len, ds));
      if (!(v == line)) break;
      ++len;
    }
    if (count % len != 0) return f;
    i64 reps = count / len;
    for (i64 j = 1; j < reps; ++j) {
      LAYOUTREF_TRY(Value h, extended_at(flat, rs, len * j));
      for (i64 i = 1; i < len; ++i) {
        LAYOUTREF_TRY(Value v, extended_at(flat, rs, i + len * j));
        LAYOUTREF_TRY(Value sum, add_scaled(h, i, ds));
        if (!(v == sum)) return f;
      }
    }
    if (k == kMaxLeaves) return fail(Errc::capacity).add("a composed mode with more than ").add(kMaxLeaves).add(" modes");
    modes[k++] = LayoutLeaf{Int{len, is_static}, ds};
    LAYOUTREF_TRY(step, checked_mul(step, len));
    count = reps;
  }
  f.is_layout = true;
  f.layout = k == 0 ? make_leaf(Int{1, is_static}, Stride::integer(Int::fixed(0))) : flat_layout(modes, k);
  return f;
}

LAYOUTREF_HD constexpr bool all_static(Layout const& l) {
  for (int k = 0; k < l.nleaves; ++k)
    if (!l.leaf[k].shape.is_static || !l.leaf[k].stride.is_static) return false;
  return true;
}

/// One leaf N:r of B (r > 0) composed with A's extension form, checked exactly (see the top).
/// `shah_ok` says whether Shah's conditions held (else the result needs the exact by-mode check).
LAYOUTREF_HD constexpr Result<Layout> checked_leaf(Layout const& flat, Int n, Int r, bool& shah_ok) {
  Error shah = shah_mode(flat, n.value, r.value);
  shah_ok = shah.ok();
  auto cute = compose_leaf(flat, n, r);
  if (shah_ok) return cute;
  // The rare path: Shah's condition fails; the leaf's function may still be a layout.
  if (n.value > kMaxExactCheck)
    return fail(Errc::capacity).add("the exact check of a mode of size ").add(n.value).add(" (past ").add(kMaxExactCheck).add(") after: ").add(shah.text.c_str());
  if (cute.ok()) {
    LAYOUTREF_TRY(bool same, is_leaf_function(cute.value, flat, n.value, r.value));
    if (same) return cute;
  }
  LAYOUTREF_TRY(Factored f, factor_leaf(flat, n.value, r.value, n.is_static && r.is_static && all_static(flat)));
  if (f.is_layout) return f.layout;
  shah.add("; A o ").add(n.value).add(":").add(r.value).add(" takes the values ");
  for (i64 i = 0; i < n.value && i < 8; ++i) {
    LAYOUTREF_TRY(Value v, extended_at(flat, r.value, i));
    if (i) shah.add(",");
    add_value(shah, v);
  }
  if (n.value > 8) shah.add(",...");
  shah.add(", which no layout of size ").add(n.value).add(" has");
  return shah;
}

/// What the by-mode check needs to know of a leaf of B.
struct LeafInterval {
  BasisPath path{};  ///< the mode of A it reaches (depth 0: all of A)
  i64 lo = 0, hi = -1;
};

/// Product of A's extension modes but the last (saturating).
LAYOUTREF_HD constexpr i64 finite_part(Layout const& flat) {
  i64 p = 1;
  for (int k = 0; k + 1 < flat.nleaves; ++k) {
    if (mul_overflows(p, flat.leaf[k].shape.value)) return kI64Max;
    p *= flat.leaf[k].shape.value;
  }
  return p;
}

/// The exact by-mode check: R(c) == A(B(c)) wherever B(c) lies in A's domain.
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error check_by_mode(Layout const& a, Layout const& b, Layout const& r) {
  LAYOUTREF_TRY(Int nb, size(b));
  if (nb.value > kMaxExactCheck)
    return fail(Errc::capacity).add("the exact by-mode check of a B of size ").add(nb.value).add(" (past ").add(kMaxExactCheck).add(")");
  for (i64 i = 0; i < nb.value; ++i) {
    LAYOUTREF_TRY(Value x, evaluate(b, i));
    LAYOUTREF_TRY(bool inside, in_domain(a, x));
    if (!inside) continue;
    LAYOUTREF_TRY(Value want, value_at(a, x));
    LAYOUTREF_TRY(Value got, evaluate(r, i));
    if (!(want == got)) {
      Error e = fail(Errc::inadmissible, Cond::composition_disjoint_intervals);
      e.add("at index ").add(i).add(" of B: A(B(i)) = A(");
      add_value(e, x);
      e.add(") = ");
      add_value(e, want);
      e.add(" but composing mode by mode gives ");
      add_value(e, got);
      e.add(" (the modes' intervals of definition overlap)");
      return e;
    }
  }
  return Error{};
}

}  // namespace detail

/// A∘B for layouts: R(c) = A(B(c)), shape(R) refining shape(B) leaf by leaf.
/// Errors: composition.negative_stride, .left_divisibility, .weak_left_divisibility,
/// .disjoint_intervals (inadmissible); capacity past the fixed sizes or the exact-check bound;
/// overflow when the result's values do not fit in int64 (check_representable).
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Layout> composition(Layout const& a, Layout const& b) {
  LAYOUTREF_CHECK(validate(a));
  LAYOUTREF_CHECK(validate(b));
  bool need_flat = false;
  for (int k = 0; k < b.nleaves; ++k) {
    Stride const& d = b.leaf[k].stride;
    if (d.value < 0) {
      Error e = fail(Errc::inadmissible, Cond::composition_negative_stride);
      e.add("B has the negative stride ");
      detail::add_stride(e, d);
      return e.add("; A is not defined below 0");
    }
    need_flat = need_flat || (d.is_integer() && d.value != 0);
  }
  Layout flat_a, flat_sub;
  if (need_flat) {
    LAYOUTREF_TRY(flat_a, coalesce_x(a));
  }
  detail::LeafInterval iv[kMaxLeaves] = {};
  bool exact = true;  // every leaf met Shah's conditions
  Layout out;
  int leaf = 0;
  for (int node = 0; node < b.nnodes; ++node) {
    if (b.node[node] != Layout::kLeaf) {
      if (out.nnodes + 1 > kMaxNodes) return fail(Errc::capacity).add("a composition with more than ").add(kMaxNodes).add(" nodes");
      out.node[out.nnodes++] = b.node[node];
      continue;
    }
    LayoutLeaf const& x = b.leaf[leaf];
    Layout const* flat = &flat_a;
    Int r = x.stride.coefficient();
    if (!x.stride.is_integer() && x.stride.value != 0) {
      LAYOUTREF_TRY(flat_sub, detail::basis_extension(a, x.stride.path));
      flat = &flat_sub;
      iv[leaf].path = x.stride.path;
    }
    Layout m;
    if (x.stride.value == 0) {
      m = make_leaf(x.shape, Stride::integer(r));
    } else {
      bool shah_ok = true;
      LAYOUTREF_TRY(m, detail::checked_leaf(*flat, x.shape, r, shah_ok));
      exact = exact && shah_ok;
      if (x.shape.value > 1 && !flat->is_leaf()) {
        i64 hi = mul_overflows(r.value, x.shape.value - 1) ? kI64Max : r.value * (x.shape.value - 1);
        i64 top = detail::finite_part(*flat) - 1;
        iv[leaf].lo = r.value;
        iv[leaf].hi = hi < top ? hi : top;
      }
    }
    if (out.nnodes + m.nnodes > kMaxNodes || out.nleaves + m.nleaves > kMaxLeaves)
      return fail(Errc::capacity).add("a composition with more than ").add(kMaxLeaves).add(" leaves or ").add(kMaxNodes).add(" nodes");
    for (int k = 0; k < m.nnodes; ++k) out.node[out.nnodes++] = m.node[k];
    for (int k = 0; k < m.nleaves; ++k) out.leaf[out.nleaves++] = m.leaf[k];
    ++leaf;
  }
  // Several leaves: Shah's disjoint intervals, else the exact by-mode check.
  bool disjoint = exact;
  for (int i = 0; i < b.nleaves && disjoint; ++i)
    for (int j = i + 1; j < b.nleaves && disjoint; ++j) {
      if (iv[i].lo > iv[i].hi || iv[j].lo > iv[j].hi || !(iv[i].path == iv[j].path)) continue;
      if (!(iv[i].hi < iv[j].lo || iv[j].hi < iv[i].lo)) disjoint = false;
    }
  if (!disjoint && b.nleaves > 1) LAYOUTREF_CHECK(detail::check_by_mode(a, b, out));
  LAYOUTREF_CHECK(check_representable(out));
  return out;
}

namespace detail {

LAYOUTREF_HD constexpr Result<Layout> compose_tiler(Layout const& a, Tiler const& t, int node) {
  if (t.profile.node[node] == Tree<std::int8_t>::kLeaf) {
    std::int8_t idx = t.profile.leaf[t.profile.leaf_index(node)];
    if (idx == Tiler::kUnderscore) return a;
    return composition(a, t.layouts[idx]);
  }
  int items = t.profile.node[node];
  if (items > a.rank())
    return fail(Errc::inadmissible, Cond::composition_tiler_rank)
        .add("the tiler has ")
        .add(items)
        .add(" modes but A has ")
        .add(a.rank());
  TupleBuilder<LayoutLeaf> b;
  for (int i = 0; i < items; ++i) {
    LAYOUTREF_TRY(Layout m, a.mode(i));
    auto r = compose_tiler(m, t, t.profile.child(node, i));
    if (!r.ok()) {
      if (r.error.code != Errc::inadmissible) return r.error;
      Error e = fail(r.error.code, r.error.condition);
      return e.add("mode ").add(i).add(": ").add(r.error.text.c_str());
    }
    b.push(r.value);
  }
  return b.done();
}

}  // namespace detail

/// A∘T for a tiler: a layout composes with all of A; a tuple composes mode i of A with item i
/// (modes of A past the tuple are dropped, as CuTe does); `_` keeps A.
/// Errors: those of composition, composition.tiler_rank.
LAYOUTREF_HD constexpr Result<Layout> composition(Layout const& a, Tiler const& t) {
  LAYOUTREF_CHECK(validate(a));
  return detail::compose_tiler(a, t, 0);
}

}  // namespace layoutref::impl
