// layoutref equiv — shards and their reports (report.hpp).
#include <layoutref/equiv/report.hpp>

#include <layoutref/equiv/output.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace layoutref::equiv {

namespace {

constexpr int kReportVersion = 1;

/// A whole number in 0..2^63-1, decimal digits only. @post false otherwise (`too_big`: digits only,
/// but past 2^63-1)
bool parse_whole(std::string_view s, long long& out, bool& too_big) {
  too_big = false;
  if (s.empty()) return false;
  long long n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    if (__builtin_mul_overflow(n, 10LL, &n) || __builtin_add_overflow(n, static_cast<long long>(c - '0'), &n)) too_big = true;
  }
  if (too_big) return false;
  out = n;
  return true;
}

/// Member `key` of an object, or nullptr (also when o is not an object).
Json const* find(Json const& o, std::string_view key) {
  if (!o.is_object()) return nullptr;
  auto it = o.find(key);
  return it == o.end() ? nullptr : &*it;
}

bool get_int(Json const& o, std::string_view key, long long& out) {
  Json const* v = find(o, key);
  return v && json_int(*v, out);
}

/// The record's member `key` as text ("" when absent).
std::string member_text(Json const& o, std::string_view key) {
  Json const* v = find(o, key);
  return v ? json_scalar_text(*v) : std::string();
}

bool member_true(Json const& o, std::string_view key) {
  Json const* v = find(o, key);
  return v && v->is_boolean() && v->get<bool>();
}

}  // namespace

bool parse_shard(std::string_view text, Shard& out, std::string& error) {
  std::string const convention =
      " (K/N: shard K of N, whole numbers with 0 <= K < N; K counts from 0, as SLURM_ARRAY_TASK_ID of --array=0-(N-1))";
  size_t slash = text.find('/');
  long long k = 0, n = 0;
  bool big_k = false, big_n = false;
  if (slash == std::string_view::npos || !parse_whole(text.substr(0, slash), k, big_k) || !parse_whole(text.substr(slash + 1), n, big_n)) {
    error = "`" + std::string(text) + "` is not K/N" + (big_k || big_n ? std::string(": a number past 2^63-1") : std::string()) + convention;
    return false;
  }
  if (n < 1) {
    error = "`" + std::string(text) + "`: N must be at least 1" + convention;
    return false;
  }
  if (k >= n) {
    error = "`" + std::string(text) + "`: K must be below N, the shards of " + std::to_string(n) + " are 0/" + std::to_string(n) +
            " to " + std::to_string(n - 1) + "/" + std::to_string(n) + convention;
    return false;
  }
  out = Shard{k, n};
  return true;
}

