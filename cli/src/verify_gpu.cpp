// layoutref cli — the device cross-checks in `layoutref verify` (docs/gpu.md).
//
// Reports the summary lines that `layoutref-gpu-check --suite S --quick --out FILE` wrote for each
// suite (ctest's gpu.S tests do), or runs those four commands now. The program, built beside this
// executable when nvcc was found (gpu/CMakeLists.txt), writes `gpu: skipped, no usable GPU: why`
// where no GPU is usable, and ends a complete run with `gpu total: ...: pass` (or FAIL).
#include "verify_steps.hpp"

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace layoutref::cli {

namespace fs = std::filesystem;

StepReport verify_gpu(StepOptions const& o) {
  StepReport rep;
  rep.text = "\ngpu (impl evaluated on the device against the spec; docs/gpu.md):\n";
  fs::path program = step_program(rep, "layoutref-gpu-check", "no CUDA compiler?");
  if (program.empty()) return rep;
  std::vector<std::string> const suites = {"eval", "tables", "sweep", "tensor"};
  fs::path dir = o.results / "gpu";
  auto result_of = [&](std::string const& suite) { return dir / (suite + ".txt"); };
  bool complete = true;
  for (auto const& s : suites) complete = complete && is_current(result_of(s), program);
  bool ran = false;
  if (o.run || (o.run_missing && !complete)) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    for (auto const& s : suites) {
      std::string command = shell_quote(program.string()) + " --suite " + s + " --quick --summary --out " +
                            shell_quote(result_of(s).string()) + " >/dev/null 2>&1";
      if (std::system(command.c_str()) == -1) {
        rep.text += "  cannot run " + program.string() + ": FAIL\n";
        rep.status = StepStatus::fail;
        return rep;
      }
    }
    rep.text += "  ran now (quick sizes)\n";
    ran = true;
  }
  long passed = 0, failed = 0, skipped = 0, missing = 0;
  std::string device, no_gpu;
  fs::path oldest;
  std::string report;
  for (auto const& s : suites) {
    fs::path file = result_of(s);
    std::ifstream in(file);
    if (!is_current(file, program) || !in) {
      ++missing;
      rep.items[s] = "not run";
      report += "  gpu " + s + ": not run since layoutref-gpu-check was built\n";
      continue;
    }
    if (oldest.empty() || fs::last_write_time(file) < fs::last_write_time(oldest)) oldest = file;
    std::string line, total;
    while (std::getline(in, line)) {
      if (line.rfind("gpu: skipped", 0) == 0) no_gpu = line;
      else if (line.rfind("gpu total:", 0) == 0) total = line;
      else if (line.rfind("gpu: ", 0) == 0 && line.find(", sm_") != std::string::npos) device = device.empty() ? line : device;
      else if (line.rfind("gpu " + s + " ", 0) == 0) report += "  " + line + "\n";
      else if (line.rfind("gpu: ", 0) == 0) report += "  " + line + "\n";  // an error before the suites ran
    }
    if (!no_gpu.empty() && total.empty()) {
      ++skipped;
      rep.items[s] = "not run";
    } else if (total.ends_with(": pass")) {
      ++passed;
      rep.items[s] = "pass";
    } else {
      ++failed;
      rep.items[s] = "FAIL";
      report += total.empty() ? "  gpu " + s + ": the run stopped before its total line: FAIL\n" : "  " + total + "\n";
    }
  }
  if (missing == static_cast<long>(suites.size())) {
    rep.text += "  not run since layoutref-gpu-check was built: `ctest -L gpu` in the build tree records the\n"
                "  results verify reports; `layoutref verify --run-gpu` runs the check now\n";
    rep.status = StepStatus::not_run;
    return rep;
  }
  if (!device.empty()) rep.text += "  " + device + "\n";
  if (!no_gpu.empty()) rep.text += "  " + no_gpu + "\n";
  rep.text += report;
  rep.text += "  total: " + std::to_string(suites.size()) + " suites, " + std::to_string(passed) + " pass, " +
              std::to_string(failed) + " fail, " + std::to_string(skipped) + " without a GPU, " + std::to_string(missing) +
              " not run\n";
  if (!ran) rep.text += "  recorded in " + dir.string() + ", the oldest " + age(oldest) + "\n";
  if (ran && missing > 0) {
    rep.text += "  the run left " + std::to_string(missing) + " suites without a result: FAIL\n";
    failed += missing;
  }
  rep.status = failed > 0 ? StepStatus::fail : (missing > 0 || skipped > 0) ? StepStatus::not_run : StepStatus::pass;
  return rep;
}

}  // namespace layoutref::cli
