// Laws through the symbolic algebra (algebra.hpp): operations computed on layouts whose leaves
// are terms, then the query on the result, for every value within wide bounds (issue 15's
// examples and kernel questions among them).
#include <layoutref/proofs/algebra.hpp>
#include <layoutref/proofs/laws.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/term.hpp>

namespace layoutref::proofs {

namespace {

std::vector<z3::expr> terms(Setting const& s, std::vector<std::string> const& texts) {
  std::vector<z3::expr> out;
  for (auto const& t : texts) out.push_back(law_term(s, t));
  return out;
}

}  // namespace

std::vector<LawResult> symbolic_laws(unsigned timeout_ms) {
  std::vector<LawResult> out;
  {
    z3::context c;
    char const* where = "a in 1..2^16, b in 1..2^16";
    Setting s = law_setting(c, where, timeout_ms);
    Fn r = Fn::of(composition(s, law_layout(s, "(a,b):(1,a)").layout, law_layout(s, "(b,a):(a,1)").layout).layout);
    out.push_back({"symbolic", "composition((a,b):(1,a), (b,a):(a,1)) = (b,a):(a,1)", where, Status::proved,
                   equal(s, r, law_layout(s, "(b,a):(a,1)"))});
  }
  {
    z3::context c;
    char const* where = "n0 in 1..2^10, n1 in 1..2^10, d0 in 1..2^10, e1 in 1..2^10, t in 1..2^10";
    Setting s = law_setting(c, where, timeout_ms);
    Fn a = law_layout(s, "(n0,n1):(d0,n0*d0*e1)");
    Fn r = Fn::of(complement(s, a.layout, law_term(s, "n1*n0*d0*e1*t")).layout);
    out.push_back({"symbolic", "complement((n0,n1):(d0,n0*d0*e1), n1*n0*d0*e1*t) = (d0,e1,t):(1,n0*d0,n1*n0*d0*e1)", where,
                   Status::proved, equal(s, r, law_layout(s, "(d0,e1,t):(1,n0*d0,n1*n0*d0*e1)"))});
  }
  {
    z3::context c;
    char const* where = "M in 1..2^16, N in 1..2^16, bM in 1..2^8, bN in 1..2^8, M % bM == 0, N % bN == 0";
    Setting s = law_setting(c, where, timeout_ms);
    Fn r = Fn::of(logical_divide(s, law_layout(s, "(M,N):(1,M)").layout, terms(s, {"bM", "bN"})).layout);
    out.push_back({"symbolic", "logical_divide((M,N):(1,M), (bM,bN)) = ((bM,M/bM),(bN,N/bN)):((1,bM),(M,M*bN)) when bM | M, bN | N", where,
                   Status::proved, equal(s, r, law_layout(s, "((bM,M/bM),(bN,N/bN)):((1,bM),(M,M*bN))"))});
  }
  {
    // Issue 15's first kernel question, as a kernel author writes it: local_tile's 128 x 128
    // tiles of the M x N coordinate tensor, every tile (`_`), each split by local_partition over
    // (32,8) threads, every thread (`_`): each coordinate of (M,N) is reached exactly once.
    z3::context c;
    char const* where = "M in 128..2^20, N in 128..2^20, M % 128 == 0, N % 128 == 0";
    Setting s = law_setting(c, where, timeout_ms);
    LeafLayout id = identity_tensor(s, law_layout(s, "(M,N):(1,1)").layout).layout;
    LeafLayout tiles = local_tile(s, id, terms(s, {"128", "128"}), SymCoord::tuple({SymCoord::underscore(), SymCoord::underscore()})).layout;
    Fn r = Fn::of(local_partition(s, tiles, law_layout(s, "(32,8):(1,32)").layout, std::nullopt).layout);
    out.push_back({"symbolic",
                   "local_partition(local_tile(make_identity_tensor((M,N)), (_128,_128), (_,_)), (32,8):(1,32), _) reaches each "
                   "coordinate of (M,N) once",
                   where, Status::proved, bijective_onto(s, r, terms(s, {"M", "N"}))});
  }
  // A TiledMMA's partitions over every thread (`_`): partition_C of SM80_16x8x16 repeated (2,2,1)
  // reaches each coordinate of (M,N) once; partition_A with one atom column (ThrN = 1) each of
  // (M,K) once (with ThrN > 1 it reaches each ThrN times, tested only).
  auto mma_covers = [&](char const* where, spec::MmaOperand op, char const* atom_layout, char const* rows, char const* cols,
                        std::string const& statement, char const* permutation = "_") {
    z3::context c;
    Setting s = law_setting(c, where, timeout_ms);
    spec::TiledMma mma = spec::make_tiled_mma(spec::mma_atom("SM80_16x8x16_F16F16F16F16_TN"),
                                              spec::to_layout(notation::parse(atom_layout).term),
                                              std::string(permutation) == "_" ? spec::Tiler::underscore()
                                                                              : spec::to_tiler(notation::parse(permutation).term));
    LeafLayout id = identity_tensor(s, law_layout(s, std::string("(") + rows + "," + cols + "):(1,1)").layout).layout;
    Fn r = Fn::of(mma_partition(s, mma, op, id, std::nullopt).layout);
    out.push_back({"symbolic", statement, where, Status::proved, bijective_onto(s, r, terms(s, {rows, cols}))});
  };
  mma_covers("M in 32..2^16, N in 16..2^16, M % 32 == 0, N % 16 == 0", spec::MmaOperand::C, "(2,2,1):(1,2,0)", "M", "N",
             "mma_partition_C(SM80_16x8x16_F16F16F16F16_TN, (2,2,1):(1,2,0), _, make_identity_tensor((M,N)), _) reaches each coordinate of (M,N) once");
  mma_covers("M in 32..2^16, K in 16..2^16, M % 32 == 0, K % 16 == 0", spec::MmaOperand::A, "(2,1,1):(1,0,0)", "M", "K",
             "mma_partition_A(SM80_16x8x16_F16F16F16F16_TN, (2,1,1):(1,0,0), _, make_identity_tensor((M,K)), _) reaches each coordinate of (M,K) once");
  // An explicit permutation of M (CuTe's Tile<Layout<Shape<_2,_4,_4>,Stride<_1,_8,_2>>,_,_>).
  mma_covers("M in 32..2^16, N in 16..2^16, M % 32 == 0, N % 16 == 0", spec::MmaOperand::C, "(2,2,1):(1,2,0)", "M", "N",
             "mma_partition_C(SM80_16x8x16_F16F16F16F16_TN, (2,2,1):(1,2,0), ((2,4,4):(1,8,2),_,_), make_identity_tensor((M,N)), _) "
             "reaches each coordinate of (M,N) once",
             "((2,4,4):(1,8,2),_,_)");
  {
    // Tiles of any size bM x bN that divide the problem cover it once (local_tile over every tile).
    z3::context c;
    char const* where = "p in 1..2^12, q in 1..2^12, bM in 1..2^8, bN in 1..2^8, M in 1..2^20, N in 1..2^20, M == bM*p, N == bN*q";
    Setting s = law_setting(c, where, timeout_ms);
    LeafLayout id = identity_tensor(s, law_layout(s, "(M,N):(1,1)").layout).layout;
    Fn r = Fn::of(local_tile(s, id, terms(s, {"bM", "bN"}), SymCoord::tuple({SymCoord::underscore(), SymCoord::underscore()})).layout);
    out.push_back({"symbolic", "local_tile(make_identity_tensor((M,N)), (bM,bN), (_,_)) reaches each coordinate of (M,N) once (bM | M, bN | N)",
                   where, Status::proved, bijective_onto(s, r, terms(s, {"M", "N"}))});
  }
  {
    // One thread's partition of one tile, (i,j) and t symbolic: its offsets stay in [0, M*N).
    z3::context c;
    char const* where = "M in 128..2^20, N in 128..2^20, M % 128 == 0, N % 128 == 0, i in 0..2^13, j in 0..2^13, t in 0..255, "
                        "128*i < M, 128*j < N";
    Setting s = law_setting(c, where, timeout_ms);
    SymCoord ij = SymCoord::tuple({SymCoord::at(law_term(s, "i")), SymCoord::at(law_term(s, "j"))});
    LeafLayout tile = local_tile(s, law_layout(s, "(M,N):(1,M)").layout, terms(s, {"128", "128"}), ij).layout;
    Fn r = Fn::of(local_partition(s, tile, law_layout(s, "(32,8):(1,32)").layout, law_term(s, "t")).layout);
    out.push_back({"symbolic", "local_partition(local_tile((M,N):(1,M), (_128,_128), (i,j)), (32,8):(1,32), t) stays within [0, M*N)",
                   where, Status::proved, image_within(s, r, law_term(s, "0"), law_term(s, "M*N"))});
  }
  {
    z3::context c;
    char const* where = "M in 1..2^16, N in 1..2^16";
    Setting s = law_setting(c, where, timeout_ms);
    out.push_back({"symbolic", "refutation: the offsets of (M,N):(1,M) fit int32 for M, N up to 2^16", where, Status::refuted,
                   fits_int32(s, law_layout(s, "(M,N):(1,M)"))});
  }
  {
    // Issue 15's second kernel question: the offsets of the tiled copy's thread partitions, every
    // tile and thread, do not all fit int32 for M, N up to 2^16 (refuted with a counterexample).
    z3::context c;
    char const* where = "M in 128..2^16, N in 128..2^16, M % 128 == 0, N % 128 == 0";
    Setting s = law_setting(c, where, timeout_ms);
    LeafLayout tiles =
        local_tile(s, law_layout(s, "(M,N):(1,M)").layout, terms(s, {"128", "128"}), SymCoord::tuple({SymCoord::underscore(), SymCoord::underscore()}))
            .layout;
    Fn r = Fn::of(local_partition(s, tiles, law_layout(s, "(32,8):(1,32)").layout, std::nullopt).layout);
    out.push_back({"symbolic", "refutation: the offsets of local_partition(local_tile((M,N):(1,M), (_128,_128), (_,_)), (32,8):(1,32), _) fit int32 for M, N up to 2^16",
                   where, Status::refuted, fits_int32(s, r)});
  }
  {
    // The mode laws of logical_product for compact A and B, for all values: mode 0 is A, mode 1
    // is size(A) * B, and the whole is a bijection onto [0, size(A) * size(B)).
    z3::context c;
    char const* where = "a in 1..2^10, b in 1..2^10, c in 1..2^10, d in 1..2^10";
    Setting s = law_setting(c, where, timeout_ms);
    Fn r = Fn::of(logical_product(s, law_layout(s, "(a,b):(1,a)").layout, law_layout(s, "(c,d):(1,c)").layout).layout);
    out.push_back({"symbolic", "logical_product((a,b):(1,a), (c,d):(1,c)) = ((a,b),(c,d)):((1,a),(a*b,a*b*c)), a bijection", where,
                   Status::proved,
                   all_of_two(equal(s, r, law_layout(s, "((a,b),(c,d)):((1,a),(a*b,a*b*c))")), bijective(s, r, law_term(s, "a*b*c*d")))});
  }
  {
    // blocked_product and raked_product of compact A and B, for all values: CuTe's zip of
    // logical_product's modes (the 2x2 block of 02_layout_algebra.md repeated c x d times, with
    // every size a variable); each is a bijection onto [0, a*b*c*d), logical_product's image
    // (every value once: the same multiset, and size(A) * size(B)).
    z3::context c;
    char const* where = "a in 1..2^10, b in 1..2^10, c in 1..2^10, d in 1..2^10";
    Setting s = law_setting(c, where, timeout_ms);
    LeafLayout a = law_layout(s, "(a,b):(1,a)").layout, b = law_layout(s, "(c,d):(1,c)").layout;
    Fn blocked = Fn::of(blocked_product(s, a, b, false).layout), raked = Fn::of(blocked_product(s, a, b, true).layout);
    z3::expr n = law_term(s, "a*b*c*d");
    out.push_back({"symbolic",
                   "blocked_product((a,b):(1,a), (c,d):(1,c)) = ((a,c),(b,d)):((1,a*b),(a,a*b*c)) and raked_product = "
                   "((c,a),(d,b)):((a*b,1),(a*b*c,a)), each a bijection onto [0,a*b*c*d)",
                   where, Status::proved,
                   all_of_two(all_of_two(equal(s, blocked, law_layout(s, "((a,c),(b,d)):((1,a*b),(a,a*b*c))")),
                                         equal(s, raked, law_layout(s, "((c,a),(d,b)):((a*b,1),(a*b*c,a))"))),
                              all_of_two(bijective(s, blocked, n), bijective(s, raked, n)))});
  }
  {
    // tile_to_shape of a symbolic column-major block to a symbolic shape it divides: CuTe's
    // blocked_product of the block by the column-major repetitions (p,q); it fills (M,N) once.
    z3::context c;
    char const* where = "p in 1..2^12, q in 1..2^12, bM in 1..2^8, bN in 1..2^8, M in 1..2^20, N in 1..2^20, M == bM*p, N == bN*q";
    Setting s = law_setting(c, where, timeout_ms);
    Fn r = Fn::of(tile_to_shape(s, law_layout(s, "(bM,bN):(1,bM)").layout, law_layout(s, "(M,N):(1,1)").layout, std::nullopt).layout);
    out.push_back({"symbolic",
                   "tile_to_shape((bM,bN):(1,bM), (M,N)) = ((bM,p),(bN,q)):((1,bM*bN),(bM,bM*bN*p)), a bijection onto [0,M*N) (M == bM*p, N == bN*q)",
                   where, Status::proved,
                   all_of_two(equal(s, r, law_layout(s, "((bM,p),(bN,q)):((1,bM*bN),(bM,bM*bN*p))")), bijective(s, r, law_term(s, "M*N")))});
  }
  {
    // zipped_divide gathers the tiles: ((bM,bN),(M/bM,N/bN)):((1,M),(bM,M*bN)) when bM | M, bN | N.
    z3::context c;
    char const* where = "M in 1..2^16, N in 1..2^16, bM in 1..2^8, bN in 1..2^8, M % bM == 0, N % bN == 0";
    Setting s = law_setting(c, where, timeout_ms);
    Fn r = Fn::of(divide(s, "zipped_divide", law_layout(s, "(M,N):(1,M)").layout, terms(s, {"bM", "bN"})).layout);
    out.push_back({"symbolic", "zipped_divide((M,N):(1,M), (bM,bN)) = ((bM,bN),(M/bM,N/bN)):((1,M),(bM,M*bN)) when bM | M, bN | N", where,
                   Status::proved, equal(s, r, law_layout(s, "((bM,bN),(M/bM,N/bN)):((1,M),(bM,M*bN))"))});
  }
  {
    // tiled_divide and flat_divide by a layout: (32,4):(1,M) tiles of (M,N):(1,M), the rests
    // complement(B, M*N)'s modes (p, q), spread because neither is 1 (p, q >= 2); each arrangement
    // is a bijection onto [0, M*N), logical_divide's image.
    z3::context c;
    char const* where = "p in 2..2^10, q in 2..2^10, M in 64..2^16, N in 8..2^16, M == 32*p, N == 4*q";
    Setting s = law_setting(c, where, timeout_ms);
    LeafLayout a = law_layout(s, "(M,N):(1,M)").layout, b = law_layout(s, "(32,4):(1,M)").layout;
    Fn tiled = Fn::of(arranged(s, "tiled_divide", a, b).layout), flat = Fn::of(arranged(s, "flat_divide", a, b).layout);
    z3::expr n = law_term(s, "M*N");
    out.push_back({"symbolic",
                   "tiled_divide((M,N):(1,M), (32,4):(1,M)) = ((32,4),p,q):((1,M),32,4*M) and flat_divide = (32,4,p,q):(1,M,32,4*M), "
                   "each a bijection onto [0,M*N) (M == 32*p, N == 4*q)",
                   where, Status::proved,
                   all_of_two(all_of_two(equal(s, tiled, law_layout(s, "((32,4),p,q):((1,M),32,4*M)")),
                                         equal(s, flat, law_layout(s, "(32,4,p,q):(1,M,32,4*M)"))),
                              all_of_two(bijective(s, tiled, n), bijective(s, flat, n)))});
  }
  {
    // The inverses of the row-major layouts, as the operations compute them, for all values: the
    // column-major layouts of the reversed shapes (docs/laws.md, "Inverses").
    z3::context c;
    char const* where = "a in 1..2^16, b in 1..2^16, c in 1..2^16";
    Setting s = law_setting(c, where, timeout_ms);
    Fn r = Fn::of(inverse(s, "right_inverse", law_layout(s, "(a,b,c):(b*c,c,1)").layout).layout);
    Fn l = Fn::of(inverse(s, "left_inverse", law_layout(s, "(a,b,c):(b*c,c,1)").layout).layout);
    out.push_back({"symbolic", "right_inverse and left_inverse of (a,b,c):(b*c,c,1) are (c,b,a):(a*b,a,1)", where, Status::proved,
                   all_of_two(equal(s, r, law_layout(s, "(c,b,a):(a*b,a,1)")), equal(s, l, law_layout(s, "(c,b,a):(a*b,a,1)")))});
  }
  {
    // make_ordered_layout((a,b,c), (1,2,0)) = (a,b,c):(c,c*a,1), compact in the order 2, 0, 1.
    z3::context c;
    char const* where = "a in 1..2^20, b in 1..2^20, c in 1..2^20";
    Setting s = law_setting(c, where, timeout_ms);
    out.push_back({"symbolic", "make_ordered_layout((a,b,c), (1,2,0)) = (a,b,c):(c,c*a,1) bijective onto [0,a*b*c)", where, Status::proved,
                   bijective(s, law_layout(s, "(a,b,c):(c,c*a,1)"), law_term(s, "a*b*c"))});
  }
  return out;
}

}  // namespace layoutref::proofs
