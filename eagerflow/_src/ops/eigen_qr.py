"""Eigen's HouseholderQR as TF's CPU Qr kernel runs it, step for step, in NumPy: over a
batch at once, on the row-major matrices TF's linear-algebra kernels hold, so each sum is
taken in Eigen's order there (its last bits are TF's). Host-only NumPy (no ops, no
tensors): linalg_decomp.py calls it from its kernel.

Row-major storage makes a column strided: its squared norm is summed one element after
another, and the product of a reflector with the rows below it (Eigen's column-major
matrix-vector kernel over the transposed block) sums each column top to bottom, in one
pass below 128 rows, else in passes of 16 rows (4 where a row is 32,000 bytes or more)
added to the running result. Products and sums are rounded one by one (TF's build has no
FMA). Both QR and its Q are unblocked below 48 columns; wider ones block their updates
into matrix products, which this does not follow. (Denormals are not flushed here as TF's
threads flush them.)
"""

from __future__ import annotations

from typing import Any

import numpy as np

BLOCK = 48  # Eigen's block size for HouseholderQR and for applying its Householder sequence


def fits(shape: tuple, dtype: Any) -> bool:
    """Whether householder_qr takes matrices of `shape` (..., m, n) and `dtype`: float or
    double, no wider than tall, fewer than BLOCK columns, none empty, in a batch of some
    (its packet sums reshape a batch of none ambiguously)."""
    m, n = shape[-2:]
    return dtype in (np.float32, np.float64) and 0 < n <= m and n < BLOCK and \
        0 not in shape[:-2]


def householder_qr(x: np.ndarray, full_matrices: bool) -> tuple:
    """(Q, R) of each matrix in `x` (..., m, n), m >= n, as TF's kernel computes them."""
    m, n = x.shape[-2:]
    a = np.array(x).reshape((-1, m, n))
    taus = np.zeros(a.shape[:1] + (n,), a.dtype)
    with np.errstate(all="ignore"):
        for k in range(n):
            a[:, k + 1:, k], a[:, k, k], taus[:, k] = _householder(a[:, k, k], a[:, k + 1:, k])
            _reflect(a[:, k:, k + 1:], a[:, k + 1:, k], taus[:, k], n)
        q = np.zeros((a.shape[0], m, m if full_matrices else n), a.dtype)
        q[:, np.arange(n), np.arange(n)] = 1
        if full_matrices:
            q[:, np.arange(n, m), np.arange(n, m)] = 1
        for k in range(n - 1, -1, -1):  # (full: on the corner alone, as Eigen's evalTo)
            block = q[:, k:, k:] if full_matrices else q[:, k:]
            _reflect(block, a[:, k + 1:, k], taus[:, k], q.shape[-1], not full_matrices)
    r = np.triu(a if full_matrices else a[:, :n])
    lead = x.shape[:-2]
    return q.reshape(lead + q.shape[1:]), r.reshape(lead + r.shape[1:])


def _householder(c0: np.ndarray, tail: np.ndarray) -> tuple:
    """Eigen's makeHouseholder of each column (head c0, tail): (essential part, beta, tau).
    A tail of no weight is no reflection."""
    # (the squares added in turn from the first)
    sq = np.add.accumulate(tail * tail, axis=1)[:, -1] if tail.shape[1] else np.zeros_like(c0)
    beta = np.sqrt(c0 * c0 + sq)
    beta = np.where(c0 >= 0, -beta, beta)
    ess = tail / (c0 - beta)[:, None]
    tau = (beta - c0) / beta
    none = sq <= np.finfo(c0.dtype).tiny
    if not np.count_nonzero(none):  # (cheaper than any() on a few values)
        return ess, beta, tau.astype(c0.dtype, copy=False)
    return (np.where(none[:, None], 0, ess), np.where(none, c0, beta),
            np.where(none, 0, tau).astype(c0.dtype))


def _reflect(m: np.ndarray, ess: np.ndarray, tau: np.ndarray, stride: int,
             column_major: bool = False) -> None:
    """Eigen's applyHouseholderOnTheLeft of each (I - tau v v^T), v = [1, ess], to the
    block m (row-major, rows of `stride` elements; or column-major), in place; tau 0
    leaves it."""
    if m.shape[-1] == 0:
        return
    if m.shape[1] == 1:
        m *= (1 - tau)[:, None, None]
        return
    below = m[:, 1:]
    if m.shape[-1] == 1:  # (one column: Eigen's inner product, the rows in turn)
        tmp = _column_sums(below, ess, 0, whole=True) + m[:, 0]
    else:
        tmp = (_packet_dots(below, ess) if column_major else
               _column_sums(below, ess, stride)) + m[:, 0]
    top = m[:, 0] - tau[:, None] * tmp
    rest = m[:, 1:] - (tau[:, None] * ess)[:, :, None] * tmp[:, None, :]
    keep = (tau == 0)[:, None]
    if np.count_nonzero(keep):
        top, rest = np.where(keep, m[:, 0], top), np.where(keep[:, :, None], m[:, 1:], rest)
    m[:, 0], m[:, 1:] = top, rest


