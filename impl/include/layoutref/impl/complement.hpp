// layoutref::impl — complement(A, M) (CuTe layout.hpp: complement; docs 02_layout_algebra.md
// "Complement"; docs/semantics.md "Complement"; J. Shah, Def. 2.5-2.7).
//
// CuTe's algorithm: filter A (its modes of size > 1 and non-zero stride, coalesced), take the
// modes in increasing order of stride N0:d0, ..., Na:da, and fill the gaps between them:
//   R = coalesce((d0/1, d1/(N0*d0), ..., da/(N(a-1)*d(a-1)), rest)
//              : (1,    N0*d0,      ..., N(a-1)*d(a-1),      Na*da))
// with rest = ceil_div(M, Na*da) (so a cotarget that is not a multiple of Na*da is rounded up,
// as CuTe's ceil_div does and the spec agrees) laid out compact column-major from Na*da.
// A filtered to `_1:_0` has the complement M:_1 (CuTe: make_layout(M)).
// @post (A, R) is a bijection onto [0, M') with M' = round_up(M, Na*da); R is increasing.
//
// Admissibility (the spec's conditions): complement.integer_strides (A has no basis strides),
// complement.negative_stride, complement.stride_divisibility (N(i-1)*d(i-1) divides d(i) in the
// sorted order; CuTe's floor division would leave holes).
// Example: complement(_4:_2, _24) = (_2,_3):(_1,_8)
// Example: complement((_2,_2):(_1,_6), _24) = (_3,_2):(_2,_12)
// Example: complement((4,2):(1,6), 80) = error
//
// Every function here takes a LayoutN<N> of any capacity N (and a cotarget IntTupleN<P> of any
// capacity P) and returns a layout of the same N; capacity when the complement has more than N
// modes.
#pragma once

#include <layoutref/impl/coalesce.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail {

/// The filtered A (of capacity N), checked for the complement's conditions, its modes sorted by
/// stride.
template <int N>
struct SortedModesN {
  LayoutLeaf mode[N];  ///< [0, n) are set; the rest is cleared only in constant evaluation (as a Tree's leaves)
  int n = 0;
  bool all_static = true;  ///< of the filtered layout (for its cosize's flag)
  LAYOUTREF_HD constexpr SortedModesN() {  // NOLINT(cppcoreguidelines-pro-type-member-init): see mode
    if (__builtin_is_constant_evaluated())
      for (auto& m : mode) m = LayoutLeaf{};
  }
};
using SortedModes = SortedModesN<kMaxLeaves>;

template <int N>
LAYOUTREF_HD constexpr void add_modes(Error& e, SortedModesN<N> const& s) {
  for (int i = 0; i < s.n; ++i) {
    if (i) e.add(", ");
    e.add(s.mode[i].shape_value()).add(":").add(s.mode[i].stride_value());
  }
}

