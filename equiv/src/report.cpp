// layoutref equiv — shards and their reports (report.hpp).
#include <layoutref/equiv/report.hpp>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace layoutref::equiv {

namespace {

constexpr int kReportVersion = 1;

/// A whole number of at most 18 digits. @post false otherwise
bool parse_whole(std::string_view s, long long& out) {
  if (s.empty() || s.size() > 18) return false;
  long long n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + (c - '0');
  }
  out = n;
  return true;
}

bool get_int(JsonValue const& o, std::string_view key, long long& out) {
  JsonValue const* v = o.find(key);
  return v && v->to_int(out);
}

}  // namespace

bool parse_shard(std::string_view text, Shard& out, std::string& error) {
  std::string const convention =
      " (K/N: shard K of N, whole numbers with 0 <= K < N; K counts from 0, as SLURM_ARRAY_TASK_ID of --array=0-(N-1))";
  size_t slash = text.find('/');
  long long k = 0, n = 0;
  if (slash == std::string_view::npos || !parse_whole(text.substr(0, slash), k) || !parse_whole(text.substr(slash + 1), n)) {
    error = "`" + std::string(text) + "` is not K/N" + convention;
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

JsonValue failure(std::string const& what, std::string const& reproduce, JsonValue details) {
  JsonValue f = JsonValue::object({{"what", what}, {"reproduce", reproduce}});
  for (size_t i = 0; i < details.keys().size(); ++i) f.set(details.keys()[i], details.items()[i]);
  return f;
}

std::string report_text(Report const& r) {
  JsonValue counts = JsonValue::object();
  for (auto const& c : r.counts) counts.set(c.first, c.second);
  std::string out = "{\"layoutref_report\":" + std::to_string(kReportVersion) + ",\"suite\":" + JsonValue(r.suite).dump() +
                    ",\"run\":" + r.run.dump() + ",\"shard\":" +
                    JsonValue::object({{"index", r.shard.index}, {"count", r.shard.count}}).dump() + ",\"units\":" +
                    JsonValue::object({{"total", r.units}, {"begin", r.range.begin}, {"end", r.range.end}}).dump() +
                    ",\"counts\":" + counts.dump() + ",";
  auto lines = [&](char const* key, std::vector<JsonValue> const& items) {
    out += "\n";
    out += json_string(key);
    out += ":[";
    for (size_t i = 0; i < items.size(); ++i) {
      out += i ? ",\n" : "\n";
      items[i].dump(out);
    }
    out += "\n]";
  };
  lines("records", r.records);
  out += ",";
  lines("failures", r.failures);
  out += "}\n";
  return out;
}

bool write_report(std::string const& path, Report const& r, std::string& error) {
  namespace fs = std::filesystem;
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) {
      error = "cannot write " + tmp;
      return false;
    }
    out << report_text(r);
    out.close();
    if (!out) {
      error = "cannot write " + tmp;
      return false;
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    error = "cannot write " + path + ": " + ec.message();
    return false;
  }
  return true;
}

bool parse_report(std::string_view text, std::string const& name, Report& out, std::string& error) {
  JsonValue doc;
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
  if (!doc.is(JsonValue::Kind::object) || !get_int(doc, "layoutref_report", version)) return bad("no member layoutref_report");
  if (version != kReportVersion)
    return bad("version " + std::to_string(version) + " (this program reads version " + std::to_string(kReportVersion) + ")");
  Report r;
  JsonValue const* suite = doc.find("suite");
  JsonValue const* run = doc.find("run");
  JsonValue const* shard = doc.find("shard");
  JsonValue const* units = doc.find("units");
  JsonValue const* counts = doc.find("counts");
  JsonValue const* records = doc.find("records");
  JsonValue const* failures = doc.find("failures");
  if (!suite || !suite->is(JsonValue::Kind::string)) return bad("no suite");
  if (!run || !run->is(JsonValue::Kind::object)) return bad("no run object");
  long long k = 0, n = 0, total = 0, begin = 0, end = 0;
  if (!shard || !get_int(*shard, "index", k) || !get_int(*shard, "count", n) || n < 1 || k < 0 || k >= n)
    return bad("no shard {index, count} with 0 <= index < count");
  if (!units || !get_int(*units, "total", total) || !get_int(*units, "begin", begin) || !get_int(*units, "end", end) || total < 0 ||
      begin < 0 || begin > end || end > total)
    return bad("no units {total, begin, end} with 0 <= begin <= end <= total");
  if (!counts || !counts->is(JsonValue::Kind::object)) return bad("no counts object");
  if (!records || !records->is(JsonValue::Kind::array)) return bad("no records array");
  if (!failures || !failures->is(JsonValue::Kind::array)) return bad("no failures array");
  r.suite = suite->text();
  r.run = *run;
  r.shard = Shard{k, n};
  r.units = static_cast<unsigned long long>(total);
  r.range = UnitRange{static_cast<unsigned long long>(begin), static_cast<unsigned long long>(end)};
  for (size_t i = 0; i < counts->keys().size(); ++i) {
    long long v = 0;
    if (!counts->items()[i].to_int(v)) return bad("count `" + counts->keys()[i] + "` is not an integer");
    r.counts.emplace_back(counts->keys()[i], v);
  }
  r.records = records->items();
  r.failures = failures->items();
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
  std::string const run = first.run.dump();
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
    if (s.run.dump() != run) {
      error = name(i) + ": another run than " + name(0) + " (their `run` members differ: " + s.run.dump() + " and " + run + ")";
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
      JsonValue const* p = rec.find("property");
      if (!p) continue;
      if (!by.count(p->text())) order.push_back(p->text());
      Line& l = by[p->text()];
      ++l.chunks;
      if (JsonValue const* plain = rec.find("plain")) l.plain = plain->text() == "true";
      long long passed = 0;
      if (get_int(rec, "passed", passed)) l.cases += passed;
      JsonValue const* v = rec.find("verdict");
      if (!v || v->text() != "pass") ++l.failed;
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
    JsonValue const* what = f.find("what");
    JsonValue const* rep = f.find("reproduce");
    out.push_back("FAIL " + (what ? what->text() : f.dump()));
    if (rep && !rep->text().empty()) out.push_back("  reproduce: " + rep->text());
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

}  // namespace layoutref::equiv
