// Properties of logical, zipped, tiled, flat, blocked and raked products and tile_to_shape
// (CuTe docs 02_layout_algebra.md "Product": logical_product(A, B) = (A, complement(A,
// size(A)*cosize(B)) ∘ B); cute/layout.hpp blocked_product, raked_product, tile_to_shape):
// impl ≡ spec, and the laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Term;

namespace {
char const* const kProducts[] = {"logical_product", "zipped_product", "tiled_product", "flat_product"};
}

// impl ≡ spec: the four products on product-admissible inputs.
LAYOUTREF_PROP(product, impl_matches_spec_admissible, ()) {
  lr::LayoutTiler p = *lr::product_admissible();
  lp::classify(p.a);
  RC_TAG(p.tiler.kind == layoutref::notation::Kind::layout ? "layout tiler" : "tuple tiler");
  auto a = *lr::static_marks(lp::term(p.a));
  auto t = *lr::static_marks(p.tiler);
  for (char const* op : kProducts) lp::require_computed(lp::require_agreement(op, {a, t}));
}

// impl ≡ spec: non-injective A, tilers longer than A.
LAYOUTREF_PROP(product, impl_matches_spec_inadmissible, ()) {
  lr::LayoutTiler p = *rc::gen::oneOf(lr::non_product(), lr::bad_tiler());
  for (char const* op : kProducts) lp::require_agreement(op, {lp::term(p.a), p.tiler});
}

// impl ≡ spec: blocked_product and raked_product, admissible pairs and arbitrary pairs.
LAYOUTREF_PROP(product, blocked_raked_impl_matches_spec, ()) {
  bool admissible = *rc::gen::inRange(0, 4) != 0;
  lr::LayoutPair p = admissible ? *lr::blocked_pair()
                                : lr::LayoutPair{*lr::layout(lr::Bounds{2, 3, 4, 64, 8}, lr::nonnegative()), *lr::small_layout()};
  RC_TAG(admissible ? "A compact" : "A arbitrary");
  for (char const* op : {"blocked_product", "raked_product"}) {
    auto a = lp::require_agreement(op, {lp::term(p.a), lp::term(p.b)});
    if (admissible) lp::require_computed(a);
  }
}

// impl ≡ spec: tile_to_shape with and without an order.
LAYOUTREF_PROP(product, tile_to_shape_impl_matches_spec, ()) {
  lr::TileToShape t = *lr::tile_to_shape_input();
  std::vector<Term> args{lp::term(t.block), lp::term(t.shape)};
  if (t.order) args.push_back(lp::term(*t.order));
  RC_TAG(t.order ? "with order" : "column-major");
  lp::require_computed(lp::require_agreement("tile_to_shape", args));
}

// Law (02_layout_algebra.md "Logical Product": "the first mode is the block A"): mode 0 of
// logical_product(A, B) is A's function, and size = size(A)*size(B).
LAYOUTREF_PROP(product, law_first_mode_is_a, ()) {
  lr::LayoutTiler p = *lr::product_admissible(lr::Bounds{}, lr::TilerForm::layout);
  auto r = lp::impl_compute("logical_product", {lp::term(p.a), p.tiler});
  RC_ASSERT(r.has_value());
  sp::Layout rl = sp::to_layout(*r);
  RC_ASSERT(sp::rank(rl) == 2);
  RC_ASSERT(lp::same_function(sp::modes(rl)[0], p.a));
  RC_ASSERT(sp::size(rl) == sp::size(p.a) * sp::size(sp::to_layout(p.tiler)));
}

// Law (02_layout_algebra.md "Logical Product": the second mode is complement(A, size(A)*cosize(B))
// ∘ B): for compact A, mode 1 of logical_product(A, B) is i -> size(A)*B(i).
LAYOUTREF_PROP(product, law_second_mode_is_b_scaled, ()) {
  lr::LayoutTiler p = *lr::product_admissible(lr::Bounds{}, lr::TilerForm::layout);
  auto r = lp::impl_compute("logical_product", {lp::term(p.a), p.tiler});
  RC_ASSERT(r.has_value());
  sp::FlatLayout m1(sp::modes(sp::to_layout(*r))[1]), b(sp::to_layout(p.tiler));
  RC_ASSERT(m1.size() == b.size());
  for (sp::i64 i = 0; i < b.size(); ++i) RC_ASSERT(m1(i).integer() == sp::size(p.a) * b(i).integer());
}

