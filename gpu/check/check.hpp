#pragma once
// layoutref gpu — the device cross-checks: the interface between the host driver (main.cpp, report.cpp, items.cpp, suite_*.cpp, built
// by the host compiler) and the kernels (*.cu, built by nvcc).
//
// Every impl value in this program is built with the same leaf capacity
// (LAYOUTREF_MAX_LEAVES = LAYOUTREF_DEVICE_MAX_LEAVES, set for the whole target): impl's types are
// fixed-capacity structs, so host and device code must agree on it, and no impl code of another
// capacity may be linked in (layoutref::impl is not; impl/src/*.cpp are compiled into the target).
//
// What is compared (docs/gpu.md):
//  - check_rule: impl evaluated on the device at every index of [0, size) against the spec's
//    evaluation rule ported to the device (spec_rule.cuh), 64-bit indices, grid-stride loops;
//  - check_table: impl on the device against a table the host computed with layoutref::spec;
//  - sweep: every layout of given small bounds, built and evaluated on the device;
//  - the runtime-layout kernels (copy, transpose) and the thread partitions (tensor.cu).
#include "spec_rule.cuh"
#include "sweep_plan.hpp"

#include <layoutref/impl/fast_layout.hpp>
#include <layoutref/impl/flat.hpp>
#include <layoutref/impl/mma.hpp>
#include <layoutref/impl/swizzle.hpp>
#include <layoutref/impl/tensor.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace layoutref::gpu {

using impl::i64;
using u64 = std::uint64_t;

// ---- the device ---------------------------------------------------------------------------------

struct DeviceInfo {
  bool present = false;
  std::string reason;  ///< why there is no usable device (when !present)
  std::string name;
  int sms = 0;
  int cc_major = 0, cc_minor = 0;
  double memory_gib = 0;
  int runtime_version = 0, driver_version = 0;
};
/// The first CUDA device, or why there is none (no driver, no device, a CUDA error).
DeviceInfo device_info();

/// Set the device stack per thread (`--stack`; see report.hpp Options::stack). Returns an error
/// text, empty on success.
std::string set_device_stack(std::size_t bytes);

// ---- results ------------------------------------------------------------------------------------

/// Which impl evaluation a mismatch came from.
enum Evaluator : int {
  kFast = 1,          ///< FastLayout::make(L) then f(i)
  kTree = 2,          ///< impl::evaluate(L, i) (the checked tree walk; Value with basis terms)
  kComposed = 4,      ///< impl::evaluate(ComposedLayout, i)
  kComposedFast = 8,  ///< impl::apply(sw, offset + FastLayout(inner)(i))
  kTensor = 16,       ///< an element of an impl tensor (copy/transpose data, partition coordinates)
  kArithmetic = 32,   ///< impl's device arithmetic: mul_overflows (component 0), divmod (1: q, 2: r)
};
inline char const* evaluator_name(int e) {
  switch (e) {
    case kFast: return "FastLayout";
    case kTree: return "evaluate";
    case kComposed: return "evaluate(ComposedLayout)";
    case kComposedFast: return "apply(Sw, FastLayout)";
    case kTensor: return "tensor";
    case kArithmetic: return "arithmetic";
    default: return "refusal";
  }
}

struct Mismatch {
  i64 index = 0;      ///< the 1-D index (sweep: the layout's number in the sweep; see `layout`)
  i64 layout = -1;    ///< sweep: the layout's number; -1 otherwise
  int evaluator = 0;  ///< Evaluator, or 0 when impl refused the layout
  int component = 0;  ///< the value component that differs (0: integer part)
  i64 got = 0;        ///< the device's impl value (refusal: impl's error code)
  i64 want = 0;       ///< the spec's value
};
inline constexpr int kMaxRecorded = 8;

