// Properties of the constructions and the remaining queries: make_layout_like,
// make_fragment_like, make_ordered_layout, nullspace, upcast, downcast, domain_distribute,
// max_alignment, max_common_vector, max_common_layout (cute/layout.hpp): impl ≡ spec, and the
// laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

#include <layoutref/generators/modes.hpp>
#include <layoutref/spec/construct.hpp>

#include <algorithm>
#include <numeric>

namespace gn = layoutref::generators;
namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Term;

namespace {

sp::Layout any_layout() {
  lr::RcSource s;
  return gn::construct_layout(s);
}

}  // namespace

// impl ≡ spec: make_layout_like, make_fragment_like, nullspace, max_alignment.
LAYOUTREF_PROP(construct, unary_impl_matches_spec, ()) {
  sp::Layout l = any_layout();
  lp::classify(l);
  auto t = *lr::static_marks(lp::term(l));
  for (char const* op : {"make_layout_like", "make_fragment_like", "nullspace", "max_alignment"}) lp::require_agreement(op, {t});
}

// impl ≡ spec: make_ordered_layout(shape, order) with a permutation order.
LAYOUTREF_PROP(construct, make_ordered_layout_impl_matches_spec, ()) {
  lr::RcSource s;
  gn::OrderedLayoutInput in = gn::ordered_layout_input(s);
  lp::require_computed(lp::require_agreement("make_ordered_layout", {lp::term(in.shape), lp::term(in.order)}));
}

// impl ≡ spec: upcast and downcast by 1..8 (admissible or not: upcast.divisibility,
// downcast.unit_stride).
LAYOUTREF_PROP(construct, upcast_downcast_impl_matches_spec, ()) {
  // downcast multiplies the extent of every unit-stride leaf by n: at most 4 leaves of a layout
  // of size <= 512 keep the result within the spec's table bound (2^24) for n <= 8.
  lr::RcSource s;
  auto [l, n] = gn::cast_input(s);
  RC_TAG("n = " + std::to_string(n));
  lp::require_agreement("upcast", {lp::term(l), lp::term(n)});
  lp::require_agreement("downcast", {lp::term(l), lp::term(n)});
}

// impl ≡ spec: domain_distribute(shape, n).
LAYOUTREF_PROP(construct, domain_distribute_impl_matches_spec, ()) {
  lr::RcSource source;
  auto [s, n] = gn::domain_distribute_input(source);
  lp::require_agreement("domain_distribute", {lp::term(s), lp::term(n)});
}

// impl ≡ spec: max_common_vector and max_common_layout of two layouts of the same shape.
LAYOUTREF_PROP(construct, max_common_impl_matches_spec, ()) {
  lr::RcSource s;
  auto [a, b, kind] = gn::max_common_input(s);
  RC_TAG(kind == 0 ? "B = A" : kind == 1 ? "B compact" : "B arbitrary");
  lp::require_agreement("max_common_vector", {lp::term(a), lp::term(b)});
  lp::require_agreement("max_common_layout", {lp::term(a), lp::term(b)});
}

// Law (cute/layout.hpp nullspace: "the layout of the kernel"): L(nullspace(L)(i)) = 0 for every
// i, the values of nullspace(L) are distinct, and there are exactly as many as indices with
// L(i) = 0.
LAYOUTREF_PROP(construct, law_nullspace_is_the_kernel, ()) {
  sp::Layout l = *lr::layout(lr::Bounds{}, lr::nonnegative());
  auto z = lp::impl_compute("nullspace", {lp::term(l)});
  RC_ASSERT(z.has_value());
  sp::FlatLayout fl(l), fz(sp::to_layout(*z));
  auto img = lp::image(sp::to_layout(*z));
  RC_ASSERT(std::adjacent_find(img.begin(), img.end()) == img.end());
  sp::i64 zeros = 0;
  for (sp::i64 i = 0; i < fl.size(); ++i) zeros += fl(i).integer() == 0;
  RC_CLASSIFY(zeros > 1, "non-trivial kernel");
  RC_ASSERT(fz.size() == zeros);
  for (sp::i64 i = 0; i < fz.size(); ++i) RC_ASSERT(fl(fz(i).integer()).integer() == 0);
}

// Law (cute/layout.hpp make_ordered_layout / make_layout_like: compact layouts): the result of
// make_ordered_layout(S, order) is a bijection onto [0, size(S)) with shape S, whose leaf of
// order 0 has stride 1 (when its extent is > 1).
LAYOUTREF_PROP(construct, law_ordered_layout_is_compact, ()) {
  lr::RcSource source;
  auto [s, o] = gn::ordered_layout_input(source);
  auto r = lp::impl_compute("make_ordered_layout", {lp::term(s), lp::term(o)});
  RC_ASSERT(r.has_value());
  sp::Layout rl = sp::to_layout(*r);
  RC_ASSERT(sp::size(rl) == sp::size(s));
  auto img = lp::image(rl);
  for (size_t i = 0; i < img.size(); ++i) RC_ASSERT(img[i] == static_cast<sp::i64>(i));
}

// Law (cute/layout.hpp upcast/downcast: a view of the same memory with wider or narrower
// elements): for a compact layout whose first leaf has stride 1 and an extent divisible by n,
// downcast(upcast(L, n), n) is L as a function.
LAYOUTREF_PROP(construct, law_downcast_undoes_upcast, ()) {
  sp::IntTuple s = *lr::shape(lr::Bounds{2, 4, 6, 1024, 12});
  sp::i64 n = *rc::gen::element<sp::i64>(1, 2, 3, 4);
  auto ext = sp::leaves(s);
  ext[0] = std::max<sp::i64>(ext[0], 2) * n;  // a unit-stride first leaf, divisible by n
  sp::IntTuple sn = sp::unflatten(ext, s);
  sp::Layout l = sp::make_layout(sn);
  auto u = lp::impl_compute("upcast", {lp::term(l), lp::term(n)});
  RC_ASSERT(u.has_value());
  auto d = lp::impl_compute("downcast", {*u, lp::term(n)});
  RC_ASSERT(d.has_value());
  std::string why;
  if (!lp::same_function(sp::to_layout(*d), l, &why)) RC_FAIL("downcast(upcast(L)) != L: " + why);
}