// Law (02_layout_algebra.md "Zipped, Tiled, and Flat Products"): the variants regroup the
// modes of logical_product: same function for a layout tiler, same values for a tuple tiler.
LAYOUTREF_PROP(product, law_variants_are_regroupings, ()) {
  lr::LayoutTiler p = *lr::product_admissible();
  bool layout_tiler = p.tiler.kind == layoutref::notation::Kind::layout;
  RC_TAG(layout_tiler ? "layout tiler" : "tuple tiler");
  auto logical = lp::impl_compute("logical_product", {lp::term(p.a), p.tiler});
  RC_ASSERT(logical.has_value());
  sp::Layout ll = sp::to_layout(*logical);
  for (char const* op : {"zipped_product", "tiled_product", "flat_product"}) {
    auto v = lp::impl_compute(op, {lp::term(p.a), p.tiler});
    RC_ASSERT(v.has_value());
    sp::Layout vl = sp::to_layout(*v);
    if (layout_tiler) {
      std::string why;
      if (!lp::same_function(vl, ll, &why)) RC_FAIL(std::string(op) + " differs from logical_product: " + why);
    } else {
      RC_ASSERT(lp::image(vl) == lp::image(ll));
    }
  }
}

// Law (cute/layout.hpp blocked_product / raked_product: the same block and repetition,
// interleaved differently): both have the image of logical_product(A, B) (the same multiset of
// values) and the same shape profile up to the order inside each mode.
LAYOUTREF_PROP(product, law_blocked_and_raked_cover_the_same_image, ()) {
  lr::LayoutPair p = *lr::blocked_pair();
  auto blocked = lp::impl_compute("blocked_product", {lp::term(p.a), lp::term(p.b)});
  auto raked = lp::impl_compute("raked_product", {lp::term(p.a), lp::term(p.b)});
  auto logical = lp::impl_compute("logical_product", {lp::term(p.a), lp::term(p.b)});
  RC_ASSERT(blocked.has_value() && raked.has_value() && logical.has_value());
  auto img = lp::image(sp::to_layout(*logical));
  RC_ASSERT(lp::image(sp::to_layout(*blocked)) == img);
  RC_ASSERT(lp::image(sp::to_layout(*raked)) == img);
  RC_ASSERT(sp::rank(sp::to_layout(*blocked)) == sp::rank(sp::to_layout(*raked)));
}

// Law (cute/layout.hpp tile_to_shape: "replicate the block to fill the shape"): the result has
// the target shape's mode sizes and, since the block is compact, is a bijection onto
// [0, size(shape)).
LAYOUTREF_PROP(product, law_tile_to_shape_fills_the_shape, ()) {
  lr::TileToShape t = *lr::tile_to_shape_input();
  std::vector<Term> args{lp::term(t.block), lp::term(t.shape)};
  if (t.order) args.push_back(lp::term(*t.order));
  auto r = lp::impl_compute("tile_to_shape", args);
  RC_ASSERT(r.has_value());
  sp::Layout rl = sp::to_layout(*r);
  RC_ASSERT(sp::rank(rl) == sp::rank(t.shape));
  auto rm = sp::modes(rl);
  for (int i = 0; i < sp::rank(t.shape); ++i) RC_ASSERT(sp::size(rm[static_cast<size_t>(i)]) == sp::size(sp::mode(t.shape, i)));
  auto img = lp::image(rl);
  for (size_t i = 0; i < img.size(); ++i) RC_ASSERT(img[i] == static_cast<sp::i64>(i));
}

// impl ≡ spec: tile_to_shape with a mode of the shape that is not a multiple of the block's
// (tile_to_shape.divisibility) or a shape of lower rank than the block (tile_to_shape.rank).
LAYOUTREF_PROP(product, tile_to_shape_inadmissible_matches_spec, ()) {
  lr::TileToShape t = *lr::tile_to_shape_input();
  auto modes = t.shape.items;
  size_t k = *rc::gen::inRange<size_t>(0, modes.size());
  if (*rc::gen::inRange(0, 4) == 0 && modes.size() > 1)
    modes.pop_back();  // may drop below the block's rank
  else
    modes[k] = sp::IntTuple(modes[k].value + 1);
  std::vector<Term> args{lp::term(t.block), lp::term(sp::IntTuple::tuple(modes))};
  lp::require_agreement("tile_to_shape", args);
}
