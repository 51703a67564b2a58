// Arguments whose size or values pass int64 (issue 34 item 5): an operation whose result is
// defined by an argument's function on its whole domain refuses such an argument with
// Errc::overflow, as the spec does (its tables would hold a value, or an index, past int64);
// the edges that fit (a value of exactly 2^63 - 1 or -2^63) are answered.
//   A = (2,2):(2^63-1,1): A(3) = 2^63.
//   B = (2,2^62):(2^62,1): size 2^63.
//   Z = (2^32,2^32):(0,0): every value 0, size 2^64.
//   D = (2,2):(-2^63,-1): D(3) = -2^63 - 1.
#include "support.hpp"

#include <layoutref/impl/coalesce.hpp>
#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/inverse.hpp>
#include <layoutref/impl/max_alignment.hpp>
#include <layoutref/impl/max_common.hpp>
#include <layoutref/impl/nullspace.hpp>
#include <layoutref/impl/slice.hpp>
#include <layoutref/impl/tensor_term.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

constexpr char const* kA = "(2,2):(9223372036854775807,1)";
constexpr char const* kB = "(2,4611686018427387904):(4611686018427387904,1)";
constexpr char const* kZ = "(4294967296,4294967296):(0,0)";
constexpr char const* kD = "(2,2):(-9223372036854775808,-1)";

template <class X>
Errc code(Result<X> const& r) {
  return r.ok() ? Errc::ok : r.error.code;
}

TEST(ImplUnrepresentable, Coalesce) {
  for (char const* l : {kA, kB, kD}) {
    EXPECT_EQ(code(coalesce(L(l))), Errc::overflow) << l;
    EXPECT_EQ(code(coalesce(L(l), P("1"))), Errc::overflow) << l;
  }
  EXPECT_EQ(code(coalesce(L(kB), P("(1,1)"))), Errc::overflow);  // the modes together: size 2^63
  EXPECT_EQ(S(coalesce(L(kA))),
            "error: 64-bit overflow: the layout's values do not fit in int64 (at its leaf 1 of size 2 and stride coefficient 1)");
  EXPECT_EQ(S(coalesce(L(kB))), "error: 64-bit overflow: the layout's size does not fit in int64");
  // The edges: the largest value 2^63 - 1, the smallest -2^63.
  EXPECT_EQ(S(coalesce(L("(2,2):(9223372036854775806,1)"))), "(2,2):(9223372036854775806,1)");
  EXPECT_EQ(S(coalesce(L("2:-9223372036854775808"))), "2:-9223372036854775808");
}

TEST(ImplUnrepresentable, Filter) {
  for (char const* l : {kA, kB, kD}) EXPECT_EQ(code(filter(L(l))), Errc::overflow) << l;
  EXPECT_EQ(code(filter(L(kB), P("(1,1)"))), Errc::overflow);
  // filter drops the stride-0 modes first: their sizes do not count (the spec's filter too).
  EXPECT_EQ(S(filter(L("(4294967296,4294967296,2):(0,0,1)"))), "2:1");
  EXPECT_EQ(S(filter(L(kZ))), "_1:_0");
}

TEST(ImplUnrepresentable, RightInverse) {
  for (char const* l : {kA, kB, kD, "(3,2):(4611686018427387904,1)"}) EXPECT_EQ(code(right_inverse(L(l))), Errc::overflow) << l;
  EXPECT_EQ(S(right_inverse(L(kA))),
            "error: 64-bit overflow: the layout's values do not fit in int64 (at its leaf 1 of size 2 and stride coefficient 1)");
  EXPECT_EQ(S(right_inverse(L("(2,2):(1,9223372036854775806)"))), "2:_1");
}

TEST(ImplUnrepresentable, Nullspace) {
  for (char const* l : {kA, kB, kD, "(2,2):(1,9223372036854775807)"}) EXPECT_EQ(code(nullspace(L(l))), Errc::overflow) << l;
  EXPECT_EQ(S(nullspace(L("2:-9223372036854775808"))), "_1:_0");
}

TEST(ImplUnrepresentable, MaxAlignment) {
  auto r = max_alignment(L(kZ));  // its image {0} is defined on 2^64 indices
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::overflow);
  EXPECT_EQ(code(max_alignment(L("(2,4611686018427387904):(0,0)"))), Errc::overflow);
  EXPECT_EQ(max_alignment(L("(4294967296,2147483647):(0,0)")).value.value, 1);  // size 2^63 - 2^32 fits
}

TEST(ImplUnrepresentable, MaxCommon) {
  // b is inverted on its whole domain.
  for (char const* b : {kA, kD}) {
    EXPECT_EQ(code(max_common_vector(L(b), L(b))), Errc::overflow) << b;
    EXPECT_EQ(code(max_common_vector(L("4:1"), L(b))), Errc::overflow) << b;
    EXPECT_EQ(code(max_common_layout(L(b), L(b))), Errc::overflow) << b;
    EXPECT_EQ(code(max_common_layout(L("4:1"), L(b))), Errc::overflow) << b;
  }
  // a is read at the points R reaches only (the spec's answer too).
  EXPECT_EQ(max_common_vector(L(kA), L("4:1")).value.value, 1);
}

TEST(ImplUnrepresentable, Composition) {
  for (char const* b : {"1:1", "2:1", "1:0", "4:1"}) {
    EXPECT_EQ(code(composition(L(kA), L(b))), Errc::overflow) << b;
    EXPECT_EQ(code(composition(L(kB), L(b))), Errc::overflow) << b;
  }
  EXPECT_EQ(S(composition(L(kA), L("2:1"))),
            "error: 64-bit overflow: coalesce(A)'s values do not fit in int64 (at its leaf 1 of size 2 and stride coefficient 1)");
  EXPECT_EQ(code(composition(L("4:1"), L(kA))), Errc::overflow);
  EXPECT_EQ(S(composition(L("4:1"), L(kZ))), "error: 64-bit overflow: B's size does not fit in int64");
  // By a tiler: each item's composition fits, the result with the mode `_` keeps does not.
  EXPECT_EQ(S(composition(L(kB), Tl("(2,_)"))), "error: 64-bit overflow: the result's size does not fit in int64");
  EXPECT_EQ(S(composition(L("(2,2):(9223372036854775806,1)"), L("2:1"))), "2:9223372036854775806");
}

TEST(ImplUnrepresentable, GetFlatCoordAndLocalPartition) {
  for (char const* thr : {kA, kB}) EXPECT_EQ(code(get_flat_coord(L(thr), Int::dynamic(0))), Errc::overflow) << thr;
  auto t = make_identity_tensor(P("(4,4)"));
  ASSERT_TRUE(t.ok()) << str(t.error);
  auto part = local_partition(t.value, L(kA), Int::dynamic(0));
  ASSERT_FALSE(part.ok());
  EXPECT_EQ(part.error.code, Errc::overflow);
}

TEST(ImplUnrepresentable, SliceOfAllModes) {
  auto all = to_slice_coord(T("_"));
  ASSERT_TRUE(all.ok()) << str(all.error);
  for (char const* l : {kB, kZ}) EXPECT_EQ(code(slice_and_offset(all.value, L(l))), Errc::overflow) << l;
  EXPECT_TRUE(slice_and_offset(all.value, L("(4,4):(1,4)")).ok());
}

}  // namespace
}  // namespace layoutref::impl
