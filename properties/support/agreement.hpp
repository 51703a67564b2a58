// layoutref properties — impl ≡ spec for one operation on one input, and the helpers the laws use.
//
// impl computes the operation exactly as `layoutref conform` does (its row's computation in
// equiv::operations()); the spec judges impl's answer, the term itself (no printing and
// re-reading), exactly as `layoutref audit` does (equiv::audit_terms: the row's judge, spec's
// check_op: reference + judge, or admissibility for a refusal). They agree when
//  - impl returns a result and the spec judges it correct (same function at every index and a
//    structure that refines the spec's pattern), or
//  - impl refuses with condition C and the spec finds the input inadmissible with condition C, or
//  - impl rejects the input as malformed and so does the spec, or both overflow.
#pragma once

#include <layoutref/notation/term.hpp>
#include <layoutref/spec/layout.hpp>

#include <optional>
#include <string>
#include <vector>

namespace layoutref::properties {

struct Agreement {
  bool agree = false;
  std::string detail;          ///< what each side said (for RC_ASSERT messages)
  bool impl_refused = false;   ///< impl returned an error
  std::string impl_condition;  ///< impl's condition name when refused ("" for none)
  bool impl_capacity = false;  ///< impl refused for its fixed capacity (32 leaves): not comparable
  std::optional<notation::Term> impl_result;
};

/// Compute `op(args)` with impl and judge it with the spec. Never throws.
Agreement impl_agrees_with_spec(std::string const& op, std::vector<notation::Term> const& args);

/// impl's result of op(args), or nullopt when impl refuses (the error text in *why).
std::optional<notation::Term> impl_compute(std::string const& op, std::vector<notation::Term> const& args,
                                           std::string* why = nullptr);

/// The spec layout of a layout term (the inner layout of `Sw o off o L`).
spec::Layout as_layout(notation::Term const& t);

/// Whether two layouts have the same size and the same value at every index.
bool same_function(spec::Layout const& a, spec::Layout const& b, std::string* why = nullptr);

/// The image of l as a sorted multiset of integers.
std::vector<spec::i64> image(spec::Layout const& l);

}  // namespace layoutref::properties
