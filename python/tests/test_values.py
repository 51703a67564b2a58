"""Layouts from and to Python: CuTe's notation, pycute's tuples, evaluation, queries, bad input."""
import pytest

import layoutref as lr


class PycuteLike:
    """What pycute's Layout looks like from outside: .shape and .stride as nested tuples."""

    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride


def test_layout_from_cute_notation():
    L = lr.Layout("(4,8):(8,1)")
    assert str(L) == "(4,8):(8,1)"
    assert repr(L) == "Layout('(4,8):(8,1)')"
    assert L.shape == (4, 8) and L.stride == (8, 1)
    assert L.to_tuples() == ((4, 8), (8, 1))


def test_layout_from_pycute_tuples_and_objects():
    L = lr.Layout(((2, 2), 8), ((1, 16), 2))
    assert str(L) == "((2,2),8):((1,16),2)"
    assert lr.Layout(PycuteLike((4, 8), (8, 1))) == lr.Layout("(4,8):(8,1)")
    assert lr.Layout(lr.Layout("4:2")) == lr.Layout(4, 2)
    assert lr.Layout([4, 8], [1, 4]) == lr.Layout("(4,8):(1,4)")
    # a shape alone: the prefix products (column-major), as pycute's Layout(shape)
    assert lr.Layout((4, (2, 3))) == lr.Layout("(4,(2,3)):(1,(4,8))")


def test_evaluation_and_queries():
    L = lr.Layout("(4,8):(8,1)")
    # L(i) at the colexicographic coordinate of i: 5 = (1,1) -> 8 + 1
    assert L(5) == 9
    assert L((1, 1)) == 9 and L(1, 1) == 9
    assert [L(i) for i in range(4)] == [0, 8, 16, 24]
    assert L.size() == 32 and L.cosize() == 32 and L.rank() == 2 and L.depth() == 1
    assert lr.size(L) == 32 and lr.cosize("(4,8):(8,1)") == 32
    assert lr.size((4, (2, 3))) == 24 and lr.rank((4, (2, 3))) == 2 and lr.depth((4, (2, 3))) == 2
    assert len(L) == 2 and L[1] == lr.Layout("8:1") and L[-2] == lr.Layout("4:8")
    with pytest.raises(IndexError):
        L[2]


def test_static_markers_print_but_do_not_count():
    a, b = lr.Layout("(_4,_8):(_8,_1)"), lr.Layout("(4,8):(8,1)")
    assert str(a) == "(_4,_8):(_8,_1)"
    assert a == b and hash(a) == hash(b)
    assert a.shape == (4, 8)


def test_swizzled_layouts_and_terms():
    s = lr.Layout("Sw<3,4,3> o _0 o (8,64):(64,1)")
    assert s.is_swizzled and s.swizzle == (3, 4, 3) and s.offset == 0
    assert s.inner == lr.Layout("(8,64):(64,1)")
    assert s.size() == 512
    with pytest.raises(ValueError, match="swizzled"):
        s.shape
    ident = lr.make_identity_layout((4, 8))
    assert isinstance(ident.stride[0], lr.Term) and str(ident.stride[0]) in ("1@0", "_1@0")
    assert ident(5) == (1, 1)


def test_parse_and_cute():
    assert lr.parse("(2,(3,_))") == (2, (3, None))
    assert lr.parse("_7") == 7
    assert lr.cute((2, (3, None))) == "(2,(3,_))"
    assert lr.cute(lr.Layout((4, 8), (8, 1))) == "(4,8):(8,1)"


@pytest.mark.parametrize(
    "bad, error, match",
    [
        ("(4,8):(8", ValueError, "column"),
        ("(4,0):(1,4)", ValueError, "not a layout"),
        ("(4,8):(1,(4,2))", ValueError, "not a layout"),
        (((4, 8), (1,)), ValueError, "not a layout"),
        ((True, 1), TypeError, "bool"),
        (({"a": 1}, 1), TypeError, "dict"),
        (((2**70,), (1,)), ValueError, "64 bits"),
    ],
)
def test_bad_layouts_raise_clear_errors(bad, error, match):
    with pytest.raises(error, match=match):
        lr.Layout(*bad) if isinstance(bad, tuple) else lr.Layout(bad)


def test_deep_nesting_is_refused_not_a_crash():
    deep = 1
    for _ in range(200):
        deep = (deep,)
    with pytest.raises(ValueError, match="nesting"):
        lr.Layout(deep, deep)


def test_evaluation_outside_the_domain_is_a_layout_error():
    L = lr.Layout("(4,8):(8,1)")
    with pytest.raises(lr.LayoutError) as e:
        L(32)
    assert e.value.code == "bad_argument"
    with pytest.raises(TypeError):
        L()
    with pytest.raises(TypeError):
        L(object())


def test_refusals_carry_condition_and_witness():
    with pytest.raises(lr.LayoutError) as e:
        lr.complement("(4,2):(1,6)", 80)
    err = e.value
    assert isinstance(err, ValueError)
    assert err.code == "inadmissible"
    assert err.condition == "complement.stride_divisibility"
    assert err.witness and err.witness in str(err)


def test_text_that_is_not_unicode_is_a_value_error():
    # A lone surrogate has no UTF-8 form: ValueError naming it, not pybind11's RuntimeError.
    with pytest.raises(ValueError, match="not valid Unicode"):
        lr.Layout("\ud800")
    with pytest.raises(ValueError, match="not valid Unicode"):
        lr.coalesce("(4,\udc00):(1,4)")
