// layoutref::spec — errors.
//
// The spec is written for readability: a function that cannot produce its result throws
// layoutref::spec::Error, which names what is wrong. Nothing else escapes the spec.
#pragma once

#include <stdexcept>
#include <string>

namespace layoutref::spec {

class Error : public std::runtime_error {
 public:
  enum class Kind {
    overflow,      ///< a value does not fit in 64 bits
    table_limit,   ///< a function table would exceed the configured bound
    bad_argument,  ///< the input is malformed for this operation (rank mismatch, shape < 1, ...)
    inadmissible,  ///< the operation has no result for this input; condition() names why
  };
  Error(Kind kind, std::string message, std::string condition = {})
      : std::runtime_error(std::move(message)), kind_(kind), condition_(std::move(condition)) {}
  Kind kind() const { return kind_; }
  /// For Kind::inadmissible: the violated condition, e.g. "complement.stride_divisibility".
  std::string const& condition() const { return condition_; }

 private:
  Kind kind_;
  std::string condition_;
};

[[noreturn]] inline void bad_argument(std::string message) {
  throw Error(Error::Kind::bad_argument, std::move(message));
}

}  // namespace layoutref::spec
