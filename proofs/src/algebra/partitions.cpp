#include "internal.hpp"
#include <layoutref/proofs/check.hpp>
#include <layoutref/proofs/concrete.hpp>
#include <layoutref/proofs/terms.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/mma.hpp>
#include <layoutref/spec/tensor.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

namespace {

// CuTe's repeat<n>(_) as spec::underscores builds it: a lone `_` for one mode.
SymCoord underscores(size_t n) {
  if (n == 1) return SymCoord::underscore();
  return SymCoord::tuple(std::vector<SymCoord>(n, SymCoord::underscore()));
}
size_t rank_of(spec::IntTuple const& p) { return p.leaf ? 1 : p.items.size(); }
// spec::pad_with_underscores: c padded with `_` to the rank of the mode it indexes.
SymCoord padded(SymCoord const& c, spec::IntTuple const& mode, std::string const& what) {
  if (c.leaf()) return c;
  size_t r = rank_of(mode);
  if (c.items.size() > r)
    throw InputError(what + ": the coordinate has " + std::to_string(c.items.size()) + " modes, the mode it indexes " + std::to_string(r));
  if (mode.leaf) return c.items.empty() ? SymCoord::underscore() : c.items[0];
  SymCoord out = c;
  while (out.items.size() < r) out.items.push_back(SymCoord::underscore());
  return out;
}
std::function<spec::SliceCoord(SymCoord const&)> concrete_coord(Setting const& s, Assignment const& a) {
  return [&s, a](SymCoord const& x) {
    std::function<spec::SliceCoord(SymCoord const&)> walk = [&](SymCoord const& y) {
      if (y.keep) return spec::SliceCoord(spec::SliceLeaf{true, 0});
      if (y.index) return spec::SliceCoord(spec::SliceLeaf{false, value_of(s, *y.index, a)});
      std::vector<spec::SliceCoord> items;
      for (auto const& z : y.items) items.push_back(walk(z));
      return spec::SliceCoord::tuple(std::move(items));
    };
    return walk(x);
  };
}
// Two steps as one result: the second's layout, both steps' decisions, the fewer comparisons.
Symbolic joined(Symbolic const& first, Symbolic second) {
  std::vector<std::string> d = first.decisions;
  d.insert(d.end(), second.decisions.begin(), second.decisions.end());
  second.decisions = std::move(d);
  std::vector<std::string> u = first.undecided;
  u.insert(u.end(), second.undecided.begin(), second.undecided.end());
  second.undecided = std::move(u);
  second.checked = std::min(first.checked, second.checked);
  return second;
}

// get_flat_coord's conditions for every idx: the thread layout is a bijection onto [0, size).
// A structural question, with a structural question's budget for the whole check (question_ms:
// a tenth of --timeout, at least 2 s), not the query's. bijective() tries the mixed-radix lemma
// first: a compact thread layout (in some order its strides the running products of its shapes,
// under the hypotheses) is proved when z3 proves the lemma's premises, in milliseconds; a
// concrete one goes to the general query, which is linear there. Otherwise the general query is
// nonlinear: what z3 does not decide within the budget is unknown (a Split naming the layout, the
// budget and z3's reason), never proved; a refutation (its counterexample checked with the spec by
// bijective()) is bad input.
void require_thread_bijection(Setting const& s, std::string const& op, LeafLayout const& thr) {
  if (thr.offset) throw InputError(op + ": the thread layout has an offset (a tensor); it takes a layout");
  for (auto const& d : thr.stride)
    if (!d.is_integer()) throw InputError(op + ": the thread layout has the basis stride " + value_text(d) + "; it takes integer strides");
  unsigned ms = question_ms(s);
  Setting q = s;
  q.timeout_ms = std::max(1u, ms);
  auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  q.deadline = s.deadline == std::chrono::steady_clock::time_point{} ? until : std::min(s.deadline, until);
  Answer b = bijective(q, Fn::of(thr), thr.size());
  if (b.status == Status::refuted)
    throw InputError(op + ": the thread layout " + layout_text(thr) + " is not a bijection onto [0, size), so get_flat_coord " +
                     "(get_flat_coord.not_a_value or .not_unique) fails for some idx: " + b.counterexample);
  if (b.status != Status::proved)
    throw Split(op + ": could not prove that the thread layout " + layout_text(thr) + " is a bijection onto [0, size): not by " +
                "the mixed-radix lemma (no order of its leaves in which each stride was proved the running product of the shapes " +
                "before it), and z3 did not decide the general query within " + seconds_text(ms) +
                " (a structural question's budget: a tenth of --timeout, at least 2 s; z3: " + b.reason + ")");
}

// thr.get_flat_coord(idx) for a thread layout that is a bijection onto [0, size) (its leaves of
// shape above 1 then have the strides of a mixed radix): leaf k's coordinate (idx / d_k) % s_k,
// and per top-level mode the 1-D index within it. @pre 0 <= idx < size(thr) (the caller's)
std::vector<z3::expr> flat_coordinate(LeafLayout const& thr, z3::expr const& idx) {
  z3::context& ctx = idx.ctx();
  std::vector<z3::expr> out;
  for (size_t i = 0; i < rank_of(thr.profile); ++i) {
    LeafLayout m = mode_of(thr, i);
    z3::expr index = ctx.int_val(0), prefix = ctx.int_val(1);
    for (size_t k = 0; k < m.shape.size(); ++k) {
      if (!normalizes_to(m.shape[k], 1)) {
        z3::expr dk = m.stride[k].scalar();
        z3::expr q = normalizes_to(dk, 1) ? idx : idx / dk;
        index = index + prefix * z3::mod(q, m.shape[k]);
      }
      prefix = prefix * m.shape[k];
    }
    out.push_back(simplified(index));
  }
  return out;
}

spec::SliceCoord slice_leaf(spec::i64 v) { return spec::SliceCoord(spec::SliceLeaf{false, v}); }
spec::SliceCoord slice_keep() { return spec::SliceCoord(spec::SliceLeaf{true, 0}); }

}  // namespace

