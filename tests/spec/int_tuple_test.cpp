// Tests of layoutref::spec IntTuple queries (int_tuple.hpp): rank, depth, size, get, flatten,
// unflatten, congruent, compatible, weakly_congruent, product_each, inner_product, shape_div,
// ceil_div. Expected values are derived by hand; sources: CuTe docs 01_layout.md, cute/int_tuple.hpp.
#include "support.hpp"

#include <layoutref/spec/int_tuple.hpp>

#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

TEST(IntTupleRank, CountsTopLevelModes) {
  EXPECT_EQ(rank(T("4")), 1);
  EXPECT_EQ(rank(T("(4)")), 1);
  EXPECT_EQ(rank(T("(2,3)")), 2);
  EXPECT_EQ(rank(T("(2,(3,4),5)")), 3);
  EXPECT_EQ(rank(T("()")), 0);
}

TEST(IntTupleDepth, CountsNesting) {
  EXPECT_EQ(depth(T("4")), 0);
  EXPECT_EQ(depth(T("(4)")), 1);
  EXPECT_EQ(depth(T("(2,3)")), 1);
  EXPECT_EQ(depth(T("(2,(3,4))")), 2);
  EXPECT_EQ(depth(T("(2,(3,(4,5)),6)")), 3);
  EXPECT_EQ(depth(T("((4))")), 2);
  EXPECT_EQ(depth(T("()")), 1);
}

TEST(IntTupleSize, IsTheProductOfTheLeaves) {
  EXPECT_EQ(size(T("4")), 4);
  EXPECT_EQ(size(T("(2,(3,4),5)")), 120);  // 2*3*4*5
  EXPECT_EQ(size(T("(3,(2,3))")), 18);     // the seed document: size(Shape)-1 = 17
  EXPECT_EQ(size(T("()")), 1);
  EXPECT_EQ(size(T("(1,1)")), 1);
}

TEST(IntTupleSize, OverflowIsAnError) {
  // 2^32 * 2^32 = 2^64 does not fit in int64.
  EXPECT_TRUE(fails_with(Error::Kind::overflow, [] { size(T("(4294967296,4294967296)")); }));
  // 2^31 * 2^31 = 2^62 fits.
  EXPECT_EQ(size(T("(2147483648,2147483648)")), i64{1} << 62);
}

TEST(IntTupleGet, FollowsTheModePath) {
  IntTuple t = T("(2,(3,4),5)");
  EXPECT_TRUE(is(get(t, {}), "(2,(3,4),5)"));
  EXPECT_TRUE(is(get(t, {0}), "2"));
  EXPECT_TRUE(is(get(t, {1}), "(3,4)"));
  EXPECT_TRUE(is(get(t, {1, 0}), "3"));
  EXPECT_TRUE(is(get(t, {1, 1}), "4"));
  EXPECT_TRUE(is(get(t, {2}), "5"));
  // An integer has rank 1: its mode 0 is itself (CuTe's get<0>(Integral)).
  EXPECT_TRUE(is(get(T("4"), {0}), "4"));
  EXPECT_TRUE(is(get(T("4"), {0, 0}), "4"));
}

TEST(IntTupleGet, OutOfRangeModesAreBadArguments) {
  IntTuple t = T("(2,(3,4),5)");
  EXPECT_TRUE(fails_with(bad, [&] { get(t, {3}); }));
  EXPECT_TRUE(fails_with(bad, [&] { get(t, {-1}); }));
  EXPECT_TRUE(fails_with(bad, [&] { get(t, {1, 2}); }));
  EXPECT_TRUE(fails_with(bad, [&] { get(t, {0, 1}); }));  // mode 1 of the integer 2
  EXPECT_TRUE(fails_with(bad, [] { get(T("4"), {1}); }));
  EXPECT_TRUE(fails_with(bad, [] { get(T("()"), {0}); }));
}

