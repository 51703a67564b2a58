#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/operations.hpp>

#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/domain_distribute.hpp>
#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/max_alignment.hpp>
#include <layoutref/spec/max_common.hpp>
#include <layoutref/spec/nullspace.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/term.hpp>
#include <layoutref/spec/upcast.hpp>

#include <functional>
#include <map>
#include <optional>

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

sp::Claim layout_claim(Term const& t) {
  sp::Claim c;
  if (is_error(t))
    c.error = true;
  else
    c.layout = sp::to_layout(t);
  return c;
}

// A swizzled ComposedLayout `Sw<B,M,S> o offset o layout`.
bool is_composed(Term const& t) {
  return t.kind == Kind::chain && t.children.size() == 3 && t.children[0].kind == Kind::swizzle;
}

sp::ComposedLayout to_composed(Term const& t) {
  if (!is_composed(t)) sp::bad_argument("expected a swizzled layout Sw<B,M,S> o offset o layout at " + sp::where(t));
  sp::ComposedLayout c;
  c.outer = sp::Swizzle{t.children[0].swizzle_b, t.children[0].swizzle_m, t.children[0].swizzle_s};
  c.outer.validate();
  c.offset = sp::to_integer(t.children[1]);
  c.inner = sp::to_layout(t.children[2]);
  return c;
}

sp::Judgement compare_value(std::string const& claimed, std::string const& expected, std::string const& what) {
  if (claimed == expected) return sp::Judgement::right();
  sp::Judgement j = sp::Judgement::wrong("the result is " + claimed + " but " + what + " is " + expected);
  j.claimed_value = claimed;
  j.expected_value = expected;
  return j;
}

sp::Judgement compare_integer(Term const& result, sp::i64 expected, std::string const& what) {
  if (is_error(result)) return sp::Judgement::wrong("refused an admissible input");
  return compare_value(std::to_string(sp::to_integer(result)), std::to_string(expected), what);
}

sp::Judgement divide_op(sp::DivideKind k, Args const& a, Term const& r) {
  return sp::check_divide(k, sp::to_layout(a[0]), sp::to_tiler(a[1]), layout_claim(r));
}
sp::Judgement product_op(sp::ProductKind k, Args const& a, Term const& r) {
  return sp::check_product(k, sp::to_layout(a[0]), sp::to_tiler(a[1]), layout_claim(r));
}


}  // namespace

