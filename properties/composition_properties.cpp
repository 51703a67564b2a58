// Properties of composition A∘B with a layout or a by-mode tiler (CuTe docs
// 02_layout_algebra.md "Composition"; J. Shah, "A Note on the Algebra of CuTe Layouts",
// Def. 2.11-2.17; docs/semantics.md "Composition"): impl ≡ spec on admissible, inadmissible
// and arbitrary pairs, and the laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Term;

// impl ≡ spec on pairs admissible by construction (single- and multi-mode B).
LAYOUTREF_PROP(composition, impl_matches_spec_composable, ()) {
  lr::LayoutPair p = *lr::composable_pair();
  lp::classify(p.b);
  RC_TAG(sp::rank(p.b) > 1 ? "multi-mode B" : "single-mode B");
  lp::require_computed(lp::require_agreement("composition", {*lr::static_marks(lp::term(p.a)), *lr::static_marks(lp::term(p.b))}));
}

// impl ≡ spec on by-mode tilers (tuples of `_`, integers and layouts).
LAYOUTREF_PROP(composition, impl_matches_spec_tiler, ()) {
  lr::LayoutTiler p = *lr::composable_tiler();
  lp::classify(p.a);
  lp::require_computed(lp::require_agreement("composition", {lp::term(p.a), *lr::static_marks(p.tiler)}));
}

// impl ≡ spec at the edge of A's domain: B has a mode of stride size(A), so B reaches the value
// size(A) (the first value past A's domain, where A's extension takes over: semantics.md
// "Extension"), and a second mode whose interval overlaps it, so impl checks the composition
// by mode at every index of B.
LAYOUTREF_PROP(composition, impl_matches_spec_domain_edge, ()) {
  sp::Layout a = *lr::layout(lr::Bounds{3, 3, 4, 64, 8}, lr::nonnegative());
  sp::i64 n = sp::size(a);
  sp::i64 m0 = *rc::gen::inRange<sp::i64>(1, 5), m1 = *rc::gen::inRange<sp::i64>(2, 4);
  sp::i64 d0 = *rc::gen::inRange<sp::i64>(0, n + 1);
  bool swap = *rc::gen::arbitrary<bool>();
  std::vector<sp::i64> ext = {m0, m1};
  std::vector<sp::Value> str = {sp::Value(d0), sp::Value(n)};
  if (swap) {
    std::swap(ext[0], ext[1]);
    std::swap(str[0], str[1]);
  }
  sp::Layout b(sp::IntTuple::tuple({sp::IntTuple(ext[0]), sp::IntTuple(ext[1])}),
               sp::Stride::tuple({sp::Stride(str[0]), sp::Stride(str[1])}));
  lp::classify(a);
  lp::require_agreement("composition", {lp::term(a), lp::term(b)});
}

// impl ≡ spec on pairs built to violate a condition (left divisibility, negative stride,
// colliding intervals) and on tilers longer than A: both refuse with the same condition, or
// (where Shah's condition is only sufficient) both compute the same function.
LAYOUTREF_PROP(composition, impl_matches_spec_inadmissible, ()) {
  if (*rc::gen::inRange(0, 3) == 0) {
    lr::LayoutTiler t = *lr::bad_tiler();
    lp::require_agreement("composition", {lp::term(t.a), t.tiler});
    return;
  }
  lr::LayoutPair p = *lr::non_composable();
  lp::require_agreement("composition", {lp::term(p.a), lp::term(p.b)});
}

// impl ≡ spec on arbitrary pairs (any strides): most are refused, some are not.
LAYOUTREF_PROP(composition, impl_matches_spec_arbitrary, ()) {
  lr::Bounds small{3, 4, 6, 256, 12};
  sp::Layout a = *lr::layout(small, lr::StrideMix{true, true, 16});
  sp::Layout b = *lr::layout(small, lr::StrideMix{true, true, 16});
  lp::require_agreement("composition", {lp::term(a), lp::term(b)});
}

// Law (02_layout_algebra.md "Composition", CuTe's @post result(c) = lhs(rhs(c))): for every
// index i of B with B(i) in [0, size(A)), (A∘B)(i) = A(B(i)); and size(A∘B) = size(B),
// rank(A∘B) = rank(B) when B is a tuple.
LAYOUTREF_PROP(composition, law_agrees_with_function_composition, ()) {
  lr::LayoutPair p = *lr::composable_pair();
  auto r = lp::impl_compute("composition", {lp::term(p.a), lp::term(p.b)});
  RC_ASSERT(r.has_value());
  sp::Layout rl = sp::to_layout(*r);
  RC_ASSERT(sp::size(rl) == sp::size(p.b));
  if (!p.b.shape.is_leaf()) RC_ASSERT(sp::rank(rl) == sp::rank(p.b));
  sp::FlatLayout fa(p.a), fb(p.b), fr(rl);
  int inside = 0;
  for (sp::i64 i = 0; i < fb.size(); ++i) {
    sp::i64 bi = fb(i).integer();
    if (bi < 0 || bi >= fa.size()) continue;
    ++inside;
    RC_ASSERT(fr(i) == fa(bi));
  }
  RC_CLASSIFY(inside == fb.size(), "B inside A's domain");
}

