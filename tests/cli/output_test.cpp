// equiv::write_output (equiv/output.hpp): what a command writes as --report, -o, --emit-smt2 or
// audit --draw replaces the file the user named and nothing else — a link is written through, a
// FIFO, a device or a directory is refused and left as it was, the temporary file never takes a
// name that exists and never stays behind.
#include <layoutref/equiv/output.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

namespace layoutref::equiv {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "layoutref-output-XXXXXX").string();
    path = mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string operator/(std::string const& name) const { return (path / name).string(); }
  /// The names in the directory, sorted, space-separated.
  std::string names() const {
    std::vector<std::string> v;
    for (auto const& e : fs::directory_iterator(path)) v.push_back(e.path().filename().string());
    std::sort(v.begin(), v.end());
    std::string out;
    for (auto const& n : v) out += (out.empty() ? "" : " ") + n;
    return out;
  }
};

std::string slurp(std::string const& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void spit(std::string const& path, std::string const& text) { std::ofstream(path, std::ios::binary) << text; }

TEST(Output, WritesANewFileWithTheUmasksMode) {
  TempDir d;
  std::string error;
  mode_t old = umask(022);
  ASSERT_TRUE(write_output(d / "r.json", "new\n", error)) << error;
  umask(old);
  EXPECT_EQ(slurp(d / "r.json"), "new\n");
  struct stat st;
  ASSERT_EQ(stat((d / "r.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
  EXPECT_EQ(d.names(), "r.json");
}

TEST(Output, ReplacesARegularFileKeepingItsModeAndNoOtherFile) {
  TempDir d;
  spit(d / "r.json", "old");
  chmod((d / "r.json").c_str(), 0600);
  spit(d / "r.json.tmp", "someone else's");
  std::string error;
  ASSERT_TRUE(write_output(d / "r.json", "new", error)) << error;
  EXPECT_EQ(slurp(d / "r.json"), "new");
  EXPECT_EQ(slurp(d / "r.json.tmp"), "someone else's");
  struct stat st;
  ASSERT_EQ(stat((d / "r.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(d.names(), "r.json r.json.tmp");
}

TEST(Output, WritesThroughSymbolicLinks) {
  TempDir d;
  fs::create_directory(d / "sub");
  spit(d / "sub/target", "old");
  fs::create_symlink("sub/target", d / "link");
  fs::create_symlink("link", d / "link2");
  std::string error;
  ASSERT_TRUE(write_output(d / "link2", "new", error)) << error;
  EXPECT_TRUE(fs::is_symlink(d / "link"));
  EXPECT_TRUE(fs::is_symlink(d / "link2"));
  EXPECT_EQ(slurp(d / "sub/target"), "new");
  // A dangling link: its target is created.
  fs::create_symlink("sub/fresh", d / "dangling");
  ASSERT_TRUE(write_output(d / "dangling", "made", error)) << error;
  EXPECT_TRUE(fs::is_symlink(d / "dangling"));
  EXPECT_EQ(slurp(d / "sub/fresh"), "made");
  EXPECT_EQ(d.names(), "dangling link link2 sub");
}

TEST(Output, RefusesWhatIsNotARegularFileAndLeavesIt) {
  TempDir d;
  ASSERT_EQ(mkfifo((d / "fifo").c_str(), 0600), 0);
  fs::create_directory(d / "dir");
  fs::create_symlink("fifo", d / "to-fifo");
  fs::create_symlink("loop-b", d / "loop-a");
  fs::create_symlink("loop-a", d / "loop-b");
  std::string error;
  EXPECT_FALSE(write_output(d / "fifo", "x", error));
  EXPECT_NE(error.find("it is a FIFO, not a regular file or a new path"), std::string::npos) << error;
  EXPECT_FALSE(write_output(d / "to-fifo", "x", error));
  EXPECT_NE(error.find("(a link to "), std::string::npos) << error;
  EXPECT_NE(error.find("it is a FIFO"), std::string::npos) << error;
  EXPECT_FALSE(write_output(d / "dir", "x", error));
  EXPECT_NE(error.find("it is a directory"), std::string::npos) << error;
  EXPECT_FALSE(write_output(d / "loop-a", "x", error));
  EXPECT_NE(error.find("more than 40 symbolic links"), std::string::npos) << error;
  EXPECT_FALSE(write_output("/dev/null", "x", error));
  EXPECT_NE(error.find("will not write /dev/null: it is a character device"), std::string::npos) << error;
  EXPECT_FALSE(write_output("", "x", error));
  EXPECT_NE(error.find("the output file name is empty"), std::string::npos) << error;
  EXPECT_FALSE(write_output(d / "no-such-dir/r.json", "x", error));
  EXPECT_NE(error.find("cannot write"), std::string::npos) << error;
  struct stat st;
  ASSERT_EQ(lstat((d / "fifo").c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  ASSERT_EQ(lstat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_EQ(d.names(), "dir fifo loop-a loop-b to-fifo");
}

TEST(Output, AnOutputThatIsAnInputIsNamed) {
  TempDir d;
  spit(d / "v.tsv", "x");
  fs::create_symlink("v.tsv", d / "alias");
  std::string which;
  EXPECT_TRUE(names_an_input(d / "alias", {d / "other.tsv", d / "v.tsv"}, which));
  EXPECT_EQ(which, d / "v.tsv");
  EXPECT_FALSE(names_an_input(d / "new.json", {d / "v.tsv"}, which));
}

}  // namespace
}  // namespace layoutref::equiv
