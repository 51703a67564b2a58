// layoutref::notation — reading CuTe's printed notation.
#pragma once

#include <layoutref/notation/term.hpp>

#include <string>
#include <string_view>

namespace layoutref::notation {

/// Where and why a text failed to parse: "line 1, column 7: found ')', expected an integer".
struct ParseError {
  int line = 1;
  int column = 1;
  std::string found;     ///< what was found, quoted, or "end of input"
  std::string expected;  ///< what the grammar expected there
  std::string message() const;  ///< "line L, column C: found F, expected E"
};

struct ParseResult {
  bool ok = false;
  Term term;         ///< valid when ok
  ParseError error;  ///< valid when !ok
};

/// Parse one complete term (the whole text, surrounding blanks allowed).
/// `line` and `column` give the position of text[0] in its source, so that errors and
/// Term positions refer to the original file.
ParseResult parse(std::string_view text, int line = 1, int column = 1);

}  // namespace layoutref::notation
