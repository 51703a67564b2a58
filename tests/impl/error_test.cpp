// impl/error.hpp: condition names, and the witness as pieces formatted on the host.
#include <layoutref/impl/error.hpp>
#include <layoutref/impl/layout.hpp>
#include <layoutref/impl/term.hpp>

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

namespace {

using namespace layoutref::impl;

TEST(Error, ConditionNamesAreTheSpecNames) {
  EXPECT_STREQ(name(Cond::composition_left_divisibility), "composition.left_divisibility");
  EXPECT_STREQ(name(Cond::upcast_divisibility), "upcast.divisibility");
}

TEST(Error, WitnessIsFormattedFromItsPieces) {
  Error e = fail(Errc::bad_argument).add("mode ").add(static_cast<i64>(-12)).add(" of ").add(3);
  EXPECT_EQ(e.n, 4);
  EXPECT_EQ(message(e), "mode -12 of 3");
  EXPECT_EQ(str(e), "mode -12 of 3");
  Error c = fail(Errc::inadmissible, Cond::upcast_divisibility).add("N = ").add(kI64Min);
  EXPECT_EQ(str(c), "upcast.divisibility: N = -9223372036854775808");
}

TEST(Error, EmptyAndNullFragmentsTakeNoPiece) {
  Error e = fail(Errc::bad_argument).add("").add(static_cast<char const*>(nullptr)).add("x");
  EXPECT_EQ(e.n, 1);
  EXPECT_EQ(message(e), "x");
}

TEST(Error, WitnessPastMaxPiecesIsCutAndEndsInEllipsis) {
  Error e = fail(Errc::capacity);
  for (int k = 0; k < Error::kMaxPieces + 5; ++k) e.add(k).add(",");
  EXPECT_EQ(e.n, Error::kMaxPieces);
  EXPECT_TRUE(e.cut);
  std::string want;
  for (int k = 0; k < Error::kMaxPieces / 2; ++k) want += std::to_string(k) + ",";
  EXPECT_EQ(message(e), want + "...");
}

TEST(Error, AppendPutsAnInnerWitnessAfterAPrefixAndKeepsItsCut) {
  Error inner = fail(Errc::inadmissible, Cond::composition_left_divisibility).add("the stride ").add(6).add(" of A");
  Error outer = fail(inner.code, inner.condition).add("mode ").add(1).add(": ").append(inner);
  EXPECT_EQ(str(outer), "composition.left_divisibility: mode 1: the stride 6 of A");
  Error full = fail(Errc::capacity);
  for (int k = 0; k < Error::kMaxPieces; ++k) full.add(k);
  full.add(99);  // cut
  Error wrapped = fail(Errc::capacity).add("after: ").append(full);
  EXPECT_TRUE(wrapped.cut);
  EXPECT_EQ(message(wrapped).substr(message(wrapped).size() - 3), "...");
}

TEST(Error, IsSmallPlainData) {
  static_assert(std::is_trivially_copyable_v<Error>);
  EXPECT_LE(sizeof(Error), 8u + 8u * Error::kMaxPieces);
  EXPECT_LE(sizeof(Result<i64>), 16u + sizeof(Error));
}

TEST(Error, ErrorsOfImplOperationsKeepTheirWording) {
  auto r = checked_mul(kI64Max, 2);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(str(r.error), "64-bit overflow: 9223372036854775807 * 2");
  auto v = evaluate(make_leaf(Int::fixed(4), Stride::integer(Int::fixed(1))), 7);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(str(v.error), "index outside the domain");
}

TEST(Error, InternedTextsAreStableAndShared) {
  std::string a = "an operation's usage";
  char const* p = intern(a);
  a = "something else";  // the interned copy is independent of the argument
  EXPECT_STREQ(p, "an operation's usage");
  EXPECT_EQ(intern("an operation's usage"), p);
  EXPECT_EQ(std::string(intern(std::string(300, 'z'))).size(), 256u);
}

TEST(Error, WitnessIsUsableInConstantEvaluation) {
  constexpr Error e = fail(Errc::bad_argument).add("n = ").add(5);
  static_assert(e.n == 2 && e.is_text(0) && !e.is_text(1) && e.piece[1].value == 5);
  EXPECT_EQ(message(e), "n = 5");
}

}  // namespace