std::string shard_text(Shard s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

UnitRange shard_range(unsigned long long total, Shard s) {
  __extension__ typedef unsigned __int128 u128;
  auto bound = [&](long long k) {
    return static_cast<unsigned long long>(static_cast<u128>(total) * static_cast<u128>(k) / static_cast<u128>(s.count));
  };
  return UnitRange{bound(s.index), bound(s.index + 1)};
}

void Report::count(std::string const& name, long long n) {
  for (auto& c : counts)
    if (c.first == name) {
      c.second += n;
      return;
    }
  counts.emplace_back(name, n);
}

long long Report::get(std::string const& name) const {
  for (auto const& c : counts)
    if (c.first == name) return c.second;
  return 0;
}

Json failure(std::string const& what, std::string const& reproduce, Json const& details) {
  Json f = Json::object({{"what", what}, {"reproduce", reproduce}});
  for (auto const& [key, value] : details.items()) f[key] = value;
  return f;
}

std::string report_text(Report const& r) {
  Json counts = Json::object();
  for (auto const& c : r.counts) counts[c.first] = c.second;
  std::string out = "{\"layoutref_report\":" + std::to_string(kReportVersion) + ",\"suite\":" + json_string(r.suite) +
                    ",\"run\":" + json_text(r.run) + ",\"shard\":" +
                    json_text(Json::object({{"index", r.shard.index}, {"count", r.shard.count}})) + ",\"units\":" +
                    json_text(Json::object({{"total", r.units}, {"begin", r.range.begin}, {"end", r.range.end}})) +
                    ",\"counts\":" + json_text(counts) + ",";
  auto lines = [&](char const* key, std::vector<Json> const& items) {
    out += "\n";
    out += json_string(key);
    out += ":";
    out += json_lines(items);
  };
  lines("records", r.records);
  out += ",";
  lines("failures", r.failures);
  out += "}\n";
  return out;
}

bool write_report(std::string const& path, Report const& r, std::string& error) {
  return write_output(path, report_text(r), error);
}

bool parse_report(std::string_view text, std::string const& name, Report& out, std::string& error) {
  Json doc;
  std::string why;
  if (!parse_json(text, doc, why)) {
    error = name + ": not a report: " + why;
    return false;
  }
  auto bad = [&](std::string const& what) {
    error = name + ": not a layoutref report: " + what;
    return false;
  };
  long long version = 0;
  if (!doc.is_object() || !get_int(doc, "layoutref_report", version)) return bad("no member layoutref_report");
  if (version != kReportVersion)
    return bad("version " + std::to_string(version) + " (this program reads version " + std::to_string(kReportVersion) + ")");
  Report r;
  Json const* suite = find(doc, "suite");
  Json const* run = find(doc, "run");
  Json const* shard = find(doc, "shard");
  Json const* units = find(doc, "units");
  Json const* counts = find(doc, "counts");
  Json const* records = find(doc, "records");
  Json const* failures = find(doc, "failures");
  if (!suite || !suite->is_string()) return bad("no suite");
  if (!run || !run->is_object()) return bad("no run object");
  long long k = 0, n = 0, total = 0, begin = 0, end = 0;
  if (!shard || !get_int(*shard, "index", k) || !get_int(*shard, "count", n) || n < 1 || k < 0 || k >= n)
    return bad("no shard {index, count} with 0 <= index < count");
  if (!units || !get_int(*units, "total", total) || !get_int(*units, "begin", begin) || !get_int(*units, "end", end) || total < 0 ||
      begin < 0 || begin > end || end > total)
    return bad("no units {total, begin, end} with 0 <= begin <= end <= total");
  if (!counts || !counts->is_object()) return bad("no counts object");
  if (!records || !records->is_array()) return bad("no records array");
  if (!failures || !failures->is_array()) return bad("no failures array");
  r.suite = suite->get<std::string>();
  r.run = *run;
  r.shard = Shard{k, n};
  r.units = static_cast<unsigned long long>(total);
  r.range = UnitRange{static_cast<unsigned long long>(begin), static_cast<unsigned long long>(end)};
  for (auto const& [key, value] : counts->items()) {
    long long v = 0;
    if (!json_int(value, v)) return bad("count `" + key + "` is not an integer in 64 bits");
    r.counts.emplace_back(key, v);
  }
  r.records.assign(records->begin(), records->end());
  r.failures.assign(failures->begin(), failures->end());
  out = std::move(r);
  return true;
}

bool read_report(std::string const& path, Report& out, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path)) {
    error = "cannot open " + path;
    return false;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    error = "cannot read " + path;
    return false;
  }
  return parse_report(text.str(), path, out, error);
}