/// complementable(a) for a valid a (its shapes are not checked again), built into the caller's s
/// (a Result<SortedModesN> returned by value copies all N modes); the error or ok.
/// @pre validate(a).ok()
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error complementable_valid_into(LayoutN<N> const& a, SortedModesN<N>& s) {
  for (int k = 0; k < a.nleaves; ++k) {
    LayoutLeaf const& x = a.leaf[k];
    if (!x.stride_is_integer() && x.stride_value() != 0) {
      Stride const d = x.stride();
      Error e = fail(Errc::inadmissible, Cond::complement_integer_strides);
      e.add("A has the basis stride ").add(d.value);
      for (int j = d.path.depth - 1; j >= 0; --j) e.add("@").add(static_cast<int>(d.path.mode[j]));
      return e;
    }
  }
  // filter(A) (coalesce of filter_zeros(A)), into f[0, nf): nf == 0 is `_1:_0`.
  LayoutLeaf z[N];
  int nz = a.nleaves < N ? a.nleaves : N;  // == a.nleaves (a Tree's invariant), stated for the compiler
  for (int k = 0; k < nz; ++k) {
    LayoutLeaf const& x = a.leaf[k];
    z[k] = x.stride_value() == 0 ? LayoutLeaf{Int::fixed(1), x.stride()} : x;
  }
  LayoutLeaf f[N];
  int nf = 0;
  LAYOUTREF_CHECK(bw_coalesce_modes(z, nz, false, f, N, nf));
  s.n = 0;
  s.all_static = true;
  if (nf == 0 || (nf == 1 && f[0].stride_value() == 0)) {  // `_1:_0`: nothing to complement
    s.all_static = nf == 0 || (f[0].shape_static() && f[0].stride_static());
    return Error{};
  }
  for (int k = 0; k < nf; ++k) {
    LayoutLeaf const& x = f[k];  // an integer stride: the basis strides other than 0 were refused above, and filter left no 0
    if (x.stride_value() < 0)
      return fail(Errc::inadmissible, Cond::complement_negative_stride)
          .add("A has the mode ")
          .add(x.shape_value())
          .add(":")
          .add(x.stride_value());
    s.all_static = s.all_static && x.shape_static() && x.stride_static();
    // Stable insertion by stride: CuTe takes the first of the smallest strides each time.
    int at = s.n;
    while (at > 0 && s.mode[at - 1].stride_value() > x.stride_value()) {
      s.mode[at] = s.mode[at - 1];
      --at;
    }
    s.mode[at] = x;
    ++s.n;
  }
  for (int i = 1; i < s.n; ++i) {
    LayoutLeaf const& p = s.mode[i - 1];
    bool overflows = mul_overflows(p.shape_value(), p.stride_value());
    i64 span = overflows ? 0 : p.shape_value() * p.stride_value();
    if (overflows || s.mode[i].stride_value() % span != 0) {
      Error e = fail(Errc::inadmissible, Cond::complement_stride_divisibility);
      e.add("modes of A sorted by stride: ");
      add_modes(e, s);
      e.add("; N").add(i - 1).add("*d").add(i - 1).add(" = ").add(p.shape_value()).add("*").add(p.stride_value());
      if (!overflows) e.add(" = ").add(span);
      return e.add(" does not divide d").add(i).add(" = ").add(s.mode[i].stride_value());
    }
  }
  return Error{};
}

/// complementable_valid_into as a Result. @pre validate(a).ok()
template <int N>
LAYOUTREF_HD constexpr Result<SortedModesN<N>> complementable_valid(LayoutN<N> const& a) {
  return Result<SortedModesN<N>>::built([&](SortedModesN<N>& s) { return complementable_valid_into(a, s); });
}

/// The filtered A sorted by stride, or the complement's condition that A fails (with its witness);
/// bad_argument for a size < 1.
template <int N>
LAYOUTREF_HD constexpr Result<SortedModesN<N>> complementable(LayoutN<N> const& a) {
  return Result<SortedModesN<N>>::built([&](SortedModesN<N>& s) -> Error {
    LAYOUTREF_CHECK(validate(a));
    return complementable_valid_into(a, s);
  });
}

