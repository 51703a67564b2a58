// layoutref::impl — right_inverse and left_inverse (CuTe layout.hpp; docs/semantics.md
// "Inverses"; spec/inverse.hpp).
//
// right_inverse(L), CuTe's construction: coalesce L; take its modes in increasing order of
// stride (CuTe's exchange sort, ties included); the running product starts at 1 and every mode
// whose stride equals it joins the result with the index stride of that mode (the product of the
// coalesced sizes before it), the running product becoming size*stride; the result is coalesced.
// @post L(R(i)) == i for every i < size(R). When L is injective R is the largest right inverse.
// CuTe skips run-time strides; impl does not (its meaning never depends on the static flag), so
// right_inverse(_10:1) is `_10:_1` where CuTe gives `_1:_0` (docs/divergences.md).
// Example: right_inverse(_10:1) = _10:_1
// Example: right_inverse((_4,_2):(_2,_1)) = (_2,_4):(_4,_1)
// Condition: right_inverse.integer_strides.
//
// left_inverse(L), CuTe's mixed-radix construction: coalesce L; take its modes in increasing
// order of stride, skip those of stride 0; with d_k the strides and p_k the index strides,
//   R = coalesce((d_0, d_1/d_0, ..., d_a/d_(a-1), s_a) : (_0, p_0, ..., p_a)).
// @post L(R(L(i))) == L(i) for every i < size(L) (R(L(i)) == i when L is injective).
// Conditions, on the leaf modes of size > 1 and non-zero stride sorted by stride (the spec's):
//   left_inverse.integer_strides, left_inverse.negative_stride,
//   left_inverse.stride_divisibility (each stride divides the next),
//   left_inverse.injective (given divisibility: s_k*d_k <= d_(k+1) for every k — if
//     s_k*d_k > d_(k+1), the coordinate d_(k+1)/d_k < s_k of mode k and the coordinate 1 of mode
//     k+1 give the same value; otherwise the modes nest and all sums are distinct).
// Divisibility is checked before injectivity (as the spec does): without divisibility,
// injectivity is not decided by the modes alone; with it, it is the inequality above.
//
// Every function here takes a LayoutN<N> of any capacity N and returns a layout of the same N
// (the detail helpers' types too: FlatModesN<N>, ChainN<N>, StreamFactorN<N>; FlatModes, Chain
// and StreamFactor name them at the default capacity); capacity when a result has more than N
// modes.
#pragma once

#include <layoutref/impl/coalesce.hpp>

