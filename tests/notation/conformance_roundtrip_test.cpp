// Every field of every conformance vector (the text cute::print wrote) must parse, and print
// back to exactly the same text.
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>

#include "term_printer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#ifndef LAYOUTREF_CONFORMANCE_DIR
#error "LAYOUTREF_CONFORMANCE_DIR must name the directory of the conformance *.tsv files"
#endif

namespace layoutref::notation {
namespace {

namespace fs = std::filesystem;

/// The *.tsv files of the conformance directory, sorted by name.
std::vector<fs::path> conformance_files() {
  std::vector<fs::path> files;
  for (fs::directory_entry const& e : fs::directory_iterator(fs::path(LAYOUTREF_CONFORMANCE_DIR))) {
    if (e.is_regular_file() && e.path().extension() == ".tsv") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// The fields of a line split on TAB, with the 1-based column at which each starts.
struct Field {
  std::string_view text;
  int column = 1;
};

std::vector<Field> split_tabs(std::string_view line) {
  std::vector<Field> fields;
  std::size_t start = 0;
  while (true) {
    std::size_t const tab = line.find('\t', start);
    std::size_t const end = tab == std::string_view::npos ? line.size() : tab;
    fields.push_back(Field{line.substr(start, end - start), static_cast<int>(start) + 1});
    if (tab == std::string_view::npos) return fields;
    start = tab + 1;
  }
}

void collect_kinds(Term const& t, std::set<Kind>& kinds) {
  kinds.insert(t.kind);
  for (Term const& c : t.children) collect_kinds(c, kinds);
}

/// Tallies over all files, to show the test checked the data it was meant to.
struct Tally {
  int lines = 0;
  int fields = 0;
  std::set<Kind> kinds;
};

/// Checks each case line of one file; failures name file:line:field.
void check_file(fs::path const& path, Tally& tally) {
  std::ifstream in(path);
  ASSERT_TRUE(in) << "cannot open " << path;
  std::string const name = path.filename().string();
  std::string line;
  int line_number = 0;
  int file_lines = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    ++file_lines;
    std::vector<Field> const fields = split_tabs(line);
    std::string const where = name + ":" + std::to_string(line_number);
    ASSERT_GE(fields.size(), 3U) << where << ": too few fields";
    EXPECT_EQ(std::count_if(fields.begin(), fields.end(), [](Field const& f) { return f.text == "=>"; }),
              1)
        << where;
    EXPECT_EQ(fields[fields.size() - 2].text, "=>") << where << ": '=>' is not before the result";
    for (std::size_t i = 0; i < fields.size(); ++i) {
      Field const& f = fields[i];
      if (f.text == "=>") continue;
      ++tally.fields;
      std::string const at = where + ":field " + std::to_string(i + 1);
      ParseResult const r = parse(f.text, line_number, f.column);
      if (!r.ok) {
        ADD_FAILURE() << at << ": " << r.error.message() << "\n  text: " << f.text;
        continue;
      }
      EXPECT_EQ(print(r.term), f.text) << at;
      EXPECT_EQ(r.term.line, line_number) << at;
      EXPECT_EQ(r.term.column, f.column) << at;
      collect_kinds(r.term, tally.kinds);
    }
  }
  EXPECT_GT(file_lines, 0) << name << " has no cases";
  tally.lines += file_lines;
}

TEST(ConformanceRoundTrip, EveryFieldParsesAndPrintsBack) {
  std::vector<fs::path> const files = conformance_files();
  ASSERT_FALSE(files.empty()) << "no *.tsv in " << LAYOUTREF_CONFORMANCE_DIR;
  Tally tally;
  for (fs::path const& f : files) {
    SCOPED_TRACE(f.filename().string());
    check_file(f, tally);
  }
  // The public set has 4770 cases; fewer than 4000 means files went missing or unread.
  EXPECT_GT(tally.lines, 4000);
  EXPECT_GT(tally.fields, 2 * tally.lines);
  // The data exercises each construct that cute::print writes for these ops.
  for (Kind k : {Kind::integer, Kind::basis, Kind::underscore, Kind::tuple, Kind::layout,
                 Kind::swizzle, Kind::chain, Kind::arith_tuple, Kind::word}) {
    EXPECT_TRUE(tally.kinds.count(k) == 1) << "no term of kind " << static_cast<int>(k);
  }
  std::cout << "[ INFO     ] " << files.size() << " files, " << tally.lines << " case lines, "
            << tally.fields << " fields round-tripped\n";
}

TEST(ConformanceRoundTrip, PrefixesOfFieldsNeitherCrashNorMisprint) {
  // Every prefix of a sample of real fields: an error, or a term that prints back to the prefix
  // with blanks removed (a prefix ending inside " o " leaves a trailing blank).
  int checked = 0;
  for (fs::path const& path : conformance_files()) {
    std::ifstream in(path);
    std::string line;
    for (int n = 0; std::getline(in, line); ++n) {
      if (line.empty() || line[0] == '#' || n % 10 != 0) continue;
      for (Field const& f : split_tabs(line)) {
        for (std::size_t len = 0; len <= f.text.size(); ++len) {
          std::string_view const prefix = f.text.substr(0, len);
          ParseResult const r = parse(prefix);
          ++checked;
          if (!r.ok) continue;
          std::string_view trimmed = prefix;
          while (!trimmed.empty() && trimmed.back() == ' ') trimmed.remove_suffix(1);
          EXPECT_EQ(print(r.term), trimmed) << path.filename().string() << ": " << prefix;
        }
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

}  // namespace
}  // namespace layoutref::notation
