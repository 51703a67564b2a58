// layoutref::impl — max_common_vector(a, b) and max_common_layout(a, b) (CuTe layout.hpp;
// docs/semantics.md; spec/max_common.hpp).
//
// The spec's definition: with R = right_inverse(b) (the spec's, the largest one),
// max_common_vector(a, b) is the largest N >= 1 with N <= size(R) and a(R(x)) == x for every
// x < N (the elements a and b store at the same index, counted from 0); max_common_layout(a, b)
// is the layout of x -> R(x) on [0, N). CuTe computes coalesce(a o right_inverse(b)) and takes
// its first mode when it has stride 1; impl computes the spec's N structurally and builds
// CuTe's form composition(right_inverse(b), N:_1).
//
// The structure (both layouts coalesced; their integer strides required, else bad_argument):
//  1. b's right-inverse chain (inverse.hpp): modes of b with strides 1, t0, t0*t1, ... of sizes
//     t0, t1, ...; inv(x) puts the mixed-radix digits of x on them. When every other mode of b
//     of size > 1 and non-zero stride has a stride >= m = t0*t1*..., the values below m are
//     reached only through the chain, and m is not a value of b (the fast path; otherwise the
//     rare path 3).
//  2. When the index boundaries of a and b (their prefix products below Q = min(size a,
//     size b), and Q) divide one another in increasing order, both layouts are linear over the
//     common refinement of their index modes. Walking the chain's pieces of that refinement in
//     the order of their b-strides beta (x's mixed radix), a(inv(x)) - x is the sum of
//     digit*(alpha - beta) with alpha the piece's stride in a: N is the beta of the first piece
//     with alpha != beta or past Q (index outside a), else m. Otherwise impl checks
//     a(inv(x)) == x point by point for x < m.
//  3. The rare path: the definition point by point, with the spec's R (the longest prefix of
//     the least preimages lp(x) = min{ j : b(j) == x } that is a layout; for a non-injective b
//     this may be longer than CuTe's right-inverse chain, e.g. b = (2,7):(2,1): R = (2,2):(2,1),
//     CuTe's 7:2); max_common_layout then factors the table of lp on [0, N) (StreamFactor),
//     refusing with max_common_layout.not_representable if it is no layout (as the spec does).
// The pointwise checks are bounded by LAYOUTREF_MAX_EXACT_CHECK evaluations (Errc::capacity
// past it). N is static iff every leaf of a and b is (CuTe's result for all-static inputs), or 1
// (CuTe's Int<1>).
#pragma once

#include <layoutref/impl/inverse.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_max_common {

using detail_inverse::FlatModes;

struct Common {
  i64 n = 1;
  bool fast = false;  ///< R is b's right-inverse chain on [0, n)
  bool is_static = true;
};

/// inv(x): the digits of x in the chain's radix placed at the chain modes' index strides.
LAYOUTREF_HD constexpr Result<i64> chain_at(FlatModes const& fb, Int const* pb, detail_inverse::Chain const& c, i64 x) {
  i64 j = 0;
  for (int k = 0; k < c.n && x > 0; ++k) {
    i64 t = fb.mode[c.mode[k]].shape_value();
    i64 digit = k + 1 == c.n ? x : x % t;
    x = k + 1 == c.n ? 0 : x / t;
    LAYOUTREF_TRY(i64 step, checked_mul(digit, pb[c.mode[k]].value));
    LAYOUTREF_TRY(j, checked_add(j, step));
  }
  return j;
}

LAYOUTREF_HD constexpr Error budget_error() {
  return fail(Errc::capacity).add("max_common: more than ").add(detail_inverse::kPointwiseBudget).add(" pointwise evaluations");
}

/// The boundaries of the common refinement, or n == 0 when they do not divide one another.
struct Boundaries {
  i64 at[2 * kMaxLeaves + 2] = {};
  int n = 0;
};
LAYOUTREF_HD constexpr Boundaries refinement(Int const* pa, int na_modes, Int const* pb, int nb_modes, i64 q) {
  Boundaries r;
  int i = 1, j = 1;
  i64 prev = 1;
  for (;;) {
    i64 x = i < na_modes && pa[i].value < q ? pa[i].value : q;
    i64 y = j < nb_modes && pb[j].value < q ? pb[j].value : q;
    i64 next = x < y ? x : y;
    if (next % prev != 0) return Boundaries{};
    if (next != prev || r.n == 0) r.at[r.n++] = next;
    prev = next;
    if (next == q) break;
    if (x == next) ++i;
    if (y == next) ++j;
  }
  return r;
}

LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Common> common(Layout const& a, Layout const& b) {
  LAYOUTREF_CHECK(validate(a));
  LAYOUTREF_CHECK(validate(b));
  LAYOUTREF_CHECK(detail_inverse::integer_strides(a, Cond::none, "max_common: a"));
  LAYOUTREF_CHECK(detail_inverse::integer_strides(b, Cond::none, "max_common: b"));
  Common out;
  out.is_static = detail_inverse::every_leaf_static(a) && detail_inverse::every_leaf_static(b);
  // a is read only at the points R reaches (a value of a past int64 elsewhere does not matter, as
  // in the spec); b is inverted on its whole domain, so its size and values must fit in int64
  // (coalesce checks them).
  LAYOUTREF_TRY(Layout ca, detail::bw_coalesce(a, false));
  LAYOUTREF_TRY(Layout cb, coalesce(b));
  FlatModes fa = detail_inverse::flat_modes(ca), fb = detail_inverse::flat_modes(cb);
  Int pa[kMaxLeaves + 1] = {}, pb[kMaxLeaves + 1] = {};
  LAYOUTREF_CHECK(detail_inverse::prefix_products(fa, pa));
  LAYOUTREF_CHECK(detail_inverse::prefix_products(fb, pb));
  i64 na = pa[fa.n].value, nb = pb[fb.n].value, q = na < nb ? na : nb;
  LAYOUTREF_TRY(detail_inverse::Chain chain, detail_inverse::right_inverse_chain(fb));
  i64 m = chain.size.value;
  bool in_chain[kMaxLeaves] = {};
  for (int k = 0; k < chain.n; ++k) in_chain[chain.mode[k]] = true;
  out.fast = true;
  for (int k = 0; k < fb.n; ++k) {
    LayoutLeaf const& x = fb.mode[k];
    if (!in_chain[k] && x.shape_value() > 1 && x.stride_value() != 0 && x.stride_value() < m) out.fast = false;
  }
  i64 budget = detail_inverse::kPointwiseBudget;
  if (out.fast) {
    Boundaries bd = refinement(pa, fa.n, pb, fb.n, q);
    if (bd.n > 0) {
      // Walk the chain's pieces of the refinement in x's radix.
      for (int k = 0; k < chain.n; ++k) {
        int i = chain.mode[k];
        i64 p = pb[i].value, end = pb[i + 1].value, t_value = fb.mode[i].stride_value();
        i64 lo = p;
        while (lo < end) {
          LAYOUTREF_TRY(i64 beta, checked_mul(t_value, lo / p));
          if (lo >= q) {
            out.n = beta;
            return out;
          }
          i64 hi = end;
          for (int z = 0; z < bd.n; ++z)
            if (bd.at[z] > lo) {
              if (bd.at[z] < hi) hi = bd.at[z];
              break;
            }
          int l = 0;
          while (l + 1 < fa.n && pa[l + 1].value <= lo) ++l;
          LAYOUTREF_TRY(i64 alpha, checked_mul(fa.mode[l].stride_value(), lo / pa[l].value));
          if (alpha != beta) {
            out.n = beta;
            return out;
          }
          lo = hi;
        }
      }
      out.n = m;
      return out;
    }
    // The index modes do not refine each other: check x < m one by one.
    for (i64 x = 1; x < m; ++x) {
      if (--budget < 0) return budget_error();
      LAYOUTREF_TRY(i64 j, chain_at(fb, pb, chain, x));
      if (j >= na) {
        out.n = x;
        return out;
      }
      LAYOUTREF_TRY(i64 v, detail_inverse::flat_at(fa, j));
      if (v != x) {
        out.n = x;
        return out;
      }
    }
    out.n = m;
    return out;
  }
  // The rare path (b is not injective, or its modes interleave the chain): the spec's
  // definition point by point. The spec's R = right_inverse(b) is the longest prefix of the
  // least preimages lp(x) = min{ j : b(j) == x } that is the function of a layout
  // (spec/inverse.cpp); N is the largest n <= size(R) with a(lp(x)) == x for x < n.
  detail_inverse::StreamFactor prefix;
  i64 size_r = 1, agree = 1;  // lp(0) == 0 and a(0) == 0
  prefix.push(0);
  for (i64 x = 1;; ++x) {
    if (agree < x && size_r >= agree) break;  // N == agree already
    i64 j = 0;
    for (; j < nb; ++j) {
      if (--budget < 0) return budget_error();
      LAYOUTREF_TRY(i64 v, detail_inverse::flat_at(fb, j));
      if (v == x) break;
    }
    if (j == nb) break;  // x is no value of b: R ends here
    prefix.push(j);
    if (!prefix.ok) break;  // no longer prefix is a layout either
    if (prefix.k % prefix.product == 0) size_r = x + 1;
    if (agree == x && j < na) {
      LAYOUTREF_TRY(i64 v, detail_inverse::flat_at(fa, j));
      if (v == x) agree = x + 1;
    }
  }
  out.n = agree < size_r ? agree : size_r;
  return out;
}

