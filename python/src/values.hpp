// layoutref python — Python values and CuTe's notation (the module's one conversion layer).
//
// From Python: a Layout (or Term) object; an int (anything with __index__, not bool); None for
// `_`; a tuple or list (a tuple term); a str in CuTe's notation (`(4,8):(8,1)`, an MMA atom's
// name, `error`); an object with `.shape` and `.stride` (pycute's Layout and its kin).
// To Python: a layout (or a swizzled layout) is a Layout; an integer an int; a tuple a tuple;
// `_` None; a word a str; anything else (a basis element `1@0`, a coordinate tensor) a Term.
#pragma once

#include <layoutref/notation/term.hpp>
#include <layoutref/spec/error.hpp>

#include <pybind11/pybind11.h>

#include <string>

namespace layoutref::python {

namespace py = pybind11;
using notation::Kind;
using notation::Term;

/// A layout `S:D`, or a swizzled layout `Sw<B,M,S> o off o S:D` (kind chain).
struct Layout {
  Term term;
};
/// Any other term of CuTe's notation (a basis element, a coordinate tensor, a swizzle).
struct Value {
  Term term;
};

/// The term of a Python value. Throws py::type_error (a value of no such kind) or
/// py::value_error (malformed notation, an integer past 64 bits, nesting too deep).
Term to_term(py::handle h, int depth = 0);
/// The Python value of a term.
py::object from_term(Term const& t);
/// Whether t is a layout or a swizzled layout (what Layout holds).
bool is_layout_term(Term const& t);
/// A Layout of t, checked as the spec reads a layout (shape entries >= 1, shape and stride
/// congruent). Throws py::value_error naming what is wrong.
Layout make_layout(Term t);
/// The term with every static marker dropped (for comparing and hashing).
Term without_static_marks(Term t);

/// Raise layoutref.LayoutError(message, code, condition, witness).
[[noreturn]] void raise_layout_error(std::string const& message, std::string const& code, std::string const& condition,
                                     std::string const& witness);
/// Raise a spec::Error as Python sees it: LayoutError for inadmissible, overflow and
/// table_limit; ValueError for bad_argument.
[[noreturn]] void raise_spec_error(spec::Error const& e);

}  // namespace layoutref::python
