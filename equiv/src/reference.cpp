// layoutref equiv — the spec's admissibility predicates and results, attached to the table's rows
// (operations.hpp: Operation::admissible, Operation::reference).
//
// `prove 'admissible(OP, ARG...)'` decides with a row's `admissible`; gpu/check sends a row's
// `reference` to the device beside impl's result. The judges (audit*.cpp) stay the authority on a
// claimed result: tests/cli/operations_test.cpp checks that each reference is judged correct.
#include <layoutref/equiv/operations.hpp>

#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/domain_distribute.hpp>
#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/max_common.hpp>
#include <layoutref/spec/nullspace.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/term.hpp>
#include <layoutref/spec/upcast.hpp>

#include <optional>
#include <string>

namespace layoutref::equiv {

namespace sp = layoutref::spec;

namespace {

sp::Layout layout(Args const& a, std::size_t k) { return sp::to_layout(a[k]); }
/// complement's cotarget: the second argument (a shape: CuTe rounds a tuple up mode by mode), or
/// the default, cosize(L) rounded as docs/semantics.md states.
sp::IntTuple cotarget(Args const& a) {
  return a.size() == 2 ? sp::to_shape(a[1]) : sp::IntTuple(sp::default_cotarget(sp::to_layout(a[0])));
}
std::optional<sp::IntTuple> order(Args const& a) {
  if (a.size() == 3) return sp::to_int_tuple(a[2]);
  return std::nullopt;
}

}  // namespace

void register_references(OperationTable& t) {
  // Admissibility: the operations whose spec states preconditions (docs/semantics.md).
  t.admissible("coalesce", [](Args const& a) {
    return a.size() == 2 ? sp::is_coalesce_admissible(layout(a, 0), sp::to_int_tuple(a[1])) : sp::Admissibility::yes();
  });
  t.admissible("filter", [](Args const& a) {
    return a.size() == 2 ? sp::is_coalesce_admissible(layout(a, 0), sp::to_int_tuple(a[1])) : sp::Admissibility::yes();
  });
  t.admissible("composition", [](Args const& a) { return sp::is_composition_admissible(layout(a, 0), sp::to_tiler(a[1])); });
  t.admissible("complement", [](Args const& a) { return sp::is_complement_admissible(layout(a, 0), cotarget(a)); });
  t.admissible("right_inverse", [](Args const& a) { return sp::is_right_inverse_admissible(layout(a, 0)); });
  t.admissible("left_inverse", [](Args const& a) { return sp::is_left_inverse_admissible(layout(a, 0)); });
  t.admissible("max_common_layout", [](Args const& a) { return sp::is_max_common_layout_admissible(layout(a, 0), layout(a, 1)); });
  for (char const* op : {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"})
    t.admissible(op, [](Args const& a) { return sp::is_divide_admissible(layout(a, 0), sp::to_tiler(a[1])); });
  for (char const* op : {"logical_product", "zipped_product", "tiled_product", "flat_product"})
    t.admissible(op, [](Args const& a) { return sp::is_product_admissible(layout(a, 0), sp::to_tiler(a[1])); });
  for (char const* op : {"blocked_product", "raked_product"})
    t.admissible(op, [](Args const& a) { return sp::is_blocked_product_admissible(layout(a, 0), layout(a, 1)); });
  t.admissible("tile_to_shape", [](Args const& a) { return sp::is_tile_to_shape_admissible(layout(a, 0), sp::to_shape(a[1]), order(a)); });
  t.admissible("nullspace", [](Args const& a) { return sp::is_nullspace_admissible(layout(a, 0)); });
  t.admissible("upcast", [](Args const& a) { return sp::is_upcast_admissible(layout(a, 0), sp::to_integer(a[1])); });
  t.admissible("downcast", [](Args const& a) { return sp::is_downcast_admissible(layout(a, 0), sp::to_integer(a[1])); });

  // The spec's result, for the operations whose result is a layout (the swizzled and tensor forms
  // have none here) and is determined: CuTe's construction, which impl must equal as a function.
  // Not right_inverse and left_inverse: their results are not unique (spec/inverse.hpp), the
  // spec's choice differs from CuTe's where L is not injective (right_inverse((_4,_16,_2):(_4,_1,_6))
  // is _16:_4 in CuTe and impl, (4,4):(4,1) in the spec; both are right inverses) or has only zero
  // strides (left_inverse((4,4):(0,0)): CuTe 16:0, the spec 1:0), so their judges decide them.
  t.reference("coalesce", [](Args const& a) { return a.size() == 2 ? sp::coalesce(layout(a, 0), sp::to_int_tuple(a[1])) : sp::coalesce(layout(a, 0)); });
  t.reference("filter", [](Args const& a) { return a.size() == 2 ? sp::filter(layout(a, 0), sp::to_int_tuple(a[1])) : sp::filter(layout(a, 0)); });
  t.reference("filter_zeros", [](Args const& a) { return sp::filter_zeros(layout(a, 0)); });
  t.reference("composition", [](Args const& a) { return sp::composition(layout(a, 0), sp::to_tiler(a[1])); });
  t.reference("complement", [](Args const& a) { return sp::complement(layout(a, 0), cotarget(a)); });
  t.reference("max_common_layout", [](Args const& a) { return sp::max_common_layout(layout(a, 0), layout(a, 1)); });
  // (a plain loop variable: clang 14 cannot capture a structured binding)
  for (auto const& row : {std::pair{"logical", sp::Arrangement::logical}, std::pair{"zipped", sp::Arrangement::zipped},
                          std::pair{"tiled", sp::Arrangement::tiled}, std::pair{"flat", sp::Arrangement::flat}}) {
    sp::Arrangement kind = row.second;
    t.reference(std::string(row.first) + "_divide", [kind](Args const& a) { return sp::divide(kind, layout(a, 0), sp::to_tiler(a[1])); });
    t.reference(std::string(row.first) + "_product", [kind](Args const& a) { return sp::product(kind, layout(a, 0), sp::to_tiler(a[1])); });
  }
  t.reference("blocked_product", [](Args const& a) { return sp::blocked_product(layout(a, 0), layout(a, 1)); });
  t.reference("raked_product", [](Args const& a) { return sp::raked_product(layout(a, 0), layout(a, 1)); });
  t.reference("tile_to_shape", [](Args const& a) { return sp::tile_to_shape(layout(a, 0), sp::to_shape(a[1]), order(a)); });
  t.reference("make_layout_like", [](Args const& a) { return sp::make_layout_like(layout(a, 0)); });
  t.reference("make_fragment_like", [](Args const& a) { return sp::make_fragment_like(layout(a, 0)); });
  t.reference("make_ordered_layout", [](Args const& a) { return sp::make_ordered_layout(sp::to_shape(a[0]), sp::to_int_tuple(a[1])); });
  t.reference("make_identity_layout", [](Args const& a) { return sp::make_identity_layout(sp::to_shape(a[0])); });
  t.reference("nullspace", [](Args const& a) { return sp::nullspace(layout(a, 0)); });
  t.reference("upcast", [](Args const& a) { return sp::upcast(layout(a, 0), sp::to_integer(a[1])); });
  t.reference("downcast", [](Args const& a) { return sp::downcast(layout(a, 0), sp::to_integer(a[1])); });
  t.reference("domain_distribute", [](Args const& a) { return sp::domain_distribute(sp::to_shape(a[0]), sp::to_integer(a[1])); });
}

}  // namespace layoutref::equiv
