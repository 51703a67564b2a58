// layoutref cli — conform: the impl operations of the "composition" group.
#include "conform.hpp"

namespace layoutref::cli {

void register_composition_ops(ConformRegistry& r) { (void)r; }

}  // namespace layoutref::cli
