// layoutref equiv — the audit (audit.hpp): a claimed result judged by its row's judge (the
// rows, with their judges, are in equiv/ops/<family>.cpp), and the verdicts it gives.
#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/operations.hpp>

#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/error.hpp>

#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::equiv {

using notation::Kind;
using notation::Term;
namespace sp = layoutref::spec;

char const* name(Verdict v) {
  switch (v) {
    case Verdict::correct: return "correct";
    case Verdict::wrong: return "wrong";
    case Verdict::unsupported: return "unsupported";
    case Verdict::malformed: return "malformed";
  }
  return "?";
}

namespace {

bool is_error(Term const& t) { return t.kind == Kind::word && t.word == "error"; }

Outcome malformed(std::string detail) { return Outcome{Verdict::malformed, std::move(detail), std::nullopt}; }

/// The row's arity check, shared by audit_terms and audit_case.
/// @return malformed, naming `op_name`'s argument counts and `count`, when count lies outside
///         [op.min_args, op.max_args()]; nullopt otherwise
std::optional<Outcome> arity_malformed(Operation const& op, std::string const& op_name, std::size_t count, int line) {
  if (count >= op.min_args && count <= op.max_args()) return std::nullopt;
  return malformed(std::to_string(line) + ":1: `" + op_name + "` takes " + std::to_string(op.min_args) +
                   (op.max_args() != op.min_args ? " or " + std::to_string(op.max_args()) : std::string()) +
                   " arguments, found " + std::to_string(count));
}

}  // namespace

bool audit_knows(std::string const& op) { return operations().find(op) != nullptr; }

Outcome audit_terms(std::string const& op_name, std::vector<Term> const& args, Term const& claimed, int line) {
  Operation const* op = operations().find(op_name);
  if (!op) return Outcome{Verdict::unsupported, "the operation `" + op_name + "` is not supported", std::nullopt};
  if (auto bad = arity_malformed(*op, op_name, args.size(), line)) return *bad;
  bool claims_error = is_error(claimed);
  try {
    sp::Judgement j = op->judge(args, claimed);
    // A judge may find a refusal wrong from the admissibility predicate alone, without computing
    // (right_inverse, whose preconditions hold on any layout of integer strides). The spec's
    // result then decides: where computing it overflows 64 bits (the inputs' sizes or values pass
    // int64, or the result's do), there is no result and the refusal is right, as where the
    // judge itself overflows (below). Any other failure of that computation leaves the verdict.
    if (claims_error && !j.correct && op->spec_result) {
      try {
        (void)op->spec_result(args);
      } catch (sp::Error const& e) {
        if (e.kind() == sp::Error::Kind::overflow)
          return Outcome{Verdict::correct, std::string("the result does not fit in 64 bits: ") + e.what(), std::nullopt};
      }
    }
    Outcome o{j.correct ? Verdict::correct : Verdict::wrong, j.detail, j};
    return o;
  } catch (sp::Error const& e) {
    switch (e.kind()) {
      case sp::Error::Kind::bad_argument: return malformed(std::to_string(line) + ": " + e.what());
      case sp::Error::Kind::table_limit:
        return Outcome{Verdict::unsupported, std::string("`") + op_name + "` on this input: " + e.what(), std::nullopt};
      case sp::Error::Kind::overflow:
        // The value operations compute their one result directly: their overflow is the
        // result's, and `error` is the right claim. Elsewhere the overflow may lie inside the
        // spec's own computation, so a layout claimed there is neither confirmed nor refuted.
        if (claims_error) return Outcome{Verdict::correct, std::string("the result does not fit in 64 bits: ") + e.what(), std::nullopt};
        if (op->returns == Returns::value)
          return Outcome{Verdict::wrong, std::string("the result does not fit in 64 bits: ") + e.what(), std::nullopt};
        return Outcome{Verdict::unsupported, std::string("`") + op_name + "` on this input: " + e.what(), std::nullopt};
      case sp::Error::Kind::inadmissible:
        return Outcome{claims_error ? Verdict::correct : Verdict::wrong, std::string("the input has no result: ") + e.what(),
                       std::nullopt, e.condition()};
    }
  } catch (std::exception const& e) {
    return Outcome{Verdict::unsupported, std::string("internal error in `") + op_name + "`: " + e.what(), std::nullopt};
  }
  return Outcome{Verdict::unsupported, "unreachable", std::nullopt};
}

Outcome audit_case(Case const& c) {
  if (!c.format_error.empty())
    return malformed(std::to_string(c.line) + ":" + std::to_string(c.format_column) + ": " + c.format_error);
  Operation const* op = operations().find(c.op);
  if (!op) return Outcome{Verdict::unsupported, "the operation `" + c.op + "` is not supported", std::nullopt};
  if (auto bad = arity_malformed(*op, c.op, c.args.size(), c.line)) return *bad;
  std::vector<Term> args;
  for (auto const& f : c.args) {
    auto p = notation::parse(f.text, c.line, f.column);
    if (!p.ok) return malformed(std::to_string(p.error.line) + ":" + std::to_string(p.error.column) + ": found " +
                                p.error.found + ", expected " + p.error.expected);
    args.push_back(std::move(p.term));
  }
  if (c.result.text == kOpenResult)
    return malformed(std::to_string(c.line) + ":" + std::to_string(c.result.column) +
                     ": the result is left open (`?`): write the implementation's result there (CuTe notation, "
                     "or `error` where it refuses the input)");
  auto pr = notation::parse(c.result.text, c.line, c.result.column);
  if (!pr.ok) return malformed(std::to_string(pr.error.line) + ":" + std::to_string(pr.error.column) + ": found " +
                               pr.error.found + ", expected " + pr.error.expected);
  return audit_terms(c.op, args, pr.term, c.line);
}

}  // namespace layoutref::equiv
