#include <layoutref/spec/max_common.hpp>
#include <layoutref/spec/inverse.hpp>

namespace layoutref::spec {

namespace {
void require_integer(Layout const& l, char const* what) {
  validate_shape(l.shape, what);
  if (!has_integer_strides(l)) bad_argument(std::string(what) + " " + str(l) + " has basis strides");
}
}  // namespace

i64 max_common_vector(Layout const& a, Layout const& b) {
  require_integer(a, "a");
  require_integer(b, "b");
  std::vector<i64> where = least_preimages(b);  // where[x] = min index of x in b
  FlatLayout fa(a);
  i64 na = size(a);
  i64 n = 0;
  while (n < static_cast<i64>(where.size())) {
    i64 i = where[static_cast<size_t>(n)];
    if (i >= na || fa(i) != Value(n)) break;
    ++n;
  }
  return std::max<i64>(n, 1);
}

Layout max_common_layout(Layout const& a, Layout const& b) {
  i64 n = max_common_vector(a, b);
  std::vector<i64> where = least_preimages(b);
  std::vector<Value> t;
  for (i64 x = 0; x < n; ++x) t.emplace_back(x < static_cast<i64>(where.size()) ? where[static_cast<size_t>(x)] : 0);
  auto f = factor(t);
  if (!f) throw Error(Error::Kind::inadmissible,
                      "max_common_layout.not_representable: the common indices are not the function of a layout",
                      "max_common_layout.not_representable");
  return *f;
}

Judgement check_max_common_layout(Layout const& a, Layout const& b, Claim const& claimed) {
  if (claimed.error) return Judgement::wrong("refused an admissible input");
  i64 n = max_common_vector(a, b);
  Layout const& r = claimed.layout;
  if (!has_integer_strides(r)) return Judgement::wrong("the claimed layout has basis strides");
  if (size(r) != n)
    return Judgement::wrong("size " + std::to_string(size(r)) + ", but the largest common vector of a and b has " +
                            std::to_string(n) + " elements");
  FlatLayout fa(a), fb(b), fr(r);
  for (i64 i = 0; i < n; ++i) {
    i64 x = fr(i).scalar();
    std::string at = "at index " + std::to_string(i) + ": R = " + std::to_string(x);
    if (x < 0 || x >= size(a) || x >= size(b)) {
      Judgement j = Judgement::wrong(at + " lies outside the domains of a and b");
      j.index = i;
      return j;
    }
    if (fa(x) != Value(i) || fb(x) != Value(i)) {
      Judgement j = Judgement::wrong(at + ", a(R) = " + fa(x).str() + ", b(R) = " + fb(x).str() + ", both must be " +
                                     std::to_string(i));
      j.index = i;
      return j;
    }
  }
  return Judgement::right();
}

}  // namespace layoutref::spec
