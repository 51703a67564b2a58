// layoutref cli — conform: the impl operations of the "complement" group.
#include "conform.hpp"

namespace layoutref::cli {

void register_complement_ops(ConformRegistry& r) { (void)r; }

}  // namespace layoutref::cli
