// layoutref equiv — conform: the impl operations of the "coalesce" group: coalesce(L[, profile]),
// filter(L[, profile]), filter_zeros(L).
#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {


// op(L) or, with a second argument, op(L, profile).
template <class One, class ByProfile>
ImplResult by_profile(Args const& a, One const& one, ByProfile const& by) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return refused(l.error);
  if (a.size() < 2) return result_of(one(l.value));
  auto p = impl::to_int_tuple(a.at(1));
  if (!p.ok()) return refused(p.error);
  return result_of(by(l.value, p.value));
}

}  // namespace

void register_coalesce_ops(OperationTable& r) {
  r.compute("coalesce", [](Args const& a) {
    return by_profile(
        a, [](impl::Layout const& l) { return impl::coalesce(l); },
        [](impl::Layout const& l, impl::IntTuple const& p) { return impl::coalesce(l, p); });
  });
  r.compute("filter", [](Args const& a) {
    return by_profile(
        a, [](impl::Layout const& l) { return impl::filter(l); },
        [](impl::Layout const& l, impl::IntTuple const& p) { return impl::filter(l, p); });
  });
  r.compute("filter_zeros", [](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return refused(l.error);
    return result_of(impl::filter_zeros(l.value));
  });
}

}  // namespace layoutref::equiv