def _column_sums(b: np.ndarray, v: np.ndarray, stride: int, whole: bool = False) -> np.ndarray:
    """v^T b for each block b (rows, cols), summed as Eigen's column-major GEMV over b's
    transpose: each column top to bottom from zero, in passes of rows added in turn (or,
    `whole`, in one pass)."""
    rows = b.shape[1]
    step = rows if rows < 128 or whole else (16 if stride * b.itemsize < 32000 else 4)
    prods = b * v[:, :, None]
    out = _in_turn(prods[:, :step])  # (0 + that: the same, an in-turn sum is never -0)
    for start in range(step, rows, step):
        out = out + _in_turn(prods[:, start:start + step])
    return out


def _in_turn(p: np.ndarray) -> np.ndarray:
    """The sums over axis 1 of p (count, k, ...) added in turn from zero, (0 + p0) + p1 ...
    (so -0 terms alone sum to +0): NumPy's accumulate adds one after another, and so does
    a loop of whole-term adds, which costs less where a term holds many values (accumulate
    takes a few ns a value, a call under a microsecond)."""
    if p.size < _LOOP_FROM * p.shape[1]:
        p = p.copy()
        p[:, 0] += 0
        return np.add.accumulate(p, axis=1)[:, -1]
    out = p[:, 0] + 0
    for i in range(1, p.shape[1]):
        out += p[:, i]
    return out


_LOOP_FROM = 256  # values a term from which _in_turn adds term by term


def _packet_dots(b: np.ndarray, v: np.ndarray) -> np.ndarray:
    """v^T b for each column-major block b (rows, cols), summed as Eigen's row-major GEMV
    over b's transpose (AVX packets of 8 floats or 4 doubles): each column's whole packets
    into lanes, the lanes folded in halves, then the rest in turn; the last column, when
    the kernel's groups of 8, 4 and 2 columns leave it alone, takes half packets first."""
    cols = b.shape[2]
    lanes = 32 // b.itemsize
    prods = b * v[:, :, None]
    first = 0
    for group in (8, 4, 2):
        while first < cols - group + 1:
            first += group
    if not first or first == cols:
        return _dot(prods, lanes, lanes // 2 if first < cols else lanes)
    return np.concatenate([_dot(prods[:, :, :first], lanes, lanes),
                           _dot(prods[:, :, first:], lanes, lanes // 2)], axis=1)


def _dot(p: np.ndarray, lanes: int, half: int) -> np.ndarray:
    """The sums over p's rows (count, rows, k): whole packets of `lanes`, folded, then (if
    `half` is less) whole half packets, folded and added, then the rest in turn."""
    rows = p.shape[1]
    whole = rows // lanes * lanes
    # (no whole packet: the folded zeros)
    out = _fold(_lane_sums(p[:, :whole], lanes)) if whole else np.zeros_like(p[:, 0])
    end = whole
    if half < lanes:
        end = whole + (rows - whole) // half * half
        if whole or end > whole:  # (no half packet adds folded zeros: -0 becomes +0)
            out = out + (_fold(_lane_sums(p[:, whole:end], half)) if end > whole else 0)
    if end < rows:  # (the rest added to the folded sums in turn)
        out = np.add.accumulate(np.concatenate([out[:, None], p[:, end:]], axis=1),
                                axis=1)[:, -1]
    return out


def _lane_sums(p: np.ndarray, lanes: int) -> np.ndarray:
    """(count, lanes, cols): p's rows (a whole number of packets) summed lane by lane,
    packet after packet, from zero."""
    return _in_turn(p.reshape(p.shape[0], -1, lanes, p.shape[2]))


def _fold(acc: np.ndarray) -> np.ndarray:
    """Eigen's predux: a packet's lanes added in halves, (count, lanes, cols) -> (count, cols)."""
    while acc.shape[1] > 1:
        h = acc.shape[1] // 2
        acc = acc[:, :h] + acc[:, h:]
    return acc[:, 0]
