// layoutref::generators — the inputs of one operation, admissible or inadmissible, as the
// arguments of a vector file's case (CuTe notation): what `layoutref gen --op OP` writes and
// layoutref.strategies.admissible(OP) / inadmissible(OP) draw.
//
// Each operation's inputs are the ones its `impl_matches_spec` properties draw
// (properties/<group>_properties.cpp), without the static markers those add (they change the
// printing, never the meaning):
//   coalesce, filter_zeros  any layout (negative and 0 strides; one in five with basis strides
//                           for coalesce and filter_zeros); inadmissible: a profile longer than
//                           the layout's rank (coalesce.profile_rank; none for filter_zeros)
//   filter                  the same without basis strides
//   composition             composable_pair or composable_tiler, half each; inadmissible:
//                           bad_tiler (one in three) or non_composable
//   complement              complementable (A, M); inadmissible: non_complementable
//   right_inverse           injective (left-invertible) or bijective, half each; inadmissible:
//                           basis strides (right_inverse.integer_strides)
//   left_inverse            the same; inadmissible: basis strides, negative strides, any layout,
//                           or an injective layout with a mode past the image, a quarter each
//   *_divide                divisible; inadmissible: bad_tiler
//   *_product (4)           product_admissible; inadmissible: non_product or bad_tiler
//   blocked_product, raked_product  blocked_pair; inadmissible: A any layout of non-negative
//                           strides (often not injective), B small_layout
//   tile_to_shape           tile_to_shape_input; inadmissible: a mode of the shape raised by one
//                           (tile_to_shape.divisibility) or, one in four, the last mode dropped
//   size, rank, depth       a layout with negative and 0 strides, one in five with basis strides;
//   cosize                  the same without basis strides (queries_properties.cpp)
//   eval                    eval_input (L, i in [0, size))
//   crd2idx                 coordinate_input: (c, S) or (c, L), half each
//   idx2crd                 coordinate_input: (i, S)
//   make_layout_like, make_fragment_like, nullspace, max_alignment  construct_layout (for
//                           max_alignment without negative strides, which it refuses as malformed)
//   max_common_vector, max_common_layout  max_common_input
//   make_ordered_layout     ordered_layout_input
//   upcast, downcast        cast_input; domain_distribute: domain_distribute_input. The property
//                           draws them without regard to admissibility: some are refused
//                           (upcast.divisibility, downcast.unit_stride)
//   flatten, unflatten      modes_input's L; unflatten(flatten(L), shape(L))
//   group, take, select     modes_input with indices in range
//   append, prepend         (L, X) or (L, m[, X]) with m in [rank, rank + 3], half each
//   make_identity_layout    crd2crd_input's S; crd2crd: (c, S, S) or (c, S, size(S)), half each
//   make_identity_tensor    tile_input's extent
//   slice                   slice_input without `bad`, of L or of ArithTuple(_0) o L, half each
//   local_tile, inner_partition, identity_local_tile  tile_input (the tensor an identity tensor,
//                           or its extent for identity_local_tile); outer_partition: tile_input
//                           with the coordinate inside the tile
//   local_partition         local_partition_input (its index may be no value of the thread
//                           layout, or not a unique one: those are refused,
//                           get_flat_coord.not_a_value / not_unique)
//   mma_partition_A/B/C     mma_input of that operand
// The operations past tile_to_shape have admissible inputs only: their properties' other
// inputs (indices, coordinates and sizes out of range, the `bad` of modes_input and
// slice_input, eval_outside_input, bad_coordinate_input, crd2crd to a target of another size)
// break no named condition but the domain: the spec refuses them as malformed, and `layoutref
// audit` reports such a case as malformed whatever its claim, so they are no vectors to audit.
// The inadmissible generators break a condition on purpose; where the condition is only
// sufficient (Shah's for composition) or the input arbitrary, some inputs are admissible after
// all: the spec decides (`layoutref audit` judges a claimed result either way).
#pragma once

#include <layoutref/generators/inadmissible.hpp>
#include <layoutref/generators/modes.hpp>
#include <layoutref/generators/tensors.hpp>
#include <layoutref/spec/modes.hpp>
#include <layoutref/notation/term.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace layoutref::generators {

