// layoutref::impl — logical, zipped, tiled, flat, blocked and raked products; tile_to_shape
// (CuTe layout.hpp; docs 02_layout_algebra.md "Product"; docs/semantics.md "Divides and
// products"; the seed document "CuTe Tilers").
//
// Structure, as CuTe computes it:
//  - logical_product(A, B) for a layout B: (A, complement(A, size(A)*cosize(B)) ∘ B): the block
//    A, then its repetitions laid out by B. cosize(B) is static when all of B is.
//  - a tiler applies by mode like the divides (divide.hpp): a tuple multiplies mode i of A by
//    item i and keeps the modes past it, `_` keeps the mode, an integer n is n:_1; the zipped,
//    tiled and flat forms rearrange the (block, product) pairs with zip2_by and CuTe's slicing.
//    A `_` inside a zipped/tiled/flat tiler gives (the whole mode, `_1:_0`), the spec's meaning
//    (CuTe splits the unchanged mode as if it were a pair: quirks.tsv).
//  - blocked_product(A, B): R = max(rank A, rank B); P = logical_product(append<R>(A),
//    append<R>(B)) with B as one layout; the result is zip(P0, P1): mode i is (A_i, P1_i).
//    raked_product: zip(P1, P0), mode i is (P1_i, A_i). When the first zipped layout is
//    integral (R == 1) CuTe's zip wraps the pair: ((first, second)). Where CuTe's zip does not
//    compile (R == 1, a rank-1 tuple against an integral or multi-mode other half) impl takes
//    the other half as that single mode, the spec's form.
//  - tile_to_shape(block, shape, order): R = rank(shape); the block padded to rank R; the
//    repetitions make_ordered_layout(shape_i / block_i, order) (column-major by default; impl's
//    make_ordered_layout breaks ties by position, the spec's rule); blocked_product of the two.
//
// Errors (inadmissible, the spec's names): product.tiler_rank; the complement's conditions
// (A is not complementable) and the composition's (the repetitions do not compose with B, e.g.
// CuTe's weak divisibility check, product.tsv line 526); tile_to_shape.rank (the block has more
// modes than the shape), tile_to_shape.divisibility (a mode of the shape is not a multiple of the
// block's), tile_to_shape.order (the order is not a flat tuple of rank(shape) integers, or an
// integer when the rank is 1). bad_argument for basis strides in B (its cosize), sizes < 1.
#pragma once

#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/divide.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_tile {

/// cosize(B) with CuTe's static flag: static when every shape and stride of B is.
template <int N>
LAYOUTREF_HD constexpr Result<Int> cosize_flagged(LayoutN<N> const& b) {
  LAYOUTREF_TRY(i64 c, cosize(b));
  bool is_static = true;
  for (int k = 0; k < b.nleaves; ++k) is_static = is_static && b.leaf[k].shape_static() && b.leaf[k].stride_static();
  return Int{c, is_static};
}

/// The repetitions complement(A, size(A)*cosize(B)) ∘ B written into out, errors prefixed with
/// the step that raised them. @pre A and B valid (by_mode_arranged, blocked_or_raked).
template <int N>
LAYOUTREF_HD constexpr Error product_rest_into(LayoutN<N> const& a, LayoutN<N> const& b, LayoutN<N>& out) {
  auto m = Result<Int>::built([&](Int& v) -> Error {
    LAYOUTREF_TRY(Int na, size(a));
    LAYOUTREF_TRY(Int cb, cosize_flagged(b));
    LAYOUTREF_TRY(v, mul(na, cb));
    return Error{};
  });
  if (!m.ok()) return m.error;
  // complement_valid_into without its check_representable, which cannot fail here: the
  // complement's sorted modes with R's are a mixed radix onto [0, c), where c, the last running
  // product, is formed with checked multiplications; R's positive terms sum to at most c - 1 and
  // its size is at most c.
  detail::SortedModesN<N> sorted;  // built in place
  Error e = detail::complementable_valid_into(a, sorted);
  if (!e.ok()) return prefixed(e, "complement(A, size(A)*cosize(B)): ");
  auto reps = Result<LayoutN<N>>::built([&](LayoutN<N>& r) { return detail::complement_sorted_into(sorted, IntTupleN<N>::of(m.value), r); });
  if (!reps.ok()) return prefixed(reps.error, "complement(A, size(A)*cosize(B)): ");
  e = detail::compose_valid_into(reps.value, b, out);  // reps is valid: a complement
  if (!e.ok()) return prefixed(e, "complement(A, size(A)*cosize(B)) o B: ");
  return e;
}

