// layoutref equiv — the audit's judges for tensor ops (conformance/coordinate_tensors.tsv).
#pragma once

#include <layoutref/notation/term.hpp>
#include <layoutref/spec/admissibility.hpp>

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace layoutref::equiv {

struct TensorOp {
  std::size_t min_args, max_args;
  std::function<spec::Judgement(std::vector<notation::Term> const& args, notation::Term const& result)> run;
};

/// identity_local_tile, identity_local_partition, identity_mma_partition_{A,B,C}: the args and
/// the claimed tensor (or `error`) parsed, judged by spec::judge_tensor.
std::map<std::string, TensorOp> const& tensor_ops();

/// flatten, group, take, select, append, prepend, unflatten, make_identity_layout, crd2crd
/// (audit_modes.cpp): judged by equality with the spec's unique result.
std::map<std::string, TensorOp> const& mode_ops();

}  // namespace layoutref::equiv
