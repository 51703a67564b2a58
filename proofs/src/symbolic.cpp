#include <layoutref/notation/term.hpp>
#include <layoutref/proofs/symbolic.hpp>

#include <cctype>
#include <cstdint>
#include <functional>

namespace layoutref::proofs {

namespace {

bool ident_start(char ch) { return std::isalpha(static_cast<unsigned char>(ch)) != 0; }
bool ident_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0 || ch == '_'; }

struct Cursor {
  std::string const& s;
  size_t pos = 0;
  std::string error;
  void skip() {
    while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos]))) ++pos;
  }
  bool fail(std::string what) {
    if (error.empty()) error = "column " + std::to_string(pos + 1) + ": " + what;
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

struct TermParser {
  z3::context& c;
  Variables const& vars;
  Cursor& cur;

  std::optional<z3::expr> atom() {
    cur.skip();
    bool neg = false;
    if (cur.pos < cur.s.size() && cur.s[cur.pos] == '-') {
      neg = true;
      ++cur.pos;
      cur.skip();
    }
    if (cur.pos < cur.s.size() && cur.s[cur.pos] == '_') ++cur.pos;  // CuTe's static marker
    if (cur.pos >= cur.s.size()) return cur.fail("expected an integer or a variable, found end of input"), std::nullopt;
    std::optional<z3::expr> e;
    if (ident_start(cur.s[cur.pos])) {
      size_t start = cur.pos;
      while (cur.pos < cur.s.size() && ident_char(cur.s[cur.pos])) ++cur.pos;
      std::string name = cur.s.substr(start, cur.pos - start);
      if (!vars.find(name)) {
        cur.pos = start;
        cur.fail("unknown variable `" + name + "` (declare it with --where '" + name + " in LO..HI')");
        return std::nullopt;
      }
      e = c.int_const(name.c_str());
    } else {
      long long v = 0;
      if (!cur.integer(v)) return std::nullopt;
      cur.skip();
      if (cur.pos < cur.s.size() && cur.s[cur.pos] == '^') {  // a numeral power B^K
        size_t at = cur.pos;
        ++cur.pos;
        cur.skip();
        long long k = 0;
        if (!cur.integer(k)) return std::nullopt;
        __extension__ __int128 p = 1;
        for (long long i = 0; i < k && p <= INT64_MAX; ++i) p *= v;
        if (p > INT64_MAX) {
          cur.pos = at;
          cur.fail(std::to_string(v) + "^" + std::to_string(k) + " does not fit in 64 bits");
          return std::nullopt;
        }
        v = static_cast<long long>(p);
      }
      e = c.int_val(static_cast<int64_t>(v));
    }
    return neg ? -*e : *e;
  }
  // A divisor of `/` or `%`: a numeral >= 1, or a variable whose lower bound is >= 1.
  std::optional<z3::expr> divisor() {
    cur.skip();
    size_t at = cur.pos;
    auto d = atom();
    if (!d) return std::nullopt;
    int64_t k = 0;
    bool positive = d->is_numeral() ? d->is_numeral_i64(k) && k >= 1
                                    : d->is_const() && vars.find(d->decl().name().str()) != nullptr &&
                                          vars.find(d->decl().name().str())->lo >= 1;
    if (!positive) {
      cur.pos = at;
      cur.fail("the divisor must be a numeral >= 1 or a variable whose lower bound is >= 1");
      return std::nullopt;
    }
    return d;
  }
  // prod := atom {('*' atom | '/' divisor)}: `/` is floor division (Euclidean: the divisor is
  // positive), left to right: `M/bM*2` is (M/bM)*2.
  std::optional<z3::expr> prod() {
    auto a = atom();
    if (!a) return std::nullopt;
    while (true) {
      cur.skip();
      if (cur.pos < cur.s.size() && cur.s[cur.pos] == '*') {
        ++cur.pos;
        auto b = atom();
        if (!b) return std::nullopt;
        a = *a * *b;
      } else if (cur.pos < cur.s.size() && cur.s[cur.pos] == '/') {
        ++cur.pos;
        auto b = divisor();
        if (!b) return std::nullopt;
        a = *a / *b;
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
      if (cur.pos < cur.s.size() && (cur.s[cur.pos] == '+' || cur.s[cur.pos] == '-')) {
        bool minus = cur.s[cur.pos] == '-';
        ++cur.pos;
        auto b = prod();
        if (!b) return std::nullopt;
        a = minus ? *a - *b : *a + *b;
      } else {
        return a;
      }
    }
  }

  // A tree of terms: '(' tree {',' tree} ')' or a sum, at most notation::kMaxNesting
  // parentheses deep (`depth` counts the ones around this tree).
  bool tree(spec::IntTuple& profile, std::vector<z3::expr>& leaves, std::vector<std::string>* texts, int depth = 0) {
    cur.skip();
    if (cur.pos < cur.s.size() && cur.s[cur.pos] == '(') {
      if (depth >= notation::kMaxNesting)
        return cur.fail("at most " + std::to_string(notation::kMaxNesting) + " nested parentheses (nesting too deep)");
      ++cur.pos;
      std::vector<spec::IntTuple> items;
      while (true) {
        spec::IntTuple item;
        if (!tree(item, leaves, texts, depth + 1)) return false;
        items.push_back(item);
        cur.skip();
        if (cur.pos < cur.s.size() && cur.s[cur.pos] == ',') {
          ++cur.pos;
          continue;
        }
        if (cur.pos < cur.s.size() && cur.s[cur.pos] == ')') {
          ++cur.pos;
          break;
        }
        return cur.fail("expected ',' or ')'");
      }
      // `(x)` around a single term groups it (a term such as `(a*b)`); it counts as that leaf.
      profile = items.size() == 1 && items[0].leaf ? items[0] : spec::IntTuple::tuple(std::move(items));
      return true;
    }
    size_t start = cur.pos;
    auto e = sum();
    if (!e) return false;
    profile = spec::IntTuple(static_cast<spec::i64>(leaves.size()));
    leaves.push_back(*e);
    if (texts) {
      size_t end = cur.pos;
      while (end > start && std::isspace(static_cast<unsigned char>(cur.s[end - 1]))) --end;
      texts->push_back(cur.s.substr(start, end - start));
    }
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

std::optional<z3::expr> parse_term(z3::context& c, Variables const& vars, std::string const& text, std::string& error) {
  Cursor cur{text, 0, {}};
  TermParser p{c, vars, cur};
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
  auto lhs = p.sum();
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
                                                std::string& error) {
  std::string const text = strip_layout_parens(written);
  Cursor cur{text, 0, {}};
  TermParser p{c, vars, cur};
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

}  // namespace layoutref::proofs
