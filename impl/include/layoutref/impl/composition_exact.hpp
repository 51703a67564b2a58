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
//   @pre  R is A∘B composed leaf by leaf, with shape(R) refining shape(B), and each leaf N:r of
//         B (r > 0) composed into the function i ↦ Â_p(r*i) on [0, N) (p its basis path, Â_p the
//         extension of the mode p of A; Shah's fold or exact_leaf).
//   @post Error{} iff R(c) == A(B(c)) for every c < size(B) with B(c) in A's domain; else
//         composition.disjoint_intervals naming the first such c and both values. Decided by
//         digits_carry_free (no evaluation) where it holds, else by enumerate_by_mode: every c
//         (for integer layouts, whole runs of B's first leaf that the Lemma below shows equal
//         are passed over: enumerate_by_mode_int), Errc::capacity when size(B) > kMaxExactCheck
//         (kept for the structural path too, so that no answer depends on which path decided).
//
// digits_carry_free(A, B), the structural test (a refinement of Shah's disjoint intervals, Def.
// 2.16-2.17 and Thm 2.18, from intervals of values to intervals of A's modes):
//   Let F = (M_0,...,M_(m-1)):(D_0,...,D_(m-1)) be the extension form of a mode of A,
//   P_j = M_0*...*M_(j-1), S = P_m its size, t the last j with M_j > 1. For 0 <= x < S,
//   F(x) = Σ_j D_j*digit_j(x), with digit_j(x) = floor(x/P_j) mod M_j < M_j.
//   Lemma. Let y_1..y_q in [0, S) with x = Σ y_k < S, and write d_kj = digit_j(y_k). If
//   s_j = Σ_k d_kj <= M_j - 1 for every j < t ("no carry"), then digit_j(x) = s_j for every j
//   and F(x) = Σ_k F(y_k).
//   Proof. Σ_(j<t) s_j*P_j <= Σ_(j<t) (M_j-1)*P_j = P_t - 1, so x = Σ_(j<t) s_j*P_j + s_t*P_t
//   is x's mixed-radix expansion below t and s_t = floor(x/P_t) = digit_t(x) (x < S = P_t*M_t,
//   the modes past t having size 1). Then F(x) = Σ_j D_j*s_j = Σ_k Σ_j D_j*d_kj = Σ_k F(y_k). ∎
//   A leaf N:r of B reaching F (r > 0) gives y = r*c, 0 <= c < N; inside A's domain y <= x < S,
//   so y <= Y = min(r*(N-1), S-1) (digit_span). Then d_j = 0 for j < lo (lo the last j with
//   P_j | r, P_j dividing every multiple of r) and for j > hi (hi the last j with P_j <= Y),
//   d_hi <= floor(Y/P_hi), and d_j <= M_j - 1 elsewhere. The test accepts when, among the
//   leaves reaching the same mode of A, (a) any two spans [lo, hi] share at most one position j,
//   the hi of both, and (b) at each such shared position j < t the bounds floor(Y/P_j) sum to
//   at most M_j - 1. Then no position below t carries, the Lemma applies to each mode p of A with
//   x_p = Σ_(leaves reaching p) y_k, and R(c) = Σ_k Â_p(y_k) = Σ_p A_p(x_p) = A(B(c)) for every
//   c with B(c) in A's domain (leaves of stride 0 or size 1 add 0 to both sides). It is
//   sufficient, not necessary: it never accepts an R that enumerate_by_mode refuses, and leaves
//   the cases it cannot decide to it. For instance A = (4096,1):(1,0), B = (273,4096):(5,_1): both
//   leaves reach only t = 0, where F is linear; no enumeration of the 1,118,208 indices.
// Errors of evaluation (overflow) are passed on. add_stride, add_value and basis_get are shared
// with composition.hpp.
// Capacity: every function here takes layouts of one capacity, the template parameter N of
// LayoutN<N> deduced from its arguments (in the contracts above N:r is a leaf of B, not the
// capacity), sizes its arrays by it and returns layouts of that capacity; a factored mode of
// more modes than the capacity is Errc::capacity.
#pragma once

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/fast_divide.hpp>

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
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> basis_get(LayoutN<N> const& l, BasisPath const& p) {
  LayoutN<N> cur = l;
  for (int k = 0; k < p.depth; ++k) {
    auto m = cur.mode(p.mode[k]);
    if (!m.ok()) return fail(Errc::bad_argument).add("a basis stride selects mode ").add(static_cast<int>(p.mode[k])).add(" of a layout of rank ").add(cur.rank());
    cur = m.value;
  }
  return cur;
}

