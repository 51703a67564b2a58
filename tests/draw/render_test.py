#!/usr/bin/env python3
"""draw.render: `layoutref draw` pictures as a person sees them (issue 16).

Draws a few expressions as SVG, renders each with headless Chromium to PNG, and compares it with
the reference image under tests/draw/reference/ (rendered the same way when the pictures were
made). The comparison is tolerant of font rasterisation (another Chromium or FreeType moves a
glyph's edge pixels) and strict about what the picture says:
  - the same size;
  - every cell's fill, sampled inside the cell where no text or rule falls, equals the SVG's fill
    and the reference's (within 6 of 255 a channel);
  - a cell with a label has ink (its text is visible) in both images, a cell without none;
  - over the whole image the mean difference is at most 3 (of 255) and at most 2% of the pixels
    differ by more than 100.
Exits 77 (ctest: skipped) with a message where Chromium is not installed.

    render_test.py --layoutref BIN [--chromium PATH] [--work DIR] [--update]
--update writes the reference images instead (after a change of the pictures; look at them).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCES = os.path.join(HERE, "reference")

# A few pictures, one of each kind; small, so that CI spends seconds on them.
CASES = [
    ("layout", "((2,2),(2,4)):((1,4),(2,8))"),
    ("swizzle", "Sw<3,3,3> o 0 o (8,16):(64,1)"),
    ("divide", "logical_divide((8,24):(24,1), (_4,_8))"),
    ("local_partition", "local_partition(make_identity_tensor((8,24)), (_2,_4):(_4,_1), 3)"),
    ("tiled_mma", "tiled_mma(SM80_16x8x8_F16F16F16F16_TN)"),
]


def find_chromium(given):
    if given:
        return given if os.path.exists(given) else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def render(chromium, svg_path, png_path, width, height, profile):
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
           "--force-device-scale-factor=1", "--default-background-color=ffffffff", "--user-data-dir=" + profile,
           "--screenshot=" + png_path, f"--window-size={width},{height}", "file://" + os.path.abspath(svg_path)]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    if r.returncode != 0 or not os.path.exists(png_path):
        raise RuntimeError(f"chromium failed ({r.returncode}) on {svg_path}:\n{r.stdout.decode(errors='replace')[-2000:]}")


def attr(tag, name):
    m = re.search(" " + name + r'="([^"]*)"', tag)
    return m.group(1) if m else None


def cells(svg):
    """Each cell: (panel, row, col) -> (x, y, w, h, fill, labelled)."""
    out, labelled, panel = {}, set(), None
    for m in re.finditer(r"<(g|rect|text) [^>]*>", svg):
        tag = m.group(0)
        if tag.startswith('<g class="panel"'):
            panel = attr(tag, "data-p")
        elif tag.startswith('<rect class="cell"'):
            fill = attr(tag, "fill")
            rgb = tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))
            key = (panel, int(attr(tag, "data-r")), int(attr(tag, "data-c")))
            out[key] = [float(attr(tag, "x")), float(attr(tag, "y")), float(attr(tag, "width")), float(attr(tag, "height")), rgb]
        elif tag.startswith('<text class="v"'):
            labelled.add((panel, int(attr(tag, "data-r")), int(attr(tag, "data-c"))))
    return {k: (*v, k in labelled) for k, v in out.items()}


def pixel(rows, x, y):
    return tuple(rows[y][3 * x:3 * x + 3])


def ink(rows, x, y, w, h, fill):
    """Pixels in the cell's interior far from its fill: its text."""
    n = 0
    for yy in range(int(y) + 6, int(y + h) - 6):
        for xx in range(int(x) + 6, int(x + w) - 6):
            p = pixel(rows, xx, yy)
            if sum(abs(a - b) for a, b in zip(p, fill)) > 150:
                n += 1
    return n


def compare(name, svg, got_path, ref_path):
    errors = []
    gw, gh, got = png.read(got_path)
    rw, rh, ref = png.read(ref_path)
    if (gw, gh) != (rw, rh):
        return [f"{name}: the image is {gw}x{gh}, the reference {rw}x{rh}"]
    for (panel, r, c), (x, y, w, h, fill, labelled) in sorted(cells(svg).items()):
        px, py = int(x) + 5, int(y) + 5
        g, f = pixel(got, px, py), pixel(ref, px, py)
        where = f"{name}: panel {panel} cell ({r},{c})"
        if max(abs(a - b) for a, b in zip(g, fill)) > 6:
            errors.append(f"{where}: rendered fill {g}, the SVG says {fill}")
        if max(abs(a - b) for a, b in zip(g, f)) > 6:
            errors.append(f"{where}: rendered fill {g}, the reference has {f}")
        gi, ri = ink(got, x, y, w, h, g), ink(ref, x, y, w, h, f)
        if labelled and (gi == 0 or ri == 0):
            errors.append(f"{where}: its label is not visible (ink {gi} rendered, {ri} in the reference)")
        if not labelled and gi:
            errors.append(f"{where}: ink where no label is ({gi} pixels)")
        if len(errors) > 20:
            break
    total, strong = 0, 0
    for y in range(gh):
        a, b = got[y], ref[y]
        for i in range(0, len(a), 3):
            d = max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2]))
            total += d
            strong += d > 100
    mean, frac = total / (gw * gh), strong / (gw * gh)
    print(f"{name}: {gw}x{gh}, {len(cells(svg))} cells, mean difference {mean:.3f}, {100 * frac:.3f}% of pixels differ by > 100")
    if mean > 3.0 or frac > 0.02:
        errors.append(f"{name}: the image differs from the reference: mean {mean:.3f} (at most 3), {100 * frac:.3f}% (at most 2%)")
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layoutref", required=True)
    ap.add_argument("--chromium", default="")
    ap.add_argument("--work", default="")
    ap.add_argument("--update", action="store_true")
    a = ap.parse_args()
    chromium = find_chromium(a.chromium)
    if not chromium:
        print("draw.render: skipped, Chromium is not installed (Debian: apt-get install chromium; ./run.sh installs it)")
        return 77
    work = a.work or tempfile.mkdtemp(prefix="layoutref-render-")
    os.makedirs(work, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="chromium-profile-", dir=work)
    errors = []
    for name, expr in CASES:
        svg_path = os.path.join(work, name + ".svg")
        r = subprocess.run([a.layoutref, "draw", "-o", svg_path, expr], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode != 0:
            errors.append(f"{name}: layoutref draw failed ({r.returncode}): {r.stdout.decode(errors='replace')}")
            continue
        svg = open(svg_path, encoding="utf-8").read()
        m = re.search(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg)
        width, height = int(m.group(1)), int(m.group(2))
        got = os.path.join(work, name + ".png")
        render(chromium, svg_path, got, width, height, profile)
        ref = os.path.join(REFERENCES, name + ".png")
        if a.update:
            os.makedirs(REFERENCES, exist_ok=True)
            shutil.copyfile(got, ref)
            print(f"{name}: reference written, {ref}")
            continue
        if not os.path.exists(ref):
            errors.append(f"{name}: no reference image {ref} (render_test.py --update writes it)")
            continue
        errors += compare(name, svg, got, ref)
    shutil.rmtree(profile, ignore_errors=True)
    for e in errors:
        print("FAIL " + e)
    if not errors:
        print(f"draw.render: {len(CASES)} pictures as the references show them")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
