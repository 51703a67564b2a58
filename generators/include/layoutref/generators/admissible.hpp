// layoutref::generators — one generator per admissibility class, admissible by construction.
//
// Nothing here generates and filters: each input is built so that the condition of its class
// holds (docs/semantics.md names the conditions; J. Shah, "A Note on the Algebra of CuTe
// Layouts", Def. 2.6-2.17 for complement and composition):
//  - composable pairs (A, B): every mode of B is a run of consecutive "atoms" of A's shape
//    (each leaf extent split at a divisor), so its stride r is a prefix product of A's shape
//    (left divisibility) and its size a product of the next atoms (weak left divisibility);
//    distinct modes take distinct runs (disjoint intervals). Past A's last leaf, which runs on
//    (CuTe's extension), runs of any extent are allowed.
//  - complementable (A, M): strides in some order d(k+1) = N(k)*d(k)*g(k), g >= 1 (Shah's
//    stride divisibility), stride-0 modes allowed; M a multiple of N*d of the largest mode, or
//    any M (CuTe rounds it up, docs/semantics.md).
//  - injective: complementable without stride 0, or with one extra mode past the image.
//  - bijective: complementable with no gaps: a column-major layout of permuted modes.
//  - divisible (A, T): T's modes are runs of atoms of A's (or A_i's) shape inside size(A), so
//    (T, complement(T, size(A))) is made of runs too and composes with A.
//  - product-admissible (A, T): A (or every mode of A for a tuple tiler) is compact
//    (bijective), so complement(A, size(A)*cosize(B)) is one mode cosize(B):size(A), which
//    composes with any B of non-negative strides.
//  - swizzles Sw<B,M,S> with |S| >= B, composed with an offset and a layout.
#pragma once

#include <layoutref/generators/layouts.hpp>
#include <layoutref/notation/print.hpp>

#include <optional>
#include <ostream>

