// layoutref::proofs — a wall-clock watchdog for a command that waits on a solver.
//
// z3 4.8.12 (the solver this project links) can deadlock inside its own timer: a check whose
// `timeout` expires may never return (the scoped_timer thread pool of z3 4.8.10-4.8.13,
// Z3Prover/z3 #5371 and #5990). A command whose answer must come within its budget runs a
// Watchdog beside its work: when the work has not finished by the deadline, the watchdog gives
// the command's answer for that case (unknown, never a verdict) and ends the process.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace layoutref::proofs {

class Watchdog {
 public:
  using Clock = std::chrono::steady_clock;
  /// Starts the watchdog. At `deadline`, unless finish() was called first, `expire` runs (it
  /// writes the answer) and the process ends with std::_Exit(exit_code).
  Watchdog(Clock::time_point deadline, std::function<void()> expire, int exit_code);
  /// finish(), then the watchdog's thread is joined.
  ~Watchdog();
  Watchdog(Watchdog const&) = delete;
  Watchdog& operator=(Watchdog const&) = delete;

  /// The work is done: after this returns, `expire` never runs, and the caller may write its
  /// own answer (finish and expire exclude each other: an answer is never written twice).
  void finish();

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool finished_ = false;
  std::thread thread_;
};

}  // namespace layoutref::proofs
