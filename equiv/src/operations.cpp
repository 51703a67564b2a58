// layoutref equiv — the table of operations (operations.hpp): its rows, and how it is built.
#include <layoutref/equiv/operations.hpp>

#include <layoutref/spec/error.hpp>

#include <exception>
#include <stdexcept>

namespace layoutref::equiv {

char const* name(ArgKind k) {
  switch (k) {
    case ArgKind::layout: return "layout";
    case ArgKind::layout_or_swizzled: return "layout or swizzled layout";
    case ArgKind::layout_or_tensor: return "layout or coordinate tensor";
    case ArgKind::tensor: return "coordinate tensor";
    case ArgKind::tiler: return "tiler";
    case ArgKind::shape: return "shape";
    case ArgKind::shape_or_layout: return "shape or layout";
    case ArgKind::int_tuple: return "integer or tuple";
    case ArgKind::coordinate: return "coordinate";
    case ArgKind::integer: return "integer";
    case ArgKind::layout_or_integer: return "layout or integer";
    case ArgKind::mma_atom: return "MMA atom";
  }
  return "?";
}

void declare_operations(OperationTable& t) {
  using K = ArgKind;
  using R = Returns;
  // Queries (conform_basic.cpp).
  t.declare("size(L)", {K::layout_or_swizzled}, 1, R::value);
  t.declare("cosize(L)", {K::layout_or_swizzled}, 1, R::value);
  t.declare("rank(L)", {K::layout}, 1, R::value);
  t.declare("depth(L)", {K::layout}, 1, R::value);
  t.declare("eval(T or L, i)", {K::layout_or_tensor, K::integer}, 2, R::value);
  t.declare("crd2idx(c, S or L)", {K::int_tuple, K::shape_or_layout}, 2, R::value);
  t.declare("idx2crd(i, S)", {K::int_tuple, K::shape}, 2, R::value);
  t.declare("max_alignment(L)", {K::layout}, 1, R::value);
  t.declare("max_common_vector(A, B)", {K::layout_or_swizzled, K::layout_or_swizzled}, 2, R::integer);
  // Layout operations.
  t.declare("coalesce(L[, P])", {K::layout, K::int_tuple}, 1, R::layout);
  t.declare("filter(L[, P])", {K::layout, K::int_tuple}, 1, R::layout);
  t.declare("filter_zeros(L)", {K::layout}, 1, R::layout);
  t.declare("composition(T or A, B)", {K::layout_or_tensor, K::tiler}, 2, R::layout);
  t.declare("complement(L[, M])", {K::layout, K::shape}, 1, R::layout);
  t.declare("right_inverse(L)", {K::layout}, 1, R::layout);
  t.declare("left_inverse(L)", {K::layout}, 1, R::layout);
  t.declare("max_common_layout(A, B)", {K::layout, K::layout}, 2, R::layout);
  for (char const* op : {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"})
    t.declare(std::string(op) + "(T or L, tiler)", {K::layout_or_tensor, K::tiler}, 2, R::layout);
  for (char const* op : {"logical_product", "zipped_product", "tiled_product", "flat_product"})
    t.declare(std::string(op) + "(A, T)", {K::layout, K::tiler}, 2, R::layout);
  t.declare("blocked_product(A, B)", {K::layout, K::layout}, 2, R::layout);
  t.declare("raked_product(A, B)", {K::layout, K::layout}, 2, R::layout);
  t.declare("tile_to_shape(L, S[, order])", {K::layout, K::shape, K::int_tuple}, 2, R::layout);
  // Construction.
  t.declare("make_layout_like(L)", {K::layout}, 1, R::layout);
  t.declare("make_fragment_like(L)", {K::layout}, 1, R::layout);
  t.declare("make_ordered_layout(S, order)", {K::shape, K::int_tuple}, 2, R::layout);
  t.declare("make_identity_layout(S)", {K::shape}, 1, R::layout);
  t.declare("nullspace(L)", {K::layout}, 1, R::layout);
  t.declare("upcast(L, n)", {K::layout, K::integer}, 2, R::layout);
  t.declare("downcast(L, n)", {K::layout, K::integer}, 2, R::layout);
  t.declare("domain_distribute(S, n)", {K::shape, K::integer}, 2, R::layout);
  // Modes and coordinates.
  t.declare("flatten(L)", {K::layout}, 1, R::layout);
  t.declare("group(L, b, e)", {K::layout, K::integer, K::integer}, 3, R::layout);
  t.declare("take(L, b, e)", {K::layout, K::integer, K::integer}, 3, R::layout);
  t.declare("select(L, i0, ..., i7)", {K::layout, K::integer, K::integer, K::integer, K::integer, K::integer, K::integer,
                                       K::integer, K::integer},
            1, R::layout);
  t.declare("append(L, X) or append(L, n[, X])", {K::layout, K::layout_or_integer, K::layout}, 2, R::layout);
  t.declare("prepend(L, X) or prepend(L, n[, X])", {K::layout, K::layout_or_integer, K::layout}, 2, R::layout);
  t.declare("unflatten(L, profile)", {K::layout, K::int_tuple}, 2, R::layout);
  t.declare("crd2crd(c, S, D)", {K::int_tuple, K::shape, K::shape}, 3, R::layout);
  // Tensors.
  t.declare("make_identity_tensor(S)", {K::shape}, 1, R::tensor);
  t.declare("slice(T or L, c)", {K::layout_or_tensor, K::coordinate}, 2, R::tensor);
  t.declare("local_tile(T, tiler, c)", {K::tensor, K::tiler, K::coordinate}, 3, R::tensor);
  t.declare("inner_partition(T, tiler, c)", {K::tensor, K::tiler, K::coordinate}, 3, R::tensor);
  t.declare("outer_partition(T, tiler, c)", {K::tensor, K::tiler, K::coordinate}, 3, R::tensor);
  t.declare("local_partition(T, thr_layout, idx)", {K::tensor, K::layout, K::integer}, 3, R::tensor);
  t.declare("identity_local_tile(S, tiler, c)", {K::shape, K::tiler, K::coordinate}, 3, R::tensor);
  t.declare("identity_local_partition(S, tiler, c, thr_layout, idx)",
            {K::shape, K::tiler, K::coordinate, K::layout, K::integer}, 5, R::tensor);
  for (char const* x : {"A", "B", "C"}) {
    t.declare(std::string("mma_partition_") + x + "(atom, atom_layout, perm, T, idx)",
              {K::mma_atom, K::layout, K::tiler, K::tensor, K::integer}, 5, R::tensor);
    t.declare(std::string("identity_mma_partition_") + x + "(atom, atom_layout, perm, S, tiler, c, thr)",
              {K::mma_atom, K::layout, K::tiler, K::shape, K::tiler, K::coordinate, K::integer}, 7, R::tensor);
  }
}

Operation const* OperationTable::find(std::string const& name) const {
  auto it = rows_.find(name);
  return it == rows_.end() ? nullptr : &it->second;
}

void OperationTable::declare(std::string const& usage, std::vector<ArgKind> kinds, std::size_t min_args, Returns returns) {
  std::string name = usage.substr(0, usage.find('('));
  if (name.empty() || name == usage || min_args < 1 || min_args > kinds.size())
    throw std::logic_error("operations: bad declaration `" + usage + "`");
  if (!rows_.emplace(name, Operation{name, usage, std::move(kinds), min_args, returns, {}, {}, {}, {}, {}}).second)
    throw std::logic_error("operations: `" + name + "` declared twice");
}

Operation& OperationTable::row(std::string const& name, char const* who) {
  auto it = rows_.find(name);
  if (it == rows_.end()) throw std::logic_error(std::string("operations: ") + who + " for `" + name + "`, which has no row");
  return it->second;
}

void OperationTable::judge(std::string const& name, Judge fn) {
  Operation& op = row(name, "a judge");
  if (op.judge) throw std::logic_error("operations: a second judge for `" + name + "`");
  op.judge = std::move(fn);
}

void OperationTable::admissible(std::string const& name, Admissible fn) {
  Operation& op = row(name, "an admissibility predicate");
  if (op.admissible) throw std::logic_error("operations: a second admissibility predicate for `" + name + "`");
  op.admissible = std::move(fn);
}

void OperationTable::reference(std::string const& name, Reference fn) {
  Operation& op = row(name, "a reference");
  if (op.returns != Returns::layout) throw std::logic_error("operations: a reference layout for `" + name + "`, which returns no layout");
  if (op.reference) throw std::logic_error("operations: a second reference for `" + name + "`");
  op.reference = std::move(fn);
}

void OperationTable::spec_result(std::string const& name, SpecResult fn) {
  Operation& op = row(name, "a spec result");
  if (op.spec_result) throw std::logic_error("operations: a second spec result for `" + name + "`");
  op.spec_result = std::move(fn);
}

void OperationTable::compute(std::string const& name, Compute fn) {
  Operation& op = row(name, "a computation");
  Signature sig{op.usage, op.min_args, op.max_args()};
  op.compute = [name, sig, fn = std::move(fn)](Args const& args) {
    if (args.size() < sig.min_args || args.size() > sig.max_args) return refused(arity_error(name, sig, args.size()));
    return fn(args);
  };
}

Compute OperationTable::computation(std::string const& name) const {
  Operation const* op = find(name);
  return op ? op->compute : Compute{};
}

void OperationTable::check_complete() const {
  for (auto const& [name, op] : rows_) {
    if (!op.judge) throw std::logic_error("operations: `" + name + "` has no judge (audit*.cpp)");
    if (!op.compute) throw std::logic_error("operations: `" + name + "` has no computation (conform_<group>.cpp)");
  }
}

OperationTable const& operations() {
  static OperationTable const table = [] {
    OperationTable t;
    declare_operations(t);
    register_judges(t);
    register_mode_judges(t);
    register_tensor_judges(t);
    register_references(t);
    register_spec_results(t);
    register_basic_ops(t);
    register_coalesce_ops(t);
    register_composition_ops(t);
    register_complement_ops(t);
    register_inverse_ops(t);
    register_construct_ops(t);
    register_divide_ops(t);
    register_product_ops(t);
    register_mode_ops(t);
    register_tensor_ops(t);
    t.check_complete();
    return t;
  }();
  return table;
}

Admits spec_admits(std::string const& op, Args const& args) {
  Operation const* row = operations().find(op);
  if (!row || !row->spec_result || args.size() < row->min_args || args.size() > row->max_args()) return Admits::neither;
  try {
    (void)row->spec_result(args);
    return Admits::yes;
  } catch (spec::Error const& e) {
    return e.kind() == spec::Error::Kind::inadmissible ? Admits::no : Admits::neither;
  } catch (std::exception const&) {
    return Admits::neither;
  }
}

}  // namespace layoutref::equiv
