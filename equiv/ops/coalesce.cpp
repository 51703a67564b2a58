// layoutref equiv — the "coalesce" group, each row with all its faces (operations.hpp):
// coalesce(L[, profile]), filter(L[, profile]), filter_zeros(L).
#include "support.hpp"

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/term.hpp>

namespace layoutref::equiv {

using namespace ops;

namespace {

// op(L) or, with a second argument, op(L, profile), with impl.
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

void register_coalesce(OperationTable& t) {
  using K = ArgKind;
  using R = Returns;

  t.add({
      .usage = "coalesce(L[, P])", .args = {K::layout, K::int_tuple}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return a.size() == 1 ? sp::check_coalesce(sp::to_layout(a[0]), layout_claim(r))
                             : sp::check_coalesce(sp::to_layout(a[0]), sp::to_int_tuple(a[1]), layout_claim(r));
      },
      .compute = [](Args const& a) {
        return by_profile(
            a, [](impl::Layout const& l) { return impl::coalesce(l); },
            [](impl::Layout const& l, impl::IntTuple const& p) { return impl::coalesce(l, p); });
      },
      .admissible = [](Args const& a) {
        return a.size() == 2 ? sp::is_coalesce_admissible(layout(a, 0), sp::to_int_tuple(a[1])) : sp::Admissibility::yes();
      },
      .reference = [](Args const& a) { return a.size() == 2 ? sp::coalesce(layout(a, 0), sp::to_int_tuple(a[1])) : sp::coalesce(layout(a, 0)); },
  });

  t.add({
      .usage = "filter(L[, P])", .args = {K::layout, K::int_tuple}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return a.size() == 1 ? sp::check_filter(sp::to_layout(a[0]), layout_claim(r))
                             : sp::check_filter(sp::to_layout(a[0]), sp::to_int_tuple(a[1]), layout_claim(r));
      },
      .compute = [](Args const& a) {
        return by_profile(
            a, [](impl::Layout const& l) { return impl::filter(l); },
            [](impl::Layout const& l, impl::IntTuple const& p) { return impl::filter(l, p); });
      },
      .admissible = [](Args const& a) {
        return a.size() == 2 ? sp::is_coalesce_admissible(layout(a, 0), sp::to_int_tuple(a[1])) : sp::Admissibility::yes();
      },
      .reference = [](Args const& a) { return a.size() == 2 ? sp::filter(layout(a, 0), sp::to_int_tuple(a[1])) : sp::filter(layout(a, 0)); },
  });

  t.add({
      .usage = "filter_zeros(L)", .args = {K::layout}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return sp::check_filter_zeros(sp::to_layout(a[0]), layout_claim(r)); },
      .compute = [](Args const& a) {
        auto l = impl::to_layout(a.at(0));
        if (!l.ok()) return refused(l.error);
        return result_of(impl::filter_zeros(l.value));
      },
      .reference = [](Args const& a) { return sp::filter_zeros(layout(a, 0)); },
  });
}

}  // namespace layoutref::equiv
