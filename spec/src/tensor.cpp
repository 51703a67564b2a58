#include <layoutref/spec/tensor.hpp>

#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/reference.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>

namespace layoutref::spec {

namespace {

void require_byte_width(int bits) {
  if (bits < 8 || bits % 8 != 0)
    bad_argument("element width " + std::to_string(bits) + "b: the spec models pointers to whole bytes (a positive multiple of 8 bits)");
}

void require_address(i64 address) {
  if (address < 0) bad_argument("address " + std::to_string(address) + " is negative");
}

char const* kind_name(Engine::Kind k) {
  switch (k) {
    case Engine::Kind::pointer: return "a pointer";
    case Engine::Kind::counting: return "an ArithTuple iterator";
    case Engine::Kind::array: return "an owning array";
  }
  return "an engine";
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

std::string hex(i64 address) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(address));
  return buf;
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

std::string element_str(Engine const& e) {
  switch (e.kind) {
    case Engine::Kind::pointer: return str(e);
    case Engine::Kind::counting: return str(e.origin);
    case Engine::Kind::array: return std::to_string(stored_value(e));
  }
  return {};
}

std::string pretty(Engine const& e) {
  switch (e.kind) {
    case Engine::Kind::array: {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%5lld", static_cast<long long>(stored_value(e)));
      return buf;
    }
    case Engine::Kind::counting: return "  " + str(e.origin);
    case Engine::Kind::pointer: break;
  }
  bad_argument("print_tensor of a pointer tensor: the spec does not know the memory it designates");
}

void print_rows(Tensor const& t, std::string& out) {
  int r = rank(t);
  auto slice_last = [&](i64 k) {
    std::vector<SliceCoord> c(static_cast<size_t>(r), SliceCoord(SliceLeaf{true, 0}));
    c.back() = SliceCoord(SliceLeaf{false, k});
    return slice(SliceCoord::tuple(std::move(c)), t);
  };
  if (r == 1) {
    for (i64 m = 0; m < size(t); ++m) out += pretty(element(t, m)) + "\n";
  } else if (r == 2) {
    i64 rows = size(mode(t.layout.shape, 0)), cols = size(mode(t.layout.shape, 1));
    for (i64 m = 0; m < rows; ++m) {
      for (i64 n = 0; n < cols; ++n) out += pretty(element(t, IntTuple::tuple({IntTuple(m), IntTuple(n)})));
      out += "\n";
    }
  } else if (r == 3 || r == 4) {
    char rule = r == 3 ? '-' : '=';
    i64 width = mul(5, size(mode(t.layout.shape, 1)));
    i64 n = size(mode(t.layout.shape, r - 1));
    for (i64 k = 0; k < n; ++k) {
      if (k > 0) out += std::string(static_cast<size_t>(width), rule) + "\n";
      print_rows(slice_last(k), out);
    }
  }
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

// --- printing --------------------------------------------------------------------------------------------

std::string str(Engine const& e) {
  switch (e.kind) {
    case Engine::Kind::counting: return "ArithTuple" + str(e.origin);
    case Engine::Kind::array: return "ptr[" + std::to_string(e.bits) + "b](" + hex(address(e)) + ")";
    case Engine::Kind::pointer: break;
  }
  char const* tag = "";
  switch (e.space) {
    case MemorySpace::generic: tag = ""; break;
    case MemorySpace::gmem: tag = "gmem_"; break;
    case MemorySpace::smem: tag = "smem_"; break;
    case MemorySpace::rmem: tag = "rmem_"; break;
  }
  return std::string(tag) + "ptr[" + std::to_string(e.bits) + "b](" + hex(e.address) + ")";
}

std::string str(Tensor const& t) { return str(t.engine) + " o " + str(t.layout); }

std::string print_tensor(Tensor const& t, bool print_type) {
  std::string out;
  if (print_type) out = str(t) + ":\n";
  print_rows(t, out);
  return out;
}

// --- notation ----------------------------------------------------------------------------------------------

Tensor to_tensor(notation::Term const& t) {
  using notation::Kind;
  if (t.kind != Kind::chain || t.children.size() != 2)
    bad_argument("expected a tensor `<engine> o <layout>` at " + where(t));
  notation::Term const& it = t.children[0];
  Layout l = to_layout(t.children[1]);
  if (it.kind == Kind::arith_tuple) {
    if (it.children.size() != 1) bad_argument("expected ArithTuple(<coordinate>) at " + where(it));
    // `ArithTuple(x)` with one integer is the scalar origin x (how a rank-1 identity tensor's
    // origin prints), so that printing and reading a tensor round-trip.
    notation::Term const& c = it.children[0];
    bool scalar = c.kind == Kind::tuple && c.children.size() == 1 && c.children[0].kind == Kind::integer;
    return make_tensor(Engine::counting(to_int_tuple(scalar ? c.children[0] : c)), std::move(l));
  }
  if (it.kind == Kind::pointer) {
    std::string const& text = it.pointer.address;
    if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
      bad_argument("expected a hexadecimal address 0x... at " + where(it) + ", found " + text);
    i64 a = 0;
    for (size_t k = 2; k < text.size(); ++k) {
      char c = text[k];
      int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (digit < 0) bad_argument("expected a hexadecimal address at " + where(it) + ", found " + text);
      a = add(mul(a, 16), digit);
    }
    MemorySpace space = MemorySpace::generic;
    switch (it.pointer.tag) {
      case notation::MemoryTag::none: space = MemorySpace::generic; break;
      case notation::MemoryTag::gmem: space = MemorySpace::gmem; break;
      case notation::MemoryTag::smem: space = MemorySpace::smem; break;
      case notation::MemoryTag::rmem: space = MemorySpace::rmem; break;
    }
    return make_tensor(Engine::pointer(space, it.pointer.bits, a), std::move(l));
  }
  bad_argument("expected a pointer or ArithTuple(...) engine at " + where(it));
}

// --- judging -------------------------------------------------------------------------------------------------

namespace {

// Values as integer vectors over a fixed list of coordinates (the integer part, then each
// basis path): judging walks every element of results with millions of them, and dense
// vectors updated one step at a time avoid building a Value per element.
struct Dense {
  std::vector<Path> paths;  // paths[0] is the empty path (the integer part)

  void note(Value const& v) {
    for (auto const& t : v.terms())
      if (std::find(paths.begin(), paths.end(), t.path) == paths.end()) paths.push_back(t.path);
  }
  std::vector<i64> of(Value const& v) const {
    std::vector<i64> d(paths.size());
    for (size_t k = 0; k < paths.size(); ++k) d[k] = v.at(paths[k]);
    return d;
  }
};

// The values of a layout in 1-D index order, one step at a time (an odometer over its leaves).
struct Walk {
  std::vector<i64> shape;
  std::vector<std::vector<i64>> stride;
  std::vector<i64> digit;
  std::vector<i64> value;

  Walk(Layout const& l, Dense const& dense, std::vector<i64> start) : value(std::move(start)) {
    shape = leaves(l.shape);
    for (auto const& d : leaves(l.stride)) stride.push_back(dense.of(d));
    digit.assign(shape.size(), 0);
  }
  void next() {
    for (size_t k = 0; k < shape.size(); ++k) {
      if (digit[k] + 1 < shape[k]) {
        ++digit[k];
        for (size_t c = 0; c < value.size(); ++c) value[c] = add(value[c], stride[k][c]);
        return;
      }
      for (size_t c = 0; c < value.size(); ++c) value[c] = sub(value[c], mul(digit[k], stride[k][c]));
      digit[k] = 0;
    }
  }
};

}  // namespace

Judgement judge_tensor(std::function<Tensor()> const& build, TensorClaim const& claimed) {
  std::optional<Tensor> want;
  try {
    want = build();
  } catch (Error const& e) {
    if (e.kind() != Error::Kind::inadmissible) throw;
    if (claimed.error) return Judgement::right(std::string("the input has no result: ") + e.what());
    return Judgement::wrong(std::string("the input has no result: ") + e.what());
  }
  if (claimed.error) return Judgement::wrong("refused an admissible input (the spec's result is " + str(*want) + ")");
  Tensor const& got = claimed.tensor;
  Engine::Kind kind = want->engine.kind;
  if (got.engine.kind != kind)
    return Judgement::wrong(std::string("the result's engine is ") + kind_name(got.engine.kind) + " but must be " +
                            kind_name(kind));
  if (kind == Engine::Kind::pointer &&
      (got.engine.space != want->engine.space || got.engine.bits != want->engine.bits))
    return Judgement::wrong("the result's pointer is " + str(got.engine) + " but must be of the kind of " + str(want->engine));
  if (kind != Engine::Kind::counting && !has_integer_strides(got.layout))
    return Judgement::wrong("the result " + str(got) + " offsets " + kind_name(kind) + " by basis elements");
  Pattern pattern = layout_reference(want->layout).pattern;  // the profile of the spec's shape
  bool shape_ok = refines(pattern, got.layout.shape);
  std::string shape_error =
      "the result shape " + str(got.layout.shape) + " does not refine the spec's shape " + str(want->layout.shape);
  for (i64 v : leaves(got.layout.shape))
    if (v < 1) return Judgement::wrong(shape_error + " (a mode of size " + std::to_string(v) + ")");
  i64 n = size(want->layout);
  if (!shape_ok && size(got.layout.shape) != n)
    return Judgement::wrong(shape_error + ": its size is " + std::to_string(size(got.layout.shape)) + ", not " +
                            std::to_string(n));
  require_table(n, "judging a tensor of size " + std::to_string(n));
  // Element i is the engine advanced by L(i): a counting engine's coordinate origin + L(i), a
  // pointer's address + L(i) * bytes, an array's storage[offset + L(i)].
  auto start = [](Engine const& e) -> Value {
    if (e.kind == Engine::Kind::counting) return coordinate_value(e);
    if (e.kind == Engine::Kind::array) return Value(e.offset);
    return Value(0);
  };
  Dense dense;
  dense.paths.push_back(Path{});
  for (Tensor const* t : {&got, static_cast<Tensor const*>(&*want)}) {
    dense.note(start(t->engine));
    for (auto const& d : leaves(t->layout.stride)) dense.note(d);
  }
  Walk g(got.layout, dense, dense.of(start(got.engine)));
  Walk w(want->layout, dense, dense.of(start(want->engine)));
  i64 bytes = kind == Engine::Kind::pointer ? got.engine.bits / 8 : 1;
  for (i64 i = 0; i < n; ++i, g.next(), w.next()) {
    bool same = true;
    if (kind == Engine::Kind::pointer) {
      same = add(got.engine.address, mul(g.value[0], bytes)) == add(want->engine.address, mul(w.value[0], bytes));
    } else if (kind == Engine::Kind::array) {
      auto at = [](Engine const& e, i64 k) {
        if (k < 0 || k >= static_cast<i64>(e.storage.size()))
          bad_argument("index " + std::to_string(k) + " is outside the " + std::to_string(e.storage.size()) +
                       " elements of the owning array");
        return e.storage[static_cast<size_t>(k)];
      };
      same = at(got.engine, g.value[0]) == at(want->engine, w.value[0]);
    } else {
      same = g.value == w.value;
    }
    if (!same) {
      Engine a = element(got, i), b = element(*want, i);
      std::string crd = str(idx2crd(i, got.layout.shape));
      Judgement j = Judgement::wrong((shape_ok ? std::string() : shape_error + "; ") + "at index " + std::to_string(i) +
                                     " (coordinate " + crd + ") the element is " + element_str(a) + " but must be " +
                                     element_str(b));
      j.index = i;
      j.coordinate = crd;
      j.claimed_value = element_str(a);
      j.expected_value = element_str(b);
      return j;
    }
  }
  if (!shape_ok) return Judgement::wrong(shape_error + " (its elements agree at every index)");
  return Judgement::right();
}

bool reaches_past(Tensor const& t, IntTuple const& p) {
  Value origin = coordinate_value(t.engine);
  auto s = leaves(t.layout.shape);
  auto d = leaves(t.layout.stride);
  bool past = false;
  std::function<void(IntTuple const&, Path&)> check = [&](IntTuple const& q, Path& path) {
    if (!q.leaf) {
      for (size_t k = 0; k < q.items.size(); ++k) {
        path.push_back(static_cast<int>(k));
        check(q.items[k], path);
        path.pop_back();
      }
      return;
    }
    i64 lo = origin.at(path), hi = lo;
    for (size_t k = 0; k < s.size(); ++k) {
      i64 step = mul(s[k] - 1, d[k].at(path));
      if (step < 0) lo = add(lo, step);
      else hi = add(hi, step);
    }
    past = past || lo < 0 || hi >= q.value;
  };
  Path path;
  check(p, path);
  return past;
}

Judgement judge_identity_partition(std::function<Tensor()> const& build, IntTuple const& p, TensorClaim const& claimed) {
  std::optional<Tensor> result;
  Judgement j = judge_tensor([&] { return *(result = build()); }, claimed);
  if (result && reaches_past(*result, p)) {
    j.depends_on_extension = true;
    std::string remark = "the result reaches coordinates outside " + str(p) +
                         ": the tensor's layout is extended past its size (CuTe's extension convention; docs/semantics.md)";
    j.detail = j.detail.empty() ? remark : j.detail + "; " + remark;
  }
  return j;
}

Judgement check_identity_local_tile(IntTuple const& p, Tiler const& tiler, SliceCoord const& coord,
                                    TensorClaim const& claimed) {
  return judge_identity_partition([&] { return local_tile(make_identity_tensor(p), tiler, coord); }, p, claimed);
}

Judgement check_identity_local_partition(IntTuple const& p, Tiler const& tiler, SliceCoord const& coord,
                                         Layout const& thr, i64 idx, TensorClaim const& claimed) {
  return judge_identity_partition(
      [&] { return local_partition(local_tile(make_identity_tensor(p), tiler, coord), thr, idx); }, p, claimed);
}

}  // namespace layoutref::spec
