// layoutref gpu — the sweep suite (suites.hpp).
#include "suites.hpp"

#include <layoutref/impl/mma.hpp>
#include <layoutref/impl/tensor_term.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/tensor.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <thread>

namespace layoutref::gpu {

namespace sp = layoutref::spec;
namespace im = layoutref::impl;
namespace rule = layoutref::gpu::spec_rule;

namespace {

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

}  // namespace

void suite_sweep(Run& run) {
  int const max_shape = run.o.quick ? 3 : 5, max_stride = run.o.quick ? 2 : 5;
  run.say("\n== sweep: every layout with shapes in [1,%d], strides in [-%d,%d], for each profile, built and checked on the device ==", max_shape,
      max_stride, max_stride);
  for (auto const& p : profiles()) {
    Tally t = sweep_layouts(p, max_shape, max_stride);
    run.count("sweep/layouts", t, p.text);
    run.say("  %-16s %10llu layouts %14llu indices %llu mismatches %8.3f s", p.text, static_cast<unsigned long long>(t.layouts),
        static_cast<unsigned long long>(t.indices), static_cast<unsigned long long>(t.mismatches), t.seconds);
  }
  int const b = run.o.quick ? 2 : 3, m = run.o.quick ? 2 : 4, s = run.o.quick ? 4 : 6, off = run.o.quick ? 2 : 7;
  int const shape = run.o.quick ? 4 : 8, stride = run.o.quick ? 4 : 8;
  Tally t = sweep_swizzles(b, m, s, off, shape, stride);
  run.count("sweep/swizzles", t, "swizzles");
  run.say("  every Sw<B,M,S> with B <= %d, M <= %d, B <= |S| <= %d, offsets 0..%d, over (s0,s1):(d0,d1) with s in [1,%d], d in [0,%d]:", b, m, s, off,
      shape, stride);
  run.say("  %-16s %10llu layouts %14llu indices %llu mismatches %8.3f s", "swizzled", static_cast<unsigned long long>(t.layouts),
      static_cast<unsigned long long>(t.indices), static_cast<unsigned long long>(t.mismatches), t.seconds);
  i64 const pairs = run.o.quick ? (i64{1} << 24) : (i64{1} << 30);
  Tally a = sweep_arithmetic(pairs);
  run.count("sweep/arithmetic", a, "arithmetic");
  run.say("  impl's device arithmetic (mul_overflows by __mul64hi, divmod in 32 bits where it can) against the portable definitions:");
  run.say("  %-16s %10s        %14llu pairs   %llu mismatches %8.3f s", "arithmetic", "", static_cast<unsigned long long>(a.indices),
      static_cast<unsigned long long>(a.mismatches), a.seconds);
  run.kind_table("sweep");
}

}  // namespace layoutref::gpu
