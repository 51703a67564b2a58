// layoutref cli — the audit of vector files, shared by `audit` and `verify` (judge.cpp).
#pragma once

#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/expectations.hpp>
#include <layoutref/equiv/vectors.hpp>

#include <string>
#include <vector>

namespace layoutref::cli {

/// A case with the spec's verdict on it.
struct Judged {
  equiv::Case c;
  equiv::Outcome o;
};

/// How many cases got each audit verdict; `known`: the wrong ones the expectations list.
struct AuditCounts {
  long cases = 0, correct = 0, wrong = 0, unsupported = 0, malformed = 0, known = 0;
  void add(equiv::Verdict v, bool expected_wrong);
};

/// Append every case of `files`, judged by the spec (equiv::audit_case), to `out`.
/// @post false when a file could not be read (its error printed on stderr, the others judged)
bool judge_files(std::vector<std::string> const& files, std::vector<Judged>& out);

/// The cases whose verdict differs from the expectations, described: a listed case not judged
/// wrong, or an unlisted case judged wrong.
std::vector<std::string> mismatches(std::vector<Judged> const& judged, equiv::Expectations const& ex);

}  // namespace layoutref::cli
