#!/usr/bin/env python3
"""draw.tikz: `layoutref draw --format tikz` compiles with pdflatex as a document of its own.

Draws a few expressions as TikZ and runs pdflatex on each (in a scratch directory); each must
compile without an error into a one-page PDF. Exits 77 (ctest: skipped) with a message where
pdflatex is not installed (Debian: texlive-latex-base and texlive-pictures; ./run.sh installs them).

    tikz_test.py --layoutref BIN [--work DIR]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

# One picture of each kind (a layout, a divide, a swizzle, a tensor, a tiled MMA, a TV layout, bank
# colours), the size classes that reach the bounds (the widest row that fits TeX's largest
# dimension, the most cells draw allows, the most commands that fit pdflatex's memory), and
# titles that TeX reads specially (a line break ends a comment; braces, #, %, \\ and ~).
CASES = [
    ("divide", "logical_divide((4,6):(1,4), (2,3))", []),
    ("swizzle", "Sw<2,1,2> o 0 o (4,8):(8,1)", []),
    ("tiled_mma", "tiled_mma(SM80_8x8x4_F64F64F64F64_TN)", []),
    ("tv_layout", "tv_layout(((2,4),(2,2)):((8,1),(4,16)), (4,8))", []),
    ("tensor", "local_partition(make_identity_tensor((8,24)), (_2,_4):(_4,_1), 3)", []),
    ("banks", "Sw<3,4,3> o 0 o (8,64):(64,1)", ["--banks", "--element-bytes", "2"]),
    ("newline_title", "logical_divide((4,6):(1,4),\n (2,3))", []),
    ("blank_line_title", "composition((4,8):(8,1),\n\n (2,4):(1,2))", []),
    ("widest_row", "700:1", []),
    ("most_cells", "(64,64):(64,1)", []),
    ("most_commands", "Sw<5,5,5> o 0 o (40,64):(64,1)", []),
]
# Pictures TeX cannot hold: draw refuses them (exit 2), naming the bound, rather than writing a file
# that does not compile.
REFUSED = [
    ("too_wide", "1024:1", "past TeX's largest dimension"),
    ("too_many_commands", "Sw<5,5,5> o 0 o (64,64):(64,1)", "past what pdflatex's main memory holds"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layoutref", required=True)
    ap.add_argument("--work", default="")
    a = ap.parse_args()
    pdflatex = shutil.which("pdflatex")
    if not pdflatex:
        print("draw.tikz: skipped, pdflatex is not installed (Debian: apt-get install texlive-latex-base texlive-pictures; "
              "./run.sh installs them)")
        return 77
    work = a.work or tempfile.mkdtemp(prefix="layoutref-tikz-")
    os.makedirs(work, exist_ok=True)
    failures = 0
    for name, expr, want in REFUSED:
        tex = os.path.join(work, name + ".tex")
        r = subprocess.run([a.layoutref, "draw", "--format", "tikz", "-o", tex, expr], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out = r.stdout.decode(errors="replace")
        if r.returncode != 2 or want not in out or os.path.exists(tex):
            print(f"FAIL {name}: draw {expr!r} exited {r.returncode}, expected 2 and `{want}`, no file: {out[-500:]}")
            failures += 1
        else:
            print(f"{name}: refused ({out.strip()[:160]})")
    for name, expr, options in CASES:
        tex = os.path.join(work, name + ".tex")
        r = subprocess.run([a.layoutref, "draw", "--format", "tikz", *options, "-o", tex, expr], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode != 0:
            print(f"FAIL {name}: layoutref draw failed ({r.returncode}): {r.stdout.decode(errors='replace')}")
            failures += 1
            continue
        r = subprocess.run([pdflatex, "-interaction=nonstopmode", "-halt-on-error", name + ".tex"], cwd=work,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        log = open(os.path.join(work, name + ".log"), encoding="latin-1").read() if os.path.exists(os.path.join(work, name + ".log")) else ""
        pages = re.search(r"Output written on .*\((\d+) pages?", log)
        if r.returncode != 0 or not pages:
            print(f"FAIL {name}: pdflatex exited {r.returncode}:\n{r.stdout.decode(errors='replace')[-3000:]}")
            failures += 1
        elif pages.group(1) != "1":
            print(f"FAIL {name}: the picture takes {pages.group(1)} pages, not one")
            failures += 1
        else:
            print(f"{name}: compiled, one page ({expr})")
    if not failures:
        print(f"draw.tikz: {len(CASES)} pictures compiled with pdflatex, {len(REFUSED)} refused")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