struct Tally {
  u64 indices = 0;      ///< indices checked (each against the spec once)
  u64 evaluations = 0;  ///< impl evaluations compared (indices x evaluators)
  u64 mismatches = 0;
  u64 layouts = 0;      ///< sweep: layouts checked
  std::vector<Mismatch> first;  ///< the first few, in the order the device found them
  double seconds = 0;   ///< device time of the kernels
  std::string error;    ///< a CUDA or impl error that stopped the check (empty: none)
  void add(Tally const& t) {
    indices += t.indices;
    evaluations += t.evaluations;
    mismatches += t.mismatches;
    layouts += t.layouts;
    for (auto const& m : t.first)
      if (first.size() < kMaxRecorded) first.push_back(m);
    seconds += t.seconds;
    if (error.empty()) error = t.error;
  }
};

// ---- evaluation against the rule and against tables ----------------------------------------------

/// The impl side: a layout, or a swizzled ComposedLayout.
struct ImplFunction {
  impl::Layout layout{};
  bool swizzled = false;
  impl::ComposedLayout composed{};
};

/// The basis path of each value component k >= 1 (component 0 is the integer part).
struct PathTable {
  int n = 1;  ///< components in use, including 0
  impl::BasisPath path[spec_rule::kMaxComponents] = {};
};

/// impl at every index of [0, size) against the spec rule. `evaluators`: a set of Evaluator bits
/// that apply to the function (kFast/kTree for layouts, kComposed/kComposedFast for swizzled ones).
/// Work is split into launches of at most `chunk` indices.
Tally check_rule(ImplFunction const& f, spec_rule::Function const& spec, PathTable const& paths, int evaluators, i64 size,
                 i64 chunk = i64{1} << 32);

/// impl at every index of [0, table.size() / components) against a host table: entry
/// i * components + k is component k of the spec's value at i.
Tally check_table(ImplFunction const& f, std::vector<i64> const& table, PathTable const& paths, int evaluators);

// ---- the exhaustive sweep ------------------------------------------------------------------------

/// A nesting of n leaves: impl's pre-order node array (-1 a leaf, k >= 0 a tuple of k items).
struct Profile {
  int nleaves = 0;
  int nnodes = 0;
  std::int8_t node[16] = {};
  char text[32] = {};  ///< e.g. "(a,(b,c))", for the report
};

/// Layouts [first, end) of the profile's sweep (sweep_plan.hpp): every layout with the profile,
/// shapes in [1, max_shape] and integer strides in [-max_stride, max_stride], by number: built on
/// the device as an impl::Layout, evaluated at each index by kFast and kTree, compared with the
/// spec rule. Layout number x encodes leaf j's shape and stride as the digits of x in base
/// max_shape * (2 * max_stride + 1), leaf 0 first (sweep_layout_text prints it).
Tally sweep_layouts(Profile const& p, int max_shape, int max_stride, i64 first, i64 end);

/// Swizzled layouts [first, end): item x is swizzle case x / inner (cases: sweep_plan.hpp
/// swizzle_cases, every Swizzle<B,M,S> with its offset) over inner layout x % inner, the layouts
/// (s0,s1):(d0,d1) with shapes in [1, max_shape] and strides in [0, max_stride], inner =
/// (max_shape * (max_stride + 1))^2: kComposed and kComposedFast against the spec rule.
Tally sweep_swizzles(std::vector<SwizzleCase> const& cases, int max_shape, int max_stride, i64 first, i64 end);

/// impl's device-only arithmetic against the portable definitions, on the pairs [first, end) of a
/// fixed sequence of pairs (a, b): every
/// pair of the int64 edge values (0, ±1, ±2, ±2^31, 2^32 - 1, ±2^32, ±(2^32 + 1), √2^63 and its
/// neighbours, ±(2^62), 2^63 - 1, -2^63, ...) first, then pseudo-random pairs of every magnitude
/// (a SplitMix64 hash of the pair's number, shifted right by a hashed amount, with a hashed
/// sign). mul_overflows(a, b), which uses __mul64hi on the device, against
/// detail::mul_overflows_portable; divmod(|a|, max(|b|, 1)), which divides in 32 bits where it
/// can, against 64-bit `/` and `%`. A mismatch has index = a and want = b.
Tally sweep_arithmetic(i64 first, i64 end);

