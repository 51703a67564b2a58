// Shared helpers for the spec unit tests: values from CuTe's notation, error expectations.
#pragma once

#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/error.hpp>
#include <layoutref/spec/term.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace layoutref::spec::testing_support {

inline notation::Term term(std::string_view text) {
  auto r = notation::parse(text);
  if (!r.ok) throw std::invalid_argument(std::string(text) + ": " + r.error.message());
  return r.term;
}
inline IntTuple T(std::string_view text) { return to_int_tuple(term(text)); }
inline Layout L(std::string_view text) { return to_layout(term(text)); }
inline Tiler Tl(std::string_view text) { return to_tiler(term(text)); }
inline Value V(std::string_view text) { return to_value(term(text)); }

/// Same layout (shape and stride), written in CuTe's notation.
inline ::testing::AssertionResult is(Layout const& got, std::string_view want) {
  if (got == L(want)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << str(got) << ", expected " << want;
}

/// f throws layoutref::spec::Error of the given kind.
inline ::testing::AssertionResult fails_with(Error::Kind kind, std::function<void()> const& f) {
  try {
    f();
  } catch (Error const& e) {
    if (e.kind() == kind) return ::testing::AssertionSuccess() << e.what();
    return ::testing::AssertionFailure() << "wrong error kind: " << e.what();
  }
  return ::testing::AssertionFailure() << "no error";
}

}  // namespace layoutref::spec::testing_support
