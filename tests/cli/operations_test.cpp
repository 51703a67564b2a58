// equiv's table of operations (equiv/operations.hpp): every operation that audit, conform and
// eval know has one row, with a judge and a computation, and the table refuses to be built
// inconsistently.
#include <layoutref/equiv/audit.hpp>
#include <layoutref/equiv/operations.hpp>
#include <layoutref/equiv/vectors.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/error.hpp>
#include <layoutref/spec/term.hpp>

#include <filesystem>
#include <map>

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

namespace layoutref::equiv {
namespace {

// The operations of docs/semantics.md that the command line computes and judges, written out
// here independently of the table.
std::set<std::string> const kExpected = {
    "size", "cosize", "rank", "depth", "eval", "crd2idx", "idx2crd", "max_alignment", "max_common_vector",
    "coalesce", "filter", "filter_zeros", "composition", "complement", "right_inverse", "left_inverse",
    "max_common_layout", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
    "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product", "tile_to_shape",
    "make_layout_like", "make_fragment_like", "make_ordered_layout", "make_identity_layout", "nullspace", "upcast",
    "downcast", "domain_distribute", "flatten", "group", "take", "select", "append", "prepend", "unflatten",
    "crd2crd", "make_identity_tensor", "slice", "local_tile", "inner_partition", "outer_partition",
    "local_partition", "identity_local_tile", "identity_local_partition", "mma_partition_A", "mma_partition_B",
    "mma_partition_C", "identity_mma_partition_A", "identity_mma_partition_B", "identity_mma_partition_C"};

TEST(Operations, OneRowPerOperationWithJudgeAndComputation) {
  auto const& rows = operations().rows();
  std::set<std::string> names;
  for (auto const& [name, row] : rows) {
    names.insert(name);
    EXPECT_EQ(row.name, name);
    EXPECT_EQ(row.usage.rfind(name + "(", 0), 0u) << row.usage;
    EXPECT_GE(row.min_args, 1u) << name;
    EXPECT_LE(row.min_args, row.max_args()) << name;
    EXPECT_TRUE(static_cast<bool>(row.judge)) << name;
    EXPECT_TRUE(static_cast<bool>(row.compute)) << name;
  }
  EXPECT_EQ(names, kExpected);
}

// The value operations: an overflow is their result's, so `error` is the right claim and any
// other claim is wrong (issue 12 item 8); elsewhere it leaves the claim unjudged.
TEST(Operations, ValueRowsJudgeOverflowAsTheResults) {
  for (char const* op : {"size", "cosize", "eval", "crd2idx", "idx2crd", "rank", "depth", "max_alignment"})
    EXPECT_EQ(operations().find(op)->returns, Returns::value) << op;
  EXPECT_EQ(operations().find("max_common_vector")->returns, Returns::integer);
  EXPECT_EQ(operations().find("composition")->returns, Returns::layout);
}

TEST(Operations, JudgeAndComputeOfOneRowAgree) {
  auto parse = [](char const* s) { return notation::parse(s).term; };
  Operation const* op = operations().find("complement");
  ASSERT_NE(op, nullptr);
  std::vector<notation::Term> args = {parse("4:2"), parse("24")};
  ImplResult r = op->compute(args);
  ASSERT_TRUE(r.term.has_value());
  EXPECT_EQ(audit_terms("complement", args, *r.term).verdict, Verdict::correct);
  // A wrong claim is judged wrong: (2,3):(1,8) is the complement; 6:1 overlaps 4:2.
  EXPECT_EQ(audit_terms("complement", args, parse("6:1")).verdict, Verdict::wrong);
  EXPECT_EQ(audit_terms("frobnicate", args, parse("6:1")).verdict, Verdict::unsupported);
  EXPECT_EQ(audit_terms("complement", {}, parse("6:1")).verdict, Verdict::malformed);
}

// The spec's three faces of a row agree on the conformance vectors: where the admissibility
// predicate holds, the reference computes a layout (or refuses for size: overflow, table limit)
// and the judge finds it correct; where it fails, the reference refuses as inadmissible with the
// same condition.
TEST(Operations, ReferenceAdmissibleAndJudgeAgreeOnTheVectors) {
  namespace fs = std::filesystem;
  std::map<std::string, int> judged, refused;
  int cases = 0;
  for (auto const& e : fs::directory_iterator(LAYOUTREF_CONFORMANCE_DIR)) {
    if (e.path().extension() != ".tsv") continue;
    std::vector<Case> vs;
    std::string error;
    ASSERT_TRUE(read_vectors(e.path().string(), vs, error)) << error;
    for (Case const& c : vs) {
      Operation const* row = operations().find(c.op);
      if (!c.format_error.empty() || !row || !row->reference) continue;
      Args args;
      bool ok = true;
      for (auto const& f : c.args) {
        auto p = notation::parse(f.text);
        ok = ok && p.ok;
        args.push_back(p.term);
      }
      if (!ok || args.size() < row->min_args || args.size() > row->max_args()) continue;
      ++cases;
      std::string where = c.file + ":" + std::to_string(c.line) + ": " + c.text;
      std::optional<spec::Admissibility> adm;
      try {
        if (row->admissible) adm = row->admissible(args);
      } catch (spec::Error const& err) {
        if (err.kind() == spec::Error::Kind::inadmissible) adm = spec::Admissibility::no(err.condition(), err.what());
        else continue;  // malformed for the spec (a swizzled or tensor argument, a bad shape)
      }
      try {
        spec::Layout ref = row->reference(args);
        EXPECT_TRUE(!adm || adm->ok) << where << ": the reference computes though inadmissible: " << adm->message();
        spec::Judgement j = row->judge(args, spec::to_term(ref));
        EXPECT_TRUE(j.correct) << where << ": the judge finds the reference " << spec::str(ref) << " wrong: " << j.detail;
        ++judged[c.op];
      } catch (spec::Error const& err) {
        if (err.kind() == spec::Error::Kind::inadmissible) {
          EXPECT_TRUE(adm && !adm->ok) << where << ": the reference refuses as inadmissible (" << err.condition()
                                       << ") where the predicate holds";
          ++refused[c.op];
        }
      }
    }
  }
  // Every row with a reference that the vectors exercise is checked; most are.
  EXPECT_GT(cases, 1000);
  for (char const* op : {"coalesce", "composition", "complement", "logical_divide", "zipped_divide",
                         "logical_product", "blocked_product", "raked_product", "tile_to_shape", "nullspace", "upcast"})
    EXPECT_GT(judged[op], 0) << op << " has no vector whose reference was judged";
  int n = 0;
  for (auto const& [op, k] : refused) n += k;
  EXPECT_GT(n, 0) << "no inadmissible vector was refused by a reference";
  // The inverses have no reference: their results are not unique (equiv/ops/inverse.cpp).
  EXPECT_FALSE(static_cast<bool>(operations().find("right_inverse")->reference));
  EXPECT_FALSE(static_cast<bool>(operations().find("left_inverse")->reference));
  EXPECT_TRUE(static_cast<bool>(operations().find("right_inverse")->admissible));
}

// The spec's result as a term (Operation::spec_result: `eval --spec`, `draw`): every row has one,
// and on the conformance vectors the row's judge finds it correct wherever the spec computes it;
// where the spec refuses as inadmissible, the judge accepts the claim `error`.
TEST(Operations, EverySpecResultIsJudgedCorrectOnTheVectors) {
  namespace fs = std::filesystem;
  for (auto const& [name, row] : operations().rows()) EXPECT_TRUE(static_cast<bool>(row.spec_result)) << name;
  std::map<std::string, int> judged;
  int refused = 0;
  for (auto const& e : fs::directory_iterator(LAYOUTREF_CONFORMANCE_DIR)) {
    if (e.path().extension() != ".tsv") continue;
    std::vector<Case> vs;
    std::string error;
    ASSERT_TRUE(read_vectors(e.path().string(), vs, error)) << error;
    for (Case const& c : vs) {
      Operation const* row = operations().find(c.op);
      if (!c.format_error.empty() || !row) continue;
      Args args;
      bool ok = true;
      for (auto const& f : c.args) {
        auto p = notation::parse(f.text);
        ok = ok && p.ok;
        args.push_back(p.term);
      }
      if (!ok || args.size() < row->min_args || args.size() > row->max_args()) continue;
      std::string where = c.file + ":" + std::to_string(c.line) + ": " + c.text;
      notation::Term result;
      try {
        result = row->spec_result(args);
      } catch (spec::Error const& err) {
        if (err.kind() != spec::Error::Kind::inadmissible) continue;  // malformed for the spec, past a limit
        ++refused;
        result = notation::Term::make_word("error");
      }
      try {
        spec::Judgement j = row->judge(args, result);
        EXPECT_TRUE(j.correct) << where << ": the judge finds the spec's result " << notation::print(result)
                               << " wrong: " << j.detail;
        ++judged[c.op];
      } catch (spec::Error const& err) {
        // Overflow or a table limit inside the judge leaves the result unjudged; nothing else may fail.
        EXPECT_TRUE(err.kind() == spec::Error::Kind::overflow || err.kind() == spec::Error::Kind::table_limit)
            << where << ": the judge refuses the spec's result " << notation::print(result) << ": " << err.what();
      }
    }
  }
  // Every row that the vectors exercise is checked; the vectors cover these at least.
  for (char const* op : {"size", "cosize", "eval", "crd2idx", "idx2crd", "coalesce", "composition", "complement",
                         "right_inverse", "left_inverse", "logical_divide", "zipped_divide", "logical_product",
                         "blocked_product", "raked_product", "nullspace", "identity_local_tile",
                         "identity_local_partition", "identity_mma_partition_C", "max_common_vector"})
    EXPECT_GT(judged[op], 0) << op << " has no vector whose spec result was judged";
  EXPECT_GT(refused, 0) << "no inadmissible vector was refused by the spec";
}

TEST(Operations, InconsistentTablesAreRefused) {
  OperationTable t;
  t.declare("f(L)", {ArgKind::layout}, 1, Returns::layout);
  EXPECT_THROW(t.declare("f(L, M)", {ArgKind::layout, ArgKind::layout}, 1, Returns::layout), std::logic_error);
  EXPECT_THROW(t.declare("g", {ArgKind::layout}, 1, Returns::layout), std::logic_error);
  EXPECT_THROW(t.declare("g(L)", {ArgKind::layout}, 2, Returns::layout), std::logic_error);
  EXPECT_THROW(t.judge("h", Judge{}), std::logic_error);
  EXPECT_THROW(t.compute("h", Compute{}), std::logic_error);
  EXPECT_THROW(t.check_complete(), std::logic_error);  // f has neither
  t.judge("f", [](Args const&, notation::Term const&) { return spec::Judgement::right(); });
  EXPECT_THROW(t.judge("f", [](Args const&, notation::Term const&) { return spec::Judgement::right(); }), std::logic_error);
  EXPECT_THROW(t.check_complete(), std::logic_error);  // f has no computation
  t.compute("f", [](Args const&) { return ImplResult{}; });
  EXPECT_NO_THROW(t.check_complete());
  // A reference only for a row that returns a layout, and one of each.
  t.declare("g(L)", {ArgKind::layout}, 1, Returns::value);
  EXPECT_THROW(t.reference("g", [](Args const&) { return spec::Layout(); }), std::logic_error);
  EXPECT_THROW(t.reference("h", [](Args const&) { return spec::Layout(); }), std::logic_error);
  t.reference("f", [](Args const&) { return spec::Layout(); });
  EXPECT_THROW(t.reference("f", [](Args const&) { return spec::Layout(); }), std::logic_error);
  t.admissible("f", [](Args const&) { return spec::Admissibility::yes(); });
  EXPECT_THROW(t.admissible("f", [](Args const&) { return spec::Admissibility::yes(); }), std::logic_error);
  t.spec_result("f", [](Args const&) { return notation::Term(); });
  EXPECT_THROW(t.spec_result("f", [](Args const&) { return notation::Term(); }), std::logic_error);
  EXPECT_THROW(t.spec_result("h", [](Args const&) { return notation::Term(); }), std::logic_error);
  EXPECT_THROW(t.compute("f", [](Args const&) { return ImplResult{}; }), std::logic_error);  // one computation
  // The stored computation checks the count first.
  ImplResult r = t.find("f")->compute({});
  EXPECT_EQ(r.error.code, impl::Errc::bad_argument);
  EXPECT_NE(impl::message(r.error).find("f(L)"), std::string::npos);
}

// A family declares a row with all its faces in one add (equiv/ops/<family>.cpp): each face goes
// through the same checks, and a row with a reference and no spec result gets the reference as a
// term.
TEST(Operations, AddDeclaresARowWithAllItsFaces) {
  OperationTable t;
  auto judge = [](Args const&, notation::Term const&) { return spec::Judgement::right(); };
  auto compute = [](Args const&) { return ImplResult{}; };
  t.add({.usage = "f(L[, M])", .args = {ArgKind::layout, ArgKind::layout}, .min_args = 1, .returns = Returns::layout,
         .judge = judge, .compute = compute,
         .reference = [](Args const&) { return spec::to_layout(notation::parse("(2,3):(1,2)").term); }});
  EXPECT_NO_THROW(t.check_complete());
  Operation const* f = t.find("f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->usage, "f(L[, M])");
  EXPECT_EQ(f->min_args, 1u);
  EXPECT_EQ(f->max_args(), 2u);
  EXPECT_FALSE(static_cast<bool>(f->admissible));
  ASSERT_TRUE(static_cast<bool>(f->spec_result));
  EXPECT_EQ(notation::print(f->spec_result({})), "(2,3):(1,2)");
  // The declaration's checks: twice, or a reference for a row that returns no layout.
  EXPECT_THROW(t.add({.usage = "f(L)", .args = {ArgKind::layout}, .min_args = 1, .judge = judge, .compute = compute}),
               std::logic_error);
  EXPECT_THROW(t.add({.usage = "g(L)", .args = {ArgKind::layout}, .min_args = 1, .returns = Returns::value, .judge = judge,
                      .compute = compute, .reference = [](Args const&) { return spec::Layout(); }}),
               std::logic_error);
  // A row without a computation stops the table at its check.
  t.add({.usage = "h(L)", .args = {ArgKind::layout}, .min_args = 1, .judge = judge});
  EXPECT_THROW(t.check_complete(), std::logic_error);
}

}  // namespace
}  // namespace layoutref::equiv
