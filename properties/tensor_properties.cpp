// Properties of coordinate tensors and the partitioners (CuTe docs 03_tensor.md "Partitioning",
// 0z_tma_tensors.md; cute/tensor_impl.hpp local_tile / local_partition; cute/atom/mma_atom.hpp
// partition_A/B/C): the partitioners together cover every element exactly once (or, for the
// MMA operands A and B, exactly as many times as the threads that share them).
//
// The tensors are identity tensors, so an element is its own coordinate: covering is counted
// on coordinates. Tensors are computed with impl as `layoutref eval` does (the conform
// registry) and evaluated here from their printed form (origin + L(i), spec's evaluate).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

#include <layoutref/generators/tensors.hpp>
#include <layoutref/notation/print.hpp>

#include <map>

namespace gn = layoutref::generators;
namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Kind;
using layoutref::notation::Term;

namespace {

using Coord = std::vector<sp::i64>;

Term ints(std::vector<sp::i64> const& v, bool is_static) {
  std::vector<Term> items;
  for (sp::i64 x : v) items.push_back(Term::make_integer(x, is_static));
  return items.size() == 1 ? items[0] : Term::make_tuple(items);
}

/// The elements of a coordinate tensor `ArithTuple(o) o L`: o + L(i) for every i, each a flat
/// coordinate of `rank` entries, appended to `out`; a description of what is wrong, or "".
std::string elements_of(Term const& t, size_t rank, std::vector<Coord>& out) {
  if (!(t.kind == Kind::chain && t.children.size() == 2 && t.children[0].kind == Kind::arith_tuple))
    return "not a coordinate tensor: " + layoutref::notation::print(t);
  sp::IntTuple origin = sp::to_int_tuple(t.children[0].children.at(0));
  sp::Layout l = sp::to_layout(t.children[1]);
  auto o = sp::leaves(origin);
  if (o.size() != rank) return "an origin of rank " + std::to_string(o.size());
  for (sp::i64 i = 0; i < sp::size(l); ++i) {
    sp::Value v = sp::evaluate(l, i);
    Coord c = o;
    if (origin.is_leaf()) {  // a rank-1 identity tensor: plain integer strides (CuTe's E<> = 1)
      if (!v.is_integer()) return "a basis value in a rank-1 coordinate tensor";
      c[0] += v.scalar();
    } else {
      if (v.scalar() != 0) return "an integer term in a coordinate tensor's value";
      for (size_t k = 0; k < rank; ++k) c[k] += v.at(sp::Path{static_cast<int>(k)});
    }
    out.push_back(c);
  }
  return "";
}

std::vector<Coord> elements(Term const& t, size_t rank) {
  std::vector<Coord> out;
  std::string bad = elements_of(t, rank, out);
  if (!bad.empty()) RC_FAIL(bad);
  return out;
}

Term compute(std::string const& op, std::vector<Term> const& args) {
  std::string why;
  auto r = lp::impl_compute(op, args, &why);
  if (!r) RC_FAIL(op + " refused: " + why);
  return *r;
}

/// Whether every coordinate of the box `extent` is seen exactly `times` times, and nothing
/// else: "" or what is wrong.
std::string cover_error(std::map<Coord, int> const& seen, Coord const& extent, int times) {
  sp::i64 total = 1;
  for (sp::i64 e : extent) total *= e;
  for (auto const& [c, n] : seen) {
    for (size_t k = 0; k < c.size(); ++k)
      if (c[k] < 0 || c[k] >= extent[k]) return "a coordinate outside the tensor";
    if (n != times) return "a coordinate seen " + std::to_string(n) + " times, not " + std::to_string(times);
  }
  if (static_cast<sp::i64>(seen.size()) != total)
    return std::to_string(seen.size()) + " of " + std::to_string(total) + " coordinates covered";
  return "";
}

void require_cover(std::map<Coord, int> const& seen, Coord const& extent, int times, std::string const& what) {
  std::string bad = cover_error(seen, extent, times);
  if (!bad.empty()) RC_FAIL(what + ": " + bad);
}

/// Extents that are multiples of `tile` (1 to 3 tiles per mode).
Coord multiples(Coord const& tile) {
  Coord p;
  for (sp::i64 t : tile) p.push_back(t * *rc::gen::inRange<sp::i64>(1, 4));
  return p;
}

Coord small_tile(size_t rank) {
  Coord t;
  for (size_t k = 0; k < rank; ++k) t.push_back(*rc::gen::element<sp::i64>(1, 2, 3, 4, 6, 8));
  return t;
}

/// The MMA atoms of coordinate_tensors.tsv (generators' kMmaAtoms).
constexpr auto const& kAtoms = gn::kMmaAtoms;

Term counting_tensor(sp::Layout const& l) { return gn::counting_tensor_term(l); }

}  // namespace

