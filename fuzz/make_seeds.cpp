// layoutref fuzz/ — the seed corpora, written from the conformance vectors at build time.
//
//   layoutref-fuzz-seeds OUT_DIR FILE.tsv...
// Writes OUT_DIR/<target>/<hash of the text> for the targets notation_roundtrip, eval, table, draw,
// audit, conform and prove (one input a file, duplicates once), and OUT_DIR/stamp last.
// Exit 2 when a vector file cannot be read or OUT_DIR cannot be written.
#include <layoutref/equiv/report.hpp>
#include <layoutref/equiv/vectors.hpp>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using layoutref::equiv::Case;


bool is_layout(std::string const& s) { return s.find(':') != std::string::npos; }

std::string call(Case const& c) {
  std::string s = c.op + "(";
  for (size_t i = 0; i < c.args.size(); ++i) s += (i ? ", " : "") + c.args[i].text;
  return s + ")";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: layoutref-fuzz-seeds OUT_DIR FILE.tsv...\n");
    return 2;
  }
  std::map<std::string, std::set<std::string>> seeds;
  // Hand-written prove queries (query, newline, --where): the forms the vectors do not give.
  seeds["prove"] = {
      "bijective((a,b):(1,a), a*b)\na in 1..64, b in 1..64",
      "injective((a,2):(2,1))\na in 1..8",
      "surjective((a,b):(b,1), a*b)\na in 1..16, b in 1..16",
      "image_within((4,8):(8,1), 0, 31)",
      "fits((65536,65536):(65536,1), int32)",
      "admissible(composition, (6,4):(1,10), 4:4)",
      "valid(complement((2,4):(1,2), 16))",
      "equal((3,2):(2,3), (6,2):(1,7) o (3,2):(2,3))",
      "equal(Sw<2,1,3> o _0 o (8,8):(8,1), Sw<2,1,3> o _0 o (8,8):(8,1))",
      // Values past 64 bits within the bounds (bad input, never proved).
      "injective((M,4):(1,M))\nM = 4611686018427387904",
      "injective((a^64,b):(1,a^64))\na in 1..2, b in 1..4",
      "injective(Sw<3,4,3> o 9223372036854775807 o 8:1)",
      "bijective((a,b):(9223372036854775807,a), a*b)\na in 1..64, b in 1..64",
      "injective((a,b):(1,4*a) o 2:M)\na in 1..4, b in 1..4, M in 1..2^62",
      // Variables named like SMT-LIB words, a fact stated twice.
      "image_within((true,mod):(1,true), 0, true*mod)\ntrue in 1..8, mod in 1..8",
      "image_within((Int,Bool,as,par):(1,Int,Int*Bool,Int*Bool*as), 0, Int*Bool*as*par)\nInt in 1..3, Bool in 1..3, as in 1..3, par in 1..3",
      "injective((a,4):(1,a))\na in 1..8, a >= 1, a >= 1",
  };
  // Reports (layoutref merge's input): a whole audit run, a shard, and the forgeries merge refuses
  // (failures emptied, a count raised or negative, a record out of its shard's units).
  {
    std::string const head = "{\"layoutref_report\":1,\"suite\":\"audit\",\"run\":{\"command\":\"audit\",\"files\":[{\"path\":"
                             "\"v.tsv\",\"lines\":3,\"digest\":\"fnv1a64:0000000000000000\"}],\"expect\":\"\",\"table_limit\":16777216,"
                             "\"prove\":false},";
    std::string const rec1 = "{\"file\":\"v.tsv\",\"line\":1,\"op\":\"coalesce\",\"verdict\":\"correct\",\"detail\":\"\"}";
    std::string const rec2 = "{\"file\":\"v.tsv\",\"line\":2,\"op\":\"coalesce\",\"verdict\":\"wrong\",\"detail\":\"x\"}";
    std::string const fail2 = "{\"what\":\"v.tsv:2 coalesce wrong x\",\"reproduce\":\"r\",\"file\":\"v.tsv\",\"line\":2,\"op\":"
                              "\"coalesce\",\"verdict\":\"wrong\",\"case\":\"c\"}";
    auto report = [&](std::string const& shard, std::string const& units, std::string const& counts, std::string const& records,
                      std::string const& failures) {
      return head + "\"shard\":" + shard + ",\"units\":" + units + ",\"counts\":" + counts + ",\n\"records\":[\n" + records +
             "\n],\n\"failures\":[\n" + failures + "\n]}\n";
    };
    std::string const whole = "{\"index\":0,\"count\":1}", all = "{\"total\":3,\"begin\":0,\"end\":3}";
    auto counts = [](int cases, int correct, int wrong) {
      return "{\"cases\":" + std::to_string(cases) + ",\"correct\":" + std::to_string(correct) + ",\"wrong\":" + std::to_string(wrong) +
             ",\"unsupported\":0,\"malformed\":0,\"known\":0,\"expectation_mismatches\":0}";
    };
    seeds["report"] = {
        report(whole, all, counts(2, 1, 1), rec1 + ",\n" + rec2, fail2),
        report(whole, all, counts(2, 1, 1), rec1 + ",\n" + rec2, ""),
        report(whole, all, counts(2, 1, -1), rec1 + ",\n" + rec2, fail2),
        report(whole, all, counts(2, 2, 0), rec1 + ",\n" + rec2, fail2),
        report(whole, all, counts(1, 1, 0), rec1, ""),
        report("{\"index\":1,\"count\":2}", "{\"total\":3,\"begin\":1,\"end\":3}", counts(1, 0, 1), rec2, fail2),
        report("{\"index\":0,\"count\":2}", "{\"total\":3,\"begin\":0,\"end\":1}", counts(1, 0, 1), rec2, fail2),
    };
  }
  size_t prove_from_vectors = 0;
  for (int i = 2; i < argc; ++i) {
    std::vector<Case> cases;
    std::string error;
    if (!layoutref::equiv::read_vectors(argv[i], cases, error)) {
      std::fprintf(stderr, "layoutref-fuzz-seeds: %s\n", error.c_str());
      return 2;
    }
    for (auto const& c : cases) {
      seeds["audit"].insert(c.text);
      seeds["conform"].insert(c.text);
      if (!c.format_error.empty()) continue;
      std::string expr = call(c);
      seeds["eval"].insert(expr);
      seeds["draw"].insert(expr);
      for (auto const& a : c.args) {
        seeds["notation_roundtrip"].insert(a.text);
        seeds["eval"].insert(a.text);
        if (is_layout(a.text)) seeds["table"].insert(a.text);
      }
      seeds["notation_roundtrip"].insert(c.result.text);
      if (is_layout(c.result.text)) {
        seeds["table"].insert(expr);
        // Solver calls are slow: a few hundred queries, spread over the files.
        if (prove_from_vectors < 300 && c.result.text.find("ArithTuple") == std::string::npos &&
            c.line % 8 == 0) {
          seeds["prove"].insert("equal(" + expr + ", " + c.result.text + ")");
          seeds["prove"].insert("injective(" + c.result.text + ")");
          seeds["prove"].insert("bijective(" + c.result.text + ", size(" + c.result.text + "))");
          prove_from_vectors += 3;
        }
      }
    }
  }
  fs::path out = argv[1];
  std::error_code ec;
  for (auto const& [target, texts] : seeds) {
    fs::path dir = out / target;
    fs::remove_all(dir, ec);  // seeds of vectors since changed or removed go too
    fs::create_directories(dir, ec);
    for (auto const& t : texts) {
      std::ofstream f(dir / layoutref::equiv::fnv1a64(t), std::ios::binary);
      f << t;
      if (!f) {
        std::fprintf(stderr, "layoutref-fuzz-seeds: cannot write %s\n", (dir / layoutref::equiv::fnv1a64(t)).string().c_str());
        return 2;
      }
    }
  }
  std::ofstream stamp(out / "stamp");
  for (auto const& [target, texts] : seeds) stamp << target << " " << texts.size() << "\n";
  if (!stamp) {
    std::fprintf(stderr, "layoutref-fuzz-seeds: cannot write %s\n", (out / "stamp").string().c_str());
    return 2;
  }
  return 0;
}
