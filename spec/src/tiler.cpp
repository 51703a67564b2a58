#include <layoutref/spec/tiler.hpp>

namespace layoutref::spec {

Tiler Tiler::of(Layout l) {
  Tiler t;
  t.kind = Kind::layout;
  t.layout = std::move(l);
  return t;
}

Tiler Tiler::underscore() { return Tiler{}; }

Tiler Tiler::tuple(std::vector<Tiler> items) {
  Tiler t;
  t.kind = Kind::tuple;
  t.items = std::move(items);
  return t;
}

Tiler Tiler::shape(IntTuple const& s) {
  if (s.leaf) return of(Layout(IntTuple(s.value), Stride(Value(1))));
  std::vector<Tiler> items;
  for (auto const& x : s.items) items.push_back(shape(x));
  return tuple(std::move(items));
}

std::string Tiler::str() const {
  switch (kind) {
    case Kind::layout: return spec::str(layout);
    case Kind::underscore: return "_";
    case Kind::tuple: {
      std::string s = "(";
      for (size_t i = 0; i < items.size(); ++i) s += (i ? "," : "") + items[i].str();
      return s + ")";
    }
  }
  return {};
}

}  // namespace layoutref::spec
