// The thread-value partitioning example of CuTe's Tensor documentation (docs 03_tensor.md
// "Thread-Value partitioning" in CuTe's 03_tensor.md): a 4x8 tensor of any layout
// composed with the TV-layout ((2,4),(2,2)):((8,1),(4,16)), (T8,V4) -> (M4,N8), then sliced by
// thread. Every expected value is derived by hand in the comment above it.
#include "support.hpp"

#include <layoutref/spec/composition.hpp>

#include <set>
#include <vector>

namespace layoutref::spec {
namespace {

using namespace testing_support;

Layout tv_layout() { return L("((_2,_4),(_2,_2)):((_8,_1),(_4,_16))"); }

TEST(TvLayout, ComposedWithARowMajorTensor) {
  // A = make_layout((4,8), LayoutRight) = (4,8):(8,1). The TV-layout's values are 1-D
  // coordinates x = m + 4n of the 4x8 tensor, and A(x) = 8m + n with m = x%4, n = x/4.
  // By leaf of the TV-layout:
  //  2:8  -> A(0),A(8)               = 0, 2         (8 = (0,2))       -> 2:2
  //  4:1  -> A(0),A(1),A(2),A(3)     = 0, 8, 16, 24                   -> 4:8
  //  2:4  -> A(0),A(4)               = 0, 1         (4 = (0,1))       -> 2:1
  //  2:16 -> A(0),A(16)              = 0, 4         (16 = (0,4))      -> 2:4
  // tv = ((2,4),(2,2)):((2,8),(1,4)).
  Layout a = L("(4,8):(8,1)");
  Layout tv = composition(a, tv_layout());
  EXPECT_TRUE(is(tv, "((2,4),(2,2)):((2,8),(1,4))"));
  // Every value of the TV-layout lies in [0,32), A's domain: tv(i) = A(tv_layout(i)).
  for (i64 i = 0; i < 32; ++i) EXPECT_EQ(evaluate(tv, i), evaluate(a, evaluate(tv_layout(), i).scalar())) << "i = " << i;
  // 8 threads x 4 values cover the 32 elements once each.
  std::vector<i64> v = values(tv);
  EXPECT_EQ(std::set<i64>(v.begin(), v.end()).size(), 32u);
  EXPECT_TRUE(check_composition(a, tv_layout(), claim("((2,4),(2,2)):((2,8),(1,4))")).correct);
  // The TV-layout itself (what a column-major A would give) is wrong here: index 1 = ((1,0),(0,0))
  // is 8, not 2.
  Judgement j = check_composition(a, tv_layout(), claim("((2,4),(2,2)):((8,1),(4,16))"));
  EXPECT_FALSE(j.correct);
  ASSERT_TRUE(j.index.has_value()) << j.detail;
  EXPECT_EQ(*j.index, 1);
  EXPECT_EQ(j.claimed_value, "8");
  EXPECT_EQ(j.expected_value, "2");
}

TEST(TvLayout, ComposedWithAColumnMajorTensor) {
  // "a 4x8 tensor with any layout": with A = (4,8):(1,4), A(x) = x, so A o tv_layout = tv_layout.
  EXPECT_TRUE(is(composition(L("(4,8):(1,4)"), tv_layout()), "((2,4),(2,2)):((8,1),(4,16))"));
}

TEST(TvLayout, SliceOfAThread) {
  // v = tv(threadIdx.x, _) on tv = ((2,4),(2,2)):((2,8),(1,4)).
  // Thread 1: 1 in (2,4) is (1,0), offset 1*2 = 2; the values keep mode 1: ((2,2)):((1,4)),
  // so thread 1 holds the offsets 2 + {0,1,4,5} = 2,3,6,7.
  // (Check against the TV-layout: tv_layout(1,v) = 8 + 4*v0 + 16*v1 = 8,12,24,28, the
  // coordinates (0,2),(0,3),(0,6),(0,7) of the 4x8 tensor, at 8m + n = 2,3,6,7.)
  Layout tv = composition(L("(4,8):(8,1)"), tv_layout());
  Slice s = slice(C("(1,_)"), tv);
  EXPECT_EQ(s.offset, Value(2));
  EXPECT_TRUE(is(s.layout, "((2,2)):((1,4))"));
  EXPECT_EQ(values(get(s.layout, {0})), (std::vector<i64>{0, 1, 4, 5}));
  // Thread 5: 5 in (2,4) is (1,2), offset 1*2 + 2*8 = 18: the offsets 18,19,22,23.
  Slice s5 = slice(C("(5,_)"), tv);
  EXPECT_EQ(s5.offset, Value(18));
  EXPECT_TRUE(is(s5.layout, "((2,2)):((1,4))"));
}

}  // namespace
}  // namespace layoutref::spec