/// evaluate(l, i), out of line in device code: the exact checks below call it in their loops.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Value> value_of(LayoutN<N> const& l, i64 i) {
  return evaluate(l, i);
}

/// Whether the value x lies in the domain of A: an integer in [0, size(A)), or a sum of basis
/// terms c@p with 0 <= c < size(mode p of A).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<bool> in_domain(LayoutN<N> const& a, Value const& x) {
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
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Value> value_at(LayoutN<N> const& a, Value const& x) {
  if (x.is_integer()) return value_of(a, x.scalar);
  Value v;
  for (int t = 0; t < x.n; ++t) {
    LAYOUTREF_TRY(LayoutN<N> sub, basis_get(a, x.terms[t].path));
    LAYOUTREF_TRY(Value w, value_of(sub, x.terms[t].coeff));
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
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Value> extended_at(LayoutN<N> const& flat, i64 r, i64 i) {
  LAYOUTREF_TRY(i64 x, checked_mul(r, i));
  return evaluate(flat, x, true);
}

/// An odometer over the leaves of size > 1 of a layout with integer strides (colexicographic,
/// the first leaf fastest): step() goes from index i to i + 1 in amortized O(1), adding to the
/// value the precomputed change of the leaf that steps (its stride, less what the leaves below it
/// give back when they wrap). Values are kept modulo 2^64: for a representable layout every
/// value fits in int64, so the sum is exact once read as an i64 (a step's change need not fit).
/// Only [0, n) of the arrays is written and read.
template <int N>
struct IntOdometer {
  i64 shape[N];
  u64 delta[N];
  i64 c[N];
  int n;
  u64 v;

  LAYOUTREF_HD constexpr void start(LayoutN<N> const& l) {
    n = 0;
    v = 0;
    u64 back = 0;  // Σ (shape_j - 1) * stride_j over the leaves below, modulo 2^64
    for (int k = 0; k < l.nleaves; ++k) {
      LayoutLeaf const& x = l.leaf[k];
      if (x.shape_value() <= 1) continue;
      shape[n] = x.shape_value();
      delta[n] = static_cast<u64>(x.stride_value()) - back;
      c[n] = 0;
      back += static_cast<u64>(x.shape_value() - 1) * static_cast<u64>(x.stride_value());
      ++n;
    }
  }
  /// @pre the index + 1 < the layout's size (the last leaf does not wrap). Returns the leaf that
  /// stepped.
  LAYOUTREF_HD constexpr int step() {
    int k = 0;
    while (k + 1 < n && c[k] + 1 == shape[k]) c[k++] = 0;
    ++c[k];
    v += delta[k];
    return k;
  }
};

/// is_leaf_function's comparison in Values: the definition (ImplComposition.LeafFunctionByIntegers
/// compares the integer walk below with it). @pre size(cand) == n
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<bool> is_leaf_function_values(LayoutN<N> const& cand, LayoutN<N> const& flat,
                                                                                      i64 n, i64 r) {
  for (i64 i = 0; i < n; ++i) {
    LAYOUTREF_TRY(Value want, extended_at(flat, r, i));
    LAYOUTREF_TRY(Value got, value_of(cand, i));
    if (!(want == got)) return false;
  }
  return true;
}

/// is_leaf_function_values where no evaluation can fail, in plain integers: 1 or 0, or -1 when it
/// does not apply. It applies when cand and flat are valid and have integer strides, cand is
/// representable, r >= 0, r*(n-1) fits, and so does the bound Σ_(j<last) (M_j-1)*|D_j| +
/// floor(r*(n-1)/P_last)*|D_last| on every partial sum of flat's extended walk (P_last the
/// product of the sizes before flat's last mode): then each value is exact. cand is stepped by
/// an odometer (IntOdometer), Â(r*i) walked with multiply-high division (FastDivisor).
/// @pre size(cand) == n >= 1
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr int is_leaf_function_int(LayoutN<N> const& cand, LayoutN<N> const& flat, i64 n, i64 r) {
  if (flat.nleaves == 0 || cand.nleaves == 0 || r < 0 || n < 1 || !has_integer_strides(flat) || !has_integer_strides(cand) ||
      !validate(flat).ok() || !validate(cand).ok() || !check_representable(cand).ok() || mul_overflows(r, n - 1))
    return -1;
  i64 const xmax = r * (n - 1);
  int const last = flat.nleaves - 1;
  i64 bound = 0, p = 1;  // p: the product of the sizes before mode j, while it stays <= xmax
  bool p_past = false;   // that product has passed xmax (the last mode's digit is then 0)
  FastDivisor div[N];
  for (int j = 0; j < last; ++j) {
    i64 m = flat.leaf[j].shape_value();
    div[j] = FastDivisor::make(static_cast<u64>(m));
    i64 d = flat.leaf[j].stride_value();
    if (d == kI64Min) return -1;
    i64 ad = d < 0 ? -d : d;
    if (mul_overflows(m - 1, ad) || add_overflows(bound, (m - 1) * ad)) return -1;
    bound += (m - 1) * ad;
    if (!p_past) {
      if (mul_overflows(p, m) || p * m > xmax)
        p_past = true;
      else
        p *= m;
    }
  }
  {
    i64 d = flat.leaf[last].stride_value();
    if (d == kI64Min) return -1;
    i64 ad = d < 0 ? -d : d;
    i64 q = p_past ? 0 : xmax / p;
    if (mul_overflows(q, ad) || add_overflows(bound, q * ad)) return -1;
  }
  IntOdometer<N> co;
  co.start(cand);
  for (i64 i = 0; i < n; ++i) {
    if (i > 0) co.step();
    u64 x = static_cast<u64>(r * i);
    i64 want = 0;
    for (int j = 0; j < last; ++j) {
      u64 q = div[j].divide(x);
      want += static_cast<i64>(x - q * div[j].d) * flat.leaf[j].stride_value();
      x = q;
    }
    want += static_cast<i64>(x) * flat.leaf[last].stride_value();
    if (want != static_cast<i64>(co.v)) return 0;
  }
  return 1;
}

/// Whether `cand` is the function i ↦ Â(r*i) on [0, n): in plain integers where no evaluation
/// can fail (is_leaf_function_int), else in Values; the same answer and errors either way.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<bool> is_leaf_function(LayoutN<N> const& cand, LayoutN<N> const& flat, i64 n,
                                                                               i64 r) {
  LAYOUTREF_TRY(Int sz, size(cand));
  if (sz.value != n) return false;
  int fast = is_leaf_function_int(cand, flat, n, r);
  if (fast >= 0) return fast == 1;
  return is_leaf_function_values(cand, flat, n, r);
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
/// `is_layout = false`. About 2n evaluations; capacity past N modes.
template <int N>
struct Factored {
  bool is_layout = false;
  LayoutN<N> layout{};
};
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Factored<N>> factor_leaf(LayoutN<N> const& flat, i64 n, i64 r,
                                                                                 bool is_static) {
  Factored<N> f;
  LayoutLeaf modes[N] = {};
  int k = 0;
  i64 step = 1, count = n;  // the function left to factor: j ↦ Â(r*step*j) on [0, count)
  while (count > 1) {
    LAYOUTREF_TRY(i64 rs, checked_mul(r, step));
    LAYOUTREF_TRY(Value d, extended_at(flat, rs, 1));
    Stride ds{};
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
    if (k == N) return fail(Errc::capacity).add("a composed mode with more than ").add(N).add(" modes");
    modes[k++] = LayoutLeaf{Int{len, is_static}, ds};
    LAYOUTREF_TRY(step, checked_mul(step, len));
    count = reps;
  }
  f.is_layout = true;
  f.layout = k == 0 ? make_leaf<N>(Int{1, is_static}, Stride::integer(Int::fixed(0))) : flat_layout<N>(modes, k);
  return f;
}

template <int N>
LAYOUTREF_HD constexpr bool all_static(LayoutN<N> const& l) {
  for (int k = 0; k < l.nleaves; ++k)
    if (!l.leaf[k].shape_static() || !l.leaf[k].stride_static()) return false;
  return true;
}

/// The rare path of one leaf N:r of B (r > 0), checked exactly (see the top).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> exact_leaf(LayoutN<N> const& flat, Int n, Int r, Result<LayoutN<N>> const& cute,
                                                    Error& shah) {
  if (n.value > kMaxExactCheck)
    return fail(Errc::capacity).add("the exact check of a mode of size ").add(n.value).add(" (past ").add(kMaxExactCheck).add(") after: ").append(shah);
  if (cute.ok()) {
    LAYOUTREF_TRY(bool same, is_leaf_function(cute.value, flat, n.value, r.value));
    if (same) return cute;
  }
  LAYOUTREF_TRY(Factored<N> f, factor_leaf(flat, n.value, r.value, n.is_static && r.is_static && all_static(flat)));
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

/// The modes of A's extension form `flat` that the values r*c, 0 <= c < n, can occupy inside A's
/// domain (see the top): digits only at [lo, hi], the one at hi at most `top`; `room` is the most
/// the digits at hi may sum to without a carry (M_hi - 1; unbounded at A's last mode of size > 1).
/// Empty (hi < lo) when only the value 0 lies inside the domain; `ok` false when size(flat)
/// passes int64.
struct DigitSpan {
  BasisPath path{};
  int lo = 0, hi = -1;
  i64 top = 0, room = 0;
  bool ok = true;
};
template <int N>
LAYOUTREF_HD constexpr DigitSpan digit_span(LayoutN<N> const& flat, i64 n, i64 r) {
  DigitSpan s;
  i64 size = 1;
  int t = -1;
  for (int j = 0; j < flat.nleaves; ++j) {
    i64 m = flat.leaf[j].shape_value();
    if (m > 1) t = j;
    if (mul_overflows(size, m)) {
      s.ok = false;
      return s;
    }
    size *= m;
  }
  if (n <= 1 || r <= 0 || r >= size) return s;
  i64 y = mul_overflows(r, n - 1) || r * (n - 1) > size - 1 ? size - 1 : r * (n - 1);
  i64 p = 1;  // P_j; below y < size, so no overflow while p <= y
  for (int j = 0; j <= t && p <= y; ++j) {
    if (r % p == 0) s.lo = j;
    s.hi = j;
    s.top = y / p;
    s.room = j == t ? kI64Max : flat.leaf[j].shape_value() - 1;
    p *= flat.leaf[j].shape_value();
  }
  return s;
}

/// The structural test of check_by_mode (see the top): true when no mode of A below its last
/// carries for any c with B(c) in A's domain, so that the by-mode result is A∘B there.
/// @pre as check_by_mode's. False (undecided) when it does not hold or cannot be computed.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr bool digits_carry_free(LayoutN<N> const& a, LayoutN<N> const& b) {
  DigitSpan span[N] = {};
  int k = 0;
  for (int i = 0; i < b.nleaves; ++i) {
    LayoutLeaf const& x = b.leaf[i];
    if (x.stride_value() == 0 || x.shape_value() <= 1) continue;  // adds 0 on both sides
    BasisPath path{};
    if (!x.stride_is_integer()) path = x.path();
    auto sub = basis_get(a, path);
    if (!sub.ok()) return false;
    auto flat = coalesce_x(sub.value);
    if (!flat.ok()) return false;
    DigitSpan s = digit_span(flat.value, x.shape_value(), x.stride_value());
    if (!s.ok) return false;
    if (s.hi < s.lo) continue;
    s.path = path;
    span[k++] = s;
  }
  for (int i = 0; i < k; ++i) {
    i64 sum = span[i].top;
    for (int j = 0; j < k; ++j) {
      if (j == i || !(span[i].path == span[j].path)) continue;
      int lo = span[i].lo > span[j].lo ? span[i].lo : span[j].lo;
      int hi = span[i].hi < span[j].hi ? span[i].hi : span[j].hi;
      if (lo > hi) continue;                                                    // disjoint
      if (lo < hi || span[i].hi != lo || span[j].hi != lo) return false;        // (a)
      sum = add_overflows(sum, span[j].top) ? kI64Max : sum + span[j].top;
    }
    if (sum > span[i].room) return false;  // (b)
  }
  return true;
}

/// The error of the by-mode check at index i of B: A(B(i)) = A(x) = want, R(i) = got.
LAYOUTREF_HD constexpr Error by_mode_differs(i64 i, Value const& x, Value const& want, Value const& got) {
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

/// enumerate_by_mode for representable layouts with integer strides, where no evaluation can
/// fail: the same answer, with B(i) and R(i) stepped by odometers (IntOdometer, no division),
/// A(x) walked with multiply-high division (FastDivisor) over A's modes of size > 1, and whole
/// runs of B's first leaf (of size > 1) s0:t0 passed over where they cannot differ:
///   Let x = y + z with 0 <= x < size(A), y = B(c') for c' = s0*o the start of a run, and
///   z = t0*c0 (0 <= c0 < s0, t0 >= 0). If R(c0) == A(z) for every such z inside the domain (the
///   first run, enumerated: it has y = 0), and the digits of y in A's modes (x = Σ_j x_j P_j,
///   A(x) = Σ_j x_j D_j) plus bounds on the digits of those z (top, from t0, s0 and A's
///   modes) stay below each mode's size but the last, then no mode carries, and by the Lemma above
///   A(x) = A(y) + A(z) = R(c') + R(c0) = R(c' + c0), R's first leaves making up exactly s0
///   (R(c0 + s0*o) = R(c0) + R(s0*o), colexicographic). R(c') == A(y) is checked at the
///   start itself; a run starting past the domain (y >= size(A)) lies past it whole. Every other
///   run is enumerated index by index, so the first index that differs is the one reported.
/// Values are kept modulo 2^64: exact once read as i64, since the layouts are representable.
/// @pre a, b, r have leaves and integer strides and are representable; size(b) == size(r) == nb
/// <= kMaxExactCheck, size(a) == na
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error enumerate_by_mode_int(LayoutN<N> const& a, LayoutN<N> const& b,
                                                                             LayoutN<N> const& r, i64 nb, i64 na) {
  u64 am[N], ad[N];  // A's modes of size > 1: sizes and strides, [0, m)
  FastDivisor div[N];
  int m = 0;
  for (int k = 0; k < a.nleaves; ++k) {
    if (a.leaf[k].shape_value() <= 1) continue;
    am[m] = static_cast<u64>(a.leaf[k].shape_value());
    ad[m] = static_cast<u64>(a.leaf[k].stride_value());
    div[m] = FastDivisor::make(am[m]);
    ++m;
  }
  IntOdometer<N> bo, ro;
  bo.start(b);
  ro.start(r);
  // The runs: B's first leaf s0:t0 with t0 >= 0 and more leaves after it, and R's first g
  // leaves of size s0; run == 0 when there are none. A pass over a run sets B's and R's
  // coordinates to its last index and adds the change from its first (bjump, rjump).
  i64 run = 0;
  int g = 0;
  u64 bjump = 0, rjump = 0;
  if (bo.n >= 2 && static_cast<i64>(bo.delta[0]) >= 0) {
    i64 p = 1;  // <= nb: R's leaves multiply to size(r) == nb
    u64 back = 0;
    while (g < ro.n && p < bo.shape[0]) {
      u64 stride = ro.delta[g] + back;
      back += static_cast<u64>(ro.shape[g] - 1) * stride;
      p *= ro.shape[g++];
    }
    if (p == bo.shape[0]) {
      run = p;
      bjump = static_cast<u64>(run - 1) * bo.delta[0];
      rjump = back;
    }
  }
  // top[j] >= the digit at A's mode j of every z = t0*c0 (c0 < s0) inside the domain, z <= Y:
  // 0 below lo (the last mode whose place P_lo divides t0) and past hi (the last with P_hi <= Y);
  // at lo, (t0/P_lo)*c0 mod M_lo, a multiple of g = gcd(t0/P_lo, M_lo), so at most M_lo - g;
  // at hi, at most floor(Y/P_hi); M_j - 1 between.
  u64 top[N];    // [0, m)
  u64 digit[N];  // [0, m): the digits of B(i)
  for (int j = 0; j < m; ++j) top[j] = 0;
  if (run > 0 && bo.delta[0] != 0) {
    u64 t0 = bo.delta[0];
    u64 y = mul_overflows(static_cast<i64>(t0), run - 1) ? static_cast<u64>(na - 1) : t0 * static_cast<u64>(run - 1);
    if (y > static_cast<u64>(na - 1)) y = static_cast<u64>(na - 1);
    int lo = 0, hi = -1;
    u64 p = 1, plo = 1, phi = 1;  // P_j (<= y while j <= hi: no overflow)
    for (int j = 0; j < m && p <= y; ++j) {
      if (t0 % p == 0) {
        lo = j;
        plo = p;
      }
      hi = j;
      phi = p;
      top[j] = am[j] - 1;
      p *= am[j];
    }
    if (hi >= 0) {
      u64 k = (t0 / plo) % am[lo];
      u64 at_lo = k == 0 ? 0 : am[lo] - static_cast<u64>(gcd_positive(static_cast<i64>(k), static_cast<i64>(am[lo])));
      for (int j = 0; j < lo; ++j) top[j] = 0;
      if (at_lo < top[lo]) top[lo] = at_lo;
      if (y / phi < top[hi]) top[hi] = y / phi;
    }
  }
  // A(x) for x in [0, na), its digits left in digit[].
  auto a_at = [&](u64 x) {
    u64 want = 0;
    for (int j = 0; j + 1 < m; ++j) {
      u64 q = div[j].divide(x);
      digit[j] = x - q * am[j];
      want += digit[j] * ad[j];
      x = q;
    }
    if (m > 0) {
      digit[m - 1] = x;
      want += x * ad[m - 1];
    }
    return want;
  };
  auto differs = [&](i64 i, i64 bv, u64 want) {
    Value vx, vw, vg;
    vx.scalar = bv;
    vw.scalar = static_cast<i64>(want);
    vg.scalar = static_cast<i64>(ro.v);
    return by_mode_differs(i, vx, vw, vg);
  };
  // The first run (all of B when there are none), index by index.
  i64 const first = run > 0 ? run : nb;
  for (i64 i = 0; i < first; ++i) {
    if (i > 0) {
      bo.step();
      ro.step();
    }
    i64 bv = static_cast<i64>(bo.v);
    if (bv < 0 || bv >= na) continue;
    u64 want = a_at(static_cast<u64>(bv));
    if (static_cast<i64>(want) != static_cast<i64>(ro.v)) return differs(i, bv, want);
  }
  // The other runs: the start checked, then the run passed over or walked index by index.
  for (i64 i = first; i < nb; i += run) {
    bo.step();
    ro.step();
    i64 bv = static_cast<i64>(bo.v);
    bool pass = bv >= na;  // the whole run lies past the domain
    if (!pass && bv >= 0) {
      u64 want = a_at(static_cast<u64>(bv));
      if (static_cast<i64>(want) != static_cast<i64>(ro.v)) return differs(i, bv, want);
      pass = true;
      for (int j = 0; j + 1 < m && pass; ++j) pass = digit[j] + top[j] < am[j];
    }
    if (pass) {
      bo.c[0] = run - 1;
      bo.v += bjump;
      for (int k = 0; k < g; ++k) ro.c[k] = ro.shape[k] - 1;
      ro.v += rjump;
      continue;
    }
    for (i64 k = 1; k < run; ++k) {
      bo.step();
      ro.step();
      bv = static_cast<i64>(bo.v);
      if (bv < 0 || bv >= na) continue;
      u64 want = a_at(static_cast<u64>(bv));
      if (static_cast<i64>(want) != static_cast<i64>(ro.v)) return differs(i + k, bv, want);
    }
  }
  return Error{};
}

/// The pointwise by-mode check in Values (every stride kind): the definition enumerate_by_mode
/// follows (ImplComposition.ByModeStructuralAgreesWithEnumeration compares the two).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error enumerate_by_mode_values(LayoutN<N> const& a, LayoutN<N> const& b,
                                                                                LayoutN<N> const& r, i64 nb) {
  for (i64 i = 0; i < nb; ++i) {
    LAYOUTREF_TRY(Value x, value_of(b, i));
    LAYOUTREF_TRY(bool inside, in_domain(a, x));
    if (!inside) continue;
    LAYOUTREF_TRY(Value want, value_at(a, x));
    LAYOUTREF_TRY(Value got, value_of(r, i));
    if (!(want == got)) return by_mode_differs(i, x, want, got);
  }
  return Error{};
}

/// The pointwise by-mode check: R(c) == A(B(c)) at every c < size(B) with B(c) in A's domain.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error enumerate_by_mode(LayoutN<N> const& a, LayoutN<N> const& b,
                                                                         LayoutN<N> const& r) {
  LAYOUTREF_TRY(Int nb, size(b));
  if (nb.value > kMaxExactCheck)
    return fail(Errc::capacity).add("the exact by-mode check of a B of size ").add(nb.value).add(" (past ").add(kMaxExactCheck).add(")");
  if (a.nleaves > 0 && b.nleaves > 0 && r.nleaves > 0 && has_integer_strides(a) && has_integer_strides(b) &&
      has_integer_strides(r) && check_representable(a).ok() &&
      check_representable(b).ok() && check_representable(r).ok()) {
    auto nr = size(r);
    auto na = size(a);
    if (nr.ok() && nr.value.value == nb.value && na.ok()) return enumerate_by_mode_int(a, b, r, nb.value, na.value.value);
  }
  return enumerate_by_mode_values(a, b, r, nb.value);
}

/// The by-mode check (see the top): structural where digits_carry_free decides, else pointwise.
/// Structural only where A, B and R are representable and size(B) <= kMaxExactCheck, so that
/// the enumeration it replaces could have met neither an overflow nor its bound: the answer is
/// always enumerate_by_mode's.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error check_by_mode(LayoutN<N> const& a, LayoutN<N> const& b, LayoutN<N> const& r) {
  auto nb = size(b);
  if (nb.ok() && nb.value.value <= kMaxExactCheck && check_representable(a).ok() && check_representable(b).ok() &&
      check_representable(r).ok() && digits_carry_free(a, b))
    return Error{};
  return enumerate_by_mode(a, b, r);
}

}  // namespace detail

}  // namespace layoutref::impl
