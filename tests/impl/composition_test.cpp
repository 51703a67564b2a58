// impl composition: CuTe's forms with their static markers, and exact admissibility.
// Expected values from CuTe's documentation (02_layout_algebra.md), the seed documents,
// docs/semantics.md (the extension examples), cutlass issue #2955, and derived by hand
// with CuTe's composition_impl (coalesce_x of A, then per leaf of B: divide the stride through
// A's modes, take min(quotient, remaining size) elements, the rest runs on along the last mode).
#include "support.hpp"

#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {
namespace {

using namespace testing_support;

std::string C(std::string const& a, std::string const& b) { return S(composition(L(a), L(b))); }
std::string CT(std::string const& a, std::string const& t) { return S(composition(L(a), Tl(t))); }

Error refusal(std::string const& a, std::string const& b) {
  auto r = composition(L(a), L(b));
  EXPECT_FALSE(r.ok()) << a << " o " << b << " = " << (r.ok() ? str(r.value) : "");
  return r.error;
}

// constexpr: 20:2 o 5:4 = 5:8 (docs, "trivial case").
constexpr bool composes_at_compile_time() {
  auto r = composition(make_leaf(Int::fixed(20), Stride::integer(Int::fixed(2))),
                       make_leaf(Int::fixed(5), Stride::integer(Int::fixed(4))));
  return r.ok() && r.value.is_leaf() && r.value.leaf[0].shape() == Int::fixed(5) &&
         r.value.leaf[0].stride() == Stride::integer(Int::fixed(8));
}
static_assert(composes_at_compile_time());

TEST(ImplComposition, CuteDocumentationExamples) {
  // Example 1: (6,2):(8,2) o (4,3):(3,1) = ((2,2),3):((24,2),8)
  EXPECT_EQ(C("(_6,_2):(_8,_2)", "(_4,_3):(_3,_1)"), "((_2,_2),_3):((_24,_2),_8)");
  // Example 2: 20:2 o (5,4):(4,1) = (5,4):(8,2)
  EXPECT_EQ(C("_20:_2", "(_5,_4):(_4,_1)"), "(_5,_4):(_8,_2)");
  // Example 3, static: CuTe prints (_5,(_2,_2)):(_16,(_80,_4))
  EXPECT_EQ(C("(_10,_2):(_16,_4)", "(_5,_4):(_1,_5)"), "(_5,(_2,_2)):(_16,(_80,_4))");
  // Example 3, run-time: CuTe keeps the run-time size-1 mode, ((5,1),(2,2)):((16,4),(80,4));
  // impl's meaning does not depend on the static flag: the same function without it.
  EXPECT_EQ(C("(10,2):(16,4)", "(5,4):(1,5)"), "(5,(2,2)):(16,(80,4))");
}

TEST(ImplComposition, CuteDocumentationTilers) {
  // (12,(4,8)):(59,(13,1)) o <3:4, 8:2> = (_3,(2,4)):(236,(26,1))
  EXPECT_EQ(CT("(12,(4,8)):(59,(13,1))", "(_3:_4,_8:_2)"), "(_3,(2,4)):(236,(26,1))");
  // a shape as a tiler: (3, 8) means <3:1, 8:1>: (_3,(4,2)):(59,(13,1))
  EXPECT_EQ(CT("(12,(4,8)):(59,(13,1))", "(_3,_8)"), "(_3,(4,2)):(59,(13,1))");
}

TEST(ImplComposition, SeedTiler) {
  // Seed 002: a (32,16) layout composed with <2:3, 3:2> maps (i,j) to A's (3i, 2j).
  auto r = composition(L("(_32,_16):(_1,_32)"), Tl("(_2:_3,_3:_2)"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(str(r.value), "(_2,_3):(_3,_64)");
  // R(1,2) = R(1 + 2*2) = A(3, 4) = 3 + 4*32
  EXPECT_EQ(evaluate_int(r.value, 5).value, 3 + 4 * 32);
}

TEST(ImplComposition, TilerForms) {
  // `_` keeps its mode; modes past the tuple are dropped; a rank-1 tuple stays a tuple.
  EXPECT_EQ(CT("(_6,_2):(_1,_6)", "(_)"), "(_6):(_1)");
  EXPECT_EQ(CT("(_4,_8):(_8,_1)", "(_,_2:_2)"), "(_4,_2):(_8,_2)");
  EXPECT_EQ(CT("(_4,_8):(_8,_1)", "_"), "(_4,_8):(_8,_1)");
  // a layout tiler composes with all of A
  EXPECT_EQ(CT("(_4,_8):(_8,_1)", "_4:_2"), "(_2,_2):(_16,_1)");
  // nested tuple tilers recurse into the modes of A
  EXPECT_EQ(CT("((_4,_2),_8):((_1,_4),_8)", "((_2,_),_4)"), "((_2,_2),_4):((_1,_4),_8)");
}

TEST(ImplComposition, ExtensionConvention) {
  // docs/semantics.md: the trailing 1:0 mode of A runs on past A's size.
  EXPECT_EQ(C("(_4,_1):(_1,_0)", "_2:_4"), "_2:_0");
  // ... and each mode of B stays inside A's domain, where A is the identity.
  EXPECT_EQ(C("(_9,_8,_1):(_1,_9,_0)", "(_2,_18):(_18,_4)"), "(_2,_18):(_18,_4)");
  // Without a trailing size-1 mode the last mode runs on with its stride: 8:2 o 3:4 -> 3:8.
  EXPECT_EQ(C("_8:_2", "_3:_4"), "_3:_8");
}

TEST(ImplComposition, FoldDetails) {
  // A size-1 leaf of B keeps CuTe's stride: the stride divided through A's modes, ceil.
  EXPECT_EQ(C("(_7,_2):(_1,_1)", "_1:_14"), "_1:_2");
  // A stride-0 leaf stays as it is; an integral A scales the stride.
  EXPECT_EQ(C("(_4,_1,_32):(_1,_0,_4)", "_4:_0"), "_4:_0");
  EXPECT_EQ(C("_8:_3", "(_2,_4):(_4,_1)"), "(_2,_4):(_12,_3)");
  // min(quotient, remaining size) elements per mode of A: (2,64):(0,2) o 32:1 = (2,16):(0,2).
  EXPECT_EQ(C("(_2,_64):(_0,_2)", "_32:_1"), "(_2,_16):(_0,_2)");
  // B's rank-1 tuple wrapper is kept: (8):(2) o (4,2):(0,2) and (2):(64).
  EXPECT_EQ(C("(_8):(_2)", "(_4,_2):(_0,_2)"), "(_4,_2):(_0,_4)");
  EXPECT_EQ(C("((_2,(_8,_2),_2),_2,_1):((_4,(_8,_1),_2),_128,_1)", "(_2):(_64)"), "(_2):(_128)");
}

TEST(ImplComposition, BasisStrides) {
  // A basis stride k@p of B composes N:k with the mode p of A (CuTe's basis_get).
  EXPECT_EQ(C("(_4,_8):(_1@0,_1@1)", "(_2,_2):(_2@1,_1@0)"), "(_2,_2):(_2@1,_1@0)");
  EXPECT_EQ(C("(_4,(_2,_8)):(_3,(_1,_16))", "_4:_1@1"), "(_2,_2):(_1,_16)");
  // An identity layout composed with an integer-stride B: values are coordinates.
  EXPECT_EQ(C("(_4,_8):(_1@0,_1@1)", "_8:_2"), "(_2,_4):(_2@0,_1@1)");
}

TEST(ImplComposition, Cutlass2955IsRefused) {
  // (6,2):(1,7) o (3,2):(2,3): by modes (3,2):(2,3), but A(B(2,1)) = A(7) = 8, not 7.
  Error e = refusal("(6,2):(1,7)", "(3,2):(2,3)");
  EXPECT_EQ(e.code, Errc::inadmissible);
  EXPECT_EQ(e.condition, Cond::composition_disjoint_intervals);
  EXPECT_EQ(refusal("(_6,_2):(_1,_7)", "(_3,_2):(_2,_3)").condition, Cond::composition_disjoint_intervals);
}

// cutlass #2955 as the bundled vectors have it (quirks.tsv:14): A = (8,2,8,4,8):(512,256,32,8,1)
// flattened, B = ((8,1024),1):((256,2),0). By modes 8:256 -> (2,4):(16,1) and 1024:2 ->
// (4,2,8,4,4):(1024,256,32,8,1) (CuTe's result). The first index whose value differs: B(c0, c1)
// = 256*c0 + 2*c1 has A's digit at mode 3 (size 4, place 128) 2*c0 mod 4 from c0 and
// floor(2*c1/128) from c1, which first carries at c1 = 128, c0 = 1: index 1 + 8*128 = 1025,
// B = 512 = A's coordinate (0,0,0,0,1), A(512) = 1; by modes A(256) + A(256) = 16 + 16 = 32.
TEST(ImplComposition, Cutlass2955FirstDifferingIndex) {
  Error e = refusal("((_8,_2,_8),(_4,_8)):((_512,_256,_32),(_8,_1))", "((_8,_1024),_1):((_256,_2),_0)");
  EXPECT_EQ(e.condition, Cond::composition_disjoint_intervals);
  EXPECT_EQ(message(e),
            "at index 1025 of B: A(B(i)) = A(512) = 1 but composing mode by mode gives 32 (the modes' intervals of "
            "definition overlap)");
}

TEST(ImplComposition, LeftDivisibilityIsRefused) {
  // (6,4):(1,10) o 4:4 takes the values 0, 4, 12, 20: no layout (CuTe gives (2,2):(4,10)).
  Error e = refusal("(6,4):(1,10)", "4:4");
  EXPECT_EQ(e.code, Errc::inadmissible);
  EXPECT_EQ(e.condition, Cond::composition_left_divisibility);
  // (4,3):(1,10) o 6:1 takes the values 0,1,2,3,10,11 (no layout): the quotient shape (4,inf)
  // is not weakly left divisible by 6.
  EXPECT_EQ(refusal("(4,3):(1,10)", "6:1").condition, Cond::composition_weak_left_divisibility);
}

TEST(ImplComposition, NotShahAdmissibleButStillALayout) {
  // 4 does not divide 6, but A o 2:4 takes the values 0, 4: the layout 2:4 (CuTe's too).
  EXPECT_EQ(C("(_6,_4):(_1,_10)", "_2:_4"), "_2:_4");
  // (2,2):(1,0) o 2:3: Â(3) = A(1,1) = 1, so the values are 0, 1: the layout 2:1. CuTe's fold
  // would give 2:0; impl factors the function instead.
  EXPECT_EQ(C("(_2,_2):(_1,_0)", "_2:_3"), "_2:_1");
  // ... and o 4:3: 0, 1, 0, 1 = (2,2):(1,0).
  EXPECT_EQ(C("(_2,_2):(_1,_0)", "_4:_3"), "(_2,_2):(_1,_0)");
}

TEST(ImplComposition, OverlappingIntervalsCheckedExactly) {
  // The intervals of 2:2 and 4:1 within [1,16) overlap, but A is the identity on its domain.
  EXPECT_EQ(C("(_4,_4,_1):(_1,_4,_0)", "(_2,_4):(_2,_1)"), "(_2,_4):(_2,_1)");
  // (4,4):(1,16) o (2,4):(2,1): B(1,2) = 4 -> A(4) = 16, by modes 2 + 2 = 4.
  EXPECT_EQ(refusal("(_4,_4):(_1,_16)", "(_2,_4):(_2,_1)").condition, Cond::composition_disjoint_intervals);
}

TEST(ImplComposition, OtherConditions) {
  Error neg = refusal("_8:_1", "_2:_-1");
  EXPECT_EQ(neg.code, Errc::inadmissible);
  EXPECT_EQ(neg.condition, Cond::composition_negative_stride);
  auto r = composition(L("(_4,_2):(_1,_4)"), Tl("(_2,_2,_2)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.condition, Cond::composition_tiler_rank);
  // inside a tiler, the mode is named
  auto m = composition(L("(_4,(_6,_4)):(_1,(_1,_10))"), Tl("(_,_4:_4)"));
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error.condition, Cond::composition_left_divisibility);
  EXPECT_EQ(message(m.error).rfind("mode 1: ", 0), 0u) << message(m.error);
}

TEST(ImplComposition, CapacityErrors) {
  // A = (4,2,2,...,2):(1,5,15,...,5*3^30) (32 modes, none mergeable) composed with
  // (2,2^32):(1,2): 2:1 takes half of mode 0, 2^32:2 the other half and all the rest: 33 leaves.
  TupleBuilder<LayoutLeaf> a;
  a.push_leaf(LayoutLeaf{Int::fixed(4), Stride::integer(Int::fixed(1))});
  i64 d = 5;
  for (int k = 1; k < 32; ++k) {
    a.push_leaf(LayoutLeaf{Int::fixed(2), Stride::integer(Int::fixed(d))});
    d *= 3;
  }
  auto al = a.done();
  ASSERT_TRUE(al.ok());
  auto r = composition(al.value, L("(_2,_4294967296):(_1,_2)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error.code, Errc::capacity);
  // A smaller B fits: (2,1024):(1,2) gives 1 + 10 leaves.
  EXPECT_TRUE(composition(al.value, L("(_2,_1024):(_1,_2)")).ok());
  // The exact check of a non-Shah mode is bounded.
  auto big = composition(L("(_6,_1073741824):(_1,_10)"), L("_8388608:_4"));
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error.code, Errc::capacity);
  // Values past 64 bits are overflow errors.
  auto of = composition(L("_4:_4611686018427387904"), L("_4:_4"));
  ASSERT_FALSE(of.ok());
  EXPECT_EQ(of.error.code, Errc::overflow);
}

// The structural by-mode test (digits_carry_free, composition_exact.hpp) decides the slow case
// of the benchmark without enumerating B: A is (4096,1):(1,0) on its extension form, both leaves
// of B reach only its last mode of size > 1, where A is linear.
TEST(ImplComposition, ByModeDecidedStructurally) {
  Layout a = L("(8,((_8,4),(2,8,1))):(_1,((8,_64),(256,512,_0)))");
  Layout b = L("(273,4096):(5,_1)");
  EXPECT_TRUE(detail::digits_carry_free(a, b));
  auto r = composition(a, b);
  ASSERT_TRUE(r.ok()) << str(r.error);
  // The by-mode values agree with A(B(c)) inside A's domain: B(272, 2735) = 4095 = A(4095).
  EXPECT_EQ(evaluate_int(r.value, 272 + 273 * 2735).value, 4095);
  // (4,4,1):(1,4,0) o (2,4):(2,1): A is the identity on its domain (one mode of size 16).
  EXPECT_TRUE(detail::digits_carry_free(L("(_4,_4,_1):(_1,_4,_0)"), L("(_2,_4):(_2,_1)")));
  // cutlass #2955: both leaves reach mode 0 of (6,2):(1,7), with digits up to 4 and 3: a carry
  // into mode 1 (A(7) = 8, by modes 7); undecided, refused by the enumeration.
  EXPECT_FALSE(detail::digits_carry_free(L("(6,2):(1,7)"), L("(3,2):(2,3)")));
  // (4,4):(1,16) o (2,4):(2,1): digits up to 2 and 3 at mode 0 (room 3): undecided.
  EXPECT_FALSE(detail::digits_carry_free(L("(_4,_4):(_1,_16)"), L("(_2,_4):(_2,_1)")));
  // (4,4):(1,16) o (2,2):(1,2): digits up to 1 and 2 at mode 0: no carry, decided.
  EXPECT_TRUE(detail::digits_carry_free(L("(_4,_4):(_1,_16)"), L("(_2,_2):(_1,_2)")));
  // Leaves on disjoint modes: (4,3):(1,10) o (4,3):(1,4) reaches mode 0 and mode 1 apart.
  EXPECT_TRUE(detail::digits_carry_free(L("(_4,_3):(_1,_10)"), L("(_4,_3):(_1,_4)")));
  // A leaf spanning two modes shared with another: undecided.
  EXPECT_FALSE(detail::digits_carry_free(L("(_4,_3):(_1,_10)"), L("(_8,_2):(_1,_1)")));
}

// Soundness of the structural test: on random small A (flat or with a nested mode, integer
// strides) and B of 2-3 leaves (integer strides, or basis strides into A's modes), whenever
// digits_carry_free accepts, the pointwise check of the by-mode result R (each leaf of B
// composed alone, assembled along B's profile) finds R(c) == A(B(c)) at every c with B(c) in
// A's domain; and the composition's answer is the enumeration's.
TEST(ImplComposition, ByModeStructuralAgreesWithEnumeration) {
  Rng rng{20260514};
  int accepted = 0, undecided_refused = 0, undecided_ok = 0, composed = 0, integer_ok = 0, integer_refused = 0;
  for (int iter = 0; iter < 60000; ++iter) {
    int ra = 1 + rng.below(3);
    std::string sa, da;
    for (int k = 0; k < ra; ++k) {
      bool nested = ra >= 2 && k == 1 && rng.below(4) == 0;
      std::string s1 = std::to_string(1 + rng.below(6)), d1 = std::to_string(rng.below(13));
      if (nested) {
        s1 = "(" + s1 + "," + std::to_string(1 + rng.below(4)) + ")";
        d1 = "(" + d1 + "," + std::to_string(rng.below(30)) + ")";
      }
      sa += (k ? "," : "") + s1;
      da += (k ? "," : "") + d1;
    }
    if (rng.below(5) == 0) {  // a trailing size-1 mode (the extension runs on along it)
      sa += ",1";
      da += "," + std::to_string(rng.below(5));
    }
    std::string at = "(" + sa + "):(" + da + ")";
    bool basis = ra >= 2 && rng.below(4) == 0;
    int rb = 2 + rng.below(2);
    std::string sb, db;
    for (int k = 0; k < rb; ++k) {
      sb += (k ? "," : "") + std::to_string(1 + rng.below(8));
      std::string d = std::to_string(rng.below(basis ? 6 : 17));
      if (basis) d += "@" + std::to_string(rng.below(2));
      db += (k ? "," : "") + d;
    }
    std::string bt = "(" + sb + "):(" + db + ")";
    Layout a = L(at), b = L(bt);
    TupleBuilder<LayoutLeaf> by_mode;
    bool each = true;
    for (int k = 0; k < b.nleaves && each; ++k) {
      auto m = composition(a, Layout::of(b.leaf[k]));
      each = m.ok();
      if (each) by_mode.push(m.value);
    }
    if (!each) continue;
    auto rl = by_mode.done();
    ASSERT_TRUE(rl.ok());
    Layout const& r = rl.value;
    ++composed;
    Error enumerated = detail::enumerate_by_mode(a, b, r);
    // enumerate_by_mode walks integer layouts by odometers: the same answer (and text) as the
    // pointwise check in Values.
    Error by_values = detail::enumerate_by_mode_values(a, b, r, size(b).value.value);
    EXPECT_EQ(str(enumerated), str(by_values)) << at << " o " << bt;
    if (has_integer_strides(a) && has_integer_strides(b)) (enumerated.ok() ? integer_ok : integer_refused) += 1;
    bool structural = check_representable(a).ok() && check_representable(b).ok() && check_representable(r).ok() &&
                      detail::digits_carry_free(a, b);
    if (structural) {
      ++accepted;
      EXPECT_TRUE(enumerated.ok()) << at << " o " << bt << ": accepted structurally, but " << str(enumerated);
    } else if (enumerated.ok()) {
      ++undecided_ok;
    } else {
      ++undecided_refused;
    }
    auto whole = composition(a, b);
    EXPECT_EQ(whole.ok(), enumerated.ok() && check_representable(r).ok()) << at << " o " << bt;
    if (whole.ok()) {
      EXPECT_EQ(str(whole.value), str(r)) << at << " o " << bt;
    }
  }
  // The test means something: many cases composed, the structural path taken on most, and
  // cases left to the enumeration both ways.
  RecordProperty("composed", composed);
  RecordProperty("accepted", accepted);
  RecordProperty("undecided_ok", undecided_ok);
  RecordProperty("undecided_refused", undecided_refused);
  EXPECT_GT(composed, 30000);
  EXPECT_GT(accepted, composed / 2);
  EXPECT_GT(undecided_refused, 100);
  EXPECT_GT(undecided_ok, 100);
  RecordProperty("integer_ok", integer_ok);
  RecordProperty("integer_refused", integer_refused);
  EXPECT_GT(integer_ok, 1000);
  EXPECT_GT(integer_refused, 100);
}

// enumerate_by_mode's walk of integer layouts (enumerate_by_mode_int: odometers, A by
// multiply-high division, whole runs of B's first leaf passed over where no mode of A can carry)
// against the pointwise check in Values, the definition: the same answer and text on random
// representable integer A, B and R with size(R) == size(B), at capacities 32 and 8. R is the
// by-mode result (so that B is often enumerated deep, and runs are passed over), that result with
// one stride moved by one (a difference that may first show late), or a random layout of B's size
// whose leaves line up with B's first leaf or do not. A has strides of either sign, size-1 modes,
// and now and then strides near 2^44 (values kept modulo 2^64); B has strides 0, some negative,
// and values past A's domain.
template <int N>
void int_enumeration_agrees(Layout const& a, Layout const& b, Layout const& r, std::string const& what, int& compared) {
  auto an = with_capacity<N>(a), bn = with_capacity<N>(b), rn = with_capacity<N>(r);
  if (!an.ok() || !bn.ok() || !rn.ok()) return;
  i64 nb = size(b).value.value;
  Error by_int = detail::enumerate_by_mode_int(an.value, bn.value, rn.value, nb, size(a).value.value);
  Error by_values = detail::enumerate_by_mode_values(an.value, bn.value, rn.value, nb);
  EXPECT_EQ(str(by_int), str(by_values)) << "N = " << N << ": " << what;
  ++compared;
}

TEST(ImplComposition, IntEnumerationIsTheValuesEnumeration) {
  Rng rng{20261126};
  int compared = 0, refused = 0, deep = 0, by_mode = 0;
  auto pick = [&](std::initializer_list<int> xs) { return *(xs.begin() + rng.below(static_cast<int>(xs.size()))); };
  for (int iter = 0; iter < 20000; ++iter) {
    int ra = 1 + rng.below(4);
    bool big = rng.below(8) == 0;
    std::string sa, da;
    std::vector<i64> places{1};  // the products of A's leaf sizes before each leaf
    for (int k = 0; k < ra; ++k) {
      bool nested = k == 1 && rng.below(4) == 0;
      auto stride = [&] {
        i64 d = rng.below(4) == 0 ? 0 : rng.below(41) - 12;
        if (big) d *= i64{1} << 40;
        return std::to_string(d);
      };
      int s0 = pick({1, 2, 2, 3, 4, 4, 5, 6, 8, 8, 16});
      std::string s1 = std::to_string(s0), d1 = stride();
      places.push_back(places.back() * s0);
      if (nested) {
        int s2 = pick({1, 2, 3, 4});
        s1 = "(" + s1 + "," + std::to_string(s2) + ")";
        d1 = "(" + d1 + "," + stride() + ")";
        places.push_back(places.back() * s2);
      }
      sa += (k ? "," : "") + s1;
      da += (k ? "," : "") + d1;
    }
    // B: random strides, or (half the time) small multiples of A's places, as in cutlass #2955,
    // where whole runs of B's first leaf carry into no mode of A and are passed over.
    bool placed = rng.below(2) == 0;
    int rb = (placed ? 2 : 1) + rng.below(placed ? 2 : 4);
    std::string sb, db;
    for (int k = 0; k < rb; ++k) {
      i64 d = rng.below(10) == 0 ? -1 - rng.below(4) : rng.below(6) == 0 ? 0 : rng.below(48);
      if (placed) d = places[static_cast<std::size_t>(rng.below(static_cast<int>(places.size()) - 1))] * (1 + rng.below(3));
      sb += (k ? "," : "") + std::to_string(placed ? pick({2, 3, 4, 8, 16, 32}) : pick({1, 2, 2, 3, 4, 4, 5, 6, 8, 8, 16}));
      db += (k ? "," : "") + std::to_string(d);
    }
    std::string at = "(" + sa + "):(" + da + ")", bt = "(" + sb + "):(" + db + ")";
    Layout a = L(at), b = L(bt);
    if (!check_representable(a).ok()) continue;
    i64 nb = size(b).value.value;
    // R: the by-mode result where every leaf composes, else (or by choice) a random layout.
    TupleBuilder<LayoutLeaf> rbuild;
    int kind = rng.below(4);  // 0, 1: by modes; 2: by modes, one stride moved; 3: random
    bool each = kind != 3;
    for (int k = 0; k < b.nleaves && each; ++k) {
      auto m = composition(a, Layout::of(b.leaf[k]));
      each = m.ok() && has_integer_strides(m.value);
      if (each) rbuild.push(m.value);
    }
    Layout r;
    if (each) {
      auto rl = rbuild.done();
      ASSERT_TRUE(rl.ok());
      r = rl.value;
      ++by_mode;
      if (kind == 2) {
        int k = rng.below(r.nleaves);
        r.leaf[k].stride_v += rng.below(2) ? 1 : -1;
      }
    } else {
      // Leaves of B's leaves' sizes split in two (lined up with B's leaves), or of size(B) split
      // anywhere.
      std::vector<i64> shapes;
      if (rng.below(2)) {
        for (int k = 0; k < b.nleaves; ++k) {
          i64 s = b.leaf[k].shape_value(), f = 1 + rng.below(static_cast<int>(s));
          if (s % f != 0) f = 1;
          shapes.push_back(f);
          shapes.push_back(s / f);
        }
      } else {
        i64 left = nb;
        while (left > 1) {
          i64 f = 2 + rng.below(4);
          if (left % f != 0) f = left;
          shapes.push_back(f);
          left /= f;
        }
        if (shapes.empty()) shapes.push_back(1);
      }
      std::string sr, dr;
      for (std::size_t k = 0; k < shapes.size(); ++k) {
        sr += (k ? "," : "") + std::to_string(shapes[k]);
        dr += (k ? "," : "") + std::to_string(rng.below(41) - 12);
      }
      r = L("(" + sr + "):(" + dr + ")");
    }
    if (!check_representable(b).ok() || !check_representable(r).ok() || size(r).value.value != nb) continue;
    std::string what = at + " o " + bt + " vs " + str(r);
    int before = compared;
    int_enumeration_agrees<kMaxLeaves>(a, b, r, what, compared);
    int_enumeration_agrees<8>(a, b, r, what, compared);
    if (compared > before) {
      Error e = detail::enumerate_by_mode_values(a, b, r, nb);
      if (!e.ok()) ++refused;
      // No difference, or one past B's first leaf, with several leaves: runs were walked.
      i64 first = e.ok() ? nb : std::stoll(message(e).substr(std::string("at index ").size()));
      if (b.nleaves > 1 && first >= b.leaf[0].shape_value()) ++deep;
    }
  }
  RecordProperty("compared", compared);
  RecordProperty("refused", refused);
  RecordProperty("deep", deep);
  RecordProperty("by_mode", by_mode);
  EXPECT_GT(compared, 20000);
  EXPECT_GT(refused, 2000);
  EXPECT_GT(compared / 2 - refused, 2000);
  EXPECT_GT(deep, 2000);
}

// exact_leaf's check that CuTe's leaf result is the function i -> Â(r*i) on [0, n)
// (is_leaf_function) walks integer layouts in plain integers where no evaluation can fail
// (is_leaf_function_int, r > 0 as exact_leaf has it): it answers as the comparison in Values (is_leaf_function_values, the
// definition) wherever it applies, and the dispatch answers as the Values with their errors
// everywhere. Random flat forms (strides of either sign, size-1 modes, strides near 2^61 whose
// extended values overflow), r up to 2^40, and as candidates CuTe's fold (compose_leaf), that
// fold with one stride moved by one, or a random layout of size n (some with strides near 2^61,
// not representable).
TEST(ImplComposition, LeafFunctionByIntegers) {
  Rng rng{20261127};
  int applied = 0, same = 0, differ = 0, fallback = 0, errors = 0;
  for (int iter = 0; iter < 30000; ++iter) {
    int rf = 1 + rng.below(4);
    i64 scale = rng.below(10) == 0 ? (i64{1} << (40 + rng.below(18))) : 1;  // |stride| <= 24 * 2^57 < 2^62: no overflow here
    TupleBuilder<LayoutLeaf> fb;
    for (int k = 0; k < rf; ++k)
      fb.push_leaf(LayoutLeaf{Int::dynamic(1 + rng.below(8)), Stride::integer(Int::dynamic((rng.below(33) - 8) * scale))});
    auto fr = fb.done();
    ASSERT_TRUE(fr.ok());
    Layout const& flat = fr.value;
    i64 n = 1 + rng.below(64);
    i64 r = rng.below(12) == 0 ? (i64{1} << rng.below(41)) + rng.below(5) : 1 + rng.below(40);  // r > 0 (exact_leaf)
    Layout cand;
    int kind = rng.below(4);  // 0, 1: CuTe's fold; 2: the fold, one stride moved; 3: random
    auto cute = detail::compose_leaf(flat, Int::dynamic(n), Int::dynamic(r));
    if (kind < 3 && cute.ok()) {
      cand = cute.value;
      if (kind == 2) cand.leaf[rng.below(cand.nleaves)].stride_v += rng.below(2) ? 1 : -1;
    } else {
      TupleBuilder<LayoutLeaf> cb;
      i64 left = n;
      while (left > 1) {
        i64 f = 2 + rng.below(3);
        if (left % f != 0) f = left;
        i64 d = rng.below(8) == 0 ? (i64{1} << 61) + rng.below(3) : rng.below(41) - 12;  // some not representable
        cb.push_leaf(LayoutLeaf{Int::dynamic(f), Stride::integer(Int::dynamic(d))});
        left /= f;
      }
      if (n == 1) cb.push_leaf(LayoutLeaf{Int::dynamic(1), Stride::integer(Int::dynamic(0))});
      auto cr = cb.done();
      ASSERT_TRUE(cr.ok());
      cand = cr.value;
    }
    std::string what = str(cand) + " vs " + str(flat) + " at " + std::to_string(r) + "*i, i < " + std::to_string(n);
    auto by_values = size(cand).value.value == n ? detail::is_leaf_function_values(cand, flat, n, r) : Result<bool>(false);
    auto dispatched = detail::is_leaf_function(cand, flat, n, r);
    EXPECT_EQ(dispatched.ok(), by_values.ok()) << what;
    if (dispatched.ok() && by_values.ok()) {
      EXPECT_EQ(dispatched.value, by_values.value) << what;
    }
    if (!dispatched.ok() && !by_values.ok()) {
      EXPECT_EQ(str(dispatched.error), str(by_values.error)) << what;
    }
    if (!by_values.ok()) ++errors;
    if (size(cand).value.value != n) continue;
    int fast = detail::is_leaf_function_int(cand, flat, n, r);
    if (fast < 0) {
      ++fallback;
      continue;
    }
    ++applied;
    ASSERT_TRUE(by_values.ok()) << what << ": the integer walk applied where an evaluation fails";
    EXPECT_EQ(fast == 1, by_values.value) << what;
    (fast == 1 ? same : differ) += 1;
  }
  RecordProperty("applied", applied);
  RecordProperty("same", same);
  RecordProperty("differ", differ);
  RecordProperty("fallback", fallback);
  RecordProperty("errors", errors);
  EXPECT_GT(same, 5000);
  EXPECT_GT(differ, 5000);
  EXPECT_GT(fallback, 500);
  EXPECT_GT(errors, 100);
}

// ---- at capacity N (LayoutN<N>, TilerN<N>): the same results as at the default capacity ---------

/// A tiler of capacity N read from CuTe's notation (the test fails if it does not fit N).
template <int N>
TilerN<N> TlN(std::string const& text) {
  auto r = with_capacity<N>(Tl(text));
  EXPECT_TRUE(r.ok()) << text << ": " << str(r.error);
  return r.value;
}

// constexpr at N = 4: (6,2):(8,2) o (4,3):(3,1) = ((2,2),3):((24,2),8) (docs, example 1), and
// (4,8):(8,1) o <_, 2:2> = (4,2):(8,2).
constexpr LayoutLeaf leaf_of(i64 s, i64 d) { return LayoutLeaf{Int::fixed(s), Stride::integer(Int::fixed(d))}; }
constexpr bool composes_small_at_compile_time() {
  TupleBuilder<LayoutLeaf, 4> a, b;
  a.push_leaf(leaf_of(6, 8));
  a.push_leaf(leaf_of(2, 2));
  b.push_leaf(leaf_of(4, 3));
  b.push_leaf(leaf_of(3, 1));
  auto r = composition(a.done().value, b.done().value);
  static_assert(sizeof(r.value) == sizeof(LayoutN<4>));
  bool layouts = r.ok() && r.value.nnodes == 5 && r.value.node[0] == 2 && r.value.node[1] == 2 &&
                 r.value.nleaves == 3 && r.value.leaf[0] == leaf_of(2, 24) && r.value.leaf[1] == leaf_of(2, 2) &&
                 r.value.leaf[2] == leaf_of(3, 8);
  TupleBuilder<LayoutLeaf, 4> c;
  c.push_leaf(leaf_of(4, 8));
  c.push_leaf(leaf_of(8, 1));
  TilerBuilderN<4> t;
  t.push(TilerN<4>::underscore());
  t.push(TilerN<4>::of(make_leaf<4>(Int::fixed(2), Stride::integer(Int::fixed(2)))));
  auto s = composition(c.done().value, t.done().value);
  bool tiler = s.ok() && s.value.rank() == 2 && s.value.nleaves == 2 && s.value.leaf[0] == leaf_of(4, 8) &&
               s.value.leaf[1] == leaf_of(2, 2);
  return layouts && tiler;
}
static_assert(composes_small_at_compile_time());

// The exact by-mode check runs at compile time too: cutlass #2955, (6,2):(1,7) o (3,2):(2,3), is
// refused at index 5 (B = 2*2 + 3*1 = 7, A(7) = 8, by modes 4 + 3 = 7), past B's first run.
constexpr bool refuses_2955_at_compile_time() {
  TupleBuilder<LayoutLeaf, 4> a, b;
  a.push_leaf(leaf_of(6, 1));
  a.push_leaf(leaf_of(2, 7));
  b.push_leaf(leaf_of(3, 2));
  b.push_leaf(leaf_of(2, 3));
  auto r = composition(a.done().value, b.done().value);
  return !r.ok() && r.error.condition == Cond::composition_disjoint_intervals;
}
static_assert(refuses_2955_at_compile_time());

// A tiler holds at most kMaxTilerLayouts layouts, or N where N is smaller (a profile of N leaves
// names at most N of them).
static_assert(Tiler::kLayouts == kMaxTilerLayouts && TilerN<kMaxTilerLayouts>::kLayouts == kMaxTilerLayouts);
static_assert(TilerN<4>::kLayouts == (kMaxTilerLayouts < 4 ? kMaxTilerLayouts : 4));
static_assert(sizeof(TilerN<4>) < sizeof(TilerN<8>) && sizeof(TilerN<8>) < sizeof(Tiler));

TEST(ImplCompositionCapacity, HandValuesAtSmallCapacity) {
  // The values of CuteDocumentationExamples, CuteDocumentationTilers, TilerForms,
  // NotShahAdmissibleButStillALayout and BasisStrides above, at N = 4 and N = 8.
  EXPECT_EQ(SN(composition(LN<4>("(_6,_2):(_8,_2)"), LN<4>("(_4,_3):(_3,_1)"))), "((_2,_2),_3):((_24,_2),_8)");
  EXPECT_EQ(SN(composition(LN<4>("_20:_2"), LN<4>("(_5,_4):(_4,_1)"))), "(_5,_4):(_8,_2)");
  EXPECT_EQ(SN(composition(LN<4>("(_10,_2):(_16,_4)"), LN<4>("(_5,_4):(_1,_5)"))), "(_5,(_2,_2)):(_16,(_80,_4))");
  EXPECT_EQ(SN(composition(LN<4>("(_2,_2):(_1,_0)"), LN<4>("_4:_3"))), "(_2,_2):(_1,_0)");
  EXPECT_EQ(SN(composition(LN<4>("(_4,_8):(_1@0,_1@1)"), LN<4>("_8:_2"))), "(_2,_4):(_2@0,_1@1)");
  EXPECT_EQ(SN(composition(LN<4>("(12,(4,8)):(59,(13,1))"), TlN<4>("(_3:_4,_8:_2)"))), "(_3,(2,4)):(236,(26,1))");
  EXPECT_EQ(SN(composition(LN<4>("((_4,_2),_8):((_1,_4),_8)"), TlN<4>("((_2,_),_4)"))), "((_2,_2),_4):((_1,_4),_8)");
  EXPECT_EQ(SN(composition(LN<8>("(_32,_16):(_1,_32)"), TlN<8>("(_2:_3,_3:_2)"))), "(_2,_3):(_3,_64)");
  EXPECT_EQ(SN(composition(LN<8>("((_2,(_8,_2),_2),_2,_1):((_4,(_8,_1),_2),_128,_1)"), LN<8>("(_2):(_64)"))), "(_2):(_128)");
  // (4,4,4,4):(1,10,100,1000) o (2,128):(1,2): 2:1 stays in mode 0; 128:2 takes 2 of mode 0's 4
  // (stride 2), then all of modes 1 and 2 and 4 of the last: (2,(2,4,4,4)):(1,(2,10,100,1000)),
  // 5 leaves: it fits 8, not 4.
  EXPECT_EQ(SN(composition(LN<8>("(_4,_4,_4,_4):(_1,_10,_100,_1000)"), LN<8>("(_2,_128):(_1,_2)"))),
            "(_2,(_2,_4,_4,_4)):(_1,(_2,_10,_100,_1000))");
  auto full = composition(LN<4>("(_4,_4,_4,_4):(_1,_10,_100,_1000)"), LN<4>("(_2,_128):(_1,_2)"));
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.error.code, Errc::capacity);
  EXPECT_EQ(message(full.error), "a composition with more than 4 leaves or 16 nodes");
  // By a tiler: mode 0 (4,4):(1,10) o (2,4):(1,2) = (2,(2,2)):(1,(2,10)), mode 1 kept: 5 leaves.
  EXPECT_EQ(SN(composition(LN<8>("((_4,_4),(_4,_4)):((_1,_10),(_100,_1000))"), TlN<8>("((_2,_4):(_1,_2),_)"))),
            "((_2,(_2,_2)),(_4,_4)):((_1,(_2,_10)),(_100,_1000))");
  auto tfull = composition(LN<4>("((_4,_4),(_4,_4)):((_1,_10),(_100,_1000))"), TlN<4>("((_2,_4):(_1,_2),_)"));
  ASSERT_FALSE(tfull.ok());
  EXPECT_EQ(tfull.error.code, Errc::capacity);
  EXPECT_EQ(message(tfull.error), "more than 4 leaves or 16 nodes");
  // Refusals stay refusals, with the same condition and text.
  auto bad = composition(LN<4>("(6,2):(1,7)"), LN<4>("(3,2):(2,3)"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error.condition, Cond::composition_disjoint_intervals);
  auto rank = composition(LN<4>("((_4,_2),_8):((_1,_4),_8)"), TlN<4>("((_2,_2,_2),_)"));
  ASSERT_FALSE(rank.ok());
  EXPECT_EQ(rank.error.condition, Cond::composition_tiler_rank);
  EXPECT_EQ(message(rank.error), "mode 0: the tiler has 3 modes but A has 2");
  // The structural by-mode test at N = 8 (ByModeDecidedStructurally).
  EXPECT_TRUE(detail::digits_carry_free(LN<8>("(8,((_8,4),(2,8,1))):(_1,((8,_64),(256,512,_0)))"), LN<8>("(273,4096):(5,_1)")));
  EXPECT_FALSE(detail::digits_carry_free(LN<4>("(6,2):(1,7)"), LN<4>("(3,2):(2,3)")));
  EXPECT_TRUE(detail::digits_carry_free(LN<4>("(_4,_3):(_1,_10)"), LN<4>("(_4,_3):(_1,_4)")));
}

TEST(ImplCompositionCapacity, RefusalBeforeTheEndOfAFullTupleWins) {
  // At N = 4 modes 0 and 1 give 3 + 2 leaves, past the capacity, but mode 2 is refused: the
  // refusal is the answer, as at the default capacity (a tuple that does not fit is reported
  // when it ends).
  std::string a = "((_4,_4),_4,_8):((_1,_10),_100,_1)", t = "((_2,_4):(_1,_2),(_2,_2):(_1,_2),_2:_-1)";
  auto r32 = composition(L(a), Tl(t));
  auto r4 = composition(LN<4>(a), TlN<4>(t));
  ASSERT_FALSE(r32.ok());
  EXPECT_EQ(r32.error.condition, Cond::composition_negative_stride);
  EXPECT_EQ(message(r32.error).rfind("mode 2: ", 0), 0u) << message(r32.error);
  EXPECT_EQ(SN(r4), S(r32));
  // Nested tuples name every mode on the way, outermost first.
  auto nested = composition(LN<4>("((_4,(_6,_4)),_2):((_1,(_1,_10)),_8)"), TlN<4>("((_,_4:_4),_)"));
  ASSERT_FALSE(nested.ok());
  EXPECT_EQ(nested.error.condition, Cond::composition_left_divisibility);
  EXPECT_EQ(message(nested.error).rfind("mode 0: mode 1: A's shape ", 0), 0u) << message(nested.error);
  EXPECT_EQ(SN(nested), S(composition(L("((_4,(_6,_4)),_2):((_1,(_1,_10)),_8)"), Tl("((_,_4:_4),_)"))));
}

// The pairs of the tests above (composition of layouts), with two whose result has 5 leaves.
std::vector<std::pair<char const*, char const*>> const kLayoutCases = {
    {"(_6,_2):(_8,_2)", "(_4,_3):(_3,_1)"},
    {"_20:_2", "(_5,_4):(_4,_1)"},
    {"(_10,_2):(_16,_4)", "(_5,_4):(_1,_5)"},
    {"(10,2):(16,4)", "(5,4):(1,5)"},
    {"(_4,_1):(_1,_0)", "_2:_4"},
    {"(_9,_8,_1):(_1,_9,_0)", "(_2,_18):(_18,_4)"},
    {"_8:_2", "_3:_4"},
    {"(_7,_2):(_1,_1)", "_1:_14"},
    {"(_4,_1,_32):(_1,_0,_4)", "_4:_0"},
    {"_8:_3", "(_2,_4):(_4,_1)"},
    {"(_2,_64):(_0,_2)", "_32:_1"},
    {"(_8):(_2)", "(_4,_2):(_0,_2)"},
    {"((_2,(_8,_2),_2),_2,_1):((_4,(_8,_1),_2),_128,_1)", "(_2):(_64)"},  // A: 7 leaves
    {"(_4,_8):(_1@0,_1@1)", "(_2,_2):(_2@1,_1@0)"},
    {"(_4,(_2,_8)):(_3,(_1,_16))", "_4:_1@1"},
    {"(_4,_8):(_1@0,_1@1)", "_8:_2"},
    {"(6,2):(1,7)", "(3,2):(2,3)"},
    {"(_6,_2):(_1,_7)", "(_3,_2):(_2,_3)"},
    {"(6,4):(1,10)", "4:4"},
    {"(4,3):(1,10)", "6:1"},
    {"(_6,_4):(_1,_10)", "_2:_4"},
    {"(_2,_2):(_1,_0)", "_2:_3"},
    {"(_2,_2):(_1,_0)", "_4:_3"},
    {"(_4,_4,_1):(_1,_4,_0)", "(_2,_4):(_2,_1)"},
    {"(_4,_4):(_1,_16)", "(_2,_4):(_2,_1)"},
    {"_8:_1", "_2:_-1"},
    {"(8,((_8,4),(2,8,1))):(_1,((8,_64),(256,512,_0)))", "(273,4096):(5,_1)"},  // A: 7 leaves
    {"(_4,_4,_4,_4):(_1,_10,_100,_1000)", "(_2,_128):(_1,_2)"},                  // R: 5 leaves
    {"_4:_4611686018427387904", "_4:_4"},
    {"(_6,_1073741824):(_1,_10)", "_8388608:_4"},
};

// The tilers of the tests above, with nested refusals and results of 5 leaves.
std::vector<std::pair<char const*, char const*>> const kTilerCases = {
    {"(12,(4,8)):(59,(13,1))", "(_3:_4,_8:_2)"},
    {"(12,(4,8)):(59,(13,1))", "(_3,_8)"},
    {"(_32,_16):(_1,_32)", "(_2:_3,_3:_2)"},
    {"(_6,_2):(_1,_6)", "(_)"},
    {"(_4,_8):(_8,_1)", "(_,_2:_2)"},
    {"(_4,_8):(_8,_1)", "_"},
    {"(_4,_8):(_8,_1)", "_4:_2"},
    {"((_4,_2),_8):((_1,_4),_8)", "((_2,_),_4)"},
    {"(_4,_2):(_1,_4)", "(_2,_2,_2)"},
    {"(_4,(_6,_4)):(_1,(_1,_10))", "(_,_4:_4)"},
    {"((_4,_4),(_4,_4)):((_1,_10),(_100,_1000))", "((_2,_4):(_1,_2),_)"},                    // R: 5 leaves
    {"((_4,_4),_4,_8):((_1,_10),_100,_1)", "((_2,_4):(_1,_2),(_2,_2):(_1,_2),_2:_-1)"},  // refused at mode 2
    {"((_4,(_6,_4)),_2):((_1,(_1,_10)),_8)", "((_,_4:_4),_)"},
    {"((_4,_2),_8):((_1,_4),_8)", "((_2,_2,_2),_)"},
};

/// Where A and B fit N, the composition at N is the default's: the same layout, the same refusal
/// (condition and text), or capacity exactly where the default's result (or the default itself)
/// passes N. Counts the cases that fit N (fit) and those refused for capacity at N only (full).
template <int N, class B, class ToB, class ToBN>
void composition_agrees_with_default_capacity(std::vector<std::pair<char const*, char const*>> const& cases,
                                              ToB const& to_b, ToBN const& to_bn, int& fit, int& full) {
  fit = full = 0;
  for (auto const& [at, bt] : cases) {
    Layout a = L(at);
    B b = to_b(bt);
    auto r = composition(a, b);
    auto an = with_capacity<N>(a);
    auto bn = to_bn(b);
    if (!an.ok() || !bn.ok()) continue;
    ++fit;
    auto rn = composition(an.value, bn.value);
    bool fits = r.ok() && with_capacity<N>(r.value).ok();
    if (fits || (!r.ok() && r.error.code != Errc::capacity)) {
      EXPECT_EQ(SN(rn), S(r)) << at << " o " << bt;
    } else {
      ASSERT_FALSE(rn.ok()) << at << " o " << bt;
      EXPECT_EQ(rn.error.code, Errc::capacity) << at << " o " << bt << ": " << str(rn.error);
      if (r.ok()) ++full;
    }
  }
}

TEST(ImplCompositionCapacity, AgreesWithDefaultCapacity) {
  auto lb = [](char const* t) { return L(t); };
  auto tb = [](char const* t) { return Tl(t); };
  int fit = 0, full = 0;
  composition_agrees_with_default_capacity<4, Layout>(kLayoutCases, lb, [](Layout const& b) { return with_capacity<4>(b); },
                                                      fit, full);
  EXPECT_EQ(fit, 28);  // all but the two As of 7 leaves
  EXPECT_EQ(full, 1);  // the result of 5 leaves
  composition_agrees_with_default_capacity<8, Layout>(kLayoutCases, lb, [](Layout const& b) { return with_capacity<8>(b); },
                                                      fit, full);
  EXPECT_EQ(fit, 30);
  EXPECT_EQ(full, 0);
  composition_agrees_with_default_capacity<4, Tiler>(kTilerCases, tb, [](Tiler const& b) { return with_capacity<4>(b); },
                                                     fit, full);
  EXPECT_EQ(fit, 14);
  EXPECT_EQ(full, 1);  // the result of 5 leaves (the other one is refused before its end)
  composition_agrees_with_default_capacity<8, Tiler>(kTilerCases, tb, [](Tiler const& b) { return with_capacity<8>(b); },
                                                     fit, full);
  EXPECT_EQ(fit, 14);
  EXPECT_EQ(full, 0);
}

TEST(ImplCompositionCapacity, TilerCapacity) {
  // with_capacity converts a tiler: its profile and every layout must fit.
  auto t = with_capacity<4>(Tl("((_2,_4):(_1,_2),_,_3:_1)"));
  ASSERT_TRUE(t.ok()) << str(t.error);
  EXPECT_EQ(t.value.n, 2);
  EXPECT_EQ(t.value.rank(), 3);
  EXPECT_EQ(with_capacity<2>(Tl("(_2,_3,_4)")).error.code, Errc::capacity);          // 3 profile leaves
  EXPECT_EQ(with_capacity<2>(Tl("(_2,_2,_2):(_1,_2,_4)")).error.code, Errc::capacity);  // a layout of 3 leaves
  // A builder at N = 4 takes 4 layouts, not 5.
  TilerBuilderN<4> b;
  for (int k = 0; k < 4; ++k) b.push(TilerN<4>::of(make_leaf<4>(Int::fixed(2), Stride::integer(Int::fixed(1)))));
  auto four = b.done();
  ASSERT_TRUE(four.ok()) << str(four.error);
  EXPECT_EQ(four.value.n, 4);
  b.push(TilerN<4>::of(make_leaf<4>(Int::fixed(2), Stride::integer(Int::fixed(1)))));
  auto five = b.done();
  ASSERT_FALSE(five.ok());
  EXPECT_EQ(five.error.code, Errc::capacity);
  EXPECT_EQ(message(five.error), "a tiler with more than 4 layouts");
}

}  // namespace
}  // namespace layoutref::impl
