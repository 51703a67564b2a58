// layoutref::impl — domain_distribute(shape, b) (CuTe layout.hpp domain_distribute;
// spec/domain_distribute.hpp): as much of b as divides the shape, taken from its leaves left to
// right, as a layout into the shape's column-major index space.
//
// For the flattened leaves a_0, ..., a_(k-1): rest_0 = b, g_j = gcd(a_j, rest_j),
// rest_(j+1) = rest_j / g_j; the result is coalesce((g_0, ..., g_(k-1)) : compact_major_left(
// (a_0, ..., a_(k-1)))). b is CuTe's static integer; gcd of static values is static.
// CuTe's example:
// Example: domain_distribute((_15,_14), _6) = (_3,_2):(_1,_15)
// @post size(R) divides b, each g_j divides a_j, R is strictly increasing.
// Errors: bad_argument (a size < 1, b < 1); overflow.
#pragma once

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/construct.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

LAYOUTREF_HD constexpr Result<Layout> domain_distribute(IntTuple const& shape, Int b) {
  LAYOUTREF_CHECK(detail_construct::validate_shape(shape, "domain_distribute"));
  if (b.value < 1) return fail(Errc::bad_argument).add("domain_distribute: b = ").add(b.value).add(" must be >= 1");
  IntTuple flat = flatten(shape);
  LAYOUTREF_TRY(StrideTuple column, compact_major_left(flat));
  Layout r = Layout::of(LayoutLeaf{});
  LAYOUTREF_TRY(r, make_layout(flat, column));
  Int rest = b;
  for (int k = 0; k < r.nleaves; ++k) {
    Int a = r.leaf[k].shape();
    Int g{gcd_positive(a.value, rest.value), both_static(a, rest)};
    rest = div(rest, g);
    r.leaf[k].set_shape(g);
  }
  return coalesce(r);
}

}  // namespace layoutref::impl
