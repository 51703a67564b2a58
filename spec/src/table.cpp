#include <layoutref/spec/table.hpp>

namespace layoutref::spec {

namespace {
i64 g_table_limit = i64{1} << 24;
}

i64 table_limit() { return g_table_limit; }

i64 set_table_limit(i64 entries) {
  if (entries < 1) bad_argument("table limit must be >= 1, got " + std::to_string(entries));
  i64 old = g_table_limit;
  g_table_limit = entries;
  return old;
}

void require_table(i64 n, std::string const& what) {
  if (n > g_table_limit)
    throw Error(Error::Kind::table_limit, what + " would need a function table of " + std::to_string(n) +
                                              " entries, past the bound of " + std::to_string(g_table_limit) +
                                              " (raise it with --table-limit)");
}

FlatLayout::FlatLayout(Layout const& l) : shape(leaves(l.shape)), stride(leaves(l.stride)) {
  for (i64 s : shape)
    if (s < 1) bad_argument("layout " + str(l) + " has a mode of size " + std::to_string(s));
}

i64 FlatLayout::size() const {
  i64 n = 1;
  for (i64 s : shape) n = mul(n, s);
  return n;
}

Value FlatLayout::operator()(i64 i, bool extended) const {
  if (i < 0) bad_argument("negative index " + std::to_string(i));
  Value v;
  for (size_t k = 0; k < shape.size(); ++k) {
    i64 c;
    if (k + 1 == shape.size()) {
      if (!extended && i >= shape[k]) bad_argument("index is outside the domain of the layout");
      c = i;
    } else {
      c = i % shape[k];
      i /= shape[k];
    }
    if (c != 0) v = v + c * stride[k];
  }
  if (shape.empty() && i != 0 && !extended) bad_argument("index is outside the domain of the layout");
  return v;
}

std::vector<Value> tabulate(Layout const& l) {
  FlatLayout f(l);
  i64 n = f.size();
  require_table(n, "the function of " + str(l));
  std::vector<Value> t;
  t.reserve(static_cast<size_t>(n));
  for (i64 i = 0; i < n; ++i) t.push_back(f(i));
  return t;
}

std::optional<Layout> factor(std::vector<Value> const& table) {
  if (table.empty() || !table[0].is_zero()) return std::nullopt;
  std::vector<IntTuple> shapes;
  std::vector<Stride> strides;
  std::vector<Value> g = table;
  while (g.size() > 1) {
    i64 n = static_cast<i64>(g.size());
    Value d = g[1] - g[0];
    i64 len = 2;
    while (len < n && g[static_cast<size_t>(len)] == len * d) ++len;
    if (n % len != 0) return std::nullopt;
    i64 rest = n / len;
    std::vector<Value> h(static_cast<size_t>(rest));
    for (i64 j = 0; j < rest; ++j) h[static_cast<size_t>(j)] = g[static_cast<size_t>(j * len)];
    for (i64 j = 0; j < rest; ++j)
      for (i64 i = 1; i < len; ++i)
        if (g[static_cast<size_t>(i + len * j)] != g[static_cast<size_t>(i)] + h[static_cast<size_t>(j)]) return std::nullopt;
    shapes.emplace_back(len);
    strides.emplace_back(d);
    g = std::move(h);
  }
  if (shapes.empty()) return Layout(IntTuple(1), Stride(Value(0)));
  if (shapes.size() == 1) return Layout(shapes[0], strides[0]);
  return Layout(IntTuple::tuple(std::move(shapes)), Stride::tuple(std::move(strides)));
}

}  // namespace layoutref::spec