Symbolic slice(Setting const& s, LeafLayout const& l, SymCoord const& c) {
  // The coordinate as the spec reads it at an assignment (`_` or the index's value).
  std::function<spec::SliceCoord(SymCoord const&, Assignment const&)> concrete = [&](SymCoord const& x, Assignment const& a) {
    if (x.keep) return spec::SliceCoord(spec::SliceLeaf{true, 0});
    if (x.index) return spec::SliceCoord(spec::SliceLeaf{false, value_of(s, *x.index, a)});
    std::vector<spec::SliceCoord> items;
    for (auto const& y : x.items) items.push_back(concrete(y, a));
    return spec::SliceCoord::tuple(std::move(items));
  };
  LeafLayout plain = l;
  plain.offset.reset();
  SymValue offset(s.ctx->int_val(0));
  Symbolic r = checked_operation(
      s, "slice", {{&plain, "L"}}, {plain},
      [&](Decider& d) {
        LeafLayout out = slice_in(d, plain, c, offset);
        bool zero = true;
        for (auto const& part : offset.parts()) zero = zero && normalizes_to(part.second, 0);
        if (!zero) out.offset = offset;
        return out;
      },
      [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec::slice(concrete(c, a), in.at(0)).layout; },
      [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec::slice(concrete(c, a), in.at(0)).offset; });
  if (l.offset) r.layout.offset = r.layout.offset ? *l.offset + *r.layout.offset : *l.offset;
  return r;
}

Symbolic local_tile(Setting const& s, LeafLayout const& t, std::vector<z3::expr> const& tile, SymCoord const& c) {
  LeafLayout plain = t;
  plain.offset.reset();
  Symbolic z = divide(s, "zipped_divide", plain, tile);
  if (z.layout.profile.leaf || z.layout.profile.items.size() != 2) throw InternalError("zipped_divide did not give two modes");
  SymCoord at = SymCoord::tuple({underscores(rank_of(z.layout.profile.items[0])), padded(c, z.layout.profile.items[1], "local_tile")});
  Symbolic r = joined(z, slice(s, z.layout, at));
  if (t.offset) r.layout.offset = r.layout.offset ? *t.offset + *r.layout.offset : *t.offset;
  return r;
}

