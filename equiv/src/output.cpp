// layoutref equiv — output files (output.hpp).
#include <layoutref/equiv/output.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace layoutref::equiv {

namespace {

namespace fs = std::filesystem;

std::string kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISSOCK(m)) return "a socket";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  return "not a regular file";
}

/// Follow `path`'s symbolic links to the file they name (which need not exist).
/// @post false, `error` set, for a loop or a chain longer than 40 links
bool resolve_links(std::string const& path, fs::path& out, std::string& error) {
  fs::path p = path;
  for (int hops = 0; hops <= 40; ++hops) {
    struct stat st;
    if (lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
      out = p;
      return true;
    }
    std::error_code ec;
    fs::path target = fs::read_symlink(p, ec);
    if (ec) {
      error = "cannot read the link " + p.string() + ": " + ec.message();
      return false;
    }
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  error = path + ": more than 40 symbolic links (a loop?)";
  return false;
}

bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    text.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

bool write_output(std::string const& path, std::string_view text, std::string& error) {
  if (path.empty()) {
    error = "the output file name is empty";
    return false;
  }
  fs::path target;
  if (!resolve_links(path, target, error)) return false;
  std::string const shown = target.string() == path ? path : path + " (a link to " + target.string() + ")";
  struct stat st;
  bool const exists = stat(target.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) {
    error = "will not write " + shown + ": it is " + kind_of(st.st_mode) + ", not a regular file or a new path";
    return false;
  }
  if (!exists && errno != ENOENT) {
    error = "cannot write " + shown + ": " + std::strerror(errno);
    return false;
  }
  fs::path dir = target.parent_path();
  if (dir.empty()) dir = ".";
  std::string tmp = (dir / ("." + target.filename().string() + ".layoutref-XXXXXX")).string();
  int fd = mkstemp(tmp.data());
  if (fd < 0) {
    error = "cannot write " + shown + ": cannot create a file in " + dir.string() + ": " + std::strerror(errno);
    return false;
  }
  mode_t mode = 0;
  if (exists) {
    mode = st.st_mode & 07777;
  } else {
    mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  bool ok = fchmod(fd, mode) == 0 && write_all(fd, text) && fsync(fd) == 0;
  int write_errno = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    write_errno = errno;
  }
  if (!ok) {
    ::unlink(tmp.c_str());
    error = "cannot write " + shown + ": " + std::strerror(write_errno);
    return false;
  }
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    error = "cannot write " + shown + ": " + std::strerror(e);
    return false;
  }
  return true;
}

std::string clip_text(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return std::string(text);
  std::size_t keep = limit;
  while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
  return std::string(text.substr(0, keep)) + " ... [" + std::to_string(text.size() - keep) + " more bytes not shown]";
}

bool names_an_input(std::string const& output, std::vector<std::string> const& inputs, std::string& which) {
  std::error_code ec;
  for (auto const& in : inputs)
    if (fs::equivalent(output, in, ec) && !ec) {
      which = in;
      return true;
    }
  return false;
}

}  // namespace layoutref::equiv
