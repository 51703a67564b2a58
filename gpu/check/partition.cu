// layoutref gpu — the tensor suite's kernels: each thread's partition of a coordinate tile
// (local_partition, made by the thread itself at capacity kKernelLeaves; the tiled MMA's
// partitions made on the host) and its elements, evaluated on the device (check.hpp). A unit of
// its own, so that nvcc compiles it beside tensor.cu.
#include "check.hpp"
#include "cuda_util.cuh"

namespace layoutref::gpu {

using namespace layoutref::impl;

namespace {

__global__ void elements_kernel(Tensor<CountingIterator> const* parts, int nthreads, int values, int rank, i64* out, int* status) {
  int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= nthreads) return;
  int st = 0;
  for (int v = 0; v < values && st == 0; ++v) {
    auto c = element(parts[t], static_cast<i64>(v));
    if (!c.ok()) {
      st = 200 + static_cast<int>(c.error.code);
    } else if (c.value.nleaves != rank) {
      st = -2;
    } else {
      for (int k = 0; k < rank; ++k) out[(static_cast<i64>(t) * values + v) * rank + k] = c.value.leaf[k].value;
    }
  }
  status[t] = st;
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
  if (!part.ok()) {
    status[t] = 100 + static_cast<int>(part.error.code);
    return;
  }
  int st = 0;
  for (int v = 0; v < values && st == 0; ++v) {
    auto c = element(part.value, static_cast<i64>(v));
    if (!c.ok()) {
      st = 200 + static_cast<int>(c.error.code);
    } else if (c.value.nleaves != rank) {
      st = -2;
    } else {
      for (int k = 0; k < rank; ++k) out[(static_cast<i64>(t) * values + v) * rank + k] = c.value.leaf[k].value;
    }
  }
  status[t] = st;
}

}  // namespace

std::string device_elements(std::vector<Tensor<CountingIterator>> const& parts, int values, int rank, std::vector<i64>& out,
                            std::vector<int>& status, double& seconds) {
  int const nthreads = static_cast<int>(parts.size());
  DeviceBuffer<Tensor<CountingIterator>> d_parts(parts.size());
  DeviceBuffer<i64> d_out(static_cast<std::size_t>(nthreads) * values * rank);
  DeviceBuffer<int> d_status(parts.size());
  if (!d_parts.ok()) return d_parts.error;
  if (!d_out.ok()) return d_out.error;
  if (!d_status.ok()) return d_status.error;
  std::string e = d_parts.upload(parts);
  if (!e.empty()) return e;
  EventTimer timer;
  timer.start();
  elements_kernel<<<(nthreads + 127) / 128, 128>>>(d_parts.get(), nthreads, values, rank, d_out.get(), d_status.get());
  seconds = timer.stop_seconds();
  e = check_launch("elements_kernel");
  if (!e.empty()) return e;
  e = d_out.download(out);
  if (e.empty()) e = d_status.download(status);
  return e;
}

std::string device_partition_elements(PartitionJob const& job, int nthreads, int values, int rank, std::vector<i64>& out,
                                      std::vector<int>& status, double& seconds) {
  DeviceBuffer<PartitionJob> d_job(1);
  DeviceBuffer<i64> d_out(static_cast<std::size_t>(nthreads) * values * rank);
  DeviceBuffer<int> d_status(static_cast<std::size_t>(nthreads));
  if (!d_job.ok()) return d_job.error;
  if (!d_out.ok()) return d_out.error;
  if (!d_status.ok()) return d_status.error;
  std::string e = d_job.upload(std::vector<PartitionJob>{job});
  if (!e.empty()) return e;
  EventTimer timer;
  timer.start();
  partition_elements_kernel<<<(nthreads + 127) / 128, 128>>>(d_job.get(), nthreads, values, rank, d_out.get(), d_status.get());
  seconds = timer.stop_seconds();
  e = check_launch("partition_elements_kernel");
  if (!e.empty()) return e;
  e = d_out.download(out);
  if (e.empty()) e = d_status.download(status);
  return e;
}

}  // namespace layoutref::gpu
