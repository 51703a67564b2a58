#include <layoutref/spec/max_alignment.hpp>
#include <layoutref/spec/table.hpp>

#include <algorithm>

namespace layoutref::spec {

i64 max_alignment(Layout const& l) {
  validate_shape(l.shape, "shape of the layout given to max_alignment");
  for (auto const& d : leaves(l.stride)) {
    if (!d.is_integer()) bad_argument("max_alignment of " + str(l) + ": the stride " + d.str() + " is not an integer");
    if (d.scalar() < 0) bad_argument("max_alignment of " + str(l) + ": the stride " + d.str() + " is negative");
  }
  std::vector<i64> image;
  for (Value const& v : tabulate(l)) image.push_back(v.scalar());
  std::sort(image.begin(), image.end());
  image.erase(std::unique(image.begin(), image.end()), image.end());
  // gcd of the boundaries a_i, b_i of the maximal runs [a_i, b_i) of consecutive values.
  i64 g = 0;
  size_t i = 0;
  while (i < image.size()) {
    size_t j = i + 1;
    while (j < image.size() && image[j] == image[j - 1] + 1) ++j;
    g = gcd(g, image[i]);
    g = gcd(g, add(image[j - 1], 1));
    i = j;
  }
  return g;
}

}  // namespace layoutref::spec
