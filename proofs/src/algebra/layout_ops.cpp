#include "internal.hpp"
#include <layoutref/proofs/check.hpp>
#include <layoutref/spec/coalesce.hpp>
#include <layoutref/spec/complement.hpp>
#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/divide.hpp>
#include <layoutref/spec/inverse.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/product.hpp>
#include <layoutref/spec/tensor.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace layoutref::proofs {

namespace algebra_detail {

Symbolic checked_operation(Setting const& s, std::string const& op, std::vector<std::pair<LeafLayout const*, std::string>> const& named,
                           std::vector<LeafLayout> const& args, std::function<LeafLayout(Decider&)> const& build,
                           SpecOperation const& spec_op, SpecOffset const& spec_offset) {
  Symbolic out;
  Decider d(s, out);
  out.layout = build(prepared(d, named));

  std::string none;
  out.checked = spot_check(s, op, args, out.layout, spec_op, spec_offset, &none);
  if (out.checked == 0) {
    std::string undecided;
    for (auto const& u : out.undecided) undecided += "; undecided: " + u;
    throw Split(op + " = " + layout_text(out.layout) + " was computed symbolically, but it was compared with the spec's " + op +
                " at no assignment (" + none + "), so it is not used" + undecided);
  }
  return out;
}

}  // namespace algebra_detail

Symbolic composition(Setting const& s, LeafLayout const& a, LeafLayout const& b) {
  return checked_operation(
      s, "composition", {{&a, "A"}, {&b, "B"}}, {a, b}, [&](Decider& d) { return composition_in(d, *s.ctx, a, b); },
      [](std::vector<spec::Layout> const& in, Assignment const&) { return spec::composition(in.at(0), in.at(1)); });
}

Symbolic identity_tensor(Setting const& s, LeafLayout const& shape) {
  LeafLayout id = shape;
  std::function<void(spec::IntTuple const&, spec::Path)> walk = [&](spec::IntTuple const& p, spec::Path path) {
    if (p.leaf) {
      auto k = static_cast<size_t>(p.value);
      id.stride.at(k) = path.empty() ? SymValue(s.ctx->int_val(1)) : SymValue::basis(s.ctx->int_val(1), path);
      return;
    }
    for (size_t i = 0; i < p.items.size(); ++i) {
      spec::Path q = path;
      q.push_back(static_cast<int>(i));
      walk(p.items[i], q);
    }
  };
  walk(id.profile, {});
  id.offset.reset();
  return checked_operation(
      s, "make_identity_tensor", {{&id, "S"}}, {id}, [&](Decider&) { return id; },
      [](std::vector<spec::Layout> const& in, Assignment const&) { return spec::make_identity_tensor(in.at(0).shape).layout; });
}

Symbolic coalesce(Setting const& s, LeafLayout const& l) {
  return checked_operation(
      s, "coalesce", {{&l, "L"}}, {l}, [&](Decider& d) { return coalesce_in(d, *s.ctx, l); },
      [](std::vector<spec::Layout> const& in, Assignment const&) { return spec::coalesce(in.at(0)); });
}

Symbolic complement(Setting const& s, LeafLayout const& a, z3::expr const& m) {
  return checked_operation(
      s, "complement", {{&a, "A"}}, {a},
      [&](Decider& d) {
        d.require(m >= 1, term_text(m) + " >= 1", "complement's cotarget M >= 1");
        return complement_in(d, *s.ctx, a, m);
      },
      [&](std::vector<spec::Layout> const& in, Assignment const& x) { return spec::complement(in.at(0), value_of(s, m, x)); });
}

Symbolic inverse(Setting const& s, std::string const& op, LeafLayout const& l) {
  bool right = op == "right_inverse";
  return checked_operation(
      s, op, {{&l, "L"}}, {l}, [&](Decider& d) { return inverse_in(d, s, l, op); },
      [right](std::vector<spec::Layout> const& in, Assignment const&) {
        return right ? spec::right_inverse(in.at(0)) : spec::left_inverse(in.at(0));
      });
}

Symbolic logical_product(Setting const& s, LeafLayout const& a, LeafLayout const& b) { return arranged(s, "logical_product", a, b); }