/// logical_product(A, B) for a layout B: (A, complement(A, size(A)*cosize(B)) ∘ B).
/// @pre A and B valid (by_mode_arranged validated them).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> product_leaf(LayoutN<N> const& a, LayoutN<N> const& b) {
  Result<LayoutN<N>> res;  // every return returns it, the one named result (built in place)
  LayoutN<N> rest;
  assign_if_error(res.error, product_rest_into(a, b, rest));
  if (!res.ok()) return res;
  detail_modes::start_tuple(res);  // make_layout(A, rest)
  detail_modes::push_part(res, a);
  detail_modes::push_part(res, rest);
  return res;
}

/// Pushes the subtree of p at node c (c == 0: the whole of p) into t, or, when `unpack` and it is
/// a tuple of rank >= 2, its modes one by one (arrange's push_unpacked_at, from a whole tree).
/// @pre t has room (the caller counted: the pair (A, rest) fits).
template <int N>
LAYOUTREF_HD constexpr void put_unpacked(LayoutN<N>& t, LayoutN<N> const& p, bool unpack) {
  if (unpack && !p.is_leaf() && p.node[0] >= 2) {
    put_span(t, p, NodeSpan{1, static_cast<std::int16_t>(p.nnodes), 0, static_cast<std::int16_t>(p.nleaves)});
    t.node[0] = static_cast<std::int8_t>(t.node[0] + p.node[0] - 1);
    return;
  }
  put_span(t, p, NodeSpan{0, static_cast<std::int16_t>(p.nnodes), 0, static_cast<std::int16_t>(p.nleaves)});
}

/// The product of A by a layout tiler B, arranged, built in its one named result (every return
/// returns it) from A and the repetitions: the answer, errors included, of product_leaf's pair
/// (A, rest) arranged by arrange's terminal-guide rule, without the pair or its copy:
///   logical and zipped (A, rest); tiled (A, rest...); flat (A..., rest...),
/// where X... is X's modes when X is a tuple of rank >= 2, else X. The capacity error is the
/// pair's (the arranged forms have no more nodes than the pair, and the same leaves).
/// @pre A and B valid.
/// Example: flat_product((2,2):(1,2), (2,3):(1,2)) = (2,2,2,3):(1,2,4,8)
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> product_by_layout(Arrangement how, LayoutN<N> const& a, LayoutN<N> const& b) {
  using Out = LayoutN<N>;
  Result<Out> res;
  Out rest;
  assign_if_error(res.error, product_rest_into(a, b, rest));
  if (!res.ok()) return res;
  Out& t = res.value;
  if (1 + a.nnodes + rest.nnodes > Out::kNodes || a.nleaves + rest.nleaves > Out::kLeaves) {
    res.error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
    return res;
  }
  t.nnodes = 1;
  t.nleaves = 0;
  t.node[0] = 2;
  put_unpacked(t, a, how == Arrangement::flat);
  put_unpacked(t, rest, how == Arrangement::flat || how == Arrangement::tiled);
  keep_representable(res);  // (A, rest) may pass 64 bits where its halves do not
  return res;
}

/// Mode i of a zipped half: the half's own mode when it is a tuple of rank R, else (R == 1,
/// where CuTe's zip does not compile) the whole half.
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> zip_mode(LayoutN<N> const& x, int i, int r) {
  if (!x.is_leaf() && x.rank() == r) return x.mode(i);
  return x;
}

/// CuTe's zip(first, second) of two layouts of rank R, built in its one named result (every
/// return returns it): mode i is the pair (first_i, second_i), each copied from its node range
/// (zip_mode's choice: the half's mode i when it is a tuple of rank r, else the half); an
/// integral first half gives the rank-1 tuple of the pair ((first, second)), CuTe's wrapping.
/// The capacity error is TupleBuilder's, as when the pairs are made and pushed one by one.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> zip(LayoutN<N> const& first, LayoutN<N> const& second, int r) {
  using Out = LayoutN<N>;
  Result<Out> res;
  Out& t = res.value;
  t.nnodes = 0;
  t.nleaves = 0;
  auto full = [&](int nodes, int leaves) {
    if (t.nnodes + nodes <= Out::kNodes && t.nleaves + leaves <= Out::kLeaves) return false;
    res.error = fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
    return true;
  };
  if (first.is_leaf()) {  // ((first, second))
    if (full(2 + first.nnodes + second.nnodes, first.nleaves + second.nleaves)) return res;
    t.node[t.nnodes++] = 1;
    t.node[t.nnodes++] = 2;
    put_span(t, first, NodeSpan{0, first.nnodes, 0, first.nleaves});
    put_span(t, second, NodeSpan{0, second.nnodes, 0, second.nleaves});
    return res;
  }
  t.node[t.nnodes++] = static_cast<std::int8_t>(r);
  bool split_first = first.rank() == r, split_second = !second.is_leaf() && second.rank() == r;
  NodeSpan f{0, first.nnodes, 0, first.nleaves}, g{0, second.nnodes, 0, second.nleaves};  // first_i, second_i
  int fk = 1, fl = 0, sk = 1, sl = 0;  // where the next mode of each split half starts
  for (int i = 0; i < r; ++i) {
    if (split_first) f = span_at(first, fk, fl);
    if (split_second) g = span_at(second, sk, sl);
    if (full(1 + (f.n1 - f.n0) + (g.n1 - g.n0), (f.l1 - f.l0) + (g.l1 - g.l0))) return res;
    t.node[t.nnodes++] = 2;
    put_span(t, first, f);
    put_span(t, second, g);
    fk = f.n1, fl = f.l1, sk = g.n1, sl = g.l1;
  }
  return res;
}