// impl ≡ spec: slicing a layout and a counting tensor `ArithTuple(_0) o L` with `_`
// (03_tensor.md "Slicing"): same kept modes and offset, or both refuse a coordinate outside its
// mode.
LAYOUTREF_PROP(tensor, slice_impl_matches_spec, ()) {
  lr::RcSource s;
  gn::SliceInput in = gn::slice_input(s);
  lp::classify(in.layout);
  lp::require_agreement("slice", {lp::term(in.layout), in.coord});
  lp::require_agreement("slice", {counting_tensor(in.layout), in.coord});
}

// impl ≡ spec: local_tile (and inner_partition, its other name; identity_local_tile, its form on
// the shape) and outer_partition of identity tensors, tiles that need not divide the tensor,
// coordinates with `_`.
LAYOUTREF_PROP(tensor, local_tile_and_outer_partition_impl_match_spec, ()) {
  lr::RcSource s;
  gn::TileInput in = gn::tile_input(s);
  Term id = compute("make_identity_tensor", {ints(in.extent, false)});
  lp::require_computed(lp::require_agreement("local_tile", {id, ints(in.tile, true), gn::tile_coord_term(in)}));
  lp::require_computed(lp::require_agreement("inner_partition", {id, ints(in.tile, true), gn::tile_coord_term(in)}));
  lp::require_computed(lp::require_agreement("identity_local_tile", {ints(in.extent, false), ints(in.tile, true), gn::tile_coord_term(in)}));
  lp::require_computed(lp::require_agreement("outer_partition", {id, ints(in.tile, true), ints(in.inner_coord, false)}));
}

// impl ≡ spec: local_partition by arbitrary thread layouts (strides 0, overlapping, non-compact)
// and thread indices (values of the layout or not): the same tensor, or both refuse with
// get_flat_coord.not_a_value / not_unique.
LAYOUTREF_PROP(tensor, local_partition_impl_matches_spec, ()) {
  lr::RcSource s;
  gn::LocalPartitionInput in = gn::local_partition_input(s);
  lp::classify(in.thr);
  Term id = compute("make_identity_tensor", {ints(in.extent, false)});
  lp::require_agreement("local_partition", {id, lp::term(in.thr), Term::make_integer(in.index, false)});
}

// impl ≡ spec: the partitions of a TiledMMA (four atoms, atom layouts up to (2,2,1) in any mode
// order, an optional permutation tile) of identity tiles of any size, for any thread.
LAYOUTREF_PROP(tensor, mma_partition_impl_matches_spec, ()) {
  lr::RcSource s;
  gn::MmaInput in = gn::mma_input(s);
  RC_TAG(in.atom.name);
  RC_TAG(in.permuted ? "permutation tile" : "no permutation");
  RC_TAG(in.multiple ? "tile a multiple" : "tile of any size");
  Term tile = compute("make_identity_tensor", {ints(in.box, false)});
  lp::require_computed(lp::require_agreement(
      in.op(), {Term::make_word(in.atom.name), gn::mma_atom_layout_term(in), gn::mma_permutation_term(in), tile, Term::make_integer(in.index, false)}));
}


// Law (03_tensor.md "Inner partition": each threadgroup gets one tile): the tiles
// local_tile(make_identity_tensor(P), T, c) over every tile coordinate c cover P exactly once
// (P a multiple of T mode by mode).
LAYOUTREF_PROP(tensor, law_local_tile_covers_once, ()) {
  size_t rank = static_cast<size_t>(*rc::gen::inRange(1, 4));
  Coord tile = small_tile(rank), p = multiples(tile);
  Term id = compute("make_identity_tensor", {ints(p, false)});
  std::map<Coord, int> seen;
  Coord tiles;
  for (size_t k = 0; k < rank; ++k) tiles.push_back(p[k] / tile[k]);
  sp::i64 count = 1;
  for (sp::i64 t : tiles) count *= t;
  for (sp::i64 j = 0; j < count; ++j) {
    Coord c;
    sp::i64 rest = j;
    for (sp::i64 t : tiles) {
      c.push_back(rest % t);
      rest /= t;
    }
    Term part = compute("local_tile", {id, ints(tile, true), rank == 1 ? Term::make_integer(c[0], false) : ints(c, false)});
    for (auto const& e : elements(part, rank)) ++seen[e];
  }
  require_cover(seen, p, 1, "local_tile");
}

