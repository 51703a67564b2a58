// layoutref::impl — IntTuple and Layout, and the layout function.
//
// A Layout is a Tree of (shape, stride) leaves, so shape and stride are congruent by
// construction. The function of L = S:D (CuTe docs 01_layout.md): a 1-D index is split into the
// natural coordinate colexicographically, then the inner product with D is taken. Past the
// domain (`extended`), the index overflows into the last leaf, as CuTe's idx2crd does.
//
// Capacity: LayoutN<N> (IntTupleN<N>, StrideTupleN<N>) holds N leaf modes; `Layout` is
// LayoutN<kMaxLeaves>. The functions here take any N, deduced from their argument, and return
// values of the same N (make_leaf: N given, default kMaxLeaves).
#pragma once

#include <layoutref/impl/stride.hpp>
#include <layoutref/impl/tree.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

template <int N>
using IntTupleN = Tree<Int, N>;
template <int N>
using StrideTupleN = Tree<Stride, N>;
using IntTuple = IntTupleN<kMaxLeaves>;
using StrideTuple = StrideTupleN<kMaxLeaves>;

/// A layout's leaf s:d, packed (issue 14's compact values): the two values as plain 64-bit
/// integers and one 64-bit word for the rest, 24 bytes where an Int and a Stride side by side
/// took 32. The word (`meta`) holds the static flags as a bit mask in its low byte (kShapeStatic,
/// kStrideStatic) and the stride's basis path above it: the depth in bits 8-15, the modes
/// outermost first in bits 16-47 (0 past the depth, so that two paths are equal when their bits
/// are), 0 in bits 48-63. In memory (little-endian) that is a flag byte at offset 16 and a
/// BasisPath at 17; one word so that a leaf is written with three 8-byte stores and copied with
/// loads that each read one of them (bytes written one at a time and read back by a wider load
/// stall on x86-64: docs/performance.md, "Compact leaves").
/// Read it through shape() and stride() (the Int and the Stride it stands for) or, where only a
/// value is wanted, shape_value() and stride_value(); write it with set_leaf or the setters below.
/// Trivially default-constructible (a Tree's leaf; tree.hpp): `LayoutLeaf{}` is 0:0 (a run-time
/// shape 0 and a run-time integer stride 0).
struct LayoutLeaf {
  static constexpr std::uint8_t kShapeStatic = 1;   ///< bit 0: the shape is static
  static constexpr std::uint8_t kStrideStatic = 2;  ///< bit 1: the stride is static

  i64 shape_v;  ///< the shape's value
  i64 stride_v; ///< the stride's coefficient
  u64 meta;     ///< the flags (bits 0-7) and the stride's basis path (bits 8-47), as above

  /// The flag bits of a shape and a stride of the given staticness.
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD static constexpr u64 flags_of(bool s_static, bool d_static) {
    return (s_static ? u64{kShapeStatic} : 0) | (d_static ? u64{kStrideStatic} : 0);
  }
  /// The bits of a basis path (bits 8-47 of meta; the modes past its depth cleared).
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD static constexpr u64 path_bits(BasisPath const& p) {
    static_assert(kMaxBasisDepth == 4, "a path's modes fill bits 16-47");
    u64 modes = u64{static_cast<std::uint8_t>(p.mode[0])} | u64{static_cast<std::uint8_t>(p.mode[1])} << 8 |
                u64{static_cast<std::uint8_t>(p.mode[2])} << 16 | u64{static_cast<std::uint8_t>(p.mode[3])} << 24;
    u64 keep = p.depth >= 4 ? u64{0xffffffff} : (u64{1} << (8 * p.depth)) - 1;
    return u64{p.depth} << 8 | (modes & keep) << 16;
  }
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD static constexpr u64 meta_of(bool s_static, bool d_static, BasisPath const& p) {
    return flags_of(s_static, d_static) | path_bits(p);
  }

