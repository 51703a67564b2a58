// layoutref::impl — errors as values.
//
// Nothing in impl/ throws, asserts or aborts on bad input: every operation that can fail
// returns Result<T>, whose Error names the violated condition (the same names as the spec,
// docs/semantics.md) and carries its witness as a few pieces (text fragments and integers) that
// the host formats. Errors are plain data of a few words, so they cross from device to host by
// copy.
#pragma once

#include <layoutref/impl/config.hpp>

#include <cstddef>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

enum class Errc : std::uint8_t {
  ok = 0,
  overflow,      ///< a value does not fit in 64 bits
  capacity,      ///< more leaves or nodes than the fixed capacity
  bad_argument,  ///< malformed input: rank mismatch, shape < 1, index out of range
  inadmissible,  ///< the operation has no result; `condition` says why
};

/// The named conditions of the layout algebra (docs/semantics.md). The spec uses the same
/// names (name(Cond)), so impl and spec refuse with the same words.
enum class Cond : std::uint8_t {
  none = 0,
  coalesce_profile_rank,
  composition_left_divisibility,
  composition_weak_left_divisibility,
  composition_disjoint_intervals,
  composition_negative_stride,
  composition_tiler_rank,
  composition_not_representable,
  complement_stride_divisibility,
  complement_negative_stride,
  complement_integer_strides,
  divide_tiler_rank,
  product_tiler_rank,
  right_inverse_integer_strides,
  left_inverse_integer_strides,
  left_inverse_negative_stride,
  left_inverse_injective,
  left_inverse_stride_divisibility,
  tile_to_shape_rank,
  tile_to_shape_divisibility,
  tile_to_shape_order,
  upcast_divisibility,
  upcast_integer_strides,
  downcast_unit_stride,
  nullspace_not_representable,
  max_common_layout_not_representable,
  get_flat_coord_not_a_value,
  get_flat_coord_not_unique,
  complement_cotarget_bound,
};
/// The last condition: the conditions are the values 1..kLastCond (tests/cli/derived_lists_test.cpp).
inline constexpr Cond kLastCond = Cond::complement_cotarget_bound;

/// The condition's name, e.g. "composition.left_divisibility" ("" for none).
LAYOUTREF_HD constexpr char const* name(Cond c) {
  switch (c) {
    case Cond::none: return "";
    case Cond::coalesce_profile_rank: return "coalesce.profile_rank";
    case Cond::composition_left_divisibility: return "composition.left_divisibility";
    case Cond::composition_weak_left_divisibility: return "composition.weak_left_divisibility";
    case Cond::composition_disjoint_intervals: return "composition.disjoint_intervals";
    case Cond::composition_negative_stride: return "composition.negative_stride";
    case Cond::composition_tiler_rank: return "composition.tiler_rank";
    case Cond::composition_not_representable: return "composition.not_representable";
    case Cond::complement_stride_divisibility: return "complement.stride_divisibility";
    case Cond::complement_negative_stride: return "complement.negative_stride";
    case Cond::complement_integer_strides: return "complement.integer_strides";
    case Cond::divide_tiler_rank: return "divide.tiler_rank";
    case Cond::product_tiler_rank: return "product.tiler_rank";
    case Cond::right_inverse_integer_strides: return "right_inverse.integer_strides";
    case Cond::left_inverse_integer_strides: return "left_inverse.integer_strides";
    case Cond::left_inverse_negative_stride: return "left_inverse.negative_stride";
    case Cond::left_inverse_injective: return "left_inverse.injective";
    case Cond::left_inverse_stride_divisibility: return "left_inverse.stride_divisibility";
    case Cond::tile_to_shape_rank: return "tile_to_shape.rank";
    case Cond::tile_to_shape_divisibility: return "tile_to_shape.divisibility";
    case Cond::tile_to_shape_order: return "tile_to_shape.order";
    case Cond::upcast_divisibility: return "upcast.divisibility";
    case Cond::upcast_integer_strides: return "upcast.integer_strides";
    case Cond::downcast_unit_stride: return "downcast.unit_stride";
    case Cond::nullspace_not_representable: return "nullspace.not_representable";
    case Cond::max_common_layout_not_representable: return "max_common_layout.not_representable";
    case Cond::get_flat_coord_not_a_value: return "get_flat_coord.not_a_value";
    case Cond::get_flat_coord_not_unique: return "get_flat_coord.not_unique";
    case Cond::complement_cotarget_bound: return "complement.cotarget_bound";
  }
  return "?";
}

