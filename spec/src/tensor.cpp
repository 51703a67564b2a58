// layoutref::spec — tensors (tensor.hpp): engines, make_tensor, elements, slicing, composition,
// divides and partitions. Printing is in tensor_print.cpp, reading CuTe's notation in
// tensor_term.cpp, the judges in tensor_judge.cpp.
#include <layoutref/spec/tensor.hpp>

#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/table.hpp>

#include "tensor_detail.hpp"

namespace layoutref::spec {

using detail::kind_name;

namespace {

void require_byte_width(int bits) {
  if (bits < 8 || bits % 8 != 0)
    bad_argument("element width " + std::to_string(bits) + "b: the spec models pointers to whole bytes (a positive multiple of 8 bits)");
}

void require_address(i64 address) {
  if (address < 0) bad_argument("address " + std::to_string(address) + " is negative");
}

// The least and the largest value of an integer-strided layout on its domain.
std::pair<i64, i64> value_range(Layout const& l) {
  auto s = leaves(l.shape);
  auto d = leaves(l.stride);
  i64 lo = 0, hi = 0;
  for (size_t k = 0; k < s.size(); ++k) {
    if (s[k] < 1) bad_argument("layout " + str(l) + " has a mode of size " + std::to_string(s[k]));
    i64 step = mul(s[k] - 1, d[k].integer("stride of a pointer or array tensor"));
    if (step < 0) lo = add(lo, step);
    else hi = add(hi, step);
  }
  return {lo, hi};
}

// Add k at mode path p (from position `at` on) of a coordinate, growing tuples with zero
// entries where p reaches past them (CuTe's ArithmeticTuple +, which appends _0 to the shorter).
void add_at(IntTuple& t, Path const& p, size_t at, i64 k) {
  if (at == p.size()) {
    if (!t.leaf) bad_argument("adding an integer to the tuple entry " + str(t) + " of a coordinate");
    t.value = add(t.value, k);
    return;
  }
  if (t.leaf) bad_argument("a basis element reaches through the integer entry " + std::to_string(t.value) + " of a coordinate");
  if (p[at] < 0) bad_argument("a basis element with the negative mode index " + std::to_string(p[at]));
  size_t i = static_cast<size_t>(p[at]);
  while (t.items.size() <= i) t.items.emplace_back(i64{0});
  add_at(t.items[i], p, at + 1, k);
}

void collect_value(IntTuple const& t, Path& path, Value& out) {
  if (t.leaf) {
    out = out + Value::basis(t.value, path);
    return;
  }
  for (size_t i = 0; i < t.items.size(); ++i) {
    path.push_back(static_cast<int>(i));
    collect_value(t.items[i], path, out);
    path.pop_back();
  }
}

// A coordinate of n `_` entries: a single `_` for n == 1 (CuTe's repeat<1>(x) is x).
SliceCoord underscores(int n) {
  if (n == 1) return SliceCoord(SliceLeaf{true, 0});
  return SliceCoord::tuple(std::vector<SliceCoord>(static_cast<size_t>(n), SliceCoord(SliceLeaf{true, 0})));
}

// CuTe's append<R>(coord, _) for a tuple coordinate addressing a mode of shape `mode`: coord
// padded with trailing `_` to rank(mode). A rank-1 tuple for an integral mode is unwrapped.
SliceCoord pad_with_underscores(SliceCoord const& coord, IntTuple const& mode, char const* what) {
  if (coord.leaf) return coord;
  int r = rank(mode);
  if (static_cast<int>(coord.items.size()) > r)
    bad_argument(std::string(what) + ": the coordinate has " + std::to_string(coord.items.size()) +
                 " modes but the mode it indexes, " + str(mode) + ", has " + std::to_string(r));
  if (mode.leaf) return coord.items.empty() ? SliceCoord(SliceLeaf{true, 0}) : coord.items[0];
  SliceCoord c = coord;
  while (static_cast<int>(c.items.size()) < r) c.items.emplace_back(SliceLeaf{true, 0});
  return c;
}

}  // namespace

// --- engines ---------------------------------------------------------------------------------------

Engine Engine::pointer(MemorySpace space, int bits, i64 address) {
  require_byte_width(bits);
  require_address(address);
  Engine e;
  e.kind = Kind::pointer;
  e.space = space;
  e.bits = bits;
  e.address = address;
  return e;
}

Engine Engine::counting(IntTuple origin) {
  Engine e;
  e.kind = Kind::counting;
  e.origin = std::move(origin);
  return e;
}

Engine Engine::array(int bits, std::vector<i64> storage, i64 address) {
  require_byte_width(bits);
  require_address(address);
  Engine e;
  e.kind = Kind::array;
  e.bits = bits;
  e.address = address;
  e.storage = std::move(storage);
  return e;
}

Tensor make_tensor(Engine engine, Layout layout) {
  validate_shape(layout.shape, "shape of the tensor");
  if (engine.kind == Engine::Kind::pointer && !has_integer_strides(layout))
    bad_argument("a pointer tensor needs integer strides: " + str(layout));
  if (engine.kind == Engine::Kind::array) {
    auto [lo, hi] = value_range(layout);
    i64 n = static_cast<i64>(engine.storage.size());
    if (add(engine.offset, lo) < 0 || add(engine.offset, hi) >= n)
      bad_argument("the layout " + str(layout) + " reaches [" + std::to_string(add(engine.offset, lo)) + "," +
                   std::to_string(add(engine.offset, hi)) + "] outside the " + std::to_string(n) +
                   " elements of the owning array");
  }
  return Tensor{std::move(engine), std::move(layout)};
}

Tensor make_owning_tensor(Layout layout, int bits, i64 fill, i64 address) {
  auto [lo, hi] = value_range(layout);
  if (lo < 0) bad_argument("an owning tensor's layout " + str(layout) + " takes the negative value " + std::to_string(lo));
  std::vector<i64> storage(static_cast<size_t>(add(hi, 1)), fill);
  return make_tensor(Engine::array(bits, std::move(storage), address), std::move(layout));
}

Tensor make_identity_tensor(IntTuple const& shape) {
  Layout l = make_identity_layout(shape);
  return make_tensor(Engine::counting(repeat_like(shape, 0)), std::move(l));
}

Tensor get(Tensor const& t, std::vector<int> const& path) { return Tensor{t.engine, get(t.layout, path)}; }

// --- elements ---------------------------------------------------------------------------------------

Engine advance(Engine const& e, Value const& offset) {
  Engine r = e;
  switch (e.kind) {
    case Engine::Kind::pointer: {
      i64 k = offset.integer("the offset of a pointer");
      r.address = add(e.address, mul(k, e.bits / 8));
      if (r.address < 0) bad_argument("advancing " + str(e) + " by " + std::to_string(k) + " goes below address 0");
      return r;
    }
    case Engine::Kind::array:
      r.offset = add(e.offset, offset.integer("the offset into an owning array"));
      return r;
    case Engine::Kind::counting:
      if (offset.scalar() != 0) {
        if (!r.origin.leaf)
          bad_argument("adding the integer " + std::to_string(offset.scalar()) + " to the coordinate " + str(e.origin));
        r.origin.value = add(r.origin.value, offset.scalar());
      }
      for (auto const& term : offset.terms()) add_at(r.origin, term.path, 0, term.coeff);
      return r;
  }
  return r;
}

Engine element(Tensor const& t, IntTuple const& coord) { return advance(t.engine, crd2idx(coord, t.layout)); }

Engine element(Tensor const& t, i64 index) { return advance(t.engine, evaluate(t.layout, index)); }

i64 address(Engine const& e) {
  if (e.kind == Engine::Kind::pointer) return e.address;
  if (e.kind == Engine::Kind::array) return add(e.address, mul(e.offset, e.bits / 8));
  bad_argument("an ArithTuple iterator has no address");
}

IntTuple const& coordinate(Engine const& e) {
  if (e.kind != Engine::Kind::counting) bad_argument(std::string("the coordinate of ") + kind_name(e.kind));
  return e.origin;
}

i64 stored_value(Engine const& e) {
  if (e.kind != Engine::Kind::array) bad_argument(std::string("the stored value of ") + kind_name(e.kind));
  if (e.offset < 0 || e.offset >= static_cast<i64>(e.storage.size()))
    bad_argument("index " + std::to_string(e.offset) + " is outside the " + std::to_string(e.storage.size()) +
                 " elements of the owning array");
  return e.storage[static_cast<size_t>(e.offset)];
}

Value coordinate_value(Engine const& e) {
  Value v;
  Path path;
  collect_value(coordinate(e), path, v);
  return v;
}

bool same_element(Engine const& a, Engine const& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Engine::Kind::pointer: return a.space == b.space && a.bits == b.bits && a.address == b.address;
    case Engine::Kind::counting: return coordinate_value(a) == coordinate_value(b);
    case Engine::Kind::array: return stored_value(a) == stored_value(b);
  }
  return false;
}

