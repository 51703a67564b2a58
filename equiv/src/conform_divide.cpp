// layoutref equiv — conform: the impl operations of the "divide" group: logical_divide,
// zipped_divide, tiled_divide, flat_divide (A, tiler), the tiler a layout, an integer, `_` or a
// tuple of them.
#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/divide.hpp>
#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {


ConformFn divide_op(impl::Arrangement how) {
  return [how](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return refused(l.error);
    auto t = impl::to_tiling_tiler(a.at(1));
    if (!t.ok()) return refused(t.error);
    auto res = impl::divide(how, l.value, t.value);
    return result_of(res);
  };
}

}  // namespace

void register_divide_ops(OperationTable& r) {
  r.compute("logical_divide", divide_op(impl::Arrangement::logical));
  r.compute("zipped_divide", divide_op(impl::Arrangement::zipped));
  r.compute("tiled_divide", divide_op(impl::Arrangement::tiled));
  r.compute("flat_divide", divide_op(impl::Arrangement::flat));
}

}  // namespace layoutref::equiv
