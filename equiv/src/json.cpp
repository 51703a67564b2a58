// layoutref equiv — JsonValue and parse_json (json.hpp).
#include <layoutref/equiv/json.hpp>

#include <cerrno>
#include <cstdlib>

namespace layoutref::equiv {

namespace {

/// json_string(s), with U+FFFD written `\ufffd` as json_string writes a byte that is not UTF-8.
void dump_string(std::string const& s, std::string& out) {
  std::string t = json_string(s);
  for (size_t i = 0; i < t.size();) {
    if (t.compare(i, 3, "\xEF\xBF\xBD") == 0) {
      out += "\\ufffd";
      i += 3;
    } else {
      out += t[i++];
    }
  }
}

}  // namespace

JsonValue JsonValue::object(std::initializer_list<Member> members) {
  JsonValue v;
  v.kind_ = Kind::object;
  for (auto const& m : members) v.set(m.first, m.second);
  return v;
}

JsonValue JsonValue::array(std::vector<JsonValue> items) {
  JsonValue v;
  v.kind_ = Kind::array;
  v.items_ = std::move(items);
  return v;
}

JsonValue JsonValue::number_text(std::string text) {
  JsonValue v;
  v.kind_ = Kind::number;
  v.text_ = std::move(text);
  return v;
}

bool JsonValue::to_int(long long& out) const {
  if (kind_ != Kind::number || text_.find_first_of(".eE") != std::string::npos) return false;
  errno = 0;
  char* end = nullptr;
  long long n = std::strtoll(text_.c_str(), &end, 10);
  if (errno != 0 || end != text_.c_str() + text_.size()) return false;
  out = n;
  return true;
}

JsonValue& JsonValue::push(JsonValue v) {
  items_.push_back(std::move(v));
  return items_.back();
}

JsonValue& JsonValue::set(std::string const& key, JsonValue v) {
  for (size_t i = 0; i < keys_.size(); ++i)
    if (keys_[i] == key) return items_[i] = std::move(v);
  keys_.push_back(key);
  items_.push_back(std::move(v));
  return items_.back();
}

JsonValue const* JsonValue::find(std::string_view key) const {
  if (kind_ != Kind::object) return nullptr;
  for (size_t i = 0; i < keys_.size(); ++i)
    if (keys_[i] == key) return &items_[i];
  return nullptr;
}

void JsonValue::dump(std::string& out) const {
  switch (kind_) {
    case Kind::null: out += "null"; return;
    case Kind::boolean:
    case Kind::number: out += text_; return;
    case Kind::string: dump_string(text_, out); return;
    case Kind::array:
      out += '[';
      for (size_t i = 0; i < items_.size(); ++i) {
        if (i) out += ',';
        items_[i].dump(out);
      }
      out += ']';
      return;
    case Kind::object:
      out += '{';
      for (size_t i = 0; i < items_.size(); ++i) {
        if (i) out += ',';
        dump_string(keys_[i], out);
        out += ':';
        items_[i].dump(out);
      }
      out += '}';
      return;
  }
}

std::string JsonValue::dump() const {
  std::string out;
  dump(out);
  return out;
}

namespace {

/// Recursive descent over one document; `depth` bounds the nesting.
class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  bool document(JsonValue& out, std::string& error) {
    space();
    if (!value(out, 0)) {
      error = error_;
      return false;
    }
    space();
    if (i_ != s_.size()) {
      error = at("expected the end of the document");
      return false;
    }
    return true;
  }

 private:
  static constexpr int kMaxDepth = 200;

  std::string at(std::string const& what) const { return "JSON byte " + std::to_string(i_ + 1) + ": " + what; }
  bool fail(std::string const& what) {
    if (error_.empty()) error_ = at(what);
    return false;
  }
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return fail("expected a value");
    i_ += word.size();
    return true;
  }