TEST(IntTupleFlatten, GivesTheLeavesAsAFlatTuple) {
  EXPECT_TRUE(is(flatten(T("4")), "4"));  // an integer stays an integer
  EXPECT_TRUE(is(flatten(T("(4)")), "(4)"));
  EXPECT_TRUE(is(flatten(T("((4))")), "(4)"));
  EXPECT_TRUE(is(flatten(T("(2,3)")), "(2,3)"));
  EXPECT_TRUE(is(flatten(T("(2,(3,(4,5)),6)")), "(2,3,4,5,6)"));
  EXPECT_TRUE(is(flatten(T("((2,3),(4,(5)))")), "(2,3,4,5)"));
  EXPECT_TRUE(is(flatten(T("()")), "()"));
  EXPECT_EQ(leaves(T("(2,(3,(4,5)),6)")), (std::vector<i64>{2, 3, 4, 5, 6}));
  EXPECT_EQ(leaf_count(T("(2,(3,(4,5)),6)")), 5);
  EXPECT_EQ(leaf_count(T("()")), 0);
}

TEST(IntTupleUnflatten, RenestsLikeTheProfile) {
  EXPECT_TRUE(is(unflatten(std::vector<i64>{2, 3, 4}, T("(0,(0,0))")), "(2,(3,4))"));
  EXPECT_TRUE(is(unflatten(std::vector<i64>{2, 3, 4, 5}, T("((9,9),(9,(9)))")), "((2,3),(4,(5)))"));
  EXPECT_TRUE(is(unflatten(std::vector<i64>{7}, T("1")), "7"));
  EXPECT_TRUE(is(unflatten(std::vector<i64>{7}, T("(1)")), "(7)"));
  // unflatten(flatten(t), t) == t
  IntTuple t = T("((2,3),4,(5,(6,7)))");
  EXPECT_EQ(unflatten(leaves(t), t), t);
}

TEST(IntTupleUnflatten, LeafCountMismatchIsABadArgument) {
  EXPECT_TRUE(fails_with(bad, [] { unflatten(std::vector<i64>{2, 3}, T("(0,(0,0))")); }));
  EXPECT_TRUE(fails_with(bad, [] { unflatten(std::vector<i64>{2, 3, 4, 5}, T("(0,(0,0))")); }));
}

TEST(IntTupleCongruent, SameProfile) {
  EXPECT_TRUE(congruent(T("4"), T("7")));
  EXPECT_TRUE(congruent(T("((2,3),4)"), T("((5,6),7)")));
  EXPECT_TRUE(congruent(T("()"), T("()")));
  EXPECT_FALSE(congruent(T("4"), T("(4)")));
  EXPECT_FALSE(congruent(T("(2,3)"), T("(2,(3))")));
  EXPECT_FALSE(congruent(T("(2,3)"), T("(2,3,1)")));
  EXPECT_FALSE(congruent(T("(2,(3,4))"), T("(2,3)")));
}

TEST(IntTupleCompatible, CuTeDocumentExamples) {
  // CuTe docs 01_layout.md, "Compatibility".
  EXPECT_TRUE(compatible(T("4"), T("(2,2)")));
  EXPECT_FALSE(compatible(T("(2,2)"), T("4")));
  EXPECT_TRUE(compatible(T("4"), T("(4)")));
  EXPECT_FALSE(compatible(T("(4)"), T("4")));
}

