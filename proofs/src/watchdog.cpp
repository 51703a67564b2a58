#include <layoutref/proofs/watchdog.hpp>

#include <cstdlib>
#include <utility>

namespace layoutref::proofs {

Watchdog::Watchdog(Clock::time_point deadline, std::function<void()> expire, int exit_code) {
  thread_ = std::thread([this, deadline, expire = std::move(expire), exit_code] {
    std::unique_lock<std::mutex> lock(mutex_);
    if (cv_.wait_until(lock, deadline, [this] { return finished_; })) return;
    // Still holding the lock: finish() cannot return, so the work writes no answer of its own.
    expire();
    std::_Exit(exit_code);
  });
}

void Watchdog::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  finished_ = true;
  cv_.notify_all();
}

Watchdog::~Watchdog() {
  finish();
  if (thread_.joinable()) thread_.join();
}

}  // namespace layoutref::proofs
