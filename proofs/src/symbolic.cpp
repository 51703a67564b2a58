#include <layoutref/notation/term.hpp>
#include <layoutref/proofs/symbolic.hpp>
#include <layoutref/proofs/terms.hpp>

#include <cctype>
#include <cstdint>
#include <algorithm>
#include <functional>

namespace layoutref::proofs {

namespace {

bool ident_start(char ch) { return std::isalpha(static_cast<unsigned char>(ch)) != 0; }
bool ident_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0 || ch == '_'; }

struct Cursor {
  std::string const& s;
  size_t pos = 0;
  std::string error;
  size_t error_pos = 0;  ///< the column (0-based) of `error`
  void skip() {
    while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos]))) ++pos;
  }
  bool fail(std::string what) {
    if (error.empty()) {
      error = "column " + std::to_string(pos + 1) + ": " + what;
      error_pos = pos;
    }
    return false;
  }
  bool integer(long long& v) {
    size_t start = pos;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) ++pos;
    if (start == pos) return fail("expected an integer");
    try {
      v = std::stoll(s.substr(start, pos - start));
    } catch (std::exception const&) {
      pos = start;
      return fail("integer does not fit in 64 bits");
    }
    return true;
  }
};

// Bounds of a term over the variables' bounds (interval arithmetic): the parser accepts a
// divisor only where its lower bound is >= 1, so that `/` and `%` never divide by 0 or a negative
// value within the bounds (z3's div and mod by 0 are unspecified). No bounds (std::nullopt) past
// 2^63 in magnitude, for an unknown name or an operation it does not know.
struct Interval {
  __extension__ typedef __int128 W;
  W lo = 0, hi = 0;
};

std::optional<Interval> bounds_of(Variables const& vars, z3::expr const& e, int depth = 0) {
  using W = Interval::W;
  if (depth > 16) return std::nullopt;
  constexpr W kFar = static_cast<W>(1) << 63;
  auto bounded = [&](W lo, W hi) -> std::optional<Interval> {
    if (lo < -kFar || hi > kFar) return std::nullopt;
    return Interval{lo, hi};
  };
  int64_t v = 0;
  if (e.is_numeral()) {
    if (!e.is_numeral_i64(v)) return std::nullopt;
    return Interval{v, v};
  }
  if (e.is_const()) {
    auto const* x = vars.find(e.decl().name().str());
    if (!x) return std::nullopt;
    return Interval{x->lo, x->hi};
  }
  if (!e.is_app()) return std::nullopt;
  std::vector<Interval> a;
  for (unsigned i = 0; i < e.num_args(); ++i) {
    auto b = bounds_of(vars, e.arg(i), depth + 1);
    if (!b) return std::nullopt;
    a.push_back(*b);
  }
  auto corners = [&](Interval const& x, Interval const& y, auto const& f) {
    W c[4] = {f(x.lo, y.lo), f(x.lo, y.hi), f(x.hi, y.lo), f(x.hi, y.hi)};
    return bounded(*std::min_element(c, c + 4), *std::max_element(c, c + 4));
  };
  // Euclidean division by a positive divisor: the floor.
  auto floor_div = [](W x, W y) { return x >= 0 ? x / y : -((-x + y - 1) / y); };
  std::optional<Interval> r = a.empty() ? std::nullopt : std::optional<Interval>(a[0]);
  switch (e.decl().decl_kind()) {
    case Z3_OP_ADD:
      for (size_t i = 1; i < a.size() && r; ++i) r = bounded(r->lo + a[i].lo, r->hi + a[i].hi);
      return r;
    case Z3_OP_SUB:
      for (size_t i = 1; i < a.size() && r; ++i) r = bounded(r->lo - a[i].hi, r->hi - a[i].lo);
      return r;
    case Z3_OP_UMINUS: return Interval{-a[0].hi, -a[0].lo};
    case Z3_OP_MUL:
      for (size_t i = 1; i < a.size() && r; ++i) r = corners(*r, a[i], [](W x, W y) { return x * y; });
      return r;
    case Z3_OP_IDIV: {
      if (a[1].lo < 1) return std::nullopt;
      r = corners(a[0], a[1], floor_div);
      // x/y >= 1 where x - y >= 0 (its sum-of-monomials form cancels what x and y share: the
      // ceil form (M+a-1)/a is >= 1 as M >= 1).
      if (r && r->lo < 1) {
        auto diff = bounds_of(vars, normal_form(e.arg(0) - e.arg(1)), depth + 1);
        if (diff && diff->lo >= 0) r->lo = 1;
      }
      return r;
    }
    case Z3_OP_MOD:
      if (a[1].lo < 1) return std::nullopt;
      return Interval{0, a[1].hi - 1};
    default: return std::nullopt;
  }
}

