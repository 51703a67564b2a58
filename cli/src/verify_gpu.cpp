// layoutref cli — the device cross-checks in `layoutref verify` (docs/gpu.md).
//
// Runs `layoutref-gpu-check --quick --summary`, built beside this executable when nvcc was found
// (gpu/CMakeLists.txt), and relays its summary lines. Exit status 77 of that program means no
// usable GPU (it prints why): reported as skipped, which does not fail verify. Not built: skipped.
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <string>

namespace layoutref::cli {

/// Append the GPU section to `out`. @post false iff the GPU suite ran and failed (or could not be
/// started although it is built).
bool verify_gpu(std::string& out) {
  namespace fs = std::filesystem;
  out = "\ngpu (impl evaluated on the device against the spec; docs/gpu.md):\n";
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  fs::path program = ec ? fs::path("layoutref-gpu-check") : self.parent_path() / "layoutref-gpu-check";
  if (ec || !fs::exists(program)) {
    out += "  layoutref-gpu-check is not built beside layoutref (no CUDA compiler?): skipped\n";
    return true;
  }
  std::string command = "'" + program.string() + "' --quick --summary 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) {
    out += "  cannot run " + program.string() + ": FAIL\n";
    return false;
  }
  char buf[4096];
  while (std::fgets(buf, sizeof buf, pipe)) out += std::string("  ") + buf;
  int status = pclose(pipe);
  int code = (status != -1 && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
  if (code == 77) return true;  // no usable GPU: the program said why
  if (code != 0) {
    out += "  layoutref-gpu-check exited with status " + std::to_string(code) + ": FAIL\n";
    return false;
  }
  return true;
}

}  // namespace layoutref::cli
