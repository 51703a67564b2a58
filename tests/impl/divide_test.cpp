// impl divides: logical_divide, zipped_divide, tiled_divide, flat_divide, in CuTe's forms with
// their static markers. Expected values from CuTe's documentation (02_layout_algebra.md
// "Division", 03_tensor.md), the seed document "CuTe Tilers" (002), and derived by hand with
// CuTe's definitions: A ∘ (B, complement(B, shape(coalesce(A)))) per mode, zip2_by guided by the
// tiler, then CuTe's slicing for tiled/flat (a mode of rank >= 2 is spliced, a rank-1 mode kept).
#include "support.hpp"

#include <layoutref/impl/divide.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

std::string D(Arrangement how, std::string const& a, std::string const& t) { return S(divide(how, L(a), Tl(t))); }

Error refusal(Arrangement how, std::string const& a, std::string const& t) {
  auto r = divide(how, L(a), Tl(t));
  EXPECT_FALSE(r.ok()) << a << " / " << t << " = " << (r.ok() ? str(r.value) : "");
  return r.error;
}

constexpr Layout leaf(i64 s, i64 d) { return make_leaf(Int::fixed(s), Stride::integer(Int::fixed(d))); }

// constexpr: logical_divide(_24:_1, _4:_2): 24:1 is the identity, so the result is (B, B*) =
// (_4,(_2,_3)):(_2,(_1,_8)) (complement(4:2, 24) = (2,3):(1,8)).
constexpr bool divides_at_compile_time() {
  auto r = logical_divide(leaf(24, 1), leaf(4, 2));
  if (!r.ok() || r.value.rank() != 2 || r.value.nleaves != 3) return false;
  auto const& x = r.value.leaf;
  return x[0].shape() == Int::fixed(4) && x[0].stride() == Stride::integer(Int::fixed(2)) && x[1].shape() == Int::fixed(2) &&
         x[1].stride() == Stride::integer(Int::fixed(1)) && x[2].shape() == Int::fixed(3) &&
         x[2].stride() == Stride::integer(Int::fixed(8));
}
static_assert(divides_at_compile_time());

// The divides read an integer tiler n as CuTe's make_layout(n): `_1` is `_1:_0` (make_layout
// gives a size-1 mode the stride 0), a run-time 4 is `4:_1`; composition's reading (to_tiler)
// gives `_1:_1`. Layouts and `_` read the same way in both.
TEST(ImplDivide, IntegerTilerIsMakeLayout) {
  auto tile = [](std::string const& text, bool tiling) {
    auto r = tiling ? to_tiling_tiler(T(text)) : to_tiler(T(text));
    if (!r.ok()) return "error: " + str(r.error);
    std::string out;
    for (int k = 0; k < r.value.rank(); ++k) {
      Tiler item = r.value.is_tuple() ? r.value.item(k) : r.value;
      out += (k ? " " : "") + (item.is_underscore() ? std::string("_") : str(item.layout()));
    }
    return out;
  };
  EXPECT_EQ(tile("_1", true), "_1:_0");
  EXPECT_EQ(tile("_1", false), "_1:_1");
  EXPECT_EQ(tile("4", true), "4:_1");
  EXPECT_EQ(tile("(_2,_,3:2)", true), "_2:_1 _ 3:2");
  EXPECT_EQ(tile("(_2,_,3:2)", false), "_2:_1 _ 3:2");
}

