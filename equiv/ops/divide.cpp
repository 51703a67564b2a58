// layoutref equiv — the divides, as CuTe groups them, each row with all its faces
// (operations.hpp): logical_divide, zipped_divide, tiled_divide, flat_divide (T or L, tiler), the
// first argument a layout or a coordinate tensor `ArithTuple(...) o L`, the tiler a layout, an
// integer, `_` or a tuple of them.
#include "support.hpp"

#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/divide.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/term.hpp>

#include <string>

namespace layoutref::equiv {

using namespace ops;

namespace {

// The divide of a layout, with impl.
Prepare divide_op(impl::Arrangement how) {
  return [how](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return unprepared(l.error);
    auto ti = impl::to_tiling_tiler(a.at(1));
    if (!ti.ok()) return unprepared(ti.error);
    return prepared([how, l = l.value, ti = ti.value] { return impl::divide(how, l, ti); });
  };
}

struct Divide {
  char const* name;
  sp::DivideKind judged;       // the spec's judge and its divide of a tensor
  sp::Arrangement reference;   // the spec's divide of a layout
  impl::Arrangement computed;  // impl's
};

}  // namespace

void register_divide(OperationTable& t) {
  for (Divide const& d : {Divide{"logical_divide", sp::DivideKind::logical, sp::Arrangement::logical, impl::Arrangement::logical},
                          Divide{"zipped_divide", sp::DivideKind::zipped, sp::Arrangement::zipped, impl::Arrangement::zipped},
                          Divide{"tiled_divide", sp::DivideKind::tiled, sp::Arrangement::tiled, impl::Arrangement::tiled},
                          Divide{"flat_divide", sp::DivideKind::flat, sp::Arrangement::flat, impl::Arrangement::flat}}) {
    sp::DivideKind kind = d.judged;
    sp::Arrangement arrangement = d.reference;
    impl::Arrangement how = d.computed;
    Reference reference = [arrangement](Args const& a) { return sp::divide(arrangement, layout(a, 0), sp::to_tiler(a[1])); };
    Prepare prepare = divide_op(how);
    t.add({
        .usage = std::string(d.name) + "(T or L, tiler)", .args = {ArgKind::layout_or_tensor, ArgKind::tiler}, .min_args = 2,
        .returns = Returns::layout,
        .judge = [kind](Args const& a, Term const& r) {
          return sp::check_divide(kind, sp::to_layout(a[0]), sp::to_tiler(a[1]), layout_claim(r));
        },
        // A coordinate tensor, else a layout (what bench times).
        .compute = on_tensor_or(compute_of(prepare),
                                [how](CountingTensor const& x, Args const& a) {
                                  return with_tiler(x, a.at(1), [&](CountingTensor const& y, impl::Tiler const& ti) {
                                    return impl::divide(how, y, ti);
                                  });
                                }),
        .prepare = prepare,
        .admissible = [](Args const& a) { return sp::is_divide_admissible(layout(a, 0), sp::to_tiler(a[1])); },
        .reference = reference,
        // The divides of a tensor keep its engine; of a layout, the reference.
        .spec_result = [reference, kind](Args const& a) {
          if (is_tensor(a[0])) return term_of(sp::divide(kind, sp::to_tensor(a[0]), sp::to_tiler(a[1])));
          return sp::to_term(reference(a));
        },
    });
  }
}

}  // namespace layoutref::equiv