// Terms (symbolic.hpp's grammar). `nest` counts the parentheses open around the cursor, terms'
// and trees' alike, at most notation::kMaxNesting.
struct TermParser {
  z3::context& c;
  Variables const& vars;
  Cursor& cur;
  int nest = 0;
  bool fact_lhs = false;  ///< a `%` outside parentheses ends the term: the fact's `TERM % D`
  /// Where given, a divisor the bounds do not show >= 1 is accepted and listed here, for the
  /// caller to decide under the hypotheses; otherwise it is refused.
  std::vector<PendingDivisor>* pending = nullptr;

  bool at(char ch) const { return cur.pos < cur.s.size() && cur.s[cur.pos] == ch; }
  bool open() {
    if (nest >= notation::kMaxNesting)
      return cur.fail("at most " + std::to_string(notation::kMaxNesting) + " nested parentheses (nesting too deep)");
    ++nest;
    ++cur.pos;
    return true;
  }

  // primary := int | var | '(' sum ')'
  std::optional<z3::expr> primary() {
    cur.skip();
    if (at('_')) ++cur.pos;  // CuTe's static marker
    if (cur.pos >= cur.s.size()) return cur.fail("expected an integer, a variable or '(', found end of input"), std::nullopt;
    if (at('(')) {
      if (!open()) return std::nullopt;
      bool outer = fact_lhs;
      fact_lhs = false;
      auto e = sum();
      fact_lhs = outer;
      if (!e) return std::nullopt;
      cur.skip();
      if (!at(')')) return cur.fail("expected ')' after the term"), std::nullopt;
      ++cur.pos;
      --nest;
      return e;
    }
    if (ident_start(cur.s[cur.pos])) {
      size_t start = cur.pos;
      while (cur.pos < cur.s.size() && ident_char(cur.s[cur.pos])) ++cur.pos;
      std::string name = cur.s.substr(start, cur.pos - start);
      if (!vars.find(name)) {
        cur.pos = start;
        cur.fail("unknown variable `" + name + "` (declare it with --where '" + name + " in LO..HI')");
        return std::nullopt;
      }
      return c.int_const(name.c_str());
    }
    if (!std::isdigit(static_cast<unsigned char>(cur.s[cur.pos])))
      return cur.fail("expected an integer, a variable or '('"), std::nullopt;
    long long v = 0;
    if (!cur.integer(v)) return std::nullopt;
    return c.int_val(static_cast<int64_t>(v));
  }
  // power := primary ['^' int]: a numeral power is its value (`2^31`), any other the product of
  // K factors (`a^2` is a*a; K <= 64).
  std::optional<z3::expr> power() {
    auto e = primary();
    if (!e) return std::nullopt;
    cur.skip();
    if (!at('^')) return e;
    size_t at_caret = cur.pos;
    ++cur.pos;
    cur.skip();
    long long k = 0;
    if (!cur.integer(k)) return std::nullopt;
    int64_t v = 0;
    if (e->is_numeral() && e->is_numeral_i64(v)) {
      __extension__ __int128 p = 1;
      for (long long i = 0; i < k && p <= INT64_MAX && p >= -INT64_MAX; ++i) p *= v;
      if (p > INT64_MAX || p < -INT64_MAX) {
        cur.pos = at_caret;
        cur.fail(std::to_string(v) + "^" + std::to_string(k) + " does not fit in 64 bits");
        return std::nullopt;
      }
      return c.int_val(static_cast<int64_t>(p));
    }
    if (k > 64) {
      cur.pos = at_caret;
      return cur.fail("a power of a term takes an exponent of at most 64"), std::nullopt;
    }
    z3::expr r = c.int_val(1);
    for (long long i = 0; i < k; ++i) r = i == 0 ? *e : r * *e;
    return r;
  }
  // atom := ['-'] power
  std::optional<z3::expr> atom() {
    cur.skip();
    if (at('-')) {
      ++cur.pos;
      auto e = power();
      if (!e) return std::nullopt;
      return -*e;
    }
    return power();
  }
  // A divisor of `/` or `%`: an atom that is >= 1 for every value within the variables' bounds
  // (bounds_of): a numeral >= 1, a variable whose lower bound is >= 1, or a parenthesized term
  // such as `(a*b)` or `(a-1)` with a >= 2.
  std::optional<z3::expr> divisor() {
    cur.skip();
    size_t where = cur.pos;
    auto d = atom();
    if (!d) return std::nullopt;
    auto b = bounds_of(vars, *d);
    if (!b || b->lo < 1) {  // the sum-of-monomials form may cancel what the term repeats: a+b-a
      auto n = bounds_of(vars, normal_form(*d));
      if (n && (!b || n->lo > b->lo)) b = n;
    }
    if (!b || b->lo < 1) {
      std::string text = cur.s.substr(where, cur.pos - where);
      while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
      if (pending) {
        pending->push_back({*d, text, where + 1, b ? std::optional<long long>(static_cast<long long>(b->lo)) : std::nullopt});
        return d;
      }
      cur.pos = where;
      cur.fail("the divisor must be >= 1 for every value within the variables' bounds (a numeral >= 1, a variable bounded "
               "below by 1, or a term in parentheses whose bounds give >= 1): `" + text + "`" +
               (b ? " can be " + std::to_string(static_cast<long long>(b->lo)) : std::string(" has no bounds")));
      return std::nullopt;
    }
    return d;
  }
  // prod := atom {('*' atom | '/' divisor | '%' divisor)}: `/` is z3's integer division, which
  // for a divisor >= 1 is floor division, and `%` the remainder in [0, divisor); left to right:
  // `M/bM*2` is (M/bM)*2.
  std::optional<z3::expr> prod() {
    auto a = atom();
    if (!a) return std::nullopt;
    while (true) {
      cur.skip();
      if (at('*')) {
        ++cur.pos;
        auto b = atom();
        if (!b) return std::nullopt;
        a = *a * *b;
      } else if (at('/') || (at('%') && !fact_lhs)) {
        bool div = at('/');
        ++cur.pos;
        auto b = divisor();
        if (!b) return std::nullopt;
        a = div ? *a / *b : z3::mod(*a, *b);
      } else {
        return a;
      }
    }
  }
  std::optional<z3::expr> sum() {
    auto a = prod();
    if (!a) return std::nullopt;
    while (true) {
      cur.skip();
      if (at('+') || at('-')) {
        bool minus = at('-');
        ++cur.pos;
        auto b = prod();
        if (!b) return std::nullopt;
        a = minus ? *a - *b : *a + *b;
      } else {
        return a;
      }
    }
  }

