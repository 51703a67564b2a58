// layoutref::proofs — the second, independent check of a solver's answer: the query evaluated
// concretely with the spec (layoutref::spec), never with the Z3 encoding.
//
//  - refuted: the counterexample (the variables' values and the indices in Z3's model) is
//    evaluated with the spec and must violate the goal (violates());
//  - proved: where the domain (every assignment of the variables, times the indices) has at
//    most 2^20 points, the goal is evaluated at each of them (exhaustive()).
// Terms over the variables are evaluated by substituting numbers; the layout functions are the
// spec's (spec::evaluate, spec::evaluate_extended, spec::Swizzle::apply).
#pragma once

#include <layoutref/proofs/query.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/swizzle.hpp>

#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

/// Values of the variables, in the order of Variables::vars.
using Assignment = std::vector<long long>;

/// A Fn whose leaves are numbers.
struct ConcreteFn {
  Fn::Kind kind = Fn::Kind::layout;
  spec::Layout layout;  ///< layout; swizzled: the inner layout; compose: B
  spec::Value origin;   ///< layout: the tensor's origin (LeafLayout::offset), added to every value
  spec::Swizzle swizzle;
  long long offset = 0;
  spec::Layout outer;   ///< compose: A
  long long size() const;
  /// F(i) by the definitions of query.hpp. @pre 0 <= i < size(); throws spec::Error on overflow.
  spec::Value at(long long i) const;
};

/// The integer value of a term under an assignment; throws spec::Error unless it is a 64-bit integer.
long long value_of(Setting const& s, z3::expr const& e, Assignment const& a);
/// A value (integer part and basis coefficients) under an assignment; throws spec::Error as above.
spec::Value value_of(Setting const& s, SymValue const& v, Assignment const& a);
/// F under an assignment; throws spec::Error (a shape below 1, overflow).
ConcreteFn instantiate(Setting const& s, Fn const& f, Assignment const& a);
/// Whether every named hypothesis of s (laws' conditions, --where's facts) holds at a (a
/// hypothesis that does not simplify to true, such as one over other constants, counts as not).
bool hypotheses_hold(Setting const& s, Assignment const& a);
/// The variables' values in a model.
Assignment assignment_in(Setting const& s, z3::model const& m);
/// `a=3, b=5`
std::string str(Setting const& s, Assignment const& a);

enum class Goal { injective, surjective, bijective, equal, image_within, fits_int32 };

/// The operands of a query: F, and G (equal), N (surjective, bijective), LO and HI (image_within).
struct Operands {
  Fn const* f = nullptr;
  Fn const* g = nullptr;
  std::optional<z3::expr> n, lo, hi;
};

/// The indices of a counterexample: injective i < j; bijective i < j and k; surjective y;
/// equal, image_within, fits_int32 i.
struct Witness {
  long long i = 0, j = 0, k = 0, y = 0;
};

/// Whether the counterexample violates the goal, evaluated with the spec. `why` says how it
/// violates it, or why it does not or could not be evaluated.
/// Where given, `overflow` is set when the spec could not evaluate it for a value past 64 bits.
bool violates(Setting const& s, Goal g, Operands const& o, Assignment const& a, Witness const& w, std::string& why,
              bool* overflow = nullptr);

/// Evaluates the goal with the spec at every point of the domain when there are at most `limit`
/// points and s's deadline is not reached: the number of points, 0 when not enumerated.
/// @throws InternalError when the goal fails at a point (it is called for proved answers).
unsigned long long exhaustive(Setting const& s, Goal g, Operands const& o, unsigned long long limit = 1ULL << 20);

}  // namespace layoutref::proofs

namespace layoutref::proofs {

/// L at any integer x, extended past its domain as in query.hpp (the spec's evaluate_extended
/// for x >= 0; below 0 the last leaf's coordinate goes negative). Throws spec::Error on overflow.
spec::Value extended_at(spec::Layout const& l, long long x);

/// Why some value of L on its domain (or its size) does not fit in 64 bits; empty when all do.
std::string range_error(spec::Layout const& l);

}  // namespace layoutref::proofs