/// append(l, n) (l padded with `_1:_0` up to rank n > rank(l), CuTe's append<n>) written into out:
/// the answer of modes.hpp's append, its capacity error included. @pre n > rank(l)
template <int N>
LAYOUTREF_HD constexpr Error pad_into(LayoutN<N> const& l, int n, LayoutN<N>& out) {
  using Out = LayoutN<N>;
  int const pads = n - l.rank();
  NodeSpan modes = l.is_leaf() ? NodeSpan{0, 1, 0, 1} : NodeSpan{1, static_cast<std::int16_t>(l.nnodes), 0, static_cast<std::int16_t>(l.nleaves)};
  if (1 + (modes.n1 - modes.n0) + pads > Out::kNodes || l.nleaves + pads > Out::kLeaves)
    return fail(Errc::capacity).add("more than ").add(Out::kLeaves).add(" leaves or ").add(Out::kNodes).add(" nodes");
  out.nnodes = 0;
  out.nleaves = 0;
  out.node[out.nnodes++] = static_cast<std::int8_t>(n);
  put_span(out, l, modes);
  for (int k = 0; k < pads; ++k) {
    out.node[out.nnodes++] = Out::kLeaf;
    set_leaf(out.leaf[out.nleaves++], 1, true, 0, true, BasisPath{});
  }
  return Error{};
}

/// blocked (raked == false) or raked product.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> blocked_or_raked(LayoutN<N> const& a, LayoutN<N> const& b, bool raked) {
  LAYOUTREF_CHECK(validate(a));
  LAYOUTREF_CHECK(validate(b));
  int r = a.rank() > b.rank() ? a.rank() : b.rank();
  // append<r>: the one of lower rank padded with `_1:_0` (in place); the other used as it is.
  LayoutN<N> padded;
  if (a.rank() != b.rank()) {
    Error e = pad_into(a.rank() < r ? a : b, r, padded);
    if (!e.ok()) return e;
  }
  LayoutN<N> const& pa = a.rank() < r ? padded : a;
  LayoutN<N> const& pb = b.rank() < r ? padded : b;
  auto reps = Result<LayoutN<N>>::built([&](LayoutN<N>& out) { return product_rest_into(pa, pb, out); });
  if (!reps.ok()) return reps.error;
  return raked ? zip(reps.value, pa, r) : zip(pa, reps.value, r);
}

}  // namespace detail_tile

/// The product of A by the tiler T, arranged as `how` says (logical, zipped, tiled, flat).
/// Errors: product.tiler_rank, the complement's and the composition's conditions (inadmissible);
/// bad_argument (a size < 1, basis strides in a tiler layout), capacity, overflow.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> product(Arrangement how, LayoutN<N> const& a, TilerN<N> const& t) {
  if (t.is_layout() && validate(a).ok() && validate(t.layout()).ok()) return detail_tile::product_by_layout(how, a, t.layout());
  return detail_tile::by_mode_arranged(how, a, t, Cond::product_tiler_rank,
                                       [](LayoutN<N> const& x, LayoutN<N> const& b) { return detail_tile::product_leaf(x, b); },
                                       false);  // (A, A* o B): the pair may pass 64 bits where its modes do not
}

/// logical_product(A, T): (A, A* ∘ B) for a layout B, by mode for a tuple. CuTe's docs:
/// Example: logical_product((2,2):(4,1), 6:1) = ((2,2),(2,3)):((4,1),(2,8))
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> logical_product(LayoutN<N> const& a, TilerN<N> const& t) { return product(Arrangement::logical, a, t); }
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> logical_product(LayoutN<N> const& a, LayoutN<N> const& b) { return logical_product(a, TilerN<N>::of(b)); }

/// zipped_product(A, T): ((blocks...), (products..., untouched modes...)).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> zipped_product(LayoutN<N> const& a, TilerN<N> const& t) { return product(Arrangement::zipped, a, t); }
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> zipped_product(LayoutN<N> const& a, LayoutN<N> const& b) { return zipped_product(a, TilerN<N>::of(b)); }

