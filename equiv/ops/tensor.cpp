// layoutref equiv — the tensor operations, each row with all its faces (operations.hpp): those of
// `eval` on coordinate tensors `ArithTuple(...) o L`: make_identity_tensor(shape), slice(T, coord)
// (and slice(L, coord) of a layout), local_tile / inner_partition(T, tiler, coord),
// outer_partition(T, tiler, coord), local_partition(T, thr_layout, idx),
// mma_partition_{A,B,C}(atom, atom_layout, perm, T, idx); and the coordinate-tensor operations of
// coordinate_tensors.tsv (identity_local_tile, identity_local_partition,
// identity_mma_partition_{A,B,C}; the file's header defines them). eval, composition and the
// divides of a tensor are in their own families' files.
#include "support.hpp"

#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/reference.hpp>
#include <layoutref/spec/tensor.hpp>
#include <layoutref/spec/term.hpp>

#include <string>

namespace layoutref::equiv {

using namespace ops;

namespace {

// ---- The spec's side.

sp::TensorClaim tensor_claim(Term const& t) {
  sp::TensorClaim c;
  if (is_error(t))
    c.error = true;
  else
    c.tensor = sp::to_tensor(t);
  return c;
}

/// make_tiled_mma(Atom, AtomLayout, PermTile) of the first three arguments, for the spec.
sp::TiledMma spec_tiled_mma(Args const& a) {
  if (a[0].kind != Kind::word) sp::bad_argument("expected an MMA atom name at " + sp::where(a[0]));
  return sp::make_tiled_mma(sp::mma_atom(a[0].word), sp::to_layout(a[1]), sp::to_tiler(a[2]));
}

/// local_tile(make_identity_tensor(P), T, C), for the spec.
sp::Tensor spec_identity_tile(Term const& p, Term const& t, Term const& c) {
  return sp::local_tile(sp::make_identity_tensor(sp::to_shape(p)), sp::to_tiler(t), sp::to_slice_coord(c));
}

// identity_mma_partition_X  Atom  AtomLayout  PermTile  P  T  C  thr_idx, judged.
sp::Judgement mma_op(sp::MmaOperand op, Args const& a, Term const& r) {
  sp::TiledMma mma = spec_tiled_mma(a);
  return sp::check_identity_mma_partition(op, mma, sp::to_shape(a[3]), sp::to_tiler(a[4]),
                                          sp::to_slice_coord(a[5]), sp::to_integer(a[6]), tensor_claim(r));
}

// The tensor ops of `layoutref eval`, judged by the spec's definitions.
sp::Judgement tensor_op(Term const& r, std::function<sp::Tensor()> const& build) { return sp::judge_tensor(build, tensor_claim(r)); }

sp::Tiler tiler_of(Term const& t) { return sp::to_tiler(t); }

// mma_partition_X  Atom  AtomLayout  PermTile  T  thr_idx, judged.
sp::Judgement mma_tensor_op(sp::MmaOperand op, Args const& a, Term const& r) {
  if (a[0].kind != Kind::word) sp::bad_argument("expected an MMA atom name at " + sp::where(a[0]));
  return tensor_op(r, [&] {
    sp::TiledMma mma = sp::make_tiled_mma(sp::mma_atom(a[0].word), sp::to_layout(a[1]), sp::to_tiler(a[2]));
    return sp::partition(mma, op, sp::to_integer(a[4]), sp::to_tensor(a[3]));
  });
}

// ---- impl's side.

/// local_tile(make_identity_tensor(P), T, C).
impl::Result<CountingTensor> identity_tile(Term const& p, Term const& t, Term const& c) {
  LAYOUTREF_TRY(impl::IntTuple shape, impl::to_shape(p));
  LAYOUTREF_TRY(impl::Tiler tiler, impl::to_tiling_tiler(t));
  LAYOUTREF_TRY(impl::SliceCoord coord, impl::to_slice_coord(c));
  LAYOUTREF_TRY(CountingTensor id, impl::make_identity_tensor(shape));
  return impl::local_tile(id, tiler, coord);
}

impl::Result<CountingTensor> identity_partition(Args const& a) {
  LAYOUTREF_TRY(CountingTensor tile, identity_tile(a.at(0), a.at(1), a.at(2)));
  LAYOUTREF_TRY(impl::Layout thr, impl::to_layout(a.at(3)));
  LAYOUTREF_TRY(impl::Int idx, impl::to_int(a.at(4)));
  return impl::local_partition(tile, thr, idx);
}

impl::Result<impl::TiledMma> tiled_mma(Term const& atom, Term const& layout, Term const& perm) {
  if (atom.kind != Kind::word) return impl::fail(impl::Errc::bad_argument).add("expected an MMA atom name");
  impl::TiledMma mma;
  LAYOUTREF_TRY(mma.atom, impl::mma_atom(atom.word));
  LAYOUTREF_TRY(mma.atom_layout, impl::to_layout(layout));
  if (perm.kind != Kind::underscore) {
    if (perm.kind != Kind::tuple || perm.children.size() != 3)
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

/// make_tiled_mma(Atom, AtomLayout, PermTile).get_slice(thr).partition_X(local_tile(...)).
impl::Result<CountingTensor> identity_mma(impl::MmaOperand x, Args const& a) {
  LAYOUTREF_TRY(impl::TiledMma mma, tiled_mma(a.at(0), a.at(1), a.at(2)));
  LAYOUTREF_TRY(CountingTensor tile, identity_tile(a.at(3), a.at(4), a.at(5)));
  LAYOUTREF_TRY(impl::Int thr, impl::to_int(a.at(6)));
  return impl::partition(mma, x, tile, thr);
}

// local_tile, inner_partition, outer_partition (T, tiler, coord) of a coordinate tensor.
template <class Part>
ConformFn tiled(Part part) {
  return on_tensor_or(nullptr, [part](CountingTensor const& x, Args const& a) {
    auto c = impl::to_slice_coord(a.at(2));
    if (!c.ok()) return refused(c.error);
    return with_tiler(x, a.at(1), [&](CountingTensor const& y, impl::Tiler const& ti) { return part(y, ti, c.value); });
  });
}

struct Operand {
  char const* name;
  sp::MmaOperand spec_operand;
  impl::MmaOperand impl_operand;
};

}  // namespace

void register_tensor(OperationTable& t) {
  using K = ArgKind;
  using R = Returns;

  // The tensor operations of `eval`.
  t.add({
      .usage = "make_identity_tensor(S)", .args = {K::shape}, .min_args = 1, .returns = R::tensor,
      .judge = [](Args const& a, Term const& r) {
        return tensor_op(r, [&] { return sp::make_identity_tensor(sp::to_shape(a[0])); });
      },
      .compute = [](Args const& a) {
        auto s = impl::to_shape(a.at(0));
        if (!s.ok()) return refused(s.error);
        return result_of(impl::make_identity_tensor(s.value));
      },
      .spec_result = [](Args const& a) { return term_of(sp::make_identity_tensor(sp::to_shape(a[0]))); },
  });

  t.add({
      .usage = "slice(T or L, c)", .args = {K::layout_or_tensor, K::coordinate}, .min_args = 2, .returns = R::tensor,
      .judge = [](Args const& a, Term const& r) {
        if (!is_tensor(a[0])) {  // slice(L, coord): the kept modes of a layout
          sp::Layout kept = sp::slice(sp::to_slice_coord(a[1]), sp::to_layout(a[0])).layout;
          if (is_error(r)) return sp::Judgement::wrong("refused an admissible input");
          return sp::judge(sp::layout_reference(kept), sp::to_layout(r));
        }
        return tensor_op(r, [&] { return sp::slice(sp::to_slice_coord(a[1]), sp::to_tensor(a[0])); });
      },
      // A coordinate tensor, else slice(L, coord) on a layout: CuTe's slice(coord, L), the kept modes.
      .compute = on_tensor_or(
          [](Args const& a) {
            auto l = impl::to_layout(a.at(0));
            if (!l.ok()) return refused(l.error);
            auto c = impl::to_slice_coord(a.at(1));
            if (!c.ok()) return refused(c.error);
            auto s = impl::slice_and_offset(c.value, l.value);
            if (!s.ok()) return refused(s.error);
            ImplResult out;
            out.term = impl::to_term(s.value.layout);
            return out;
          },
          [](CountingTensor const& x, Args const& a) {
            auto c = impl::to_slice_coord(a.at(1));
            if (!c.ok()) return refused(c.error);
            return result_of(impl::slice(x, c.value));
          }),
      .spec_result = [](Args const& a) {
        if (!is_tensor(a[0])) return sp::to_term(sp::slice(sp::to_slice_coord(a[1]), sp::to_layout(a[0])).layout);
        return term_of(sp::slice(sp::to_slice_coord(a[1]), sp::to_tensor(a[0])));
      },
  });

  t.add({
      .usage = "local_tile(T, tiler, c)", .args = {K::tensor, K::tiler, K::coordinate}, .min_args = 3, .returns = R::tensor,
      .judge = [](Args const& a, Term const& r) {
        return tensor_op(r, [&] { return sp::local_tile(sp::to_tensor(a[0]), tiler_of(a[1]), sp::to_slice_coord(a[2])); });
      },
      .compute = tiled([](auto const& x, auto const& ti, auto const& c) { return impl::inner_partition(x, ti, c); }),
      .spec_result = [](Args const& a) {
        return term_of(sp::local_tile(sp::to_tensor(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2])));
      },
  });

