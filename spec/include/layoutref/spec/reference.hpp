// layoutref::spec — the reference an operation's result is judged against.
//
// A Reference is a function with structure:
//  - a Pattern: the coarsest profile the result must refine (its shape must be compatible
//    with the pattern, CuTe's compatible(); a `run` leaf may instead be spread over several
//    consecutive modes of the enclosing tuple, as tiled/flat divides and products unpack them);
//  - one table per pattern leaf: the result's function along that leaf (the "by-mode"
//    function; the value at a coordinate is the sum over the leaves);
//  - composition blocks: a pair (A, B) whose leaves are some pattern leaves; where B(c) lies in
//    the domain of A the value must be A(B(c)) (the textbook definition of composition),
//    elsewhere the by-mode tables apply (CuTe's extension convention, docs/semantics.md).
// materialize() turns a reference into the spec's own result layout; judge() decides whether a
// claimed layout is right and, if not, gives the first index where it differs.
#pragma once

#include <layoutref/spec/admissibility.hpp>
#include <layoutref/spec/table.hpp>

#include <functional>
#include <string>
#include <vector>

namespace layoutref::spec {

struct Pattern {
  bool leaf = true;
  bool run = false;  ///< leaf only: may be spread over consecutive modes of the parent tuple
  int id = -1;       ///< leaf only: index of its table in the Reference
  i64 size = 1;      ///< leaf only
  std::vector<Pattern> items;

  static Pattern tuple(std::vector<Pattern> items);
  std::string str() const;  ///< `(4,(2,3))`, run leaves as `4...`
};

struct Reference {
  struct Block {
    Layout a;                ///< the left-hand side of the composition
    Layout b;                ///< the right-hand side; its leaves are `leaves`, in order
    std::vector<int> leaves;
  };
  Pattern pattern;
  std::vector<std::vector<Value>> tables;  ///< by leaf id
  std::vector<Block> blocks;
  std::string extension_note;              ///< non-empty when some table value lies past a layout's size

  /// Total size (product of the pattern's leaves).
  i64 size() const;
};

/// The reference of an existing layout: its profile, its own function (no blocks).
Reference layout_reference(Layout const& l);

/// A pattern with the profile of `shape`, its leaves numbered from `next` on (and `next` moved
/// past them).
Pattern pattern_of(IntTuple const& shape, int& next);

/// Whether x lies in A's domain: an integer in [0, size(A)), or a sum of basis terms c@p with
/// 0 <= c < size of A's mode p (the coordinates where A(x) needs no extension).
bool in_domain(Layout const& a, Value const& x);

/// Concatenation (make_layout(R0, R1, ...)): a tuple of the parts' patterns.
Reference concat(std::vector<Reference> parts);

/// Wrap the pattern in a rank-1 tuple: `(P)`.
Reference wrap(Reference r);

/// Replace the pattern (same leaves, renumbered nowhere): used by zip and unpacking.
Reference with_pattern(Reference r, Pattern p);

/// The spec's own result: every leaf table factored into its coalesced layout (table.hpp);
/// a run leaf's modes are spliced into the enclosing tuple. Throws Error(inadmissible) with
/// `condition` when a leaf table is not the function of any layout, or when a block's by-mode
/// value differs from A(B(c)) inside A's domain.
Layout materialize(Reference const& r, std::string const& condition);

/// Whether the by-mode tables agree with the textbook values on every block; if not, the first
/// coordinate where they differ, described.
std::optional<std::string> textbook_disagreement(Reference const& r);

/// Judge a claimed layout: its shape must refine the pattern, and its value at every index
/// must equal the reference's (textbook where B(c) lies in A's domain, by-mode elsewhere).
Judgement judge(Reference const& r, Layout const& claimed);

/// Decide a claim given its admissibility and its reference (nullptr when the input has no
/// pointwise reference, e.g. an inadmissible complement inside a divide); shared by the judges.
Judgement judge_claim(Admissibility const& adm, Claim const& claimed, Reference const* ref);
/// judge_claim with a reference built by `build`; an inadmissible input for which `build`
/// throws Error(inadmissible) is judged without a reference.
Judgement judge_with(Admissibility const& adm, Claim const& claimed, std::function<Reference()> const& build);

/// Whether `shape` refines `pattern`: CuTe's compatible(pattern, shape), where a run leaf
/// matches a run of consecutive modes and a rank-1 tuple (x) of the shape stands for x.
bool refines(Pattern const& pattern, IntTuple const& shape);

}  // namespace layoutref::spec
