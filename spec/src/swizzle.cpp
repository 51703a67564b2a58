#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/max_common.hpp>

#include <algorithm>

namespace layoutref::spec {

void Swizzle::validate() const {
  if (b < 0) bad_argument(str() + ": BBits must be >= 0");
  if (m < 0) bad_argument(str() + ": MBase must be >= 0");
  i64 shift = abs(i64{s});
  if (shift < b) bad_argument(str() + ": |SShift| = " + std::to_string(shift) + " must be >= BBits = " + std::to_string(b));
  if (add(add(i64{m}, shift), i64{b}) > 63)
    bad_argument(str() + ": the masks need bits up to MBase + |SShift| + BBits = " +
                 std::to_string(i64{m} + shift + i64{b}) + ", more than the 63 value bits of a non-negative 64-bit integer");
}

i64 Swizzle::apply(i64 x) const {
  validate();
  if (x < 0) bad_argument(str() + " applied to the negative value " + std::to_string(x));
  if (b == 0) return x;
  // validate() bounds every shift below 63, so these shifts are defined.
  i64 bit_mask = (i64{1} << b) - 1;
  i64 yyy = bit_mask << (m + std::max(0, s));
  i64 y = x & yyy;
  i64 moved = s >= 0 ? (y >> s) : (y << -s);
  return x ^ moved;
}

bool Swizzle::same_function(Swizzle const& other) const { return *this == other || (b == 0 && other.b == 0); }

std::string Swizzle::str() const {
  return "Sw<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + ">";
}

std::string str(ComposedLayout const& c) { return c.outer.str() + " o " + std::to_string(c.offset) + " o " + str(c.inner); }

namespace {

// Called by evaluate at every index: the name is made once, not a std::string per call.
void require_integer_inner(ComposedLayout const& c) {
  static std::string const what = "shape of the inner layout";
  c.outer.validate();
  validate_shape(c.inner.shape, what);
  if (!has_integer_strides(c.inner))
    bad_argument("the inner layout " + str(c.inner) + " of a swizzled layout must have integer strides");
}

}  // namespace

i64 evaluate(ComposedLayout const& c, i64 index) {
  require_integer_inner(c);
  i64 n = size(c.inner);
  if (index < 0 || index >= n)
    bad_argument("index " + std::to_string(index) + " is outside [0," + std::to_string(n) + ") of " + str(c));
  i64 x = add(c.offset, evaluate(c.inner, index).scalar());
  if (x < 0)
    bad_argument(str(c) + " at index " + std::to_string(index) + ": offset + inner = " + std::to_string(x) +
                 " is negative; the swizzle is defined on non-negative integers only");
  return c.outer.apply(x);
}

i64 size(ComposedLayout const& c) { return size(c.inner); }

i64 cosize(ComposedLayout const& c) {
  require_integer_inner(c);
  i64 n = size(c.inner);
  require_table(n, "the image of " + str(c));
  i64 hi = 0;
  for (i64 i = 0; i < n; ++i) hi = std::max(hi, evaluate(c, i));
  return add(hi, 1);
}

namespace {

bool same_function(Swizzle const& x, Swizzle const& y) { return (x.b == 0 && y.b == 0) || (x.b == y.b && x.m == y.m && x.s == y.s); }

i64 low_block(Swizzle const& x) { return i64{1} << x.m; }

}  // namespace

i64 max_common_vector(ComposedLayout const& a, Layout const& b) {
  require_integer_inner(a);
  a.outer.validate();
  return std::min(max_common_vector(a.inner, b), low_block(a.outer));
}

i64 max_common_vector(Layout const& a, ComposedLayout const& b) { return max_common_vector(b, a); }

i64 max_common_vector(ComposedLayout const& a, ComposedLayout const& b) {
  require_integer_inner(a);
  require_integer_inner(b);
  a.outer.validate();
  b.outer.validate();
  i64 v = max_common_vector(a.inner, b.inner);
  if (same_function(a.outer, b.outer)) return v;
  return std::min({v, low_block(a.outer), low_block(b.outer)});
}

Admissibility is_composition_admissible(ComposedLayout const& a, Tiler const& t) {
  require_integer_inner(a);
  return is_composition_admissible(a.inner, t);
}

ComposedLayout composition(ComposedLayout const& a, Tiler const& t) {
  require_integer_inner(a);
  return ComposedLayout{a.outer, a.offset, composition(a.inner, t)};
}

Judgement check_composition(ComposedLayout const& a, Tiler const& t, bool claimed_error, ComposedLayout const& claimed) {
  require_integer_inner(a);
  if (claimed_error) return check_composition(a.inner, t, Claim{true, Layout()});
  claimed.outer.validate();
  if (!claimed.outer.same_function(a.outer))
    return Judgement::wrong("the swizzle differs: the result must keep " + a.outer.str() + " but " + claimed.outer.str() +
                            " was claimed");
  if (claimed.offset != a.offset)
    return Judgement::wrong("the offset differs: the result must keep " + std::to_string(a.offset) + " but " +
                            std::to_string(claimed.offset) + " was claimed");
  Judgement j = check_composition(a.inner, t, Claim{false, claimed.inner});
  if (!j.correct) j.detail = "inner layout: " + j.detail;
  return j;
}

}  // namespace layoutref::spec
