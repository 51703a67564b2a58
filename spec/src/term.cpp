#include <layoutref/spec/term.hpp>

#include <layoutref/spec/swizzle.hpp>

namespace layoutref::spec {

using notation::Kind;
using notation::Term;

std::string where(Term const& t) { return "line " + std::to_string(t.line) + ", column " + std::to_string(t.column); }

namespace {
[[noreturn]] void expected(char const* what, Term const& t) {
  bad_argument(std::string("expected ") + what + " at " + where(t));
}

Stride to_stride(Term const& t) {
  if (t.kind == Kind::tuple && !t.angle) {
    std::vector<Stride> items;
    for (auto const& c : t.children) items.push_back(to_stride(c));
    return Stride::tuple(std::move(items));
  }
  return Stride(to_value(t));
}
}  // namespace

IntTuple to_int_tuple(Term const& t) {
  if (t.kind == Kind::integer) return IntTuple(t.integer.value);
  if (t.kind == Kind::tuple && !t.angle) {
    std::vector<IntTuple> items;
    for (auto const& c : t.children) items.push_back(to_int_tuple(c));
    return IntTuple::tuple(std::move(items));
  }
  expected("an integer or a tuple of integers", t);
}

i64 to_integer(Term const& t) {
  if (t.kind != Kind::integer) expected("an integer", t);
  return t.integer.value;
}

Value to_value(Term const& t) {
  switch (t.kind) {
    case Kind::integer: return Value(t.integer.value);
    case Kind::basis: {
      Path path(t.basis.modes.rbegin(), t.basis.modes.rend());  // printed innermost first
      return Value::basis(t.basis.scale.value, std::move(path));
    }
    case Kind::basis_sum: {
      Value v;
      for (auto const& c : t.children) v = v + to_value(c);
      return v;
    }
    default: expected("an integer or a scaled basis element", t);
  }
}

IntTuple to_shape(Term const& t) {
  if (t.kind == Kind::integer && t.integer.value < 1)
    bad_argument("the shape entry " + std::to_string(t.integer.value) + " at " + where(t) + " is below 1 (shape entries must be >= 1)");
  if (t.kind == Kind::tuple && !t.angle)
    for (auto const& c : t.children) to_shape(c);
  return to_int_tuple(t);
}

Layout to_layout(Term const& t) {
  if (t.kind != Kind::layout || t.children.size() != 2) expected("a layout shape:stride", t);
  IntTuple shape = to_shape(t.children[0]);
  Stride stride = to_stride(t.children[1]);
  if (!congruent(shape, stride))
    bad_argument("the shape " + str(shape) + " and the stride " + str(stride) + " at " + where(t) + " are not congruent");
  return Layout(std::move(shape), std::move(stride));
}

bool is_composed(Term const& t) {
  return t.kind == Kind::chain && t.children.size() == 3 && t.children[0].kind == Kind::swizzle;
}

ComposedLayout to_composed(Term const& t) {
  if (!is_composed(t)) bad_argument("expected a swizzled layout Sw<B,M,S> o offset o layout at " + where(t));
  ComposedLayout c;
  c.outer = Swizzle{t.children[0].swizzle_b, t.children[0].swizzle_m, t.children[0].swizzle_s};
  c.outer.validate();
  c.offset = to_integer(t.children[1]);
  c.inner = to_layout(t.children[2]);
  return c;
}

Tiler to_tiler(Term const& t) {
  switch (t.kind) {
    case Kind::layout: return Tiler::of(to_layout(t));
    case Kind::underscore: return Tiler::underscore();
    case Kind::integer:
      if (t.integer.value < 1)
        bad_argument("the tiler " + std::to_string(t.integer.value) + " at " + where(t) + " is below 1 (a tile size must be >= 1)");
      return Tiler::shape(IntTuple(t.integer.value));
    case Kind::tuple: {
      std::vector<Tiler> items;
      for (auto const& c : t.children) items.push_back(to_tiler(c));
      return Tiler::tuple(std::move(items));
    }
    default: expected("a tiler (a layout, an integer, `_` or a tuple of them)", t);
  }
}

SliceCoord to_slice_coord(Term const& t) {
  if (t.kind == Kind::underscore) return SliceCoord(SliceLeaf{true, 0});
  if (t.kind == Kind::integer) return SliceCoord(SliceLeaf{false, t.integer.value});
  if (t.kind == Kind::tuple && !t.angle) {
    std::vector<SliceCoord> items;
    for (auto const& c : t.children) items.push_back(to_slice_coord(c));
    return SliceCoord::tuple(std::move(items));
  }
  expected("a coordinate (integers, `_` and tuples)", t);
}

Term to_term(IntTuple const& t) {
  if (t.leaf) return Term::make_integer(t.value, false);
  std::vector<Term> items;
  for (auto const& x : t.items) items.push_back(to_term(x));
  return Term::make_tuple(std::move(items));
}

Term to_term(Value const& v) {
  if (v.is_integer()) return Term::make_integer(v.scalar(), false);
  std::vector<Term> parts;
  if (v.scalar() != 0) parts.push_back(Term::make_integer(v.scalar(), false));
  for (auto const& b : v.terms()) {
    std::vector<int> printed(b.path.rbegin(), b.path.rend());
    parts.push_back(Term::make_basis(b.coeff, false, std::move(printed)));
  }
  if (parts.size() == 1) return parts.front();
  Term s;
  s.kind = Kind::basis_sum;
  s.children = std::move(parts);
  return s;
}

namespace {
Term stride_term(Stride const& d) {
  if (d.leaf) return to_term(d.value);
  std::vector<Term> items;
  for (auto const& x : d.items) items.push_back(stride_term(x));
  return Term::make_tuple(std::move(items));
}
}  // namespace

Term to_term(Layout const& l) { return Term::make_layout(to_term(l.shape), stride_term(l.stride)); }

}  // namespace layoutref::spec
