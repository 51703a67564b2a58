// layoutref equiv — writing a file the user named as output (--report, -o, --emit-smt2, audit
// --draw): the one way every command writes one.
//
// The contract (docs/deep-runs.md, "Output files"):
//  - the path must name a regular file or a new path; a symbolic link is written through (its
//    final target is replaced, the link stays); anything else (a directory, a FIFO, a socket, a
//    device such as /dev/full) is refused, naming what it is, and left as it was;
//  - the text goes to a new temporary file beside the target (a fresh name, never a file that
//    exists), which is renamed onto the target once written whole: a reader sees the old file or
//    the new one, never a part, and no other file is touched;
//  - a new file gets the mode 0666 less the umask, a replaced one keeps its mode;
//  - every write error is reported (a full disk too), and the temporary file is removed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace layoutref::equiv {

/// Write `text` to the file `path` names, as the header says.
/// @post true and the file holds `text`; or false, `error` naming the path and what is wrong,
///       and no file changed
bool write_output(std::string const& path, std::string_view text, std::string& error);

/// The longest message text a command prints whole, in bytes (a verdict's detail, a claimed or an
/// expected value, an error line): past it, clip_text cuts.
inline constexpr std::size_t kTextLimit = 4096;

/// `text` when it is at most `limit` bytes; otherwise its first bytes (cut at a UTF-8 character's
/// start) followed by " ... [N more bytes not shown]", at most limit + 40 bytes in all: a 40-byte
/// vector line whose result is a layout of rank 10^6 prints a line, not megabytes.
std::string clip_text(std::string_view text, std::size_t limit = kTextLimit);

/// Whether `output` names the same file as one of `inputs` (links followed): an output that would
/// replace the command's own input is refused before anything runs. @post `which` is that input
bool names_an_input(std::string const& output, std::vector<std::string> const& inputs, std::string& which);

}  // namespace layoutref::equiv
