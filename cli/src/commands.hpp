// layoutref cli — the commands main dispatches to, one file each (cmd_<command>.cpp); `prove` is
// proofs/command (layoutref::proofs::prove_command). Each takes the arguments after the command's
// name and returns the exit code of main's header comment.
#pragma once

#include <string>
#include <vector>

namespace layoutref::cli {

/// `layoutref help`: every command, option and exit code (main.cpp).
extern char const* const kUsage;

int audit(std::vector<std::string> const& args);    // cmd_audit.cpp
int conform(std::vector<std::string> const& args);  // cmd_conform.cpp
int draw(std::vector<std::string> const& args);     // cmd_draw.cpp
int eval(std::vector<std::string> const& args);     // cmd_eval.cpp
int gen(std::vector<std::string> const& args);      // cmd_gen.cpp
int merge(std::vector<std::string> const& args);    // cmd_merge.cpp
int table(std::vector<std::string> const& args);    // cmd_table.cpp
int verify(std::vector<std::string> const& args);   // cmd_verify.cpp

/// Write `text` to `path` (cmd_draw.cpp). @post false, `layoutref <command>: cannot write PATH`
/// printed on stderr, when it cannot be written
bool write_file(std::string const& command, std::string const& path, std::string const& text);

}  // namespace layoutref::cli
