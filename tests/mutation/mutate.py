#!/usr/bin/env python3
"""Mutation testing of impl/ against the property suite (tests/mutation/README.md).

Each mutation replaces one exact text (which must occur once) in an impl header of a scratch
copy of the source tree, rebuilds `layoutref-properties` there, runs it with a fixed budget and
reports the mutation killed (some property fails) or survived. The checkout is never modified.

  tests/mutation/mutate.py --check                 # every mutation applies to the current impl
  tests/mutation/mutate.py [--cases N] [--jobs J] [--only K,K,...] [--work DIR]
"""
import argparse, os, shutil, subprocess, sys, time

IMPL = "impl/include/layoutref/impl/"
# (id, file, old text, new text, what it breaks)
MUTATIONS = [
    ("mul-off-by-one", "checked.hpp", "  return a * b;\n", "  return a * b + (a > 2 && b > 2 ? 1 : 0);\n", "checked multiplication off by one"),
    ("ceil-div-floor", "checked.hpp", "return a / b + (a % b != 0 ? 1 : 0); }", "return a / b; }", "ceil_div rounds down"),
    ("coalesce-zero-merge", "coalesce.hpp", "return v == 0 || x.same_path(y);", "return x.same_path(y);", "stride-0 leaves never merge"),
    ("coalesce-empty-stride", "coalesce.hpp", "t.leaf[0] = LayoutLeaf{Int::fixed(1), Stride::integer(Int::fixed(0))};",
     "t.leaf[0] = LayoutLeaf{Int::fixed(1), Stride::integer(Int::fixed(1))};", "1:0 becomes 1:1"),
    ("coalesce-no-merge", "coalesce.hpp", "if (scaled_equals(x, front)) {", "if (false && scaled_equals(x, front)) {", "coalesce merges nothing"),
    ("filter-zeros-wrong-stride", "coalesce.hpp", "if (r.leaf[k].stride_value() == 0) r.leaf[k].set_shape(Int::fixed(1));",
     "if (r.leaf[k].stride_value() == 1) r.leaf[k].set_shape(Int::fixed(1));", "filter_zeros drops stride-1 modes"),
    ("complement-sort-order", "complement.hpp", "while (at > 0 && s.mode[at - 1].stride_value() > x.stride_value()) {",
     "while (at > 0 && s.mode[at - 1].stride_value() < x.stride_value()) {", "modes sorted by decreasing stride"),
    ("complement-divisibility", "complement.hpp", "if (overflows || s.mode[i].stride_value() % span != 0) {", "if (overflows) {", "stride divisibility not checked"),
    ("complement-empty", "complement.hpp", "if (nf == 0 || (nf == 1 && f[0].stride_value() == 0)) {", "if (nf == 0 || (nf == 1 && f[0].stride_value() <= 1)) {", "a single stride-1 mode treated as empty"),
    ("composition-odometer-carry", "composition_exact.hpp", "      back += static_cast<u64>(x.shape_value() - 1) * static_cast<u64>(x.stride_value());",
     "      back += static_cast<u64>(x.shape_value()) * static_cast<u64>(x.stride_value());", "the by-mode check's odometer carries wrongly"),
    ("composition-left-div", "composition.hpp", "if (d % prefix != 0) return r;", "if (d % prefix != 0 && prefix > 2) return r;", "left divisibility test weakened"),
    ("composition-weak-div", "composition.hpp", "r.strong = last || m[i] % c == 0;", "r.strong = true;", "weak left divisibility always strong"),
    ("composition-disjoint", "composition.hpp", "if (!disjoint && b.nleaves > 1) LAYOUTREF_CHECK(check_by_mode(a, b, out));", "", "no by-mode check of overlapping intervals"),
    ("composition-tiler-rank", "composition.hpp", "if (items > rank)", "if (items > rank + 1)", "tiler rank check off by one"),
    ("crd2idx-negative", "coordinates.hpp", "if (c < 0) return fail(Errc::bad_argument).add(\"negative coordinate \").add(c);", "", "negative coordinates accepted"),
    ("crd2idx-range", "coordinates.hpp", "if (c >= extent) return", "if (c > extent) return", "coordinate range off by one"),
    ("idx2crd-last-mode", "coordinates.hpp", "i64 digit = (k + 1 == shape.nleaves) ? rest : rest % s;", "i64 digit = rest % s;", "the last mode does not take the rest"),
    ("idx2crd-static-flag", "coordinates.hpp", ": Int{digit, i.is_static && shape.leaf[k].is_static};", ": Int{digit, false};", "static flag dropped (printing only)"),
    ("left-inverse-divisibility", "inverse.hpp", "    if (ad[k] % ad[k - 1] != 0)\n      return fail(Errc::inadmissible, Cond::left_inverse_stride_divisibility)\n          .add(\"the stride \")\n          .add(ad[k - 1])\n          .add(\" does not divide",
     "    if (false)\n      return fail(Errc::inadmissible, Cond::left_inverse_stride_divisibility)\n          .add(\"the stride \")\n          .add(ad[k - 1])\n          .add(\" does not divide", "left_inverse divisibility not checked"),
    ("left-inverse-covered", "inverse.hpp", "    LAYOUTREF_TRY(covered, mul(covered, q));\n", "", "left inverse construction forgets the covered size"),
    ("eval-digit", "layout.hpp", "      divmod(i, s, i, c);", "      divmod(i, s > 2 ? s - 1 : s, i, c);", "evaluation splits digits wrongly for extents > 2"),
    ("eval-domain", "layout.hpp", "if (!extended && i >= s) return", "if (!extended && i > s) return", "index past the size accepted"),
    ("swizzle-identity", "swizzle.hpp", "if (sw.b == 0) return x;", "if (sw.b <= 1) return x;", "Sw<1,M,S> is the identity"),
    ("swizzle-mask", "swizzle.hpp", "i64 y = x & yyy;", "i64 y = x & (yyy >> 1);", "swizzle mask shifted"),
    ("upcast-divisibility", "upcast.hpp", "if (n % ad.value != 0 && ad.value % n != 0)", "if (n % ad.value != 0)", "upcast divisibility too strict"),
    ("upcast-group", "upcast.hpp", "Int group = ceil_div(wide, ad);", "Int group = ad;", "upcast groups by the stride"),
    ("flat-divide-unpack", "by_mode.hpp", "    push_unpacked(out, s.first);\n  else\n    detail_modes::push_part(out, s.first);", "    detail_modes::push_part(out, s.first);\n  else\n    detail_modes::push_part(out, s.first);", "flat arrangement keeps the tile grouped"),
    ("zipped-swap", "by_mode.hpp", "if (how == Arrangement::zipped)", "if (how != Arrangement::zipped)", "zipped and tiled arrangements swapped"),
    ("flat-divide-unpack-layout", "by_mode.hpp", "push_unpacked_at(out, p, first, how == Arrangement::flat);", "push_unpacked_at(out, p, first, false);", "flat arrangement by a layout keeps the tile grouped"),
    ("zipped-swap-layout", "by_mode.hpp", "push_unpacked_at(out, p, second, how != Arrangement::zipped);", "push_unpacked_at(out, p, second, how == Arrangement::zipped);", "zipped and tiled arrangements by a layout swapped"),
    ("flat-guide-tile-order", "by_mode.hpp", "  for (int i = 0; i < r; ++i) put_span(t, p, tiles[i]);", "  for (int i = r - 1; i >= 0; --i) put_span(t, p, tiles[i]);",
     "a flat tiler's tiles arranged in reverse order"),
    ("flat-guide-rest-order", "by_mode.hpp",
     "  for (int i = 0; i + 1 < r; ++i) put_span(t, p, NodeSpan{tiles[i].n1, static_cast<std::int16_t>(tiles[i + 1].n0 - 1), tiles[i].l1, tiles[i + 1].l0});\n"
     "  put_span(t, p, NodeSpan{tiles[r - 1].n1, static_cast<std::int16_t>(p.nnodes), tiles[r - 1].l1, static_cast<std::int16_t>(p.nleaves)});",
     "  put_span(t, p, NodeSpan{tiles[r - 1].n1, static_cast<std::int16_t>(p.nnodes), tiles[r - 1].l1, static_cast<std::int16_t>(p.nleaves)});\n"
     "  for (int i = 0; i + 1 < r; ++i) put_span(t, p, NodeSpan{tiles[i].n1, static_cast<std::int16_t>(tiles[i + 1].n0 - 1), tiles[i].l1, tiles[i + 1].l0});",
     "a flat tiler's last rest (and the modes past the tiler) arranged before the other rests"),
    ("single-leaf-rest-round", "divide.hpp", "  Int const q = ceil_div(s, span);", "  Int const q = div(s, span);",
     "a divide of two leaves rounds the rest down"),
    ("single-leaf-gap", "divide.hpp", "  bool gap = r.value != 1, rest = q.value != 1;", "  bool gap = false, rest = q.value != 1;",
     "a divide of two leaves forgets the complement's gap below the tiler's stride"),
    ("zip-pair-order", "product.hpp", "    put_span(t, first, f);\n    put_span(t, second, g);", "    put_span(t, second, g);\n    put_span(t, first, f);",
     "zip pairs each mode's halves in the wrong order"),
    ("product-rest-of-a", "product.hpp", "  e = detail::compose_valid_into(reps.value, b, out);", "  e = detail::compose_valid_into(a, b, out);",
     "the products' repetitions composed from A instead of its complement"),
    ("product-layout-tiled-unpacks-a", "product.hpp", "  put_unpacked(t, a, how == Arrangement::flat);",
     "  put_unpacked(t, a, how == Arrangement::flat || how == Arrangement::tiled);",
     "the tiled product by a layout splices A's modes as the flat one does"),
    ("product-layout-zipped-unpacks-rest", "product.hpp",
     "  put_unpacked(t, rest, how == Arrangement::flat || how == Arrangement::tiled);",
     "  put_unpacked(t, rest, how != Arrangement::logical);",
     "the zipped product by a layout splices the repetitions' modes"),
    ("pad-mode-two", "product.hpp", "    set_leaf(out.leaf[out.nleaves++], 1, true, 0, true, BasisPath{});",
     "    set_leaf(out.leaf[out.nleaves++], 2, true, 0, true, BasisPath{});",
     "blocked/raked pad the argument of lower rank with 2:_0 instead of _1:_0"),
    ("raked-as-blocked", "product.hpp", "return raked ? zip(reps.value, pa, r) : zip(pa, reps.value, r);", "return zip(pa, reps.value, r);",
     "raked_product arranged as blocked_product"),
    ("right-inverse-chain", "inverse.hpp", "    if (m.stride_value() != c.size.value) continue;", "    if (m.stride_value() != c.size.value && m.stride_value() != 2 * c.size.value) continue;",
     "right_inverse's chain takes a stride twice the running size"),
    ("product-divisibility", "product.hpp", "if (ts.value % bs.value != 0)", "if (false)", "tile_to_shape divisibility not checked"),
    ("max-common-off", "max_common.hpp", "return Int{c.n, c.is_static || c.n == 1};", "return Int{c.n + (c.n > 4 ? 1 : 0), c.is_static || c.n == 1};", "max_common_vector one too large"),
    ("max-alignment-gcd", "max_alignment.hpp", "g = gcd_positive(g, a.mode[k].stride_value());", "g = g;", "max_alignment ignores strides"),
    ("flat-coord-unique", "tensor.hpp", "for (i64 j = 0; j < n.value && count < 2; ++j) {", "for (i64 j = 0; j < n.value && count < 1; ++j) {", "get_flat_coord never finds a second preimage"),
    ("flat-coord-check", "tensor.hpp", "    if (v.scalar == idx.value) {\n      if (thr.is_leaf()) return hier;", "    if (true) {\n      if (thr.is_leaf()) return hier;", "get_flat_coord trusts CuTe's formula"),
    ("mma-operand-modes", "mma.hpp", "q = x == MmaOperand::C ? 1 : 2;", "q = 1;", "partition_A/B tile over N instead of K"),
    ("domain-distribute-gcd", "domain_distribute.hpp", "Int g{gcd_positive(a.value, rest.value), both_static(a, rest)};", "Int g{a.value, both_static(a, rest)};", "domain_distribute takes the whole mode"),
]