using Args = std::vector<notation::Term>;

/// The operations with an input generator, in the order `layoutref gen` lists them.
inline std::vector<std::string> const& input_operations() {
  static std::vector<std::string> const ops = {
      "coalesce",         "filter",           "filter_zeros",      "composition",        "complement",
      "right_inverse",    "left_inverse",     "logical_divide",    "zipped_divide",      "tiled_divide",
      "flat_divide",      "logical_product",  "zipped_product",    "tiled_product",      "flat_product",
      "blocked_product",  "raked_product",    "tile_to_shape",     "size",               "cosize",
      "rank",             "depth",            "eval",              "crd2idx",            "idx2crd",
      "max_alignment",    "max_common_vector", "max_common_layout", "make_layout_like",  "make_fragment_like",
      "make_ordered_layout", "make_identity_layout", "nullspace",   "upcast",             "downcast",
      "domain_distribute", "flatten",         "group",             "take",               "select",
      "append",           "prepend",          "unflatten",         "crd2crd",            "make_identity_tensor",
      "slice",            "local_tile",       "inner_partition",   "outer_partition",    "local_partition",
      "identity_local_tile", "mma_partition_A", "mma_partition_B",  "mma_partition_C"};
  return ops;
}

/// The operations with a generator of inadmissible inputs too: those of the admissibility
/// classes (admissible.hpp, inadmissible.hpp) but filter_zeros.
inline std::vector<std::string> const& inadmissible_operations() {
  static std::vector<std::string> const ops = {
      "coalesce",      "filter",         "composition",    "complement",    "right_inverse",   "left_inverse",
      "logical_divide", "zipped_divide", "tiled_divide",   "flat_divide",   "logical_product", "zipped_product",
      "tiled_product", "flat_product",   "blocked_product", "raked_product", "tile_to_shape"};
  return ops;
}

/// Whether `op` has a generator of admissible (or inadmissible) inputs.
inline bool has_inputs(std::string_view op, bool admissible) {
  auto const& ops = input_operations();
  if (std::find(ops.begin(), ops.end(), op) == ops.end()) return false;
  auto const& bad = inadmissible_operations();
  return admissible || std::find(bad.begin(), bad.end(), op) != bad.end();
}

namespace detail {

inline bool is_one_of(std::string_view op, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), op) != names.end();
}

inline notation::Term term(sp::Layout const& l) { return sp::to_term(l); }
inline notation::Term term(sp::IntTuple const& t) { return sp::to_term(t); }
inline notation::Term term(i64 v) { return notation::Term::make_integer(v, false); }

/// A profile for coalesce(L, profile) of rank(L) + 1 (coalesce.profile_rank).
inline notation::Term long_profile(sp::Layout const& l) {
  std::vector<notation::Term> items(static_cast<size_t>(sp::rank(l) + 1), notation::Term::make_integer(1, false));
  return notation::Term::make_tuple(items);
}

inline notation::Term term(int v) { return notation::Term::make_integer(v, false); }