  LayoutLeaf() = default;  // trivial: no member is initialized (LayoutLeaf{} zero-initializes)
  /// The leaf s:d.
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr LayoutLeaf(Int s, Stride const& d)
      : shape_v(s.value), stride_v(d.value), meta(meta_of(s.is_static, d.is_static, d.path)) {}

  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr i64 shape_value() const { return shape_v; }
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr i64 stride_value() const { return stride_v; }
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr bool shape_static() const { return (meta & kShapeStatic) != 0; }
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr bool stride_static() const { return (meta & kStrideStatic) != 0; }
  /// The flag byte: kShapeStatic | kStrideStatic.
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr std::uint8_t flags() const { return static_cast<std::uint8_t>(meta & 0xff); }
  /// The stride's basis path (BasisPath{} for an integer stride).
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr BasisPath path() const {
    BasisPath p{};
    p.depth = static_cast<std::uint8_t>(meta >> 8);
    for (int i = 0; i < kMaxBasisDepth; ++i) p.mode[i] = static_cast<std::int8_t>(static_cast<std::uint8_t>(meta >> (16 + 8 * i)));
    return p;
  }
  /// Whether the stride is an integer (the empty basis path).
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr bool stride_is_integer() const { return (meta & 0xff00) == 0; }
  /// Whether the two strides have the same basis path (path() == o.path(), without decoding).
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr bool same_path(LayoutLeaf const& o) const { return (meta >> 8) == (o.meta >> 8); }
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Int shape() const { return Int{shape_v, shape_static()}; }
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Stride stride() const { return Stride{stride_v, stride_static(), path()}; }
  /// The stride's coefficient k of k@path, with its static flag.
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Int stride_coefficient() const { return Int{stride_v, stride_static()}; }

  /// The shape s; the stride is kept.
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr void set_shape(Int s) {
    shape_v = s.value;
    meta = (meta & ~u64{kShapeStatic}) | flags_of(s.is_static, false);
  }
  /// The stride d; the shape is kept.
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr void set_stride(Stride const& d) {
    stride_v = d.value;
    meta = (meta & kShapeStatic) | flags_of(false, d.is_static) | path_bits(d.path);
  }
  /// Both static flags; the values and the path are kept.
  LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr void set_flags(bool s_static, bool d_static) {
    meta = (meta & ~u64{0xff}) | flags_of(s_static, d_static);
  }

  LAYOUTREF_HD friend constexpr bool operator==(LayoutLeaf const& a, LayoutLeaf const& b) {
    return a.shape_v == b.shape_v && a.stride_v == b.stride_v && a.meta == b.meta;
  }
};
static_assert(sizeof(LayoutLeaf) == 24, "a layout leaf is three 64-bit words");

/// out = s:d, written field by field (a leaf built whole in a temporary and then copied is read
/// back by the copy before its stores have left the store buffer: a stall per leaf on x86-64,
/// docs/performance.md, "Cost rules").
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr void set_leaf(LayoutLeaf& out, i64 s, bool s_static, i64 d, bool d_static,
                                                             BasisPath const& path) {
  out.shape_v = s;
  out.stride_v = d;
  out.meta = LayoutLeaf::meta_of(s_static, d_static, path);
}

/// out = s:d with the basis path of src's stride, copied as bits (src may be out).
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr void set_leaf(LayoutLeaf& out, i64 s, bool s_static, i64 d, bool d_static,
                                                             LayoutLeaf const& src) {
  u64 path = src.meta & ~u64{0xff};
  out.shape_v = s;
  out.stride_v = d;
  out.meta = LayoutLeaf::flags_of(s_static, d_static) | path;
}

/// out = s:d for an integer stride d (the empty basis path).
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr void set_leaf(LayoutLeaf& out, Int s, Int d) {
  out.shape_v = s.value;
  out.stride_v = d.value;
  out.meta = LayoutLeaf::flags_of(s.is_static, d.is_static);
}
/// out = s:d.
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr void set_leaf(LayoutLeaf& out, Int s, Stride const& d) {
  set_leaf(out, s.value, s.is_static, d.value, d.is_static, d.path);
}

/// A layout of capacity N leaf modes (and 2*N + 8 nodes; tree.hpp).
template <int N>
using LayoutN = Tree<LayoutLeaf, N>;
/// The layout of the default capacity kMaxLeaves, which the rest of impl uses.
using Layout = LayoutN<kMaxLeaves>;

