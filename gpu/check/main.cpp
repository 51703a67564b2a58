// layoutref gpu — layoutref-gpu-check: impl evaluated on the device, cross-checked against the spec.
//
//   layoutref-gpu-check [--suite NAME]... [--quick] [--summary] [--out FILE] [--data DIR] [--stack BYTES]
//                       [--bench-size N] [--reps N] [--time-limit SECONDS]
//
// Suites (default: all but bench): eval (impl against the spec's rule ported to the device, every
// index, sizes from 1 to past 2^32), tables (impl against tables computed on the host by
// layoutref::spec), sweep (every layout of stated small bounds, built on the device), tensor
// (each thread's coordinates: impl's partitions, their elements evaluated on the device, against
// the spec's; the copy/transpose kernels' elements), bench (copy/transpose bandwidth next to
// cudaMemcpy and hand-indexed kernels). docs/gpu.md has the details and the measured results.
// --quick: the small sizes (ctest, `layoutref verify`). --summary: only the summary lines on stdout.
// Exit status: 0 every check agreed; 1 a mismatch or an error; 2 usage; 77 no usable GPU
// (ctest's SKIP_RETURN_CODE), with the reason printed.
#include "check.hpp"

#include <layoutref/impl/mma.hpp>
#include <layoutref/impl/tensor_term.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/tensor.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#ifndef LAYOUTREF_CONFORMANCE_DIR
#define LAYOUTREF_CONFORMANCE_DIR "tests/conformance/cute"
#endif

