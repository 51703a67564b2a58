"""layoutref.spec: the executable specification's functions, against impl's and by hand."""
import pytest

import layoutref as lr
from layoutref import spec


def values(L):
    return [L(i) for i in range(L.size())]


def test_spec_results_are_layouts_and_agree_with_impl_as_functions():
    a, b = lr.Layout("(6,2):(8,2)"), lr.Layout("(4,3):(3,1)")
    assert values(spec.composition(a, b)) == values(lr.composition(a, b))
    assert values(spec.complement("(2,4):(1,2)", 16)) == values(lr.complement("(2,4):(1,2)", 16))
    assert values(spec.logical_divide("(8,24):(24,1)", (4, 8))) == values(lr.logical_divide("(8,24):(24,1)", (4, 8)))
    assert values(spec.logical_product("(2,2):(1,2)", "3:1")) == values(lr.logical_product("(2,2):(1,2)", "3:1"))
    assert spec.coalesce("(2,(1,4)):(1,(7,2))") == lr.Layout("8:1")


def test_spec_queries():
    L = lr.Layout("(4,8):(8,1)")
    assert spec.size(L) == 32 and spec.cosize(L) == 32 and spec.rank(L) == 2 and spec.depth(L) == 1
    assert spec.evaluate(L, 5) == 9
    assert spec.crd2idx((1, 1), L) == 9
    assert spec.idx2crd(5, (4, 8)) == (1, 1)


def test_spec_inverses_are_inverses():
    L = lr.Layout("(4,8):(8,1)")  # bijective onto [0, 32)
    r = spec.right_inverse(L)
    assert [L(r(i)) for i in range(r.size())] == list(range(r.size()))
    left = spec.left_inverse(L)
    assert [left(L(i)) for i in range(L.size())] == list(range(L.size()))


def test_admissibility_predicate():
    yes = spec.is_admissible("composition", "(6,2):(8,2)", "(4,3):(3,1)")
    assert yes["ok"] and yes["condition"] is None
    no = spec.is_admissible("complement", "(4,2):(1,6)", 80)
    assert not no["ok"] and no["condition"] == "complement.stride_divisibility" and no["witness"]
    assert spec.is_admissible("size", "4:1")["ok"]  # no preconditions
    with pytest.raises(ValueError):
        spec.is_admissible("frobnicate", "4:1")


def test_spec_refusal_names_the_condition():
    with pytest.raises(lr.LayoutError) as e:
        spec.complement("(4,2):(1,6)", 80)
    assert e.value.condition == "complement.stride_divisibility"
    with pytest.raises(TypeError):
        spec.composition("4:1")
    with pytest.raises(ValueError):
        spec.size("(4,0):(1,4)")
