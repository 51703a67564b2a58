#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>

namespace layoutref::spec {

char const* name(DivideKind k) {
  switch (k) {
    case DivideKind::logical: return "logical_divide";
    case DivideKind::zipped: return "zipped_divide";
    case DivideKind::tiled: return "tiled_divide";
    case DivideKind::flat: return "flat_divide";
  }
  return "divide";
}

Reference trivial_reference() {
  Reference r;
  r.pattern.id = 0;
  r.pattern.size = 1;
  r.tables.push_back({Value(0)});
  return r;
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

namespace {

Layout tile_with_complement(Layout const& a, Layout const& b) {
  Layout rest = complement(b, size(a));
  return Layout(IntTuple::tuple({b.shape, rest.shape}), Stride::tuple({b.stride, rest.stride}));
}

Admissibility admissible(Layout const& a, Tiler const& t) {
  validate_shape(a.shape, "shape of A");
  switch (t.kind) {
    case Tiler::Kind::underscore: return Admissibility::yes();
    case Tiler::Kind::layout: {
      Admissibility c = is_complement_admissible(t.layout, size(a));
      if (!c.ok) {
        c.witness = "complement(" + str(t.layout) + ", " + std::to_string(size(a)) + "): " + c.witness;
        return c;
      }
      Admissibility r = is_composition_admissible(a, tile_with_complement(a, t.layout));
      for (auto& n : c.notes) r.notes.insert(r.notes.begin(), "complement: " + n);
      return r;
    }
    case Tiler::Kind::tuple: {
      if (t.rank() > rank(a))
        return Admissibility::no("divide.tiler_rank", "the tiler " + t.str() + " has " + std::to_string(t.rank()) +
                                                          " modes but A = " + str(a) + " has " + std::to_string(rank(a)));
      auto m = modes(a);
      Admissibility all;
      for (size_t i = 0; i < t.items.size(); ++i) {
        Admissibility sub = admissible(m[i], t.items[i]);
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

// logical_divide's reference; with `pairs`, a `_` gives the (whole mode, size-1 rest) pair the
// zipped forms need.
Reference logical_reference(Layout const& a, Tiler const& t, bool pairs) {
  switch (t.kind) {
    case Tiler::Kind::underscore:
      if (pairs) return concat({layout_reference(a), trivial_reference()});
      return layout_reference(a);
    case Tiler::Kind::layout: return composition_reference(a, tile_with_complement(a, t.layout));
    case Tiler::Kind::tuple: {
      auto m = modes(a);
      std::vector<Reference> parts;
      for (size_t i = 0; i < m.size(); ++i)
        parts.push_back(i < t.items.size() ? logical_reference(m[i], t.items[i], pairs) : layout_reference(m[i]));
      return concat(std::move(parts));
    }
  }
  return layout_reference(a);
}

}  // namespace

Admissibility is_divide_admissible(Layout const& a, Tiler const& t) { return admissible(a, t); }

Reference divide_reference(DivideKind kind, Layout const& a, Tiler const& t) {
  if (t.kind == Tiler::Kind::tuple && t.rank() > rank(a)) admissible(a, t).require();
  if (kind == DivideKind::logical) return logical_reference(a, t, false);
  Reference r = logical_reference(a, t, true);
  Pattern z = zip2_by(r.pattern, t);
  if (kind == DivideKind::zipped) return with_pattern(std::move(r), std::move(z));
  return with_pattern(std::move(r), unpack(z, kind == DivideKind::flat));
}

Layout divide(DivideKind kind, Layout const& a, Tiler const& t) {
  admissible(a, t).require();
  return materialize(divide_reference(kind, a, t), std::string(name(kind)) + ".not_representable");
}

Judgement check_divide(DivideKind kind, Layout const& a, Tiler const& t, Claim const& claimed) {
  return judge_with(admissible(a, t), claimed, [&] { return divide_reference(kind, a, t); });
}

}  // namespace layoutref::spec