namespace {

namespace sp = layoutref::spec;
namespace im = layoutref::impl;
namespace nt = layoutref::notation;
using namespace layoutref::gpu;
namespace rule = layoutref::gpu::spec_rule;

// ---- output --------------------------------------------------------------------------------------

struct Options {
  std::set<std::string> suites;
  bool quick = false;
  bool summary = false;
  std::string out;
  std::string data = LAYOUTREF_CONFORMANCE_DIR;
  /// The device stack per thread. impl's slicing recurses (detail_slice::collect, in element() of a
  /// tensor), so ptxas reports only the non-recursive part of elements_kernel's stack (4872 bytes)
  /// and CUDA's default limit (1 KiB) let the kernel overflow it: measured on the H200, illegal
  /// address at 1 KiB, correct at 16 KiB. 32 KiB reserves 32 KiB x the resident threads (about 8.6
  /// GiB on 132 SMs).
  std::size_t stack = 32 * 1024;
  i64 bench_size = 16384;
  int reps = 20;
  double time_limit = 0;  ///< eval and tables: seconds after which the remaining (largest) items are left out; 0: none
};

FILE* g_file = nullptr;
bool g_quiet = false;

/// A report line: on stdout (unless --summary) and in the --out file.
void say(char const* f, ...) __attribute__((format(printf, 1, 2)));
void say(char const* f, ...) {
  char buf[4096];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  if (!g_quiet) std::printf("%s\n", buf);
  if (g_file) std::fprintf(g_file, "%s\n", buf);
}
/// A summary line: always on stdout and in the file.
void summary(char const* f, ...) __attribute__((format(printf, 1, 2)));
void summary(char const* f, ...) {
  char buf[4096];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  std::printf("%s\n", buf);
  if (g_file) std::fprintf(g_file, "%s\n", buf);
  std::fflush(stdout);
}

std::string human(double x) {
  char buf[32];
  if (x >= 1e9)
    std::snprintf(buf, sizeof buf, "%.3gG", x / 1e9);
  else if (x >= 1e6)
    std::snprintf(buf, sizeof buf, "%.3gM", x / 1e6);
  else if (x >= 1e3)
    std::snprintf(buf, sizeof buf, "%.3gk", x / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f", x);
  return buf;
}

// ---- reading notation ------------------------------------------------------------------------------

nt::Term term(std::string const& text) {
  auto p = nt::parse(text);
  if (!p.ok) throw std::runtime_error("cannot read `" + text + "`: " + p.error.message());
  return p.term;
}

template <class T>
T must(im::Result<T> const& r, std::string const& what) {
  if (!r.ok()) throw std::runtime_error(what + ": impl: " + im::str(r.error));
  return r.value;
}

// ---- the spec's layouts, flattened for the device rule -----------------------------------------------

/// L flattened to its leaves; basis paths numbered into `paths` (value component k is paths[k-1]).
void flatten(sp::Layout const& l, rule::Flat& f, std::vector<sp::Path>& paths) {
  sp::FlatLayout fl(l);
  if (fl.shape.size() > static_cast<std::size_t>(rule::kMaxModes)) throw std::runtime_error("more than 16 leaf modes");
  f.n = static_cast<int>(fl.shape.size());
  for (int j = 0; j < f.n; ++j) {
    f.shape[j] = fl.shape[j];
    sp::Value const& d = fl.stride[j];
    if (d.is_integer()) {
      f.stride[j] = d.scalar();
      f.component[j] = 0;
      continue;
    }
    if (d.scalar() != 0 || d.terms().size() != 1) throw std::runtime_error("a stride that is a sum: " + d.str());
    auto const& p = d.terms()[0].path;
    auto it = std::find(paths.begin(), paths.end(), p);
    if (it == paths.end()) {
      if (paths.size() + 1 >= static_cast<std::size_t>(rule::kMaxComponents)) throw std::runtime_error("too many basis paths");
      paths.push_back(p);
      it = paths.end() - 1;
    }
    f.component[j] = 1 + static_cast<int>(it - paths.begin());
    f.stride[j] = d.terms()[0].coeff;
  }
}

/// The smallest and largest value of each component over the domain; false when a product or a
/// sum leaves int64 (the device rule uses plain arithmetic, so such layouts are not sent).
bool extremes(rule::Flat const& f, i64 lo[], i64 hi[]) {
  for (int k = 0; k < rule::kMaxComponents; ++k) lo[k] = hi[k] = 0;
  i64 size = 1;
  for (int j = 0; j < f.n; ++j) {
    i64 e = 0;
    if (__builtin_mul_overflow(f.shape[j] - 1, f.stride[j], &e)) return false;
    if (__builtin_mul_overflow(size, f.shape[j], &size)) return false;
    i64& side = e > 0 ? hi[f.component[j]] : lo[f.component[j]];
    if (__builtin_add_overflow(side, e, &side)) return false;
  }
  return true;
}

PathTable path_table(std::vector<sp::Path> const& paths) {
  PathTable t;
  t.n = 1 + static_cast<int>(paths.size());
  for (std::size_t k = 0; k < paths.size(); ++k) {
    if (paths[k].size() > static_cast<std::size_t>(im::kMaxBasisDepth)) throw std::runtime_error("a basis path too deep for impl");
    t.path[k + 1].depth = static_cast<std::uint8_t>(paths[k].size());
    for (std::size_t d = 0; d < paths[k].size(); ++d) t.path[k + 1].mode[d] = static_cast<std::int8_t>(paths[k][d]);
  }
  return t;
}

// ---- what is checked: items -------------------------------------------------------------------------

struct Item {
  std::string kind;  ///< the row of the report: int, basis, swizzle, composition, divide, product, ...
  std::string name;
  ImplFunction impl;
  rule::Function rule;
  PathTable paths;
  std::vector<sp::Path> path_list;
  int evaluators = 0;
  i64 size = 0;
  /// The spec library's value at i (for host tables); empty where the item has none.
  std::function<sp::Value(i64)> spec_at;
  bool vector_case = false;  ///< from the conformance vectors (reported per operation, not per case)
};

/// An item for the impl layout l, judged by the spec's layout s.
Item function_item(std::string kind, std::string name, im::Layout const& l, sp::Layout const& s) {
  Item it;
  it.kind = std::move(kind);
  it.name = std::move(name);
  flatten(s, it.rule.a, it.path_list);
  i64 lo[rule::kMaxComponents], hi[rule::kMaxComponents];
  if (!extremes(it.rule.a, lo, hi)) throw std::runtime_error("values outside int64");
  it.paths = path_table(it.path_list);
  it.impl.layout = l;
  it.size = sp::size(s);
  auto n = im::size(l);
  if (!n.ok() || n.value.value != it.size)
    throw std::runtime_error("impl's size " + (n.ok() ? std::to_string(n.value.value) : im::str(n.error)) + " is not the spec's " +
                             std::to_string(it.size));
  it.evaluators = kTree | (im::FastLayout::make(l).ok() ? kFast : 0);
  auto fl = std::make_shared<sp::FlatLayout>(s);
  it.spec_at = [fl](i64 i) { return (*fl)(i); };
  return it;
}

Item layout_item(std::string kind, std::string const& text) {
  return function_item(std::move(kind), text, must(im::to_layout(term(text)), text), sp::to_layout(term(text)));
}

Item swizzle_item(int b, int m, int s, i64 offset, std::string const& inner) {
  sp::ComposedLayout sc{sp::Swizzle{b, m, s}, offset, sp::to_layout(term(inner))};
  sc.outer.validate();
  Item it;
  it.kind = "swizzle";
  it.name = "Sw<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + "> o " + std::to_string(offset) + " o " + inner;
  flatten(sc.inner, it.rule.a, it.path_list);
  i64 lo[rule::kMaxComponents], hi[rule::kMaxComponents];
  if (!it.path_list.empty() || !extremes(it.rule.a, lo, hi) || lo[0] + offset < 0 || hi[0] > (i64{1} << 62))
    throw std::runtime_error("a swizzled layout needs integer values with offset + inner(i) in [0, 2^62]");
  it.rule.swizzled = true;
  it.rule.sw = rule::Swizzle{b, m, s};
  it.rule.offset = offset;
  it.impl.swizzled = true;
  it.impl.composed = im::ComposedLayout{im::Swizzle{b, m, s}, im::Int::dynamic(offset), must(im::to_layout(term(inner)), inner)};
  it.size = sp::size(sc.inner);
  it.evaluators = kComposed | kComposedFast;
  it.spec_at = [sc](i64 i) { return sp::Value(sp::evaluate(sc, i)); };
  return it;
}

/// The composition rule itself: impl's A∘B against i -> A(B(i)) (spec_rule), for B with values in
/// [0, size(A)) (no extension of A involved).
Item chain_item(std::string name, im::Layout const& result, sp::Layout const& a, sp::Layout const& b) {
  Item it;
  it.kind = "composition rule A(B(i))";
  it.name = std::move(name);
  std::vector<sp::Path> pa, pb;
  flatten(b, it.rule.a, pb);
  flatten(a, it.rule.outer, pa);
  i64 lo[rule::kMaxComponents], hi[rule::kMaxComponents];
  if (!pb.empty() || !extremes(it.rule.a, lo, hi) || lo[0] < 0 || hi[0] >= sp::size(a))
    throw std::runtime_error("B's values must be integers in [0, size(A))");
  if (!extremes(it.rule.outer, lo, hi)) throw std::runtime_error("A's values outside int64");
  it.rule.composed = true;
  it.path_list = pa;
  it.paths = path_table(pa);
  it.impl.layout = result;
  it.size = sp::size(b);
  it.evaluators = kTree | (im::FastLayout::make(result).ok() ? kFast : 0);
  return it;
}

// ---- operations: impl's result and the spec's ----------------------------------------------------------

struct OpResult {
  bool impl_ok = false, spec_ok = false;
  im::Layout impl;
  sp::Layout spec;
  std::string impl_error, spec_error;
  bool capacity = false;  ///< impl refused for its leaf capacity
};

im::Arrangement impl_arrangement(std::string const& op) {
  if (op.rfind("logical", 0) == 0) return im::Arrangement::logical;
  if (op.rfind("zipped", 0) == 0) return im::Arrangement::zipped;
  if (op.rfind("tiled", 0) == 0) return im::Arrangement::tiled;
  return im::Arrangement::flat;
}
sp::Arrangement spec_arrangement(std::string const& op) {
  if (op.rfind("logical", 0) == 0) return sp::Arrangement::logical;
  if (op.rfind("zipped", 0) == 0) return sp::Arrangement::zipped;
  if (op.rfind("tiled", 0) == 0) return sp::Arrangement::tiled;
  return sp::Arrangement::flat;
}

/// The kind an operation is reported under, or "" for one this program does not run.
std::string op_kind(std::string const& op) {
  if (op == "composition") return "composition";
  if (op == "logical_divide" || op == "zipped_divide" || op == "tiled_divide" || op == "flat_divide") return "divide";
  if (op == "logical_product" || op == "zipped_product" || op == "tiled_product" || op == "flat_product" || op == "blocked_product" ||
      op == "raked_product")
    return "product";
  if (op == "complement") return "complement";
  return "";
}

OpResult compute_op(std::string const& op, std::vector<nt::Term> const& a) {
  OpResult r;
  im::Result<im::Layout> ir = im::fail(im::Errc::bad_argument).add("no such operation");
  auto la = im::to_layout(a.at(0));
  if (!la.ok()) {
    ir = la;
  } else if (op == "composition") {
    auto t = im::to_tiler(a.at(1));
    ir = t.ok() ? im::composition(la.value, t.value) : im::Result<im::Layout>(t.error);
  } else if (op_kind(op) == "divide") {
    auto t = im::to_tiling_tiler(a.at(1));
    ir = t.ok() ? im::divide(impl_arrangement(op), la.value, t.value) : im::Result<im::Layout>(t.error);
  } else if (op == "blocked_product" || op == "raked_product") {
    auto b = im::to_layout(a.at(1));
    ir = !b.ok() ? im::Result<im::Layout>(b.error) : op == "blocked_product" ? im::blocked_product(la.value, b.value) : im::raked_product(la.value, b.value);
  } else if (op_kind(op) == "product") {
    auto t = im::to_tiling_tiler(a.at(1));
    ir = t.ok() ? im::product(impl_arrangement(op), la.value, t.value) : im::Result<im::Layout>(t.error);
  } else if (op == "complement") {
    if (a.size() == 1) {
      ir = im::complement(la.value);
    } else {
      auto m = im::to_int_tuple(a.at(1));
      ir = m.ok() ? im::complement(la.value, m.value) : im::Result<im::Layout>(m.error);
    }
  }
  r.impl_ok = ir.ok();
  if (ir.ok()) r.impl = ir.value;
  else {
    r.impl_error = im::str(ir.error);
    r.capacity = ir.error.code == im::Errc::capacity;
  }
  try {
    sp::Layout sa = sp::to_layout(a.at(0));
    if (op == "composition") r.spec = sp::composition(sa, sp::to_tiler(a.at(1)));
    else if (op_kind(op) == "divide") r.spec = sp::divide(spec_arrangement(op), sa, sp::to_tiler(a.at(1)));
    else if (op == "blocked_product") r.spec = sp::blocked_product(sa, sp::to_layout(a.at(1)));
    else if (op == "raked_product") r.spec = sp::raked_product(sa, sp::to_layout(a.at(1)));
    else if (op_kind(op) == "product") r.spec = sp::product(spec_arrangement(op), sa, sp::to_tiler(a.at(1)));
    else if (op == "complement") r.spec = a.size() == 1 ? sp::complement(sa) : sp::complement(sa, sp::to_integer(a.at(1)));
    r.spec_ok = true;
  } catch (std::exception const& e) {
    r.spec_error = e.what();
  }
  return r;
}

/// Counts of the operations that could not be sent to the device, per reason.
std::map<std::string, long> g_not_run;

/// Items for one operation: the spec's result (when both compute one) and, for a composition
/// whose B stays inside A's domain, the rule A(B(i)).
void op_items(std::string const& op, std::vector<nt::Term> const& args, std::string const& name, bool vector_case,
              std::vector<Item>& items) {
  std::string kind = op_kind(op);
  OpResult r = compute_op(op, args);
  if (!r.impl_ok && !r.spec_ok) {
    ++g_not_run[op + ": both refuse (inadmissible or past the spec's table limit)"];
    return;
  }
  if (!r.impl_ok) {
    ++g_not_run[op + (r.capacity ? ": past impl's device leaf capacity" : ": impl refuses, the spec computes (docs/laws.md)")];
    if (!r.capacity && !vector_case) say("  note: %s: impl refuses, the spec computes: %s", name.c_str(), r.impl_error.c_str());
    return;
  }
  auto add = [&](std::string const& label, auto&& make) {
    try {
      Item it = make();
      it.vector_case = vector_case;
      items.push_back(std::move(it));
    } catch (std::exception const& e) {
      ++g_not_run[label + ": not sent (" + std::string(e.what()).substr(0, 60) + ")"];
    }
  };
  if (r.spec_ok) add(op, [&] { return function_item(kind, name, r.impl, r.spec); });
  else ++g_not_run[op + ": the spec has no result (" + r.spec_error.substr(0, 50) + "), impl does"];
  if (op == "composition" && args.at(1).kind != nt::Kind::tuple) {
    try {
      sp::Layout a = sp::to_layout(args.at(0)), b = sp::to_layout(args.at(1));
      add("composition rule A(B(i))", [&] { return chain_item(name, r.impl, a, b); });
    } catch (std::exception const&) {
    }
  }
}

// ---- the catalogue ------------------------------------------------------------------------------------

/// Layouts with integer strides (0 and negative among them), hierarchical, from 1 index to past 2^32.
/// `big`: in the full run only.
struct Text {
  char const* text;
  bool big;
};
constexpr Text kIntLayouts[] = {
    {"_1:_0", false},
    {"(_4,_8):(_1,_4)", false},
    {"(8,(4,2)):(0,(-1,-16))", false},
    {"((3,5),(7,2)):((-7,0),(1,-105))", false},
    {"((_32,32),(16,_16)):((_1,-32),(0,1024))", false},
    {"(3,5,7,11,13,17,19,23):(1,3,15,105,1155,15015,255255,4849845)", true},
    {"((1024,1024),(64,64)):((1,1024),(1048576,67108864))", true},
    {"(1000003,4099):(4099,1)", true},
    {"((4096,1024),(256,16)):((-1,4096),(0,-16777216))", true},
};
/// Scaled-basis (coordinate) layouts.
constexpr Text kBasisLayouts[] = {
    {"(4,8):(_1@0,_1@1)", false},
    {"((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)", false},
    {"(8,(4,4)):(1@0,(3,1@1))", false},
    {"((16,16),(16,16)):((1@0,16@0@1),(1@1,-3@0))", false},
    {"(65536,65536):(_1@0,_1@1)", true},
    {"((512,512),(128,128)):((1@1,-1@0),(512@0@1,7))", true},
};
struct SwizzleText {
  int b, m, s;
  i64 offset;
  char const* inner;
  bool big;
};
constexpr SwizzleText kSwizzles[] = {
    {3, 4, 3, 0, "(8,64):(64,1)", false},
    {2, 0, -3, 5, "(16,16):(1,16)", false},
    {3, 3, 3, 0, "((8,8),(8,8)):((8,1),(64,512))", false},
    {5, 2, -7, 3, "(1024,1024,64):(1,1024,1048576)", true},
    {3, 4, 3, 16, "((64,1024),(256,256)):((1,64),(65536,16777216))", true},
};
struct OpText {
  char const* op;
  char const* a;
  char const* b;
  bool big;
};
constexpr OpText kOps[] = {
    {"composition", "(64,32):(32,1)", "(4,8):(8,1)", false},
    {"composition", "(1024,1024,64):(65536,1,1024)", "((32,32),(32,32),64):((1,1024),(32,32768),1048576)", true},
    {"composition", "(65536,65536):(65536,1)", "((256,256),(256,256)):((1,65536),(256,16777216))", true},
    {"logical_divide", "(4096,4096):(1,4096)", "(128:1,64:1)", true},
    {"zipped_divide", "(1024,1024):(1024,1)", "(32:1,(4,8):(1,256))", false},
    {"tiled_divide", "((64,64),64):((1,4096),64)", "((8,8):(1,64),16:1)", false},
    {"logical_product", "(64,32):(32,1)", "(16,8):(1,16)", false},
    {"blocked_product", "(32,32):(1,32)", "(64,64):(64,1)", true},
    {"raked_product", "(8,(4,4)):(4,(1,32))", "(32,(4,8)):(1,(128,32))", false},
    {"complement", "(4,(8,2)):(16,(1,512))", "1048576", false},
};

std::vector<Item> catalogue(Options const& o, std::vector<std::string>& problems) {
  std::vector<Item> items;
  auto guarded = [&](std::string const& what, auto&& f) {
    try {
      f();
    } catch (std::exception const& e) {
      problems.push_back(what + ": " + e.what());
    }
  };
  for (auto const& t : kIntLayouts)
    if (!t.big || !o.quick) guarded(t.text, [&] { items.push_back(layout_item("int", t.text)); });
  for (auto const& t : kBasisLayouts)
    if (!t.big || !o.quick) guarded(t.text, [&] { items.push_back(layout_item("basis", t.text)); });
  for (auto const& t : kSwizzles)
    if (!t.big || !o.quick) guarded(t.inner, [&] { items.push_back(swizzle_item(t.b, t.m, t.s, t.offset, t.inner)); });
  for (auto const& t : kOps)
    if (!t.big || !o.quick)
      guarded(t.op, [&] {
        std::vector<nt::Term> args{term(t.a), term(t.b)};
        op_items(t.op, args, std::string(t.op) + "(" + t.a + ", " + t.b + ")", false, items);
      });
  return items;
}

/// Every case of the conformance vectors for the operations above: impl's result against the spec's.
std::vector<Item> vector_items(Options const& o, std::vector<std::string>& problems) {
  std::vector<Item> items;
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(o.data, ec)) {
    problems.push_back("no conformance vectors at " + o.data);
    return items;
  }
  std::vector<std::string> files;
  for (auto const& e : fs::directory_iterator(o.data))
    if (e.path().extension() == ".tsv" && e.path().filename() != "coordinate_tensors.tsv") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  for (auto const& f : files) {
    std::ifstream in(f);
    std::string line;
    int lineno = 0;
    while (std::getline(in, line)) {
      ++lineno;
      if (line.empty() || line[0] == '#') continue;
      std::vector<std::string> fields;
      std::stringstream ss(line);
      std::string field;
      while (std::getline(ss, field, '\t')) fields.push_back(field);
      if (fields.empty() || op_kind(fields[0]).empty()) continue;
      std::vector<nt::Term> args;
      bool ok = true;
      for (std::size_t k = 1; k < fields.size() && fields[k] != "=>"; ++k) {
        auto p = nt::parse(fields[k]);
        if (!p.ok) ok = false;
        else args.push_back(p.term);
      }
      if (!ok || args.empty()) continue;
      std::string name = fs::path(f).filename().string() + ":" + std::to_string(lineno);
      try {
        op_items(fields[0], args, name, true, items);
      } catch (std::exception const& e) {
        ++g_not_run[fields[0] + ": not sent (" + std::string(e.what()).substr(0, 60) + ")"];
      }
    }
  }
  return items;
}

// ---- thread-value partitions ------------------------------------------------------------------------------

struct MmaText {
  char const* atom;
  char const* atom_layout;
  char const* p;
  char const* tile;
  char const* coord;
  im::MmaOperand op;
};
constexpr MmaText kMmas[] = {
    {"SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_1):(_1,_2,_0)", "(512,512)", "(_128,_128)", "(1,1)", im::MmaOperand::C},
    {"SM80_16x8x8_F16F16F16F16_TN", "(_2,_2,_1):(_1,_2,_0)", "(512,256)", "(_64,_32)", "(3,2)", im::MmaOperand::A},
    {"SM80_16x8x8_F16F16F16F16_TN", "(_2,_2,_1):(_1,_2,_0)", "(256,256)", "(_64,_32)", "(1,5)", im::MmaOperand::B},
    {"SM80_8x8x4_F64F64F64F64_TN", "(_2,_4,_1):(_4,_1,_0)", "(384,384)", "(_64,_64)", "(2,3)", im::MmaOperand::C},
    {"UniversalFMA<float,float,float,float>", "(_16,_16,_1):(_1,_16,_0)", "(1024,1024)", "(_64,_64)", "(5,7)", im::MmaOperand::C},
};
struct PartitionText {
  char const* p;
  char const* tile;
  char const* coord;
  char const* thr;
};
constexpr PartitionText kPartitions[] = {
    {"(512,512)", "(_128,_128)", "(1,1)", "(_32,_8):(_1,_32)"},
    {"(4096,4096)", "(_256,_128)", "(7,9)", "(_8,_32):(_32,_1)"},
    {"(384,500)", "(_16,_32)", "(0,7)", "(_16,_16):(_1,_16)"},
    {"(128,256)", "(_32,_16)", "(3,15)", "(_8,_2):(_1,_8)"},
};

sp::MmaOperand spec_operand(im::MmaOperand op) {
  return op == im::MmaOperand::A ? sp::MmaOperand::A : op == im::MmaOperand::B ? sp::MmaOperand::B : sp::MmaOperand::C;
}
char const* operand_name(im::MmaOperand op) { return op == im::MmaOperand::A ? "A" : op == im::MmaOperand::B ? "B" : "C"; }

/// The spec's coordinate of each (thread, value), `rank` leaves each: the host table.
std::vector<i64> spec_coordinates(std::function<sp::Tensor(i64)> const& part, int nthreads, int values, int rank) {
  std::vector<i64> table(static_cast<std::size_t>(nthreads) * values * rank);
  for (int t = 0; t < nthreads; ++t) {
    sp::Tensor p = part(t);
    if (sp::size(p) != values) throw std::runtime_error("the spec's partition of thread " + std::to_string(t) + " has another size");
    for (int v = 0; v < values; ++v) {
      auto c = sp::leaves(sp::coordinate(sp::element(p, static_cast<i64>(v))));
      if (static_cast<int>(c.size()) != rank) throw std::runtime_error("a coordinate of another rank");
      for (int k = 0; k < rank; ++k) table[(static_cast<std::size_t>(t) * values + v) * rank + k] = c[k];
    }
  }
  return table;
}

struct KindTotal {
  u64 items = 0, indices = 0, evaluations = 0, mismatches = 0;
  double seconds = 0;
};

struct Run {
  Options o;
  std::map<std::string, KindTotal> kinds;  ///< "suite/kind"
  u64 indices = 0, mismatches = 0;
  int errors = 0;

