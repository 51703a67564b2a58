#pragma once
// layoutref gpu — small CUDA helpers shared by the kernels' translation units: device buffers
// that free themselves, event timing, error texts, the device-side tally of mismatches.
#include "check.hpp"

#include <cuda_runtime.h>

#include <string>
#include <vector>

namespace layoutref::gpu {

/// "what: CUDA error text" for a failed call, empty for cudaSuccess.
inline std::string cuda_error(cudaError_t e, char const* what) {
  if (e == cudaSuccess) return {};
  return std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

/// The launch's error, then the kernel's (synchronizes).
inline std::string check_launch(char const* what) {
  std::string e = cuda_error(cudaGetLastError(), what);
  if (!e.empty()) return e;
  return cuda_error(cudaDeviceSynchronize(), what);
}

inline int sm_count() {
  int dev = 0, n = 1;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev);
  return n;
}

/// n elements of device memory; ok() false (with the error) when the allocation failed.
template <class T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t n) : n_(n) {
    if (n == 0) n = 1;
    error = cuda_error(cudaMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T)), "cudaMalloc");
    if (!error.empty()) p_ = nullptr;
  }
  ~DeviceBuffer() {
    if (p_) cudaFree(p_);
  }
  DeviceBuffer(DeviceBuffer const&) = delete;
  DeviceBuffer& operator=(DeviceBuffer const&) = delete;
  bool ok() const { return p_ != nullptr; }
  T* get() const { return p_; }
  std::size_t size() const { return n_; }
  std::string upload(std::vector<T> const& v) {
    return cuda_error(cudaMemcpy(p_, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy to the device");
  }
  std::string download(std::vector<T>& v) const {
    v.resize(n_);
    return cuda_error(cudaMemcpy(v.data(), p_, n_ * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy to the host");
  }
  std::string error;

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

/// Device time between start() and stop_seconds() (synchronizes on the stop event).
class EventTimer {
 public:
  EventTimer() {
    cudaEventCreate(&a_);
    cudaEventCreate(&b_);
  }
  ~EventTimer() {
    cudaEventDestroy(a_);
    cudaEventDestroy(b_);
  }
  EventTimer(EventTimer const&) = delete;
  EventTimer& operator=(EventTimer const&) = delete;
  void start() { cudaEventRecord(a_); }
  double stop_seconds() {
    cudaEventRecord(b_);
    cudaEventSynchronize(b_);
    float ms = 0;
    cudaEventElapsedTime(&ms, a_, b_);
    return ms / 1000.0;
  }

 private:
  cudaEvent_t a_{}, b_{};
};

/// The device's running tally (Tally without the host-only parts).
struct DeviceTally {
  unsigned long long indices;
  unsigned long long evaluations;
  unsigned long long mismatches;
  unsigned long long layouts;
  Mismatch rec[kMaxRecorded];
};

/// Count a mismatch; the first kMaxRecorded (in the order the device finds them) are kept.
__device__ inline void record(DeviceTally* t, Mismatch const& m) {
  unsigned long long slot = atomicAdd(&t->mismatches, 1ULL);
  if (slot < kMaxRecorded) t->rec[slot] = m;
}

/// Copy the device tally into t (its counts are added to t's).
inline std::string read_tally(DeviceTally const* d, Tally& t) {
  DeviceTally h{};
  std::string e = cuda_error(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost), "reading the tally");
  if (!e.empty()) return e;
  t.indices += h.indices;
  t.evaluations += h.evaluations;
  t.layouts += h.layouts;
  unsigned long long kept = h.mismatches < kMaxRecorded ? h.mismatches : kMaxRecorded;
  for (unsigned long long k = 0; k < kept && t.first.size() < kMaxRecorded; ++k) t.first.push_back(h.rec[k]);
  t.mismatches += h.mismatches;
  return {};
}

/// Launch `launch(grid, block)` and time it; collect the tally.
template <class Launch>
void run_tally(Launch const& launch, void const* kernel, Tally& total) {
  DeviceBuffer<DeviceTally> d(1);
  Tally t;
  if (!d.ok()) {
    total.error = d.error;
    return;
  }
  cudaMemset(d.get(), 0, sizeof(DeviceTally));
  int block = 256, per_sm = 1;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0);
  int grid = std::max(1, per_sm) * sm_count();
  EventTimer timer;
  timer.start();
  launch(grid, block, d.get());
  t.error = check_launch("kernel");
  t.seconds = timer.stop_seconds();
  if (t.error.empty()) t.error = read_tally(d.get(), t);
  total.add(t);
}

}  // namespace layoutref::gpu
