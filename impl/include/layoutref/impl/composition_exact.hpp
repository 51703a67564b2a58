// layoutref::impl — the exact (pointwise) checks of composition's rare paths, where Shah's
// conditions do not decide A∘B (composition.hpp; docs/semantics.md "Composition"; Shah, "A Note
// on the Algebra of CuTe Layouts", Def. 2.11-2.12, 2.16-2.17). Included by composition.hpp.
//
// exact_leaf(flat, N, r, cute, shah): one leaf N:r of B (r > 0) whose Shah condition failed.
//   @pre  flat is A's extension form coalesce_x(A) (or of the mode of A a basis stride selects);
//         shah is the failed condition (Errc::inadmissible with its Cond); cute is CuTe's
//         composition_impl of N:r against flat (compose_leaf).
//   @post cute, when it is the function i ↦ Â(r*i) on [0, N); else the coalesced layout of that
//         function, when it is a layout (factor_leaf, about 2N evaluations); else shah, its text
//         extended with the function's first values. Errc::capacity when N > kMaxExactCheck or
//         the factored layout passes the fixed sizes.
// check_by_mode(A, B, R): B of several leaves whose intervals of definition overlap, or one of
//   whose leaves took the rare path (cutlass #2955).
//   @pre  R is A∘B composed leaf by leaf, with shape(R) refining shape(B).
//   @post Error{} iff R(c) == A(B(c)) for every c < size(B) with B(c) in A's domain; else
//         composition.disjoint_intervals naming the first such c and both values. Errc::capacity
//         when size(B) > kMaxExactCheck.
// Errors of evaluation (overflow) are passed on. add_stride, add_value and basis_get are shared
// with composition.hpp.
#pragma once

#include <layoutref/impl/coalesce.hpp>

/// The largest table the exact (pointwise) checks of the rare paths may look at.
#ifndef LAYOUTREF_MAX_EXACT_CHECK
#define LAYOUTREF_MAX_EXACT_CHECK (1LL << 22)
#endif

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

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

/// The rare path of one leaf N:r of B (r > 0), checked exactly (see the top).
LAYOUTREF_HD constexpr Result<Layout> exact_leaf(Layout const& flat, Int n, Int r, Result<Layout> const& cute, Error& shah) {
  if (n.value > kMaxExactCheck)
    return fail(Errc::capacity).add("the exact check of a mode of size ").add(n.value).add(" (past ").add(kMaxExactCheck).add(") after: ").append(shah);
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

}  // namespace layoutref::impl
