"""layoutref: the reference implementation of CuTe's layout algebra, from Python.

    >>> import layoutref as lr
    >>> L = lr.Layout("(4,8):(8,1)")          # CuTe's notation
    >>> L(5), L.size(), L.cosize(), str(L)
    (9, 32, 32, '(4,8):(8,1)')
    >>> lr.complement(lr.Layout((2, 4), (1, 2)), 16)   # pycute's tuples
    Layout('2:8')

Every operation of layoutref's table is a function under CuTe's name, computed with impl (the
fast algebra): ``lr.composition(A, B)``, ``lr.logical_divide(A, T)``, ... (``lr.operations()``
lists them). An argument may be a Layout, an int, None (CuTe's ``_``), a tuple, a str in CuTe's
notation, or any object with ``.shape`` and ``.stride`` (pycute's Layout). A refusal raises
:class:`LayoutError` with ``.condition`` and ``.witness``.

``lr.spec`` holds the executable specification's functions; ``lr.audit(op, args, claimed)``
judges another implementation's result with it; ``lr.prove(query, where=...)`` asks Z3;
``layoutref.strategies`` has Hypothesis strategies (docs/auditing.md).
"""

import json as _json
import operator as _operator

from . import _layoutref
from ._errors import LayoutError
from ._layoutref import Layout, Term, Verdict, audit, cute, operations, parse, usage

__all__ = ["Layout", "Term", "Verdict", "LayoutError", "ProofResult", "audit", "cute", "operations", "parse",
           "prove", "usage", "spec"]

# Every operation of the table, under CuTe's name (size, composition, complement, ...).
for _name in _layoutref.operations():
    globals()[_name] = getattr(_layoutref, _name)
    __all__.append(_name)
del _name

from . import spec  # noqa: E402  (after the operations: spec.py reads the module)


class ProofResult:
    """The answer of :func:`prove`: ``answer`` is ``"proved"``, ``"refuted"`` or ``"unknown"``.

    Attributes: ``proved``, ``refuted`` (bools), ``counterexample`` (text, when refuted),
    ``reason`` (why unknown, or a note), ``checks`` (how a proof was confirmed), ``seconds``,
    ``query``.
    """

    def __init__(self, record):
        self.query = record.get("query", "")
        self.answer = record["answer"]
        self.counterexample = record.get("counterexample")
        self.reason = record.get("reason", "")
        self.checks = list(record.get("checks", []))
        self.seconds = record.get("seconds", 0.0)
        self.solvers = list(record.get("solvers", []))
        self.core = list(record.get("core", []))

    @property
    def proved(self):
        return self.answer == "proved"

    @property
    def refuted(self):
        return self.answer == "refuted"

    @property
    def unknown(self):
        return self.answer == "unknown"

    def __bool__(self):
        return self.proved

    def __repr__(self):
        tail = f": {self.counterexample}" if self.refuted else (f": {self.reason}" if self.unknown and self.reason else "")
        return f"<ProofResult {self.answer}{tail}>"


def _where_text(where):
    if where is None:
        return ""
    if isinstance(where, str):
        return where
    if isinstance(where, dict):
        parts = []
        for name, bound in where.items():
            if isinstance(bound, range):
                if bound.step != 1 or len(bound) == 0:
                    raise ValueError(f"where: the range of {name} must be non-empty with step 1")
                lo, hi = bound.start, bound.stop - 1
            else:
                try:
                    lo, hi = bound
                except (TypeError, ValueError):
                    raise TypeError(f"where: {name} needs (lo, hi) or a range, got {bound!r}") from None
            try:
                lo, hi = _operator.index(lo), _operator.index(hi)
            except TypeError:
                raise TypeError(f"where: the bounds of {name} must be integers, got {bound!r}") from None
            parts.append(f"{name} in {lo}..{hi}")
        return ", ".join(parts)
    if isinstance(where, (list, tuple)):
        return ", ".join(_where_text(w) for w in where)
    raise TypeError(f"where: a str, a dict {{name: (lo, hi)}} or a list of them, got {type(where).__name__}")


def prove(query, where=None, timeout_ms=10000):
    """Prove or refute a query with Z3, as ``layoutref prove`` does (docs/proofs.md).

    ``query``: ``injective(F)``, ``surjective(F, N)``, ``bijective(F, N)``, ``equal(F, G)``,
    ``image_within(F, LO, HI)``, ``fits(F, int32)``, ``admissible(OP, ARG...)`` or
    ``valid(OP(ARG...))``; F a layout whose leaves may be variables, an operation call,
    ``Sw<B,M,S> o OFF o L`` or ``A o B``.
    ``where``: the variables and facts, as ``"a in 1..64, M % 128 == 0"``, a dict
    ``{"a": (1, 64)}`` (or ``{"a": range(1, 65)}``), or a list of these.

    Returns a :class:`ProofResult` (proved, refuted with a counterexample, or unknown). Raises
    ValueError on a malformed query, RuntimeError when layoutref was built without z3.
    """
    if not hasattr(_layoutref, "_prove"):
        raise RuntimeError("layoutref was built without the proofs (z3 was not found: Debian's libz3-dev)")
    if not isinstance(query, str):
        raise TypeError(f"the query is a str, got {type(query).__name__}")
    if isinstance(timeout_ms, bool) or not isinstance(timeout_ms, int) or not 1 <= timeout_ms <= 86400000:
        raise ValueError("timeout_ms must be an int in 1..86400000")
    args = [query, "--json", "--timeout", str(timeout_ms)]
    w = _where_text(where)
    if w:
        args += ["--where", w]
    rc, out, err = _layoutref._prove(args)
    record = None
    for line in out.splitlines():
        if line.startswith("{"):
            record = _json.loads(line)
    if record is None or record.get("answer") in ("bad input", "internal error"):
        message = (record or {}).get("error") or err.strip() or f"prove answered {rc}"
        message = message.removeprefix("layoutref prove: ")
        if rc == 4 or (record and record.get("answer") == "internal error"):
            raise RuntimeError(f"prove: internal error: {message}")
        raise ValueError(f"prove: {message}")
    return ProofResult(record)
