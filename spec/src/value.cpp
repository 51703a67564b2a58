#include <layoutref/spec/value.hpp>

#include <algorithm>
#include <cstdint>

namespace layoutref::spec {

Value Value::basis(i64 k, Path path) {
  if (path.empty()) return Value(k);
  Value v;
  if (k != 0) v.basis_.push_back(BasisTerm{std::move(path), k});
  return v;
}

i64 Value::integer(char const* what) const {
  if (!is_integer()) bad_argument(std::string(what) + " " + str() + " is a basis element where an integer is required");
  return scalar_;
}

i64 Value::at(Path const& path) const {
  if (path.empty()) return scalar_;
  for (auto const& t : basis_)
    if (t.path == path) return t.coeff;
  return 0;
}


Value operator+(Value const& a, Value const& b) {
  if (a.basis_.empty() && b.basis_.empty()) return Value(add(a.scalar_, b.scalar_));
  Value r(add(a.scalar_, b.scalar_));
  // Insert every term of a and b into r in sorted order.
  std::vector<BasisTerm> terms = a.basis_;
  for (auto const& t : b.basis_) {
    auto it = std::lower_bound(terms.begin(), terms.end(), t.path,
                               [](BasisTerm const& u, Path const& p) { return u.path < p; });
    if (it != terms.end() && it->path == t.path) {
      it->coeff = add(it->coeff, t.coeff);
      if (it->coeff == 0) terms.erase(it);
    } else {
      terms.insert(it, t);
    }
  }
  r.basis_ = std::move(terms);
  return r;
}

Value Value::linear_combination(std::vector<std::pair<i64, Value>> const& terms) {
  __extension__ typedef __int128 i128;
  std::vector<std::pair<Path, i128>> sum;  // sorted by path; the empty path is the integer part
  auto accumulate = [&](Path const& p, i64 k, i64 c) {
    auto it = std::lower_bound(sum.begin(), sum.end(), p, [](auto const& u, Path const& q) { return u.first < q; });
    if (it == sum.end() || it->first != p) it = sum.insert(it, {p, 0});
    i128 t = static_cast<i128>(k) * c;  // |k|, |c| <= 2^63: exact
    if (__builtin_add_overflow(it->second, t, &it->second))
      throw Error(Error::Kind::overflow, "64-bit overflow: a sum of values passes 2^127");
  };
  for (auto const& [k, v] : terms) {
    if (k == 0) continue;
    accumulate({}, k, v.scalar_);
    for (auto const& t : v.basis_) accumulate(t.path, k, t.coeff);
  }
  auto narrow = [](i128 x, Path const& p) {
    if (x > static_cast<i128>(INT64_MAX) || x < static_cast<i128>(INT64_MIN)) {
      std::string at = p.empty() ? std::string("the integer part") : "a basis component";
      throw Error(Error::Kind::overflow, "64-bit overflow: " + at + " of the value does not fit in int64");
    }
    return static_cast<i64>(x);
  };
  Value r;
  for (auto const& [p, x] : sum) {
    i64 c = narrow(x, p);
    if (p.empty())
      r.scalar_ = c;
    else if (c != 0)
      r.basis_.push_back(BasisTerm{p, c});
  }
  return r;
}

Value operator-(Value const& a, Value const& b) { return a + (-1) * b; }

Value operator*(i64 k, Value const& v) {
  Value r(mul(k, v.scalar_));
  if (k == 0) return r;
  r.basis_ = v.basis_;
  for (auto& t : r.basis_) t.coeff = mul(k, t.coeff);
  return r;
}

std::string Value::str() const {
  auto term = [](BasisTerm const& t) {
    std::string s = std::to_string(t.coeff);
    for (auto it = t.path.rbegin(); it != t.path.rend(); ++it) s += "@" + std::to_string(*it);
    return s;
  };
  if (basis_.empty()) return std::to_string(scalar_);
  std::string s;
  if (scalar_ != 0) s = std::to_string(scalar_);
  for (auto const& t : basis_) {
    if (!s.empty()) s += "+";
    s += term(t);
  }
  return s;
}

}  // namespace layoutref::spec
