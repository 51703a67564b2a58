#include <layoutref/spec/layout.hpp>

namespace layoutref::spec {

Layout::Layout(IntTuple s, Stride d) : shape(std::move(s)), stride(std::move(d)) {
  if (!congruent(shape, stride))
    bad_argument("shape " + spec::str(shape) + " and stride " + spec::str(stride) + " are not congruent");
  for (i64 v : leaves(shape))
    if (v < 1) validate_shape(shape, "the layout " + spec::str(*this) + ": its shape");  // the text only when it throws
}

std::string str(Stride const& d) {
  if (d.leaf) return d.value.str();
  std::string s = "(";
  for (size_t i = 0; i < d.items.size(); ++i) {
    if (i) s += ",";
    s += str(d.items[i]);
  }
  return s + ")";
}

std::string str(Layout const& l) { return str(l.shape) + ":" + str(l.stride); }

bool has_integer_strides(Layout const& l) {
  for (auto const& v : leaves(l.stride))
    if (!v.is_integer()) return false;
  return true;
}

Layout get(Layout const& l, std::vector<int> const& path) { return Layout(get(l.shape, path), get(l.stride, path)); }

std::vector<Layout> modes(Layout const& l) {
  std::vector<Layout> out;
  for (int i = 0; i < rank(l); ++i) out.emplace_back(mode(l.shape, i), mode(l.stride, i));
  return out;
}

std::vector<Layout> leaf_modes(Layout const& l) {
  auto s = leaves(l.shape);
  auto d = leaves(l.stride);
  std::vector<Layout> out;
  for (size_t i = 0; i < s.size(); ++i) out.emplace_back(IntTuple(s[i]), Stride(d[i]));
  return out;
}

// --- coordinates -------------------------------------------------------------------------

IntTuple idx2crd(i64 index, IntTuple const& shape) {
  if (index < 0) bad_argument("idx2crd: negative index " + std::to_string(index));
  if (shape.leaf) return IntTuple(index);
  std::vector<IntTuple> items;
  for (size_t k = 0; k < shape.items.size(); ++k) {
    auto const& sk = shape.items[k];
    if (k + 1 == shape.items.size()) {
      items.push_back(idx2crd(index, sk));  // the last mode takes the rest (overflow)
    } else {
      i64 n = size(sk);
      if (n < 1) bad_argument("idx2crd: shape " + str(shape) + " has a mode of size " + std::to_string(n));
      items.push_back(idx2crd(index % n, sk));
      index /= n;
    }
  }
  return IntTuple::tuple(std::move(items));
}

IntTuple idx2crd(IntTuple const& index, IntTuple const& shape) {
  if (index.leaf && index.value != 0 && leaves(shape).empty())
    bad_argument("idx2crd: the index " + std::to_string(index.value) + " is outside the domain [0, 1) of the shape " + str(shape) +
                 ", which has no mode to hold it");
  if (index.leaf) return idx2crd(index.value, shape);
  if (shape.leaf || shape.items.size() != index.items.size())
    bad_argument("idx2crd: the index " + str(index) + " and the shape " + str(shape) + " have different ranks");
  std::vector<IntTuple> items;
  for (size_t k = 0; k < index.items.size(); ++k) items.push_back(idx2crd(index.items[k], shape.items[k]));
  return IntTuple::tuple(std::move(items));
}

i64 crd2idx(IntTuple const& coord, IntTuple const& shape) {
  if (coord.leaf) {
    i64 n = size(shape);
    if (coord.value < 0 || coord.value >= n)
      bad_argument("coordinate " + std::to_string(coord.value) + " is outside [0," + std::to_string(n) +
                   ") of shape " + str(shape));
    return coord.value;
  }
  if (shape.leaf || shape.items.size() != coord.items.size())
    bad_argument("coordinate " + str(coord) + " does not match the profile of shape " + str(shape));
  // Horner: i = c0 + s0 * (c1 + s1 * (c2 + ...))
  i64 index = 0;
  for (size_t k = coord.items.size(); k-- > 0;)
    index = add(crd2idx(coord.items[k], shape.items[k]), mul(size(shape.items[k]), index));
  return index;
}

IntTuple crd2crd(IntTuple const& coord, IntTuple const& src, IntTuple const& dst) {
  if (!coord.leaf && !src.leaf && !dst.leaf) {
    if (coord.items.size() != src.items.size() || src.items.size() != dst.items.size())
      bad_argument("crd2crd: ranks of " + str(coord) + ", " + str(src) + ", " + str(dst) + " differ");
    std::vector<IntTuple> items;
    for (size_t k = 0; k < coord.items.size(); ++k) items.push_back(crd2crd(coord.items[k], src.items[k], dst.items[k]));
    return IntTuple::tuple(std::move(items));
  }
  if (size(src) != size(dst)) bad_argument("crd2crd: sizes of " + str(src) + " and " + str(dst) + " differ");
  return idx2crd(crd2idx(coord, src), dst);
}

namespace {

// The layout function at a coordinate of a coarser-or-equal profile. An integer coordinate
// for a tuple mode is split colexicographically; with `overflow` the last mode takes what is
// left (CuTe's crd2idx / idx2crd), otherwise the integer must lie inside the mode.
void collect(IntTuple const& c, IntTuple const& s, Stride const& d, bool overflow, std::vector<std::pair<i64, Value>>& terms) {
  if (c.leaf) {
    if (c.value < 0) bad_argument("negative coordinate " + std::to_string(c.value));
    if (!overflow && c.value >= size(s))
      bad_argument("coordinate " + std::to_string(c.value) + " is outside [0," + std::to_string(size(s)) +
                   ") of shape " + str(s));
    if (s.leaf) {
      terms.emplace_back(c.value, d.value);
      return;
    }
    i64 rest = c.value;
    for (size_t k = 0; k < s.items.size(); ++k) {
      if (k + 1 == s.items.size()) {
        collect(IntTuple(rest), s.items[k], d.items[k], true, terms);
      } else {
        i64 n = size(s.items[k]);
        if (n < 1) bad_argument("shape " + str(s) + " has a mode of size " + std::to_string(n));
        collect(IntTuple(rest % n), s.items[k], d.items[k], false, terms);
        rest /= n;
      }
    }
    return;
  }
  if (s.leaf || s.items.size() != c.items.size())
    bad_argument("coordinate " + str(c) + " does not match the profile of shape " + str(s));
  for (size_t k = 0; k < c.items.size(); ++k) collect(c.items[k], s.items[k], d.items[k], false, terms);
}

Value value_at(IntTuple const& c, IntTuple const& s, Stride const& d, bool overflow) {
  std::vector<std::pair<i64, Value>> terms;
  collect(c, s, d, overflow, terms);
  return Value::linear_combination(terms);
}

}  // namespace

Value crd2idx(IntTuple const& coord, Layout const& l) { return value_at(coord, l.shape, l.stride, false); }

Value evaluate(Layout const& l, i64 index) {
  i64 n = size(l);
  if (index < 0 || index >= n)
    bad_argument("index " + std::to_string(index) + " is outside the domain [0," + std::to_string(n) + ") of " + str(l));
  return value_at(IntTuple(index), l.shape, l.stride, false);
}

Value evaluate_extended(Layout const& l, i64 index) {
  if (index < 0) bad_argument("index " + std::to_string(index) + " is negative; " + str(l) + " is not extended below 0");
  return value_at(IntTuple(index), l.shape, l.stride, true);
}

Value evaluate_at_value(Layout const& l, Value const& x) {
  Value v;
  if (x.scalar() != 0) v = evaluate_extended(l, x.scalar());
  for (auto const& t : x.terms()) {
    Layout sub = get(l, t.path);
    v = v + evaluate_extended(sub, t.coeff);
  }
  return v;
}

i64 cosize(Layout const& l) {
  auto s = leaves(l.shape);
  auto d = leaves(l.stride);
  i64 hi = 0;
  for (size_t k = 0; k < s.size(); ++k) {
    if (s[k] < 1) bad_argument("cosize of " + str(l) + ": a mode has size " + std::to_string(s[k]));
    i64 dk = d[k].integer("stride");
    hi = add(hi, mul(s[k] - 1, abs(dk)));
  }
  return add(hi, 1);
}

// --- slicing -------------------------------------------------------------------------------

namespace {

void lift(SliceCoord const& c, IntTuple const& s, Stride const& d, std::vector<IntTuple>& shapes,
          std::vector<Stride>& strides) {
  if (c.leaf) {
    if (c.value.underscore) {
      shapes.push_back(s);
      strides.push_back(d);
    }
    return;
  }
  if (s.leaf || s.items.size() != c.items.size())
    bad_argument("slice coordinate does not match the profile of shape " + str(s));
  for (size_t k = 0; k < c.items.size(); ++k) lift(c.items[k], s.items[k], d.items[k], shapes, strides);
}

IntTuple zero_underscores(SliceCoord const& c) {
  return transform_leaf(c, [](SliceLeaf const& x) { return x.underscore ? i64{0} : x.value; });
}

}  // namespace

Slice slice(SliceCoord const& coord, Layout const& l) {
  Slice r;
  r.offset = crd2idx(zero_underscores(coord), l);
  if (coord.leaf) {
    r.layout = coord.value.underscore ? l : Layout(IntTuple::tuple({}), Stride::tuple({}));
    return r;
  }
  std::vector<IntTuple> shapes;
  std::vector<Stride> strides;
  if (l.shape.leaf || l.shape.items.size() != coord.items.size())
    bad_argument("slice coordinate of rank " + std::to_string(coord.items.size()) + " for " + str(l));
  for (size_t k = 0; k < coord.items.size(); ++k)
    lift(coord.items[k], l.shape.items[k], l.stride.items[k], shapes, strides);
  r.layout = Layout(IntTuple::tuple(std::move(shapes)), Stride::tuple(std::move(strides)));
  return r;
}

}  // namespace layoutref::spec
