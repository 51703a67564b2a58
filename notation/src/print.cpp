// layoutref::notation — writing CuTe's printed notation.
#include <layoutref/notation/print.hpp>

#include <string_view>

namespace layoutref::notation {

namespace {

void append(std::string& out, Term const& t);

/// Appends the children of `t` separated by `sep`.
void append_joined(std::string& out, std::vector<Term> const& items, std::string_view sep) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i != 0) out += sep;
    append(out, items[i]);
  }
}

void append_basis(std::string& out, Basis const& b) {
  out += print(b.scale);
  for (int m : b.modes) {
    out += '@';
    out += std::to_string(m);
  }
}

void append_tuple(std::string& out, Term const& t) {
  out += t.angle ? '<' : '(';
  append_joined(out, t.children, t.angle ? ", " : ",");
  out += t.angle ? '>' : ')';
}

void append_swizzle(std::string& out, Term const& t) {
  out += "Sw<";
  out += std::to_string(t.swizzle_b);
  out += ',';
  out += std::to_string(t.swizzle_m);
  out += ',';
  out += std::to_string(t.swizzle_s);
  out += '>';
}

/// `ArithTuple(a,b)`: a parenthesised coordinate tuple supplies the parentheses; any other
/// child is wrapped in them.
void append_arith_tuple(std::string& out, Term const& t) {
  out += "ArithTuple";
  if (t.children.size() == 1 && t.children[0].kind == Kind::tuple && !t.children[0].angle) {
    append_tuple(out, t.children[0]);
    return;
  }
  out += '(';
  append_joined(out, t.children, ",");
  out += ')';
}

std::string_view pointer_prefix(MemoryTag tag) {
  switch (tag) {
    case MemoryTag::gmem: return "gmem_ptr";
    case MemoryTag::smem: return "smem_ptr";
    case MemoryTag::rmem: return "rmem_ptr";
    case MemoryTag::none: break;
  }
  return "ptr";
}

void append_pointer(std::string& out, Pointer const& p) {
  out += pointer_prefix(p.tag);
  out += '[';
  out += std::to_string(p.bits);
  out += "b](";
  out += p.address;
  out += ')';
}

/// Writes any term; children counts that the parser would never produce (a layout with three
/// children, an empty chain) are written joined by the kind's separator rather than rejected.
void append(std::string& out, Term const& t) {
  switch (t.kind) {
    case Kind::integer: out += print(t.integer); return;
    case Kind::basis: append_basis(out, t.basis); return;
    case Kind::basis_sum: append_joined(out, t.children, "+"); return;
    case Kind::underscore: out += '_'; return;
    case Kind::tuple: append_tuple(out, t); return;
    case Kind::layout: append_joined(out, t.children, ":"); return;
    case Kind::swizzle: append_swizzle(out, t); return;
    case Kind::chain: append_joined(out, t.children, " o "); return;
    case Kind::arith_tuple: append_arith_tuple(out, t); return;
    case Kind::pointer: append_pointer(out, t.pointer); return;
    case Kind::word: out += t.word; return;
  }
}

}  // namespace

std::string print(Integer const& i) {
  std::string s = i.is_static ? "_" : "";
  s += std::to_string(i.value);
  return s;
}

std::string print(Term const& t) {
  std::string out;
  append(out, t);
  return out;
}

}  // namespace layoutref::notation
