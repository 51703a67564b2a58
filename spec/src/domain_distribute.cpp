#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/domain_distribute.hpp>

namespace layoutref::spec {

Layout domain_distribute(IntTuple const& shape_a, i64 b) {
  validate_shape(shape_a, "shape given to domain_distribute");
  if (b < 1) bad_argument("domain_distribute: b = " + std::to_string(b) + " must be >= 1");
  std::vector<IntTuple> shapes;
  std::vector<Stride> strides;
  i64 rest = b;
  i64 column = 1;  // compact column-major stride of the current leaf
  for (i64 a : leaves(shape_a)) {
    i64 g = gcd(a, rest);
    rest /= g;
    shapes.emplace_back(g);
    strides.emplace_back(Value(column));
    column = mul(column, a);
  }
  Layout uncoalesced(IntTuple::tuple(std::move(shapes)), Stride::tuple(std::move(strides)));
  std::optional<Layout> coalesced = factor(tabulate(uncoalesced));
  if (!coalesced) throw std::logic_error("domain_distribute: the function of " + str(uncoalesced) + " did not factor");
  return *coalesced;
}

Judgement check_domain_distribute(IntTuple const& shape_a, i64 b, Claim const& claimed) {
  Reference ref = layout_reference(domain_distribute(shape_a, b));
  return judge_claim(Admissibility::yes(), claimed, &ref);
}

}  // namespace layoutref::spec
