"""Which zero TF 2.21's CPU Max and Min return where +0 and -0 tie for the extreme.

Sits in the ops layer under reduce.py (whose Max/Min kernels call zero_signs on a result
with zeros), beside eigen_sum.py, whose plan() and column layout it shares: the one
reduction geometry TF reshapes every reduction to. The two zeros compare equal, so the
sign that comes out is decided by the path Eigen's reduction takes alone, never by the
values; each path prefers, among the values equal to the extreme, the one it visits at a
fixed rank (recorded from TF 2.21: tests/ops/reduce_zero_signs_golden.json):
- a row (the innermost dimension, or a whole tensor): the last n % p values go through
  the scalar reducer, which keeps the later of two equal values, and beat the packets;
  the whole packets are reduced lane by lane, in four accumulators by packet index modulo
  4 when there are four packets or more (folded a0, a1, a2, a3 in turn, then the remaining
  packets), and the lanes folded by Eigen's predux tree (lanes i + 4, then i + 2, then
  i + 1, the second of each pair kept on a tie: lane 7, 3, 5, 1, 6, 2, 4, 0 first).
  float32 and float64 packets keep the later of two equal values, the half types' (a
  float conversion's max, its operands the other way round) the earlier;
- columns (an outer dimension reduced): outputs Eigen computes a packet at a time
  (eigen_sum.alone) keep by the packet rule over the rows, in four accumulators by row
  modulo 4 from 16 rows on; the others keep the last row;
- the outer and inner of three dimensions: one value at a time, the inner index
  outermost, the last kept;
- more than three dimensions: transposed to (kept, reduced) rows.
A whole tensor large enough for Eigen's cost model to share among threads is cut into
blocks (eigen_sum.shard_threads): the remainder's extreme first, then each block's in
turn, the later kept on a tie.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from eagerflow._src.backend import intra_op_threads
from eagerflow._src.ops import eigen_sum

# Eigen's predux over a packet's lanes: the order in which lanes win ties
_LANE_ORDER = {8: (7, 3, 5, 1, 6, 2, 4, 0), 4: (3, 1, 2, 0)}


def _later_wins(dtype: Any) -> bool:
    """Whether a packet's max/min keeps the later of two equal values (float32/float64's
    AVX max keeps its second operand; the half types' goes through float the other way)."""
    return np.dtype(dtype).itemsize > 2


def _lanes(dtype: Any) -> int:
    return 8 if np.dtype(dtype).itemsize == 2 else eigen_sum.lanes(dtype)


def _accumulated(count: int, later: bool) -> list:
    """The order, most preferred first, in which `count` steps reduced into four
    accumulators by step modulo 4 (from four steps on: below, one accumulator in turn),
    folded a0, a1, a2, a3 and then the remaining steps, win ties."""
    four = count // 4 * 4
    accs = [list(range(q, four, 4)) for q in range(4)]
    rest = list(range(four, count))
    if later:  # the last accumulator, and the last step within one, win
        return rest[::-1] + [s for q in reversed(accs) for s in reversed(q)]
    return [s for q in accs for s in q] + rest


@functools.lru_cache(maxsize=512)
def row_ranks(n: int, dtype: Any) -> Any:
    """For each position of a row of `n` values, its rank among tied values (higher
    wins) in Eigen's InnerMostDimReducer."""
    p = _lanes(dtype)
    whole = n // p
    order = list(range(n - 1, whole * p - 1, -1))  # the scalar tail, the last first
    packets = _accumulated(whole, _later_wins(dtype))
    order += [k * p + lane for lane in _LANE_ORDER[p] for k in packets] if whole else []
    rank = np.empty(n, np.int64)
    rank[order] = np.arange(n - 1, -1, -1)
    return rank


@functools.lru_cache(maxsize=512)
def _column_ranks(rows: int, dtype: Any) -> Any:
    """row_ranks() of a column reduced a packet of outputs at a time."""
    unroll = rows >= eigen_sum._UNROLL_ROWS
    order = _accumulated(rows, _later_wins(dtype)) if unroll else \
        list(range(rows))[::-1 if _later_wins(dtype) else 1]
    rank = np.empty(rows, np.int64)
    rank[order] = np.arange(rows - 1, -1, -1)
    return rank


