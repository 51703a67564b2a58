// Tests of composition A∘B with a layout, a by-mode tiler or a shape (composition.hpp), its
// admissibility, and the judge of claimed results. Every expected value is derived by hand;
// sources: the seed document 002 ("CuTe Composition": a (32,16) layout composed with the tiler
// <2:3, 3:2> maps (i,j) to A's (3i,2j)), CuTe docs 02_layout_algebra.md ("Composition",
// Examples 1-3, "By-mode Composition", shapes as tilers), docs/semantics.md (the
// two extension examples), cutlass issue #2955, and J. Shah's admissibility conditions.
#include "support.hpp"

#include <layoutref/spec/composition.hpp>

#include <string_view>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

IntTuple crd(i64 i, i64 j) { return IntTuple::tuple({IntTuple(i), IntTuple(j)}); }

std::vector<Value> table(Layout const& l) {
  std::vector<Value> t;
  for (i64 i = 0; i < size(l); ++i) t.push_back(evaluate(l, i));
  return t;
}

// --- the seed document's tiler ---------------------------------------------------------------------

TEST(CompositionSeed, TilerOnAColumnMajorLayout) {
  // A = (32,16):(1,32): A(i,j) = i + 32j. Mode by mode: 32:1 o 2:3 = 2:3, 16:32 o 3:2 = 3:64.
  Layout a = L("(32,16):(1,32)");
  Tiler t = Tl("<2:3, 3:2>");
  Layout c = composition(a, t);
  EXPECT_TRUE(is(c, "(2,3):(3,64)"));
  for (i64 i = 0; i < 2; ++i)
    for (i64 j = 0; j < 3; ++j) EXPECT_EQ(crd2idx(crd(i, j), c), crd2idx(crd(3 * i, 2 * j), a)) << i << "," << j;
  EXPECT_TRUE(is_composition_admissible(a, t).ok);
  EXPECT_TRUE(check_composition(a, t, claim("(_2,_3):(_3,_64)")).correct);
}

