"""Keras 3's check of an axis against a rank, shared by keras.ops and their output specs."""

from __future__ import annotations

import operator


def canonicalize_axis(axis: int, ndim: int) -> int:
    """An axis in [-ndim, ndim) as a non-negative one, refused in Keras's own words (its
    backend helper's, which layers and quantizers use, rather than NumPy's)."""
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for an array with dimension {ndim}.")
    return axis + ndim if axis < 0 else axis
