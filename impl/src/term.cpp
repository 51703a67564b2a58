#include <layoutref/impl/term.hpp>
#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/swizzle.hpp>
#include <layoutref/notation/print.hpp>

#include <functional>
#include <mutex>
#include <set>
#include <string_view>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

using notation::Kind;
using notation::Term;

namespace {
Error expected(char const* what, Term const& t) {
  return fail(Errc::bad_argument).add("expected ").add(what).add(" at line ").add(t.line).add(", column ").add(t.column);
}
}  // namespace

Result<Int> to_int(Term const& t) {
  if (t.kind != Kind::integer) return expected("an integer", t);
  return Int{t.integer.value, t.integer.is_static};
}

Result<IntTuple> to_int_tuple(Term const& t) {
  if (t.kind == Kind::integer) return IntTuple::of(Int{t.integer.value, t.integer.is_static});
  if (t.kind != Kind::tuple || t.angle) return expected("an integer or a tuple of integers", t);
  TupleBuilder<Int> b;
  for (auto const& c : t.children) {
    LAYOUTREF_TRY(IntTuple item, to_int_tuple(c));
    b.push(item);
  }
  return b.done();
}

Result<IntTuple> to_shape(Term const& t) {
  if (t.kind == Kind::integer && t.integer.value < 1)
    return fail(Errc::bad_argument)
        .add("the shape entry ")
        .add(t.integer.value)
        .add(" at line ")
        .add(t.line)
        .add(", column ")
        .add(t.column)
        .add(" is below 1 (shape entries must be >= 1)");
  if (t.kind == Kind::tuple && !t.angle)
    for (auto const& c : t.children) LAYOUTREF_CHECK(to_shape(c).error);
  return to_int_tuple(t);
}

Result<Stride> to_stride(Term const& t) {
  if (t.kind == Kind::integer) return Stride::integer(Int{t.integer.value, t.integer.is_static});
  if (t.kind == Kind::basis) {
    Stride s{};
    s.value = t.basis.scale.value;
    s.is_static = t.basis.scale.is_static;
    if (t.basis.modes.size() > static_cast<size_t>(kMaxBasisDepth))
      return fail(Errc::capacity).add("a basis element deeper than ").add(kMaxBasisDepth);
    s.path.depth = static_cast<std::uint8_t>(t.basis.modes.size());
    for (size_t i = 0; i < t.basis.modes.size(); ++i) {
      int m = t.basis.modes[t.basis.modes.size() - 1 - i];  // printed innermost first
      if (m > 127) return fail(Errc::capacity).add("a basis mode index above 127");
      s.path.mode[i] = static_cast<std::int8_t>(m);
    }
    return s;
  }
  return expected("an integer or a scaled basis element (a stride)", t);
}

namespace {
Result<StrideTuple> to_stride_tuple(Term const& t) {
  if (t.kind != Kind::tuple || t.angle) {
    LAYOUTREF_TRY(Stride s, to_stride(t));
    return StrideTuple::of(s);
  }
  TupleBuilder<Stride> b;
  for (auto const& c : t.children) {
    LAYOUTREF_TRY(StrideTuple item, to_stride_tuple(c));
    b.push(item);
  }
  return b.done();
}
}  // namespace

Result<Layout> to_layout(Term const& t) {
  if (t.kind != Kind::layout || t.children.size() != 2) return expected("a layout shape:stride", t);
  LAYOUTREF_TRY(IntTuple s, to_shape(t.children[0]));
  LAYOUTREF_TRY(StrideTuple d, to_stride_tuple(t.children[1]));
  if (!congruent(s, d))
    return fail(Errc::bad_argument).add("shape and stride are not congruent at line ").add(t.line).add(", column ").add(t.column);
  return make_layout(s, d);
}

Result<ComposedLayout> to_composed(Term const& t) {
  if (t.kind != Kind::chain || t.children.size() != 3 || t.children[0].kind != Kind::swizzle)
    return expected("a swizzled layout `Sw<B,M,S> o offset o layout`", t);
  ComposedLayout c;
  c.outer = Swizzle{t.children[0].swizzle_b, t.children[0].swizzle_m, t.children[0].swizzle_s};
  auto off = to_int(t.children[1]);
  if (!off.ok()) return off.error;
  c.offset = off.value;
  auto inner = to_layout(t.children[2]);
  if (!inner.ok()) return inner.error;
  c.inner = inner.value;
  Error e = validate(c);
  if (!e.ok()) return e;
  return c;
}

Result<Tiler> to_tiler(Term const& t) {
  switch (t.kind) {
    case Kind::underscore: return Tiler::underscore();
    case Kind::layout: {
      LAYOUTREF_TRY(Layout l, to_layout(t));
      return Tiler::of(l);
    }
    case Kind::integer: {
      LAYOUTREF_TRY(IntTuple shape, to_shape(t));  // a tile size >= 1
      Int n = shape.leaf[0];
      return Tiler::of(make_leaf(n, Stride::integer(Int::fixed(1))));
    }
    case Kind::tuple: {
      TilerBuilder b;
      for (auto const& c : t.children) {
        LAYOUTREF_TRY(Tiler item, to_tiler(c));
        b.push(item);
      }
      return b.done();
    }
    default: return expected("a tiler (a layout, an integer, `_` or a tuple of them)", t);
  }
}

