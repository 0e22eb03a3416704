"""Sums in the order TF 2.21's CPU (Eigen) reductions add, for the half-precision kernels
and the sorted segment sums and products.

Sits in the ops layer beside halfprec.py, under reduce.py and nn.py, which call it for
float16 and bfloat16 host arrays (float32/float64 sums: eigen_sum.py, the same order in
fewer NumPy calls), and segment_ops.py (segment_fold, at the end).
TF reshapes a reduction to at most three dimensions (size-1 dimensions dropped, runs of
reduced or kept dimensions merged; more than three are transposed to (kept, reduced)), and
Eigen then adds in a fixed order over packets of 8 lanes (AVX):
- along the innermost dimension (a whole tensor, or rows): four packet accumulators over
  blocks of 32, folded ((a0 + a1) + a2) + a3, the remaining whole packets into the first,
  the last n % 8 values into a scalar from 0, and that scalar plus the packet folded in
  halves (lanes i + 4, then i + 2, then i + 1); above 8 * leaf values, the two halves
  (split at a packet boundary counted from the row's offset in the tensor) reduced apart
  and added (leaf 1024 for float, 200 for half);
- along an outer dimension (columns): the outputs taken flat, each packet of 8 adds its
  rows in turn, in four accumulators by row modulo 4 when there are 16 rows or more; a
  packet straddling two rows of the kept outer dimension and the outputs past the last
  whole packet add their rows in turn;
- along the outer and inner of three dimensions: one value at a time, the inner index
  outermost.
bfloat16 Sum and Mean widen to float32 and add in that order (exact float32 additions take
float32 Sum's paths, eigen_sum.short_rows and eigen_sum.columns, in the same order); float16
Sum and Mean add float16 values, each addition rounded to float16 but for the packet's
last fold, which Eigen does in float32; L2Loss squares, halves and sums in the half type;
BiasAddGrad is TF's own loop (see bias_grad). All were checked against TF 2.21
(tests/ops/test_halfprec_reduce.py). A whole-tensor sum large enough for Eigen to share
among threads is split by the machine's thread count, which eigen_sum follows for float32
and float64 and this does not for the half types.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import SEGMENT_LENGTH_GROUPS, fold_rows, rank_steps
from eagerflow._src.ops import eigen_sum
from eagerflow._src.ops.halfprec import down, is_half, pexp, plog, up

_F32 = np.float32
_P = 8  # float lanes of an AVX packet; Eigen's half packet (Packet8h) has 8 too


def _exact(a: Any) -> Any:
    return a


def _half(a: Any) -> Any:
    return a.astype(np.float16).astype(_F32)


def _fold(p: Any, op: Any = np.add) -> Any:
    """Eigen's predux of 8 float lanes: halves added, then pairs, then the last two."""
    t = op(p[..., :4], p[..., 4:])
    u = op(t[..., :2], t[..., 2:])
    return op(u[..., 0], u[..., 1])


def _in_turn(b: Any, rnd: Callable, op: Any = np.add) -> Any:
    """Each lane's values along axis 0 of `b` added (`op`) in turn, from zero (one)."""
    start = _F32(op.identity)
    if rnd is _exact:  # NumPy reduces along an outer axis in turn, from the first
        return op(op.reduce(b, axis=0), start) if op is np.add else op.reduce(b, axis=0)
    s = np.full(b.shape[1:], start, _F32)
    for j in range(b.shape[0]):
        s = rnd(op(s, b[j]))
    return s


