#include <layoutref/spec/admissibility.hpp>

namespace layoutref::spec {

void Admissibility::require() const {
  if (!ok) throw Error(Error::Kind::inadmissible, condition + ": " + witness, condition);
}

}  // namespace layoutref::spec
