// layoutref equiv — the table of operations: one row per operation, by its CuTe name, with its
// arguments (kinds and count), the kind of its result, the spec's judge and impl's computation.
//
// This is the tie between the two algebras (docs/architecture.md): `audit` judges a claimed
// result with a row's `judge` (the spec: admissibility, the operation, the check), `conform`,
// `eval` and `table` compute with its `compute` (impl), the properties run both on one input and
// compare, bench times the impl call its `prepare` makes (compute is derived from the same
// prepare where the row has one). A row lives in one place with all its faces: its family's file
// equiv/ops/<family>.cpp (queries, coalesce, composition, complement, inverse, construct, divide,
// product, modes, tensor) declares it (usage, argument kinds, count, result) together with its
// judge, its computation, and where they apply its admissibility predicate, its reference and its
// spec result, in one `OperationTable::add` each; what several families share is in
// equiv/ops/support.hpp. operations.cpp holds the table and calls each family's registration.
// Adding an operation: its spec and impl, and its row in its family's file (docs/contributing.md).
#pragma once

#include <layoutref/equiv/conform.hpp>

#include <layoutref/notation/term.hpp>
#include <layoutref/spec/admissibility.hpp>
#include <layoutref/spec/layout.hpp>

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace layoutref::equiv {

/// What one argument is, in CuTe's terms.
enum class ArgKind {
  layout,           ///< a layout `S:D`
  layout_or_swizzled,  ///< a layout or a swizzled layout `Sw<B,M,S> o off o L`
  layout_or_tensor,    ///< a layout or a coordinate tensor `ArithTuple(...) o L`
  tensor,           ///< a coordinate tensor
  tiler,            ///< a tiler: a layout, a shape, or a tuple of layouts (`<2:3, 4:1>`)
  shape,            ///< a shape (an integer or a tuple of integers >= 1)
  shape_or_layout,  ///< a shape or a layout
  int_tuple,        ///< an integer or a tuple of integers (a profile, an order, a coordinate)
  coordinate,       ///< a coordinate, possibly with `_` (slicing)
  integer,          ///< one integer (an index, a count, a mode index)
  layout_or_integer,   ///< append/prepend's second argument: a mode X, or the rank n
  mma_atom,         ///< an MMA atom's name, e.g. SM80_16x8x16_F32F16F16F32_TN
};
char const* name(ArgKind k);

/// What an operation returns.
enum class Returns {
  layout,   ///< a layout (or a swizzled layout): judged as a function against the spec
  tensor,   ///< a coordinate tensor
  value,    ///< one value computed directly (an integer, a coordinate, a layout's value): an
            ///< overflow while computing it is the result's, so `error` is the right claim
  integer,  ///< an integer the spec derives through tables (max_common_vector): an overflow
            ///< inside them leaves a claim unjudged
};

/// The spec's judgement of `claimed` (a term, or the word `error`) on `args`.
/// Throws spec::Error (bad_argument: malformed input; inadmissible; overflow; table_limit).
using Judge = std::function<spec::Judgement(Args const& args, notation::Term const& claimed)>;
/// impl's result on `args`, or its refusal. Never throws on bad input.
using Compute = ConformFn;
/// The spec's admissibility predicate on `args`: whether the operation's stated preconditions
/// hold, and if not which condition fails, with a witness. Called with a count of arguments
/// within the row's. Throws spec::Error on malformed arguments (bad_argument).
using Admissible = std::function<spec::Admissibility(Args const& args)>;
/// The spec's result on `args`, where the operation returns a layout: the reference impl is
/// compared with (gpu/check sends both to the device). Called with a count of arguments within
/// the row's. Throws spec::Error (bad_argument, inadmissible, overflow, table_limit).
using Reference = std::function<spec::Layout(Args const& args)>;
/// The spec's result on `args` as a term in CuTe's notation (without static markers): a layout, a
/// swizzled layout, a coordinate tensor, a coordinate or an integer. What `eval --spec` prints and
/// what `draw` pictures (every cell of a picture is the spec's value). Called with a count of
/// arguments within the row's. Throws spec::Error (bad_argument, inadmissible, overflow,
/// table_limit). Where the result is not unique (the inverses) it is the spec's choice, which the
/// row's judge finds correct.
using SpecResult = std::function<notation::Term(Args const& args)>;

/// impl's call on one input, its arguments already converted into impl values (a row's `prepare`).
/// bench times `call`; the row's computation is `result` (compute_of), so the two are one call.
class PreparedCall {
 public:
  virtual ~PreparedCall() = default;
  /// impl's call, its result kept from being optimized away (an asm barrier, as
  /// benchmark::DoNotOptimize); true when impl computed a result, false when it refused. No term
  /// is converted: this is what bench times.
  virtual bool call() = 0;
  /// impl's call, its result converted to a term (or its refusal).
  virtual ImplResult result() = 0;
};
/// A prepared call, or why none: the arguments impl cannot take (converting them, or a check the
/// row makes before the call).
struct Prepared {
  std::unique_ptr<PreparedCall> call;
  impl::Error error;  ///< when !call
};
/// Convert `args` into impl values once and hold impl's call on them. Never throws on bad input.
using Prepare = std::function<Prepared(Args const& args)>;
/// The computation of a prepared call: prepare, then result() (or the preparation's refusal).
ConformFn compute_of(Prepare prepare);

/// One row of the table.
struct Operation {
  std::string name;            ///< CuTe's name, e.g. `complement`
  std::string usage;           ///< e.g. `complement(L[, M])`
  std::vector<ArgKind> args;   ///< the kind of each argument, in order; size() == max_args
  std::size_t min_args = 0;    ///< the arguments past min_args are optional
  Returns returns = Returns::layout;
  Judge judge;                 ///< the spec's check
  Compute compute;             ///< impl's computation, checking its argument count first
  Prepare prepare;             ///< impl's call prepared from the arguments, what bench times
                               ///< (checking the argument count first); empty for the rows
                               ///< bench does not time (DerivedLists.BenchTimesEveryRow says why)
  Admissible admissible;       ///< the spec's admissibility predicate, for the operations that
                               ///< state preconditions (empty otherwise)
  Reference reference;         ///< the spec's result, for the operations whose result is a
                               ///< layout (empty for the others)
  SpecResult spec_result;      ///< the spec's result of any kind, as a term (every row has
                               ///< one: cli.Operations checks it)
  std::size_t max_args() const { return args.size(); }
};

/// One row with all its faces, as its family declares it (OperationTable::add), e.g.
/// `t.add({.usage = "complement(L[, M])", .args = {...}, .min_args = 1, .returns = Returns::layout,
/// .judge = ..., .prepare = ..., .admissible = ..., .reference = ...});`.
struct Row {
  std::string usage;           ///< e.g. `complement(L[, M])`: the row's name is the text before `(`
  std::vector<ArgKind> args;   ///< the kind of each argument, in order
  std::size_t min_args = 0;    ///< the arguments past min_args are optional
  Returns returns = Returns::layout;
  Judge judge = {};            ///< required
  Compute compute = {};        ///< required, unless prepare is given: then compute_of(prepare)
  Prepare prepare = {};        ///< impl's call prepared, for bench (and compute)
  Admissible admissible = {};  ///< where the spec states preconditions
  Reference reference = {};    ///< where the result is a layout the spec determines
  SpecResult spec_result = {}; ///< empty where the reference gives it: the reference as a term
};

/// The rows by name. Built once; every row has a judge and a computation (checked when it is
/// built: a row without one, a face for no row, or a face given twice, is a logic error).
class OperationTable {
 public:
  /// The row of `name`, or nullptr.
  Operation const* find(std::string const& name) const;
  std::map<std::string, Operation> const& rows() const { return rows_; }

  // Building the table (the families of equiv/ops, through add).
  /// Declare `row` and attach its faces: declare, then judge, compute, admissible, reference and
  /// spec_result with those it has (a row with a reference and no spec result gets the reference
  /// as a term), each with its own checks.
  void add(Row row);
  /// Declare a row. @pre usage starts with `name(`; min_args <= kinds.size()
  void declare(std::string const& usage, std::vector<ArgKind> kinds, std::size_t min_args, Returns returns);
  /// Attach the spec's judge to the declared row `name` (once). `fn` is called only with a count
  /// of arguments within the row's.
  void judge(std::string const& name, Judge fn);
  /// Attach impl's computation to the declared row `name` (once). The stored function refuses a
  /// call with a count outside the row's as Errc::bad_argument naming the usage (arity_error),
  /// then calls `fn`.
  void compute(std::string const& name, Compute fn);
  /// Attach impl's prepared call to the declared row `name` (once). The stored function refuses a
  /// call with a count outside the row's as compute does, then calls `fn`.
  void prepare(std::string const& name, Prepare fn);
  /// Attach the spec's admissibility predicate / result to the declared row `name` (once each).
  void admissible(std::string const& name, Admissible fn);
  void reference(std::string const& name, Reference fn);
  /// Attach the spec's result as a term to the declared row `name` (once).
  void spec_result(std::string const& name, SpecResult fn);
  /// @post every row has a judge and a computation; throws std::logic_error naming the first that
  ///       lacks one
  void check_complete() const;

 private:
  Operation& row(std::string const& name, char const* who);
  std::map<std::string, Operation> rows_;
};

/// The table.
OperationTable const& operations();

// Registration: one function per family of operations, in equiv/ops/<family>.cpp, adding the
// family's rows with all their faces (operations.cpp calls them).
void register_queries(OperationTable& t);      // size, cosize, rank, depth, eval, crd2idx, idx2crd, max_alignment
void register_coalesce(OperationTable& t);     // coalesce, filter, filter_zeros
void register_composition(OperationTable& t);  // composition (layouts, tilers, swizzled layouts, tensors)
void register_complement(OperationTable& t);   // complement
void register_inverse(OperationTable& t);      // right_inverse, left_inverse, max_common_vector, max_common_layout
void register_construct(OperationTable& t);    // make_*_like, make_ordered_layout, nullspace, up/downcast, domain_distribute
void register_divide(OperationTable& t);       // logical, zipped, tiled, flat_divide (layouts, tensors)
void register_product(OperationTable& t);      // *_product, blocked/raked_product, tile_to_shape
void register_modes(OperationTable& t);        // flatten, group, take, select, append, prepend, unflatten, make_identity_layout, crd2crd
void register_tensor(OperationTable& t);       // the tensor operations, the MMA partitions

/// The spec's word on an input of `op`: Admits::yes when its result is computed, Admits::no when the
/// spec refuses it as inadmissible (a violated condition), Admits::neither otherwise (an overflow,
/// a bad argument, a table past the limit, no spec result for the row): what the labels of
/// generated inputs (`layoutref gen`, the Python strategies) are checked against. Never throws.
enum class Admits { yes, no, neither };
Admits spec_admits(std::string const& op, Args const& args);

}  // namespace layoutref::equiv
