// layoutref gpu — the tensor suite's local_partition kernel: each thread's partition of a
// coordinate tile, made by the thread itself at capacity kKernelLeaves, and its elements,
// evaluated on the device (check.hpp). A unit of its own, so that nvcc compiles it beside
// tensor.cu and mma.cu.
#include "check.hpp"
#include "cuda_util.cuh"
#include "elements.cuh"

namespace layoutref::gpu {

using namespace layoutref::impl;

/// Thread t's local_partition of the job's tile, out of line: one copy for the kernel
/// (partition_elements_kernel, elements.cuh).
static __device__ __noinline__ Result<Tensor<CountingIteratorN<kKernelLeaves>, kKernelLeaves>> partition_of(PartitionJob const& job, int t) {
  return local_partition(job.tile, job.thr, Int::dynamic(t));
}

std::string device_partition_elements(PartitionJob const& job, int nthreads, int values, int rank, std::vector<i64>& out,
                                      std::vector<int>& status, double& seconds) {
  return partition_elements_on_device(job, "partition_elements_kernel<PartitionJob>", nthreads, values, rank, out, status, seconds);
}

}  // namespace layoutref::gpu
