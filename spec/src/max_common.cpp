#include <layoutref/spec/max_common.hpp>
#include <layoutref/spec/composition.hpp>
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
  Layout inv = right_inverse(b);
  FlatLayout fa(a), fi(inv);
  i64 n = 0, na = size(a), ni = size(inv);
  while (n < ni) {
    i64 i = fi(n).scalar();
    if (i >= na || fa(i) != Value(n)) break;
    ++n;
  }
  return std::max<i64>(n, 1);
}

Admissibility is_max_common_layout_admissible(Layout const& a, Layout const& b) {
  i64 n = max_common_vector(a, b);
  Layout inv = right_inverse(b);
  std::vector<Value> t;
  FlatLayout fi(inv);
  for (i64 x = 0; x < n; ++x) t.push_back(x < size(inv) ? fi(x) : Value(0));
  if (!factor(t))
    return Admissibility::no("max_common_layout.not_representable",
                             "the first " + std::to_string(n) + " values of right_inverse(b) = " + str(inv) +
                                 " are not the function of a layout");
  return Admissibility::yes();
}

Layout max_common_layout(Layout const& a, Layout const& b) {
  is_max_common_layout_admissible(a, b).require();
  i64 n = max_common_vector(a, b);
  FlatLayout fi(right_inverse(b));
  std::vector<Value> t;
  for (i64 x = 0; x < n; ++x) t.push_back(n == 1 ? Value(0) : fi(x));
  return *factor(t);
}

Judgement check_max_common_layout(Layout const& a, Layout const& b, Claim const& claimed) {
  Admissibility adm = is_max_common_layout_admissible(a, b);
  if (claimed.error) return adm.ok ? Judgement::wrong("refused an admissible input") : Judgement::right("no result: " + adm.message());
  i64 n = max_common_vector(a, b);
  Layout const& r = claimed.layout;
  if (!has_integer_strides(r)) return Judgement::wrong("the claimed layout has basis strides");
  if (size(r) != n)
    return Judgement::wrong("size " + std::to_string(size(r)) + ", but the largest common vector of a and b has " +
                            std::to_string(n) + " elements");
  FlatLayout fa(a), fb(b), fr(r);
  for (i64 i = 0; i < n; ++i) {
    i64 x = fr(i).scalar();
    auto at = [&] { return "at index " + std::to_string(i) + ": R = " + std::to_string(x); };
    if (x < 0 || x >= size(a) || x >= size(b)) {
      Judgement j = Judgement::wrong(at() + " lies outside the domains of a and b");
      j.index = i;
      return j;
    }
    if (fa(x) != Value(i) || fb(x) != Value(i)) {
      Judgement j = Judgement::wrong(at() + ", a(R) = " + fa(x).str() + ", b(R) = " + fb(x).str() + ", both must be " +
                                     std::to_string(i));
      j.index = i;
      return j;
    }
  }
  if (!adm.ok) return Judgement::right("satisfies the contract although the spec has no result (" + adm.message() + ")");
  return Judgement::right();
}

}  // namespace layoutref::spec
