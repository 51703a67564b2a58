#include "internal.hpp"
#include <layoutref/proofs/check.hpp>
#include <layoutref/spec/error.hpp>
#include <layoutref/spec/layout.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace layoutref::proofs {

unsigned long long spot_check(Setting const& s, std::string const& op, std::vector<LeafLayout> const& args, LeafLayout const& r,
                              SpecOperation const& spec_op, SpecOffset const& spec_offset, std::string* none) {
  std::string why_none = "no assignment of the variables within the bounds and hypotheses is small enough (sizes at most 2^16)";
  z3::context& ctx = *s.ctx;
  // The assignments: every one where there are at most 256, else up to 32 found by the solver,
  // smallest first (the sum of the distances to the lower bounds at most 0, 1, 2, 4, ...).
  std::vector<Assignment> points;
  unsigned long long count = 1;
  for (auto const& v : s.vars.vars) {
    unsigned long long w = static_cast<unsigned long long>(v.hi - v.lo) + 1;
    count = (w == 0 || count > 256 / w) ? 257 : count * w;
  }
  if (count <= 256) {
    Assignment a;
    for (auto const& v : s.vars.vars) a.push_back(v.lo);
    for (unsigned long long t = 0; t < count; ++t) {
      if (hypotheses_hold(s, a)) points.push_back(a);
      for (size_t k = 0; k < a.size(); ++k) {
        if (a[k] < s.vars.vars[k].hi) {
          ++a[k];
          break;
        }
        a[k] = s.vars.vars[k].lo;
      }
    }
  } else {
    z3::solver sv(ctx);
    z3::params p(ctx);
    unsigned budget = std::min(2000u, s.budget_ms());
    if (budget == 0) {  // the time budget is spent: nothing compared (the note says so)
      if (none) *none = "the time budget was spent before any assignment could be compared";
      return 0;
    }
    p.set("timeout", budget);
    sv.set(p);
    sv.add(domain(s));
    // Another assignment than a.
    auto differs = [&](Assignment const& a) {
      z3::expr d = ctx.bool_val(false);
      for (size_t k = 0; k < a.size(); ++k) d = d || ctx.int_const(s.vars.vars[k].name.c_str()) != ctx.int_val(static_cast<int64_t>(a[k]));
      return d;
    };
    z3::expr distance = ctx.int_val(0);
    for (auto const& v : s.vars.vars) distance = distance + (ctx.int_const(v.name.c_str()) - ctx.int_val(static_cast<int64_t>(v.lo)));
    // The search stops at the first check the solver cannot decide: each further limit would
    // cost another check of up to `budget` (the whole --timeout, over 40 limits).
    bool undecided = false;
    for (long long limit = 0; !undecided && points.size() < 32 && limit <= (1LL << 40); limit = limit == 0 ? 1 : 2 * limit) {
      sv.push();
      sv.add(distance <= ctx.int_val(static_cast<int64_t>(limit)));
      z3::check_result found = z3::unknown;
      while (points.size() < 32 && (found = sv.check()) == z3::sat) {
        points.push_back(assignment_in(s, sv.get_model()));
        sv.add(differs(points.back()));
      }
      if (found == z3::unknown && points.size() < 32) {
        undecided = true;
        if (points.empty()) why_none = "z3 could not find an assignment of the variables (" + sv.reason_unknown() + ")";
      }
      sv.pop();
      for (auto const& a : points) sv.add(differs(a));  // the blocking clauses went with the pop
    }
  }
  unsigned long long compared = 0;
  for (auto const& x : points) {
    std::vector<spec::Layout> in;
    spec::Layout got;
    try {
      for (auto const& l : args) in.push_back(instantiate(s, Fn::of(l), x).layout);
      got = instantiate(s, Fn::of(r), x).layout;
    } catch (spec::Error const&) {
      continue;  // a value past 64 bits: not comparable here
    }
    bool small = spec::size(got) <= (1 << 16);
    for (auto const& l : in) small = small && spec::size(l) <= (1 << 16);
    if (!small) continue;
    spec::Layout want;
    spec::Value want_offset, got_offset;
    try {
      want = spec_op(in, x);
      if (spec_offset) want_offset = spec_offset(in, x);
      if (r.offset) got_offset = value_of(s, *r.offset, x);
    } catch (spec::Error const& e) {
      throw InputError(op + " is not admissible at " + str(s, x) + ": " + e.what());
    }
    if (!(want_offset == got_offset))
      throw InternalError("symbolic " + op + " gave the offset " + got_offset.str() + " at " + str(s, x) + ", but the spec's is " +
                          want_offset.str());
    // The rank too, where the spec's is fixed by the arguments' profiles (the divides by a tiler
    // arrange modes; slices keep one mode per `_`). Deeper, the spec's results are factored from
    // their values and coalesced, so their nesting may vary with the values (LeafLayout::loose).
    static std::set<std::string> const fixed_rank{"logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "slice",
                                                  "make_identity_tensor", "logical_product", "zipped_product", "tiled_product",
                                                  "flat_product", "blocked_product", "raked_product", "tile_to_shape"};
    if (fixed_rank.count(op) && spec::rank(want.shape) != spec::rank(got.shape))
      throw InternalError("symbolic " + op + " gave " + spec::str(got) + " at " + str(s, x) + ", but the spec's " + spec::str(want) +
                          " has another rank");
    if (spec::size(want) != spec::size(got))
      throw InternalError("symbolic " + op + " gave " + spec::str(got) + " at " + str(s, x) + ", but the spec's has size " +
                          std::to_string(spec::size(want)) + ": " + spec::str(want));
    for (long long i = 0; i < spec::size(want); ++i)
      if (spec::evaluate(want, i) != spec::evaluate(got, i))
        throw InternalError("symbolic " + op + " gave " + spec::str(got) + " at " + str(s, x) + ", but the spec's " + spec::str(want) +
                            " differs at index " + std::to_string(i));
    ++compared;
  }
  if (compared == 0 && none) *none = why_none;
  return compared;
}

}  // namespace layoutref::proofs
