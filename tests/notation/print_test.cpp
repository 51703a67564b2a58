// Tests of layoutref::notation::print on hand-built terms, and of Term's constructors and
// equality. Expected texts follow cute::print's rules and are written by hand.
#include <layoutref/notation/print.hpp>
#include <layoutref/notation/term.hpp>

#include "term_builders.hpp"
#include "term_printer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

namespace layoutref::notation {
namespace {

using namespace term_builders;

TEST(PrintInteger, StaticMarker) {
  EXPECT_EQ(print(S(4)), "_4");
  EXPECT_EQ(print(D(4)), "4");
  EXPECT_EQ(print(S(0)), "_0");
  EXPECT_EQ(print(S(-1)), "_-1");
  EXPECT_EQ(print(D(-12)), "-12");
  EXPECT_EQ(print(D(std::numeric_limits<std::int64_t>::min())), "-9223372036854775808");
  EXPECT_EQ(print(S(std::numeric_limits<std::int64_t>::max())), "_9223372036854775807");
}

TEST(PrintInteger, Leaf) {
  EXPECT_EQ(print(Integer{128, true}), "_128");
  EXPECT_EQ(print(Integer{130, false}), "130");
  EXPECT_EQ(print(Integer{}), "0");
}

TEST(PrintBasis, ScaleThenModesInOrder) {
  EXPECT_EQ(print(B(1, true, {0})), "_1@0");
  EXPECT_EQ(print(B(16, true, {1})), "_16@1");
  EXPECT_EQ(print(B(3, false, {1, 0})), "3@1@0");
  EXPECT_EQ(print(B(-2, true, {1})), "_-2@1");
}

TEST(PrintBasisSum, JoinedByPlus) {
  EXPECT_EQ(print(Term::make_basis_sum({B(1, false, {0}), B(2, false, {1})})), "1@0+2@1");
  EXPECT_EQ(print(Term::make_basis_sum({B(1, true, {0}), S(3)})), "_1@0+_3");
}

TEST(PrintUnderscore, Bare) {
  EXPECT_EQ(print(Term::make_underscore()), "_");
  EXPECT_EQ(print(T({Term::make_underscore(), D(33)})), "(_,33)");
}

TEST(PrintTuple, NoBlanks) {
  EXPECT_EQ(print(T({})), "()");
  EXPECT_EQ(print(T({S(4)})), "(_4)");
  EXPECT_EQ(print(T({S(4), S(8)})), "(_4,_8)");
  EXPECT_EQ(print(T({T({S(2), S(2)}), S(4), T({D(2), T({S(16)})})})), "((_2,_2),_4,(2,(_16)))");
}

TEST(PrintTuple, AngleTupleHasCommaAndBlank) {
  EXPECT_EQ(print(A({L(D(2), D(3)), L(D(3), D(2))})), "<2:3, 3:2>");
  EXPECT_EQ(print(A({S(4)})), "<_4>");
  EXPECT_EQ(print(A({})), "<>");
  EXPECT_EQ(print(A({S(1), T({S(2), S(3)}), S(4)})), "<_1, (_2,_3), _4>");
}

TEST(PrintLayout, ShapeColonStride) {
  EXPECT_EQ(print(L(S(8), S(1))), "_8:_1");
  EXPECT_EQ(print(L(T({S(4), S(8)}), T({S(1), S(4)}))), "(_4,_8):(_1,_4)");
  EXPECT_EQ(print(L(T({S(8)}), T({S(1)}))), "(_8):(_1)");
  EXPECT_EQ(print(T({L(S(2), S(3)), L(S(3), S(2))})), "(_2:_3,_3:_2)");
  EXPECT_EQ(print(L(T({T({S(2), S(2)}), S(4)}),
                    T({T({B(1, true, {1}), B(8, true, {0})}), B(32, true, {0})}))),
            "((_2,_2),_4):((_1@1,_8@0),_32@0)");
}

TEST(PrintSwizzle, Parameters) {
  EXPECT_EQ(print(Term::make_swizzle(3, 4, 3)), "Sw<3,4,3>");
  EXPECT_EQ(print(Term::make_swizzle(3, 1, -3)), "Sw<3,1,-3>");
  EXPECT_EQ(print(Term::make_swizzle(0, 0, 0)), "Sw<0,0,0>");
}

TEST(PrintChain, PartsJoinedByO) {
  EXPECT_EQ(print(Term::make_chain({Term::make_swizzle(3, 4, 3), S(0),
                                    L(T({S(8), S(64)}), T({S(64), S(1)}))})),
            "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
  EXPECT_EQ(print(Term::make_chain({L(S(8), S(1)), L(S(4), S(2))})), "_8:_1 o _4:_2");
}

TEST(PrintArithTuple, CoordinateTupleSuppliesTheParentheses) {
  EXPECT_EQ(print(Term::make_arith_tuple(T({D(128), D(130)}))), "ArithTuple(128,130)");
  EXPECT_EQ(print(Term::make_arith_tuple(T({D(640), S(0)}))), "ArithTuple(640,_0)");
  EXPECT_EQ(print(Term::make_arith_tuple(T({T({D(1), D(2)}), D(3)}))), "ArithTuple((1,2),3)");
  EXPECT_EQ(print(Term::make_arith_tuple(T({D(5)}))), "ArithTuple(5)");
  EXPECT_EQ(print(Term::make_arith_tuple(T({}))), "ArithTuple()");
}

TEST(PrintArithTuple, OtherChildIsWrapped) {
  EXPECT_EQ(print(Term::make_arith_tuple(D(5))), "ArithTuple(5)");
  EXPECT_EQ(print(Term::make_arith_tuple(A({D(1), D(2)}))), "ArithTuple(<1, 2>)");
}

TEST(PrintArithTuple, IdentityTensor) {
  Term const layout = L(T({T({S(2), S(2)}), S(4), S(2), D(2)}),
                        T({T({B(1, true, {1}), B(8, true, {0})}), B(32, true, {0}),
                           B(8, true, {1}), B(128, true, {0})}));
  EXPECT_EQ(print(Term::make_chain({Term::make_arith_tuple(T({D(19), D(532)})), layout})),
            "ArithTuple(19,532) o ((_2,_2),_4,_2,2):((_1@1,_8@0),_32@0,_8@1,_128@0)");
}

TEST(PrintPointer, Tags) {
  EXPECT_EQ(print(Term::make_pointer(Pointer{MemoryTag::none, 32, "0x7f42efc00000"})),
            "ptr[32b](0x7f42efc00000)");
  EXPECT_EQ(print(Term::make_pointer(Pointer{MemoryTag::gmem, 16, "0x7f0000001000"})),
            "gmem_ptr[16b](0x7f0000001000)");
  EXPECT_EQ(print(Term::make_pointer(Pointer{MemoryTag::smem, 32, "0x100"})),
            "smem_ptr[32b](0x100)");
  EXPECT_EQ(print(Term::make_pointer(Pointer{MemoryTag::rmem, 8, "0xabc"})), "rmem_ptr[8b](0xabc)");
  EXPECT_EQ(print(Term::make_pointer(Pointer{MemoryTag::none, 64, "(nil)"})), "ptr[64b]((nil))");
}

TEST(PrintPointer, Tensor) {
  EXPECT_EQ(print(Term::make_chain({Term::make_pointer(Pointer{MemoryTag::gmem, 32, "0x7f42efc00000"}),
                                    L(S(8), S(1))})),
            "gmem_ptr[32b](0x7f42efc00000) o _8:_1");
}

TEST(PrintWord, Verbatim) {
  EXPECT_EQ(print(Term::make_word("error")), "error");
  EXPECT_EQ(print(Term::make_word("SM80_16x8x16_F16F16F16F16_TN")), "SM80_16x8x16_F16F16F16F16_TN");
  EXPECT_EQ(print(Term::make_word("UniversalFMA<float,float,float,float>")),
            "UniversalFMA<float,float,float,float>");
}

// ---- constructors and equality -----------------------------------------------------------------

TEST(TermConstructors, SetKindAndFields) {
  Term const i = S(4);
  EXPECT_EQ(i.kind, Kind::integer);
  EXPECT_EQ(i.integer, (Integer{4, true}));

  Term const b = B(3, false, {1, 0});
  EXPECT_EQ(b.kind, Kind::basis);
  EXPECT_EQ(b.basis.scale, (Integer{3, false}));
  EXPECT_EQ(b.basis.modes, (std::vector<int>{1, 0}));

  Term const l = L(S(8), S(1));
  EXPECT_EQ(l.kind, Kind::layout);
  ASSERT_EQ(l.children.size(), 2U);
  EXPECT_EQ(l.children[0], S(8));
  EXPECT_EQ(l.children[1], S(1));

  Term const sw = Term::make_swizzle(3, 1, -3);
  EXPECT_EQ(sw.kind, Kind::swizzle);
  EXPECT_EQ(sw.swizzle_b, 3);
  EXPECT_EQ(sw.swizzle_m, 1);
  EXPECT_EQ(sw.swizzle_s, -3);

  Term const a = Term::make_arith_tuple(T({D(1)}));
  EXPECT_EQ(a.kind, Kind::arith_tuple);
  ASSERT_EQ(a.children.size(), 1U);
  EXPECT_EQ(a.children[0], T({D(1)}));

  EXPECT_FALSE(T({}).angle);
  EXPECT_TRUE(A({}).angle);
  EXPECT_EQ(Term::make_underscore().kind, Kind::underscore);
  EXPECT_EQ(Term::make_word("error").word, "error");
  EXPECT_EQ(Term::make_chain({S(1), S(2)}).kind, Kind::chain);
  EXPECT_EQ(Term::make_basis_sum({S(1), S(2)}).kind, Kind::basis_sum);
  EXPECT_EQ(Term::make_pointer(Pointer{MemoryTag::smem, 16, "0x1"}).pointer.bits, 16);
}

TEST(TermEquality, IgnoresPositions) {
  Term a = T({S(4), S(8)});
  Term b = T({S(4), S(8)});
  a.line = 3;
  a.column = 17;
  b.children[1].column = 99;
  EXPECT_EQ(a, b);
}

TEST(TermEquality, ComparesStructure) {
  EXPECT_NE(S(4), D(4));
  EXPECT_NE(S(4), T({S(4)}));
  EXPECT_NE(T({S(4), S(8)}), T({S(8), S(4)}));
  EXPECT_NE(T({S(4)}), A({S(4)}));
  EXPECT_NE(L(S(4), S(1)), L(S(4), S(2)));
  EXPECT_NE(B(1, true, {0}), B(1, true, {1}));
  EXPECT_NE(B(1, true, {0}), S(1));
  EXPECT_NE(Term::make_swizzle(3, 4, 3), Term::make_swizzle(3, 4, -3));
  EXPECT_NE(Term::make_pointer(Pointer{MemoryTag::gmem, 32, "0x1"}),
            Term::make_pointer(Pointer{MemoryTag::smem, 32, "0x1"}));
  EXPECT_NE(Term::make_word("a"), Term::make_word("b"));
  EXPECT_NE(Term::make_chain({S(1), S(2)}), Term::make_chain({S(1), S(2), S(3)}));
}

TEST(TermEquality, IgnoresFieldsTheKindDoesNotUse) {
  Term a = S(4);
  a.word = "stray";
  a.angle = true;
  EXPECT_EQ(a, S(4));
}

}  // namespace
}  // namespace layoutref::notation
