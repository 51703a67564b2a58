// layoutref gpu — the eval and tables suites (suites.hpp).
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
  void report(Run& run) const {
    if (left_out)
      run.say("  LEFT OUT by --time-limit %.0f s: %llu items with %llu indices (not checked)", limit, static_cast<unsigned long long>(left_out),
          static_cast<unsigned long long>(left_out_indices));
  }
};


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

}  // namespace

void suite_eval(Run& run, std::vector<Item> const& items) {
  run.say("\n== eval: impl on the device against the spec's rule (spec_rule.cuh), every index; smallest items first ==");
  Clock clock;
  clock.limit = run.o.time_limit;
  for (auto const& it : items) {
    if (clock.over(it)) continue;
    Tally t = check_rule(it.impl, it.rule, it.paths, it.evaluators, it.size);
    run.count("eval/" + it.kind, t, it.name);
    if (!it.vector_case)
      run.say("  %-26s %12lld indices %3s mismatches %8.3f s  %s", it.kind.c_str(), static_cast<long long>(t.indices),
          std::to_string(t.mismatches).c_str(), t.seconds, it.name.c_str());
  }
  clock.report(run);
  run.kind_table("eval");
}

void suite_tables(Run& run, std::vector<Item> const& items) {
  i64 const limit = run.o.quick ? (i64{1} << 16) : (i64{1} << 24);
  run.say("\n== tables: impl on the device against tables computed on the host by layoutref::spec (layouts up to %lld indices) ==",
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
      run.say("  %-26s %12lld indices %3s mismatches  %s", it.kind.c_str(), static_cast<long long>(t.indices), std::to_string(t.mismatches).c_str(),
          it.name.c_str());
  }
  clock.report(run);
  run.kind_table("tables");
}

}  // namespace layoutref::gpu
