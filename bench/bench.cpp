// layoutref-bench — how long impl takes per call, per operation, on the CuTe vectors.
//
//   layoutref-bench --vectors FILE... [--json] [benchmark options]
//
// Reads the vector files (equiv's reader) and registers one Google Benchmark per row of equiv's
// table with a `prepare` face (operations.hpp), named as the row: each case's arguments are
// converted into impl values once by the row's prepare (outside the timed region), and the timed
// region is the prepared impl call (PreparedCall::call: impl's function itself, no term converted
// either way; the row's computation is the same call with its result printed). Every row of the
// table that the files exercise and that has no prepare is named on stderr. The reported time is
// ns per call, averaged over the op's cases, and the run is repeated (5 times unless
// --benchmark_repetitions says otherwise) to report the median per op. `--json` is
// `--benchmark_format=json`.
// Cases whose arguments impl cannot take are skipped; cases impl refuses are timed as they are
// (the refusal is the result). Both are counted on stderr, one line per benchmark, before the
// run. Besides the rows, `eval_fast_layout` times FastLayout evaluation on the eval cases
// (prepared outside the timed region) and `fast_layout_make` its preparation; `<op>_small`
// times an op with each case at the smallest capacity (impl::LayoutN<4>, <8>, <16>) that gives
// the default capacity's answer, to compare with `<op>` at the default capacity (32).
#include <layoutref/equiv/conform.hpp>
#include <layoutref/equiv/operations.hpp>
#include <layoutref/equiv/vectors.hpp>

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/complement.hpp>
#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/coordinates.hpp>
#include <layoutref/impl/divide.hpp>
#include <layoutref/impl/domain_distribute.hpp>
#include <layoutref/impl/fast_layout.hpp>
#include <layoutref/impl/inverse.hpp>
#include <layoutref/impl/max_alignment.hpp>
#include <layoutref/impl/max_common.hpp>
#include <layoutref/impl/nullspace.hpp>
#include <layoutref/impl/product.hpp>
#include <layoutref/impl/swizzle.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/impl/upcast.hpp>
#include <layoutref/notation/parse.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace {

namespace impl = layoutref::impl;
namespace notation = layoutref::notation;
using Args = std::vector<notation::Term>;

// ---- the parsed cases, by op ------------------------------------------------------------------

struct Entry {
  Args args;
  std::string where;  ///< file:line
};
std::map<std::string, std::vector<Entry>> g_cases;  // op -> its cases
bool g_default_repetitions = true;                   // no --benchmark_repetitions given
bool g_default_min_time = true;                      // no --benchmark_min_time given
bool g_default_aggregates = true;                    // no --benchmark_*aggregates_only given

/// ns per call of one case: the best of 3 batches of about 50 us each (1 call per batch for
/// cases slower than that).
template <class P, class Call>
double time_case(P const& p, Call const& call) {
  using clock = std::chrono::steady_clock;
  auto ns = [](clock::duration d) { return static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(d).count()); };
  auto t0 = clock::now();
  bool ok = call(p);
  benchmark::DoNotOptimize(ok);
  double one = ns(clock::now() - t0);
  long reps = std::clamp(static_cast<long>(50000.0 / std::max(one, 1.0)), 1L, 100000L);
  double best = one;
  for (int batch = 0; batch < 3; ++batch) {
    t0 = clock::now();
    for (long r = 0; r < reps; ++r) {
      ok = call(p);
      benchmark::DoNotOptimize(ok);
    }
    best = std::min(best, ns(clock::now() - t0) / static_cast<double>(reps));
  }
  return best;
}

/// The per-case figures of a benchmark, measured once, the first time it runs.
struct PerCase {
  bool done = false;
  double median_ns = 0, max_ns = 0;
  std::string slowest;
};

