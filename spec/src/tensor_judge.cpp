// layoutref::spec — judging a claimed tensor (tensor.hpp): judge_tensor, reaches_past,
// judge_identity_partition and the identity-tensor checks.
#include <layoutref/spec/tensor.hpp>

#include <layoutref/spec/reference.hpp>
#include <layoutref/spec/table.hpp>

#include "tensor_detail.hpp"

#include <algorithm>
#include <functional>
#include <optional>

namespace layoutref::spec {

using detail::kind_name;

// --- judging -------------------------------------------------------------------------------------------------

namespace {

std::string element_str(Engine const& e) {
  switch (e.kind) {
    case Engine::Kind::pointer: return str(e);
    case Engine::Kind::counting: return str(e.origin);
    case Engine::Kind::array: return std::to_string(stored_value(e));
  }
  return {};
}

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
