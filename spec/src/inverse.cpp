#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/composition.hpp>

#include <algorithm>
#include <map>

namespace layoutref::spec {

namespace {

Admissibility integer_strides(Layout const& l, char const* op) {
  validate_shape(l.shape, "shape");
  for (auto const& v : leaves(l.stride))
    if (!v.is_integer())
      return Admissibility::no(std::string(op) + ".integer_strides", str(l) + " has the basis stride " + v.str());
  return Admissibility::yes();
}


}  // namespace

std::vector<i64> least_preimages(Layout const& l) {
  auto values = tabulate(l);
  std::map<i64, i64> first;  // value -> least index
  for (size_t i = 0; i < values.size(); ++i) first.emplace(values[i].scalar(), static_cast<i64>(i));
  std::vector<i64> g;
  for (i64 x = 0;; ++x) {
    auto it = first.find(x);
    if (it == first.end()) break;
    g.push_back(it->second);
  }
  return g;
}

Admissibility is_right_inverse_admissible(Layout const& l) { return integer_strides(l, "right_inverse"); }

Layout right_inverse(Layout const& l) {
  is_right_inverse_admissible(l).require();
  std::vector<i64> g = least_preimages(l);
  // The longest prefix of g that is a layout function. Bounded search: each try is linear.
  i64 budget = table_limit();
  for (size_t m = g.size(); m >= 1; --m) {
    std::vector<Value> prefix(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(m));
    if (auto f = factor(prefix)) return *f;
    budget -= static_cast<i64>(m);
    if (budget < 0) require_table(table_limit() + 1, "the search for the largest right inverse of " + str(l));
  }
  return Layout(IntTuple(1), Stride(Value(0)));
}

Judgement check_right_inverse(Layout const& l, Claim const& claimed) {
  Admissibility adm = is_right_inverse_admissible(l);
  if (claimed.error) return adm.ok ? Judgement::wrong("refused an admissible input") : Judgement::right(adm.message());
  if (!adm.ok) return Judgement::wrong("the input has no result (" + adm.message() + ") but a layout was claimed");
  Layout const& r = claimed.layout;
  if (!has_integer_strides(r)) return Judgement::wrong("the claimed right inverse has basis strides");
  FlatLayout fl(l);
  auto rv = tabulate(r);
  i64 n = size(l);
  for (size_t i = 0; i < rv.size(); ++i) {
    i64 x = rv[i].scalar();
    std::string where = "at index " + std::to_string(i) + " (coordinate " + str(idx2crd(static_cast<i64>(i), r.shape)) + ")";
    if (x < 0 || x >= n) {
      Judgement j = Judgement::wrong(where + " R = " + std::to_string(x) + " lies outside the domain [0," +
                                     std::to_string(n) + ") of L");
      j.index = static_cast<i64>(i);
      return j;
    }
    Value y = fl(x);
    if (y != Value(static_cast<i64>(i))) {
      Judgement j = Judgement::wrong(where + " L(R(i)) = L(" + std::to_string(x) + ") = " + y.str() + " instead of " +
                                     std::to_string(i));
      j.index = static_cast<i64>(i);
      j.claimed_value = y.str();
      j.expected_value = std::to_string(i);
      return j;
    }
  }
  Layout best = right_inverse(l);
  if (size(r) < size(best))
    return Judgement::right("a right inverse, but not the largest: size " + std::to_string(size(r)) + ", while " +
                            str(best) + " has size " + std::to_string(size(best)));
  if (size(r) > size(best))
    return Judgement::right("larger than the spec's right inverse " + str(best) + " (size " + std::to_string(size(best)) + ")");
  return Judgement::right();
}

namespace {

struct Active {
  i64 s, d, p;  // size, stride, index stride in L
};

std::vector<Active> active_modes(Layout const& l) {
  std::vector<Active> a;
  i64 p = 1;
  for (auto const& m : leaf_modes(l)) {
    i64 s = m.shape.value;
    i64 d = m.stride.value.scalar();
    if (s > 1 && d != 0) a.push_back(Active{s, d, p});
    p = mul(p, s);
  }
  std::stable_sort(a.begin(), a.end(), [](Active const& x, Active const& y) { return x.d < y.d; });
  return a;
}

}  // namespace

Admissibility is_left_inverse_admissible(Layout const& l) {
  Admissibility adm = integer_strides(l, "left_inverse");
  if (!adm.ok) return adm;
  auto a = active_modes(l);
  for (auto const& x : a)
    if (x.d < 0)
      return Admissibility::no("left_inverse.negative_stride",
                               str(l) + " has the mode " + std::to_string(x.s) + ":" + std::to_string(x.d));
  // Injectivity of the non-zero-stride modes: all sums distinct.
  std::map<i64, i64> seen;  // value -> index in L
  FlatLayout fl(l);
  auto values = tabulate(l);
  auto zero_free = [&](i64 i) {  // whether i has coordinate 0 on every stride-0 or size-1 leaf
    for (auto const& m : leaf_modes(l)) {
      i64 s = m.shape.value;
      if (m.stride.value.is_zero() && i % s != 0) return false;
      i /= s;
    }
    return true;
  };
  for (size_t i = 0; i < values.size(); ++i) {
    if (!zero_free(static_cast<i64>(i))) continue;
    auto [it, fresh] = seen.emplace(values[i].scalar(), static_cast<i64>(i));
    if (!fresh)
      return Admissibility::no("left_inverse.injective", str(l) + " takes the value " + values[i].str() +
                                                             " at the indices " + std::to_string(it->second) + " and " +
                                                             std::to_string(i) + " (not counting stride-0 modes)");
  }
  for (size_t k = 1; k < a.size(); ++k)
    if (a[k].d % a[k - 1].d != 0)
      return Admissibility::no("left_inverse.stride_divisibility",
                               "the stride " + std::to_string(a[k - 1].d) + " does not divide the next larger stride " +
                                   std::to_string(a[k].d) + " (CuTe's left inverse divisibility condition)");
  return adm;
}

Layout left_inverse(Layout const& l) {
  is_left_inverse_admissible(l).require();
  auto a = active_modes(l);
  if (a.empty()) return Layout(IntTuple(1), Stride(Value(0)));
  std::vector<IntTuple> s;
  std::vector<Stride> d;
  i64 prev = 1;
  s.emplace_back(a[0].d);
  d.emplace_back(Value(0));
  for (size_t k = 0; k < a.size(); ++k) {
    if (k > 0) {
      s.emplace_back(a[k].d / prev);
      d.emplace_back(Value(a[k - 1].p));
    }
    prev = a[k].d;
  }
  s.emplace_back(a.back().s);
  d.emplace_back(Value(a.back().p));
  return coalesce(Layout(IntTuple::tuple(std::move(s)), Stride::tuple(std::move(d))));
}

Judgement check_left_inverse(Layout const& l, Claim const& claimed) {
  Admissibility adm = is_left_inverse_admissible(l);
  bool typed = adm.ok || (adm.condition != "left_inverse.integer_strides" && adm.condition != "left_inverse.negative_stride");
  if (claimed.error) {
    if (!adm.ok) return Judgement::right("no result from the spec's construction: " + adm.message());
    return Judgement::wrong("refused an admissible input");
  }
  if (!typed) return Judgement::wrong("the input has no result (" + adm.message() + ") but a layout was claimed");
  Layout const& r = claimed.layout;
  if (!has_integer_strides(r)) return Judgement::wrong("the claimed left inverse has basis strides");
  // CuTe evaluates R at L(i) and L at R(L(i)) even past their sizes: both are extended along
  // their last mode (docs/semantics.md); a verdict that needs it says so.
  auto lv = tabulate(l);
  FlatLayout fr(r);
  FlatLayout fl(l);
  i64 nr = size(r), nl = size(l);
  bool extended = false;
  for (size_t i = 0; i < lv.size(); ++i) {
    i64 x = lv[i].scalar();
    std::string where = "at index " + std::to_string(i) + " of L (coordinate " + str(idx2crd(static_cast<i64>(i), l.shape)) + ")";
    if (x < 0) {
      Judgement j = Judgement::wrong(where + " L = " + std::to_string(x) + " is negative; R is not defined there");
      j.index = static_cast<i64>(i);
      return j;
    }
    Value ry = fr(x, true);
    i64 y = ry.scalar();
    extended = extended || x >= nr || y >= nl;
    if (!ry.is_integer() || y < 0 || fl(y, true) != lv[i]) {
      Judgement j = Judgement::wrong(where + " L(R(L(i))) = L(R(" + std::to_string(x) + ")) = L(" + ry.str() + ")" +
                                     (ry.is_integer() && y >= 0 ? " = " + fl(y, true).str() : std::string(" (undefined)")) +
                                     " instead of L(i) = " + std::to_string(x));
      j.index = static_cast<i64>(i);
      j.depends_on_extension = x >= nr || y >= nl;
      return j;
    }
  }
  std::string ext = extended ? "L(i) or R(L(i)) lies past the layout's size there; both are extended along their last mode" : "";
  Judgement j = Judgement::right(ext);
  j.depends_on_extension = extended;
  if (!adm.ok)
    j.detail = "satisfies the contract although the spec's construction has no result (" + adm.message() + ")" +
               (ext.empty() ? "" : "; " + ext);
  return j;
}

}  // namespace layoutref::spec