/// Register `name`: prepare(args) -> std::optional<P> converts a case (nullopt: skipped);
/// call(P) -> bool is the timed impl call (false: impl refused the case).
///
/// Each iteration calls impl on the next case, round robin, so the reported time is the mean ns
/// per call over the op's cases; repetitions give its median. The counters add the median and
/// the maximum over the cases of each case's own ns per call (one case timed at a time), so that
/// a few slow cases show apart from the typical one.
template <class P, class Prepare, class Call>
void define(std::string const& name, std::string const& op, Prepare prepare, Call call) {
  auto it = g_cases.find(op);
  if (it == g_cases.end()) return;
  auto cases = std::make_shared<std::vector<P>>();
  auto where = std::make_shared<std::vector<std::string>>();
  long skipped = 0, refused = 0;
  for (Entry const& e : it->second) {
    std::optional<P> p;
    try {
      p = prepare(e.args);
    } catch (std::exception const&) {  // a missing argument (Args::at)
    }
    if (!p) {
      ++skipped;
      continue;
    }
    if (!call(*p)) ++refused;
    cases->push_back(*p);
    where->push_back(e.where);
  }
  if (cases->empty()) {
    std::fprintf(stderr, "layoutref-bench: %s: no case impl can represent (%ld skipped)\n", name.c_str(), skipped);
    return;
  }
  std::fprintf(stderr, "layoutref-bench: %-20s %5zu cases (%ld refused by impl), %ld skipped\n", name.c_str(), cases->size(),
               refused, skipped);
  auto per_case = std::make_shared<PerCase>();
  auto* b = benchmark::RegisterBenchmark(name.c_str(), [name, cases, where, per_case, call](benchmark::State& state) {
    std::vector<P> const& cs = *cases;
    std::size_t k = 0;
    for (auto _ : state) {
      bool ok = call(cs[k]);
      benchmark::DoNotOptimize(ok);
      if (++k == cs.size()) k = 0;
    }
    if (!per_case->done) {
      std::vector<std::pair<double, std::size_t>> t;
      for (std::size_t j = 0; j < cs.size(); ++j) t.emplace_back(time_case(cs[j], call), j);
      std::sort(t.begin(), t.end());
      std::size_t n = t.size();
      per_case->median_ns = n % 2 == 1 ? t[n / 2].first : (t[n / 2 - 1].first + t[n / 2].first) / 2;
      per_case->max_ns = t.back().first;
      per_case->slowest = (*where)[t.back().second];
      per_case->done = true;
      std::fprintf(stderr, "layoutref-bench: %-20s per case: median %.1f ns, slowest %.1f ns (%s)\n", name.c_str(),
                   per_case->median_ns, per_case->max_ns, per_case->slowest.c_str());
    }
    state.counters["cases"] = static_cast<double>(cs.size());
    state.counters["case_median_ns"] = per_case->median_ns;
    state.counters["case_max_ns"] = per_case->max_ns;
  });
  // Defaults (a flag given on the command line wins): 5 repetitions of at least 0.1 s each,
  // reporting the aggregates (mean, median, stddev, cv) only.
  if (g_default_repetitions) b->Repetitions(5);
  if (g_default_min_time) b->MinTime(0.1);
  if (g_default_aggregates) b->ReportAggregatesOnly(true);
}

// ---- conversions (outside the timed region) ---------------------------------------------------

template <class T>
std::optional<T> value_of(impl::Result<T> const& r) {
  if (!r.ok()) return std::nullopt;
  return r.value;
}
std::optional<impl::Layout> layout(notation::Term const& t) {
  if (t.kind != notation::Kind::layout) return std::nullopt;
  return value_of(impl::to_layout(t));
}
std::optional<impl::IntTuple> int_tuple(notation::Term const& t) { return value_of(impl::to_int_tuple(t)); }
std::optional<impl::Int> integer(notation::Term const& t) { return value_of(impl::to_int(t)); }
/// Keep the whole result alive (so that no part of the computation is optimized away) and say
/// whether it is a value.
template <class T>
bool keep(impl::Result<T> const& r) {
  benchmark::DoNotOptimize(r);
  return r.ok();
}
bool keep(impl::i64 v) {
  benchmark::DoNotOptimize(v);
  return true;
}

