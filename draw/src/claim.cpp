// layoutref draw — the picture of a wrong verdict (draw.hpp: draw_claim, for audit --draw): the
// claimed result beside the spec's, the cells that differ marked in both.
#include "grid.hpp"

#include <layoutref/equiv/operations.hpp>
#include <layoutref/notation/print.hpp>

#include <algorithm>

namespace layoutref::draw {

namespace {

using namespace detail;
using notation::Kind;
using notation::Term;

bool is_error(Term const& t) { return t.kind == Kind::word && t.word == "error"; }

Figure claim_picture(std::string const& op, std::vector<Term> const& args, Term const& claimed, Options const& opt) {
  equiv::Operation const* row = equiv::operations().find(op);
  if (!row) refuse("the operation `" + op + "` is not known");
  if (row->returns == equiv::Returns::value || row->returns == equiv::Returns::integer)
    refuse("`" + op + "` gives a value, which has no picture");
  if (args.size() < row->min_args || args.size() > row->max_args()) refuse("`" + op + "` with " + std::to_string(args.size()) + " arguments");
  std::string call = op + "(";
  for (size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + notation::print(args[i]);
  call += ")";
  std::optional<Term> expected;
  std::string refusal;
  try {
    expected = row->spec_result(args);
  } catch (sp::Error const& e) {
    if (e.kind() != sp::Error::Kind::inadmissible) throw;
    refusal = e.what();
  }
  Budget budget;
  Figure f;
  f.title = call;
  std::optional<Source> sc, se;
  if (!is_error(claimed)) sc = source_of(claimed, "the claimed result");
  if (expected) se = source_of(*expected, "the spec's result");
  if (sc) f.panels.push_back(source_panel(*sc, "claimed", "claimed: " + notation::print(claimed), opt, budget));
  if (se) {
    Panel p = source_panel(*se, "spec", "the spec: " + notation::print(*expected), opt, budget);
    p.slot_col = sc ? 1 : 0;
    f.panels.push_back(std::move(p));
  }
  if (sc && se) {
    Panel& pc = f.panels[0];
    Panel& ps = f.panels[1];
    i64 nc = source_size(*sc), ns = source_size(*se), differ = 0;
    for (i64 i = 0; i < std::max(nc, ns); ++i) {
      bool same = i < nc && i < ns && same_element(*sc, i, *se, i);
      if (same) continue;
      ++differ;
      if (i < nc) pc.at(row_of(pc, i), col_of(pc, i)).marked = true;
      if (i < ns) ps.at(row_of(ps, i), col_of(ps, i)).marked = true;
    }
    f.caption = "The claimed result of " + call + " beside the spec's: " + std::to_string(differ) + " of " +
                std::to_string(std::max(nc, ns)) + " elements differ (framed in red), compared at the same 1-D index as the judge "
                "compares them" + (nc != ns ? " (the sizes differ: " + std::to_string(nc) + " claimed, " + std::to_string(ns) + " by the spec)" : "") + ".";
    if (op == "right_inverse" || op == "left_inverse")
      f.caption += " An inverse is not unique: the spec's is one correct result; the claim fails the judge's condition.";
  } else if (sc) {
    f.caption = "The claimed result of " + call + "; the spec has none: " + refusal;
    for (auto& c : f.panels[0].cells) c.marked = true;
  } else {
    f.caption = "The claim `error` refused " + call + ", which the spec computes: its result is drawn.";
    for (auto& c : f.panels[0].cells) c.marked = true;
  }
  f.legend.push_back({Rgb{255, 255, 255}, "differs from the spec's result", false, true});
  return f;
}

}  // namespace

Drawn draw_claim(std::string const& op, std::vector<Term> const& args, Term const& claimed, Options const& opt) {
  Drawn d;
  try {
    d.figure = claim_picture(op, args, claimed, opt);
    d.ok = true;
  } catch (Refusal const& r) {
    d.error = r.message;
    d.failure = r.failure;
  } catch (sp::Error const& e) {
    d.error = e.what();
    d.failure = e.kind() == sp::Error::Kind::bad_argument || e.kind() == sp::Error::Kind::table_limit ? equiv::Failure::bad_input
                                                                                                          : equiv::Failure::no_result;
  } catch (std::exception const& e) {
    d.error = std::string("internal error: ") + e.what();
    d.failure = equiv::Failure::internal;
  }
  return d;
}

}  // namespace layoutref::draw
