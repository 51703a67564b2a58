// layoutref equiv — what several families of operations (equiv/ops/<family>.cpp) share: reading
// the arguments and the claim for the spec (a swizzled layout, a coordinate tensor, a claimed
// layout), the spec's results as terms, and reading the arguments for impl (a swizzled layout, a
// coordinate tensor). Internal to equiv; each family's own helpers stay in its file.
#pragma once

#include <layoutref/equiv/conform.hpp>
#include <layoutref/equiv/operations.hpp>

#include <layoutref/impl/swizzle.hpp>
#include <layoutref/impl/tensor_term.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/notation/term.hpp>
#include <layoutref/spec/admissibility.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/tensor.hpp>
#include <layoutref/spec/term.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>
#include <string>

namespace layoutref::equiv::ops {

using notation::Kind;
using notation::Term;
namespace sp = layoutref::spec;

// ---- The spec's side: judges, admissibility predicates, references, spec results.

/// Whether a claim is the word `error` (the input refused).
bool is_error(Term const& t);
/// A claimed layout, or the claim `error`.
sp::Claim layout_claim(Term const& t);
/// A swizzled ComposedLayout `Sw<B,M,S> o offset o layout` (spec/term.hpp).
using sp::is_composed;
using sp::to_composed;
/// A tensor `engine o L` (a chain of two whose first is no swizzle).
bool is_tensor(Term const& t);
/// The k-th argument as a layout.
sp::Layout layout(Args const& a, std::size_t k);

/// A value claimed against the spec's: right when the texts are equal, else wrong naming both.
sp::Judgement compare_value(std::string const& claimed, std::string const& expected, std::string const& what);
/// An integer claimed against the spec's (a claim `error` is a refusal of an admissible input).
sp::Judgement compare_integer(Term const& result, sp::i64 expected, std::string const& what);

/// An integer as a term (no static marker).
Term integer(sp::i64 v);
/// A tensor as CuTe prints it: a counting engine `ArithTuple(origin)` (an integral origin as a
/// one-entry tuple, as the reader takes it) or a pointer, then the layout.
Term term_of(sp::Tensor const& t);

// ---- impl's side: computations.

/// Whether t is a swizzled layout `Sw<B,M,S> o off o L` (a chain that starts with a swizzle).
bool is_swizzled(Term const& t);
/// `Sw<B,M,S> o off o L`: a chain of a swizzle, an integer offset and a layout, as impl's value
/// (impl/term.hpp).
inline impl::Result<impl::ComposedLayout> impl_composed(Term const& t) { return impl::to_composed(t); }

using CountingTensor = impl::Tensor<impl::CountingIterator>;
/// Whether t is a coordinate tensor `ArithTuple(c) o L`.
bool is_coordinate_tensor(Term const& t);
/// `ArithTuple(c) o L` as impl's coordinate tensor.
impl::Result<CountingTensor> to_tensor(Term const& t);
/// An op whose first argument may be a coordinate tensor: the tensor version then, else `fallback`.
ConformFn on_tensor_or(ConformFn fallback, std::function<ImplResult(CountingTensor const&, Args const&)> f);

/// f(t, tiler) with the tiler read for impl.
template <class F>
ImplResult with_tiler(CountingTensor const& t, Term const& tiler, F const& f) {
  auto ti = impl::to_tiling_tiler(tiler);
  if (!ti.ok()) return refused(ti.error);
  return result_of(f(t, ti.value));
}

// ---- impl's side: prepared calls (a row's `prepare`, what bench times).

/// Keep `v` from being optimized away: the compiler must assume the asm reads it (as
/// benchmark::DoNotOptimize does). A value larger than a pointer is passed as "m" only: with
/// "r,m" g++ copies the whole value first (gcc bug 105519; a Result<Layout> is 984 bytes).
template <class T>
inline void keep(T const& v) {
#if defined(__GNUC__) || defined(__clang__)
  if constexpr (std::is_trivially_copyable_v<T> && sizeof(T) <= sizeof(T*))
    asm volatile("" : : "r,m"(v) : "memory");
  else
    asm volatile("" : : "m"(v) : "memory");
#else
  static volatile char sink;
  sink = *reinterpret_cast<char const volatile*>(&v);
#endif
}

/// impl's call `f()` (a closure holding the impl values, returning an impl::Result), its result
/// printed by `print(result)`.
template <class F, class P>
class CallOf final : public PreparedCall {
 public:
  CallOf(F f, P p) : f_(std::move(f)), print_(std::move(p)) {}
  bool call() override {
    auto const& r = f_();
    keep(r);
    return r.ok();
  }
  ImplResult result() override { return print_(f_()); }

 private:
  F f_;
  P print_;
};

/// The prepared call `f()`, its result printed by result_of.
template <class F>
Prepared prepared(F f) {
  auto print = [](auto const& r) { return result_of(r); };
  return Prepared{std::make_unique<CallOf<F, decltype(print)>>(std::move(f), print), {}};
}
/// The prepared call `f()`, its result printed by `print(result)`.
template <class F, class P>
Prepared prepared(F f, P print) {
  return Prepared{std::make_unique<CallOf<F, P>>(std::move(f), std::move(print)), {}};
}
/// No call: impl cannot take the arguments.
inline Prepared unprepared(impl::Error const& e) { return Prepared{nullptr, e}; }

/// op(L) prepared: f(the first argument as impl's layout).
template <class F>
Prepared prepare_on_layout(Args const& a, F const& f) {
  auto l = impl::to_layout(a.at(0));
  if (!l.ok()) return unprepared(l.error);
  return prepared([f, l = l.value] { return f(l); });
}

}  // namespace layoutref::equiv::ops
