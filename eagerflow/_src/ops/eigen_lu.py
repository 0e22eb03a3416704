"""Eigen's unblocked PartialPivLU, step for step, in NumPy: what TF's CPU kernels factor
with (MatrixSolve and MatrixInverse over inf/NaN, MatrixDeterminant, LogMatrixDeterminant),
so their pivots, NaN spread and signed zeros are TF's rather than LAPACK's. Host-only
NumPy (no ops, no tensors): linalg.py and linalg_decomp.py call it from their kernels."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.ops.complex_quotient import c_divide, packet_quotient


def eigen_lu(a: np.ndarray) -> tuple:
    """(LU, row order) of Eigen's unblocked PartialPivLU, TF's MatrixSolve's, step for step
    (for matrices holding inf or NaN, where its pivots and NaN's spread are its own): each
    column's pivot the first of largest modulus (a NaN never replaces, a first NaN stays),
    the column below divided by it unless it is 0 (a complex one by C's division, as
    std::complex divides one value at a time), then the rank-one update regardless."""
    m = np.array(a, dtype=np.result_type(a.dtype, np.float32))
    n = m.shape[0]
    order = np.arange(n)
    with np.errstate(all="ignore"):
        for k in range(n):
            col = np.abs(m[k:, k])
            best, row = col[0], 0
            for i in range(1, col.size):
                if col[i] > best:
                    best, row = col[i], i
            if best != 0:
                if row:
                    m[[k, k + row]] = m[[k + row, k]]
                    order[[k, k + row]] = order[[k + row, k]]
                m[k + 1:, k] = _scalar_quotient(m[k + 1:, k], m[k, k])
            m[k + 1:, k + 1:] -= np.outer(m[k + 1:, k], m[k, k + 1:])
    return m, order


def _scalar_quotient(x: np.ndarray, pivot: Any) -> np.ndarray:
    """x / pivot as std::complex divides (C's division: a finite value over an infinite
    pivot is zero, where NumPy's gives NaN); real ones as NumPy divides."""
    if x.dtype.kind != "c":
        return x / pivot
    re, im = c_divide(x.real, x.imag, np.full_like(x.real, pivot.real),
                      np.full_like(x.imag, pivot.imag))
    out = np.empty_like(x)
    out.real, out.imag = re, im
    return out


def eigen_lu_batch(x: np.ndarray) -> tuple:
    """eigen_lu over a batch (..., n, n) at once, one column step for all matrices: (LU,
    whether each matrix's rows were swapped an odd number of times)."""
    # (the batch's count spelled out: -1 can't be read off an empty batch of empty matrices)
    count, n = int(np.prod(x.shape[:-2], dtype=np.int64)), x.shape[-1]
    m = np.array(x, dtype=np.result_type(x.dtype, np.float32)).reshape((count, n, n))
    t, odd = _lu_columns(np.ascontiguousarray(m.transpose(1, 2, 0)), n)
    # (the former layout back: NumPy's sums along an axis, the determinants', follow it)
    m = np.ascontiguousarray(t.transpose(2, 0, 1))
    return m.reshape(x.shape[:-2] + m.shape[-2:]), odd.reshape(x.shape[:-2])


def _lu_columns(t: np.ndarray, n: int) -> tuple:
    """eigen_lu over matrices held (n, n + extra, count): the first n columns factored in
    place, the rows of the extra ones (right-hand sides) swapped with theirs. Each step's
    slices run over the batch innermost, so NumPy's loops are long and contiguous. (t,
    whether each matrix's rows were swapped an odd number of times)."""
    batch = np.arange(t.shape[-1])
    odd = np.zeros(t.shape[-1], bool)
    with np.errstate(all="ignore"):
        for k in range(n):
            col = np.abs(t[k:, k])
            r = np.argmax(col, axis=0)  # (the first largest modulus, or the first NaN)
            best = col[r, batch]
            if np.isnan(best).any():  # (a NaN never wins unless it comes first)
                nan = np.isnan(col)
                r = np.where(nan[0], 0, np.argmax(np.where(nan, -1.0, col), axis=0))
                best = col[r, batch]
            zero = best == 0
            if some_zero := zero.any():  # (an all-zero column: no swap, no division)
                r[zero] = 0
            if r.any():
                top = t[k].copy()
                t[k] = t[k + r, :, batch].T
                t[k + r, :, batch] = top.T
                odd ^= r != 0
            pivot = np.where(zero, 1, t[k, k]) if some_zero else t[k, k]
            t[k + 1:, k] = _divide(t[k + 1:, k], pivot)
            t[k + 1:, k + 1:n] -= t[k + 1:, k, None] * t[k, None, k + 1:n]
    return t, odd


def _lu_finite(t: np.ndarray, n: int, upto: int) -> np.ndarray | None:
    """_lu_columns' steps where they stay finite, in fewer NumPy calls a column: the first
    largest modulus is argmax's, and no column is all zeros (its division would be 0 / 0).
    None where any factor is inf or NaN: a value once inf or NaN stays so through these
    steps, so finite factors mean every step was finite, and the same as _lu_columns'
    (which takes the others, from the start). Each step's update reaches column `upto`."""
    count = t.shape[-1]
    m = t[..., 0] if count == 1 else t  # (one matrix: 2-D steps, a fifth cheaper)
    for k in range(n):
        r = np.abs(m[k:, k]).argmax(axis=0)
        if count == 1:
            if r:
                m[[k, k + r]] = m[[k + r, k]]
        elif r.any():
            batch = np.arange(count)
            top = m[k].copy()
            m[k] = m[k + r, :, batch].T
            m[k + r, :, batch] = top.T
        m[k + 1:, k] /= m[k, k]
        m[k + 1:, k + 1:upto] -= m[k + 1:, k, None] * m[k, None, k + 1:upto]
    return t if np.isfinite(t[:, :n]).all() else None


def _flusher(dtype: Any) -> Any:
    """Denormals of `dtype` as zeros of their sign: how TF's CPU threads read and write
    them (DAZ and FTZ)."""
    tiny = np.finfo(dtype).tiny

    def flush(v: np.ndarray) -> np.ndarray:
        return np.where(np.abs(v) < tiny, v * 0, v)
    return flush


# TF's kernels hold row-major matrices: Eigen's triangular solves (TRSM) then run on the
# right of the transposed factors, one unknown at a time, in panels this wide (AVX without
# FMA: 16 float rows, 8 double ones). Within one panel each unknown's row has the known
# ones' products subtracted in turn, left to right; before a panel, a GEBP product
# subtracts those of the unknowns solved in the panels before it (_gebp). PartialPivLU is
# unblocked up to 16 rows. So up to 16 rows these steps are TF's bits (small_solve_golden:
# 17 differ); larger matrices go to LAPACK.
SMALL_SOLVE = {np.dtype(np.float32): 16, np.dtype(np.float64): 16}
_PANEL = {np.dtype(np.float32): 16, np.dtype(np.float64): 8}


def eigen_small_solve(a: np.ndarray, b: np.ndarray) -> tuple:
    """TF's MatrixSolve on CPU for real matrices of up to SMALL_SOLVE rows, step for step:
    Eigen's PartialPivLU, the right-hand sides permuted, then the unit lower and upper
    substitutions, each unknown then multiplied by its pivot's reciprocal. (x, whether each
    matrix passes TF's check: its smallest pivot modulus > 0.) Denormal inputs and pivots
    read as zeros, as TF's threads read them; the steps' own denormals are not flushed
    (NumPy's arithmetic, as elsewhere)."""
    n, count, panel = a.shape[-1], a.size // a.shape[-1] ** 2, _PANEL[a.dtype]
    if n <= panel and count * (_PER_MATRIX + n * n * (n + b.shape[-1])) <= _BATCH_STEP * n:
        return _solves_one_at_a_time(a, b)
    dtype, rhs = np.result_type(a, np.float32), b.shape[-1]
    with np.errstate(all="ignore"):  # (held (n, n + rhs, count), as _lu_columns holds them)
        both = np.concatenate([a.reshape(count, n, n), b.reshape(count, n, rhs)], axis=-1)
        both = _flusher(dtype)(both).transpose(1, 2, 0)
        # (one panel of unknowns: the unit lower substitution is the LU's update of the
        # right-hand sides' columns, the same steps in the same order)
        merged = n <= panel
        t = _lu_finite(np.array(both, dtype, order="C"), n, n + rhs if merged else n)
        if t is None:  # (inf or NaN on the way: the pivots' own rules)
            t, _ = _lu_columns(np.ascontiguousarray(both, dtype), n)
            merged = False
        lu, x = t[:, :n], t[:, n:]  # (the right-hand sides' rows permuted with the LU's)
        if not merged:
            _unit_lower(lu, x, panel)
        if count == 1 and n <= panel:  # (one matrix in one panel: 2-D views, cheaper steps)
            _upper(lu[..., 0], x[..., 0], panel)
        else:
            _upper(lu, x, panel)
    x = np.ascontiguousarray(x.transpose(2, 0, 1), b.dtype).reshape(b.shape)
    return x, _pivots_ok(np.abs(np.diagonal(lu)), np.finfo(dtype).tiny)


def _unit_lower(lu: np.ndarray, x: np.ndarray, panel: int) -> None:
    """eigen_small_solve's unit lower substitution, in place: panels first to last."""
    n = lu.shape[0]
    for p0 in range(0, n, panel):
        p1 = min(n, p0 + panel)
        if p0:
            x[p0:p1] -= _gebp(x[:p0], lu[p0:p1, :p0])
        for k in range(p0, p1 - 1):  # (each row's subtractions still left to right)
            x[k + 1:p1] -= x[k] * lu[k + 1:p1, k, None]


def _upper(lu: np.ndarray, x: np.ndarray, panel: int) -> None:
    """eigen_small_solve's upper substitution, in place: panels last to first, each row's
    known products subtracted in turn (one reduction over the row's value and them, held
    side by side in `work`), then the row times its pivot's reciprocal."""
    n = lu.shape[0]
    reciprocals = 1 / np.diagonal(lu).T  # ((n, count), or (n,) of a 2-D lu)
    work = np.empty_like(x)
    for p0 in range((n - 1) // panel * panel, -1, -panel):
        p1 = min(n, p0 + panel)
        if p1 < n:
            x[p0:p1] -= _gebp(x[p1:], lu[p0:p1, p1:])
        work[p0:p1] = x[p0:p1]  # (a row's own value stays there until its turn)
        for j in range(p1 - 1, p0 - 1, -1):
            if j < p1 - 1:
                np.multiply(x[j + 1:p1], lu[j, j + 1:p1, None], out=work[j + 1:p1])
                np.subtract.reduce(work[j:p1], axis=0, out=x[j])
            x[j] *= reciprocals[j]


def _gebp(known: np.ndarray, factor: np.ndarray) -> np.ndarray:
    """Eigen's GEBP product of a double panel's update (AVX, no FMA), held as the solve's
    steps hold it: known (depth, rhs, count) the unknowns solved, factor (cols, depth,
    count) their coefficients in the panel's rows; (cols, rhs, count) the sums it subtracts.
    Each is summed from zero in its own order, by where its right-hand side falls among the
    kernel's rows (packets of 4 unknowns' values: pairs of packets, one packet, a half, the
    rest) and its column among its groups of 4 columns (a last 1-3 columns: in turn):
    pairs of packets in turn; one or half a packet even and odd terms apart (below 8 terms
    in turn), then added; the rest in four sums of every fourth term, added in pairs (below
    4 in turn); the terms past those groups then added in turn."""
    terms = known[:, None] * np.swapaxes(factor, 0, 1)[:, :, None]  # (depth, cols, rhs, count)
    depth, cols, rhs = terms.shape[:3]
    out = _in_turn(terms)
    grouped, pairs = cols // 4 * 4, rhs // 8 * 8
    tail = pairs + (rhs - pairs) // 2 * 2  # (the rows of one packet or half of one: to here)
    if grouped and depth >= 8 and tail > pairs:
        even = depth // 8 * 8
        split = _in_turn(terms[0:even:2]) + _in_turn(terms[1:even:2])
        out[:grouped, pairs:tail] = _in_turn(terms[even:, :grouped, pairs:tail],
                                             split[:grouped, pairs:tail])
    if grouped and depth >= 4 and tail < rhs:
        four = depth // 4 * 4
        sums = [_in_turn(terms[i:four:4, :grouped, tail:]) for i in range(4)]
        out[:grouped, tail:] = _in_turn(terms[four:, :grouped, tail:],
                                        (sums[0] + sums[1]) + (sums[2] + sums[3]))
    return out


def _in_turn(terms: np.ndarray, start: np.ndarray | None = None) -> np.ndarray:
    """start + terms[0] + terms[1] + ..., added in turn (from zeros without a start: -0
    terms sum to +0)."""
    first = np.zeros(terms.shape[1:], terms.dtype) if start is None else start
    return np.add.accumulate(np.concatenate([first[None], terms]))[-1]


# A batch of matrices is factored and solved a step at a time for all of them (NumPy calls
# over the batch: about _BATCH_STEP a row) or one matrix at a time over Python numbers
# (about _PER_MATRIX plus n^2 (n + right-hand sides) each), whichever costs less. Fitted
# to both ways' times at 2-16 rows, 1, 2 or n right-hand sides and 1-16 matrices, float32
# and float64 (docs/performance.md, perf47): within 1% of the faster way on average.
_BATCH_STEP, _PER_MATRIX = 180, 60


def _solves_one_at_a_time(a: np.ndarray, b: np.ndarray) -> tuple:
    """eigen_small_solve's steps, each matrix alone over Python floats (float64) or NumPy
    float32 scalars (float32), which round as the arrays' steps do. Their products are
    written with the factors swapped: where both are NaN, NumPy's vector loops keep the
    first one's NaN (its sign), a scalar product the second's (NaN signs are no result
    the arrays' steps define: over short rows NumPy's scalar loops take the second's)."""
    n, k = a.shape[-1], b.shape[-1]
    tiny = float(np.finfo(a.dtype).tiny)
    mats, rhs = _numbers(a, tiny), _numbers(b, tiny)
    count = len(mats) // (n * n)
    x, ok = np.empty((count, n, k), a.dtype), np.empty(count, bool)
    one = 1.0 if a.dtype == np.float64 else np.float32(1)
    with np.errstate(all="ignore"):  # (NumPy scalars' steps: inf and NaN quietly)
        for i in range(count):
            m = [mats[(i * n + j) * n:(i * n + j + 1) * n] for j in range(n)]
            order = _lu_one(m, one)
            if k == 1:  # (one right-hand side: its numbers alone, no loops over columns)
                x[i, :, 0] = _substitute_one(m, [rhs[i * n + j] for j in order], one)
            else:
                x[i] = _substitute(m, [rhs[(i * n + j) * k:(i * n + j + 1) * k] for j in order],
                                   one)
            low = abs(_ftz(m[0][0], tiny))  # (TF's check, _pivots_ok's)
            for j in range(1, n):
                if (v := abs(_ftz(m[j][j], tiny))) < low:
                    low = v
            ok[i] = low > 0
    return x.reshape(b.shape), ok


def _numbers(v: np.ndarray, tiny: float) -> list:
    """The values of `v` in order, as Python floats (float64) or NumPy float32 scalars
    (whose steps round in float32), denormals read as zeros."""
    values = v.ravel().tolist() if v.dtype == np.float64 else list(v.flat)
    return [_ftz(e, tiny) for e in values]


def _ftz(v: Any, tiny: float) -> Any:
    return v * 0 if abs(v) < tiny else v


def _lu_one(m: list, one: Any) -> list:
    """_lu_steps on one matrix `m` (rows of numbers, factored in place): its row order."""
    n = len(m)
    order = list(range(n))
    for k in range(n):
        col = [abs(m[i][k]) for i in range(k, n)]
        # the first largest modulus; a NaN never wins unless it comes first
        r, top = 0, -1.0 if col[0] != col[0] else col[0]
        for i in range(1, len(col)):
            if col[i] > top:
                r, top = i, col[i]
        if col[0] != col[0] or not col[r] != 0:  # (an all-zero column: no swap, no division)
            r = 0
        if r:
            m[k], m[k + r] = m[k + r], m[k]
            order[k], order[k + r] = order[k + r], order[k]
        pivot, head = m[k][k] if col[r] != 0 else one, m[k]
        for i in range(k + 1, n):
            row = m[i]
            row[k] = row[k] / pivot
            f = row[k]
            for j in range(k + 1, n):
                row[j] = row[j] - head[j] * f
    return order


def _substitute(lu: list, x: list, one: Any) -> list:
    """eigen_small_solve's substitutions over one matrix's rows of numbers: the unit lower,
    then the upper, each unknown times its pivot's reciprocal."""
    n = len(lu)
    for k in range(n - 1):
        known = x[k]
        for i in range(k + 1, n):
            f, row = lu[i][k], x[i]
            for c in range(len(row)):
                row[c] = row[c] - f * known[c]
    for j in range(n - 1, -1, -1):
        row = x[j]
        for k in range(j + 1, n):
            f, known = lu[j][k], x[k]
            for c in range(len(row)):
                row[c] = row[c] - f * known[c]
        p = lu[j][j]
        inv = one / p if p != 0 else math.copysign(math.inf, p)  # (1/0: Python raises)
        for c in range(len(row)):
            row[c] = inv * row[c]
    return x


def _substitute_one(lu: list, v: list, one: Any) -> list:
    """_substitute() of one right-hand side `v` (its numbers), in place: the same
    operations, in the same order and with the same operands."""
    n = len(lu)
    for k in range(n - 1):
        known = v[k]
        for i in range(k + 1, n):
            v[i] = v[i] - lu[i][k] * known
    for j in range(n - 1, -1, -1):
        row, s = lu[j], v[j]
        for k in range(j + 1, n):
            s = s - row[k] * v[k]
        p = row[j]
        v[j] = (one / p if p != 0 else math.copysign(math.inf, p)) * s
    return v


def fits_small_solve(a: np.ndarray) -> bool:
    """Whether eigen_small_solve takes the matrices `a` (real, non-empty, few rows)."""
    return a.size > 0 and a.shape[-1] <= SMALL_SOLVE.get(a.dtype, 0)


def _pivots_ok(d: np.ndarray, tiny: float) -> np.ndarray:
    """TF's check of each LU from its pivots' moduli d (count, n): the smallest, by Eigen's
    minCoeff from the first (a NaN there stays, a later one never wins: fmin's), read as
    TF's threads read it (a denormal is 0), > 0."""
    return ~np.isnan(d[:, 0]) & (np.fmin.reduce(d, axis=1) >= tiny)


def _divide(x: np.ndarray, pivot: np.ndarray) -> np.ndarray:
    """A column over its pivot: complex ones by Eigen's packet quotient (NaN over an
    infinite pivot, where NumPy's gives zeros), as TF's determinants divide (its solves and
    inverses divide as NumPy does: eigen_lu)."""
    return packet_quotient(x, pivot) if x.dtype.kind == "c" else x / pivot


def _unit_phase(d: np.ndarray) -> np.ndarray:
    """Each pivot's sign: d / |d| (per component for complex, so signed zeros stay), +0 for
    a zero pivot of either sign, NaN for NaN, and +-1 for an infinite real one."""
    mag = np.abs(d)
    zero = mag == 0
    if d.dtype.kind != "c":
        return np.where(zero, 0, np.sign(d)).astype(d.dtype)
    out = np.empty_like(d)
    with np.errstate(all="ignore"):
        out.real = np.where(zero, 0, d.real / mag)
        out.imag = np.where(zero, 0, d.imag / mag)
    return out


def eigen_slogdet(x: np.ndarray) -> tuple:
    """(sign, log|det|) as TF's CPU kernels take them from Eigen's pivoted LU: log|det| the
    sum of the pivots' log-moduli, the sign the row swaps' sign times the product, first
    to last, of the pivots' phases. A singular matrix's sign is so a signed zero: -0.0
    where the swaps or the other pivots make it negative (TF's det([[1, 2], [2, 4]]))."""
    lu, odd = eigen_lu_batch(x)
    d = np.diagonal(lu, axis1=-2, axis2=-1)
    with np.errstate(all="ignore"):
        # each log rounded from float64 (Eigen's are within an ulp of that; NumPy's float32
        # log is not as close), summed in the pivots' precision
        mag = np.abs(d)
        logabs = np.log(mag.astype(np.float64)).astype(mag.dtype).sum(axis=-1)
    phase = _unit_phase(d)
    sign = np.ones(d.shape[:-1], d.dtype)
    if d.shape[-1]:
        sign = phase[..., 0]
        for i in range(1, d.shape[-1]):
            sign = sign * phase[..., i]
    return np.where(odd, -1, 1).astype(d.dtype) * sign, logabs


def eigen_det(x: np.ndarray) -> np.ndarray:
    """TF's CPU determinant: sign * exp(log|det|), a complex sign scaled per component."""
    sign, logabs = eigen_slogdet(x)
    with np.errstate(all="ignore"):
        scale = np.exp(logabs.astype(np.float64)).astype(logabs.dtype)  # (as the logs)
        if sign.dtype.kind != "c":
            return sign * scale
        out = np.empty_like(sign)
        out.real, out.imag = sign.real * scale, sign.imag * scale
    return out


def eigen_lu_invertible(a: np.ndarray) -> bool:
    """TF's check after the LU: the pivots' smallest modulus, Eigen's minCoeff from the
    first (a NaN there stays, a later one never wins), must be > 0."""
    d = np.abs(np.diagonal(eigen_lu(a)[0]))
    low = d[0]
    for v in d[1:]:
        if v < low:
            low = v
    return bool(low > 0)


def eigen_lu_solve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """x with a x = b through eigen_lu: the rows permuted, then unit lower and upper
    triangular substitution, every product taken (0 * inf is NaN there too). Complex ones
    as Eigen's triangular solves take them: the products subtracted in turn, each unknown
    multiplied by its pivot's reciprocal (C's division: 1 / inf is 0)."""
    lu, order = eigen_lu(a)
    x = np.array(b[order], dtype=lu.dtype)
    n = lu.shape[0]
    if lu.dtype.kind == "c":
        return _complex_substitution(lu, x).astype(b.dtype, copy=False)
    for i in range(n):
        x[i] -= lu[i, :i] @ x[:i]
    for i in range(n - 1, -1, -1):
        x[i] = (x[i] - lu[i, i + 1:] @ x[i + 1:]) / lu[i, i]
    return x.astype(b.dtype, copy=False)


def _complex_substitution(lu: np.ndarray, x: np.ndarray) -> np.ndarray:
    n = lu.shape[0]
    for i in range(n):
        for j in range(i):
            x[i] -= lu[i, j] * x[j]
    for i in range(n - 1, -1, -1):
        for j in range(i + 1, n):
            x[i] -= lu[i, j] * x[j]
        x[i] *= _scalar_quotient(np.ones(1, lu.dtype), lu[i, i])[0]
    return x
