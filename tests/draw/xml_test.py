#!/usr/bin/env python3
"""draw.svg_xml: every picture `layoutref draw` writes is well-formed, self-contained XML.

Draws one expression of each kind of picture as SVG and as HTML and parses each with Python's
xml.etree: the SVG's root is <svg> with a viewBox and its width and height (so it scales to any
zoom), its text is <text> (vector glyphs), it refers to nothing outside itself (no href, image,
script, external style or font); the HTML is XHTML with the SVG inline and the legend. The
committed gallery (docs/gallery/*.svg) is read the same way.

    xml_test.py --layoutref BIN --gallery DIR
"""
import argparse
import glob
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
XHTML = "{http://www.w3.org/1999/xhtml}"

CASES = [
    "((2,2),(2,4)):((1,4),(2,8))",
    "Sw<3,3,3> o 0 o (8,16):(64,1)",
    "composition((32,16):(1,32), <2:3, 3:2>)",
    "zipped_divide((8,24):(24,1), (_4,_8))",
    "raked_product((2,2):(1,2), (3,4):(1,3))",
    "complement((8,2):(2,1), 32)",
    "make_identity_tensor((4,6))",
    "outer_partition(make_identity_tensor((8,24)), (_4,_8), (1,2))",
    "local_partition(make_identity_tensor((8,24)), (_2,_4):(_4,_1), 3)",
    "mma_partition_C(SM80_16x8x8_F16F16F16F16_TN, (_1,_1,_1):(_0,_0,_0), _, make_identity_tensor((16,8)), 5)",
    "tiled_mma(SM80_8x8x4_F64F64F64F64_TN)",
    "tv_layout(((2,4),(2,2)):((8,1),(4,16)), (4,8))",
    "slice((2,3):(3,1), (_,1))",
]


def check_svg(root, where):
    errors = []
    if root.tag != SVG + "svg":
        errors.append(f"{where}: the root is {root.tag}, not svg")
    for a in ("viewBox", "width", "height"):
        if not root.get(a):
            errors.append(f"{where}: the <svg> has no {a}")
    labels = 0
    for e in root.iter():
        tag = e.tag.split("}")[-1]
        if tag in ("image", "script", "foreignObject", "use", "style", "a"):
            errors.append(f"{where}: <{tag}> (the picture must stand alone)")
        for k in e.attrib:
            if k.endswith("href"):
                errors.append(f"{where}: a reference out ({k}) on <{tag}>")
        if tag == "text" and e.get("class") == "v":
            labels += 1
    if labels == 0:
        errors.append(f"{where}: no cell labels")
    return errors, labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layoutref", required=True)
    ap.add_argument("--gallery", default="")
    a = ap.parse_args()
    errors, count = [], 0
    for expr in CASES:
        for fmt in ("svg", "html"):
            r = subprocess.run([a.layoutref, "draw", "--format", fmt, expr], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            where = f"{fmt} of {expr}"
            if r.returncode != 0:
                errors.append(f"{where}: exit {r.returncode}: {r.stderr.decode(errors='replace')}")
                continue
            try:
                root = ET.fromstring(r.stdout)
            except ET.ParseError as e:
                errors.append(f"{where}: not well-formed XML: {e}")
                continue
            count += 1
            if fmt == "svg":
                errors += check_svg(root, where)[0]
            else:
                if root.tag != XHTML + "html":
                    errors.append(f"{where}: the root is {root.tag}, not html")
                svgs = list(root.iter(SVG + "svg"))
                if len(svgs) != 1:
                    errors.append(f"{where}: {len(svgs)} inline <svg>, not one")
                else:
                    errors += check_svg(svgs[0], where)[0]
                if not any(t.get("class") == "legend" for t in root.iter(XHTML + "table")):
                    errors.append(f"{where}: no legend")
    for path in sorted(glob.glob(os.path.join(a.gallery, "*.svg"))) if a.gallery else []:
        try:
            errors += check_svg(ET.parse(path).getroot(), path)[0]
            count += 1
        except ET.ParseError as e:
            errors.append(f"{path}: not well-formed XML: {e}")
    for e in errors:
        print("FAIL " + e)
    print(f"draw.svg_xml: {count} documents parsed, {len(errors)} problems")
    return 1 if errors or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
