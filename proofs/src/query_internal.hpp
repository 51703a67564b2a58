// layoutref::proofs — what query.cpp and fits_int64.cpp share. Internal to proofs/src.
#pragma once

#include <layoutref/proofs/query.hpp>

#include <string>

namespace layoutref::proofs::query_detail {

inline std::string shape_text(LeafLayout const& l, size_t k) {
  return k < l.shape_text.size() ? l.shape_text[k] : l.shape[k].to_string();
}

}  // namespace layoutref::proofs::query_detail
