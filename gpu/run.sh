#!/usr/bin/env bash
# layoutref gpu — build layoutref-gpu-check and run the whole GPU suite (full sizes) and the
# benchmark on this machine's GPU, in one go, writing the results to a file (docs/gpu.md).
#
#   gpu/run.sh [RESULTS]     RESULTS defaults to gpu-results.txt in the build directory
#
# Environment: BUILD_DIR (default build-gpu), JOBS (default: all CPUs), CUDA_ARCH (default 90,
# H100/H200), GPU_CHECK_ARGS (more arguments for every suite, e.g. "--bench-size 8192").
# Needs cmake, a C++20 host compiler and nvcc (ninja if present); GoogleTest only for ctest's
# `gpu` label, which this script does not need. Each suite runs as its own process, so that a
# CUDA error in one cannot hide the others' results.
# Exit status: 0 every suite passed; 77 no usable GPU (the reason is printed); 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
build="${BUILD_DIR:-build-gpu}"
results="${1:-$build/gpu-results.txt}"
jobs="${JOBS:-$(nproc)}"
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
configure() {
  cmake -S . -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DLAYOUTREF_BUILD_TESTS="$1" \
    -DLAYOUTREF_BUILD_PROPERTIES=OFF -DLAYOUTREF_BUILD_PROOFS=OFF -DLAYOUTREF_BUILD_BENCH=OFF \
    -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCH:-90}" >"$build.configure.log" 2>&1
}
# With the tests when GoogleTest is there (ctest -L gpu then works in the same build), else without.
configure ON || configure OFF || { cat "$build.configure.log"; exit 1; }
rm -f "$build.configure.log"
start=$(date +%s)
cmake --build "$build" -j "$jobs" --target layoutref-gpu-check || exit 1
echo "gpu/run.sh: layoutref-gpu-check built in $(($(date +%s) - start)) s"

program="$build/bin/layoutref-gpu-check"
mkdir -p "$(dirname "$results")"
: >"$results"
status=0
for suite in eval tables sweep tensor bench; do
  # shellcheck disable=SC2086 # GPU_CHECK_ARGS is a list of words
  "$program" --suite "$suite" --out "$results.part" ${GPU_CHECK_ARGS:-}
  rc=$?
  cat "$results.part" >>"$results" 2>/dev/null
  rm -f "$results.part"
  if [ "$rc" -eq 77 ]; then exit 77; fi
  if [ "$rc" -ne 0 ]; then
    echo "gpu/run.sh: suite $suite FAILED (exit status $rc)" | tee -a "$results"
    status=1
  fi
done
echo
echo "gpu/run.sh: summary (all of it in $results):"
grep -E '^gpu' "$results"
exit "$status"