// The prepared arguments of the extras (FastLayout, the small capacities).
using impl::Int;
using impl::IntTuple;
using impl::Layout;
using impl::Tiler;
struct L1 {
  Layout l;
};
struct LI {
  Layout l;
  impl::i64 i = 0;
};
struct LT {
  Layout l;
  Tiler t;
};
struct FastIndex {
  impl::FastLayout f;
  impl::i64 i = 0;
};
struct ByProfile {
  bool by = false;
  Layout l;
  IntTuple p;
};
std::optional<L1> l1(Args const& a) {
  auto l = layout(a.at(0));
  if (!l) return std::nullopt;
  return L1{*l};
}
std::optional<LI> li(Args const& a) {
  auto l = layout(a.at(0));
  auto i = integer(a.at(1));
  if (!l || !i) return std::nullopt;
  return LI{*l, i->value};
}
std::optional<LT> lt(Args const& a) {
  auto l = layout(a.at(0));
  auto t = value_of(impl::to_tiling_tiler(a.at(1)));
  if (!l || !t) return std::nullopt;
  return LT{*l, *t};
}
std::optional<ByProfile> by_profile(Args const& a) {
  auto l = layout(a.at(0));
  if (!l) return std::nullopt;
  if (a.size() < 2) return ByProfile{false, *l, {}};
  auto p = int_tuple(a.at(1));
  if (!p) return std::nullopt;
  return ByProfile{true, *l, *p};
}
// ---- the same ops at the smallest capacity that holds the case ------------------------------------
//
// impl's values have their capacity as a template parameter (impl::LayoutN<N>); a caller whose
// layouts have few modes uses a small N, and each value then costs about N/32 of the default's
// bytes. `<op>_small` times each case at the smallest N of 4, 8 and 16 at which impl gives the
// same answer as at the default capacity (the same layout, or the same refusal: code,
// condition and text); a case that needs more stays at the default capacity. The cases are
// those of `<op>` (swizzled compositions excepted); stderr says how many ran at each capacity.

template <class T>
using Opt = std::optional<T>;

/// A layout result at capacity M and one at the default capacity are the same answer.
template <int M>
bool same_answer(impl::Result<impl::LayoutN<M>> const& r, impl::Result<Layout> const& ref) {
  if (r.ok() != ref.ok()) return false;
  if (!r.ok()) return r.error.code == ref.error.code && r.error.condition == ref.error.condition && impl::str(r.error) == impl::str(ref.error);
  auto w = impl::with_capacity<impl::kMaxLeaves>(r.value);
  return w.ok() && w.value == ref.value;
}

template <int M>
Opt<impl::LayoutN<M>> at(Layout const& l) {
  return value_of(impl::with_capacity<M>(l));
}
template <int M>
Opt<impl::IntTupleN<M>> at(IntTuple const& t) {
  return value_of(impl::with_capacity<M>(t));
}
template <int M>
Opt<impl::TilerN<M>> at(Tiler const& t) {
  return value_of(impl::with_capacity<M>(t));
}

// The arguments of the small benchmarks, at capacity M.
template <int M>
struct OneM {
  impl::LayoutN<M> l;
};
template <int M>
struct TwoM {
  impl::LayoutN<M> a, b;
};
template <int M>
struct WithM {  // a layout and an optional tuple (coalesce by profile, complement's cotarget)
  bool with = false;
  impl::LayoutN<M> l;
  impl::IntTupleN<M> t;
};
template <int M>
struct TiledM {
  impl::LayoutN<M> l;
  impl::TilerN<M> t;
};
template <int M>
struct CompositionM {
  bool tiler = false;
  impl::LayoutN<M> a, b;
  impl::TilerN<M> t;
};

