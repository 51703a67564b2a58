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
// The inadmissible generators break a condition on purpose; where the condition is only
// sufficient (Shah's for composition) or the input arbitrary, some inputs are admissible after
// all: the spec decides (`layoutref audit` judges a claimed result either way).
#pragma once

#include <layoutref/generators/inadmissible.hpp>
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
      "coalesce",        "filter",         "filter_zeros",   "composition",    "complement",   "right_inverse",
      "left_inverse",    "logical_divide", "zipped_divide",  "tiled_divide",   "flat_divide",  "logical_product",
      "zipped_product",  "tiled_product",  "flat_product",   "blocked_product", "raked_product", "tile_to_shape"};
  return ops;
}

/// Whether `op` has a generator of admissible (or inadmissible) inputs.
inline bool has_inputs(std::string_view op, bool admissible) {
  auto const& ops = input_operations();
  if (std::find(ops.begin(), ops.end(), op) == ops.end()) return false;
  return admissible || op != "filter_zeros";
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