/// The layout s:d of one mode.
template <int N = kMaxLeaves>
LAYOUTREF_HD constexpr LayoutN<N> make_leaf(Int s, Stride d) {
  return LayoutN<N>::of(LayoutLeaf{s, d});
}

template <int N>
LAYOUTREF_HD constexpr IntTupleN<N> shape(LayoutN<N> const& l) {
  return map_leaves<Int>(l, [](LayoutLeaf const& x) { return x.shape(); });
}
template <int N>
LAYOUTREF_HD constexpr StrideTupleN<N> stride(LayoutN<N> const& l) {
  return map_leaves<Stride>(l, [](LayoutLeaf const& x) { return x.stride(); });
}

/// shape:stride. @pre congruent, else bad_argument.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> make_layout(IntTupleN<N> const& s, StrideTupleN<N> const& d) {
  if (!congruent(s, d)) return fail(Errc::bad_argument).add("shape and stride are not congruent");
  LayoutN<N> l;
  l.nnodes = s.nnodes;
  l.nleaves = s.nleaves;
  for (int k = 0; k < s.nnodes; ++k) l.node[k] = s.node[k];
  for (int k = 0; k < s.nleaves; ++k) l.leaf[k] = LayoutLeaf{s.leaf[k], d.leaf[k]};
  return l;
}

/// size: the product of the shape's leaves (static iff all are). Checked.
template <class L, int N, class F>
LAYOUTREF_HD constexpr Result<Int> product_of(Tree<L, N> const& t, F const& get) {
  Int p = Int::fixed(1);
  for (int k = 0; k < t.nleaves; ++k) {
    LAYOUTREF_TRY(p, mul(p, get(t.leaf[k])));
  }
  return p;
}
template <int N>
LAYOUTREF_HD constexpr Result<Int> size(IntTupleN<N> const& t) {
  return product_of(t, [](Int x) { return x; });
}
template <int N>
LAYOUTREF_HD constexpr Result<Int> size(LayoutN<N> const& l) {
  return product_of(l, [](LayoutLeaf const& x) { return x.shape(); });
}

/// Every shape leaf must be >= 1.
template <int N>
LAYOUTREF_HD constexpr Error validate(LayoutN<N> const& l) {
  for (int k = 0; k < l.nleaves; ++k)
    if (l.leaf[k].shape_value() < 1)
      return fail(Errc::bad_argument).add("a mode has size ").add(l.leaf[k].shape_value()).add(" (shapes must be >= 1)");
  return Error{};
}

/// Whether every stride is an integer.
template <int N>
LAYOUTREF_HD constexpr bool has_integer_strides(LayoutN<N> const& l) {
  for (int k = 0; k < l.nleaves; ++k)
    if (!l.leaf[k].stride_is_integer()) return false;
  return true;
}

namespace detail_layout {
LAYOUTREF_HD constexpr Error not_representable(int k, LayoutLeaf const& x, char const* whose) {
  return fail(Errc::overflow)
      .add("64-bit overflow: ")
      .add(whose)
      .add(" values do not fit in int64 (at its leaf ")
      .add(k)
      .add(" of size ")
      .add(x.shape_value())
      .add(" and stride coefficient ")
      .add(x.stride_value())
      .add(")");
}
}  // namespace detail_layout

