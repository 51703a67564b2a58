#include <layoutref/spec/table.hpp>

#include <algorithm>
#include <limits>

namespace layoutref::spec {

namespace {
i64 g_table_limit = i64{1} << 24;
}

i64 table_limit() { return g_table_limit; }

i64 table_memory_limit() { return g_table_limit > kTableMemoryLimitMax / kTableBytesPerEntry ? kTableMemoryLimitMax : g_table_limit * kTableBytesPerEntry; }

i64 set_table_limit(i64 entries) {
  if (entries < 1 || entries > kTableLimitMax)
    bad_argument("the table limit must be in 1.." + std::to_string(kTableLimitMax) + " entries (" +
                 std::to_string(kTableMemoryLimitMax) + " bytes at " + std::to_string(kTableBytesPerEntry) + " an entry), got " +
                 std::to_string(entries));
  i64 old = g_table_limit;
  g_table_limit = entries;
  return old;
}

void require_table(i64 n, std::string const& what, i64 bytes_per_entry) {
  i64 memory = table_memory_limit();
  bool too_many = n > g_table_limit;
  bool too_large = !too_many && bytes_per_entry > 0 && n > memory / bytes_per_entry;
  if (too_many || too_large) {
    std::string bytes = n <= std::numeric_limits<i64>::max() / std::max<i64>(bytes_per_entry, 1)
                            ? std::to_string(n * bytes_per_entry)
                            : std::string("more than 2^63");
    std::string const need = bytes_per_entry == 0
                                 ? " would need " + std::to_string(n) + " evaluations (one index at a time, no table in memory)"
                                 : " would need a function table of " + std::to_string(n) + " entries (about " + bytes + " bytes)";
    throw Error(Error::Kind::table_limit, what + need + ", past the bound of " + std::to_string(g_table_limit) + " entries and " +
                                              std::to_string(memory) + " bytes (raise it with --table-limit, at most " +
                                              std::to_string(kTableLimitMax) + ")");
  }
}

i64 bytes_per_value(Layout const& l) {
  // A Value, and where its strides have basis terms: the buffer of terms (allocation overhead
  // 16, capacity up to twice the count) and one path buffer per term.
  std::vector<Path> paths;
  for (Value const& v : leaves(l.stride))
    for (BasisTerm const& t : v.terms())
      if (std::find(paths.begin(), paths.end(), t.path) == paths.end()) paths.push_back(t.path);
  i64 bytes = sizeof(Value);
  if (!paths.empty()) bytes += 16 + 2 * static_cast<i64>(paths.size() * sizeof(BasisTerm));
  for (Path const& p : paths) bytes += 16 + static_cast<i64>(std::max<size_t>(p.size() * sizeof(int), 16));
  return bytes;
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
  require_table(n, "the function of " + str(l), bytes_per_value(l));
  std::vector<Value> t;
  t.reserve(static_cast<size_t>(n));
  for (i64 i = 0; i < n; ++i) t.push_back(f(i));
  return t;
}

namespace {

bool is_zero(i64 v) { return v == 0; }
bool is_zero(Value const& v) { return v.is_zero(); }

// x == k*v and x == a + b, exactly: a right side past int64 equals no value of the table.
bool equals_times(i64 x, i64 k, i64 v) {
  i64 p;
  return !__builtin_mul_overflow(k, v, &p) && p == x;
}
bool equals_sum(i64 x, i64 a, i64 b) {
  i64 s;
  return !__builtin_add_overflow(a, b, &s) && s == x;
}
// A Value's checked arithmetic throws Error(overflow) when a component passes int64.
template <class F>
bool equals_exactly(Value const& x, F const& right_side) {
  try {
    return x == right_side();
  } catch (Error const& e) {
    if (e.kind() != Error::Kind::overflow) throw;
    return false;
  }
}
bool equals_times(Value const& x, i64 k, Value const& v) { return equals_exactly(x, [&] { return k * v; }); }
bool equals_sum(Value const& x, Value const& a, Value const& b) { return equals_exactly(x, [&] { return a + b; }); }

// factor() of table[0, size), for values T = Value or i64 (integer tables, 8 bytes an entry):
// the algorithm of the lemma in table.hpp, g the current table, n its length.
// The first step reads `table` in place; each later step copies at most half of the one before,
// so the copies together are at most the table's size.
template <class T>
std::optional<Layout> factor_table(T const* table, size_t size) {
  if (size == 0 || !is_zero(table[0])) return std::nullopt;
  std::vector<IntTuple> shapes;
  std::vector<Stride> strides;
  std::vector<T> owned;
  T const* g = table;
  i64 n = static_cast<i64>(size);
  while (n > 1) {
    T d = g[1];  // g[0] = 0
    i64 len = 2;
    while (len < n && equals_times(g[static_cast<size_t>(len)], len, d)) ++len;
    if (n % len != 0) return std::nullopt;
    i64 rest = n / len;
    std::vector<T> h(static_cast<size_t>(rest));
    for (i64 j = 0; j < rest; ++j) h[static_cast<size_t>(j)] = g[static_cast<size_t>(j * len)];
    for (i64 j = 0; j < rest; ++j)
      for (i64 i = 1; i < len; ++i)
        if (!equals_sum(g[static_cast<size_t>(i + len * j)], g[static_cast<size_t>(i)], h[static_cast<size_t>(j)])) return std::nullopt;
    shapes.emplace_back(len);
    strides.emplace_back(Value(d));
    owned = std::move(h);  // g pointed into the old `owned` or `table`, read no more
    g = owned.data();
    n = rest;
  }
  if (shapes.empty()) return Layout(IntTuple(1), Stride(Value(0)));
  if (shapes.size() == 1) return Layout(shapes[0], strides[0]);
  return Layout(IntTuple::tuple(std::move(shapes)), Stride::tuple(std::move(strides)));
}

}  // namespace

std::optional<Layout> factor(std::vector<Value> const& table) { return factor_table(table.data(), table.size()); }

std::optional<Layout> factor(std::vector<i64> const& table, size_t prefix) {
  return factor_table(table.data(), std::min(prefix, table.size()));
}

}  // namespace layoutref::spec