namespace layoutref::generators {

/// Two layouts (composition, max_common_*, blocked/raked products).
struct LayoutPair {
  sp::Layout a, b;
};
inline void showValue(LayoutPair const& p, std::ostream& os) { os << sp::str(p.a) << ", " << sp::str(p.b); }

/// A layout and a tiler in CuTe notation (a layout, an integer, `_`, or a tuple of them).
struct LayoutTiler {
  sp::Layout a;
  notation::Term tiler;
};
inline void showValue(LayoutTiler const& p, std::ostream& os) { os << sp::str(p.a) << ", " << notation::print(p.tiler); }

/// complement(A, M).
struct Complementable {
  sp::Layout a;
  i64 cotarget = 1;
};
inline void showValue(Complementable const& p, std::ostream& os) { os << sp::str(p.a) << ", " << p.cotarget; }

/// tile_to_shape(block, shape[, order]).
struct TileToShape {
  sp::Layout block;
  sp::IntTuple shape;
  std::optional<sp::IntTuple> order;
};
inline void showValue(TileToShape const& p, std::ostream& os) {
  os << sp::str(p.block) << ", " << sp::str(p.shape);
  if (p.order) os << ", " << sp::str(*p.order);
}

/// Which tilers a divide or product generator makes.
enum class TilerForm { any, layout, tuple };

namespace detail {

struct Mode {
  i64 n = 1, r = 0;
};

inline std::vector<i64> divisors(i64 f) {
  std::vector<i64> out;
  for (i64 c = 1; c <= f; ++c)
    if (f % c == 0) out.push_back(c);
  return out;
}

/// Modes aligned with `factors`: each factor is split at a random divisor into atoms; each mode
/// is a run of consecutive atoms (N = their product, r = the product of the atoms before it);
/// atoms may be skipped. With open_end, runs of any extent follow the factors (the last mode of
/// A runs on). At least one mode; the product of the N is <= max_size.
template <Source S>
std::vector<Mode> aligned_modes(S& s, std::vector<i64> const& factors, bool open_end, int max_modes, i64 max_size) {
  std::vector<i64> atoms;
  for (i64 f : factors) {
    if (f <= 1) continue;
    auto ds = divisors(f);
    i64 c = ds[static_cast<size_t>(s.pick(0, static_cast<i64>(ds.size() - 1)))];
    if (c > 1) atoms.push_back(c);
    if (f / c > 1) atoms.push_back(f / c);
  }
  std::vector<Mode> out;
  size_t pos = 0;
  i64 prefix = 1, total = 1;
  int want = s.pick_int(1, max_modes);
  while (static_cast<int>(out.size()) < want) {
    if (pos < atoms.size() && maybe(s, 25)) prefix *= atoms[pos++];  // skip an atom
    Mode m;
    m.r = prefix;
    if (pos < atoms.size()) {
      int take = s.pick_int(1, 2);
      for (int t = 0; t < take && pos < atoms.size(); ++t) m.n *= atoms[pos++];
    } else if (open_end) {
      m.n = s.pick(1, 6);
    } else {
      break;
    }
    if (total * m.n > max_size) break;
    total *= m.n;
    prefix *= m.n;
    out.push_back(m);
  }
  if (out.empty()) out.push_back(Mode{1, 1});
  return out;
}

/// The layout of the modes, in a random order (order does not matter for these classes) and a
/// random nesting.
template <Source S>
sp::Layout layout_of_modes(S& s, std::vector<Mode> modes, Bounds const& b, bool permute) {
  if (permute) shuffle(s, modes);
  int n = static_cast<int>(modes.size());
  int d = n > 1 ? s.pick_int(1, std::max(1, b.max_depth)) : s.pick_int(0, 1);
  sp::IntTuple prof = profile(s, n, d, b.max_rank, false);
  std::vector<i64> ext;
  std::vector<sp::Value> str;
  for (auto const& m : modes) {
    ext.push_back(m.n);
    str.emplace_back(m.r);
  }
  return make(prof, ext, str);
}

/// Strides of a complementable layout over extents `ext`: a random order, gaps g >= 1 between
/// consecutive modes when `gaps`, stride 0 for some modes when `zeros`. Returns the strides and
/// N*d of the largest mode.
template <Source S>
std::pair<std::vector<sp::Value>, i64> complementable_strides(S& s, std::vector<i64> const& ext, bool gaps, bool zeros) {
  std::vector<size_t> order(ext.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  shuffle(s, order);
  std::vector<sp::Value> str(ext.size(), sp::Value(0));
  i64 d = gaps && maybe(s, 30) ? s.pick(2, 3) : 1;
  for (size_t k : order) {
    if (zeros && maybe(s, 10)) {
      str[k] = sp::Value(0);
      continue;
    }
    if (ext[k] == 1) {
      str[k] = sp::Value(s.pick(0, 5));  // a size-1 mode's stride does not matter
      continue;
    }
    str[k] = sp::Value(d);
    d *= ext[k];
    if (gaps && maybe(s, 30)) d *= s.pick(2, 3);
  }
  return {str, d};
}

/// A compact (bijective onto [0, size)) layout of the given shape, modes in a random order.
template <Source S>
sp::Layout compact_of(S& s, sp::IntTuple const& sh) {
  auto ext = sp::leaves(sh);
  auto sd = complementable_strides(s, ext, false, false);
  return sp::Layout(sh, sp::unflatten(sd.first, sh));
}

inline std::vector<i64> nonneg_leaves_strides(sp::Layout const& l) {
  std::vector<i64> out;
  for (auto const& v : sp::leaves(l.stride)) out.push_back(v.integer());
  return out;
}

}  // namespace detail

/// Non-negative general strides (the left-hand side of a composition).
inline StrideMix nonnegative() { return StrideMix{false, true, 24}; }

/// (A, B) with A∘B admissible: B single- or multi-mode, modes on disjoint runs of A's shape.
template <Source S>
LayoutPair composable_pair(S& s, Bounds b = {}) {
  Bounds ba = b;
  ba.max_size = 1024;
  LayoutPair p;
  p.a = s.nested([=](auto& q) { return layout(q, ba, nonnegative()); });
  auto ext = sp::leaves(p.a.shape);
  ext.pop_back();  // the last leaf runs on
  auto modes = detail::aligned_modes(s, ext, true, 4, b.max_size);
  if (detail::maybe(s, 5)) modes.push_back(detail::Mode{s.pick(2, 4), 0});
  p.b = detail::layout_of_modes(s, modes, b, true);
  return p;
}

/// A by-mode tiler for composition with A: per top-level mode of A, `_`, an integer or a
/// layout composable with that mode; rank(T) <= rank(A).
template <Source S>
LayoutTiler composable_tiler(S& s, Bounds b = {}) {
  Bounds ba = b;
  ba.max_size = 1024;
  LayoutTiler p;
  p.a = s.nested([=](auto& q) { return layout(q, ba, nonnegative()); });
  auto ms = sp::modes(p.a);
  int k = s.pick_int(1, static_cast<int>(ms.size()));
  std::vector<notation::Term> items;
  i64 budget = b.max_size;  // the result's size is the product of the tiles' sizes
  for (int i = 0; i < k; ++i) {
    auto ext = sp::leaves(ms[static_cast<size_t>(i)].shape);
    ext.pop_back();
    int kind = s.pick_int(0, 9);
    if (kind == 0) {
      items.push_back(notation::Term::make_underscore());
      budget = std::max<i64>(1, budget / sp::size(ms[static_cast<size_t>(i)]));
    } else {
      auto modes = detail::aligned_modes(s, ext, true, kind <= 3 ? 1 : 3, std::min<i64>(256, budget));
      for (auto const& m : modes) budget = std::max<i64>(1, budget / m.n);
      if (kind <= 3 && modes.size() == 1 && modes[0].r == 1)
        items.push_back(notation::Term::make_integer(modes[0].n, detail::maybe(s, 50)));
      else
        items.push_back(sp::to_term(detail::layout_of_modes(s, modes, b, true)));
    }
  }
  p.tiler = notation::Term::make_tuple(std::move(items));
  return p;
}

/// (A, M) with complement(A, M) admissible (Shah Def. 2.6, M relaxed as CuTe does).
template <Source S>
Complementable complementable(S& s, Bounds b = {}) {
  Bounds c = b;
  c.max_size = 512;
  c.max_leaves = std::min(b.max_leaves, 6);
  sp::IntTuple prof = detail::any_profile(s, c);
  auto ext = detail::extents(s, sp::leaf_count(prof), c);
  auto sd = detail::complementable_strides(s, ext, true, true);
  Complementable p;
  p.a = detail::make(prof, ext, sd.first);
  i64 top = sd.second;
  p.cotarget = detail::maybe(s, 30) ? s.pick(1, 2 * top) : top * s.pick(1, 3);
  return p;
}

/// An injective layout: complementable without stride 0 (so left-invertible, CuTe's stride
/// divisibility), with `beyond` sometimes one more mode whose stride lies past the image of the
/// others (injective, but neither complementable nor left-invertible in CuTe's sense).
template <Source S>
sp::Layout injective_layout(S& s, Bounds b = {}, bool beyond = true) {
  Bounds c = b;
  c.max_size = 512;
  c.max_leaves = std::min(b.max_leaves, 6);
  sp::IntTuple prof = detail::any_profile(s, c);
  auto ext = detail::extents(s, sp::leaf_count(prof), c);
  auto sd = detail::complementable_strides(s, ext, true, false);
  sp::Layout l = detail::make(prof, ext, sd.first);
  if (!beyond || !detail::maybe(s, 30)) return l;
  i64 top = 0;  // the largest value of l
  auto str = detail::nonneg_leaves_strides(l);
  for (size_t i = 0; i < ext.size(); ++i) top += (ext[i] - 1) * str[i];
  i64 st = top + 1 + s.pick(0, 3);
  return sp::Layout(sp::IntTuple::tuple({l.shape, sp::IntTuple(s.pick(2, 3))}),
                    sp::Stride::tuple({l.stride, sp::Stride(sp::Value(st))}));
}

/// A bijective layout onto [0, size): column-major over a permutation of its leaf modes.
template <Source S>
sp::Layout bijective_layout(S& s, Bounds b = {}) {
  Bounds c = b;
  c.max_size = 1024;
  sp::IntTuple sh = s.nested([=](auto& q) { return shape(q, c); });
  return detail::compact_of(s, sh);
}

/// (A, T) with logical_divide(A, T) admissible: T a layout, or a tuple of `_`, integers and
/// layouts, each on runs of atoms of A's (mode's) shape inside its size.
template <Source S>
LayoutTiler divisible(S& s, Bounds b = {}, TilerForm form = TilerForm::any) {
  Bounds ba = b;
  ba.max_size = 1024;
  LayoutTiler p;
  p.a = s.nested([=](auto& q) { return layout(q, ba, nonnegative()); });
  if (form == TilerForm::layout || (form == TilerForm::any && detail::maybe(s, 40))) {
    auto modes = detail::aligned_modes(s, sp::leaves(p.a.shape), false, 3, b.max_size);
    p.tiler = sp::to_term(detail::layout_of_modes(s, modes, b, true));
    return p;
  }
  auto ms = sp::modes(p.a);
  int k = s.pick_int(1, static_cast<int>(ms.size()));
  std::vector<notation::Term> items;
  // One item for a mode with extents ext: `_`, an integer or a layout that divides it.
  auto item = [&](std::vector<i64> const& ext, int kind) {
    if (kind == 0) return notation::Term::make_underscore();
    auto modes = detail::aligned_modes(s, ext, false, kind <= 3 ? 1 : 3, 256);
    if (kind <= 3 && modes.size() == 1 && modes[0].r == 1) return notation::Term::make_integer(modes[0].n, detail::maybe(s, 50));
    return sp::to_term(detail::layout_of_modes(s, modes, b, true));
  };
  for (int i = 0; i < k; ++i) {
    sp::Layout const& m = ms[static_cast<size_t>(i)];
    int kind = s.pick_int(0, 9);
    if (kind >= 6 && !m.shape.leaf) {  // a nested tuple for a mode that is a tuple (zip2_by's general walk)
      auto sub = sp::modes(m);
      int k2 = s.pick_int(1, static_cast<int>(sub.size()));
      std::vector<notation::Term> inner;
      for (int j = 0; j < k2; ++j) inner.push_back(item(sp::leaves(sub[static_cast<size_t>(j)].shape), s.pick_int(0, 8)));
      items.push_back(notation::Term::make_tuple(std::move(inner)));
      continue;
    }
    items.push_back(item(sp::leaves(m.shape), kind));
  }
  p.tiler = notation::Term::make_tuple(std::move(items));
  return p;
}

/// A layout with non-negative strides, size <= max_size: the right-hand side of a product.
template <Source S>
sp::Layout small_layout(S& s, int max_leaves = 4, i64 max_size = 64) {
  Bounds c;
  c.max_size = max_size;
  c.max_leaves = max_leaves;
  c.max_depth = 2;
  return layout(s, c, StrideMix{false, true, 8});
}

/// (A, T) with logical_product(A, T) admissible: A compact and T a layout, or A compact mode
/// by mode and T a tuple of `_`, integers and layouts.
template <Source S>
LayoutTiler product_admissible(S& s, Bounds b = {}, TilerForm form = TilerForm::any) {
  Bounds c = b;
  c.max_size = 64;
  c.max_leaves = std::min(b.max_leaves, 6);
  LayoutTiler p;
  if (form == TilerForm::layout || (form == TilerForm::any && detail::maybe(s, 50))) {
    sp::IntTuple sh = s.nested([=](auto& q) { return shape(q, c); });
    p.a = detail::compact_of(s, sh);
    p.tiler = sp::to_term(s.nested([=](auto& q) { return small_layout(q); }));
    return p;
  }
  // A = (A_0, ..., A_{r-1}) with every A_i compact on its own.
  int r = s.pick_int(1, 3);
  std::vector<sp::IntTuple> shapes;
  std::vector<sp::Stride> strides;
  Bounds m = c;
  m.max_depth = 2;
  m.max_leaves = 3;
  i64 budget_a = 64;  // size(A) <= 64 and the tiles' sizes multiply to <= 64
  for (int i = 0; i < r; ++i) {
    m.max_size = std::min<i64>(16, budget_a);
    sp::IntTuple sh = s.nested([=](auto& q) { return shape(q, m); });
    sp::Layout ai = detail::compact_of(s, sh);
    budget_a = std::max<i64>(1, budget_a / sp::size(ai));
    shapes.push_back(ai.shape);
    strides.push_back(ai.stride);
  }
  p.a = sp::Layout(sp::IntTuple::tuple(shapes), sp::Stride::tuple(strides));
  int k = s.pick_int(1, r);
  std::vector<notation::Term> items;
  i64 budget_b = 64;
  for (int i = 0; i < k; ++i) {
    int kind = s.pick_int(0, 5);
    if (kind == 0) {
      items.push_back(notation::Term::make_underscore());
    } else if (kind == 1) {
      i64 n = s.pick(1, std::min<i64>(4, budget_b));
      budget_b = std::max<i64>(1, budget_b / n);
      items.push_back(notation::Term::make_integer(n, detail::maybe(s, 50)));
    } else {
      sp::Layout bi = s.nested([=](auto& q) { return small_layout(q, 2, budget_b); });
      budget_b = std::max<i64>(1, budget_b / sp::size(bi));
      items.push_back(sp::to_term(bi));
    }
  }
  p.tiler = notation::Term::make_tuple(std::move(items));
  return p;
}

/// (A, B) for blocked_product / raked_product: A compact, B of non-negative strides.
template <Source S>
LayoutPair blocked_pair(S& s) {
  Bounds c;
  c.max_size = 64;
  c.max_leaves = 6;
  c.max_depth = 2;
  LayoutPair p;
  sp::IntTuple sh = s.nested([=](auto& q) { return shape(q, c); });
  p.a = detail::compact_of(s, sh);
  p.b = s.nested([=](auto& q) { return small_layout(q); });
  return p;
}

/// tile_to_shape(block, shape[, order]): block compact, every mode of the shape a multiple
/// of the block's, the order a permutation of the modes.
template <Source S>
TileToShape tile_to_shape_input(S& s) {
  Bounds c;
  c.max_size = 32;
  c.max_leaves = 3;
  c.max_depth = 2;
  TileToShape t;
  sp::IntTuple sh = s.nested([=](auto& q) { return shape(q, c); });
  t.block = detail::compact_of(s, sh);
  auto ms = sp::modes(t.block);
  int r = static_cast<int>(ms.size()) + s.pick_int(0, 1);
  std::vector<sp::IntTuple> target;
  for (int i = 0; i < r; ++i) {
    i64 base = i < static_cast<int>(ms.size()) ? sp::size(ms[static_cast<size_t>(i)]) : 1;
    target.emplace_back(base * s.pick(1, 3));
  }
  t.shape = sp::IntTuple::tuple(target);
  if (detail::maybe(s, 50)) {
    std::vector<i64> order;
    for (int i = 0; i < r; ++i) order.push_back(i);
    detail::shuffle(s, order);
    std::vector<sp::IntTuple> items;
    for (i64 o : order) items.emplace_back(o);
    t.order = sp::IntTuple::tuple(items);
  }
  return t;
}

/// A valid Swizzle<B,M,S>: B in [0,3], M in [0,4], |S| >= B.
template <Source S>
sp::Swizzle swizzle(S& s) {
  sp::Swizzle w;
  w.b = s.pick_int(0, 3);
  w.m = s.pick_int(0, 4);
  w.s = std::max(w.b, 1) + s.pick_int(0, 2);
  if (detail::maybe(s, 30)) w.s = -w.s;
  return w;
}

/// Sw<B,M,S> o offset o L with L of non-negative strides.
template <Source S>
sp::ComposedLayout swizzled_layout(S& s, Bounds b = {}) {
  Bounds c = b;
  c.max_size = 1024;
  sp::ComposedLayout cl;
  cl.outer = s.nested([](auto& q) { return swizzle(q); });
  cl.offset = s.pick(0, 64);
  cl.inner = s.nested([=](auto& q) { return layout(q, c, nonnegative()); });
  return cl;
}

/// Sw<B,M,S> o offset o L in CuTe notation.
inline notation::Term to_term(sp::ComposedLayout const& c) {
  return notation::Term::make_chain({notation::Term::make_swizzle(c.outer.b, c.outer.m, c.outer.s),
                                     notation::Term::make_integer(c.offset, false), sp::to_term(c.inner)});
}

}  // namespace layoutref::generators