/// The inputs of the queries, coordinate maps, constructions, mode operations and tensor
/// operations (modes.hpp, tensors.hpp); nullopt for the other operations.
template <Source S>
std::optional<Args> more_inputs(S& s, std::string_view op) {
  using notation::Term;
  if (is_one_of(op, {"size", "cosize", "rank", "depth"})) {
    bool basis = op != "cosize" && s.pick_int(0, 4) == 0;
    sp::Layout l = basis ? s.nested([](auto& q) { return scaled_basis_layout(q); })
                         : s.nested([](auto& q) { return layout(q, Bounds{}, StrideMix{true, true, 24}); });
    return Args{term(l)};
  }
  if (op == "eval") {
    LayoutCount in = eval_input(s);
    return Args{term(in.layout), term(in.n)};
  }
  if (op == "crd2idx") {
    CoordinateInput in = coordinate_input(s);
    return Args{term(in.coord), s.pick_int(0, 1) == 0 ? term(in.layout.shape) : term(in.layout)};
  }
  if (op == "idx2crd") {
    CoordinateInput in = coordinate_input(s);
    return Args{term(in.index), term(in.layout.shape)};
  }
  if (is_one_of(op, {"make_layout_like", "make_fragment_like", "nullspace", "max_alignment"}))
    return Args{term(construct_layout(s, op != "max_alignment"))};
  if (op == "max_common_vector" || op == "max_common_layout") {
    MaxCommonInput in = max_common_input(s);
    return Args{term(in.a), term(in.b)};
  }
  if (op == "make_ordered_layout") {
    OrderedLayoutInput in = ordered_layout_input(s);
    return Args{term(in.shape), term(in.order)};
  }
  if (op == "upcast" || op == "downcast") {
    LayoutCount in = cast_input(s);
    return Args{term(in.layout), term(in.n)};
  }
  if (op == "domain_distribute") {
    ShapeCount in = domain_distribute_input(s);
    return Args{term(in.shape), term(in.n)};
  }
  if (is_one_of(op, {"flatten", "group", "take", "select", "append", "prepend", "unflatten"})) {
    ModesInput in = modes_input(s, false);
    Term l = term(in.layout);
    if (op == "flatten") return Args{l};
    if (op == "unflatten") return Args{term(sp::flatten(in.layout)), term(in.layout.shape)};
    if (op == "group") return Args{l, term(in.group_b), term(in.group_e)};
    if (op == "take") return Args{l, term(in.take_b), term(in.take_e)};
    if (op == "select") {
      Args args{l};
      for (int i : in.select) args.push_back(term(i));
      return args;
    }
    if (s.pick_int(0, 1) == 0) return Args{l, term(in.x)};
    if (op == "append") return Args{l, term(in.m)};
    return Args{l, term(in.m), term(in.x)};
  }
  if (op == "make_identity_layout" || op == "crd2crd") {
    Crd2crdInput in = crd2crd_input(s);
    if (op == "make_identity_layout") return Args{term(in.shape)};
    return Args{term(in.coord), term(in.shape), s.pick_int(0, 1) == 0 ? term(in.shape) : term(sp::size(in.shape))};
  }
  if (op == "slice") {
    SliceInput in = slice_input(s, false);
    return Args{s.pick_int(0, 1) == 0 ? term(in.layout) : counting_tensor_term(in.layout), in.coord};
  }
  if (is_one_of(op, {"make_identity_tensor", "local_tile", "inner_partition", "outer_partition", "identity_local_tile"})) {
    TileInput in = tile_input(s);
    Term tile = ints(in.tile, true);
    if (op == "make_identity_tensor") return Args{ints(in.extent, false)};
    if (op == "identity_local_tile") return Args{ints(in.extent, false), tile, tile_coord_term(in)};
    Term id = identity_tensor_term(in.extent);
    if (op == "outer_partition") return Args{id, tile, ints(in.inner_coord, false)};
    return Args{id, tile, tile_coord_term(in)};
  }
  if (op == "local_partition") {
    LocalPartitionInput in = local_partition_input(s);
    return Args{identity_tensor_term(in.extent), term(in.thr), term(in.index)};
  }
  if (op == "mma_partition_A" || op == "mma_partition_B" || op == "mma_partition_C") {
    MmaInput in = mma_input(s, op == "mma_partition_A" ? 0 : op == "mma_partition_B" ? 1 : 2);
    return Args{Term::make_word(in.atom.name), mma_atom_layout_term(in), mma_permutation_term(in), identity_tensor_term(in.box),
                term(in.index)};
  }
  return std::nullopt;
}

}  // namespace detail

