// layoutref equiv — conform: the impl operations of the "coalesce" group: coalesce(L[, profile]),
// filter(L[, profile]), filter_zeros(L).
#include <layoutref/equiv/conform.hpp>

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {

using Args = std::vector<notation::Term>;

ImplResult layout_result(impl::Result<impl::Layout> const& r) {
  ImplResult out;
  if (r.ok())
    out.term = impl::to_term(r.value);
  else
    out.error = r.error;
  return out;
}

// op(L) or, with a second argument, op(L, profile).
template <class One, class ByProfile>
ImplResult by_profile(Args const& a, One const& one, ByProfile const& by) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return refused(l.error);
  if (a.size() < 2) return layout_result(one(l.value));
  auto p = impl::to_int_tuple(a.at(1));
  if (!p.ok()) return refused(p.error);
  return layout_result(by(l.value, p.value));
}

}  // namespace

void register_coalesce_ops(ConformRegistry& r) {
  r.add("coalesce(L[, P])", 1, 2, [](Args const& a) {
    return by_profile(
        a, [](impl::Layout const& l) { return impl::coalesce(l); },
        [](impl::Layout const& l, impl::IntTuple const& p) { return impl::coalesce(l, p); });
  });
  r.add("filter(L[, P])", 1, 2, [](Args const& a) {
    return by_profile(
        a, [](impl::Layout const& l) { return impl::filter(l); },
        [](impl::Layout const& l, impl::IntTuple const& p) { return impl::filter(l, p); });
  });
  r.add("filter_zeros(L)", 1, 1, [](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return refused(l.error);
    return layout_result(impl::filter_zeros(l.value));
  });
}

}  // namespace layoutref::equiv
