// Tests of layoutref::notation::parse: each construct of CuTe's printed notation, source
// positions, and the errors for malformed text. Expected terms are written by hand.
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>

#include "term_builders.hpp"
#include "term_printer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace layoutref::notation {
namespace {

using namespace term_builders;

/// Parses `text`, which must succeed.
Term parsed(std::string_view text) {
  ParseResult r = parse(text);
  EXPECT_TRUE(r.ok) << "text: " << text << "\nerror: " << r.error.message();
  return r.term;
}

/// Parses `text`, which must fail at line 1, `column`, having found `found` where the grammar
/// expected `expected`.
void expect_error(std::string_view text, int column, std::string const& found,
                  std::string const& expected) {
  SCOPED_TRACE(std::string("text: ") + std::string(text.substr(0, 80)));
  ParseResult r = parse(text);
  ASSERT_FALSE(r.ok) << "parsed as " << print(r.term);
  EXPECT_EQ(r.error.line, 1);
  EXPECT_EQ(r.error.column, column);
  EXPECT_EQ(r.error.found, found);
  EXPECT_EQ(r.error.expected, expected);
}

constexpr char const* kTerm = "an integer, '_', '(', '<' or a name";
constexpr char const* kEnd = "'o' or end of input";
constexpr char const* kNextParen = "',' or ')'";

// ---- integers --------------------------------------------------------------------------------

TEST(ParseInteger, StaticAndDynamic) {
  EXPECT_EQ(parsed("_4"), S(4));
  EXPECT_EQ(parsed("4"), D(4));
  EXPECT_EQ(parsed("_0"), S(0));
  EXPECT_EQ(parsed("0"), D(0));
  EXPECT_EQ(parsed("_4096"), S(4096));
}

TEST(ParseInteger, StaticMarkerDistinguishesEqualValues) {
  Term const s = parsed("_4");
  Term const d = parsed("4");
  EXPECT_NE(s, d);
  EXPECT_EQ(s.integer.value, d.integer.value);
  EXPECT_TRUE(s.integer.is_static);
  EXPECT_FALSE(d.integer.is_static);
}

TEST(ParseInteger, Negative) {
  EXPECT_EQ(parsed("_-1"), S(-1));
  EXPECT_EQ(parsed("-12"), D(-12));
  EXPECT_EQ(parsed("_-64"), S(-64));
}

TEST(ParseInteger, Int64Limits) {
  EXPECT_EQ(parsed("9223372036854775807"), D(std::numeric_limits<std::int64_t>::max()));
  EXPECT_EQ(parsed("-9223372036854775808"), D(std::numeric_limits<std::int64_t>::min()));
  EXPECT_EQ(parsed("_-9223372036854775808"), S(std::numeric_limits<std::int64_t>::min()));
}

TEST(ParseInteger, OutOfRange) {
  std::string const out = "an integer that fits in int64 (integer out of range)";
  expect_error("99999999999999999999", 1, "'99999999999999999999'", out);
  expect_error("9223372036854775808", 1, "'9223372036854775808'", out);
  expect_error("_-9223372036854775809", 1, "'_-9223372036854775809'", out);
  expect_error("(_4,18446744073709551616)", 5, "'18446744073709551616'", out);
}

TEST(ParseInteger, LeadingZerosAndNegativeZeroAreRefused) {
  // CuTe never prints them, and they would not print back unchanged.
  expect_error("007", 1, "'007'", "an integer without leading zeros");
  expect_error("_01", 1, "'_01'", "an integer without leading zeros");
  expect_error("-0", 1, "'-0'", "a nonzero integer after '-'");
  expect_error("_-0", 1, "'_-0'", "a nonzero integer after '-'");
}

TEST(ParseInteger, SignWithoutDigits) {
  expect_error("-", 1, "'-'", kTerm);
  expect_error("_-", 2, "'-'", kEnd);  // `_` then a stray '-'
  expect_error("+4", 1, "'+'", kTerm);
}

// ---- basis elements and sums -------------------------------------------------------------------

TEST(ParseBasis, ScaleAndModes) {
  EXPECT_EQ(parsed("_1@0"), B(1, true, {0}));
  EXPECT_EQ(parsed("_16@1"), B(16, true, {1}));
  EXPECT_EQ(parsed("3@1@0"), B(3, false, {1, 0}));
  EXPECT_EQ(parsed("_-2@3"), B(-2, true, {3}));
  EXPECT_EQ(parsed("_0@12"), B(0, true, {12}));
}

TEST(ParseBasis, ModesKeepPrintedOrder) {
  Term const t = parsed("_1@0@1@2");
  ASSERT_EQ(t.kind, Kind::basis);
  EXPECT_EQ(t.basis.modes, (std::vector<int>{0, 1, 2}));
  EXPECT_NE(parsed("1@0@1"), parsed("1@1@0"));
}

TEST(ParseBasis, Errors) {
  std::string const mode = "a mode index (a non-negative integer)";
  expect_error("@1", 1, "'@'", kTerm);
  expect_error("_1@", 4, "end of input", mode);
  expect_error("_1@-1", 4, "'-1'", mode);
  expect_error("_1@_0", 4, "'_0'", mode);
  expect_error("_1@x", 4, "'x'", mode);
  expect_error("_1@01", 4, "'01'", "an integer without leading zeros");
  expect_error("_1@2147483648", 4, "'2147483648'",
               "an integer that fits in int (integer out of range)");
}

TEST(ParseBasisSum, TwoOrMoreTerms) {
  EXPECT_EQ(parsed("1@0+2@1"), Term::make_basis_sum({B(1, false, {0}), B(2, false, {1})}));
  EXPECT_EQ(parsed("_1@0+_2@1+_3"),
            Term::make_basis_sum({B(1, true, {0}), B(2, true, {1}), S(3)}));
  EXPECT_EQ(parsed("1@0 + 2@1"), parsed("1@0+2@1"));
  EXPECT_EQ(parsed("_4+-2@1"), Term::make_basis_sum({S(4), B(-2, false, {1})}));
}

TEST(ParseBasisSum, InsideAStride) {
  EXPECT_EQ(parsed("(_4,_2):(1@0+2@1,_4@1)"),
            L(T({S(4), S(2)}), T({Term::make_basis_sum({B(1, false, {0}), B(2, false, {1})}),
                                  B(4, true, {1})})));
}

TEST(ParseBasisSum, Errors) {
  expect_error("1@0+", 5, "end of input", "an integer");
  expect_error("1@0+_", 5, "'_'", "an integer");
  expect_error("1@0+(_1)", 5, "'('", "an integer");
  expect_error("1@0+2@1:_4", 8, "':'", kEnd);  // a sum is no shape
}

// ---- underscore and tuples ---------------------------------------------------------------------

TEST(ParseUnderscore, AloneAndInTuples) {
  EXPECT_EQ(parsed("_"), U());
  EXPECT_EQ(parsed("(_,33)"), T({U(), D(33)}));
  EXPECT_EQ(parsed("(_,(_,_))"), T({U(), T({U(), U()})}));
  EXPECT_EQ(parsed("(_2:_3,_)"), T({L(S(2), S(3)), U()}));
}

TEST(ParseUnderscore, FollowedByLetterIsNotAnInteger) {
  expect_error("_a", 2, "'a'", kEnd);
}

TEST(ParseTuple, EmptyRankOneAndNested) {
  EXPECT_EQ(parsed("()"), T({}));
  EXPECT_EQ(parsed("(_4)"), T({S(4)}));
  EXPECT_EQ(parsed("(_4,_8)"), T({S(4), S(8)}));
  EXPECT_EQ(parsed("((_2,_2),_4)"), T({T({S(2), S(2)}), S(4)}));
  EXPECT_EQ(parsed("(((_5)))"), T({T({T({S(5)})})}));
  EXPECT_EQ(parsed("(384,500)"), T({D(384), D(500)}));
}

TEST(ParseTuple, RankOneTupleIsNotAnInteger) {
  EXPECT_NE(parsed("(_4)"), parsed("_4"));
  EXPECT_NE(parsed("((_4))"), parsed("(_4)"));
  EXPECT_EQ(parsed("(_4)").kind, Kind::tuple);
  EXPECT_EQ(parsed("_4").kind, Kind::integer);
}

TEST(ParseTuple, Blanks) {
  EXPECT_EQ(parsed(" ( _4 , ( _2 ,_8 ) ) "), T({S(4), T({S(2), S(8)})}));
  EXPECT_EQ(parsed("(\t_4,\r\n_8)"), T({S(4), S(8)}));
}

TEST(ParseTuple, AngleTuple) {
  Term const t = parsed("<2:3, 3:2>");
  EXPECT_EQ(t, A({L(D(2), D(3)), L(D(3), D(2))}));
  EXPECT_TRUE(t.angle);
  EXPECT_EQ(parsed("<_2,_4>"), A({S(2), S(4)}));
  EXPECT_EQ(parsed("<>"), A({}));
  EXPECT_NE(parsed("<2, 3>"), parsed("(2,3)"));
}

TEST(ParseTuple, Errors) {
  expect_error("(_4,_8", 7, "end of input", kNextParen);
  expect_error("(_4,,_8)", 5, "','", kTerm);
  expect_error("(_4,)", 5, "')'", kTerm);
  expect_error("(,_4)", 2, "','", kTerm);
  expect_error("(_4 _8)", 5, "'_8'", kNextParen);
  expect_error("(_4,_8))", 8, "')'", kEnd);
  expect_error(")", 1, "')'", kTerm);
  expect_error("(", 2, "end of input", kTerm);
  expect_error("<2:3, 3:2", 10, "end of input", "',' or '>'");
  expect_error("<2:3, 3:2)", 10, "')'", "',' or '>'");
  expect_error("(_4,_8>", 7, "'>'", kNextParen);
}

TEST(ParseTuple, NestingLimit) {
  std::string const nest64 = std::string(64, '(') + "_1" + std::string(64, ')');
  EXPECT_TRUE(parse(nest64).ok);
  std::string const over = "at most 64 nested brackets (nesting too deep)";
  expect_error(std::string(65, '(') + "_1" + std::string(65, ')'), 65, "'('", over);
  expect_error(std::string(10000, '('), 65, "'('", over);
  expect_error(std::string(10000, '<'), 65, "'<'", over);
  std::string arith;
  for (int i = 0; i < 10000; ++i) arith += "ArithTuple(";
  expect_error(arith, 64 * 11 + 11, "'('", over);  // the 65th ArithTuple's '('
}

// ---- layouts -----------------------------------------------------------------------------------

TEST(ParseLayout, IntegerAndTupleLayouts) {
  EXPECT_EQ(parsed("_8:_1"), L(S(8), S(1)));
  EXPECT_EQ(parsed("2:0"), L(D(2), D(0)));
  EXPECT_EQ(parsed("(_4,_8):(_1,_4)"), L(T({S(4), S(8)}), T({S(1), S(4)})));
  EXPECT_EQ(parsed("(_8):(_1)"), L(T({S(8)}), T({S(1)})));
  EXPECT_EQ(parsed("(_4,(2,_16)):(1,(_4,_8))"),
            L(T({S(4), T({D(2), S(16)})}), T({D(1), T({S(4), S(8)})})));
}

TEST(ParseLayout, ColonBindsTighterThanComma) {
  EXPECT_EQ(parsed("(_2:_3,_3:_2)"), T({L(S(2), S(3)), L(S(3), S(2))}));
  EXPECT_EQ(parsed("(_1:_4)"), T({L(S(1), S(4))}));
  EXPECT_EQ(parsed("(_1:_1,_8)"), T({L(S(1), S(1)), S(8)}));
  EXPECT_NE(parsed("(_1:_4)"), parsed("(_1):(_4)"));
}

TEST(ParseLayout, BasisStrides) {
  EXPECT_EQ(parsed("((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)"),
            L(T({T({S(2), S(2)}), S(4), S(8)}),
              T({T({B(1, true, {1}), B(8, true, {0})}), B(32, true, {0}), B(16, true, {1})})));
  EXPECT_EQ(parsed("_128:_1@0"), L(S(128), B(1, true, {0})));
  EXPECT_EQ(parsed("(_1,_2):(_0,_16@1)"), L(T({S(1), S(2)}), T({S(0), B(16, true, {1})})));
}

TEST(ParseLayout, Blanks) {
  EXPECT_EQ(parsed("_4 : _1"), L(S(4), S(1)));
  EXPECT_EQ(parsed("( _4 , _8 ) :\n( _1 , _4 )"), L(T({S(4), S(8)}), T({S(1), S(4)})));
}

TEST(ParseLayout, Errors) {
  std::string const operand = "an integer or '('";
  expect_error("_4:", 4, "end of input", operand);
  expect_error("_4:_", 4, "'_'", operand);
  expect_error("_4:<1>", 4, "'<'", operand);
  expect_error("_4:_1:_2", 6, "':'", kEnd);
  expect_error(":_1", 1, "':'", kTerm);
  expect_error("_:_4", 2, "':'", kEnd);
  expect_error("(_2:_3,:_2)", 8, "':'", kTerm);
  expect_error("(_4,_8):(_1,_4", 15, "end of input", kNextParen);
}

// ---- swizzles and chains -----------------------------------------------------------------------

TEST(ParseSwizzle, Parameters) {
  EXPECT_EQ(parsed("Sw<3,4,3>"), Term::make_swizzle(3, 4, 3));
  EXPECT_EQ(parsed("Sw<3,1,-3>"), Term::make_swizzle(3, 1, -3));
  EXPECT_EQ(parsed("Sw<0,0,0>"), Term::make_swizzle(0, 0, 0));
  EXPECT_EQ(parsed("Sw< 3 , 4 , 3 >"), Term::make_swizzle(3, 4, 3));
}

TEST(ParseSwizzle, Errors) {
  expect_error("Sw<3,4>", 7, "'>'", "','");
  expect_error("Sw<3,4,3", 9, "end of input", "'>'");
  expect_error("Sw<3,4,3,1>", 9, "','", "'>'");
  expect_error("Sw<-1,4,3>", 4, "'-1'", "a non-negative integer");
  expect_error("Sw<3,4,x>", 8, "'x'", "an integer");
  expect_error("Sw<_3,4,3>", 4, "'_3'", "a non-negative integer");
  expect_error("Sw<3,4,99999999999>", 8, "'99999999999'",
               "an integer that fits in int (integer out of range)");
  expect_error("Sw<float>", 4, "'float'", "a non-negative integer");
}

TEST(ParseSwizzle, KeywordNeedsItsOpener) {
  EXPECT_EQ(parsed("Sw"), W("Sw"));
  expect_error("Sw <3,4,3>", 4, "'<'", kEnd);
}

TEST(ParseChain, SwizzledLayout) {
  EXPECT_EQ(parsed("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"),
            Term::make_chain({Term::make_swizzle(3, 4, 3), S(0),
                              L(T({S(8), S(64)}), T({S(64), S(1)}))}));
  EXPECT_EQ(parsed("Sw<1,1,-1> o _256 o _16:_1"),
            Term::make_chain({Term::make_swizzle(1, 1, -1), S(256), L(S(16), S(1))}));
}

TEST(ParseChain, TwoParts) {
  EXPECT_EQ(parsed("_8:_1 o _4:_2"), Term::make_chain({L(S(8), S(1)), L(S(4), S(2))}));
  EXPECT_EQ(parsed("_8:_1\no\n_4:_2"), parsed("_8:_1 o _4:_2"));
}

TEST(ParseChain, InsideATuple) {
  EXPECT_EQ(parsed("(Sw<1,2,3> o _0 o _8:_1,_4)"),
            T({Term::make_chain({Term::make_swizzle(1, 2, 3), S(0), L(S(8), S(1))}), S(4)}));
}

TEST(ParseChain, Errors) {
  expect_error("_8 o", 5, "end of input", kTerm);
  expect_error("_8 o o", 6, "'o'", kTerm);  // `o` is reserved: no word can be a chain part
  expect_error("_8 oo _4", 4, "'oo'", kEnd);
  expect_error("_8o_4", 3, "'o_4'", kEnd);
  expect_error("_8 x _4", 4, "'x'", kEnd);
  expect_error("_8 _4", 4, "'_4'", kEnd);
}

// ---- arithmetic tuples, pointers, words ------------------------------------------------------

TEST(ParseArithTuple, CoordinateTuple) {
  EXPECT_EQ(parsed("ArithTuple(128,130)"), Term::make_arith_tuple(T({D(128), D(130)})));
  EXPECT_EQ(parsed("ArithTuple(640,_0)"), Term::make_arith_tuple(T({D(640), S(0)})));
  EXPECT_EQ(parsed("ArithTuple((1,2),3)"),
            Term::make_arith_tuple(T({T({D(1), D(2)}), D(3)})));
  EXPECT_EQ(parsed("ArithTuple(5)"), Term::make_arith_tuple(T({D(5)})));
  EXPECT_EQ(parsed("ArithTuple()"), Term::make_arith_tuple(T({})));
  EXPECT_EQ(parsed("ArithTuple( 1 , 2 )"), Term::make_arith_tuple(T({D(1), D(2)})));
}

TEST(ParseArithTuple, IdentityTensor) {
  EXPECT_EQ(parsed("ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)"),
            Term::make_chain(
                {Term::make_arith_tuple(T({D(128), D(130)})),
                 L(T({T({S(2), S(2)}), S(4), S(8)}),
                   T({T({B(1, true, {1}), B(8, true, {0})}), B(32, true, {0}),
                      B(16, true, {1})}))}));
}

TEST(ParseArithTuple, Errors) {
  expect_error("ArithTuple(1,2", 15, "end of input", kNextParen);
  expect_error("ArithTuple (1,2)", 12, "'('", kEnd);
  EXPECT_EQ(parsed("ArithTuple"), W("ArithTuple"));
}

TEST(ParsePointer, Tags) {
  EXPECT_EQ(parsed("ptr[32b](0x7f42efc00000)"),
            Term::make_pointer(Pointer{MemoryTag::none, 32, "0x7f42efc00000"}));
  EXPECT_EQ(parsed("gmem_ptr[16b](0x7f0000001000)"),
            Term::make_pointer(Pointer{MemoryTag::gmem, 16, "0x7f0000001000"}));
  EXPECT_EQ(parsed("smem_ptr[32b](0x100)"),
            Term::make_pointer(Pointer{MemoryTag::smem, 32, "0x100"}));
  EXPECT_EQ(parsed("rmem_ptr[8b](0xabcDEF)"),
            Term::make_pointer(Pointer{MemoryTag::rmem, 8, "0xabcDEF"}));
  EXPECT_EQ(parsed("ptr[32b]((nil))"), Term::make_pointer(Pointer{MemoryTag::none, 32, "(nil)"}));
}

TEST(ParsePointer, Tensor) {
  EXPECT_EQ(parsed("ptr[32b](0x7f42efc00000) o _8:_1"),
            Term::make_chain({Term::make_pointer(Pointer{MemoryTag::none, 32, "0x7f42efc00000"}),
                              L(S(8), S(1))}));
}

TEST(ParsePointer, Errors) {
  std::string const address = "an address such as 0x7f42efc00000 or (nil)";
  expect_error("ptr[32](0x1)", 7, "']'", "'b'");
  expect_error("ptr[b](0x1)", 5, "'b'", "a bit width such as 32");
  expect_error("ptr[32b](1234)", 10, "'1234'", address);
  expect_error("ptr[32b](0x)", 10, "'0'", address);
  expect_error("ptr[32b](0x10", 14, "end of input", "')'");
  expect_error("ptr[32b]0x10", 9, "'0'", "'('");
  expect_error("xptr[32b](0x1)", 5, "'['", kEnd);
}

TEST(ParseWord, Identifiers) {
  EXPECT_EQ(parsed("error"), W("error"));
  EXPECT_EQ(parsed("SM80_16x8x16_F16F16F16F16_TN"), W("SM80_16x8x16_F16F16F16F16_TN"));
  EXPECT_EQ(parsed("identity_mma_partition_A"), W("identity_mma_partition_A"));
  EXPECT_EQ(parsed("of"), W("of"));
  EXPECT_EQ(parsed("o<int>"), W("o<int>"));
  expect_error("o", 1, "'o'", kTerm);
}

TEST(ParseWord, TemplateArgumentsKeptVerbatim) {
  EXPECT_EQ(parsed("UniversalFMA<float,float,float,float>"),
            W("UniversalFMA<float,float,float,float>"));
  EXPECT_EQ(parsed("Tile<Int<8>,Int<16>>"), W("Tile<Int<8>,Int<16>>"));
  EXPECT_EQ(parsed("Foo<a, b>"), W("Foo<a, b>"));
}

TEST(ParseWord, Errors) {
  std::string const inner = "a printable character or '>'";
  expect_error("Foo<bar", 8, "end of input", inner);
  expect_error("Foo<Int<8>", 11, "end of input", inner);
  expect_error(std::string_view("Foo<a\x01>"), 6, "'\\x01'", inner);
  expect_error("9abc", 2, "'abc'", kEnd);
}

// ---- input as a whole ------------------------------------------------------------------------

TEST(ParseText, EmptyAndBlank) {
  expect_error("", 1, "end of input", kTerm);
  expect_error("   ", 4, "end of input", kTerm);
  EXPECT_EQ(parsed("  _4  "), S(4));
}

TEST(ParseText, OddBytes) {
  expect_error(std::string_view("\0", 1), 1, "'\\x00'", kTerm);
  expect_error("\xff", 1, "'\\xff'", kTerm);
  expect_error("_4\x80", 3, "'\\x80'", kEnd);
}

TEST(ParseText, LongFoundTokenIsCut) {
  ParseResult r = parse("_4 " + std::string(100, 'x'));
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.found, "'" + std::string(32, 'x') + "...'");
}

