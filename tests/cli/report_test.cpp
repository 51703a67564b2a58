// equiv's shards and reports (equiv/report.hpp) and the JSON they are written in (json.hpp: its
// limits on what it reads): the shard convention, the ranges (disjoint, covering, in order), a
// report written and read back, and merge_reports' checks.
#include <layoutref/equiv/json.hpp>
#include <layoutref/equiv/report.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace layoutref::equiv {
namespace {

TEST(Shard, ParsesKOverN) {
  Shard s;
  std::string error;
  ASSERT_TRUE(parse_shard("0/1", s, error)) << error;
  EXPECT_EQ(s.index, 0);
  EXPECT_EQ(s.count, 1);
  ASSERT_TRUE(parse_shard("3/4", s, error)) << error;
  EXPECT_EQ(s.index, 3);
  EXPECT_EQ(s.count, 4);
  EXPECT_EQ(shard_text(s), "3/4");
}

TEST(Shard, RefusesBadValuesWithTheConvention) {
  for (char const* bad : {"4/4", "5/4", "0/0", "1", "1/", "/4", "-1/4", "1/-4", "a/b", "1/2/3", " 1/2", "1/2 ", "+1/2", "1.0/2",
                          "12345678901234567890/12345678901234567891", "0/9223372036854775808", ""}) {
    Shard s;
    std::string error;
    EXPECT_FALSE(parse_shard(bad, s, error)) << bad;
    EXPECT_NE(error.find("K counts from 0"), std::string::npos) << bad << ": " << error;
  }
  Shard s;
  std::string error;
  parse_shard("4/4", s, error);
  EXPECT_NE(error.find("K must be below N, the shards of 4 are 0/4 to 3/4"), std::string::npos) << error;
}

TEST(Shard, RangesAreDisjointCoveringAndInOrder) {
  for (unsigned long long total : {0ull, 1ull, 2ull, 3ull, 7ull, 11ull, 100ull, 1001ull, 4955ull}) {
    for (long long n : {1ll, 2ll, 3ll, 4ll, 7ll, 16ll, 1000ll}) {
      unsigned long long next = 0;
      for (long long k = 0; k < n; ++k) {
        UnitRange r = shard_range(total, Shard{k, n});
        EXPECT_EQ(r.begin, next) << total << " " << k << "/" << n;
        EXPECT_LE(r.begin, r.end);
        // Balanced: sizes differ by at most one.
        EXPECT_LE(r.size(), total / static_cast<unsigned long long>(n) + 1);
        EXPECT_GE(r.size(), total / static_cast<unsigned long long>(n));
        next = r.end;
      }
      EXPECT_EQ(next, total) << total << " over " << n;
    }
  }
  // No overflow near 2^62 units.
  unsigned long long big = 1ull << 62;
  EXPECT_EQ(shard_range(big, Shard{3, 4}).begin, 3ull << 60);
  EXPECT_EQ(shard_range(big, Shard{3, 4}).end, big);
}

TEST(Json, ParsesAndDumpsCompactly) {
  Json v;
  std::string error;
  ASSERT_TRUE(parse_json(" {\"a\": [1, -2.5e3, true, false, null], \"b\": {\"c\": \"x\\ty\\u00e9\\ud83d\\ude00\"}, \"d\": []} ", v, error))
      << error;
  EXPECT_EQ(json_text(v), "{\"a\":[1,-2500.0,true,false,null],\"b\":{\"c\":\"x\\ty\xC3\xA9\xF0\x9F\x98\x80\"},\"d\":[]}");
  long long n = 0;
  ASSERT_TRUE(json_int(v["a"][0], n));
  EXPECT_EQ(n, 1);
  EXPECT_FALSE(json_int(v["a"][1], n));
  EXPECT_EQ(json_scalar_text(v["b"]["c"]), "x\ty\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_FALSE(v.contains("zz"));
  // Members keep their order.
  ASSERT_TRUE(parse_json("{\"z\":1,\"a\":2}", v, error)) << error;
  EXPECT_EQ(json_text(v), "{\"z\":1,\"a\":2}");
}

TEST(Json, IntegersPastInt64AreRefusedNotWrapped) {
  Json v;
  std::string error;
  long long n = 0;
  ASSERT_TRUE(parse_json("[9223372036854775807,-9223372036854775808,9223372036854775808,18446744073709551616,1.0,1e3,\"1\"]", v, error))
      << error;
  ASSERT_TRUE(json_int(v[0], n));
  EXPECT_EQ(n, 9223372036854775807LL);
  ASSERT_TRUE(json_int(v[1], n));
  EXPECT_EQ(n, -9223372036854775807LL - 1);
  for (size_t i = 2; i < v.size(); ++i) EXPECT_FALSE(json_int(v[i], n)) << json_text(v[i]);
}

TEST(Json, RefusesMalformedDocumentsNamingTheByte) {
  for (char const* bad : {"", "{", "{\"a\":}", "[1,]", "{\"a\":1,}", "\"abc", "01", "1.", "-", "tru", "{\"a\":1 \"b\":2}",
                          "[1] [2]", "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "\"a\nb\"", "\"a\xff\""}) {
    Json v;
    std::string error;
    EXPECT_FALSE(parse_json(bad, v, error)) << bad;
    EXPECT_EQ(error.rfind("JSON byte ", 0), 0u) << bad << ": " << error;
    EXPECT_EQ(error.find("json.exception"), std::string::npos) << bad << ": " << error;
  }
  Json v;
  std::string error;
  EXPECT_FALSE(parse_json("{\"a\":1,\"b\":{\"c\":2,\"c\":3}}", v, error));
  EXPECT_EQ(error, "JSON: member `c` given twice");
  EXPECT_FALSE(parse_json("[1e400]", v, error));
  EXPECT_EQ(error, "JSON: number overflow parsing '1e400'");
  // The same name in two objects is no duplicate.
  EXPECT_TRUE(parse_json("{\"a\":{\"c\":1},\"b\":{\"c\":2},\"c\":[{\"c\":3}]}", v, error)) << error;
}

TEST(Json, NestingIsBounded) {
  // 201 containers deep is read; 202 is refused, and so is a document 100,000 deep, with no crash.
  Json v;
  std::string error;
  EXPECT_TRUE(parse_json(std::string(201, '[') + std::string(201, ']'), v, error)) << error;
  EXPECT_FALSE(parse_json(std::string(202, '[') + std::string(202, ']'), v, error));
  EXPECT_EQ(error, "JSON byte 202: nested deeper than 200");
  for (char open : {'[', '{'}) {
    std::string deep = open == '[' ? std::string(100000, '[') : "";
    if (open == '{')
      for (int i = 0; i < 100000; ++i) deep += "{\"a\":";
    EXPECT_FALSE(parse_json(deep, v, error));
    EXPECT_NE(error.find("nested deeper than 200"), std::string::npos) << error;
  }
  // Brackets inside strings are text.
  EXPECT_TRUE(parse_json("[\"" + std::string(1000, '[') + "\\\"\"]", v, error)) << error;
}

TEST(Json, TextReadBackIsWrittenTheSame) {
  // A byte that is not UTF-8 is written as \ufffd; read back, it is U+FFFD, written as \ufffd again.
  std::string once = json_text(Json(std::string("a\xff" "b\x01\"\\")));
  EXPECT_EQ(once, "\"a\\ufffdb\\u0001\\\"\\\\\"");
  Json back;
  std::string error;
  ASSERT_TRUE(parse_json(once, back, error)) << error;
  EXPECT_EQ(json_text(back), once);
}

TEST(Json, LinesPutEachElementOnItsOwnLine) {
  EXPECT_EQ(json_lines({Json::object({{"n", 1}}), Json::object({{"n", 2}})}), "[\n{\"n\":1},\n{\"n\":2}\n]");
  EXPECT_EQ(json_lines({}), "[\n]");
}

/// An audit report of `total` one-line cases in a.tsv, every third wrong, as `audit --report`
/// writes one (check_report holds).
Report sample(Shard shard, unsigned long long total) {
  Report r;
  r.suite = "audit";
  r.run = Json::object(
      {{"command", "audit"}, {"files", Json::array({Json::object({{"path", "a.tsv"}, {"lines", total}})})}, {"expect", ""}});
  r.shard = shard;
  r.units = total;
  r.range = shard_range(total, shard);
  for (char const* c : {"cases", "correct", "wrong", "unsupported", "malformed", "known", "expectation_mismatches"}) r.count(c, 0);
  for (unsigned long long u = r.range.begin; u < r.range.end; ++u) {
    r.count("cases");
    bool const wrong = u % 3 == 0;
    r.count(wrong ? "wrong" : "correct");
    r.records.push_back(Json::object({{"file", "a.tsv"}, {"line", u + 1}, {"verdict", wrong ? "wrong" : "correct"}}));
    if (wrong)
      r.failures.push_back(failure("a.tsv:" + std::to_string(u + 1) + " wrong", "layoutref audit a.tsv",
                                   Json::object({{"file", "a.tsv"}, {"line", u + 1}, {"verdict", "wrong"}})));
  }
  return r;
}

TEST(Report, WrittenAndReadBack) {
  Report r = sample(Shard{1, 3}, 10);
  std::string text = report_text(r);
  Report back;
  std::string error;
  ASSERT_TRUE(parse_report(text, "r.json", back, error)) << error;
  EXPECT_EQ(report_text(back), text);
  EXPECT_EQ(back.shard.index, 1);
  EXPECT_EQ(back.range.begin, 3u);
  EXPECT_EQ(back.range.end, 6u);
  EXPECT_EQ(back.get("cases"), 3);
  EXPECT_EQ(back.get("wrong"), 1);
  ASSERT_EQ(back.failures.size(), 1u);
  EXPECT_EQ(back.failures[0]["what"], "a.tsv:4 wrong");
  EXPECT_EQ(back.failures[0]["reproduce"], "layoutref audit a.tsv");
}

TEST(Report, ShardsMergeToTheWholeRun) {
  for (long long n : {1ll, 2ll, 3ll, 4ll, 12ll, 20ll}) {
    std::vector<Report> shards;
    std::vector<std::string> names;
    for (long long k = n - 1; k >= 0; --k) {  // any order
      shards.push_back(sample(Shard{k, n}, 12));
      names.push_back("s" + std::to_string(k));
    }
    Report merged;
    std::string error;
    ASSERT_TRUE(merge_reports(shards, names, merged, error)) << error;
    EXPECT_EQ(report_text(merged), report_text(sample(Shard{0, 1}, 12))) << n << " shards";
  }
}

TEST(Report, MergeRefusesWhatIsNotOneRun) {
  auto refuse = [](std::vector<Report> const& shards, std::string const& want) {
    std::vector<std::string> names;
    for (size_t i = 0; i < shards.size(); ++i) names.push_back("r" + std::to_string(i));
    Report merged;
    std::string error;
    EXPECT_FALSE(merge_reports(shards, names, merged, error));
    EXPECT_NE(error.find(want), std::string::npos) << error;
  };
  refuse({sample(Shard{0, 2}, 5)}, "1 of the 2 shards missing: 1/2");
  refuse({sample(Shard{0, 2}, 5), sample(Shard{0, 2}, 5)}, "r1: shard 0/2 given twice (also r0)");
  refuse({sample(Shard{0, 2}, 5), sample(Shard{1, 3}, 5)}, "r1: shard 1/3 of 5 units, but r0 is shard 0/2 of 5 units");
  refuse({sample(Shard{0, 2}, 5), sample(Shard{1, 2}, 6)}, "r1: another run than r0");
  Report other = sample(Shard{1, 2}, 5);
  other.run["files"] = Json::array({Json::object({{"path", "b.tsv"}, {"lines", 5}})});
  refuse({sample(Shard{0, 2}, 5), other}, "r1: another run than r0");
  Report suite = sample(Shard{1, 2}, 5);
  suite.suite = "conform";
  refuse({sample(Shard{0, 2}, 5), suite}, "r1: suite `conform`, but r0 has `audit`");
  Report moved = sample(Shard{1, 2}, 5);
  moved.range.begin = 1;
  refuse({sample(Shard{0, 2}, 5), moved}, "r1: shard 1/2 holds units [1, 5), not [2, 5)");
  Report counts = sample(Shard{1, 2}, 5);
  counts.count("extra", 1);
  refuse({sample(Shard{0, 2}, 5), counts}, "r1: shard 1/2 contradicts its records: its counts are not the suite's");
  refuse({}, "no reports to merge");
}

TEST(Shard, TheLargestNIsAShard) {
  Shard s;
  std::string error;
  ASSERT_TRUE(parse_shard("9223372036854775806/9223372036854775807", s, error)) << error;
  EXPECT_EQ(s.count, 9223372036854775807LL);
  EXPECT_FALSE(parse_shard("0/9223372036854775808", s, error));
  EXPECT_NE(error.find("a number past 2^63-1"), std::string::npos) << error;
}

/// Each shard of `n` of the sample, `edit` applied to shard `which`; merge must refuse it, naming
/// that shard and `want`.
void refuse_forged(long long n, long long which, void (*edit)(Report&), std::string const& want) {
  std::vector<Report> shards;
  std::vector<std::string> names;
  for (long long k = 0; k < n; ++k) {
    shards.push_back(sample(Shard{k, n}, 12));
    if (k == which) edit(shards.back());
    names.push_back("s" + std::to_string(k) + ".json");
  }
  Report merged;
  std::string error;
  EXPECT_FALSE(merge_reports(shards, names, merged, error)) << want;
  EXPECT_NE(error.find("s" + std::to_string(which) + ".json: "), std::string::npos) << error;
  EXPECT_NE(error.find(want), std::string::npos) << error;
}

TEST(Report, MergeRefusesCountsAndFailuresTheRecordsContradict) {
  refuse_forged(3, 1, [](Report& r) { r.failures.clear(); }, "shard 1/3 contradicts its records: record 3 ({\"file\":\"a.tsv\",\"line\":7,\"verdict\":\"wrong\"}) fails, but the report lists 0 failures");
  refuse_forged(3, 0, [](Report& r) { r.counts[2].second = -1; }, "the count `wrong` is negative (-1)");
  refuse_forged(3, 2, [](Report& r) { r.counts[2].second += 1; }, "the count `wrong` is 2, but its records give 1");
  refuse_forged(3, 2, [](Report& r) { r.records.pop_back(); }, "the count `cases` is 4, but its records give 3");
  refuse_forged(3, 1, [](Report& r) { r.failures.push_back(r.failures.back()); }, "it lists 2 failures, but its records call for 1");
  refuse_forged(3, 1, [](Report& r) { r.records[2]["verdict"] = "correct"; }, "the count `correct` is 3, but its records give 4");
  refuse_forged(3, 1, [](Report& r) { r.records[0]["verdict"] = "fine"; }, "record 1 has no audit verdict");
  refuse_forged(3, 1, [](Report& r) { r.records[0]["line"] = 1; }, "record 1 (a.tsv:1) is not the next case of the shard's units [4, 8)");
  refuse_forged(3, 1, [](Report& r) { r.records[0]["file"] = "b.tsv"; }, "record 1 names no line of the run's files");
  refuse_forged(3, 1, [](Report& r) { std::swap(r.records[0], r.records[1]); }, "record 2 (a.tsv:5) is not the next case");
  refuse_forged(2, 0, [](Report& r) { r.suite = "mystery"; }, "suite `mystery`");
}

TEST(Report, EverySuitesCountsAreCheckedAgainstItsRecords) {
  std::string error;
  Report conform;
  conform.suite = "conform";
  conform.run = Json::object(
      {{"files", Json::array({Json::object({{"path", "c.tsv"}, {"lines", 2}})})}, {"expect", "x.expect"}});
  conform.units = 2;
  conform.range = UnitRange{0, 2};
  conform.records = {Json::object({{"file", "c.tsv"}, {"line", 1}, {"verdict", "literal"}, {"expected", "literal"}}),
                     Json::object({{"file", "c.tsv"}, {"line", 2}, {"verdict", "different"}, {"expected", "literal"},
                                        {"impl_judged_wrong", true}})};
  conform.failures = {Json::object({{"file", "c.tsv"}, {"line", 2}, {"verdict", "different"}}),
                      Json::object({{"file", "c.tsv"}, {"line", 2}, {"verdict", "different"}})};
  for (auto [name, n] : std::vector<std::pair<char const*, long long>>{{"cases", 2}, {"literal", 1}, {"functional", 0}, {"different", 1},
                                                                      {"refused", 0}, {"unsupported", 0}, {"malformed", 0},
                                                                      {"expectation_mismatches", 2}})
    conform.count(name, n);
  EXPECT_TRUE(check_report(conform, "c.json", error)) << error;
  conform.failures.pop_back();
  EXPECT_FALSE(check_report(conform, "c.json", error));
  EXPECT_NE(error.find("c.json: shard 0/1 contradicts its records: record 2 ({\"file\":\"c.tsv\",\"line\":2,\"verdict\":\"different\",\"expected\":\"literal\",\"impl_judged_wrong\":true}) fails, but the report lists 1 failures"), std::string::npos)
      << error;

  Report props;
  props.suite = "properties";
  props.units = 2;
  props.range = UnitRange{0, 2};
  props.records = {Json::object({{"property", "P.a"}, {"chunk", 0}, {"verdict", "pass"}, {"passed", 100}}),
                   Json::object({{"property", "P.b"}, {"chunk", 0}, {"verdict", "fail"}, {"passed", 7}})};
  props.failures = {Json::object({{"property", "P.b"}, {"chunk", 0}})};
  for (auto [name, n] : std::vector<std::pair<char const*, long long>>{
           {"units", 2}, {"cases", 107}, {"failed", 1}, {"capacity_cases", 0}, {"capacity_refused", 0}})
    props.count(name, n);
  EXPECT_TRUE(check_report(props, "p.json", error)) << error;
  props.counts[1].second = 1000;
  EXPECT_FALSE(check_report(props, "p.json", error));
  EXPECT_NE(error.find("the count `cases` is 1000, but its records give 107"), std::string::npos) << error;
  props.counts[1].second = 107;
  props.failures.clear();
  EXPECT_FALSE(check_report(props, "p.json", error));
  EXPECT_NE(error.find("record 2 (P.b chunk 0) fails, but no failure names it"), std::string::npos) << error;
  props.records.pop_back();
  EXPECT_FALSE(check_report(props, "p.json", error));
  EXPECT_NE(error.find("it has 1 records for the 2 units [0, 2)"), std::string::npos) << error;

  Report sweep;
  sweep.suite = "gpu-sweep";
  sweep.units = 2;
  sweep.range = UnitRange{1, 2};
  sweep.records = {Json::object({{"unit", 1}, {"first", 10}, {"end", 20}, {"indices", 50}, {"mismatches", 2}, {"error", ""}})};
  sweep.failures = {Json::object({{"unit", 1}, {"mismatches", 2}, {"error", ""}})};
  for (auto [name, n] : std::vector<std::pair<char const*, long long>>{
           {"blocks", 1}, {"items", 10}, {"indices", 50}, {"evaluations", 99}, {"mismatches", 2}, {"errors", 0}})
    sweep.count(name, n);
  EXPECT_TRUE(check_report(sweep, "g.json", error)) << error;
  sweep.counts[4].second = 0;
  EXPECT_FALSE(check_report(sweep, "g.json", error));
  EXPECT_NE(error.find("the count `mismatches` is 0, but its records give 2"), std::string::npos) << error;
}

TEST(Report, AFileDigestIsItsBytes) {
  std::string const path = testing::TempDir() + "layoutref-digest.tsv";
  { std::ofstream(path, std::ios::binary) << "a"; }
  // FNV-1a 64 of "a" (the published test vector).
  EXPECT_EQ(file_digest(path), "fnv1a64:af63dc4c8601ec8c");
  { std::ofstream(path, std::ios::binary) << ""; }
  EXPECT_EQ(file_digest(path), "fnv1a64:cbf29ce484222325");
  EXPECT_EQ(file_digest(path + ".absent"), "");
}

TEST(Report, ParseRefusesWhatIsNotAReport) {
  Report r;
  std::string error;
  EXPECT_FALSE(parse_report("[1]", "x.json", r, error));
  EXPECT_NE(error.find("x.json: not a layoutref report: no member layoutref_report"), std::string::npos) << error;
  EXPECT_FALSE(parse_report("{\"layoutref_report\":2}", "x.json", r, error));
  EXPECT_NE(error.find("version 2"), std::string::npos) << error;
  std::string text = report_text(sample(Shard{0, 2}, 4));
  std::string broken = text;
  broken.replace(broken.find("\"index\":0"), 9, "\"index\":2");
  EXPECT_FALSE(parse_report(broken, "x.json", r, error));
  EXPECT_NE(error.find("0 <= index < count"), std::string::npos) << error;
  EXPECT_FALSE(parse_report(text.substr(0, text.size() / 2), "x.json", r, error));
  EXPECT_NE(error.find("x.json: not a report: JSON byte"), std::string::npos) << error;
}

TEST(Report, SummaryListsCountsAndFailuresWithReproducers) {
  std::vector<std::string> lines = summary_lines(sample(Shard{0, 1}, 4));
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[0], "audit: 4 units: 4 cases, 2 correct, 2 wrong, 0 unsupported, 0 malformed, 0 known, 0 expectation_mismatches");
  EXPECT_EQ(lines[1], "failures: 2");
  EXPECT_EQ(lines[2], "FAIL a.tsv:1 wrong");
  EXPECT_EQ(lines[3], "  reproduce: layoutref audit a.tsv");
}

TEST(Report, ShellQuote) {
  EXPECT_EQ(shell_quote("a/b-c.tsv"), "a/b-c.tsv");
  EXPECT_EQ(shell_quote("a b"), "'a b'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote(""), "''");
}

}  // namespace
}  // namespace layoutref::equiv