/// The largest number of evaluations the exact (pointwise) fallbacks of the rare paths may make
/// (max_common_*, nullspace with strides of both signs, max_alignment of overlapping layouts).
#ifndef LAYOUTREF_MAX_EXACT_CHECK
#define LAYOUTREF_MAX_EXACT_CHECK (1LL << 22)
#endif

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_inverse {

inline constexpr i64 kPointwiseBudget = LAYOUTREF_MAX_EXACT_CHECK;

/// The modes of a flat (coalesced) layout of capacity N; a leaf layout is one mode.
template <int N>
struct FlatModesN {
  LayoutLeaf mode[N];  ///< [0, n) are set; the rest is cleared only in constant evaluation (as a Tree's leaves)
  int n = 0;
  LAYOUTREF_HD constexpr FlatModesN() {  // NOLINT(cppcoreguidelines-pro-type-member-init): see mode
    if (__builtin_is_constant_evaluated())
      for (auto& m : mode) m = LayoutLeaf{};
  }
};
using FlatModes = FlatModesN<kMaxLeaves>;
template <int N>
LAYOUTREF_HD constexpr FlatModesN<N> flat_modes(LayoutN<N> const& l) {
  FlatModesN<N> f;
  for (int k = 0; k < l.nleaves; ++k) f.mode[f.n++] = l.leaf[k];
  return f;
}
/// The modes of coalesce(l) (a leaf `_1:_0` when nothing is left, as coalesce gives it), folded
/// straight into f. Errors: coalesce's. @pre l is valid (shapes >= 1)
template <int N>
LAYOUTREF_HD constexpr Error coalesced_modes(LayoutN<N> const& l, FlatModesN<N>& f) {
  LAYOUTREF_CHECK(detail::bw_coalesce_modes(l.leaf, l.nleaves, false, f.mode, N, f.n));
  if (f.n == 0) {
    f.mode[0] = LayoutLeaf{Int::fixed(1), Stride::integer(Int::fixed(0))};
    f.n = 1;
  }
  return Error{};
}

/// The layout of flat modes: a leaf for one mode, a flat tuple otherwise (none: `_1:_0`), of
/// capacity N; capacity when n > N.
template <int N = kMaxLeaves>
LAYOUTREF_HD constexpr Result<LayoutN<N>> layout_of(LayoutLeaf const* modes, int n) {
  if (n == 0) return make_leaf<N>(Int::fixed(1), Stride::integer(Int::fixed(0)));
  if (n == 1) return LayoutN<N>::of(modes[0]);
  TupleBuilder<LayoutLeaf, N> b;
  for (int k = 0; k < n; ++k) b.push_leaf(modes[k]);
  return b.done();
}

/// CuTe's detail_inverse::exchange_sort of (key, value) pairs by key (not stable: CuTe's order of ties).
LAYOUTREF_HD constexpr void exchange_sort(i64* key, int* val, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (key[j] < key[i]) {
        i64 tk = key[j];
        key[j] = key[i];
        key[i] = tk;
        int tv = val[j];
        val[j] = val[i];
        val[i] = tv;
      }
}

/// The order in which CuTe visits the modes of f: increasing stride by exchange sort.
template <int N>
LAYOUTREF_HD constexpr void stride_order(FlatModesN<N> const& f, int* order) {
  i64 key[N];  // [0, f.n) set
  for (int k = 0; k < f.n; ++k) {
    key[k] = f.mode[k].stride_value();
    order[k] = k;
  }
  exchange_sort(key, order, f.n);
}

/// The index strides of the modes of f: _1, s0, s0*s1, ... (CuTe's prefix product), into
/// p[0..f.n]. @pre p holds N + 1 entries (f.n <= N; the loop says so to the compiler too)
/// Each entry is written field by field (mul's value and flag): an Int copied out of mul's
/// Result right after it was written stalls on x86-64 (docs/performance.md, "Cost rules").
template <int N>
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Error prefix_products_inline(FlatModesN<N> const& f, Int* p) {
  p[0] = Int::fixed(1);
  for (int k = 0; k < f.n && k < N; ++k) {
    i64 a = p[k].value, b = f.mode[k].shape_value();
    if (mul_overflows(a, b)) return overflow_error("*", a, b);
    p[k + 1].value = a * b;
    p[k + 1].is_static = p[k].is_static && f.mode[k].shape_static();
  }
  return Error{};
}

/// prefix_products, inlined or not as the compiler sees fit (right_inverse; left_inverse's
/// construction takes prefix_products_inline: out of line there, it cost 12% of left_inverse at
/// N = 32 with 24-byte leaves, and always inlined into right_inverse, 15% of it; docs/performance.md,
/// "Tried and not kept").
template <int N>
LAYOUTREF_HD constexpr Error prefix_products(FlatModesN<N> const& f, Int* p) {
  return prefix_products_inline(f, p);
}

LAYOUTREF_HD constexpr void add_stride_text(Error& e, Stride const& s) {
  e.add(s.value);
  for (int k = s.path.depth - 1; k >= 0; --k) e.add("@").add(static_cast<int>(s.path.mode[k]));
}

/// The first basis stride of l as an error (Errc::inadmissible with `cond`, or bad_argument when
/// cond is Cond::none), or no error.
template <int N>
LAYOUTREF_HD constexpr Error integer_strides(LayoutN<N> const& l, Cond cond, char const* what) {
  for (int k = 0; k < l.nleaves; ++k) {
    LayoutLeaf const& x = l.leaf[k];
    if (!x.stride_is_integer() && x.stride_value() != 0) {
      Error e = fail(cond == Cond::none ? Errc::bad_argument : Errc::inadmissible, cond).add(what).add(" has the basis stride ");
      add_stride_text(e, x.stride());
      return e;
    }
  }
  return Error{};
}

/// CuTe's right-inverse chain of the coalesced modes f: the modes (by index into f) whose stride
/// equals the running product, in the order they join; `size` is the product of their sizes.
template <int N>
struct ChainN {
  int mode[N] = {};
  int n = 0;
  Int size = Int::fixed(1);
};
using Chain = ChainN<kMaxLeaves>;
/// The chain written into c (a fresh ChainN). Errors: overflow.
template <int N>
LAYOUTREF_HD constexpr Error right_inverse_chain_into(FlatModesN<N> const& f, ChainN<N>& c) {
  int order[N];  // [0, f.n) set by stride_order
  stride_order(f, order);
  for (int k = 0; k < f.n; ++k) {
    LayoutLeaf const& m = f.mode[order[k]];
    if (m.stride_value() != c.size.value) continue;
    c.mode[c.n++] = order[k];
    LAYOUTREF_TRY(c.size, mul(m.shape(), m.stride_coefficient()));
  }
  return Error{};
}
template <int N>
LAYOUTREF_HD constexpr Result<ChainN<N>> right_inverse_chain(FlatModesN<N> const& f) {
  return Result<ChainN<N>>::built([&](ChainN<N>& c) { return right_inverse_chain_into(f, c); });
}

/// The value at index j < size of the flat modes f (no extension). Checked.
template <int N>
LAYOUTREF_HD constexpr Result<i64> flat_at(FlatModesN<N> const& f, i64 j) {
  i64 v = 0;
  for (int k = 0; k < f.n && j > 0; ++k) {
    i64 s = f.mode[k].shape_value();
    i64 c = k + 1 == f.n ? j : j % s;
    j = k + 1 == f.n ? 0 : j / s;
    if (c != 0) {
      LAYOUTREF_TRY(i64 t, checked_mul(c, f.mode[k].stride_value()));
      LAYOUTREF_TRY(v, checked_add(v, t));
    }
  }
  return v;
}

/// Factors a table z_0, z_1, ... given one entry at a time into its coalesced flat layout, the
/// way a coalesced layout reads: at k == P (the product of the sizes of the closed modes) a new
/// mode opens with stride z_P; at each later multiple q*P it goes on while z == q*stride and is
/// closed with size q otherwise; every other entry must be q*stride + (closed modes at k % P).
/// The layout exists iff no entry breaks this and the count is a multiple of P at the end.
/// Allocation-free: it keeps only the modes (at most N; `full` past them).
template <int N>
struct StreamFactorN {
  LayoutLeaf mode[N] = {};
  int n = 0;
  i64 product = 1;  // of the closed sizes
  i64 open = 0;     // the stride of the open mode
  bool opened = false;
  i64 k = 0;  // entries seen
  bool ok = true;
  bool full = false;  // more modes than the capacity

  LAYOUTREF_HD constexpr Result<i64> closed_at(i64 i) const {
    i64 v = 0;
    for (int m = 0; m < n && i > 0; ++m) {
      i64 c = i % mode[m].shape_value();
      i /= mode[m].shape_value();
      LAYOUTREF_TRY(i64 t, checked_mul(c, mode[m].stride_value()));
      LAYOUTREF_TRY(v, checked_add(v, t));
    }
    return v;
  }
  LAYOUTREF_HD constexpr void push(i64 z) {
    if (!ok) return;
    if (k == 0) {
      ok = z == 0;
      k = 1;
      return;
    }
    if (!opened) {  // k == product
      open = z;
      opened = true;
      ++k;
      return;
    }
    i64 q = k / product, rem = k % product;
    if (rem == 0) {
      if (!mul_overflows(q, open) && z == q * open) {
        ++k;
        return;
      }
      if (n == N) {
        ok = false;
        full = true;
        return;
      }
      mode[n++] = LayoutLeaf{Int::dynamic(q), Stride::integer(Int::dynamic(open))};
      product = k;
      open = z;
      ++k;
      return;
    }
    auto low = closed_at(rem);
    ok = low.ok() && !mul_overflows(q, open) && !add_overflows(q * open, low.value) && z == q * open + low.value;
    ++k;
  }
  /// The layout, its leaves static or not; an Error with `cond` when the table is no layout.
  LAYOUTREF_HD constexpr Result<LayoutN<N>> done(bool is_static, Cond cond) const {
    if (full) return fail(Errc::capacity).add("a layout with more than ").add(N).add(" modes");
    if (!ok || (opened && k % product != 0))
      return fail(Errc::inadmissible, cond)
          .add("the table is the function of no layout (it breaks at entry ")
          .add(k - 1)
          .add(")");
    LayoutLeaf m[N] = {};
    int count = n;
    for (int i = 0; i < n; ++i) m[i] = mode[i];
    if (opened) {
      if (count == N) return fail(Errc::capacity).add("a layout with more than ").add(N).add(" modes");
      m[count++] = LayoutLeaf{Int::dynamic(k / product), Stride::integer(Int::dynamic(open))};
    }
    for (int i = 0; i < count; ++i) {
      m[i].set_flags(is_static, is_static);
    }
    return layout_of<N>(m, count);
  }
};
using StreamFactor = StreamFactorN<kMaxLeaves>;

/// Whether every shape and stride leaf is static.
template <int N>
LAYOUTREF_HD constexpr bool every_leaf_static(LayoutN<N> const& l) {
  for (int k = 0; k < l.nleaves; ++k)
    if (!l.leaf[k].shape_static() || !l.leaf[k].stride_static()) return false;
  return true;
}

}  // namespace detail_inverse