// --- slicing, composition, divides --------------------------------------------------------------------

Tensor slice(SliceCoord const& coord, Tensor const& t) {
  Slice s = slice(coord, t.layout);
  return Tensor{advance(t.engine, s.offset), std::move(s.layout)};
}

Tensor composition(Tensor const& t, Tiler const& tiler) { return Tensor{t.engine, composition(t.layout, tiler)}; }

Tensor divide(DivideKind kind, Tensor const& t, Tiler const& tiler) { return Tensor{t.engine, divide(kind, t.layout, tiler)}; }

// --- partitioning ----------------------------------------------------------------------------------------

Tensor inner_partition(Tensor const& t, Tiler const& tiler, SliceCoord const& coord) {
  Tensor z = zipped_divide(t, tiler);
  IntTuple const& tile = mode(z.layout.shape, 0);
  IntTuple const& rest = mode(z.layout.shape, 1);
  return slice(SliceCoord::tuple({underscores(rank(tile)), pad_with_underscores(coord, rest, "inner_partition")}), z);
}

Tensor outer_partition(Tensor const& t, Tiler const& tiler, SliceCoord const& coord) {
  Tensor z = zipped_divide(t, tiler);
  IntTuple const& tile = mode(z.layout.shape, 0);
  IntTuple const& rest = mode(z.layout.shape, 1);
  return slice(SliceCoord::tuple({pad_with_underscores(coord, tile, "outer_partition"), underscores(rank(rest))}), z);
}

