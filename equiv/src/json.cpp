// layoutref equiv — JSON over nlohmann-json (json.hpp).
#include <layoutref/equiv/json.hpp>

#include <limits>
#include <set>

namespace layoutref::equiv {

std::string json_text(Json const& v) {
  std::string const dumped = v.dump(-1, ' ', false, Json::error_handler_t::replace);
  // Outside strings the compact text is ASCII: U+FFFD (EF BF BD) and DEL only occur inside strings.
  std::string out;
  out.reserve(dumped.size());
  for (size_t i = 0; i < dumped.size(); ++i) {
    if (dumped.compare(i, 3, "\xEF\xBF\xBD") == 0) {
      out += "\\ufffd";
      i += 2;
    } else if (dumped[i] == '\x7f') {
      out += "\\u007f";
    } else {
      out += dumped[i];
    }
  }
  return out;
}

std::string json_string(std::string const& s) { return json_text(Json(s)); }

std::string json_lines(std::vector<Json> const& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    out += i ? ",\n" : "\n";
    out += json_text(items[i]);
  }
  return out + "\n]";
}

namespace {

/// The byte (from 1) where text nests deeper than kJsonMaxDepth, 0 where it does not. Strings are
/// skipped (their brackets are text); the text need not be well formed, nlohmann judges that.
size_t too_deep_at(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char const c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kJsonMaxDepth + 1) return i + 1;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return 0;
}

/// A member name given twice (thrown from the parser's callback).
struct DuplicateMember {
  std::string name;
};

}  // namespace

bool parse_json(std::string_view text, Json& out, std::string& error) {
  if (size_t at = too_deep_at(text)) {
    error = "JSON byte " + std::to_string(at) + ": nested deeper than " + std::to_string(kJsonMaxDepth);
    return false;
  }
  // The member names of each open object, innermost last.
  std::vector<std::set<std::string>> names;
  auto callback = [&](int, Json::parse_event_t event, Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start: names.emplace_back(); break;
      case Json::parse_event_t::object_end: names.pop_back(); break;
      case Json::parse_event_t::key:
        if (!names.back().insert(parsed.get<std::string>()).second) throw DuplicateMember{parsed.get<std::string>()};
        break;
      default: break;
    }
    return true;
  };
  try {
    out = Json::parse(text.begin(), text.end(), callback);
    return true;
  } catch (DuplicateMember const& d) {
    error = "JSON: member `" + d.name + "` given twice";
  } catch (Json::parse_error const& e) {
    // nlohmann's message, "[json.exception.parse_error.101] parse error at line 1, column 2: what;
    // last read: 'TOKEN'", as "what": the token may be long, and it is the document's bytes.
    std::string what = e.what();
    size_t column = what.find(", column ");
    size_t colon = column == std::string::npos ? std::string::npos : what.find(": ", column);
    if (colon != std::string::npos) what = what.substr(colon + 2);
    size_t last = what.find("; last read: ");
    if (last != std::string::npos) what.erase(last);
    error = "JSON byte " + std::to_string(e.byte == 0 ? 1 : e.byte) + ": " + what;
  } catch (Json::exception const& e) {
    // A number past a double's range ("[json.exception.out_of_range.406] number overflow parsing '1e400'").
    std::string what = e.what();
    size_t bracket = what.find("] ");
    error = "JSON: " + (bracket == std::string::npos ? what : what.substr(bracket + 2));
  }
  return false;
}

bool json_int(Json const& v, long long& out) {
  if (v.is_number_integer() && !v.is_number_unsigned()) {
    out = v.get<long long>();
    return true;
  }
  if (v.is_number_unsigned() && v.get<unsigned long long>() <= static_cast<unsigned long long>(std::numeric_limits<long long>::max())) {
    out = static_cast<long long>(v.get<unsigned long long>());
    return true;
  }
  return false;
}

std::string json_scalar_text(Json const& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number() || v.is_boolean()) return json_text(v);
  return "";
}

}  // namespace layoutref::equiv
