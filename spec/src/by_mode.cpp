#include <layoutref/spec/by_mode.hpp>

namespace layoutref::spec {

Admissibility by_mode_admissible(ByMode const& op, Layout const& a, Tiler const& t) {
  validate_shape(a.shape, "shape of A");
  switch (t.kind) {
    case Tiler::Kind::underscore: return Admissibility::yes();
    case Tiler::Kind::layout: return op.leaf_admissible(a, t.layout);
    case Tiler::Kind::tuple: {
      if (t.rank() > rank(a))
        return Admissibility::no(op.op + ".tiler_rank", "the tiler " + t.str() + " has " + std::to_string(t.rank()) +
                                                             " modes but A = " + str(a) + " has " + std::to_string(rank(a)));
      auto m = modes(a);
      Admissibility all;
      for (size_t i = 0; i < t.items.size(); ++i) {
        Admissibility sub = by_mode_admissible(op, m[i], t.items[i]);
        if (!sub.ok) {
          sub.witness = "mode " + std::to_string(i) + ": " + sub.witness;
          return sub;
        }
        for (auto& n : sub.notes) all.notes.push_back("mode " + std::to_string(i) + ": " + n);
      }
      return all;
    }
  }
  return Admissibility::yes();
}

Reference trivial_reference() {
  Reference r;
  r.pattern.id = 0;
  r.pattern.size = 1;
  r.tables.push_back({Value(0)});
  return r;
}

Reference by_mode_reference(ByMode const& op, Layout const& a, Tiler const& t, bool pairs) {
  switch (t.kind) {
    case Tiler::Kind::underscore:
      if (pairs) return concat({layout_reference(a), trivial_reference()});
      return layout_reference(a);
    case Tiler::Kind::layout: return op.leaf_reference(a, t.layout);
    case Tiler::Kind::tuple: {
      if (t.rank() > rank(a)) by_mode_admissible(op, a, t).require();
      auto m = modes(a);
      std::vector<Reference> parts;
      for (size_t i = 0; i < m.size(); ++i) {
        if (i < t.items.size())
          parts.push_back(by_mode_reference(op, m[i], t.items[i], pairs));
        else if (op.keep_rest)
          parts.push_back(layout_reference(m[i]));
      }
      return concat(std::move(parts));
    }
  }
  return layout_reference(a);
}

Pattern zip2_by(Pattern const& p, Tiler const& t) {
  if (t.kind != Tiler::Kind::tuple) {
    if (p.leaf || p.items.size() != 2) throw std::logic_error("zip2_by: a tiled mode is not a (tile, rest) pair");
    return p;
  }
  if (p.leaf || p.items.size() < t.items.size()) throw std::logic_error("zip2_by: the pattern has fewer modes than the tiler");
  std::vector<Pattern> firsts, seconds;
  for (size_t i = 0; i < t.items.size(); ++i) {
    Pattern split = zip2_by(p.items[i], t.items[i]);
    firsts.push_back(split.items[0]);
    seconds.push_back(split.items[1]);
  }
  for (size_t i = t.items.size(); i < p.items.size(); ++i) seconds.push_back(p.items[i]);
  return Pattern::tuple({Pattern::tuple(std::move(firsts)), Pattern::tuple(std::move(seconds))});
}

namespace {
void splice(Pattern const& p, std::vector<Pattern>& out) {
  if (p.leaf) {
    Pattern q = p;
    q.run = true;
    out.push_back(q);
    return;
  }
  for (auto const& x : p.items) out.push_back(x);
}
}  // namespace

Pattern unpack(Pattern const& zipped, bool unpack_first) {
  if (zipped.leaf || zipped.items.size() != 2) throw std::logic_error("unpack: not a zipped pattern");
  std::vector<Pattern> items;
  if (unpack_first)
    splice(zipped.items[0], items);
  else
    items.push_back(zipped.items[0]);
  splice(zipped.items[1], items);
  return Pattern::tuple(std::move(items));
}

Reference arrange(ByMode const& op, Layout const& a, Tiler const& t, Arrangement how) {
  if (how == Arrangement::logical) return by_mode_reference(op, a, t, false);
  Reference r = by_mode_reference(op, a, t, true);
  Pattern z = zip2_by(r.pattern, t);
  if (how == Arrangement::zipped) return with_pattern(std::move(r), std::move(z));
  return with_pattern(std::move(r), unpack(z, how == Arrangement::flat));
}

}  // namespace layoutref::spec