TEST(CompositionSeed, TilerOnARowMajorLayout) {
  // A = (32,16):(16,1): A(i,j) = 16i + j. 32:16 o 2:3 = 2:48, 16:1 o 3:2 = 3:2.
  // C(1,2) = 48 + 4 = 52 = A(3,4) = 48 + 4.
  Layout a = L("(32,16):(16,1)");
  Tiler t = Tl("<2:3, 3:2>");
  Layout c = composition(a, t);
  EXPECT_TRUE(is(c, "(2,3):(48,2)"));
  for (i64 i = 0; i < 2; ++i)
    for (i64 j = 0; j < 3; ++j) EXPECT_EQ(crd2idx(crd(i, j), c), crd2idx(crd(3 * i, 2 * j), a)) << i << "," << j;
  EXPECT_TRUE(check_composition(a, t, claim("(2,3):(48,2)")).correct);
  // the column-major answer is wrong here: index 1 = (1,0) is 3, must be 48
  Judgement j = check_composition(a, t, claim("(2,3):(3,64)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 1);
  EXPECT_EQ(j.claimed_value, "3");
  EXPECT_EQ(j.expected_value, "48");
}

TEST(CompositionSeed, UnitTilerKeepsTheCoordinates) {
  // seed 002: the tiler <2:1, 3:1> maps (i,j) to A's (i,j).
  Layout a = L("(32,16):(1,32)");
  Layout d = composition(a, Tl("<2:1, 3:1>"));
  EXPECT_TRUE(is(d, "(2,3):(1,32)"));
  for (i64 i = 0; i < 2; ++i)
    for (i64 j = 0; j < 3; ++j) EXPECT_EQ(crd2idx(crd(i, j), d), crd2idx(crd(i, j), a));
}

// --- CuTe's documented examples ----------------------------------------------------------------------

TEST(Composition, CuTeDocsExample1) {
  // (6,2):(8,2) o (4,3):(3,1): 4:3 -> A(0,3,6,9) = 0,24,2,26 = (2,2):(24,2); 3:1 -> 0,8,16 = 3:8.
  Layout r = composition(L("(6,2):(8,2)"), L("(4,3):(3,1)"));
  EXPECT_TRUE(is(r, "((2,2),3):((24,2),8)"));
  // the docs' table R(0..11)
  std::vector<Value> want{0, 24, 2, 26, 8, 32, 10, 34, 16, 40, 18, 42};
  EXPECT_EQ(table(r), want);
}

TEST(Composition, CuTeDocsExample2) {
  // 20:2 o (5,4):(4,1) = (20:2 o 5:4, 20:2 o 4:1) = (5:8, 4:2)
  EXPECT_TRUE(is(composition(L("20:2"), L("(5,4):(4,1)")), "(5,4):(8,2)"));
}

TEST(Composition, CuTeDocsExample3) {
  // (10,2):(16,4) o 5:1 -> A(0..4) = 0,16,...,64 = 5:16; o 4:5 -> A(0,5,10,15) = 0,80,4,84 = (2,2):(80,4)
  Layout a = L("(10,2):(16,4)");
  Layout b = L("(5,4):(1,5)");
  EXPECT_TRUE(is(composition(a, b), "(5,(2,2)):(16,(80,4))"));
  // CuTe's static and dynamic prints are both right
  EXPECT_TRUE(check_composition(a, b, claim("(_5,(_2,_2)):(_16,(_80,_4))")).correct);
  EXPECT_TRUE(check_composition(a, b, claim("((5,1),(2,2)):((16,4),(80,4))")).correct);
}

TEST(Composition, CuTeDocsDivideAndModOut) {
  // docs: (3,6,2,8):(w,x,y,z) o 16:9 = (1,2,2,4):(9w,3x,y,z). With w,x,y,z = 1,100,1000,10000:
  // 9i has coordinate (0, 3(i%2), (i/2)%2, i/4), so the values are 300(i%2) + 1000((i/2)%2) + 10000(i/4).
  EXPECT_TRUE(is(composition(L("(3,6,2,8):(1,100,1000,10000)"), L("16:9")), "(2,2,4):(300,1000,10000)"));
  // integral A: a:b o s:d = s:(b*d)
  EXPECT_TRUE(is(composition(L("20:3"), L("4:5")), "4:15"));
  // stride-0 B: every value is A(0) = 0
  EXPECT_TRUE(is(composition(L("(4,8):(8,1)"), L("4:0")), "4:0"));
}

TEST(CompositionTiler, CuTeDocsByMode) {
  // (12,(4,8)):(59,(13,1)) o <3:4, 8:2>: 12:59 o 3:4 = 3:236; (4,8):(13,1) o 8:2 takes
  // A(0,2,4,...,14) = 0,26,1,27,2,28,3,29 = (2,4):(26,1)
  Layout a = L("(12,(4,8)):(59,(13,1))");
  EXPECT_TRUE(is(composition(a, Tl("<3:4, 8:2>")), "(3,(2,4)):(236,(26,1))"));
  EXPECT_TRUE(is(composition(a, Tl("(3:4,8:2)")), "(3,(2,4)):(236,(26,1))"));
  // a shape is a tiler of n:1: (4,8):(13,1) o 8:1 = 0,13,26,39,1,14,27,40 = (4,2):(13,1)
  EXPECT_TRUE(is(composition(a, Tl("(3,8)")), "(3,(4,2)):(59,(13,1))"));
}

TEST(CompositionTiler, ShapeTilerDropsUnreachedModes) {
  // CuTe: composition((_256,_8):(_8,_1), (_8,_8)) = (_8,_8):(_8,_1)
  EXPECT_TRUE(is(composition(L("(_256,_8):(_8,_1)"), Tl("(_8,_8)")), "(8,8):(8,1)"));
  // mode 2 of A is not reached by the rank-2 tiler and is dropped
  EXPECT_TRUE(is(composition(L("(4,8,3):(1,4,32)"), Tl("(2,4)")), "(2,4):(1,4)"));
  // the dropped mode must not reappear in a claim
  EXPECT_TRUE(check_composition(L("(4,8,3):(1,4,32)"), Tl("(2,4)"), claim("(_2,_4):(_1,_4)")).correct);
  EXPECT_FALSE(check_composition(L("(4,8,3):(1,4,32)"), Tl("(2,4)"), claim("(2,4,3):(1,4,32)")).correct);
  // `_` keeps its mode: (4,8):(1,4) o <_, 2:4> = (4:1, 8:4 o 2:4) = (4:1, 2:16)
  EXPECT_TRUE(is(composition(L("(4,8):(1,4)"), Tl("<_, 2:4>")), "(4,2):(1,16)"));
  EXPECT_TRUE(is(composition(L("(4,8):(1,4)"), Tiler::underscore()), "(4,8):(1,4)"));
}

TEST(CompositionTiler, RankLargerThanAIsInadmissible) {
  Admissibility a = is_composition_admissible(L("(4,8):(1,4)"), Tl("(2,2,2)"));
  EXPECT_FALSE(a.ok);
  EXPECT_EQ(a.condition, "composition.tiler_rank");
  EXPECT_TRUE(inadmissible("composition.tiler_rank", [] { composition(L("(4,8):(1,4)"), Tl("(2,2,2)")); }));
  EXPECT_FALSE(is_composition_admissible(L("8:1"), Tl("<2:1, 2:2>")).ok);
  EXPECT_TRUE(check_composition(L("(4,8):(1,4)"), Tl("(2,2,2)"), error_claim()).correct);
  EXPECT_FALSE(check_composition(L("(4,8):(1,4)"), Tl("(2,2,2)"), claim("(2,2,2):(1,2,4)")).correct);
}

// --- extension past A's size ------------------------------------------------------------------------

TEST(CompositionExtension, TrailingSizeOneModeRunsOn) {
  // (4,1):(1,0) o 2:4: B = 0,4; 4 is past size(A) = 4 and overflows into the last mode 1:0, so
  // A(4) = 0*1 + 1*0 = 0: the result is 2:0 (docs/semantics.md, "Extension past the domain").
  Layout a = L("(_4,_1):(_1,_0)");
  Layout b = L("_2:_4");
  EXPECT_TRUE(is(composition(a, b), "2:0"));
  Judgement j = check_composition(a, b, claim("_2:_0"));
  EXPECT_TRUE(j.correct) << j.detail;
  EXPECT_TRUE(j.depends_on_extension);
  // Shah's convention (drop the 1:0, let 4:1 run on) gives 2:4: wrong here, at index 1.
  Judgement k = check_composition(a, b, claim("2:4"));
  EXPECT_FALSE(k.correct);
  ASSERT_TRUE(k.index.has_value());
  EXPECT_EQ(*k.index, 1);
  EXPECT_EQ(k.claimed_value, "4");
  EXPECT_EQ(k.expected_value, "0");
  EXPECT_TRUE(k.depends_on_extension);
}

TEST(CompositionExtension, EachModeInsideTheDomain) {
  // (9,8,1):(1,9,0) is the identity on [0,72). Mode 2:18 reaches 18, mode 18:4 reaches 68,
  // both inside: the by-mode result is B itself (public composition.tsv).
  Layout a = L("(_9,_8,_1):(_1,_9,_0)");
  Layout b = L("(_2,_18):(_18,_4)");
  EXPECT_TRUE(is(composition(a, b), "(2,18):(18,4)"));
  Judgement j = check_composition(a, b, claim("(_2,_18):(_18,_4)"));
  EXPECT_TRUE(j.correct) << j.detail;
}

TEST(CompositionExtension, IntegralARunsOnWithItsStride) {
  // 8:2 o 4:4: B reaches 12 >= 8; 8:2 runs on: 0,8,16,24 = 4:8 (CuTe: s:(b*d)).
  EXPECT_TRUE(is(composition(L("8:2"), L("4:4")), "4:8"));
  Judgement j = check_composition(L("8:2"), L("4:4"), claim("4:8"));
  EXPECT_TRUE(j.correct) << j.detail;
  EXPECT_TRUE(j.depends_on_extension);
}

// --- admissibility ----------------------------------------------------------------------------------

TEST(CompositionAdmissibility, CutlassIssue2955) {
  // A = (6,2):(1,7): A(i) = i%6 + 7(i/6). B = (3,2):(2,3) takes 0,2,4,3,5,7; A(B) = 0,2,4,3,5,8
  // (A(7) = 1 + 7). By modes: A o 3:2 = 3:2, A o 2:3 = 2:3, i.e. (3,2):(2,3), which gives 7 at
  // (2,1): the modes collide inside A.
  Layout a = L("(6,2):(1,7)");
  Layout b = L("(3,2):(2,3)");
  Admissibility adm = is_composition_admissible(a, b);
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "composition.disjoint_intervals");
  EXPECT_TRUE(inadmissible("composition.disjoint_intervals", [&] { composition(a, b); }));
  // CuTe's claim
  Judgement j = check_composition(a, b, claim("(_3,_2):(_2,_3)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 5);
  EXPECT_EQ(j.coordinate, "(2,1)");
  EXPECT_EQ(j.claimed_value, "7");
  EXPECT_EQ(j.expected_value, "8");
  EXPECT_TRUE(check_composition(a, b, error_claim()).correct);
}

TEST(CompositionAdmissibility, LeftDivisibility) {
  // (6,4):(1,10) o 4:4: A(0,4,8,12) = 0, 4, 2+10, 0+20 = 0,4,12,20. Not a layout: a first
  // mode 2:4 (0,4; then 12 != 8) would force the value at 3 to be 4 + 12 = 16, not 20.
  // Shah: 4 < 6 but 4 does not divide 6.
  Layout a = L("(6,4):(1,10)");
  Layout b = L("4:4");
  Admissibility adm = is_composition_admissible(a, b);
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "composition.left_divisibility");
  EXPECT_TRUE(inadmissible("composition.left_divisibility", [&] { composition(a, b); }));
  EXPECT_TRUE(check_composition(a, b, error_claim()).correct);
  // CuTe's dynamic answer (2,2):(4,10) takes 0,4,10,14: index 2 is 10, must be A(8) = 12.
  Judgement j = check_composition(a, b, claim("(2,2):(4,10)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 2);
  EXPECT_EQ(j.claimed_value, "10");
  EXPECT_EQ(j.expected_value, "12");
}

TEST(CompositionAdmissibility, WeakLeftDivisibility) {
  // (4,8):(8,1) o 6:1 = A(0..5) = 0,8,16,24,1,9: the first mode 4:8 has length 4, which does
  // not divide 6; no layout of size 6 takes these values. Shah: (4,8) is not weakly left
  // divisible by 6.
  Admissibility adm = is_composition_admissible(L("(4,8):(8,1)"), L("6:1"));
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "composition.weak_left_divisibility");
  EXPECT_TRUE(inadmissible("composition.weak_left_divisibility", [] { composition(L("(4,8):(8,1)"), Tl("6")); }));
}

TEST(CompositionAdmissibility, ShahFailsButTheFunctionIsALayout) {
  // (3,2):(1,10) o 2:2: A(0), A(2) = 0, 2 = 2:2. Shah: 2 < 3 does not divide 3 (not left
  // divisible), yet the result exists: admissible with a note.
  Admissibility adm = is_composition_admissible(L("(3,2):(1,10)"), L("2:2"));
  EXPECT_TRUE(adm.ok) << adm.message();
  EXPECT_FALSE(adm.notes.empty());
  EXPECT_TRUE(is(composition(L("(3,2):(1,10)"), L("2:2")), "2:2"));
}

TEST(CompositionAdmissibility, NegativeStrideInB) {
  Admissibility adm = is_composition_admissible(L("8:1"), L("4:-1"));
  EXPECT_FALSE(adm.ok);
  EXPECT_EQ(adm.condition, "composition.negative_stride");
  EXPECT_TRUE(inadmissible("composition.negative_stride", [] { composition(L("8:1"), L("(2,4):(1,-2)")); }));
  EXPECT_TRUE(check_composition(L("8:1"), L("4:-1"), error_claim()).correct);
}

// --- check_composition -----------------------------------------------------------------------------

TEST(CheckComposition, ErrorClaims) {
  Judgement j = check_composition(L("20:2"), L("(5,4):(4,1)"), error_claim());
  EXPECT_FALSE(j.correct);
  EXPECT_TRUE(mentions(j.detail, "refused an admissible input")) << j.detail;
  EXPECT_TRUE(check_composition(L("(6,4):(1,10)"), L("4:4"), error_claim()).correct);
}

TEST(CheckComposition, ShapeMustRefineB) {
  Layout a = L("20:2");
  Layout b = L("(5,4):(4,1)");
  EXPECT_TRUE(check_composition(a, b, claim("(5,4):(8,2)")).correct);
  // (5,(2,2)):(8,(2,4)) refines (5,4) and has the same values
  EXPECT_TRUE(check_composition(a, b, claim("(5,(2,2)):(8,(2,4))")).correct);
  // (5,2,2):(8,2,4) has the same values at every index, but three modes do not refine (5,4)
  EXPECT_FALSE(check_composition(a, b, claim("(5,2,2):(8,2,4)")).correct);
  // (4,5) does not refine (5,4)
  EXPECT_FALSE(check_composition(a, b, claim("(4,5):(2,8)")).correct);
  // nor does a single mode of size 20
  EXPECT_FALSE(check_composition(a, b, claim("20:2")).correct);
}

TEST(CheckComposition, WrongValues) {
  // A o <2:3, 3:2> for A = (32,16):(1,32) is (2,3):(3,64); (2,3):(3,32) differs first at
  // index 2 = (0,1): 32 instead of 64.
  Judgement j = check_composition(L("(32,16):(1,32)"), Tl("<2:3, 3:2>"), claim("(2,3):(3,32)"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value());
  EXPECT_EQ(*j.index, 2);
  EXPECT_EQ(j.coordinate, "(0,1)");
  EXPECT_EQ(j.claimed_value, "32");
  EXPECT_EQ(j.expected_value, "64");
}

TEST(CheckComposition, WrongValueSaysHowTheValueIsFound) {
  // The text of a mismatch, block by block: A(B(c)) inside A's domain, the by-mode value
  // outside it (built only for the index reported: reference.cpp's Evaluator).
  Judgement j = check_composition(L("(32,16):(1,32)"), Tl("<2:3, 3:2>"), claim("(2,3):(3,32)"));
  EXPECT_EQ(j.detail,
            "at index 2 (coordinate (0,1)) the result is 32 but must be 64 (A(B(c)) = A(0) = 0 with A = 32:1 + "
            "A(B(c)) = A(2) = 64 with A = 16:32)");
  Judgement k = check_composition(L("(4,1):(1,0)"), L("2:4"), claim("2:4"));
  EXPECT_EQ(k.detail,
            "at index 1 (coordinate 1) the result is 4 but must be 0 (B(c) = 4 lies outside A = (4,1):(1,0); by "
            "modes, extending A along its last mode)");
}

// --- associativity -----------------------------------------------------------------------------------

// (A o B) o C and A o (B o C), both equal to `want` (derived by hand below).
void expect_associative(std::string_view a, std::string_view b, std::string_view c, std::string_view want) {
  Layout la = L(a), lb = L(b), lc = L(c);
  Layout left = composition(composition(la, lb), lc);
  Layout right = composition(la, composition(lb, lc));
  EXPECT_TRUE(is(left, want)) << "(A o B) o C";
  EXPECT_TRUE(is(right, want)) << "A o (B o C)";
  EXPECT_EQ(table(left), table(right));
}

TEST(CompositionAssociativity, HandExamples) {
  // A o B = (5,4):(8,2). (A o B) o C: C = (2,2):(10,1): (A o B)(0,10) = 0,4 -> 2:4; (0,1) = 0,8 -> 2:8.
  // B o C: B(0,10) = 0, B(0,2) = 2 -> 2:2; B(0,1) = 0,4 -> 2:4; A o (2,2):(2,4) = (2,2):(4,8).
  expect_associative("20:2", "(5,4):(4,1)", "(2,2):(10,1)", "(2,2):(4,8)");
  // A o B = ((2,2),3):((24,2),8) (docs Example 1); C = 6:2 takes R(0,2,...,10) = 0,2,8,10,16,18
  // = (2,3):(2,8). B o C = B(0,2,...,10) = 0,6,1,7,2,8 = (2,3):(6,1); A o that: A(0),A(6) =
  // 0,2 -> 2:2; A(0,1,2) = 0,8,16 -> 3:8.
  expect_associative("(6,2):(8,2)", "(4,3):(3,1)", "6:2", "(2,3):(2,8)");
  // A = (4,4):(4,1) (a transpose), B = (2,8):(8,1), C = 4:4. A o B = (2,(4,2)):(2,(4,1)), which
  // takes 0,8,1,9 at 0,4,8,12 -> (2,2):(8,1). B o C = B(0,4,8,12) = 0,2,4,6 = 4:2; A(0,2,4,6) =
  // 0,8,1,9.
  expect_associative("(4,4):(4,1)", "(2,8):(8,1)", "4:4", "(2,2):(8,1)");
}

}  // namespace
}  // namespace layoutref::spec
