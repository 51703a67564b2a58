// layoutref gpu — the functions the eval and tables suites check (items.hpp).
#include "items.hpp"

#include <layoutref/equiv/operations.hpp>
#include <layoutref/equiv/vectors.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/error.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>
#include <filesystem>
#include <memory>

namespace layoutref::gpu {

namespace sp = layoutref::spec;
namespace im = layoutref::impl;
namespace nt = layoutref::notation;
namespace rule = layoutref::gpu::spec_rule;

nt::Term term(std::string const& text) {
  auto p = nt::parse(text);
  if (!p.ok) throw std::runtime_error("cannot read `" + text + "`: " + p.error.message());
  return p.term;
}

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

namespace {

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

}  // namespace

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

namespace {

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

// ---- operations: a row of equiv's table, impl's result and the spec's reference ----------------------

/// Items for `op` on `args` (its row's computation, impl, against its reference, the spec) and, for a
/// composition whose B stays inside A's domain, the rule A(B(i)). What cannot be sent is counted in
/// run.not_sent by reason.
void op_items(Run& run, std::string const& op, equiv::Args const& args, std::string const& name, bool vector_case,
              std::vector<Item>& items) {
  equiv::Operation const* row = equiv::operations().find(op);
  if (!row || !row->reference) {
    ++run.not_sent[op + ": no spec reference in equiv's table (its result is not a layout)"];
    return;
  }
  if (args.size() < row->min_args || args.size() > row->max_args()) {
    ++run.not_sent[op + ": malformed (" + std::to_string(args.size()) + " arguments for " + row->usage + ")"];
    return;
  }
  equiv::ImplResult ir = row->compute(args);
  im::Layout il;
  if (ir.term) {
    auto l = im::to_layout(*ir.term);
    if (!l.ok()) {
      ++run.not_sent[op + ": impl's result is not a plain layout (a swizzled layout or a tensor)"];
      return;
    }
    il = l.value;
  }
  sp::Layout sl;
  bool spec_ok = false;
  std::string spec_error;
  try {
    sl = row->reference(args);
    spec_ok = true;
  } catch (sp::Error const& e) {
    spec_error = e.what();
  }
  if (!ir.term && !spec_ok) {
    ++run.not_sent[op + ": both refuse (inadmissible, malformed, or past the spec's table limit)"];
    return;
  }
  if (!ir.term) {
    bool capacity = ir.error.code == im::Errc::capacity;
    ++run.not_sent[op + (capacity ? ": past impl's device leaf capacity" : ": impl refuses, the spec computes (docs/laws.md)")];
    if (!capacity && !vector_case) run.say("  note: %s: impl refuses, the spec computes: %s", name.c_str(), im::str(ir.error).c_str());
    return;
  }
  auto add = [&](std::string const& label, auto&& make) {
    try {
      Item it = make();
      it.vector_case = vector_case;
      items.push_back(std::move(it));
    } catch (std::exception const& e) {
      ++run.not_sent[label + ": not sent (" + std::string(e.what()).substr(0, 60) + ")"];
    }
  };
  if (spec_ok) add(op, [&] { return function_item(op, name, il, sl); });
  else ++run.not_sent[op + ": the spec has no result (" + spec_error.substr(0, 50) + "), impl does"];
  if (op == "composition" && args.at(1).kind != nt::Kind::tuple) {
    try {
      sp::Layout a = sp::to_layout(args.at(0)), b = sp::to_layout(args.at(1));
      add("composition rule A(B(i))", [&] { return chain_item(name, il, a, b); });
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

}  // namespace

std::vector<Item> catalogue(Run& run, std::vector<std::string>& problems) {
  std::vector<Item> items;
  bool const quick = run.o.quick;
  auto guarded = [&](std::string const& what, auto&& f) {
    try {
      f();
    } catch (std::exception const& e) {
      problems.push_back(what + ": " + e.what());
    }
  };
  for (auto const& t : kIntLayouts)
    if (!t.big || !quick) guarded(t.text, [&] { items.push_back(layout_item("int", t.text)); });
  for (auto const& t : kBasisLayouts)
    if (!t.big || !quick) guarded(t.text, [&] { items.push_back(layout_item("basis", t.text)); });
  for (auto const& t : kSwizzles)
    if (!t.big || !quick) guarded(t.inner, [&] { items.push_back(swizzle_item(t.b, t.m, t.s, t.offset, t.inner)); });
  for (auto const& t : kOps)
    if (!t.big || !quick)
      guarded(t.op, [&] {
        equiv::Args args{term(t.a), term(t.b)};
        op_items(run, t.op, args, std::string(t.op) + "(" + t.a + ", " + t.b + ")", false, items);
      });
  return items;
}

std::vector<Item> vector_items(Run& run, std::vector<std::string>& problems) {
  std::vector<Item> items;
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(run.o.data, ec)) {
    problems.push_back("no conformance vectors at " + run.o.data);
    return items;
  }
  std::vector<std::string> files;
  for (auto const& e : fs::directory_iterator(run.o.data))
    if (e.path().extension() == ".tsv") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  auto const& table = equiv::operations();
  for (auto const& f : files) {
    std::vector<equiv::Case> cases;
    std::string error;
    if (!equiv::read_vectors(f, cases, error)) {
      problems.push_back(error);
      continue;
    }
    for (equiv::Case const& c : cases) {
      equiv::Operation const* row = table.find(c.op);
      if (!c.format_error.empty() || !row || !row->reference) continue;
      equiv::Args args;
      bool ok = true;
      for (auto const& field : c.args) {
        auto p = nt::parse(field.text);
        ok = ok && p.ok;
        args.push_back(p.term);
      }
      if (!ok) {
        ++run.not_sent[c.op + ": malformed (an argument does not parse)"];
        continue;
      }
      try {
        op_items(run, c.op, args, fs::path(f).filename().string() + ":" + std::to_string(c.line), true, items);
      } catch (std::exception const& e) {
        ++run.not_sent[c.op + ": not sent (" + std::string(e.what()).substr(0, 60) + ")"];
      }
    }
  }
  return items;
}

}  // namespace layoutref::gpu
