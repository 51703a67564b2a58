// impl/error.hpp: condition names and the fixed-capacity witness text.
#include <layoutref/impl/error.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using layoutref::impl::Cond;
using layoutref::impl::Text;

TEST(Error, ConditionNamesAreTheSpecNames) {
  EXPECT_STREQ(name(Cond::composition_left_divisibility), "composition.left_divisibility");
  EXPECT_STREQ(name(Cond::upcast_divisibility), "upcast.divisibility");
}

TEST(Error, ShortTextIsKept) {
  Text t;
  t.add("mode ").add(static_cast<layoutref::impl::i64>(-12)).add(" of 3");
  EXPECT_EQ(std::string(t.c_str()), "mode -12 of 3");
}

TEST(Error, TextPastCapacityEndsInEllipsis) {
  Text t;
  std::string const long_text(Text::kCap + 40, 'a');
  t.add(long_text.c_str());
  std::string const got = t.c_str();
  ASSERT_EQ(got.size(), static_cast<std::size_t>(Text::kCap));
  EXPECT_EQ(got.substr(got.size() - 3), "...");
  EXPECT_EQ(got.substr(0, Text::kCap - 3), long_text.substr(0, Text::kCap - 3));
  t.add("more");  // a full text stays cut
  EXPECT_EQ(std::string(t.c_str()), got);
}

TEST(Error, NumberCutAtCapacityEndsInEllipsis) {
  Text t;
  std::string const fill(Text::kCap - 2, 'x');
  t.add(fill.c_str()).add(static_cast<layoutref::impl::i64>(123456));
  std::string const got = t.c_str();
  ASSERT_EQ(got.size(), static_cast<std::size_t>(Text::kCap));
  EXPECT_EQ(got.substr(got.size() - 3), "...");
}

TEST(Error, TextThatFitsExactlyIsNotMarked) {
  Text t;
  std::string const exact(Text::kCap, 'b');
  t.add(exact.c_str());
  EXPECT_EQ(std::string(t.c_str()), exact);
}

}  // namespace
