// layoutref cli — conform: the impl queries size, cosize, rank, depth, eval, crd2idx, idx2crd.
#include "conform.hpp"
#include "conform_swizzle.hpp"

#include <layoutref/impl/coordinates.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::cli {

namespace {

using Args = std::vector<notation::Term>;

ImplResult error(impl::Error const& e) {
  ImplResult r;
  r.error = e;
  return r;
}

template <class F>
ImplResult on_layout(Args const& a, F const& f) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return error(l.error);
  return f(l.value);
}

ImplResult integer(impl::Result<impl::Int> const& r) {
  if (!r.ok()) return error(r.error);
  ImplResult out;
  out.term = impl::to_term(r.value);
  return out;
}

}  // namespace

void register_basic_ops(ConformRegistry& r) {
  r.add("size", [](Args const& a) { return on_layout(a, [](impl::Layout const& l) { return integer(impl::size(l)); }); });
  // cosize(L) = L(size(L) - 1) + 1 is static when every shape and stride of L is (CuTe's Int<N>).
  r.add("cosize", [](Args const& a) {
    return on_layout(a, [](impl::Layout const& l) {
      auto c = impl::cosize(l);
      if (!c.ok()) return error(c.error);
      bool is_static = true;
      for (int k = 0; k < l.nleaves; ++k) is_static = is_static && l.leaf[k].shape.is_static && l.leaf[k].stride.is_static;
      return integer(impl::Result<impl::Int>(impl::Int{c.value, is_static}));
    });
  });
  r.add("rank", [](Args const& a) {
    return on_layout(a, [](impl::Layout const& l) { return from(impl::Result<impl::i64>(l.rank())); });
  });
  r.add("depth", [](Args const& a) {
    return on_layout(a, [](impl::Layout const& l) { return from(impl::Result<impl::i64>(l.depth())); });
  });
  r.add("eval", [](Args const& a) {
    if (a.at(0).kind == notation::Kind::chain) return conform_swizzled_eval(a);  // Sw<B,M,S> o off o L
    auto i = impl::to_int(a.at(1));
    if (!i.ok()) return error(i.error);
    return on_layout(a, [&](impl::Layout const& l) {
      auto v = impl::evaluate(l, i.value.value);
      if (!v.ok()) return error(v.error);
      ImplResult out;
      out.term = impl::to_term(v.value);
      return out;
    });
  });
  r.add("crd2idx", [](Args const& a) {
    auto c = impl::to_int_tuple(a.at(0));
    if (!c.ok()) return error(c.error);
    if (a.at(1).kind == notation::Kind::layout) {
      auto l = impl::to_layout(a.at(1));
      if (!l.ok()) return error(l.error);
      auto v = impl::crd2idx(c.value, l.value);
      if (!v.ok()) return error(v.error);
      ImplResult out;
      out.term = impl::to_term(v.value);
      return out;
    }
    auto s = impl::to_int_tuple(a.at(1));
    if (!s.ok()) return error(s.error);
    return integer(impl::crd2idx(c.value, s.value));
  });
  r.add("idx2crd", [](Args const& a) {
    auto i = impl::to_int(a.at(0));
    auto s = impl::to_int_tuple(a.at(1));
    if (!i.ok()) return error(i.error);
    if (!s.ok()) return error(s.error);
    auto c = impl::idx2crd(i.value, s.value);
    if (!c.ok()) return error(c.error);
    ImplResult out;
    out.term = impl::to_term(c.value);
    return out;
  });
}

}  // namespace layoutref::cli