/// An error: its code, the condition it violates, and its witness as a short sequence of
/// pieces, each a text fragment or an integer; the text is formatted on the host from them
/// (impl/term.hpp message(), str()). Text fragments must have static storage duration (string
/// literals, or impl/src's intern() on the host), so an Error is a few words of plain data and
/// copies cheaply on the host and on the device. Past kMaxPieces the witness is cut, and the
/// formatted text then ends in "..." so that it never reads as complete. An error raised in
/// device code holds device addresses for its fragments: the host formats its integers only.
struct Error {
  static constexpr int kMaxPieces = 16;
  union Piece {
    char const* text;
    i64 value;
  };

  Errc code = Errc::ok;
  Cond condition = Cond::none;
  std::uint8_t n = 0;         ///< pieces used
  bool cut = false;           ///< pieces were dropped past kMaxPieces
  bool on_device = false;     ///< raised in device code (fragments are device addresses)
  std::uint16_t texts = 0;    ///< bit k: piece k is a text fragment, else an integer
  /// Pieces [0, n) are set; the others are left without an active member, so that making an
  /// Error (every Result holds one) costs a few stores, not 128 bytes of zeros. Copying them is
  /// defined: a union's trivial copy copies its object representation.
  Piece piece[kMaxPieces];

  /// No error (Errc::ok). Not an aggregate, so that `Error{}` does not zero the pieces either.
  LAYOUTREF_HD constexpr Error() {}  // NOLINT(modernize-use-equals-default): = default would zero piece in Error{}

  LAYOUTREF_HD constexpr bool ok() const { return code == Errc::ok; }
  LAYOUTREF_HD constexpr bool is_text(int k) const { return ((texts >> k) & 1u) != 0; }
  /// Append a text fragment. @pre s is null or has static storage duration
  LAYOUTREF_HD constexpr Error& add(char const* s) {
    if (s == nullptr || *s == 0) return *this;
    if (n == kMaxPieces) {
      cut = true;
      return *this;
    }
#if defined(__CUDA_ARCH__)
    on_device = true;
#endif
    piece[n].text = s;
    texts = static_cast<std::uint16_t>(texts | (1u << n));
    ++n;
    return *this;
  }
  LAYOUTREF_HD constexpr Error& add(i64 v) {
    if (n == kMaxPieces) {
      cut = true;
      return *this;
    }
    piece[n].value = v;
    ++n;
    return *this;
  }
  LAYOUTREF_HD constexpr Error& add(int v) { return add(static_cast<i64>(v)); }
  /// Append the witness of e (its pieces, in order).
  LAYOUTREF_HD constexpr Error& append(Error const& e) {
    for (int k = 0; k < e.n; ++k) {
      if (e.is_text(k)) {
        add(e.piece[k].text);
      } else {
        add(e.piece[k].value);
      }
    }
    cut = cut || e.cut;
    on_device = on_device || e.on_device;
    return *this;
  }
  LAYOUTREF_HD static constexpr Error make(Errc code, Cond cond = Cond::none) {
    Error e;
    e.code = code;
    e.condition = cond;
    return e;
  }
};

/// Result<T> takes a T of at most this many bytes by value (see its constructors).
inline constexpr std::size_t kByValueBytes = 512;

template <class T>
struct Result {
  T value{};
  Error error{};

