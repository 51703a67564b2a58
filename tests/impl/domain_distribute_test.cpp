// impl domain_distribute(shape, b): gcds taken from the flattened shape left to right, on its
// column-major index space, coalesced. Expected values from CuTe's comment (marked) and derived
// by hand.
#include "support.hpp"

#include <layoutref/impl/domain_distribute.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

// constexpr: domain_distribute(_12, 8) = _4:_1.
constexpr bool distributes_at_compile_time() {
  auto r = domain_distribute(IntTuple::of(Int::fixed(12)), Int::fixed(8));
  return r.ok() && r.value.is_leaf() && r.value.leaf[0].shape() == Int::fixed(4);
}
static_assert(distributes_at_compile_time());

TEST(ImplDomainDistribute, Gcds) {
  // CuTe's comment: Layout<Shape<Int<15>,Int<14>>> with Int<6> -> (_3,_2):(_1,_15)
  EXPECT_EQ(S(domain_distribute(P("(_15,_14)"), Int::fixed(6))), "(_3,_2):(_1,_15)");
  EXPECT_EQ(S(domain_distribute(P("(_15,_10)"), Int::fixed(3))), "_3:_1");  // (3,1) coalesced
  EXPECT_EQ(S(domain_distribute(P("_12"), Int::fixed(12))), "_12:_1");
  EXPECT_EQ(S(domain_distribute(P("(_12,_4,_5)"), Int::fixed(12))), "_12:_1");
  EXPECT_EQ(S(domain_distribute(P("(_2,(_4,_3))"), Int::fixed(8))), "_8:_1");  // (2,4,1):(1,2,8)
  EXPECT_EQ(S(domain_distribute(P("(_3,_5)"), Int::fixed(2))), "_1:_0");       // nothing divides
  EXPECT_EQ(S(domain_distribute(P("(_3,_4)"), Int::fixed(4))), "_4:_3");       // (1,4):(1,3)
  // run-time leaves give run-time gcds and strides
  EXPECT_EQ(S(domain_distribute(P("(15,_14)"), Int::fixed(6))), "(3,2):(_1,15)");
}

TEST(ImplDomainDistribute, Errors) {
  auto b = domain_distribute(P("(_4,_2)"), Int::fixed(0));
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.error.code, Errc::bad_argument);
  auto s = domain_distribute(P("(_4,0)"), Int::fixed(2));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error.code, Errc::bad_argument);
}

}  // namespace
}  // namespace layoutref::impl
