"""layoutref.strategies: the property suite's generators as Hypothesis strategies."""
import os
import re
import subprocess

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

import layoutref as lr
from layoutref import spec
from layoutref import strategies as lst

FAST = settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
STATIC = re.compile(r"_(?=-?\d)")


@pytest.mark.parametrize("name", [
    "shapes", "layouts", "scaled_basis_layouts", "identity_layouts", "composable", "composable_pair",
    "composable_tiler", "complementable", "injective_layout", "bijective_layout", "divisible", "small_layout",
    "product_admissible", "blocked_pair", "tile_to_shape_input", "swizzled_layout", "non_complementable",
    "non_composable", "bad_tiler", "non_product"])
def test_every_strategy_draws_values(name):
    @FAST
    @given(getattr(lst, name)())
    def check(x):
        items = x if isinstance(x, tuple) and name not in ("shapes",) else (x,)
        for item in items:
            lr.cute(item)  # a value of CuTe's notation
        if isinstance(x, lr.Layout):
            assert x.size() >= 1

    check()


@pytest.mark.parametrize("op", lst.operations_with_inputs(True))
def test_admissible_inputs_are_admissible_and_impl_is_judged_correct(op):
    @FAST
    @given(lst.admissible(op))
    def check(args):
        assert spec.is_admissible(op, *args)["ok"], (op, [lr.cute(a) for a in args])
        verdict = lr.audit(op, args, getattr(lr, op)(*args))
        assert verdict.verdict in ("correct", "unsupported"), verdict

    check()


@pytest.mark.parametrize("op", ["complement", "composition", "logical_divide", "logical_product", "tile_to_shape"])
def test_inadmissible_inputs_break_a_condition(op):
    seen = []

    @FAST
    @given(lst.inadmissible(op))
    def check(args):
        ok = spec.is_admissible(op, *args)["ok"]
        seen.append(ok)
        try:
            result = getattr(lr, op)(*args)
        except lr.LayoutError as e:
            result = e
        assert lr.audit(op, args, result).verdict in ("correct", "unsupported")

    check()
    assert seen.count(False) >= 1  # built to break a condition (only sufficient for some)
    if op == "complement":
        assert not any(seen)


def test_bounds_hold():
    @FAST
    @given(lst.layouts(max_depth=2, max_rank=3, max_leaves=4, max_size=64, negative=True))
    def check(L):
        assert L.size() <= 64 and L.depth() <= 2 and L.rank() <= 3

    check()


def test_shrinking_gives_small_counterexamples():
    big = find(lst.layouts(), lambda L: L.size() > 100, settings=settings(database=None, max_examples=2000))
    assert big.size() > 100 and len(re.findall(r"\d+", str(big.shape))) <= 6 and big.depth() <= 2


def test_bad_strategy_arguments():
    with pytest.raises(ValueError):
        lst.admissible("frobnicate")
    with pytest.raises(ValueError, match="inadmissible"):
        lst.inadmissible("filter_zeros")
    with pytest.raises(TypeError):
        lst.admissible(3)

    @settings(max_examples=1, database=None)
    @given(st.data())
    def draw_bad(data):
        data.draw(lst.layouts(max_leaves=0))

    with pytest.raises(ValueError, match="max_leaves"):
        draw_bad()


@pytest.mark.skipif(not os.environ.get("LAYOUTREF"), reason="the layoutref program is not built")
@pytest.mark.parametrize("op, flag", [("composition", "--admissible"), ("complement", "--inadmissible"),
                                      ("tile_to_shape", "--admissible"), ("logical_product", "--inadmissible")])
def test_same_decisions_as_layoutref_gen(op, flag):
    """The strategies and `layoutref gen` run the same generator: with gen's seeded source as
    the picks, the Python side draws gen's very inputs."""
    out = subprocess.run([os.environ["LAYOUTREF"], "gen", "--op", op, "--count", "20", "--seed", "42", flag],
                         check=True, capture_output=True, text=True).stdout
    lines = [line.split("\t") for line in out.splitlines() if not line.startswith("#")]
    pick = lr._layoutref._seeded_picks(42)
    for fields in lines:
        args = lr._layoutref._generate_input(op, flag == "--admissible", pick)
        assert [STATIC.sub("", lr.cute(a)) for a in args] == [STATIC.sub("", f) for f in fields[1:fields.index("=>")]]
        assert fields[-2:] == ["=>", "?"]
