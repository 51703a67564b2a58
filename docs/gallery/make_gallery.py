#!/usr/bin/env python3
"""The pictures of docs/gallery.md, drawn by `layoutref draw` (every value the spec's).

    make_gallery.py --layoutref BIN            write docs/gallery/<name>.svg
    make_gallery.py --layoutref BIN --check    draw them into a scratch directory and compare with
                                               the committed ones (ctest draw.gallery_current)
    make_gallery.py --layoutref BIN --png      also render <name>.png with headless Chromium (not
                                               committed; for a look)
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# (name, options, expression): the seed documents' examples, in docs/gallery.md's order.
GALLERY = [
    # 003, concept notes: a shape's 1-D, 2-D and natural coordinates.
    ("concepts_natural", [], "(3,(2,3)):(3,(12,1))"),
    # 004, layout algebra in CuTe DSL: the layout function, coalescing, complement.
    ("dsl_layout_function", [], "(2,4):(2,2)"),
    ("dsl_coalesce", [], "coalesce((2,1):(3,1))"),
    ("dsl_complement", [], "complement((2,4):(1,2), 16)"),
    ("dsl_complement_bijection", [], "complement((8,2):(2,1), 32)"),
    # 002, CuTe tilers: by-mode composition, complement, logical and zipped division, product.
    ("tiler_composition", [], "composition((32,16):(1,32), <2:3, 3:2>)"),
    ("tiler_complement", [], "complement(2:3, 32)"),
    ("tiler_logical_divide", [], "logical_divide((32,16):(1,32), <2:3, 3:2>)"),
    ("tiler_zipped_divide", [], "zipped_divide((32,16):(1,32), <2:3, 3:2>)"),
    ("tiler_logical_product", [], "logical_product((2,2):(1,2), 3:2)"),
    # 001, CuTe's Tensor documentation: slicing, tiling, inner, outer and thread-value partitions.
    ("tensor_slice", [], "slice(((3,2),(2,5,2)):((4,1),(2,13,100)), ((_,1),(0,_,1)))"),
    ("tensor_zipped_divide", [], "zipped_divide(make_identity_tensor((8,24)), (_4,_8))"),
    ("tensor_inner_partition", [], "local_tile(make_identity_tensor((8,24)), (_4,_8), (1,2))"),
    ("tensor_outer_partition", [], "outer_partition(make_identity_tensor((8,24)), (_4,_8), (1,2))"),
    ("tensor_local_partition", [], "local_partition(make_identity_tensor((8,24)), (_2,_4):(_4,_1), 3)"),
    ("tensor_tv_layout", [], "tv_layout(((2,4),(2,2)):((8,1),(4,16)), (4,8))"),
    ("tensor_tv_composition", [], "composition((4,8):(8,1), ((2,4),(2,2)):((8,1),(4,16)))"),
    # 000, coordinate tensors: the thread tensor, the tiled MMA it comes from.
    ("arith_thread_tensor", [], "ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)"),
    ("arith_tiled_mma", [], "tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1):(1,2,0), (32,32,16))"),
    ("arith_partition_C", [],
     "mma_partition_C(SM80_16x8x16_F16F16F16F16_TN, (_2,_2,_1):(_1,_2,_0), (_32,_32,_16), make_identity_tensor((32,32)), 1)"),
    # Shared memory: CuTe's 16-bit SM80 swizzle, and the same tile without it.
    ("swizzle_sm80", [], "Sw<3,3,3> o 0 o (8,64):(64,1)"),
    ("swizzle_none", ["--banks"], "(8,64):(64,1)"),
]


def draw(layoutref, out_dir):
    for name, opts, expr in GALLERY:
        path = os.path.join(out_dir, name + ".svg")
        r = subprocess.run([layoutref, "draw", *opts, "-o", path, expr], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode != 0:
            raise SystemExit(f"{name}: layoutref draw {expr} failed ({r.returncode}): {r.stdout.decode(errors='replace')}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layoutref", required=True)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--png", action="store_true")
    a = ap.parse_args()
    if a.check:
        work = tempfile.mkdtemp(prefix="layoutref-gallery-")
        draw(a.layoutref, work)
        stale = []
        for name, _, expr in GALLERY:
            committed = os.path.join(HERE, name + ".svg")
            fresh = open(os.path.join(work, name + ".svg"), "rb").read()
            if not os.path.exists(committed) or open(committed, "rb").read() != fresh:
                stale.append(f"{name}.svg ({expr})")
        shutil.rmtree(work, ignore_errors=True)
        for s in stale:
            print("FAIL stale: docs/gallery/" + s)
        if stale:
            print("draw.gallery_current: the gallery is not what layoutref draws now; run docs/gallery/make_gallery.py --layoutref BIN")
            return 1
        print(f"draw.gallery_current: the {len(GALLERY)} pictures of docs/gallery are current")
        return 0
    draw(a.layoutref, HERE)
    if a.png:
        sys.dont_write_bytecode = True
        sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "draw"))
        import render_test  # noqa: E402
        import re
        chromium = render_test.find_chromium("")
        profile = tempfile.mkdtemp(prefix="chromium-profile-")
        for name, _, _ in GALLERY:
            svg = os.path.join(HERE, name + ".svg")
            m = re.search(r'<svg [^>]*width="(\d+)" height="(\d+)"', open(svg, encoding="utf-8").read())
            render_test.render(chromium, svg, os.path.join(HERE, name + ".png"), int(m.group(1)), int(m.group(2)), profile)
        shutil.rmtree(profile, ignore_errors=True)
    print(f"wrote {len(GALLERY)} pictures into {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
