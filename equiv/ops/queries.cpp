// layoutref equiv — the queries, each row with all its faces (operations.hpp): size(L), cosize(L)
// (of a layout or a swizzled layout `Sw<B,M,S> o off o L`), rank(L), depth(L), eval(T or L, i)
// (a layout, a swizzled layout or a coordinate tensor `ArithTuple(...) o L` at an index),
// crd2idx(c, S or L), idx2crd(i, S), max_alignment(L). They return one value, computed directly.
#include "support.hpp"

#include <layoutref/impl/coordinates.hpp>
#include <layoutref/impl/max_alignment.hpp>
#include <layoutref/spec/max_alignment.hpp>
#include <layoutref/spec/term.hpp>

namespace layoutref::equiv {

using namespace ops;

namespace {

// size and cosize of `Sw<B,M,S> o off o L` (the first argument), with impl (impl/swizzle.hpp).
template <class F>
Prepared prepare_swizzled(Args const& a, F const& f) {
  auto c = impl_composed(a.at(0));
  if (!c.ok()) return unprepared(c.error);
  return prepared([f, c = c.value] { return f(c); });
}

/// eval(L, i) and eval(Sw<B,M,S> o off o L, i) = Sw(off + L(i)), with impl.
Prepared prepare_eval(Args const& a) {
  auto i = impl::to_int(a.at(1));
  if (a.at(0).kind == notation::Kind::chain) {  // Sw<B,M,S> o off o L
    auto c = impl_composed(a[0]);
    if (!c.ok()) return unprepared(c.error);
    if (!i.ok()) return unprepared(i.error);
    return prepared([c = c.value, i = i.value.value] { return impl::evaluate(c, i); },
                    [](impl::Result<impl::i64> const& r) { return from(r); });
  }
  if (!i.ok()) return unprepared(i.error);
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return unprepared(l.error);
  // L's domain must fit in int64 (the spec's evaluation rule; impl::evaluate, a per-index call,
  // does not compute the size).
  auto n = impl::size(l.value);
  if (!n.ok()) return unprepared(n.error);
  return prepared([l = l.value, i = i.value.value] { return impl::evaluate(l, i); });
}

}  // namespace

void register_queries(OperationTable& t) {
  using K = ArgKind;
  using R = Returns;

  t.add({
      .usage = "size(L)", .args = {K::layout_or_swizzled}, .min_args = 1, .returns = R::value,
      .judge = [](Args const& a, Term const& r) {
        if (is_composed(a[0])) return compare_integer(r, sp::size(to_composed(a[0])), "size");
        return compare_integer(r, sp::size(sp::to_layout(a[0])), "size");
      },
      .prepare = [](Args const& a) {
        if (is_swizzled(a.at(0))) return prepare_swizzled(a, [](impl::ComposedLayout const& c) { return impl::size(c); });
        return prepare_on_layout(a, [](impl::Layout const& l) { return impl::size(l); });
      },
      .spec_result = [](Args const& a) { return integer(is_composed(a[0]) ? sp::size(to_composed(a[0])) : sp::size(sp::to_layout(a[0]))); },
  });

  t.add({
      .usage = "cosize(L)", .args = {K::layout_or_swizzled}, .min_args = 1, .returns = R::value,
      .judge = [](Args const& a, Term const& r) {
        if (is_composed(a[0])) return compare_integer(r, sp::cosize(to_composed(a[0])), "cosize (the image's extent)");
        return compare_integer(r, sp::cosize(sp::to_layout(a[0])), "cosize");
      },
      // cosize(L) = L(size(L) - 1) + 1 is static when every shape and stride of L is (CuTe's Int<N>).
      .prepare = [](Args const& a) {
        if (is_swizzled(a.at(0))) {
          auto c = impl_composed(a[0]);
          if (!c.ok()) return unprepared(c.error);
          return prepared([c = c.value] { return impl::cosize(c); }, [](impl::Result<impl::i64> const& n) {
            if (!n.ok()) return refused(n.error);
            return result_of(impl::Result<impl::Int>(impl::Int{n.value, false}));
          });
        }
        auto l = impl::to_layout(a.at(0));
        if (!l.ok()) return unprepared(l.error);
        bool is_static = true;
        for (int k = 0; k < l.value.nleaves; ++k) is_static = is_static && l.value.leaf[k].shape_static() && l.value.leaf[k].stride_static();
        return prepared([l = l.value] { return impl::cosize(l); }, [is_static](auto const& c) {
          if (!c.ok()) return refused(c.error);
          return result_of(impl::Result<impl::Int>(impl::Int{c.value, is_static}));
        });
      },
      .spec_result = [](Args const& a) { return integer(is_composed(a[0]) ? sp::cosize(to_composed(a[0])) : sp::cosize(sp::to_layout(a[0]))); },
  });

  t.add({
      .usage = "rank(L)", .args = {K::layout}, .min_args = 1, .returns = R::value,
      .judge = [](Args const& a, Term const& r) { return compare_integer(r, sp::rank(sp::to_layout(a[0])), "rank"); },
      .prepare = [](Args const& a) {
        auto l = impl::to_layout(a.at(0));
        if (!l.ok()) return unprepared(l.error);
        return prepared([l = l.value] { return impl::Result<impl::i64>(l.rank()); }, [](impl::Result<impl::i64> const& r) { return from(r); });
      },
      .spec_result = [](Args const& a) { return integer(sp::rank(sp::to_layout(a[0]))); },
  });

  t.add({
      .usage = "depth(L)", .args = {K::layout}, .min_args = 1, .returns = R::value,
      .judge = [](Args const& a, Term const& r) { return compare_integer(r, sp::depth(sp::to_layout(a[0])), "depth"); },
      .prepare = [](Args const& a) {
        auto l = impl::to_layout(a.at(0));
        if (!l.ok()) return unprepared(l.error);
        return prepared([l = l.value] { return impl::Result<impl::i64>(l.depth()); }, [](impl::Result<impl::i64> const& r) { return from(r); });
      },
      .spec_result = [](Args const& a) { return integer(sp::depth(sp::to_layout(a[0]))); },
  });

  t.add({
      .usage = "eval(T or L, i)", .args = {K::layout_or_tensor, K::integer}, .min_args = 2, .returns = R::value,
      .judge = [](Args const& a, Term const& r) {
        sp::i64 i = sp::to_integer(a[1]);
        if (is_composed(a[0])) return compare_integer(r, sp::evaluate(to_composed(a[0]), i), "Sw(offset + L(i))");
        sp::Layout l = sp::to_layout(a[0]);
        sp::Value want = sp::evaluate(l, i);  // an index outside [0, size(L)) is malformed input
        if (is_error(r)) return sp::Judgement::wrong("refused an admissible input");
        return compare_value(sp::to_value(r).str(), want.str(), "L(" + std::to_string(i) + ")");
      },
      // A coordinate tensor `ArithTuple(...) o L`, else a swizzled layout or a layout.
      .compute = on_tensor_or(
          compute_of(prepare_eval),
          [](CountingTensor const& x, Args const& a) {
            auto i = impl::to_int(a.at(1));
            if (!i.ok()) return refused(i.error);
            auto n = impl::size(x.layout);  // the domain must fit in int64, as for a layout's eval
            if (!n.ok()) return refused(n.error);
            auto v = impl::element(x, i.value.value);
            if (!v.ok()) return refused(v.error);
            ImplResult out;
            out.term = impl::to_term(v.value);
            return out;
          }),
      .prepare = prepare_eval,
      .spec_result = [](Args const& a) {
        sp::i64 i = sp::to_integer(a[1]);
        if (is_composed(a[0])) return integer(sp::evaluate(to_composed(a[0]), i));
        if (is_tensor(a[0])) {
          sp::Tensor x = sp::to_tensor(a[0]);
          if (i < 0 || i >= sp::size(x)) sp::bad_argument("the index " + std::to_string(i) + " lies outside the tensor's domain");
          sp::Engine e = sp::element(x, i);
          if (e.kind == sp::Engine::Kind::counting) return sp::to_term(sp::coordinate(e));
          return term_of(sp::Tensor{e, sp::Layout()}).children[0];
        }
        return sp::to_term(sp::evaluate(sp::to_layout(a[0]), i));
      },
  });

  t.add({
      .usage = "crd2idx(c, S or L)", .args = {K::int_tuple, K::shape_or_layout}, .min_args = 2, .returns = R::value,
      .judge = [](Args const& a, Term const& r) {
        sp::IntTuple c = sp::to_int_tuple(a[0]);
        if (a[1].kind == Kind::layout) {
          sp::Layout l = sp::to_layout(a[1]);
          sp::Value want = sp::crd2idx(c, l);
          if (is_error(r)) return sp::Judgement::wrong("refused an admissible input");
          return compare_value(sp::to_value(r).str(), want.str(), "L(" + sp::str(c) + ")");
        }
        return compare_integer(r, sp::crd2idx(c, sp::to_shape(a[1])), "the colexicographic index");
      },
      .prepare = [](Args const& a) {
        auto c = impl::to_int_tuple(a.at(0));
        if (!c.ok()) return unprepared(c.error);
        if (a.at(1).kind == notation::Kind::layout) {
          auto l = impl::to_layout(a.at(1));
          if (!l.ok()) return unprepared(l.error);
          return prepared([c = c.value, l = l.value] { return impl::crd2idx(c, l); });
        }
        auto s = impl::to_shape(a.at(1));
        if (!s.ok()) return unprepared(s.error);
        return prepared([c = c.value, s = s.value] { return impl::crd2idx(c, s); });
      },
      .spec_result = [](Args const& a) {
        sp::IntTuple c = sp::to_int_tuple(a[0]);
        if (a[1].kind == Kind::layout) return sp::to_term(sp::crd2idx(c, sp::to_layout(a[1])));
        return integer(sp::crd2idx(c, sp::to_shape(a[1])));
      },
  });

  t.add({
      .usage = "idx2crd(i, S)", .args = {K::int_tuple, K::shape}, .min_args = 2, .returns = R::value,
      .judge = [](Args const& a, Term const& r) {
        sp::IntTuple c = sp::idx2crd(sp::to_int_tuple(a[0]), sp::to_shape(a[1]));
        if (is_error(r)) return sp::Judgement::wrong("refused an admissible input");
        return compare_value(sp::str(sp::to_int_tuple(r)), sp::str(c), "the natural coordinate");
      },
      .prepare = [](Args const& a) {
        auto i = impl::to_int_tuple(a.at(0));
        auto s = impl::to_shape(a.at(1));
        if (!i.ok()) return unprepared(i.error);
        if (!s.ok()) return unprepared(s.error);
        return prepared([i = i.value, s = s.value] { return impl::idx2crd(i, s); });
      },
      .spec_result = [](Args const& a) { return sp::to_term(sp::idx2crd(sp::to_int_tuple(a[0]), sp::to_shape(a[1]))); },
  });

  t.add({
      .usage = "max_alignment(L)", .args = {K::layout}, .min_args = 1, .returns = R::value,
      .judge = [](Args const& a, Term const& r) { return compare_integer(r, sp::max_alignment(sp::to_layout(a[0])), "max_alignment"); },
      .prepare = [](Args const& a) { return prepare_on_layout(a, [](impl::Layout const& l) { return impl::max_alignment(l); }); },
      .spec_result = [](Args const& a) { return integer(sp::max_alignment(sp::to_layout(a[0]))); },
  });
}

}  // namespace layoutref::equiv
