"""A slow reference of the order TF 2.21's CPU kernels (Eigen, AVX) sum float32 and
float64 in: one addition at a time, each on NumPy scalars of the type, written from
the description in eagerflow/_src/ops/eigen_sum.py's docstring and Eigen's reduction
(InnerMostDimReducer, FullReducer, the column packets), not from eigen_sum's code."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

LEAF = 1024


def lanes(dtype: Any) -> int:
    return 32 // np.dtype(dtype).itemsize


def row(x: Any, first: int, n: int, op: Any = np.add) -> Any:
    """Eigen's InnerMostDimReducer over x[first:first + n] (x 1-D): `op` np.add (sum, a
    tree above p * LEAF values) or np.multiply (product: no tree)."""
    p = lanes(x.dtype)
    zero = x.dtype.type(op.identity)
    if n > p * LEAF and op is np.add:
        half = (n + 1) // 2
        split = p * ((first + half + p - 1) // p)
        left = min(split - first, n)
        acc = zero + row(x, first, left)
        if left < n:
            acc = acc + row(x, split, n - left)
        return acc
    four = n // (4 * p) * 4 * p
    whole = n // p * p
    accs = [[zero] * p for _ in range(4)]
    for j in range(0, four, 4 * p):
        for k in range(4):
            for lane in range(p):
                accs[k][lane] = op(accs[k][lane], x[first + j + k * p + lane])
    packet = accs[0]
    for k in (1, 2, 3):
        packet = [op(packet[lane], accs[k][lane]) for lane in range(p)]
    for j in range(four, whole, p):
        packet = [op(packet[lane], x[first + j + lane]) for lane in range(p)]
    while len(packet) > 1:  # predux: halves
        h = len(packet) // 2
        packet = [op(packet[i], packet[i + h]) for i in range(h)]
    scalar = zero
    for j in range(whole, n):
        scalar = op(scalar, x[first + j])
    return op(scalar, packet[0])


def full(x: Any, shards: int, op: Any = np.add) -> Any:
    """FullReducer on `shards` threads over 1-D x."""
    n = x.size
    if shards == 1:
        return row(x, 0, n, op)
    size = math.floor(np.float32(n) / np.float32(shards))
    blocks = n // size if size else 0
    total = row(x, blocks * size, n - blocks * size, op) if blocks * size < n else \
        x.dtype.type(op.identity)
    for i in range(blocks):
        total = op(total, row(x, i * size, size, op))
    return total


def columns(x: Any, op: Any = np.add) -> Any:
    """x (A, R, C) reduced over R, outputs (A, C) taken flat p at a time."""
    a, r, c = x.shape
    p = lanes(x.dtype)
    zero = x.dtype.type(op.identity)
    out = np.empty(a * c, x.dtype)
    size = a * c
    for o in range(size):
        first = o // p * p
        in_packet = first + p <= size and first // c == (first + p - 1) // c
        i, j = divmod(o, c)
        if in_packet and r >= 16:
            accs = [zero] * 4
            u = r // 4 * 4
            for k in range(0, u, 4):
                for q in range(4):
                    accs[q] = op(accs[q], x[i, k + q, j])
            s = op(op(op(accs[0], accs[1]), accs[2]), accs[3])
            for k in range(u, r):
                s = op(s, x[i, k, j])
        else:
            s = zero
            for k in range(r):
                s = op(s, x[i, k, j])
        out[o] = s
    return out.reshape(a, c)


def merged(shape: tuple, axes: tuple) -> tuple:
    dims: list = []
    red: list = []
    for i, d in enumerate(shape):
        if d == 1:
            continue
        if red and red[-1] == (i in axes):
            dims[-1] *= d
        else:
            dims.append(d)
            red.append(i in axes)
    return tuple(dims), tuple(red)


def reduce_sum(x: Any, axes: tuple, shards: int = 1, op: Any = np.add) -> Any:
    """TF's CPU Sum (Prod: `op` np.multiply) of x over sorted non-negative axes (no
    keepdims)."""
    out_shape = tuple(d for i, d in enumerate(x.shape) if i not in axes)
    zero = x.dtype.type(op.identity)
    if x.size == 0:
        return np.full(out_shape, zero)
    dims, red = merged(x.shape, axes)
    y = np.ascontiguousarray(x).reshape(dims)
    if not any(red):
        s = op(y, zero)
    elif all(red):
        s = full(y.reshape(-1), shards, op)
    elif red == (True, False):
        s = columns(y[None], op)[0]
    elif red == (False, True, False):
        s = columns(y, op)
    elif red == (True, False, True):  # one value at a time, the inner index outermost
        s = np.empty(dims[1], x.dtype)
        for j in range(dims[1]):
            acc = zero
            for k in range(dims[2]):
                for i in range(dims[0]):
                    acc = op(acc, y[i, j, k])
            s[j] = acc
    else:  # rows: (kept, reduced) after a transpose
        keep = [i for i, r in enumerate(red) if not r]
        gone = [i for i, r in enumerate(red) if r]
        t = np.ascontiguousarray(y.transpose(keep + gone))
        n = math.prod(dims[i] for i in gone)
        flat = t.reshape(-1)
        s = np.array([row(flat, k * n, n, op) for k in range(flat.size // n)], x.dtype)
    return np.asarray(s, x.dtype).reshape(out_shape)
