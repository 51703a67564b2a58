"""layoutref's exception: an operation that has no result for its input."""


class LayoutError(ValueError):
    """An operation refused its input.

    Attributes:
        code: why, in layoutref's terms: ``inadmissible`` (the operation has no result;
            ``condition`` names the violated condition), ``overflow`` (a value past 64 bits),
            ``capacity`` (more leaves than impl holds), ``bad_argument`` (a malformed argument,
            e.g. a rank mismatch), ``table_limit`` (the spec's function table would be too large).
        condition: the violated condition as docs/semantics.md names it, e.g.
            ``"composition.left_divisibility"``, or None.
        witness: the concrete values that violate it, as text.
    """

    def __init__(self, message, code="inadmissible", condition=None, witness=""):
        super().__init__(message)
        self.code = code
        self.condition = condition
        self.witness = witness

    def __reduce__(self):
        return (type(self), (str(self), self.code, self.condition, self.witness))
