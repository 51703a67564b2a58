// layoutref equiv — the table of operations (operations.hpp): how it is built and checked. The
// rows themselves, each with all its faces, are in their families' files, equiv/ops/<family>.cpp.
#include <layoutref/equiv/operations.hpp>

#include <layoutref/spec/error.hpp>
#include <layoutref/spec/term.hpp>

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

Operation const* OperationTable::find(std::string const& name) const {
  auto it = rows_.find(name);
  return it == rows_.end() ? nullptr : &it->second;
}

void OperationTable::add(Row r) {
  std::string name = r.usage.substr(0, r.usage.find('('));
  declare(r.usage, std::move(r.args), r.min_args, r.returns);
  if (r.judge) judge(name, std::move(r.judge));
  if (r.prepare && !r.compute) r.compute = compute_of(r.prepare);
  if (r.compute) compute(name, std::move(r.compute));
  if (r.prepare) prepare(name, std::move(r.prepare));
  if (r.admissible) admissible(name, std::move(r.admissible));
  if (r.reference) {
    Reference layout = r.reference;
    reference(name, std::move(r.reference));
    // A row with a reference layout and no other form: the reference as a term.
    if (!r.spec_result) r.spec_result = [layout](Args const& a) { return spec::to_term(layout(a)); };
  }
  if (r.spec_result) spec_result(name, std::move(r.spec_result));
}

void OperationTable::declare(std::string const& usage, std::vector<ArgKind> kinds, std::size_t min_args, Returns returns) {
  std::string name = usage.substr(0, usage.find('('));
  if (name.empty() || name == usage || min_args < 1 || min_args > kinds.size())
    throw std::logic_error("operations: bad declaration `" + usage + "`");
  if (!rows_.emplace(name, Operation{name, usage, std::move(kinds), min_args, returns, {}, {}, {}, {}, {}, {}}).second)
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
  if (op.compute) throw std::logic_error("operations: a second computation for `" + name + "`");
  Signature sig{op.usage, op.min_args, op.max_args()};
  op.compute = [name, sig, fn = std::move(fn)](Args const& args) {
    if (args.size() < sig.min_args || args.size() > sig.max_args) return refused(arity_error(name, sig, args.size()));
    return fn(args);
  };
}

void OperationTable::prepare(std::string const& name, Prepare fn) {
  Operation& op = row(name, "a prepared call");
  if (op.prepare) throw std::logic_error("operations: a second prepared call for `" + name + "`");
  Signature sig{op.usage, op.min_args, op.max_args()};
  op.prepare = [name, sig, fn = std::move(fn)](Args const& args) {
    if (args.size() < sig.min_args || args.size() > sig.max_args) return Prepared{nullptr, arity_error(name, sig, args.size())};
    return fn(args);
  };
}

ConformFn compute_of(Prepare prepare) {
  return [prepare = std::move(prepare)](Args const& args) {
    Prepared p = prepare(args);
    if (!p.call) return refused(p.error);
    return p.call->result();
  };
}

void OperationTable::check_complete() const {
  for (auto const& [name, op] : rows_) {
    if (!op.judge) throw std::logic_error("operations: `" + name + "` has no judge (equiv/ops/<family>.cpp)");
    if (!op.compute) throw std::logic_error("operations: `" + name + "` has no computation (equiv/ops/<family>.cpp)");
  }
}

OperationTable const& operations() {
  static OperationTable const table = [] {
    OperationTable t;
    register_queries(t);
    register_coalesce(t);
    register_composition(t);
    register_complement(t);
    register_inverse(t);
    register_construct(t);
    register_divide(t);
    register_product(t);
    register_modes(t);
    register_tensor(t);
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
