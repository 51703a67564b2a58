// layoutref equiv — conform: the impl operations of the "inverse" group: right_inverse(L),
// left_inverse(L), max_common_vector(A, B), max_common_layout(A, B).
#include <layoutref/equiv/operations.hpp>
#include "conform_swizzle.hpp"

#include <layoutref/impl/inverse.hpp>
#include <layoutref/impl/max_common.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {



template <class F>
ImplResult on_layout(Args const& a, F const& f) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return refused(l.error);
  return result_of(f(l.value));
}

}  // namespace

void register_inverse_ops(OperationTable& r) {
  r.compute("right_inverse", [](Args const& a) { return on_layout(a, [](impl::Layout const& l) { return impl::right_inverse(l); }); });
  r.compute("left_inverse", [](Args const& a) { return on_layout(a, [](impl::Layout const& l) { return impl::left_inverse(l); }); });
  r.compute("max_common_vector", [](Args const& a) {
    if (is_swizzled(a.at(0)) || is_swizzled(a.at(1))) return conform_swizzled_max_common_vector(a);
    auto x = impl::to_layout(a.at(0));
    if (!x.ok()) return refused(x.error);
    auto y = impl::to_layout(a.at(1));
    if (!y.ok()) return refused(y.error);
    auto n = impl::max_common_vector(x.value, y.value);
    return result_of(n);
  });
  r.compute("max_common_layout", [](Args const& a) {
    auto x = impl::to_layout(a.at(0));
    if (!x.ok()) return refused(x.error);
    auto y = impl::to_layout(a.at(1));
    if (!y.ok()) return refused(y.error);
    return result_of(impl::max_common_layout(x.value, y.value));
  });
}

}  // namespace layoutref::equiv
