"""Auditing a library end to end: a small pure-Python composition and complement (pycute's
algorithms, written here on plain tuples), audited with the strategies; then a planted bug,
which the strategies and audit catch, naming the first index where the result differs."""
from typing import NamedTuple

from hypothesis import HealthCheck, find, given, settings

import layoutref as lr
from layoutref import strategies as lst

SETTINGS = settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))


# --- the library under audit: layouts as (shape, stride) pairs of nested tuples -------------

class Layout(NamedTuple):
    """The library's layout type, as pycute's: .shape and .stride, nested tuples of ints."""
    shape: object
    stride: object


def flatten(t):
    return [x for item in t for x in flatten(item)] if isinstance(t, tuple) else [t]


def coalesce(shape, stride):
    """Merge adjacent modes (s0, d0), (s1, d1) with d1 == s0*d0; drop modes of size 1."""
    out = []
    for s, d in zip(flatten(shape), flatten(stride)):
        if s == 1:
            continue
        if out and out[-1][0] * out[-1][1] == d:
            out[-1] = (out[-1][0] * s, out[-1][1])
        else:
            out.append((s, d))
    if not out:
        return 1, 0
    if len(out) == 1:
        return out[0]
    return tuple(s for s, _ in out), tuple(d for _, d in out)


def coalesce_x(shape, stride):
    """coalesce, but a trailing size-1 mode stays: A's values past its size run on along A's
    last mode (CuTe's coalesce_x; docs/semantics.md, "Extension past the domain")."""
    modes = list(zip(flatten(shape), flatten(stride)))
    out = []
    for k, (s, d) in enumerate(modes):
        if s == 1 and k + 1 < len(modes):
            continue
        if out and out[-1][0] * out[-1][1] == d:
            out[-1] = (out[-1][0] * s, out[-1][1])
        else:
            out.append((s, d))
    return [s for s, _ in out], [d for _, d in out]


def composition(a, b, scale=True):
    """A∘B, as CuTe computes it: by mode of B; a mode (n, r) of B walks A's coalesced modes."""
    (sa, da), (sb, db) = a, b
    if isinstance(sb, tuple):
        modes = [composition(a, (s, d), scale) for s, d in zip(sb, db)]
        return tuple(m[0] for m in modes), tuple(m[1] for m in modes)
    if db == 0:
        return sb, 0
    shape_a, stride_a = coalesce_x(sa, da)
    result = []
    rest_shape, rest_stride = sb, db
    for curr_shape, curr_stride in zip(shape_a[:-1], stride_a[:-1]):
        new_shape = min(max(1, curr_shape // rest_stride), rest_shape)
        if new_shape != 1:
            # (the planted bug, scale=False: the stride inside A's mode is forgotten)
            result.append((new_shape, rest_stride * curr_stride if scale else curr_stride))
        rest_shape //= new_shape
        rest_stride = -(-rest_stride // curr_shape)  # the ceiling of rest_stride / curr_shape
    if rest_shape != 1 or not result:
        result.append((rest_shape, rest_stride * stride_a[-1]))
    if len(result) == 1:
        return result[0]
    return tuple(s for s, _ in result), tuple(d for _, d in result)


def complement(a, cotarget, round_up=True):
    """The layout R that (A, R) makes a bijection onto [0, M'), M' = M rounded up."""
    modes = sorted((d, s) for s, d in zip(*(flatten(x) for x in a)) if s != 1 and d != 0)
    shape, stride, current = [], [], 1
    for d, s in modes:
        shape.append(d // current)
        stride.append(current)
        current = s * d
    shape.append(-(-cotarget // current) if round_up else max(1, cotarget // current))
    stride.append(current)
    return coalesce(tuple(shape), tuple(stride))


# --- the audit -------------------------------------------------------------------------------

def mine(layout):
    """A layoutref.Layout as the library's (shape, stride)."""
    return layout.to_tuples()


def composition_verdict(ab, **bug):
    a, b = ab
    return lr.audit("composition", (a, b), Layout(*composition(mine(a), mine(b), **bug)))


def complement_verdict(am, **bug):
    a, m = am
    return lr.audit("complement", (a, m), Layout(*complement(mine(a), m, **bug)))


@SETTINGS
@given(lst.composable())
def test_the_library_composition_is_correct(ab):
    verdict = composition_verdict(ab)
    assert verdict.correct, verdict


@SETTINGS
@given(lst.complementable())
def test_the_library_complement_is_correct(am):
    verdict = complement_verdict(am)
    assert verdict.correct, verdict


def test_a_planted_bug_in_composition_is_caught_at_its_first_differing_index():
    # The bug: a mode of B that starts inside a mode of A takes A's stride, not rest_stride times it.
    ab = find(lst.composable(), lambda ab: not composition_verdict(ab, scale=False).correct,
              settings=settings(max_examples=3000, database=None, deadline=None))
    a, b = ab
    verdict = composition_verdict(ab, scale=False)
    assert verdict.verdict == "wrong" and verdict.index is not None, verdict
    # The index is the first where the buggy result and A∘B differ: check it by evaluation.
    buggy = lr.Layout(*composition(mine(a), mine(b), scale=False))
    right = lr.composition(a, b)
    i = verdict.index
    assert [buggy(k) for k in range(i)] == [right(k) for k in range(i)]
    assert buggy(i) != right(i)
    assert verdict.claimed_value == str(buggy(i)) and verdict.expected_value == str(right(i))
    print(f"caught: composition({a}, {b}): {verdict.detail}")


def test_a_planted_bug_in_complement_is_caught():
    am = find(lst.complementable(), lambda am: not complement_verdict(am, round_up=False).correct,
              settings=settings(max_examples=3000, database=None, deadline=None))
    verdict = complement_verdict(am, round_up=False)
    assert verdict.verdict == "wrong" and verdict.detail, verdict
    print(f"caught: complement{am}: {verdict.detail}")