  // A tree of terms: '(' tree {',' tree} ')' or a term. A '(' opens a term where the term that
  // follows is whole (`(M*N+a-1)/a`, `(a*b)`, `(a+1)*b`), else a tuple; where neither reads, the
  // error that reached further is reported.
  bool tree(spec::IntTuple& profile, std::vector<z3::expr>& leaves, std::vector<std::string>* texts) {
    cur.skip();
    size_t start = cur.pos;
    auto leaf = [&](z3::expr const& e) {
      profile = spec::IntTuple(static_cast<spec::i64>(leaves.size()));
      leaves.push_back(e);
      if (texts) {
        size_t b = start, end = cur.pos;
        while (end > b && std::isspace(static_cast<unsigned char>(cur.s[end - 1]))) --end;
        // Parentheses around the whole term group it: `(a-5)` is the entry `a-5`.
        while (end - b >= 2 && cur.s[b] == '(' && cur.s[end - 1] == ')') {
          int depth = 0;
          bool whole = true;
          for (size_t i = b; i < end && whole; ++i) {
            depth += cur.s[i] == '(' ? 1 : cur.s[i] == ')' ? -1 : 0;
            whole = depth > 0 || i + 1 == end;
          }
          if (!whole) break;
          ++b;
          --end;
          while (b < end && std::isspace(static_cast<unsigned char>(cur.s[b]))) ++b;
          while (end > b && std::isspace(static_cast<unsigned char>(cur.s[end - 1]))) --end;
        }
        texts->push_back(cur.s.substr(b, end - b));
      }
      return true;
    };
    if (!at('(')) {
      auto e = sum();
      return e && leaf(*e);
    }
    int const nest0 = nest;
    // As a term, whole where a delimiter follows it.
    auto e = sum();
    cur.skip();
    size_t const term_end = cur.pos;
    if (e && (cur.pos >= cur.s.size() || at(',') || at(')') || at(':'))) return leaf(*e);
    Cursor term_cur = cur;
    // As a tuple.
    cur.pos = start;
    cur.error.clear();
    nest = nest0;
    size_t const nleaves = leaves.size(), ntexts = texts ? texts->size() : 0;
    spec::IntTuple tuple_profile;
    bool tuple = tuple_items(tuple_profile, leaves, texts);
    if (tuple && (!e || cur.pos >= term_end)) {
      profile = std::move(tuple_profile);
      return true;
    }
    leaves.erase(leaves.begin() + static_cast<std::ptrdiff_t>(nleaves), leaves.end());
    if (texts) texts->resize(ntexts);
    if (e) {  // the term read further than the tuple: its leaf (what follows is the caller's error)
      cur.pos = term_end;
      cur.error.clear();
      nest = nest0;
      return leaf(*e);
    }
    if (term_cur.error_pos > cur.error_pos) {
      cur.error = term_cur.error;
      cur.error_pos = term_cur.error_pos;
      cur.pos = term_cur.pos;
    }
    return false;
  }
  bool tuple_items(spec::IntTuple& profile, std::vector<z3::expr>& leaves, std::vector<std::string>* texts) {
    if (!open()) return false;
    std::vector<spec::IntTuple> items;
    while (true) {
      spec::IntTuple item;
      if (!tree(item, leaves, texts)) return false;
      items.push_back(item);
      cur.skip();
      if (at(',')) {
        ++cur.pos;
        continue;
      }
      if (at(')')) {
        ++cur.pos;
        break;
      }
      return cur.fail("expected ',' or ')'");
    }
    --nest;
    // `(x)` around a single term groups it (a term such as `(a*b)`); it counts as that leaf.
    profile = items.size() == 1 && items[0].leaf ? items[0] : spec::IntTuple::tuple(std::move(items));
    return true;
  }
};

