// layoutref::notation — reading CuTe's printed notation.
//
// Grammar (blanks — space, tab, CR, LF — are allowed between tokens):
//
//   text     := term END
//   term     := part ( 'o' part )*                  two or more parts make a chain
//   part     := value [ ':' operand ]               only after an integer or a '(' tuple
//   operand  := sum | '(' tuple
//   value    := sum | '_' | '(' tuple | '<' tuple | swizzle | arith | pointer | word
//   sum      := scalar ( '+' scalar )*              two or more scalars make a basis_sum
//   scalar   := integer ( '@' index )*              one or more indices make a basis element
//   integer  := ['_'] ['-'] digits                  `_` marks a static integer
//   tuple    := open [ term ( ',' term )* ] close   open/close are '(' ')' or '<' '>'
//   swizzle  := 'Sw<' int ',' int ',' ['-'] int '>'
//   arith    := 'ArithTuple' '(' tuple
//   pointer  := ('ptr'|'gmem_ptr'|'smem_ptr'|'rmem_ptr') '[' int 'b' ']' '(' address ')'
//   word     := [A-Za-z][A-Za-z0-9_]* [ balanced '<...>' kept verbatim ], except a bare `o`
//
// Tokens that are one unit and admit no inner blanks: an integer with its `_` and `-`, an
// identifier, a keyword with its opener (`Sw<`, `ArithTuple(`, `ptr[`), `32b`, an address, and a
// word's template argument list. The chain separator is the identifier `o`. Digits carry no
// leading zeros and `-0` is refused, so that printing a parsed text gives it back.
#include <layoutref/notation/parse.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace layoutref::notation {

namespace {

constexpr std::size_t kMaxQuotedBytes = 32;  ///< longer found-tokens are cut and marked "..."

constexpr char const* kExpectTerm = "an integer, '_', '(', '<' or a name";
constexpr char const* kExpectOperand = "an integer or '('";
constexpr char const* kExpectScalar = "an integer";
constexpr char const* kExpectModeIndex = "a mode index (a non-negative integer)";
constexpr char const* kExpectEnd = "'o' or end of input";
constexpr char const* kExpectInRange = "an integer that fits in int64 (integer out of range)";
constexpr char const* kExpectSmallInRange = "an integer that fits in int (integer out of range)";
constexpr char const* kExpectNoLeadingZero = "an integer without leading zeros";
constexpr char const* kExpectNonzero = "a nonzero integer after '-'";
constexpr char const* kExpectShallower = "at most 64 nested brackets (nesting too deep)";
constexpr char const* kExpectAddress = "an address such as 0x7f42efc00000 or (nil)";
constexpr char const* kExpectTemplateChar = "a printable character or '>'";

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_ident_char(char c) { return is_alpha(c) || is_digit(c) || c == '_'; }
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_printable(char c) { return c >= 0x20 && c < 0x7f; }
bool is_hex_digit(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/// `'tok'`, with bytes outside printable ASCII written as \xNN and long tokens cut.
std::string quote(std::string_view token) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  for (std::size_t i = 0; i < token.size() && i < kMaxQuotedBytes; ++i) {
    char const c = token[i];
    if (is_printable(c)) {
      out += c;
      continue;
    }
    auto const byte = static_cast<unsigned char>(c);
    out += "\\x";
    out += kHex[byte >> 4];
    out += kHex[byte & 0xf];
  }
  if (token.size() > kMaxQuotedBytes) out += "...";
  out += '\'';
  return out;
}

/// Length of the token starting at text[0] (non-empty text): an identifier, a number with its
/// `_`/`-` prefix, or else one byte.
std::size_t token_length(std::string_view text) {
  std::size_t n = 0;
  if (is_alpha(text[0])) {
    while (n < text.size() && is_ident_char(text[n])) ++n;
    return n;
  }
  if (n < text.size() && text[n] == '_') ++n;
  if (n < text.size() && text[n] == '-') ++n;
  std::size_t const digits_start = n;
  while (n < text.size() && is_digit(text[n])) ++n;
  return n > digits_start ? n : 1;
}

/// Where the cursor is: a byte offset into the text and its line/column in the source.
struct Position {
  std::size_t offset = 0;
  int line = 1;
  int column = 1;
};

class Parser {
 public:
  Parser(std::string_view text, int line, int column) : text_(text), here_{0, line, column} {}

  /// Parses the whole text as one term.
  ParseResult run() {
    skip_blanks();
    std::optional<Term> term = parse_term();
    if (term) {
      skip_blanks();
      if (!at_end()) term = fail_here(kExpectEnd);
    }
    ParseResult result;
    result.ok = term.has_value();
    if (term) result.term = std::move(*term);
    if (error_) result.error = std::move(*error_);
    return result;
  }

