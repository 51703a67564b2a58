// CuTe's static flags (`_4` is Int<4>, a compile-time value; `4` is a run-time int): the flag
// changes the printed text, never the function, so the spec ignores it and the impl ≡ spec
// properties cannot see it. The law that fixes it here is C++'s own: a function of
// compile-time values only is a compile-time value (cute/numeric/integral_constant.hpp: the
// operators of two C<a>, C<b> return C<a op b>; cute/int_tuple.hpp and cute/layout.hpp compute
// every result from its arguments with those operators). So an operation on inputs whose every
// integer is static returns a result whose every integer is static.
// Not covered: the values L(i) (eval, crd2idx(c, L)); impl::Value carries no static flag, so
// impl prints `0` where CuTe's layout(_0) is `_0` (docs/laws.md).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

#include <layoutref/notation/print.hpp>

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Kind;
using layoutref::notation::Term;

namespace {

/// t with every integer and basis scale marked static (`_4`, `_1@0`).
Term all_static(Term t) {
  if (t.kind == Kind::integer) t.integer.is_static = true;
  if (t.kind == Kind::basis) t.basis.scale.is_static = true;
  for (auto& c : t.children) c = all_static(c);
  return t;
}

/// The first integer or basis scale of t that is not static, printed, or "" when all are.
std::string first_dynamic(Term const& t) {
  if (t.kind == Kind::integer && !t.integer.is_static) return layoutref::notation::print(t);
  if (t.kind == Kind::basis && !t.basis.scale.is_static) return layoutref::notation::print(t);
  for (auto const& c : t.children) {
    std::string d = first_dynamic(c);
    if (!d.empty()) return d;
  }
  return "";
}

/// op(args) on all-static args: impl's result, which must have no run-time integer.
void require_static_result(std::string const& op, std::vector<Term> args) {
  for (auto& a : args) a = all_static(a);
  std::string why;
  auto r = lp::impl_compute(op, args, &why);
  if (!r) {
    RC_TAG(op + " refused");
    return;  // refusals are judged by the impl ≡ spec properties
  }
  RC_TAG(op);
  std::string d = first_dynamic(*r);
  if (!d.empty()) {
    std::string text = op + "(";
    for (size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + layoutref::notation::print(args[i]);
    RC_FAIL(text + ") = " + layoutref::notation::print(*r) + ": the run-time value " + d + " from static inputs");
  }
}

}  // namespace

// Law (static in, static out): the coordinate maps and the unary layout operations.
LAYOUTREF_PROP(statics, law_static_in_static_out_unary, ()) {
  sp::Layout l = *lr::layout(lr::Bounds{}, lr::StrideMix{true, true, 24});
  lp::classify(l);
  sp::i64 i = *lr::index_below(sp::size(l));
  sp::IntTuple c = *lr::coordinate(l.shape);
  require_static_result("idx2crd", {lp::term(i), lp::term(l.shape)});
  require_static_result("crd2idx", {lp::term(c), lp::term(l.shape)});
  require_static_result("coalesce", {lp::term(l)});
  require_static_result("filter_zeros", {lp::term(l)});
  require_static_result("filter", {lp::term(l)});
  require_static_result("size", {lp::term(l)});
  require_static_result("cosize", {lp::term(l)});
  sp::Layout inj = *lr::injective_layout();
  require_static_result("right_inverse", {lp::term(inj)});
  require_static_result("left_inverse", {lp::term(inj)});
}

// Law (static in, static out): the binary operations on admissible inputs.
LAYOUTREF_PROP(statics, law_static_in_static_out_binary, ()) {
  lr::LayoutPair p = *lr::composable_pair();
  require_static_result("composition", {lp::term(p.a), lp::term(p.b)});
  lr::Complementable c = *lr::complementable();
  require_static_result("complement", {lp::term(c.a), lp::term(c.cotarget)});
  lr::LayoutTiler d = *lr::divisible();
  for (char const* op : {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"})
    require_static_result(op, {lp::term(d.a), d.tiler});
  lr::LayoutTiler q = *lr::product_admissible();
  for (char const* op : {"logical_product", "zipped_product", "tiled_product", "flat_product"})
    require_static_result(op, {lp::term(q.a), q.tiler});
}