template <int M>
Opt<OneM<M>> convert(OneM<impl::kMaxLeaves> const& c) {
  auto l = at<M>(c.l);
  if (!l) return std::nullopt;
  return OneM<M>{*l};
}
template <int M>
Opt<TwoM<M>> convert(TwoM<impl::kMaxLeaves> const& c) {
  auto a = at<M>(c.a);
  auto b = at<M>(c.b);
  if (!a || !b) return std::nullopt;
  return TwoM<M>{*a, *b};
}
template <int M>
Opt<WithM<M>> convert(WithM<impl::kMaxLeaves> const& c) {
  auto l = at<M>(c.l);
  if (!l) return std::nullopt;
  if (!c.with) return WithM<M>{false, *l, {}};
  auto t = at<M>(c.t);
  if (!t) return std::nullopt;
  return WithM<M>{true, *l, *t};
}
template <int M>
Opt<TiledM<M>> convert(TiledM<impl::kMaxLeaves> const& c) {
  auto l = at<M>(c.l);
  auto t = at<M>(c.t);
  if (!l || !t) return std::nullopt;
  return TiledM<M>{*l, *t};
}
template <int M>
Opt<CompositionM<M>> convert(CompositionM<impl::kMaxLeaves> const& c) {
  auto a = at<M>(c.a);
  if (!a) return std::nullopt;
  CompositionM<M> r;
  r.tiler = c.tiler;
  r.a = *a;
  if (c.tiler) {
    auto t = at<M>(c.t);
    if (!t) return std::nullopt;
    r.t = *t;
  } else {
    auto b = at<M>(c.b);
    if (!b) return std::nullopt;
    r.b = *b;
  }
  return r;
}

/// Register `<name>_small`: prepare(args) -> Opt<C<32>>; op(C<M>) -> Result<LayoutN<M>>, a generic
/// lambda. Each case runs at the smallest capacity of 4, 8, 16 with the same answer as at 32.
template <template <int> class C, class Prepare, class Op>
void define_small(std::string const& name, std::string const& op_name, Prepare prepare, Op op) {
  using V = std::variant<C<4>, C<8>, C<16>, C<impl::kMaxLeaves>>;
  auto counts = std::make_shared<std::array<long, 4>>();
  auto prepare_small = [prepare, op, counts](Args const& a) -> Opt<V> {
    Opt<C<impl::kMaxLeaves>> c = prepare(a);
    if (!c) return std::nullopt;
    auto ref = op(*c);
    Opt<V> out;
    auto try_at = [&]<int M>(std::integral_constant<int, M>, int slot) {
      if (out) return;
      auto s = convert<M>(*c);
      if (s && same_answer(op(*s), ref)) {
        out = V{*s};
        ++(*counts)[slot];
      }
    };
    try_at(std::integral_constant<int, 4>{}, 0);
    try_at(std::integral_constant<int, 8>{}, 1);
    try_at(std::integral_constant<int, 16>{}, 2);
    if (!out) {
      out = V{*c};
      ++(*counts)[3];
    }
    return out;
  };
  define<V>(name, op_name, prepare_small, [op](V const& v) { return std::visit([&](auto const& c) { return keep(op(c)); }, v); });
  if (g_cases.count(op_name))
    std::fprintf(stderr, "layoutref-bench: %-20s cases at capacity 4 / 8 / 16 / 32: %ld / %ld / %ld / %ld\n", name.c_str(),
                 (*counts)[0], (*counts)[1], (*counts)[2], (*counts)[3]);
}

Opt<WithM<impl::kMaxLeaves>> with_profile(Args const& a) {
  auto c = by_profile(a);
  if (!c) return std::nullopt;
  return WithM<impl::kMaxLeaves>{c->by, c->l, c->p};
}

// ---- one benchmark per row of equiv's table, and the extras ------------------------------------

/// The row's benchmark: its prepared calls, timed through PreparedCall::call.
void define_row(std::string const& name, layoutref::equiv::Prepare const& prepare) {
  using Call = std::shared_ptr<layoutref::equiv::PreparedCall>;
  define<Call>(
      name, name,
      [&prepare](Args const& a) -> std::optional<Call> {
        layoutref::equiv::Prepared p = prepare(a);
        if (!p.call) return std::nullopt;
        return Call(std::move(p.call));
      },
      [](Call const& c) { return c->call(); });
}

