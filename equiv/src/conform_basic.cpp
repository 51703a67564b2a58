// layoutref equiv — conform: the impl queries size, cosize, rank, depth, eval, crd2idx, idx2crd.
#include <layoutref/equiv/operations.hpp>
#include "conform_swizzle.hpp"

#include <layoutref/impl/coordinates.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {


template <class F>
ImplResult on_layout(Args const& a, F const& f) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return refused(l.error);
  return f(l.value);
}

}  // namespace

void register_basic_ops(OperationTable& r) {
  r.compute("size", [](Args const& a) {
    if (is_swizzled(a.at(0))) return conform_swizzled_size(a);  // Sw<B,M,S> o off o L
    return on_layout(a, [](impl::Layout const& l) { return result_of(impl::size(l)); });
  });
  // cosize(L) = L(size(L) - 1) + 1 is static when every shape and stride of L is (CuTe's Int<N>).
  r.compute("cosize", [](Args const& a) {
    if (is_swizzled(a.at(0))) return conform_swizzled_cosize(a);
    return on_layout(a, [](impl::Layout const& l) {
      auto c = impl::cosize(l);
      if (!c.ok()) return refused(c.error);
      bool is_static = true;
      for (int k = 0; k < l.nleaves; ++k) is_static = is_static && l.leaf[k].shape_static() && l.leaf[k].stride_static();
      return result_of(impl::Result<impl::Int>(impl::Int{c.value, is_static}));
    });
  });
  r.compute("rank", [](Args const& a) {
    return on_layout(a, [](impl::Layout const& l) { return from(impl::Result<impl::i64>(l.rank())); });
  });
  r.compute("depth", [](Args const& a) {
    return on_layout(a, [](impl::Layout const& l) { return from(impl::Result<impl::i64>(l.depth())); });
  });
  r.compute("eval", [](Args const& a) {
    if (a.at(0).kind == notation::Kind::chain) return conform_swizzled_eval(a);  // Sw<B,M,S> o off o L
    auto i = impl::to_int(a.at(1));
    if (!i.ok()) return refused(i.error);
    return on_layout(a, [&](impl::Layout const& l) {
      // L's domain must fit in int64 (the spec's evaluation rule; impl::evaluate, a per-index
      // call, does not compute the size).
      auto n = impl::size(l);
      if (!n.ok()) return refused(n.error);
      auto v = impl::evaluate(l, i.value.value);
      if (!v.ok()) return refused(v.error);
      ImplResult out;
      out.term = impl::to_term(v.value);
      return out;
    });
  });
  r.compute("crd2idx", [](Args const& a) {
    auto c = impl::to_int_tuple(a.at(0));
    if (!c.ok()) return refused(c.error);
    if (a.at(1).kind == notation::Kind::layout) {
      auto l = impl::to_layout(a.at(1));
      if (!l.ok()) return refused(l.error);
      auto v = impl::crd2idx(c.value, l.value);
      if (!v.ok()) return refused(v.error);
      ImplResult out;
      out.term = impl::to_term(v.value);
      return out;
    }
    auto s = impl::to_shape(a.at(1));
    if (!s.ok()) return refused(s.error);
    return result_of(impl::crd2idx(c.value, s.value));
  });
  r.compute("idx2crd", [](Args const& a) {
    auto i = impl::to_int_tuple(a.at(0));
    auto s = impl::to_shape(a.at(1));
    if (!i.ok()) return refused(i.error);
    if (!s.ok()) return refused(s.error);
    auto c = impl::idx2crd(i.value, s.value);
    if (!c.ok()) return refused(c.error);
    ImplResult out;
    out.term = impl::to_term(c.value);
    return out;
  });
}

}  // namespace layoutref::equiv
