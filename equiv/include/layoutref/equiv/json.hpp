// layoutref equiv — JSON for --json output and the shard reports, over nlohmann-json
// (https://github.com/nlohmann/json): `Json` is nlohmann's value with members kept in their
// order. What layoutref adds: json_text, the compact text with the bytes of a string that are not
// UTF-8 replaced; parse_json, a document read with the limits `layoutref merge` needs for reports
// it did not write (nesting depth, duplicate member names refused, an error naming the byte); and
// json_int, a number read as a 64-bit integer, refused past int64 rather than wrapped.
#pragma once

#include <layoutref/equiv/json_fwd.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace layoutref::equiv {

/// The compact text of v: no spaces, members in order. In strings, quotes, backslashes and control
/// characters escaped (nlohmann's dump; DEL as `\u007f`), and a byte that is not part of a
/// well-formed UTF-8 sequence replaced by U+FFFD (nlohmann's error_handler_t::replace: one U+FFFD
/// for each maximal ill-formed subsequence), written `\ufffd` as U+FFFD itself is: the result is
/// valid UTF-8 and valid JSON whatever the strings hold.
std::string json_text(Json const& v);
/// json_text of the string s.
std::string json_string(std::string const& s);
/// The array of `items` as json_text writes it, but each element on a line of its own and the
/// closing bracket too (`[\n1,\n2\n]`, `[\n]` when empty): the layout of the shard reports'
/// records and failures and of `audit --json`'s and `conform --json`'s cases, one a line.
std::string json_lines(std::vector<Json> const& items);

/// The deepest nesting parse_json reads: a container inside 200 others is read, one inside 201 refused.
inline constexpr int kJsonMaxDepth = 200;

/// Parse one JSON document (RFC 8259; surrounding whitespace allowed): at most kJsonMaxDepth deep
/// (checked before nlohmann parses, so no document exhausts a stack), member names unique within
/// an object, strings valid UTF-8.
/// @post false, `error` "JSON byte N: what was wrong" (N counting from 1) or, for a member name
///       given twice, "JSON: member `name` given twice", when text is not one such document
bool parse_json(std::string_view text, Json& out, std::string& error);

/// A number that is an integer in [-2^63, 2^63): its value.
/// @post false for any other value (a fraction or an exponent form, an integer past int64, not a number)
bool json_int(Json const& v, long long& out);

/// A string's value; a number's or a boolean's JSON text; "" for null, arrays and objects.
std::string json_scalar_text(Json const& v);

}  // namespace layoutref::equiv
