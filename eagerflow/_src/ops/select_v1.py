"""TF 1's Select: `tf.compat.v1.where(condition, x, y)`, which does not broadcast.

Sits in ops/ after math (whose SelectV2 is TF 2's `tf.where`). TF's kernel takes a
condition of x's shape, a scalar one (all of x or all of y), or a vector one picking
whole rows of x and y (its length x's first dimension); x and y have one shape. The
gradient is TF's: Select of the gradient and zeros of x's shape, each way.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import choose
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import binds_first, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import slow_inputs
from eagerflow._src.ops.math import binary_args
from eagerflow._src.ops.math_base import _t, where, zeros_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_rng = np.random.default_rng(11)


def _select_infer(c: Any, x: Any, y: Any) -> list:
    if c._dtype is not dt.bool:
        raise C.fail("Select", f"cannot compute Select as input #0(zero-based) was expected "
                               f"to be a bool tensor but is a {C.dtype_word(c._dtype)} tensor")
    d = C.same_dtype("Select", (x, y), C.ALL)
    cs, xs, ys = c._shape, x._shape, y._shape
    if cs is None or xs is None or ys is None:
        return [(xs if xs is not None else ys, d)]
    if len(cs) == 0 or (len(cs) == 1 and len(xs) != 1):
        if len(cs) == 1 and len(xs) == 0:
            raise C.fail("Select", "'then' must be at least a vector, but saw shape: []")
        if len(cs) == 1 and xs[0] is not None and cs[0] is not None and xs[0] != cs[0]:
            raise C.fail("Select", f"Number of batches of 'then' must match size of 'cond', "
                                   f"but saw: {xs[0]} vs. {cs[0]}")
        if not _same(xs, ys):
            raise C.fail("Select", f"'then' and 'else' must have the same size.  but "
                                   f"received: {C.shape_str(xs)} vs. {C.shape_str(ys)}")
        return [(xs, d)]
    for i, s in ((1, xs), (2, ys)):
        if not _same(cs, s):
            raise C.fail("Select", f"Inputs to operation Select of type Select must have the "
                                   f"same size and shape.  Input 0: {C.shape_str(cs)} != "
                                   f"input {i}: {C.shape_str(s)}")
    return [(xs, d)]


def _same(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and all(p is None or q is None or p == q for p, q in zip(a, b))


def _select_kernel(xp: Any, c: Any, x: Any, y: Any) -> Any:
    if c.ndim == 1 and x.ndim > 1:  # (whole rows)
        c = c.reshape(c.shape + (1,) * (x.ndim - 1))
    return choose(xp, c, x, y)


def _select_grad(n: Any, g: Any) -> list:
    c, x, _ = n.inputs
    zeros = zeros_like(x)
    return [None, where_v1(c, g, zeros), where_v1(c, zeros, g)]


def _reference(c: Any, x: Any, y: Any) -> Any:
    out = np.array(y, dtype=np.result_type(x, y), copy=True)
    for idx in np.ndindex(*x.shape):
        pick = c[()] if c.ndim == 0 else c[idx[0]] if c.ndim == 1 and x.ndim > 1 else c[idx]
        if pick:
            out[idx] = x[idx]
    return out


def _f64(*shape: int) -> np.ndarray:
    return _rng.standard_normal(shape)


SELECT_V1 = register(OpDef(
    "Select", _select_infer, _select_kernel, grad=_select_grad, reference=_reference,
    samples=lambda: [
        Sample((_rng.integers(0, 2, (3, 4)).astype(bool), _f64(3, 4), _f64(3, 4)),
               grad_inputs=(1, 2)),
        Sample((np.array([True, False, True]), _f64(3, 2), _f64(3, 2)), grad_inputs=(1, 2)),
        Sample((np.array(False), _f64(2, 2), _f64(2, 2)), grad_inputs=(1, 2))],
    bad_samples=lambda: [
        BadSample((np.array([True, False]), np.ones(2), np.ones(3)), {}, InvalidArgumentError,
                  "Input 0: [2] != input 2: [3]"),
        BadSample((np.array([True, False, True]), np.ones((2, 2)), np.ones((2, 2))), {},
                  InvalidArgumentError,
                  "Number of batches of 'then' must match size of 'cond', but saw: 2 vs. 3"),
        BadSample((np.ones(2), np.ones(2), np.ones(2)), {}, InvalidArgumentError)]))


@dispatchable
@binds_first
@slow_inputs("condition", "x", "y")
@tf_name("where")
def where_v1(condition: Any, x: Any = None, y: Any = None, name: str | None = None) -> Any:
    """`tf.compat.v1.where`: TF 1's Select with x and y (no broadcasting), else the
    indices of the true elements (TF 2's)."""
    if x is None and y is None:
        return where(condition, name=name)
    condition = _t(condition)
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    x, y = binary_args(x, y)
    return bind(SELECT_V1, (condition, x, y), {}, name)
