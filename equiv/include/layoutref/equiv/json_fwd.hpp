// layoutref equiv — the name of the JSON value alone (nlohmann's forward declarations), for headers
// that only pass it along: device code (gpu/check) includes these without nlohmann's whole header.
#pragma once

#include <nlohmann/json_fwd.hpp>

namespace layoutref::equiv {

/// A JSON value (nlohmann::ordered_json): an object's members in the order they were set, a new
/// one appended, one set again replaced in place. equiv/json.hpp has the rest.
using Json = nlohmann::ordered_json;

}  // namespace layoutref::equiv
