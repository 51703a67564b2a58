// layoutref cli — conform: the impl operations of the "basic" group.
#include "conform.hpp"

namespace layoutref::cli {

void register_basic_ops(ConformRegistry& r) { (void)r; }

}  // namespace layoutref::cli
