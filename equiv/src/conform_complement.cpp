// layoutref equiv — conform: the impl operation complement(L[, cotarget]). The cotarget is printed
// as a plain decimal in the vectors but was a static Int<M> in CuTe's call: it is read as static.
#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/complement.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {


}  // namespace

void register_complement_ops(OperationTable& r) {
  r.compute("complement", [](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return refused(l.error);
    impl::Result<impl::Layout> res;
    if (a.size() < 2) {
      res = impl::complement(l.value);
    } else {
      auto m = impl::to_shape(a.at(1));
      if (!m.ok()) return refused(m.error);
      for (int k = 0; k < m.value.nleaves; ++k) m.value.leaf[k].is_static = true;
      res = impl::complement(l.value, m.value);
    }
    return result_of(res);
  });
}

}  // namespace layoutref::equiv
