// layoutref gpu — the tensor suite's MMA kernel: each thread makes its own partition_A/B/C of a
// coordinate tile by the tiled MMA (impl::partition, at the program's capacity) and evaluates its
// elements (check.hpp, device_mma_elements). A unit of its own: the partition's call chain is the
// largest device code of the program, and nvcc compiles it beside tensor.cu and partition.cu.
#include "check.hpp"
#include "cuda_util.cuh"
#include "elements.cuh"

namespace layoutref::gpu {

using namespace layoutref::impl;

/// Thread t's partition of the job's tile, out of line: one copy for the kernel
/// (partition_elements_kernel, elements.cuh).
static __device__ __noinline__ Result<Tensor<CountingIterator>> partition_of(MmaJob const& job, int t) {
  return partition(job.mma, job.op, job.tile, Int::dynamic(t));
}

std::string device_mma_elements(MmaJob const& job, int nthreads, int values, int rank, std::vector<i64>& out, std::vector<int>& status,
                                double& seconds) {
  return partition_elements_on_device(job, "partition_elements_kernel<MmaJob>", nthreads, values, rank, out, status, seconds);
}

}  // namespace layoutref::gpu
