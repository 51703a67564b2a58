// layoutref equiv — composition(A, B), the row with all its faces (operations.hpp): A a layout, a
// swizzled layout `Sw<B,M,S> o off o L` or a coordinate tensor `ArithTuple(...) o L`; B a layout
// or a tiler (a tuple of layouts, integers and `_`).
#include "support.hpp"

#include <layoutref/impl/composition.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/term.hpp>

namespace layoutref::equiv {

using namespace ops;

namespace {

// The spec's swizzled layout as a term.
Term swizzled_term(sp::ComposedLayout const& c) {
  return Term::make_chain({Term::make_swizzle(c.outer.b, c.outer.m, c.outer.s), integer(c.offset), sp::to_term(c.inner)});
}

// impl's swizzled layout as a term.
Term impl_term(impl::ComposedLayout const& c) {
  return Term::make_chain({Term::make_swizzle(c.outer.b, c.outer.m, c.outer.s), impl::to_term(c.offset), impl::to_term(c.inner)});
}

/// composition(Sw<B,M,S> o off o L, B) (the result `Sw<B,M,S> o off o (L o B)`) and composition(A,
/// B) with impl: B a layout or a tiler (a layout, an integer, `_` or a tuple of them).
Prepared prepare_composition(Args const& args) {
  auto swizzled = [](impl::Result<impl::ComposedLayout> const& r) {
    if (!r.ok()) return refused(r.error);
    ImplResult out;
    out.term = impl_term(r.value);
    return out;
  };
  bool b_layout = args.at(1).kind == notation::Kind::layout;
  if (args.at(0).kind == notation::Kind::chain) {  // Sw<B,M,S> o off o L
    auto c = impl_composed(args[0]);
    if (!c.ok()) return unprepared(c.error);
    if (b_layout) {
      auto b = impl::to_layout(args[1]);
      if (!b.ok()) return unprepared(b.error);
      return prepared([c = c.value, b = b.value] { return impl::composition(c, b); }, swizzled);
    }
    auto ti = impl::to_tiler(args[1]);
    if (!ti.ok()) return unprepared(ti.error);
    return prepared([c = c.value, ti = ti.value] { return impl::composition(c, ti); }, swizzled);
  }
  auto l = impl::to_layout(args.at(0));
  if (!l.ok()) return unprepared(l.error);
  if (b_layout) {
    auto b = impl::to_layout(args[1]);
    if (!b.ok()) return unprepared(b.error);
    return prepared([l = l.value, b = b.value] { return impl::composition(l, b); });
  }
  auto ti = impl::to_tiler(args[1]);
  if (!ti.ok()) return unprepared(ti.error);
  return prepared([l = l.value, ti = ti.value] { return impl::composition(l, ti); });
}

}  // namespace

void register_composition(OperationTable& t) {
  t.add({
      .usage = "composition(T or A, B)", .args = {ArgKind::layout_or_tensor, ArgKind::tiler}, .min_args = 2,
      .returns = Returns::layout,
      .judge = [](Args const& a, Term const& r) {
        if (is_composed(a[0])) {
          bool err = is_error(r);
          sp::ComposedLayout claimed;
          if (!err) claimed = to_composed(r);
          return sp::check_composition(to_composed(a[0]), sp::to_tiler(a[1]), err, claimed);
        }
        return sp::check_composition(sp::to_layout(a[0]), sp::to_tiler(a[1]), layout_claim(r));
      },
      // A coordinate tensor, else a swizzled layout or a layout (what bench times).
      .compute = on_tensor_or(
          compute_of(prepare_composition),
          [](CountingTensor const& x, Args const& a) {
            auto ti = impl::to_tiler(a.at(1));
            if (!ti.ok()) return refused(ti.error);
            return result_of(impl::composition(x, ti.value));
          }),
      .prepare = prepare_composition,
      .admissible = [](Args const& a) { return sp::is_composition_admissible(layout(a, 0), sp::to_tiler(a[1])); },
      .reference = [](Args const& a) { return sp::composition(layout(a, 0), sp::to_tiler(a[1])); },
      .spec_result = [](Args const& a) {
        if (is_composed(a[0])) return swizzled_term(sp::composition(to_composed(a[0]), sp::to_tiler(a[1])));
        if (is_tensor(a[0])) return term_of(sp::composition(sp::to_tensor(a[0]), sp::to_tiler(a[1])));
        return sp::to_term(sp::composition(sp::to_layout(a[0]), sp::to_tiler(a[1])));
      },
  });
}

}  // namespace layoutref::equiv
