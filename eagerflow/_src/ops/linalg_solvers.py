"""TF's tridiagonal and least-squares solvers and Cholesky's backprop kernel as raw ops:
TridiagonalSolve, TridiagonalMatMul, MatrixSolveLs and CholeskyGrad.

Sits in the ops layer after the decompositions (linalg_decomp) and the diagonal bands; the
public functions of linalg_functions.py bind them where TF's do (tridiagonal_solve and
tridiagonal_matmul in every diagonals format, lstsq with fast=False). The kernels compute
as TF's CPU kernels do (LinearAlgebraOp: batch dims equal, no broadcasting; one matrix at a
time): a singular tridiagonal system gives NaN, not an error (TF logs a warning), unless
perturb_singular asks for LAPACK's safeguarded solver (xLAGTF + xLAGTS: tiny pivots moved
off zero); MatrixSolveLs' fast path refuses a Gramian whose Cholesky factor has a pivot
<= 0, its other path gives the minimum-norm solution. On a GPU, TridiagonalSolve is TF's
GPU kernel: cuSPARSE's gtsv2 (backend.gtsv), closed forms for 1 and 2 rows, its own shape
messages, and perturb_singular refused (MatrixSolveLs and CholeskyGrad have no GPU
kernel: they run on the CPU). Gradients are
TF's, written with public ops (TridiagonalSolve's does not conjugate for complex inputs,
as TF's does not). References are plain Python loops or dense NumPy formulas.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import gtsv
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.device import current_device
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import expand_dims
from eagerflow._src.ops.array import range as range_
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.linalg import adjoint, matmul, matrix_transpose
from eagerflow._src.ops.linalg_decomp import (
    _LINALG_T,
    _dtype_check,
    _householder,
    _reflect,
    _spd,
    cholesky,
    cholesky_solve,
)
from eagerflow._src.ops.math import equal
from eagerflow._src.ops.math_base import cast, conj, where
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.shape_queries import shape
from eagerflow._src.ops.stacking import stack

_rng = SampleRNG(97)
_TRI_T = frozenset((dt.float32, dt.float64, dt.complex64, dt.complex128))
_TRI_WORDS = "double, float, complex64, complex128"


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-1.0, 1.0, size=shape)


def _batch_shapes(op: str, *xs: Any) -> tuple | None:
    """TF's LinearAlgebraOp checks of its matrix inputs, in its order and words: each input
    at least a matrix (the first's rank told), of the first's rank and batch dims (no
    broadcasting). Returns the batch shape, or None where a rank is unknown."""
    s0 = xs[0]._shape
    if s0 is not None and len(s0) < 2:
        raise C.fail(op, f"Input tensor 0 must have rank >= 2, got {len(s0)}")
    for x in xs[1:]:
        s = x._shape
        if s0 is None or s is None:
            continue
        if len(s) != len(s0):
            raise C.fail(op, "All input tensors must have the same rank.")
        if any(a is not None and b is not None and a != b for a, b in zip(s0[:-2], s[:-2])):
            raise C.fail(op, "All input tensors must have the same outer dimensions.")
    if s0 is None:
        return None
    batch = list(s0[:-2])
    for x in xs[1:]:  # (a dim unknown in the first may be known in another)
        if x._shape is not None:
            batch = [a if a is not None else b for a, b in zip(batch, x._shape[:-2])]
    return tuple(batch)


def _flat(x: Any, batch: tuple) -> Any:
    """x [*batch, r, c] as [prod(batch), r, c]."""
    return x.reshape((int(np.prod(batch, dtype=np.int64)),) + x.shape[len(batch):])


# ---------------------------------------------------------------------------------------
# TridiagonalSolve: diagonals [..., 3, M] (superdiagonal, diagonal, subdiagonal rows; the
# superdiagonal's last and the subdiagonal's first entries unused), rhs [..., M, K].
# ---------------------------------------------------------------------------------------

def _ts_infer(d: Any, rhs: Any, partial_pivoting: bool, perturb_singular: bool) -> list:
    op = "TridiagonalSolve"
    _dtype_check(op, d, _TRI_WORDS, _TRI_T)
    t = C.same_dtype(op, (d, rhs), _TRI_T)
    if current_device().device_type == "GPU":
        if _state.graph is None:  # (a graph's node makes its kernel when it runs: there)
            _gpu_refusal(perturb_singular)
        return [(_ts_gpu_shape(d._shape, rhs._shape), t)]
    if perturb_singular and not partial_pivoting:
        raise C.fail(op, "Setting perturb_singular requires also setting partial_pivoting.")
    batch = _batch_shapes(op, d, rhs)
    if batch is None or rhs._shape is None:
        return [(rhs._shape, t)]
    rows, m = d._shape[-2:]
    if rows is not None and rows != 3:
        raise C.fail(op, f"Expected diagonals to be provided as a matrix with 3 rows, got "
                         f"{rows} rows.")
    if m is not None and rhs._shape[-2] is not None and m != rhs._shape[-2]:
        raise C.fail(op, f"Expected the same number of left-hand sides and right-hand sides, "
                         f"got {m} and {rhs._shape[-2]}.")
    return [(batch + tuple(rhs._shape[-2:]), t)]


def _gpu_refusal(perturb_singular: bool) -> None:
    """TF's GPU kernel refuses perturb_singular (whatever the pivoting) when it is made,
    before it checks any shape."""
    if perturb_singular:
        raise UnimplementedError(None, None, "The solver to support perturb_singular is not "
                                             "implemented on GPU. [Op:TridiagonalSolve]")


def _ts_gpu_shape(s: tuple | None, r: tuple | None) -> tuple | None:
    """TF's GPU kernel's shape checks, in its order and words (no broadcasting), of the
    diagonals' shape `s` and rhs's `r`: those infer knows (None, or None dims, where
    unknown), and where a traced node runs, the arrays' own. Returns the output's shape
    (rhs's, its batch dims known from either), None where unknown."""
    op = "TridiagonalSolve"
    if s is not None and len(s) < 2:
        raise C.fail(op, f"LHS tensor must have rank >= 2, got {len(s)}")
    if s is None or r is None:
        return r
    if len(s) != len(r):
        raise C.fail(op, "LHS and RHS tensors must have the same rank.")
    if not C.compatible(s[:-2], r[:-2]):
        raise C.fail(op, "LHS and RHS tensors must have the same batch dimensions.")
    if s[-2] is not None and s[-2] != 3:
        raise C.fail(op, f"Expected diagonals to be provided as a matrix with 3 rows, got "
                         f"{s[-2]} rows.")
    if s[-1] is not None and r[-2] is not None and s[-1] != r[-2]:
        raise C.fail(op, f"Expected same matrix size in both arguments, got {s[-1]} and "
                         f"{r[-2]}.")
    return tuple(a if a is not None else b for a, b in zip(s[:-2], r[:-2])) + r[-2:]


# What TF's kernels write for a system they find singular: C++'s quiet NaN of the type,
# which std::numeric_limits (and Eigen's NumTraits after it) has for no std::complex: 0.
_NOT_SOLVED = {"f": np.nan, "c": 0}


def _ts_kernel(xp: Any, d: Any, rhs: Any, partial_pivoting: bool,
               perturb_singular: bool) -> Any:
    if xp is not np:
        return _ts_device(xp, d, rhs, partial_pivoting, perturb_singular)
    batch = rhs.shape[:-2]
    n = rhs.shape[-2]
    if rhs.size == 0 or n == 0:
        return xp.zeros(rhs.shape, rhs.dtype)
    dd, b = _flat(d, batch), _flat(rhs, batch)
    sup, main, sub = dd[:, 0, :], dd[:, 1, :], dd[:, 2, :]
    with np.errstate(all="ignore"):
        if perturb_singular:
            return xp.stack([_gtsv_perturbed(xp, dd[i], b[i]) for i in range(len(b))]
                            ).reshape(rhs.shape)
        if partial_pivoting:
            x, bad = _gtsv(xp, sup, main, sub, b)
        else:
            x, bad = _thomas(xp, sup, main, sub, b)
        x[bad] = _NOT_SOLVED[x.dtype.kind]  # (TF logs a warning)
    return x.reshape(rhs.shape)


def _ts_device(xp: Any, d: Any, rhs: Any, pivoting: bool, perturb_singular: bool) -> Any:
    """TF's GPU kernel: cuSPARSE's gtsv2 (backend.gtsv) for matrices of 3 rows or more,
    TF's closed forms below that (cuSPARSE needs 3); a singular matrix gives infs and NaNs
    there and TF's quiet NaN here (_NOT_SOLVED), and no error."""
    _gpu_refusal(perturb_singular)
    _ts_gpu_shape(d.shape, rhs.shape)
    batch = rhs.shape[:-2]
    m = rhs.shape[-2]
    if rhs.size == 0:
        return xp.zeros(rhs.shape, rhs.dtype)
    dd, b = _flat(d, batch), _flat(rhs, batch)
    if m >= 3:
        return gtsv(xp, dd[:, 2], dd[:, 1], dd[:, 0], b, pivoting).reshape(rhs.shape)
    # (each coefficient (batch, 1, 1) against b's rows (batch, 1, k))
    d0 = dd[:, 1, 0, None, None]
    if m == 1:
        x, det = b / d0, d0
    else:  # (by the determinant: its zero, and only that, is singular)
        d1, u0, l1 = dd[:, 1, 1, None, None], dd[:, 0, 0, None, None], dd[:, 2, 1, None, None]
        det = d0 * d1 - u0 * l1
        r0, r1 = b[:, :1], b[:, 1:]
        x = xp.concatenate([d1 * r0 - u0 * r1, d0 * r1 - l1 * r0], axis=1) / det
    return xp.where(det == 0, _NOT_SOLVED[x.dtype.kind], x).reshape(rhs.shape)


def _gtsv(xp: Any, sup: Any, main: Any, sub: Any, b: Any) -> tuple:
    """Gaussian elimination with partial pivoting (LAPACK's gtsv scheme: U keeps a second
    superdiagonal for the rows swapped), over the batch at once."""
    nb, n = main.shape
    x = b.astype(b.dtype, copy=True)
    bad = xp.zeros(nb, dtype=bool)
    u0, u1, u2 = main.copy(), xp.zeros_like(main), xp.zeros_like(main)
    if n == 1:
        bad |= u0[:, 0] == 0
        x[:, 0] /= u0[:, :1]
        return x, bad
    u1[:, 0] = sup[:, 0]
    for i in range(n - 1):
        s = sub[:, i + 1]
        swap = ~(xp.abs(u0[:, i]) >= xp.abs(s))
        bad |= ~swap & (u0[:, i] == 0)
        f_keep = s / u0[:, i]
        f_swap = u0[:, i] / s
        last = i == n - 2
        xi, xn = x[:, i].copy(), x[:, i + 1].copy()
        new_u0n = xp.where(swap, u1[:, i] - f_swap * main[:, i + 1],
                           main[:, i + 1] - f_keep * u1[:, i])
        x[:, i + 1] = xp.where(swap[:, None], xi - f_swap[:, None] * xn,
                               xn - f_keep[:, None] * xi)
        x[:, i] = xp.where(swap[:, None], xn, xi)
        u0[:, i] = xp.where(swap, s, u0[:, i])
        u1_i = xp.where(swap, main[:, i + 1], u1[:, i])
        if not last:
            u2[:, i] = xp.where(swap, sup[:, i + 1], 0)
            u1[:, i + 1] = xp.where(swap, -f_swap * sup[:, i + 1], sup[:, i + 1])
        u1[:, i] = u1_i
        u0[:, i + 1] = new_u0n
    bad |= u0[:, n - 1] == 0
    x[:, n - 1] /= u0[:, n - 1:n]
    x[:, n - 2] = (x[:, n - 2] - u1[:, n - 2:n - 1] * x[:, n - 1]) / u0[:, n - 2:n - 1]
    for i in range(n - 3, -1, -1):
        x[:, i] = (x[:, i] - u1[:, i:i + 1] * x[:, i + 1] - u2[:, i:i + 1] * x[:, i + 2]) \
            / u0[:, i:i + 1]
    return x, bad


def _cmax(a: Any, b: Any) -> Any:
    """C++'s std::max: `a` unless a < b (a NaN second is passed over, a NaN first kept)."""
    return b if a < b else a


def _perturbed_pivot(tol: Any, pivot: Any, row: Any) -> tuple:
    """(pivot, row) with a pivot below 1 in magnitude moved off zero, in steps of `tol`
    (of the pivot's sign, then doubling), until neither 1 / pivot nor row / pivot
    overflows; or both scaled up where the pivot is subnormal but big enough for the row
    (LAPACK's xLAGTS safeguards, as TF's perturb_singular applies them)."""
    real = type(abs(pivot))
    safemin = real(np.finfo(real).tiny)
    bignum = real(1) / safemin
    size = abs(pivot)
    if not size < 1:
        return pivot, row
    step = np.copysign(max(abs(tol), safemin), pivot.real).astype(real)
    top = abs(row).max()
    while size < 1:
        if size < safemin and not (size == 0 or top * safemin > size):
            return pivot * bignum, row * bignum
        if size >= safemin and not top > size * bignum:
            break
        pivot, step = pivot + step, step * 2
        size = abs(pivot)
    return pivot, row


def _gtsv_perturbed(xp: Any, d: Any, b: Any) -> Any:
    """perturb_singular's solver (LAPACK's xLAGTF + xLAGTS: rows swapped by their scaled
    magnitudes, pivots below eps * max|U| perturbed), for one matrix; the rows of the
    solution are each row times 1 / its pivot."""
    sup, main, sub = d[0], d[1], d[2]
    n = len(main)
    eps = np.finfo(b.dtype).eps
    one = b.dtype.type(1)
    x = b.copy()
    if n == 1:
        pivot, row = _perturbed_pivot(eps * abs(main[0]), main[0], x[0])
        return (row * (one / pivot))[None]
    u = xp.zeros((n, 3), b.dtype)
    u[0, 0], u[0, 1] = main[0], sup[0]
    top = _cmax(abs(u[0, 0]), abs(u[0, 1]))
    scale1 = abs(u[0, 0]) + abs(u[0, 1])
    for k in range(n - 1):
        u[k + 1, 0] = main[k + 1]
        scale2 = abs(sub[k + 1]) + abs(u[k + 1, 0])
        if k < n - 2:
            scale2 += abs(sup[k + 1])
        if sub[k + 1] == 0:
            scale1 = scale2
            u[k + 1, 1], u[k, 2] = sup[k + 1], 0
        else:
            piv1 = abs(u[k, 0]) / scale1 if u[k, 0] != 0 else 0
            piv2 = abs(sub[k + 1]) / scale2
            if piv2 <= piv1:
                scale1 = scale2
                f = sub[k + 1] / u[k, 0]
                u[k + 1, 0] = main[k + 1] - f * u[k, 1]
                u[k + 1, 1], u[k, 2] = sup[k + 1], 0
                x[k + 1] = b[k + 1] - f * x[k]
            else:
                f = u[k, 0] / sub[k + 1]
                u[k, 0] = sub[k + 1]
                u[k + 1, 0] = u[k, 1] - f * main[k + 1]
                u[k, 1] = main[k + 1]
                if k < n - 2:
                    u[k, 2], u[k + 1, 1] = sup[k + 1], -f * sup[k + 1]
                x[k + 1] = x[k] - f * b[k + 1]
                x[k] = b[k + 1]
        if k < n - 2:
            for j in range(3):
                top = _cmax(top, abs(u[k, j]))
    tol = eps * _cmax(top, abs(u[n - 1, 0]))
    for k in range(n - 1, -1, -1):
        row = x[k]
        if k < n - 1:
            row = row - u[k, 1] * x[k + 1]
        if k < n - 2:
            row = row - u[k, 2] * x[k + 2]
        pivot, row = _perturbed_pivot(tol, u[k, 0], row)
        x[k] = row * (one / pivot)
    return x


def _thomas(xp: Any, sup: Any, main: Any, sub: Any, b: Any) -> tuple:
    """The Thomas algorithm (no pivoting): a zero pivot makes the matrix's result NaN."""
    n = main.shape[1]
    bad = main[:, 0] == 0
    c = xp.zeros_like(main)
    x = b.astype(b.dtype, copy=True)
    c[:, 0] = sup[:, 0] / main[:, 0]
    x[:, 0] = b[:, 0] / main[:, :1]
    for i in range(1, n):
        den = main[:, i] - sub[:, i] * c[:, i - 1]
        bad |= den == 0
        if i < n - 1:
            c[:, i] = sup[:, i] / den
        x[:, i] = (b[:, i] - sub[:, i:i + 1] * x[:, i - 1]) / den[:, None]
    for i in range(n - 2, -1, -1):
        x[:, i] = x[:, i] - c[:, i:i + 1] * x[:, i + 1]
    return x, bad


def _padded(x: Any, axis: int, before: int, after: int) -> Any:
    """x with `before` and `after` zeros along `axis` (-1 or -2; shapes known or not)."""
    r = len(x._shape)
    pads = [[0, 0]] * r
    pads[r + axis] = [before, after]
    return pad(x, pads)


def _transposed_diagonals(d: Any) -> Any:
    """The compact diagonals of the transposed tridiagonal matrix (no conjugate, as TF)."""
    return stack([_padded(d[..., 2, 1:], -1, 0, 1), d[..., 1, :],
                  _padded(d[..., 0, :-1], -1, 1, 0)], axis=-2)


def _three_diagonals_of_product(x: Any, y: Any) -> Any:
    """The compact diagonals of x @ y^T (x, y [..., M, K]), without the dense product."""
    main = reduce_sum(x * y, axis=-1)
    sup = reduce_sum(x * _shift_rows(y, True), axis=-1)
    sub = reduce_sum(x * _shift_rows(y, False), axis=-1)
    return stack([sup, main, sub], axis=-2)


def _ts_grad(n: Any, g: Any) -> list:
    d = n.inputs[0]
    g_rhs = bind(TRIDIAGONAL_SOLVE, (_transposed_diagonals(d), g), dict(n.attrs))
    return [-_three_diagonals_of_product(g_rhs, n.outputs[0]), g_rhs]


def _dense_tridiagonal(d: np.ndarray) -> np.ndarray:
    m = d.shape[-1]
    out = np.zeros(d.shape[:-2] + (m, m), d.dtype)
    for i in range(m):
        out[..., i, i] = d[..., 1, i]
        if i + 1 < m:
            out[..., i, i + 1] = d[..., 0, i]
            out[..., i + 1, i] = d[..., 2, i + 1]
    return out


def _ts_ref(d: np.ndarray, rhs: np.ndarray, partial_pivoting: bool,
            perturb_singular: bool) -> np.ndarray:
    if rhs.size == 0:
        return np.zeros(rhs.shape, rhs.dtype)
    return np.linalg.solve(_dense_tridiagonal(d), rhs).astype(rhs.dtype)


def _ts_samples() -> list:
    d = _f64(3, 5)
    d[1] += 3.0  # diagonally dominant: both algorithms stable
    rough = _f64(2, 3, 4)  # needs pivoting
    return [Sample((d, _f64(5, 2)), {"partial_pivoting": True, "perturb_singular": False}),
            Sample((d, _f64(5, 3)), {"partial_pivoting": False, "perturb_singular": False}),
            Sample((rough, _f64(2, 4, 2)), {"partial_pivoting": True, "perturb_singular": True},
                   cpu_only=True),
            Sample(((d + 1j * _f64(3, 5)).astype(np.complex64), _f64(5, 1).astype(np.complex64)),
                   {"partial_pivoting": True, "perturb_singular": False}, grad=False),
            Sample((_f64(3, 1) + 2.0, _f64(1, 3)),
                   {"partial_pivoting": True, "perturb_singular": False}),
            Sample((np.zeros((3, 0)), np.zeros((0, 2))),
                   {"partial_pivoting": True, "perturb_singular": False}, grad=False)]


def _ts_bad() -> list:
    piv = {"partial_pivoting": True, "perturb_singular": False}
    # (cpu_only: TF's GPU kernel refuses perturb_singular whatever the pivoting, and words
    # these shape checks its own way: tests/backend/test_tridiagonal_on_device.py)
    return [
        BadSample((np.ones((3, 3)), np.ones((3, 1))),
                  {"partial_pivoting": False, "perturb_singular": True}, InvalidArgumentError,
                  "Setting perturb_singular requires also setting partial_pivoting.",
                  cpu_only=True),
        BadSample((np.ones(3), np.ones((3, 1))), piv, InvalidArgumentError,
                  "Input tensor 0 must have rank >= 2, got 1", cpu_only=True),
        BadSample((np.ones((3, 3)), np.ones(3)), piv, InvalidArgumentError,
                  "All input tensors must have the same rank.", cpu_only=True),
        BadSample((np.ones((1, 3, 3)), np.ones((2, 3, 1))), piv, InvalidArgumentError,
                  "All input tensors must have the same outer dimensions.", cpu_only=True),
        BadSample((np.ones((4, 3)), np.ones((3, 1))), piv, InvalidArgumentError,
                  "Expected diagonals to be provided as a matrix with 3 rows, got 4 rows."),
        BadSample((np.ones((3, 3)), np.ones((4, 1))), piv, InvalidArgumentError,
                  "Expected the same number of left-hand sides and right-hand sides, got 3 "
                  "and 4.", cpu_only=True),
        BadSample((np.ones((3, 3), np.float16), np.ones((3, 1), np.float16)), piv,
                  InvalidArgumentError, f"allowed values: {_TRI_WORDS}"),
    ]


TRIDIAGONAL_SOLVE = register(OpDef(
    "TridiagonalSolve", _ts_infer, _ts_kernel, grad=_ts_grad, reference=_ts_ref,
    samples=_ts_samples, bad_samples=_ts_bad))


def tridiagonal_solve_op(diagonals: Any, rhs: Any, partial_pivoting: bool = True,
                         perturb_singular: bool = False, name: str | None = None) -> Any:
    """TF's TridiagonalSolve on compact diagonals [..., 3, M] and rhs [..., M, K]."""
    return bind(TRIDIAGONAL_SOLVE, (diagonals, rhs),
                AV.wrapper_attrs("TridiagonalSolve", partial_pivoting=partial_pivoting,
                                 perturb_singular=perturb_singular), name)


# ---------------------------------------------------------------------------------------
# TridiagonalMatMul: superdiag, maindiag, subdiag [..., 1, M] times rhs [..., M, N].
# ---------------------------------------------------------------------------------------

def _tm_infer(sup: Any, main: Any, sub: Any, rhs: Any) -> list:
    op = "TridiagonalMatMul"
    _dtype_check(op, sup, _TRI_WORDS, _TRI_T)
    t = C.same_dtype(op, (sup, main, sub, rhs), _TRI_T)
    batch = _batch_shapes(op, sup, main, sub, rhs)
    if batch is None or rhs._shape is None:
        return [(rhs._shape, t)]
    m = rhs._shape[-2]
    for x, what in ((sup, "superdiagonal"), (main, "main diagonal"), (sub, "subdiagonal")):
        r, c = x._shape[-2:]
        if (r is not None and r != 1) or (c is not None and m is not None and c != m):
            raise C.fail(op, f"Invalid {what} shape.")
    return [(batch + tuple(rhs._shape[-2:]), t)]


def _tm_kernel(xp: Any, sup: Any, main: Any, sub: Any, rhs: Any) -> Any:
    # row i: sub[i] * rhs[i - 1] + main[i] * rhs[i] + sup[i] * rhs[i + 1], in that order,
    # the unused corner entries never read (an inf there changes nothing, as in TF)
    sup, main, sub = (xp.swapaxes(v, -1, -2) for v in (sup, main, sub))
    with np.errstate(all="ignore"):
        out = main * rhs
        out[..., 1:, :] = sub[..., 1:, :] * rhs[..., :-1, :] + out[..., 1:, :]
        out[..., :-1, :] += sup[..., :-1, :] * rhs[..., 1:, :]
    return out


def _shift_rows(x: Any, up: bool) -> Any:
    """x [..., M, N] moved one row up (or down), a zero row filling the gap."""
    return _padded(x[..., 1:, :], -2, 0, 1) if up else _padded(x[..., :-1, :], -2, 1, 0)


def _tm_grad(n: Any, g: Any) -> list:
    sup, main, sub, rhs = n.inputs
    rc = conj(rhs)
    grads = [expand_dims(reduce_sum(v * g, axis=-1), -2)
             for v in (_shift_rows(rc, True), rc, _shift_rows(rc, False))]
    sup_c, main_c, sub_c = (adjoint(v) for v in (sup, main, sub))
    g_rhs = _shift_rows(sup_c * g, False) + main_c * g + _shift_rows(sub_c * g, True)
    return grads + [g_rhs]


def _tm_ref(sup: np.ndarray, main: np.ndarray, sub: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    d = np.concatenate([sup, main, sub], axis=-2)
    return (_dense_tridiagonal(d) @ rhs).astype(rhs.dtype)


def _tm_samples() -> list:
    return [Sample((_f64(1, 4), _f64(1, 4), _f64(1, 4), _f64(4, 3))),
            Sample((_f64(2, 1, 3), _f64(2, 1, 3), _f64(2, 1, 3), _f64(2, 3, 2))),
            Sample((_f64(1, 1), _f64(1, 1), _f64(1, 1), _f64(1, 2))),
            Sample(tuple((_f64(*s) + 1j * _f64(*s)).astype(np.complex64)
                         for s in ((1, 3), (1, 3), (1, 3), (3, 2))), grad=False)]


def _tm_bad() -> list:
    one = np.ones((1, 3))
    return [BadSample((np.ones(3), one, one, np.ones((3, 2))), {}, InvalidArgumentError,
                      "Input tensor 0 must have rank >= 2, got 1"),
            BadSample((one, one, one, np.ones(3)), {}, InvalidArgumentError,
                      "All input tensors must have the same rank."),
            BadSample((np.ones((2, 1, 3)),) * 3 + (np.ones((3, 3, 2)),), {},
                      InvalidArgumentError, "All input tensors must have the same outer "
                                            "dimensions."),
            BadSample((np.ones((2, 3)), one, one, np.ones((3, 2))), {}, InvalidArgumentError,
                      "Invalid superdiagonal shape."),
            BadSample((one, np.ones((1, 2)), one, np.ones((3, 2))), {}, InvalidArgumentError,
                      "Invalid main diagonal shape."),
            BadSample((one, one, np.ones((1, 4)), np.ones((3, 2))), {}, InvalidArgumentError,
                      "Invalid subdiagonal shape."),
            BadSample((np.ones((1, 1), np.int32),) * 4, {}, InvalidArgumentError,
                      f"allowed values: {_TRI_WORDS}")]


TRIDIAGONAL_MAT_MUL = register(OpDef(
    "TridiagonalMatMul", _tm_infer, _tm_kernel, grad=_tm_grad, reference=_tm_ref,
    samples=_tm_samples, bad_samples=_tm_bad))


def tridiagonal_mat_mul(superdiag: Any, maindiag: Any, subdiag: Any, rhs: Any,
                        name: str | None = None) -> Any:
    """TF's TridiagonalMatMul: the diagonals [..., 1, M] each, rhs [..., M, N]."""
    return bind(TRIDIAGONAL_MAT_MUL, (superdiag, maindiag, subdiag, rhs), {}, name)


# ---------------------------------------------------------------------------------------
# MatrixSolveLs: least squares, through the regularized normal equations' Cholesky factor
# (fast) or the minimum-norm solution, the regularizer unused (not fast: TF's complete
# orthogonal decomposition, its rank cut at epsilon * min(M, N) of the largest value).
# ---------------------------------------------------------------------------------------

def _ls_infer(a: Any, b: Any, l2: Any, fast: bool) -> list:
    op = "MatrixSolveLs"
    _dtype_check(op, a, no_half=f", fast={str(fast).lower()}")
    t = C.same_dtype(op, (a, b), _LINALG_T)
    if l2._dtype is not dt.float64:
        raise C.wrong_input_dtype(op, 2, dt.float64, l2._dtype)
    batch = _batch_shapes(op, a, b)
    if batch is None or b._shape is None:
        return [(None, t)]
    if None not in (a._shape[-2], b._shape[-2]) and a._shape[-2] != b._shape[-2]:
        raise C.fail(op, "Input matrix and rhs are incompatible.")
    # (the kernel reads the regularizer with each matrix: none are read in an empty batch)
    if l2._shape not in (None, ()) and 0 not in batch and None not in batch:
        raise C.fail(op, f"l2_regularizer must be scalar, got shape {C.shape_str(l2._shape)}")
    return [(batch + (a._shape[-1], b._shape[-1]), t)]


def _ls_kernel(xp: Any, a: Any, b: Any, l2: Any, fast: bool) -> Any:
    batch = a.shape[:-2]
    m, n = a.shape[-2:]
    k = b.shape[-1]
    out = xp.zeros(batch + (n, k), dtype=b.dtype)
    if out.size == 0 or m == 0:  # (TF leaves the output of M == 0 unwritten: zeros here)
        return out
    lam = float(l2)
    if not lam >= 0:
        raise C.fail("MatrixSolveLs", "l2_regularizer must be >= 0.")
    fa, fb, fo = _flat(a, batch), _flat(b, batch), _flat(out, batch)
    with np.errstate(all="ignore"):
        for i in range(fa.shape[0]):
            fo[i] = (_ls_fast if fast else _ls_min_norm)(xp, fa[i], fb[i], lam)
    return out


def _llt(xp: Any, a: Any) -> Any:
    """The Cholesky factor as Eigen's LLT finds it: None where a pivot is <= 0 (a NaN
    pivot is not, and spreads on)."""
    n = len(a)
    low = xp.zeros_like(a)
    for j in range(n):
        r = low[j, :j]
        d = (a[j, j] - (r * xp.conj(r)).sum()).real
        if d <= 0:
            return None
        low[j, j] = np.sqrt(d)
        low[j + 1:, j] = (a[j + 1:, j] - low[j + 1:, :j] @ xp.conj(r)) / low[j, j]
    return low


def _substitute(xp: Any, t: Any, b: Any, lower: bool) -> Any:
    """t x = b for triangular t, row by row (inf and NaN spread as they fall)."""
    n = len(t)
    x = xp.zeros_like(b)
    for i in range(n) if lower else range(n - 1, -1, -1):
        done = slice(0, i) if lower else slice(i + 1, n)
        x[i] = (b[i] - t[i, done] @ x[done]) / t[i, i]
    return x


def _ls_fast(xp: Any, a: Any, b: Any, lam: float) -> Any:
    m, n = a.shape
    ah = xp.conj(a.T)
    gram = ah @ a if m >= n else a @ ah
    idx = np.arange(len(gram))
    gram[idx, idx] += lam  # (on the diagonal only: an infinite regularizer makes no NaN)
    low = _llt(xp, gram)
    if low is None:
        raise C.fail("MatrixSolveLs", "Input matrix was rank deficient or ill-conditioned. "
                                      "Try setting fast=False or provide a larger "
                                      "l2_regularizer > 0.")

    def chol_solve(r: Any) -> Any:
        return _substitute(xp, xp.conj(low.T), _substitute(xp, low, r, True), False)
    return chol_solve(ah @ b) if m >= n else ah @ chol_solve(b)


def _ls_min_norm(xp: Any, a: Any, b: Any, lam: float) -> Any:
    if xp is np:
        return _eigen_cod_solve(a, b)
    n = a.shape[1]
    if not xp.isfinite(a).all():  # (TF's decomposition finds rank 0 there: zeros, whatever b)
        return xp.zeros((n, b.shape[1]), b.dtype)
    u, s, vh = xp.linalg.svd(a, full_matrices=False)
    cut = s > s[:1] * (np.finfo(s.dtype).eps * min(a.shape)) if s.size else s > 0
    inv = xp.where(cut, 1 / xp.where(cut, s, 1), 0).astype(a.dtype)
    return xp.conj(vh.T) @ (inv[:, None] * (xp.conj(u.T) @ b))


def _eigen_cod_solve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The minimum-norm least-squares solution as TF's MatrixSolveLs (fast=False) finds it:
    Eigen's CompleteOrthogonalDecomposition, step for step. A column-pivoted Householder
    QR (columns by their norms, downdated as LAPACK's xGEQPF does), ranked by its pivots
    against eps * min(M, N) of the largest; Householder reflections from the right turn
    [R11 R12] into [T11 0] past the rank; then x = P Z^H [T11^-1 (Q^H b)[:rank]; 0]."""
    qr, (m, n) = a.copy(), a.shape
    size, eps = min(m, n), np.finfo(a.real.dtype).eps
    direct = np.sqrt((qr.real ** 2 + qr.imag ** 2).sum(axis=0))
    updated, perm, taus = direct.copy(), np.arange(n), []
    helper = (updated.max(initial=0) * eps) ** 2 / m
    nonzero, maxpivot = size, 0.0
    for k in range(size):
        # (the first largest norm, or the first NaN: TF's build's maxCoeff propagates NaN,
        # so lstsq([[1, nan], [2, 3]], b, fast=False) pivots on the NaN column: rank 0)
        j = k + int(np.argmax(updated[k:]))
        if nonzero == size and updated[j] ** 2 < helper * (m - k):
            nonzero = k
        for v in (qr.T, updated, direct, perm):
            v[[k, j]] = v[[j, k]]
        ess, tau, beta = _householder(np, qr[k:, k].copy())
        qr[k + 1:, k], qr[k, k] = ess, beta
        maxpivot = abs(beta) if abs(beta) > maxpivot else maxpivot
        _reflect(np, qr[k:, k + 1:], ess, tau)
        taus.append(tau)
        _downdate(qr, k, updated, direct, np.sqrt(eps))
    cut = maxpivot * eps * size
    rank = int(sum(abs(qr[i, i]) > cut for i in range(nonzero)))
    if rank == 0:
        return np.zeros((n, b.shape[1]), b.dtype)
    zs = _cod_z(qr, rank) if rank < n else []
    c = b.astype(qr.dtype)
    for k in range(rank):  # (Q^H b: the first `rank` reflectors)
        _reflect(np, c[k:], qr[k + 1:, k], taus[k])
    y = np.zeros((n, b.shape[1]), qr.dtype)
    for i in range(rank - 1, -1, -1):  # (T11 z = c, upper triangular)
        y[i] = (c[i] - qr[i, i + 1:rank] @ y[i + 1:rank]) / qr[i, i]
    for k, tau in enumerate(zs):  # (Z^H [z; 0])
        rows = [k, rank - 1]
        y[rows] = y[rows[::-1]]
        _reflect(np, y[rank - 1:], np.conj(qr[k, rank:]), tau)
        y[rows] = y[rows[::-1]]
    x = np.empty_like(y)
    x[perm] = y
    return x.astype(b.dtype, copy=False)


def _downdate(qr: np.ndarray, k: int, updated: np.ndarray, direct: np.ndarray,
              limit: float) -> None:
    """The column norms past k after step k, downdated (recomputed where too inexact)."""
    up, dn = updated[k + 1:], direct[k + 1:]
    t = np.abs(qr[k, k + 1:]) / up
    t = (1 + t) * (1 - t)
    t[t < 0] = 0
    live = up != 0
    redo = live & (t * (up / dn) ** 2 <= limit)
    cols = qr[k + 1:, k + 1:][:, redo]
    up[redo] = dn[redo] = np.sqrt((cols.real ** 2 + cols.imag ** 2).sum(axis=0))
    keep = live & ~redo
    up[keep] *= np.sqrt(t[keep])


def _cod_z(qr: np.ndarray, rank: int) -> list:
    """Eigen's reflections from the right zeroing R12 (row by row, last first), in place;
    their coefficients, by row."""
    zs = [None] * rank
    for k in range(rank - 1, -1, -1):
        cols = [k, rank - 1]
        if k != rank - 1:
            qr[:k + 1, cols] = qr[:k + 1, cols[::-1]]
        ess, zs[k], beta = _householder(np, qr[k, rank - 1:].copy())
        qr[k, rank:], qr[k, rank - 1] = ess, beta
        if k > 0:  # (the rows above: M (I - tau v v^H), v = [1, conj(ess)])
            block = qr[:k, rank - 1:]
            tmp = block[:, 0] + block[:, 1:] @ np.conj(ess)
            block[:, 0] -= zs[k] * tmp
            block[:, 1:] -= zs[k] * np.outer(tmp, ess)
        if k != rank - 1:
            qr[:k + 1, cols] = qr[:k + 1, cols[::-1]]
    return zs


def _dims(a: Any) -> tuple:
    """(rows, cols) of `a`: Python ints where known, else from its shape."""
    s = a._shape
    if s is not None and None not in s[-2:]:
        return s[-2], s[-1]
    dims = shape(a)
    return dims[-2], dims[-1]


def _gram_cholesky(a: Any, l2: Any, first_kind: bool) -> Any:
    """The Cholesky factor of A^H A + l2 I (first kind) or A A^H + l2 I (shapes known or
    not)."""
    gram = matmul(a, a, adjoint_a=first_kind, adjoint_b=not first_kind)
    k = _dims(a)[1 if first_kind else 0]
    i = range_(k)
    return cholesky(gram + l2 * cast(equal(expand_dims(i, -1), i), a._dtype))


def _ls_grad(n: Any, g: Any) -> list:
    if n.attrs["fast"] is False:
        raise ValueError("Gradient not defined for fast=False")
    a, b, l2 = n.inputs
    lam = cast(l2, a._dtype)

    def overdetermined() -> tuple:
        z = cholesky_solve(_gram_cholesky(a, lam, True), g)
        xz = matmul(n.outputs[0], z, adjoint_b=True)
        return (-matmul(a, xz + matrix_transpose(xz)) + matmul(b, z, adjoint_b=True),
                matmul(a, z))

    def underdetermined() -> tuple:
        chol = _gram_cholesky(a, lam, False)
        gb = cholesky_solve(chol, matmul(a, g))
        tmp = cholesky_solve(chol, b)
        return (-matmul(gb, matmul(tmp, a, adjoint_a=True))
                + matmul(tmp, g - matmul(a, gb, adjoint_a=True), adjoint_b=True), gb)
    rows, cols = _dims(a)
    if isinstance(rows, int):
        return list(overdetermined() if rows >= cols else underdetermined()) + [None]
    # (matrices of unknown shape: TF's gradient conds on it; the branch not taken here
    # gives NaN from its Cholesky factor, and is not selected)
    tall = rows >= cols
    return [where(tall, o, u) for o, u in zip(overdetermined(), underdetermined())] + [None]


def _ls_ref(a: np.ndarray, b: np.ndarray, l2: np.ndarray, fast: bool) -> np.ndarray:
    m, n = a.shape[-2:]
    ah = np.conj(np.swapaxes(a, -1, -2))
    if not fast:
        return (np.linalg.pinv(a) @ b).astype(b.dtype)
    if m >= n:
        return np.linalg.solve(ah @ a + float(l2) * np.eye(n), ah @ b).astype(b.dtype)
    return (ah @ np.linalg.solve(a @ ah + float(l2) * np.eye(m), b)).astype(b.dtype)


def _ls_samples() -> list:
    return [Sample((_f64(4, 3), _f64(4, 2), np.float64(0.0)), {"fast": True}, grad_inputs=(0, 1)),
            Sample((_f64(2, 3, 2), _f64(2, 3, 1), np.float64(0.5)), {"fast": True},
                   grad_inputs=(0, 1)),
            Sample((_f64(2, 4), _f64(2, 2), np.float64(0.25)), {"fast": True},
                   grad_inputs=(0, 1)),
            Sample((_f64(4, 3), _f64(4, 2), np.float64(0.0)), {"fast": False}, grad=False),
            Sample((_f64(2, 3), _f64(2, 1), np.float64(3.0)), {"fast": False}, grad=False),
            Sample(((_f64(3, 2) + 1j * _f64(3, 2)).astype(np.complex64),
                    _f64(3, 1).astype(np.complex64), np.float64(0.0)), {"fast": True},
                   grad=False)]


def _ls_bad() -> list:
    f = {"fast": True}
    z = np.float64(0.0)
    return [BadSample((np.ones((3, 2)), np.ones((3, 1)), z), f, InvalidArgumentError,
                      "Input matrix was rank deficient or ill-conditioned."),
            BadSample((_f64(3, 2), _f64(3, 1), np.float64(-1.0)), {"fast": False},
                      InvalidArgumentError, "l2_regularizer must be >= 0."),
            BadSample((_f64(3, 2), _f64(3, 1), np.zeros(2)), f, InvalidArgumentError,
                      "l2_regularizer must be scalar, got shape [2]"),
            BadSample((_f64(3, 2), _f64(2, 1), z), f, InvalidArgumentError,
                      "Input matrix and rhs are incompatible."),
            BadSample((_f64(3), _f64(3, 1), z), f, InvalidArgumentError,
                      "Input tensor 0 must have rank >= 2, got 1"),
            BadSample((_f64(1, 3, 2), _f64(2, 3, 1), z), f, InvalidArgumentError,
                      "All input tensors must have the same outer dimensions."),
            BadSample((_f64(3, 2), _f64(3, 1), np.float32(0)), f, InvalidArgumentError,
                      "was expected to be a double tensor"),
            BadSample((np.ones((3, 2), np.int32), np.ones((3, 1), np.int32), z), f,
                      InvalidArgumentError, "allowed values: double, float, half, complex64")]


MATRIX_SOLVE_LS = register(OpDef(
    "MatrixSolveLs", _ls_infer, _ls_kernel, grad=_ls_grad, reference=_ls_ref,
    samples=_ls_samples, bad_samples=_ls_bad, gpu=False, host_inputs=(2,)))


def matrix_solve_ls(matrix: Any, rhs: Any, l2_regularizer: Any, fast: bool = True,
                    name: str | None = None) -> Any:
    """TF's MatrixSolveLs (the regularizer a float64 scalar)."""
    return bind(MATRIX_SOLVE_LS, (matrix, rhs, l2_regularizer),
                AV.wrapper_attrs("MatrixSolveLs", fast=fast), name)


# ---------------------------------------------------------------------------------------
# CholeskyGrad: the gradient wrt A of L = cholesky(A), from L and the gradient wrt L (the
# lower triangles of both read), symmetric as TF's.
# ---------------------------------------------------------------------------------------

def _cg_infer(low: Any, g: Any) -> list:
    op = "CholeskyGrad"
    _dtype_check(op, low, "half, float, double",
                 frozenset((dt.float16, dt.float32, dt.float64)), no_half="")
    t = C.same_dtype(op, (low, g), frozenset((dt.float16, dt.float32, dt.float64)))
    batch = _batch_shapes(op, low, g)
    if batch is None or g._shape is None:
        return [(low._shape, t)]
    (r, c), (gr, gc) = low._shape[-2:], g._shape[-2:]
    if any(x is not None and y is not None and x != y for x, y in ((r, gr), (c, gc))):
        raise C.fail(op, "Inputs (L and grad) must have the same shape.")
    if r is not None and c is not None and r != c:
        raise C.fail(op, "Inputs must be a square matrices.")
    return [(batch + tuple(low._shape[-2:]), t)]


def _cg_kernel(xp: Any, low: Any, g: Any) -> Any:
    """Murray's reverse-mode unblocked Cholesky algorithm ("Differentiation of the Cholesky
    decomposition", 2016), column by column from the last, over the batch at once; then
    the symmetric part. Infinities and NaNs arise where TF's arise (no pivot test)."""
    lo = xp.tril(low)
    out = xp.tril(g).astype(low.dtype, copy=True)
    n = low.shape[-1]
    with np.errstate(all="ignore"):
        for j in range(n - 1, -1, -1):
            r, d = lo[..., j, :j], lo[..., j, j:j + 1]
            big_b, c = lo[..., j + 1:, :j], lo[..., j + 1:, j]
            dbar = out[..., j, j:j + 1] - (c * out[..., j + 1:, j]).sum(axis=-1)[..., None] / d
            dbar = dbar / d
            cbar = out[..., j + 1:, j] / d
            rbar = out[..., j, :j] - dbar * r
            rbar = rbar - xp.einsum("...i,...ik->...k", cbar, big_b)
            out[..., j + 1:, :j] -= cbar[..., :, None] * r[..., None, :]
            out[..., j, :j] = rbar
            out[..., j + 1:, j] = cbar
            out[..., j, j] = dbar[..., 0] / 2
        out = 0.5 * (out + xp.swapaxes(out, -1, -2))
    return out.astype(low.dtype, copy=False)


def _cg_ref(low: np.ndarray, g: np.ndarray) -> np.ndarray:
    """Through the derivative of the Cholesky factor: <g, dL> for each symmetric dA."""
    out = np.zeros(low.shape, np.float64)
    n = low.shape[-1]
    for idx in np.ndindex(*low.shape[:-2]):
        lo = np.tril(low[idx]).astype(np.float64)
        gl = np.tril(g[idx]).astype(np.float64)
        li = np.linalg.inv(lo)
        for i in range(n):
            for j in range(i + 1):
                da = np.zeros((n, n))
                da[i, j] = da[j, i] = 1.0
                p = li @ da @ li.T
                dl = lo @ (np.tril(p, -1) + 0.5 * np.diag(np.diag(p)))
                v = (gl * dl).sum()
                out[idx][i, j] = out[idx][j, i] = v if i == j else v / 2
    return out.astype(low.dtype)


def _cg_samples() -> list:
    lo = np.linalg.cholesky(_spd(3))
    return [Sample((lo, _f64(3, 3)), grad=False),
            Sample((np.stack([lo, np.linalg.cholesky(_spd(3))]) + np.triu(_f64(2, 3, 3), 1),
                    _f64(2, 3, 3)), grad=False),
            Sample((lo.astype(np.float32), _f64(3, 3).astype(np.float32)), grad=False)]


CHOLESKY_GRAD = register(OpDef(
    "CholeskyGrad", _cg_infer, _cg_kernel, grad=C.no_gradient, reference=_cg_ref,
    samples=_cg_samples,
    bad_samples=lambda: [
        BadSample((np.ones((3, 2)), np.ones((2, 2))), {}, InvalidArgumentError,
                  "Inputs (L and grad) must have the same shape."),
        BadSample((np.ones((3, 2)), np.ones((3, 2))), {}, InvalidArgumentError,
                  "Inputs must be a square matrices."),
        BadSample((np.eye(3), np.ones(3)), {}, InvalidArgumentError,
                  "All input tensors must have the same rank."),
        BadSample((np.eye(2, dtype=np.complex64),) * 2, {}, InvalidArgumentError,
                  "allowed values: half, float, double")],
    gpu=False))


def cholesky_grad(l: Any, grad: Any, name: str | None = None) -> Any:  # noqa: E741
    return bind(CHOLESKY_GRAD, (l, grad), {}, name)