  void print_mismatches(Tally const& t, std::string const& what) {
    for (auto const& m : t.first) {
      if (m.evaluator == kTensor && m.layout >= 0)
        say("    MISMATCH %s: thread %lld value %lld, component %d: device %lld, spec %lld", what.c_str(), static_cast<long long>(m.layout),
            static_cast<long long>(m.index), m.component, static_cast<long long>(m.got), static_cast<long long>(m.want));
      else if (m.layout >= 0)
        say("    MISMATCH %s: layout #%lld index %lld, %s, component %d: device %lld, spec %lld", what.c_str(), static_cast<long long>(m.layout),
            static_cast<long long>(m.index), evaluator_name(m.evaluator), m.component, static_cast<long long>(m.got), static_cast<long long>(m.want));
      else
        say("    MISMATCH %s: index %lld, %s, component %d: device %lld, spec %lld", what.c_str(), static_cast<long long>(m.index),
            evaluator_name(m.evaluator), m.component, static_cast<long long>(m.got), static_cast<long long>(m.want));
    }
  }
  void count(std::string const& key, Tally const& t, std::string const& what) {
    KindTotal& k = kinds[key];
    k.items += 1;
    k.indices += t.indices;
    k.evaluations += t.evaluations;
    k.mismatches += t.mismatches;
    k.seconds += t.seconds;
    indices += t.indices;
    mismatches += t.mismatches;
    if (!t.error.empty()) {
      ++errors;
      say("    ERROR %s: %s", what.c_str(), t.error.c_str());
    }
    if (t.mismatches) print_mismatches(t, what);
  }
  void kind_table(std::string const& suite) {
    say("  %-34s %6s %14s %14s %10s %9s %12s", "kind", "items", "indices", "evaluations", "mismatches", "seconds", "indices/s");
    for (auto const& [key, k] : kinds) {
      if (key.rfind(suite + "/", 0) != 0) continue;
      say("  %-34s %6llu %14llu %14llu %10llu %9.3f %12s", key.substr(suite.size() + 1).c_str(), static_cast<unsigned long long>(k.items),
          static_cast<unsigned long long>(k.indices), static_cast<unsigned long long>(k.evaluations),
          static_cast<unsigned long long>(k.mismatches), k.seconds, human(k.seconds > 0 ? static_cast<double>(k.indices) / k.seconds : 0).c_str());
    }
  }
  void suite_summary(std::string const& suite) {
    u64 n = 0, m = 0;
    double s = 0;
    for (auto const& [key, k] : kinds)
      if (key.rfind(suite + "/", 0) == 0) n += k.indices, m += k.mismatches, s += k.seconds;
    summary("gpu %-7s %14llu indices checked, %llu mismatches, %.2f s device time", suite.c_str(), static_cast<unsigned long long>(n),
            static_cast<unsigned long long>(m), s);
  }
};

// ---- suites -------------------------------------------------------------------------------------------

/// Whether the suite's time limit (--time-limit) has passed; the items left out are counted.
struct Clock {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  double limit = 0;
  u64 left_out = 0, left_out_indices = 0;
  bool over(Item const& it) {
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (limit <= 0 || s < limit) return false;
    ++left_out;
    left_out_indices += static_cast<u64>(it.size);
    return true;
  }
  void report() const {
    if (left_out)
      say("  LEFT OUT by --time-limit %.0f s: %llu items with %llu indices (not checked)", limit, static_cast<unsigned long long>(left_out),
          static_cast<unsigned long long>(left_out_indices));
  }
};

void suite_eval(Run& run, std::vector<Item> const& items) {
  say("\n== eval: impl on the device against the spec's rule (spec_rule.cuh), every index; smallest items first ==");
  Clock clock;
  clock.limit = run.o.time_limit;
  for (auto const& it : items) {
    if (clock.over(it)) continue;
    Tally t = check_rule(it.impl, it.rule, it.paths, it.evaluators, it.size);
    run.count("eval/" + it.kind, t, it.name);
    if (!it.vector_case)
      say("  %-26s %12lld indices %3s mismatches %8.3f s  %s", it.kind.c_str(), static_cast<long long>(t.indices),
          std::to_string(t.mismatches).c_str(), t.seconds, it.name.c_str());
  }
  clock.report();
  run.kind_table("eval");
}

/// The host table of item `it` (spec library values, component by component), in parallel.
std::vector<i64> host_table(Item const& it) {
  int k = it.paths.n;
  std::vector<i64> table(static_cast<std::size_t>(it.size) * k);
  unsigned nt = std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
  std::vector<std::thread> pool;
  std::vector<std::string> errors(nt);
  for (unsigned w = 0; w < nt; ++w)
    pool.emplace_back([&, w] {
      try {
        for (i64 i = w; i < it.size; i += nt) {
          sp::Value v = it.spec_at(i);
          table[static_cast<std::size_t>(i) * k] = v.scalar();
          for (int c = 1; c < k; ++c) table[static_cast<std::size_t>(i) * k + c] = v.at(it.path_list[static_cast<std::size_t>(c - 1)]);
        }
      } catch (std::exception const& e) {
        errors[w] = e.what();
      }
    });
  for (auto& th : pool) th.join();
  for (auto const& e : errors)
    if (!e.empty()) throw std::runtime_error(e);
  return table;
}

void suite_tables(Run& run, std::vector<Item> const& items) {
  i64 const limit = run.o.quick ? (i64{1} << 16) : (i64{1} << 24);
  say("\n== tables: impl on the device against tables computed on the host by layoutref::spec (layouts up to %lld indices) ==",
      static_cast<long long>(limit));
  Clock clock;
  clock.limit = run.o.time_limit;
  for (auto const& it : items) {
    if (!it.spec_at || it.size > limit || clock.over(it)) continue;
    Tally t;
    try {
      t = check_table(it.impl, host_table(it), it.paths, it.evaluators);
    } catch (std::exception const& e) {
      t.error = std::string("the host table: ") + e.what();
    }
    run.count("tables/" + it.kind, t, it.name);
    if (!it.vector_case)
      say("  %-26s %12lld indices %3s mismatches  %s", it.kind.c_str(), static_cast<long long>(t.indices), std::to_string(t.mismatches).c_str(),
          it.name.c_str());
  }
  clock.report();
  run.kind_table("tables");
}

/// The nestings swept: every profile listed for 1 to 4 leaves.
std::vector<Profile> profiles() {
  struct P {
    char const* text;
    std::vector<int> nodes;
  };
  std::vector<P> ps = {
      {"a", {-1}},
      {"(a)", {1, -1}},
      {"(a,b)", {2, -1, -1}},
      {"((a,b))", {1, 2, -1, -1}},
      {"(a,b,c)", {3, -1, -1, -1}},
      {"(a,(b,c))", {2, -1, 2, -1, -1}},
      {"((a,b),c)", {2, 2, -1, -1, -1}},
      {"(a,b,c,d)", {4, -1, -1, -1, -1}},
      {"((a,b),(c,d))", {2, 2, -1, -1, 2, -1, -1}},
      {"(a,(b,(c,d)))", {2, -1, 2, -1, 2, -1, -1}},
      {"(((a,b),c),d)", {2, 2, 2, -1, -1, -1, -1}},
      {"((a,b,c,d))", {1, 4, -1, -1, -1, -1}},
  };
  std::vector<Profile> out;
  for (auto const& p : ps) {
    Profile q;
    q.nnodes = static_cast<int>(p.nodes.size());
    for (int k = 0; k < q.nnodes; ++k) {
      q.node[k] = static_cast<std::int8_t>(p.nodes[static_cast<std::size_t>(k)]);
      if (p.nodes[static_cast<std::size_t>(k)] == -1) ++q.nleaves;
    }
    std::snprintf(q.text, sizeof q.text, "%s", p.text);
    out.push_back(q);
  }
  return out;
}

void suite_sweep(Run& run) {
  int const max_shape = run.o.quick ? 3 : 5, max_stride = run.o.quick ? 2 : 5;
  say("\n== sweep: every layout with shapes in [1,%d], strides in [-%d,%d], for each profile, built and checked on the device ==", max_shape,
      max_stride, max_stride);
  for (auto const& p : profiles()) {
    Tally t = sweep_layouts(p, max_shape, max_stride);
    run.count("sweep/layouts", t, p.text);
    say("  %-16s %10llu layouts %14llu indices %llu mismatches %8.3f s", p.text, static_cast<unsigned long long>(t.layouts),
        static_cast<unsigned long long>(t.indices), static_cast<unsigned long long>(t.mismatches), t.seconds);
  }
  int const b = run.o.quick ? 2 : 3, m = run.o.quick ? 2 : 4, s = run.o.quick ? 4 : 6, off = run.o.quick ? 2 : 7;
  int const shape = run.o.quick ? 4 : 8, stride = run.o.quick ? 4 : 8;
  Tally t = sweep_swizzles(b, m, s, off, shape, stride);
  run.count("sweep/swizzles", t, "swizzles");
  say("  every Sw<B,M,S> with B <= %d, M <= %d, B <= |S| <= %d, offsets 0..%d, over (s0,s1):(d0,d1) with s in [1,%d], d in [0,%d]:", b, m, s, off,
      shape, stride);
  say("  %-16s %10llu layouts %14llu indices %llu mismatches %8.3f s", "swizzled", static_cast<unsigned long long>(t.layouts),
      static_cast<unsigned long long>(t.indices), static_cast<unsigned long long>(t.mismatches), t.seconds);
  run.kind_table("sweep");
}

/// Compare a device table of partition coordinates with the spec's.
void compare_partition(Run& run, std::string const& key, std::string const& name, std::string const& error, std::vector<i64> const& got,
                       std::vector<int> const& status, std::vector<i64> const& want, int values, int rank, double seconds) {
  Tally t;
  t.seconds = seconds;
  t.error = error;
  if (error.empty()) {
    for (std::size_t th = 0; th < status.size(); ++th)
      if (status[th] != 0) {
        t.error = "thread " + std::to_string(th) + ": impl refused on the device (status " + std::to_string(status[th]) + ")";
        break;
      }
    std::size_t const r = static_cast<std::size_t>(rank);
    for (std::size_t e = 0; e < want.size() / r && t.error.empty(); ++e) {
      t.indices += 1, t.evaluations += 1;
      for (std::size_t k = e * r; k < (e + 1) * r; ++k) {
        if (got[k] == want[k]) continue;
        i64 idx = static_cast<i64>(e);
        if (t.first.size() < kMaxRecorded)
          t.first.push_back(Mismatch{idx % values, idx / values, kTensor, static_cast<int>(k - e * r), got[k], want[k]});
        ++t.mismatches;
        break;
      }
    }
  }
  run.count(key, t, name);
  say("  %8llu (thread, value) coordinates %llu mismatches  %s", static_cast<unsigned long long>(t.indices),
      static_cast<unsigned long long>(t.mismatches), name.c_str());
}

void print_copy(Run& run, std::string const& key, char const* problem, std::vector<CopyResult> const& rs, double plan_ms, bool table) {
  double memcpy_gbps = 0, hand_gbps = 0;
  for (auto const& r : rs) {
    if (r.variant == "cudaMemcpy") memcpy_gbps = r.gbps;
    if (r.variant == "hand-indexed") hand_gbps = r.gbps;
  }
  for (auto const& r : rs) {
    Tally t;
    t.indices = r.elements;
    t.evaluations = r.elements;
    t.mismatches = r.mismatches;
    t.first = r.first;
    t.error = r.error;
    run.count(key, t, std::string(problem) + " " + r.variant);
    if (table)
      say("  %-10s %-36s %9.3f ms %8.1f GB/s  x%.3f of cudaMemcpy  x%.3f of hand  %s", problem, r.variant.c_str(), r.median_ms, r.gbps,
          memcpy_gbps > 0 ? r.gbps / memcpy_gbps : 0, hand_gbps > 0 ? r.gbps / hand_gbps : 0,
          r.elements ? ("elements verified: " + std::to_string(r.elements) + ", mismatches " + std::to_string(r.mismatches)).c_str()
                     : "(not verified: a plain copy, no transpose)");
    else
      say("  %-10s %-36s %s", problem, r.variant.c_str(),
          r.elements ? ("elements verified: " + std::to_string(r.elements) + ", mismatches " + std::to_string(r.mismatches)).c_str()
                     : (r.error.empty() ? "(not verified)" : r.error.c_str()));
  }
  say("  %-10s the impl kernel's plans (impl on the host: local_tile, local_partition, zipped_divide, FastLayout::make): %.3f ms", problem, plan_ms);
}

/// The plans of the tensor t (its pointer the origin) tiled by `tiler`, each thread's share by
/// thr: impl on the host. Element v of thread tid in tile k: rest(k) + offset + part(v), where
/// tile 0 = local_tile(t, tiler, 0), the thread's share local_partition(tile 0, thr, tid), and
/// rest the rest mode of zipped_divide(t, tiler) (local_tile(t, tiler, k) is t advanced by rest(k):
/// CuTe's inner_partition).
std::string plan_tensor(im::Tensor<im::Pointer<std::uint32_t>> const& t, im::Tiler const& tiler, im::Layout const& thr,
                        std::vector<ThreadPlan>& out, TilePlan* tiles) {
  auto tile = im::local_tile(t, tiler, im::SliceCoord::of(im::SliceLeaf::at(im::Int::dynamic(0))));
  if (!tile.ok()) return "local_tile: " + im::str(tile.error);
  out.clear();
  for (int tid = 0; tid < kCopyThreads; ++tid) {
    auto part = im::local_partition(tile.value, thr, im::Int::dynamic(tid));
    if (!part.ok()) return "local_partition: " + im::str(part.error);
    auto f = im::FastLayout::make(part.value.layout);
    if (!f.ok()) return "FastLayout::make: " + im::str(f.error);
    out.push_back(ThreadPlan{f.value, part.value.engine.ptr - t.engine.ptr, f.value.size});
  }
  if (tiles) {
    auto z = im::zipped_divide(t.layout, tiler);
    if (!z.ok()) return "zipped_divide: " + im::str(z.error);
    auto rest = z.value.mode(1);
    auto f = rest.ok() ? im::FastLayout::make(rest.value) : im::Result<im::FastLayout>(rest.error);
    if (!f.ok()) return "the tiles: " + im::str(f.error);
    tiles->rest = f.value;
    tiles->tiles = f.value.size;
  }
  return {};
}

/// The copy problems: global tensors A (M,N):(1,M) and B (same, or (M,N):(N,1) transposed),
/// tiles (_64,_64), threads (_32,_8):(_1,_32) reading A; B written by the same thread layout
/// (copy) or by (_8,_32):(_32,_1) through the shared tile (_64,_64):(_1,_65) (transpose).
void copy_problem(Run& run, std::string const& key, i64 m, i64 n, bool transpose, int reps, bool table) {
  CopyProblem p{m, n, transpose, reps};
  std::string a_text = "(" + std::to_string(m) + "," + std::to_string(n) + "):(1," + std::to_string(m) + ")";
  std::string b_text = transpose ? "(" + std::to_string(m) + "," + std::to_string(n) + "):(" + std::to_string(n) + ",1)" : a_text;
  CopySpec spec;
  std::vector<sp::Path> none;
  flatten(sp::to_layout(term(a_text)), spec.a, none);
  flatten(sp::to_layout(term(b_text)), spec.b, none);
  im::Layout la = must(im::to_layout(term(a_text)), a_text), lb = must(im::to_layout(term(b_text)), b_text);
  im::Tiler tiler = must(im::to_tiling_tiler(term("(_64,_64)")), "tiler");
  im::Layout thr_r = must(im::to_layout(term("(_32,_8):(_1,_32)")), "thr");
  im::Layout thr_w = must(im::to_layout(term("(_8,_32):(_32,_1)")), "thr");
  im::Layout smem = must(im::to_layout(term("(_64,_64):(_1,_65)")), "smem");
  PlanCopy plans = [&](std::uint32_t* a, std::uint32_t* b, std::uint32_t* smem_origin, CopyPlans& out) {
    std::string e = plan_tensor(im::make_tensor(im::make_gmem_ptr(a), la), tiler, thr_r, out.a, &out.tiles_a);
    if (e.empty()) e = plan_tensor(im::make_tensor(im::make_gmem_ptr(b), lb), tiler, transpose ? thr_w : thr_r, out.b, &out.tiles_b);
    if (e.empty() && transpose) {
      auto st = im::make_tensor(im::make_smem_ptr(smem_origin), smem);
      e = plan_tensor(st, tiler, thr_r, out.smem_read, nullptr);
      if (e.empty()) e = plan_tensor(st, tiler, thr_w, out.smem_write, nullptr);
    }
    return e;
  };
  double plan_ms = 0;
  auto rs = run_copy(p, plans, spec, plan_ms);
  print_copy(run, key, transpose ? "transpose" : "copy", rs, plan_ms, table);
}

void suite_tensor(Run& run) {
  say("\n== tensor: each thread's coordinates (impl's partitions, their elements evaluated on the device) against the spec's; the copy/transpose kernels ==");
  for (auto const& c : kPartitions) {
    std::string name = std::string("local_partition(local_tile(make_identity_tensor(") + c.p + "), " + c.tile + ", " + c.coord + "), " + c.thr + ", t)";
    try {
      auto itile = must(im::local_tile(must(im::make_identity_tensor(must(im::to_int_tuple(term(c.p)), c.p)), "identity"),
                                       must(im::to_tiling_tiler(term(c.tile)), c.tile), must(im::to_slice_coord(term(c.coord)), c.coord)),
                        "local_tile");
      im::Layout thr = must(im::to_layout(term(c.thr)), c.thr);
      sp::Tensor stile = sp::local_tile(sp::make_identity_tensor(sp::to_int_tuple(term(c.p))), sp::to_tiler(term(c.tile)), sp::to_slice_coord(term(c.coord)));
      sp::Layout sthr = sp::to_layout(term(c.thr));
      int nthreads = static_cast<int>(sp::size(sthr));
      int values = static_cast<int>(sp::size(sp::local_partition(stile, sthr, 0)));
      auto want = spec_coordinates([&](i64 t) { return sp::local_partition(stile, sthr, t); }, nthreads, values, 2);
      std::vector<im::Tensor<im::CountingIterator>> parts;
      for (int t = 0; t < nthreads; ++t) parts.push_back(must(im::local_partition(itile, thr, im::Int::dynamic(t)), "local_partition"));
      std::vector<i64> got;
      std::vector<int> status;
      double seconds = 0;
      std::string e = device_elements(parts, values, 2, got, status, seconds);
      compare_partition(run, "tensor/local_partition coordinates", name, e, got, status, want, values, 2, seconds);
    } catch (std::exception const& e) {
      ++run.errors;
      say("  ERROR %s: %s", name.c_str(), e.what());
    }
  }
  for (auto const& c : kMmas) {
    std::string name = std::string("partition_") + operand_name(c.op) + "(" + c.atom + ", " + c.atom_layout + ", local_tile(make_identity_tensor(" + c.p +
                       "), " + c.tile + ", " + c.coord + "), t)";
    try {
      im::TiledMma mma;
      mma.atom = must(im::mma_atom(c.atom), c.atom);
      mma.atom_layout = must(im::to_layout(term(c.atom_layout)), c.atom_layout);
      auto itile = must(im::local_tile(must(im::make_identity_tensor(must(im::to_int_tuple(term(c.p)), c.p)), "identity"),
                                       must(im::to_tiling_tiler(term(c.tile)), c.tile), must(im::to_slice_coord(term(c.coord)), c.coord)),
                        "local_tile");
      sp::TiledMma smma = sp::make_tiled_mma(sp::mma_atom(c.atom), sp::to_layout(term(c.atom_layout)));
      sp::Tensor stile = sp::local_tile(sp::make_identity_tensor(sp::to_int_tuple(term(c.p))), sp::to_tiler(term(c.tile)), sp::to_slice_coord(term(c.coord)));
      sp::MmaOperand sop = spec_operand(c.op);
      int nthreads = static_cast<int>(sp::size(sp::thr_layout_vmnk(smma)));
      int values = static_cast<int>(sp::size(sp::partition(smma, sop, 0, stile)));
      auto want = spec_coordinates([&](i64 t) { return sp::partition(smma, sop, t, stile); }, nthreads, values, 2);
      std::vector<im::Tensor<im::CountingIterator>> parts;
      for (int t = 0; t < nthreads; ++t) parts.push_back(must(im::partition(mma, c.op, itile, im::Int::dynamic(t)), "partition"));
      std::vector<i64> got;
      std::vector<int> status;
      double seconds = 0;
      std::string e = device_elements(parts, values, 2, got, status, seconds);
      compare_partition(run, "tensor/mma partition coordinates", name, e, got, status, want, values, 2, seconds);
    } catch (std::exception const& e) {
      ++run.errors;
      say("  ERROR %s: %s", name.c_str(), e.what());
    }
  }
  i64 const side = run.o.quick ? 1024 : 4096;
  say("  copy and transpose of %lldx%lld 32-bit elements, every element checked against the spec's layouts of A and B:", static_cast<long long>(side),
      static_cast<long long>(side));
  copy_problem(run, "tensor/copy elements", side, side, false, 1, false);
  copy_problem(run, "tensor/transpose elements", side, side, true, 1, false);
  run.kind_table("tensor");
}

/// The thread-value layouts of the tiled MMAs (thrfrg of a coordinate tile, basis strides) as items:
/// impl's (computed on the host with the device's capacity) against the spec's.
void tv_items(std::vector<Item>& items, std::vector<std::string>& problems) {
  for (auto const& c : kMmas) {
    std::string name = std::string("thrfrg_") + operand_name(c.op) + "(" + c.atom + ", " + c.atom_layout + ", " + c.tile + " tile)";
    try {
      im::TiledMma mma;
      mma.atom = must(im::mma_atom(c.atom), c.atom);
      mma.atom_layout = must(im::to_layout(term(c.atom_layout)), c.atom_layout);
      auto itile = must(im::local_tile(must(im::make_identity_tensor(must(im::to_int_tuple(term(c.p)), c.p)), "identity"),
                                       must(im::to_tiling_tiler(term(c.tile)), c.tile), must(im::to_slice_coord(term(c.coord)), c.coord)),
                        "local_tile");
      auto ithr = im::thrfrg(mma, c.op, itile);
      if (!ithr.ok()) {
        ++g_not_run[std::string("thrfrg: ") + (ithr.error.code == im::Errc::capacity ? "past impl's device leaf capacity" : "impl refuses")];
        continue;
      }
      sp::TiledMma smma = sp::make_tiled_mma(sp::mma_atom(c.atom), sp::to_layout(term(c.atom_layout)));
      sp::Tensor stile = sp::local_tile(sp::make_identity_tensor(sp::to_int_tuple(term(c.p))), sp::to_tiler(term(c.tile)), sp::to_slice_coord(term(c.coord)));
      items.push_back(function_item("thread-value (thrfrg)", name, ithr.value.layout, sp::thrfrg(smma, spec_operand(c.op), stile.layout)));
    } catch (std::exception const& e) {
      problems.push_back(name + ": " + e.what());
    }
  }
}

void suite_bench(Run& run) {
  i64 const n = run.o.bench_size;
  say("\n== bench: %lldx%lld 32-bit elements (%.2f GiB per array), median of %d runs; GB/s counts bytes read + written ==",
      static_cast<long long>(n), static_cast<long long>(n), static_cast<double>(n * n * 4) / (1024.0 * 1024 * 1024), run.o.reps);
  copy_problem(run, "bench/copy elements", n, n, false, run.o.reps, true);
  copy_problem(run, "bench/transpose elements", n, n, true, run.o.reps, true);
}

int usage(char const* why) {
  std::fprintf(stderr, "layoutref-gpu-check: %s\nusage: layoutref-gpu-check [--suite eval|tables|sweep|tensor|bench|all]... [--quick] [--summary]\n"
                       "       [--out FILE] [--data DIR] [--stack BYTES] [--bench-size N] [--reps N] [--time-limit SECONDS]\n", why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Run run;
  Options& o = run.o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--suite") {
      std::string s = next();
      if (s == "all") o.suites.insert({"eval", "tables", "sweep", "tensor", "bench"});
      else if (s == "eval" || s == "tables" || s == "sweep" || s == "tensor" || s == "bench") o.suites.insert(s);
      else return usage(("unknown suite `" + s + "`").c_str());
    } else if (a == "--quick") {
      o.quick = true;
    } else if (a == "--summary") {
      o.summary = true;
    } else if (a == "--out") {
      o.out = next();
    } else if (a == "--data") {
      o.data = next();
    } else if (a == "--stack") {
      o.stack = static_cast<std::size_t>(std::atoll(next().c_str()));
    } else if (a == "--bench-size") {
      o.bench_size = std::atoll(next().c_str());
    } else if (a == "--reps") {
      o.reps = std::atoi(next().c_str());
    } else if (a == "--time-limit") {
      o.time_limit = std::atof(next().c_str());
    } else {
      return usage(("unknown argument `" + a + "`").c_str());
    }
  }
  if (o.suites.empty()) o.suites = {"eval", "tables", "sweep", "tensor"};
  if (o.bench_size <= 0 || o.bench_size % 64 != 0 || o.reps <= 0 || o.stack < 1024)
    return usage("bad --bench-size (a multiple of 64), --reps or --stack (>= 1024)");
  g_quiet = o.summary;
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // line by line, so that a run stopped by a time limit keeps its lines
  if (!o.out.empty()) {
    g_file = std::fopen(o.out.c_str(), "w");
    if (!g_file) return usage(("cannot write " + o.out).c_str());
    std::setvbuf(g_file, nullptr, _IOLBF, 0);
  }