bool merge_reports(std::vector<Report> const& shards, std::vector<std::string> const& names, Report& out, std::string& error) {
  if (shards.empty()) {
    error = "no reports to merge";
    return false;
  }
  auto name = [&](size_t i) { return i < names.size() ? names[i] : "report " + std::to_string(i + 1); };
  Report const& first = shards[0];
  long long const n = first.shard.count;
  std::string const run = json_text(first.run);
  if (n > 10000000) {
    error = name(0) + ": shard " + shard_text(first.shard) + "; merge takes at most 10000000 shards";
    return false;
  }
  std::vector<long> at(static_cast<size_t>(n), -1);
  for (size_t i = 0; i < shards.size(); ++i) {
    Report const& s = shards[i];
    if (s.suite != first.suite) {
      error = name(i) + ": suite `" + s.suite + "`, but " + name(0) + " has `" + first.suite + "`";
      return false;
    }
    if (json_text(s.run) != run) {
      error = name(i) + ": another run than " + name(0) + " (their `run` members differ: " + json_text(s.run) + " and " + run + ")";
      return false;
    }
    if (s.shard.count != n || s.units != first.units) {
      error = name(i) + ": shard " + shard_text(s.shard) + " of " + std::to_string(s.units) + " units, but " + name(0) + " is shard " +
              shard_text(first.shard) + " of " + std::to_string(first.units) + " units";
      return false;
    }
    UnitRange want = shard_range(s.units, s.shard);
    if (s.range.begin != want.begin || s.range.end != want.end) {
      error = name(i) + ": shard " + shard_text(s.shard) + " holds units [" + std::to_string(s.range.begin) + ", " +
              std::to_string(s.range.end) + "), not [" + std::to_string(want.begin) + ", " + std::to_string(want.end) + ")";
      return false;
    }
    long& slot = at[static_cast<size_t>(s.shard.index)];
    if (slot >= 0) {
      error = name(i) + ": shard " + shard_text(s.shard) + " given twice (also " + name(static_cast<size_t>(slot)) + ")";
      return false;
    }
    slot = static_cast<long>(i);
    if (!check_report(s, name(i), error)) return false;
    bool same_counts = s.counts.size() == first.counts.size();
    for (size_t c = 0; same_counts && c < s.counts.size(); ++c) same_counts = s.counts[c].first == first.counts[c].first;
    if (!same_counts) {
      error = name(i) + ": its counts are not those of " + name(0);
      return false;
    }
  }
  std::string missing;
  long nmissing = 0;
  for (long long k = 0; k < n; ++k)
    if (at[static_cast<size_t>(k)] < 0) {
      if (nmissing < 10) missing += (missing.empty() ? "" : ", ") + shard_text(Shard{k, n});
      ++nmissing;
    }
  if (nmissing > 0) {
    error = std::to_string(nmissing) + " of the " + std::to_string(n) + " shards missing: " + missing + (nmissing > 10 ? ", ..." : "");
    return false;
  }
  Report m;
  m.suite = first.suite;
  m.run = first.run;
  m.shard = Shard{0, 1};
  m.units = first.units;
  m.range = UnitRange{0, first.units};
  for (auto const& c : first.counts) m.counts.emplace_back(c.first, 0);
  for (long long k = 0; k < n; ++k) {
    Report const& s = shards[static_cast<size_t>(at[static_cast<size_t>(k)])];
    for (size_t c = 0; c < s.counts.size(); ++c) {
      long long& sum = m.counts[c].second;
      if (__builtin_add_overflow(sum, s.counts[c].second, &sum)) {
        error = "the count `" + s.counts[c].first + "` overflows 64 bits";
        return false;
      }
    }
    m.records.insert(m.records.end(), s.records.begin(), s.records.end());
    m.failures.insert(m.failures.end(), s.failures.begin(), s.failures.end());
  }
  if (!check_report(m, "the merged report", error)) return false;
  out = std::move(m);
  return true;
}

std::vector<std::string> summary_lines(Report const& r) {
  std::vector<std::string> out;
  std::string head = r.suite + ": shard " + shard_text(r.shard) + ", units " + std::to_string(r.range.begin) + ".." +
                     std::to_string(r.range.end) + " of " + std::to_string(r.units);
  if (r.shard.count == 1) head = r.suite + ": " + std::to_string(r.units) + " units";
  std::string counts;
  for (auto const& c : r.counts) counts += (counts.empty() ? ": " : ", ") + std::to_string(c.second) + " " + c.first;
  out.push_back(head + counts);
  if (r.suite == "properties") {
    // One line per property: its chunks' verdicts and cases, in the run's order.
    struct Line {
      long long chunks = 0, failed = 0, cases = 0;
      bool plain = false;
    };
    std::vector<std::string> order;
    std::map<std::string, Line> by;
    for (auto const& rec : r.records) {
      Json const* p = find(rec, "property");
      if (!p) continue;
      std::string const property = json_scalar_text(*p);
      if (!by.count(property)) order.push_back(property);
      Line& l = by[property];
      ++l.chunks;
      if (find(rec, "plain")) l.plain = member_true(rec, "plain");
      long long passed = 0;
      if (get_int(rec, "passed", passed)) l.cases += passed;
      if (member_text(rec, "verdict") != "pass") ++l.failed;
    }
    for (auto const& p : order) {
      Line const& l = by[p];
      char buf[512];
      if (l.plain)
        std::snprintf(buf, sizeof buf, "%s %-60s %10s", l.failed ? "FAIL" : "pass", p.c_str(), "(a plain test)");
      else if (l.failed == 0)
        std::snprintf(buf, sizeof buf, "pass %-60s %10lld cases in %lld chunk%s", p.c_str(), l.cases, l.chunks, l.chunks == 1 ? "" : "s");
      else
        std::snprintf(buf, sizeof buf, "FAIL %-60s %lld of %lld chunks failed", p.c_str(), l.failed, l.chunks);
      out.push_back(buf);
    }
  }
  out.push_back("failures: " + std::to_string(r.failures.size()));
  for (auto const& f : r.failures) {
    Json const* what = find(f, "what");
    Json const* rep = find(f, "reproduce");
    out.push_back("FAIL " + (what ? json_scalar_text(*what) : json_text(f)));
    if (rep && !json_scalar_text(*rep).empty()) out.push_back("  reproduce: " + json_scalar_text(*rep));
  }
  return out;
}

