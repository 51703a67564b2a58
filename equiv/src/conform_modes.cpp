// layoutref equiv — conform: the mode operations flatten, group, take, select, append, prepend,
// unflatten (impl/modes.hpp), make_identity_layout (impl/construct.hpp) and crd2crd
// (impl/coordinates.hpp), as `layoutref eval` computes them. Arguments: group/take(L, b, e),
// select(L, i0, i1, ...), append/prepend(L, X) or (L, n[, X]), unflatten(L, profile),
// make_identity_layout(S), crd2crd(c, S, D).
#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/coordinates.hpp>
#include <layoutref/impl/modes.hpp>
#include <layoutref/impl/term.hpp>

namespace layoutref::equiv {

namespace {


/// A mode index: an integer in [-10^6, 10^6] (an index out of the layout's range is the
/// operation's own bad_argument).
impl::Result<int> index_arg(notation::Term const& t) {
  LAYOUTREF_TRY(impl::Int v, impl::to_int(t));
  if (v.value < -1000000 || v.value > 1000000) return impl::fail(impl::Errc::bad_argument).add("a mode index out of range: ").add(v.value);
  return static_cast<int>(v.value);
}

impl::Result<impl::Layout> range_op(Args const& a, bool group) {
  LAYOUTREF_TRY(impl::Layout l, impl::to_layout(a.at(0)));
  LAYOUTREF_TRY(int b, index_arg(a.at(1)));
  LAYOUTREF_TRY(int e, index_arg(a.at(2)));
  return group ? impl::group(l, b, e) : impl::take(l, b, e);
}

impl::Result<impl::Layout> select_op(Args const& a) {
  LAYOUTREF_TRY(impl::Layout l, impl::to_layout(a.at(0)));
  int idx[8] = {};
  int n = static_cast<int>(a.size()) - 1;
  if (n > 8) return impl::fail(impl::Errc::bad_argument).add("select takes at most 8 indices");
  for (int k = 0; k < n; ++k) {
    LAYOUTREF_TRY(idx[k], index_arg(a.at(static_cast<size_t>(k + 1))));
  }
  return impl::select(l, idx, n);
}

impl::Result<impl::Layout> pad_op(Args const& a, bool append) {
  LAYOUTREF_TRY(impl::Layout l, impl::to_layout(a.at(0)));
  if (a.at(1).kind == notation::Kind::layout) {
    if (a.size() != 2) return impl::fail(impl::Errc::bad_argument).add("append/prepend(L, X) takes two arguments");
    LAYOUTREF_TRY(impl::Layout x, impl::to_layout(a.at(1)));
    return append ? impl::append(l, x) : impl::prepend(l, x);
  }
  LAYOUTREF_TRY(int n, index_arg(a.at(1)));
  impl::Layout x = impl::detail_modes::unit_mode();
  if (a.size() == 3) {
    LAYOUTREF_TRY(x, impl::to_layout(a.at(2)));
  }
  return append ? impl::append(l, n, x) : impl::prepend(l, n, x);
}

impl::Result<impl::Layout> unflatten_op(Args const& a) {
  LAYOUTREF_TRY(impl::Layout l, impl::to_layout(a.at(0)));
  LAYOUTREF_TRY(impl::IntTuple p, impl::to_int_tuple(a.at(1)));
  return impl::unflatten(l, p);
}

impl::Result<impl::IntTuple> crd2crd_op(Args const& a) {
  LAYOUTREF_TRY(impl::IntTuple c, impl::to_int_tuple(a.at(0)));
  LAYOUTREF_TRY(impl::IntTuple s, impl::to_shape(a.at(1)));
  LAYOUTREF_TRY(impl::IntTuple d, impl::to_shape(a.at(2)));
  return impl::crd2crd(c, s, d);
}

}  // namespace

void register_mode_ops(OperationTable& r) {
  r.compute("flatten", [](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return refused(l.error);
    return result_of(impl::Result<impl::Layout>(impl::flatten(l.value)));
  });
  r.compute("group", [](Args const& a) { return result_of(range_op(a, true)); });
  r.compute("take", [](Args const& a) { return result_of(range_op(a, false)); });
  r.compute("select", [](Args const& a) { return result_of(select_op(a)); });
  r.compute("append", [](Args const& a) { return result_of(pad_op(a, true)); });
  r.compute("prepend", [](Args const& a) { return result_of(pad_op(a, false)); });
  r.compute("unflatten", [](Args const& a) { return result_of(unflatten_op(a)); });
  r.compute("make_identity_layout", [](Args const& a) {
    auto s = impl::to_shape(a.at(0));
    if (!s.ok()) return refused(s.error);
    return result_of(impl::make_identity_layout(s.value));
  });
  r.compute("crd2crd", [](Args const& a) { return result_of(crd2crd_op(a)); });
}

}  // namespace layoutref::equiv
