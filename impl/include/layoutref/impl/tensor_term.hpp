// layoutref::impl — tensors, slice coordinates and MMA atoms in CuTe's notation (host only).
//
// Printing follows CuTe's print(Tensor): `<iterator> o <layout>`, the iterator as
// `ArithTuple(128,130)` for a coordinate tensor and `ptr[32b](0x...)`, `gmem_ptr[32b](0x...)`,
// `smem_ptr[16b](0x...)`, `rmem_ptr[32b](0x...)` for pointers (cute/pointer.hpp,
// cute/numeric/arithmetic_tuple.hpp; seeds 000 and 001).
#pragma once

#include <layoutref/impl/mma.hpp>
#include <layoutref/impl/term.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

/// A coordinate whose leaves are integers or `_`.
Result<SliceCoord> to_slice_coord(notation::Term const& t);

/// `ArithTuple(c...) o layout`.
notation::Term to_term(Tensor<CountingIterator> const& t);
std::string str(Tensor<CountingIterator> const& t);

/// `<tag>ptr[<bits>b](0x<address>) o layout`.
notation::Term pointer_tensor_term(MemorySpace space, int bits, std::uintptr_t address, Layout const& l);
template <class T>
notation::Term to_term(Tensor<Pointer<T>> const& t) {
  return pointer_tensor_term(t.engine.space, static_cast<int>(sizeof(T) * 8), reinterpret_cast<std::uintptr_t>(t.engine.ptr),
                             t.layout);
}

/// The traits of an MMA atom by CuTe's name (SM80_16x8x16_F16F16F16F16_TN,
/// SM80_16x8x8_F16F16F16F16_TN, SM80_8x8x4_F64F64F64F64_TN, UniversalFMA<float,float,float,float>),
/// as cute/atom/mma_traits_sm80.hpp and mma_traits.hpp define them. bad_argument for another name.
Result<MmaAtom> mma_atom(std::string_view name);

}  // namespace layoutref::impl