/// A result must be representable: its size, and every component of every value it takes on
/// its domain, fit in int64 (the largest value of a component is the sum of (s_k - 1) * d_k over
/// its positive strides, the smallest over its negative ones).
/// Errors: overflow, naming the mode whose contribution passes 64 bits; the text speaks of
/// `whose` values and size (static storage: "the result's", "the layout's").
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error check_representable(LayoutN<N> const& l, char const* whose = "the result's") {
  // One pass: the size in plain integers, and the sums of the integer strides' contributions
  // (no Value to copy), the first leaf whose sum passes int64 reported once the size fits.
  i64 n = 1;
  i64 hi = 0, lo = 0;
  bool integer = true;
  int bad = -1;
  for (int k = 0; k < l.nleaves; ++k) {
    LayoutLeaf const& x = l.leaf[k];
    if (mul_overflows(n, x.shape_value())) return fail(Errc::overflow).add("64-bit overflow: ").add(whose).add(" size does not fit in int64");
    n *= x.shape_value();
    if (!x.stride_is_integer()) {
      integer = false;
      continue;
    }
    if (bad >= 0 || x.shape_value() <= 1 || x.stride_value() == 0) continue;
    i64& v = x.stride_value() > 0 ? hi : lo;
    if (mul_overflows(x.shape_value() - 1, x.stride_value()) || add_overflows(v, (x.shape_value() - 1) * x.stride_value()))
      bad = k;
    else
      v += (x.shape_value() - 1) * x.stride_value();
  }
  if (integer) return bad < 0 ? Error{} : detail_layout::not_representable(bad, l.leaf[bad], whose);
  Value vhi, vlo;
  for (int k = 0; k < l.nleaves; ++k) {
    LayoutLeaf const& x = l.leaf[k];
    if (x.shape_value() <= 1 || x.stride_value() == 0) continue;
    Value& v = x.stride_value() > 0 ? vhi : vlo;
    if (!accumulate(v, x.shape_value() - 1, x.stride()).ok()) return detail_layout::not_representable(k, x, whose);
  }
  return Error{};
}

/// check_representable(l, whose), its common case inline: a layout of integer strides whose size
/// and sums of positive and negative (s-1)*d fit is answered in one plain walk; any other layout
/// goes to check_representable (basis strides, or the witness of an overflow).
template <int N>
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Error check_representable_inline(LayoutN<N> const& l, char const* whose) {
  i64 n = 1, hi = 0, lo = 0;
  for (int k = 0; k < l.nleaves; ++k) {
    LayoutLeaf const& x = l.leaf[k];
    i64 s = x.shape_value(), d = x.stride_value();
    if (!x.stride_is_integer() || mul_overflows(n, s) || mul_overflows(s - 1, d)) return check_representable(l, whose);
    n *= s;
    i64& v = d > 0 ? hi : lo;
    if (add_overflows(v, (s - 1) * d)) return check_representable(l, whose);
    v += (s - 1) * d;
  }
  return Error{};
}

/// make() (a Result<LayoutN<N>>), or overflow when the layout it holds is not representable
/// (check_representable, speaking of `whose` values). The one named result is built in place and
/// returned, so that `return representable_result(...)` after an early return copies no tree.
template <class Make>
LAYOUTREF_HD constexpr auto representable_result(Make const& make, char const* whose = "the result's") {
  auto r = make();
  if (r.ok()) assign_if_error(r.error, check_representable_inline(r.value, whose));
  return r;
}

/// r itself, or overflow when r holds a layout that is not representable (check_representable).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> representable(Result<LayoutN<N>> const& r) {
  if (r.ok()) LAYOUTREF_CHECK(check_representable(r.value));
  return r;
}
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> representable(LayoutN<N> const& l) {
  auto r_ = Result<LayoutN<N>>(l);
  keep_representable(r_);
  return r_;
}
/// representable(r) in place: r's error becomes overflow when r holds a layout that is not
/// representable. For `auto r = f(...); keep_representable(r); return r;`, which returns r
/// without a copy (a named return value), where `return representable(f(...))` copies it.
template <int N>
LAYOUTREF_HD constexpr void keep_representable(Result<LayoutN<N>>& r) {
  if (r.ok()) assign_if_error(r.error, check_representable(r.value));
}

namespace detail_layout {
/// The walk of L(i): i split into the natural coordinate colexicographically (past the domain,
/// with `extended`, the rest goes to the last leaf), add(c, stride) called for each leaf with a
/// nonzero coordinate c. Errors: bad_argument (a negative index, a size < 1, an index outside
/// the domain), and add's.
template <int N, class Add>
LAYOUTREF_HD constexpr Error walk_index(LayoutN<N> const& l, i64 i, bool extended, Add const& add) {
  if (i < 0) return fail(Errc::bad_argument).add("negative index ").add(i);
  for (int k = 0; k < l.nleaves; ++k) {
    i64 s = l.leaf[k].shape_value();
    if (s < 1) return fail(Errc::bad_argument).add("a mode has size ").add(s);
    i64 c;
    if (k + 1 == l.nleaves) {
      if (!extended && i >= s) return fail(Errc::bad_argument).add("index outside the domain");
      c = i;
      i = 0;
    } else {
      divmod(i, s, i, c);
    }
    if (c != 0) LAYOUTREF_CHECK(add(c, l.leaf[k].stride()));
  }
  if (i != 0) return fail(Errc::bad_argument).add("index outside the domain");
  return Error{};
}
}  // namespace detail_layout