std::string shell_quote(std::string const& s) {
  bool plain = !s.empty();
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '_' || c == '-' || c == '+' || c == ':' ||
          c == '=' || c == ',' || c == '@'))
      plain = false;
  if (plain) return s;
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

namespace {

/// A non-negative integer member. @post false when absent, not an integer or negative
bool member_count(Json const& o, std::string_view key, long long& out) {
  return get_int(o, key, out) && out >= 0;
}

/// Where (file, line) of a vector-file suite lies in the run's units: the files of run.files in
/// order, each line a unit. @post false when the file is not one of the run's or the line is
/// outside it
bool line_unit(Json const& files, std::string const& file, long long line, size_t& at, unsigned long long& unit) {
  unsigned long long offset = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    long long lines = 0;
    if (!get_int(files[i], "lines", lines) || lines < 0) return false;
    if (i >= at && member_text(files[i], "path") == file && line >= 1 && line <= lines) {
      at = i;
      unit = offset + static_cast<unsigned long long>(line - 1);
      return true;
    }
    offset += static_cast<unsigned long long>(lines);
  }
  return false;
}

/// A failing record (its index in the records) and how many failures it calls for.
struct Expected {
  size_t record;
  int failures;
};

/// Check that `counts` holds exactly `want` (the same names, in order, the same values).
bool same_counts(Report const& r, std::vector<std::pair<std::string, long long>> const& want, std::string& why) {
  if (r.counts.size() != want.size()) {
    std::string names;
    for (auto const& w : want) names += (names.empty() ? "" : ", ") + w.first;
    why = "its counts are not the suite's (" + names + ")";
    return false;
  }
  for (size_t i = 0; i < want.size(); ++i) {
    if (r.counts[i].first != want[i].first) {
      why = "count " + std::to_string(i + 1) + " is `" + r.counts[i].first + "`, the suite's is `" + want[i].first + "`";
      return false;
    }
    if (r.counts[i].second != want[i].second) {
      why = "the count `" + want[i].first + "` is " + std::to_string(r.counts[i].second) + ", but its records give " +
            std::to_string(want[i].second);
      return false;
    }
  }
  return true;
}

/// The failures must be those the records call for: `expected` per record, in order, each failure
/// naming its record by the members `keys`.
bool same_failures(Report const& r, std::vector<Expected> const& expected, std::vector<std::string> const& keys, std::string& why) {
  size_t f = 0;
  for (auto const& e : expected)
    for (int k = 0; k < e.failures; ++k, ++f) {
      Json const& rec = r.records[e.record];
      if (f >= r.failures.size()) {
        why = "record " + std::to_string(e.record + 1) + " (" + json_text(rec) + ") fails, but the report lists " +
              std::to_string(r.failures.size()) + " failures";
        return false;
      }
      for (auto const& key : keys) {
        Json const* a = find(r.failures[f], key);
        Json const* b = find(rec, key);
        if (!a || !b || json_text(*a) != json_text(*b)) {
          why = "failure " + std::to_string(f + 1) + " is not that of record " + std::to_string(e.record + 1) + " (its `" + key +
                "` differs)";
          return false;
        }
      }
    }
  if (f != r.failures.size()) {
    why = "it lists " + std::to_string(r.failures.size()) + " failures, but its records call for " + std::to_string(f);
    return false;
  }
  return true;
}

/// audit and conform: one record per case, each on a line of the shard's units, in order.
bool check_lines(Report const& r, std::string& why) {
  Json const* files = find(r.run, "files");
  if (!files || !files->is_array()) {
    why = "its run has no files";
    return false;
  }
  size_t at = 0;
  bool have_last = false;
  unsigned long long last = 0;
  for (size_t i = 0; i < r.records.size(); ++i) {
    Json const& rec = r.records[i];
    long long line = 0;
    unsigned long long unit = 0;
    if (!get_int(rec, "line", line) || !line_unit(*files, member_text(rec, "file"), line, at, unit)) {
      why = "record " + std::to_string(i + 1) + " names no line of the run's files (" + json_text(rec) + ")";
      return false;
    }
    if (!r.range.contains(unit) || (have_last && unit <= last)) {
      why = "record " + std::to_string(i + 1) + " (" + member_text(rec, "file") + ":" + std::to_string(line) +
            ") is not the next case of the shard's units [" + std::to_string(r.range.begin) + ", " + std::to_string(r.range.end) + ")";
      return false;
    }
    have_last = true;
    last = unit;
  }
  return true;
}

