// Shared helpers for the spec unit tests: values from CuTe's notation or built in code, error
// expectations, claims, and the cases of the conformance vector files.
#pragma once

#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/admissibility.hpp>
#include <layoutref/spec/error.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/term.hpp>

#include <gtest/gtest.h>

#include <cctype>
#include <cstddef>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#ifndef LAYOUTREF_CONFORMANCE_DIR
#error "LAYOUTREF_CONFORMANCE_DIR must name the directory of the conformance *.tsv files"
#endif

namespace layoutref::spec::testing_support {

// --- values written in CuTe's notation -----------------------------------------------------------

inline notation::Term term(std::string_view text) {
  auto r = notation::parse(text);
  if (!r.ok) throw std::invalid_argument(std::string(text) + ": " + r.error.message());
  return r.term;
}
inline IntTuple T(std::string_view text) { return to_int_tuple(term(text)); }
inline Layout L(std::string_view text) { return to_layout(term(text)); }
inline Tiler Tl(std::string_view text) { return to_tiler(term(text)); }
inline Value V(std::string_view text) { return to_value(term(text)); }
inline SliceCoord C(std::string_view text) { return to_slice_coord(term(text)); }

// --- values built in code ------------------------------------------------------------------------

inline IntTuple tup(std::vector<IntTuple> items) { return IntTuple::tuple(std::move(items)); }
inline Stride stup(std::vector<Stride> items) { return Stride::tuple(std::move(items)); }

/// The flat layout (s0,s1,...):(d0,d1,...) with integer strides.
inline Layout lay(std::vector<i64> s, std::vector<i64> d) {
  std::vector<IntTuple> ss(s.begin(), s.end());
  std::vector<Stride> dd;
  for (i64 x : d) dd.emplace_back(Value(x));
  return Layout(IntTuple::tuple(std::move(ss)), Stride::tuple(std::move(dd)));
}

/// The values l(0), ..., l(size(l)-1) of a layout with integer values.
inline std::vector<i64> values(Layout const& l) {
  std::vector<i64> v;
  for (i64 i = 0; i < size(l); ++i) v.push_back(evaluate(l, i).integer());
  return v;
}

// --- expectations --------------------------------------------------------------------------------

/// Same layout (shape and stride), written in CuTe's notation.
inline ::testing::AssertionResult is(Layout const& got, std::string_view want) {
  if (got == L(want)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << str(got) << ", expected " << want;
}

/// Same IntTuple, written in CuTe's notation.
inline ::testing::AssertionResult is(IntTuple const& got, std::string_view want) {
  if (got == T(want)) return ::testing::AssertionSuccess();
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

/// f throws Error(inadmissible) naming `condition`.
inline ::testing::AssertionResult inadmissible(std::string const& condition, std::function<void()> const& f) {
  try {
    f();
  } catch (Error const& e) {
    if (e.kind() != Error::Kind::inadmissible) return ::testing::AssertionFailure() << "wrong error kind: " << e.what();
    if (e.condition() != condition)
      return ::testing::AssertionFailure() << "wrong condition " << e.condition() << ": " << e.what();
    return ::testing::AssertionSuccess() << e.what();
  }
  return ::testing::AssertionFailure() << "no error";
}

inline constexpr Error::Kind bad = Error::Kind::bad_argument;

inline bool mentions(std::string const& text, std::string_view what) { return text.find(what) != std::string::npos; }

// --- claims --------------------------------------------------------------------------------------

inline Claim claim(std::string_view text) { return Claim{false, L(text)}; }
inline Claim error_claim() { return Claim{true, Layout()}; }

// --- conformance vectors -------------------------------------------------------------------------

/// A case line of a conformance vector file, `<op>\t<arg1>\t...\t=>\t<result>`, split on TAB.
struct VectorLine {
  int line = 0;                     ///< 1-based line number in the file
  std::vector<std::string> fields;  ///< fields[0] is the op
  std::vector<int> columns;         ///< the 1-based column at which each field starts
};

/// The case lines of LAYOUTREF_CONFORMANCE_DIR/<file>: all but blank lines and '#' comments.
inline std::vector<VectorLine> read_vector_lines(std::string const& file) {
  std::ifstream in(std::string(LAYOUTREF_CONFORMANCE_DIR) + "/" + file);
  if (!in) throw std::runtime_error("cannot open " + file);
  std::vector<VectorLine> out;
  std::string text;
  int n = 0;
  while (std::getline(in, text)) {
    ++n;
    if (text.empty() || text[0] == '#') continue;
    VectorLine v;
    v.line = n;
    std::size_t start = 0;
    while (true) {
      std::size_t tab = text.find('\t', start);
      v.fields.push_back(text.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      v.columns.push_back(static_cast<int>(start) + 1);
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    out.push_back(std::move(v));
  }
  return out;
}

/// Checks one case: its line number, the parsed args and the parsed result.
using CaseCheck =
    std::function<void(int line, std::vector<notation::Term> const& args, notation::Term const& result)>;

/// Runs `check` on every case of `op` in LAYOUTREF_CONFORMANCE_DIR/<file>, with "file:line" as a
/// scoped trace. A line that is not `op\targs...\t=>\tresult`, a field that does not parse, and an
/// exception thrown by `check` are reported as failures naming file:line, and that case is not
/// counted. Returns the number of cases checked, for the caller to compare with the file's count.
inline int for_each_case(std::string const& file, std::string const& op, CaseCheck const& check) {
  int count = 0;
  for (VectorLine const& v : read_vector_lines(file)) {
    if (v.fields[0] != op) continue;
    std::string const at = file + ":" + std::to_string(v.line);
    std::size_t const n = v.fields.size();
    if (n < 3 || v.fields[n - 2] != "=>") {
      ADD_FAILURE() << at << ": expected <op>\\t<args>...\\t=>\\t<result>";
      continue;
    }
    std::vector<notation::Term> terms;  // the args, then the result
    bool parsed = true;
    for (std::size_t k = 1; k < n && parsed; ++k) {
      if (k == n - 2) continue;  // the `=>`
      notation::ParseResult r = notation::parse(v.fields[k], v.line, v.columns[k]);
      if (!r.ok) {
        ADD_FAILURE() << at << ": " << r.error.message();
        parsed = false;
      }
      terms.push_back(std::move(r.term));
    }
    if (!parsed) continue;
    notation::Term const result = std::move(terms.back());
    terms.pop_back();
    SCOPED_TRACE(at);
    try {
      check(v.line, terms, result);
      ++count;
    } catch (std::exception const& e) {
      ADD_FAILURE() << at << ": " << e.what();
    }
  }
  return count;
}

/// CuTe's text with the static markers (`_` before a digit or '-') removed: the README's literal
/// comparison with the spec's printed result.
inline std::string strip_static(std::string const& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    bool marker =
        s[i] == '_' && i + 1 < s.size() && (std::isdigit(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '-');
    if (!marker) out += s[i];
  }
  return out;
}

}  // namespace layoutref::spec::testing_support