TEST(ParseErrorMessage, Format) {
  ParseResult r = parse("(_4,_8");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.message(), "line 1, column 7: found end of input, expected ',' or ')'");
  ParseError const e{3, 9, "')'", "an integer"};
  EXPECT_EQ(e.message(), "line 3, column 9: found ')', expected an integer");
}

// ---- source positions --------------------------------------------------------------------------

TEST(ParsePosition, TermsRecordWhereTheyStart) {
  Term const t = parsed("(_4, _8):(_1,_4)");
  ASSERT_EQ(t.kind, Kind::layout);
  EXPECT_EQ(t.column, 1);
  Term const& shape = t.children.at(0);
  Term const& stride = t.children.at(1);
  EXPECT_EQ(shape.column, 1);
  EXPECT_EQ(shape.children.at(0).column, 2);
  EXPECT_EQ(shape.children.at(1).column, 6);
  EXPECT_EQ(stride.column, 10);
  EXPECT_EQ(stride.children.at(1).column, 14);
}

TEST(ParsePosition, ChainParts) {
  Term const t = parsed("Sw<3,4,3> o _0 o _8:_1");
  ASSERT_EQ(t.kind, Kind::chain);
  ASSERT_EQ(t.children.size(), 3U);
  EXPECT_EQ(t.children[0].column, 1);
  EXPECT_EQ(t.children[1].column, 13);
  EXPECT_EQ(t.children[2].column, 18);
}

