"""The executable specification (spec/): each operation as its definition computes it.

``spec.<op>(*args)`` is the spec's result for every operation whose result is a layout
determined by CuTe's construction (composition, complement, the divides and products, ...);
``spec.right_inverse`` / ``spec.left_inverse`` give one inverse (they are not unique);
``spec.size``, ``cosize``, ``rank``, ``depth``, ``evaluate(L, i)``, ``crd2idx(c, L)``,
``idx2crd(i, S)``; ``spec.is_admissible(op, *args)`` is the admissibility predicate
({ok, condition, witness, notes}). Where the spec has no result it raises
:class:`layoutref.LayoutError` naming the condition.
"""

from ._layoutref import spec as _spec

__all__ = [name for name in dir(_spec) if not name.startswith("_")]
globals().update({name: getattr(_spec, name) for name in __all__})
