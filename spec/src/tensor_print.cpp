// layoutref::spec — printing tensors (tensor.hpp): str of an engine and a tensor, print_tensor.
#include <layoutref/spec/tensor.hpp>

#include <cstdio>

namespace layoutref::spec {

namespace {

std::string hex(i64 address) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(address));
  return buf;
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
  if (r == 0) {
    out += pretty(element(t, 0)) + "\n";  // a rank-0 tensor has one element, at index 0
  } else if (r == 1) {
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
  }  // rank 5 and more: CuTe prints the header alone (`layoutref table` refuses them)
}

}  // namespace

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

}  // namespace layoutref::spec
