// layoutref python — `prove`: proofs/command's engine (layoutref::proofs::prove_command, the
// command `layoutref prove`), run in-process with its --json answer captured; the package's
// layoutref.prove() reads it. Without z3 at build time the module has no `_prove`.
#include "values.hpp"

#ifdef LAYOUTREF_HAVE_PROOFS
#include <layoutref/proofs/prove.hpp>
#endif

#include <pybind11/stl.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace layoutref::python {

namespace {

/// std::cout and std::cerr into strings while it lives.
class Capture {
 public:
  Capture() : out_(std::cout.rdbuf(o_.rdbuf())), err_(std::cerr.rdbuf(e_.rdbuf())) {}
  ~Capture() {
    std::cout.rdbuf(out_);
    std::cerr.rdbuf(err_);
  }
  Capture(Capture const&) = delete;
  Capture& operator=(Capture const&) = delete;
  std::string out() const { return o_.str(); }
  std::string err() const { return e_.str(); }

 private:
  std::ostringstream o_, e_;
  std::streambuf* out_;
  std::streambuf* err_;
};

}  // namespace

void bind_prove(py::module_& m) {
#ifdef LAYOUTREF_HAVE_PROOFS
  m.def("_prove", [](std::vector<std::string> const& args) {
    Capture c;
    int rc = 4;
    try {
      rc = proofs::prove_command(args);
    } catch (std::exception const& e) {
      std::cerr << "internal error: " << e.what() << "\n";
      rc = 4;
    }
    return py::make_tuple(rc, c.out(), c.err());
  }, "_prove(args): `layoutref prove ARGS` in-process: (exit code, stdout, stderr).");
#else
  (void)m;
#endif
}

}  // namespace layoutref::python
