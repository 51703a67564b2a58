// layoutref equiv — complement(L[, cotarget]), the row with all its faces (operations.hpp). The
// cotarget is printed as a plain decimal in the vectors but was a static Int<M> in CuTe's call:
// impl reads it as static.
#include "support.hpp"

#include <layoutref/impl/complement.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/term.hpp>

namespace layoutref::equiv {

using namespace ops;

namespace {

/// complement's cotarget: the second argument (a shape: CuTe rounds a tuple up mode by mode), or
/// the default, cosize(L) rounded as docs/semantics.md states.
sp::IntTuple cotarget(Args const& a) {
  return a.size() == 2 ? sp::to_shape(a[1]) : sp::IntTuple(sp::default_cotarget(sp::to_layout(a[0])));
}

}  // namespace

void register_complement(OperationTable& t) {
  t.add({
      .usage = "complement(L[, M])", .args = {ArgKind::layout, ArgKind::shape}, .min_args = 1, .returns = Returns::layout,
      .judge = [](Args const& a, Term const& r) {
        sp::Layout l = sp::to_layout(a[0]);
        if (a.size() == 2) return sp::check_complement(l, sp::to_shape(a[1]), layout_claim(r));
        return sp::check_complement(l, sp::default_cotarget(l), layout_claim(r));
      },
      .prepare = [](Args const& a) {
        auto l = impl::to_layout(a.at(0));
        if (!l.ok()) return unprepared(l.error);
        if (a.size() < 2) return prepared([l = l.value] { return impl::complement(l); });
        auto m = impl::to_shape(a.at(1));
        if (!m.ok()) return unprepared(m.error);
        for (int k = 0; k < m.value.nleaves; ++k) m.value.leaf[k].is_static = true;
        return prepared([l = l.value, m = m.value] { return impl::complement(l, m); });
      },
      .admissible = [](Args const& a) { return sp::is_complement_admissible(layout(a, 0), cotarget(a)); },
      .reference = [](Args const& a) { return sp::complement(layout(a, 0), cotarget(a)); },
  });
}

}  // namespace layoutref::equiv