bool same_profile(spec::IntTuple const& a, spec::IntTuple const& b) {
  if (a.leaf || b.leaf) return a.leaf && b.leaf;
  if (a.items.size() != b.items.size()) return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!same_profile(a.items[i], b.items[i])) return false;
  return true;
}

}  // namespace

Variables::Var const* Variables::find(std::string const& name) const {
  for (auto const& v : vars)
    if (v.name == name) return &v;
  return nullptr;
}

std::string Variables::parse(std::string const& text) {
  // Items are separated by commas (no term contains one); an item `NAME in LO..HI` or
  // `NAME = V` declares a variable, any other item is a fact, parsed once every variable is known.
  size_t begin = 0;
  std::vector<std::pair<size_t, std::string>> fact_items;
  while (begin <= text.size()) {
    size_t end = text.find(',', begin);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(begin, end - begin);
    size_t lead = item.find_first_not_of(" \t");
    if (lead != std::string::npos && lead > 0) {  // columns stay those of the whole text
      item = item.substr(lead);
      begin += lead;
      end = text.find(',', begin);
      if (end == std::string::npos) end = text.size();
    }
    Cursor cur{item, 0, {}};
    auto column = [&](size_t at) { return "column " + std::to_string(begin + at + 1) + ": "; };
    // The cursor's error (`column N: ...` within the item) at its column in the whole text.
    auto relocated = [&]() {
      std::string const& e = cur.error;
      size_t colon = e.find(':');
      if (e.rfind("column ", 0) != 0 || colon == std::string::npos) return e;
      return column(std::stoul(e.substr(7, colon - 7)) - 1) + e.substr(colon + 2);
    };
    cur.skip();
    if (cur.pos == item.size()) {
      if (end == text.size() && begin == 0) return "";  // an empty --where
      return column(cur.pos) + "expected `NAME in LO..HI` or a fact between commas";
    }
    size_t start = cur.pos;
    while (cur.pos < item.size() && ident_char(item[cur.pos])) ++cur.pos;
    std::string name = item.substr(start, cur.pos - start);
    cur.skip();
    bool declares = !name.empty() && ident_start(name[0]) &&
                    ((item.compare(cur.pos, 2, "in") == 0 && (cur.pos + 2 == item.size() || !ident_char(item[cur.pos + 2]))) ||
                     (cur.pos < item.size() && item[cur.pos] == '=' && (cur.pos + 1 == item.size() || item[cur.pos + 1] != '=')));
    if (!declares) {
      fact_items.push_back({begin, item});
    } else {
      if (find(name)) return column(start) + "variable `" + name + "` declared twice";
      Var v{name, 0, 0};
      // An integer, or 2^K (K <= 62).
      auto bound = [&](long long& out) {
        cur.skip();
        bool neg = cur.pos < item.size() && item[cur.pos] == '-';
        if (neg) ++cur.pos;
        size_t at = cur.pos;
        if (!cur.integer(out)) return false;
        cur.skip();
        if (cur.pos < item.size() && item[cur.pos] == '^') {
          ++cur.pos;
          cur.skip();
          long long k = 0;
          if (!cur.integer(k)) return false;
          if (out != 2 || k > 62) {
            cur.pos = at;
            return cur.fail("a power in a bound must be 2^K with K <= 62");
          }
          out = 1LL << k;
        }
        if (neg) out = -out;
        return true;
      };
      if (item[cur.pos] == 'i') {
        cur.pos += 2;
        if (!bound(v.lo)) return relocated();
        cur.skip();
        if (item.compare(cur.pos, 2, "..") != 0) return column(cur.pos) + "expected `..`";
        cur.pos += 2;
        if (!bound(v.hi)) return relocated();
      } else {
        ++cur.pos;
        if (!bound(v.lo)) return relocated();
        v.hi = v.lo;
      }
      cur.skip();
      if (cur.pos < item.size()) return column(cur.pos) + "expected ',' after `" + item.substr(0, cur.pos) + "`";
      if (v.lo > v.hi) return "variable `" + name + "`: empty range " + std::to_string(v.lo) + ".." + std::to_string(v.hi);
      vars.push_back(v);
    }
    if (end == text.size()) break;
    begin = end + 1;
  }
  if (vars.empty() && !fact_items.empty()) return "column 1: expected `NAME in LO..HI`";
  // The facts, against the declared variables (a throwaway context: only the syntax is checked here).
  z3::context check;
  for (auto const& [at, item] : fact_items) {
    std::string error;
    if (!parse_fact(check, *this, item, error)) return "in the fact `" + item + "`: " + error;
    std::string compact;
    for (char ch : item)
      if (!std::isspace(static_cast<unsigned char>(ch))) compact += ch;
    facts.push_back(compact);
  }
  return "";
}