Symbolic local_partition(Setting const& s, LeafLayout const& t, LeafLayout const& thr, std::optional<z3::expr> const& idx) {
  z3::context& ctx = *s.ctx;
  require_thread_bijection(s, "local_partition", thr);
  // The tiler: product_each(shape(thr)).
  std::vector<z3::expr> tile;
  size_t modes = rank_of(thr.profile);
  for (size_t i = 0; i < modes; ++i) tile.push_back(size_of(mode_of(thr, i)));
  LeafLayout plain = t;
  plain.offset.reset();
  Symbolic z = divide(s, "zipped_divide", plain, tile);
  if (z.layout.profile.leaf || z.layout.profile.items.size() != 2) throw InternalError("zipped_divide did not give two modes");
  spec::IntTuple const &tile_mode = z.layout.profile.items[0], &rest_mode = z.layout.profile.items[1];
  SymCoord thread = underscores(rank_of(tile_mode));
  if (idx) {
    Decider d(s, z);
    d.require(*idx >= 0 && *idx < thr.size(), "0 <= " + term_text(*idx) + " < " + term_text(thr.size()),
              "get_flat_coord.not_a_value (idx within [0, size(thr)))");
    std::vector<SymCoord> per_mode;
    for (auto const& x : flat_coordinate(thr, *idx)) per_mode.push_back(SymCoord::at(x));
    thread = padded(SymCoord::tuple(per_mode), tile_mode, "local_partition");
  }
  SymCoord at = SymCoord::tuple({thread, underscores(rank_of(rest_mode))});
  Symbolic r = joined(z, slice(s, z.layout, at));
  // The whole against the spec's definition: zipped_divide by product_each(shape(thr)), sliced at
  // get_flat_coord(idx) (or kept, for `_`).
  spec::IntTuple tp = spec::IntTuple::tuple({});
  std::vector<Mode> tiler;
  for (size_t k = 0; k < tile.size(); ++k) {
    tiler.emplace_back(tile[k], ctx.int_val(1));
    tp.items.push_back(spec::IntTuple(static_cast<spec::i64>(k)));
  }
  auto spec_slice = [&](std::vector<spec::Layout> const& in, Assignment const& a) {
    spec::Layout zl = spec::divide(spec::Arrangement::zipped, in.at(0), spec::Tiler::shape(spec::product_each(in.at(1).shape)));
    spec::SliceCoord c = concrete_coord(s, a)(SymCoord::tuple({underscores(rank_of(tile_mode)), underscores(rank_of(rest_mode))}));
    if (idx) {
      spec::IntTuple flat = spec::get_flat_coord(in.at(1), value_of(s, *idx, a));
      std::function<spec::SliceCoord(spec::IntTuple const&)> lift = [&](spec::IntTuple const& x) {
        if (x.leaf) return spec::SliceCoord(spec::SliceLeaf{false, x.value});
        std::vector<spec::SliceCoord> items;
        for (auto const& y : x.items) items.push_back(lift(y));
        return spec::SliceCoord::tuple(std::move(items));
      };
      spec::SliceCoord lifted = lift(flat);
      if (!lifted.leaf && zl.shape.items.at(0).leaf) lifted = lifted.items.at(0);  // spec's pad_with_underscores
      c.items.at(0) = lifted;
    }
    return spec::slice(c, zl);
  };
  std::string none;
  unsigned long long n = spot_check(
      s, "local_partition", {plain, thr}, r.layout, [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec_slice(in, a).layout; },
      [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec_slice(in, a).offset; }, &none);
  r.checked = std::min(r.checked, n);
  if (n == 0) throw Split("local_partition could not be compared with the spec at any assignment (" + none + "), so it is not used");
  if (t.offset) r.layout.offset = r.layout.offset ? *t.offset + *r.layout.offset : *t.offset;
  return r;
}