  constexpr Result() = default;
  /// A value is a result. Small values (layouts of capacity up to 8) are taken by value, large
  /// ones by reference: measured with layoutref-bench, each is the faster of the two at its size
  /// (docs/performance.md).
  LAYOUTREF_HD constexpr Result(T v)  // NOLINT: implicit on purpose
    requires(sizeof(T) <= kByValueBytes)
      : value(v) {}
  LAYOUTREF_HD constexpr Result(T const& v)  // NOLINT: implicit on purpose
    requires(sizeof(T) > kByValueBytes)
      : value(v) {}
  LAYOUTREF_HD constexpr Result(Error const& e) : error(e) {}  // NOLINT: so is an error
#if defined(__CUDA_ARCH__)
  /// Device code only: the same copy as the implicit one, but user-provided, so that a Result is
  /// not trivial for calls and a function out of line (LAYOUTREF_DEVICE_NOINLINE) returns it
  /// through a hidden pointer into the caller's object. Trivially copyable, nvcc 13 (cicc)
  /// returned it in param space field by field and byte by byte, over a thousand instructions on
  /// each side of every call at 32 leaves (docs/performance.md, "Device code: results returned
  /// through memory"). Host code keeps
  /// the trivial copy (the host ABI already returns a large Result through memory).
  LAYOUTREF_HD constexpr Result(Result const& o) : value(o.value), error(o.error) {}
  Result& operator=(Result const&) = default;
#endif
  LAYOUTREF_HD constexpr bool ok() const { return error.ok(); }

  /// The result whose value `build(value)` makes in place and whose error is build's answer (an
  /// Error, ok or not), initialized from it directly: neither the value nor the error is copied.
  /// (`r.error = build(r.value)` copies the returned Error, and on x86-64 that copy's wide loads
  /// stall on the narrow stores that have just written it: docs/performance.md, "Cost rules".)
  template <class F>
  LAYOUTREF_HD static constexpr Result built(F const& build) {
    return Result(Built{}, build);
  }

 private:
  struct Built {};
  template <class F>
  LAYOUTREF_HD constexpr Result(Built, F const& build) : value(), error(build(value)) {}
};

/// Propagate an error: `LAYOUTREF_TRY(auto x, f());` declares x = f().value or returns the error.
#define LAYOUTREF_CAT2(a, b) a##b
#define LAYOUTREF_CAT(a, b) LAYOUTREF_CAT2(a, b)
#define LAYOUTREF_TRY_IMPL(decl, expr, tmp) \
  auto tmp = (expr);                        \
  if (!tmp.ok()) return tmp.error;          \
  decl = tmp.value
#define LAYOUTREF_TRY(decl, expr) LAYOUTREF_TRY_IMPL(decl, expr, LAYOUTREF_CAT(layoutref_try_, __LINE__))
/// LAYOUTREF_TRY that binds `name` to the Result's value in place (a const reference, no copy):
/// `LAYOUTREF_TRY_REF(z, zipped_divide(a, t));`
#define LAYOUTREF_TRY_REF_IMPL(name, expr, tmp) \
  auto tmp = (expr);                            \
  if (!tmp.ok()) return tmp.error;              \
  auto const& name = tmp.value
#define LAYOUTREF_TRY_REF(name, expr) LAYOUTREF_TRY_REF_IMPL(name, expr, LAYOUTREF_CAT(layoutref_try_, __LINE__))
/// Propagate an Error value (not a Result).
#define LAYOUTREF_CHECK(expr)                         \
  do {                                                \
    ::layoutref::impl::Error layoutref_e_ = (expr);  \
    if (!layoutref_e_.ok()) return layoutref_e_;      \
  } while (0)

/// slot = e when e is an error; nothing is copied when e is ok, the common case (copying the
/// Error just returned stalls on x86-64: Result::built). @pre slot is ok, or keeping it is meant
LAYOUTREF_HD constexpr void assign_if_error(Error& slot, Error const& e) {
  if (!e.ok()) slot = e;
}

/// An error with a message: fail(Errc::bad_argument).add("shape ").add(n) ...
LAYOUTREF_HD constexpr Error fail(Errc code, Cond cond = Cond::none) { return Error::make(code, cond); }

}  // namespace layoutref::impl