void Variables::into(z3::context& c, Obligation& o) const {
  for (auto const& v : vars) {
    z3::expr x = c.int_const(v.name.c_str());
    o.hypothesis("bound." + v.name, x >= c.int_val(static_cast<int64_t>(v.lo)) && x <= c.int_val(static_cast<int64_t>(v.hi)));
  }
}

std::string Variables::str(z3::context& c, z3::model const& m) const {
  std::string s;
  for (auto const& v : vars) s += (s.empty() ? "" : ", ") + v.name + "=" + model_value(m, c.int_const(v.name.c_str()));
  return s;
}

std::optional<z3::expr> parse_term(z3::context& c, Variables const& vars, std::string const& text, std::string& error,
                                   std::vector<PendingDivisor>* pending) {
  Cursor cur{text, 0, {}};
  TermParser p{c, vars, cur};
  p.pending = pending;
  auto e = p.sum();
  cur.skip();
  if (e && cur.pos != text.size()) cur.fail("unexpected `" + text.substr(cur.pos) + "`");
  if (!cur.error.empty()) {
    error = cur.error;
    return std::nullopt;
  }
  return e;
}

std::optional<z3::expr> parse_fact(z3::context& c, Variables const& vars, std::string const& text, std::string& error) {
  Cursor cur{text, 0, {}};
  TermParser p{c, vars, cur};
  p.fact_lhs = true;  // `TERM % D`: the remainder of the whole left term
  auto lhs = p.sum();
  p.fact_lhs = false;
  if (!lhs) {
    error = cur.error;
    return std::nullopt;
  }
  cur.skip();
  if (cur.pos < text.size() && text[cur.pos] == '%') {
    ++cur.pos;
    auto d = p.divisor();
    if (!d) {
      error = cur.error;
      return std::nullopt;
    }
    lhs = z3::mod(*lhs, *d);
    cur.skip();
  }
  static char const* const ops[] = {"==", "!=", "<=", ">=", "<", ">"};
  int op = -1;
  for (int k = 0; k < 6 && op < 0; ++k)
    if (text.compare(cur.pos, std::char_traits<char>::length(ops[k]), ops[k]) == 0) op = k;
  if (op < 0) {
    cur.fail("expected one of == != <= >= < > after the term");
    error = cur.error;
    return std::nullopt;
  }
  cur.pos += std::char_traits<char>::length(ops[op]);
  auto rhs = p.sum();
  cur.skip();
  if (rhs && cur.pos != text.size()) cur.fail("unexpected `" + text.substr(cur.pos) + "`");
  if (!cur.error.empty()) {
    error = cur.error;
    return std::nullopt;
  }
  switch (op) {
    case 0: return *lhs == *rhs;
    case 1: return *lhs != *rhs;
    case 2: return *lhs <= *rhs;
    case 3: return *lhs >= *rhs;
    case 4: return *lhs < *rhs;
    default: return *lhs > *rhs;
  }
}