 private:
  /// Keeps depth_ equal to the number of brackets open around the cursor.
  struct DepthGuard {
    explicit DepthGuard(int& d) : depth(d) { ++depth; }
    ~DepthGuard() { --depth; }
    DepthGuard(DepthGuard const&) = delete;
    DepthGuard& operator=(DepthGuard const&) = delete;
    int& depth;
  };

  // ---- cursor -------------------------------------------------------------------------------

  bool at_end() const { return here_.offset >= text_.size(); }

  /// The byte `ahead` bytes past the cursor, or '\0' past the end (no rule accepts '\0').
  char peek(std::size_t ahead = 0) const {
    std::size_t const i = here_.offset + ahead;
    return i < text_.size() ? text_[i] : '\0';
  }

  bool looking_at(std::string_view s) const {
    return text_.substr(here_.offset).substr(0, s.size()) == s;
  }

  /// Moves the cursor `n` bytes forward (not past the end), keeping line/column in step.
  void advance(std::size_t n = 1) {
    for (; n > 0 && !at_end(); --n) {
      if (text_[here_.offset] == '\n') {
        ++here_.line;
        here_.column = 1;
      } else {
        ++here_.column;
      }
      ++here_.offset;
    }
  }

  void skip_blanks() {
    while (!at_end() && is_blank(peek())) advance();
  }

  /// True at the start of an integer: `4`, `-4`, `_4`, `_-4`.
  bool at_integer() const {
    std::size_t i = peek() == '_' ? 1 : 0;
    if (peek(i) == '-') ++i;
    return is_digit(peek(i));
  }

  /// True at the chain separator: the identifier `o` on its own.
  bool at_chain_separator() const {
    return peek() == 'o' && !is_ident_char(peek(1)) && peek(1) != '<';
  }

  // ---- errors -------------------------------------------------------------------------------

  std::string describe(Position at) const {
    if (at.offset >= text_.size()) return "end of input";
    std::string_view const rest = text_.substr(at.offset);
    return quote(rest.substr(0, token_length(rest)));
  }

  /// Records the first error (later ones are consequences) and yields "no term".
  std::nullopt_t fail(Position at, char const* expected) {
    if (!error_) error_ = ParseError{at.line, at.column, describe(at), expected};
    return std::nullopt;
  }

  std::nullopt_t fail_here(char const* expected) { return fail(here_, expected); }

  /// Consumes `c` at the cursor, or records an error expecting it.
  bool expect(char c) {
    if (peek() == c && !at_end()) {
      advance();
      return true;
    }
    char const text[] = {'\'', c, '\'', '\0'};
    fail_here(text);
    return false;
  }

  static Term placed(Term t, Position at) {
    t.line = at.line;
    t.column = at.column;
    return t;
  }

  // ---- numbers ------------------------------------------------------------------------------

  /// Reads the digits at the cursor as a magnitude of at most `limit`; `token` is where the
  /// whole number starts (errors point there). The cursor must be on a digit.
  std::optional<std::uint64_t> read_magnitude(Position token, std::uint64_t limit,
                                              char const* out_of_range) {
    if (peek() == '0' && is_digit(peek(1))) return fail(token, kExpectNoLeadingZero);
    std::uint64_t value = 0;
    bool overflow = false;
    while (is_digit(peek())) {
      auto const digit = static_cast<std::uint64_t>(peek() - '0');
      if (value > (limit - digit) / 10) overflow = true;
      if (!overflow) value = value * 10 + digit;
      advance();
    }
    if (overflow) return fail(token, out_of_range);
    return value;
  }

  /// `[-]digits` as a signed value in [-max-1, max]; `token` is where the number starts.
  std::optional<std::int64_t> read_signed(Position token, std::int64_t max, char const* out_of_range,
                                          char const* missing) {
    bool const negative = peek() == '-';
    if (negative) advance();
    if (!is_digit(peek())) return fail_here(missing);
    auto const limit = static_cast<std::uint64_t>(max) + (negative ? 1U : 0U);
    std::optional<std::uint64_t> magnitude = read_magnitude(token, limit, out_of_range);
    if (!magnitude) return std::nullopt;
    if (!negative) return static_cast<std::int64_t>(*magnitude);
    if (*magnitude == 0) return fail(token, kExpectNonzero);
    return -static_cast<std::int64_t>(*magnitude - 1) - 1;
  }

  /// An integer leaf; the cursor must be at_integer().
  std::optional<Integer> parse_integer() {
    Position const start = here_;
    bool const is_static = peek() == '_';
    if (is_static) advance();
    std::optional<std::int64_t> value = read_signed(start, std::numeric_limits<std::int64_t>::max(),
                                                    kExpectInRange, kExpectScalar);
    if (!value) return std::nullopt;
    return Integer{*value, is_static};
  }