void register_judges(OperationTable& t) {
  std::initializer_list<std::pair<char const*, Judge>> const judges = {
      {"coalesce", [](Args const& a, Term const& r) {
         return a.size() == 1 ? sp::check_coalesce(sp::to_layout(a[0]), layout_claim(r))
                              : sp::check_coalesce(sp::to_layout(a[0]), sp::to_int_tuple(a[1]), layout_claim(r));
       }},
      {"filter", [](Args const& a, Term const& r) {
         return a.size() == 1 ? sp::check_filter(sp::to_layout(a[0]), layout_claim(r))
                              : sp::check_filter(sp::to_layout(a[0]), sp::to_int_tuple(a[1]), layout_claim(r));
       }},
      {"filter_zeros", [](Args const& a, Term const& r) { return sp::check_filter_zeros(sp::to_layout(a[0]), layout_claim(r)); }},
      {"composition", [](Args const& a, Term const& r) {
         if (is_composed(a[0])) {
           bool err = is_error(r);
           sp::ComposedLayout claimed;
           if (!err) claimed = to_composed(r);
           return sp::check_composition(to_composed(a[0]), sp::to_tiler(a[1]), err, claimed);
         }
         return sp::check_composition(sp::to_layout(a[0]), sp::to_tiler(a[1]), layout_claim(r));
       }},
      {"complement", [](Args const& a, Term const& r) {
         sp::Layout l = sp::to_layout(a[0]);
         if (a.size() == 2) return sp::check_complement(l, sp::to_shape(a[1]), layout_claim(r));
         return sp::check_complement(l, sp::default_cotarget(l), layout_claim(r));
       }},
      {"right_inverse", [](Args const& a, Term const& r) { return sp::check_right_inverse(sp::to_layout(a[0]), layout_claim(r)); }},
      {"left_inverse", [](Args const& a, Term const& r) { return sp::check_left_inverse(sp::to_layout(a[0]), layout_claim(r)); }},
      {"logical_divide", [](Args const& a, Term const& r) { return divide_op(sp::DivideKind::logical, a, r); }},
      {"zipped_divide", [](Args const& a, Term const& r) { return divide_op(sp::DivideKind::zipped, a, r); }},
      {"tiled_divide", [](Args const& a, Term const& r) { return divide_op(sp::DivideKind::tiled, a, r); }},
      {"flat_divide", [](Args const& a, Term const& r) { return divide_op(sp::DivideKind::flat, a, r); }},
      {"logical_product", [](Args const& a, Term const& r) { return product_op(sp::ProductKind::logical, a, r); }},
      {"zipped_product", [](Args const& a, Term const& r) { return product_op(sp::ProductKind::zipped, a, r); }},
      {"tiled_product", [](Args const& a, Term const& r) { return product_op(sp::ProductKind::tiled, a, r); }},
      {"flat_product", [](Args const& a, Term const& r) { return product_op(sp::ProductKind::flat, a, r); }},
      {"blocked_product", [](Args const& a, Term const& r) {
         return sp::check_blocked_product(sp::to_layout(a[0]), sp::to_layout(a[1]), false, layout_claim(r));
       }},
      {"raked_product", [](Args const& a, Term const& r) {
         return sp::check_blocked_product(sp::to_layout(a[0]), sp::to_layout(a[1]), true, layout_claim(r));
       }},
      {"tile_to_shape", [](Args const& a, Term const& r) {
         std::optional<sp::IntTuple> order;
         if (a.size() == 3) order = sp::to_int_tuple(a[2]);
         return sp::check_tile_to_shape(sp::to_layout(a[0]), sp::to_shape(a[1]), order, layout_claim(r));
       }},
      {"size", [](Args const& a, Term const& r) {
         if (is_composed(a[0])) return compare_integer(r, sp::size(to_composed(a[0])), "size");
         return compare_integer(r, sp::size(sp::to_layout(a[0])), "size");
       }},
      {"cosize", [](Args const& a, Term const& r) {
         if (is_composed(a[0])) return compare_integer(r, sp::cosize(to_composed(a[0])), "cosize (the image's extent)");
         return compare_integer(r, sp::cosize(sp::to_layout(a[0])), "cosize");
       }},
      {"rank", [](Args const& a, Term const& r) { return compare_integer(r, sp::rank(sp::to_layout(a[0])), "rank"); }},
      {"depth", [](Args const& a, Term const& r) { return compare_integer(r, sp::depth(sp::to_layout(a[0])), "depth"); }},
      {"max_common_vector", [](Args const& a, Term const& r) {
         bool ca = is_composed(a[0]), cb = is_composed(a[1]);
         sp::i64 want = ca && cb ? sp::max_common_vector(to_composed(a[0]), to_composed(a[1]))
                        : ca     ? sp::max_common_vector(to_composed(a[0]), sp::to_layout(a[1]))
                        : cb     ? sp::max_common_vector(sp::to_layout(a[0]), to_composed(a[1]))
                                 : sp::max_common_vector(sp::to_layout(a[0]), sp::to_layout(a[1]));
         return compare_integer(r, want, "the largest common vector");
       }},
      {"max_common_layout", [](Args const& a, Term const& r) {
         return sp::check_max_common_layout(sp::to_layout(a[0]), sp::to_layout(a[1]), layout_claim(r));
       }},
      {"make_layout_like", [](Args const& a, Term const& r) { return sp::check_make_layout_like(sp::to_layout(a[0]), layout_claim(r)); }},
      {"make_fragment_like", [](Args const& a, Term const& r) { return sp::check_make_fragment_like(sp::to_layout(a[0]), layout_claim(r)); }},
      {"make_ordered_layout", [](Args const& a, Term const& r) {
         return sp::check_make_ordered_layout(sp::to_shape(a[0]), sp::to_int_tuple(a[1]), layout_claim(r));
       }},
      {"nullspace", [](Args const& a, Term const& r) { return sp::check_nullspace(sp::to_layout(a[0]), layout_claim(r)); }},
      {"upcast", [](Args const& a, Term const& r) { return sp::check_upcast(sp::to_layout(a[0]), sp::to_integer(a[1]), layout_claim(r)); }},
      {"downcast", [](Args const& a, Term const& r) { return sp::check_downcast(sp::to_layout(a[0]), sp::to_integer(a[1]), layout_claim(r)); }},
      {"domain_distribute", [](Args const& a, Term const& r) {
         return sp::check_domain_distribute(sp::to_shape(a[0]), sp::to_integer(a[1]), layout_claim(r));
       }},
      {"max_alignment", [](Args const& a, Term const& r) { return compare_integer(r, sp::max_alignment(sp::to_layout(a[0])), "max_alignment"); }},
      {"eval", [](Args const& a, Term const& r) {
         sp::i64 i = sp::to_integer(a[1]);
         if (is_composed(a[0])) return compare_integer(r, sp::evaluate(to_composed(a[0]), i), "Sw(offset + L(i))");
         sp::Layout l = sp::to_layout(a[0]);
         sp::Value want = sp::evaluate(l, i);  // an index outside [0, size(L)) is malformed input
         if (is_error(r)) return sp::Judgement::wrong("refused an admissible input");
         return compare_value(sp::to_value(r).str(), want.str(), "L(" + std::to_string(i) + ")");
       }},
      {"crd2idx", [](Args const& a, Term const& r) {
         sp::IntTuple c = sp::to_int_tuple(a[0]);
         if (a[1].kind == Kind::layout) {
           sp::Layout l = sp::to_layout(a[1]);
           sp::Value want = sp::crd2idx(c, l);
           if (is_error(r)) return sp::Judgement::wrong("refused an admissible input");
           return compare_value(sp::to_value(r).str(), want.str(), "L(" + sp::str(c) + ")");
         }
         return compare_integer(r, sp::crd2idx(c, sp::to_shape(a[1])), "the colexicographic index");
       }},
      {"idx2crd", [](Args const& a, Term const& r) {
         sp::IntTuple c = sp::idx2crd(sp::to_int_tuple(a[0]), sp::to_shape(a[1]));
         if (is_error(r)) return sp::Judgement::wrong("refused an admissible input");
         return compare_value(sp::str(sp::to_int_tuple(r)), sp::str(c), "the natural coordinate");
       }},
  };
  for (auto const& [name, fn] : judges) t.judge(name, fn);
}

namespace {

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
