"""Norms: tf.norm (vector norms, and matrix norms: Frobenius, 1, inf, and the spectral
norm from the SVD) and clip_by_norm. Composites of registered ops (global_norm and
clip_by_global_norm: global_norms.py).

Sits in ops/ above linalg_decomp.py (the spectral norm is the largest singular value).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import squeeze
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.linalg_spectral import spectral_norm
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import (
    maximum,
    sqrt,
    square,
)
from eagerflow._src.ops.math import pow as pow_
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    conj,
    ones_like,
    where,
)
from eagerflow._src.ops.reduce import reduce_max, reduce_sum


@dispatch_binding
def norm(tensor: Any, ord: Any = "euclidean", axis: Any = None,  # noqa: A002
         keepdims: bool | None = None,
         name: str | None = None) -> Any:
    """Vector norms (ord euclidean/1/2/inf/p>0) and matrix norms (fro/1/inf) as in tf.norm."""
    x = _t(tensor)
    if isinstance(axis, (list, tuple)) and len(axis) == 1:
        axis = axis[0]
    is_matrix = isinstance(axis, (list, tuple)) and len(axis) == 2
    if not (axis is None or isinstance(axis, (int, np.integer)) or (
            is_matrix and not any(C.is_graph_tensor(a) or isinstance(a, (list, tuple, float))
                                  for a in axis)  # (TF: ints only)
            and int(axis[0]) != int(axis[1]))):  # (as given: the reductions check ranks)
        raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, "
                         f"got {tuple(axis) if is_matrix else axis}")
    numeric = not isinstance(ord, str)  # (a bool too, as TF's: True is the 1-norm)
    if getattr(ord, "_shape", ()) != ():  # (a tensor of several values: no norm's order)
        kind = "matrix norm in ['euclidean', 'fro', 1, 2, inf]" if is_matrix else \
            "vector norm"
        raise ValueError(f"'ord' must be a supported {kind}, got {ord}")
    if is_matrix:
        if not (ord in ("euclidean", "fro") if isinstance(ord, str) else
                numeric and (ord in (1, 2) or ord == np.inf)):
            raise ValueError(f"'ord' must be a supported matrix norm in ['euclidean', 'fro', "
                             f"1, 2, inf], got {ord}")
        axes = [int(a) for a in axis]
    else:
        if isinstance(ord, (list, tuple, np.ndarray)):
            bool(np.isreal(ord))  # (TF tests its truth: NumPy's ValueError past one value)
        if not (ord == "euclidean" if isinstance(ord, str) else numeric and not ord <= 0):
            raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
        # (a list, as TF's norm hands its reductions: its errors take the slow path's form)
        axes = None if axis is None else [int(axis)]
    keep = bool(keepdims)
    if ord in ("euclidean", "fro") or (not is_matrix and ord == 2):
        if not (x._dtype.is_floating or x._dtype.is_complex or x._dtype.is_integer):
            conj(x)  # (TF's sums x * conj(x): conj refuses bool and string first)
        if x._dtype.is_complex:  # (TF's sum of x * conj(x): a complex one, whose imaginary
            # part ab - ba is 0, or NaN where a part is inf or NaN or ab overflows)
            return sqrt(reduce_sum(x * conj(x), axis=axes, keepdims=keep))
        return sqrt(reduce_sum(square(x), axis=axes, keepdims=keep))
    mag = abs_(x)
    if is_matrix and ord == 2:  # spectral: the largest singular value
        out = spectral_norm(x, axes, keepdims=True)
    elif is_matrix and ord == 1:  # largest column sum
        out = reduce_max(reduce_sum(mag, axis=axes[0], keepdims=True), axis=axes[1],
                         keepdims=True)
    elif is_matrix:  # inf: largest row sum
        out = reduce_max(reduce_sum(mag, axis=axes[1], keepdims=True), axis=axes[0],
                         keepdims=True)
    elif ord == 1:
        out = reduce_sum(mag, axis=axes, keepdims=keep)
    elif ord == np.inf:
        out = reduce_max(mag, axis=axes, keepdims=keep)
    else:
        # (ord as given, as TF's pow takes it: an integer x's int power, then 1.0 / ord's
        # conversion to the integer dtype refused)
        out = pow_(reduce_sum(pow_(mag, ord), axis=axes, keepdims=keep), 1.0 / ord)
    if is_matrix and numeric and not keep:
        out = squeeze(out, axis=sorted(a % len(x._shape) for a in axes))
    return out  # (of magnitudes: real for a complex x too, as TF's)


@dispatch_binding
def clip_by_norm(t: Any, clip_norm: Any, axes: Any = None, name: str | None = None) -> Any:
    """`t * clip_norm / max(l2norm(t), clip_norm)` along `axes` (all axes by default). An
    IndexedSlices stays one, its values clipped by their own norm (as TF's)."""
    if isinstance(t, IndexedSlices):
        return IndexedSlices(clip_by_norm(t.values, clip_norm, axes), t.indices, t.dense_shape)
    t = _t(t)
    # (as TF's: a negative clip_norm is 0; a tensor one is clipped, then cast to t's dtype;
    # the sum is of t * t, which TF's comparison with 0 then refuses for complex t)
    if np.isscalar(clip_norm):
        clip = 0 if clip_norm < 0 else clip_norm
    else:
        clip = cast(maximum(clip_norm, 0), t._dtype)
    l2sum = reduce_sum(t * t, axis=axes, keepdims=True)
    positive = l2sum > 0
    # sqrt only where the sum is positive, so the gradient at t == 0 is finite
    l2norm = where(positive, sqrt(where(positive, l2sum, ones_like(l2sum))), l2sum)
    scaled = t * clip
    if not t.shape.is_compatible_with(scaled.shape):  # (a clip_norm that broadcasts t)
        raise ValueError(f"Shapes {t.shape} and {scaled.shape} are incompatible")
    return scaled / maximum(l2norm, clip)