/// CuTe's composition(inv, N:_1) for a coalesced inv (composition_impl with a stride-1 right
/// side): inv's modes are taken whole while N is a multiple of their sizes, the last one cut.
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Layout> first_elements(Layout const& inv, Int n) {
  FlatModes f = detail_inverse::flat_modes(inv);
  if (f.n == 1) {
    LAYOUTREF_TRY(Stride d, scale(Int::fixed(1), f.mode[0].stride()));
    return make_leaf(n, d);
  }
  LayoutLeaf modes[kMaxLeaves] = {};
  int count = 0;
  Int rest_shape = n, rest_stride = Int::fixed(1);
  for (int k = 0; k + 1 < f.n; ++k) {
    Int s = f.mode[k].shape();
    Int next_shape = ceil_div(s, rest_stride);
    Int next_stride = ceil_div(rest_stride, s);
    if (next_shape.value == 1 || rest_shape.value == 1) {
      rest_stride = next_stride;
      continue;
    }
    Int new_shape = min(next_shape, rest_shape);
    if (rest_shape.value % new_shape.value != 0)
      return fail(Errc::inadmissible, Cond::max_common_layout_not_representable)
          .add("the first ")
          .add(n.value)
          .add(" elements of the right inverse of b are no layout (")
          .add(rest_shape.value)
          .add(" is not a multiple of ")
          .add(new_shape.value)
          .add(")");
    LAYOUTREF_TRY(Stride d, scale(rest_stride, f.mode[k].stride()));
    modes[count++] = LayoutLeaf{new_shape, d};
    rest_shape = div(rest_shape, new_shape);
    rest_stride = next_stride;
  }
  if (count > 0 && rest_shape.value == 1) return detail_inverse::layout_of(modes, count);
  LAYOUTREF_TRY(Stride d, scale(rest_stride, f.mode[f.n - 1].stride()));
  modes[count++] = LayoutLeaf{rest_shape, d};
  return detail_inverse::layout_of(modes, count);
}

}  // namespace detail_max_common

/// max_common_vector(a, b): the spec's N (see above), >= 1.
/// Errors: bad_argument (basis strides, a size < 1); capacity (the rare path's bound); overflow (the
/// size of a or of b, or a value of b, passes int64; or a value computed at a point of a does).
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Int> max_common_vector(Layout const& a, Layout const& b) {
  LAYOUTREF_TRY(detail_max_common::Common c, detail_max_common::common(a, b));
  return Int{c.n, c.is_static || c.n == 1};  // CuTe's Int<1> when nothing is common
}

/// max_common_layout(a, b): R with a(R(i)) == b(R(i)) == i for i < size(R) =
/// max_common_vector(a, b), R(i) = the spec's right_inverse(b)(i); `_1:_0` for N == 1, else
/// CuTe's composition(right_inverse(b), N:_1) (on the rare path: the factored table of the
/// least preimages on [0, N), which is R there).
/// Errors: max_common_layout.not_representable (the rare path: R on [0, N) is no layout);
/// bad_argument; capacity; overflow.
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Layout> max_common_layout(Layout const& a, Layout const& b) {
  LAYOUTREF_TRY(detail_max_common::Common c, detail_max_common::common(a, b));
  if (c.n == 1) return make_leaf(Int::fixed(1), Stride::integer(Int::fixed(0)));
  if (c.fast) {
    LAYOUTREF_TRY(Layout inv, right_inverse(b));
    return detail_max_common::first_elements(inv, Int{c.n, c.is_static});
  }
  // The rare path: factor the table of least preimages on [0, N) (the spec's R there).
  LAYOUTREF_TRY(Layout cb, coalesce(b));
  detail_inverse::FlatModes fb = detail_inverse::flat_modes(cb);
  LAYOUTREF_TRY(Int nb, size(cb));
  detail_inverse::StreamFactor table;
  i64 budget = detail_inverse::kPointwiseBudget;
  for (i64 x = 0; x < c.n; ++x) {
    i64 j = 0;
    for (; j < nb.value; ++j) {
      if (--budget < 0) return detail_max_common::budget_error();
      LAYOUTREF_TRY(i64 v, detail_inverse::flat_at(fb, j));
      if (v == x) break;
    }
    table.push(j);
  }
  return table.done(c.is_static, Cond::max_common_layout_not_representable);
}

}  // namespace layoutref::impl
