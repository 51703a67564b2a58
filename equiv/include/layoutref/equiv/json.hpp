// layoutref equiv — minimal JSON for --json output and the shard reports: json_string (one string
// literal), JsonWriter (objects and arrays streamed to an ostream, commas placed by the writer),
// and JsonValue with parse_json (a document held in memory, read back: `layoutref merge`).
#pragma once

#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace layoutref::equiv {

/// The length of the well-formed UTF-8 sequence starting at s[i] (RFC 3629: no overlong forms,
/// no surrogates, at most U+10FFFF), or 0 when the bytes there are not one.
inline size_t utf8_sequence_length(std::string const& s, size_t i) {
  auto byte = [&](size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  auto cont = [&](size_t k) { return k < s.size() && (byte(k) & 0xC0u) == 0x80u; };
  unsigned b0 = byte(i);
  if (b0 < 0x80) return 1;
  if (b0 >= 0xC2 && b0 <= 0xDF) return cont(i + 1) ? 2 : 0;
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    unsigned lo = b0 == 0xE0 ? 0xA0 : 0x80, hi = b0 == 0xED ? 0x9F : 0xBF;
    return byte(i + 1) >= lo && byte(i + 1) <= hi && i + 1 < s.size() && cont(i + 2) ? 3 : 0;
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    unsigned lo = b0 == 0xF0 ? 0x90 : 0x80, hi = b0 == 0xF4 ? 0x8F : 0xBF;
    return byte(i + 1) >= lo && byte(i + 1) <= hi && i + 1 < s.size() && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

/// A JSON string literal for s: quotes, backslashes and control characters escaped; every byte
/// that is not part of a well-formed UTF-8 sequence replaced by U+FFFD (`\ufffd`), so the result
/// is valid UTF-8 and valid JSON whatever s holds.
inline std::string json_string(std::string const& s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    unsigned char ch = static_cast<unsigned char>(s[i]);
    size_t n = utf8_sequence_length(s, i);
    if (n == 0) {
      out += "\\ufffd";
      ++i;
      continue;
    }
    if (n > 1) {
      out.append(s, i, n);
      i += n;
      continue;
    }
    ++i;
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (ch < 0x20 || ch == 0x7F) {
          static char const* hex = "0123456789abcdef";
          out += "\\u00";
          out += hex[ch >> 4];
          out += hex[ch & 15];
        } else {
          out += static_cast<char>(ch);
        }
    }
  }
  return out + "\"";
}

/// Writes one JSON value to `out` as it is built: begin_object / key / value ... end_object,
/// begin_array / value ... end_array. The writer places the commas; nothing else is added
/// between tokens (no spaces), except in an array begun with `lines`: every element starts on a
/// new line and the closing bracket too (`[\n1,\n2\n]`, `[\n]` when empty).
/// @pre calls form one well-nested value: key only directly inside an object, followed by
///      exactly one value; every begin_* closed by its end_*.
class JsonWriter {
 public:
  enum class Layout { compact, lines };

  explicit JsonWriter(std::ostream& out) : out_(out) {}

  JsonWriter& begin_object() {
    element();
    out_ << '{';
    open_.push_back({false, false});
    return *this;
  }
  JsonWriter& end_object() {
    open_.pop_back();
    out_ << '}';
    return *this;
  }
  JsonWriter& begin_array(Layout layout = Layout::compact) {
    element();
    out_ << '[';
    open_.push_back({false, layout == Layout::lines});
    return *this;
  }
  JsonWriter& end_array() {
    bool lines = open_.back().lines;
    open_.pop_back();
    out_ << (lines ? "\n]" : "]");
    return *this;
  }
  /// The member name of the next value.
  JsonWriter& key(std::string const& name) {
    element();
    out_ << json_string(name) << ':';
    after_key_ = true;
    return *this;
  }
  JsonWriter& value(std::string const& s) { return raw(json_string(s)); }
  JsonWriter& value(char const* s) { return raw(json_string(s)); }
  JsonWriter& value(bool b) { return raw(b ? "true" : "false"); }
  JsonWriter& value(int n) { return raw(std::to_string(n)); }
  JsonWriter& value(long n) { return raw(std::to_string(n)); }
  JsonWriter& value(long long n) { return raw(std::to_string(n)); }
  JsonWriter& value(unsigned long n) { return raw(std::to_string(n)); }
  JsonWriter& value(unsigned long long n) { return raw(std::to_string(n)); }
  /// A number written as printf's %f (six decimals). @pre d is finite
  JsonWriter& value(double d) { return raw(std::to_string(d)); }
  /// `key(name).value(v)`.
  template <class T>
  JsonWriter& member(std::string const& name, T const& v) {
    return key(name).value(v);
  }