  /// A plain `int` such as a swizzle parameter, mode index or bit width.
  std::optional<int> parse_small(bool allow_negative, char const* missing) {
    Position const start = here_;
    if (!allow_negative && peek() == '-') return fail_here(missing);
    if (peek() != '-' && !is_digit(peek())) return fail_here(missing);
    std::optional<std::int64_t> value =
        read_signed(start, std::numeric_limits<int>::max(), kExpectSmallInRange, missing);
    if (!value) return std::nullopt;
    return static_cast<int>(*value);
  }

  // ---- grammar ------------------------------------------------------------------------------

  /// term := part ( 'o' part )*
  std::optional<Term> parse_term() {
    Position const start = here_;
    std::optional<Term> first = parse_part();
    if (!first) return std::nullopt;
    skip_blanks();
    if (!at_chain_separator()) return first;
    std::vector<Term> parts;
    parts.push_back(std::move(*first));
    while (at_chain_separator()) {
      advance();
      skip_blanks();
      std::optional<Term> part = parse_part();
      if (!part) return std::nullopt;
      parts.push_back(std::move(*part));
      skip_blanks();
    }
    return placed(Term::make_chain(std::move(parts)), start);
  }

  /// part := value [ ':' operand ], the layout form only for an integer or '(' tuple shape.
  std::optional<Term> parse_part() {
    Position const start = here_;
    std::optional<Term> value = parse_value();
    if (!value) return std::nullopt;
    bool const shape_like =
        value->kind == Kind::integer || (value->kind == Kind::tuple && !value->angle);
    if (!shape_like) return value;
    skip_blanks();
    if (peek() != ':') return value;
    advance();
    skip_blanks();
    std::optional<Term> stride = parse_operand();
    if (!stride) return std::nullopt;
    return placed(Term::make_layout(std::move(*value), std::move(*stride)), start);
  }

  /// operand := sum | '(' tuple
  std::optional<Term> parse_operand() {
    if (peek() == '(') return parse_tuple('(', ')');
    if (at_integer()) return parse_sum();
    return fail_here(kExpectOperand);
  }

  std::optional<Term> parse_value() {
    char const c = peek();
    if (at_end()) return fail_here(kExpectTerm);
    if (at_integer()) return parse_sum();
    if (c == '_') {
      Position const start = here_;
      advance();
      return placed(Term::make_underscore(), start);
    }
    if (c == '(') return parse_tuple('(', ')');
    if (c == '<') return parse_tuple('<', '>');
    if (is_alpha(c)) return parse_named();
    return fail_here(kExpectTerm);
  }

  /// sum := scalar ( '+' scalar )*; the cursor must be at_integer().
  std::optional<Term> parse_sum() {
    Position const start = here_;
    std::optional<Term> first = parse_scalar();
    if (!first) return std::nullopt;
    skip_blanks();
    if (peek() != '+') return first;
    std::vector<Term> terms;
    terms.push_back(std::move(*first));
    while (peek() == '+') {
      advance();
      skip_blanks();
      if (!at_integer()) return fail_here(kExpectScalar);
      std::optional<Term> next = parse_scalar();
      if (!next) return std::nullopt;
      terms.push_back(std::move(*next));
      skip_blanks();
    }
    return placed(Term::make_basis_sum(std::move(terms)), start);
  }

  /// scalar := integer ( '@' index )*; the cursor must be at_integer().
  std::optional<Term> parse_scalar() {
    Position const start = here_;
    std::optional<Integer> value = parse_integer();
    if (!value) return std::nullopt;
    std::vector<int> modes;
    skip_blanks();
    while (peek() == '@') {
      advance();
      skip_blanks();
      std::optional<int> mode = parse_small(false, kExpectModeIndex);
      if (!mode) return std::nullopt;
      modes.push_back(*mode);
      skip_blanks();
    }
    if (modes.empty()) return placed(Term::make_integer(value->value, value->is_static), start);
    return placed(Term::make_basis(value->value, value->is_static, std::move(modes)), start);
  }

  /// tuple := open [ term ( ',' term )* ] close; the cursor must be on `open`.
  std::optional<Term> parse_tuple(char open, char close) {
    Position const start = here_;
    if (depth_ >= kMaxNesting) return fail_here(kExpectShallower);
    DepthGuard const guard(depth_);
    advance();
    skip_blanks();
    std::vector<Term> items;
    if (peek() == close) {
      advance();
      return placed(Term::make_tuple(std::move(items), open == '<'), start);
    }
    char const* const expect_next = close == ')' ? "',' or ')'" : "',' or '>'";
    while (true) {
      std::optional<Term> item = parse_term();
      if (!item) return std::nullopt;
      items.push_back(std::move(*item));
      skip_blanks();
      if (peek() == ',') {
        advance();
        skip_blanks();
        continue;
      }
      if (peek() == close) {
        advance();
        break;
      }
      return fail_here(expect_next);
    }
    return placed(Term::make_tuple(std::move(items), open == '<'), start);
  }

