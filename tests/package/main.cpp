// A consumer of the installed layoutref package that needs no RapidCheck: CuTe notation read and
// printed with layoutref::notation, coalesce and composition computed with layoutref::impl and
// with layoutref::spec, each result compared with the value derived by hand below.
// @post exit status 0 when every result is the expected one; 1, naming the first that is not.
#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/term.hpp>

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace nt = layoutref::notation;
namespace im = layoutref::impl;
namespace sp = layoutref::spec;

int failures = 0;

void expect(std::string const& what, std::string const& got, std::string const& want) {
  if (got != want) {
    std::fprintf(stderr, "%s: got `%s`, expected `%s`\n", what.c_str(), got.c_str(), want.c_str());
    ++failures;
  }
}

nt::Term parse(std::string const& text) {
  nt::ParseResult p = nt::parse(text);
  if (!p.ok) throw std::runtime_error("cannot parse `" + text + "`: " + p.error.message());
  return p.term;
}

im::Layout impl_layout(std::string const& text) {
  im::Result<im::Layout> r = im::to_layout(parse(text));
  if (!r.ok()) throw std::runtime_error("impl cannot read `" + text + "`: " + im::str(r.error));
  return r.value;
}

std::string str(im::Result<im::Layout> const& r) { return r.ok() ? im::str(r.value) : "error: " + im::str(r.error); }

// The examples, by hand.
// coalesce((2,4):(1,2)): the modes 2:1 and 4:2 merge since 2*1 = 2, giving 8:1.
constexpr char const* kCoalesceIn = "(2,4):(1,2)";
constexpr char const* kCoalesceOut = "8:1";
// composition((6,2):(8,2), (4,3):(3,1)) (CuTe's docs, 02_layout_algebra.md). With A(k) =
// 8*(k%6) + 2*(k/6), B's mode 4:3 gives A(0), A(3), A(6), A(9) = 0, 24, 2, 26 = (2,2):(24,2);
// the mode 3:1 gives A(0), A(1), A(2) = 0, 8, 16 = 3:8.
constexpr char const* kA = "(6,2):(8,2)";
constexpr char const* kB = "(4,3):(3,1)";
constexpr char const* kComposition = "((2,2),3):((24,2),8)";
// Its function: R(i + 4j) = A(3i + j) for i < 4, j < 3.
std::vector<long long> const kCompositionTable = {0, 24, 2, 26, 8, 32, 10, 34, 16, 40, 18, 42};

void run() {
  // notation: CuTe's text back as it was read, static markers kept; a malformed text refused.
  expect("notation round trip", nt::print(parse("((_2,2),3):((24,_2),8)")), "((_2,2),3):((24,_2),8)");
  nt::ParseResult bad = nt::parse("(2,4):(1,2");
  expect("notation refuses `(2,4):(1,2`", bad.ok ? "parsed" : "refused", "refused");

  // impl
  expect("impl coalesce", str(im::coalesce(impl_layout(kCoalesceIn))), kCoalesceOut);
  expect("impl composition", str(im::composition(impl_layout(kA), impl_layout(kB))), kComposition);

  // spec
  sp::Layout a = sp::to_layout(parse(kA));
  sp::Layout b = sp::to_layout(parse(kB));
  expect("spec coalesce", sp::str(sp::coalesce(sp::to_layout(parse(kCoalesceIn)))), kCoalesceOut);
  sp::Layout r = sp::composition(a, b);
  expect("spec composition", sp::str(r), kComposition);
  std::string table, want;
  for (sp::Value const& v : sp::tabulate(r)) table += std::to_string(v.integer()) + " ";
  for (long long v : kCompositionTable) want += std::to_string(v) + " ";
  expect("spec composition's function", table, want);
}

}  // namespace

int main() {
  try {
    run();
  } catch (std::exception const& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  if (failures != 0) {
    std::fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  std::printf("layoutref package consumer: all checks pass\n");
  return 0;
}