// Law (03_tensor.md "Outer partition"; cute local_partition): for a thread layout that is a
// bijection onto [0, size) (compact, any mode order) whose shape divides the tile mode by mode,
// the partitions of all thread indices cover the tile exactly once.
LAYOUTREF_PROP(tensor, law_local_partition_covers_once, ()) {
  size_t rank = static_cast<size_t>(*rc::gen::inRange(1, 3));
  Coord thr_shape = small_tile(rank), p = multiples(thr_shape);
  // A compact thread layout in a random mode order (column- or row-major for rank 2).
  bool row_major = rank == 2 && *rc::gen::arbitrary<bool>();
  Coord thr_stride(rank, 1);
  if (row_major) {
    thr_stride[1] = 1;
    thr_stride[0] = thr_shape[1];
  } else {
    for (size_t k = 1; k < rank; ++k) thr_stride[k] = thr_stride[k - 1] * thr_shape[k - 1];
  }
  RC_TAG(row_major ? "row-major threads" : "column-major threads");
  Term thr = Term::make_layout(ints(thr_shape, true), ints(thr_stride, true));
  Term tile = compute("make_identity_tensor", {ints(p, false)});
  sp::i64 threads = 1;
  for (sp::i64 t : thr_shape) threads *= t;
  std::map<Coord, int> seen;
  for (sp::i64 idx = 0; idx < threads; ++idx) {
    Term part = compute("local_partition", {tile, thr, Term::make_integer(idx, false)});
    for (auto const& e : elements(part, rank)) ++seen[e];
  }
  require_cover(seen, p, 1, "local_partition by " + layoutref::notation::print(thr));
}

// Law (cute/atom/mma_atom.hpp: a TiledMMA's threads own disjoint fragments of C, and share A
// across the N threads and B across the M threads): over every thread index, partition_C covers
// the (M,N) tile once, partition_A the (M,K) tile ThrN times, partition_B the (N,K) tile ThrM
// times. Exhaustive over the four atoms of coordinate_tensors.tsv, atom layouts (ThrM, ThrN, 1)
// with ThrM, ThrN in {1, 2} and 1 or 2 atom tiles per mode (128 configurations, every thread):
// a plain test, as a random sample of so small a space would only repeat it.
TEST(tensor, law_mma_partitions_cover_the_tile) {
  int configurations = 0;
  for (auto const& atom : kAtoms)
    for (sp::i64 tm : {1, 2})
      for (sp::i64 tn : {1, 2})
        for (sp::i64 rm : {1, 2})
          for (sp::i64 rn : {1, 2})
            for (sp::i64 rk : {1, 2}) {
              ++configurations;
              Term atom_layout = Term::make_layout(ints({tm, tn, 1}, true), ints({1, tm, 0}, true));
              sp::i64 threads = atom.threads * tm * tn;
              sp::i64 mm = atom.m * tm * rm, nn = atom.n * tn * rn, kk = atom.k * rk;
              struct Operand {
                char const* op;
                Coord extent;
                int times;
              } const operands[] = {{"mma_partition_C", {mm, nn}, 1},
                                    {"mma_partition_A", {mm, kk}, static_cast<int>(tn)},
                                    {"mma_partition_B", {nn, kk}, static_cast<int>(tm)}};
              for (auto const& o : operands) {
                std::string what = std::string(o.op) + " of " + atom.name + " by " + layoutref::notation::print(atom_layout) +
                                   " on " + layoutref::notation::print(ints(o.extent, false));
                auto tile = lp::impl_compute("make_identity_tensor", {ints(o.extent, false)});
                ASSERT_TRUE(tile.has_value()) << what;
                std::map<Coord, int> seen;
                for (sp::i64 idx = 0; idx < threads; ++idx) {
                  std::string why;
                  auto part = lp::impl_compute(o.op, {Term::make_word(atom.name), atom_layout, Term::make_underscore(), *tile,
                                                      Term::make_integer(idx, false)},
                                               &why);
                  ASSERT_TRUE(part.has_value()) << what << ": " << why;
                  std::vector<Coord> e;
                  std::string bad = elements_of(*part, 2, e);
                  ASSERT_EQ(bad, "") << what;
                  for (auto const& c : e) ++seen[c];
                }
                EXPECT_EQ(cover_error(seen, o.extent, o.times), "") << what;
              }
            }
  EXPECT_EQ(configurations, 128);
}
