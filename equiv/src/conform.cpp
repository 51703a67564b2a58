#include <layoutref/equiv/conform.hpp>

#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/operations.hpp>

#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/table.hpp>
#include <layoutref/spec/term.hpp>

#include <cctype>

namespace layoutref::equiv {

char const* name(Conformity c) {
  switch (c) {
    case Conformity::literal: return "literal";
    case Conformity::functional: return "functional";
    case Conformity::different: return "different";
    case Conformity::refused: return "refused";
    case Conformity::unsupported: return "unsupported";
    case Conformity::malformed: return "malformed";
  }
  return "?";
}

impl::Error arity_error(std::string const& op, Signature const& sig, size_t count) {
  std::string takes = std::to_string(sig.min_args);
  if (sig.max_args != sig.min_args) takes += (sig.max_args == sig.min_args + 1 ? " or " : " to ") + std::to_string(sig.max_args);
  std::string text = op + " takes " + takes + " argument" + (sig.max_args == 1 ? "" : "s") + ", " + sig.usage + "; got ";
  return impl::fail(impl::Errc::bad_argument).add(impl::intern(text)).add(static_cast<impl::i64>(count));
}

ImplResult from(impl::Result<impl::i64> const& r) {
  ImplResult out;
  if (r.ok())
    out.term = notation::Term::make_integer(r.value, false);
  else
    out.error = r.error;
  return out;
}

namespace {

// CuTe's text without the static markers: `_4` -> `4` (regex `_(?=-?\d)`).
std::string strip_static(std::string const& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    bool marker = s[i] == '_' && i + 1 < s.size() &&
                  (std::isdigit(static_cast<unsigned char>(s[i + 1])) ||
                   (s[i + 1] == '-' && i + 2 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 2]))));
    if (!marker) out += s[i];
  }
  return out;
}

// The inner layout of `Sw<B,M,S> o offset o L`, or the term itself.
notation::Term inner(notation::Term const& t) {
  if (t.kind == notation::Kind::chain && !t.children.empty()) return t.children.back();
  return t;
}

// "" when impl's and CuTe's results have the same function (same size, same value at every
// index); otherwise the first index where they differ, or why they cannot be compared.
std::string first_difference(notation::Term const& impl_term, std::string const& cute_text) {
  auto parsed = notation::parse(cute_text);
  if (!parsed.ok) return "CuTe's result does not parse: " + parsed.error.message();
  if (impl_term.kind == notation::Kind::chain || parsed.term.kind == notation::Kind::chain) {
    if (impl_term.kind != parsed.term.kind || impl_term.children.size() != parsed.term.children.size())
      return "the results are of different kinds";
    for (size_t i = 0; i + 1 < impl_term.children.size(); ++i)
      if (notation::print(impl_term.children[i]) != notation::print(parsed.term.children[i]))
        return "the outer parts differ: " + notation::print(impl_term.children[i]) + " vs " +
               notation::print(parsed.term.children[i]);
  }
  notation::Term a = inner(impl_term), b = inner(parsed.term);
  if (a.kind != notation::Kind::layout || b.kind != notation::Kind::layout) return "different values";
  try {
    spec::Layout la = spec::to_layout(a), lb = spec::to_layout(b);
    spec::i64 na = spec::size(la), nb = spec::size(lb);
    if (na != nb) return "sizes differ: impl " + std::to_string(na) + ", CuTe " + std::to_string(nb);
    spec::require_table(na, "comparing the results");
    spec::FlatLayout fa(la), fb(lb);
    for (spec::i64 i = 0; i < na; ++i)
      if (fa(i) != fb(i))
        return "first difference at index " + std::to_string(i) + ": impl " + fa(i).str() + ", CuTe " + fb(i).str();
  } catch (spec::Error const& e) {
    return std::string("cannot compare: ") + e.what();
  }
  return {};
}

}  // namespace

ConformOutcome conform_case(Case const& c) {
  ConformOutcome out;
  if (!c.format_error.empty()) {
    out.verdict = Conformity::malformed;
    out.detail = std::to_string(c.line) + ":" + std::to_string(c.format_column) + ": " + c.format_error;
    return out;
  }
  Operation const* op = operations().find(c.op);
  if (!op) {
    out.verdict = Conformity::unsupported;
    out.detail = "impl does not compute `" + c.op + "`";
    return out;
  }
  std::vector<notation::Term> args;
  for (auto const& f : c.args) {
    auto p = notation::parse(f.text, c.line, f.column);
    if (!p.ok) {
      out.verdict = Conformity::malformed;
      out.detail = p.error.message();
      return out;
    }
    args.push_back(std::move(p.term));
  }
  ImplResult r;
  try {
    r = op->compute(args);
  } catch (std::exception const& e) {
    out.verdict = Conformity::unsupported;
    out.detail = std::string("internal error: ") + e.what();
    return out;
  }
  if (!r.term) {
    if (r.error.code == impl::Errc::bad_argument) {
      out.verdict = Conformity::malformed;
    } else {
      out.verdict = Conformity::refused;
    }
    out.detail = impl::str(r.error);
    if (out.verdict == Conformity::refused && c.result.text == "error") out.detail = "(CuTe refuses too) " + out.detail;
    return out;
  }
  out.impl_text = notation::print(*r.term);
  if (strip_static(out.impl_text) == strip_static(c.result.text)) {
    out.verdict = Conformity::literal;
    return out;
  }
  // Not the same text: judge impl's result with the spec, and compare the two functions.
  Case mine = c;
  mine.result.text = out.impl_text;
  Outcome own = audit_case(mine);
  std::string diff = first_difference(*r.term, c.result.text);
  out.detail = "impl: " + out.impl_text;
  if (!diff.empty()) out.detail += "; " + diff;
  if (own.verdict != Verdict::correct)
    out.detail += "; the spec judges impl's result " + std::string(name(own.verdict)) + (own.detail.empty() ? "" : ": " + own.detail);
  // Functional needs the same function and a structure the op allows on both sides.
  Outcome theirs = audit_case(c);
  if (diff.empty() && theirs.verdict != Verdict::correct)
    out.detail += "; the same function, but the spec judges CuTe's result " + std::string(name(theirs.verdict)) +
                  (theirs.detail.empty() ? "" : ": " + theirs.detail);
  out.impl_judged_wrong = own.verdict != Verdict::correct;
  bool functional = diff.empty() && own.verdict == Verdict::correct && theirs.verdict == Verdict::correct;
  out.verdict = functional ? Conformity::functional : Conformity::different;
  return out;
}

}  // namespace layoutref::equiv