Symbolic arranged(Setting const& s, std::string const& kind, LeafLayout const& a, LeafLayout const& b) {
  bool product = kind.find("_product") != std::string::npos;
  spec::Arrangement how = kind.rfind("zipped", 0) == 0 ? spec::Arrangement::zipped
                          : kind.rfind("tiled", 0) == 0  ? spec::Arrangement::tiled
                          : kind.rfind("flat", 0) == 0   ? spec::Arrangement::flat
                                                         : spec::Arrangement::logical;
  z3::context& ctx = *s.ctx;
  auto build = [&](Decider& d) {
    bool unpacked = how == spec::Arrangement::tiled || how == spec::Arrangement::flat;
    // The divides: C = complement(B, size(A)) computed here, for its profile: the spec's unpack
    // spreads a single-leaf C (a run) and gives a tuple C's modes. Unpacked, C's modes are each
    // decided to be 1 or not (the spec's complement leaves out those of shape 1, so their number
    // must be fixed): a mode that is 1 for every value is left out, one that is 1 for some values
    // splits (answered case by case).
    std::optional<LeafLayout> c;
    if (!product) {
      c = complement_in(d, ctx, b, size_of(a));
      if (unpacked && c->shape.size() > 1) {
        std::vector<Mode> kept;
        for (size_t k = 0; k < c->shape.size(); ++k)
          if (d.ask(c->shape[k] == 1, term_text(c->shape[k]) + " = 1 (mode " + std::to_string(k) + " of complement(B, size(A)))") ==
              Truth::never)
            kept.push_back(leaf_mode(*c, k));
        c = flat_of(ctx, kept, false);
      }
    }
    LeafLayout r = product ? product_in(d, ctx, a, b) : composition_in(d, ctx, a, tuple_of({b, *c}));
    if (!unpacked) return r;  // logical, and zipped: zip2_by keeps a (tile, rest) pair
    // The spec's unpack: a tuple piece gives its modes; a single-leaf piece (a run) is spread into
    // the modes of its coalesced factorization: its leaves coalesced here, each question decided
    // (a leaf 1 for every value left out, one that continues the one before for every value
    // merged; a question that depends on the values splits, answered case by case).
    auto spread = [&](LeafLayout const& piece, bool run, std::vector<LeafLayout>& out) {
      if (!run) {
        for (size_t i = 0; i < piece.profile.items.size(); ++i) out.push_back(mode_of(piece, i));
        return;
      }
      LeafLayout modes = piece.shape.size() > 1 ? coalesce_in(d, ctx, piece) : piece;
      for (size_t k = 0; k < modes.shape.size(); ++k) out.push_back(node_of(modes, spec::IntTuple(static_cast<spec::i64>(k))));
    };
    LeafLayout first = mode_of(r, 0), rest = mode_of(r, 1);
    std::vector<LeafLayout> items;
    // The first piece: A (products; a single leaf is its own factorization) or A o B (divides, B's
    // profile); tiled keeps it as one mode.
    if (how == spec::Arrangement::tiled || (product && a.profile.leaf)) items.push_back(first);
    else spread(first, !product && b.profile.leaf, items);
    // The second piece: C o B (products, B's profile) or A o C (divides, C's profile).
    spread(rest, product ? b.profile.leaf : c->profile.leaf, items);
    return tuple_of(items);
  };
  return checked_operation(s, kind, {{&a, "A"}, {&b, "B"}}, {a, b}, build, [how, product](std::vector<spec::Layout> const& in, Assignment const&) {
    return product ? spec::product(how, in.at(0), spec::Tiler::of(in.at(1))) : spec::divide(how, in.at(0), spec::Tiler::of(in.at(1)));
  });
}

Symbolic logical_divide(Setting const& s, LeafLayout const& a, LeafLayout const& b) { return arranged(s, "logical_divide", a, b); }

Symbolic tile_to_shape(Setting const& s, LeafLayout const& block, LeafLayout const& shape, std::optional<spec::IntTuple> const& order) {
  return checked_operation(
      s, "tile_to_shape", {{&block, "L"}, {&shape, "S"}}, {block, shape},
      [&](Decider& d) { return tile_to_shape_in(d, *s.ctx, block, shape, order); },
      [order](std::vector<spec::Layout> const& in, Assignment const&) { return spec::tile_to_shape(in.at(0), in.at(1).shape, order); });
}

