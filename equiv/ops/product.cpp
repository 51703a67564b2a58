// layoutref equiv — the products, each row with all its faces (operations.hpp): logical_product,
// zipped_product, tiled_product, flat_product (A, tiler), blocked_product and raked_product
// (A, B), tile_to_shape(block, shape[, order]).
#include "support.hpp"

#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/product.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/term.hpp>

#include <optional>
#include <string>

namespace layoutref::equiv {

using namespace ops;

namespace {

// The product of a layout by a tiler, with impl.
Prepare product_op(impl::Arrangement how) {
  return [how](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return unprepared(l.error);
    auto ti = impl::to_tiling_tiler(a.at(1));
    if (!ti.ok()) return unprepared(ti.error);
    return prepared([how, l = l.value, ti = ti.value] { return impl::product(how, l, ti); });
  };
}

// blocked_product or raked_product, with impl.
Prepare blocked_op(bool raked) {
  return [raked](Args const& a) {
    auto x = impl::to_layout(a.at(0));
    if (!x.ok()) return unprepared(x.error);
    auto y = impl::to_layout(a.at(1));
    if (!y.ok()) return unprepared(y.error);
    if (raked) return prepared([x = x.value, y = y.value] { return impl::raked_product(x, y); });
    return prepared([x = x.value, y = y.value] { return impl::blocked_product(x, y); });
  };
}

// tile_to_shape's order, for the spec.
std::optional<sp::IntTuple> order(Args const& a) {
  if (a.size() == 3) return sp::to_int_tuple(a[2]);
  return std::nullopt;
}

struct Product {
  char const* name;
  sp::ProductKind judged;      // the spec's judge
  sp::Arrangement reference;   // the spec's product
  impl::Arrangement computed;  // impl's
};

}  // namespace

void register_product(OperationTable& t) {
  using K = ArgKind;
  using R = Returns;

  for (Product const& p : {Product{"logical_product", sp::ProductKind::logical, sp::Arrangement::logical, impl::Arrangement::logical},
                           Product{"zipped_product", sp::ProductKind::zipped, sp::Arrangement::zipped, impl::Arrangement::zipped},
                           Product{"tiled_product", sp::ProductKind::tiled, sp::Arrangement::tiled, impl::Arrangement::tiled},
                           Product{"flat_product", sp::ProductKind::flat, sp::Arrangement::flat, impl::Arrangement::flat}}) {
    sp::ProductKind kind = p.judged;
    sp::Arrangement arrangement = p.reference;
    t.add({
        .usage = std::string(p.name) + "(A, T)", .args = {K::layout, K::tiler}, .min_args = 2, .returns = R::layout,
        .judge = [kind](Args const& a, Term const& r) {
          return sp::check_product(kind, sp::to_layout(a[0]), sp::to_tiler(a[1]), layout_claim(r));
        },
        .prepare = product_op(p.computed),
        .admissible = [](Args const& a) { return sp::is_product_admissible(layout(a, 0), sp::to_tiler(a[1])); },
        .reference = [arrangement](Args const& a) { return sp::product(arrangement, layout(a, 0), sp::to_tiler(a[1])); },
    });
  }

  t.add({
      .usage = "blocked_product(A, B)", .args = {K::layout, K::layout}, .min_args = 2, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return sp::check_blocked_product(sp::to_layout(a[0]), sp::to_layout(a[1]), false, layout_claim(r));
      },
      .prepare = blocked_op(false),
      .admissible = [](Args const& a) { return sp::is_blocked_product_admissible(layout(a, 0), layout(a, 1)); },
      .reference = [](Args const& a) { return sp::blocked_product(layout(a, 0), layout(a, 1)); },
  });

  t.add({
      .usage = "raked_product(A, B)", .args = {K::layout, K::layout}, .min_args = 2, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return sp::check_blocked_product(sp::to_layout(a[0]), sp::to_layout(a[1]), true, layout_claim(r));
      },
      .prepare = blocked_op(true),
      .admissible = [](Args const& a) { return sp::is_blocked_product_admissible(layout(a, 0), layout(a, 1)); },
      .reference = [](Args const& a) { return sp::raked_product(layout(a, 0), layout(a, 1)); },
  });

  t.add({
      .usage = "tile_to_shape(L, S[, order])", .args = {K::layout, K::shape, K::int_tuple}, .min_args = 2, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        std::optional<sp::IntTuple> ord;
        if (a.size() == 3) ord = sp::to_int_tuple(a[2]);
        return sp::check_tile_to_shape(sp::to_layout(a[0]), sp::to_shape(a[1]), ord, layout_claim(r));
      },
      .prepare = [](Args const& a) {
        auto block = impl::to_layout(a.at(0));
        if (!block.ok()) return unprepared(block.error);
        auto shape = impl::to_shape(a.at(1));
        if (!shape.ok()) return unprepared(shape.error);
        if (a.size() < 3) return prepared([b = block.value, s = shape.value] { return impl::tile_to_shape(b, s); });
        auto ord = impl::to_int_tuple(a.at(2));
        if (!ord.ok()) return unprepared(ord.error);
        return prepared([b = block.value, s = shape.value, o = ord.value] { return impl::tile_to_shape(b, s, o); });
      },
      .admissible = [](Args const& a) { return sp::is_tile_to_shape_admissible(layout(a, 0), sp::to_shape(a[1]), order(a)); },
      .reference = [](Args const& a) { return sp::tile_to_shape(layout(a, 0), sp::to_shape(a[1]), order(a)); },
  });
}

}  // namespace layoutref::equiv
