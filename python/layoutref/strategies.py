"""Hypothesis strategies for layouts, and for admissible and inadmissible inputs per operation.

The strategies are the generators of layoutref's property suite (properties/, RapidCheck):
both run the one definition in generators/ (layoutref::generators), here with each choice drawn
as ``draw(integers(lo, hi))``. So they make the same decisions from the same ranges, and
Hypothesis shrinks each choice towards its low end as RapidCheck does: extents towards 1, fewer
modes, shallower nesting, rare features (negative or zero strides, basis strides) off. What
differs is how each framework weighs a range: RapidCheck grows its ranges with the test's size,
Hypothesis favours the ends of a range.

Auditing a library (docs/auditing.md)::

    from hypothesis import given
    import layoutref
    from layoutref import strategies as lst

    @given(lst.composable())
    def test_composition(ab):
        a, b = ab
        claimed = mylib.composition(mylib.Layout(*a.to_tuples()), mylib.Layout(*b.to_tuples()))
        verdict = layoutref.audit("composition", (a, b), claimed)
        assert verdict.correct, verdict

Values: layouts are :class:`layoutref.Layout` (``.shape``, ``.stride`` and ``.to_tuples()`` in
pycute's tuples); a tiler is a tuple of Layouts, ints and None (CuTe's ``_``), or a Layout.
"""

import functools

from hypothesis import reject
from hypothesis import strategies as st

from . import _layoutref

__all__ = [
    "shapes", "layouts", "scaled_basis_layouts", "identity_layouts", "composable", "composable_pair",
    "composable_tiler", "complementable", "injective_layout", "bijective_layout", "divisible", "small_layout",
    "product_admissible", "blocked_pair", "tile_to_shape_input", "swizzled_layout", "non_complementable",
    "non_composable", "bad_tiler", "non_product", "admissible", "inadmissible", "operations_with_inputs",
]


@functools.lru_cache(maxsize=4096)
def _integers(lo, hi):
    return st.integers(min_value=lo, max_value=hi)


def _generator(name, **options):
    @st.composite
    def strategy(draw):
        return _layoutref._generate(name, lambda lo, hi: draw(_integers(lo, hi)), options)

    return strategy()


def _bounds(max_depth, max_rank, max_leaves, max_size, max_extent):
    return dict(max_depth=max_depth, max_rank=max_rank, max_leaves=max_leaves, max_size=max_size, max_extent=max_extent)


def shapes(max_depth=4, max_rank=6, max_leaves=12, max_size=4096, max_extent=12):
    """Shapes (ints and nested tuples of extents >= 1) within the bounds (rapidcheck::shape)."""
    return _generator("shape", **_bounds(max_depth, max_rank, max_leaves, max_size, max_extent))


def layouts(max_depth=4, max_rank=6, max_leaves=12, max_size=4096, max_extent=12, negative=False, zero=True,
            max_stride=24):
    """Layouts with integer strides: column-major, arbitrary, overlapping, 0 and (with
    ``negative``) negative strides, any nesting within the bounds (rapidcheck::layout)."""
    return _generator("layout", negative=negative, zero=zero, max_stride=max_stride,
                      **_bounds(max_depth, max_rank, max_leaves, max_size, max_extent))


def scaled_basis_layouts(max_depth=4, max_rank=6, max_leaves=12, max_size=4096, max_extent=12):
    """Layouts whose strides are scaled basis elements ``k@p`` (rapidcheck::scaled_basis_layout)."""
    return _generator("scaled_basis_layout", **_bounds(max_depth, max_rank, max_leaves, max_size, max_extent))


def identity_layouts():
    """CuTe's identity layouts, strides ``1@0, 1@1, ...`` (rapidcheck::identity_layout)."""
    return _generator("identity_layout")


def composable_pair():
    """(A, B) with composition(A, B) admissible: B's modes on disjoint runs of A's shape."""
    return _generator("composable_pair")


