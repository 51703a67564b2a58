// layoutref python — the module `layoutref._layoutref` (the package layoutref, python/layoutref,
// wraps it): layouts in CuTe's notation and pycute's tuples, every operation of equiv's table
// computed with impl under CuTe's name, the spec's functions (layoutref.spec), audit (the
// spec's judgement of a claimed result), the generators driven by a Python source of choices
// (layoutref.strategies), and `prove` (proofs/command, when built with z3).
//
// Bad input raises a Python exception (TypeError, ValueError, layoutref.LayoutError), never a
// crash: every call converts its arguments first (values.hpp), impl answers with values, and
// the spec's errors are caught at this boundary.
#include "values.hpp"

#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/operations.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/checked.hpp>
#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/term.hpp>

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

namespace layoutref::python {

void bind_generators(py::module_& m);  // generators.cpp
void bind_prove(py::module_& m);       // prove.cpp

namespace {

namespace sp = layoutref::spec;

char const* code_name(impl::Errc e) {
  switch (e) {
    case impl::Errc::ok: return "ok";
    case impl::Errc::overflow: return "overflow";
    case impl::Errc::capacity: return "capacity";
    case impl::Errc::bad_argument: return "bad_argument";
    case impl::Errc::inadmissible: return "inadmissible";
  }
  return "internal";
}

std::vector<Term> to_args(py::args const& args) {
  std::vector<Term> out;
  for (py::handle a : args) out.push_back(to_term(a));
  return out;
}

std::string call_text(std::string const& op, std::vector<Term> const& args) {
  std::string s = op + "(";
  for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + notation::print(args[i]);
  return s + ")";
}

/// size, rank and depth of a shape (not a layout): the spec's, as `layoutref eval` answers them.
std::optional<py::object> shape_query(std::string const& op, std::vector<Term> const& args) {
  if ((op != "size" && op != "rank" && op != "depth") || args.size() != 1 || is_layout_term(args[0])) return std::nullopt;
  try {
    sp::IntTuple s = sp::to_shape(args[0]);
    long long v = op == "size" ? sp::size(s) : op == "rank" ? sp::rank(s) : sp::depth(s);
    return py::int_(v);
  } catch (sp::Error const& e) {
    raise_spec_error(e);
  }
}

/// impl's result of `op` on the arguments, through its row of equiv's table.
py::object compute(std::string const& op, std::vector<Term> const& args) {
  if (auto q = shape_query(op, args)) return *q;
  equiv::Operation const* row = equiv::operations().find(op);
  if (!row) throw py::value_error("unknown operation `" + op + "`");
  equiv::ImplResult r;
  try {
    r = row->compute(args);
  } catch (sp::Error const& e) {
    raise_spec_error(e);
  }
  if (!r.term) {
    std::string cond = impl::name(r.error.condition);
    raise_layout_error(call_text(op, args) + ": " + impl::str(r.error), code_name(r.error.code), cond, impl::message(r.error));
  }
  return from_term(*r.term);
}

std::string usage_doc(equiv::Operation const& row) {
  std::string s = row.usage + ": CuTe's " + row.name + ", computed with impl (layoutref's fast algebra).\n\nArguments: ";
  for (size_t i = 0; i < row.args.size(); ++i)
    s += std::string(i ? ", " : "") + equiv::name(row.args[i]) + (i >= row.min_args ? " (optional)" : "");
  return s + ".\nRaises layoutref.LayoutError when impl refuses the input (its .condition names why).";
}

/// The spec's judgement of a claimed result.
struct Verdict {
  std::string op;
  std::string verdict;  // correct | wrong | unsupported
  std::string detail;
  std::optional<long long> index;
  std::optional<std::string> coordinate, claimed_value, expected_value, condition;
  bool depends_on_extension = false;
  bool correct() const { return verdict == "correct"; }
};

Verdict audit(std::string const& op, py::object const& args, py::object const& claimed) {
  if (!equiv::operations().find(op)) throw py::value_error("unknown operation `" + op + "`");
  std::vector<Term> terms;
  if (py::isinstance<py::tuple>(args) || py::isinstance<py::list>(args)) {
    for (py::handle a : args) terms.push_back(to_term(a));
  } else {
    terms.push_back(to_term(args));  // one argument, not in a tuple
  }
  Term claim;
  if (PyExceptionInstance_Check(claimed.ptr()))
    claim = Term::make_word("error");  // the implementation refused the input by raising
  else
    claim = to_term(claimed);
  equiv::Outcome o = equiv::audit_terms(op, terms, claim);
  if (o.verdict == equiv::Verdict::malformed) throw py::value_error(op + ": " + o.detail);
  Verdict v;
  v.op = op;
  v.verdict = equiv::name(o.verdict);
  v.detail = o.detail;
  if (!o.condition.empty()) {
    v.condition = o.condition;
  } else if (equiv::Operation const* row = equiv::operations().find(op); row->admissible) {
    // The judges that answer (rather than throw) on an inadmissible input name the condition in
    // their text only: ask the spec's admissibility predicate for it.
    try {
      sp::Admissibility a = row->admissible(terms);
      if (!a.ok) v.condition = a.condition;
    } catch (sp::Error const&) {
      // no condition to name (a malformed argument was judged already)
    }
  }
  if (o.judgement) {
    auto const& j = *o.judgement;
    if (j.index) v.index = *j.index;
    if (!j.coordinate.empty()) v.coordinate = j.coordinate;
    if (!j.claimed_value.empty()) v.claimed_value = j.claimed_value;
    if (!j.expected_value.empty()) v.expected_value = j.expected_value;
    v.depends_on_extension = j.depends_on_extension;
  }
  return v;
}

py::object layout_call(Layout const& l, py::args const& args) {
  if (args.size() == 0) throw py::type_error("a layout is called with an index or a coordinate");
  Term c = args.size() == 1 ? to_term(args[0]) : to_term(py::tuple(args));
  if (c.kind == Kind::integer) return compute("eval", {l.term, c});
  return compute("crd2idx", {c, l.term});
}

Term const& plain(Layout const& l) {
  if (l.term.kind != Kind::layout) throw py::value_error("a swizzled layout has no shape and stride of its own (see .inner)");
  return l.term;
}

py::object spec_layout(sp::Layout const& l) { return from_term(sp::to_term(l)); }

void bind_spec(py::module_& m) {
  py::module_ s = m.def_submodule("spec", "The executable specification: each operation as its definition computes it "
                                          "(plain recursive values, checked arithmetic).");
  for (auto const& [name, row] : equiv::operations().rows()) {
    if (!row.reference) continue;
    std::string op = name;
    s.def(
        name.c_str(),
        [op](py::args const& args) -> py::object {
          auto terms = to_args(args);
          equiv::Operation const* r = equiv::operations().find(op);
          if (terms.size() < r->min_args || terms.size() > r->max_args())
            throw py::type_error(r->usage + " takes " + std::to_string(r->min_args) +
                                 (r->max_args() != r->min_args ? " to " + std::to_string(r->max_args()) : std::string()) +
                                 " arguments, got " + std::to_string(terms.size()));
          try {
            return spec_layout(r->reference(terms));
          } catch (sp::Error const& e) {
            raise_spec_error(e);
          }
        },
        (row.usage + ": the spec's result (CuTe's construction; raises LayoutError where it has none).").c_str());
  }
  auto one_layout = [](py::handle h) {
    try {
      return sp::to_layout(to_term(h));
    } catch (sp::Error const& e) {
      raise_spec_error(e);
    }
  };
  auto guarded = [](auto f) {
    try {
      return f();
    } catch (sp::Error const& e) {
      raise_spec_error(e);
    }
  };
  s.def("right_inverse", [=](py::object l) { return guarded([&] { return spec_layout(sp::right_inverse(one_layout(l))); }); },
        "right_inverse(L): the spec's right inverse (one of them: they are not unique).");
  s.def("left_inverse", [=](py::object l) { return guarded([&] { return spec_layout(sp::left_inverse(one_layout(l))); }); },
        "left_inverse(L): the spec's left inverse (one of them: they are not unique).");
  s.def("size", [=](py::object l) { return guarded([&] { return sp::size(one_layout(l)); }); }, "size(L): the size of the domain.");
  s.def("cosize", [=](py::object l) { return guarded([&] { return sp::cosize(one_layout(l)); }); }, "cosize(L): L(size(L) - 1) + 1.");
  s.def("rank", [=](py::object l) { return guarded([&] { return sp::rank(one_layout(l)); }); });
  s.def("depth", [=](py::object l) { return guarded([&] { return sp::depth(one_layout(l)); }); });
  s.def("evaluate", [=](py::object l, long long i) {
    return guarded([&] { return from_term(sp::to_term(sp::evaluate(one_layout(l), i))); });
  }, "evaluate(L, i): L(i) by the spec's evaluation rule (i in [0, size(L))).");
  s.def("crd2idx", [=](py::object c, py::object l) {
    return guarded([&] { return from_term(sp::to_term(sp::crd2idx(sp::to_int_tuple(to_term(c)), one_layout(l)))); });
  }, "crd2idx(c, L): L at the natural coordinate c.");
  s.def("idx2crd", [=](long long i, py::object shape) {
    return guarded([&] { return from_term(sp::to_term(sp::idx2crd(i, sp::to_shape(to_term(shape))))); });
  }, "idx2crd(i, S): the natural coordinate of index i in shape S.");
  s.def("is_admissible", [](std::string const& op, py::args const& args) {
    equiv::Operation const* r = equiv::operations().find(op);
    if (!r) throw py::value_error("unknown operation `" + op + "`");
    auto terms = to_args(args);
    if (terms.size() < r->min_args || terms.size() > r->max_args())
      throw py::type_error(r->usage + ": " + std::to_string(terms.size()) + " arguments");
    py::dict out;
    if (!r->admissible) {
      out["ok"] = true;
      out["condition"] = py::none();
      out["witness"] = py::none();
      return out;
    }
    try {
      sp::Admissibility a = r->admissible(terms);
      out["ok"] = a.ok;
      out["condition"] = a.ok ? py::object(py::none()) : py::object(py::str(a.condition));
      out["witness"] = a.ok ? py::object(py::none()) : py::object(py::str(a.witness));
      out["notes"] = a.notes;
    } catch (sp::Error const& e) {
      raise_spec_error(e);
    }
    return out;
  }, "is_admissible(op, *args): the spec's admissibility predicate, as a dict {ok, condition, witness, notes}.");
}

}  // namespace

PYBIND11_MODULE(_layoutref, m) {
  m.doc() = "layoutref's C++ core; use the package `layoutref`.";

  py::class_<Layout>(m, "Layout", "A CuTe layout: `Layout(\"(4,8):(8,1)\")`, `Layout((4,8), (8,1))` (pycute's tuples), "
                                  "`Layout((4,8))` (column-major), or `Layout(obj)` for any object with .shape and .stride.")
      .def(py::init([](py::object a, py::object b) {
             if (b.is_none()) {
               if (py::isinstance<py::str>(a) || py::isinstance<Layout>(a) || (py::hasattr(a, "shape") && py::hasattr(a, "stride")))
                 return make_layout(to_term(a));
               // a shape alone: CuTe's make_layout(shape), column-major
               Term shape = to_term(a);
               try {
                 sp::IntTuple s = sp::to_shape(shape);
                 std::vector<sp::i64> ext = sp::leaves(s), str;
                 sp::i64 d = 1;
                 for (sp::i64 e : ext) {
                   str.push_back(d);  // the prefix products, as pycute's Layout(shape) makes them
                   d = sp::mul(d, e);
                 }
                 return make_layout(Term::make_layout(shape, sp::to_term(sp::unflatten(str, s))));
               } catch (sp::Error const& e) {
                 throw py::value_error(std::string("not a shape: ") + e.what());
               }
             }
             return make_layout(Term::make_layout(to_term(a), to_term(b)));
           }),
           py::arg("shape_or_text"), py::arg("stride") = py::none())
      .def_property_readonly("shape", [](Layout const& l) { return from_term(plain(l).children[0]); },
                             "The shape as pycute writes it: nested tuples of ints.")
      .def_property_readonly("stride", [](Layout const& l) { return from_term(plain(l).children[1]); },
                             "The stride as pycute writes it (a basis stride `1@0` is a layoutref.Term).")
      .def("to_tuples", [](Layout const& l) { return py::make_tuple(from_term(plain(l).children[0]), from_term(plain(l).children[1])); },
           "(shape, stride) as pycute writes them: `pycute.Layout(*L.to_tuples())`.")
      .def_property_readonly("is_swizzled", [](Layout const& l) { return l.term.kind == Kind::chain; })
      .def_property_readonly("swizzle", [](Layout const& l) -> py::object {
        if (l.term.kind != Kind::chain) return py::none();
        auto const& w = l.term.children[0];
        return py::make_tuple(w.swizzle_b, w.swizzle_m, w.swizzle_s);
      }, "(B, M, S) of a swizzled layout Sw<B,M,S> o off o L, else None.")
      .def_property_readonly("offset", [](Layout const& l) -> py::object {
        if (l.term.kind != Kind::chain) return py::int_(0);
        return from_term(l.term.children[1]);
      })
      .def_property_readonly("inner", [](Layout const& l) { return l.term.kind == Kind::chain ? Layout{l.term.children[2]} : l; })
      .def("__call__", &layout_call, "L(i): the value at index i (impl); L(c) or L(i, j, ...): at the natural coordinate c.")
      .def("size", [](Layout const& l) { return compute("size", {l.term}); })
      .def("cosize", [](Layout const& l) { return compute("cosize", {l.term}); })
      .def("rank", [](Layout const& l) { return compute("rank", {l.term}); })
      .def("depth", [](Layout const& l) { return compute("depth", {l.term}); })
      .def("__len__", [](Layout const& l) {
        Term const& t = plain(l);
        return t.children[0].kind == Kind::tuple ? t.children[0].children.size() : size_t{1};
      }, "rank(L), as pycute's len()")
      .def("__getitem__", [](Layout const& l, long i) {
        Term const& t = plain(l);
        long n = t.children[0].kind == Kind::tuple ? static_cast<long>(t.children[0].children.size()) : 1;
        if (i < 0) i += n;
        if (i < 0 || i >= n) throw py::index_error("mode " + std::to_string(i) + " of a layout of rank " + std::to_string(n));
        if (t.children[0].kind != Kind::tuple) return l;
        return Layout{Term::make_layout(t.children[0].children[static_cast<size_t>(i)], t.children[1].children[static_cast<size_t>(i)])};
      }, "The mode i (CuTe's layout<i>).")
      .def("__str__", [](Layout const& l) { return notation::print(l.term); })
      .def("__repr__", [](Layout const& l) { return "Layout('" + notation::print(l.term) + "')"; })
      .def("__eq__", [](Layout const& a, py::object const& b) -> py::object {
        if (!py::isinstance<Layout>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        return py::bool_(without_static_marks(a.term) == without_static_marks(b.cast<Layout const&>().term));
      }, "Same shape and stride (static markers `_` do not count).")
      .def("__hash__", [](Layout const& l) { return py::hash(py::str(notation::print(without_static_marks(l.term)))); });

  py::class_<Value>(m, "Term", "A value of CuTe's notation with no Python counterpart: a basis element `1@0`, a coordinate "
                               "tensor `ArithTuple(0,0) o (4,8):(1@0,1@1)`, a swizzle.")
      .def(py::init([](std::string const& text) { return Value{to_term(py::str(text))}; }))
      .def("__str__", [](Value const& v) { return notation::print(v.term); })
      .def("__repr__", [](Value const& v) { return "Term('" + notation::print(v.term) + "')"; })
      .def("__eq__", [](Value const& a, py::object const& b) -> py::object {
        if (!py::isinstance<Value>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        return py::bool_(without_static_marks(a.term) == without_static_marks(b.cast<Value const&>().term));
      })
      .def("__hash__", [](Value const& v) { return py::hash(py::str(notation::print(without_static_marks(v.term)))); });

  py::class_<Verdict>(m, "Verdict", "The spec's judgement of a claimed result (layoutref.audit).")
      .def_property_readonly("correct", &Verdict::correct)
      .def_readonly("op", &Verdict::op)
      .def_readonly("verdict", &Verdict::verdict, "correct, wrong or unsupported (the spec could not judge: a table past its limit)")
      .def_readonly("detail", &Verdict::detail)
      .def_readonly("index", &Verdict::index, "the first index where the claimed layout differs, or None")
      .def_readonly("coordinate", &Verdict::coordinate, "that index as a natural coordinate of the claimed shape")
      .def_readonly("claimed_value", &Verdict::claimed_value)
      .def_readonly("expected_value", &Verdict::expected_value)
      .def_readonly("condition", &Verdict::condition, "the violated condition when the input is inadmissible, or None")
      .def_readonly("depends_on_extension", &Verdict::depends_on_extension)
      .def("__bool__", &Verdict::correct)
      .def("__repr__", [](Verdict const& v) {
        std::string s = "<Verdict " + v.op + ": " + v.verdict;
        if (v.index) s += " at index " + std::to_string(*v.index);
        if (v.condition) s += " (" + *v.condition + ")";
        return s + (v.detail.empty() ? "" : ": " + v.detail) + ">";
      });

  for (auto const& [name, row] : equiv::operations().rows()) {
    std::string op = name;
    m.def(name.c_str(), [op](py::args const& args) { return compute(op, to_args(args)); }, usage_doc(row).c_str());
  }
  m.def("operations", [] {
    std::vector<std::string> names;
    for (auto const& [name, row] : equiv::operations().rows()) names.push_back(name);
    return names;
  }, "The names of every operation (equiv's table).");
  m.def("usage", [](std::string const& op) {
    equiv::Operation const* r = equiv::operations().find(op);
    if (!r) throw py::value_error("unknown operation `" + op + "`");
    return r->usage;
  });
  m.def("audit", &audit, py::arg("op"), py::arg("args"), py::arg("claimed"),
        "audit(op, args, claimed): the spec's verdict on `claimed` as the result of op(*args).");
  m.def("cute", [](py::object v) { return notation::print(to_term(v)); }, "The value in CuTe's notation.");
  m.def("parse", [](std::string const& text) { return from_term(to_term(py::str(text))); },
        "A text in CuTe's notation as a Python value (Layout, int, tuple, None for `_`, Term).");

  bind_spec(m);
  bind_generators(m);
  bind_prove(m);
}

}  // namespace layoutref::python
