// layoutref draw — pictures of layouts, tilings and thread-value partitions, computed by the spec.
//
// `layoutref draw EXPR` (docs/draw.md). EXPR is an expression of the calculator
// (equiv/calculator.hpp), evaluated with the spec (Engine::spec): every value a picture shows is
// the spec's, never impl's. What is drawn follows the outermost call:
//  - a layout (a literal or any operation's result): its grid, rank 1 as one row, rank 2 as rows x
//    columns, ranks past 2 with the modes after the first as the columns; nested modes as nested
//    blocks; cells labelled with the layout's values and shaded with CuTe's greys (value mod 8);
//  - a swizzled layout `Sw<B,M,S> o off o L`: its values, coloured by shared-memory bank and phase
//    (32 banks of 4-byte words; Options::element_bytes per element);
//  - composition(A, B), the divides and the products: A (and B, for a product by a layout) beside
//    the result, the tiles coloured and outlined in both;
//  - complement(L, M): L, the concatenation (L, L*) and the codomain it covers;
//  - a coordinate tensor `ArithTuple(...) o L`: its coordinates;
//  - slice, local_tile / inner_partition, outer_partition: the tensor with its tiles and the part
//    taken, beside the result;
//  - local_partition and mma_partition_{A,B,C} (and their identity_ forms): every thread's
//    partition of the tensor, each cell `T<t>` `V<v>` coloured by thread (CuTe's colours), the
//    thread asked for framed, beside its partition;
//  - two forms of draw alone: tiled_mma(atom[, atom_layout[, permutation]]), the A, B and C
//    thread-value layouts of a TiledMMA as CuTe's print_latex arranges them; and
//    tv_layout(TV, (M,N)), the (M,N) tile labelled with the (thread, value) that TV maps there.
#pragma once

#include <layoutref/draw/figure.hpp>
#include <layoutref/equiv/calculator.hpp>
#include <layoutref/notation/term.hpp>

#include <string>
#include <vector>

namespace layoutref::draw {

/// The most cells one picture may have, all its panels together.
inline constexpr long long kMaxCells = 4096;

enum class Format { svg, tikz, html };
/// "svg", "tikz", "html" (nullopt-like: false for anything else).
bool parse_format(std::string const& text, Format& out);

struct Options {
  int element_bytes = 2;  ///< the width of one element, for the banks of a swizzled layout (1..1024)
  bool banks = false;     ///< colour a layout with integer values by bank too (its values as element offsets)
};

struct Drawn {
  bool ok = false;
  Figure figure;                                   ///< when ok
  std::string error;                               ///< when !ok
  equiv::Failure failure = equiv::Failure::none;   ///< when !ok: bad_input (exit 2), no_result (1), internal (4)
};

/// The picture of an expression. Never throws. Bad input: malformed text, an unknown operation,
/// a result that is not a layout, a swizzled layout or a tensor (an integer, a coordinate), more
/// than kMaxCells cells; no result: the spec refuses the operation (the condition named).
Drawn draw_expression(std::string const& expr, Options const& opt = {});

/// The picture of a wrong verdict (audit --draw): the claimed result of op(args) beside the spec's,
/// each cell whose value differs (at the same 1-D index, as the judge compares) marked in both.
/// A claim `error` shows the spec's result alone, a spec refusal the claim alone (the caption says
/// why). Never throws; refuses (bad input) a value result, which has no picture.
Drawn draw_claim(std::string const& op, std::vector<notation::Term> const& args, notation::Term const& claimed,
                 Options const& opt = {});

/// The figure in `format`.
std::string render(Figure const& f, Format format);

}  // namespace layoutref::draw
