// layoutref equiv — the audit's judges for the mode operations and the coordinate conversions
// that `layoutref eval` computes (conform_modes.cpp): flatten, group, take, select, append,
// prepend, unflatten, make_identity_layout, crd2crd. Their results are unique (they move modes,
// they change no stride), so a claim is right when it equals the spec's result exactly
// (static markers aside); out-of-range indices are malformed input, as the spec says.
#include <layoutref/equiv/operations.hpp>

#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/modes.hpp>
#include <layoutref/spec/term.hpp>

namespace layoutref::equiv {

namespace {

using notation::Kind;
using notation::Term;
namespace sp = layoutref::spec;

bool is_error_claim(Term const& t) { return t.kind == Kind::word && t.word == "error"; }

int index_arg(Term const& t) {
  sp::i64 v = sp::to_integer(t);
  if (v < -1000000 || v > 1000000) sp::bad_argument("a mode index out of range at " + sp::where(t));
  return static_cast<int>(v);
}

/// The claim against the spec's layout: equal, or wrong naming both.
sp::Judgement exactly(sp::Layout const& want, Term const& r) {
  if (is_error_claim(r)) return sp::Judgement::wrong("refused an admissible input");
  sp::Layout got = sp::to_layout(r);
  if (got == want) return sp::Judgement::right();
  return sp::Judgement::wrong("the result is " + sp::str(got) + " but must be " + sp::str(want));
}

sp::Judgement exactly(sp::IntTuple const& want, Term const& r) {
  if (is_error_claim(r)) return sp::Judgement::wrong("refused an admissible input");
  sp::IntTuple got = sp::to_int_tuple(r);
  if (got == want) return sp::Judgement::right();
  return sp::Judgement::wrong("the result is " + sp::str(got) + " but must be " + sp::str(want));
}

/// append/prepend(L, X) or (L, n[, X]).
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

}  // namespace

void register_mode_judges(OperationTable& t) {
  std::initializer_list<std::pair<char const*, Judge>> const judges = {
      {"flatten", [](Args const& a, Term const& r) { return exactly(sp::flatten(sp::to_layout(a[0])), r); }},
      {"group", [](Args const& a, Term const& r) {
         return exactly(sp::group(sp::to_layout(a[0]), index_arg(a[1]), index_arg(a[2])), r);
       }},
      {"take", [](Args const& a, Term const& r) {
         return exactly(sp::take(sp::to_layout(a[0]), index_arg(a[1]), index_arg(a[2])), r);
       }},
      {"select", [](Args const& a, Term const& r) {
         std::vector<int> idx;
         for (size_t k = 1; k < a.size(); ++k) idx.push_back(index_arg(a[k]));
         return exactly(sp::select(sp::to_layout(a[0]), idx), r);
       }},
      {"append", [](Args const& a, Term const& r) {
         return pad(
             a, r, [](sp::Layout const& l, sp::Layout const& x) { return sp::append(l, x); },
             [](sp::Layout const& l, int n, sp::Layout const& x) { return sp::append(l, n, x); });
       }},
      {"prepend", [](Args const& a, Term const& r) {
         return pad(
             a, r, [](sp::Layout const& l, sp::Layout const& x) { return sp::prepend(l, x); },
             [](sp::Layout const& l, int n, sp::Layout const& x) { return sp::prepend(l, n, x); });
       }},
      {"unflatten", [](Args const& a, Term const& r) {
         return exactly(sp::unflatten(sp::to_layout(a[0]), sp::to_int_tuple(a[1])), r);
       }},
      {"make_identity_layout", [](Args const& a, Term const& r) {
         return exactly(sp::make_identity_layout(sp::to_shape(a[0])), r);
       }},
      {"crd2crd", [](Args const& a, Term const& r) {
         return exactly(sp::crd2crd(sp::to_int_tuple(a[0]), sp::to_shape(a[1]), sp::to_shape(a[2])), r);
       }},
  };
  for (auto const& [name, fn] : judges) t.judge(name, fn);
}

}  // namespace layoutref::equiv