Symbolic blocked_product(Setting const& s, LeafLayout const& a, LeafLayout const& b, bool raked) {
  return checked_operation(
      s, raked ? "raked_product" : "blocked_product", {{&a, "A"}, {&b, "B"}}, {a, b},
      [&](Decider& d) { return blocked_in(d, *s.ctx, a, b, raked); },
      [raked](std::vector<spec::Layout> const& in, Assignment const&) {
        return raked ? spec::raked_product(in.at(0), in.at(1)) : spec::blocked_product(in.at(0), in.at(1));
      });
}

Symbolic logical_divide(Setting const& s, LeafLayout const& a, std::vector<z3::expr> const& tile) {
  return divide(s, "logical_divide", a, tile);
}

Symbolic divide(Setting const& s, std::string const& kind, LeafLayout const& a, std::vector<z3::expr> const& tile) {
  spec::Arrangement how = kind == "zipped_divide" ? spec::Arrangement::zipped
                          : kind == "tiled_divide" ? spec::Arrangement::tiled
                          : kind == "flat_divide"  ? spec::Arrangement::flat
                                                   : spec::Arrangement::logical;
  z3::context& ctx = *s.ctx;
  size_t rank = a.profile.leaf ? 1 : a.profile.items.size();
  if (tile.size() > rank)
    throw InputError(kind + ": the tiler has " + std::to_string(tile.size()) + " modes, A only " + std::to_string(rank));
  // The tiler as the spec reads it: a tuple of the entries (by mode), each the layout t_i:1.
  std::vector<Mode> tiler;
  spec::IntTuple tp = spec::IntTuple::tuple({});
  for (size_t k = 0; k < tile.size(); ++k) {
    tiler.emplace_back(tile[k], ctx.int_val(1));
    tp.items.push_back(spec::IntTuple(static_cast<spec::i64>(k)));
  }
  auto build = [&](Decider& d) {
    std::vector<LeafLayout> modes;
    for (size_t i = 0; i < rank; ++i) {
      LeafLayout ai = mode_of(a, i);
      if (i >= tile.size()) {
        modes.push_back(ai);
        continue;
      }
      d.require(tile[i] >= 1, term_text(tile[i]) + " >= 1", "the tiler's entry " + std::to_string(i) + " >= 1");
      d.assume(tile[i] >= 1);
      modes.push_back(divide_in(d, ctx, ai, flat_of(ctx, {tiler[i]}, false)));
    }
    if (how == spec::Arrangement::logical) return tuple_of(modes);  // a rank-1 A gives a rank-1 tuple, as the spec
    // The tiles gathered, then the rests and the modes past the tiler: the same leaves in the
    // same order for zipped, tiled and flat (so the same function); the profiles differ.
    std::vector<LeafLayout> tiles, rests;
    for (size_t i = 0; i < modes.size(); ++i) {
      if (i < tile.size()) {
        tiles.push_back(mode_of(modes[i], 0));
        rests.push_back(mode_of(modes[i], 1));
      } else {
        rests.push_back(modes[i]);
      }
    }
    if (how == spec::Arrangement::zipped) return tuple_of({tuple_of(tiles), tuple_of(rests)});
    if (how == spec::Arrangement::tiled) {
      std::vector<LeafLayout> items{tuple_of(tiles)};
      items.insert(items.end(), rests.begin(), rests.end());
      return tuple_of(items);
    }
    // flat: the tiles and then the rests and the modes past the tiler, each as a mode (a mode
    // past the tiler keeps its nesting, as the spec's unpack does).
    std::vector<LeafLayout> items = tiles;
    items.insert(items.end(), rests.begin(), rests.end());
    return tuple_of(items);
  };
  return checked_operation(s, kind, {{&a, "A"}}, {a, make_leaf_layout(tp, tiler)}, build,
                           [how](std::vector<spec::Layout> const& in, Assignment const&) {
                             return spec::divide(how, in.at(0), spec::Tiler::shape(in.at(1).shape));
                           });
}

}  // namespace layoutref::proofs