/// tiled_product(A, T): ((blocks...), product_0, product_1, ..., untouched modes...).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> tiled_product(LayoutN<N> const& a, TilerN<N> const& t) { return product(Arrangement::tiled, a, t); }
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> tiled_product(LayoutN<N> const& a, LayoutN<N> const& b) { return tiled_product(a, TilerN<N>::of(b)); }

/// flat_product(A, T): (block_0, block_1, ..., product_0, product_1, ..., untouched modes...).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> flat_product(LayoutN<N> const& a, TilerN<N> const& t) { return product(Arrangement::flat, a, t); }
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> flat_product(LayoutN<N> const& a, LayoutN<N> const& b) { return flat_product(a, TilerN<N>::of(b)); }

/// blocked_product(A, B): mode i is (A_i, P_i), P = complement(A', size(A')*cosize(B')) ∘ B' with
/// A', B' padded with `_1:_0` to the larger rank. @post rank(result) == max(rank A, rank B)
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> blocked_product(LayoutN<N> const& a, LayoutN<N> const& b) {
  auto r_ = detail_tile::blocked_or_raked(a, b, false);
  keep_representable(r_);
  return r_;
}

/// raked_product(A, B): mode i is (P_i, A_i) (the blocks interleaved).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> raked_product(LayoutN<N> const& a, LayoutN<N> const& b) {
  auto r_ = detail_tile::blocked_or_raked(a, b, true);
  keep_representable(r_);
  return r_;
}

namespace detail_tile {

/// The order of tile_to_shape must be an integer (rank 1) or a flat tuple of rank r.
template <int N>
LAYOUTREF_HD constexpr bool order_fits(IntTupleN<N> const& order, int r) {
  if (order.is_leaf()) return r == 1;
  if (order.rank() != r) return false;
  for (int i = 0; i < r; ++i)
    if (order.node[order.child(0, i)] != IntTupleN<N>::kLeaf) return false;
  return true;
}

template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> tile_to_shape(LayoutN<N> const& block, IntTupleN<N> const& shape, IntTupleN<N> const* order) {
  LAYOUTREF_CHECK(validate(block));
  for (int k = 0; k < shape.nleaves; ++k)
    if (shape.leaf[k].value < 1)
      return fail(Errc::bad_argument).add("tile_to_shape: the shape has the entry ").add(shape.leaf[k].value).add(" (must be >= 1)");
  int r = shape.rank();
  if (block.rank() > r)
    return fail(Errc::inadmissible, Cond::tile_to_shape_rank)
        .add("the block has ")
        .add(block.rank())
        .add(" modes, more than the ")
        .add(r)
        .add(" of the shape");
  LAYOUTREF_TRY(LayoutN<N> padded, append(block, r));
  // product_each of both shapes, then their quotient (CuTe's ceil_div, exact here).
  TupleBuilder<Int, N> counts;
  for (int i = 0; i < r; ++i) {
    LAYOUTREF_TRY(LayoutN<N> bm, padded.mode(i));
    LAYOUTREF_TRY(IntTupleN<N> tm, shape.mode(i));
    LAYOUTREF_TRY(Int bs, size(bm));
    LAYOUTREF_TRY(Int ts, size(tm));
    if (ts.value % bs.value != 0)
      return fail(Errc::inadmissible, Cond::tile_to_shape_divisibility)
          .add("mode ")
          .add(i)
          .add(" of the shape has size ")
          .add(ts.value)
          .add(", not a multiple of the block's ")
          .add(bs.value);
    counts.push_leaf(ceil_div(ts, bs));
  }
  LAYOUTREF_TRY(IntTupleN<N> count, counts.done());
  LayoutN<N> reps;
  if (order) {
    if (!order_fits(*order, r))
      return fail(Errc::inadmissible, Cond::tile_to_shape_order)
          .add("the order is not an integer or a flat tuple of the rank ")
          .add(r)
          .add(" of the shape");
    LAYOUTREF_TRY(reps, make_ordered_layout(count, *order));
  } else {
    LAYOUTREF_TRY(reps, make_layout(count));
  }
  auto r_ = blocked_or_raked(padded, reps, false);
  keep_representable(r_);
  return r_;
}

}  // namespace detail_tile

/// tile_to_shape(block, shape): the block repeated column-major until it has the shape:
/// blocked_product(block padded to rank(shape), make_layout(shape_i / size(block_i))).
/// @post compatible(shape, shape(result)) (mode by mode)
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> tile_to_shape(LayoutN<N> const& block, IntTupleN<N> const& shape) {
  return detail_tile::tile_to_shape<N>(block, shape, nullptr);
}

/// tile_to_shape(block, shape, order): the repetitions laid out by make_ordered_layout(counts, order).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> tile_to_shape(LayoutN<N> const& block, IntTupleN<N> const& shape, IntTupleN<N> const& order) {
  return detail_tile::tile_to_shape(block, shape, &order);
}

}  // namespace layoutref::impl
