#include <layoutref/impl/tensor_term.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>

#include <cstdio>
#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

using notation::Kind;
using notation::Term;

Result<SliceCoord> to_slice_coord(Term const& t) {
  if (t.kind == Kind::underscore) return SliceCoord::of(SliceLeaf::keep());
  if (t.kind == Kind::integer) return SliceCoord::of(SliceLeaf::at(Int{t.integer.value, t.integer.is_static}));
  if (t.kind != Kind::tuple || t.angle)
    return fail(Errc::bad_argument).add("expected a coordinate (integers and `_`) at line ").add(t.line).add(", column ").add(t.column);
  TupleBuilder<SliceLeaf> b;
  for (auto const& c : t.children) {
    LAYOUTREF_TRY(SliceCoord item, to_slice_coord(c));
    b.push(item);
  }
  return b.done();
}

Term to_term(Tensor<CountingIterator> const& t) {
  return Term::make_chain({Term::make_arith_tuple(to_term(t.engine.coord)), to_term(t.layout)});
}

std::string str(Tensor<CountingIterator> const& t) { return notation::print(to_term(t)); }

Term pointer_tensor_term(MemorySpace space, int bits, std::uintptr_t address, Layout const& l) {
  notation::Pointer p;
  p.tag = space == MemorySpace::gmem   ? notation::MemoryTag::gmem
          : space == MemorySpace::smem ? notation::MemoryTag::smem
          : space == MemorySpace::rmem ? notation::MemoryTag::rmem
                                       : notation::MemoryTag::none;
  p.bits = bits;
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(address));
  p.address = buf;
  return Term::make_chain({Term::make_pointer(p), to_term(l)});
}

namespace {

struct AtomText {
  char const* name;
  int m, n, k;
  char const* thr_id;
  char const* a;
  char const* b;
  char const* c;
};

// The traits as CuTe prints them (Shape_MNK, ThrID, ALayout, BLayout, CLayout of
// cute/atom/mma_traits_sm80.hpp and, for UniversalFMA, cute/atom/mma_traits.hpp).
constexpr AtomText kAtoms[] = {
    {"SM80_16x8x16_F16F16F16F16_TN", 16, 8, 16, "_32:_1", "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))",
     "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"},
    {"SM80_16x8x8_F16F16F16F16_TN", 16, 8, 8, "_32:_1", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "((_4,_8),_2):((_16,_1),_8)",
     "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"},
    {"SM80_8x8x4_F64F64F64F64_TN", 8, 8, 4, "_32:_1", "((_4,_8),_1):((_8,_1),_0)", "((_4,_8),_1):((_8,_1),_0)",
     "((_4,_8),_2):((_16,_1),_8)"},
    {"UniversalFMA<float,float,float,float>", 1, 1, 1, "_1:_0", "(_1,_1):(_0,_0)", "(_1,_1):(_0,_0)", "(_1,_1):(_0,_0)"},
};

Result<Layout> parse_layout(char const* text) {
  auto p = notation::parse(text);
  if (!p.ok) return fail(Errc::bad_argument).add("unreadable atom layout ").add(text);
  return to_layout(p.term);
}

}  // namespace

Result<MmaAtom> mma_atom(std::string_view name) {
  for (auto const& a : kAtoms) {
    if (name != a.name) continue;
    MmaAtom atom;
    atom.shape_mnk[0] = Int::fixed(a.m);
    atom.shape_mnk[1] = Int::fixed(a.n);
    atom.shape_mnk[2] = Int::fixed(a.k);
    LAYOUTREF_TRY(atom.thr_id, parse_layout(a.thr_id));
    LAYOUTREF_TRY(atom.a_layout, parse_layout(a.a));
    LAYOUTREF_TRY(atom.b_layout, parse_layout(a.b));
    LAYOUTREF_TRY(atom.c_layout, parse_layout(a.c));
    return atom;
  }
  return fail(Errc::bad_argument).add("unknown MMA atom ").add(intern(name.substr(0, 64)));
}

}  // namespace layoutref::impl
