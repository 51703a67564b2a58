// layoutref cli — a minimal JSON writer for --json output.
#pragma once

#include <string>

namespace layoutref::cli {

/// A JSON string literal for s (quotes, backslashes and control characters escaped).
inline std::string json_string(std::string const& s) {
  std::string out = "\"";
  for (unsigned char ch : s) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (ch < 0x20) {
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

}  // namespace layoutref::cli