  DeviceInfo dev = device_info();
  if (!dev.present) {
    summary("gpu: skipped, no usable GPU: %s", dev.reason.c_str());
    if (g_file) std::fclose(g_file);
    return 77;
  }
  summary("gpu: %s, sm_%d%d, %d SMs, %.1f GiB, CUDA runtime %d, driver %d, impl leaf capacity %d (%s run)", dev.name.c_str(), dev.cc_major, dev.cc_minor,
          dev.sms, dev.memory_gib, dev.runtime_version, dev.driver_version, im::kMaxLeaves, o.quick ? "quick" : "full");
  if (auto e = set_device_stack(o.stack); !e.empty()) {
    summary("gpu: %s", e.c_str());
    return 1;
  }

  std::vector<std::string> problems;
  std::vector<Item> items;
  if (o.suites.count("eval") || o.suites.count("tables")) {
    items = catalogue(o, problems);
    tv_items(items, problems);
    auto v = vector_items(o, problems);
    say("conformance vectors: %zu results of composition, divides, products and complement sent to the device", v.size());
    for (auto& it : v) items.push_back(std::move(it));
    std::stable_sort(items.begin(), items.end(), [](Item const& x, Item const& y) { return x.size < y.size; });
    for (auto const& [why, n] : g_not_run) say("  not sent: %ld x %s", n, why.c_str());
    for (auto const& p : problems) say("  PROBLEM: %s", p.c_str());
  }
  if (o.suites.count("eval")) suite_eval(run, items);
  if (o.suites.count("tables")) suite_tables(run, items);
  if (o.suites.count("sweep")) suite_sweep(run);
  if (o.suites.count("tensor")) suite_tensor(run);
  if (o.suites.count("bench")) suite_bench(run);

  for (char const* s : {"eval", "tables", "sweep", "tensor", "bench"})
    if (o.suites.count(s)) run.suite_summary(s);
  bool pass = run.mismatches == 0 && run.errors == 0 && problems.empty();
  summary("gpu total: %llu indices checked on %s, %llu mismatches, %d errors%s: %s", static_cast<unsigned long long>(run.indices), dev.name.c_str(),
          static_cast<unsigned long long>(run.mismatches), run.errors, problems.empty() ? "" : ", catalogue problems (see above)",
          pass ? "pass" : "FAIL");
  if (g_file) std::fclose(g_file);
  return pass ? 0 : 1;
}
