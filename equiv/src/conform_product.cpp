// layoutref equiv — conform: the impl operations of the "product" group: logical_product,
// zipped_product, tiled_product, flat_product (A, tiler), blocked_product and raked_product
// (A, B), tile_to_shape(block, shape[, order]).
#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/product.hpp>
#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {


ConformFn product_op(impl::Arrangement how) {
  return [how](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return refused(l.error);
    auto t = impl::to_tiling_tiler(a.at(1));
    if (!t.ok()) return refused(t.error);
    return result_of(impl::product(how, l.value, t.value));
  };
}

ConformFn blocked_op(bool raked) {
  return [raked](Args const& a) {
    auto x = impl::to_layout(a.at(0));
    if (!x.ok()) return refused(x.error);
    auto y = impl::to_layout(a.at(1));
    if (!y.ok()) return refused(y.error);
    return result_of(raked ? impl::raked_product(x.value, y.value) : impl::blocked_product(x.value, y.value));
  };
}

}  // namespace

void register_product_ops(OperationTable& r) {
  r.compute("logical_product", product_op(impl::Arrangement::logical));
  r.compute("zipped_product", product_op(impl::Arrangement::zipped));
  r.compute("tiled_product", product_op(impl::Arrangement::tiled));
  r.compute("flat_product", product_op(impl::Arrangement::flat));
  r.compute("blocked_product", blocked_op(false));
  r.compute("raked_product", blocked_op(true));
  r.compute("tile_to_shape", [](Args const& a) {
    auto block = impl::to_layout(a.at(0));
    if (!block.ok()) return refused(block.error);
    auto shape = impl::to_shape(a.at(1));
    if (!shape.ok()) return refused(shape.error);
    if (a.size() < 3) return result_of(impl::tile_to_shape(block.value, shape.value));
    auto order = impl::to_int_tuple(a.at(2));
    if (!order.ok()) return refused(order.error);
    return result_of(impl::tile_to_shape(block.value, shape.value, order.value));
  });
}

}  // namespace layoutref::equiv