void define_all() {
  for (auto const& [op, row] : layoutref::equiv::operations().rows())
    if (row.prepare) define_row(op, row.prepare);

  // FastLayout evaluation (prepared outside the timed region) and FastLayout::make on the
  // layouts of the eval cases
  define<FastIndex>(
      "eval_fast_layout", "eval",
      [](Args const& a) -> std::optional<FastIndex> {
        auto c = li(a);
        if (!c) return std::nullopt;
        auto f = value_of(impl::FastLayout::make(c->l));
        if (!f) return std::nullopt;
        return FastIndex{*f, c->i};
      },
      [](FastIndex const& c) { return keep(c.f(c.i)); });
  define<L1>("fast_layout_make", "eval", l1, [](L1 const& c) { return keep(impl::FastLayout::make(c.l)); });

  // the ops at the smallest capacity that holds each case
  define_small<WithM>("coalesce_small", "coalesce", with_profile,
                      [](auto const& c) { return c.with ? impl::coalesce(c.l, c.t) : impl::coalesce(c.l); });

  define_small<CompositionM>(
      "composition_small", "composition",
      [](Args const& a) -> Opt<CompositionM<impl::kMaxLeaves>> {
        auto l = layout(a.at(0));  // swizzled A is left out
        if (!l) return std::nullopt;
        CompositionM<impl::kMaxLeaves> c;
        c.a = *l;
        c.tiler = a.at(1).kind != notation::Kind::layout;
        if (c.tiler) {
          auto t = value_of(impl::to_tiler(a.at(1)));
          if (!t) return std::nullopt;
          c.t = *t;
        } else {
          auto b = layout(a.at(1));
          if (!b) return std::nullopt;
          c.b = *b;
        }
        return c;
      },
      [](auto const& c) { return c.tiler ? impl::composition(c.a, c.t) : impl::composition(c.a, c.b); });

  define_small<WithM>(
      "complement_small", "complement",
      [](Args const& a) -> Opt<WithM<impl::kMaxLeaves>> {
        auto l = layout(a.at(0));
        if (!l) return std::nullopt;
        if (a.size() < 2) return WithM<impl::kMaxLeaves>{false, *l, {}};
        auto m = int_tuple(a.at(1));
        if (!m) return std::nullopt;
        for (int k = 0; k < m->nleaves; ++k) m->leaf[k].is_static = true;
        return WithM<impl::kMaxLeaves>{true, *l, *m};
      },
      [](auto const& c) { return c.with ? impl::complement(c.l, c.t) : impl::complement(c.l); });

  auto one = [](Args const& a) -> Opt<OneM<impl::kMaxLeaves>> {
    auto l = layout(a.at(0));
    if (!l) return std::nullopt;
    return OneM<impl::kMaxLeaves>{*l};
  };
  define_small<OneM>("right_inverse_small", "right_inverse", one, [](auto const& c) { return impl::right_inverse(c.l); });
  define_small<OneM>("left_inverse_small", "left_inverse", one, [](auto const& c) { return impl::left_inverse(c.l); });

  auto tiled = [](Args const& a) -> Opt<TiledM<impl::kMaxLeaves>> {
    auto c = lt(a);
    if (!c) return std::nullopt;
    return TiledM<impl::kMaxLeaves>{c->l, c->t};
  };
  auto two = [](Args const& a) -> Opt<TwoM<impl::kMaxLeaves>> {
    auto x = layout(a.at(0));
    auto y = layout(a.at(1));
    if (!x || !y) return std::nullopt;
    return TwoM<impl::kMaxLeaves>{*x, *y};
  };
  define_small<TiledM>("logical_divide_small", "logical_divide", tiled, [](auto const& c) { return impl::logical_divide(c.l, c.t); });
  define_small<TiledM>("zipped_divide_small", "zipped_divide", tiled, [](auto const& c) { return impl::zipped_divide(c.l, c.t); });
  define_small<TiledM>("tiled_divide_small", "tiled_divide", tiled, [](auto const& c) { return impl::tiled_divide(c.l, c.t); });
  define_small<TiledM>("flat_divide_small", "flat_divide", tiled, [](auto const& c) { return impl::flat_divide(c.l, c.t); });
  define_small<TiledM>("logical_product_small", "logical_product", tiled, [](auto const& c) { return impl::logical_product(c.l, c.t); });
  define_small<TiledM>("zipped_product_small", "zipped_product", tiled, [](auto const& c) { return impl::zipped_product(c.l, c.t); });
  define_small<TiledM>("tiled_product_small", "tiled_product", tiled, [](auto const& c) { return impl::tiled_product(c.l, c.t); });
  define_small<TiledM>("flat_product_small", "flat_product", tiled, [](auto const& c) { return impl::flat_product(c.l, c.t); });
  define_small<TwoM>("blocked_product_small", "blocked_product", two, [](auto const& c) { return impl::blocked_product(c.a, c.b); });
  define_small<TwoM>("raked_product_small", "raked_product", two, [](auto const& c) { return impl::raked_product(c.a, c.b); });
}