 private:
  struct Open {
    bool has_elements;
    bool lines;
  };
  /// Separate a new element (a member or an array entry) from the previous one.
  void element() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (open_.empty()) return;
    Open& o = open_.back();
    if (o.has_elements) out_ << ',';
    if (o.lines) out_ << '\n';
    o.has_elements = true;
  }
  JsonWriter& raw(std::string const& text) {
    element();
    out_ << text;
    return *this;
  }

  std::ostream& out_;
  std::vector<Open> open_;
  bool after_key_ = false;
};

/// A JSON value held in memory: null, a boolean, a number (kept as its literal text, so that it is
/// written back unchanged), a string (valid UTF-8: valid_utf8 is applied on construction), an
/// array, or an object (members in their order, names unique).
class JsonValue {
 public:
  enum class Kind { null, boolean, number, string, array, object };
  using Member = std::pair<std::string, JsonValue>;

  JsonValue() = default;
  JsonValue(bool b) : kind_(Kind::boolean), text_(b ? "true" : "false") {}
  JsonValue(int n) : kind_(Kind::number), text_(std::to_string(n)) {}
  JsonValue(long n) : kind_(Kind::number), text_(std::to_string(n)) {}
  JsonValue(long long n) : kind_(Kind::number), text_(std::to_string(n)) {}
  JsonValue(unsigned long n) : kind_(Kind::number), text_(std::to_string(n)) {}
  JsonValue(unsigned long long n) : kind_(Kind::number), text_(std::to_string(n)) {}
  JsonValue(std::string s) : kind_(Kind::string), text_(std::move(s)) {}
  JsonValue(char const* s) : JsonValue(std::string(s)) {}
  /// An object with these members, in this order (a later one with the same name replaces the first).
  static JsonValue object(std::initializer_list<Member> members = {});
  static JsonValue array(std::vector<JsonValue> items = {});
  /// A number from its literal text. @pre text is a JSON number
  static JsonValue number_text(std::string text);

  Kind kind() const { return kind_; }
  bool is(Kind k) const { return kind_ == k; }
  /// A string's value, a number's literal text, `true`/`false`; empty for the others.
  std::string const& text() const { return text_; }
  /// A number that is an integer in [-2^63, 2^63): its value. @post false otherwise
  bool to_int(long long& out) const;

  /// Arrays: the items. Objects: the members' values, in order (names: keys()).
  std::vector<JsonValue> const& items() const { return items_; }
  std::vector<std::string> const& keys() const { return keys_; }
  /// Append to an array.
  JsonValue& push(JsonValue v);
  /// Set member `key` of an object (appended when new, replaced in place when present).
  JsonValue& set(std::string const& key, JsonValue v);
  /// Member `key` of an object, or nullptr.
  JsonValue const* find(std::string_view key) const;

  /// The compact text: no spaces, members in order, strings by json_string (U+FFFD as `\ufffd`).
  std::string dump() const;
  void dump(std::string& out) const;

  friend bool operator==(JsonValue const& a, JsonValue const& b) { return a.dump() == b.dump(); }

 private:
  Kind kind_ = Kind::null;
  std::string text_;
  std::vector<std::string> keys_;
  std::vector<JsonValue> items_;
};

/// Parse one JSON document (RFC 8259; surrounding whitespace allowed, nesting at most 200 deep).
/// @post false, `error` naming the byte offset and what was expected, when text is not one
bool parse_json(std::string_view text, JsonValue& out, std::string& error);

}  // namespace layoutref::equiv
