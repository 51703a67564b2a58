// layoutref::impl — strides and values: integers and scaled basis elements.
//
// A stride is k@p: an integer k (with CuTe's static flag) times the unit vector at the mode path
// p (outermost mode first; `1@0@1` has path {1, 0}); the empty path is a plain integer. A value
// of a layout function is a sum of such terms (CuTe's ArithmeticTuple). Source: CuTe docs
// 0z_tma_tensors.md; cute/numeric/arithmetic_tuple.hpp.
#pragma once

#include <layoutref/impl/checked.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

/// Trivially default-constructible, as Stride (`BasisPath{}`: the empty path).
struct BasisPath {
  std::uint8_t depth;                  ///< 0: a plain integer
  std::int8_t mode[kMaxBasisDepth];    ///< outermost first

  LAYOUTREF_HD friend constexpr bool operator==(BasisPath const& a, BasisPath const& b) {
    if (a.depth != b.depth) return false;
    for (int i = 0; i < a.depth; ++i)
      if (a.mode[i] != b.mode[i]) return false;
    return true;
  }
  LAYOUTREF_HD friend constexpr bool operator<(BasisPath const& a, BasisPath const& b) {
    for (int i = 0; i < a.depth && i < b.depth; ++i)
      if (a.mode[i] != b.mode[i]) return a.mode[i] < b.mode[i];
    return a.depth < b.depth;
  }
};

/// A stride leaf: k@path.
/// Trivially default-constructible (a Tree's leaf; tree.hpp): `Stride{}` is the integer 0.
struct Stride {
  i64 value;
  bool is_static;
  BasisPath path;

  LAYOUTREF_HD static constexpr Stride integer(Int k) { return Stride{k.value, k.is_static, {}}; }
  LAYOUTREF_HD constexpr bool is_integer() const { return path.depth == 0; }
  LAYOUTREF_HD constexpr Int coefficient() const { return Int{value, is_static}; }
  /// Same value and basis; the static flag is ignored (it never changes meaning).
  LAYOUTREF_HD friend constexpr bool same(Stride const& a, Stride const& b) {
    return a.value == b.value && (a.path == b.path || a.value == 0);
  }
  LAYOUTREF_HD friend constexpr bool operator==(Stride const& a, Stride const& b) {
    return a.value == b.value && a.is_static == b.is_static && a.path == b.path;
  }
};

/// k * stride (CuTe: Int * ScaledBasis keeps the basis).
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Result<Stride> scale(Int k, Stride d) {
  LAYOUTREF_TRY(i64 v, checked_mul(k.value, d.value));
  Stride r = d;
  r.value = v;
  r.is_static = k.is_static && d.is_static;
  return r;
}

/// A value of a layout function: scalar + sum of coeff@path.
struct Value {
  static constexpr int kMaxTerms = 8;
  struct Term {
    BasisPath path;
    i64 coeff;
  };
  i64 scalar = 0;
  std::uint8_t n = 0;
  /// Terms [0, n) are set; the others are not cleared at run time (every evaluation makes a
  /// Value), only in constant evaluation, as Tree's leaves (tree.hpp).
  Term terms[kMaxTerms];

  LAYOUTREF_HD constexpr Value() {  // NOLINT(cppcoreguidelines-pro-type-member-init): see above
    if (__builtin_is_constant_evaluated())
      for (auto& t : terms) t = Term{};
  }

  LAYOUTREF_HD constexpr bool is_integer() const { return n == 0; }
  LAYOUTREF_HD friend constexpr bool operator==(Value const& a, Value const& b) {
    if (a.scalar != b.scalar || a.n != b.n) return false;
    for (int i = 0; i < a.n; ++i)
      if (!(a.terms[i].path == b.terms[i].path) || a.terms[i].coeff != b.terms[i].coeff) return false;
    return true;
  }
};

/// v += c*d, in place. Errors: overflow, or more basis terms than Value::kMaxTerms (capacity);
/// on an error v is left unchanged.
LAYOUTREF_HD constexpr Error accumulate(Value& v, i64 c, Stride const& d) {
  if (mul_overflows(c, d.value)) return overflow_error("*", c, d.value);
  i64 term = c * d.value;
  if (term == 0) return Error{};
  if (d.is_integer()) {
    if (add_overflows(v.scalar, term)) return overflow_error("+", v.scalar, term);
    v.scalar += term;
    return Error{};
  }
  int at = 0;
  while (at < v.n && v.terms[at].path < d.path) ++at;
  if (at < v.n && v.terms[at].path == d.path) {
    if (add_overflows(v.terms[at].coeff, term)) return overflow_error("+", v.terms[at].coeff, term);
    i64 s = v.terms[at].coeff + term;
    v.terms[at].coeff = s;
    if (s == 0) {
      for (int k = at; k + 1 < v.n; ++k) v.terms[k] = v.terms[k + 1];
      --v.n;
    }
    return Error{};
  }
  if (v.n == Value::kMaxTerms) return fail(Errc::capacity).add("a value with more than 8 basis terms");
  for (int k = v.n; k > at; --k) v.terms[k] = v.terms[k - 1];
  v.terms[at] = Value::Term{d.path, term};
  ++v.n;
  return Error{};
}

/// v + c*d. Errors: those of accumulate.
LAYOUTREF_HD constexpr Result<Value> add_scaled(Value v, i64 c, Stride const& d) {
  LAYOUTREF_CHECK(accumulate(v, c, d));
  return v;
}

}  // namespace layoutref::impl
