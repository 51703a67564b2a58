#include <layoutref/spec/int_tuple.hpp>

namespace layoutref::spec {

i64 size(IntTuple const& t) {
  if (t.leaf) return t.value;
  i64 p = 1;
  for (auto const& x : t.items) p = mul(p, size(x));
  return p;
}

bool compatible(IntTuple const& a, IntTuple const& b) {
  if (a.leaf) return a.value == size(b);
  if (b.leaf) return false;
  if (a.items.size() != b.items.size()) return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!compatible(a.items[i], b.items[i])) return false;
  return true;
}

IntTuple product_each(IntTuple const& t) {
  if (t.leaf) return IntTuple::tuple({IntTuple(t.value)});
  std::vector<IntTuple> items;
  for (auto const& x : t.items) items.emplace_back(size(x));
  return IntTuple::tuple(std::move(items));
}

i64 inner_product(IntTuple const& a, IntTuple const& b) {
  if (a.leaf && b.leaf) return mul(a.value, b.value);
  if (a.leaf || b.leaf || a.items.size() != b.items.size())
    bad_argument("inner_product of non-congruent tuples " + str(a) + " and " + str(b));
  i64 s = 0;
  for (size_t i = 0; i < a.items.size(); ++i) s = add(s, inner_product(a.items[i], b.items[i]));
  return s;
}

IntTuple shape_div(IntTuple const& a, IntTuple const& b) {
  if (!a.leaf) {
    if (!b.leaf) {
      if (a.items.size() != b.items.size())
        bad_argument("shape_div: ranks of " + str(a) + " and " + str(b) + " differ");
      std::vector<IntTuple> items;
      for (size_t i = 0; i < a.items.size(); ++i) items.push_back(shape_div(a.items[i], b.items[i]));
      return IntTuple::tuple(std::move(items));
    }
    std::vector<IntTuple> items;
    IntTuple rest = b;
    for (auto const& ai : a.items) {
      items.push_back(shape_div(ai, rest));
      rest = shape_div(rest, ai);
    }
    return IntTuple::tuple(std::move(items));
  }
  if (!b.leaf) return shape_div(a, IntTuple(size(b)));
  if (a.value < 1 || b.value < 1) bad_argument("shape_div of " + str(a) + " by " + str(b) + ": values must be >= 1");
  if (a.value % b.value != 0 && b.value % a.value != 0)
    bad_argument("shape_div: neither " + str(a) + " nor " + str(b) + " divides the other (divisibility condition)");
  return IntTuple(ceil_div(a.value, b.value));
}

IntTuple ceil_div(IntTuple const& a, IntTuple const& b) {
  if (!a.leaf) {
    if (!b.leaf) {
      if (a.items.size() < b.items.size())
        bad_argument("ceil_div: " + str(b) + " has more modes than " + str(a));
      std::vector<IntTuple> items;
      for (size_t i = 0; i < a.items.size(); ++i)
        items.push_back(ceil_div(a.items[i], i < b.items.size() ? b.items[i] : IntTuple(1)));
      return IntTuple::tuple(std::move(items));
    }
    std::vector<IntTuple> items;
    IntTuple rest = b;
    for (auto const& ai : a.items) {
      items.push_back(ceil_div(ai, rest));
      rest = ceil_div(rest, ai);
    }
    return IntTuple::tuple(std::move(items));
  }
  if (!b.leaf) return ceil_div(a, IntTuple(size(b)));
  if (b.value < 1 || a.value < 0) bad_argument("ceil_div of " + str(a) + " by " + str(b));
  return IntTuple(spec::ceil_div(a.value, b.value));
}

void validate_shape(IntTuple const& shape, std::string const& what) {
  for (i64 v : leaves(shape))
    if (v < 1) bad_argument(what + " " + str(shape) + " has a mode of size " + std::to_string(v) + " (shapes must be >= 1)");
}

std::string str(IntTuple const& t) {
  if (t.leaf) return std::to_string(t.value);
  std::string s = "(";
  for (size_t i = 0; i < t.items.size(); ++i) {
    if (i) s += ",";
    s += str(t.items[i]);
  }
  return s + ")";
}

}  // namespace layoutref::spec
