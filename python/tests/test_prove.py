"""layoutref.prove: Z3's answers, as `layoutref prove` gives them."""
import pytest

import layoutref as lr

pytestmark = pytest.mark.skipif(not hasattr(lr._layoutref, "_prove"), reason="built without z3 (no proofs)")


def test_proved():
    r = lr.prove("bijective((a,b):(1,a), a*b)", where="a in 1..64, b in 1..64")
    assert r.proved and bool(r) and r.answer == "proved" and r.checks


def test_where_as_a_dict():
    assert lr.prove("bijective((a,b):(1,a), a*b)", where={"a": (1, 16), "b": range(1, 17)}).proved


def test_refuted_with_a_counterexample():
    r = lr.prove("injective((2,3):(0,1))")
    assert r.refuted and not r and "both to 0" in r.counterexample


def test_admissible_query_names_the_condition():
    r = lr.prove("admissible(composition, (6,4):(1,10), 4:4)")
    assert r.refuted and "composition.left_divisibility" in r.counterexample


def test_bad_input_raises():
    with pytest.raises(ValueError, match="unknown variable"):
        lr.prove("injective((a,2):(1,2))")
    with pytest.raises(ValueError):
        lr.prove("injective((2,3):(0,1))", where="a in 5..1")
    with pytest.raises(TypeError):
        lr.prove(42)
    with pytest.raises(ValueError):
        lr.prove("injective(4:1)", timeout_ms=0)


def test_where_bounds_must_be_integers():
    # A float bound was truncated to 0 (0.5 -> 0); it is refused instead.
    with pytest.raises(TypeError, match="the bounds of a must be integers"):
        lr.prove("injective((a,2):(1,a))", where={"a": (0.5, 4)})
    with pytest.raises(TypeError, match="the bounds of a must be integers"):
        lr.prove("injective((a,2):(1,a))", where={"a": (1, 4.0)})
