// layoutref cli — conform: the impl operations of the "divide" group.
#include "conform.hpp"

namespace layoutref::cli {

void register_divide_ops(ConformRegistry& r) { (void)r; }

}  // namespace layoutref::cli
