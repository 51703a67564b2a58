// layoutref::notation — Term constructors and structural equality.
#include <layoutref/notation/term.hpp>

#include <utility>

namespace layoutref::notation {

namespace {

Term make_kind(Kind k) {
  Term t;
  t.kind = k;
  return t;
}

Term make_with_children(Kind k, std::vector<Term> children) {
  Term t = make_kind(k);
  t.children = std::move(children);
  return t;
}

}  // namespace

Term Term::make_integer(std::int64_t v, bool is_static) {
  Term t = make_kind(Kind::integer);
  t.integer = Integer{v, is_static};
  return t;
}

Term Term::make_basis(std::int64_t scale, bool is_static, std::vector<int> modes) {
  Term t = make_kind(Kind::basis);
  t.basis = Basis{Integer{scale, is_static}, std::move(modes)};
  return t;
}

Term Term::make_underscore() { return make_kind(Kind::underscore); }

Term Term::make_tuple(std::vector<Term> items, bool angle) {
  Term t = make_with_children(Kind::tuple, std::move(items));
  t.angle = angle;
  return t;
}

Term Term::make_layout(Term shape, Term stride) {
  std::vector<Term> children;
  children.reserve(2);
  children.push_back(std::move(shape));
  children.push_back(std::move(stride));
  return make_with_children(Kind::layout, std::move(children));
}

Term Term::make_swizzle(int b, int m, int s) {
  Term t = make_kind(Kind::swizzle);
  t.swizzle_b = b;
  t.swizzle_m = m;
  t.swizzle_s = s;
  return t;
}

Term Term::make_chain(std::vector<Term> parts) {
  return make_with_children(Kind::chain, std::move(parts));
}

Term Term::make_arith_tuple(Term coord) {
  std::vector<Term> children;
  children.push_back(std::move(coord));
  return make_with_children(Kind::arith_tuple, std::move(children));
}

Term Term::make_word(std::string w) {
  Term t = make_kind(Kind::word);
  t.word = std::move(w);
  return t;
}

Term Term::make_basis_sum(std::vector<Term> terms) {
  return make_with_children(Kind::basis_sum, std::move(terms));
}

Term Term::make_pointer(Pointer p) {
  Term t = make_kind(Kind::pointer);
  t.pointer = std::move(p);
  return t;
}

/// Compares the kind, the fields that kind uses, and the children; ignores line/column and
/// fields that the kind does not use.
bool operator==(Term const& a, Term const& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Kind::integer:
      return a.integer == b.integer;
    case Kind::basis:
      return a.basis == b.basis;
    case Kind::underscore:
      return true;
    case Kind::tuple:
      return a.angle == b.angle && a.children == b.children;
    case Kind::swizzle:
      return a.swizzle_b == b.swizzle_b && a.swizzle_m == b.swizzle_m && a.swizzle_s == b.swizzle_s;
    case Kind::pointer:
      return a.pointer == b.pointer;
    case Kind::word:
      return a.word == b.word;
    case Kind::basis_sum:
    case Kind::layout:
    case Kind::chain:
    case Kind::arith_tuple:
      return a.children == b.children;
  }
  return false;
}

}  // namespace layoutref::notation
