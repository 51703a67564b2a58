#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/composition.hpp>

#include <algorithm>
#include <map>
#include <optional>

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

namespace {
// The memory right_inverse needs per index of L: the least preimages (8 bytes), the prefix of g
// found (8) and factor's copies (8).
constexpr i64 kRightInverseBytesPerEntry = 24;
}  // namespace

std::vector<i64> least_preimages(Layout const& l) {
  FlatLayout f(l);
  i64 n = f.size();
  require_table(n, "the least preimages of " + str(l), kRightInverseBytesPerEntry);
  // first[x]: the least i with L(i) = x, for x in [0, n) (the image of [0, n) has at most n
  // values, so m* <= n); -1 where none.
  std::vector<i64> first(static_cast<size_t>(n), -1);
  for (i64 i = 0; i < n; ++i) {
    i64 x = f(i).integer("a value of L");
    if (x >= 0 && x < n && first[static_cast<size_t>(x)] < 0) first[static_cast<size_t>(x)] = i;
  }
  auto end = std::find(first.begin(), first.end(), -1);
  first.erase(end, first.end());
  first.shrink_to_fit();
  return first;
}

Admissibility is_right_inverse_admissible(Layout const& l) { return integer_strides(l, "right_inverse"); }

Layout right_inverse(Layout const& l) {
  is_right_inverse_admissible(l).require();
  std::vector<i64> g = least_preimages(l);
  // The longest prefix of g that is a layout function. Bounded search: each try is linear.
  i64 budget = table_limit();
  for (size_t m = g.size(); m >= 1; --m) {
    if (auto f = factor(g, m)) return *f;
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
  FlatLayout fl(l), fr(r);
  i64 n = size(l), nr = fr.size();
  require_table(nr, "the function of " + str(r), 0);  // evaluated one index at a time
  for (i64 i = 0; i < nr; ++i) {
    i64 x = fr(i).scalar();
    Value y = x >= 0 && x < n ? fl(x) : Value(0);
    if (x >= 0 && x < n && y == Value(i)) continue;
    std::string where = "at index " + std::to_string(i) + " (coordinate " + str(idx2crd(i, r.shape)) + ")";
    if (x < 0 || x >= n) {
      Judgement j = Judgement::wrong(where + " R = " + std::to_string(x) + " lies outside the domain [0," +
                                     std::to_string(n) + ") of L");
      j.index = static_cast<i64>(i);
      return j;
    }
    Judgement j = Judgement::wrong(where + " L(R(i)) = L(" + std::to_string(x) + ") = " + y.str() + " instead of " +
                                   std::to_string(i));
    j.index = i;
    j.claimed_value = y.str();
    j.expected_value = std::to_string(i);
    return j;
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

// The modes of coalesce(L) of non-zero stride, sorted by stride, with their index strides (the
// product of the sizes of the modes before them): CuTe's left_inverse works on coalesce(L).
std::vector<Active> active_modes(Layout const& l) {
  Layout c = coalesce(l);
  std::vector<Active> all;
  i64 p = 1;
  for (auto const& m : leaf_modes(c)) {
    i64 s = m.shape.value;
    all.push_back(Active{s, m.stride.value.scalar(), p});
    p = mul(p, s);
  }
  // Sorted by stride in CuTe's order: its exchange sort over every mode of coalesce(L)
  // (cute/int_tuple.hpp detail::exchange_sort, used by left_inverse's SortByKey), which is not
  // stable: with stride-0 modes among them, tied strides can come out swapped, and for a
  // non-injective L the tie order decides whether the construction is a quasi-inverse.
  for (size_t i = 0; i < all.size(); ++i)
    for (size_t j = i + 1; j < all.size(); ++j)
      if (all[j].d < all[i].d) std::swap(all[i], all[j]);
  std::vector<Active> a;
  for (auto const& x : all)
    if (x.s > 1 && x.d != 0) a.push_back(x);
  return a;
}

// CuTe's mixed-radix left inverse over the sorted modes:
// coalesce((d0, d1/d0, ..., da/d(a-1), sa) : (0, p0, ..., pa)). @pre d(k) | d(k+1)
Layout mixed_radix(std::vector<Active> const& a) {
  if (a.empty()) return Layout(IntTuple(1), Stride(Value(0)));
  std::vector<IntTuple> s;
  std::vector<Stride> d;
  s.emplace_back(a[0].d);
  d.emplace_back(Value(0));
  for (size_t k = 1; k < a.size(); ++k) {
    s.emplace_back(a[k].d / a[k - 1].d);
    d.emplace_back(Value(a[k - 1].p));
  }
  s.emplace_back(a.back().s);
  d.emplace_back(Value(a.back().p));
  return coalesce(Layout(IntTuple::tuple(std::move(s)), Stride::tuple(std::move(d))));
}

// The first index i of L where L(R(L(i))) != L(i), R and L extended past their sizes as CuTe
// evaluates them (docs/semantics.md); with the description of the failure.
struct ContractFailure {
  i64 index;
  std::string what;
  bool extended;
};
std::optional<ContractFailure> contract_failure(Layout const& l, Layout const& r, bool& extended) {
  auto lv = tabulate(l);
  FlatLayout fr(r), fl(l);
  i64 nr = size(r), nl = size(l);
  extended = false;
  for (size_t i = 0; i < lv.size(); ++i) {
    i64 x = lv[i].scalar();
    auto where = [&] { return "at index " + std::to_string(i) + " of L (coordinate " + str(idx2crd(static_cast<i64>(i), l.shape)) + ")"; };
    if (x < 0) return ContractFailure{static_cast<i64>(i), where() + " L = " + std::to_string(x) + " is negative; R is not defined there", false};
    Value ry = fr(x, true);
    i64 y = ry.scalar();
    bool ext = x >= nr || y >= nl;
    extended = extended || ext;
    if (!ry.is_integer() || y < 0 || fl(y, true) != lv[i])
      return ContractFailure{static_cast<i64>(i),
                             where() + " L(R(L(i))) = L(R(" + std::to_string(x) + ")) = L(" + ry.str() + ")" +
                                 (ry.is_integer() && y >= 0 ? " = " + fl(y, true).str() : std::string(" (undefined)")) +
                                 " instead of L(i) = " + std::to_string(x),
                             ext};
  }
  return std::nullopt;
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
  // CuTe's construction needs each sorted stride of coalesce(L) to divide the next.
  for (size_t k = 1; k < a.size(); ++k)
    if (a[k].d % a[k - 1].d != 0)
      return Admissibility::no("left_inverse.stride_divisibility",
                               "the stride " + std::to_string(a[k - 1].d) + " of coalesce(L) does not divide the next larger stride " +
                                   std::to_string(a[k].d) + " (CuTe's left inverse divisibility condition)");
  // The construction is a left inverse (a quasi-inverse for a non-injective L) iff it satisfies
  // the contract; it does whenever L is injective (then s_k*d_k <= d_(k+1) on the sorted modes).
  bool extended = false;
  if (auto f = contract_failure(l, mixed_radix(a), extended))
    return Admissibility::no("left_inverse.injective",
                             str(l) + " is not injective and CuTe's construction R = " + str(mixed_radix(a)) +
                                 " is not a quasi-inverse: " + f->what);
  return adm;
}

Layout left_inverse(Layout const& l) {
  is_left_inverse_admissible(l).require();
  return mixed_radix(active_modes(l));
}

Judgement check_left_inverse(Layout const& l, Claim const& claimed) {
  Admissibility adm = is_left_inverse_admissible(l);
  if (claimed.error) {
    if (!adm.ok) return Judgement::right("no result: " + adm.message());
    return Judgement::wrong("refused an admissible input");
  }
  if (!adm.ok && (adm.condition == "left_inverse.integer_strides" || adm.condition == "left_inverse.negative_stride"))
    return Judgement::wrong("the input has no result (" + adm.message() + ") but a layout was claimed");
  if (!has_integer_strides(claimed.layout)) return Judgement::wrong("the claimed left inverse has basis strides");
  bool extended = false;
  if (auto f = contract_failure(l, claimed.layout, extended)) {
    Judgement j = Judgement::wrong(f->what);
    j.index = f->index;
    j.depends_on_extension = f->extended;
    return j;
  }
  std::string ext = extended ? "L(i) or R(L(i)) lies past the layout's size there; both are extended along their last mode" : "";
  Judgement j = Judgement::right(ext);
  j.depends_on_extension = extended;
  if (!adm.ok)
    j.detail = "satisfies the contract although CuTe's construction has no result (" + adm.message() + ")" +
               (ext.empty() ? "" : "; " + ext);
  return j;
}

}  // namespace layoutref::spec
