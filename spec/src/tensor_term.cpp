// layoutref::spec — reading a tensor in CuTe's notation (tensor.hpp: to_tensor).
#include <layoutref/spec/tensor.hpp>

#include <layoutref/spec/term.hpp>

namespace layoutref::spec {

// --- notation ----------------------------------------------------------------------------------------------

Tensor to_tensor(notation::Term const& t) {
  using notation::Kind;
  if (t.kind != Kind::chain || t.children.size() != 2)
    bad_argument("expected a tensor `<engine> o <layout>` at " + where(t));
  notation::Term const& it = t.children[0];
  Layout l = to_layout(t.children[1]);
  if (it.kind == Kind::arith_tuple) {
    if (it.children.size() != 1) bad_argument("expected ArithTuple(<coordinate>) at " + where(it));
    // `ArithTuple(x)` with one integer is the scalar origin x (how a rank-1 identity tensor's
    // origin prints), so that printing and reading a tensor round-trip.
    notation::Term const& c = it.children[0];
    bool scalar = c.kind == Kind::tuple && c.children.size() == 1 && c.children[0].kind == Kind::integer;
    return make_tensor(Engine::counting(to_int_tuple(scalar ? c.children[0] : c)), std::move(l));
  }
  if (it.kind == Kind::pointer) {
    std::string const& text = it.pointer.address;
    if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
      bad_argument("expected a hexadecimal address 0x... at " + where(it) + ", found " + text);
    i64 a = 0;
    for (size_t k = 2; k < text.size(); ++k) {
      char c = text[k];
      int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (digit < 0) bad_argument("expected a hexadecimal address at " + where(it) + ", found " + text);
      a = add(mul(a, 16), digit);
    }
    MemorySpace space = MemorySpace::generic;
    switch (it.pointer.tag) {
      case notation::MemoryTag::none: space = MemorySpace::generic; break;
      case notation::MemoryTag::gmem: space = MemorySpace::gmem; break;
      case notation::MemoryTag::smem: space = MemorySpace::smem; break;
      case notation::MemoryTag::rmem: space = MemorySpace::rmem; break;
    }
    return make_tensor(Engine::pointer(space, it.pointer.bits, a), std::move(l));
  }
  bad_argument("expected a pointer or ArithTuple(...) engine at " + where(it));
}

}  // namespace layoutref::spec
