// layoutref equiv — a minimal JSON writer for --json output.
#pragma once

#include <string>

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

}  // namespace layoutref::equiv