  t.add({
      .usage = "inner_partition(T, tiler, c)", .args = {K::tensor, K::tiler, K::coordinate}, .min_args = 3, .returns = R::tensor,
      .judge = [](Args const& a, Term const& r) {
        return tensor_op(r, [&] { return sp::inner_partition(sp::to_tensor(a[0]), tiler_of(a[1]), sp::to_slice_coord(a[2])); });
      },
      .compute = tiled([](auto const& x, auto const& ti, auto const& c) { return impl::inner_partition(x, ti, c); }),
      .spec_result = [](Args const& a) {
        return term_of(sp::inner_partition(sp::to_tensor(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2])));
      },
  });

  t.add({
      .usage = "outer_partition(T, tiler, c)", .args = {K::tensor, K::tiler, K::coordinate}, .min_args = 3, .returns = R::tensor,
      .judge = [](Args const& a, Term const& r) {
        return tensor_op(r, [&] { return sp::outer_partition(sp::to_tensor(a[0]), tiler_of(a[1]), sp::to_slice_coord(a[2])); });
      },
      .compute = tiled([](auto const& x, auto const& ti, auto const& c) { return impl::outer_partition(x, ti, c); }),
      .spec_result = [](Args const& a) {
        return term_of(sp::outer_partition(sp::to_tensor(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2])));
      },
  });

