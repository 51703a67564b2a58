// layoutref cli — `layoutref eval [--json] [--spec] EXPR`: an expression in CuTe's names and
// notation computed with impl, or with the spec (--spec) (equiv::evaluate_expression).
#include "commands.hpp"
#include <layoutref/equiv/calculator.hpp>
#include <layoutref/equiv/json.hpp>

#include <layoutref/notation/print.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace layoutref::cli {

namespace {

namespace nt = layoutref::notation;

/// The profile of a shape: its nesting with every leaf written 0 (CuTe's repeat_like(shape, _0)).
std::string profile(nt::Term const& t) {
  if (t.kind != nt::Kind::tuple) return "0";
  std::string p = "(";
  for (size_t i = 0; i < t.children.size(); ++i) p += (i ? "," : "") + profile(t.children[i]);
  return p + ")";
}

char const* const kEvalProse =
    "Evaluate an expression in CuTe's names and notation with impl, nested calls allowed\n"
    "(--spec: with the executable specification instead; no static markers):\n"
    "  layoutref eval 'logical_divide((8,24):(24,1), (_4,_8))'\n"
    "  layoutref eval 'complement((2,4):(1,2), 16)'\n"
    "  layoutref eval 'size(cosize((4,8):(8,1)))'\n"
    "--json prints the result with its shape, stride and profile.";

struct EvalArgs {
  bool json = false, spec = false;
  std::vector<std::string> words;
};

void define_options(Options& o, EvalArgs& a) {
  o.app().add_flag("--json", a.json, "the result as JSON, with its shape, stride and profile");
  o.app().add_flag("--spec", a.spec, "compute with the executable specification instead of impl");
  o.app().add_option("expr", a.words, "the expression (several arguments are joined by spaces)")->type_name("EXPR");
}

}  // namespace

std::string eval_help() {
  EvalArgs a;
  Options o("eval", kEvalProse);
  define_options(o, a);
  return o.help();
}

int eval(std::vector<std::string> const& args) {
  using namespace layoutref::equiv;
  EvalArgs a;
  Options options("eval", kEvalProse);
  define_options(options, a);
  if (auto rc = options.parse(args)) return *rc;
  bool const json = a.json;
  Engine const engine = a.spec ? Engine::spec : Engine::impl;
  std::string expr;
  for (auto const& w : a.words) expr += (expr.empty() ? "" : " ") + w;
  if (expr.empty()) {
    std::cerr << "layoutref eval: no expression given\n" << usage();
    return 2;
  }
  OuterCall outer;
  EvalResult r = evaluate_expression(expr, engine, &outer);
  // A literal is printed back only when the spec can use it (equiv::check_value): `eval L` never
  // answers what `size(L)` or `eval(L, 0)` refuses.
  if (r.ok && outer.op.empty()) r = check_value(r.value);
  if (!r.ok) {
    if (json) {
      std::cout << json_text(Json::object({{"expression", expr}, {"error", r.error}})) << "\n";
    } else {
      std::cerr << "layoutref eval: " << r.error << "\n";
    }
    return exit_code(r.failure);
  }
  std::string text = nt::print(r.value);
  if (!json) {
    std::cout << text << "\n";
    return 0;
  }
  Json out = Json::object({{"expression", expr}, {"result", text}});
  if (r.value.kind == nt::Kind::layout) {
    out["kind"] = "layout";
    out["shape"] = nt::print(r.value.children[0]);
    out["stride"] = nt::print(r.value.children[1]);
    out["profile"] = profile(r.value.children[0]);
  } else {
    out["kind"] = r.value.kind == nt::Kind::integer ? "integer" : "term";
  }
  std::cout << json_text(out) << "\n";
  return 0;
}

}  // namespace layoutref::cli