/// right_inverse(L): CuTe's right inverse (see above), run-time strides included.
/// Errors: right_inverse.integer_strides; bad_argument (a size < 1); overflow (L's size or a
/// value of L passes int64, or the result's).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> right_inverse(LayoutN<N> const& l) {
  // Every return returns `r`, the one named result (built in place; see left_inverse).
  Result<LayoutN<N>> r;
  detail_inverse::FlatModesN<N> f;
  Int p[N + 1];  // [0, f.n] set
  detail_inverse::ChainN<N> chain;
  assign_if_error(r.error, [&]() -> Error {
    LAYOUTREF_CHECK(validate(l));
    LAYOUTREF_CHECK(detail_inverse::integer_strides(l, Cond::right_inverse_integer_strides, "the layout"));
    LAYOUTREF_CHECK(detail_inverse::coalesced_modes(l, f));
    LAYOUTREF_CHECK(detail_inverse::prefix_products(f, p));  // L's size fits in int64 past here
    LAYOUTREF_CHECK(check_representable_inline(l, "the layout's"));  // and so must L's values
    return detail_inverse::right_inverse_chain_into(f, chain);
  }());
  if (!r.ok()) return r;
  // CuTe: coalesce((_1, shapes...) : (_0, index strides...)); coalesce skips the leading `_1`,
  // which only shows when the chain is empty (`_1:_0`).
  LayoutLeaf modes[N];  // [0, chain.n) set
  for (int k = 0; k < chain.n; ++k) modes[k] = LayoutLeaf{f.mode[chain.mode[k]].shape(), Stride::integer(p[chain.mode[k]])};
  assign_if_error(r.error, detail::bw_coalesce_into(modes, chain.n, false, r.value));
  keep_representable(r);
  return r;
}