  t.add({
      .usage = "local_partition(T, thr_layout, idx)", .args = {K::tensor, K::layout, K::integer}, .min_args = 3,
      .returns = R::tensor,
      .judge = [](Args const& a, Term const& r) {
        return tensor_op(r, [&] { return sp::local_partition(sp::to_tensor(a[0]), sp::to_layout(a[1]), sp::to_integer(a[2])); });
      },
      .compute = on_tensor_or(nullptr,
                              [](CountingTensor const& x, Args const& a) {
                                auto thr = impl::to_layout(a.at(1));
                                if (!thr.ok()) return refused(thr.error);
                                auto idx = impl::to_int(a.at(2));
                                if (!idx.ok()) return refused(idx.error);
                                return result_of(impl::local_partition(x, thr.value, idx.value));
                              }),
      .spec_result = [](Args const& a) {
        return term_of(sp::local_partition(sp::to_tensor(a[0]), sp::to_layout(a[1]), sp::to_integer(a[2])));
      },
  });

  // The coordinate-tensor operations of coordinate_tensors.tsv.
  t.add({
      .usage = "identity_local_tile(S, tiler, c)", .args = {K::shape, K::tiler, K::coordinate}, .min_args = 3,
      .returns = R::tensor,
      .judge = [](Args const& a, Term const& r) {
        return sp::check_identity_local_tile(sp::to_shape(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2]),
                                             tensor_claim(r));
      },
      .compute = [](Args const& a) { return result_of(identity_tile(a.at(0), a.at(1), a.at(2))); },
      .spec_result = [](Args const& a) { return term_of(spec_identity_tile(a[0], a[1], a[2])); },
  });

  t.add({
      .usage = "identity_local_partition(S, tiler, c, thr_layout, idx)",
      .args = {K::shape, K::tiler, K::coordinate, K::layout, K::integer}, .min_args = 5, .returns = R::tensor,
      .judge = [](Args const& a, Term const& r) {
        return sp::check_identity_local_partition(sp::to_shape(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2]),
                                                  sp::to_layout(a[3]), sp::to_integer(a[4]), tensor_claim(r));
      },
      .compute = [](Args const& a) { return result_of(identity_partition(a)); },
      .spec_result = [](Args const& a) {
        return term_of(sp::local_partition(spec_identity_tile(a[0], a[1], a[2]), sp::to_layout(a[3]), sp::to_integer(a[4])));
      },
  });

  // The tiled MMA's partitions, of a tensor and of an identity tensor's tile.
  for (Operand const& x : {Operand{"A", sp::MmaOperand::A, impl::MmaOperand::A}, Operand{"B", sp::MmaOperand::B, impl::MmaOperand::B},
                           Operand{"C", sp::MmaOperand::C, impl::MmaOperand::C}}) {
    sp::MmaOperand op = x.spec_operand;
    impl::MmaOperand iop = x.impl_operand;
    t.add({
        .usage = std::string("mma_partition_") + x.name + "(atom, atom_layout, perm, T, idx)",
        .args = {K::mma_atom, K::layout, K::tiler, K::tensor, K::integer}, .min_args = 5, .returns = R::tensor,
        .judge = [op](Args const& a, Term const& r) { return mma_tensor_op(op, a, r); },
        .compute = [iop](Args const& a) {
          auto mma = tiled_mma(a.at(0), a.at(1), a.at(2));
          if (!mma.ok()) return refused(mma.error);
          auto ten = to_tensor(a.at(3));
          if (!ten.ok()) return refused(ten.error);
          auto idx = impl::to_int(a.at(4));
          if (!idx.ok()) return refused(idx.error);
          return result_of(impl::partition(mma.value, iop, ten.value, idx.value));
        },
        .spec_result = [op](Args const& a) {
          return term_of(sp::partition(spec_tiled_mma(a), op, sp::to_integer(a[4]), sp::to_tensor(a[3])));
        },
    });
    t.add({
        .usage = std::string("identity_mma_partition_") + x.name + "(atom, atom_layout, perm, S, tiler, c, thr)",
        .args = {K::mma_atom, K::layout, K::tiler, K::shape, K::tiler, K::coordinate, K::integer}, .min_args = 7,
        .returns = R::tensor,
        .judge = [op](Args const& a, Term const& r) { return mma_op(op, a, r); },
        .compute = [iop](Args const& a) { return result_of(identity_mma(iop, a)); },
        .spec_result = [op](Args const& a) {
          return term_of(sp::partition(spec_tiled_mma(a), op, sp::to_integer(a[6]), spec_identity_tile(a[3], a[4], a[5])));
        },
    });
  }
}

}  // namespace layoutref::equiv
