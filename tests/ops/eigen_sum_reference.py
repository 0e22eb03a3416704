"""A slow reference of the order TF 2.21's CPU kernels (Eigen, AVX) sum float32 and
float64 in: each output's additions one at a time in Eigen's order, written from the
description in eagerflow/_src/ops/eigen_sum.py's docstring and Eigen's reduction
(InnerMostDimReducer, FullReducer, the column packets), not from eigen_sum's code.
Outputs that do not depend on each other (rows, a packet's lanes, columns) are added side
by side as NumPy arrays of the type: an array's addition rounds each element alone, as a
scalar's does, and the Python loops run once per step, not once per value."""

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
    return rows(x[first:first + n][None], first % lanes(x.dtype), op)[0]


def rows(y: Any, offset: int = 0, op: Any = np.add) -> Any:
    """`row` of each row of y (m, n), all starting `offset` values past a packet's start
    (where the tree splits a row depends on it)."""
    m, n = y.shape
    p = lanes(y.dtype)
    zero = y.dtype.type(op.identity)
    if n > p * LEAF and op is np.add:
        half = (n + 1) // 2
        left = min(p * ((offset + half + p - 1) // p) - offset, n)
        acc = zero + rows(y[:, :left], offset)
        if left < n:  # (the right half starts a packet)
            acc = acc + rows(y[:, left:], 0)
        return acc
    four = n // (4 * p) * 4 * p
    whole = n // p * p
    accs = np.full((m, 4 * p), zero)  # (4 packets of p lanes: accs[:, k * p + lane])
    for j in range(0, four, 4 * p):
        accs = op(accs, y[:, j:j + 4 * p])
    packet = accs[:, :p]
    for k in (1, 2, 3):
        packet = op(packet, accs[:, k * p:(k + 1) * p])
    for j in range(four, whole, p):
        packet = op(packet, y[:, j:j + p])
    while packet.shape[1] > 1:  # predux: halves
        h = packet.shape[1] // 2
        packet = op(packet[:, :h], packet[:, h:])
    scalar = np.full(m, zero)
    for j in range(whole, n):
        scalar = op(scalar, y[:, j])
    return op(packet[:, 0], scalar)  # (the fold's NaN over the last values', as TF 2.21's)


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
    """x (A, R, C) reduced over R, outputs (A, C) taken flat p at a time: those of a whole
    packet within one of the A blocks by 4 accumulators over R (from 16 rows on), the
    others one row after another."""
    a, r, c = x.shape
    p = lanes(x.dtype)
    zero = x.dtype.type(op.identity)
    o = np.arange(a * c)
    first = o // p * p
    in_packet = (first + p <= a * c) & (first // c == (first + p - 1) // c) & (r >= 16)
    flat = x.transpose(1, 0, 2).reshape(r, a * c)  # (the R values of output o: flat[:, o])
    out = np.empty(a * c, x.dtype)
    packed = flat[:, in_packet]
    accs = np.full((4, packed.shape[1]), zero)
    u = r // 4 * 4
    for k in range(0, u, 4):
        for q in range(4):
            accs[q] = op(accs[q], packed[k + q])
    s = op(op(op(accs[0], accs[1]), accs[2]), accs[3])
    for k in range(u, r):
        s = op(s, packed[k])
    out[in_packet] = s
    single = flat[:, ~in_packet]
    s = np.full(single.shape[1], zero)
    for k in range(r):
        s = op(s, single[k])
    out[~in_packet] = s
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
        s = np.full(dims[1], zero)
        for k in range(dims[2]):
            for i in range(dims[0]):
                s = op(s, y[i, :, k])
    else:  # rows: (kept, reduced) after a transpose
        keep = [i for i, r in enumerate(red) if not r]
        gone = [i for i, r in enumerate(red) if r]
        t = np.ascontiguousarray(y.transpose(keep + gone))
        n = math.prod(dims[i] for i in gone)
        flat = t.reshape(-1, n)
        p = lanes(x.dtype)
        s = np.empty(flat.shape[0], x.dtype)
        for start in range(p):  # (row k starts k * n values in: grouped by where in a packet)
            group = [k for k in range(flat.shape[0]) if k * n % p == start]
            if group:
                s[group] = rows(flat[group], start, op)
    return np.asarray(s, x.dtype).reshape(out_shape)
