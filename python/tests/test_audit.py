"""layoutref.audit: the spec's verdict on a claimed result."""
import pytest

import layoutref as lr


class PycuteLike:
    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride


def test_correct_claim():
    v = lr.audit("composition", ("(6,2):(8,2)", "(4,3):(3,1)"), lr.composition("(6,2):(8,2)", "(4,3):(3,1)"))
    assert v.correct and bool(v) and v.verdict == "correct" and v.index is None


def test_wrong_claim_names_the_first_differing_index_and_both_values():
    # complement((2,4):(1,2), 16) is 2:8: its values are 0, 8. Claim 2:4 (values 0, 4).
    v = lr.audit("complement", ("(2,4):(1,2)", 16), lr.Layout(2, 4))
    assert not v.correct and v.verdict == "wrong"
    assert v.index == 1 and v.claimed_value == "4" and v.expected_value == "8"
    assert "index 1" in repr(v)


def test_claims_in_every_form():
    args = (lr.Layout((2, 4), (1, 2)), 16)
    assert lr.audit("complement", args, "2:8").correct
    assert lr.audit("complement", args, PycuteLike(2, 8)).correct
    assert lr.audit("complement", args, lr.Layout("_2:_8")).correct
    assert lr.audit("size", "(4,8):(8,1)", 32).correct  # one argument, not in a tuple
    assert not lr.audit("size", ["(4,8):(8,1)"], 31).correct


def test_inadmissible_input():
    args = ("(4,2):(1,6)", 80)
    refused = lr.audit("complement", args, "error")
    assert refused.correct and refused.condition == "complement.stride_divisibility"
    assert lr.audit("complement", args, ValueError("no complement")).correct  # an exception is a refusal
    claimed = lr.audit("complement", args, "2:8")
    assert not claimed.correct and claimed.condition == "complement.stride_divisibility"
    # refusing an admissible input is wrong
    assert not lr.audit("complement", ("(2,4):(1,2)", 16), "error").correct


def test_bad_audits_raise():
    with pytest.raises(ValueError, match="unknown operation"):
        lr.audit("frobnicate", ("4:1",), "4:1")
    with pytest.raises(ValueError):
        lr.audit("composition", ("4:1",), "4:1")  # one argument of two
    with pytest.raises(ValueError):
        lr.audit("composition", ("(4,0):(1,4)", "2:1"), "2:1")  # not a layout
    with pytest.raises(TypeError):
        lr.audit("composition", ("4:1", object()), "2:1")