// ---- tensors: thread partitions, copy and transpose (tensor.cu) --------------------------------
//
// The kernels partition by themselves: each thread of the tensor suite's local_partition kernel
// calls local_partition on the tile it is given (at kKernelLeaves), each thread of its MMA kernel
// partition_A/B/C (at the program's capacity, 8; mma.cu), and each thread of the copy and
// transpose kernels local_tile and local_partition (at kKernelLeaves). The comparison kernels'
// plans (ThreadPlan below) are made on the host.

/// The capacity of the values that the kernels which partition by themselves use: a kernel
/// author's rank-2 layouts and tilers fit 4 leaves (impl::LayoutN<4>: 152 bytes).
inline constexpr int kKernelLeaves = 4;

/// What thread t of the tensor suite's local_partition kernel partitions: local_partition(tile,
/// thr, t), at the kernels' capacity kKernelLeaves.
struct PartitionJob {
  impl::Tensor<impl::CountingIteratorN<kKernelLeaves>, kKernelLeaves> tile{};
  impl::LayoutN<kKernelLeaves> thr{};
};

/// What thread t of the tensor suite's MMA kernel partitions: partition(mma, op, tile, t)
/// (partition_A/B/C), at the program's capacity.
struct MmaJob {
  impl::TiledMma mma{};
  impl::MmaOperand op = impl::MmaOperand::A;
  impl::Tensor<impl::CountingIterator> tile{};
};

/// Thread t partitions job's tile by itself on the device (PartitionJob: local_partition; MmaJob:
/// the tiled MMA's partition) and evaluates element(part, v) for every v < values (impl's element
/// access of a coordinate tensor), writing the coordinate's leaves: out[(t * values + v) * rank + k].
/// status[t]: 0, or 100 + impl's error code of the partition, or 200 + that of element, or -2 for
/// a coordinate with another number of leaves.
std::string device_partition_elements(PartitionJob const& job, int nthreads, int values, int rank, std::vector<i64>& out,
                                      std::vector<int>& status, double& seconds);
std::string device_mma_elements(MmaJob const& job, int nthreads, int values, int rank, std::vector<i64>& out, std::vector<int>& status,
                                double& seconds);


/// The most modes a plan's layout keeps (FastLayoutR's rank in the copy and transpose kernels).
/// The partitions of suite_tensor.cpp's copy problems are rank 2: each thread's share of a
/// (_64,_64) tile by (_32,_8) or (_8,_32) threads is (_2,_8) or (_8,_2) values, and the tiles of
/// an (M,N) array are (M/64,N/64); a plan that keeps more modes is refused (capacity, naming the
/// count) before any kernel runs.
inline constexpr int kPlanRank = 2;

/// One thread's share of one tile: element v of the thread in tile k lies at
/// rest(k) + offset + part(v) (TilePlan::rest), all relative to the tensor's origin. Made by impl
/// on the host; run_copy prepares `part` as a FastLayoutR<kPlanRank, Index> for the kernels.
struct ThreadPlan {
  impl::Layout part{};  ///< value v -> element offset, relative to the thread's first element
  i64 offset = 0;       ///< the thread's first element in tile 0
  i64 values = 0;       ///< size(part)
};
/// The tiles: tile k starts at rest(k).
struct TilePlan {
  impl::Layout rest{};
  i64 tiles = 0;
};
/// The plans of a copy (A and B by their thread layouts) or transpose (also the shared tile, read
/// by A's thread layout and written by B's).
struct CopyPlans {
  std::vector<ThreadPlan> a, b, smem_read, smem_write;  ///< one per thread (256)
  TilePlan tiles_a, tiles_b;
  impl::Layout array_a{};  ///< A's layout: with_fast_layout on it picks the kernels' index type
};

