// layoutref gpu — the tensor suite's kernels: each thread's partition of a coordinate tile
// (local_partition, made by the thread itself at capacity kKernelLeaves; the tiled MMA's
// partitions made on the host) and its elements, evaluated on the device (check.hpp). A unit of
// its own, so that nvcc compiles it beside tensor.cu.
#include "check.hpp"
#include "cuda_util.cuh"

namespace layoutref::gpu {

using namespace layoutref::impl;

namespace {

/// Thread t's elements of its partition `part`: out[(t * values + v) * rank + k]. Returns 0, or
/// 200 + impl's error code of element, or -2 for a coordinate with another number of leaves.
template <class T>
__device__ int write_elements(T const& part, int t, int values, int rank, i64* out) {
  for (int v = 0; v < values; ++v) {
    auto c = element(part, static_cast<i64>(v));
    if (!c.ok()) return 200 + static_cast<int>(c.error.code);
    if (c.value.nleaves != rank) return -2;
    for (int k = 0; k < rank; ++k) out[(static_cast<i64>(t) * values + v) * rank + k] = c.value.leaf[k].value;
  }
  return 0;
}

__global__ void elements_kernel(Tensor<CountingIterator> const* parts, int nthreads, int values, int rank, i64* out, int* status) {
  int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (t < nthreads) status[t] = write_elements(parts[t], t, values, rank, out);
}

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

/// Upload `in`, run kernel(in, nthreads, values, rank, out, status) with a thread per partition,
/// and download the elements and the statuses.
template <class In>
std::string elements_on_device(std::vector<In> const& in, void (*kernel)(In const*, int, int, int, i64*, int*), char const* name, int nthreads,
                               int values, int rank, std::vector<i64>& out, std::vector<int>& status, double& seconds) {
  DeviceBuffer<In> d_in(in.size());
  DeviceBuffer<i64> d_out(static_cast<std::size_t>(nthreads) * values * rank);
  DeviceBuffer<int> d_status(static_cast<std::size_t>(nthreads));
  if (!d_in.ok()) return d_in.error;
  if (!d_out.ok()) return d_out.error;
  if (!d_status.ok()) return d_status.error;
  std::string e = d_in.upload(in);
  if (!e.empty()) return e;
  EventTimer timer;
  timer.start();
  kernel<<<(nthreads + 127) / 128, 128>>>(d_in.get(), nthreads, values, rank, d_out.get(), d_status.get());
  seconds = timer.stop_seconds();
  e = check_launch(name);
  if (!e.empty()) return e;
  e = d_out.download(out);
  if (e.empty()) e = d_status.download(status);
  return e;
}

}  // namespace

std::string device_elements(std::vector<Tensor<CountingIterator>> const& parts, int values, int rank, std::vector<i64>& out,
                            std::vector<int>& status, double& seconds) {
  return elements_on_device(parts, elements_kernel, "elements_kernel", static_cast<int>(parts.size()), values, rank, out, status, seconds);
}

std::string device_partition_elements(PartitionJob const& job, int nthreads, int values, int rank, std::vector<i64>& out,
                                      std::vector<int>& status, double& seconds) {
  return elements_on_device(std::vector<PartitionJob>{job}, partition_elements_kernel, "partition_elements_kernel", nthreads, values, rank, out,
                            status, seconds);
}

}  // namespace layoutref::gpu