namespace {
/// `(S:D)` is the layout S:D: the parentheses around a whole layout group it, as in the
/// issue's `bijective(((a,b):(1,a)), a*b)`. Returns the text with such parentheses removed, at
/// most notation::kMaxNesting of them (the term reader reports deeper nesting).
std::string strip_layout_parens(std::string text) {
  for (int level = 0; level < notation::kMaxNesting; ++level) {
    size_t b = text.find_first_not_of(" \t"), e = text.find_last_not_of(" \t");
    if (b == std::string::npos || text[b] != '(' || text[e] != ')') return text;
    int depth = 0;
    bool encloses = true, colon = false;
    for (size_t i = b; i <= e; ++i) {
      if (text[i] == '(') ++depth;
      if (text[i] == ')') --depth;
      if (depth == 0 && i < e) encloses = false;
      if (depth == 1 && text[i] == ':') colon = true;
    }
    if (!encloses || !colon) return text;
    text = text.substr(b + 1, e - b - 1);
  }
  return text;
}
}  // namespace

std::optional<LeafLayout> parse_symbolic_layout(z3::context& c, Variables const& vars, std::string const& written,
                                                std::string& error, std::vector<PendingDivisor>* pending) {
  std::string const text = strip_layout_parens(written);
  Cursor cur{text, 0, {}};
  TermParser p{c, vars, cur};
  p.pending = pending;
  LeafLayout l;
  l.profile = spec::IntTuple(0);
  std::vector<z3::expr> strides;
  spec::IntTuple stride_profile;
  bool ok = p.tree(l.profile, l.shape, &l.shape_text);
  cur.skip();
  if (ok && (cur.pos >= text.size() || text[cur.pos] != ':')) ok = cur.fail("expected `:` between shape and stride");
  if (ok) {
    ++cur.pos;
    ok = p.tree(stride_profile, strides, nullptr);
  }
  cur.skip();
  if (ok && cur.pos != text.size()) ok = cur.fail("unexpected `" + text.substr(cur.pos) + "`");
  if (ok && !same_profile(l.profile, stride_profile)) ok = cur.fail("the shape and the stride are not congruent");
  if (!ok) {
    error = cur.error;
    return std::nullopt;
  }
  for (auto const& s : strides) l.stride.emplace_back(s);
  return l;
}

std::optional<LeafLayout> parse_symbolic_shape(z3::context& c, Variables const& vars, std::string const& text,
                                               std::string& error, std::vector<PendingDivisor>* pending) {
  Cursor cur{text, 0, {}};
  TermParser p{c, vars, cur};
  p.pending = pending;
  LeafLayout l;
  l.profile = spec::IntTuple(0);
  bool ok = p.tree(l.profile, l.shape, &l.shape_text);
  cur.skip();
  if (ok && cur.pos != text.size()) ok = cur.fail("unexpected `" + text.substr(cur.pos) + "`");
  if (!ok) {
    error = cur.error;
    return std::nullopt;
  }
  for (size_t k = 0; k < l.shape.size(); ++k) l.stride.emplace_back(c.int_val(1));
  return l;
}

}  // namespace layoutref::proofs
