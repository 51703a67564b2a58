// The law library: every law answers as its record says (LawResult::verdict: a law recorded
// proved is proved, unknown included as a failure; a refutation is refuted; an open law's unknown
// is listed apart), and docs/laws.md's table "The record" agrees with the records in
// proofs/laws/*.cpp (ctest label `proof`; the deep set: label proof-deep).
#include <layoutref/proofs/laws.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace lp = layoutref::proofs;
using lp::Status;

namespace {

/// A row of docs/laws.md's table "The record": | family | law | record |.
struct RecordRow {
  std::string family, law, record;
};

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '`')) s.pop_back();
  size_t b = 0;
  while (b < s.size() && (s[b] == ' ' || s[b] == '`')) ++b;
  return s.substr(b);
}

/// The rows of the table under "### The record" in docs/laws.md (`\|` is a `|` inside a cell).
std::vector<RecordRow> read_record(std::string const& path, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return {};
  }
  std::vector<RecordRow> rows;
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) == 0) {
      inside = line == "### The record";
      continue;
    }
    if (!inside || line.rfind("| ", 0) != 0 || line.rfind("| family ", 0) == 0) continue;
    std::vector<std::string> cells{""};
    for (size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
        cells.back() += '|';
        ++i;
      } else if (line[i] == '|') {
        cells.emplace_back();
      } else {
        cells.back() += line[i];
      }
    }
    if (cells.size() != 4 || !trim(cells[3]).empty()) {
      error = path + ": a row of \"The record\" is not | family | law | record |: " + line;
      return {};
    }
    rows.push_back({trim(cells[0]), trim(cells[1]), trim(cells[2])});
  }
  if (rows.empty()) error = path + " has no table under \"### The record\"";
  return rows;
}

std::string md_cell(std::string const& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

lp::LawResult law(Status expected, Status answer) {
  lp::LawResult r;
  r.family = "family";
  r.law = "a law";
  r.expected = expected;
  r.answer.status = answer;
  return r;
}

}  // namespace

// The rule of the record: a law recorded as proved that comes back unknown fails; an open law
// that comes back unknown is listed apart, neither a pass nor a failure.
TEST(LawRecord, ProvedThatComesBackUnknownFails) {
  lp::LawResult r = law(Status::proved, Status::unknown);
  EXPECT_EQ(r.verdict(), lp::LawVerdict::fail);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(lp::unknown_line({r}), "unknown: family: a law (recorded proved: FAIL)");
  EXPECT_EQ(law(Status::refuted, Status::unknown).verdict(), lp::LawVerdict::fail);
  EXPECT_EQ(law(Status::proved, Status::refuted).verdict(), lp::LawVerdict::fail);
  EXPECT_EQ(law(Status::proved, Status::proved).verdict(), lp::LawVerdict::pass);
}

// docs/laws.md: in every table whose last column is "proof", each law says how it is proved, per
// input or why it is tested only (issue 15: no law left at "—" without a reason).
TEST(LawRecord, EveryLawHasAProofEntry) {
  std::ifstream in(LAYOUTREF_LAWS_MD);
  ASSERT_TRUE(in) << LAYOUTREF_LAWS_MD;
  std::string line;
  bool proof_table = false;
  int rows = 0, lineno = 0;
  auto last_cell = [](std::string const& l) {
    size_t end = l.find_last_of('|');
    size_t begin = l.find_last_of('|', end == 0 ? 0 : end - 1);
    std::string c = l.substr(begin + 1, end - begin - 1);
    size_t b = c.find_first_not_of(' '), e = c.find_last_not_of(' ');
    return b == std::string::npos ? std::string() : c.substr(b, e - b + 1);
  };
  while (std::getline(in, line)) {
    ++lineno;
    if (line.rfind("|", 0) != 0) {
      proof_table = false;
      continue;
    }
    if (line.rfind("|---", 0) == 0) continue;
    if (line.find("| law |") != std::string::npos || line.rfind("| operation(s) |", 0) == 0) {
      proof_table = last_cell(line) == "proof";
      continue;
    }
    if (!proof_table) continue;
    ++rows;
    std::string cell = last_cell(line);
    EXPECT_TRUE(!cell.empty() && cell != "—") << "docs/laws.md:" << lineno << " has no proof entry: " << line.substr(0, 100);
  }
  EXPECT_GT(rows, 50);
}

