// layoutref gpu — the tensor and bench suites, and the thread-value items (suites.hpp).
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
  run.say("  %8llu (thread, value) coordinates %llu mismatches  %s", static_cast<unsigned long long>(t.indices),
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
    if (!r.note.empty() || (r.elements == 0 && !r.error.empty() && r.median_ms == 0))
      run.say("  %-10s %-36s %s", problem, r.variant.c_str(), r.error.empty() ? r.note.c_str() : r.error.c_str());
    else if (table)
      run.say("  %-10s %-36s %9.3f ms %8.1f GB/s  x%.3f of cudaMemcpy  x%.3f of hand  %s", problem, r.variant.c_str(), r.median_ms, r.gbps,
          memcpy_gbps > 0 ? r.gbps / memcpy_gbps : 0, hand_gbps > 0 ? r.gbps / hand_gbps : 0,
          r.elements ? ("elements verified: " + std::to_string(r.elements) + ", mismatches " + std::to_string(r.mismatches)).c_str()
                     : "(not verified: a plain copy, no transpose)");
    else
      run.say("  %-10s %-36s %s", problem, r.variant.c_str(),
          r.elements ? ("elements verified: " + std::to_string(r.elements) + ", mismatches " + std::to_string(r.mismatches)).c_str()
                     : (r.error.empty() ? "(not verified)" : r.error.c_str()));
  }
  int bits = 0;
  for (auto const& r : rs) bits = r.index_bits ? r.index_bits : bits;
  run.say("  %-10s the impl kernel's plans (impl on the host: local_tile, local_partition, zipped_divide, FastLayoutR::make): %.3f ms; the impl kernels' index arithmetic: %d-bit",
      problem, plan_ms, bits);
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
    auto n = im::size(part.value.layout);
    if (!n.ok()) return "size of a thread's partition: " + im::str(n.error);
    out.push_back(ThreadPlan{part.value.layout, part.value.engine.ptr - t.engine.ptr, n.value.value});
  }
  if (tiles) {
    auto z = im::zipped_divide(t.layout, tiler);
    if (!z.ok()) return "zipped_divide: " + im::str(z.error);
    auto rest = z.value.mode(1);
    if (!rest.ok()) return "the tiles: " + im::str(rest.error);
    auto n = im::size(rest.value);
    if (!n.ok()) return "the tiles: " + im::str(n.error);
    tiles->rest = rest.value;
    tiles->tiles = n.value.value;
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
  // The same layouts at the kernels' capacity, for the kernels that partition by themselves.
  p.kernel.a = must(im::with_capacity<kKernelLeaves>(la), "A at the kernels' capacity");
  p.kernel.b = must(im::with_capacity<kKernelLeaves>(lb), "B at the kernels' capacity");
  p.kernel.smem = must(im::with_capacity<kKernelLeaves>(smem), "the shared tile at the kernels' capacity");
  p.kernel.thr_a = must(im::with_capacity<kKernelLeaves>(thr_r), "thr at the kernels' capacity");
  p.kernel.thr_b = must(im::with_capacity<kKernelLeaves>(transpose ? thr_w : thr_r), "thr at the kernels' capacity");
  p.kernel.tiler = must(im::with_capacity<kKernelLeaves>(tiler), "the tiler at the kernels' capacity");
  p.flat.a = must(im::FlatLayout<2>::make(p.kernel.a), "A as a flat layout");
  p.flat.b = must(im::FlatLayout<2>::make(p.kernel.b), "B as a flat layout");
  p.flat.smem = must(im::FlatLayout<2>::make(p.kernel.smem), "the shared tile as a flat layout");
  p.flat.thr_a = must(im::FlatLayout<2>::make(p.kernel.thr_a), "thr as a flat layout");
  p.flat.thr_b = must(im::FlatLayout<2>::make(p.kernel.thr_b), "thr as a flat layout");
  p.flat.tiler = must(im::flat_shape_tiler<2>(p.kernel.tiler), "the tiler as a flat shape");
  PlanCopy plans = [&](std::uint32_t* a, std::uint32_t* b, std::uint32_t* smem_origin, CopyPlans& out) {
    out.array_a = la;
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

/// local_tile(make_identity_tensor(p), tile, coord): impl's, and the spec's.
im::Tensor<im::CountingIterator> impl_tile(char const* p, char const* tile, char const* coord) {
  return must(im::local_tile(must(im::make_identity_tensor(must(im::to_int_tuple(term(p)), p)), "identity"),
                             must(im::to_tiling_tiler(term(tile)), tile), must(im::to_slice_coord(term(coord)), coord)),
              "local_tile");
}
sp::Tensor spec_tile(char const* p, char const* tile, char const* coord) {
  return sp::local_tile(sp::make_identity_tensor(sp::to_int_tuple(term(p))), sp::to_tiler(term(tile)), sp::to_slice_coord(term(coord)));
}

/// Every (thread, value) coordinate of impl's partitions `parts` (made on the host), evaluated on
/// the device, against the spec's `want` (rank 2).
/// Every (thread, value) coordinate of the partitions that each thread of the device makes of the
/// job's tile (device_partition_elements, device_mma_elements), against the spec's `want` (rank 2).
void check_partitions(Run& run, std::string const& key, std::string const& name, PartitionJob const& job, int nthreads,
                      std::vector<i64> const& want, int values) {
  std::vector<i64> got;
  std::vector<int> status;
  double seconds = 0;
  std::string e = device_partition_elements(job, nthreads, values, 2, got, status, seconds);
  compare_partition(run, key, name, e, got, status, want, values, 2, seconds);
}
void check_partitions(Run& run, std::string const& key, std::string const& name, MmaJob const& job, int nthreads, std::vector<i64> const& want,
                      int values) {
  std::vector<i64> got;
  std::vector<int> status;
  double seconds = 0;
  std::string e = device_mma_elements(job, nthreads, values, 2, got, status, seconds);
  compare_partition(run, key, name, e, got, status, want, values, 2, seconds);
}

}  // namespace

void suite_tensor(Run& run) {
  run.say("\n== tensor: each thread's coordinates (local_partition and the MMA partitions: each device thread partitions the tile itself and evaluates its elements) against the spec's; the copy/transpose kernels ==");
  for (auto const& c : kPartitions) {
    std::string name = std::string("local_partition(local_tile(make_identity_tensor(") + c.p + "), " + c.tile + ", " + c.coord + "), " + c.thr + ", t)";
    try {
      auto itile = impl_tile(c.p, c.tile, c.coord);
      im::Layout thr = must(im::to_layout(term(c.thr)), c.thr);
      sp::Tensor stile = spec_tile(c.p, c.tile, c.coord);
      sp::Layout sthr = sp::to_layout(term(c.thr));
      int nthreads = static_cast<int>(sp::size(sthr));
      int values = static_cast<int>(sp::size(sp::local_partition(stile, sthr, 0)));
      auto want = spec_coordinates([&](i64 t) { return sp::local_partition(stile, sthr, t); }, nthreads, values, 2);
      PartitionJob job;
      job.tile = must(im::with_capacity<kKernelLeaves>(itile), "the tile at the kernels' capacity");
      job.thr = must(im::with_capacity<kKernelLeaves>(thr), "thr at the kernels' capacity");
      check_partitions(run, "tensor/local_partition coordinates", name, job, nthreads, want, values);
    } catch (std::exception const& e) {
      ++run.errors;
      run.say("  ERROR %s: %s", name.c_str(), e.what());
    }
  }
  for (auto const& c : kMmas) {
    std::string name = std::string("partition_") + operand_name(c.op) + "(" + c.atom + ", " + c.atom_layout + ", local_tile(make_identity_tensor(" + c.p +
                       "), " + c.tile + ", " + c.coord + "), t)";
    try {
      im::TiledMma mma;
      mma.atom = must(im::mma_atom(c.atom), c.atom);
      mma.atom_layout = must(im::to_layout(term(c.atom_layout)), c.atom_layout);
      auto itile = impl_tile(c.p, c.tile, c.coord);
      sp::TiledMma smma = sp::make_tiled_mma(sp::mma_atom(c.atom), sp::to_layout(term(c.atom_layout)));
      sp::Tensor stile = spec_tile(c.p, c.tile, c.coord);
      sp::MmaOperand sop = spec_operand(c.op);
      int nthreads = static_cast<int>(sp::size(sp::thr_layout_vmnk(smma)));
      int values = static_cast<int>(sp::size(sp::partition(smma, sop, 0, stile)));
      auto want = spec_coordinates([&](i64 t) { return sp::partition(smma, sop, t, stile); }, nthreads, values, 2);
      MmaJob job;
      job.mma = mma;
      job.op = c.op;
      job.tile = itile;
      check_partitions(run, "tensor/mma partition coordinates", name, job, nthreads, want, values);
    } catch (std::exception const& e) {
      ++run.errors;
      run.say("  ERROR %s: %s", name.c_str(), e.what());
    }
  }
  i64 const side = run.o.quick ? 1024 : 4096;
  run.say("  copy and transpose of %lldx%lld 32-bit elements, every element checked against the spec's layouts of A and B:", static_cast<long long>(side),
      static_cast<long long>(side));
  copy_problem(run, "tensor/copy elements", side, side, false, 1, false);
  copy_problem(run, "tensor/transpose elements", side, side, true, 1, false);
  run.kind_table("tensor");
}

/// The thread-value layouts of the tiled MMAs (thrfrg of a coordinate tile, basis strides) as items:
/// impl's (computed on the host with the device's capacity) against the spec's.
void tv_items(Run& run, std::vector<Item>& items, std::vector<std::string>& problems) {
  for (auto const& c : kMmas) {
    std::string name = std::string("thrfrg_") + operand_name(c.op) + "(" + c.atom + ", " + c.atom_layout + ", " + c.tile + " tile)";
    try {
      im::TiledMma mma;
      mma.atom = must(im::mma_atom(c.atom), c.atom);
      mma.atom_layout = must(im::to_layout(term(c.atom_layout)), c.atom_layout);
      auto itile = impl_tile(c.p, c.tile, c.coord);
      auto ithr = im::thrfrg(mma, c.op, itile);
      if (!ithr.ok()) {
        ++run.not_sent[std::string("thrfrg: ") + (ithr.error.code == im::Errc::capacity ? "past impl's device leaf capacity" : "impl refuses")];
        continue;
      }
      sp::TiledMma smma = sp::make_tiled_mma(sp::mma_atom(c.atom), sp::to_layout(term(c.atom_layout)));
      sp::Tensor stile = spec_tile(c.p, c.tile, c.coord);
      items.push_back(function_item("thread-value (thrfrg)", name, ithr.value.layout, sp::thrfrg(smma, spec_operand(c.op), stile.layout)));
    } catch (std::exception const& e) {
      problems.push_back(name + ": " + e.what());
    }
  }
}

void suite_bench(Run& run) {
  i64 const n = run.o.bench_size;
  run.say("\n== bench: %lldx%lld 32-bit elements (%.2f GiB per array), median of %d runs; GB/s counts bytes read + written ==",
      static_cast<long long>(n), static_cast<long long>(n), static_cast<double>(n * n * 4) / (1024.0 * 1024 * 1024), run.o.reps);
  copy_problem(run, "bench/copy elements", n, n, false, run.o.reps, true);
  copy_problem(run, "bench/transpose elements", n, n, true, run.o.reps, true);
}


}  // namespace layoutref::gpu
