// The lists keyed by operation name beside equiv's table of operations (equiv/operations.hpp)
// against the table: each covers every row, or names here the rows it leaves out and why. A row
// added to the table and forgotten by a list fails one of these tests; so does a list entry that
// names no row. The lists: the input generators (gen, the properties, the Python strategies), the
// property program's impl ≡ spec comparisons, bench's timed calls, the fuzz dictionary,
// `layoutref verify`'s matrix, prove's symbolic operations, and impl's condition names against
// the spec's.
#include <layoutref/equiv/operations.hpp>
#include <layoutref/generators/inputs.hpp>
#include <layoutref/impl/error.hpp>
#include <layoutref/proofs/prove.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace layoutref::equiv {
namespace {

namespace fs = std::filesystem;

std::set<std::string> row_names() {
  std::set<std::string> out;
  for (auto const& [name, row] : operations().rows()) out.insert(name);
  return out;
}

std::string read_file(fs::path const& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The text of every file in `dir` whose name ends in `suffix`.
std::string read_sources(fs::path const& dir, std::string const& suffix) {
  std::string all;
  for (auto const& e : fs::directory_iterator(dir)) {
    std::string n = e.path().filename().string();
    if (n.size() >= suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
      all += read_file(e.path());
  }
  return all;
}

fs::path source(char const* rel) { return fs::path(LAYOUTREF_SOURCE_DIR) / rel; }

/// The rows that `covered` misses must be exactly `left_out`, and each of `left_out` a row.
void expect_covers(std::set<std::string> const& covered, std::set<std::string> const& left_out, char const* list) {
  for (auto const& name : left_out) EXPECT_TRUE(operations().find(name)) << list << " leaves out `" << name << "`, which is no row";
  for (auto const& name : row_names()) {
    bool in = covered.count(name) > 0, excused = left_out.count(name) > 0;
    EXPECT_TRUE(in || excused) << "the row `" << name << "` is not in " << list
                               << ": add it there, or to the rows this test lets it leave out, with the reason";
    EXPECT_FALSE(in && excused) << list << " now covers `" << name << "`: remove it from the rows left out";
  }
}

/// The rows whose name appears in `text` as the string literal `"name"` (`"name("` with open).
std::set<std::string> named_in(std::string const& text, bool open = false) {
  std::set<std::string> out;
  for (auto const& name : row_names())
    if (text.find("\"" + name + (open ? "(\"" : "\"")) != std::string::npos) out.insert(name);
  return out;
}

// The identity forms' partitions take a shape, a tiler, a tile coordinate, a thread layout and
// an index that must fit each other: generators/tensors.hpp draws none of them yet.
std::set<std::string> const kNoGenerator = {"identity_local_partition", "identity_mma_partition_A",
                                            "identity_mma_partition_B", "identity_mma_partition_C"};

TEST(DerivedLists, GeneratorsCoverEveryRow) {
  std::set<std::string> gen;
  for (auto const& op : generators::input_operations()) {
    EXPECT_TRUE(operations().find(op)) << "generators::input_operations names `" << op << "`, which is no row";
    EXPECT_TRUE(gen.insert(op).second) << op << " listed twice";
  }
  expect_covers(gen, kNoGenerator, "generators::input_operations (generators/inputs.hpp)");
}

// The inadmissible generators are those of the rows with an admissibility predicate, but for the
// four whose only conditions are about representing the result (nullspace, max_common_layout) or
// whose admissible generator already draws refused inputs (upcast, downcast: inputs.hpp).
TEST(DerivedLists, InadmissibleGeneratorsAreTheRowsWithConditions) {
  std::set<std::string> with_conditions, bad;
  for (auto const& [name, row] : operations().rows())
    if (row.admissible) with_conditions.insert(name);
  for (auto const& op : generators::inadmissible_operations()) {
    bad.insert(op);
    EXPECT_TRUE(with_conditions.count(op)) << op << " has an inadmissible generator but no admissibility predicate";
    EXPECT_TRUE(generators::has_inputs(op, false)) << op;
  }
  std::set<std::string> missing;
  for (auto const& op : with_conditions)
    if (!bad.count(op)) missing.insert(op);
  EXPECT_EQ(missing, (std::set<std::string>{"max_common_layout", "nullspace", "upcast", "downcast"}));
}

// Every row is compared impl against spec by some property (properties/*_properties.cpp, through
// require_agreement or impl_agrees_with_spec with the row's name).
TEST(DerivedLists, PropertiesCompareEveryRow) {
  std::string text = read_sources(source("properties"), "_properties.cpp");
  ASSERT_FALSE(text.empty());
  // The identity forms of the partitions are make_identity_tensor followed by local_partition
  // and the mma partitions, each compared on its own.
  expect_covers(named_in(text), kNoGenerator, "the property program (properties/*_properties.cpp)");
}

// bench times the prepared impl call of every row with a `prepare` face (bench/bench.cpp
// registers one benchmark per such row, by the row's name); a row without one is named here with
// the reason. A row added without a prepare and not named here fails this test.
TEST(DerivedLists, BenchTimesEveryRow) {
  char const* const modes = "a mode operation: impl copies the argument's modes, no algebra to time";
  char const* const tensor = "a tensor operation: the layout algebra it calls (composition, the divides, crd2idx) is timed by those rows";
  std::map<std::string, char const*> const untimed = {
      {"flatten", modes},
      {"group", modes},
      {"take", modes},
      {"select", modes},
      {"append", modes},
      {"prepend", modes},
      {"unflatten", modes},
      {"make_identity_layout", "the shape's modes with basis strides: a copy of the argument's modes"},
      {"crd2crd", "idx2crd(crd2idx(c, S), D): both are timed rows"},
      {"make_identity_tensor", tensor},
      {"slice", tensor},
      {"local_tile", tensor},
      {"inner_partition", tensor},
      {"outer_partition", tensor},
      {"local_partition", tensor},
      {"identity_local_tile", tensor},
      {"identity_local_partition", tensor},
      {"mma_partition_A", tensor},
      {"mma_partition_B", tensor},
      {"mma_partition_C", tensor},
      {"identity_mma_partition_A", tensor},
      {"identity_mma_partition_B", tensor},
      {"identity_mma_partition_C", tensor}};
  std::set<std::string> timed, left_out;
  for (auto const& [name, row] : operations().rows())
    if (row.prepare) timed.insert(name);
  for (auto const& [name, why] : untimed) {
    EXPECT_TRUE(why && *why) << "`" << name << "` is left out of bench without a reason";
    left_out.insert(name);
  }
  EXPECT_FALSE(timed.empty());
  expect_covers(timed, left_out, "bench (the rows with a `.prepare` face, equiv/ops/<family>.cpp)");
}

TEST(DerivedLists, FuzzDictionaryNamesEveryRow) {
  std::string text = read_file(source("fuzz/cute.dict"));
  ASSERT_FALSE(text.empty());
  expect_covers(named_in(text, true), {}, "the fuzz dictionary (fuzz/cute.dict, as \"op(\")");
}

// `layoutref verify`'s matrix (cli/src/verify_matrix.cpp) names the rows each of its lines covers:
// every row of the table is one of them, and a line's conformance operations are rows it covers.
TEST(DerivedLists, VerifyMatrixNamesEveryRow) {
  std::string cmd = std::string("\"") + LAYOUTREF_BIN + "\" verify --matrix-names";
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  ASSERT_TRUE(p);
  std::string out;
  std::array<char, 4096> buf{};
  while (size_t n = std::fread(buf.data(), 1, buf.size(), p.get())) out.append(buf.data(), n);
  std::set<std::string> covered, conformance;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("operation\t", 0) == 0) {
      std::string op = line.substr(10);
      EXPECT_TRUE(operations().find(op)) << "the matrix names `" << op << "`, which is no row";
      EXPECT_TRUE(covered.insert(op).second) << "two lines of the matrix cover `" << op << "`";
    }
    if (line.rfind("conformance\t", 0) == 0) conformance.insert(line.substr(12));
  }
  ASSERT_FALSE(covered.empty()) << out;
  for (auto const& op : conformance) EXPECT_TRUE(covered.count(op)) << "the matrix's conformance operation `" << op << "` is no line's row";
  expect_covers(covered, {}, "verify's matrix (cli/src/verify_matrix.cpp, RowSpec::operations)");
}

// prove computes symbolically the rows of proofs::symbolic_operations() (its dispatch checks
// that its branches are those: proofs/command/dispatch.cpp); the others on concrete arguments.
TEST(DerivedLists, ProveSymbolicOperationsAreRows) {
  std::set<std::string> symbolic;
  for (auto const& op : proofs::symbolic_operations()) {
    EXPECT_TRUE(operations().find(op)) << "prove's symbolic operation `" << op << "` is no row";
    EXPECT_TRUE(symbolic.insert(op).second) << op << " listed twice";
  }
  // Queries and constructions with no symbolic form yet (docs/proofs.md, "Not yet symbolic").
  std::set<std::string> const concrete_only = {
      "size", "cosize", "rank", "depth", "eval", "crd2idx", "idx2crd", "max_alignment", "max_common_vector",
      "filter", "filter_zeros", "max_common_layout", "make_layout_like", "make_fragment_like", "make_ordered_layout",
      "make_identity_layout", "nullspace", "upcast", "downcast", "domain_distribute", "flatten", "group", "take",
      "select", "append", "prepend", "unflatten", "crd2crd", "outer_partition", "identity_local_tile",
      "identity_local_partition", "identity_mma_partition_A", "identity_mma_partition_B", "identity_mma_partition_C"};
  expect_covers(symbolic, concrete_only, "prove's symbolic operations (proofs::symbolic_operations)");
}

// impl's conditions (impl::Cond, impl/error.hpp) are the spec's: each is raised by the spec
// under the same name and stated in docs/semantics.md; every condition the spec raises is impl's,
// but for the three about representing a product's result that impl reports as overflow.
TEST(DerivedLists, ImplConditionsAreTheSpecs) {
  using impl::Cond;
  int const last = static_cast<int>(impl::kLastCond);
  EXPECT_STREQ(impl::name(static_cast<Cond>(last + 1)), "?") << "a condition past impl::kLastCond: move kLastCond";
  std::string spec_text = read_sources(source("spec/src"), ".cpp") + read_sources(source("spec/src"), ".hpp") +
                          read_sources(source("spec/include/layoutref/spec"), ".hpp");
  std::string semantics = read_file(source("docs/semantics.md"));
  ASSERT_FALSE(spec_text.empty());
  ASSERT_FALSE(semantics.empty());
  std::set<std::string> impl_names;
  for (int i = 1; i <= last; ++i) {
    std::string n = impl::name(static_cast<Cond>(i));
    ASSERT_NE(n, "?") << i;
    EXPECT_TRUE(impl_names.insert(n).second) << n << " named twice";
    std::string suffix = n.substr(n.find('.'));  // by_mode.cpp raises op + ".tiler_rank"
    EXPECT_TRUE(spec_text.find("\"" + n + "\"") != std::string::npos || spec_text.find("\"" + suffix + "\"") != std::string::npos)
        << "impl's condition " << n << " is raised nowhere in the spec";
    EXPECT_NE(semantics.find("`" + n + "`"), std::string::npos) << n << " is not stated in docs/semantics.md";
  }
  std::set<std::string> spec_names;
  std::regex literal("\"([a-z_]+)\\.([a-z_]+)\"");
  for (std::sregex_iterator it(spec_text.begin(), spec_text.end(), literal), end; it != end; ++it)
    if (operations().find((*it)[1]) || (*it)[1] == "get_flat_coord") spec_names.insert((*it)[0].str().substr(1, (*it)[0].length() - 2));
  std::set<std::string> const spec_only = {"blocked_product.not_representable", "raked_product.not_representable",
                                           "complement.not_representable"};
  for (auto const& n : spec_names)
    EXPECT_TRUE(impl_names.count(n) || spec_only.count(n)) << "the spec raises " << n << ", which impl does not name";
  for (auto const& n : spec_only) EXPECT_TRUE(spec_names.count(n)) << n << " is no longer the spec's";
}

}  // namespace
}  // namespace layoutref::equiv