/// The complement of the sorted modes s up to the cotarget, as a layout of capacity N (the gaps
/// and the rest, at most N + P modes before they are coalesced).
template <int N, int P>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error complement_sorted_into(SortedModesN<N> const& s, IntTupleN<P> const& cotarget,
                                                                        LayoutN<N>& out) {
  for (int k = 0; k < cotarget.nleaves; ++k)
    if (cotarget.leaf[k].value < 1)
      return fail(Errc::bad_argument).add("complement: the cotarget has the entry ").add(cotarget.leaf[k].value).add(" (must be >= 1)");
  if (cotarget.nleaves == 0) return fail(Errc::bad_argument).add("complement: an empty cotarget");
  if (s.n == 0) {
    // CuTe: make_layout(coalesce(cotarget)): adjacent entries of the same staticness multiplied
    // (CuTe's coalesce of a shape), laid out compact column-major (a static _1 gets stride _0).
    LayoutLeaf m[P];  // [0, g) are set (shape, then stride) before they are read
    int g = 0;
    for (int k = 0; k < cotarget.nleaves; ++k) {
      Int x = cotarget.leaf[k];
      if (g > 0 && m[g - 1].shape_static() == x.is_static) {
        LAYOUTREF_TRY(Int p, mul(m[g - 1].shape(), x));
        m[g - 1].set_shape(p);
      } else {
        m[g].shape_v = x.value;
        m[g++].meta = LayoutLeaf::flags_of(x.is_static, false);
      }
    }
    Int current = Int::fixed(1);
    for (int k = 0; k < g; ++k) {
      bool one = m[k].shape_value() == 1 && m[k].shape_static();
      m[k].set_stride(Stride::integer(one ? Int::fixed(0) : current));
      LAYOUTREF_TRY(current, mul(current, m[k].shape()));
    }
    if (g > N) return fail(Errc::capacity).add("complement: a layout with more than ").add(N).add(" modes");
    out = flat_layout<N>(m, g);
    return Error{};
  }
  // The gaps and the rest, flat (size-1 modes left out: coalesce drops them), then coalesced.
  LayoutLeaf gaps[N + P];  // [0, n) are set before they are read
  int n = 0;
  Int span = Int::fixed(1);  // N(i-1)*d(i-1), the stride of the next gap
  for (int i = 0; i < s.n; ++i) {
    Int d = s.mode[i].stride_coefficient();
    Int q = div(d, span);
    if (q.value != 1) set_leaf(gaps[n++], q, span);
    LAYOUTREF_TRY(span, mul(d, s.mode[i].shape()));
  }
  // The rest: ceil_div(cotarget, span) (CuTe's, mode by mode for a tuple), compact from span.
  Int rest = span;
  Int current = span;
  for (int k = 0; k < cotarget.nleaves; ++k) {
    Int ak = cotarget.leaf[k];
    Int q = ceil_div(ak, rest);
    rest = ceil_div(rest, ak);
    if (q.value != 1) set_leaf(gaps[n++], q, current);
    LAYOUTREF_TRY(current, mul(current, q));
  }
  // (A, R) covers [0, current); CuTe's contract wants size(cotarget) of it, which its
  // mode-by-mode rounding of a tuple cotarget can miss (the spec's complement.cotarget_bound).
  LAYOUTREF_TRY(Int want, size(cotarget));
  if (current.value < want.value)
    return fail(Errc::inadmissible, Cond::complement_cotarget_bound)
        .add("CuTe divides the cotarget by N*d = ")
        .add(span.value)
        .add(" mode by mode, so (A, R) covers [0,")
        .add(current.value)
        .add(") and cosize(make_layout(A, R)) = ")
        .add(current.value)
        .add(" < size(cotarget) = ")
        .add(want.value);
  return bw_coalesce_into<N>(gaps, n, false, out);
}

/// complement(a, cotarget) of a valid a, built into out (the caller's tree); the error or ok.
/// The result is representable (check_representable). @pre validate(a).ok()
template <int N, int P>
LAYOUTREF_HD constexpr Error complement_valid_into(LayoutN<N> const& a, IntTupleN<P> const& cotarget, LayoutN<N>& out) {
  SortedModesN<N> s;  // built in place (complementable_valid_into)
  LAYOUTREF_CHECK(complementable_valid_into(a, s));
  LAYOUTREF_CHECK(complement_sorted_into(s, cotarget, out));
  return check_representable(out);
}

}  // namespace detail

/// complement(A, M): the layout of the repetitions of A up to M (rounded up to a multiple of
/// N*d of A's largest mode). A tuple cotarget is divided as CuTe's ceil_div divides it; where
/// that rounding leaves (A, R) short of size(cotarget), complement.cotarget_bound (inadmissible).
template <int N, int P>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> complement(LayoutN<N> const& a, IntTupleN<P> const& cotarget) {
  return Result<LayoutN<N>>::built([&](LayoutN<N>& out) {
    LAYOUTREF_CHECK(validate(a));
    return detail::complement_valid_into(a, cotarget, out);
  });
}

template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> complement(LayoutN<N> const& a, Int cotarget) {
  return complement(a, IntTupleN<N>::of(cotarget));
}

/// complement(A) = complement(A, cosize(filter(A))).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> complement(LayoutN<N> const& a) {
  return Result<LayoutN<N>>::built([&](LayoutN<N>& out) -> Error {
    LAYOUTREF_CHECK(validate(a));
    detail::SortedModesN<N> s;  // built in place (complementable_valid_into)
    LAYOUTREF_CHECK(detail::complementable_valid_into(a, s));
    i64 hi = 0;
    for (int i = 0; i < s.n; ++i) {
      LAYOUTREF_TRY(i64 t, checked_mul(s.mode[i].shape_value() - 1, s.mode[i].stride_value()));
      LAYOUTREF_TRY(hi, checked_add(hi, t));
    }
    LAYOUTREF_TRY(i64 cosize, checked_add(hi, 1));
    LAYOUTREF_CHECK(detail::complement_sorted_into(s, IntTupleN<N>::of(Int{cosize, s.all_static}), out));
    return check_representable(out);
  });
}

}  // namespace layoutref::impl
