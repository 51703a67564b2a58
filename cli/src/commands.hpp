// layoutref cli — the commands main dispatches to, one file each (cmd_<command>.cpp); `prove` is
// proofs/command (layoutref::proofs::prove_command). Each takes the arguments after the command's
// name and returns the exit code of main's header comment.
#pragma once

#include <layoutref/equiv/options.hpp>

#include <string>
#include <vector>

namespace layoutref::cli {

/// Every command defines its options with CLI11 through equiv::Options (equiv/options.hpp).
using equiv::Options;

/// `layoutref help`: every command, option and exit code (main.cpp); a command whose options are
/// defined with CLI11 (options.hpp) has its part written from them (`<command>_help`).
std::string usage();
std::string audit_help();  // cmd_audit.cpp
std::string conform_help();  // cmd_conform.cpp
std::string draw_help();   // cmd_draw.cpp
std::string eval_help();   // cmd_eval.cpp
std::string gen_help();    // cmd_gen.cpp
std::string merge_help();  // cmd_merge.cpp
std::string table_help();  // cmd_table.cpp
std::string verify_help();  // cmd_verify.cpp

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