Result<Tiler> to_tiling_tiler(Term const& t) {
  if (t.kind == Kind::integer) {
    LAYOUTREF_TRY(IntTuple n, to_shape(t));
    LAYOUTREF_TRY(Layout l, make_layout(n));
    return Tiler::of(l);
  }
  if (t.kind != Kind::tuple) return to_tiler(t);
  TilerBuilder b;
  for (auto const& c : t.children) {
    LAYOUTREF_TRY(Tiler item, to_tiling_tiler(c));
    b.push(item);
  }
  return b.done();
}

Term to_term(Int i) { return Term::make_integer(i.value, i.is_static); }

Term to_term(Stride const& s) {
  if (s.is_integer()) return Term::make_integer(s.value, s.is_static);
  std::vector<int> printed;
  for (int k = s.path.depth - 1; k >= 0; --k) printed.push_back(s.path.mode[k]);
  return Term::make_basis(s.value, s.is_static, std::move(printed));
}

namespace {
template <class L, class F>
Term tree_term(Tree<L> const& t, int k, int& leaf, F const& leaf_term) {
  if (t.node[k] == Tree<L>::kLeaf) return leaf_term(t.leaf[leaf++]);
  std::vector<Term> items;
  int c = k + 1;
  for (int i = 0; i < t.node[k]; ++i) {
    items.push_back(tree_term(t, c, leaf, leaf_term));
    c = t.end(c);
  }
  return Term::make_tuple(std::move(items));
}
template <class L, class F>
Term tree_term(Tree<L> const& t, F const& leaf_term) {
  int leaf = 0;
  return tree_term(t, 0, leaf, leaf_term);
}
}  // namespace

Term to_term(IntTuple const& t) {
  return tree_term(t, [](Int i) { return to_term(i); });
}

Term to_term(Layout const& l) {
  return Term::make_layout(tree_term(l, [](LayoutLeaf const& x) { return to_term(x.shape()); }),
                           tree_term(l, [](LayoutLeaf const& x) { return to_term(x.stride()); }));
}

Term to_term(Value const& v) {
  if (v.is_integer()) return Term::make_integer(v.scalar, false);
  // The nested tuple of coordinates, padded with zeros up to the largest mode index used.
  std::function<Term(BasisPath const&, int)> build = [&](BasisPath const& prefix, int depth) -> Term {
    int width = 0;
    for (int k = 0; k < v.n; ++k) {
      auto const& p = v.terms[k].path;
      bool under = p.depth > depth;
      for (int d = 0; d < depth && under; ++d) under = p.mode[d] == prefix.mode[d];
      if (under && p.mode[depth] + 1 > width) width = p.mode[depth] + 1;
    }
    std::vector<Term> items;
    for (int m = 0; m < width; ++m) {
      BasisPath q = prefix;
      q.mode[depth] = static_cast<std::int8_t>(m);
      q.depth = static_cast<std::uint8_t>(depth + 1);
      i64 coeff = 0;
      bool deeper = false;
      for (int k = 0; k < v.n; ++k) {
        if (v.terms[k].path == q) coeff = v.terms[k].coeff;
        bool under = v.terms[k].path.depth > depth + 1;
        for (int d = 0; d <= depth && under; ++d) under = v.terms[k].path.mode[d] == q.mode[d];
        deeper = deeper || under;
      }
      items.push_back(deeper ? build(q, depth + 1) : Term::make_integer(coeff, false));
    }
    return Term::make_tuple(std::move(items));
  };
  return build(BasisPath{}, 0);
}

std::string str(IntTuple const& t) { return notation::print(to_term(t)); }
std::string str(Layout const& l) { return notation::print(to_term(l)); }
std::string str(Value const& v) { return notation::print(to_term(v)); }
std::string message(Error const& e) {
  std::string out;
  for (int k = 0; k < e.n; ++k) {
    if (!e.is_text(k)) {
      out += std::to_string(e.piece[k].value);
    } else {
      out += e.on_device ? "?" : e.piece[k].text;
    }
  }
  if (e.cut) out += "...";
  return out;
}

std::string str(Error const& e) {
  if (e.condition == Cond::none) return message(e);
  return std::string(name(e.condition)) + ": " + message(e);
}

char const* intern(std::string_view s) {
  static std::mutex lock;
  static std::set<std::string, std::less<>> texts;  // nodes never move: their c_str() stay valid
  if (s.size() > 256) s = s.substr(0, 256);
  std::lock_guard<std::mutex> hold(lock);
  auto at = texts.find(s);
  if (at != texts.end()) return at->c_str();
  if (texts.size() >= 4096) return "(a text)";
  return texts.emplace(s).first->c_str();
}

}  // namespace layoutref::impl