def inner(x: Any, leaf: int, rnd: Callable, first: int = 0, op: Any = np.add) -> Any:
    """Eigen's InnerMostDimReducer over the last axis of float32 `x` (rows at once); `op`
    np.add (SumReducer) or np.multiply (ProdReducer: no tree, Eigen declares the product
    exactly associative)."""
    n = x.shape[-1]
    if rnd is _exact and op is np.add and n <= _P * leaf:
        return eigen_sum.short_rows(x)
    if n > _P * leaf and op is np.add:
        split = _P * -(-(first + -(-n // 2)) // _P)
        left = min(split - first, n)
        acc = rnd(_F32(0) + inner(x[..., :left], leaf, rnd, first))
        if left < n:
            acc = rnd(acc + inner(x[..., left:], leaf, rnd, split))
        return acc
    lead = x.shape[:-1]
    pacc = np.full(lead + (_P,), _F32(op.identity), _F32)
    start = 0
    if n >= 4 * _P:
        start = n // (4 * _P) * 4 * _P
        s = _in_turn(np.moveaxis(x[..., :start].reshape(lead + (-1, 4, _P)), -3, 0), rnd, op)
        pacc = rnd(op(rnd(op(rnd(op(s[..., 0, :], s[..., 1, :])), s[..., 2, :])), s[..., 3, :]))
    whole = n // _P * _P
    for j in range(start, whole, _P):
        pacc = rnd(op(pacc, x[..., j:j + _P]))
    acc = np.full(lead, _F32(op.identity), _F32)
    for j in range(whole, n):
        acc = rnd(op(acc, x[..., j]))
    return rnd(op(acc, rnd(_fold(pacc, op))))


def columns(x: Any, rnd: Callable) -> Any:
    """Eigen's reduction of axis -2 of float32 `x` (..., R, C), the last axis kept: a
    packet of outputs adds its rows by row modulo 4 in four accumulators when there are
    16 rows or more (((a0 + a1) + a2) + a3, then the last R % 4 rows), the outputs
    eigen_sum.alone marks add their rows in turn."""
    r, c = x.shape[-2:]
    if rnd is _exact:
        return eigen_sum.columns(x)
    x = np.moveaxis(x, -2, 0)  # rows first: each step adds one row of every column
    turn = _in_turn(x, rnd)
    if r < 16:
        return turn
    u = r // 4 * 4
    s = _in_turn(x[:u].reshape((u // 4, 4) + x.shape[1:]), rnd)
    acc = rnd(rnd(rnd(s[0] + s[1]) + s[2]) + s[3])
    for i in range(u, r):
        acc = rnd(acc + x[i])
    lone = eigen_sum.alone(turn.shape, c, _P)
    acc[lone] = turn[lone]
    return acc


def sum32(a: Any, axes: tuple, leaf: int = 1024, rnd: Callable = _exact) -> Any:
    """The sum of float32 `a` over `axes` in Eigen's order (kept dimensions' shape,
    without keepdims)."""
    if rnd is _exact and a.ndim == len(axes) and 0 < a.size <= _P * leaf:
        return eigen_sum.short_rows(a.reshape(-1))  # (a whole tensor: its flat values)
    out_shape = tuple(d for i, d in enumerate(a.shape) if i not in axes)
    if a.size == 0:
        return np.zeros(out_shape, _F32)
    dims, red = eigen_sum.plan(a.shape, axes)
    x = np.ascontiguousarray(a).reshape(dims)
    if not any(red):
        s = x
    elif all(red):
        s = inner(x.reshape(-1), leaf, rnd)
    elif len(dims) == 2:
        s = columns(x, rnd) if red[0] else _rows(x, leaf, rnd)
    elif len(dims) == 3 and not red[0]:
        s = columns(x, rnd)
    elif len(dims) == 3:  # outer and inner reduced: in turn, the inner axis outermost
        s = _in_turn(x.transpose(2, 0, 1).reshape(-1, dims[1]), rnd)
    else:  # TF transposes to (kept, reduced) and reduces the rows
        keep = [i for i, r in enumerate(red) if not r]
        gone = [i for i, r in enumerate(red) if r]
        t = np.ascontiguousarray(x.transpose(keep + gone))
        s = _rows(t.reshape(int(np.prod([dims[i] for i in keep])), -1), leaf, rnd)
    return np.asarray(s, _F32).reshape(out_shape)


def _rows(x: Any, leaf: int, rnd: Callable) -> Any:
    n = x.shape[-1]
    if n <= _P * leaf or n % _P == 0:  # every row splits where the first does
        return inner(x, leaf, rnd)
    return np.array([inner(row, leaf, rnd, i * n) for i, row in enumerate(x)], _F32)


def _keep(s: Any, shape: tuple, axes: tuple, keepdims: bool) -> Any:
    return s.reshape(tuple(1 if i in axes else d for i, d in enumerate(shape))) if keepdims \
        else s


_LEAF = {np.dtype(np.float16): 200}  # Eigen's LeafSize<half>; bfloat16's is 128


def _rounder(dtype: Any) -> Callable:
    if dtype == np.float16:
        return _half
    return lambda a: up(down(a, dtype))


def l2_loss(x: Any) -> Any:
    """TF's L2Loss of a half-precision array: sum(x * x * 0.5) all in the half type."""
    rnd = _rounder(x.dtype)
    with np.errstate(all="ignore"):
        a = up(x)
        t = rnd(rnd(a * a) * _F32(0.5))
        return down(sum32(t, tuple(range(x.ndim)), _LEAF.get(x.dtype, 128), rnd), x.dtype)


def half_sum(x: Any, axes: tuple, keepdims: bool) -> Any:
    """TF's Sum of a float16 or bfloat16 array."""
    with np.errstate(all="ignore"):
        if x.dtype == np.float16:  # Eigen's SumReducer<half>: float16 additions
            s = sum32(x.astype(_F32), axes, 200, _half).astype(np.float16)
        else:  # TF widens bfloat16 to float for Sum
            s = down(sum32(up(x), axes), x.dtype)
    return _keep(s, x.shape, axes, keepdims)


_WIDE = (np.dtype(np.float32), np.dtype(np.float64))


def tf_cpu_sum(x: Any, axes: tuple, keepdims: bool) -> Any:
    """TF's CPU Sum of host array x over sorted `axes` in Eigen's order (float16, bfloat16,
    float32, float64), else None. The Sum op's kernel and the broadcasting ops' eager
    gradients (SumToShapeOf) both take it: TF's gradients sum with Sum eagerly and in
    graphs alike, so an eager step and a traced one round the same."""
    if x.dtype in _WIDE:
        return eigen_sum.tf_sum(x, axes, keepdims)
    if x.dtype.itemsize == 2 and is_half(np, x):
        return half_sum(x, axes, keepdims)
    return None


def half_mean(x: Any, axes: tuple, keepdims: bool) -> Any:
    """TF's Mean of a float16 (a float16 sum over a float16 count) or bfloat16 (a float sum
    over a float count) array; an empty one is NaN."""
    n = 1
    for a in axes:
        n *= x.shape[a]
    with np.errstate(all="ignore"):
        if x.dtype == np.float16:
            s = sum32(x.astype(_F32), axes, 200, _half)
            m = (s.astype(np.float16) / np.float16(n)).astype(np.float16)
        else:
            m = down(sum32(up(x), axes) / _F32(n), x.dtype)
    return _keep(m, x.shape, axes, keepdims)


def bias_grad(g: Any, axis: int) -> Any:
    """TF's BiasAddGrad of a half-precision gradient (its ReduceOuterDimensions and
    ReduceMiddleDimensions in one block: the blocks TF splits among threads never came to
    more than one in TF 2.21's eager runs). The accumulator is float32 for float16 and
    bfloat16 itself for bfloat16. Channels last: each channel's values added in turn;
    channels first (N, C, rest): each (n, c)'s run summed by Eigen in the half type, the
    runs then added over n in turn."""
    d = g.dtype
    if g.size == 0:  # (no values: each channel's sum is zero, as TF's; no runs to shape)
        return np.zeros(g.shape[axis], d)
    rnd = _rounder(d)
    acc = _exact if d == np.float16 else rnd
    with np.errstate(all="ignore"):
        a = up(g)
        if axis == g.ndim - 1:
            s = _in_turn(a.reshape(-1, g.shape[-1]), acc)
        else:
            runs = sum32(a.reshape(g.shape[0], g.shape[1], -1), (2,), _LEAF.get(d, 128), rnd)
            s = _in_turn(runs, acc)
        return down(s, d)


def softmax(x: Any, log: bool) -> Any:
    """TF's Softmax/LogSoftmax of a half-precision array over its last axis. Softmax is
    float32's, rounded once: s = x - max, e = exp(s), e * (1 / sum(e)) (Eigen's row sum);
    log-softmax rounds each Eigen step to the type: s - log(sum(exp(s))), the row sum
    Eigen's own in the half type. (Softmax is oneDNN's, TF's default CPU kernel: with
    TF_ENABLE_ONEDNN_OPTS=0, TF's Eigen kernel rounds each of its steps to the type too.)"""
    d = x.dtype
    with np.errstate(all="ignore"):
        a = up(x)
        if not log:
            e = pexp(a - a.max(axis=-1, keepdims=True))
            return down(e * (_F32(1) / inner(e, 1024, _exact)[..., None]), d)
        rnd = _rounder(d)
        s = rnd(a - a.max(axis=-1, keepdims=True))
        total = inner(rnd(pexp(s)), _LEAF.get(d, 128), rnd)[..., None]
        return down(s - rnd(plog(total)), d)


def xent(logits: Any, labels: Any, sparse: bool) -> tuple:
    """TF's (Sparse)SoftmaxCrossEntropyWithLogits of half-precision logits, each Eigen step
    rounded to the type: s = x - max, the row sums of exp(s) in the type, the loss
    log(sum) - s[label] (dense: the row sum of labels * (log(sum) - s)), and the backprop
    exp(s) / sum - labels (dense bfloat16: all in float32, rounded once). (`labels`: int
    indices when `sparse`, else of the logits' type.)"""
    d = logits.dtype
    rnd, leaf = _rounder(d), _LEAF.get(d, 128)
    if not sparse and d != np.float16:  # TF's dense kernel computes bfloat16 in float32
        rnd, leaf = _exact, 1024
    with np.errstate(all="ignore"):
        a = up(logits)
        s = rnd(a - a.max(axis=1, keepdims=True))
        e = rnd(pexp(s))
        total = inner(e, leaf, rnd)
        lg = rnd(plog(total))
        if sparse:
            rows = np.arange(a.shape[0])
            loss = rnd(lg - s[rows, labels])
            hot = np.zeros(a.shape, _F32)
            hot[rows, labels] = 1
        else:
            hot = up(labels)
            loss = inner(rnd(hot * rnd(lg[:, None] - s)), leaf, rnd)
        return down(loss, d), down(rnd(e / total[:, None]) - hot, d)


def half_prod(x: Any, axes: tuple, keepdims: bool) -> Any:
    """TF's Prod of a float16/bfloat16 array (Eigen's ProdReducer in the type: each product
    rounded), over all axes or the last ones; others by NumPy's product in the type."""
    n = x.ndim
    if not axes or tuple(axes) != tuple(range(n - len(axes), n)) or not x.size:
        return np.multiply.reduce(x, axis=axes, keepdims=keepdims)  # (nothing to round)
    rows = up(x).reshape(int(np.prod(x.shape[:n - len(axes)])), -1)
    with np.errstate(all="ignore"):
        p = down(inner(rows, 1024, _rounder(x.dtype), 0, np.multiply), x.dtype)
    return _keep(p.reshape(x.shape[:n - len(axes)]), x.shape, axes, keepdims)


# TF's sorted segment reductions (SegmentSum, SegmentProd) on CPU reduce each segment, the
# rows [start, end) of the data taken as (rows, C), by an Eigen reduction along the rows:
# columns() above, with AVX packets (8 floats or halves, 4 doubles, 4 or 2 complex); a half
# type adds in its own type, each addition rounded (as NumPy's float16 and ml_dtypes'
# bfloat16 do).
# (Its SegmentMean's reducer keeps a count, Eigen's stateful MeanReducer, which rules out
# the four accumulators: its rows are added in turn.)
_UNROLL_ROWS = 16  # (the fewest rows Eigen adds in four accumulators)


def _lanes(dtype: Any) -> int:
    """Values in one of Eigen's AVX packets: 32 bytes of float, double, complex; 8 of a
    half type (Packet8h, Packet8bf: 16 bytes)."""
    return min(8, 32 // np.dtype(dtype).itemsize)


def unrolls(inner: int, dtype: Any, counts: Any) -> bool:
    """Whether TF's CPU segment reduction of segments of `counts` rows, `inner` values a
    row, adds some in four accumulators (else each in turn, as a scatter add does)."""
    return inner >= _lanes(dtype) and bool(counts.size) and \
        int(counts.max()) >= _UNROLL_ROWS


def segment_fold(data: Any, counts: Any, op: Any) -> Any:
    """TF's CPU segment sum (`op` np.add) or product (np.multiply) of float `data` (rows,
    C; complex summed too) cut into consecutive segments of `counts` rows: (segments, C).
    Each segment adds its rows in turn from op's identity, but for the whole packets of a
    segment of 16 rows or more: row i into accumulator i % 4 up to the last multiple of
    four, (((a0 op a1) op a2) op a3), then its last rows in turn."""
    c = data.shape[1]
    lanes = _lanes(data.dtype)
    whole = c // lanes * lanes
    starts = np.cumsum(counts) - counts
    if np.unique(counts).size < SEGMENT_LENGTH_GROUPS:
        return _by_length(data, starts, counts, whole, op)
    out = np.full((counts.size, c), op.identity, data.dtype)
    unroll = counts >= _UNROLL_ROWS if whole else np.zeros(counts.size, bool)
    turn = np.flatnonzero(~unroll)
    out[turn] = fold_rows(data, starts[turn], counts[turn], op, out[turn])
    if unroll.any():
        long = np.flatnonzero(unroll)
        st, body = starts[long], counts[long] // 4 * 4
        out[long] = fold_rows(data, st + body, counts[long] - body, op,
                              _four(data, st, body // 4, whole, op))
    return out


def _by_length(data: Any, starts: Any, counts: Any, whole: int, op: Any) -> Any:
    """segment_fold() a group of segments of one length at a time: a view of the rows
    where the group's segments follow each other, else a gathered copy."""
    out = np.empty((counts.size, data.shape[1]), data.dtype)
    order = np.argsort(counts, kind="stable")
    ranked = counts[order]
    cut = np.flatnonzero(np.diff(ranked)) + 1
    for a, b in zip(np.r_[0, cut], np.r_[cut, counts.size]):
        segs, rows = order[a:b], int(ranked[a])
        if segs[-1] - segs[0] == b - a - 1:  # (consecutive segments: consecutive rows)
            block = data[starts[segs[0]]:starts[segs[0]] + (b - a) * rows]
        else:
            block = data[(starts[segs][:, None] + np.arange(rows)).reshape(-1)]
        out[segs] = _equal(block.reshape(b - a, rows, data.shape[1]), whole, op)
    return out


def _equal(block: Any, whole: int, op: Any) -> Any:
    """segment_fold() of the segments of (n, rows, C) `block`, reduced along its rows
    (NumPy reduces an outer axis in turn, from the first row; folding in op's identity
    after gives what Eigen's start from it gives: a sum of -0s is +0)."""
    n, rows, c = block.shape
    one = block.dtype.type(op.identity)
    if rows < _UNROLL_ROWS or not whole:
        return op(_in_turn_rows(block, op), one)
    out = np.empty((n, c), block.dtype)
    out[:, whole:] = op(_in_turn_rows(block[:, :, whole:], op), one)
    body = rows // 4 * 4
    acc = op.reduce(block[:, :body, :whole].reshape(n, body // 4, 4, whole), axis=1)
    total = out[:, :whole]
    np.copyto(total, acc[:, 0])
    for k in (1, 2, 3):
        op(total, acc[:, k], out=total)
    op(total, one, out=total)
    for i in range(body, rows):
        op(total, block[:, i, :whole], out=total)
    return out


def _in_turn_rows(block: Any, op: Any) -> Any:
    """`op` over axis 1 of (n, rows, w) `block`, row by row. (NumPy's reduce adds rows in
    turn while a row has several values; one value a row makes the rows its inner loop,
    which it sums pairwise.)"""
    if block.shape[2] > 1 or not block.shape[1]:
        return op.reduce(block, axis=1)
    return op.accumulate(block, axis=1)[:, -1]


def _four(data: Any, starts: Any, steps: Any, whole: int, op: Any) -> Any:
    """Eigen's four accumulators over each segment's first 4 * steps rows: columns up to
    `whole` row 4i + k into accumulator k, then (((a0 op a1) op a2) op a3); the columns
    past it each row in turn (accumulator 0 holds them)."""
    order, n, active, few = rank_steps(steps)
    st = starts[order]
    acc = np.full((4, st.size, data.shape[1]), op.identity, data.dtype)
    buf = np.empty(acc.shape[1:], data.dtype)
    for i in range(few):
        m = int(active[i])
        for k in range(4):  # (whole rows: np.take copies a strided array first)
            np.take(data, st[:m] + 4 * i + k, axis=0, out=buf[:m])
            op(acc[k, :m, :whole], buf[:m, :whole], out=acc[k, :m, :whole])
            op(acc[0, :m, whole:], buf[:m, whole:], out=acc[0, :m, whole:])
    for j in range(int(active[few])):
        rows = data[st[j] + 4 * few:st[j] + 4 * int(n[j])]
        lanes = np.concatenate([acc[:, j, :whole][None],
                                rows[:, :whole].reshape(-1, 4, whole)])
        acc[:, j, :whole] = op.accumulate(lanes, axis=0)[-1]
        acc[0, j, whole:] = op.accumulate(
            np.concatenate([acc[0, j, whole:][None], rows[:, whole:]]), axis=0)[-1]
    total = acc[0].copy()
    for k in (1, 2, 3):
        op(total[:, :whole], acc[k, :, :whole], out=total[:, :whole])
    out = np.empty_like(total)
    out[order] = total
    return out
