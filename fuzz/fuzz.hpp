// layoutref fuzz/ — what the libFuzzer targets share.
//
// Each target defines LLVMFuzzerTestOneInput. A finding is a crash, a sanitizer report, a hang
// (libFuzzer's -timeout), memory past -rss_limit_mb, an uncaught exception, or a broken
// oracle (fail()). An error reported as a value (a verdict, an EvalResult with !ok, an exit
// code) is a correct answer to bad input, never a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

namespace layoutref::fuzz {

/// The input as text. @post no NUL byte (the command line cannot carry one, and every reader
/// stops there); the caller skips an input that had one.
inline bool text_of(std::uint8_t const* data, std::size_t size, std::string& out) {
  out.assign(reinterpret_cast<char const*>(data), size);
  return out.find('\0') == std::string::npos;
}

/// The first line of the input (up to, not including, the first '\n').
inline std::string first_line(std::string const& s) { return s.substr(0, s.find('\n')); }

/// A broken oracle: print what broke and abort, which libFuzzer reports as a crash and saves.
[[noreturn]] inline void fail(std::string const& what) {
  std::fprintf(stderr, "layoutref fuzz oracle failed: %s\n", what.c_str());
  std::abort();
}

/// While alive, std::cout and std::cerr go nowhere (the commands print their answers there).
class Silence {
 public:
  Silence() : out_(std::cout.rdbuf(&null_)), err_(std::cerr.rdbuf(&null_)) {}
  ~Silence() {
    std::cout.rdbuf(out_);
    std::cerr.rdbuf(err_);
  }
  Silence(Silence const&) = delete;
  Silence& operator=(Silence const&) = delete;

 private:
  struct Null : std::streambuf {
    int overflow(int c) override { return c == EOF ? 0 : c; }
  } null_;
  std::streambuf* out_;
  std::streambuf* err_;
};

}  // namespace layoutref::fuzz