// Law (associativity; Cecka, "CuTe Layout Representation and Algebra": composition is the
// composition of functions): with B∘C and A∘B admissible by construction, (A∘B)∘C and A∘(B∘C)
// agree at every index i with C(i) in [0, size(B)) and B(C(i)) in [0, size(A)). Past the
// domains each side extends a different layout (CuTe's extension convention,
// docs/semantics.md), so they need not agree there: A = (2,1):(0,2), B = (2,2):(2,1),
// C = (4,2):(2,1) differ at index 2, where C(2) = 4 >= size(B).
LAYOUTREF_PROP(composition, law_associative, ()) {
  lr::LayoutPair ab = *lr::composable_pair(lr::Bounds{3, 4, 6, 256, 12});
  lr::LayoutPair bc = *rc::gen::exec([ab] {  // by value: shrinking re-runs it later
    // C composable with B: built the same way, on B's shape.
    auto ext = sp::leaves(ab.b.shape);
    ext.pop_back();
    auto modes = lr::detail::aligned_modes(ext, true, 3, 256);
    return lr::LayoutPair{ab.b, lr::detail::layout_of_modes(modes, lr::Bounds{}, true)};
  });
  auto ab_r = lp::impl_compute("composition", {lp::term(ab.a), lp::term(ab.b)});
  auto bc_r = lp::impl_compute("composition", {lp::term(bc.a), lp::term(bc.b)});
  RC_ASSERT(ab_r.has_value() && bc_r.has_value());
  auto left = lp::impl_compute("composition", {*ab_r, lp::term(bc.b)});
  auto right = lp::impl_compute("composition", {lp::term(ab.a), *bc_r});
  RC_CLASSIFY(left.has_value() && right.has_value(), "both sides computed");
  RC_CLASSIFY(!left.has_value() || !right.has_value(), "a side refused");
  if (!left || !right) return;
  sp::FlatLayout fa(ab.a), fb(ab.b), fc(bc.b), fl(sp::to_layout(*left)), fr(sp::to_layout(*right));
  RC_ASSERT(fl.size() == fc.size() && fr.size() == fc.size());
  int inside = 0;
  for (sp::i64 i = 0; i < fc.size(); ++i) {
    sp::i64 c = fc(i).integer();
    if (c >= fb.size()) continue;
    sp::i64 b = fb(c).integer();
    if (b < 0 || b >= fa.size()) continue;
    ++inside;
    if (fl(i) != fr(i) || fl(i) != fa(b))
      RC_FAIL("at index " + std::to_string(i) + ": (A∘B)∘C = " + fl(i).str() + ", A∘(B∘C) = " + fr(i).str() +
              ", A(B(C(i))) = " + fa(b).str());
  }
  RC_CLASSIFY(inside == fc.size(), "C and B(C) inside the domains");
}

// Law (02_layout_algebra.md "Composition Tilers": by-mode composition): composition(A, <T0,...>)
// has mode i equal, as a function, to composition(A_i, T_i), and the modes of A past the
// tiler are dropped — checked against impl's own single-mode compositions.
LAYOUTREF_PROP(composition, law_tiler_is_by_mode, ()) {
  lr::LayoutTiler p = *lr::composable_tiler();
  auto r = lp::impl_compute("composition", {lp::term(p.a), p.tiler});
  RC_ASSERT(r.has_value());
  sp::Layout rl = sp::to_layout(*r);
  auto am = sp::modes(p.a);
  RC_ASSERT(sp::rank(rl) == static_cast<int>(p.tiler.children.size()));
  auto rm = sp::modes(rl);
  for (size_t i = 0; i < p.tiler.children.size(); ++i) {
    Term const& ti = p.tiler.children[i];
    if (ti.kind == layoutref::notation::Kind::underscore) {
      RC_ASSERT(lp::same_function(rm[i], am[i]));
      continue;
    }
    auto mi = lp::impl_compute("composition", {lp::term(am[i]), ti});
    RC_ASSERT(mi.has_value());
    std::string why;
    if (!lp::same_function(rm[i], sp::to_layout(*mi), &why)) RC_FAIL("mode " + std::to_string(i) + ": " + why);
  }
}