bool check_audit(Report const& r, std::string& why) {
  if (!check_lines(r, why)) return false;
  bool const expect = !member_text(r.run, "expect").empty();
  long long correct = 0, wrong = 0, unsupported = 0, malformed = 0, known = 0, mismatches = 0;
  std::vector<Expected> expected;
  for (size_t i = 0; i < r.records.size(); ++i) {
    std::string const v = member_text(r.records[i], "verdict");
    bool const listed = member_true(r.records[i], "listed");
    if (v == "correct") ++correct;
    else if (v == "wrong") ++wrong;
    else if (v == "unsupported") ++unsupported;
    else if (v == "malformed") ++malformed;
    else {
      why = "record " + std::to_string(i + 1) + " has no audit verdict (" + json_text(r.records[i]) + ")";
      return false;
    }
    if (listed && v == "wrong") ++known;
    bool const mismatch = expect && listed != (v == "wrong");
    if (mismatch) ++mismatches;
    bool const fails = expect ? (mismatch || v == "unsupported" || v == "malformed") : v != "correct";
    if (fails) expected.push_back({i, 1});
  }
  long long const cases = static_cast<long long>(r.records.size());
  return same_counts(r,
                     {{"cases", cases},
                      {"correct", correct},
                      {"wrong", wrong},
                      {"unsupported", unsupported},
                      {"malformed", malformed},
                      {"known", known},
                      {"expectation_mismatches", mismatches}},
                     why) &&
         same_failures(r, expected, {"file", "line", "verdict"}, why);
}

bool check_conform(Report const& r, std::string& why) {
  if (!check_lines(r, why)) return false;
  bool const expect = !member_text(r.run, "expect").empty();
  std::vector<std::pair<std::string, long long>> want{{"cases", static_cast<long long>(r.records.size())}};
  for (char const* v : {"literal", "functional", "different", "refused", "unsupported", "malformed"}) want.emplace_back(v, 0);
  long long mismatches = 0;
  std::vector<Expected> expected;
  for (size_t i = 0; i < r.records.size(); ++i) {
    std::string const v = member_text(r.records[i], "verdict");
    auto slot = std::find_if(want.begin() + 1, want.end(), [&](auto const& w) { return w.first == v; });
    if (slot == want.end()) {
      why = "record " + std::to_string(i + 1) + " has no conform verdict (" + json_text(r.records[i]) + ")";
      return false;
    }
    ++slot->second;
    int fails = 0;
    if (expect) {
      fails = (member_text(r.records[i], "expected") != v ? 1 : 0) + (member_true(r.records[i], "impl_judged_wrong") ? 1 : 0);
      mismatches += fails;
    } else {
      fails = v == "different" || v == "unsupported" || v == "malformed" ? 1 : 0;
    }
    if (fails) expected.push_back({i, fails});
  }
  want.emplace_back("expectation_mismatches", mismatches);
  return same_counts(r, want, why) && same_failures(r, expected, {"file", "line", "verdict"}, why);
}

/// properties and gpu-sweep: one record per unit of the shard, in order.
bool check_units(Report const& r, std::string& why) {
  if (r.records.size() != r.range.size()) {
    why = "it has " + std::to_string(r.records.size()) + " records for the " + std::to_string(r.range.size()) + " units [" +
          std::to_string(r.range.begin) + ", " + std::to_string(r.range.end) + ")";
    return false;
  }
  return true;
}

