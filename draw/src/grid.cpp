// layoutref draw — grids of the spec's values (grid.hpp).
#include "grid.hpp"

#include <layoutref/notation/print.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>

namespace layoutref::draw::detail {

using notation::Kind;
using notation::Term;

void refuse(std::string message, equiv::Failure failure) { throw Refusal{failure, std::move(message)}; }

bool is_tensor(Term const& t) { return t.kind == Kind::chain && t.children.size() == 2 && t.children[0].kind != Kind::swizzle; }

namespace {

char const* kind_name(Term const& t) {
  switch (t.kind) {
    case Kind::integer: return "an integer";
    case Kind::tuple: return "a tuple";
    case Kind::word: return "a word";
    case Kind::basis:
    case Kind::basis_sum: return "a coordinate";
    default: return "not a layout";
  }
}

}  // namespace

Source source_of(Term const& t, std::string const& what) {
  Source s;
  if (t.kind == Kind::layout) {
    s.kind = Source::Kind::layout;
    s.layout = sp::to_layout(t);
  } else if (sp::is_composed(t)) {
    s.kind = Source::Kind::swizzled;
    s.composed = sp::to_composed(t);
    if (!sp::has_integer_strides(s.composed.inner)) refuse(what + " has basis strides under a swizzle");
  } else if (is_tensor(t)) {
    s.kind = Source::Kind::tensor;
    s.tensor = sp::to_tensor(t);
    s.layout = s.tensor.layout;
  } else {
    refuse("nothing to draw: " + what + " is " + kind_name(t) + " (" + notation::print(t) +
           "); draw pictures layouts, swizzled layouts and tensors");
  }
  return s;
}

void Budget::take(i64 n, std::string const& what) {
  if (n > kMaxCells || used_ + n > kMaxCells)
    refuse("the picture would have " + (n > kMaxCells ? std::to_string(n) : "at least " + std::to_string(used_ + n)) +
           " cells (" + what + "), past the limit of " + std::to_string(kMaxCells));
  used_ += n;
}

i64 Budget::size_of(sp::IntTuple const& shape, std::string const& what) {
  try {
    return sp::size(shape);
  } catch (sp::Error const& e) {
    if (e.kind() != sp::Error::Kind::overflow) throw;
    refuse("the picture would have more than 2^63 cells (" + what + "), past the limit of " + std::to_string(kMaxCells));
  }
}

namespace {

/// The levels of the lines between the n entries of a mode of shape s: the line before entry k
/// (k a multiple of the product of the first j leaves, j >= 1) has level j, the coarsest j (at
/// most 3); lines 0 and n are the outline.
std::vector<int> rules(sp::IntTuple const& s, i64 n) {
  std::vector<int> out(static_cast<size_t>(n) + 1, 0);
  std::vector<i64> leaves = sp::leaves(s);
  i64 p = 1;
  for (size_t j = 0; j + 1 < leaves.size(); ++j) {
    p *= leaves[j];  // a partial product of a size that fits
    if (p <= 1 || p >= n) continue;
    int level = static_cast<int>(std::min<size_t>(j + 1, 3));
    for (i64 k = p; k < n; k += p) out[static_cast<size_t>(k)] = std::max(out[static_cast<size_t>(k)], level);
  }
  return out;
}

}  // namespace

Panel grid_panel(std::string name, std::string title, sp::IntTuple const& shape) {
  sp::IntTuple row_shape(1), col_shape = shape;
  if (!shape.is_leaf() && shape.items.empty()) {
    col_shape = sp::IntTuple(1);  // the empty shape `()`: one element, one cell
  } else if (sp::rank(shape) == 1) {
    col_shape = shape.is_leaf() ? shape : shape.items[0];
  } else {
    row_shape = shape.items[0];
    if (sp::rank(shape) == 2) {
      col_shape = shape.items[1];
    } else {
      std::vector<sp::IntTuple> rest(shape.items.begin() + 1, shape.items.end());
      col_shape = sp::IntTuple::tuple(std::move(rest));
    }
  }
  i64 rows = sp::size(row_shape), cols = sp::size(col_shape);
  Panel p(std::move(name), std::move(title), static_cast<int>(rows), static_cast<int>(cols));
  p.row_rule = rules(row_shape, rows);
  p.col_rule = rules(col_shape, cols);
  return p;
}

std::string value_text(sp::Value const& v) {
  if (v.is_integer()) return std::to_string(v.scalar());
  bool unit_paths = v.scalar() == 0;
  int last = -1;
  for (auto const& t : v.terms()) {
    unit_paths = unit_paths && t.path.size() == 1 && t.path[0] >= 0 && t.path[0] < 64;
    if (unit_paths) last = std::max(last, t.path[0]);
  }
  if (!unit_paths) return v.str();
  std::string s = "(";
  for (int k = 0; k <= last; ++k) s += (k ? "," : "") + std::to_string(v.at({k}));
  return s + ")";
}

i64 source_size(Source const& s) { return s.kind == Source::Kind::swizzled ? sp::size(s.composed) : sp::size(s.layout); }

std::string element_text(Source const& s, i64 i) {
  switch (s.kind) {
    case Source::Kind::layout: return value_text(sp::evaluate(s.layout, i));
    case Source::Kind::swizzled: return std::to_string(sp::evaluate(s.composed, i));
    case Source::Kind::tensor: {
      if (s.tensor.engine.kind == sp::Engine::Kind::counting) return sp::str(sp::coordinate(sp::element(s.tensor, i)));
      return value_text(sp::evaluate(s.tensor.layout, i));  // a pointer tensor: the element's offset
    }
  }
  return "?";
}

bool same_element(Source const& a, i64 i, Source const& b, i64 j) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Source::Kind::layout: return sp::evaluate(a.layout, i) == sp::evaluate(b.layout, j);
    case Source::Kind::swizzled: return sp::evaluate(a.composed, i) == sp::evaluate(b.composed, j);
    case Source::Kind::tensor: return sp::same_element(sp::element(a.tensor, i), sp::element(b.tensor, j));
  }
  return false;
}