def sh(cmd, cwd, log):
    with open(log, "a") as f:
        return subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT, shell=isinstance(cmd, str)).returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true", help="only check that every mutation applies once")
    ap.add_argument("--cases", type=int, default=300, help="RapidCheck max_success per property")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", default="", help="comma-separated mutation ids")
    ap.add_argument("--work", default="build-mutation", help="scratch directory (git-ignored build-*)")
    ap.add_argument("--exclude", default="",
                    help="properties left out (':'-separated): the open impl/spec disagreements of docs/laws.md")
    args = ap.parse_args()
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    bad = 0
    for mid, f, old, new, _ in MUTATIONS:
        n = open(os.path.join(root, IMPL, f)).read().count(old)
        if n != 1:
            print(f"{mid}: the text occurs {n} times in {f}")
            bad += 1
    print(f"{len(MUTATIONS)} mutations, {len(MUTATIONS) - bad} apply")
    if args.check or bad:
        return 1 if bad else 0
    chosen = [m for m in MUTATIONS if not args.only or m[0] in args.only.split(",")]
    work = os.path.abspath(args.work)
    src, build, log = os.path.join(work, "src"), os.path.join(work, "build"), os.path.join(work, "log.txt")
    os.makedirs(work, exist_ok=True)
    if os.path.exists(src):
        shutil.rmtree(src)
    # shutil.copy (not copy2): fresh modification times, so that the build never keeps objects of
    # an earlier run (a restored file copied with its old time would look older than the
    # objects built from its mutated text).
    shutil.copytree(root, src, ignore=shutil.ignore_patterns("build", "build-*", ".git", ".cache"),
                    copy_function=shutil.copy)
    if sh(["cmake", "-S", src, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release", "-DLAYOUTREF_BUILD_DEVICE=OFF",
           "-DLAYOUTREF_BUILD_BENCH=OFF"], work, log) != 0:
        print("configure failed, see", log)
        return 2
    target = ["cmake", "--build", build, "-j", str(args.jobs), "--target", "layoutref-properties"]
    prog = [os.path.join(build, "bin", "layoutref-properties")] + (["--gtest_filter=-" + args.exclude] if args.exclude else [])
    env = dict(os.environ, RC_PARAMS=f"seed=1 max_success={args.cases} verbose_progress=0")
    if sh(target, work, log) != 0 or subprocess.run(prog, env=env, capture_output=True).returncode != 0:
        print("the unmutated suite does not build or pass, see", log)
        return 2
    killed = 0
    for mid, f, old, new, what in chosen:
        path = os.path.join(src, IMPL, f)
        text = open(path).read()
        open(path, "w").write(text.replace(old, new, 1))
        t0 = time.time()
        if sh(target, work, log) != 0:
            verdict, by = "killed", "does not compile"
        else:
            r = subprocess.run(prog, env=env, capture_output=True, text=True)
            failed = [l.split("] ")[1].split(" ")[0] for l in r.stdout.splitlines() if l.startswith("[  FAILED  ] ") and "ms)" in l]
            verdict, by = ("killed", ", ".join(failed[:3]) + (" ..." if len(failed) > 3 else "")) if r.returncode != 0 else ("SURVIVED", "")
        open(path, "w").write(text)
        killed += verdict == "killed"
        print(f"{verdict:8} {mid:28} {what:48} {by} ({time.time() - t0:.0f} s)", flush=True)
    print(f"mutation score: {killed}/{len(chosen)} killed")
    return 0 if killed == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
