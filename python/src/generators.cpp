// layoutref python — layoutref::generators driven by a Python source of choices: the engine of
// layoutref.strategies (a pick is Hypothesis's `draw(integers(lo, hi))`), so the strategies make
// the same decisions from the same ranges as the RapidCheck generators of properties/.
#include "values.hpp"

#include <layoutref/equiv/operations.hpp>
#include <layoutref/generators/inputs.hpp>
#include <layoutref/generators/random.hpp>
#include <layoutref/spec/term.hpp>

#include <pybind11/stl.h>

#include <functional>
#include <limits>
#include <map>
#include <string>
#include <type_traits>

namespace layoutref::python {

namespace {

namespace gn = layoutref::generators;
namespace sp = layoutref::spec;
using gn::i64;

/// `o` as a 64-bit integer: an int (or an object with __index__, not a bool). @post TypeError for
/// anything else (None, 1.5, "3"), ValueError past 64 bits; `what` names the value in the message
i64 whole(py::handle o, std::string const& what) {
  if (PyBool_Check(o.ptr()) || !PyIndex_Check(o.ptr()))
    throw py::type_error(what + " must be an integer, got " + py::repr(o).cast<std::string>());
  py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(o.ptr()));
  if (!i) throw py::error_already_set();
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow != 0) throw py::value_error(what + " must fit in 64 bits, got " + py::repr(i).cast<std::string>());
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

/// A source of choices that asks a Python callable `pick(lo, hi)` for each value.
struct PySource {
  py::function f;
  i64 pick(i64 lo, i64 hi) {
    if (lo > hi) throw py::value_error("generators: an empty range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    i64 v = whole(f(lo, hi), "the source's answer for a pick in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    if (v < lo || v > hi)
      throw py::value_error("the source answered " + std::to_string(v) + " for a pick in [" + std::to_string(lo) + ", " +
                            std::to_string(hi) + "]");
    return v;
  }
  int pick_int(int lo, int hi) { return static_cast<int>(pick(lo, hi)); }
  template <class F>
  auto nested(F g) {
    return g(*this);
  }
};
static_assert(gn::Source<PySource>);

py::object layout(sp::Layout const& l) { return from_term(sp::to_term(l)); }

template <class T>
T get(py::dict const& o, char const* key, T fallback) {
  if (!o.contains(key)) return fallback;
  py::object v = o[key];
  if constexpr (std::is_same_v<T, std::string>) {
    if (!py::isinstance<py::str>(v)) throw py::type_error(std::string(key) + " must be a str, got " + py::repr(v).cast<std::string>());
    return v.cast<std::string>();
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!PyBool_Check(v.ptr()) && !PyLong_Check(v.ptr()))
      throw py::type_error(std::string(key) + " must be a bool, got " + py::repr(v).cast<std::string>());
    return PyObject_IsTrue(v.ptr()) == 1;
  } else {
    i64 n = whole(v, key);
    if (n < static_cast<i64>(std::numeric_limits<T>::min()) || n > static_cast<i64>(std::numeric_limits<T>::max()))
      throw py::value_error(std::string(key) + " is out of range: " + std::to_string(n));
    return static_cast<T>(n);
  }
}

/// The options any generator reads; another name is a typo, refused rather than ignored.
void check_option_names(py::dict const& o) {
  static constexpr char const* kKnown[] = {"max_depth", "max_rank", "max_leaves", "max_size", "max_extent", "negative",
                                           "zero",      "max_stride", "form",     "beyond"};
  for (auto const& [key, value] : o) {
    std::string name = py::str(key).cast<std::string>();
    bool known = false;
    for (char const* k : kKnown) known = known || name == k;
    if (!known) {
      std::string list;
      for (char const* k : kKnown) list += (list.empty() ? "" : ", ") + std::string(k);
      throw py::type_error("unknown generator option `" + name + "` (the options: " + list + ")");
    }
  }
}

gn::Bounds bounds(py::dict const& o) {
  gn::Bounds b;
  b.max_depth = get(o, "max_depth", b.max_depth);
  b.max_rank = get(o, "max_rank", b.max_rank);
  b.max_leaves = get(o, "max_leaves", b.max_leaves);
  b.max_size = get(o, "max_size", b.max_size);
  b.max_extent = get(o, "max_extent", b.max_extent);
  if (b.max_depth < 0 || b.max_depth > 8) throw py::value_error("max_depth must lie in 0..8");
  if (b.max_rank < 1 || b.max_rank > 16) throw py::value_error("max_rank must lie in 1..16");
  if (b.max_leaves < 1 || b.max_leaves > 32) throw py::value_error("max_leaves must lie in 1..32");
  if (b.max_size < 1 || b.max_size > (i64{1} << 40)) throw py::value_error("max_size must lie in 1..2^40");
  if (b.max_extent < 1 || b.max_extent > (i64{1} << 20)) throw py::value_error("max_extent must lie in 1..2^20");
  return b;
}

gn::StrideMix mix(py::dict const& o) {
  gn::StrideMix m;
  m.negative = get(o, "negative", m.negative);
  m.zero = get(o, "zero", m.zero);
  m.max_stride = get(o, "max_stride", m.max_stride);
  if (m.max_stride < 1 || m.max_stride > (i64{1} << 20)) throw py::value_error("max_stride must lie in 1..2^20");
  return m;
}

gn::TilerForm form(py::dict const& o) {
  std::string f = get<std::string>(o, "form", "any");
  if (f == "any") return gn::TilerForm::any;
  if (f == "layout") return gn::TilerForm::layout;
  if (f == "tuple") return gn::TilerForm::tuple;
  throw py::value_error("form must be 'any', 'layout' or 'tuple', got '" + f + "'");
}

py::object pair(gn::LayoutPair const& p) { return py::make_tuple(layout(p.a), layout(p.b)); }
py::object tiled(gn::LayoutTiler const& p) { return py::make_tuple(layout(p.a), from_term(p.tiler)); }
py::object complementable(gn::Complementable const& c) { return py::make_tuple(layout(c.a), c.cotarget); }

using Generator = std::function<py::object(PySource&, py::dict const&)>;

std::map<std::string, Generator> const& table() {
  static std::map<std::string, Generator> const t = {
      {"shape", [](PySource& s, py::dict const& o) { return from_term(sp::to_term(gn::shape(s, bounds(o)))); }},
      {"layout", [](PySource& s, py::dict const& o) { return layout(gn::layout(s, bounds(o), mix(o))); }},
      {"scaled_basis_layout", [](PySource& s, py::dict const& o) { return layout(gn::scaled_basis_layout(s, bounds(o))); }},
      {"identity_layout", [](PySource& s, py::dict const& o) { return layout(gn::identity_layout(s, bounds(o))); }},
      {"composable_pair", [](PySource& s, py::dict const& o) { return pair(gn::composable_pair(s, bounds(o))); }},
      {"composable_tiler", [](PySource& s, py::dict const& o) { return tiled(gn::composable_tiler(s, bounds(o))); }},
      {"complementable", [](PySource& s, py::dict const& o) { return complementable(gn::complementable(s, bounds(o))); }},
      {"injective_layout",
       [](PySource& s, py::dict const& o) { return layout(gn::injective_layout(s, bounds(o), get(o, "beyond", true))); }},
      {"bijective_layout", [](PySource& s, py::dict const& o) { return layout(gn::bijective_layout(s, bounds(o))); }},
      {"divisible", [](PySource& s, py::dict const& o) { return tiled(gn::divisible(s, bounds(o), form(o))); }},
      {"small_layout",
       [](PySource& s, py::dict const& o) {
         int leaves = get(o, "max_leaves", 4);
         i64 size = get<i64>(o, "max_size", 64);
         if (leaves < 1 || leaves > 32 || size < 1 || size > (i64{1} << 40)) throw py::value_error("small_layout: bad bounds");
         return layout(gn::small_layout(s, leaves, size));
       }},
      {"product_admissible", [](PySource& s, py::dict const& o) { return tiled(gn::product_admissible(s, bounds(o), form(o))); }},
      {"blocked_pair", [](PySource& s, py::dict const&) { return pair(gn::blocked_pair(s)); }},
      {"tile_to_shape_input",
       [](PySource& s, py::dict const&) {
         gn::TileToShape in = gn::tile_to_shape_input(s);
         if (in.order) return py::make_tuple(layout(in.block), from_term(sp::to_term(in.shape)), from_term(sp::to_term(*in.order)));
         return py::make_tuple(layout(in.block), from_term(sp::to_term(in.shape)));
       }},
      {"swizzled_layout", [](PySource& s, py::dict const& o) { return from_term(gn::to_term(gn::swizzled_layout(s, bounds(o)))); }},
      {"non_complementable", [](PySource& s, py::dict const&) { return complementable(gn::non_complementable(s)); }},
      {"non_composable", [](PySource& s, py::dict const&) { return pair(gn::non_composable(s)); }},
      {"bad_tiler", [](PySource& s, py::dict const&) { return tiled(gn::bad_tiler(s)); }},
      {"non_product", [](PySource& s, py::dict const&) { return tiled(gn::non_product(s)); }},
  };
  return t;
}

}  // namespace

