// layoutref draw — what the pictures share: something with a shape (a layout, a swizzled layout,
// a tensor) laid out as a grid of the spec's values, the cell budget, and the index tensors that
// tell which element of an argument a cell of a result is.
#pragma once

#include <layoutref/draw/draw.hpp>

#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/tensor.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::draw::detail {

namespace sp = layoutref::spec;
using sp::i64;

/// Thrown inside the pictures for an input they cannot draw; draw_expression turns it into a
/// Drawn with its failure.
struct Refusal {
  equiv::Failure failure = equiv::Failure::bad_input;
  std::string message;
};
[[noreturn]] void refuse(std::string message, equiv::Failure failure = equiv::Failure::bad_input);

/// Something drawn as a grid: rows are mode 0, columns the other modes (colexicographic; a rank-1
/// one is a single row), so that the element of 1-D index i stands at row i % rows, column i / rows.
struct Source {
  enum class Kind { layout, swizzled, tensor } kind = Kind::layout;
  sp::Layout layout;            ///< layout: itself; tensor: its layout
  sp::ComposedLayout composed;  ///< swizzled
  sp::Tensor tensor;            ///< tensor
  sp::IntTuple const& shape() const { return kind == Kind::swizzled ? composed.inner.shape : layout.shape; }
};

/// The term as a Source; refuses (bad input, naming `what` and its kind) anything else: an
/// integer, a coordinate, a word.
Source source_of(notation::Term const& t, std::string const& what);
bool is_tensor(notation::Term const& t);

/// The cells a picture has used; refuses past kMaxCells.
class Budget {
 public:
  /// Count `n` more cells (for `what`). @post refuses when the total passes kMaxCells
  void take(i64 n, std::string const& what);
  /// size(shape), or a refusal when it does not fit in 64 bits (past any limit anyway).
  static i64 size_of(sp::IntTuple const& shape, std::string const& what);

 private:
  i64 used_ = 0;
};

/// An empty panel for a grid of `shape`, its rules at the boundaries of the nested modes.
Panel grid_panel(std::string name, std::string title, sp::IntTuple const& shape);
/// The row and column of the 1-D index i in a panel of grid_panel.
inline int row_of(Panel const& p, i64 i) { return static_cast<int>(i % p.rows); }
inline int col_of(Panel const& p, i64 i) { return static_cast<int>(i / p.rows); }

/// The panel of a source, every cell labelled with the spec's value at its index: a layout's
/// value (integers shaded with CuTe's greys, or by bank with Options::banks; a basis value as the
/// coordinate it is), a swizzled layout's (by bank and phase), a tensor's element (a coordinate;
/// a pointer tensor's offset). Takes its cells from the budget.
Panel source_panel(Source const& s, std::string name, std::string title, Options const& opt, Budget& budget);

/// The label of one value: an integer, or a sum of unit basis elements as the coordinate tuple it
/// stands for (`1@0+2@1` is `(1,2)`), else CuTe's notation.
std::string value_text(sp::Value const& v);
/// The element of a source at index i, as its cell shows it (the labels of source_panel, one line).
std::string element_text(Source const& s, i64 i);
/// Whether the elements at index i of two sources are the same (the judges' comparison).
bool same_element(Source const& a, i64 i, Source const& b, i64 j);
i64 source_size(Source const& s);

/// Bank (of 32, 4-byte words) and phase (the 128-byte line) of an element offset.
struct Bank {
  int bank = 0;
  i64 phase = 0;
};
Bank bank_of(i64 offset, int element_bytes);

/// The compact column-major layout of a shape: its value at an index is the index itself (also
/// past the size, by the extension): an operation applied to it instead of A tells, for each
/// element of the result, the index of the element of A it is.
sp::Layout index_layout(sp::IntTuple const& shape);
/// The same as a tensor: ArithTuple(0) o index_layout(shape), whose elements are those indices.
sp::Tensor index_tensor(sp::IntTuple const& shape);
/// The index an element of a tensor derived from index_tensor holds.
i64 index_of(sp::Tensor const& t, i64 i);

/// A tile's or thread's colour on a cell: the fill and the group.
void paint(Cell& c, Rgb fill, int group);

/// The caption's remark on a picture of more than 16 tiles.
std::string tile_legend(Figure& f, i64 tiles);

}  // namespace layoutref::draw::detail
