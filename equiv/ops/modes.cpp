// layoutref equiv — the mode operations and the coordinate conversion, each row with all its
// faces (operations.hpp): flatten, group, take, select, append, prepend, unflatten
// (impl/modes.hpp), make_identity_layout (impl/construct.hpp) and crd2crd (impl/coordinates.hpp).
// Arguments: group/take(L, b, e), select(L, i0, i1, ...), append/prepend(L, X) or (L, n[, X]),
// unflatten(L, profile), make_identity_layout(S), crd2crd(c, S, D). Their results are unique
// (they move modes, they change no stride), so a claim is right when it equals the spec's result
// exactly (static markers aside); out-of-range indices are malformed input, as the spec says.
#include "support.hpp"

#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/coordinates.hpp>
#include <layoutref/impl/modes.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/modes.hpp>
#include <layoutref/spec/term.hpp>

#include <vector>

namespace layoutref::equiv {

using namespace ops;

namespace {

// ---- The spec's side.

/// A mode index for the spec: an integer in [-10^6, 10^6], else malformed input.
int index_arg(Term const& t) {
  sp::i64 v = sp::to_integer(t);
  if (v < -1000000 || v > 1000000) sp::bad_argument("a mode index out of range at " + sp::where(t));
  return static_cast<int>(v);
}

/// The claim against the spec's layout: equal, or wrong naming both.
sp::Judgement exactly(sp::Layout const& want, Term const& r) {
  if (is_error(r)) return sp::Judgement::wrong("refused an admissible input");
  sp::Layout got = sp::to_layout(r);
  if (got == want) return sp::Judgement::right();
  return sp::Judgement::wrong("the result is " + sp::str(got) + " but must be " + sp::str(want));
}

sp::Judgement exactly(sp::IntTuple const& want, Term const& r) {
  if (is_error(r)) return sp::Judgement::wrong("refused an admissible input");
  sp::IntTuple got = sp::to_int_tuple(r);
  if (got == want) return sp::Judgement::right();
  return sp::Judgement::wrong("the result is " + sp::str(got) + " but must be " + sp::str(want));
}

/// append/prepend(L, X) or (L, n[, X]), judged.
template <class ByLayout, class ByRank>
sp::Judgement pad(Args const& a, Term const& r, ByLayout by_layout, ByRank by_rank) {
  sp::Layout l = sp::to_layout(a[0]);
  if (a[1].kind == Kind::layout) {
    if (a.size() != 2) sp::bad_argument("append/prepend(L, X) takes two arguments");
    return exactly(by_layout(l, sp::to_layout(a[1])), r);
  }
  int n = index_arg(a[1]);
  return exactly(a.size() == 3 ? by_rank(l, n, sp::to_layout(a[2])) : by_rank(l, n, sp::Layout()), r);
}

// ---- impl's side.

/// A mode index: an integer in [-10^6, 10^6] (an index out of the layout's range is the
/// operation's own bad_argument).
impl::Result<int> impl_index_arg(Term const& t) {
  LAYOUTREF_TRY(impl::Int v, impl::to_int(t));
  if (v.value < -1000000 || v.value > 1000000) return impl::fail(impl::Errc::bad_argument).add("a mode index out of range: ").add(v.value);
  return static_cast<int>(v.value);
}

impl::Result<impl::Layout> range_op(Args const& a, bool group) {
  LAYOUTREF_TRY(impl::Layout l, impl::to_layout(a.at(0)));
  LAYOUTREF_TRY(int b, impl_index_arg(a.at(1)));
  LAYOUTREF_TRY(int e, impl_index_arg(a.at(2)));
  return group ? impl::group(l, b, e) : impl::take(l, b, e);
}

impl::Result<impl::Layout> select_op(Args const& a) {
  LAYOUTREF_TRY(impl::Layout l, impl::to_layout(a.at(0)));
  int idx[8] = {};
  int n = static_cast<int>(a.size()) - 1;
  if (n > 8) return impl::fail(impl::Errc::bad_argument).add("select takes at most 8 indices");
  for (int k = 0; k < n; ++k) {
    LAYOUTREF_TRY(idx[k], impl_index_arg(a.at(static_cast<size_t>(k + 1))));
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
  LAYOUTREF_TRY(int n, impl_index_arg(a.at(1)));
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

void register_modes(OperationTable& t) {
  using K = ArgKind;
  using R = Returns;

  t.add({
      .usage = "flatten(L)", .args = {K::layout}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return exactly(sp::flatten(sp::to_layout(a[0])), r); },
      .compute = [](Args const& a) {
        auto l = impl::to_layout(a.at(0));
        if (!l.ok()) return refused(l.error);
        return result_of(impl::Result<impl::Layout>(impl::flatten(l.value)));
      },
      .spec_result = [](Args const& a) { return sp::to_term(sp::flatten(sp::to_layout(a[0]))); },
  });

  t.add({
      .usage = "group(L, b, e)", .args = {K::layout, K::integer, K::integer}, .min_args = 3, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return exactly(sp::group(sp::to_layout(a[0]), index_arg(a[1]), index_arg(a[2])), r);
      },
      .compute = [](Args const& a) { return result_of(range_op(a, true)); },
      .spec_result = [](Args const& a) { return sp::to_term(sp::group(sp::to_layout(a[0]), index_arg(a[1]), index_arg(a[2]))); },
  });

