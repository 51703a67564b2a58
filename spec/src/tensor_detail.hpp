// layoutref::spec — what the tensor sources share (tensor.cpp, tensor_judge.cpp); internal to
// spec/src, not installed.
#pragma once

#include <layoutref/spec/tensor.hpp>

namespace layoutref::spec::detail {

/// The kind of an engine in words, for error texts: "a pointer", "an ArithTuple iterator", "an
/// owning array".
inline char const* kind_name(Engine::Kind k) {
  switch (k) {
    case Engine::Kind::pointer: return "a pointer";
    case Engine::Kind::counting: return "an ArithTuple iterator";
    case Engine::Kind::array: return "an owning array";
  }
  return "an engine";
}

}  // namespace layoutref::spec::detail