bool check_properties(Report const& r, std::string& why) {
  if (!check_units(r, why)) return false;
  long long cases = 0, failed = 0, capacity_cases = 0, capacity_refused = 0;
  std::vector<Expected> expected;
  for (size_t i = 0; i < r.records.size(); ++i) {
    Json const& rec = r.records[i];
    std::string const v = member_text(rec, "verdict");
    if (v.empty() || member_text(rec, "property").empty()) {
      why = "record " + std::to_string(i + 1) + " has no property and verdict (" + json_text(rec) + ")";
      return false;
    }
    long long n = 0;
    for (auto [key, sum] : {std::pair<char const*, long long*>{"passed", &cases}, {"capacity_cases", &capacity_cases},
                            {"capacity_refused", &capacity_refused}}) {
      if (!find(rec, key)) continue;
      if (!member_count(rec, key, n) || __builtin_add_overflow(*sum, n, sum)) {
        why = "record " + std::to_string(i + 1) + ": `" + key + "` is not a count (" + json_text(rec) + ")";
        return false;
      }
    }
    if (v != "pass") {
      ++failed;
      expected.push_back({i, 1});
    }
  }
  // A failing unit has one failure or more (a property that also broke its capacity check has
  // two), and a passing one none.
  size_t f = 0;
  for (auto const& e : expected) {
    Json const& rec = r.records[e.record];
    size_t start = f;
    while (f < r.failures.size() && member_text(r.failures[f], "property") == member_text(rec, "property") &&
           member_text(r.failures[f], "chunk") == member_text(rec, "chunk"))
      ++f;
    if (f == start) {
      why = "record " + std::to_string(e.record + 1) + " (" + member_text(rec, "property") + " chunk " + member_text(rec, "chunk") +
            ") fails, but no failure names it in its place";
      return false;
    }
  }
  if (f != r.failures.size()) {
    why = "failure " + std::to_string(f + 1) + " names no failing record";
    return false;
  }
  return same_counts(r,
                     {{"units", static_cast<long long>(r.records.size())},
                      {"cases", cases},
                      {"failed", failed},
                      {"capacity_cases", capacity_cases},
                      {"capacity_refused", capacity_refused}},
                     why);
}

bool check_sweep(Report const& r, std::string& why) {
  if (!check_units(r, why)) return false;
  // layoutref-sweep-plan's dry run: a record per block, its items, nothing run.
  bool const dry = member_true(r.run, "dry_run");
  long long items = 0, indices = 0, mismatches = 0, errors = 0;
  std::vector<Expected> expected;
  for (size_t i = 0; i < r.records.size(); ++i) {
    Json const& rec = r.records[i];
    long long unit = 0, first = 0, end = 0, ind = 0, mis = 0;
    if (!member_count(rec, "unit", unit) || static_cast<unsigned long long>(unit) != r.range.begin + i ||
        !member_count(rec, "first", first) || !member_count(rec, "end", end) || end < first ||
        (!dry && (!member_count(rec, "indices", ind) || !member_count(rec, "mismatches", mis) || !find(rec, "error")))) {
      why = "record " + std::to_string(i + 1) + " is not the block of unit " + std::to_string(r.range.begin + i) + " (" + json_text(rec) +
            ")";
      return false;
    }
    bool const error = !member_text(rec, "error").empty();
    if (__builtin_add_overflow(items, end - first, &items) || __builtin_add_overflow(indices, ind, &indices) ||
        __builtin_add_overflow(mismatches, mis, &mismatches)) {
      why = "its records' sums overflow 64 bits";
      return false;
    }
    errors += error ? 1 : 0;
    if (mis > 0 || error) expected.push_back({i, 1});
  }
  if (dry) return same_counts(r, {{"blocks", static_cast<long long>(r.records.size())}, {"items", items}}, why) &&
                  same_failures(r, {}, {}, why);
  // `evaluations` counts the device's evaluations, which no record holds: only its sign is checked.
  long long const evaluations = r.get("evaluations");
  return same_counts(r,
                     {{"blocks", static_cast<long long>(r.records.size())},
                      {"items", items},
                      {"indices", indices},
                      {"evaluations", evaluations},
                      {"mismatches", mismatches},
                      {"errors", errors}},
                     why) &&
         same_failures(r, expected, {"unit", "mismatches", "error"}, why);
}

}  // namespace

bool check_report(Report const& r, std::string const& name, std::string& error) {
  std::string why;
  for (auto const& c : r.counts)
    if (c.second < 0) {
      error = name + ": the count `" + c.first + "` is negative (" + std::to_string(c.second) + ")";
      return false;
    }
  bool ok = false;
  if (r.suite == "audit") ok = check_audit(r, why);
  else if (r.suite == "conform") ok = check_conform(r, why);
  else if (r.suite == "properties") ok = check_properties(r, why);
  else if (r.suite == "gpu-sweep") ok = check_sweep(r, why);
  else why = "suite `" + r.suite + "` is none this program can check (audit, conform, properties, gpu-sweep)";
  if (!ok) error = name + ": shard " + shard_text(r.shard) + " contradicts its records: " + why;
  return ok;
}

std::string fnv1a64(std::string_view bytes, unsigned long long h) {
  for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", h);
  return out;
}

std::string file_digest(std::string const& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return "";
  return "fnv1a64:" + fnv1a64(text.str());
}


}  // namespace layoutref::equiv