namespace detail_inverse {

/// The leaf modes of size > 1 and non-zero stride, stably sorted by stride (the spec's order).
template <int N>
LAYOUTREF_HD constexpr FlatModesN<N> active_sorted(LayoutN<N> const& l) {
  FlatModesN<N> a;
  for (int k = 0; k < l.nleaves; ++k) {
    LayoutLeaf const& x = l.leaf[k];
    if (x.shape_value() <= 1 || x.stride_value() == 0) continue;
    int at = a.n;
    while (at > 0 && a.mode[at - 1].stride_value() > x.stride_value()) {
      a.mode[at] = a.mode[at - 1];
      --at;
    }
    a.mode[at] = x;
    ++a.n;
  }
  return a;
}

}  // namespace detail_inverse

/// The spec's conditions for left_inverse(L) (see above): no error, or the first violated
/// condition with a witness.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error left_inverse_admissible(LayoutN<N> const& l) {
  LAYOUTREF_CHECK(validate(l));
  LAYOUTREF_CHECK(detail_inverse::integer_strides(l, Cond::left_inverse_integer_strides, "the layout"));
  // active_sorted(l)'s shapes and strides (the values alone: no flags or paths to move).
  i64 as[N], ad[N];  // [0, an) set
  int an = 0;
  for (int k = 0; k < l.nleaves; ++k) {
    i64 s = l.leaf[k].shape_value(), d = l.leaf[k].stride_value();
    if (s <= 1 || d == 0) continue;
    int at = an;
    while (at > 0 && ad[at - 1] > d) {
      as[at] = as[at - 1];
      ad[at] = ad[at - 1];
      --at;
    }
    as[at] = s;
    ad[at] = d;
    ++an;
  }
  for (int k = 0; k < an; ++k)
    if (ad[k] < 0)
      return fail(Errc::inadmissible, Cond::left_inverse_negative_stride)
          .add("the layout has the mode ")
          .add(as[k])
          .add(":")
          .add(ad[k]);
  for (int k = 1; k < an; ++k)
    if (ad[k] % ad[k - 1] != 0)
      return fail(Errc::inadmissible, Cond::left_inverse_stride_divisibility)
          .add("the stride ")
          .add(ad[k - 1])
          .add(" does not divide the next larger stride ")
          .add(ad[k])
          .add(" (CuTe's left inverse divisibility condition)");
  for (int k = 1; k < an; ++k) {
    i64 next = ad[k];
    if (mul_overflows(as[k - 1], ad[k - 1]) || as[k - 1] * ad[k - 1] > next)
      return fail(Errc::inadmissible, Cond::left_inverse_injective)
          .add("the modes ")
          .add(as[k - 1])
          .add(":")
          .add(ad[k - 1])
          .add(" and ")
          .add(as[k])
          .add(":")
          .add(next)
          .add(" overlap: the coordinate ")
          .add(next / ad[k - 1])
          .add(" of the first and 1 of the second both give ")
          .add(next);
  }
  return Error{};
}