TEST(ParsePosition, StartLineAndColumnAreHonoured) {
  ParseResult r = parse("(_4,\n  _8)", 3, 10);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.term.line, 3);
  EXPECT_EQ(r.term.column, 10);
  EXPECT_EQ(r.term.children.at(0).line, 3);
  EXPECT_EQ(r.term.children.at(0).column, 11);
  EXPECT_EQ(r.term.children.at(1).line, 4);
  EXPECT_EQ(r.term.children.at(1).column, 3);
}

TEST(ParsePosition, ErrorsUseTheSourcePosition) {
  ParseResult r = parse("_4:", 7, 12);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.line, 7);
  EXPECT_EQ(r.error.column, 15);
  EXPECT_EQ(r.error.message(), "line 7, column 15: found end of input, expected an integer or '('");

  r = parse("(_4,\n  ,)", 5, 20);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.line, 6);
  EXPECT_EQ(r.error.column, 3);
  EXPECT_EQ(r.error.found, "','");
}

// ---- robustness --------------------------------------------------------------------------------

/// Checks a text that may or may not parse: an error is well-formed; a term prints to a text
/// that parses back to the same term and prints the same again.
void check_consistent(std::string const& text) {
  ParseResult r = parse(text);
  if (!r.ok) {
    EXPECT_GE(r.error.column, 1) << text;
    EXPECT_FALSE(r.error.found.empty()) << text;
    EXPECT_FALSE(r.error.expected.empty()) << text;
    return;
  }
  std::string const printed = print(r.term);
  ParseResult again = parse(printed);
  ASSERT_TRUE(again.ok) << text << " printed as " << printed << ": " << again.error.message();
  EXPECT_EQ(again.term, r.term) << text;
  EXPECT_EQ(print(again.term), printed) << text;
}

