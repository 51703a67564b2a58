// layoutref cli — conform: the impl operations of the "inverse" group.
#include "conform.hpp"

namespace layoutref::cli {

void register_inverse_ops(ConformRegistry& r) { (void)r; }

}  // namespace layoutref::cli
