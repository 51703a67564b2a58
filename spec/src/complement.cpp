#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>

#include <algorithm>
#include <unordered_set>

namespace layoutref::spec {

namespace {

struct Mode {
  i64 s;
  i64 d;
};

// The modes of size > 1 and non-zero stride, sorted by stride (then size).
std::vector<Mode> sorted_modes(Layout const& a) {
  std::vector<Mode> m;
  for (auto const& x : leaf_modes(a)) {
    i64 s = x.shape.value;
    if (s < 1) bad_argument("complement of " + str(a) + ": a mode has size " + std::to_string(s));
    Value const& d = x.stride.value;
    if (s == 1 || d.is_zero()) continue;
    m.push_back(Mode{s, d.is_integer() ? d.scalar() : 0});
  }
  std::stable_sort(m.begin(), m.end(), [](Mode const& x, Mode const& y) { return x.d < y.d || (x.d == y.d && x.s < y.s); });
  return m;
}

std::string modes_text(std::vector<Mode> const& m) {
  std::string s;
  for (auto const& x : m) s += (s.empty() ? "" : ", ") + std::to_string(x.s) + ":" + std::to_string(x.d);
  return s.empty() ? "none" : s;
}

i64 span(std::vector<Mode> const& m) { return m.empty() ? 1 : mul(m.back().s, m.back().d); }

// The image of A on its non-trivial modes (a set when A is admissible).
std::vector<i64> image(std::vector<Mode> const& m) {
  std::vector<i64> img{0};
  for (auto const& x : m) {
    require_table(mul(static_cast<i64>(img.size()), x.s), "the image of the layout");
    std::vector<i64> next;
    next.reserve(img.size() * static_cast<size_t>(x.s));
    for (i64 c = 0; c < x.s; ++c)
      for (i64 v : img) next.push_back(add(v, mul(c, x.d)));
    img = std::move(next);
  }
  return img;
}

}  // namespace

i64 default_cotarget(Layout const& a) {
  i64 hi = 0;
  for (auto const& x : sorted_modes(a))
    if (x.d > 0) hi = add(hi, mul(x.s - 1, x.d));  // negative strides are refused by admissibility
  return add(hi, 1);
}

Admissibility is_complement_admissible(Layout const& a, i64 cotarget) {
  validate_shape(a.shape, "shape of A");
  if (cotarget < 1) bad_argument("complement: the cotarget " + std::to_string(cotarget) + " must be >= 1");
  for (auto const& v : leaves(a.stride))
    if (!v.is_integer())
      return Admissibility::no("complement.integer_strides", "A = " + str(a) + " has the basis stride " + v.str());
  auto m = sorted_modes(a);
  for (auto const& x : m)
    if (x.d < 0)
      return Admissibility::no("complement.negative_stride",
                               "A = " + str(a) + " has the mode " + std::to_string(x.s) + ":" + std::to_string(x.d));
  for (size_t i = 1; i < m.size(); ++i) {
    i64 prev = mul(m[i - 1].s, m[i - 1].d);
    if (m[i].d % prev != 0)
      return Admissibility::no(
          "complement.stride_divisibility",
          "modes of A sorted by stride: " + modes_text(m) + "; N" + std::to_string(i - 1) + "*d" + std::to_string(i - 1) +
              " = " + std::to_string(m[i - 1].s) + "*" + std::to_string(m[i - 1].d) + " = " + std::to_string(prev) +
              " does not divide d" + std::to_string(i) + " = " + std::to_string(m[i].d));
  }
  Admissibility adm;
  i64 sp = span(m);
  if (cotarget % sp != 0)
    adm.notes.push_back("the cotarget " + std::to_string(cotarget) + " is not a multiple of N*d = " + std::to_string(sp) +
                        " of the largest mode (Shah's N(a)*d(a) | M); rounded up to " +
                        std::to_string(round_up(cotarget, sp)) + " as CuTe's ceil_div does");
  return adm;
}

Reference complement_reference(Layout const& a, i64 cotarget) {
  is_complement_admissible(a, cotarget).require();
  auto m = sorted_modes(a);
  i64 target = round_up(cotarget, span(m));
  require_table(target, "complement(" + str(a) + ", " + std::to_string(cotarget) + ")");
  std::vector<i64> img = image(m);
  std::vector<bool> covered(static_cast<size_t>(target), false);
  std::vector<Value> t;
  for (i64 x = 0; x < target; ++x) {
    if (covered[static_cast<size_t>(x)]) continue;
    t.emplace_back(x);
    for (i64 v : img) {
      i64 y = add(x, v);
      if (y >= target || covered[static_cast<size_t>(y)])
        throw std::logic_error("complement: the image of an admissible layout does not tile the interval");
      covered[static_cast<size_t>(y)] = true;
    }
  }
  Reference r;
  r.pattern.id = 0;
  r.pattern.size = static_cast<i64>(t.size());
  r.tables.push_back(std::move(t));
  return r;
}

Layout complement(Layout const& a, i64 cotarget) {
  return materialize(complement_reference(a, cotarget), "complement.not_representable");
}

Layout complement(Layout const& a) { return complement(a, default_cotarget(a)); }

i64 effective_cotarget(Layout const& a, IntTuple const& cotarget) {
  validate_shape(cotarget, "cotarget");
  if (cotarget.leaf) return cotarget.value;
  i64 sp = span(sorted_modes(a));
  i64 rest = sp, q = 1;
  for (i64 mk : leaves(cotarget)) {
    q = mul(q, ceil_div(mk, rest));
    rest = ceil_div(rest, mk);
  }
  return mul(sp, q);
}

Admissibility is_complement_admissible(Layout const& a, IntTuple const& cotarget) {
  validate_shape(cotarget, "cotarget");
  if (cotarget.leaf) return is_complement_admissible(a, cotarget.value);
  // The conditions on A first: span() presumes them.
  Admissibility adm = is_complement_admissible(a, size(cotarget));
  if (!adm.ok) return adm;
  i64 m = effective_cotarget(a, cotarget);
  i64 want = size(cotarget);
  if (m < want)
    return Admissibility::no("complement.cotarget_bound",
                             "CuTe divides the cotarget " + str(cotarget) + " by N*d = " + std::to_string(span(sorted_modes(a))) +
                                 " mode by mode, so (A, R) covers [0," + std::to_string(m) +
                                 ") and cosize(make_layout(A, R)) = " + std::to_string(m) + " < size(cotarget) = " +
                                 std::to_string(want));
  Admissibility out;
  out.notes.push_back("the cotarget " + str(cotarget) + " divided mode by mode as CuTe's ceil_div does: (A, R) covers [0," +
                      std::to_string(m) + ")");
  return out;
}

Layout complement(Layout const& a, IntTuple const& cotarget) {
  is_complement_admissible(a, cotarget).require();
  return complement(a, effective_cotarget(a, cotarget));
}

Judgement check_complement(Layout const& a, IntTuple const& cotarget, Claim const& claimed) {
  if (cotarget.leaf) return check_complement(a, cotarget.value, claimed);
  Admissibility adm = is_complement_admissible(a, cotarget);
  if (!adm.ok && adm.condition == "complement.cotarget_bound") {
    if (claimed.error) return Judgement::right("no result: " + adm.message());
    return Judgement::wrong("the input has no result (" + adm.message() + ") but a layout was claimed");
  }
  if (!adm.ok) return check_complement(a, size(cotarget), claimed);  // the condition on A, named there
  Judgement j = check_complement(a, effective_cotarget(a, cotarget), claimed);
  return j;
}

Judgement check_complement(Layout const& a, i64 cotarget, Claim const& claimed) {
  Admissibility adm = is_complement_admissible(a, cotarget);
  if (adm.ok) {
    Reference ref = complement_reference(a, cotarget);
    return judge_claim(adm, claimed, &ref);
  }
  if (claimed.error) return Judgement::right("no result: " + adm.message());
  // Name the first property of the CuTe docs the claimed layout breaks.
  std::string why = "the input has no result (" + adm.message() + ")";
  if (!has_integer_strides(claimed.layout)) return Judgement::wrong(why + " and the claimed layout has basis strides");
  auto r = tabulate(claimed.layout);
  for (size_t i = 1; i < r.size(); ++i)
    if (r[i].scalar() <= r[i - 1].scalar()) {
      Judgement j = Judgement::wrong("R is not increasing: R(" + std::to_string(i - 1) + ") = " + r[i - 1].str() +
                                     ", R(" + std::to_string(i) + ") = " + r[i].str() + "; " + why);
      j.index = static_cast<i64>(i);
      return j;
    }
  if (adm.condition == "complement.stride_divisibility" || adm.condition == "complement.negative_stride") {
    auto img = image(sorted_modes(a));
    require_table(mul(static_cast<i64>(img.size()), static_cast<i64>(r.size())), "the image of (A, R)");
    std::unordered_set<i64> seen;
    for (size_t j = 0; j < r.size(); ++j)
      for (i64 v : img) {
        i64 y = add(v, r[j].scalar());
        if (!seen.insert(y).second) {
          Judgement jg = Judgement::wrong("(A, R) is not injective: the value " + std::to_string(y) +
                                          " is reached twice (R(" + std::to_string(j) + ") = " + r[j].str() + "); " + why);
          jg.index = static_cast<i64>(j);
          return jg;
        }
      }
    for (i64 x = 0; x < cotarget; ++x)
      if (!seen.count(x))
        return Judgement::wrong(std::to_string(x) + " in [0," + std::to_string(cotarget) +
                                ") is not in the image of (A, R); " + why);
  }
  return Judgement::wrong(why + " but a layout was claimed");
}

}  // namespace layoutref::spec
