// layoutref equiv — conform: the impl operations of the "divide" group: logical_divide,
// zipped_divide, tiled_divide, flat_divide (A, tiler), the tiler a layout, an integer, `_` or a
// tuple of them.
#include <layoutref/equiv/conform.hpp>

#include <layoutref/impl/divide.hpp>
#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {

using Args = std::vector<notation::Term>;

ConformFn divide_op(impl::Arrangement how) {
  return [how](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return refused(l.error);
    auto t = impl::to_tiling_tiler(a.at(1));
    if (!t.ok()) return refused(t.error);
    auto res = impl::divide(how, l.value, t.value);
    if (!res.ok()) return refused(res.error);
    ImplResult out;
    out.term = impl::to_term(res.value);
    return out;
  };
}

}  // namespace

void register_divide_ops(ConformRegistry& r) {
  r.add("logical_divide(L, T)", 2, 2, divide_op(impl::Arrangement::logical));
  r.add("zipped_divide(L, T)", 2, 2, divide_op(impl::Arrangement::zipped));
  r.add("tiled_divide(L, T)", 2, 2, divide_op(impl::Arrangement::tiled));
  r.add("flat_divide(L, T)", 2, 2, divide_op(impl::Arrangement::flat));
}

}  // namespace layoutref::equiv
