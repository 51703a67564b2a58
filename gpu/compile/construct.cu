#include "common.cuh"

namespace layoutref::gpu {

// ---- construct.hpp -----------------------------------------------------------------------------

__global__ void construct_ops(i64* out) {
  int k = 0;
  IntTuple shp = sample_shape();
  IntTuple order = tuple2(1, 0);
  auto a = compact_major_left(shp);
  put(out, k, a, a.value.leaf[1].value);
  auto b = compact_major_right(shp, D(2));
  put(out, k, b, b.value.leaf[1].value);
  auto c = make_layout(shp);
  put(out, k, c, digest(c.value));
  auto d = make_layout_right(shp);
  put(out, k, d, digest(d.value));
  auto e = compact_order(tuple2(2, 3), order);
  put(out, k, e, e.value.leaf[0].value);
  auto f = make_ordered_layout(tuple2(2, 3), order);
  put(out, k, f, digest(f.value));
  auto g = make_layout_like(sample_layout());
  put(out, k, g, digest(g.value));
  auto h = make_fragment_like(sample_layout());
  put(out, k, h, digest(h.value));
  auto i = make_basis_like(shp);
  put(out, k, i, i.value.leaf[2].path.depth);
  auto j = make_identity_layout(shp);
  put(out, k, j, digest(j.value));
}

}  // namespace layoutref::gpu
