// layoutref gpu — what the eval suite (eval.cu) and the sweep (sweep.cu) share: the comparison of
// impl's value with the spec's (same_value), the spec's values (RuleWant, IntegerRuleWant,
// TableWant) and the per-thread counts.
#pragma once
#include "check.hpp"

namespace layoutref::gpu {

/// Whether impl's value equals the spec's; when not, the first component that differs
/// (-1: a basis path impl produced that the spec's layout does not have).
inline __device__ bool same_value(impl::Value const& got, spec_rule::Value const& want, PathTable const& paths, int& comp, i64& g, i64& w) {
  if (got.scalar != want.c[0]) {
    comp = 0, g = got.scalar, w = want.c[0];
    return false;
  }
  bool seen[spec_rule::kMaxComponents] = {};
  for (int t = 0; t < got.n; ++t) {
    int k = 1;
    while (k < paths.n && !(paths.path[k] == got.terms[t].path)) ++k;
    if (k == paths.n) {
      comp = -1, g = got.terms[t].coeff, w = 0;
      return false;
    }
    seen[k] = true;
    if (got.terms[t].coeff != want.c[k]) {
      comp = k, g = got.terms[t].coeff, w = want.c[k];
      return false;
    }
  }
  for (int k = 1; k < paths.n; ++k)
    if (!seen[k] && want.c[k] != 0) {
      comp = k, g = 0, w = want.c[k];
      return false;
    }
  return true;
}

/// The spec's value at i: from the rule, or from a host table.
struct RuleWant {
  spec_rule::Function f;
  static constexpr bool kInteger = false;
  __device__ spec_rule::Value operator()(i64 i) const { return spec_rule::evaluate(f, i); }
};
/// The rule for a function with integer strides only: its value in one integer (no vector of
/// components, which the device would keep in local memory).
struct IntegerRuleWant {
  spec_rule::Function f;
  static constexpr bool kInteger = true;
  __device__ i64 operator()(i64 i) const { return spec_rule::evaluate_integer(f, i); }
};
struct TableWant {
  static constexpr bool kInteger = false;
  i64 const* table;
  int components;
  __device__ spec_rule::Value operator()(i64 i) const {
    spec_rule::Value v;
    for (int k = 0; k < components; ++k) v.c[k] = table[i * components + k];
    return v;
  }
};

/// Per-thread counts, added to the tally once at the end.
struct Counts {
  unsigned long long indices = 0, evaluations = 0;
  __device__ void flush(DeviceTally* t) const {
    atomicAdd(&t->indices, indices);
    atomicAdd(&t->evaluations, evaluations);
  }
};

}  // namespace layoutref::gpu
