#!/usr/bin/env bash
# layoutref's two set-up commands for a fresh machine (Debian, root or sudo):
#   ./run.sh verify   installs what is missing, builds, and runs `layoutref verify` (the main job):
#                     the audit and the proofs, and the results of the property suite and the GPU
#                     check that `./run.sh test` recorded, running each that has none (--run-missing)
#   ./run.sh test     installs what is missing, builds, and runs every test (ctest)
set -euo pipefail
cd "$(dirname "$0")"

need=()
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v ninja >/dev/null 2>&1 || need+=(ninja-build)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
[ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)
[ -f /usr/include/benchmark/benchmark.h ] || need+=(libbenchmark-dev)
[ -f /usr/include/rapidcheck.h ] || need+=(librapidcheck-dev)
[ -f /usr/include/z3++.h ] || need+=(libz3-dev)
[ -f /usr/include/nlohmann/json.hpp ] || need+=(nlohmann-json3-dev)  # JSON (equiv/json.hpp)
[ -f /usr/include/CLI/CLI.hpp ] || need+=(libcli11-dev)  # every program's options (equiv/options.hpp)
command -v z3 >/dev/null 2>&1 || need+=(z3)
command -v cvc5 >/dev/null 2>&1 || need+=(cvc5)  # the proofs' solver portfolio (docs/proofs.md)
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
# The Python module (python/) and its tests: pybind11, Python's headers, pytest, Hypothesis.
for pkg in python3-dev pybind11-dev python3-pybind11 python3-pytest python3-hypothesis; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
# `layoutref draw`'s tests (label draw, docs/draw.md): SVGs rendered by headless Chromium with the
# DejaVu fonts, compared with tests/draw/reference; TikZ compiled by pdflatex.
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || need+=(fonts-dejavu-core)
command -v pdflatex >/dev/null 2>&1 || need+=(texlive-latex-base)
kpsewhich tikz.sty >/dev/null 2>&1 || need+=(texlive-pictures)
# The deep-run scripts' ctest (deep.slurm_local, label deep): a single-node Slurm and munge.
for pkg in slurm-wlm munge; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "run.sh: installing ${need[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}"
fi

build() {
  cmake --preset default >/dev/null
  cmake --build --preset default
}

case "${1:-}" in
  verify)
    build
    shift
    ./build/bin/layoutref verify --run-missing "$@"
    ;;
  test)
    build
    ctest --preset default
    ;;
  *)
    echo "usage: ./run.sh verify | test" >&2
    exit 2
    ;;
esac
