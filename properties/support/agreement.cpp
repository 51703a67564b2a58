#include "agreement.hpp"

#include "capacity.hpp"

#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/error.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>

namespace layoutref::properties {

namespace {

std::string args_text(std::string const& op, std::vector<notation::Term> const& args) {
  std::string s = op + "(";
  for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + notation::print(args[i]);
  return s + ")";
}

}  // namespace

Agreement impl_agrees_with_spec(std::string const& op, std::vector<notation::Term> const& args) {
  Agreement out;
  equiv::Operation const* row = equiv::operations().find(op);
  if (!row) {
    out.detail = "impl does not compute " + op;
    return out;
  }
  equiv::ImplResult r;
  try {
    r = row->compute(args);
  } catch (std::exception const& e) {
    out.detail = args_text(op, args) + ": impl threw " + e.what();
    return out;
  }
  if (r.term) {
    out.impl_result = r.term;
    std::string text = notation::print(*r.term);
    equiv::Outcome o = equiv::audit_terms(op, args, *r.term);
    out.agree = o.verdict == equiv::Verdict::correct;
    out.detail = args_text(op, args) + ": impl " + text + "; spec: " + equiv::name(o.verdict) + " " + o.detail;
    return out;
  }
  out.impl_refused = true;
  out.impl_condition = impl::name(r.error.condition);
  std::string impl_says = impl::str(r.error);
  equiv::Outcome o = equiv::audit_terms(op, args, notation::Term::make_word("error"));
  out.detail = args_text(op, args) + ": impl refuses (" + impl_says + "); spec: " + equiv::name(o.verdict) + " " + o.detail;
  switch (r.error.code) {
    case impl::Errc::ok: break;
    case impl::Errc::capacity:  // agreement, bounded per property (capacity.hpp)
      note_capacity_refusal();
      out.impl_capacity = true;
      out.agree = true;
      break;
    case impl::Errc::bad_argument: out.agree = o.verdict == equiv::Verdict::malformed; break;
    case impl::Errc::overflow:
      out.agree = o.verdict == equiv::Verdict::unsupported && o.detail.find("overflow") != std::string::npos;
      break;
    case impl::Errc::inadmissible:
      // The spec's verdict on the claim "error" names its condition: "no result: C: witness"
      // (judge_claim) or "C: witness".
      out.agree = o.verdict == equiv::Verdict::correct && !out.impl_condition.empty() &&
                  (o.detail.rfind(out.impl_condition + ":", 0) == 0 ||
                   o.detail.find("no result: " + out.impl_condition + ":") != std::string::npos);
      break;
  }
  return out;
}

std::optional<notation::Term> impl_compute(std::string const& op, std::vector<notation::Term> const& args, std::string* why) {
  equiv::Operation const* row = equiv::operations().find(op);
  if (!row) {
    if (why) *why = "impl does not compute " + op;
    return std::nullopt;
  }
  equiv::ImplResult r = row->compute(args);
  if (!r.term && r.error.code == impl::Errc::capacity) note_capacity_refusal();
  if (!r.term && why) *why = impl::str(r.error);
  return r.term;
}

spec::Layout as_layout(notation::Term const& t) {
  if (t.kind == notation::Kind::chain && !t.children.empty()) return spec::to_layout(t.children.back());
  return spec::to_layout(t);
}

bool same_function(spec::Layout const& a, spec::Layout const& b, std::string* why) {
  if (spec::size(a) != spec::size(b)) {
    if (why) *why = "sizes " + std::to_string(spec::size(a)) + " and " + std::to_string(spec::size(b));
    return false;
  }
  spec::FlatLayout fa(a), fb(b);
  for (spec::i64 i = 0; i < fa.size(); ++i)
    if (fa(i) != fb(i)) {
      if (why) *why = "at index " + std::to_string(i) + ": " + fa(i).str() + " vs " + fb(i).str();
      return false;
    }
  return true;
}

std::vector<spec::i64> image(spec::Layout const& l) {
  spec::FlatLayout f(l);
  std::vector<spec::i64> out;
  for (spec::i64 i = 0; i < f.size(); ++i) out.push_back(f(i).integer());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace layoutref::properties