void bind_generators(py::module_& m) {
  m.def("_generate", [](std::string const& name, py::function pick, py::dict options) -> py::object {
    PySource s{std::move(pick)};
    auto const& t = table();
    auto it = t.find(name);
    if (it == t.end()) throw py::value_error("no generator `" + name + "`");
    check_option_names(options);
    try {
      return it->second(s, options);
    } catch (sp::Error const& e) {
      raise_spec_error(e);
    }
  }, "_generate(name, pick, options): the generator `name` of layoutref::generators, each choice `pick(lo, hi)`.");
  m.def("_generate_input", [](std::string const& op, bool admissible, py::function pick, int tries) -> py::object {
    if (!gn::has_inputs(op, admissible))
      throw py::value_error("no generator of " + std::string(admissible ? "admissible" : "inadmissible") + " inputs for `" + op + "`");
    if (tries < 1) throw py::value_error("tries must be at least 1");
    PySource s{std::move(pick)};
    try {
      // The label is the spec's (equiv::spec_admits), as `layoutref gen` checks it: an input the
      // spec does not label so is drawn again, `tries` draws in all; None when none was.
      for (int k = 0; k < tries; ++k) {
        auto args = gn::input(s, op, admissible);
        if (equiv::spec_admits(op, *args) != (admissible ? equiv::Admits::yes : equiv::Admits::no)) continue;
        py::tuple out(args->size());
        for (size_t i = 0; i < args->size(); ++i) out[i] = from_term((*args)[i]);
        return out;
      }
      return py::none();
    } catch (sp::Error const& e) {
      raise_spec_error(e);
    }
  }, py::arg("op"), py::arg("admissible"), py::arg("pick"), py::arg("tries") = 1000,
     "_generate_input(op, admissible, pick, tries=1000): one input of op (its arguments) that the spec labels so, as `layoutref "
     "gen` writes them, drawn at most `tries` times; None when no draw was.");
  m.def("_generators", [] {
    std::vector<std::string> names;
    for (auto const& [name, g] : table()) names.push_back(name);
    return names;
  });
  m.def("_input_operations", [](bool admissible) {
    std::vector<std::string> ops;
    for (auto const& op : gn::input_operations())
      if (gn::has_inputs(op, admissible)) ops.push_back(op);
    return ops;
  });
  m.def("_seeded_picks", [](std::uint64_t seed) {
    // The seeded source of `layoutref gen`, as a Python callable (tests: the same file as gen).
    auto src = std::make_shared<gn::SeededSource>(seed);
    return py::cpp_function([src](i64 lo, i64 hi) {
      if (lo > hi) throw py::value_error("an empty range");
      return src->pick(lo, hi);
    });
  }, "A callable pick(lo, hi) drawing from `layoutref gen`'s seeded source.");
}

}  // namespace layoutref::python
