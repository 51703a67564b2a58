// layoutref::proofs — tier 1: concrete layouts with a symbolic index.
//
// Shapes and strides are numerals, so the colexicographic split is linear integer arithmetic
// (Euclidean division by constants) and Z3 decides such queries; sizes up to 2^62 cost no
// more than small ones. Swizzles are encoded bit by bit with division by powers of two.
#pragma once

#include <layoutref/proofs/encoding.hpp>
#include <layoutref/spec/swizzle.hpp>

namespace layoutref::proofs {

/// The leaves of a spec layout as numerals (its profile kept for printing).
LeafLayout leaves_of(z3::context& c, spec::Layout const& l);

/// Sw<B,M,S>(x) = x ^ ((x & (((1<<B)-1) << (M+max(0,S)))) >> S) (spec/swizzle.hpp) for x >= 0:
/// bit j of ZZZ (at M-min(0,S)+j) flips where bit j of YYY (at M+max(0,S)+j) is set.
/// @pre sw.validate() passes.
z3::expr swizzle_int(spec::Swizzle const& sw, z3::expr const& x);

}  // namespace layoutref::proofs
