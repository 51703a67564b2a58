// layoutref equiv — conform: the impl operations of the "composition" group: composition(A, B)
// with B a layout or a tiler (a tuple of layouts, integers and `_`).
#include <layoutref/equiv/operations.hpp>
#include "conform_swizzle.hpp"

#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {


}  // namespace

void register_composition_ops(OperationTable& r) {
  r.compute("composition", [](Args const& a) {
    // Swizzled layouts `Sw<B,M,S> o off o L` composed with a tiler (conform_swizzle.cpp).
    if (a.at(0).kind == notation::Kind::chain) return conform_swizzled_composition(a);
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return refused(l.error);
    impl::Result<impl::Layout> res;
    if (a.at(1).kind == notation::Kind::layout) {
      auto b = impl::to_layout(a.at(1));
      if (!b.ok()) return refused(b.error);
      res = impl::composition(l.value, b.value);
    } else {
      auto t = impl::to_tiler(a.at(1));
      if (!t.ok()) return refused(t.error);
      res = impl::composition(l.value, t.value);
    }
    return result_of(res);
  });
}

}  // namespace layoutref::equiv
