// equiv's pieces under the command: the conform tally, the expectation files, the JSON text.
#include <layoutref/equiv/conform.hpp>
#include <layoutref/equiv/expectations.hpp>
#include <layoutref/equiv/json.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace layoutref::equiv {
namespace {

TEST(ConformTally, CountsEachVerdictInItsOwnField) {
  ConformTally t;
  t.add(Conformity::literal);
  t.add(Conformity::literal);
  t.add(Conformity::functional);
  t.add(Conformity::different);
  t.add(Conformity::refused);
  t.add(Conformity::refused);
  t.add(Conformity::refused);
  t.add(Conformity::malformed);
  EXPECT_EQ(t.literal, 2);
  EXPECT_EQ(t.functional, 1);
  EXPECT_EQ(t.different, 1);
  EXPECT_EQ(t.refused, 3);
  EXPECT_EQ(t.unsupported, 0);
  EXPECT_EQ(t.malformed, 1);
  EXPECT_EQ(t.cases(), 8);
  ConformTally const& c = t;
  EXPECT_EQ(c[Conformity::refused], 3);
  EXPECT_EQ(c[Conformity::unsupported], 0);
  EXPECT_EQ(c[Conformity::malformed], 1);
}

/// A scratch file with `text`, removed at the end of the test.
struct Scratch {
  std::filesystem::path path;
  explicit Scratch(std::string const& text) {
    path = std::filesystem::temp_directory_path() /
           ("layoutref-expect-" + std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".tsv");
    std::ofstream(path) << text;
  }
  ~Scratch() { std::filesystem::remove(path); }
};

TEST(Expectations, AuditFileListsTheWrongCases) {
  Scratch f("# comment\n\ncomposition.tsv\t12\tcomposition\tCuTe's extension\nindex.tsv\t3\tcrd2idx\n");
  Expectations ex;
  std::string error;
  ASSERT_TRUE(ex.load(f.path.string(), error)) << error;
  EXPECT_TRUE(ex.expects_wrong("tests/conformance/cute/composition.tsv", 12));
  EXPECT_TRUE(ex.expects_wrong("index.tsv", 3));
  EXPECT_FALSE(ex.expects_wrong("composition.tsv", 13));
  EXPECT_EQ(ex.wrong.at({"index.tsv", 3}), "crd2idx");
}

TEST(Expectations, ConformFileListsTheVerdicts) {
  Scratch f("divide.tsv\t7\tlogical_divide\tfunctional\tCuTe keeps a unit mode\n");
  ConformExpectations ex;
  std::string error;
  ASSERT_TRUE(ex.load(f.path.string(), error)) << error;
  EXPECT_EQ(ex.expected("a/b/divide.tsv", 7), "functional");
  EXPECT_EQ(ex.expected("divide.tsv", 8), "literal");
}

TEST(Expectations, BadLinesNameTheFileAndLine) {
  std::string error;
  {
    Scratch f("# ok\ndivide.tsv\t7\tlogical_divide\n");  // no verdict
    ConformExpectations ex;
    EXPECT_FALSE(ex.load(f.path.string(), error));
    EXPECT_EQ(error, f.path.string() + ":2: expected file<TAB>line<TAB>op<TAB>verdict<TAB>reason");
  }
  {
    Scratch f("divide.tsv\tseven\tlogical_divide\treason\n");
    Expectations ex;
    EXPECT_FALSE(ex.load(f.path.string(), error));
    EXPECT_EQ(error, f.path.string() + ":1: `seven` is not a line number");
  }
  {
    Scratch f("divide.tsv\t7\n");
    Expectations ex;
    EXPECT_FALSE(ex.load(f.path.string(), error));
    EXPECT_EQ(error, f.path.string() + ":1: expected file<TAB>line<TAB>op<TAB>reason");
  }
  Expectations ex;
  EXPECT_FALSE(ex.load("no-such-dir/no-such-file.tsv", error));
  EXPECT_NE(error.find("no-such-file.tsv"), std::string::npos) << error;
}

TEST(Json, CompactTextPlacesCommasAndEscapes) {
  Json v = Json::object({{"a", 1}, {"b", "x\"y"}, {"c", Json::array({true, false, Json::object(), Json::array()})}, {"d", 0.5}});
  EXPECT_EQ(json_text(v), R"({"a":1,"b":"x\"y","c":[true,false,{},[]],"d":0.5})");
}

}  // namespace
}  // namespace layoutref::equiv