/// What a copy or transpose kernel that partitions by itself receives (by value): the layouts of
/// A, B and the shared tile, the tiler, and the thread layouts that read A (thr_a) and write B
/// (thr_b), at capacity kKernelLeaves. Each thread then calls local_tile, local_partition and
/// FastLayoutR::make itself, and thread 0 of each block zipped_divide for the tiles.
struct KernelCopyLayouts {
  impl::LayoutN<kKernelLeaves> a{}, b{}, smem{}, thr_a{}, thr_b{};
  impl::TilerN<kKernelLeaves> tiler{};
};

/// A global M x N array of 32-bit elements, column-major A (M,N):(1,M) copied into B, either the
/// same layout (copy) or row-major (M,N):(N,1) (transpose), by 64 x 64 tiles with 256 threads.
/// The same layouts as rank-2 flat layouts and a shape tiler (impl/flat.hpp): what a kernel
/// author declares for rank-2 tensors whose extents arrive at run time (CuTe's
/// Layout<Shape<int,int>, Stride<int,int>>). The flat kernels partition with impl's flat algebra.
struct KernelFlatLayouts {
  impl::FlatLayout<2> a{}, b{}, smem{}, thr_a{}, thr_b{};
  impl::FlatTuple<2> tiler{};
};

struct CopyProblem {
  i64 m = 0, n = 0;
  bool transpose = false;
  int reps = 20;  ///< timed repetitions (the median is reported), after 2 untimed ones
  KernelCopyLayouts kernel{};  ///< the same layouts for the kernels that partition by themselves
  KernelFlatLayouts flat{};    ///< and as flat layouts, for the flat kernels
};
inline constexpr int kCopyThreads = 256;
inline constexpr int kCopyTile = 64;

/// The plans for the device arrays a and b and the shared tile (whose origin the kernel places at
/// offset 0 of its shared memory; `smem_origin` is an allocation of its cosize to plan with).
using PlanCopy = std::function<std::string(std::uint32_t* a, std::uint32_t* b, std::uint32_t* smem_origin, CopyPlans& plans)>;

/// One variant's outcome: time, bandwidth (bytes read + written over the median time) and the
/// element check of its last run against the spec (each element of B at the spec's B(i) must be
/// the element of A at the spec's A(i)).
struct CopyResult {
  std::string variant;
  double median_ms = 0;
  double gbps = 0;
  u64 elements = 0;
  u64 mismatches = 0;
  std::vector<Mismatch> first;
  std::string error;
  int index_bits = 0;  ///< the impl kernels' index arithmetic: 32 or 64 (0: not an impl kernel)
  std::string note;    ///< a check that copies nothing (a refusal): what it saw, printed instead of a timing
};

/// The spec's layouts of A and B, flattened (the host makes them with layoutref::spec).
struct CopySpec {
  spec_rule::Flat a, b;
};

/// Runs cudaMemcpy device-to-device, the hand-indexed kernel and the kernels indexed through impl's
/// plans (one element at a time, and 8 loads in flight per thread), each 2 + reps times, and checks
/// each kernel's last result with the spec rule. The impl kernels are templates over the index
/// type: with_fast_layout<kPlanRank>(plans.array_a) picks it, and they run with 32-bit index
/// arithmetic (FastLayoutR<kPlanRank, std::uint32_t>) when A's layout and every plan fit in
/// 32 bits, with 64-bit otherwise. `plan_ms`: the host time of the plans (impl's local_tile,
/// local_partition, zipped_divide, FastLayoutR::make).
std::vector<CopyResult> run_copy(CopyProblem const& p, PlanCopy const& make_plans, CopySpec const& spec, double& plan_ms);

}  // namespace layoutref::gpu