TEST(ParseFuzz, RandomTextsFromTheNotationsAlphabet) {
  std::mt19937 rng(20241121);
  std::string const alphabet = "_-0123456789@+(),<>: oSw[]bx";
  std::vector<std::string> const pieces = {"Sw<", "ArithTuple(", "ptr[32b](", "0x1f", " o ",
                                           "gmem_ptr[", "(nil)", "float", "_", "@0"};
  std::uniform_int_distribution<std::size_t> length(0, 40);
  std::uniform_int_distribution<std::size_t> pick_char(0, alphabet.size() - 1);
  std::uniform_int_distribution<std::size_t> pick_piece(0, pieces.size() - 1);
  std::uniform_int_distribution<int> coin(0, 5);
  int parsed_ok = 0;
  for (int i = 0; i < 50000; ++i) {
    std::string text;
    for (std::size_t n = length(rng); n > 0; --n) {
      if (coin(rng) == 0) {
        text += pieces[pick_piece(rng)];
      } else {
        text += alphabet[pick_char(rng)];
      }
    }
    check_consistent(text);
    if (parse(text).ok) ++parsed_ok;
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(parsed_ok, 100);  // the generator reaches the grammar, not just its errors
}

TEST(ParseFuzz, RandomBytes) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<std::size_t> length(0, 64);
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    for (std::size_t n = length(rng); n > 0; --n) text += static_cast<char>(byte(rng));
    check_consistent(text);
    if (HasFatalFailure()) return;
  }
}

TEST(ParseFuzz, TruncationsOfAValidText) {
  std::string const text =
      "ArithTuple(19,532) o ((_2,_2),_4,_2,2):((_1@1,_8@0),_32@0,_8@1,_128@0)";
  for (std::size_t n = 0; n <= text.size(); ++n) check_consistent(text.substr(0, n));
}

}  // namespace
}  // namespace layoutref::notation
