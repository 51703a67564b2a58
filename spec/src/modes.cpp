#include <layoutref/spec/modes.hpp>

#include <functional>

namespace layoutref::spec {

namespace {

// The layout of the given modes, as a tuple.
Layout tuple_of(std::vector<Layout> const& parts) {
  std::vector<IntTuple> shapes;
  std::vector<Stride> strides;
  for (auto const& p : parts) {
    shapes.push_back(p.shape);
    strides.push_back(p.stride);
  }
  return Layout(IntTuple::tuple(std::move(shapes)), Stride::tuple(std::move(strides)));
}

void require_range(char const* op, Layout const& l, int b, int e, bool allow_empty) {
  int r = rank(l);
  bool ok = 0 <= b && (allow_empty ? b <= e : b < e) && e <= r;
  if (!ok)
    bad_argument(std::string(op) + ": the mode range [" + std::to_string(b) + "," + std::to_string(e) + ") is not " +
                 (allow_empty ? "" : "a non-empty ") + "range within the " + std::to_string(r) + " modes of " + str(l));
}

void require_padding(char const* op, Layout const& l, int n) {
  if (n < rank(l))
    bad_argument(std::string(op) + ": cannot pad " + str(l) + " of rank " + std::to_string(rank(l)) + " to rank " +
                 std::to_string(n));
}

}  // namespace

Layout flatten(Layout const& l) { return Layout(flatten(l.shape), flatten(l.stride)); }

Layout group(Layout const& l, int b, int e) {
  require_range("group", l, b, e, true);
  std::vector<Layout> m = modes(l);  // an integral layout is its own single mode
  std::vector<Layout> out(m.begin(), m.begin() + b);
  if (b < e) out.push_back(tuple_of(std::vector<Layout>(m.begin() + b, m.begin() + e)));
  out.insert(out.end(), m.begin() + e, m.end());
  return tuple_of(out);
}

Layout take(Layout const& l, int b, int e) {
  require_range("take", l, b, e, false);
  std::vector<Layout> m = modes(l);
  return tuple_of(std::vector<Layout>(m.begin() + b, m.begin() + e));
}

Layout select(Layout const& l, std::vector<int> const& indices) {
  std::vector<Layout> m = modes(l);
  std::vector<Layout> out;
  for (int i : indices) {
    if (i < 0 || i >= rank(l))
      bad_argument("select: mode " + std::to_string(i) + " is not among the " + std::to_string(rank(l)) + " modes of " +
                   str(l));
    out.push_back(m[static_cast<size_t>(i)]);
  }
  return tuple_of(out);
}

Layout append(Layout const& l, Layout const& x) {
  std::vector<Layout> m = modes(l);
  m.push_back(x);
  return tuple_of(m);
}

Layout append(Layout const& l, int n, Layout const& x) {
  require_padding("append", l, n);
  if (n == rank(l)) return l;
  std::vector<Layout> m = modes(l);
  m.resize(static_cast<size_t>(n), x);
  return tuple_of(m);
}

Layout prepend(Layout const& l, Layout const& x) {
  std::vector<Layout> m = modes(l);
  m.insert(m.begin(), x);
  return tuple_of(m);
}

Layout prepend(Layout const& l, int n, Layout const& x) {
  require_padding("prepend", l, n);
  if (n == rank(l)) return l;
  std::vector<Layout> m = modes(l);
  m.insert(m.begin(), static_cast<size_t>(n - rank(l)), x);
  return tuple_of(m);
}

Layout unflatten(Layout const& flat, IntTuple const& profile) {
  std::vector<Layout> m = modes(flat);
  if (static_cast<int>(m.size()) != leaf_count(profile))
    bad_argument("unflatten: " + str(flat) + " has " + std::to_string(m.size()) + " modes but the profile " +
                 str(profile) + " has " + std::to_string(leaf_count(profile)) + " leaves");
  size_t next = 0;
  std::function<Layout(IntTuple const&)> go = [&](IntTuple const& p) -> Layout {
    if (p.leaf) return m[next++];
    std::vector<Layout> items;
    for (auto const& x : p.items) items.push_back(go(x));
    return tuple_of(items);
  };
  return go(profile);
}

}  // namespace layoutref::spec
