// layoutref gpu — layoutref-gpu-check's report (report.hpp).
#include "report.hpp"

#include <cstdarg>

namespace layoutref::gpu {

std::string human(double x) {
  char buf[32];
  if (x >= 1e9)
    std::snprintf(buf, sizeof buf, "%.3gG", x / 1e9);
  else if (x >= 1e6)
    std::snprintf(buf, sizeof buf, "%.3gM", x / 1e6);
  else if (x >= 1e3)
    std::snprintf(buf, sizeof buf, "%.3gk", x / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f", x);
  return buf;
}

Run::~Run() {
  if (file_) std::fclose(file_);
}

bool Run::open(std::string const& path) {
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) return false;
  std::setvbuf(file_, nullptr, _IOLBF, 0);
  return true;
}

void Run::line(bool always, char const* f, va_list ap) {
  char buf[4096];
  std::vsnprintf(buf, sizeof buf, f, ap);
  if (always || !o.summary) std::printf("%s\n", buf);
  if (file_) std::fprintf(file_, "%s\n", buf);
  if (always) std::fflush(stdout);
}

void Run::say(char const* f, ...) {
  va_list ap;
  va_start(ap, f);
  line(false, f, ap);
  va_end(ap);
}

void Run::summary(char const* f, ...) {
  va_list ap;
  va_start(ap, f);
  line(true, f, ap);
  va_end(ap);
}

void Run::print_mismatches(Tally const& t, std::string const& what) {
  for (auto const& m : t.first) {
    if (m.evaluator == kTensor && m.layout >= 0)
      say("    MISMATCH %s: thread %lld value %lld, component %d: device %lld, spec %lld", what.c_str(), static_cast<long long>(m.layout),
          static_cast<long long>(m.index), m.component, static_cast<long long>(m.got), static_cast<long long>(m.want));
    else if (m.layout >= 0)
      say("    MISMATCH %s: layout #%lld index %lld, %s, component %d: device %lld, spec %lld", what.c_str(), static_cast<long long>(m.layout),
          static_cast<long long>(m.index), evaluator_name(m.evaluator), m.component, static_cast<long long>(m.got), static_cast<long long>(m.want));
    else
      say("    MISMATCH %s: index %lld, %s, component %d: device %lld, spec %lld", what.c_str(), static_cast<long long>(m.index),
          evaluator_name(m.evaluator), m.component, static_cast<long long>(m.got), static_cast<long long>(m.want));
  }
}

void Run::count(std::string const& key, Tally const& t, std::string const& what) {
  KindTotal& k = kinds_[key];
  k.items += 1;
  k.indices += t.indices;
  k.evaluations += t.evaluations;
  k.mismatches += t.mismatches;
  k.seconds += t.seconds;
  indices += t.indices;
  mismatches += t.mismatches;
  if (!t.error.empty()) {
    ++errors;
    say("    ERROR %s: %s", what.c_str(), t.error.c_str());
  }
  if (t.mismatches) print_mismatches(t, what);
}

void Run::kind_table(std::string const& suite) {
  say("  %-34s %6s %14s %14s %10s %9s %12s", "kind", "items", "indices", "evaluations", "mismatches", "seconds", "indices/s");
  for (auto const& [key, k] : kinds_) {
    if (key.rfind(suite + "/", 0) != 0) continue;
    say("  %-34s %6llu %14llu %14llu %10llu %9.3f %12s", key.substr(suite.size() + 1).c_str(), static_cast<unsigned long long>(k.items),
        static_cast<unsigned long long>(k.indices), static_cast<unsigned long long>(k.evaluations),
        static_cast<unsigned long long>(k.mismatches), k.seconds, human(k.seconds > 0 ? static_cast<double>(k.indices) / k.seconds : 0).c_str());
  }
}

void Run::suite_summary(std::string const& suite) {
  u64 n = 0, m = 0;
  double s = 0;
  for (auto const& [key, k] : kinds_)
    if (key.rfind(suite + "/", 0) == 0) n += k.indices, m += k.mismatches, s += k.seconds;
  summary("gpu %-7s %14llu indices checked, %llu mismatches, %.2f s device time", suite.c_str(), static_cast<unsigned long long>(n),
          static_cast<unsigned long long>(m), s);
}

}  // namespace layoutref::gpu