IntTuple get_flat_coord(Layout const& thr, i64 idx) {
  validate_shape(thr.shape, "shape of the thread layout");
  std::vector<Value> table = tabulate(thr);
  std::vector<i64> found;
  for (size_t j = 0; j < table.size() && found.size() < 2; ++j)
    if (table[j] == Value(idx)) found.push_back(static_cast<i64>(j));
  auto flat = [&](i64 j) { return thr.shape.leaf ? IntTuple(j) : idx2crd(j, product_each(thr.shape)); };
  if (found.empty())
    throw Error(Error::Kind::inadmissible,
                "get_flat_coord.not_a_value: " + std::to_string(idx) + " is not a value of " + str(thr),
                "get_flat_coord.not_a_value");
  if (found.size() > 1)
    throw Error(Error::Kind::inadmissible,
                "get_flat_coord.not_unique: " + str(thr) + " takes the value " + std::to_string(idx) +
                    " at the coordinates " + str(flat(found[0])) + " and " + str(flat(found[1])),
                "get_flat_coord.not_unique");
  return flat(found[0]);
}

Tensor local_partition(Tensor const& t, Layout const& thr, i64 idx) {
  IntTuple c = get_flat_coord(thr, idx);
  SliceCoord coord = transform_leaf(c, [](i64 x) { return SliceLeaf{false, x}; });
  return outer_partition(t, Tiler::shape(product_each(thr.shape)), coord);
}

Tensor tv_partition(Tensor const& t, Layout const& tv, i64 thr_idx) {
  if (rank(tv) != 2) bad_argument("a TV layout has two modes (thread, value): " + str(tv));
  return slice(SliceCoord::tuple({SliceCoord(SliceLeaf{false, thr_idx}), SliceCoord(SliceLeaf{true, 0})}),
               composition(t, Tiler::of(tv)));
}

}  // namespace layoutref::spec
