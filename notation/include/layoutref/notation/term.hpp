// layoutref::notation — the neutral term for CuTe's printed notation.
//
// A Term is a syntax tree of what `cute::print` writes: integers with or without the
// static marker, scaled-basis elements, `_`, tuples, `shape:stride` layouts, swizzles,
// `X o Y [o Z]` chains (ComposedLayout, tensors), `ArithTuple(...)` iterators, pointer
// engines and bare words (MMA atom names, `error`). It carries no meaning: spec/ and impl/
// each convert it into their own values. Printing a parsed Term gives back the same text.
//
// This header depends on nothing else in layoutref (docs/architecture.md, the dependency rule).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace layoutref::notation {

/// The deepest nesting any layoutref reader accepts: brackets in CuTe's notation, nested calls
/// in an `eval` expression, parentheses in a `prove` term. Past it a reader reports "nesting too
/// deep" (never a crash); every recursive reader checks it.
inline constexpr int kMaxNesting = 64;

/// An integer leaf: `_4` (static, CuTe's Int<4>) or `4` (run-time int). Same value.
struct Integer {
  std::int64_t value = 0;
  bool is_static = false;
  friend bool operator==(Integer const&, Integer const&) = default;
};

/// A scaled basis element `k@m0@m1...` as printed by CuTe: the value k followed by the
/// mode indices, innermost first. `1@0@1` is the element (0,(1,0,...),0,...): mode 1 of the
/// outer tuple, mode 0 inside it. `modes` holds the indices in printed order.
struct Basis {
  Integer scale;
  std::vector<int> modes;  ///< printed order: modes.front() is innermost, modes.back() outermost
  friend bool operator==(Basis const&, Basis const&) = default;
};

/// Memory-space tag of a pointer engine: `ptr`, `gmem_ptr`, `smem_ptr`, `rmem_ptr`.
enum class MemoryTag { none, gmem, smem, rmem };

/// A pointer engine as CuTe prints it: `gmem_ptr[32b](0x7f42efc00000)`.
struct Pointer {
  MemoryTag tag = MemoryTag::none;
  int bits = 0;            ///< element width in bits, the `[32b]` part
  std::string address;     ///< the address text inside the parentheses, verbatim
  friend bool operator==(Pointer const&, Pointer const&) = default;
};

enum class Kind {
  integer,      ///< `_4`, `4`, `_-1`, `-1`
  basis,        ///< `_1@0`, `3@1@0`
  basis_sum,    ///< `1@0+2@1` (layoutref's spelling of a sum of basis elements); children are integer/basis terms
  underscore,   ///< `_`
  tuple,        ///< `(a,b,...)`, or the seed documents' `<a, b>` when `angle` is set
  layout,       ///< `shape:stride`; children = {shape, stride}
  swizzle,      ///< `Sw<B,M,S>`
  chain,        ///< `X o Y` or `X o Y o Z` (ComposedLayout, tensor = engine o layout); children in order
  arith_tuple,  ///< `ArithTuple(...)`; children = {the coordinate tuple or integer}
  pointer,      ///< `ptr[32b](0x...)`, `gmem_ptr[...]`, `smem_ptr[...]`
  word,         ///< a bare identifier such as `error` or `SM80_16x8x16_F16F16F16F16_TN` or `UniversalFMA<float,float>`
};

struct Term {
  Kind kind = Kind::integer;
  Integer integer{};               ///< kind == integer
  Basis basis{};                   ///< kind == basis
  int swizzle_b = 0, swizzle_m = 0, swizzle_s = 0;  ///< kind == swizzle
  Pointer pointer{};               ///< kind == pointer
  std::string word;                ///< kind == word
  bool angle = false;              ///< kind == tuple: printed as `<a, b>`
  std::vector<Term> children;      ///< tuple items, layout {shape, stride}, chain parts, arith_tuple {coord}, basis_sum terms

  int line = 1;                    ///< where the term starts in the parsed text (1-based), for error messages
  int column = 1;

  // Constructors for building terms in code.
  static Term make_integer(std::int64_t v, bool is_static);
  static Term make_basis(std::int64_t scale, bool is_static, std::vector<int> modes);
  static Term make_underscore();
  static Term make_tuple(std::vector<Term> items, bool angle = false);
  static Term make_layout(Term shape, Term stride);
  static Term make_swizzle(int b, int m, int s);
  static Term make_chain(std::vector<Term> parts);
  static Term make_arith_tuple(Term coord);
  static Term make_word(std::string w);
  static Term make_basis_sum(std::vector<Term> terms);  ///< terms: integer/basis terms, two or more
  static Term make_pointer(Pointer p);

  /// Structural equality, ignoring source positions.
  friend bool operator==(Term const& a, Term const& b);
};

}  // namespace layoutref::notation
