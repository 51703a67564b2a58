#include <layoutref/spec/reference.hpp>

#include <functional>
#include <optional>

namespace layoutref::spec {

Pattern Pattern::tuple(std::vector<Pattern> items) {
  Pattern p;
  p.leaf = false;
  p.items = std::move(items);
  return p;
}

std::string Pattern::str() const {
  if (leaf) return std::to_string(size) + (run ? "..." : "");
  std::string s = "(";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) s += ",";
    s += items[i].str();
  }
  return s + ")";
}

i64 Reference::size() const {
  i64 n = 1;
  std::function<void(Pattern const&)> go = [&](Pattern const& p) {
    if (p.leaf) {
      n = mul(n, p.size);
      return;
    }
    for (auto const& x : p.items) go(x);
  };
  go(pattern);
  return n;
}

Pattern pattern_of(IntTuple const& shape, int& next) {
  if (shape.leaf) {
    Pattern p;
    p.id = next++;
    p.size = shape.value;
    return p;
  }
  std::vector<Pattern> items;
  for (auto const& x : shape.items) items.push_back(pattern_of(x, next));
  return Pattern::tuple(std::move(items));
}

bool in_domain(Layout const& a, Value const& v) {
  if (v.is_integer()) return v.scalar() >= 0 && v.scalar() < size(a);
  if (v.scalar() != 0) return false;
  for (auto const& t : v.terms()) {
    if (t.coeff < 0) return false;
    IntTuple const* s = &a.shape;
    for (int m : t.path) {
      if (s->leaf) {
        if (m != 0) return false;
      } else {
        if (m < 0 || m >= static_cast<int>(s->items.size())) return false;
        s = &s->items[static_cast<size_t>(m)];
      }
    }
    if (t.coeff >= size(*s)) return false;
  }
  return true;
}

namespace {

void renumber(Pattern& p, int offset) {
  if (p.leaf) {
    p.id += offset;
    return;
  }
  for (auto& x : p.items) renumber(x, offset);
}

void collect_leaves(Pattern const& p, std::vector<Pattern const*>& out) {
  if (p.leaf) {
    out.push_back(&p);
    return;
  }
  for (auto const& x : p.items) collect_leaves(x, out);
}

std::vector<std::vector<Value>> linear_tables(Layout const& l) {
  std::vector<std::vector<Value>> tables;
  for (auto const& m : leaf_modes(l)) {
    i64 n = m.shape.value;
    if (n < 1) bad_argument("layout " + str(l) + " has a mode of size " + std::to_string(n));
    require_table(n, "a mode of " + str(l));
    std::vector<Value> t;
    t.reserve(static_cast<size_t>(n));
    for (i64 i = 0; i < n; ++i) t.push_back(i * m.stride.value);
    tables.push_back(std::move(t));
  }
  return tables;
}

}  // namespace

Reference layout_reference(Layout const& l) {
  Reference r;
  int next = 0;
  r.pattern = pattern_of(l.shape, next);
  r.tables = linear_tables(l);
  return r;
}

Reference concat(std::vector<Reference> parts) {
  Reference r;
  std::vector<Pattern> items;
  for (auto& part : parts) {
    int offset = static_cast<int>(r.tables.size());
    renumber(part.pattern, offset);
    items.push_back(std::move(part.pattern));
    for (auto& t : part.tables) r.tables.push_back(std::move(t));
    for (auto& b : part.blocks) {
      for (int& id : b.leaves) id += offset;
      r.blocks.push_back(std::move(b));
    }
    if (r.extension_note.empty()) r.extension_note = part.extension_note;
  }
  r.pattern = Pattern::tuple(std::move(items));
  return r;
}

Reference wrap(Reference r) {
  r.pattern = Pattern::tuple({std::move(r.pattern)});
  return r;
}

Reference with_pattern(Reference r, Pattern p) {
  r.pattern = std::move(p);
  return r;
}

// --- evaluation of a reference ---------------------------------------------------------------

namespace {

// Evaluates the reference at 1-D indices: the leaf digits, the by-mode sum and the textbook
// override of the blocks.
struct Evaluator {
  Reference const& r;
  std::vector<Pattern const*> order;   // pattern leaves in colexicographic order
  std::vector<int> block_of;           // by leaf id: block index or -1
  std::vector<FlatLayout> a_flat;
  std::vector<std::vector<Value>> b_strides;  // per block, by position in block.leaves
  std::vector<i64> digit;              // by leaf id

  explicit Evaluator(Reference const& ref) : r(ref) {
    collect_leaves(r.pattern, order);
    block_of.assign(r.tables.size(), -1);
    digit.assign(r.tables.size(), 0);
    for (size_t bi = 0; bi < r.blocks.size(); ++bi) {
      auto const& b = r.blocks[bi];
      for (int id : b.leaves) block_of[static_cast<size_t>(id)] = static_cast<int>(bi);
      a_flat.emplace_back(b.a);
      b_strides.push_back(leaves(b.b.stride));
    }
  }

  void set_index(i64 i) {
    for (auto const* p : order) {
      digit[static_cast<size_t>(p->id)] = i % p->size;
      i /= p->size;
    }
  }

