// layoutref::rapidcheck — inputs built to violate a named condition on purpose:
// layoutref::generators' (generators/include/layoutref/generators/inadmissible.hpp) run with
// RapidCheck as their source of choices (source.hpp).
#pragma once

#include <layoutref/generators/inadmissible.hpp>
#include <layoutref/rapidcheck/admissible.hpp>

namespace layoutref::rapidcheck {

/// complement inputs that violate complement.stride_divisibility (duplicated or misaligned
/// strides), complement.negative_stride or complement.integer_strides.
inline rc::Gen<Complementable> non_complementable() {
  return from_source([](auto& s) { return gn::non_complementable(s); });
}

/// composition inputs that violate composition.left_divisibility, composition.negative_stride,
/// or a multi-mode B whose intervals collide.
inline rc::Gen<LayoutPair> non_composable() {
  return from_source([](auto& s) { return gn::non_composable(s); });
}

/// Tilers that cannot divide or multiply A: more modes than A, or a layout tiler that is not
/// injective.
inline rc::Gen<LayoutTiler> bad_tiler() {
  return from_source([](auto& s) { return gn::bad_tiler(s); });
}

/// Products whose left-hand side is not injective (its complement does not exist).
inline rc::Gen<LayoutTiler> non_product() {
  return from_source([](auto& s) { return gn::non_product(s); });
}

}  // namespace layoutref::rapidcheck