Symbolic mma_partition(Setting const& s, spec::TiledMma const& mma, spec::MmaOperand op, LeafLayout const& t,
                       std::optional<z3::expr> const& idx) {
  z3::context& ctx = *s.ctx;
  std::string name = std::string("partition_") + (op == spec::MmaOperand::A ? "A" : op == spec::MmaOperand::B ? "B" : "C");
  if (rank_of(t.profile) < 2 || t.profile.leaf) throw InputError(name + ": an MMA partitions a layout of rank >= 2");
  // The operand's modes of (M,N,K): C (M,N), A (M,K), B (N,K); VMNK's modes i+1, j+1.
  int i = op == spec::MmaOperand::B ? 1 : 0, j = op == spec::MmaOperand::C ? 1 : 2;
  spec::Layout vmnk_c = spec::thr_layout_vmnk(mma);
  LeafLayout vmnk = leaves_of(ctx, vmnk_c);
  require_thread_bijection(s, name, vmnk);
  // The permutation of each mode (CuTe's permutation_mnk: the default `_` is n:1): a concrete layout
  // tiler. n:1 for both modes divides by the shape (n_i, n_j) as before; any other layout divides
  // its mode by that layout (logical_divide(L_m, P) = L_m o (P, complement(P, size(L_m))), whose
  // structural questions, among them complement.stride_divisibility (size(P) | the mode's size,
  // from a fact such as M % 32 == 0), go to the solver). A tuple tiler per mode is a Split.
  spec::Tiler perm_tiler_i = spec::permutation_mnk(mma, i), perm_tiler_j = spec::permutation_mnk(mma, j);
  auto is_column = [](spec::Tiler const& p) {
    return p.kind == spec::Tiler::Kind::layout && p.layout.shape.leaf && p.layout.stride.leaf && p.layout.stride.value == spec::Value(1);
  };
  for (auto const& [p, m] : {std::pair<spec::Tiler const*, int>{&perm_tiler_i, i}, {&perm_tiler_j, j}})
    if (p->kind != spec::Tiler::Kind::layout)
      throw Split(name + ": the permutation of mode " + std::to_string(m) + ", " + p->str() +
                  ", is a tuple of tilers; symbolic MMA partitions take a layout (or `_`) for each mode");
  bool columns = is_column(perm_tiler_i) && is_column(perm_tiler_j);
  spec::i64 atom_i = spec::size(spec::mode(mma.atom.shape_mnk, i)), atom_j = spec::size(spec::mode(mma.atom.shape_mnk, j));
  spec::i64 thr_i = spec::size(spec::mode(vmnk_c.shape, i + 1)), thr_j = spec::size(spec::mode(vmnk_c.shape, j + 1));
  spec::Layout const& operand = op == spec::MmaOperand::A ? mma.atom.a_layout : op == spec::MmaOperand::B ? mma.atom.b_layout : mma.atom.c_layout;
  auto num = [&](spec::i64 v) { return ctx.int_val(static_cast<int64_t>(v)); };
  LeafLayout plain = t;
  plain.offset.reset();
  // thrfrg (spec::thrfrg), step by step, each step checked against the spec.
  Symbolic tt;
  if (columns) {
    tt = logical_divide(s, plain, {num(perm_tiler_i.layout.shape.value), num(perm_tiler_j.layout.shape.value)});
  } else {
    // Mode by mode, as spec::logical_divide by the tuple (P_i, P_j): modes 0 and 1 divided, the
    // modes past them kept.
    std::vector<LeafLayout> modes;
    std::optional<Symbolic> steps;
    for (size_t k = 0; k < rank_of(plain.profile); ++k) {
      if (k >= 2) {
        modes.push_back(mode_of(plain, k));
        continue;
      }
      spec::Layout const& perm = (k == 0 ? perm_tiler_i : perm_tiler_j).layout;
      Symbolic d = logical_divide(s, mode_of(plain, k), leaves_of(ctx, perm));
      modes.push_back(d.layout);
      steps = steps ? joined(*steps, d) : d;
    }
    tt = *steps;
    tt.layout = tuple_of(modes);
  }
  Symbolic c = joined(tt, divide(s, "zipped_divide", tt.layout, {num(atom_i), num(atom_j)}));
  if (c.layout.profile.leaf || c.layout.profile.items.size() != 2) throw InternalError("zipped_divide did not give two modes");
  Symbolic tv = joined(c, composition(s, mode_of(c.layout, 0), leaves_of(ctx, operand)));
  Symbolic r = joined(tv, logical_divide(s, mode_of(c.layout, 1), {num(thr_i), num(thr_j)}));
  spec::IntTuple const& rp = r.layout.profile;
  if (rp.leaf || rp.items.size() < 2 || rp.items[0].leaf || rp.items[1].leaf || rp.items[0].items.size() != 2 || rp.items[1].items.size() != 2 ||
      tv.layout.profile.leaf || tv.layout.profile.items.size() != 2)
    throw InternalError(name + ": the divided rest or the atom's (thread, value) layout has an unexpected profile");
  std::vector<LeafLayout> rests{node_of(r.layout, rp.items[0].items[1]), node_of(r.layout, rp.items[1].items[1])};
  for (size_t k = 2; k < rp.items.size(); ++k) rests.push_back(node_of(r.layout, rp.items[k]));
  LeafLayout threads = tuple_of({mode_of(tv.layout, 0), tuple_of({node_of(r.layout, rp.items[0].items[0]), node_of(r.layout, rp.items[1].items[0])})});
  LeafLayout values = tuple_of({mode_of(tv.layout, 1), tuple_of(rests)});
  LeafLayout thr = tuple_of({threads, values});
  // The thread's slice: ((v,(m,n)),(_,(_,...))) at VMNK.get_flat_coord(idx); `_` keeps them all.
  SymCoord v = SymCoord::underscore(), m = SymCoord::underscore(), n = SymCoord::underscore();
  if (idx) {
    Decider d(s, r);
    d.require(*idx >= 0 && *idx < vmnk.size(), "0 <= " + term_text(*idx) + " < " + term_text(vmnk.size()),
              "get_flat_coord.not_a_value (thr_idx within [0, size(VMNK)))");
    std::vector<z3::expr> x = flat_coordinate(vmnk, *idx);
    v = SymCoord::at(x.at(0));
    m = SymCoord::at(x.at(static_cast<size_t>(i + 1)));
    n = SymCoord::at(x.at(static_cast<size_t>(j + 1)));
  }
  size_t rest_rank = rests.size();
  SymCoord at = SymCoord::tuple({SymCoord::tuple({v, SymCoord::tuple({m, n})}),
                                 SymCoord::tuple({SymCoord::underscore(), SymCoord::tuple(std::vector<SymCoord>(rest_rank, SymCoord::underscore()))})});
  Symbolic out = joined(r, slice(s, thr, at));
  // The whole against the spec: spec::thrfrg sliced at the spec's get_flat_coord(idx).
  auto spec_slice = [&](std::vector<spec::Layout> const& in, Assignment const& a) {
    spec::Layout whole = spec::thrfrg(mma, op, in.at(0));
    spec::SliceCoord keep = slice_keep();
    spec::SliceCoord tv_c = keep, m_c = keep, n_c = keep;
    if (idx) {
      spec::IntTuple f = spec::get_flat_coord(vmnk_c, value_of(s, *idx, a));
      tv_c = slice_leaf(spec::mode(f, 0).value);
      m_c = slice_leaf(spec::mode(f, i + 1).value);
      n_c = slice_leaf(spec::mode(f, j + 1).value);
    }
    std::vector<spec::SliceCoord> rest(rest_rank, keep);
    spec::SliceCoord coord = spec::SliceCoord::tuple({spec::SliceCoord::tuple({tv_c, spec::SliceCoord::tuple({m_c, n_c})}),
                                                      spec::SliceCoord::tuple({keep, spec::SliceCoord::tuple(std::move(rest))})});
    return spec::slice(coord, whole);
  };
  std::string none;
  unsigned long long compared = spot_check(
      s, name, {plain}, out.layout, [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec_slice(in, a).layout; },
      [&](std::vector<spec::Layout> const& in, Assignment const& a) { return spec_slice(in, a).offset; }, &none);
  out.checked = std::min(out.checked, compared);
  if (compared == 0) throw Split(name + " could not be compared with the spec at any assignment (" + none + "), so it is not used");
  if (t.offset) out.layout.offset = out.layout.offset ? *t.offset + *out.layout.offset : *t.offset;
  return out;
}

}  // namespace layoutref::proofs