  struct Result {
    Value value;
    bool textbook = false;      // some block value is A(B(c)) with B(c) in the domain
    bool extension = false;     // some block value lies outside A's domain (by-mode convention)
  };

  Value by_modes(std::vector<int> const& ids) const {
    Value v;
    for (int id : ids) v = v + r.tables[static_cast<size_t>(id)][static_cast<size_t>(digit[static_cast<size_t>(id)])];
    return v;
  }

  // The value at the index of the last set_index. With `how`, also the description of each
  // block's value for a mismatch report: judge asks for it only when it reports one, so that no
  // text is built per index.
  Result value(std::string* how = nullptr) const {
    Result res;
    for (auto const* p : order)
      if (block_of[static_cast<size_t>(p->id)] < 0)
        res.value = res.value + r.tables[static_cast<size_t>(p->id)][static_cast<size_t>(digit[static_cast<size_t>(p->id)])];
    for (size_t bi = 0; bi < r.blocks.size(); ++bi) {
      auto const& blk = r.blocks[bi];
      Value x;
      for (size_t k = 0; k < blk.leaves.size(); ++k)
        x = x + digit[static_cast<size_t>(blk.leaves[k])] * b_strides[bi][k];
      if (in_domain(blk.a, x)) {
        Value y = x.is_integer() ? a_flat[bi](x.scalar()) : evaluate_at_value(blk.a, x);
        res.value = res.value + y;
        res.textbook = true;
        if (how) {
          if (!how->empty()) *how += " + ";
          *how += "A(B(c)) = A(" + x.str() + ") = " + y.str() + " with A = " + str(blk.a);
        }
      } else {
        res.value = res.value + by_modes(blk.leaves);
        res.extension = true;
        if (how) {
          if (!how->empty()) *how += " + ";
          *how += "B(c) = " + x.str() + " lies outside A = " + str(blk.a) + "; by modes, extending A along its last mode";
        }
      }
    }
    return res;
  }
};

}  // namespace

std::optional<std::string> textbook_disagreement(Reference const& r) {
  for (auto const& blk : r.blocks) {
    FlatLayout a(blk.a);
    FlatLayout b(blk.b);
    i64 n = b.size();
    require_table(n, "the composition " + str(blk.a) + " o " + str(blk.b));
    auto bs = leaves(blk.b.shape);
    std::vector<i64> dig(bs.size(), 0);
    for (i64 i = 0; i < n; ++i) {
      Value x = b(i);
      if (!in_domain(blk.a, x)) continue;
      i64 rest = i;
      Value by;
      for (size_t k = 0; k < bs.size(); ++k) {
        i64 c = rest % bs[k];
        rest /= bs[k];
        by = by + r.tables[static_cast<size_t>(blk.leaves[k])][static_cast<size_t>(c)];
      }
      Value textbook = x.is_integer() ? a(x.scalar()) : evaluate_at_value(blk.a, x);
      if (by != textbook)
        return "at coordinate " + str(idx2crd(i, blk.b.shape)) + " of B = " + str(blk.b) + ": A(B(c)) = A(" + x.str() +
               ") = " + textbook.str() + " but composing mode by mode gives " + by.str();
    }
  }
  return std::nullopt;
}

namespace {

void build(Pattern const& p, Reference const& r, std::string const& condition, std::vector<IntTuple>& shapes,
           std::vector<Stride>& strides, bool splice) {
  if (p.leaf) {
    auto f = factor(r.tables[static_cast<size_t>(p.id)]);
    if (!f) {
      auto const& t = r.tables[static_cast<size_t>(p.id)];
      std::string vals;
      for (size_t i = 0; i < t.size() && i < 8; ++i) vals += (i ? "," : "") + t[i].str();
      if (t.size() > 8) vals += ",...";
      throw Error(Error::Kind::inadmissible,
                  condition + ": the values " + vals + " along a mode of size " + std::to_string(t.size()) +
                      " are not the function of any layout",
                  condition);
    }
    if (splice && !f->shape.leaf) {
      for (size_t k = 0; k < f->shape.items.size(); ++k) {
        shapes.push_back(f->shape.items[k]);
        strides.push_back(f->stride.items[k]);
      }
    } else {
      shapes.push_back(f->shape);
      strides.push_back(f->stride);
    }
    return;
  }
  std::vector<IntTuple> sub_shapes;
  std::vector<Stride> sub_strides;
  for (auto const& x : p.items) build(x, r, condition, sub_shapes, sub_strides, x.leaf && x.run);
  shapes.push_back(IntTuple::tuple(std::move(sub_shapes)));
  strides.push_back(Stride::tuple(std::move(sub_strides)));
}

}  // namespace

Layout materialize(Reference const& r, std::string const& condition) {
  if (auto d = textbook_disagreement(r)) throw Error(Error::Kind::inadmissible, condition + ": " + *d, condition);
  std::vector<IntTuple> shapes;
  std::vector<Stride> strides;
  build(r.pattern, r, condition, shapes, strides, false);
  return Layout(shapes.front(), strides.front());
}

