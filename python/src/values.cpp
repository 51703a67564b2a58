// layoutref python — conversions between Python values and CuTe's notation (values.hpp).
#include "values.hpp"

#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/term.hpp>

#include <climits>

namespace layoutref::python {

namespace {

char const* kind_code(spec::Error::Kind k) {
  switch (k) {
    case spec::Error::Kind::overflow: return "overflow";
    case spec::Error::Kind::table_limit: return "table_limit";
    case spec::Error::Kind::bad_argument: return "bad_argument";
    case spec::Error::Kind::inadmissible: return "inadmissible";
  }
  return "internal";
}

}  // namespace

[[noreturn]] void raise_layout_error(std::string const& message, std::string const& code, std::string const& condition,
                                     std::string const& witness) {
  py::object cls = py::module_::import("layoutref._errors").attr("LayoutError");
  py::object cond = condition.empty() ? py::object(py::none()) : py::object(py::str(condition));
  py::object exc = cls(message, code, cond, witness);
  PyErr_SetObject(cls.ptr(), exc.ptr());
  throw py::error_already_set();
}

[[noreturn]] void raise_spec_error(spec::Error const& e) {
  if (e.kind() == spec::Error::Kind::bad_argument) throw py::value_error(e.what());
  std::string message = e.what();
  std::string witness = message;
  std::string prefix = e.condition() + ": ";
  if (!e.condition().empty() && witness.rfind(prefix, 0) == 0) witness = witness.substr(prefix.size());
  raise_layout_error(message, kind_code(e.kind()), e.condition(), witness);
}

bool is_layout_term(Term const& t) {
  if (t.kind == Kind::layout) return true;
  return t.kind == Kind::chain && t.children.size() == 3 && t.children[0].kind == Kind::swizzle &&
         t.children[2].kind == Kind::layout;
}

Layout make_layout(Term t) {
  if (!is_layout_term(t)) throw py::value_error("not a layout: " + notation::print(t));
  try {
    if (t.kind == Kind::layout) {
      (void)spec::to_layout(t);
    } else {
      (void)spec::to_composed(t);
    }
  } catch (spec::Error const& e) {
    throw py::value_error(std::string("not a layout: ") + e.what());
  }
  return Layout{std::move(t)};
}

Term without_static_marks(Term t) {
  t.integer.is_static = false;
  t.basis.scale.is_static = false;
  t.line = t.column = 1;
  for (auto& c : t.children) c = without_static_marks(std::move(c));
  return t;
}

Term to_term(py::handle h, int depth) {
  if (depth > notation::kMaxNesting)
    throw py::value_error("nesting deeper than " + std::to_string(notation::kMaxNesting) + " levels");
  if (py::isinstance<Layout>(h)) return h.cast<Layout const&>().term;
  if (py::isinstance<Value>(h)) return h.cast<Value const&>().term;
  if (h.is_none()) return Term::make_underscore();
  if (PyBool_Check(h.ptr())) throw py::type_error("a bool is not a layout, a tuple or an integer");
  if (PyLong_Check(h.ptr()) || (!PyUnicode_Check(h.ptr()) && PyIndex_Check(h.ptr()))) {
    py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr()));
    if (!i) throw py::error_already_set();
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
    if (overflow != 0) throw py::value_error("the integer " + py::str(i).cast<std::string>() + " does not fit in 64 bits");
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    return Term::make_integer(v, false);
  }
  if (py::isinstance<py::str>(h)) {
    Py_ssize_t n = 0;
    char const* utf8 = PyUnicode_AsUTF8AndSize(h.ptr(), &n);
    if (!utf8) {  // a lone surrogate such as '\ud800' has no UTF-8 form
      PyErr_Clear();
      throw py::value_error("the text " + py::repr(h).cast<std::string>() + " is not valid Unicode (a lone surrogate?)");
    }
    std::string text(utf8, static_cast<size_t>(n));
    auto p = notation::parse(text);
    if (!p.ok) throw py::value_error("`" + text + "`: " + p.error.message());
    return p.term;
  }
  // before tuples: a library's layout may be a namedtuple (shape, stride)
  if (py::hasattr(h, "shape") && py::hasattr(h, "stride")) {
    py::object shape = h.attr("shape"), stride = h.attr("stride");
    // pycute's shape and stride are attributes; a library may make them methods
    if (PyCallable_Check(shape.ptr()) && !py::isinstance<py::tuple>(shape)) shape = shape();
    if (PyCallable_Check(stride.ptr()) && !py::isinstance<py::tuple>(stride)) stride = stride();
    return Term::make_layout(to_term(shape, depth + 1), to_term(stride, depth + 1));
  }
  if (py::isinstance<py::tuple>(h) || py::isinstance<py::list>(h)) {
    std::vector<Term> items;
    for (py::handle x : h) items.push_back(to_term(x, depth + 1));
    return Term::make_tuple(std::move(items));
  }
  throw py::type_error("cannot read a " + std::string(Py_TYPE(h.ptr())->tp_name) +
                       " as a layout, a tuple, an integer or CuTe notation");
}

py::object from_term(Term const& t) {
  switch (t.kind) {
    case Kind::integer: return py::int_(static_cast<long long>(t.integer.value));
    case Kind::underscore: return py::none();
    case Kind::word: return py::str(t.word);
    case Kind::tuple: {
      py::tuple out(t.children.size());
      for (size_t i = 0; i < t.children.size(); ++i) out[i] = from_term(t.children[i]);
      return out;
    }
    default: break;
  }
  if (is_layout_term(t)) return py::cast(Layout{t});
  return py::cast(Value{t});
}

}  // namespace layoutref::python
