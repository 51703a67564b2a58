#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/composition.hpp>

namespace layoutref::spec {

namespace {

// The layout made of L's leaf modes of non-zero stride and size > 1, flat; 1:0 if none.
Layout nonzero_modes(Layout const& l) {
  std::vector<IntTuple> s;
  std::vector<Stride> d;
  for (auto const& m : leaf_modes(l)) {
    if (m.shape.value < 1) bad_argument("layout " + str(l) + " has a mode of size " + std::to_string(m.shape.value));
    if (m.shape.value == 1 || m.stride.value.is_zero()) continue;
    s.push_back(m.shape);
    d.push_back(m.stride);
  }
  if (s.empty()) return Layout(IntTuple(1), Stride(Value(0)));
  return Layout(IntTuple::tuple(std::move(s)), Stride::tuple(std::move(d)));
}

// A single-leaf reference with the function of l.
Reference function_reference(Layout const& l) {
  Reference r;
  r.pattern.id = 0;
  r.pattern.size = size(l);
  r.tables.push_back(tabulate(l));
  return r;
}

// How a mode is treated by a by-mode coalesce/filter.
enum class Treat { flatten_coalesce, flatten_filter, keep };

// The reference for op(l, profile) and, alongside, which top-level modes must be flat.
Reference by_mode_reference(Layout const& l, IntTuple const& profile, Treat leaf_treat) {
  if (profile.leaf) {
    return function_reference(leaf_treat == Treat::flatten_filter ? nonzero_modes(l) : l);
  }
  if (rank(profile) > rank(l))
    throw Error(Error::Kind::inadmissible,
                "profile " + str(profile) + " has more modes than " + str(l), "coalesce.profile_rank");
  auto m = modes(l);
  std::vector<Reference> parts;
  for (size_t i = 0; i < m.size(); ++i) {
    if (i < profile.items.size())
      parts.push_back(by_mode_reference(m[i], profile.items[i], leaf_treat));
    else
      parts.push_back(layout_reference(m[i]));
  }
  return concat(std::move(parts));
}

// Depth <= 1 at every place the profile has a leaf; remarks on modes that could merge further.
std::optional<std::string> flatness(Layout const& claimed, IntTuple const& profile, std::string& remark,
                                    bool filtering, Layout const& input) {
  if (profile.leaf) {
    if (depth(claimed) > 1) return "the result " + str(claimed) + " is not flat (depth " + std::to_string(depth(claimed)) + ")";
    Layout best = filtering ? coalesce(nonzero_modes(input)) : coalesce(input);
    if (rank(claimed) > rank(best) && remark.empty())
      remark = "not fully coalesced: " + str(claimed) + " has " + std::to_string(rank(claimed)) + " modes, " + str(best) +
               " has " + std::to_string(rank(best));
    return std::nullopt;
  }
  if (claimed.shape.leaf || claimed.shape.items.size() != static_cast<size_t>(rank(input)))
    return "the result " + str(claimed) + " does not keep the " + std::to_string(rank(input)) + " modes of " + str(input);
  auto cm = modes(claimed);
  auto im = modes(input);
  for (size_t i = 0; i < profile.items.size(); ++i)
    if (auto e = flatness(cm[i], profile.items[i], remark, filtering, im[i])) return "mode " + std::to_string(i) + ": " + *e;
  return std::nullopt;
}

Judgement check_by_mode(Layout const& l, IntTuple const& profile, Claim const& claimed, bool filtering) {
  Admissibility adm = is_coalesce_admissible(l, profile);
  if (!adm.ok) return judge_claim(adm, claimed, nullptr);
  Reference ref = by_mode_reference(l, profile, filtering ? Treat::flatten_filter : Treat::flatten_coalesce);
  Judgement j = judge_claim(adm, claimed, &ref);
  if (!j.correct || claimed.error) return j;
  std::string remark;
  if (auto e = flatness(claimed.layout, profile, remark, filtering, l)) return Judgement::wrong(*e);
  if (!remark.empty()) j.detail = j.detail.empty() ? remark : j.detail + "; " + remark;
  return j;
}

}  // namespace

Layout coalesce(Layout const& l) {
  validate_shape(l.shape, "shape");
  auto f = factor(tabulate(l));
  if (!f) throw std::logic_error("coalesce: the function of a layout did not factor");
  return *f;
}

Admissibility is_coalesce_admissible(Layout const& l, IntTuple const& profile) {
  validate_shape(l.shape, "shape");
  if (!profile.leaf && rank(profile) > rank(l))
    return Admissibility::no("coalesce.profile_rank", "the profile " + str(profile) + " has " +
                                                           std::to_string(rank(profile)) + " modes but " + str(l) +
                                                           " has " + std::to_string(rank(l)));
  if (!profile.leaf) {
    auto m = modes(l);
    for (size_t i = 0; i < profile.items.size(); ++i) {
      auto sub = is_coalesce_admissible(m[i], profile.items[i]);
      if (!sub.ok) return sub;
    }
  }
  return Admissibility::yes();
}

namespace {
// op applied at the leaves of the profile: mode i of l against profile_i, other modes kept.
Layout at_profile(Layout const& l, IntTuple const& profile, Layout (*op)(Layout const&)) {
  is_coalesce_admissible(l, profile).require();
  if (profile.leaf) return op(l);
  auto m = modes(l);
  std::vector<IntTuple> s;
  std::vector<Stride> d;
  for (size_t i = 0; i < m.size(); ++i) {
    Layout r = i < profile.items.size() ? at_profile(m[i], profile.items[i], op) : m[i];
    s.push_back(r.shape);
    d.push_back(r.stride);
  }
  return Layout(IntTuple::tuple(std::move(s)), Stride::tuple(std::move(d)));
}
}  // namespace

Layout coalesce(Layout const& l, IntTuple const& profile) {
  return at_profile(l, profile, [](Layout const& x) { return coalesce(x); });
}

Layout filter_zeros(Layout const& l) {
  validate_shape(l.shape, "shape");
  std::vector<i64> s = leaves(l.shape);
  std::vector<Value> d = leaves(l.stride);
  for (size_t k = 0; k < s.size(); ++k)
    if (d[k].is_zero()) s[k] = 1;
  return Layout(unflatten(s, l.shape), l.stride);
}

Layout filter(Layout const& l) {
  validate_shape(l.shape, "shape");
  return coalesce(nonzero_modes(l));
}

Layout filter(Layout const& l, IntTuple const& profile) {
  return at_profile(l, profile, [](Layout const& x) { return filter(x); });
}

Judgement check_coalesce(Layout const& l, Claim const& claimed) { return check_by_mode(l, IntTuple(1), claimed, false); }
Judgement check_coalesce(Layout const& l, IntTuple const& profile, Claim const& claimed) {
  return check_by_mode(l, profile, claimed, false);
}
Judgement check_filter(Layout const& l, Claim const& claimed) { return check_by_mode(l, IntTuple(1), claimed, true); }
Judgement check_filter(Layout const& l, IntTuple const& profile, Claim const& claimed) {
  return check_by_mode(l, profile, claimed, true);
}

Judgement check_filter_zeros(Layout const& l, Claim const& claimed) {
  Reference ref = layout_reference(filter_zeros(l));
  return judge_claim(Admissibility::yes(), claimed, &ref);
}

}  // namespace layoutref::spec
