// layoutref cli — conform: the impl operations of the "product" group.
#include "conform.hpp"

namespace layoutref::cli {

void register_product_ops(ConformRegistry& r) { (void)r; }

}  // namespace layoutref::cli
