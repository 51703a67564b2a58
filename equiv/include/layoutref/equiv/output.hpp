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

#include <string>
#include <string_view>
#include <vector>

namespace layoutref::equiv {

/// Write `text` to the file `path` names, as the header says.
/// @post true and the file holds `text`; or false, `error` naming the path and what is wrong,
///       and no file changed
bool write_output(std::string const& path, std::string_view text, std::string& error);

/// Whether `output` names the same file as one of `inputs` (links followed): an output that would
/// replace the command's own input is refused before anything runs. @post `which` is that input
bool names_an_input(std::string const& output, std::vector<std::string> const& inputs, std::string& which);

}  // namespace layoutref::equiv