  bool value(JsonValue& out, int depth) {
    if (depth > kMaxDepth) return fail("nested deeper than 200");
    if (i_ >= s_.size()) return fail("expected a value, found the end");
    char c = s_[i_];
    if (c == '{') return object(out, depth);
    if (c == '[') return array(out, depth);
    if (c == '"') {
      std::string text;
      if (!string(text)) return false;
      out = JsonValue(text);
      return true;
    }
    if (c == 't') {
      out = JsonValue(true);
      return literal("true");
    }
    if (c == 'f') {
      out = JsonValue(false);
      return literal("false");
    }
    if (c == 'n') {
      out = JsonValue();
      return literal("null");
    }
    return number(out);
  }

  bool object(JsonValue& out, int depth) {
    out = JsonValue::object();
    ++i_;
    space();
    if (i_ < s_.size() && s_[i_] == '}') {
      ++i_;
      return true;
    }
    while (true) {
      space();
      if (i_ >= s_.size() || s_[i_] != '"') return fail("expected a member name");
      std::string key;
      if (!string(key)) return false;
      if (out.find(key)) return fail("member `" + key + "` given twice");
      space();
      if (i_ >= s_.size() || s_[i_] != ':') return fail("expected ':'");
      ++i_;
      space();
      JsonValue v;
      if (!value(v, depth + 1)) return false;
      out.set(key, std::move(v));
      space();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == '}') {
        ++i_;
        return true;
      }
      return fail("expected ',' or '}'");
    }
  }

  bool array(JsonValue& out, int depth) {
    out = JsonValue::array();
    ++i_;
    space();
    if (i_ < s_.size() && s_[i_] == ']') {
      ++i_;
      return true;
    }
    while (true) {
      space();
      JsonValue v;
      if (!value(v, depth + 1)) return false;
      out.push(std::move(v));
      space();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == ']') {
        ++i_;
        return true;
      }
      return fail("expected ',' or ']'");
    }
  }

  bool hex4(unsigned& out) {
    if (i_ + 4 > s_.size()) return fail("expected four hex digits after \\u");
    out = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      unsigned d = c >= '0' && c <= '9' ? unsigned(c - '0') : c >= 'a' && c <= 'f' ? unsigned(c - 'a' + 10)
                   : c >= 'A' && c <= 'F' ? unsigned(c - 'A' + 10) : 16u;
      if (d == 16) return fail("expected four hex digits after \\u");
      out = out * 16 + d;
    }
    return true;
  }

  static void put_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool string(std::string& out) {
    ++i_;  // the opening quote
    while (true) {
      if (i_ >= s_.size()) return fail("unterminated string");
      char c = s_[i_];
      if (c == '"') {
        ++i_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20) return fail("a control character inside a string");
      if (c != '\\') {
        out += c;
        ++i_;
        continue;
      }
      if (++i_ >= s_.size()) return fail("unterminated string");
      char e = s_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned lo = 0;
            if (s_.substr(i_, 2) != "\\u") return fail("a high surrogate without its low half");
            i_ += 2;
            if (!hex4(lo)) return false;
            if (lo < 0xDC00 || lo > 0xDFFF) return fail("a high surrogate without its low half");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return fail("a low surrogate without its high half");
          }
          put_utf8(out, cp);
          break;
        }
        default: return fail(std::string("unknown escape \\") + e);
      }
    }
  }

  bool number(JsonValue& out) {
    size_t start = i_;
    auto digits = [&] {
      size_t from = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      return i_ > from;
    };
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    if (i_ < s_.size() && s_[i_] == '0') {
      ++i_;
    } else if (!digits()) {
      i_ = start;
      return fail("expected a value");
    }
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (!digits()) return fail("expected digits after '.'");
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (!digits()) return fail("expected digits in the exponent");
    }
    out = JsonValue::number_text(std::string(s_.substr(start, i_ - start)));
    return true;
  }

  std::string_view s_;
  size_t i_ = 0;
  std::string error_;
};

}  // namespace

bool parse_json(std::string_view text, JsonValue& out, std::string& error) {
  Parser p(text);
  JsonValue v;
  if (!p.document(v, error)) return false;
  out = std::move(v);
  return true;
}

}  // namespace layoutref::equiv
