// layoutref equiv — conform: the impl operations of the "construct" group: make_layout_like(L),
// make_fragment_like(L), make_ordered_layout(shape, order), nullspace(L), upcast(L, N),
// downcast(L, N), domain_distribute(shape, N), max_alignment(L). The scalar N is printed as a
// plain decimal in the vectors but was a static Int<N> (a template argument) in CuTe's call: it
// is read as static.
#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/domain_distribute.hpp>
#include <layoutref/impl/max_alignment.hpp>
#include <layoutref/impl/nullspace.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/impl/upcast.hpp>

namespace layoutref::equiv {

namespace {


template <class F>
ImplResult on_layout(Args const& a, F const& f) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return refused(l.error);
  return result_of(f(l.value));
}

// op(L, N) with N static.
template <class F>
ImplResult on_layout_n(Args const& a, F const& f) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return refused(l.error);
  auto n = impl::to_int(a.at(1));
  if (!n.ok()) return refused(n.error);
  return result_of(f(l.value, n.value.value));
}

}  // namespace

void register_construct_ops(OperationTable& r) {
  r.compute("make_layout_like", [](Args const& a) { return on_layout(a, [](impl::Layout const& l) { return impl::make_layout_like(l); }); });
  r.compute("make_fragment_like", [](Args const& a) { return on_layout(a, [](impl::Layout const& l) { return impl::make_fragment_like(l); }); });
  r.compute("make_ordered_layout", [](Args const& a) {
    auto s = impl::to_shape(a.at(0));
    if (!s.ok()) return refused(s.error);
    auto o = impl::to_int_tuple(a.at(1));
    if (!o.ok()) return refused(o.error);
    return result_of(impl::make_ordered_layout(s.value, o.value));
  });
  r.compute("nullspace", [](Args const& a) { return on_layout(a, [](impl::Layout const& l) { return impl::nullspace(l); }); });
  r.compute("upcast", [](Args const& a) { return on_layout_n(a, [](impl::Layout const& l, impl::i64 n) { return impl::upcast(l, n); }); });
  r.compute("downcast", [](Args const& a) { return on_layout_n(a, [](impl::Layout const& l, impl::i64 n) { return impl::downcast(l, n); }); });
  r.compute("domain_distribute", [](Args const& a) {
    auto s = impl::to_shape(a.at(0));
    if (!s.ok()) return refused(s.error);
    auto n = impl::to_int(a.at(1));
    if (!n.ok()) return refused(n.error);
    return result_of(impl::domain_distribute(s.value, impl::Int::fixed(n.value.value)));
  });
  r.compute("max_alignment", [](Args const& a) { return on_layout(a, [](impl::Layout const& l) { return impl::max_alignment(l); }); });
}

}  // namespace layoutref::equiv
