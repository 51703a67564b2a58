// layoutref cli — conform: the impl operations of the "construct" group.
#include "conform.hpp"

namespace layoutref::cli {

void register_construct_ops(ConformRegistry& r) { (void)r; }

}  // namespace layoutref::cli
