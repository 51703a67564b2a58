// Calls consumer_size on (4,8):(8,1) and prints its size: 32 when consumer_size was compiled at
// the same leaf capacity as this file (layoutref-same-capacity); layoutref-mixed-capacity must
// not link at all (tests/CMakeLists.txt, impl.mixed_capacity_*).
#include "consumer.hpp"

#include <cstdio>

int main() {
  namespace impl = layoutref::impl;
  impl::TupleBuilder<impl::LayoutLeaf> b;
  b.push(impl::make_leaf(impl::Int::fixed(4), impl::Stride::integer(impl::Int::fixed(8))));
  b.push(impl::make_leaf(impl::Int::fixed(8), impl::Stride::integer(impl::Int::fixed(1))));
  auto l = b.done();
  if (!l.ok()) return 2;
  auto n = consumer_size(l.value);
  if (!n.ok()) return 3;
  std::printf("size %lld\n", static_cast<long long>(n.value.value));
  return n.value.value == 32 ? 0 : 1;
}
