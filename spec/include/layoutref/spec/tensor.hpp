// layoutref::spec — Tensor = Engine + Layout.
//
// Sources: CuTe docs 03_tensor.md (the seed document "Tensor"): engines, memory tags, owning and
// non-owning tensors, access, slicing, tiling, inner/outer/thread-value partitioning;
// 0z_tma_tensors.md and Lei Mao's "CuTe Arithmetic Tuple Tensors": ArithTuple ("coordinate") tensors;
// cute/tensor_impl.hpp (inner_partition, outer_partition, local_tile, local_partition,
// make_identity_tensor), cute/pointer.hpp, cute/numeric/arithmetic_tuple.hpp,
// cute/util/print_tensor.hpp (print formats).
//
// Meaning (the spec's contract): a tensor T = E o L is the function from the coordinates of L
// to elements, T(c) = E advanced by L(c) (CuTe: tensor(c) = data()[layout()(c)]):
//  - a pointer advanced by the integer k points k elements further: its byte address grows by
//    k * bits / 8;
//  - an ArithTuple (counting) iterator advanced by a Value v holds the coordinate origin + v
//    (v is a sum of scaled basis elements k@p: k is added at mode path p of the coordinate);
//  - an owning array advanced by k points at storage[offset + k].
// Every operation below is defined by what it does to that function: the divides and
// composition keep the engine and transform the layout; slicing advances the engine by the
// offset of the fixed coordinates and keeps the `_` modes; the partitioners are divides
// followed by slices.
#pragma once

#include <layoutref/notation/term.hpp>
#include <layoutref/spec/admissibility.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/tiler.hpp>

#include <functional>
#include <string>
#include <vector>

namespace layoutref::spec {

/// The memory-space tag of a pointer (CuTe make_gmem_ptr / make_smem_ptr / make_rmem_ptr);
/// generic is an untagged pointer.
enum class MemorySpace { generic, gmem, smem, rmem };

/// The iterator a tensor holds. A plain value: copying it copies an owning array's storage.
struct Engine {
  enum class Kind {
    pointer,   ///< a (tagged) pointer to elements of `bits` bits at byte `address`
    counting,  ///< CuTe's ArithmeticTupleIterator: it holds the coordinate `origin`
    array,     ///< an owning array (CuTe's ArrayEngine): it points at storage[offset]
  };
  Kind kind = Kind::pointer;
  MemorySpace space = MemorySpace::generic;  ///< pointer only
  int bits = 32;                             ///< pointer and array: the element width
  i64 address = 0;                           ///< pointer: where it points; array: where storage[0] lies (for printing)
  IntTuple origin = IntTuple(0);             ///< counting: the coordinate (its profile is the codomain's)
  std::vector<i64> storage;                  ///< array: the elements (integers: the spec does not model float values)
  i64 offset = 0;                            ///< array: the index it points at

  /// @pre bits is a positive multiple of 8 and address >= 0, else bad_argument
  static Engine pointer(MemorySpace space, int bits, i64 address);
  static Engine counting(IntTuple origin);
  /// An owning array of `storage.size()` elements of `bits` bits, printed as lying at `address`.
  /// @pre bits is a positive multiple of 8 and address >= 0, else bad_argument
  static Engine array(int bits, std::vector<i64> storage, i64 address = 0);