namespace detail_inverse {

/// CuTe's construction on the coalesced layout, into out; an error when a stride is not a
/// multiple of the product so far (CuTe's static_assert "Left inverse divisibility condition").
/// @pre validate(l) is ok (left_inverse_admissible checks it first)
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error left_inverse_construction_into(LayoutN<N> const& l, LayoutN<N>& out) {
  FlatModesN<N> f;
  LAYOUTREF_CHECK(coalesced_modes(l, f));
  Int p[N + 1];  // [0, f.n] set
  LAYOUTREF_CHECK(prefix_products_inline(f, p));
  int order[N];  // [0, f.n) set
  order[0] = 0;  // f.n >= 1 (coalesced_modes), stated for GCC's -Wmaybe-uninitialized
  stride_order(f, order);
  // shapes (d_0, d_1/d_0, ..., s_last), strides (_0, p_0, ...): mode n gets its shape and the
  // stride pending from the mode before it, whole (set_leaf).
  LayoutLeaf modes[N + 1];  // [0, n) set
  int n = 0;
  Int pending = Int::fixed(0);  // the stride of mode n
  Int covered = Int::fixed(1);  // size(result_shape)
  for (int k = 0; k < f.n; ++k) {
    LayoutLeaf const& m = f.mode[order[k]];
    if (m.stride_value() == 0) continue;
    Int d = m.stride_coefficient();
    if (d.value % covered.value != 0)
      return fail(Errc::inadmissible, Cond::left_inverse_stride_divisibility)
          .add("the stride ")
          .add(d.value)
          .add(" is not a multiple of ")
          .add(covered.value);
    Int q = div(d, covered);
    set_leaf(modes[n++], q, pending);
    pending = p[order[k]];
    LAYOUTREF_TRY(covered, mul(covered, q));
  }
  set_leaf(modes[n++], f.mode[order[f.n - 1]].shape(), pending);
  // The n <= N + 1 modes coalesced as the flat layout they form (a leading _1:_0 is dropped):
  // capacity only when the coalesced result has more than N modes. (bw_coalesce_into's Error
  // is not returned through a local: copying an Error just written stalls on x86-64.)
  int nc = 0;
  Error e = detail::bw_coalesce_modes(modes, n, false, out.leaf, N, nc);
  if (!e.ok()) {
    if (e.code == Errc::capacity) return fail(Errc::capacity).add("a left inverse with more than ").add(N).add(" modes");
    return e;
  }
  detail::set_flat_nodes(out, nc);
  return Error{};
}
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> left_inverse_construction(LayoutN<N> const& l) {
  return Result<LayoutN<N>>::built([&](LayoutN<N>& out) {
    LAYOUTREF_CHECK(validate(l));
    return left_inverse_construction_into(l, out);
  });
}

/// Whether L(R(L(i))) == L(i) for every i < size(L), both extended along their last mode (the
/// contract of a left inverse); false past kPointwiseBudget evaluations.
template <int N, int M>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr bool is_quasi_inverse(LayoutN<N> const& l, LayoutN<M> const& r) {
  auto n = size(l);
  if (!n.ok() || n.value.value > kPointwiseBudget) return false;
  for (i64 i = 0; i < n.value.value; ++i) {
    auto y = evaluate_int(l, i);
    if (!y.ok() || y.value < 0) return false;
    auto x = evaluate_int(r, y.value, true);
    if (!x.ok() || x.value < 0) return false;
    auto back = evaluate_int(l, x.value, true);
    if (!back.ok() || back.value != y.value) return false;
  }
  return true;
}

/// Whether CuTe's construction R on coalesce(L) is a quasi-inverse of L (L(R(L(i))) == L(i) for
/// every i < size(L)), decided from the modes where it can be; false: undecided (is_quasi_inverse
/// decides). @pre left_inverse_construction(L) succeeded: on coalesce(L) = C, the modes of
/// non-zero stride in CuTe's order, s_k:d_k (k = 0..a), satisfy d_(k-1) | d_k.
/// Lemma. R(y) = Σ_(k<a) e_k(y)*p_k + e_a(y)*p_a, with p_k the index stride of mode k in C,
/// e_k(y) = floor(y/d_k) mod (d_(k+1)/d_k) and e_a(y) = floor(y/d_a) (R's last mode runs on;
/// coalescing R keeps its extension). For y = L(i) = Σ_k c_k*d_k (c_k < s_k): if e_k(y) < s_k for
/// every k < a, and e_a(y) < s_a or mode a is C's last mode and L's last leaf has size > 1 (so
/// L and C run on alike), then C's coordinates of R(y) are the e_k (0 on modes of stride 0) and
/// L(R(y)) = Σ_k e_k(y)*d_k = y, the mixed-radix expansion of y (a multiple of d_0).
/// Sufficient, from the modes: e_k < s_k holds for every y when d_(k+1)/d_k <= s_k (e_k is a
/// digit of that radix), or when Σ_(j<k) (s_j-1)*d_j < d_k (then y mod d_(k+1) = c_k*d_k + lower
/// terms below d_k, taken mod d_(k+1), so e_k = c_k mod (d_(k+1)/d_k) <= c_k); e_a < s_a holds
/// when floor(Y/d_a) < s_a, Y = Σ_k (s_k-1)*d_k the largest value of L. (CuTe's order: Knuth's
/// mixed-radix argument, as for right_inverse; Shah, "A Note on the Algebra of CuTe Layouts",
/// Sec. 2, for the coalesced form.) Only when size(L) <= kPointwiseBudget and no value of the
/// pointwise check passes int64, so that the answer is always is_quasi_inverse's.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr bool quasi_inverse_by_structure(LayoutN<N> const& l) {
  auto n = size(l);
  if (!n.ok() || n.value.value > kPointwiseBudget || l.nleaves == 0) return false;
  auto c = coalesce(l);
  if (!c.ok()) return false;
  FlatModesN<N> f = flat_modes(c.value);
  Int p[N + 1] = {};
  if (!prefix_products(f, p).ok()) return false;
  int order[N] = {};
  stride_order(f, order);
  int act[N] = {};
  int na = 0;
  for (int k = 0; k < f.n; ++k)
    if (f.mode[order[k]].stride_value() != 0) act[na++] = order[k];
  if (na == 0 || order[f.n - 1] != act[na - 1]) return false;
  i64 low = 0;  // Σ_(j<k) (s_j-1)*d_j, then Y
  i64 top = 0;  // the largest index R gives below mode a: Σ_(k<a) (s_k-1)*p_k
  for (int k = 0; k < na; ++k) {
    LayoutLeaf const& m = f.mode[act[k]];
    i64 s = m.shape_value(), d = m.stride_value();
    if (d <= 0 || s < 2) return false;
    if (k + 1 < na) {
      i64 next = f.mode[act[k + 1]].stride_value();
      if (next % d != 0) return false;
      if (!(next / d <= s || low < d)) return false;
      if (mul_overflows(s - 1, p[act[k]].value) || add_overflows(top, (s - 1) * p[act[k]].value)) return false;
      top += (s - 1) * p[act[k]].value;
    }
    if (mul_overflows(s - 1, d) || add_overflows(low, (s - 1) * d)) return false;
    low += (s - 1) * d;
  }
  LayoutLeaf const& last = f.mode[act[na - 1]];
  i64 ea = low / last.stride_value();  // the largest e_a
  bool runs_on = act[na - 1] == f.n - 1 && l.leaf[l.nleaves - 1].shape_value() > 1;
  if (ea >= last.shape_value() && !runs_on) return false;
  i64 pa = p[act[na - 1]].value;
  return !mul_overflows(ea, pa) && !add_overflows(top, ea * pa);
}

}  // namespace detail_inverse

