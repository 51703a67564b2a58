// layoutref equiv — conform: the impl operations on swizzled layouts `Sw<B,M,S> o off o L`
// (swizzle.tsv). The composition and eval entries of the registry call these when their first
// argument is such a chain.
#pragma once

#include <layoutref/equiv/conform.hpp>

#include <vector>

namespace layoutref::equiv {

/// composition(Sw<B,M,S> o off o L, tiler): args = {the swizzled layout, the tiler (a layout,
/// an integer, `_` or a tuple of them)}; the result is `Sw<B,M,S> o off o (L o tiler)`.
ImplResult conform_swizzled_composition(std::vector<notation::Term> const& args);

/// eval(Sw<B,M,S> o off o L, i) = Sw(off + L(i)): args = {the swizzled layout, the index}.
ImplResult conform_swizzled_eval(std::vector<notation::Term> const& args);

/// Whether t is a swizzled layout `Sw<B,M,S> o off o L` (a chain that starts with a swizzle).
bool is_swizzled(notation::Term const& t);

/// size and cosize of `Sw<B,M,S> o off o L` (args = {it}); max_common_vector where either
/// argument is swizzled (impl/swizzle.hpp).
ImplResult conform_swizzled_size(std::vector<notation::Term> const& args);
ImplResult conform_swizzled_cosize(std::vector<notation::Term> const& args);
ImplResult conform_swizzled_max_common_vector(std::vector<notation::Term> const& args);

}  // namespace layoutref::equiv