// ---- the command line ---------------------------------------------------------------------------

bool has_flag(std::vector<char*> const& argv, char const* prefix) {
  for (char* a : argv)
    if (std::strncmp(a, prefix, std::strlen(prefix)) == 0) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // --vectors FILE... (every argument up to the next option) and --json are ours; the rest
  // goes to Google Benchmark.
  std::vector<std::string> files;
  std::vector<char*> rest;
  static char json_flag[] = "--benchmark_format=json";
  rest.push_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--vectors") == 0) {
      while (i + 1 < argc && std::strncmp(argv[i + 1], "--", 2) != 0) files.push_back(argv[++i]);
    } else if (std::strcmp(argv[i], "--json") == 0) {
      rest.push_back(json_flag);
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr,
                 "usage: layoutref-bench --vectors FILE... [--json] [benchmark options]\n"
                 "  times impl on every case of each op of the vector files (e.g. tests/conformance/cute/*.tsv)\n"
                 "  and reports the median ns per call per op\n");
    return 2;
  }

  long malformed = 0;
  for (auto const& path : files) {
    std::vector<layoutref::equiv::Case> cases;
    std::string error;
    if (!layoutref::equiv::read_vectors(path, cases, error)) {
      std::fprintf(stderr, "layoutref-bench: %s\n", error.c_str());
      return 2;
    }
    for (auto const& c : cases) {
      if (!c.format_error.empty()) {
        ++malformed;
        continue;
      }
      Args args;
      bool ok = true;
      for (auto const& f : c.args) {
        auto p = notation::parse(f.text, c.line, f.column);
        if (!p.ok) {
          ok = false;
          break;
        }
        args.push_back(std::move(p.term));
      }
      if (!ok) {
        ++malformed;
        continue;
      }
      g_cases[c.op].push_back(Entry{std::move(args), c.file + ":" + std::to_string(c.line)});
    }
  }
  if (malformed > 0) std::fprintf(stderr, "layoutref-bench: %ld malformed lines skipped\n", malformed);

  g_default_repetitions = !has_flag(rest, "--benchmark_repetitions");
  g_default_min_time = !has_flag(rest, "--benchmark_min_time");
  g_default_aggregates = !has_flag(rest, "--benchmark_report_aggregates_only") && !has_flag(rest, "--benchmark_display_aggregates_only");
  define_all();
  // The rows the files exercise that have no prepared call (what `layoutref conform` computes
  // but this does not time).
  for (auto const& [op, row] : layoutref::equiv::operations().rows())
    if (!row.prepare && g_cases.count(op)) std::fprintf(stderr, "layoutref-bench: `%s` is not benchmarked\n", op.c_str());

  int bargc = static_cast<int>(rest.size());
  benchmark::Initialize(&bargc, rest.data());
  if (benchmark::ReportUnrecognizedArguments(bargc, rest.data())) return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