namespace {

bool refines_items(std::vector<Pattern> const& p, size_t i, std::vector<IntTuple> const& s, size_t j);

// Match the pattern items p[i..] against the shape items s[j..]. A run leaf takes one or more
// consecutive items whose sizes multiply to its size (size-1 items may join either neighbour,
// so every split is tried).
bool refines_items(std::vector<Pattern> const& p, size_t i, std::vector<IntTuple> const& s, size_t j) {
  if (i == p.size()) return j == s.size();
  if (j == s.size()) return false;
  Pattern const& item = p[i];
  if (!(item.leaf && item.run)) return refines(item, s[j]) && refines_items(p, i + 1, s, j + 1);
  i64 prod = 1;
  for (size_t k = j; k < s.size(); ++k) {
    i64 sk = size(s[k]);
    if (sk < 1) return false;
    prod = mul(prod, sk);
    if (prod > item.size) return false;
    if (prod == item.size && refines_items(p, i + 1, s, k + 1)) return true;
  }
  return false;
}

}  // namespace

bool refines(Pattern const& pattern, IntTuple const& shape) {
  // A rank-1 tuple (x) has the coordinates of x: CuTe's unpacking (tiled/flat divides and
  // products, slicing) can leave such wrappers around a mode.
  if (!pattern.leaf && !shape.leaf && shape.items.size() == 1 && pattern.items.size() != 1)
    return refines(pattern, shape.items[0]);
  if (pattern.leaf) {
    for (i64 v : leaves(shape))
      if (v < 1) return false;
    return size(shape) == pattern.size;
  }
  if (shape.leaf) return false;
  return refines_items(pattern.items, 0, shape.items, 0);
}

Judgement judge(Reference const& r, Layout const& claimed) {
  i64 n = r.size();
  bool shape_ok = refines(r.pattern, claimed.shape);
  std::string shape_error = "the result shape " + str(claimed.shape) + " does not refine the required profile " + r.pattern.str();
  if (!shape_ok) {
    for (i64 v : leaves(claimed.shape))
      if (v < 1) return Judgement::wrong(shape_error + " (a mode of size " + std::to_string(v) + ")");
    if (size(claimed.shape) != n)
      return Judgement::wrong(shape_error + ": its size is " + std::to_string(size(claimed.shape)) + ", not " + std::to_string(n));
  }
  require_table(n, "judging a result of size " + std::to_string(n));
  FlatLayout c(claimed);
  Evaluator ev(r);
  bool extension = false;
  for (i64 i = 0; i < n; ++i) {
    ev.set_index(i);
    auto e = ev.value();
    Value got = c(i);
    extension = extension || e.extension;
    if (got != e.value) {
      std::string how;
      ev.value(&how);  // the same index again, now with its description
      Judgement j = Judgement::wrong((shape_ok ? std::string() : shape_error + "; ") + "at index " + std::to_string(i) + " (coordinate " + str(idx2crd(i, claimed.shape)) +
                                     ") the result is " + got.str() + " but must be " + e.value.str() +
                                     (how.empty() ? std::string() : " (" + how + ")"));
      j.index = i;
      j.coordinate = str(idx2crd(i, claimed.shape));
      j.claimed_value = got.str();
      j.expected_value = e.value.str();
      j.depends_on_extension = e.extension;
      return j;
    }
  }
  if (!shape_ok) return Judgement::wrong(shape_error + " (its values agree at every index)");
  Judgement j = Judgement::right(extension ? r.extension_note + " (CuTe's extension convention; docs/semantics.md)"
                                           : std::string());
  j.depends_on_extension = extension;
  return j;
}

Judgement judge_claim(Admissibility const& adm, Claim const& claimed, Reference const* ref) {
  if (claimed.error) {
    if (!adm.ok) return Judgement::right("no result: " + adm.message());
    return Judgement::wrong("refused an admissible input");
  }
  if (ref == nullptr) return Judgement::wrong("the input has no result (" + adm.message() + ") but a layout was claimed");
  Judgement j = judge(*ref, claimed.layout);
  if (!adm.ok) {
    if (j.correct) {
      // The claimed layout satisfies every pointwise postcondition, yet the input is
      // inadmissible: the result exists only by accident of these values.
      return Judgement::wrong("the input has no result (" + adm.message() + ") but a layout was claimed");
    }
    j.detail += "; the input has no result: " + adm.message();
  } else if (j.correct) {
    std::string notes;
    for (auto const& n : adm.notes)
      if (j.detail.find(n) == std::string::npos) notes += (notes.empty() ? "" : "; ") + n;
    if (!notes.empty()) j.detail = j.detail.empty() ? notes : j.detail + "; " + notes;
  }
  return j;
}

Judgement judge_with(Admissibility const& adm, Claim const& claimed, std::function<Reference()> const& build) {
  std::optional<Reference> ref;
  try {
    ref = build();
  } catch (Error const& e) {
    if (adm.ok || (e.kind() != Error::Kind::inadmissible && e.kind() != Error::Kind::bad_argument)) throw;
    return judge_claim(adm, claimed, nullptr);
  }
  return judge_claim(adm, claimed, &*ref);
}

}  // namespace layoutref::spec
