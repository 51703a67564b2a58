// layoutref equiv — the spec's result of every row, as a term (operations.hpp: Operation::spec_result).
//
// `eval --spec` prints it and `draw` pictures it, so that a picture's every cell is the spec's
// value, never impl's. The operations are the spec's own (spec/<op>.hpp), read from the arguments
// as the judges read them (audit*.cpp); a row with a reference layout (reference.cpp) and no
// other form uses it. tests/cli/operations_test.cpp checks that every row has one and that the
// row's judge finds it correct on the conformance vectors.
#include <layoutref/equiv/operations.hpp>

#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/max_alignment.hpp>
#include <layoutref/spec/max_common.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/modes.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/tensor.hpp>
#include <layoutref/spec/term.hpp>

#include <string>
#include <vector>

namespace layoutref::equiv {

namespace {

using notation::Kind;
using notation::Term;
namespace sp = layoutref::spec;

bool is_composed(Term const& t) { return t.kind == Kind::chain && t.children.size() == 3 && t.children[0].kind == Kind::swizzle; }
bool is_tensor(Term const& t) { return t.kind == Kind::chain && t.children.size() == 2 && t.children[0].kind != Kind::swizzle; }

sp::ComposedLayout composed(Term const& t) {
  sp::ComposedLayout c;
  c.outer = sp::Swizzle{t.children[0].swizzle_b, t.children[0].swizzle_m, t.children[0].swizzle_s};
  c.outer.validate();
  c.offset = sp::to_integer(t.children[1]);
  c.inner = sp::to_layout(t.children[2]);
  return c;
}

Term integer(sp::i64 v) { return Term::make_integer(v, false); }

Term term_of(sp::ComposedLayout const& c) {
  return Term::make_chain({Term::make_swizzle(c.outer.b, c.outer.m, c.outer.s), integer(c.offset), sp::to_term(c.inner)});
}

/// A tensor as CuTe prints it: a counting engine `ArithTuple(origin)` (an integral origin as a
/// one-entry tuple, as the reader takes it) or a pointer, then the layout.
Term term_of(sp::Tensor const& t) {
  Term layout = sp::to_term(t.layout);
  if (t.engine.kind == sp::Engine::Kind::counting) {
    Term origin = sp::to_term(t.engine.origin);
    if (origin.kind != Kind::tuple) origin = Term::make_tuple({origin});
    return Term::make_chain({Term::make_arith_tuple(origin), layout});
  }
  // A pointer (or an owning array, printed as its pointer): the printed engine read back.
  auto p = notation::parse(sp::str(t.engine));
  if (!p.ok) sp::bad_argument("cannot print the engine " + sp::str(t.engine));
  return Term::make_chain({p.term, layout});
}

int index_arg(Term const& t) {
  sp::i64 v = sp::to_integer(t);
  if (v < -1000000 || v > 1000000) sp::bad_argument("a mode index out of range at " + sp::where(t));
  return static_cast<int>(v);
}

sp::TiledMma tiled_mma(Args const& a) {
  if (a[0].kind != Kind::word) sp::bad_argument("expected an MMA atom name at " + sp::where(a[0]));
  return sp::make_tiled_mma(sp::mma_atom(a[0].word), sp::to_layout(a[1]), sp::to_tiler(a[2]));
}

sp::Tensor identity_tile(Term const& p, Term const& t, Term const& c) {
  return sp::local_tile(sp::make_identity_tensor(sp::to_shape(p)), sp::to_tiler(t), sp::to_slice_coord(c));
}

}  // namespace

void register_spec_results(OperationTable& t) {
  std::initializer_list<std::pair<char const*, SpecResult>> const results = {
      // Queries.
      {"size", [](Args const& a) { return integer(is_composed(a[0]) ? sp::size(composed(a[0])) : sp::size(sp::to_layout(a[0]))); }},
      {"cosize", [](Args const& a) { return integer(is_composed(a[0]) ? sp::cosize(composed(a[0])) : sp::cosize(sp::to_layout(a[0]))); }},
      {"rank", [](Args const& a) { return integer(sp::rank(sp::to_layout(a[0]))); }},
      {"depth", [](Args const& a) { return integer(sp::depth(sp::to_layout(a[0]))); }},
      {"eval", [](Args const& a) {
         sp::i64 i = sp::to_integer(a[1]);
         if (is_composed(a[0])) return integer(sp::evaluate(composed(a[0]), i));
         if (is_tensor(a[0])) {
           sp::Tensor x = sp::to_tensor(a[0]);
           if (i < 0 || i >= sp::size(x)) sp::bad_argument("the index " + std::to_string(i) + " lies outside the tensor's domain");
           sp::Engine e = sp::element(x, i);
           if (e.kind == sp::Engine::Kind::counting) return sp::to_term(sp::coordinate(e));
           return term_of(sp::Tensor{e, sp::Layout()}).children[0];
         }
         return sp::to_term(sp::evaluate(sp::to_layout(a[0]), i));
       }},
      {"crd2idx", [](Args const& a) {
         sp::IntTuple c = sp::to_int_tuple(a[0]);
         if (a[1].kind == Kind::layout) return sp::to_term(sp::crd2idx(c, sp::to_layout(a[1])));
         return integer(sp::crd2idx(c, sp::to_shape(a[1])));
       }},
      {"idx2crd", [](Args const& a) { return sp::to_term(sp::idx2crd(sp::to_int_tuple(a[0]), sp::to_shape(a[1]))); }},
      {"max_alignment", [](Args const& a) { return integer(sp::max_alignment(sp::to_layout(a[0]))); }},
      {"max_common_vector", [](Args const& a) {
         bool ca = is_composed(a[0]), cb = is_composed(a[1]);
         return integer(ca && cb ? sp::max_common_vector(composed(a[0]), composed(a[1]))
                        : ca     ? sp::max_common_vector(composed(a[0]), sp::to_layout(a[1]))
                        : cb     ? sp::max_common_vector(sp::to_layout(a[0]), composed(a[1]))
                                 : sp::max_common_vector(sp::to_layout(a[0]), sp::to_layout(a[1])));
       }},
      // Layouts whose first argument may be a swizzled layout or a tensor.
      {"composition", [](Args const& a) {
         if (is_composed(a[0])) return term_of(sp::composition(composed(a[0]), sp::to_tiler(a[1])));
         if (is_tensor(a[0])) return term_of(sp::composition(sp::to_tensor(a[0]), sp::to_tiler(a[1])));
         return sp::to_term(sp::composition(sp::to_layout(a[0]), sp::to_tiler(a[1])));
       }},
      // The inverses are not unique: the spec's choice, which their judges find correct.
      {"right_inverse", [](Args const& a) { return sp::to_term(sp::right_inverse(sp::to_layout(a[0]))); }},
      {"left_inverse", [](Args const& a) { return sp::to_term(sp::left_inverse(sp::to_layout(a[0]))); }},
      // Modes (as audit_modes.cpp reads them).
      {"flatten", [](Args const& a) { return sp::to_term(sp::flatten(sp::to_layout(a[0]))); }},
      {"group", [](Args const& a) { return sp::to_term(sp::group(sp::to_layout(a[0]), index_arg(a[1]), index_arg(a[2]))); }},
      {"take", [](Args const& a) { return sp::to_term(sp::take(sp::to_layout(a[0]), index_arg(a[1]), index_arg(a[2]))); }},
      {"select", [](Args const& a) {
         std::vector<int> idx;
         for (size_t k = 1; k < a.size(); ++k) idx.push_back(index_arg(a[k]));
         return sp::to_term(sp::select(sp::to_layout(a[0]), idx));
       }},
      {"append", [](Args const& a) {
         sp::Layout l = sp::to_layout(a[0]);
         if (a[1].kind == Kind::layout) {
           if (a.size() != 2) sp::bad_argument("append(L, X) takes two arguments");
           return sp::to_term(sp::append(l, sp::to_layout(a[1])));
         }
         return sp::to_term(sp::append(l, index_arg(a[1]), a.size() == 3 ? sp::to_layout(a[2]) : sp::Layout()));
       }},
      {"prepend", [](Args const& a) {
         sp::Layout l = sp::to_layout(a[0]);
         if (a[1].kind == Kind::layout) {
           if (a.size() != 2) sp::bad_argument("prepend(L, X) takes two arguments");
           return sp::to_term(sp::prepend(l, sp::to_layout(a[1])));
         }
         return sp::to_term(sp::prepend(l, index_arg(a[1]), a.size() == 3 ? sp::to_layout(a[2]) : sp::Layout()));
       }},
      {"unflatten", [](Args const& a) { return sp::to_term(sp::unflatten(sp::to_layout(a[0]), sp::to_int_tuple(a[1]))); }},
      {"crd2crd", [](Args const& a) {
         return sp::to_term(sp::crd2crd(sp::to_int_tuple(a[0]), sp::to_shape(a[1]), sp::to_shape(a[2])));
       }},
      // Tensors (as audit_tensor.cpp builds them).
      {"make_identity_tensor", [](Args const& a) { return term_of(sp::make_identity_tensor(sp::to_shape(a[0]))); }},
      {"slice", [](Args const& a) {
         if (!is_tensor(a[0])) return sp::to_term(sp::slice(sp::to_slice_coord(a[1]), sp::to_layout(a[0])).layout);
         return term_of(sp::slice(sp::to_slice_coord(a[1]), sp::to_tensor(a[0])));
       }},
      {"local_tile", [](Args const& a) {
         return term_of(sp::local_tile(sp::to_tensor(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2])));
       }},
      {"inner_partition", [](Args const& a) {
         return term_of(sp::inner_partition(sp::to_tensor(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2])));
       }},
      {"outer_partition", [](Args const& a) {
         return term_of(sp::outer_partition(sp::to_tensor(a[0]), sp::to_tiler(a[1]), sp::to_slice_coord(a[2])));
       }},
      {"local_partition", [](Args const& a) {
         return term_of(sp::local_partition(sp::to_tensor(a[0]), sp::to_layout(a[1]), sp::to_integer(a[2])));
       }},
      {"identity_local_tile", [](Args const& a) { return term_of(identity_tile(a[0], a[1], a[2])); }},
      {"identity_local_partition", [](Args const& a) {
         return term_of(sp::local_partition(identity_tile(a[0], a[1], a[2]), sp::to_layout(a[3]), sp::to_integer(a[4])));
       }},
  };
  for (auto const& [name, fn] : results) t.spec_result(name, fn);
  for (auto [name, x] : {std::pair{"A", sp::MmaOperand::A}, std::pair{"B", sp::MmaOperand::B}, std::pair{"C", sp::MmaOperand::C}}) {
    sp::MmaOperand op = x;
    t.spec_result(std::string("mma_partition_") + name, [op](Args const& a) {
      return term_of(sp::partition(tiled_mma(a), op, sp::to_integer(a[4]), sp::to_tensor(a[3])));
    });
    t.spec_result(std::string("identity_mma_partition_") + name, [op](Args const& a) {
      return term_of(sp::partition(tiled_mma(a), op, sp::to_integer(a[6]), identity_tile(a[3], a[4], a[5])));
    });
  }
  // The divides of a tensor keep its engine; of a layout, as every other row with a reference
  // layout: the reference.
  for (char const* name : {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}) {
    Reference layout = t.find(name)->reference;
    sp::DivideKind kind = name[0] == 'l' ? sp::DivideKind::logical
                          : name[0] == 'z' ? sp::DivideKind::zipped
                          : name[0] == 't' ? sp::DivideKind::tiled
                                           : sp::DivideKind::flat;
    t.spec_result(name, [layout, kind](Args const& a) {
      if (is_tensor(a[0])) return term_of(sp::divide(kind, sp::to_tensor(a[0]), sp::to_tiler(a[1])));
      return sp::to_term(layout(a));
    });
  }
  for (auto const& [name, row] : t.rows())
    if (!row.spec_result && row.reference) {
      Reference layout = row.reference;
      t.spec_result(name, [layout](Args const& a) { return sp::to_term(layout(a)); });
    }
}

}  // namespace layoutref::equiv
