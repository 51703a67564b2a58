// layoutref::spec — composition A∘B: its definition first, then its admissibility (which of
// Shah's conditions names a failure).
//
// CuTe's definition (CUTLASS include/cute/layout.hpp: composition(lhs, rhs) is
// detail::composition_impl of coalesce_x(lhs, coprofile(rhs)) and rhs; with a tiler, mode by
// mode, "Drop any modes of lhs that aren't hit by rhs"; docs/semantics.md "Composition"):
//  - a leaf N:r of B: (A∘B)(i) = Â(r*i) for i in [0, N), Â = A extended past its size along its
//    last mode (coalesce_x keeps a trailing size-1 mode; docs/semantics.md "Extension past the
//    domain"; evaluate_at_value, which reads a basis stride r = k@p as CuTe's basis_get does);
//  - B of several modes: right distributivity over B's profile (composition_impl's
//    transform_layout; Shah, "A Note on the Algebra of CuTe Layouts", Def. 2.17);
//  - CuTe's contract: "@post compatible(rhs, result), @post result(c) = lhs(rhs(c)) for all c in
//    the domain of rhs"; the spec requires the second where B(c) lies in A's domain (past it,
//    the value is the by-mode sum above).
// The spec computes exactly that, in three steps:
//  1. composition_reference (below): for each leaf N:r of B, the table of Â(r*i), i < N;
//  2. materialize (reference.hpp): each table factored into the one layout in coalesced form with
//     that function (the lemma of table.hpp's factor), placed at its leaf of B;
//  3. materialize checks the contract R(c) = A(B(c)) wherever B(c) lies in A's domain.
// A result exists iff every table of step 1 is a layout's function and step 3 holds;
// is_composition_admissible decides the same and names the failure after Shah's conditions (the
// section after the definition).

#include <layoutref/spec/composition.hpp>
#include <layoutref/spec/by_mode.hpp>