/// left_inverse(L): CuTe's mixed-radix left inverse (see above). When the spec's conditions
/// hold the construction is a left inverse. When divisibility or injectivity of the leaf modes
/// fails (the rare path) CuTe's construction may still be defined (on the coalesced layout) and
/// satisfy the contract L(R(L(i))) == L(i), as in three public vectors (e.g.
/// (_8,_4,_4):(_4,_8,_32) -> (_4,_2,_16):(_0,_1,_8)); impl then decides the contract from the
/// modes where it can (quasi_inverse_by_structure), else checks it at every i < size(L) (at most
/// kPointwiseBudget), and returns CuTe's result if it holds, else refuses
/// with the violated condition (the spec's check_left_inverse judges both correct; CuTe's
/// results that break the contract, quirks.tsv, are refused).
/// Errors: left_inverse.{integer_strides, negative_stride, stride_divisibility, injective};
/// bad_argument (a size < 1); overflow.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> left_inverse(LayoutN<N> const& l) {
  // Every return returns `r`, the one named result: g++ builds a named result in place only
  // when every return statement returns it.
  Result<LayoutN<N>> r;
  Error why = left_inverse_admissible(l);
  if (!why.ok() && why.condition != Cond::left_inverse_stride_divisibility && why.condition != Cond::left_inverse_injective) {
    r.error = why;
    return r;
  }
  assign_if_error(r.error, detail_inverse::left_inverse_construction_into(l, r.value));
  keep_representable(r);
  if (why.ok()) return r;
  if (r.ok() && (detail_inverse::quasi_inverse_by_structure(l) || detail_inverse::is_quasi_inverse(l, r.value))) return r;
  // No left inverse: name the condition on the sorted modes of coalesce(L), as the spec does
  // (spec/inverse.hpp); when they satisfy both, the construction failed the contract only
  // because L is not injective.
  auto c = coalesce(l);
  if (!c.ok()) {
    r.error = why;
    return r;
  }
  r.error = left_inverse_admissible(c.value);
  if (r.ok())
    r.error = fail(Errc::inadmissible, Cond::left_inverse_injective)
                  .add("the layout is not injective and CuTe's construction on coalesce(L) is not a quasi-inverse");
  return r;
}

}  // namespace layoutref::impl
