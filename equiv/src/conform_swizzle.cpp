// layoutref equiv — conform: composition and evaluation of swizzled layouts `Sw<B,M,S> o off o L`
// with impl (impl/swizzle.hpp).
#include "conform_swizzle.hpp"

#include <layoutref/impl/swizzle.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {


impl::Error expected(char const* what, notation::Term const& t) {
  return impl::fail(impl::Errc::bad_argument).add("expected ").add(what).add(" at line ").add(t.line).add(", column ").add(t.column);
}

// `Sw<B,M,S> o off o L`: a chain of a swizzle, an integer offset and a layout.
impl::Result<impl::ComposedLayout> to_composed(notation::Term const& t) {
  if (t.kind != notation::Kind::chain || t.children.size() != 3 || t.children[0].kind != notation::Kind::swizzle)
    return expected("a swizzled layout `Sw<B,M,S> o offset o layout`", t);
  impl::ComposedLayout c;
  c.outer = impl::Swizzle{t.children[0].swizzle_b, t.children[0].swizzle_m, t.children[0].swizzle_s};
  auto off = impl::to_int(t.children[1]);
  if (!off.ok()) return off.error;
  c.offset = off.value;
  auto inner = impl::to_layout(t.children[2]);
  if (!inner.ok()) return inner.error;
  c.inner = inner.value;
  impl::Error e = impl::validate(c);
  if (!e.ok()) return e;
  return c;
}

notation::Term to_term(impl::ComposedLayout const& c) {
  return notation::Term::make_chain({notation::Term::make_swizzle(c.outer.b, c.outer.m, c.outer.s), impl::to_term(c.offset),
                                     impl::to_term(c.inner)});
}

}  // namespace

ImplResult conform_swizzled_composition(Args const& args) {
  if (args.size() != 2) return refused(impl::fail(impl::Errc::bad_argument).add("composition takes two arguments"));
  auto c = to_composed(args[0]);
  if (!c.ok()) return refused(c.error);
  impl::Result<impl::ComposedLayout> r;
  if (args[1].kind == notation::Kind::layout) {
    auto b = impl::to_layout(args[1]);
    if (!b.ok()) return refused(b.error);
    r = impl::composition(c.value, b.value);
  } else {
    auto t = impl::to_tiler(args[1]);
    if (!t.ok()) return refused(t.error);
    r = impl::composition(c.value, t.value);
  }
  if (!r.ok()) return refused(r.error);
  ImplResult out;
  out.term = to_term(r.value);
  return out;
}

ImplResult conform_swizzled_eval(Args const& args) {
  if (args.size() != 2) return refused(impl::fail(impl::Errc::bad_argument).add("eval takes two arguments"));
  auto c = to_composed(args[0]);
  if (!c.ok()) return refused(c.error);
  auto i = impl::to_int(args[1]);
  if (!i.ok()) return refused(i.error);
  return from(impl::evaluate(c.value, i.value.value));
}

bool is_swizzled(notation::Term const& t) {
  return t.kind == notation::Kind::chain && !t.children.empty() && t.children[0].kind == notation::Kind::swizzle;
}

ImplResult conform_swizzled_size(Args const& args) {
  auto c = to_composed(args.at(0));
  if (!c.ok()) return refused(c.error);
  return result_of(impl::size(c.value));
}

ImplResult conform_swizzled_cosize(Args const& args) {
  auto c = to_composed(args.at(0));
  if (!c.ok()) return refused(c.error);
  auto n = impl::cosize(c.value);
  if (!n.ok()) return refused(n.error);
  return result_of(impl::Result<impl::Int>(impl::Int{n.value, false}));
}

ImplResult conform_swizzled_max_common_vector(Args const& args) {
  bool ca = is_swizzled(args.at(0)), cb = is_swizzled(args.at(1));
  impl::Result<impl::Int> n;
  if (ca && cb) {
    auto x = to_composed(args[0]);
    auto y = to_composed(args[1]);
    if (!x.ok()) return refused(x.error);
    if (!y.ok()) return refused(y.error);
    n = impl::max_common_vector(x.value, y.value);
  } else {
    auto x = to_composed(args[ca ? 0 : 1]);
    auto y = impl::to_layout(args[ca ? 1 : 0]);
    if (!x.ok()) return refused(x.error);
    if (!y.ok()) return refused(y.error);
    n = impl::max_common_vector(x.value, y.value);
  }
  return result_of(n);
}

}  // namespace layoutref::equiv
