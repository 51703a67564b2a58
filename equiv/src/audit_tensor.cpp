#include <layoutref/equiv/operations.hpp>

#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/reference.hpp>
#include <layoutref/spec/tensor.hpp>
#include <layoutref/spec/term.hpp>

namespace layoutref::equiv {

namespace {

using notation::Kind;
using notation::Term;
namespace sp = layoutref::spec;

sp::TensorClaim tensor_claim(Term const& t) {
  sp::TensorClaim c;
  if (t.kind == Kind::word && t.word == "error")
    c.error = true;
  else
    c.tensor = sp::to_tensor(t);
  return c;
}

// identity_mma_partition_X  Atom  AtomLayout  PermTile  P  T  C  thr_idx
sp::Judgement mma_op(sp::MmaOperand op, Args const& a, Term const& r) {
  if (a[0].kind != Kind::word) sp::bad_argument("expected an MMA atom name at " + sp::where(a[0]));
  sp::TiledMma mma = sp::make_tiled_mma(sp::mma_atom(a[0].word), sp::to_layout(a[1]), sp::to_tiler(a[2]));
  return sp::check_identity_mma_partition(op, mma, sp::to_shape(a[3]), sp::to_tiler(a[4]),
                                          sp::to_slice_coord(a[5]), sp::to_integer(a[6]), tensor_claim(r));
}

bool is_tensor(Term const& t) { return t.kind == Kind::chain && t.children.size() == 2 && t.children[0].kind != Kind::swizzle; }

// The tensor ops of `layoutref eval` (conform_tensor.cpp), judged by the spec's definitions.
sp::Judgement tensor_op(Term const& r, std::function<sp::Tensor()> const& build) { return sp::judge_tensor(build, tensor_claim(r)); }

sp::Tiler tiler_of(Term const& t) { return sp::to_tiler(t); }

// mma_partition_X  Atom  AtomLayout  PermTile  T  thr_idx
sp::Judgement mma_tensor_op(sp::MmaOperand op, Args const& a, Term const& r) {
  if (a[0].kind != Kind::word) sp::bad_argument("expected an MMA atom name at " + sp::where(a[0]));
  return tensor_op(r, [&] {
    sp::TiledMma mma = sp::make_tiled_mma(sp::mma_atom(a[0].word), sp::to_layout(a[1]), sp::to_tiler(a[2]));
    return sp::partition(mma, op, sp::to_integer(a[4]), sp::to_tensor(a[3]));
  });
}

}  // namespace

void register_tensor_judges(OperationTable& t) {
  std::initializer_list<std::pair<char const*, Judge>> const judges = {
      {"identity_local_tile", [](Args const& a, Term const& r) {
         return sp::check_identity_local_tile(sp::to_shape(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2]),
                                              tensor_claim(r));
       }},
      {"identity_local_partition", [](Args const& a, Term const& r) {
         return sp::check_identity_local_partition(sp::to_shape(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2]),
                                                   sp::to_layout(a[3]), sp::to_integer(a[4]), tensor_claim(r));
       }},
      {"identity_mma_partition_A", [](Args const& a, Term const& r) { return mma_op(sp::MmaOperand::A, a, r); }},
      {"identity_mma_partition_B", [](Args const& a, Term const& r) { return mma_op(sp::MmaOperand::B, a, r); }},
      {"identity_mma_partition_C", [](Args const& a, Term const& r) { return mma_op(sp::MmaOperand::C, a, r); }},
      {"make_identity_tensor", [](Args const& a, Term const& r) {
         return tensor_op(r, [&] { return sp::make_identity_tensor(sp::to_shape(a[0])); });
       }},
      {"slice", [](Args const& a, Term const& r) {
         if (!is_tensor(a[0])) {  // slice(L, coord): the kept modes of a layout
           sp::Layout kept = sp::slice(sp::to_slice_coord(a[1]), sp::to_layout(a[0])).layout;
           if (r.kind == Kind::word && r.word == "error") return sp::Judgement::wrong("refused an admissible input");
           return sp::judge(sp::layout_reference(kept), sp::to_layout(r));
         }
         return tensor_op(r, [&] { return sp::slice(sp::to_slice_coord(a[1]), sp::to_tensor(a[0])); });
       }},
      {"local_tile", [](Args const& a, Term const& r) {
         return tensor_op(r, [&] { return sp::local_tile(sp::to_tensor(a[0]), tiler_of(a[1]), sp::to_slice_coord(a[2])); });
       }},
      {"inner_partition", [](Args const& a, Term const& r) {
         return tensor_op(r, [&] { return sp::inner_partition(sp::to_tensor(a[0]), tiler_of(a[1]), sp::to_slice_coord(a[2])); });
       }},
      {"outer_partition", [](Args const& a, Term const& r) {
         return tensor_op(r, [&] { return sp::outer_partition(sp::to_tensor(a[0]), tiler_of(a[1]), sp::to_slice_coord(a[2])); });
       }},
      {"local_partition", [](Args const& a, Term const& r) {
         return tensor_op(r, [&] { return sp::local_partition(sp::to_tensor(a[0]), sp::to_layout(a[1]), sp::to_integer(a[2])); });
       }},
      {"mma_partition_A", [](Args const& a, Term const& r) { return mma_tensor_op(sp::MmaOperand::A, a, r); }},
      {"mma_partition_B", [](Args const& a, Term const& r) { return mma_tensor_op(sp::MmaOperand::B, a, r); }},
      {"mma_partition_C", [](Args const& a, Term const& r) { return mma_tensor_op(sp::MmaOperand::C, a, r); }},
  };
  for (auto const& [name, fn] : judges) t.judge(name, fn);
}

}  // namespace layoutref::equiv
