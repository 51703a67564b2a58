// layoutref equiv — a program's or a command's options, defined once with CLI11
// (https://github.com/CLIUtils/CLI11): the same definitions parse the arguments and write the help,
// both `layoutref CMD --help` and its part of `layoutref help` (cli/src/main.cpp), so the two cannot
// drift apart. The layoutref command (cli/, proofs/command for prove), layoutref-sweep-plan,
// layoutref-gpu-check and the property program (properties/support/run.cpp, after gtest has
// taken its own options) define their options with it.
//
// What layoutref adds to CLI11: the help's layout (the synopsis line made from the options, the
// command's prose, one line an option) and its error messages, `layoutref CMD: ...` on stderr with
// exit 2 and the synopsis after it (main.cpp's usage errors): an argument that is none of the command's options is
// "unknown option `ARG`" (gen: "unknown argument"), an option without its value "OPT needs a
// value". Values are kept as text and checked by the command, which names what it wants.
#pragma once

#include <CLI/CLI.hpp>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace layoutref::equiv {

class Options {
 public:
  /// `prose`: what the command does, lines of the help after the synopsis (each indented by the
  /// help, no trailing newline needed). Errors start `PROGRAM COMMAND: ` (`PROGRAM: ` for a
  /// program without commands, `command` empty).
  Options(std::string command, std::string prose, std::string program = "layoutref");

  /// Define the options here (add_option with type_name for the value's name, add_flag), each
  /// with its one-line description; positionals with a type_name too (FILE, EXPR).
  CLI::App& app() { return app_; }

  /// The synopsis: `CMD --op OP [--count N] [--json] FILE...` (required options bare, the others
  /// in brackets, in the order defined; the positional arguments last).
  std::string synopsis() const;
  /// The help: the synopsis, the prose, then each option and its description, indented as in
  /// `layoutref help`.
  std::string help() const;

  enum class Parsed { ok, help, error };
  /// Parse `args` (the arguments after the command's name) and print nothing.
  /// @post error: `error` is the message, without the program's prefix
  Parsed parse_quietly(std::vector<std::string> const& args, std::string& error);
  /// Parse `args` (the arguments after the command's name).
  /// @return nullopt when the command goes on; else its exit code: 0 after --help printed the
  ///         help on stdout, 2 after a usage error printed on stderr, followed by
  ///         `usage: PROGRAM SYNOPSIS` (`layoutref gen --op OP [--count N] ...`)
  std::optional<int> parse(std::vector<std::string> const& args);

  /// How an argument that is no option is named in the error (default "option").
  void set_unknown_word(std::string word) { unknown_word_ = std::move(word); }
  /// Show option `name` without brackets in the synopsis: the command checks that it is given
  /// (and says what it wants), not CLI11.
  void set_required_in_help(std::string const& name) { required_.insert(name); }
  /// What the error "OPT needs a value (HINT)" says option `name` wants ("K/N", "a file").
  void set_value_hint(std::string const& name, std::string hint) { hints_[name] = std::move(hint); }

 private:
  std::string command_, prose_, program_, unknown_word_ = "option";
  std::map<std::string, std::string> hints_;
  std::set<std::string> required_;
  CLI::App app_;
};

}  // namespace layoutref::equiv