  /// An identifier-led value: swizzle, arith tuple or pointer when the identifier is one of
  /// their keywords and is directly followed by their opener, else a word.
  std::optional<Term> parse_named() {
    Position const start = here_;
    std::size_t length = 0;
    while (is_ident_char(peek(length))) ++length;
    std::string_view const ident = text_.substr(here_.offset, length);
    char const opener = peek(length);
    if (ident == "Sw" && opener == '<') return parse_swizzle(start);
    if (ident == "ArithTuple" && opener == '(') return parse_arith_tuple(start);
    if (opener == '[') {
      if (ident == "ptr") return parse_pointer(start, length, MemoryTag::none);
      if (ident == "gmem_ptr") return parse_pointer(start, length, MemoryTag::gmem);
      if (ident == "smem_ptr") return parse_pointer(start, length, MemoryTag::smem);
      if (ident == "rmem_ptr") return parse_pointer(start, length, MemoryTag::rmem);
    }
    if (ident == "o" && opener != '<') return fail_here(kExpectTerm);  // the chain separator
    advance(length);
    return parse_word(start);
  }

  /// swizzle := 'Sw<' B ',' M ',' S '>' with B, M >= 0; the cursor is on `Sw<`.
  std::optional<Term> parse_swizzle(Position start) {
    advance(3);
    int values[3] = {0, 0, 0};
    for (int i = 0; i < 3; ++i) {
      skip_blanks();
      if (i > 0) {
        if (!expect(',')) return std::nullopt;
        skip_blanks();
      }
      bool const is_shift = i == 2;
      std::optional<int> v =
          parse_small(is_shift, is_shift ? "an integer" : "a non-negative integer");
      if (!v) return std::nullopt;
      values[i] = *v;
    }
    skip_blanks();
    if (!expect('>')) return std::nullopt;
    return placed(Term::make_swizzle(values[0], values[1], values[2]), start);
  }

  /// arith := 'ArithTuple' '(' tuple; the cursor is on `ArithTuple(`.
  std::optional<Term> parse_arith_tuple(Position start) {
    advance(std::string_view("ArithTuple").size());
    std::optional<Term> coord = parse_tuple('(', ')');
    if (!coord) return std::nullopt;
    return placed(Term::make_arith_tuple(std::move(*coord)), start);
  }

  /// pointer := tag '[' bits 'b' ']' '(' address ')'; the cursor is on the tag, which is
  /// `tag_length` bytes long and followed by '['.
  std::optional<Term> parse_pointer(Position start, std::size_t tag_length, MemoryTag tag) {
    advance(tag_length + 1);
    skip_blanks();
    std::optional<int> bits = parse_small(false, "a bit width such as 32");
    if (!bits) return std::nullopt;
    if (!expect('b')) return std::nullopt;
    skip_blanks();
    if (!expect(']')) return std::nullopt;
    skip_blanks();
    if (!expect('(')) return std::nullopt;
    skip_blanks();
    std::optional<std::string> address = parse_address();
    if (!address) return std::nullopt;
    skip_blanks();
    if (!expect(')')) return std::nullopt;
    return placed(Term::make_pointer(Pointer{tag, *bits, std::move(*address)}), start);
  }

  /// address := '0x' hex-digits | '(nil)' (glibc's %p of a null pointer), kept verbatim.
  std::optional<std::string> parse_address() {
    Position const start = here_;
    if (looking_at("(nil)")) {
      advance(5);
      return std::string("(nil)");
    }
    if (!looking_at("0x") && !looking_at("0X")) return fail_here(kExpectAddress);
    std::size_t length = 2;
    while (is_hex_digit(peek(length))) ++length;
    if (length == 2) return fail_here(kExpectAddress);
    advance(length);
    return std::string(text_.substr(start.offset, length));
  }

  /// word := identifier [ '<' ... '>' ]; the cursor is just past the identifier. The
  /// balanced template argument list, blanks included, is kept verbatim.
  std::optional<Term> parse_word(Position start) {
    if (peek() == '<') {
      int depth = 0;
      do {
        char const c = peek();
        if (at_end() || !is_printable(c)) return fail_here(kExpectTemplateChar);
        if (c == '<') ++depth;
        if (c == '>') --depth;
        advance();
      } while (depth > 0);
    }
    std::string word(text_.substr(start.offset, here_.offset - start.offset));
    return placed(Term::make_word(std::move(word)), start);
  }

  std::string_view text_;
  Position here_;
  int depth_ = 0;
  std::optional<ParseError> error_;
};

}  // namespace

std::string ParseError::message() const {
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": found " + found +
         ", expected " + expected;
}

ParseResult parse(std::string_view text, int line, int column) {
  return Parser(text, line, column).run();
}

}  // namespace layoutref::notation