TEST(IntTupleCompatible, SizesAndProfiles) {
  EXPECT_TRUE(compatible(T("4"), T("4")));
  EXPECT_FALSE(compatible(T("4"), T("5")));
  EXPECT_TRUE(compatible(T("24"), T("(3,(2,4))")));          // 3*2*4 = 24
  EXPECT_TRUE(compatible(T("(3,8)"), T("(3,(2,4))")));        // 8 = 2*4
  EXPECT_TRUE(compatible(T("(3,(2,4))"), T("(3,(2,(2,2)))")));
  EXPECT_FALSE(compatible(T("(3,8)"), T("(3,(2,3))")));       // 8 != 6
  EXPECT_FALSE(compatible(T("(2,3)"), T("(3,2)")));           // same size, different coordinates
  EXPECT_FALSE(compatible(T("(6)"), T("(2,3)")));             // rank 1 against rank 2
  EXPECT_FALSE(compatible(T("(3,(2,4))"), T("(3,8)")));       // finer is not compatible with coarser
  // A partial order: reflexive and transitive on this chain.
  EXPECT_TRUE(compatible(T("(3,(2,4))"), T("(3,(2,4))")));
  EXPECT_TRUE(compatible(T("24"), T("(3,(2,(2,2)))")));
}

TEST(IntTupleWeaklyCongruent, CoarserProfiles) {
  EXPECT_TRUE(weakly_congruent(T("1"), T("(2,(3,4))")));
  EXPECT_TRUE(weakly_congruent(T("(1,1)"), T("(2,(3,4))")));
  EXPECT_TRUE(weakly_congruent(T("(1,(1,1))"), T("(2,(3,4))")));
  EXPECT_TRUE(weakly_congruent(T("(9,(9,9))"), T("(2,(3,4))")));  // values do not matter
  EXPECT_FALSE(weakly_congruent(T("(2,(3,4))"), T("(1,1)")));
  EXPECT_FALSE(weakly_congruent(T("(1,1,1)"), T("(2,3)")));
  EXPECT_FALSE(weakly_congruent(T("(1)"), T("4")));
  EXPECT_TRUE(weakly_congruent(T("4"), T("(1)")));
}

TEST(IntTupleProductEach, SizesOfTheModes) {
  EXPECT_TRUE(is(product_each(T("((2,3),4,(5,(6,7)))")), "(6,4,210)"));  // 5*6*7 = 210
  EXPECT_TRUE(is(product_each(T("(2,3)")), "(2,3)"));
  EXPECT_TRUE(is(product_each(T("4")), "(4)"));
  EXPECT_TRUE(is(product_each(T("()")), "()"));
}

TEST(IntTupleInnerProduct, SumOfLeafProducts) {
  EXPECT_EQ(inner_product(T("(2,(3,4))"), T("(5,(6,7))")), 56);  // 10 + 18 + 28
  EXPECT_EQ(inner_product(T("3"), T("4")), 12);
  // The seed document's layout (3,(2,3)):(3,(12,1)) at the natural coordinate (1,(1,2)).
  EXPECT_EQ(inner_product(T("(1,(1,2))"), T("(3,(12,1))")), 17);  // 3 + 12 + 2
  EXPECT_EQ(inner_product(T("()"), T("()")), 0);
}

TEST(IntTupleInnerProduct, NonCongruentIsABadArgument) {
  EXPECT_TRUE(fails_with(bad, [] { inner_product(T("(2,3)"), T("(2,(3,4))")); }));
  EXPECT_TRUE(fails_with(bad, [] { inner_product(T("(2,3)"), T("(2,3,4)")); }));
  EXPECT_TRUE(fails_with(bad, [] { inner_product(T("4"), T("(4)")); }));
}

TEST(IntTupleShapeDiv, CuTeDocumentedExample) {
  // cute/int_tuple.hpp: shape_div((4,5,6),40) -> shape_div((1,5,6),10) -> shape_div((1,1,6),2) -> (1,1,3)
  EXPECT_TRUE(is(shape_div(T("(4,5,6)"), T("40")), "(1,1,3)"));
}

