// layoutref equiv — the "construct" group, each row with all its faces (operations.hpp):
// make_layout_like(L), make_fragment_like(L), make_ordered_layout(shape, order), nullspace(L),
// upcast(L, N), downcast(L, N), domain_distribute(shape, N). The scalar N is printed as a plain
// decimal in the vectors but was a static Int<N> (a template argument) in CuTe's call: impl reads
// it as static.
#include "support.hpp"

#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/domain_distribute.hpp>
#include <layoutref/impl/nullspace.hpp>
#include <layoutref/impl/upcast.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/domain_distribute.hpp>
#include <layoutref/spec/nullspace.hpp>
#include <layoutref/spec/term.hpp>
#include <layoutref/spec/upcast.hpp>

namespace layoutref::equiv {

using namespace ops;

namespace {

// op(L, N) with N static, with impl.
template <class F>
Prepared on_layout_n(Args const& a, F const& f) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return unprepared(l.error);
  auto n = impl::to_int(a.at(1));
  if (!n.ok()) return unprepared(n.error);
  return prepared([f, l = l.value, n = n.value.value] { return f(l, n); });
}

}  // namespace

void register_construct(OperationTable& t) {
  using K = ArgKind;
  using R = Returns;

  t.add({
      .usage = "make_layout_like(L)", .args = {K::layout}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return sp::check_make_layout_like(sp::to_layout(a[0]), layout_claim(r)); },
      .prepare = [](Args const& a) { return prepare_on_layout(a, [](impl::Layout const& l) { return impl::make_layout_like(l); }); },
      .reference = [](Args const& a) { return sp::make_layout_like(layout(a, 0)); },
  });

  t.add({
      .usage = "make_fragment_like(L)", .args = {K::layout}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return sp::check_make_fragment_like(sp::to_layout(a[0]), layout_claim(r)); },
      .prepare = [](Args const& a) { return prepare_on_layout(a, [](impl::Layout const& l) { return impl::make_fragment_like(l); }); },
      .reference = [](Args const& a) { return sp::make_fragment_like(layout(a, 0)); },
  });

  t.add({
      .usage = "make_ordered_layout(S, order)", .args = {K::shape, K::int_tuple}, .min_args = 2, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return sp::check_make_ordered_layout(sp::to_shape(a[0]), sp::to_int_tuple(a[1]), layout_claim(r));
      },
      .prepare = [](Args const& a) {
        auto s = impl::to_shape(a.at(0));
        if (!s.ok()) return unprepared(s.error);
        auto o = impl::to_int_tuple(a.at(1));
        if (!o.ok()) return unprepared(o.error);
        return prepared([s = s.value, o = o.value] { return impl::make_ordered_layout(s, o); });
      },
      .reference = [](Args const& a) { return sp::make_ordered_layout(sp::to_shape(a[0]), sp::to_int_tuple(a[1])); },
  });

  t.add({
      .usage = "nullspace(L)", .args = {K::layout}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return sp::check_nullspace(sp::to_layout(a[0]), layout_claim(r)); },
      .prepare = [](Args const& a) { return prepare_on_layout(a, [](impl::Layout const& l) { return impl::nullspace(l); }); },
      .admissible = [](Args const& a) { return sp::is_nullspace_admissible(layout(a, 0)); },
      .reference = [](Args const& a) { return sp::nullspace(layout(a, 0)); },
  });

  t.add({
      .usage = "upcast(L, n)", .args = {K::layout, K::integer}, .min_args = 2, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return sp::check_upcast(sp::to_layout(a[0]), sp::to_integer(a[1]), layout_claim(r)); },
      .prepare = [](Args const& a) { return on_layout_n(a, [](impl::Layout const& l, impl::i64 n) { return impl::upcast(l, n); }); },
      .admissible = [](Args const& a) { return sp::is_upcast_admissible(layout(a, 0), sp::to_integer(a[1])); },
      .reference = [](Args const& a) { return sp::upcast(layout(a, 0), sp::to_integer(a[1])); },
  });

  t.add({
      .usage = "downcast(L, n)", .args = {K::layout, K::integer}, .min_args = 2, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return sp::check_downcast(sp::to_layout(a[0]), sp::to_integer(a[1]), layout_claim(r)); },
      .prepare = [](Args const& a) { return on_layout_n(a, [](impl::Layout const& l, impl::i64 n) { return impl::downcast(l, n); }); },
      .admissible = [](Args const& a) { return sp::is_downcast_admissible(layout(a, 0), sp::to_integer(a[1])); },
      .reference = [](Args const& a) { return sp::downcast(layout(a, 0), sp::to_integer(a[1])); },
  });

  t.add({
      .usage = "domain_distribute(S, n)", .args = {K::shape, K::integer}, .min_args = 2, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return sp::check_domain_distribute(sp::to_shape(a[0]), sp::to_integer(a[1]), layout_claim(r));
      },
      .prepare = [](Args const& a) {
        auto s = impl::to_shape(a.at(0));
        if (!s.ok()) return unprepared(s.error);
        auto n = impl::to_int(a.at(1));
        if (!n.ok()) return unprepared(n.error);
        return prepared([s = s.value, n = impl::Int::fixed(n.value.value)] { return impl::domain_distribute(s, n); });
      },
      .reference = [](Args const& a) { return sp::domain_distribute(sp::to_shape(a[0]), sp::to_integer(a[1])); },
  });
}

}  // namespace layoutref::equiv
