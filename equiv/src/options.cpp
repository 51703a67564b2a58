// layoutref equiv — options over CLI11 (options.hpp).
#include <layoutref/equiv/options.hpp>

#include <algorithm>
#include <iostream>
#include <sstream>

namespace layoutref::equiv {

Options::Options(std::string command, std::string prose, std::string program)
    : command_(std::move(command)), prose_(std::move(prose)), program_(std::move(program)), app_("", command_.empty() ? program_ : command_) {
  app_.set_help_flag("--help,-h", "this help");
  app_.allow_extras();  // reported by parse, in layoutref's words
  // An option given twice: the last one counts, as layoutref's commands always read them.
  app_.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

namespace {

/// `--op OP`, `--json`, `FILE...`: an option as the synopsis and the list write it.
std::string usage_of(CLI::Option const& o) {
  std::string names = o.get_positional() ? o.get_type_name() : o.get_name(false, true);
  std::string out = names;
  if (o.get_positional()) {
    if (o.get_items_expected_max() > 1) out += "...";
    return out;
  }
  if (o.get_items_expected_max() > 0) out += " " + o.get_type_name();
  return out;
}

}  // namespace

std::string Options::synopsis() const {
  std::string out = command_.empty() ? program_ : command_;
  // The options in their order, then the positional arguments.
  for (bool positional : {false, true})
    for (CLI::Option const* o : app_.get_options()) {
      if (o == app_.get_help_ptr() || o->get_positional() != positional) continue;
      bool const bare = o->get_required() || o->get_positional() || required_.count(o->get_name());
      out += " " + (bare ? usage_of(*o) : "[" + usage_of(*o) + "]");
    }
  return out;
}

std::string Options::help() const {
  std::string out = "  " + synopsis() + "\n";
  std::istringstream prose(prose_);
  for (std::string line; std::getline(prose, line);) out += line.empty() ? "\n" : "      " + line + "\n";
  std::vector<std::pair<std::string, std::string>> rows;
  size_t width = 0;
  for (bool positional : {false, true})
    for (CLI::Option const* o : app_.get_options()) {
      if (o->get_positional() != positional) continue;
      std::string u = usage_of(*o);
      if (o == app_.get_help_ptr()) u = "--help, -h";
      rows.emplace_back(u, o->get_description());
      width = std::max(width, u.size());
    }
  for (auto const& [u, d] : rows) {
    out += "      " + u + std::string(width - u.size() + 2, ' ');
    // A description of several lines: the later ones under the first.
    std::istringstream lines(d);
    bool first = true;
    for (std::string line; std::getline(lines, line); first = false)
      out += (first ? "" : "\n      " + std::string(width + 2, ' ')) + line;
    out += "\n";
  }
  return out;
}

Options::Parsed Options::parse_quietly(std::vector<std::string> const& args, std::string& error) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 reads a vector from its back
  try {
    app_.parse(reversed);
  } catch (CLI::CallForHelp const&) {
    return Parsed::help;
  } catch (CLI::ArgumentMismatch const& e) {
    // "--op: 1 required OP missing": an option at the end, without its value.
    std::string what = e.what();
    size_t colon = what.find(':');
    if (colon == std::string::npos) {
      error = what;
    } else {
      std::string const name = what.substr(0, colon);
      auto hint = hints_.find(name);
      error = name + " needs a value" + (hint == hints_.end() ? "" : " (" + hint->second + ")");
    }
    return Parsed::error;
  } catch (CLI::ParseError const& e) {
    error = e.what();
    return Parsed::error;
  }
  std::vector<std::string> extra = app_.remaining();
  if (!extra.empty()) {
    error = "unknown " + unknown_word_ + " `" + extra.front() + "`";
    return Parsed::error;
  }
  return Parsed::ok;
}

std::optional<int> Options::parse(std::vector<std::string> const& args) {
  std::string error;
  switch (parse_quietly(args, error)) {
    case Parsed::ok: return std::nullopt;
    case Parsed::help: std::cout << help(); return 0;
    case Parsed::error: break;
  }
  std::string const program = program_ + (command_.empty() ? "" : " " + command_);
  std::cerr << program << ": " << error << "\nusage: " << (command_.empty() ? "" : program_ + " ") << synopsis() << "\n";
  return 2;
}

}  // namespace layoutref::equiv
