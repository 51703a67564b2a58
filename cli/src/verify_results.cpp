// layoutref cli — what verify's steps share: finding the programs, judging a recorded result's age.
#include "verify_steps.hpp"

#include <chrono>

namespace layoutref::cli {

namespace fs = std::filesystem;

fs::path beside_self(std::string const& name) {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  fs::path program = self.parent_path() / name;
  return fs::exists(program, ec) ? program : fs::path{};
}

fs::path step_program(StepReport& rep, std::string const& name, std::string const& why) {
  fs::path program = beside_self(name);
  if (program.empty()) {
    rep.text += "  " + name + " is not built beside layoutref (" + why + "): skipped\n";
    rep.status = StepStatus::not_run;
  }
  return program;
}

bool is_current(fs::path const& result, fs::path const& program) {
  std::error_code ec1, ec2;
  auto r = fs::last_write_time(result, ec1);
  auto p = fs::last_write_time(program, ec2);
  return !ec1 && !ec2 && r >= p;
}

std::string age(fs::path const& file) {
  std::error_code ec;
  auto t = fs::last_write_time(file, ec);
  if (ec) return "at an unknown time";
  long s = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(fs::file_time_type::clock::now() - t).count());
  if (s < 0) s = 0;
  if (s < 120) return std::to_string(s) + " s ago";
  if (s < 7200) return std::to_string(s / 60) + " min ago";
  if (s < 172800) return std::to_string(s / 3600) + " h ago";
  return std::to_string(s / 86400) + " days ago";
}

std::string shell_quote(std::string const& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace layoutref::cli