Bank bank_of(i64 offset, int element_bytes) {
  i64 byte = 0;
  if (__builtin_mul_overflow(offset, static_cast<i64>(element_bytes), &byte))
    refuse("the value " + std::to_string(offset) + " is an element offset whose byte address (" + std::to_string(offset) + " * " +
               std::to_string(element_bytes) + "-byte elements) does not fit in 64 bits, so it has no shared-memory bank",
           equiv::Failure::no_result);
  i64 word = sp::floor_div(byte, 4);
  return Bank{static_cast<int>(((word % 32) + 32) % 32), sp::floor_div(byte, 128)};
}

Panel source_panel(Source const& s, std::string name, std::string title, Options const& opt, Budget& budget) {
  i64 n = Budget::size_of(s.shape(), name);
  budget.take(n, name);
  Panel p = grid_panel(std::move(name), std::move(title), s.shape());
  for (i64 i = 0; i < n; ++i) {
    Cell& c = p.at(row_of(p, i), col_of(p, i));
    switch (s.kind) {
      case Source::Kind::layout: {
        sp::Value v = sp::evaluate(s.layout, i);
        c.label = {value_text(v)};
        if (v.is_integer() && opt.banks) {
          Bank b = bank_of(v.scalar(), opt.element_bytes);
          c.fill = bank_colour(b.bank, b.phase);
          c.note = "b" + std::to_string(b.bank) + " p" + std::to_string(b.phase);
        } else if (v.is_integer()) {
          c.fill = value_grey(v.scalar());
        }
        break;
      }
      case Source::Kind::swizzled: {
        i64 v = sp::evaluate(s.composed, i);
        Bank b = bank_of(v, opt.element_bytes);
        c.label = {std::to_string(v)};
        c.fill = bank_colour(b.bank, b.phase);
        c.note = "b" + std::to_string(b.bank) + " p" + std::to_string(b.phase);
        break;
      }
      case Source::Kind::tensor: c.label = {element_text(s, i)}; break;
    }
  }
  return p;
}

sp::Layout index_layout(sp::IntTuple const& shape) { return sp::make_layout(shape); }

sp::Tensor index_tensor(sp::IntTuple const& shape) { return sp::make_tensor(sp::Engine::counting(sp::IntTuple(0)), index_layout(shape)); }

i64 index_of(sp::Tensor const& t, i64 i) { return sp::coordinate_value(sp::element(t, i)).integer("an index"); }

void paint(Cell& c, Rgb fill, int group) {
  c.fill = fill;
  c.group = group;
}

std::string tile_legend(Figure& f, i64 tiles) {
  for (i64 k = 0; k < std::min<i64>(tiles, 16); ++k) f.legend.push_back({tile_colour(k), "tile " + std::to_string(k)});
  return tiles > 16 ? " The 16 tile colours repeat past tile 15; the heavy edges tell the tiles apart." : "";
}

}  // namespace layoutref::draw::detail
