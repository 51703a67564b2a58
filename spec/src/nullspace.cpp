#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/nullspace.hpp>

namespace layoutref::spec {

namespace {

std::vector<Value> as_table(std::vector<i64> const& z) { return std::vector<Value>(z.begin(), z.end()); }

std::string first_elements(std::vector<i64> const& z) {
  std::string s = "{";
  for (size_t i = 0; i < z.size() && i < 8; ++i) s += (i ? "," : "") + std::to_string(z[i]);
  return s + (z.size() > 8 ? ",...}" : "}");
}

}  // namespace

std::vector<i64> zero_indices(Layout const& l) {
  validate_shape(l.shape, "shape of the layout given to nullspace");
  if (!has_integer_strides(l)) bad_argument("nullspace of " + str(l) + ": the strides must be integers");
  std::vector<Value> t = tabulate(l);
  std::vector<i64> z;
  for (size_t i = 0; i < t.size(); ++i)
    if (t[i].is_zero()) z.push_back(static_cast<i64>(i));
  return z;
}

Admissibility is_nullspace_admissible(Layout const& l) {
  std::vector<i64> z = zero_indices(l);
  if (factor(as_table(z))) return Admissibility::yes();
  return Admissibility::no("nullspace.not_representable",
                           "the zeros of " + str(l) + " are " + first_elements(z) + " (" + std::to_string(z.size()) +
                               " of them), which no layout enumerates in increasing order");
}

Layout nullspace(Layout const& l) {
  is_nullspace_admissible(l).require();
  return *factor(as_table(zero_indices(l)));
}

Judgement check_nullspace(Layout const& l, Claim const& claimed) {
  Admissibility adm = is_nullspace_admissible(l);
  std::vector<i64> z = zero_indices(l);
  Reference ref;
  ref.pattern.id = 0;
  ref.pattern.size = static_cast<i64>(z.size());
  ref.tables.push_back(as_table(z));
  return judge_claim(adm, claimed, &ref);
}

}  // namespace layoutref::spec
