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
Prepared by_profile(Args const& a, One const& one, ByProfile const& by) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return unprepared(l.error);
  if (a.size() < 2) return prepared([one, l = l.value] { return one(l); });
  auto p = impl::to_int_tuple(a.at(1));
  if (!p.ok()) return unprepared(p.error);
  return prepared([by, l = l.value, p = p.value] { return by(l, p); });
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
      .prepare = [](Args const& a) {
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
      .prepare = [](Args const& a) {
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
      .prepare = [](Args const& a) { return prepare_on_layout(a, [](impl::Layout const& l) { return impl::filter_zeros(l); }); },
      .reference = [](Args const& a) { return sp::filter_zeros(layout(a, 0)); },
  });
}

}  // namespace layoutref::equiv
