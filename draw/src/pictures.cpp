// layoutref draw — the pictures of an expression (draw.hpp: draw_expression), by its outermost call.
//
// Which element of an argument a result's cell is: the same operation applied to the argument's
// index layout (grid.hpp: index_layout, index_tensor), whose value at a cell is that element's
// index; the tiles of a divide or product are the rest mode of its zipped form on the same index
// layout. All values come from the spec.
#include "grid.hpp"

#include <layoutref/equiv/calculator.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/construct.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>

namespace layoutref::draw {

namespace {

using namespace detail;
using notation::Kind;
using notation::Term;

std::string text_of(Term const& t) { return notation::print(t); }

equiv::Failure failure_of(sp::Error const& e) {
  switch (e.kind()) {
    case sp::Error::Kind::bad_argument:
    case sp::Error::Kind::table_limit: return equiv::Failure::bad_input;
    case sp::Error::Kind::overflow:
    case sp::Error::Kind::inadmissible: return equiv::Failure::no_result;
  }
  return equiv::Failure::internal;
}

/// Run `make`, turning what it throws into a Drawn.
Drawn guarded(std::function<Figure()> const& make) {
  Drawn d;
  try {
    d.figure = make();
    d.ok = true;
  } catch (Refusal const& r) {
    d.error = r.message;
    d.failure = r.failure;
  } catch (sp::Error const& e) {
    d.error = e.what();
    d.failure = failure_of(e);
  } catch (std::exception const& e) {
    d.error = std::string("internal error: ") + e.what();
    d.failure = equiv::Failure::internal;
  }
  return d;
}

// --- a layout, a swizzled layout, a tensor ---------------------------------------------------------

void legend_of(Figure& f, Source const& s, Options const& opt) {
  if (s.kind == Source::Kind::swizzled || (s.kind == Source::Kind::layout && opt.banks)) {
    f.legend.push_back({bank_colour(0, 0), "bank b, phase p: b = (offset * " + std::to_string(opt.element_bytes) +
                                              " bytes / 4) mod 32, p = offset * " + std::to_string(opt.element_bytes) +
                                              " bytes / 128; 32 hues for the banks, odd phases a shade darker"});
    f.legend.push_back({bank_colour(0, 1), "bank 0, odd phase"});
  } else if (s.kind == Source::Kind::layout) {
    for (int k = 0; k < 8; ++k) f.legend.push_back({value_grey(k), "value = " + std::to_string(k) + " (mod 8), CuTe's greys"});
  } else {
    f.legend.push_back({Rgb{255, 255, 255}, "an element of the tensor, labelled with its coordinate (a pointer tensor: its offset)"});
  }
}

std::string what_cells_show(Source const& s, Options const& opt) {
  switch (s.kind) {
    case Source::Kind::layout:
      return opt.banks ? "Each cell holds the layout's value at its coordinate (an element offset), coloured by the shared-memory "
                         "bank and phase it falls in (" + std::to_string(opt.element_bytes) + "-byte elements, 32 banks of 4 bytes)."
                       : "Each cell holds the layout's value at its coordinate (row: mode 0; column: the other modes).";
    case Source::Kind::swizzled:
      return "Each cell holds the swizzled layout's value Sw(offset + L(i)), an element offset, coloured by the shared-memory "
             "bank and phase it falls in (" + std::to_string(opt.element_bytes) + "-byte elements, 32 banks of 4 bytes; the note "
             "under the value: bank b, 128-byte phase p).";
    case Source::Kind::tensor:
      return s.tensor.engine.kind == sp::Engine::Kind::counting ? "Each cell holds the tensor's element at its coordinate: a coordinate."
                                                                 : "Each cell holds the offset of the tensor's element from its pointer.";
  }
  return {};
}

Figure plain(std::string const& expr, Term const& value, Options const& opt) {
  Budget budget;
  Source s = source_of(value, "the result");
  Figure f;
  f.title = expr;
  f.panels.push_back(source_panel(s, "result", text_of(value), opt, budget));
  f.caption = what_cells_show(s, opt) + " Lines between blocks of rows or columns mark the modes nested inside them.";
  legend_of(f, s, opt);
  return f;
}

/// The arguments that are pictures, then the result (the operations without a picture of their own).
Figure with_arguments(std::string const& expr, equiv::OuterCall const& call, Term const& value, Options const& opt) {
  Budget budget;
  Source r = source_of(value, "the result of " + call.op);
  Figure f;
  f.title = expr;
  int slot = 0;
  for (size_t k = 0; k < call.args.size(); ++k) {
    Term const& a = call.args[k];
    if (a.kind != Kind::layout && !sp::is_composed(a) && !is_tensor(a)) continue;
    Panel p = source_panel(source_of(a, "argument " + std::to_string(k + 1)), "arg" + std::to_string(k + 1),
                           "argument " + std::to_string(k + 1) + ": " + text_of(a), opt, budget);
    p.slot_col = slot++;
    f.panels.push_back(std::move(p));
  }
  Panel p = source_panel(r, "result", call.op + "(...) = " + text_of(value), opt, budget);
  p.slot_col = slot;
  f.panels.push_back(std::move(p));
  f.caption = "The arguments of " + call.op + " and its result, as the spec computes it. " + what_cells_show(r, opt);
  legend_of(f, r, opt);
  return f;
}

// --- composition, divides, products ------------------------------------------------------------------

enum class Tiling { composition, divide, product, blocked, raked };

struct TilingOp {
  Tiling what = Tiling::composition;
  sp::Arrangement how = sp::Arrangement::logical;
};

bool tiling_op(std::string const& op, TilingOp& out) {
  static std::map<std::string, TilingOp> const ops = {
      {"composition", {Tiling::composition, sp::Arrangement::logical}},
      {"logical_divide", {Tiling::divide, sp::Arrangement::logical}},
      {"zipped_divide", {Tiling::divide, sp::Arrangement::zipped}},
      {"tiled_divide", {Tiling::divide, sp::Arrangement::tiled}},
      {"flat_divide", {Tiling::divide, sp::Arrangement::flat}},
      {"logical_product", {Tiling::product, sp::Arrangement::logical}},
      {"zipped_product", {Tiling::product, sp::Arrangement::zipped}},
      {"tiled_product", {Tiling::product, sp::Arrangement::tiled}},
      {"flat_product", {Tiling::product, sp::Arrangement::flat}},
      {"blocked_product", {Tiling::blocked, sp::Arrangement::logical}},
      {"raked_product", {Tiling::raked, sp::Arrangement::logical}},
  };
  auto it = ops.find(op);
  if (it == ops.end()) return false;
  out = it->second;
  return true;
}

Figure tiling(std::string const& expr, equiv::OuterCall const& call, TilingOp op, Term const& value, Options const& opt) {
  Budget budget;
  Source a = source_of(call.args[0], "A");
  Source r = source_of(value, "the result");
  Figure f;
  f.title = expr;
  bool product = op.what == Tiling::product || op.what == Tiling::blocked || op.what == Tiling::raked;
  Panel pa = source_panel(a, "A", "A = " + text_of(call.args[0]), opt, budget);
  std::optional<Panel> pb;
  std::optional<sp::Layout> b_layout;
  if (op.what == Tiling::blocked || op.what == Tiling::raked || (product && call.args[1].kind == Kind::layout)) {
    b_layout = sp::to_layout(call.args[1]);
    Source sb;
    sb.layout = *b_layout;
    pb = source_panel(sb, "B", "B = " + text_of(call.args[1]), opt, budget);
  }
  std::string title = call.op + (product ? "(A, B) = " : "(A, " + text_of(call.args[1]) + ") = ") + text_of(value);
  Panel pr = source_panel(r, "result", title, opt, budget);

  // Where each cell of the result comes from: the same operation on A's index layout.
  i64 na = source_size(a), nr = source_size(r);
  sp::Layout index = index_layout(a.shape());
  std::vector<i64> key(static_cast<size_t>(nr), -1);  // the result's cell i is element key[i] of A (a product: of the product's index space)
  std::map<i64, i64> tile_of;                         // element (of A, or of the product's index space) -> tile
  i64 tiles = 0;
  bool tiled = a.kind != Source::Kind::swizzled;
  if (tiled) {
    try {
      sp::Layout rc, zc;
      i64 tile_size = 0;
      switch (op.what) {
        case Tiling::composition: rc = sp::composition(index, sp::to_tiler(call.args[1])); break;
        case Tiling::divide:
          rc = sp::divide(op.how, index, sp::to_tiler(call.args[1]));
          zc = sp::divide(sp::Arrangement::zipped, index, sp::to_tiler(call.args[1]));
          break;
        case Tiling::product:
          rc = sp::product(op.how, index, sp::to_tiler(call.args[1]));
          zc = sp::product(sp::Arrangement::zipped, index, sp::to_tiler(call.args[1]));
          break;
        case Tiling::blocked:
        case Tiling::raked: {
          rc = op.what == Tiling::blocked ? sp::blocked_product(index, *b_layout) : sp::raked_product(index, *b_layout);
          int rank = std::max(sp::rank(index), sp::rank(*b_layout));
          zc = sp::logical_product(sp::pad(index, rank), sp::Tiler::of(sp::pad(*b_layout, rank)));
          break;
        }
      }
      if (sp::size(rc) != nr) throw sp::Error(sp::Error::Kind::bad_argument, "sizes differ");
      for (i64 i = 0; i < nr; ++i) key[static_cast<size_t>(i)] = sp::evaluate(rc, i).integer("an index");
      if (op.what == Tiling::composition) {
        // A composition's "tiles": the result's rows (mode 0: a TV layout's threads).
        for (i64 i = 0; i < nr; ++i) tile_of.emplace(key[static_cast<size_t>(i)], row_of(pr, i));
        tiles = pr.rows;
      } else {
        tile_size = sp::size(sp::get(zc, {0}));
        tiles = sp::size(zc) / tile_size;
        for (i64 i = 0; i < sp::size(zc); ++i) tile_of.emplace(sp::evaluate(zc, i).integer("an index"), i / tile_size);
      }
    } catch (sp::Error const&) {
      tiled = false;  // the index layout has no such result: the picture without tiles
    }
  }
  if (tiled) {
    for (i64 i = 0; i < nr; ++i) {
      auto it = tile_of.find(key[static_cast<size_t>(i)]);
      if (it != tile_of.end()) paint(pr.at(row_of(pr, i), col_of(pr, i)), tile_colour(it->second), static_cast<int>(it->second));
    }
    if (product) {
      for (i64 d = 0; d < na; ++d) paint(pa.at(row_of(pa, d), col_of(pa, d)), tile_colour(0), 0);
      if (pb)
        for (i64 j = 0; j < Budget::size_of(b_layout->shape, "B"); ++j) paint(pb->at(row_of(*pb, j), col_of(*pb, j)), tile_colour(j), static_cast<int>(j));
    } else {
      for (i64 d = 0; d < na; ++d) {
        Cell& c = pa.at(row_of(pa, d), col_of(pa, d));
        auto it = tile_of.find(d);
        if (it != tile_of.end()) paint(c, tile_colour(it->second), static_cast<int>(it->second));
        else paint(c, Rgb{255, 255, 255}, -1);
      }
    }
  }
  int slot = 0;
  pa.slot_col = slot++;
  f.panels.push_back(std::move(pa));
  if (pb) {
    pb->slot_col = slot++;
    f.panels.push_back(std::move(*pb));
  }
  pr.slot_col = slot;
  f.panels.push_back(std::move(pr));
  std::string cells = a.kind == Source::Kind::tensor ? "elements" : "values";
  switch (op.what) {
    case Tiling::composition:
      f.caption = "composition(A, B): the result's cell holds A at the coordinate B gives. Each row of the result (its mode 0: "
                  "a thread, for a thread-value layout B) has its colour, and so have the cells of A it reaches; the cells of A "
                  "that B does not reach are white.";
      break;
    case Tiling::divide:
      f.caption = call.op + "(A, tiler) splits A's domain into tiles (the tiler) and the rest (which tile). Each tile has "
                  "its colour and a heavy outline, in A and in the result (arranged as " + call.op + " arranges the modes).";
      break;
    default:
      f.caption = call.op + "(A, B) repeats the tile A as B lays it out. Tile k (the k-th element of B) has the k-th colour "
                  "and a heavy outline in the result; A is tile 0.";
      break;
  }
  f.caption += " Every cell holds the spec's " + cells + ".";
  if (a.kind == Source::Kind::swizzled) {
    f.caption = "composition of a swizzled layout: the tiler acts on the inner layout's domain; cells coloured by bank and phase.";
    legend_of(f, a, opt);
  } else if (tiled) {
    f.caption += tile_legend(f, tiles);
  } else {
    f.caption += " (The tiles could not be told apart on A's index layout, so they are not coloured.)";
  }
  return f;
}

// --- complement -------------------------------------------------------------------------------------------

Figure complement_picture(std::string const& expr, equiv::OuterCall const& call, Term const& value, Options const& opt) {
  Budget budget;
  sp::Layout l = sp::to_layout(call.args[0]);
  sp::Layout lc = sp::to_layout(value);
  if (!sp::has_integer_strides(l)) refuse("complement of a layout with basis strides has no picture");
  sp::Layout both = sp::make_layout(std::vector<sp::Layout>{l, lc});
  Figure f;
  f.title = expr;
  Source sl;
  sl.layout = l;
  Panel pl = source_panel(sl, "L", "L = " + text_of(call.args[0]), opt, budget);
  i64 n = Budget::size_of(l.shape, "L"), m = Budget::size_of(lc.shape, "the complement");
  budget.take(sp::mul(n, m), "(L, L*)");
  Panel pc = grid_panel("concat", "(L, L*) with L* = complement = " + text_of(value), both.shape);
  std::map<i64, i64> copy_of;  // a value of (L, L*) -> the column (the coordinate in L*) that reaches it
  i64 extent = 0;
  for (i64 i = 0; i < n * m; ++i) {
    i64 v = sp::evaluate(both, i).integer("a value");
    Cell& c = pc.at(static_cast<int>(i % n), static_cast<int>(i / n));
    c.label = {std::to_string(v)};
    paint(c, tile_colour(i / n), static_cast<int>(i / n));
    copy_of.emplace(v, i / n);
    extent = std::max(extent, v + 1);
  }
  // The codomain in rows of cosize(L) (at most 32): one copy of L's image a row when L* repeats it.
  i64 width = std::max<i64>(1, std::min<i64>({extent, 32, sp::cosize(l)})), height = (extent + width - 1) / width;
  budget.take(width * height, "the codomain");
  Panel pv("codomain", "the codomain [0, " + std::to_string(extent) + "), " + std::to_string(width) +
                           " a row: whose copy of L reaches each value",
           static_cast<int>(height), static_cast<int>(width));
  for (i64 v = 0; v < width * height; ++v) {
    Cell& c = pv.at(static_cast<int>(v / width), static_cast<int>(v % width));
    if (v >= extent) {
      c.present = false;
      continue;
    }
    c.label = {std::to_string(v)};
    auto it = copy_of.find(v);
    if (it != copy_of.end()) paint(c, tile_colour(it->second), static_cast<int>(it->second));
  }
  pl.slot_col = 0;
  pc.slot_col = 1;
  pv.slot_col = 2;
  f.panels = {std::move(pl), std::move(pc), std::move(pv)};
  f.caption = "complement(L, M): L* lays out copies of L's image so that (L, L*) covers the codomain. Column j of (L, L*) "
              "is the copy of L moved by L*(j), in the j-th colour; the codomain shows which "
              "copy reaches each value (read row by row): when every value is reached once, (L, L*) is a bijection.";
  f.caption += tile_legend(f, m);
  return f;
}

// --- tensors: a part taken (slice, local_tile, outer_partition) -----------------------------------------

enum class Take { slice, inner, outer };

Figure taking(std::string const& expr, std::string const& op, Source const& t, std::string const& t_text, std::vector<Term> const& rest,
              Take how, Term const& value, Options const& opt) {
  Budget budget;
  Source r = source_of(value, "the result");
  if (t.kind == Source::Kind::swizzled) refuse(op + " of a swizzled layout has no picture");
  Figure f;
  f.title = expr;
  Panel pt = source_panel(t, "T", (t.kind == Source::Kind::tensor ? "T = " : "L = ") + t_text, opt, budget);
  Panel pr = source_panel(r, "result", op + "(...) = " + text_of(value), opt, budget);
  i64 nt = source_size(t), nr = source_size(r);
  // The elements taken, as indices of T's elements.
  sp::Tensor index = index_tensor(t.shape());
  std::vector<i64> taken(static_cast<size_t>(nr), -1);
  std::map<i64, i64> tile_of;
  i64 tiles = 0;
  std::string offset_note;
  if (how == Take::slice) {
    sp::SliceCoord coord = sp::to_slice_coord(rest[0]);
    sp::Tensor s = sp::slice(coord, index);
    for (i64 i = 0; i < nr; ++i) taken[static_cast<size_t>(i)] = index_of(s, i);
    if (t.kind == Source::Kind::layout)
      offset_note = " A layout's slice leaves out the offset of the fixed entries, " + value_text(sp::slice(coord, t.layout).offset) +
                    ": the result's values are counted from it (a tensor's slice moves its engine by it).";
  } else {
    sp::Tiler tiler = sp::to_tiler(rest[0]);
    sp::SliceCoord coord = sp::to_slice_coord(rest[1]);
    sp::Tensor s = how == Take::inner ? sp::inner_partition(index, tiler, coord) : sp::outer_partition(index, tiler, coord);
    for (i64 i = 0; i < nr; ++i) taken[static_cast<size_t>(i)] = index_of(s, i);
    sp::Layout zc = sp::zipped_divide(index_layout(t.shape()), tiler);
    i64 tile_size = sp::size(sp::get(zc, {0}));
    tiles = sp::size(zc) / tile_size;
    for (i64 i = 0; i < sp::size(zc); ++i) tile_of.emplace(sp::evaluate(zc, i).integer("an index"), i / tile_size);
  }
  std::map<i64, bool> chosen;
  for (i64 d : taken) chosen[d] = true;
  for (i64 d = 0; d < nt; ++d) {
    Cell& c = pt.at(row_of(pt, d), col_of(pt, d));
    auto it = tile_of.find(d);
    if (it != tile_of.end()) paint(c, tile_colour(it->second), static_cast<int>(it->second));
    else if (how == Take::slice && chosen.count(d)) c.fill = selected_colour();
    else if (how == Take::slice) c.fill = Rgb{255, 255, 255};
    c.emphasized = chosen.count(d) > 0;
  }
  for (i64 i = 0; i < nr; ++i) {
    Cell& c = pr.at(row_of(pr, i), col_of(pr, i));
    auto it = tile_of.find(taken[static_cast<size_t>(i)]);
    if (it != tile_of.end()) paint(c, tile_colour(it->second), static_cast<int>(it->second));
    else if (how == Take::slice) c.fill = selected_colour();
  }
  pr.slot_col = 1;
  f.panels = {std::move(pt), std::move(pr)};
  f.legend.push_back({Rgb{255, 255, 255}, "an element taken (framed)", true});
  switch (how) {
    case Take::slice:
      f.caption = "slice: the elements whose coordinate matches the fixed entries (framed, coloured) form the result; the "
                  "`_` modes are kept." + offset_note;
      f.legend.push_back({selected_colour(), "taken by the slice"});
      break;
    case Take::inner:
      f.caption = op + "(T, tiler, c) = zipped_divide(T, tiler) sliced at (_, c): the tiles coloured and outlined, the tile c "
                       "taken whole (framed).";
      break;
    case Take::outer:
      f.caption = "outer_partition(T, tiler, c) = zipped_divide(T, tiler) sliced at (c, _): the element c of every tile (framed).";
      break;
  }
  f.caption += " Every cell holds the spec's element.";
  if (how != Take::slice) f.caption += tile_legend(f, tiles);
  return f;
}

// --- thread-value partitions -------------------------------------------------------------------------------

/// Label the cells of `p` with the thread and value that own them: for each thread t of `threads`,
/// partition(t) is a tensor over index_tensor(...) whose elements are indices d, and `cell(d)` the
/// cell of d (null: none). The first thread (in the order given), then the first value, wins, as
/// in CuTe's print_latex.
void fill_tv(std::vector<i64> const& threads, std::function<sp::Tensor(i64)> const& partition,
             std::function<Cell*(i64)> const& cell, std::optional<i64> chosen) {
  for (i64 t : threads) {
    sp::Tensor part = partition(t);
    for (i64 v = 0; v < sp::size(part); ++v) {
      Cell* c = cell(index_of(part, v));
      if (!c || !c->label.empty()) continue;
      c->label = {"T" + std::to_string(t), "V" + std::to_string(v)};
      paint(*c, thread_colour(t), static_cast<int>(std::min<i64>(t, 1 << 30)));
      c->emphasized = chosen && *chosen == t;
    }
  }
}

void tv_legend(Figure& f, i64 nthreads) {
  for (i64 k = 0; k < std::min<i64>(nthreads, 8); ++k)
    f.legend.push_back({thread_colour(k), "thread t with t mod 8 = " + std::to_string(k) + " (CuTe's colours)"});
}

std::vector<i64> values_of(sp::Layout const& l, std::string const& what) {
  i64 n = Budget::size_of(l.shape, what);
  if (n > kMaxCells) refuse(what + " has " + std::to_string(n) + " threads, past the limit of " + std::to_string(kMaxCells));
  std::vector<i64> out;
  for (i64 i = 0; i < n; ++i) out.push_back(sp::evaluate(l, i).integer("a thread index"));
  return out;
}

/// local_partition or an MMA partition of T, by every thread: T labelled T<t> V<v>, the asked
/// thread framed, beside its partition.
Figure tv_picture(std::string const& expr, std::string const& what, sp::Tensor const& t, std::string const& t_text,
                  std::vector<i64> const& threads, std::function<sp::Tensor(i64, sp::Tensor const&)> const& partition,
                  i64 chosen, Term const& value, Options const& opt) {
  Budget budget;
  Source r = source_of(value, "the result");
  Figure f;
  f.title = expr;
  i64 nt = Budget::size_of(t.layout.shape, "T");
  budget.take(nt, "T");
  Panel pt = grid_panel("T", "T = " + t_text + ": thread t's value v is T<t> V<v>", t.layout.shape);
  Panel pr = source_panel(r, "result", "thread " + std::to_string(chosen) + ": " + text_of(value), opt, budget);
  sp::Tensor index = index_tensor(t.layout.shape);
  fill_tv(threads, [&](i64 thr) { return partition(thr, index); },
          [&](i64 d) { return d >= 0 && d < nt ? &pt.at(row_of(pt, d), col_of(pt, d)) : nullptr; }, chosen);
  for (auto& c : pr.cells) c.fill = thread_colour(chosen);
  pr.slot_col = 1;
  f.panels = {std::move(pt), std::move(pr)};
  f.caption = what + ": every thread's partition of T, each element labelled T<t> V<v> (thread t, its value v: the "
                     "element's 1-D index in the thread's partition) and coloured by thread as CuTe's print_latex does; "
                     "thread " + std::to_string(chosen) + " is framed, and its partition (the spec's) is on the right.";
  tv_legend(f, static_cast<i64>(threads.size()));
  f.legend.push_back({thread_colour(chosen), "thread " + std::to_string(chosen), true});
  return f;
}

sp::TiledMma tiled_mma_of(Term const& atom, Term const& layout, Term const& perm) {
  if (atom.kind != Kind::word) refuse("expected an MMA atom name, found " + text_of(atom));
  return sp::make_tiled_mma(sp::mma_atom(atom.word), sp::to_layout(layout), sp::to_tiler(perm));
}

sp::Tensor identity_tile(Term const& p, Term const& tiler, Term const& c) {
  return sp::local_tile(sp::make_identity_tensor(sp::to_shape(p)), sp::to_tiler(tiler), sp::to_slice_coord(c));
}

/// A tensor in CuTe's notation (an integral origin as `ArithTuple(x)`).
std::string tensor_text(sp::Tensor const& t) {
  if (t.engine.kind != sp::Engine::Kind::counting) return sp::str(t);
  std::string origin = sp::str(t.engine.origin);
  if (t.engine.origin.is_leaf()) origin = "(" + origin + ")";
  return "ArithTuple" + origin + " o " + sp::str(t.layout);
}

Source tensor_source(sp::Tensor const& t) {
  Source s;
  s.kind = Source::Kind::tensor;
  s.tensor = t;
  s.layout = t.layout;
  return s;
}

// --- the forms of draw alone: tiled_mma, tv_layout ---------------------------------------------------------

/// The arguments of `name(...)` at the top level of `text`, as texts; false when text is not such a call.
bool split_call(std::string const& text, std::string const& name, std::vector<std::string>& args) {
  size_t b = text.find_first_not_of(" \t\n\r");
  if (b == std::string::npos || text.compare(b, name.size(), name) != 0) return false;
  size_t open = text.find_first_not_of(" \t", b + name.size());
  if (open == std::string::npos || text[open] != '(') return false;
  int depth = 0;
  std::string cur;
  size_t i = open + 1;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '<' || c == '[') ++depth;
    if (c == ')' || c == '>' || c == ']') {
      if (depth == 0) break;
      --depth;
    }
    if (c == ',' && depth == 0) {
      args.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (i >= text.size()) refuse(name + ": expected ')' at the end of its arguments");
  if (text.find_first_not_of(" \t\n\r", i + 1) != std::string::npos) refuse(name + ": unexpected text after its ')'");
  if (!cur.empty() || !args.empty()) args.push_back(cur);
  return true;
}

/// An argument of a draw-only form, evaluated with the spec.
Term argument(std::string const& form, size_t k, std::string const& text) {
  equiv::EvalResult r = equiv::evaluate_expression(text, equiv::Engine::spec);
  if (!r.ok) refuse(form + " argument " + std::to_string(k + 1) + ": " + r.error, r.failure);
  return r.value;
}

i64 tiler_size(sp::Tiler const& t) {
  switch (t.kind) {
    case sp::Tiler::Kind::layout: return sp::size(t.layout);
    case sp::Tiler::Kind::underscore: refuse("a permutation `_` has no size here");
    case sp::Tiler::Kind::tuple: {
      i64 n = 1;
      for (auto const& x : t.items) n = sp::mul(n, tiler_size(x));
      return n;
    }
  }
  return 1;
}

Figure tiled_mma_picture(std::string const& expr, std::vector<std::string> const& texts) {
  if (texts.empty() || texts.size() > 3) refuse("tiled_mma takes 1 to 3 arguments: tiled_mma(atom[, atom_layout[, permutation]])");
  Term atom = argument("tiled_mma", 0, texts[0]);
  Term layout = texts.size() > 1 ? argument("tiled_mma", 1, texts[1]) : notation::parse("(1,1,1):(0,0,0)").term;
  Term perm = texts.size() > 2 ? argument("tiled_mma", 2, texts[2]) : Term::make_underscore();
  sp::TiledMma mma = tiled_mma_of(atom, layout, perm);
  i64 m = tiler_size(sp::permutation_mnk(mma, 0)), n = tiler_size(sp::permutation_mnk(mma, 1)),
      k = tiler_size(sp::permutation_mnk(mma, 2));
  Budget budget;
  budget.take(sp::add(sp::add(sp::mul(m, k), sp::mul(k, n)), sp::mul(m, n)), "the A, B and C tiles");
  std::vector<i64> threads = values_of(sp::thr_layout_vmnk(mma), "the tiled MMA");
  auto tuple = [](i64 a, i64 b) { return sp::IntTuple::tuple({sp::IntTuple(a), sp::IntTuple(b)}); };
  Panel pa = grid_panel("A", "A (M x K = " + std::to_string(m) + " x " + std::to_string(k) + "): m down, k across", tuple(m, k));
  Panel pb = grid_panel("B", "B (K x N = " + std::to_string(k) + " x " + std::to_string(n) + "): k down, n across", tuple(k, n));
  Panel pc = grid_panel("C", "C (M x N = " + std::to_string(m) + " x " + std::to_string(n) + "): m down, n across", tuple(m, n));
  struct Operand {
    sp::MmaOperand op;
    i64 rows, cols;  // the identity tensor partitioned: (M,K), (N,K) or (M,N)
    Panel* panel;
    bool transposed;  // B is drawn k down, n across
  };
  for (Operand o : {Operand{sp::MmaOperand::A, m, k, &pa, false}, Operand{sp::MmaOperand::B, n, k, &pb, true},
                    Operand{sp::MmaOperand::C, m, n, &pc, false}}) {
    sp::Tensor index = index_tensor(tuple(o.rows, o.cols));
    fill_tv(threads, [&](i64 t) { return sp::partition(mma, o.op, t, index); },
            [&](i64 d) -> Cell* {
              if (d < 0 || d >= o.rows * o.cols) return nullptr;
              i64 a = d % o.rows, b = d / o.rows;
              return o.transposed ? &o.panel->at(static_cast<int>(b), static_cast<int>(a)) : &o.panel->at(static_cast<int>(a), static_cast<int>(b));
            },
            std::nullopt);
  }
  // CuTe's print_latex: B above C, A left of C.
  pa.slot_col = 0, pa.slot_row = 1;
  pb.slot_col = 1, pb.slot_row = 0;
  pc.slot_col = 1, pc.slot_row = 1;
  Figure f;
  f.title = expr;
  f.panels = {std::move(pb), std::move(pa), std::move(pc)};
  f.caption = "The thread-value layouts of the TiledMMA " + mma.atom.name + " over " + sp::str(mma.atom_layout) +
              " (tile M x N x K = " + std::to_string(m) + " x " + std::to_string(n) + " x " + std::to_string(k) +
              "), as CuTe's print_latex arranges them: B above C, A left of C. Each element shows the thread T<t> that holds it "
              "and its value index V<v> in that thread's partition (the spec's partition_A/B/C of the identity tile), coloured "
              "by thread.";
  tv_legend(f, static_cast<i64>(threads.size()));
  return f;
}

Figure tv_layout_picture(std::string const& expr, std::vector<std::string> const& texts, Options const& opt) {
  if (texts.size() != 2) refuse("tv_layout takes 2 arguments: tv_layout(TV, (M,N))");
  Term tv_term = argument("tv_layout", 0, texts[0]);
  Term tile_term = argument("tv_layout", 1, texts[1]);
  if (tv_term.kind != Kind::layout) refuse("tv_layout: TV must be a layout (thread, value) -> coordinate, found " + text_of(tv_term));
  sp::Layout tv = sp::to_layout(tv_term);
  if (sp::rank(tv) != 2) refuse("tv_layout: TV must have rank 2 (thread, value), this one has rank " + std::to_string(sp::rank(tv)));
  sp::IntTuple tile = sp::to_shape(tile_term);
  if (sp::rank(tile) != 2) refuse("tv_layout: the tile (M,N) must have rank 2");
  i64 m = Budget::size_of(sp::mode(tile, 0), "M"), n = Budget::size_of(sp::mode(tile, 1), "N");
  Budget budget;
  Source s;
  s.layout = tv;
  Panel ptv = source_panel(s, "TV", "TV = " + text_of(tv_term) + ": (thread, value) -> coordinate", opt, budget);
  budget.take(sp::mul(m, n), "the tile");
  Panel pt = grid_panel("tile", "the (" + std::to_string(m) + "," + std::to_string(n) + ") tile: T<t> V<v> where TV(t, v) falls",
                        sp::IntTuple::tuple({sp::IntTuple(m), sp::IntTuple(n)}));
  i64 threads = sp::size(sp::mode(tv.shape, 0)), values = sp::size(sp::mode(tv.shape, 1));
  for (i64 t = 0; t < threads; ++t)
    for (i64 v = 0; v < values; ++v) {
      i64 i = t + v * threads;
      sp::Value x = sp::evaluate(tv, i);
      paint(ptv.at(row_of(ptv, i), col_of(ptv, i)), thread_colour(t), static_cast<int>(t));
      i64 row = 0, col = 0;
      if (x.is_integer()) {  // the column-major 1-D coordinate: x = row + m * col
        col = sp::floor_div(x.scalar(), m);
        row = x.scalar() - m * col;
      } else {
        row = x.at({0});
        col = x.at({1});
      }
      if (row < 0 || row >= m || col < 0 || col >= n)
        refuse("tv_layout: TV(" + std::to_string(t) + ", " + std::to_string(v) + ") = " + x.str() + " is the coordinate (" +
               std::to_string(row) + "," + std::to_string(col) + "), outside the (" + std::to_string(m) + "," + std::to_string(n) +
               ") tile: every (thread, value) must fall in the tile");
      Cell& c = pt.at(static_cast<int>(row), static_cast<int>(col));
      if (!c.label.empty()) continue;
      c.label = {"T" + std::to_string(t), "V" + std::to_string(v)};
      paint(c, thread_colour(t), static_cast<int>(t));
    }
  pt.slot_col = 1;
  Figure f;
  f.title = expr;
  f.panels = {std::move(ptv), std::move(pt)};
  f.caption = "A thread-value layout (CuTe's print_latex_tv): TV maps (thread t, value v) to a coordinate of the tile (an "
              "integer is the column-major 1-D coordinate); the tile shows, for each element, the first (t, v) that reaches it, "
              "coloured by thread.";
  tv_legend(f, threads);
  return f;
}

Figure expression_picture(std::string const& expr, Options const& opt) {
  std::vector<std::string> texts;
  if (split_call(expr, "tiled_mma", texts)) return tiled_mma_picture(expr, texts);
  texts.clear();
  if (split_call(expr, "tv_layout", texts)) return tv_layout_picture(expr, texts, opt);
  equiv::OuterCall call;
  equiv::EvalResult r = equiv::evaluate_expression(expr, equiv::Engine::spec, &call);
  if (!r.ok) refuse(r.error, r.failure);
  Term const& value = r.value;
  std::string const& op = call.op;
  auto const& a = call.args;
  TilingOp t;
  if (op.empty()) return plain(expr, value, opt);
  if (tiling_op(op, t)) return tiling(expr, call, t, value, opt);
  if (op == "complement") return complement_picture(expr, call, value, opt);
  if (op == "slice") return taking(expr, op, source_of(a[0], "the tensor"), text_of(a[0]), {a[1]}, Take::slice, value, opt);
  if (op == "local_tile" || op == "inner_partition")
    return taking(expr, op, source_of(a[0], "the tensor"), text_of(a[0]), {a[1], a[2]}, Take::inner, value, opt);
  if (op == "outer_partition")
    return taking(expr, op, source_of(a[0], "the tensor"), text_of(a[0]), {a[1], a[2]}, Take::outer, value, opt);
  if (op == "identity_local_tile") {
    sp::Tensor id = sp::make_identity_tensor(sp::to_shape(a[0]));
    return taking(expr, op, tensor_source(id), tensor_text(id), {a[1], a[2]}, Take::inner, value, opt);
  }
  if (op == "local_partition" || op == "identity_local_partition") {
    bool id = op == "identity_local_partition";
    sp::Tensor tensor = id ? identity_tile(a[0], a[1], a[2]) : sp::to_tensor(a[0]);
    sp::Layout thr = sp::to_layout(a[id ? 3 : 1]);
    i64 chosen = sp::to_integer(a[id ? 4 : 2]);
    return tv_picture(expr, "local_partition(T, " + sp::str(thr) + ", idx)", tensor, tensor_text(tensor), values_of(thr, "the thread layout"),
                      [&](i64 thread, sp::Tensor const& x) { return sp::local_partition(x, thr, thread); }, chosen, value, opt);
  }
  for (char x : {'A', 'B', 'C'}) {
    sp::MmaOperand operand = x == 'A' ? sp::MmaOperand::A : x == 'B' ? sp::MmaOperand::B : sp::MmaOperand::C;
    bool id = op == std::string("identity_mma_partition_") + x;
    if (!id && op != std::string("mma_partition_") + x) continue;
    sp::TiledMma mma = tiled_mma_of(a[0], a[1], a[2]);
    sp::Tensor tensor = id ? identity_tile(a[3], a[4], a[5]) : sp::to_tensor(a[3]);
    i64 chosen = sp::to_integer(a[id ? 6 : 4]);
    return tv_picture(expr, std::string("partition_") + x + " of the TiledMMA " + mma.atom.name, tensor, tensor_text(tensor),
                      values_of(sp::thr_layout_vmnk(mma), "the tiled MMA"),
                      [&](i64 thread, sp::Tensor const& y) { return sp::partition(mma, operand, thread, y); }, chosen, value, opt);
  }
  return with_arguments(expr, call, value, opt);
}

}  // namespace

Drawn draw_expression(std::string const& expr, Options const& opt) {
  if (opt.element_bytes < 1 || opt.element_bytes > 1024) {
    Drawn d;
    d.error = "the element width must be 1 to 1024 bytes";
    d.failure = equiv::Failure::bad_input;
    return d;
  }
  return guarded([&] { return expression_picture(expr, opt); });
}

}  // namespace layoutref::draw
