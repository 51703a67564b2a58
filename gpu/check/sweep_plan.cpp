// layoutref gpu — the sweep's enumeration and its blocks (sweep_plan.hpp). Host code only: no CUDA,
// no impl, so that layoutref-sweep-plan builds anywhere.
#include "sweep_plan.hpp"

#include <layoutref/equiv/json.hpp>

#include <algorithm>

namespace layoutref::gpu {

namespace {

constexpr long long kLayoutBlock = 1ll << 16;
constexpr long long kArithmeticBlock = 1ll << 22;
constexpr long long kMaxItems = 1ll << 62;

/// a * b, or -1 past kMaxItems.
long long times(long long a, long long b) {
  if (a < 0 || b < 0) return -1;
  if (b != 0 && a > kMaxItems / b) return -1;
  return a * b;
}

}  // namespace

SweepBounds sweep_bounds(bool quick) {
  SweepBounds b;
  if (quick) {
    b.max_shape = 3;
    b.max_stride = 2;
    b.sw_b = 2;
    b.sw_m = 2;
    b.sw_s = 4;
    b.sw_offset = 2;
    b.sw_shape = 4;
    b.sw_stride = 4;
    b.pairs = 1ll << 24;
  }
  return b;
}

std::vector<SweepProfile> sweep_profiles() {
  std::vector<SweepProfile> ps = {
      {"a", {-1}, 0},
      {"(a)", {1, -1}, 0},
      {"(a,b)", {2, -1, -1}, 0},
      {"((a,b))", {1, 2, -1, -1}, 0},
      {"(a,b,c)", {3, -1, -1, -1}, 0},
      {"(a,(b,c))", {2, -1, 2, -1, -1}, 0},
      {"((a,b),c)", {2, 2, -1, -1, -1}, 0},
      {"(a,b,c,d)", {4, -1, -1, -1, -1}, 0},
      {"((a,b),(c,d))", {2, 2, -1, -1, 2, -1, -1}, 0},
      {"(a,(b,(c,d)))", {2, -1, 2, -1, 2, -1, -1}, 0},
      {"(((a,b),c),d)", {2, 2, 2, -1, -1, -1, -1}, 0},
      {"((a,b,c,d))", {1, 4, -1, -1, -1, -1}, 0},
  };
  for (auto& p : ps)
    for (int n : p.nodes)
      if (n == -1) ++p.nleaves;
  return ps;
}

std::vector<SwizzleCase> swizzle_cases(SweepBounds const& bounds) {
  std::vector<SwizzleCase> cases;
  for (int b = 0; b <= bounds.sw_b; ++b)
    for (int m = 0; m <= bounds.sw_m; ++m)
      for (int s = -bounds.sw_s; s <= bounds.sw_s; ++s) {
        int as = s < 0 ? -s : s;
        if (as < b || m + as + b > 63) continue;
        for (int off = 0; off <= bounds.sw_offset; ++off) cases.push_back(SwizzleCase{b, m, s, off});
      }
  return cases;
}

bool sweep_plan(bool quick, SweepBounds const& b, SweepPlan& out, std::string& error) {
  SweepPlan p;
  p.quick = quick;
  p.bounds = b;
  p.profiles = sweep_profiles();
  p.swizzles = swizzle_cases(b);
  if (b.max_shape < 1 || b.max_stride < 0) {
    error = "the sweep needs a largest shape of at least 1 and a largest stride of at least 0";
    return false;
  }
  long long const base = times(b.max_shape, 2ll * b.max_stride + 1);
  for (size_t i = 0; i < p.profiles.size(); ++i) {
    long long count = 1;
    for (int j = 0; j < p.profiles[i].nleaves; ++j) count = times(count, base);
    if (count < 0) {
      error = "shapes up to " + std::to_string(b.max_shape) + " and strides up to " + std::to_string(b.max_stride) + " make 2^62 layouts of " +
              p.profiles[i].text + " or more";
      return false;
    }
    p.segments.push_back(SweepSegment{SegmentKind::layouts, "layouts " + p.profiles[i].text, static_cast<int>(i), count, kLayoutBlock});
  }
  long long const per_leaf = static_cast<long long>(b.sw_shape) * (b.sw_stride + 1);
  p.segments.push_back(
      SweepSegment{SegmentKind::swizzles, "swizzles", -1, static_cast<long long>(p.swizzles.size()) * per_leaf * per_leaf, kLayoutBlock});
  p.segments.push_back(SweepSegment{SegmentKind::arithmetic, "arithmetic", -1, b.pairs, kArithmeticBlock});
  for (size_t s = 0; s < p.segments.size(); ++s)
    for (long long first = 0; first < p.segments[s].count; first += p.segments[s].block)
      p.blocks.push_back(SweepBlock{static_cast<int>(s), first, std::min(p.segments[s].count, first + p.segments[s].block)});
  out = std::move(p);
  return true;
}

equiv::Json plan_json(SweepPlan const& p) {
  using equiv::Json;
  SweepBounds const& b = p.bounds;
  Json segments = Json::array();
  for (auto const& s : p.segments)
    segments.push_back(Json::object({{"name", s.name}, {"items", s.count}, {"block", s.block}}));
  return Json::object({{"program", "layoutref-gpu-check"},
                            {"suite", "sweep"},
                            {"quick", p.quick},
                            {"layouts", Json::object({{"max_shape", b.max_shape}, {"max_stride", b.max_stride}})},
                            {"swizzles", Json::object({{"max_b", b.sw_b},
                                                            {"max_m", b.sw_m},
                                                            {"max_s", b.sw_s},
                                                            {"max_offset", b.sw_offset},
                                                            {"max_shape", b.sw_shape},
                                                            {"max_stride", b.sw_stride}})},
                            {"pairs", b.pairs},
                            {"segments", segments},
                            {"blocks", static_cast<unsigned long long>(p.blocks.size())}});
}

std::string plan_options(SweepPlan const& p) {
  std::string o = p.quick ? " --quick" : "";
  SweepBounds const d = sweep_bounds(p.quick);
  if (p.bounds.max_shape != d.max_shape) o += " --max-shape " + std::to_string(p.bounds.max_shape);
  if (p.bounds.max_stride != d.max_stride) o += " --max-stride " + std::to_string(p.bounds.max_stride);
  return o;
}

std::string sweep_layout_text(SweepProfile const& p, int max_shape, int max_stride, long long x) {
  long long const base = static_cast<long long>(max_shape) * (2ll * max_stride + 1);
  std::vector<long long> shape, stride;
  for (int j = 0; j < p.nleaves; ++j) {
    long long digit = x % base;
    x /= base;
    shape.push_back(1 + digit % max_shape);
    stride.push_back(digit / max_shape - max_stride);
  }
  auto fill = [&](std::vector<long long> const& v) {
    std::string out;
    for (char c : p.text) out += c >= 'a' && c <= 'd' ? std::to_string(v[static_cast<size_t>(c - 'a')]) : std::string(1, c);
    return out;
  };
  return fill(shape) + ":" + fill(stride);
}

}  // namespace layoutref::gpu