  friend bool operator==(Engine const&, Engine const&) = default;
};

struct Tensor {
  Engine engine;
  Layout layout;
  friend bool operator==(Tensor const&, Tensor const&) = default;
};

/// make_tensor(engine, layout).
/// @pre pointer and array engines need integer strides; an array engine needs
///      0 <= offset + L(i) < storage size for every i (CuTe requires cosize(L) <= N for its
///      static ArrayEngine<T,N>; the spec does not track static-ness, only the bound).
///      Else bad_argument.
Tensor make_tensor(Engine engine, Layout layout);

/// make_tensor<T>(layout) for an owning array: storage of cosize(L) elements, all `fill`.
/// @pre integer strides, L(i) >= 0 for every i (else bad_argument)
Tensor make_owning_tensor(Layout layout, int bits = 32, i64 fill = 0, i64 address = 0);

/// make_identity_tensor(shape) (cute/tensor_impl.hpp): a counting tensor whose origin is the
/// zero coordinate with the profile of `shape` (CuTe's coprofile of the identity layout) and
/// whose layout is make_identity_layout(shape) = shape : make_basis_like(shape).
/// @post element(T, c) is the natural coordinate of c, for every coordinate c of shape.
Tensor make_identity_tensor(IntTuple const& shape);

// --- queries --------------------------------------------------------------------------------------

inline int rank(Tensor const& t) { return rank(t.layout); }
inline int depth(Tensor const& t) { return depth(t.layout); }
inline IntTuple const& shape(Tensor const& t) { return t.layout.shape; }
inline i64 size(Tensor const& t) { return size(t.layout); }
/// tensor<I0,I1,...>(T) (cute/tensor_impl.hpp): the same engine with layout<I0,I1,...>(L).
Tensor get(Tensor const& t, std::vector<int> const& path);

// --- elements -----------------------------------------------------------------------------------

/// The engine advanced by `offset` (CuTe's `data() + offset`).
/// @pre pointer and array engines: offset is an integer; the new address / index fits in 64
///      bits and the address stays >= 0 (else bad_argument or overflow). Counting engines: each
///      basis term k@p is added at path p of the origin, which grows with zero entries where p
///      reaches past it (CuTe's ArithmeticTuple +, append<R>(t, _0)); a non-zero integer part
///      needs an integral origin, and p must not run through an integer entry (else
///      bad_argument).
Engine advance(Engine const& e, Value const& offset);

/// T(c): the engine advanced by L(c), for a coordinate c of any profile weakly congruent with
/// shape(L) (1-D, R-D or natural, as Layout accepts). @pre c lies in the domain of L
Engine element(Tensor const& t, IntTuple const& coord);
/// T(i) for a 1-D index. @pre 0 <= i < size(T)
Engine element(Tensor const& t, i64 index);

/// The value an element engine designates: a pointer's byte address, a counting iterator's
/// coordinate, an array's stored value. Each needs the matching kind (else bad_argument);
/// `stored_value` needs 0 <= offset < storage size (else bad_argument).
i64 address(Engine const& e);
IntTuple const& coordinate(Engine const& e);
i64 stored_value(Engine const& e);

/// A counting engine's coordinate as a Value (x at mode path p as x@p; an integral origin is
/// the integer): profile-free, so that (0,5) and (0,5,0) compare equal as CuTe's arithmetic does.
Value coordinate_value(Engine const& e);

/// Whether two engines designate the same element: same kind and, for pointers, the same
/// space, width and address; for counting iterators the same coordinate value; for arrays the
/// same stored value.
bool same_element(Engine const& a, Engine const& b);

// --- slicing, composition, divides ---------------------------------------------------------------

/// T(coord) with `_` entries (docs 03_tensor.md "Slicing"): the engine advanced by the offset of
/// the fixed entries, the layout of the `_` modes (spec::slice on the layout).
Tensor slice(SliceCoord const& coord, Tensor const& t);

/// composition(T, tiler) and the divides (cute/tensor_impl.hpp): the engine unchanged, the
/// layout transformed by the spec's operation (composition.hpp, divide.hpp), whose
/// admissibility they share (Error(inadmissible) naming the condition).
Tensor composition(Tensor const& t, Tiler const& tiler);
Tensor divide(DivideKind kind, Tensor const& t, Tiler const& tiler);
inline Tensor logical_divide(Tensor const& t, Tiler const& tiler) { return divide(DivideKind::logical, t, tiler); }
inline Tensor zipped_divide(Tensor const& t, Tiler const& tiler) { return divide(DivideKind::zipped, t, tiler); }
inline Tensor tiled_divide(Tensor const& t, Tiler const& tiler) { return divide(DivideKind::tiled, t, tiler); }
inline Tensor flat_divide(Tensor const& t, Tiler const& tiler) { return divide(DivideKind::flat, t, tiler); }

// --- partitioning ----------------------------------------------------------------------------------

/// inner_partition(T, tiler, coord) = local_tile (cute/tensor_impl.hpp): Z = zipped_divide(T,
/// tiler), of shape (Tile, Rest); keep the whole tile and fix the rest at coord:
/// Z((_,...,_), coord') where the tile part has one `_` per mode of Tile and coord' is coord
/// padded with trailing `_` to the rank of Rest (a non-tuple coord is a 1-D index into Rest).
/// @pre rank(coord) <= rank of Rest (else bad_argument); coord in range.
Tensor inner_partition(Tensor const& t, Tiler const& tiler, SliceCoord const& coord);
inline Tensor local_tile(Tensor const& t, Tiler const& tiler, SliceCoord const& coord) {
  return inner_partition(t, tiler, coord);
}

/// outer_partition(T, tiler, coord): Z = zipped_divide(T, tiler); fix the position inside the
/// tile at coord (padded with `_` to the rank of Tile) and keep every tile: Z(coord', (_,...,_)).
Tensor outer_partition(Tensor const& t, Tiler const& tiler, SliceCoord const& coord);

/// thr.get_flat_coord(idx): the flat coordinate c (one 1-D coordinate per top-level mode of
/// thr; an integer for an integral shape) with thr(c) = idx. CuTe computes (idx / d) % s per
/// mode, which is that coordinate for the compact thread layouts it is meant for; the spec
/// solves thr(c) = idx by search (bounded by table_limit()).
/// @pre idx is a value of thr, taken at one coordinate only: else Error(inadmissible) with
///      condition "get_flat_coord.not_a_value" or "get_flat_coord.not_unique".
IntTuple get_flat_coord(Layout const& thr, i64 idx);

/// local_partition(T, thr, idx) = outer_partition(T, product_each(shape(thr)), thr.get_flat_coord(idx)).
Tensor local_partition(Tensor const& t, Layout const& thr, i64 idx);

/// Thread-value partitioning (docs 03_tensor.md): slice (thr_idx, _) of composition(T, tv), where
/// tv maps (thread, value) to coordinates of T. @pre rank(tv) == 2 (else bad_argument)
Tensor tv_partition(Tensor const& t, Layout const& tv, i64 thr_idx);

// --- printing ---------------------------------------------------------------------------------------

/// CuTe's print of an iterator, without static markers: `ptr[32b](0x7f42efc00000)`,
/// `gmem_ptr[32b](0x...)`, `smem_ptr[16b](0x...)`, `rmem_ptr[..](..)`, `ArithTuple(128,130)`.
/// An owning array prints as the untagged pointer to its current element (CuTe's ArrayEngine).
/// Addresses are printed `0x` + lower-case hex (glibc's %p; glibc writes a null pointer as
/// `(nil)`, the spec as `0x0`).
std::string str(Engine const& e);
/// `<engine> o <layout>`.
std::string str(Tensor const& t);

/// cute::print_tensor(T): the header `str(T):` (when print_type), then for rank 1 one element
/// a line; rank 2 one row a line; rank 3 the rank-2 slices T(_,_,k) separated by 5*size<1>(T)
/// dashes; rank 4 the rank-3 slices T(_,_,_,p) separated by 5*size<1>(T) `=`; other ranks
/// print nothing after the header. Elements follow cute::pretty_print: a stored integer as
/// "%5lld", a coordinate as two blanks then the tuple. @pre no pointer engine (the spec does
/// not know the memory a pointer designates), else bad_argument.
std::string print_tensor(Tensor const& t, bool print_type = true);

// --- notation ------------------------------------------------------------------------------------------

/// A tensor term `<engine> o <layout>`: `ptr[..](0x..)`, `gmem_ptr`, `smem_ptr`, `rmem_ptr`, or
/// `ArithTuple(...)`, then a layout. bad_argument naming line and column otherwise.
Tensor to_tensor(notation::Term const& t);

// --- judging claimed tensors ---------------------------------------------------------------------------

/// A claimed tensor, or "error" (the claim that the operation has no result).
struct TensorClaim {
  bool error = false;
  Tensor tensor;
};

/// Judge a claim against the spec's result, computed by `build`:
///  - build throws Error(inadmissible): only an "error" claim is right;
///  - otherwise an "error" claim is wrong ("refused an admissible input"); a claimed tensor is
///    right when its engine has the same kind (a pointer the same space and width; pointer and
///    array claims integer strides), its shape refines the shape of the spec's result (refines()
///    of reference.hpp: compatible mode by mode) and its element at every 1-D index i equals the
///    spec's (same_element). When wrong, the first differing index, its coordinate in the claimed
///    shape and both elements are given.
/// Other errors of build (malformed input, table limits) propagate.
Judgement judge_tensor(std::function<Tensor()> const& build, TensorClaim const& claimed);

/// Whether a counting tensor holds some coordinate outside the shape p (an identity tensor's
/// partition whose tiles run past the tensor): its layout was extended past its size
/// (docs/semantics.md, "Extension past the domain"), as CuTe does, for CuTe's users to predicate.
/// Computed from the ranges of the coordinate's entries. @pre a counting engine
bool reaches_past(Tensor const& t, IntTuple const& p);

/// judge_tensor for a partition of make_identity_tensor(p); when the spec's result reaches past
/// p, the judgement says so and sets depends_on_extension.
Judgement judge_identity_partition(std::function<Tensor()> const& build, IntTuple const& p, TensorClaim const& claimed);

/// The conformance ops of coordinate_tensors.tsv (its header defines them):
/// identity_local_tile(P, T, C) = local_tile(make_identity_tensor(P), T, C);
/// identity_local_partition(P, T, C, thr, idx) = local_partition(identity_local_tile(P, T, C), thr, idx).
/// Both judged by judge_identity_partition.
Judgement check_identity_local_tile(IntTuple const& p, Tiler const& tiler, SliceCoord const& coord,
                                    TensorClaim const& claimed);
Judgement check_identity_local_partition(IntTuple const& p, Tiler const& tiler, SliceCoord const& coord,
                                         Layout const& thr, i64 idx, TensorClaim const& claimed);

}  // namespace layoutref::spec
