// layoutref cli — conform: the impl operations of the "coalesce" group.
#include "conform.hpp"

namespace layoutref::cli {

void register_coalesce_ops(ConformRegistry& r) { (void)r; }

}  // namespace layoutref::cli
