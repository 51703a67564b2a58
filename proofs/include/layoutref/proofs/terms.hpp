// layoutref::proofs — integer terms as polynomials: the sum-of-monomials normal form (Z3's
// simplifier with `som`) that the mixed-radix lemma, the symbolic algebra and the `same layout`
// check compare terms by. Two polynomials in the variables are equal exactly when their normal
// forms are the same term; a term with `div` or `mod` is compared as written.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <optional>

namespace layoutref::proofs {

/// e simplified (z3's simplifier), its quotients and remainders by divisors that are not numerals
/// kept as such (their operands simplified, a quotient whose divisor's factors cancel written as
/// the monomial): z3 writes `(div x y)` it can reduce as an ite over y = 0 (`x div x` as
/// `ite(x = 0, x div 0, 1)`), which no reader takes back; the algebra's divisors are >= 1.
z3::expr simplified(z3::expr const& e);
/// e in sum-of-monomials form (an equivalent term).
z3::expr normal_form(z3::expr const& e);
/// a and b are the same polynomial: a - b normalizes to 0.
bool same_polynomial(z3::expr const& a, z3::expr const& b);
/// e's normal form is the numeral v.
bool normalizes_to(z3::expr const& e, std::int64_t v);
/// p / q by form: p's monomial with q's factors cancelled (and q's coefficient dividing p's); a
/// power x^k with a small numeral k counts as k factors x. std::nullopt when p or q is no monomial
/// or q's factors are not all among p's.
std::optional<z3::expr> cancelled_quotient(z3::expr const& p, z3::expr const& q);

}  // namespace layoutref::proofs
