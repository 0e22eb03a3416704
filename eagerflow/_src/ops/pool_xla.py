"""TF's XLA pools over any of the four dimensions (tf.function(jit_compile=True)): XLA's
MaxPool and AvgPool are reduce windows over the batch, the rows, the columns and the
channels alike, where TF's kernels refuse a window over the batch or across the channels
(but the max pool's depthwise form). Arrays channels last `(N, H, W, C)`, each pooled as
one image of four spatial dimensions and one channel through pool_windows.py; windows
and strides given in that order. Ops layer, no OpDefs here (nn_pool.py has them).

XLA's max pool pads every dimension for SAME; its average pool pads the rows and columns
alone, and divides each window's sum by the window's size, or where a row or column is
padded by how many real cells of rows and columns it covers (XLA's
AvgPoolDivideByCountWithGeneralPadding: the window over the batch and channels counts
once).
"""

from __future__ import annotations

import math
from typing import Any

from eagerflow._src.ops import pool_windows as PW
from eagerflow._src.ops.windows import interior, pad, taps, window_geometry

_ONES = (1, 1, 1, 1)


def max_pool(xp: Any, x: Any, ks: tuple, strides: tuple, padding: str) -> Any:
    return PW.max_pool(xp, x[None, ..., None], ks, strides, padding, ())[0, ..., 0]


def out_shape(shape: tuple, ks: tuple, strides: tuple, padding: str, avg: bool) -> tuple:
    """The output shape XLA's pool of a `shape` input gives."""
    return tuple(window_geometry(s, k, st, 1, padding if not avg or i in (1, 2) else "VALID",
                                 (0, 0))[0]
                 for i, (s, k, st) in enumerate(zip(shape, ks, strides)))


def max_pool_grad(xp: Any, x: Any, dy: Any, ks: tuple, strides: tuple, padding: str) -> Any:
    """Each window's gradient to its first maximal element (XLA's select and scatter)."""
    return PW.max_pool_grad(xp, x[None, ..., None], None, dy[None, ..., None], ks, strides,
                            padding, (), one=True)[0, ..., 0]


def _avg_geometry(shape: tuple, ks: tuple, strides: tuple, padding: str) -> tuple:
    """Output sizes and pads of XLA's average pool: its rows and columns padded alone."""
    outs, pads = [], []
    for i, (s, k, st) in enumerate(zip(shape, ks, strides)):
        o, b, a = window_geometry(s, k, st, 1, padding if i in (1, 2) else "VALID", (0, 0))
        outs.append(o)
        pads.append((b, a))
    return tuple(outs), tuple(pads)


def _divisor(xp: Any, shape: tuple, ks: tuple, strides: tuple, padding: str,
             pads: tuple, dtype: Any) -> Any:
    if not any(b or a for b, a in pads):
        return xp.asarray(math.prod(ks), dtype=dtype)
    return PW.avg_counts(xp, shape[1:3], ks[1:3], strides[1:3], padding, dtype)


def avg_pool(xp: Any, x: Any, ks: tuple, strides: tuple, padding: str) -> Any:
    outs, pads = _avg_geometry(x.shape, ks, strides, padding)
    if any(o <= 0 for o in outs):
        return xp.zeros(tuple(max(o, 0) for o in outs), x.dtype)
    xpd = pad(xp, x[None, ..., None], pads, 0)
    total = None
    for _, idx in taps(ks, outs, strides, _ONES):
        total = xpd[idx] if total is None else total + xpd[idx]
    return (total[0, ..., 0] / _divisor(xp, x.shape, ks, strides, padding, pads,
                                         x.dtype)).astype(x.dtype)


def avg_pool_grad(xp: Any, shape: tuple, dy: Any, ks: tuple, strides: tuple,
                  padding: str) -> Any:
    """Each window's gradient over its size (or count), added onto the cells it covers."""
    outs, pads = _avg_geometry(shape, ks, strides, padding)
    g = (dy / _divisor(xp, shape, ks, strides, padding, pads, dy.dtype)).astype(dy.dtype)
    padded = (1,) + tuple(s + b + a for s, (b, a) in zip(shape, pads)) + (1,)
    dxp = xp.zeros(padded, dy.dtype)
    for _, idx in taps(ks, outs, strides, _ONES):
        dxp[idx] += g[None, ..., None]
    return xp.ascontiguousarray(dxp[interior(pads, shape)][0, ..., 0])
