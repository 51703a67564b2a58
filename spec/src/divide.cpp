#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>

namespace layoutref::spec {

std::string divide_name(DivideKind k) {
  switch (k) {
    case DivideKind::logical: return "logical_divide";
    case DivideKind::zipped: return "zipped_divide";
    case DivideKind::tiled: return "tiled_divide";
    case DivideKind::flat: return "flat_divide";
  }
  return "divide";
}

namespace {

Layout tile_with_complement(Layout const& a, Layout const& b) {
  Layout rest = complement(b, size(a));
  return Layout(IntTuple::tuple({b.shape, rest.shape}), Stride::tuple({b.stride, rest.stride}));
}

// logical_divide(A, B) for a layout B: A o (B, complement(B, size(A))).
ByMode const& divide_op() {
  static ByMode const op{
      "divide", true,
      [](Layout const& a, Layout const& b) {
        Admissibility c = is_complement_admissible(b, size(a));
        if (!c.ok) {
          c.witness = "complement(" + str(b) + ", " + std::to_string(size(a)) + "): " + c.witness;
          return c;
        }
        Admissibility r = is_composition_admissible(a, tile_with_complement(a, b));
        for (auto& n : c.notes) r.notes.insert(r.notes.begin(), "complement: " + n);
        return r;
      },
      [](Layout const& a, Layout const& b) { return composition_reference(a, tile_with_complement(a, b)); }};
  return op;
}

}  // namespace

Admissibility is_divide_admissible(Layout const& a, Tiler const& t) { return by_mode_admissible(divide_op(), a, t); }

Reference divide_reference(DivideKind kind, Layout const& a, Tiler const& t) { return arrange(divide_op(), a, t, kind); }

Layout divide(DivideKind kind, Layout const& a, Tiler const& t) {
  is_divide_admissible(a, t).require();
  return materialize(divide_reference(kind, a, t), divide_name(kind) + ".not_representable");
}

Judgement check_divide(DivideKind kind, Layout const& a, Tiler const& t, Claim const& claimed) {
  return judge_with(is_divide_admissible(a, t), claimed, [&] { return divide_reference(kind, a, t); });
}

}  // namespace layoutref::spec