def composable():
    """The issue's name for :func:`composable_pair`: (A, B) with A∘B admissible."""
    return composable_pair()


def composable_tiler():
    """(A, T): T a by-mode tiler (a tuple of None, ints and layouts) composable with A."""
    return _generator("composable_tiler")


def complementable():
    """(A, M) with complement(A, M) admissible (Shah Def. 2.6; M rounded up as CuTe does)."""
    return _generator("complementable")


def injective_layout(beyond=True):
    """Injective layouts: complementable without stride 0, or (``beyond``, sometimes) with one
    more mode past the image of the others."""
    return _generator("injective_layout", beyond=beyond)


def bijective_layout():
    """Layouts bijective onto [0, size): column-major over a permutation of the leaf modes."""
    return _generator("bijective_layout")


def divisible(form="any"):
    """(A, T) with logical_divide(A, T) admissible; ``form``: "any", "layout" or "tuple"."""
    return _generator("divisible", form=form)


def small_layout(max_leaves=4, max_size=64):
    """Layouts of non-negative strides, size <= max_size: the right-hand side of a product."""
    return _generator("small_layout", max_leaves=max_leaves, max_size=max_size)


def product_admissible(form="any"):
    """(A, T) with logical_product(A, T) admissible (A compact, mode by mode for a tuple T)."""
    return _generator("product_admissible", form=form)


def blocked_pair():
    """(A, B) for blocked_product / raked_product: A compact, B of non-negative strides."""
    return _generator("blocked_pair")


def tile_to_shape_input():
    """(block, shape) or (block, shape, order) with tile_to_shape admissible."""
    return _generator("tile_to_shape_input")


def swizzled_layout():
    """Swizzled layouts ``Sw<B,M,S> o off o L`` (as layoutref.Layout)."""
    return _generator("swizzled_layout")


def non_complementable():
    """(A, M) built to violate complement's conditions (stride divisibility, a negative or a
    basis stride)."""
    return _generator("non_complementable")


def non_composable():
    """(A, B) built to violate composition's conditions (left divisibility, a negative stride,
    colliding intervals); where Shah's condition is only sufficient some are admissible."""
    return _generator("non_composable")


def bad_tiler():
    """(A, T): T longer than A, or a layout tiler that is not injective."""
    return _generator("bad_tiler")


def non_product():
    """(A, T) for the products with A not injective (its complement does not exist)."""
    return _generator("non_product")


def operations_with_inputs(admissible=True):
    """The operations that :func:`admissible` (or :func:`inadmissible`) generates inputs for."""
    return list(_layoutref._input_operations(bool(admissible)))


def _inputs(op, is_admissible):
    if not isinstance(op, str):
        raise TypeError(f"the operation is a str, got {type(op).__name__}")
    if op not in _layoutref._input_operations(is_admissible):
        kind = "admissible" if is_admissible else "inadmissible"
        raise ValueError(f"no generator of {kind} inputs for `{op}` (those with one: "
                         f"{', '.join(_layoutref._input_operations(is_admissible))})")

    @st.composite
    def strategy(draw):
        # The spec labels each input (as `layoutref gen` does); a few draws the spec labels
        # otherwise are drawn again, and then Hypothesis is told to look elsewhere.
        args = _layoutref._generate_input(op, is_admissible, lambda lo, hi: draw(_integers(lo, hi)), 20)
        if args is None:
            reject()
        return args

    return strategy()


def admissible(op):
    """Admissible inputs of ``op``: tuples of its arguments, as ``layoutref gen --op OP`` writes
    them (generators/include/layoutref/generators/inputs.hpp lists what each operation draws),
    each one the spec computes a result for (a draw it refuses is drawn again)."""
    return _inputs(op, True)


def inadmissible(op):
    """Inputs of ``op`` built to break one of its conditions (``layoutref gen --inadmissible``),
    each one the spec refuses as inadmissible (a draw the spec admits is drawn again)."""
    return _inputs(op, False)