namespace detail_layout {
/// L(i) summed as a Value (basis terms and all): the definition that evaluate and evaluate_int
/// follow. Errors: walk_index's, and accumulate's (overflow, more than Value::kMaxTerms terms).
template <int N>
LAYOUTREF_HD constexpr Result<Value> evaluate_terms(LayoutN<N> const& l, i64 i, bool extended) {
  Value v;
  LAYOUTREF_CHECK(walk_index(l, i, extended, [&v](i64 c, Stride const& d) { return accumulate(v, c, d); }));
  return v;
}
/// The same walk summed in plain integers. @pre every stride of l is an integer
template <int N>
LAYOUTREF_HD constexpr Result<i64> evaluate_integers(LayoutN<N> const& l, i64 i, bool extended) {
  i64 v = 0;
  LAYOUTREF_CHECK(walk_index(l, i, extended, [&v](i64 c, Stride const& d) {
    if (mul_overflows(c, d.value)) return overflow_error("*", c, d.value);
    if (add_overflows(v, c * d.value)) return overflow_error("+", v, c * d.value);
    v += c * d.value;
    return Error{};
  }));
  return v;
}
}  // namespace detail_layout

/// L(i) for a 1-D index; with `extended` the index may pass size(L) and overflows into the
/// last leaf. @pre i >= 0
/// @post the value or error of detail_layout::evaluate_terms; summed in plain integers when every
/// stride is an integer (ImplLayout.EvaluateAgreesWithTheTermSum).
template <int N>
LAYOUTREF_HD constexpr Result<Value> evaluate(LayoutN<N> const& l, i64 i, bool extended = false) {
  if (has_integer_strides(l)) {
    LAYOUTREF_TRY(i64 x, detail_layout::evaluate_integers(l, i, extended));
    Value v;
    v.scalar = x;
    return v;
  }
  return detail_layout::evaluate_terms(l, i, extended);
}

/// L(i) for layouts with integer strides.
/// @post the same value or error as evaluate (bad_argument when L has basis strides and L(i) is
/// not an integer).
template <int N>
LAYOUTREF_HD constexpr Result<i64> evaluate_int(LayoutN<N> const& l, i64 i, bool extended = false) {
  if (has_integer_strides(l)) return detail_layout::evaluate_integers(l, i, extended);
  LAYOUTREF_TRY(Value v, detail_layout::evaluate_terms(l, i, extended));
  if (!v.is_integer()) return fail(Errc::bad_argument).add("the layout has basis strides");
  return v.scalar;
}

/// CuTe's cosize: 1 + sum of (s_k - 1) * |d_k| (coshape with the strides' magnitudes, CUTLASS
/// cute/layout.hpp), the extent max L - min L + 1 of L's image; for strides >= 0, 1 + max L.
/// Errors: bad_argument (basis strides, a size < 1); overflow.
template <int N>
LAYOUTREF_HD constexpr Result<i64> cosize(LayoutN<N> const& l) {
  i64 hi = 0;
  for (int k = 0; k < l.nleaves; ++k) {
    auto const& x = l.leaf[k];
    if (x.shape_value() < 1) return fail(Errc::bad_argument).add("a mode has size ").add(x.shape_value());
    if (!x.stride_is_integer()) return fail(Errc::bad_argument).add("cosize of a layout with basis strides");
    LAYOUTREF_TRY(i64 d, checked_abs(x.stride_value()));
    LAYOUTREF_TRY(i64 t, checked_mul(x.shape_value() - 1, d));
    LAYOUTREF_TRY(hi, checked_add(hi, t));
  }
  return checked_add(hi, 1);
}

}  // namespace layoutref::impl