/// One input of `op`: its arguments in CuTe notation; nullopt when `op` has no such generator
/// (has_inputs).
template <Source S>
std::optional<Args> input(S& s, std::string_view op, bool admissible) {
  using detail::term;
  if (!has_inputs(op, admissible)) return std::nullopt;
  auto any_layout = [](auto& q) { return layout(q, Bounds{}, StrideMix{true, true, 24}); };
  if (op == "coalesce" || op == "filter" || op == "filter_zeros") {
    if (!admissible) {
      sp::Layout l = s.nested([](auto& q) { return layout(q); });
      return Args{term(l), detail::long_profile(l)};
    }
    bool basis = op != "filter" && s.pick_int(0, 4) == 0;
    sp::Layout l = basis ? s.nested([](auto& q) { return scaled_basis_layout(q); }) : s.nested(any_layout);
    return Args{term(l)};
  }
  if (op == "composition") {
    if (admissible) {
      if (s.pick_int(0, 1) == 0) {
        LayoutPair p = s.nested([](auto& q) { return composable_pair(q); });
        return Args{term(p.a), term(p.b)};
      }
      LayoutTiler t = s.nested([](auto& q) { return composable_tiler(q); });
      return Args{term(t.a), t.tiler};
    }
    if (s.pick_int(0, 2) == 0) {
      LayoutTiler t = s.nested([](auto& q) { return bad_tiler(q); });
      return Args{term(t.a), t.tiler};
    }
    LayoutPair p = s.nested([](auto& q) { return non_composable(q); });
    return Args{term(p.a), term(p.b)};
  }
  if (op == "complement") {
    Complementable c = admissible ? s.nested([](auto& q) { return complementable(q); })
                                  : s.nested([](auto& q) { return non_complementable(q); });
    return Args{term(c.a), term(c.cotarget)};
  }
  if (op == "right_inverse" || op == "left_inverse") {
    if (admissible) {
      sp::Layout l = s.pick_int(0, 1) == 0 ? s.nested([](auto& q) { return injective_layout(q, Bounds{}, false); })
                                           : s.nested([](auto& q) { return bijective_layout(q); });
      return Args{term(l)};
    }
    int kind = op == "right_inverse" ? 0 : s.pick_int(0, 3);
    sp::Layout l = kind == 0   ? s.nested([](auto& q) { return scaled_basis_layout(q); })
                   : kind == 1 ? s.nested([](auto& q) { return layout(q, Bounds{}, StrideMix{true, true, 24}); })
                   : kind == 2 ? s.nested([](auto& q) { return layout(q); })
                               : s.nested([](auto& q) { return injective_layout(q); });
    return Args{term(l)};
  }
  if (detail::is_one_of(op, {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"})) {
    LayoutTiler t = admissible ? s.nested([](auto& q) { return divisible(q); }) : s.nested([](auto& q) { return bad_tiler(q); });
    return Args{term(t.a), t.tiler};
  }
  if (detail::is_one_of(op, {"logical_product", "zipped_product", "tiled_product", "flat_product"})) {
    LayoutTiler t = admissible              ? s.nested([](auto& q) { return product_admissible(q); })
                    : s.pick_int(0, 1) == 0 ? s.nested([](auto& q) { return non_product(q); })
                                            : s.nested([](auto& q) { return bad_tiler(q); });
    return Args{term(t.a), t.tiler};
  }
  if (op == "blocked_product" || op == "raked_product") {
    if (admissible) {
      LayoutPair p = s.nested([](auto& q) { return blocked_pair(q); });
      return Args{term(p.a), term(p.b)};
    }
    sp::Layout a = s.nested([](auto& q) { return layout(q, Bounds{2, 3, 4, 64, 8}, nonnegative()); });
    sp::Layout b = s.nested([](auto& q) { return small_layout(q); });
    return Args{term(a), term(b)};
  }
  if (auto args = detail::more_inputs(s, op)) return args;
  // tile_to_shape
  TileToShape t = s.nested([](auto& q) { return tile_to_shape_input(q); });
  if (admissible) {
    Args args{term(t.block), term(t.shape)};
    if (t.order) args.push_back(term(*t.order));
    return args;
  }
  auto modes = t.shape.items;
  size_t k = static_cast<size_t>(s.pick(0, static_cast<i64>(modes.size()) - 1));
  if (s.pick_int(0, 3) == 0 && modes.size() > 1)
    modes.pop_back();  // may drop below the block's rank
  else
    modes[k] = sp::IntTuple(modes[k].value + 1);
  return Args{term(t.block), term(sp::IntTuple::tuple(modes))};
}

}  // namespace layoutref::generators
