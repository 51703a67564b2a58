#pragma once
// layoutref gpu — layoutref-gpu-check's suites (docs/gpu.md): eval and tables (suite_eval.cpp),
// sweep (suite_sweep.cpp), tensor and bench (suite_tensor.cpp).
#include "items.hpp"
#include "report.hpp"

#include <string>
#include <vector>

namespace layoutref::gpu {

/// impl on the device against the spec's rule ported to the device, every index of each item.
void suite_eval(Run& run, std::vector<Item> const& items);
/// impl on the device against tables computed on the host by layoutref::spec.
void suite_tables(Run& run, std::vector<Item> const& items);
/// Every layout of stated small bounds (and every swizzle), built and checked on the device.
void suite_sweep(Run& run);
/// Each thread's coordinates of impl's partitions against the spec's; the copy/transpose kernels.
void suite_tensor(Run& run);
/// Copy/transpose bandwidth beside cudaMemcpy and hand-indexed kernels.
void suite_bench(Run& run);
/// The tiled MMAs' thread-value layouts (thrfrg of a coordinate tile) as items for eval and tables.
void tv_items(Run& run, std::vector<Item>& items, std::vector<std::string>& problems);

}  // namespace layoutref::gpu
