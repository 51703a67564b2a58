// layoutref equiv — runs split into shards, and their reports (docs/deep-runs.md).
//
// A long run (the property program, the GPU sweep, `audit` and `conform` of large vector files)
// is a sequence of T units in a fixed order: (property, chunk) pairs, blocks of the sweep's
// enumeration, lines of the vector files. `--shard K/N` runs shard K of N, the units
// [floor(K*T/N), floor((K+1)*T/N)): K counts from 0 (SLURM_ARRAY_TASK_ID of `--array=0-(N-1)`),
// the N shards are disjoint, together they cover [0, T), and which units a shard holds depends
// only on K, N and the run, never on where or when it runs.
//
// Each shard writes a report (`--report FILE`), one JSON document:
//
//   {"layoutref_report":1,"suite":S,"run":{...},"shard":{"index":K,"count":N},
//    "units":{"total":T,"begin":B,"end":E},"counts":{NAME:INTEGER,...},
//    "records":[ one object per unit or case, in unit order ],
//    "failures":[ {"what":TEXT,"reproduce":COMMAND,...}, ... ]}
//
// `run` is everything that fixes the run's results (the files and their line counts, seeds, case
// counts, bounds); shards of one run have the same. merge_reports checks that the shards are all
// N of one run, sums the counts, and concatenates records and failures in shard order: the merged
// report is the report of the run done whole (shard 0/1), byte for byte (report_text).
#pragma once

#include <layoutref/equiv/json.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace layoutref::equiv {

/// Shard `index` of `count`. @invariant 0 <= index < count
struct Shard {
  long long index = 0;
  long long count = 1;
};

/// Read `K/N` (decimal digits only, 0 <= K < N, N >= 1).
/// @post false, `error` naming the text and the convention, otherwise
bool parse_shard(std::string_view text, Shard& out, std::string& error);
/// "K/N".
std::string shard_text(Shard s);

/// Units [begin, end).
struct UnitRange {
  unsigned long long begin = 0, end = 0;
  unsigned long long size() const { return end - begin; }
  bool contains(unsigned long long u) const { return u >= begin && u < end; }
};
/// The units of shard s of a run of `total` units: [floor(K*T/N), floor((K+1)*T/N)).
UnitRange shard_range(unsigned long long total, Shard s);

/// One shard's report (the header comment's document).
struct Report {
  std::string suite;
  Json run = Json::object();
  Shard shard;
  unsigned long long units = 0;  ///< T
  UnitRange range;               ///< this shard's units
  std::vector<std::pair<std::string, long long>> counts;
  std::vector<Json> records;
  std::vector<Json> failures;

  /// Add n to the count `name` (created, in this order, at its first use).
  void count(std::string const& name, long long n = 1);
  /// The count `name`, 0 when absent.
  long long get(std::string const& name) const;
};

/// A failure as every suite writes one: `what` (one line), `reproduce` (a command that runs it
/// again), and the suite's own members after them.
Json failure(std::string const& what, std::string const& reproduce, Json const& details = Json::object());

/// The report as its JSON document: the header on one line, then each record and each failure on
/// a line of its own; ends with a newline.
std::string report_text(Report const& r);
/// Write report_text(r) to `path` (write_output: a regular file or a new path, links followed).
/// @post false, `error` set, when it cannot be written
bool write_report(std::string const& path, Report const& r, std::string& error);
/// Read a report written by write_report. @post false, `error` naming the file and the problem
bool read_report(std::string const& path, Report& out, std::string& error);
/// Read a report from its text; `name` is the file named in errors.
bool parse_report(std::string_view text, std::string const& name, Report& out, std::string& error);

/// Check that a report's counts and failures are those its records give: every count at least 0,
/// the suite's counts (audit, conform, properties, gpu-sweep) recomputed from the records, one
/// record per case (audit, conform: each on a line of the shard's units, in order) or per unit
/// (properties, gpu-sweep), and the failures exactly those of the failing records, in order.
/// @post false, `error` naming `name`, the shard and the first contradiction
bool check_report(Report const& r, std::string const& name, std::string& error);

/// FNV-1a, 64 bits, of `bytes` (from the offset basis `h`), as 16 hex digits.
std::string fnv1a64(std::string_view bytes, unsigned long long h = 14695981039346656037ull);
/// The digest of a file's bytes, "fnv1a64:<16 hex digits>" (FNV-1a, 64 bits), "" when it cannot be
/// read: a vector file's identity in a run's `files`, so that shards of other inputs do not merge.
/// It guards against mixed-up inputs, not against a forger.
std::string file_digest(std::string const& path);

/// Merge the shards of one run: the same suite, run and T, every shard of the N exactly once, each
/// holding shard_range's units, each passing check_report. Counts summed (the same names in each), records and failures in
/// shard order. @post false, `error` naming the offending file (`names`, parallel to `shards`)
///       and what is wrong, otherwise `out` is the run's report as shard 0/1
bool merge_reports(std::vector<Report> const& shards, std::vector<std::string> const& names, Report& out, std::string& error);

/// What `layoutref merge` prints: the suite, shards and units, the counts, per-property lines for
/// the property program (pass/FAIL, cases, chunks), and each failure with its reproducer.
std::vector<std::string> summary_lines(Report const& r);

/// `s` quoted for a POSIX shell (single quotes) where it needs to be.
std::string shell_quote(std::string const& s);

}  // namespace layoutref::equiv