def _winners(v: Any, extreme: Any, rank: Any) -> Any:
    """Whether the tied value each row of `v` (outputs, m) returns is negative: of the
    values equal to the row's `extreme`, the one of highest `rank` (per column, or per
    output and column)."""
    at = np.argmax(np.where(v == extreme[:, None], rank, -1), axis=1)
    return np.signbit(v[np.arange(v.shape[0]), at])


def _row_signs(x2: Any, extreme: Any, dtype: Any) -> Any:
    return _winners(x2, extreme, row_ranks(x2.shape[1], dtype))


def _full_signs(flat: Any, extreme: Any, dtype: Any) -> Any:
    """_row_signs() of a whole tensor, cut among threads as Eigen's FullReducer cuts it."""
    n = flat.size
    p, t = _lanes(dtype), 1
    if eigen_sum.shard_threads(n, dtype, 2, packet=p) > 1:  # (the pool's size asked only then)
        t = eigen_sum.shard_threads(n, dtype, intra_op_threads(), packet=p)
    if t == 1:
        return _row_signs(flat[None], extreme, dtype)
    size = math.floor(np.float32(n) / np.float32(t))
    blocks = n // size
    rank = np.empty(n, np.int64)  # the remainder lowest, then each block above the last
    rank[blocks * size:] = row_ranks(n - blocks * size, dtype) if blocks * size < n else 0
    block = row_ranks(size, dtype)
    for b in range(blocks):
        rank[b * size:(b + 1) * size] = block + (b + 1) * n
    return _winners(flat[None], extreme, rank)


def _column_signs(x3: Any, extreme: Any, dtype: Any) -> Any:
    """(A, R, C) `x3` reduced over R; `extreme` (A * C,)."""
    a, r, c = x3.shape
    v = np.ascontiguousarray(x3.transpose(0, 2, 1)).reshape(a * c, r)
    packet = _column_ranks(r, dtype)
    alone = eigen_sum.alone((a, c), c, _lanes(dtype)).reshape(-1)
    rank = np.where(alone[:, None], np.arange(r), packet)
    return _winners(v, extreme, rank)


def _signs(x: Any, axes: tuple, extreme: Any, dtype: Any) -> Any:
    """Whether each output of x's max or min over `axes` (flat: `extreme`) is -0 where
    ties decide it, x's values of `dtype` (the half types widened)."""
    dims, red = eigen_sum.plan(x.shape, axes)
    xs = np.ascontiguousarray(x).reshape(dims)
    if all(red):
        return _full_signs(xs.reshape(-1), extreme, dtype)
    if len(dims) == 2 and not red[0]:
        return _row_signs(xs, extreme, dtype)
    if len(dims) == 2:
        return _column_signs(xs[None], extreme, dtype)
    if len(dims) == 3 and not red[0]:
        return _column_signs(xs, extreme, dtype)
    if len(dims) == 3:  # outer and inner: in turn, the inner index outermost
        a, b, c = dims
        v = np.ascontiguousarray(xs.transpose(1, 2, 0)).reshape(b, c * a)
        return _winners(v, extreme, np.arange(c * a))
    keep = [i for i, r in enumerate(red) if not r]
    gone = [i for i, r in enumerate(red) if r]
    t = np.ascontiguousarray(xs.transpose(keep + gone))
    return _row_signs(t.reshape(math.prod(dims[i] for i in keep), -1), extreme, dtype)


def _both_zeros(x: Any) -> bool:
    """Whether x holds both +0 and -0 (else the one zero it holds is every zero result's,
    as NumPy's reduction gives it): its bits compared, one pass each."""
    bits = x.view(f"i{x.dtype.itemsize}")
    return bool((bits == 0).any()) and bool((bits == np.iinfo(bits.dtype).min).any())


def zero_signs(x: Any, axes: tuple, out: Any) -> Any:
    """`out`, x's max or min over sorted `axes` (keepdims or not) on the CPU, with each
    zero given the sign TF's kernel returns when +0 and -0 tie."""
    zero = out.reshape(-1) == 0
    if not zero.any() or not any(eigen_sum.plan(x.shape, axes)[1]) or not _both_zeros(x):
        return out
    dtype = x.dtype
    if dtype.itemsize == 2:  # (NumPy has no signbit for bfloat16; float32 holds both)
        x = x.astype(np.float32)
    neg = _signs(x, axes, np.zeros(out.size, x.dtype), dtype)
    flat = out.reshape(-1).copy()
    flat[zero] = np.where(neg[zero], -0.0, 0.0)
    return flat.reshape(out.shape)
