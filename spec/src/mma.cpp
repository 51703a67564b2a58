#include <layoutref/spec/mma.hpp>

#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>
#include <stdexcept>

namespace layoutref::spec {

namespace {

notation::Term parsed(char const* text) {
  auto r = notation::parse(text);
  if (!r.ok) throw std::logic_error(std::string("mma.cpp: bad built-in notation ") + text + ": " + r.error.message());
  return r.term;
}

// The traits as coordinate_tensors.tsv prints them (cute/atom/mma_traits_sm80.hpp, mma_traits.hpp).
MmaAtom atom(char const* name, char const* mnk, char const* thr, char const* a, char const* b, char const* c) {
  return MmaAtom{name, to_int_tuple(parsed(mnk)), to_layout(parsed(thr)), to_layout(parsed(a)), to_layout(parsed(b)),
                 to_layout(parsed(c))};
}

std::vector<MmaAtom> const& atoms() {
  static std::vector<MmaAtom> const all = {
      atom("SM80_16x8x16_F16F16F16F16_TN", "(16,8,16)", "32:1", "((4,8),(2,2,2)):((32,1),(16,8,128))",
           "((4,8),(2,2)):((16,1),(8,64))", "((4,8),(2,2)):((32,1),(16,8))"),
      atom("SM80_16x8x8_F16F16F16F16_TN", "(16,8,8)", "32:1", "((4,8),(2,2)):((32,1),(16,8))", "((4,8),2):((16,1),8)",
           "((4,8),(2,2)):((32,1),(16,8))"),
      atom("SM80_8x8x4_F64F64F64F64_TN", "(8,8,4)", "32:1", "((4,8),1):((8,1),0)", "((4,8),1):((8,1),0)",
           "((4,8),2):((16,1),8)"),
      atom("UniversalFMA<float,float,float,float>", "(1,1,1)", "1:0", "(1,1):(0,0)", "(1,1):(0,0)", "(1,1):(0,0)"),
  };
  return all;
}

std::string without_blanks(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; }), s.end());
  return s;
}

// The MNK modes an operand uses: C (M,N), A (M,K), B (N,K).
std::pair<int, int> operand_modes(MmaOperand op) {
  switch (op) {
    case MmaOperand::A: return {0, 2};
    case MmaOperand::B: return {1, 2};
    case MmaOperand::C: return {0, 1};
  }
  return {0, 1};
}

Layout const& operand_layout(MmaAtom const& a, MmaOperand op) {
  switch (op) {
    case MmaOperand::A: return a.a_layout;
    case MmaOperand::B: return a.b_layout;
    case MmaOperand::C: return a.c_layout;
  }
  return a.c_layout;
}

Tiler column(i64 n) { return Tiler::shape(IntTuple(n)); }

}  // namespace

MmaAtom mma_atom(std::string const& name) {
  std::string key = without_blanks(name);
  for (auto const& a : atoms())
    if (without_blanks(a.name) == key) return a;
  std::string known;
  for (auto const& a : atoms()) known += (known.empty() ? "" : ", ") + a.name;
  bad_argument("unknown MMA atom `" + name + "`; the spec knows " + known);
}

std::vector<std::string> mma_atom_names() {
  std::vector<std::string> names;
  for (auto const& a : atoms()) names.push_back(a.name);
  return names;
}

TiledMma make_tiled_mma(MmaAtom atom, Layout atom_layout, Tiler permutation) {
  validate_shape(atom_layout.shape, "shape of the atom layout");
  if (rank(atom_layout) > 3) bad_argument("the atom layout " + str(atom_layout) + " has more than 3 modes (M,N,K)");
  if (permutation.kind == Tiler::Kind::underscore) permutation = Tiler::tuple({});
  if (permutation.kind != Tiler::Kind::tuple || permutation.rank() > 3)
    bad_argument("the permutation " + permutation.str() + " is not a tuple of at most 3 tilers (M,N,K)");
  while (permutation.rank() < 3) permutation.items.push_back(Tiler::underscore());
  return TiledMma{std::move(atom), pad(atom_layout, 3), std::move(permutation)};
}

Layout thr_layout_vmnk(TiledMma const& mma) { return tiled_product(mma.atom.thr_id, Tiler::of(mma.atom_layout)); }

Tiler permutation_mnk(TiledMma const& mma, int i) {
  if (i < 0 || i > 2) bad_argument("permutation_mnk<" + std::to_string(i) + ">: the modes are M, N, K");
  Tiler const& p = mma.permutation.items[static_cast<size_t>(i)];
  if (p.kind != Tiler::Kind::underscore) return p;
  return column(mul(size(mode(mma.atom.shape_mnk, i)), size(mode(thr_layout_vmnk(mma).shape, i + 1))));
}

Layout thrfrg(TiledMma const& mma, MmaOperand op, Layout const& l) {
  if (rank(l) < 2) bad_argument("an MMA partitions a layout of rank >= 2, not " + str(l));
  auto [i, j] = operand_modes(op);
  Layout vmnk = thr_layout_vmnk(mma);
  Layout t = logical_divide(l, Tiler::tuple({permutation_mnk(mma, i), permutation_mnk(mma, j)}));
  Layout c = zipped_divide(t, Tiler::tuple({column(size(mode(mma.atom.shape_mnk, i))),
                                            column(size(mode(mma.atom.shape_mnk, j)))}));
  Layout tv = composition(get(c, {0}), operand_layout(mma.atom, op));  // (ThrV, FrgV)
  Layout r = logical_divide(get(c, {1}), Tiler::tuple({column(size(mode(vmnk.shape, i + 1))),
                                                       column(size(mode(vmnk.shape, j + 1)))}));
  std::vector<Layout> rests = {get(r, {0, 1}), get(r, {1, 1})};
  for (int k = 2; k < rank(r); ++k) rests.push_back(get(r, {k}));
  Layout threads = make_layout({get(tv, {0}), make_layout({get(r, {0, 0}), get(r, {1, 0})})});
  Layout values = make_layout({get(tv, {1}), make_layout(rests)});
  return make_layout({threads, values});
}

Tensor partition(TiledMma const& mma, MmaOperand op, i64 thr_idx, Tensor const& t) {
  auto [i, j] = operand_modes(op);
  IntTuple vmnk = get_flat_coord(thr_layout_vmnk(mma), thr_idx);  // (v, m, n, k)
  auto fixed = [&](int m) { return SliceCoord(SliceLeaf{false, mode(vmnk, m).value}); };
  auto keep = [] { return SliceCoord(SliceLeaf{true, 0}); };
  Layout thr = thrfrg(mma, op, t.layout);
  std::vector<SliceCoord> rest(static_cast<size_t>(rank(get(thr, {1, 1}))), keep());
  SliceCoord coord = SliceCoord::tuple({SliceCoord::tuple({fixed(0), SliceCoord::tuple({fixed(i + 1), fixed(j + 1)})}),
                                        SliceCoord::tuple({keep(), SliceCoord::tuple(std::move(rest))})});
  return slice(coord, Tensor{t.engine, std::move(thr)});
}

Judgement check_identity_mma_partition(MmaOperand op, TiledMma const& mma, IntTuple const& p, Tiler const& tiler,
                                       SliceCoord const& coord, i64 thr_idx, TensorClaim const& claimed) {
  return judge_identity_partition(
      [&] { return partition(mma, op, thr_idx, local_tile(make_identity_tensor(p), tiler, coord)); }, p, claimed);
}

}  // namespace layoutref::spec