namespace layoutref::spec {

// --- the definition ----------------------------------------------------------------------------

Reference composition_reference(Layout const& a, Layout const& b) {
  validate_shape(a.shape, "shape of A");
  validate_shape(b.shape, "shape of B");
  Reference r;
  int next = 0;
  r.pattern = pattern_of(b.shape, next);  // R has B's profile
  i64 na = size(a);
  Reference::Block block{a, b, {}};       // R(c) = A(B(c)) where B(c) lies in A's domain
  for (int k = 0; k < next; ++k) block.leaves.push_back(k);
  for (auto const& m : leaf_modes(b)) {   // the leaf N:r of B: i -> Â(r*i), i < N
    i64 n = m.shape.value;
    require_table(n, "a mode of B = " + str(b));
    Value const& d = m.stride.value;
    std::vector<Value> t;
    t.reserve(static_cast<size_t>(n));
    for (i64 i = 0; i < n; ++i) {
      Value x = i * d;
      if (r.extension_note.empty() && !in_domain(a, x))
        r.extension_note = "B's mode " + str(m) + " reaches B = " + x.str() + " outside the domain of A = " + str(a) +
                           " (size " + std::to_string(na) + "); values there extend A along its last mode";
      t.push_back(evaluate_at_value(a, x));
    }
    r.tables.push_back(std::move(t));
  }
  r.blocks.push_back(std::move(block));
  return r;
}

Layout composition(Layout const& a, Layout const& b) {
  is_composition_admissible(a, b).require();
  return materialize(composition_reference(a, b), "composition.not_representable");
}

namespace {
// Composition with a tiler: a layout composes with all of A, modes past a tuple are dropped.
ByMode const& composition_op() {
  static ByMode const op{"composition", false,
                         [](Layout const& a, Layout const& b) { return is_composition_admissible(a, b); },
                         [](Layout const& a, Layout const& b) { return composition_reference(a, b); }};
  return op;
}
}  // namespace

Reference composition_reference(Layout const& a, Tiler const& b) { return by_mode_reference(composition_op(), a, b, false); }

Layout composition(Layout const& a, Tiler const& b) {
  is_composition_admissible(a, b).require();
  if (b.kind == Tiler::Kind::underscore) return a;
  return materialize(composition_reference(a, b), "composition.not_representable");
}

Judgement check_composition(Layout const& a, Layout const& b, Claim const& claimed) {
  return check_composition(a, Tiler::of(b), claimed);
}

Judgement check_composition(Layout const& a, Tiler const& b, Claim const& claimed) {
  Admissibility adm = is_composition_admissible(a, b);
  return judge_with(adm, claimed, [&] { return composition_reference(a, b); });
}

// --- admissibility: exact, with the failure named after Shah's conditions ----------------------

Layout extension_form(Layout const& a) {
  auto s = leaves(a.shape);
  auto d = leaves(a.stride);
  std::vector<i64> ns;
  std::vector<Value> nd;
  for (size_t k = 0; k < s.size(); ++k) {
    bool last = k + 1 == s.size();
    if (s[k] == 1 && !last) continue;
    if (!ns.empty() && d[k] == ns.back() * nd.back()) {
      ns.back() = mul(ns.back(), s[k]);  // merge: the previous mode runs on into this one
      continue;
    }
    ns.push_back(s[k]);
    nd.push_back(d[k]);
  }
  if (ns.size() == 1) return Layout(IntTuple(ns[0]), Stride(nd[0]));
  std::vector<IntTuple> shapes(ns.begin(), ns.end());
  std::vector<Stride> strides(nd.begin(), nd.end());
  return Layout(IntTuple::tuple(std::move(shapes)), Stride::tuple(std::move(strides)));
}

namespace {

struct Division {
  bool ok = false;
  bool strong = false;   // condition (3) also holds
  size_t index = 0;      // division index i
  i64 c = 1;             // r / (M0...M(i-1))
  std::string why;       // when !ok or !strong
};

// Shah Def. 2.11 on M = (M0, ..., M(a-1), ∞) by d.
Division divide(std::vector<i64> const& m, i64 d) {
  Division res;
  i64 prefix = 1;
  for (size_t i = 0; i < m.size(); ++i) {
    bool last = i + 1 == m.size();
    if (d % prefix != 0) {
      res.why = "M0*...*M" + std::to_string(i - 1) + " = " + std::to_string(prefix) + " does not divide " +
                std::to_string(d);
      return res;
    }
    i64 c = d / prefix;
    if (last || c < m[i]) {
      res.ok = true;
      res.index = i;
      res.c = c;
      res.strong = last || m[i] % c == 0;
      if (!res.strong)
        res.why = std::to_string(d) + " = " + std::to_string(prefix) + "*" + std::to_string(c) + " but " +
                  std::to_string(c) + " does not divide the mode size " + std::to_string(m[i]);
      return res;
    }
    prefix = mul(prefix, m[i]);
  }
  res.why = "no modes";
  return res;
}

std::string shape_text(std::vector<i64> const& m) {
  std::string s = "(";
  for (size_t i = 0; i < m.size(); ++i) s += (i ? "," : "") + (i + 1 == m.size() ? std::string("inf") : std::to_string(m[i]));
  return s + ")";
}

// Shah's conditions for one mode N:r of B against A's normal form. Returns "" or the failed
// condition with its witness in `witness`.
std::string shah_mode(std::vector<i64> const& m, i64 n, i64 r, std::string& witness) {
  if (n == 1 || r == 0) return {};
  if (r < 0) {
    witness = "stride " + std::to_string(r) + " is negative";
    return "composition.negative_stride";
  }
  Division left = divide(m, r);
  if (!left.ok || !left.strong) {
    witness = "A's shape " + shape_text(m) + " is not left divisible by the stride " + std::to_string(r) + ": " + left.why;
    return "composition.left_divisibility";
  }
  std::vector<i64> rest;
  if (left.index + 1 < m.size()) {
    rest.push_back(m[left.index] / left.c);
    for (size_t k = left.index + 1; k < m.size(); ++k) rest.push_back(m[k]);
  } else {
    rest.push_back(1);  // ∞
  }
  Division weak = divide(rest, n);
  if (!weak.ok) {
    witness = "the quotient shape " + shape_text(rest) + " (A's shape divided by " + std::to_string(r) +
              ") is not weakly left divisible by the size " + std::to_string(n) + ": " + weak.why;
    return "composition.weak_left_divisibility";
  }
  return {};
}

std::string intervals_text(std::vector<i64> const& m, Layout const& b) {
  i64 mprime = 1;
  for (size_t k = 0; k + 1 < m.size(); ++k) mprime = mul(mprime, m[k]);
  std::string s;
  for (auto const& mode : leaf_modes(b)) {
    if (!mode.stride.value.is_integer()) continue;
    i64 n = mode.shape.value, r = mode.stride.value.scalar();
    if (n < 2 || r <= 0) continue;
    i64 lo = r, hi = std::min(mul(r, n - 1), mprime - 1);
    if (!s.empty()) s += ", ";
    s += str(mode) + ": " + (lo <= hi ? "[" + std::to_string(lo) + "," + std::to_string(hi) + "]" : std::string("empty"));
  }
  return "intervals of definition within [1," + std::to_string(mprime) + "): " + s;
}

}  // namespace

Admissibility is_composition_admissible(Layout const& a, Layout const& b) {
  validate_shape(a.shape, "shape of A");
  validate_shape(b.shape, "shape of B");
  for (auto const& v : leaves(b.stride))
    if (v.is_integer() && v.scalar() < 0)
      return Admissibility::no("composition.negative_stride",
                               "B = " + str(b) + " has the negative stride " + v.str() + "; A is not defined below 0");
  Layout nf = extension_form(a);
  std::vector<i64> m = leaves(nf.shape);
  // Shah's conditions per mode of B (integer strides only).
  std::vector<std::pair<std::string, std::string>> shah;  // per leaf: condition, witness
  for (auto const& mode : leaf_modes(b)) {
    std::string witness, cond;
    if (mode.stride.value.is_integer()) cond = shah_mode(m, mode.shape.value, mode.stride.value.scalar(), witness);
    shah.emplace_back(cond, witness);
  }
  Reference ref = composition_reference(a, b);
  Admissibility adm;
  for (size_t k = 0; k < ref.tables.size(); ++k) {
    if (factor(ref.tables[k])) {
      if (!shah[k].first.empty())
        adm.notes.push_back("not Shah-admissible (" + shah[k].first + ": " + shah[k].second +
                            ") but the mode's function is still a layout");
      continue;
    }
    auto const mode = leaf_modes(b)[k];
    std::string vals;
    for (size_t i = 0; i < ref.tables[k].size() && i < 8; ++i) vals += (i ? "," : "") + ref.tables[k][i].str();
    if (ref.tables[k].size() > 8) vals += ",...";
    std::string what = "A o " + str(mode) + " takes the values " + vals + ", which no layout of size " +
                       std::to_string(mode.shape.value) + " has";
    if (shah[k].first.empty()) return Admissibility::no("composition.not_representable", what);
    return Admissibility::no(shah[k].first, shah[k].second + "; " + what);
  }
  if (auto d = textbook_disagreement(ref)) return Admissibility::no("composition.disjoint_intervals", *d + "; " + intervals_text(m, b));
  if (!ref.extension_note.empty()) adm.notes.push_back(ref.extension_note);
  return adm;
}

Admissibility is_composition_admissible(Layout const& a, Tiler const& b) { return by_mode_admissible(composition_op(), a, b); }

}  // namespace layoutref::spec
