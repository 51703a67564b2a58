// layoutref gpu — the tensor suite's local_partition kernel: each thread's partition of a
// coordinate tile, made by the thread itself at capacity kKernelLeaves, and its elements,
// evaluated on the device (check.hpp). A unit of its own, so that nvcc compiles it beside
// tensor.cu and mma.cu.
#include "check.hpp"
#include "cuda_util.cuh"
#include "elements.cuh"

namespace layoutref::gpu {

using namespace layoutref::impl;

namespace {

/// Thread t's local_partition of the job's tile, out of line: one copy for the kernel.
__device__ __noinline__ Result<Tensor<CountingIteratorN<kKernelLeaves>, kKernelLeaves>> partition_of(PartitionJob const& job, int t) {
  return local_partition(job.tile, job.thr, Int::dynamic(t));
}

/// elements_kernel with each thread partitioning the tile by itself.
__global__ void partition_elements_kernel(PartitionJob const* job, int nthreads, int values, int rank, i64* out, int* status) {
  int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= nthreads) return;
  auto part = partition_of(*job, t);
  status[t] = part.ok() ? write_elements(part.value, t, values, rank, out) : 100 + static_cast<int>(part.error.code);
}

}  // namespace

std::string device_partition_elements(PartitionJob const& job, int nthreads, int values, int rank, std::vector<i64>& out,
                                      std::vector<int>& status, double& seconds) {
  return elements_on_device(std::vector<PartitionJob>{job}, partition_elements_kernel, "partition_elements_kernel", nthreads, values, rank, out,
                            status, seconds);
}

}  // namespace layoutref::gpu
