#pragma once
// layoutref gpu — the functions the eval and tables suites check: impl's layout (or swizzled
// layout) beside the spec's, flattened for the device rule (spec_rule.cuh). They come from a
// catalogue (items.cpp), from the operations of equiv's table (a row's impl computation and its
// spec reference) on the catalogue's inputs and on the conformance vectors, and from the tiled
// MMAs' thread-value layouts (suite_tensor.cpp).
#include "check.hpp"
#include "report.hpp"

#include <layoutref/impl/term.hpp>
#include <layoutref/notation/term.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/value.hpp>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace layoutref::gpu {

/// `text` read in CuTe's notation; throws std::runtime_error naming it when it does not parse.
notation::Term term(std::string const& text);

/// r's value; throws std::runtime_error naming `what` and impl's error otherwise.
template <class T>
T must(impl::Result<T> const& r, std::string const& what) {
  if (!r.ok()) throw std::runtime_error(what + ": impl: " + impl::str(r.error));
  return r.value;
}

/// One function checked on the device.
struct Item {
  std::string kind;  ///< the row of the report: int, basis, swizzle, the operation's name, ...
  std::string name;
  ImplFunction impl;
  spec_rule::Function rule;
  PathTable paths;
  std::vector<spec::Path> path_list;
  int evaluators = 0;
  i64 size = 0;
  /// The spec library's value at i (for host tables); empty where the item has none.
  std::function<spec::Value(i64)> spec_at;
  bool vector_case = false;  ///< from the conformance vectors (reported per operation, not per case)
};

/// L flattened to its leaves for the device rule; basis paths numbered into `paths` (value
/// component k is paths[k-1]). Throws std::runtime_error past the rule's 16 leaves or its components.
void flatten(spec::Layout const& l, spec_rule::Flat& f, std::vector<spec::Path>& paths);

/// The impl layout l, judged by the spec's layout s. Throws std::runtime_error when s cannot be
/// sent (too many leaves or basis paths, values outside int64) or the sizes differ.
Item function_item(std::string kind, std::string name, impl::Layout const& l, spec::Layout const& s);

/// The catalogue's layouts and swizzled layouts, and its operations (op_items). Inputs that
/// cannot be read or sent are added to `problems`.
std::vector<Item> catalogue(Run& run, std::vector<std::string>& problems);

/// Every case of the conformance vectors (Options::data, equiv's reader) whose operation has a
/// spec reference in equiv's table (op_items). Unreadable files are added to `problems`.
std::vector<Item> vector_items(Run& run, std::vector<std::string>& problems);

}  // namespace layoutref::gpu
