// Properties of Swizzle<B,M,S> and the swizzled layout Sw ∘ offset ∘ L (cute/swizzle.hpp;
// cute/layout_composed.hpp; docs/semantics.md): impl ≡ spec for eval and composition, and the
// laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

#include <layoutref/impl/swizzle.hpp>

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
namespace im = layoutref::impl;
using layoutref::notation::Term;

// impl ≡ spec: eval of Sw<B,M,S> o off o L at every kind of index.
LAYOUTREF_PROP(swizzle, eval_impl_matches_spec, ()) {
  sp::ComposedLayout c = *lr::swizzled_layout();
  lp::classify(c.inner);
  RC_TAG("Sw<" + std::to_string(c.outer.b) + ",*,*>");
  sp::i64 i = *lr::index_below(sp::size(c.inner));
  lp::require_computed(lp::require_agreement("eval", {*lr::static_marks(lr::to_term(c)), lp::term(i)}));
}

// impl ≡ spec: composition of a swizzled layout with a composable layout or tiler.
LAYOUTREF_PROP(swizzle, composition_impl_matches_spec, ()) {
  sp::ComposedLayout c = *lr::swizzled_layout();
  lr::LayoutPair p = *lr::composable_pair();
  c.inner = p.a;
  lp::require_computed(lp::require_agreement("composition", {lr::to_term(c), lp::term(p.b)}));
}

// Law (cute/swizzle.hpp: |S| >= B keeps YYY unchanged, so Sw∘Sw = id): impl's Sw(Sw(x)) = x
// and impl's Sw(x) equals the spec's, for x up to 2^20 and near the top of the 63 bits.
LAYOUTREF_PROP(swizzle, law_involution, ()) {
  sp::Swizzle s = *lr::swizzle();
  sp::i64 x = *rc::gen::oneOf(rc::gen::inRange<sp::i64>(0, sp::i64{1} << 20),
                              rc::gen::inRange<sp::i64>((sp::i64{1} << 62) - 4096, (sp::i64{1} << 62)));
  im::Swizzle w{s.b, s.m, s.s};
  auto y = im::apply(w, x);
  RC_ASSERT(y.ok());
  RC_ASSERT(y.value == s.apply(x));
  auto z = im::apply(w, y.value);
  RC_ASSERT(z.ok());
  RC_ASSERT(z.value == x);
}

// Law (cute/layout_composed.hpp: the tiler acts on the domain): composition(Sw∘off∘L, B)
// evaluated at i equals Sw(off + (L∘B)(i)).
LAYOUTREF_PROP(swizzle, law_composition_acts_on_the_domain, ()) {
  sp::ComposedLayout c = *lr::swizzled_layout();
  lr::LayoutPair p = *lr::composable_pair();
  c.inner = p.a;
  auto r = lp::impl_compute("composition", {lr::to_term(c), lp::term(p.b)});
  auto lb = lp::impl_compute("composition", {lp::term(p.a), lp::term(p.b)});
  RC_ASSERT(r.has_value() && lb.has_value());
  RC_ASSERT(r->kind == layoutref::notation::Kind::chain);
  sp::FlatLayout f(sp::to_layout(*lb));
  sp::i64 i = *lr::index_below(f.size());
  auto v = lp::impl_compute("eval", {*r, lp::term(i)});
  RC_ASSERT(v.has_value());
  RC_ASSERT(v->integer.value == c.outer.apply(c.offset + f(i).integer()));
}