TEST(ImplDivide, CuteDocumentation1D) {
  // 02_layout_algebra.md: A = (4,2,3):(2,1,8), B = 4:2: B* = (2,3):(1,8) and
  // A ∘ (B, B*) = ((2,2),(2,3)):((4,1),(2,8)).
  EXPECT_EQ(D(Arrangement::logical, "(_4,_2,_3):(_2,_1,_8)", "_4:_2"), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
  // A layout tiler: zipped is the (tile, rest) pair itself; tiled and flat splice its modes.
  EXPECT_EQ(D(Arrangement::zipped, "(_4,_2,_3):(_2,_1,_8)", "_4:_2"), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
  EXPECT_EQ(D(Arrangement::tiled, "(_4,_2,_3):(_2,_1,_8)", "_4:_2"), "((_2,_2),_2,_3):((_4,_1),_2,_8)");
  EXPECT_EQ(D(Arrangement::flat, "(_4,_2,_3):(_2,_1,_8)", "_4:_2"), "(_2,_2,_2,_3):(_4,_1,_2,_8)");
}

TEST(ImplDivide, CuteDocumentation2D) {
  // 02_layout_algebra.md: A = (9,(4,8)):(59,(13,1)), B = <3:3, (2,4):(1,8)>. logical_divide has
  // shape ((3,3),(8,4)) and its tiles are (3,(2,4)):(177,(13,2)); zipped_divide has shape
  // ((3,8),(3,4)). By hand: complement(3:3, 9) = 3:1, complement((2,4):(1,8), (4,8)) = 4:2.
  std::string a = "(_9,(_4,_8)):(_59,(_13,_1))", t = "(_3:_3,(_2,_4):(_1,_8))";
  EXPECT_EQ(D(Arrangement::logical, a, t), "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))");
  EXPECT_EQ(D(Arrangement::zipped, a, t), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
  EXPECT_EQ(D(Arrangement::tiled, a, t), "((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))");
  EXPECT_EQ(D(Arrangement::flat, a, t), "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))");
}

TEST(ImplDivide, TensorDocumentation) {
  // 03_tensor.md: A = make_layout(make_shape(8,24)) = (8,24):(_1,8) (compact column-major: the
  // first stride is the static _1), tiler Shape<_4,_8>: zipped_divide = ((_4,_8),(2,3)), and by
  // CuTe's rules the strides ((_1,8),(_4,64)): the rests ceil_div(8,_4) = 2 and ceil_div(24,_8) = 3
  // are run-time values with the static strides _4 and _8, 24:8 composed with _8:_1 is _8:8.
  EXPECT_EQ(D(Arrangement::zipped, "(8,24):(_1,8)", "(_4,_8)"), "((_4,_8),(2,3)):((_1,8),(_4,64))");
  // ((_8,_4),Rest) for (24,16) by Shape<_8,_4>: Rest = (3,4).
  EXPECT_EQ(D(Arrangement::zipped, "(24,16):(_1,24)", "(_8,_4)"), "((_8,_4),(3,4)):((_1,24),(_8,96))");
}

TEST(ImplDivide, SeedTiler) {
  // Seed 002: A = (32,16) column-major, B = <2:3, 3:2>: B0* = complement(2:3, 32) = (3,6):(1,6)
  // (32 rounded up to 36), B1* = complement(3:2, 16) = (2,3):(1,6); A0 ∘ (B0, B0*) and
  // A1 ∘ (B1, B1*) with A0 = 32:1, A1 = 16:32.
  EXPECT_EQ(D(Arrangement::logical, "(_32,_16):(_1,_32)", "(_2:_3,_3:_2)"),
            "((_2,(_3,_6)),(_3,(_2,_3))):((_3,(_1,_6)),(_64,(_32,_192)))");
  // zipped: ((A0∘B0, A1∘B1), (A0∘B0*, A1∘B1*)).
  EXPECT_EQ(D(Arrangement::zipped, "(_32,_16):(_1,_32)", "(_2:_3,_3:_2)"),
            "((_2,_3),((_3,_6),(_2,_3))):((_3,_64),((_1,_6),(_32,_192)))");
}

TEST(ImplDivide, TupleTilers) {
  // Modes past the tiler are kept: logical keeps them in place, zipped puts them after the rests.
  EXPECT_EQ(D(Arrangement::logical, "(_8,_2):(_2,_1)", "(_4:_1)"), "((_4,_2),_2):((_2,_8),_1)");
  EXPECT_EQ(D(Arrangement::zipped, "(_8,_2):(_2,_1)", "(_4:_1)"), "((_4),(_2,_2)):((_2),(_8,_1))");
  // CuTe's rank-1 wrapper: repeat<1>(_) is `_`, so the rank-1 tile mode (_4) stays a tuple.
  EXPECT_EQ(D(Arrangement::tiled, "(_8,_2):(_2,_1)", "(_4:_1)"), "((_4),_2,_2):((_2),_8,_1)");
  EXPECT_EQ(D(Arrangement::flat, "(_8,_2):(_2,_1)", "(_4:_1)"), "((_4),_2,_2):((_2),_8,_1)");
  // `_` keeps its mode in logical_divide; an integer n is n:_1.
  EXPECT_EQ(D(Arrangement::logical, "(_4,_8):(_8,_1)", "(_,_2)"), "(_4,(_2,_4)):(_8,(_1,_2))");
  // Nested tilers follow the profile: mode 1 of A is itself divided by mode.
  EXPECT_EQ(D(Arrangement::logical, "(_2,(_4,_6)):(_24,(_6,_1))", "(_,(_2,_3))"),
            "(_2,((_2,_2),(_3,_2))):(_24,((_6,_12),(_1,_3)))");
  EXPECT_EQ(D(Arrangement::zipped, "(_2,(_4,_6)):(_24,(_6,_1))", "(_2,(_2,_3))"),
            "((_2,(_2,_3)),(_1,(_2,_2))):((_24,(_6,_1)),(_0,(_12,_3)))");
}

TEST(ImplDivide, UnderscoreInZippedTilers) {
  // The spec's meaning: `_` makes the whole mode the tile and `_1:_0` the rest. (CuTe splits the
  // kept mode as if it were a (tile, rest) pair: quirks.tsv, tiled_divide ((_8,_2),_8):((_16,_8),_1)
  // by (_,_3) gives ((_8,_3),_2,_3):((_16,_1),_8,_3), wrong at index 8.)
  EXPECT_EQ(D(Arrangement::tiled, "((_8,_2),_8):((_16,_8),_1)", "(_,_3)"), "(((_8,_2),_3),_1,_3):(((_16,_8),_1),_0,_3)");
  EXPECT_EQ(D(Arrangement::zipped, "((_8,_2),_8):((_16,_8),_1)", "(_,_3)"),
            "(((_8,_2),_3),(_1,_3)):(((_16,_8),_1),(_0,_3))");
  EXPECT_EQ(D(Arrangement::flat, "((_8,_2),_8):((_16,_8),_1)", "(_,_3)"), "((_8,_2),_3,_1,_3):((_16,_8),_1,_0,_3)");
  // A whole tiler `_`: (A, _1:_0).
  EXPECT_EQ(D(Arrangement::zipped, "(_4,_2):(_2,_1)", "_"), "((_4,_2),_1):((_2,_1),_0)");
  EXPECT_EQ(D(Arrangement::logical, "(_4,_2):(_2,_1)", "_"), "(_4,_2):(_2,_1)");
}

TEST(ImplDivide, IntegerOneIsMakeLayout) {
  // CuTe's divides read an integer n as make_layout(n), `_1:_0` for a static 1 (divide.tsv:
  // logical_divide (_8,_2):(_2,_1) by (_1) = ((_1,_8),_2):((_0,_2),_1)), while `_1:_1` given as a
  // layout keeps its stride: (_1,(_8,_2)):(_1,(_2,_1)).
  TilerBuilder b;
  b.push(Tiler::of(leaf(1, 0)));
  auto one = b.done();
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(S(logical_divide(L("(_8,_2):(_2,_1)"), one.value)), "((_1,_8),_2):((_0,_2),_1)");
  EXPECT_EQ(D(Arrangement::logical, "(_8,_2):(_2,_1)", "_1:_1"), "(_1,(_8,_2)):(_1,(_2,_1))");
}

TEST(ImplDivide, RestRoundedUp) {
  // A tile that does not divide the mode: the rest is rounded up (CuTe's ceil_div), README:
  // (_6):(_1) / _2:_2 -> (_2,(_2,_2)):(_2,(_1,_4)).
  EXPECT_EQ(D(Arrangement::logical, "(_6):(_1)", "_2:_2"), "(_2,(_2,_2)):(_2,(_1,_4))");
}

TEST(ImplDivide, Refusals) {
  // divide.tiler_rank: three tiler modes for two modes of A.
  Error e = refusal(Arrangement::logical, "(_4,_8):(_1,_4)", "(_2,_2,_2)");
  EXPECT_EQ(e.code, Errc::inadmissible);
  EXPECT_EQ(e.condition, Cond::divide_tiler_rank);
  // A tiler whose complement is inadmissible: (2,2):(1,1) sorted strides 1, 1; 2*1 does not divide 1.
  e = refusal(Arrangement::zipped, "_16:_1", "(_2,_2):(_1,_1)");
  EXPECT_EQ(e.code, Errc::inadmissible);
  EXPECT_EQ(e.condition, Cond::complement_stride_divisibility);
  // Negative and basis strides in the tiler.
  EXPECT_EQ(refusal(Arrangement::logical, "_16:_1", "_4:_-1").condition, Cond::complement_negative_stride);
  EXPECT_EQ(refusal(Arrangement::logical, "_16:_1", "_4:_1@0").condition, Cond::complement_integer_strides);
  // quirks.tsv: (_9,_1,_2):(_2,_0,_1) / _2:_1: the rest complement(2:1, (9,2)) = 10:2 steps by 2
  // through the mode of size 9 (values 0,4,8,12,16,3,...): no layout; CuTe returns a wrong one.
  e = refusal(Arrangement::logical, "(_9,_1,_2):(_2,_0,_1)", "_2:_1");
  EXPECT_EQ(e.condition, Cond::composition_left_divisibility);
  // The failing mode is named.
  e = refusal(Arrangement::tiled, "(_4,(_9,_1,_2)):(_1,(_2,_0,_1))", "(_2,_2:_1)");
  EXPECT_EQ(e.condition, Cond::composition_left_divisibility);
  EXPECT_EQ(message(e).rfind("mode 1: ", 0), 0u) << message(e);
  // CuTe's cotarget and the spec's fail at different steps; the refusal names the spec's. A =
  // (7,4):(0,7), B = ((1,6),2):((0,0),6) (B's function is 2:6). Cotarget shape(coalesce(A)) =
  // (7,4): rest ceil_div((7,4), 12) = (1,2) -> 2:12, and A o (B, 2:12) is refused by mode
  // (disjoint_intervals). The spec's cotarget size(A) = 28: rest ceil(28/12) = 3 -> 3:12, and
  // 12 is not a multiple of A's first mode 7: composition.left_divisibility.
  e = refusal(Arrangement::logical, "(7,4):(0,7)", "((1,6),2):((0,0),6)");
  EXPECT_EQ(e.code, Errc::inadmissible);
  EXPECT_EQ(e.condition, Cond::composition_left_divisibility) << message(e);
  // Sizes < 1 are malformed input.
  EXPECT_EQ(to_layout(T("(_0,_8):(_1,_4)")).error.code, Errc::bad_argument);
  Layout zero = L("(_1,_8):(_1,_4)");
  zero.leaf[0].shape_v = 0;
  auto r = divide(Arrangement::logical, zero, Tl("(_2,_2)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::bad_argument);
}

TEST(ImplDivide, Capacity) {
  // 20 modes, each kept whole by `_` in a zipped tiler and given the rest `_1:_0`: 40 leaves > 32.
  std::string shape = "(", stride = "(", tiler = "(";
  for (int i = 0; i < 20; ++i) {
    shape += std::string(i ? "," : "") + "_2";
    stride += std::string(i ? "," : "") + "_" + std::to_string(1 << i);
    tiler += std::string(i ? "," : "") + "_";
  }
  auto r = divide(Arrangement::zipped, L(shape + "):" + stride + ")"), Tl(tiler + ")"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::capacity);
}

// At capacities 4 and 8: hand values (the CuTe documentation's example above), and every case
// below gives the default capacity's answer, or capacity where the arguments or the result do
// not fit N. The counts of cases that fit were counted by hand from the leaves.
struct DivideCase {
  Arrangement how;
  char const* a;
  char const* t;
};
std::vector<DivideCase> const kDivideCapacityCases = {
    {Arrangement::logical, "(_4,_2,_3):(_2,_1,_8)", "_4:_2"},
    {Arrangement::zipped, "(_4,_2,_3):(_2,_1,_8)", "_4:_2"},
    {Arrangement::tiled, "(_4,_2,_3):(_2,_1,_8)", "_4:_2"},
    {Arrangement::flat, "(_4,_2,_3):(_2,_1,_8)", "_4:_2"},
    {Arrangement::zipped, "(8,24):(_1,8)", "(_4,_8)"},
    {Arrangement::zipped, "(24,16):(_1,24)", "(_8,_4)"},
    {Arrangement::logical, "(_8,_2):(_2,_1)", "(_4:_1)"},
    {Arrangement::tiled, "(_8,_2):(_2,_1)", "(_4:_1)"},
    {Arrangement::logical, "(_4,_8):(_8,_1)", "(_,_2)"},
    {Arrangement::logical, "(_2,(_4,_6)):(_24,(_6,_1))", "(_,(_2,_3))"},
    {Arrangement::zipped, "(_2,(_4,_6)):(_24,(_6,_1))", "(_2,(_2,_3))"},
    {Arrangement::flat, "((_8,_2),_8):((_16,_8),_1)", "(_,_3)"},
    {Arrangement::zipped, "(_4,_2):(_2,_1)", "_"},
    {Arrangement::logical, "(_6):(_1)", "_2:_2"},
    {Arrangement::logical, "(_4,_4):(_1,_4)", "(_3:_1,_2:_1)"},  // refused: 3 does not divide 4
};

template <int N>
int divides_agree_with_default_capacity() {
  int fit = 0;
  for (DivideCase const& c : kDivideCapacityCases) {
    auto a = with_capacity<N>(L(c.a));
    auto t = with_capacity<N>(Tl(c.t));
    if (!a.ok() || !t.ok()) continue;
    std::string ref = S(divide(c.how, L(c.a), Tl(c.t)));
    std::string small = SN(divide(c.how, a.value, t.value));
    auto r = divide(c.how, a.value, t.value);
    if (!r.ok() && r.error.code == Errc::capacity) continue;  // the result does not fit N
    ++fit;
    EXPECT_EQ(small, ref) << c.a << " / " << c.t;
  }
  return fit;
}

TEST(ImplDivideCapacity, HandValuesAndAgreement) {
  EXPECT_EQ(SN(logical_divide(LN<4>("(_4,_2,_3):(_2,_1,_8)"), LN<4>("_4:_2"))), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
  EXPECT_EQ(SN(flat_divide(LN<8>("(_4,_2,_3):(_2,_1,_8)"), LN<8>("_4:_2"))), "(_2,_2,_2,_3):(_4,_1,_2,_8)");
  EXPECT_EQ(SN(zipped_divide(LN<4>("(8,24):(_1,8)"), TlN<4>("(_4,_8)"))), "((_4,_8),(2,3)):((_1,8),(_4,64))");
  // (_4,_2,_3) by _4:_2 has 4 leaves: it fits 4; ((_8,_2),_8) by (_,_3) has 5: not at 4.
  EXPECT_EQ(divides_agree_with_default_capacity<4>(), 12);
  EXPECT_EQ(divides_agree_with_default_capacity<8>(), 15);
  auto big = logical_divide(LN<4>("(_4,_2,_3,_5):(_2,_1,_8,_100)"), LN<4>("_4:_2"));  // ((_2,_2),(_2,_3,_5))
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error.code, Errc::capacity);
}

constexpr bool divides_at_capacity_4() {
  auto r = logical_divide(make_leaf<4>(Int::fixed(24), Stride::integer(Int::fixed(1))), make_leaf<4>(Int::fixed(4), Stride::integer(Int::fixed(2))));
  return r.ok() && r.value.nleaves == 3 && r.value.leaf[2].stride_value() == 8;
}
static_assert(divides_at_capacity_4());

// ---- deep tilers: by_mode and zip2_by walk the tiler's profile without recursion --------------

/// x wrapped in d rank-1 tuples: chain(2, "_8") = "((_8))" (the expected texts).
std::string chain(int d, std::string const& x) { return std::string(static_cast<size_t>(d), '(') + x + std::string(static_cast<size_t>(d), ')'); }

/// The tiler t wrapped in d rank-1 tuples (CuTe's notation reads at most 64 nested brackets).
template <int N>
TilerN<N> wrap(TilerN<N> t, int d) {
  for (int k = 0; k < d; ++k) {
    TilerBuilderN<N> b;
    b.push(t);
    auto r = b.done();
    EXPECT_TRUE(r.ok()) << str(r.error);
    t = r.value;
  }
  return t;
}

std::string Dw(Arrangement how, std::string const& a, std::string const& t, int d) { return S(divide(how, L(a), wrap(Tl(t), d))); }

Error refusal_w(Arrangement how, std::string const& a, std::string const& t, int d) {
  auto r = divide(how, L(a), wrap(Tl(t), d));
  EXPECT_FALSE(r.ok()) << a << " / " << d << " tuples around " << t << " = " << (r.ok() ? str(r.value) : "");
  return r.error;
}

TEST(ImplDivide, TilersAsDeepAsTheCapacity) {
  // A tiler of 72 nodes (the capacity 2*32 + 8): 71 rank-1 tuples around `_`. Each tuple of the
  // tiler reaches A = _8:_1, a leaf, whose mode 0 is itself: `_` keeps it, and each tuple wraps
  // the result once: 71 tuples around _8:_1, 72 nodes.
  EXPECT_EQ(Dw(Arrangement::logical, "_8:_1", "_", 71), chain(71, "_8") + ":" + chain(71, "_1"));
  // 69 tuples around _2:_1: logical_divide(_8:_1, _2:_1) = (_2,_4):(_1,_2) (complement(2:1, 8) =
  // 4:2) wrapped 69 times: 72 nodes. One tuple more does not fit.
  EXPECT_EQ(Dw(Arrangement::logical, "_8:_1", "_2:_1", 69), chain(69, "(_2,_4)") + ":" + chain(69, "(_1,_2)"));
  Error e = refusal_w(Arrangement::logical, "_8:_1", "_2:_1", 70);
  EXPECT_EQ(e.code, Errc::capacity);
  EXPECT_EQ(message(e), "more than 32 leaves or 72 nodes");
  // The pairs of a zipped tiler: `_` gives (_8:_1, _1:_0), 3 nodes: 71 tuples around it pass the capacity.
  EXPECT_EQ(refusal_w(Arrangement::zipped, "_8:_1", "_", 71).code, Errc::capacity);
  // zip2_by guided by 34 rank-1 tuples around _2:_1: the by-mode result is the pair
  // (_2,_4):(_1,_2) in 34 tuples; each tuple of the guide gives ((first), (second)), so the tile is
  // _2:_1 and the rest _4:_2, each in 34 tuples: 2*35 + 1 = 71 nodes. Tiled and flat keep both
  // halves whole (rank 1). With 35 tuples the arranged result has 73 nodes.
  std::string zipped = "(" + chain(34, "_2") + "," + chain(34, "_4") + "):(" + chain(34, "_1") + "," + chain(34, "_2") + ")";
  EXPECT_EQ(D(Arrangement::zipped, "_8:_1", chain(34, "_2:_1")), zipped);
  EXPECT_EQ(D(Arrangement::tiled, "_8:_1", chain(34, "_2:_1")), zipped);
  EXPECT_EQ(D(Arrangement::flat, "_8:_1", chain(34, "_2:_1")), zipped);
  EXPECT_EQ(refusal(Arrangement::zipped, "_8:_1", chain(35, "_2:_1")).code, Errc::capacity);
  // At capacity 4 (16 nodes): 15 tuples around `_`, and 13 around _2:_1.
  EXPECT_EQ(SN(logical_divide(LN<4>("_8:_1"), TlN<4>(chain(15, "_")))), chain(15, "_8") + ":" + chain(15, "_1"));
  EXPECT_EQ(SN(logical_divide(LN<4>("_8:_1"), TlN<4>(chain(13, "_2:_1")))), chain(13, "(_2,_4)") + ":" + chain(13, "(_1,_2)"));
  auto small = logical_divide(LN<4>("_8:_1"), TlN<4>(chain(14, "_2:_1")));
  ASSERT_FALSE(small.ok());
  EXPECT_EQ(message(small.error), "more than 4 leaves or 16 nodes");
}

TEST(ImplDivide, NestedRefusalsNameTheirModes) {
  // The tuple (_2,_2) reaches the leaf _5 (mode 2 of mode 1 of A): the modes are named outermost first.
  Error e = refusal(Arrangement::logical, "(_2,(_3,_4,_5)):(_1,(_2,_6,_24))", "(_,(_,_,(_2,_2)))");
  EXPECT_EQ(e.condition, Cond::divide_tiler_rank);
  EXPECT_EQ(message(e), "mode 1: mode 2: the tiler has 2 modes but A has 1");
  // Four rank-1 tuples around (_2,_2): four prefixes and the witness fill the error's 16 pieces.
  e = refusal(Arrangement::zipped, "_8:_1", chain(4, "(_2,_2)"));
  EXPECT_EQ(message(e), "mode 0: mode 0: mode 0: mode 0: the tiler has 2 modes but A has 1");
  // Five: the outermost prefix comes first and the witness is cut after its first piece.
  e = refusal(Arrangement::logical, "_8:_1", chain(5, "(_2,_2)"));
  EXPECT_EQ(message(e), "mode 0: mode 0: mode 0: mode 0: mode 0: the tiler has ...");
  // As deep as the capacity allows (69 tuples around (_2,_2): 72 nodes): every prefix from the
  // sixth on keeps the first 13 pieces of the inner text, five prefixes and "mode ".
  e = refusal_w(Arrangement::logical, "_8:_1", "(_2,_2)", 69);
  EXPECT_EQ(e.condition, Cond::divide_tiler_rank);
  EXPECT_EQ(message(e), "mode 0: mode 0: mode 0: mode 0: mode 0: mode ...");
}

TEST(ImplDivideCapacity, ARefusalAfterAFullTupleWins) {
  // logical_divide(_16:_1, (_2,_2):(_1,_4)) = ((_2,_2),(_2,_2)):((_1,_4),(_2,_8)) (B's image
  // {0,1,4,5}, complement(B, 16) = (_2,_2):(_2,_8)): 4 leaves; `_` keeps _2:_16.
  EXPECT_EQ(D(Arrangement::logical, "(_16,_2,_2):(_1,_16,_32)", "((_2,_2):(_1,_4),_,_)"),
            "(((_2,_2),(_2,_2)),_2,_2):(((_1,_4),(_2,_8)),_16,_32)");
  // At capacity 4 the tuple is full after its mode 1 (5 leaves): that is reported when the tuple
  // ends, so a refusal in its mode 2 comes first.
  auto full = logical_divide(LN<4>("(_16,_2,_2):(_1,_16,_32)"), TlN<4>("((_2,_2):(_1,_4),_,_)"));
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(message(full.error), "more than 4 leaves or 16 nodes");
  auto refused = logical_divide(LN<4>("(_16,_2,_2):(_1,_16,_32)"), TlN<4>("((_2,_2):(_1,_4),_,(_2,_2))"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error.condition, Cond::divide_tiler_rank);
  EXPECT_EQ(message(refused.error), "mode 2: the tiler has 2 modes but A has 1");
}

// ---- arrange's straight path for a flat tuple of terminals, against zip2_by's halves -----------

/// The arrangement as zip2_by's halves pushed one by one (arrange's general path), the oracle for
/// arrange_flat_guide.
template <int N>
Result<LayoutN<N>> arranged_by_halves(LayoutN<N> const& p, TilerN<N> const& t, Arrangement how) {
  Result<LayoutN<N>> out;
  detail_modes::start_tuple(out);
  auto split = detail_tile::zip2_by(p, t);
  if (!split.ok()) return split.error;
  if (how == Arrangement::flat)
    detail_tile::push_unpacked(out, split.value.first);
  else
    detail_modes::push_part(out, split.value.first);
  if (how == Arrangement::zipped)
    detail_modes::push_part(out, split.value.second);
  else
    detail_tile::push_unpacked(out, split.value.second);
  return out;
}

/// A random layout of rank 1-4 whose modes are leaves or pairs, and a flat tuple tiler of
/// rank 1..rank(A) whose items are `_`, an integer or a layout; as text.
struct RandomDivide {
  std::string a, t;
};
RandomDivide random_divide(Rng& rng) {
  int ra = 1 + rng.below(4), rt = 1 + rng.below(ra);
  std::string s, d, t;
  for (int k = 0; k < ra; ++k) {
    bool pair = rng.below(3) == 0;
    std::string sk = std::to_string(1 + rng.below(8)), dk = std::to_string(rng.below(40));
    if (pair) {
      sk = "(" + sk + "," + std::to_string(1 + rng.below(4)) + ")";
      dk = "(" + dk + "," + std::to_string(rng.below(90)) + ")";
    }
    s += (k ? "," : "") + sk;
    d += (k ? "," : "") + dk;
  }
  for (int k = 0; k < rt; ++k) {
    int kind = rng.below(4);
    std::string item = kind == 0 ? "_" : kind == 1 ? std::to_string(1 + rng.below(4))
                                                     : std::to_string(1 + rng.below(4)) + ":" + std::to_string(1 + rng.below(3));
    t += (k ? "," : "") + item;
  }
  if (ra == 1 && rng.below(2) == 0) return {s + ":" + d, "(" + t + ")"};  // a leaf A
  return {"(" + s + "):(" + d + ")", "(" + t + ")"};
}

/// Every random case at capacity N: arrange (the straight path for these tilers) gives zip2_by's
/// arrangement, errors included. Returns the cases whose by-mode divide succeeded.
template <int N>
int straight_arrangement_agrees(int cases) {
  Rng rng{20261126 + N};
  int compared = 0;
  for (int c = 0; c < cases; ++c) {
    RandomDivide x = random_divide(rng);
    auto a = with_capacity<N>(L(x.a));
    auto t = with_capacity<N>(Tl(x.t));
    if (!a.ok() || !t.ok()) continue;
    EXPECT_GT(detail_tile::flat_guide_rank(t.value.profile), 0) << x.t;
    auto p = detail_tile::by_mode(a.value, t.value, true, Cond::divide_tiler_rank,
                                  [](LayoutN<N> const& m, LayoutN<N> const& b) { return detail_tile::divide_leaf(m, b); });
    if (!p.ok()) continue;
    ++compared;
    for (Arrangement how : {Arrangement::zipped, Arrangement::tiled, Arrangement::flat})
      EXPECT_EQ(SN(detail_tile::arrange(p.value, t.value, how)), SN(arranged_by_halves(p.value, t.value, how)))
          << x.a << " / " << x.t << " arranged " << static_cast<int>(how) << " at capacity " << N;
  }
  return compared;
}

TEST(ImplDivide, StraightArrangementOfFlatTilersIsZip2By) {
  // At capacity 4 many results do not fit: both paths must then give the same capacity error.
  EXPECT_GT(straight_arrangement_agrees<4>(3000), 1000);
  EXPECT_GT(straight_arrangement_agrees<8>(3000), 1000);
  EXPECT_GT(straight_arrangement_agrees<kMaxLeaves>(3000), 1000);
  // Hand values: one tile (rank-1 halves are pushed whole by tiled and flat).
  EXPECT_EQ(D(Arrangement::zipped, "(8,6):(1,8)", "(2,3)"), "((2,3),(4,2)):((1,8),(2,24))");
  EXPECT_EQ(D(Arrangement::tiled, "(8,6):(1,8)", "(2,3)"), "((2,3),4,2):((1,8),2,24)");
  EXPECT_EQ(D(Arrangement::flat, "(8,6):(1,8)", "(2,3)"), "(2,3,4,2):(1,8,2,24)");
  EXPECT_EQ(D(Arrangement::tiled, "8:1", "(2)"), "((2),(4)):((1),(2))");
  EXPECT_EQ(D(Arrangement::flat, "8:1", "(2)"), "((2),(4)):((1),(2))");
  EXPECT_EQ(D(Arrangement::flat, "(8,3):(1,8)", "(2)"), "((2),4,3):((1),2,8)");
}

// ---- divide_leaf's path for two leaves, against the general path ------------------------------

/// Every case: s:d by n:r with random values (stride 0 and negative strides of A, sizes that do
/// not divide, shape 1 and stride 0 of B, values near 2^62) and random static flags, at capacity
/// N. Where divide_single_leaf answers, its answer is the general path's, flags included.
/// Returns how many it answered.
template <int N>
int single_leaf_path_agrees(int cases) {
  Rng rng{0x5eed0000u + N};
  int answered = 0;
  auto value = [&](int lo, int hi) { return static_cast<i64>(lo + rng.below(hi - lo + 1)); };
  for (int c = 0; c < cases; ++c) {
    bool huge = rng.below(20) == 0;
    i64 s = huge ? (i64{1} << 40) + value(0, 3) : value(1, 64);
    i64 d = huge ? (i64{1} << 22) : value(-6, 40);
    i64 n = value(1, 12), r = rng.below(8) == 0 ? 0 : value(1, 9);
    auto a = LayoutN<N>::of(LayoutLeaf{Int{s, rng.below(2) == 0}, Stride::integer(Int{d, rng.below(2) == 0})});
    auto b = LayoutN<N>::of(LayoutLeaf{Int{n, rng.below(2) == 0}, Stride::integer(Int{r, rng.below(2) == 0})});
    Result<LayoutN<N>> fast, general;
    bool took = detail_tile::divide_single_leaf(a, b, fast);
    detail_tile::divide_leaf_general(a, b, general);
    if (!took) continue;
    ++answered;
    EXPECT_EQ(SN(fast), SN(general)) << "logical_divide(" << SN(Result<LayoutN<N>>(a)) << ", " << SN(Result<LayoutN<N>>(b)) << ") at capacity " << N;
  }
  return answered;
}

TEST(ImplDivide, SingleLeafPathIsTheGeneralPath) {
  EXPECT_GT(single_leaf_path_agrees<4>(20000), 8000);
  EXPECT_GT(single_leaf_path_agrees<8>(20000), 8000);
  EXPECT_GT(single_leaf_path_agrees<kMaxLeaves>(20000), 8000);
  // By hand (CuTe's definition): 24:3 by 4:2 has the complement (2,3):(1,8) of 4:2 in 24.
  EXPECT_EQ(D(Arrangement::logical, "24:3", "4:2"), "(4,(2,3)):(6,(3,24))");
  EXPECT_EQ(D(Arrangement::logical, "_24:_1", "_4:_1"), "(_4,_6):(_1,_4)");
  EXPECT_EQ(D(Arrangement::logical, "_8:_2", "_8:_1"), "(_8,_1):(_2,_0)");  // nothing is left: `_1:_0`
  EXPECT_EQ(D(Arrangement::logical, "_10:_1", "_4:_1"), "(_4,_3):(_1,_4)");  // the rest rounded up
  EXPECT_EQ(D(Arrangement::zipped, "(_8,24):(_1,8)", "(_4,_8)"), "((_4,_8),(_2,3)):((_1,8),(_4,64))");
}

// ---- the flat form (a flat A by a flat tuple of leaves), against the general path --------------

/// A random flat layout of rank 1-5 (shapes 1-64, sometimes near 2^40; strides -20..40, sometimes
/// 2^22 or a basis element; random static flags) and a flat tuple tiler of rank 1..rank(A)
/// (integers, leaves n:r with r in 0..6, sometimes `_` or a layout of two modes); as text.
RandomDivide random_flat_divide(Rng& rng) {
  auto flag = [&] { return rng.below(2) == 0 ? std::string("_") : std::string(); };
  int ra = 1 + rng.below(5), rt = 1 + rng.below(ra);
  std::string s, d, t;
  for (int k = 0; k < ra; ++k) {
    int big = rng.below(25);
    std::string sk = big == 0 ? std::to_string((i64{1} << 40) + rng.below(4)) : std::to_string(1 + rng.below(64));
    std::string dk = big == 1 ? std::to_string(i64{1} << 22) : big == 2 ? "1@" + std::to_string(rng.below(2)) : std::to_string(static_cast<int>(rng.below(61)) - 20);
    s += (k ? "," : "") + flag() + sk;
    d += (k ? "," : "") + (big == 2 ? dk : flag() + dk);
  }
  for (int k = 0; k < rt; ++k) {
    int kind = rng.below(16);
    std::string item = kind == 0   ? "_"
                       : kind == 1 ? "(2,2):(1,2)"
                       : kind < 6  ? flag() + std::to_string(1 + rng.below(12))
                                   : flag() + std::to_string(1 + rng.below(12)) + ":" + flag() + std::to_string(rng.below(7));
    t += (k ? "," : "") + item;
  }
  return {"(" + s + "):(" + d + ")", "(" + t + ")"};
}

/// One case at capacity N, every arrangement: where divide_flat_form answers (the path divide
/// takes in device code), its divide (divide_flat_arranged) is the general path's
/// (by_mode_arranged), flags included; where the general path refuses (a shape below 1, a
/// result past 64 bits or past the capacity), divide_flat_form must not answer. Returns how many
/// arrangements divide_flat_form answered. Out of line: GCC 12, with it inlined into
/// flat_form_agrees's loop, reports a false -Wmaybe-uninitialized on the leaves past nleaves,
/// which nothing reads.
template <int N>
[[gnu::noinline]] int flat_form_case(LayoutN<N> const& a, TilerN<N> const& t, RandomDivide const& x) {
  int answered = 0;
  for (Arrangement how : {Arrangement::logical, Arrangement::zipped, Arrangement::tiled, Arrangement::flat}) {
    detail_tile::FlatDivide<N> f;
    bool const took = detail_tile::divide_flat_form(how, a, t, f);
    answered += took ? 1 : 0;
    auto general = detail_tile::by_mode_arranged(how, a, t, Cond::divide_tiler_rank,
                                                 [](LayoutN<N> const& m, LayoutN<N> const& b) { return detail_tile::divide_leaf(m, b); }, true);
    if (took) {
      EXPECT_EQ(SN(detail_tile::divide_flat_arranged(how, f)), SN(general)) << x.a << " / " << x.t << " arranged " << static_cast<int>(how) << " at capacity " << N;
    }
  }
  return answered;
}

/// Every random case at capacity N (flat_form_case). Returns how many arrangements
/// divide_flat_form answered.
template <int N>
int flat_form_agrees(int cases) {
  Rng rng{0xf1a70000u + N};
  int answered = 0;
  for (int c = 0; c < cases; ++c) {
    RandomDivide x = random_flat_divide(rng);
    auto a = with_capacity<N>(L(x.a));
    auto t = with_capacity<N>(Tl(x.t));
    if (!a.ok() || !t.ok()) continue;
    // Now and then a shape 0 (which the parser refuses), in A or in a tiler's layout: validate's
    // bad_argument, on both paths.
    if (rng.below(30) == 0) a.value.leaf[rng.below(a.value.nleaves)].set_shape(Int::dynamic(0));
    if (rng.below(30) == 0 && t.value.n > 0) {
      auto& l = t.value.layouts[rng.below(t.value.n)];
      l.leaf[rng.below(l.nleaves)].set_shape(Int::dynamic(0));
    }
    answered += flat_form_case(a.value, t.value, x);
  }
  return answered;
}

TEST(ImplDivide, FlatFormIsTheGeneralPath) {
  EXPECT_GT(flat_form_agrees<4>(6000), 3000);
  EXPECT_GT(flat_form_agrees<8>(6000), 8000);
  EXPECT_GT(flat_form_agrees<kMaxLeaves>(6000), 8000);
  // The copy kernels' divides (gpu/check) take the flat path at capacity 4: two items of two
  // leaves each fill the 4 leaves exactly.
  {
    detail_tile::FlatDivide<4> f;
    auto t64 = TlN<4>("(_64,_64)");
    EXPECT_TRUE(detail_tile::divide_flat_form(Arrangement::zipped, LN<4>("(16384,16384):(1,16384)"), t64, f));
    EXPECT_TRUE(detail_tile::divide_flat_form(Arrangement::zipped, LN<4>("(_64,_64):(_1,_65)"), t64, f));
    EXPECT_TRUE(detail_tile::divide_flat_form(Arrangement::zipped, LN<4>("(_64,_64):(1,16384)"), TlN<4>("(_32,_8)"), f));
  }
  // By hand (CuTe's definition, mode by mode as SingleLeafPathIsTheGeneralPath's): the copy
  // kernels' divides, and a tiler shorter than A.
  EXPECT_EQ(D(Arrangement::zipped, "(16384,16384):(1,16384)", "(_64,_64)"), "((_64,_64),(256,256)):((1,16384),(64,1048576))");
  EXPECT_EQ(D(Arrangement::zipped, "(_64,_64):(_1,_65)", "(_32,_8)"), "((_32,_8),(_2,_8)):((_1,_65),(_32,_520))");
  EXPECT_EQ(D(Arrangement::logical, "(24,5,3):(3,100,1)", "(4:2)"), "((4,(2,3)),5,3):((6,(3,24)),100,1)");
  EXPECT_EQ(D(Arrangement::tiled, "(24,5,3):(3,100,1)", "(4:2)"), "((4),(2,3),5,3):((6),(3,24),100,1)");
  EXPECT_EQ(D(Arrangement::flat, "(8,6):(1,8)", "(2,3)"), "(2,3,4,2):(1,8,2,24)");
}

// constexpr at N = 4 with a tuple tiler: zipped_divide((_8,_2):(_2,_1), (_4:_1)) =
// ((_4),(_2,_2)):((_2),(_8,_1)) (TupleTilers above).
constexpr bool divides_by_a_tuple_at_compile_time() {
  TupleBuilder<LayoutLeaf, 4> a;
  a.push_leaf(LayoutLeaf{Int::fixed(8), Stride::integer(Int::fixed(2))});
  a.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(1))});
  TilerBuilderN<4> t;
  t.push(TilerN<4>::of(make_leaf<4>(Int::fixed(4), Stride::integer(Int::fixed(1)))));
  auto r = zipped_divide(a.done().value, t.done().value);
  if (!r.ok() || r.value.nleaves != 3 || r.value.nnodes != 6) return false;
  auto const& x = r.value.leaf;
  return x[0].shape_value() == 4 && x[0].stride_value() == 2 && x[1].shape_value() == 2 && x[1].stride_value() == 8 &&
         x[2].shape_value() == 2 && x[2].stride_value() == 1;
}
static_assert(divides_by_a_tuple_at_compile_time());

}  // namespace
}  // namespace layoutref::impl