  t.add({
      .usage = "take(L, b, e)", .args = {K::layout, K::integer, K::integer}, .min_args = 3, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return exactly(sp::take(sp::to_layout(a[0]), index_arg(a[1]), index_arg(a[2])), r);
      },
      .compute = [](Args const& a) { return result_of(range_op(a, false)); },
      .spec_result = [](Args const& a) { return sp::to_term(sp::take(sp::to_layout(a[0]), index_arg(a[1]), index_arg(a[2]))); },
  });

  t.add({
      .usage = "select(L, i0, ..., i7)",
      .args = {K::layout, K::integer, K::integer, K::integer, K::integer, K::integer, K::integer, K::integer, K::integer},
      .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        std::vector<int> idx;
        for (size_t k = 1; k < a.size(); ++k) idx.push_back(index_arg(a[k]));
        return exactly(sp::select(sp::to_layout(a[0]), idx), r);
      },
      .compute = [](Args const& a) { return result_of(select_op(a)); },
      .spec_result = [](Args const& a) {
        std::vector<int> idx;
        for (size_t k = 1; k < a.size(); ++k) idx.push_back(index_arg(a[k]));
        return sp::to_term(sp::select(sp::to_layout(a[0]), idx));
      },
  });

  t.add({
      .usage = "append(L, X) or append(L, n[, X])", .args = {K::layout, K::layout_or_integer, K::layout}, .min_args = 2,
      .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return pad(
            a, r, [](sp::Layout const& l, sp::Layout const& x) { return sp::append(l, x); },
            [](sp::Layout const& l, int n, sp::Layout const& x) { return sp::append(l, n, x); });
      },
      .compute = [](Args const& a) { return result_of(pad_op(a, true)); },
      .spec_result = [](Args const& a) {
        sp::Layout l = sp::to_layout(a[0]);
        if (a[1].kind == Kind::layout) {
          if (a.size() != 2) sp::bad_argument("append(L, X) takes two arguments");
          return sp::to_term(sp::append(l, sp::to_layout(a[1])));
        }
        return sp::to_term(sp::append(l, index_arg(a[1]), a.size() == 3 ? sp::to_layout(a[2]) : sp::Layout()));
      },
  });

  t.add({
      .usage = "prepend(L, X) or prepend(L, n[, X])", .args = {K::layout, K::layout_or_integer, K::layout}, .min_args = 2,
      .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return pad(
            a, r, [](sp::Layout const& l, sp::Layout const& x) { return sp::prepend(l, x); },
            [](sp::Layout const& l, int n, sp::Layout const& x) { return sp::prepend(l, n, x); });
      },
      .compute = [](Args const& a) { return result_of(pad_op(a, false)); },
      .spec_result = [](Args const& a) {
        sp::Layout l = sp::to_layout(a[0]);
        if (a[1].kind == Kind::layout) {
          if (a.size() != 2) sp::bad_argument("prepend(L, X) takes two arguments");
          return sp::to_term(sp::prepend(l, sp::to_layout(a[1])));
        }
        return sp::to_term(sp::prepend(l, index_arg(a[1]), a.size() == 3 ? sp::to_layout(a[2]) : sp::Layout()));
      },
  });

  t.add({
      .usage = "unflatten(L, profile)", .args = {K::layout, K::int_tuple}, .min_args = 2, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return exactly(sp::unflatten(sp::to_layout(a[0]), sp::to_int_tuple(a[1])), r);
      },
      .compute = [](Args const& a) { return result_of(unflatten_op(a)); },
      .spec_result = [](Args const& a) { return sp::to_term(sp::unflatten(sp::to_layout(a[0]), sp::to_int_tuple(a[1]))); },
  });

  t.add({
      .usage = "make_identity_layout(S)", .args = {K::shape}, .min_args = 1, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) { return exactly(sp::make_identity_layout(sp::to_shape(a[0])), r); },
      .compute = [](Args const& a) {
        auto s = impl::to_shape(a.at(0));
        if (!s.ok()) return refused(s.error);
        return result_of(impl::make_identity_layout(s.value));
      },
      .reference = [](Args const& a) { return sp::make_identity_layout(sp::to_shape(a[0])); },
  });

  t.add({
      .usage = "crd2crd(c, S, D)", .args = {K::int_tuple, K::shape, K::shape}, .min_args = 3, .returns = R::layout,
      .judge = [](Args const& a, Term const& r) {
        return exactly(sp::crd2crd(sp::to_int_tuple(a[0]), sp::to_shape(a[1]), sp::to_shape(a[2])), r);
      },
      .compute = [](Args const& a) { return result_of(crd2crd_op(a)); },
      .spec_result = [](Args const& a) {
        return sp::to_term(sp::crd2crd(sp::to_int_tuple(a[0]), sp::to_shape(a[1]), sp::to_shape(a[2])));
      },
  });
}

}  // namespace layoutref::equiv
