// layoutref cli — conform: the coordinate-tensor operations of coordinate_tensors.tsv
// (identity_local_tile, identity_local_partition, identity_mma_partition_{A,B,C}; the file's
// header defines them), computed with impl's tensors.
#include "conform.hpp"

#include <layoutref/impl/tensor_term.hpp>

namespace layoutref::cli {

namespace {

using Args = std::vector<notation::Term>;
using impl::CountingIterator;
using impl::Tensor;

ImplResult error(impl::Error const& e) {
  ImplResult out;
  out.error = e;
  return out;
}

ImplResult tensor_result(impl::Result<Tensor<CountingIterator>> const& r) {
  if (!r.ok()) return error(r.error);
  ImplResult out;
  out.term = impl::to_term(r.value);
  return out;
}

/// local_tile(make_identity_tensor(P), T, C).
impl::Result<Tensor<CountingIterator>> identity_tile(notation::Term const& p, notation::Term const& t, notation::Term const& c) {
  LAYOUTREF_TRY(impl::IntTuple shape, impl::to_int_tuple(p));
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

/// make_tiled_mma(Atom, AtomLayout, PermTile).get_slice(thr).partition_X(local_tile(...)).
impl::Result<Tensor<CountingIterator>> identity_mma(impl::MmaOperand x, Args const& a) {
  if (a.at(0).kind != notation::Kind::word) return impl::fail(impl::Errc::bad_argument).add("expected an MMA atom name");
  impl::TiledMma mma;
  LAYOUTREF_TRY(mma.atom, impl::mma_atom(a.at(0).word));
  LAYOUTREF_TRY(mma.atom_layout, impl::to_layout(a.at(1)));
  notation::Term const& perm = a.at(2);
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
  LAYOUTREF_TRY(Tensor<CountingIterator> tile, identity_tile(a.at(3), a.at(4), a.at(5)));
  LAYOUTREF_TRY(impl::Int thr, impl::to_int(a.at(6)));
  return impl::partition(mma, x, tile, thr);
}

}  // namespace

void register_tensor_ops(ConformRegistry& r) {
  r.add("identity_local_tile", [](Args const& a) { return tensor_result(identity_tile(a.at(0), a.at(1), a.at(2))); });
  r.add("identity_local_partition", [](Args const& a) { return tensor_result(identity_partition(a)); });
  r.add("identity_mma_partition_A", [](Args const& a) { return tensor_result(identity_mma(impl::MmaOperand::A, a)); });
  r.add("identity_mma_partition_B", [](Args const& a) { return tensor_result(identity_mma(impl::MmaOperand::B, a)); });
  r.add("identity_mma_partition_C", [](Args const& a) { return tensor_result(identity_mma(impl::MmaOperand::C, a)); });
}

}  // namespace layoutref::cli
