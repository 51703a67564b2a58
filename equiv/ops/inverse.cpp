// layoutref equiv — the "inverse" group, each row with all its faces (operations.hpp):
// right_inverse(L), left_inverse(L), max_common_vector(A, B) (of layouts or swizzled layouts),
// max_common_layout(A, B).
#include "support.hpp"

#include <layoutref/impl/inverse.hpp>
#include <layoutref/impl/max_common.hpp>
#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/max_common.hpp>
#include <layoutref/spec/term.hpp>

namespace layoutref::equiv {

using namespace ops;

namespace {

// max_common_vector with impl where either argument is swizzled (impl/swizzle.hpp).
Prepared swizzled_max_common_vector(Args const& args) {
  bool ca = is_swizzled(args.at(0)), cb = is_swizzled(args.at(1));
  if (ca && cb) {
    auto x = impl_composed(args[0]);
    auto y = impl_composed(args[1]);
    if (!x.ok()) return unprepared(x.error);
    if (!y.ok()) return unprepared(y.error);
    return prepared([x = x.value, y = y.value] { return impl::max_common_vector(x, y); });
  }
  auto x = impl_composed(args[ca ? 0 : 1]);
  auto y = impl::to_layout(args[ca ? 1 : 0]);
  if (!x.ok()) return unprepared(x.error);
  if (!y.ok()) return unprepared(y.error);
  return prepared([x = x.value, y = y.value] { return impl::max_common_vector(x, y); });
}

// op(A, B) of two layouts, with impl.
template <class F>
Prepared on_layouts(Args const& a, F const& f) {
  auto x = impl::to_layout(a.at(0));
  if (!x.ok()) return unprepared(x.error);
  auto y = impl::to_layout(a.at(1));
  if (!y.ok()) return unprepared(y.error);
  return prepared([f, x = x.value, y = y.value] { return f(x, y); });
}

}  // namespace

void register_inverse(OperationTable& t) {
  using K = ArgKind;
  using R = Returns;

  // The inverses have no reference: their results are not unique (spec/inverse.hpp), the spec's
  // choice differs from CuTe's where L is not injective (right_inverse((_4,_16,_2):(_4,_1,_6)) is
  // _16:_4 in CuTe and impl, (4,4):(4,1) in the spec; both are right inverses) or has only zero
  // strides (left_inverse((4,4):(0,0)): CuTe 16:0, the spec 1:0), so their judges decide them. Their
  // spec results are the spec's choice, which their judges find correct.
  t.add({
      .usage = "right_inverse(L)", .args = {K::layout}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return sp::check_right_inverse(sp::to_layout(a[0]), layout_claim(r)); },
      .prepare = [](Args const& a) { return prepare_on_layout(a, [](impl::Layout const& l) { return impl::right_inverse(l); }); },
      .admissible = [](Args const& a) { return sp::is_right_inverse_admissible(layout(a, 0)); },
      .spec_result = [](Args const& a) { return sp::to_term(sp::right_inverse(sp::to_layout(a[0]))); },
  });

  t.add({
      .usage = "left_inverse(L)", .args = {K::layout}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return sp::check_left_inverse(sp::to_layout(a[0]), layout_claim(r)); },
      .prepare = [](Args const& a) { return prepare_on_layout(a, [](impl::Layout const& l) { return impl::left_inverse(l); }); },
      .admissible = [](Args const& a) { return sp::is_left_inverse_admissible(layout(a, 0)); },
      .spec_result = [](Args const& a) { return sp::to_term(sp::left_inverse(sp::to_layout(a[0]))); },
  });

  t.add({
      .usage = "max_common_vector(A, B)", .args = {K::layout_or_swizzled, K::layout_or_swizzled}, .min_args = 2,
      .returns = R::integer,
      .judge = [](Args const& a, Term const& r) {
        bool ca = is_composed(a[0]), cb = is_composed(a[1]);
        sp::i64 want = ca && cb ? sp::max_common_vector(to_composed(a[0]), to_composed(a[1]))
                       : ca     ? sp::max_common_vector(to_composed(a[0]), sp::to_layout(a[1]))
                       : cb     ? sp::max_common_vector(sp::to_layout(a[0]), to_composed(a[1]))
                                : sp::max_common_vector(sp::to_layout(a[0]), sp::to_layout(a[1]));
        return compare_integer(r, want, "the largest common vector");
      },
      .prepare = [](Args const& a) {
        if (is_swizzled(a.at(0)) || is_swizzled(a.at(1))) return swizzled_max_common_vector(a);
        return on_layouts(a, [](impl::Layout const& x, impl::Layout const& y) { return impl::max_common_vector(x, y); });
      },
      .spec_result = [](Args const& a) {
        bool ca = is_composed(a[0]), cb = is_composed(a[1]);
        return integer(ca && cb ? sp::max_common_vector(to_composed(a[0]), to_composed(a[1]))
                       : ca     ? sp::max_common_vector(to_composed(a[0]), sp::to_layout(a[1]))
                       : cb     ? sp::max_common_vector(sp::to_layout(a[0]), to_composed(a[1]))
                                : sp::max_common_vector(sp::to_layout(a[0]), sp::to_layout(a[1])));
      },
  });

  t.add({
      .usage = "max_common_layout(A, B)", .args = {K::layout, K::layout}, .min_args = 2, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return sp::check_max_common_layout(sp::to_layout(a[0]), sp::to_layout(a[1]), layout_claim(r));
      },
      .prepare = [](Args const& a) {
        return on_layouts(a, [](impl::Layout const& x, impl::Layout const& y) { return impl::max_common_layout(x, y); });
      },
      .admissible = [](Args const& a) { return sp::is_max_common_layout_admissible(layout(a, 0), layout(a, 1)); },
      .reference = [](Args const& a) { return sp::max_common_layout(layout(a, 0), layout(a, 1)); },
  });
}

}  // namespace layoutref::equiv
