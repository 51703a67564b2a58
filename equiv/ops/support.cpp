// layoutref equiv — what several families of operations share (support.hpp).
#include "support.hpp"

#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/term.hpp>

namespace layoutref::equiv::ops {

// ---- The spec's side.

bool is_error(Term const& t) { return t.kind == Kind::word && t.word == "error"; }

sp::Claim layout_claim(Term const& t) {
  sp::Claim c;
  if (is_error(t))
    c.error = true;
  else
    c.layout = sp::to_layout(t);
  return c;
}

bool is_tensor(Term const& t) { return t.kind == Kind::chain && t.children.size() == 2 && t.children[0].kind != Kind::swizzle; }

sp::Layout layout(Args const& a, std::size_t k) { return sp::to_layout(a[k]); }

sp::Judgement compare_value(std::string const& claimed, std::string const& expected, std::string const& what) {
  if (claimed == expected) return sp::Judgement::right();
  sp::Judgement j = sp::Judgement::wrong("the result is " + claimed + " but " + what + " is " + expected);
  j.claimed_value = claimed;
  j.expected_value = expected;
  return j;
}

sp::Judgement compare_integer(Term const& result, sp::i64 expected, std::string const& what) {
  if (is_error(result)) return sp::Judgement::wrong("refused an admissible input");
  return compare_value(std::to_string(sp::to_integer(result)), std::to_string(expected), what);
}

Term integer(sp::i64 v) { return Term::make_integer(v, false); }

Term term_of(sp::Tensor const& t) {
  Term layout = sp::to_term(t.layout);
  if (t.engine.kind == sp::Engine::Kind::counting) {
    Term origin = sp::to_term(t.engine.origin);
    if (origin.kind != Kind::tuple) origin = Term::make_tuple({origin});
    return Term::make_chain({Term::make_arith_tuple(origin), layout});
  }
  // A pointer (or an owning array, printed as its pointer): the printed engine read back.
  auto p = notation::parse(sp::str(t.engine));
  if (!p.ok) sp::bad_argument("cannot print the engine " + sp::str(t.engine));
  return Term::make_chain({p.term, layout});
}

// ---- impl's side.

bool is_swizzled(Term const& t) {
  return t.kind == Kind::chain && !t.children.empty() && t.children[0].kind == Kind::swizzle;
}

bool is_coordinate_tensor(Term const& t) {
  return t.kind == Kind::chain && t.children.size() == 2 && t.children[0].kind == Kind::arith_tuple;
}

impl::Result<CountingTensor> to_tensor(Term const& t) {
  if (!is_coordinate_tensor(t))
    return impl::fail(impl::Errc::bad_argument).add("expected a coordinate tensor ArithTuple(...) o L at line ").add(t.line).add(", column ").add(t.column);
  CountingTensor out;
  // `ArithTuple(x)` with one integer is the scalar origin x (as a rank-1 identity tensor prints).
  Term const& c = t.children[0].children.at(0);
  bool scalar = c.kind == Kind::tuple && c.children.size() == 1 && c.children[0].kind == Kind::integer;
  LAYOUTREF_TRY(out.engine.coord, impl::to_int_tuple(scalar ? c.children[0] : c));
  LAYOUTREF_TRY(out.layout, impl::to_layout(t.children[1]));
  return out;
}

ConformFn on_tensor_or(ConformFn fallback, std::function<ImplResult(CountingTensor const&, Args const&)> f) {
  return [fallback, f](Args const& a) {
    if (a.empty() || !is_coordinate_tensor(a[0])) return fallback ? fallback(a) : refused(impl::fail(impl::Errc::bad_argument).add("expected a tensor"));
    auto t = to_tensor(a[0]);
    if (!t.ok()) return refused(t.error);
    return f(t.value, a);
  };
}

}  // namespace layoutref::equiv::ops
