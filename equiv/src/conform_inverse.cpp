// layoutref equiv — conform: the impl operations of the "inverse" group: right_inverse(L),
// left_inverse(L), max_common_vector(A, B), max_common_layout(A, B).
#include <layoutref/equiv/conform.hpp>
#include "conform_swizzle.hpp"

#include <layoutref/impl/inverse.hpp>
#include <layoutref/impl/max_common.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {

using Args = std::vector<notation::Term>;

ImplResult layout_result(impl::Result<impl::Layout> const& r) {
  if (!r.ok()) return refused(r.error);
  ImplResult out;
  out.term = impl::to_term(r.value);
  return out;
}

template <class F>
ImplResult on_layout(Args const& a, F const& f) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return refused(l.error);
  return layout_result(f(l.value));
}

}  // namespace

void register_inverse_ops(ConformRegistry& r) {
  r.add("right_inverse(L)", 1, 1, [](Args const& a) { return on_layout(a, [](impl::Layout const& l) { return impl::right_inverse(l); }); });
  r.add("left_inverse(L)", 1, 1, [](Args const& a) { return on_layout(a, [](impl::Layout const& l) { return impl::left_inverse(l); }); });
  r.add("max_common_vector(A, B)", 2, 2, [](Args const& a) {
    if (is_swizzled(a.at(0)) || is_swizzled(a.at(1))) return conform_swizzled_max_common_vector(a);
    auto x = impl::to_layout(a.at(0));
    if (!x.ok()) return refused(x.error);
    auto y = impl::to_layout(a.at(1));
    if (!y.ok()) return refused(y.error);
    auto n = impl::max_common_vector(x.value, y.value);
    if (!n.ok()) return refused(n.error);
    ImplResult out;
    out.term = impl::to_term(n.value);
    return out;
  });
  r.add("max_common_layout(A, B)", 2, 2, [](Args const& a) {
    auto x = impl::to_layout(a.at(0));
    if (!x.ok()) return refused(x.error);
    auto y = impl::to_layout(a.at(1));
    if (!y.ok()) return refused(y.error);
    return layout_result(impl::max_common_layout(x.value, y.value));
  });
}

}  // namespace layoutref::equiv