TEST(IntTupleShapeDiv, Cases) {
  EXPECT_TRUE(is(shape_div(T("6"), T("2")), "3"));
  EXPECT_TRUE(is(shape_div(T("2"), T("6")), "1"));               // b % a == 0: ceil(2/6) = 1
  EXPECT_TRUE(is(shape_div(T("(12,3)"), T("(4,3)")), "(3,1)"));  // element-wise
  EXPECT_TRUE(is(shape_div(T("24"), T("(2,3)")), "4"));          // int / tuple = 24 / 6
  // tuple / int: (8,6) / 4 -> 8/4 = 2, rest 4/8 = 1 -> 6/1 = 6
  EXPECT_TRUE(is(shape_div(T("(8,6)"), T("4")), "(2,6)"));
  // (2,(4,3)) / 8 -> 2/8 = 1, rest 8/2 = 4 -> (4,3)/4 -> 4/4 = 1, rest 1 -> 3/1 = 3
  EXPECT_TRUE(is(shape_div(T("(2,(4,3))"), T("8")), "(1,(1,3))"));
}

TEST(IntTupleShapeDiv, DivisibilityConditionAndRanks) {
  EXPECT_TRUE(fails_with(bad, [] { shape_div(T("6"), T("4")); }));      // neither divides the other
  EXPECT_TRUE(fails_with(bad, [] { shape_div(T("(6,5)"), T("4")); }));  // 6 / 4 fails first
  EXPECT_TRUE(fails_with(bad, [] { shape_div(T("(2,3)"), T("(2,3,4)")); }));
  EXPECT_TRUE(fails_with(bad, [] { shape_div(T("4"), T("0")); }));
}

TEST(IntTupleCeilDiv, Cases) {
  EXPECT_TRUE(is(ceil_div(T("7"), T("2")), "4"));
  EXPECT_TRUE(is(ceil_div(T("8"), T("2")), "4"));
  EXPECT_TRUE(is(ceil_div(T("0"), T("3")), "0"));
  // tuple / int folds: (4,5,6) / 40 -> 4/40 = 1, rest ceil(40/4) = 10 -> 5/10 = 1, rest 2 -> 6/2 = 3
  EXPECT_TRUE(is(ceil_div(T("(4,5,6)"), T("40")), "(1,1,3)"));
  // (6,7) / 4 -> ceil(6/4) = 2, rest ceil(4/6) = 1 -> 7/1 = 7
  EXPECT_TRUE(is(ceil_div(T("(6,7)"), T("4")), "(2,7)"));
  // tuple / tuple element-wise, missing modes of b are 1
  EXPECT_TRUE(is(ceil_div(T("(8,6,5)"), T("(3,4)")), "(3,2,5)"));
  EXPECT_TRUE(is(ceil_div(T("12"), T("(2,4)")), "2"));  // int / tuple = ceil(12 / 8)
}

TEST(IntTupleCeilDiv, BadArguments) {
  EXPECT_TRUE(fails_with(bad, [] { ceil_div(T("(8,6)"), T("(3,4,5)")); }));  // b has more modes
  EXPECT_TRUE(fails_with(bad, [] { ceil_div(T("4"), T("0")); }));
  EXPECT_TRUE(fails_with(bad, [] { ceil_div(T("-4"), T("2")); }));
}

TEST(IntTupleValidateShape, ShapesMustBePositive) {
  EXPECT_NO_THROW(validate_shape(T("(1,(2,3))"), "shape"));
  EXPECT_TRUE(fails_with(bad, [] { validate_shape(T("(2,0)"), "shape"); }));
  EXPECT_TRUE(fails_with(bad, [] { validate_shape(T("(2,(3,-1))"), "shape"); }));
  EXPECT_TRUE(fails_with(bad, [] { validate_shape(T("0"), "shape"); }));
}

TEST(IntTupleStr, PrintsCuTeNotation) {
  EXPECT_EQ(str(T("4")), "4");
  EXPECT_EQ(str(T("(4)")), "(4)");
  EXPECT_EQ(str(T("(2,(3,4))")), "(2,(3,4))");
  EXPECT_EQ(str(T("_8")), "8");
  EXPECT_EQ(str(T("()")), "()");
}

}  // namespace
}  // namespace layoutref::spec
