#include "internal.hpp"
#include <layoutref/proofs/terms.hpp>

#include <functional>
#include <string>
#include <vector>

namespace layoutref::proofs {

// bijective_onto: F's values (coordinates, `x@k`) reach every coordinate of
// the shape S exactly once. Component k of every value lies in [0, S_k) (image_within, else the
// mixed-radix lemma through bijective onto [0, S_k)); given that, F is such a bijection exactly
// when its colexicographic index F' = sum_k x_k * S_0 * ... * S_{k-1} (a layout with integer
// strides) is a bijection onto [0, S_0 * ... * S_{r-1}), which is then asked.
Answer bijective_onto(Setting const& s, Fn const& f, std::vector<z3::expr> const& shape) {
  z3::context& c = *s.ctx;
  std::string target = "(";
  for (size_t k = 0; k < shape.size(); ++k) target += (k ? "," : "") + term_text(shape[k]);
  target += ")";
  if (shape.empty()) throw InputError("bijective(F, S): S has no modes");
  if (f.kind != Fn::Kind::layout) throw InputError("bijective(F, " + target + "): F must be a layout or a coordinate tensor");
  LeafLayout const& l = f.layout;
  std::vector<SymValue> values(l.stride.begin(), l.stride.end());
  if (l.offset) values.push_back(*l.offset);
  for (auto const& v : values)
    for (auto const& part : v.parts()) {
      auto const& p = part.first;
      if (p.empty()) {
        if (!normalizes_to(part.second, 0))
          throw InputError("bijective(F, " + target + "): F's values have an integer part (" + term_text(part.second) +
                         "); a shape target takes coordinate values (x@0, x@1, ...), an integer target bijective(F, N) integer values");
        continue;
      }
      if (p.size() != 1 || p[0] < 0 || static_cast<size_t>(p[0]) >= shape.size())
        throw InputError("bijective(F, " + target + "): F's values have a component at @" + std::to_string(p.back()) +
                       (p.size() == 1 ? std::string() : " (nested)") + ", outside the flat shape of rank " + std::to_string(shape.size()));
    }
  auto component = [&](SymValue const& v, int k) {
    auto it = v.parts().find(spec::Path{k});
    return it == v.parts().end() ? c.int_val(0) : it->second;
  };
  auto project = [&](std::function<z3::expr(SymValue const&)> const& map) {
    LeafLayout out = l;
    for (size_t i = 0; i < l.stride.size(); ++i) out.stride[i] = SymValue(simplified(map(l.stride[i])));
    if (l.offset) out.offset = SymValue(simplified(map(*l.offset)));
    return out;
  };
  std::string within;
  for (size_t k = 0; k < shape.size(); ++k) {
    Fn ck = Fn::of(project([&](SymValue const& v) { return component(v, static_cast<int>(k)); }));
    Answer a = image_within(s, ck, c.int_val(0), shape[k]);
    if (a.status != Status::proved) {
      Answer b = bijective(s, ck, shape[k]);
      if (b.status == Status::proved) a = b;
    }
    if (a.status != Status::proved) {
      a.reason = "component " + std::to_string(k) + " (@" + std::to_string(k) + ") of F's values must lie in [0, " + term_text(shape[k]) +
                 ")" + (a.status == Status::refuted ? ", and does not (the counterexample is that component alone)" : "") +
                 (a.reason.empty() ? "" : ": " + a.reason);
      return a;
    }
    within += (within.empty() ? "" : ", ") + std::to_string(k) + (a.lemma.empty() ? "" : " (" + a.lemma + ")");
  }
  LeafLayout lin = project([&](SymValue const& v) {
    z3::expr sum = c.int_val(0), prefix = c.int_val(1);
    for (size_t k = 0; k < shape.size(); ++k) {
      sum = sum + component(v, static_cast<int>(k)) * prefix;
      prefix = prefix * shape[k];
    }
    return sum;
  });
  z3::expr n = c.int_val(1);
  for (auto const& e : shape) n = n * e;
  Answer b = bijective(s, Fn::of(lin), simplified(n));
  b.reason = "every component of F's values lies within " + target + " (proved for components " + within +
             "), so F is a bijection onto the coordinates of " + target + " exactly when its colexicographic index F' = " +
             layout_text(lin) + " is one onto [0, " + term_text(simplified(n)) + ")" + (b.reason.empty() ? "" : ": " + b.reason);
  return b;
}

}  // namespace layoutref::proofs