TEST(LawRecord, OpenThatComesBackUnknownIsListedApart) {
  lp::LawResult r = law(Status::unknown, Status::unknown);
  EXPECT_EQ(r.verdict(), lp::LawVerdict::open);
  EXPECT_TRUE(r.ok());
  lp::LawResult proved = law(Status::proved, Status::proved);
  proved.law = "another law";
  EXPECT_EQ(lp::unknown_line({proved, r}), "unknown: family: a law (open)");
  EXPECT_EQ(lp::unknown_line({proved}), "unknown: none");
  EXPECT_EQ(law(Status::unknown, Status::refuted).verdict(), lp::LawVerdict::fail);
  EXPECT_EQ(law(Status::unknown, Status::proved).verdict(), lp::LawVerdict::pass);
  EXPECT_STREQ(lp::record_name(Status::unknown), "open");
}

class Laws : public ::testing::TestWithParam<lp::LawFamily> {};

// A deep family's open laws are expected `unknown` at 20 s; the CI set's laws take up to ~13 s
// alone and get 120 s, so that a loaded machine (ctest -j, a busy CI runner) does not turn a
// slow proof into `unknown`.
TEST_P(Laws, AnswerAsStated) {
  auto results = GetParam().run(GetParam().deep ? 20000 : 120000);
  ASSERT_FALSE(results.empty());
  for (auto const& r : results) {
    EXPECT_TRUE(r.ok()) << lp::name(r.answer.status) << " for " << r.family << ": " << r.law << " [" << r.bounds << "] " << r.answer.counterexample
                                           << r.answer.reason;
    std::string core;
    for (auto const& c : r.answer.core) core += (core.empty() ? "" : " ") + c;
    std::printf("%-16s %-8s %7.3f s  %s%s%s\n", r.family.c_str(), lp::name(r.answer.status), r.answer.seconds, r.law.c_str(),
                core.empty() ? "" : "\n                 core: ", core.c_str());
    if (r.answer.status == lp::Status::refuted) std::printf("                 counterexample: %s\n", r.answer.counterexample.c_str());
    if (!r.answer.lemma.empty()) std::printf("                 by: %s\n", r.answer.lemma.c_str());
    if (r.answer.bitvector_width > 0)
      std::printf("                 by: bit-vectors, %u bits, within %s\n", r.answer.bitvector_width, r.answer.bitvector_bounds.c_str());
    std::fflush(stdout);
  }
  std::printf("%s\n", lp::unknown_line(results).c_str());
  // The record in code (LawResult::expected) and docs/laws.md's table "The record" agree, law by law.
  std::string error;
  std::vector<RecordRow> rows = read_record(LAYOUTREF_LAWS_MD, error);
  ASSERT_TRUE(error.empty()) << error;
  std::string family = results.front().family;
  for (auto const& r : results) {
    int found = 0;
    for (auto const& row : rows)
      if (row.family == r.family && row.law == r.law) {
        ++found;
        EXPECT_EQ(row.record, lp::record_name(r.expected)) << "docs/laws.md records " << r.family << ": " << r.law << " as " << row.record;
      }
    EXPECT_EQ(found, 1) << "docs/laws.md, \"The record\", needs the row | " << r.family << " | " << md_cell(r.law) << " | "
                        << lp::record_name(r.expected) << " |";
  }
  for (auto const& row : rows) {
    if (row.family != family) continue;
    bool in_code = false;
    for (auto const& r : results) in_code = in_code || r.law == row.law;
    EXPECT_TRUE(in_code) << "docs/laws.md records " << row.family << ": " << row.law << ", which proofs/laws/ does not state";
  }
}

namespace {
std::vector<lp::LawFamily> families(bool deep) {
  std::vector<lp::LawFamily> out;
  for (auto const& f : lp::law_families())
    if (f.deep == deep) out.push_back(f);
  return out;
}
std::string family_name(::testing::TestParamInfo<lp::LawFamily> const& info) { return info.param.name; }
}  // namespace

INSTANTIATE_TEST_SUITE_P(CI, Laws, ::testing::ValuesIn(families(false)), family_name);
// The deep set runs in its own ctest (label proof-deep, preset proofs-deep).
INSTANTIATE_TEST_SUITE_P(Deep, Laws, ::testing::ValuesIn(families(true)), family_name);
