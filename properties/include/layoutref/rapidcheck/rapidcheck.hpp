// layoutref::rapidcheck — all generators: general values (generators.hpp), one generator per
// admissibility class (admissible.hpp) and inputs inadmissible on purpose (inadmissible.hpp),
// with showValue in CuTe notation (show.hpp).
#pragma once

#include <layoutref/rapidcheck/admissible.hpp>
#include <layoutref/rapidcheck/generators.hpp>
#include <layoutref/rapidcheck/inadmissible.hpp>
#include <layoutref/rapidcheck/show.hpp>
