#include <layoutref/spec/checked.hpp>

namespace layoutref::spec {

void overflow(char const* op, i64 a, i64 b) {
  throw Error(Error::Kind::overflow, "64-bit overflow: " + std::to_string(a) + " " + op + " " + std::to_string(b) +
                                         " does not fit in int64");
}

i64 floor_div(i64 a, i64 b) {
  if (b <= 0) bad_argument("floor_div: divisor " + std::to_string(b) + " is not positive");
  i64 q = a / b;
  if ((a % b != 0) && (a < 0)) q = sub(q, 1);
  return q;
}

i64 ceil_div(i64 a, i64 b) {
  if (b <= 0) bad_argument("ceil_div: divisor " + std::to_string(b) + " is not positive");
  if (a < 0) bad_argument("ceil_div: dividend " + std::to_string(a) + " is negative");
  return a / b + (a % b != 0 ? 1 : 0);
}

i64 round_up(i64 a, i64 b) { return mul(ceil_div(a, b), b); }

i64 gcd(i64 a, i64 b) {
  a = abs(a);
  b = abs(b);
  while (b != 0) {
    i64 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

}  // namespace layoutref::spec
