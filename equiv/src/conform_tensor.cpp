// layoutref equiv — conform: the coordinate-tensor operations of coordinate_tensors.tsv
// (identity_local_tile, identity_local_partition, identity_mma_partition_{A,B,C}; the file's
// header defines them), computed with impl's tensors; and the tensor operations of `eval` on
// coordinate tensors `ArithTuple(...) o L`: make_identity_tensor(shape), slice(T, coord) (and
// slice(L, coord) of a layout),
// local_tile / inner_partition(T, tiler, coord), outer_partition(T, tiler, coord),
// local_partition(T, thr_layout, idx), mma_partition_{A,B,C}(atom, atom_layout, perm, T, idx),
// eval(T, i), and composition / the divides with a tensor as first argument.
#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/tensor_term.hpp>

namespace layoutref::equiv {

namespace {

using impl::CountingIterator;
using impl::Tensor;

/// local_tile(make_identity_tensor(P), T, C).
impl::Result<Tensor<CountingIterator>> identity_tile(notation::Term const& p, notation::Term const& t, notation::Term const& c) {
  LAYOUTREF_TRY(impl::IntTuple shape, impl::to_shape(p));
  LAYOUTREF_TRY(impl::Tiler tiler, impl::to_tiling_tiler(t));
  LAYOUTREF_TRY(impl::SliceCoord coord, impl::to_slice_coord(c));
  LAYOUTREF_TRY(Tensor<CountingIterator> id, impl::make_identity_tensor(shape));
  return impl::local_tile(id, tiler, coord);
}

impl::Result<Tensor<CountingIterator>> identity_partition(Args const& a) {
  LAYOUTREF_TRY(Tensor<CountingIterator> tile, identity_tile(a.at(0), a.at(1), a.at(2)));
  LAYOUTREF_TRY(impl::Layout thr, impl::to_layout(a.at(3)));
  LAYOUTREF_TRY(impl::Int idx, impl::to_int(a.at(4)));
  return impl::local_partition(tile, thr, idx);
}

impl::Result<impl::TiledMma> tiled_mma(notation::Term const& atom, notation::Term const& layout, notation::Term const& perm);

/// make_tiled_mma(Atom, AtomLayout, PermTile).get_slice(thr).partition_X(local_tile(...)).
impl::Result<Tensor<CountingIterator>> identity_mma(impl::MmaOperand x, Args const& a) {
  LAYOUTREF_TRY(impl::TiledMma mma, tiled_mma(a.at(0), a.at(1), a.at(2)));
  LAYOUTREF_TRY(Tensor<CountingIterator> tile, identity_tile(a.at(3), a.at(4), a.at(5)));
  LAYOUTREF_TRY(impl::Int thr, impl::to_int(a.at(6)));
  return impl::partition(mma, x, tile, thr);
}

bool is_coordinate_tensor(notation::Term const& t) {
  return t.kind == notation::Kind::chain && t.children.size() == 2 && t.children[0].kind == notation::Kind::arith_tuple;
}

/// `ArithTuple(c) o L` as a coordinate tensor.
impl::Result<Tensor<CountingIterator>> to_tensor(notation::Term const& t) {
  if (!is_coordinate_tensor(t))
    return impl::fail(impl::Errc::bad_argument).add("expected a coordinate tensor ArithTuple(...) o L at line ").add(t.line).add(", column ").add(t.column);
  Tensor<CountingIterator> out;
  // `ArithTuple(x)` with one integer is the scalar origin x (as a rank-1 identity tensor prints).
  notation::Term const& c = t.children[0].children.at(0);
  bool scalar = c.kind == notation::Kind::tuple && c.children.size() == 1 && c.children[0].kind == notation::Kind::integer;
  LAYOUTREF_TRY(out.engine.coord, impl::to_int_tuple(scalar ? c.children[0] : c));
  LAYOUTREF_TRY(out.layout, impl::to_layout(t.children[1]));
  return out;
}

impl::Result<impl::TiledMma> tiled_mma(notation::Term const& atom, notation::Term const& layout, notation::Term const& perm) {
  if (atom.kind != notation::Kind::word) return impl::fail(impl::Errc::bad_argument).add("expected an MMA atom name");
  impl::TiledMma mma;
  LAYOUTREF_TRY(mma.atom, impl::mma_atom(atom.word));
  LAYOUTREF_TRY(mma.atom_layout, impl::to_layout(layout));
  if (perm.kind != notation::Kind::underscore) {
    if (perm.kind != notation::Kind::tuple || perm.children.size() != 3)
      return impl::fail(impl::Errc::bad_argument).add("a permutation tile is `_` or (M,N,K)");
    mma.permuted = true;
    for (int i = 0; i < 3; ++i) {
      LAYOUTREF_TRY(impl::Tiler ti, impl::to_tiling_tiler(perm.children[static_cast<size_t>(i)]));
      if (!ti.is_layout()) return impl::fail(impl::Errc::bad_argument).add("a permutation tile item is an integer or a layout");
      mma.permutation[i] = ti.layout();
    }
  }
  return mma;
}

/// An op whose first argument may be a coordinate tensor: the tensor version then, else `fallback`.
ConformFn on_tensor_or(ConformFn fallback, std::function<ImplResult(Tensor<CountingIterator> const&, Args const&)> f) {
  return [fallback, f](Args const& a) {
    if (a.empty() || !is_coordinate_tensor(a[0])) return fallback ? fallback(a) : refused(impl::fail(impl::Errc::bad_argument).add("expected a tensor"));
    auto t = to_tensor(a[0]);
    if (!t.ok()) return refused(t.error);
    return f(t.value, a);
  };
}

template <class F>
ImplResult with_tiler(Tensor<CountingIterator> const& t, notation::Term const& tiler, F const& f) {
  auto ti = impl::to_tiling_tiler(tiler);
  if (!ti.ok()) return refused(ti.error);
  return result_of(f(t, ti.value));
}

}  // namespace

void register_tensor_ops(OperationTable& r) {
  r.compute("identity_local_tile", [](Args const& a) { return result_of(identity_tile(a.at(0), a.at(1), a.at(2))); });
  r.compute("identity_local_partition", [](Args const& a) { return result_of(identity_partition(a)); });
  r.compute("identity_mma_partition_A", [](Args const& a) { return result_of(identity_mma(impl::MmaOperand::A, a)); });
  r.compute("identity_mma_partition_B", [](Args const& a) { return result_of(identity_mma(impl::MmaOperand::B, a)); });
  r.compute("identity_mma_partition_C", [](Args const& a) { return result_of(identity_mma(impl::MmaOperand::C, a)); });

  // The tensor operations of `eval`.
  r.compute("make_identity_tensor", [](Args const& a) {
    auto s = impl::to_shape(a.at(0));
    if (!s.ok()) return refused(s.error);
    return result_of(impl::make_identity_tensor(s.value));
  });
  // slice(L, coord) on a layout: CuTe's slice(coord, L), the kept modes.
  ConformFn slice_layout = [](Args const& a) {
    auto l = impl::to_layout(a.at(0));
    if (!l.ok()) return refused(l.error);
    auto c = impl::to_slice_coord(a.at(1));
    if (!c.ok()) return refused(c.error);
    auto s = impl::slice_and_offset(c.value, l.value);
    if (!s.ok()) return refused(s.error);
    ImplResult out;
    out.term = impl::to_term(s.value.layout);
    return out;
  };
  r.compute("slice", on_tensor_or(slice_layout, [](Tensor<CountingIterator> const& t, Args const& a) {
          auto c = impl::to_slice_coord(a.at(1));
          if (!c.ok()) return refused(c.error);
          return result_of(impl::slice(t, c.value));
        }));
  auto tiled = [](auto part) {
    return on_tensor_or(nullptr, [part](Tensor<CountingIterator> const& t, Args const& a) {
      auto c = impl::to_slice_coord(a.at(2));
      if (!c.ok()) return refused(c.error);
      return with_tiler(t, a.at(1), [&](Tensor<CountingIterator> const& x, impl::Tiler const& ti) { return part(x, ti, c.value); });
    });
  };
  r.compute("local_tile", tiled([](auto const& t, auto const& ti, auto const& c) { return impl::inner_partition(t, ti, c); }));
  r.compute("inner_partition", tiled([](auto const& t, auto const& ti, auto const& c) { return impl::inner_partition(t, ti, c); }));
  r.compute("outer_partition", tiled([](auto const& t, auto const& ti, auto const& c) { return impl::outer_partition(t, ti, c); }));
  r.compute("local_partition", on_tensor_or(nullptr, [](Tensor<CountingIterator> const& t, Args const& a) {
          auto thr = impl::to_layout(a.at(1));
          if (!thr.ok()) return refused(thr.error);
          auto idx = impl::to_int(a.at(2));
          if (!idx.ok()) return refused(idx.error);
          return result_of(impl::local_partition(t, thr.value, idx.value));
        }));
  for (auto [name, x] : {std::pair{"mma_partition_A", impl::MmaOperand::A}, std::pair{"mma_partition_B", impl::MmaOperand::B},
                         std::pair{"mma_partition_C", impl::MmaOperand::C}}) {
    impl::MmaOperand op = x;
    r.compute(name, [op](Args const& a) {
      auto mma = tiled_mma(a.at(0), a.at(1), a.at(2));
      if (!mma.ok()) return refused(mma.error);
      auto t = to_tensor(a.at(3));
      if (!t.ok()) return refused(t.error);
      auto idx = impl::to_int(a.at(4));
      if (!idx.ok()) return refused(idx.error);
      return result_of(impl::partition(mma.value, op, t.value, idx.value));
    });
  }
  // Ops that take a layout or, here, a tensor as first argument.
  auto previous = [&r](char const* name) { return r.computation(name); };
  r.compute("eval", on_tensor_or(previous("eval"), [](Tensor<CountingIterator> const& t, Args const& a) {
          auto i = impl::to_int(a.at(1));
          if (!i.ok()) return refused(i.error);
          auto n = impl::size(t.layout);  // the domain must fit in int64, as for a layout's eval
          if (!n.ok()) return refused(n.error);
          auto v = impl::element(t, i.value.value);
          if (!v.ok()) return refused(v.error);
          ImplResult out;
          out.term = impl::to_term(v.value);
          return out;
        }));
  r.compute("composition", on_tensor_or(previous("composition"), [](Tensor<CountingIterator> const& t, Args const& a) {
          auto ti = impl::to_tiler(a.at(1));
          if (!ti.ok()) return refused(ti.error);
          return result_of(impl::composition(t, ti.value));
        }));
  for (auto [name, how] : {std::pair{"logical_divide", impl::Arrangement::logical}, std::pair{"zipped_divide", impl::Arrangement::zipped},
                           std::pair{"tiled_divide", impl::Arrangement::tiled}, std::pair{"flat_divide", impl::Arrangement::flat}}) {
    impl::Arrangement arrangement = how;
    r.compute(name, on_tensor_or(previous(name), [arrangement](Tensor<CountingIterator> const& t, Args const& a) {
            return with_tiler(t, a.at(1), [&](Tensor<CountingIterator> const& x, impl::Tiler const& ti) { return impl::divide(arrangement, x, ti); });
          }));
  }
}

}  // namespace layoutref::equiv
