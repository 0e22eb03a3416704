"""Matrix decompositions and solvers: cholesky, qr, triangular_solve, solve, slogdet, and
the composites built on them (logdet, cholesky_solve, cross); the spectral decompositions
(eigh, svd) are in linalg_spectral.py.

Sits in the ops layer beside linalg.py. Each primitive is one OpDef whose kernel is a
NumPy LAPACK call over the batch and whose gradient uses public ops (so gradients of any
order work). As in TF, cholesky reads only the lower triangle of its input, and its
gradient is the symmetric one TF gives.
References are textbook algorithms in plain Python (Cholesky-Banachiewicz, Gram-Schmidt,
substitution).
"""

from __future__ import annotations

import collections
import functools
import math as _pymath
from typing import Any

import numpy as np

from eagerflow._src.backend import linalg_errors, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import FailedPreconditionError, InvalidArgumentError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import complex_quotient, eigen_qr
from eagerflow._src.ops.array import concat, expand_dims
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import Spec
from eagerflow._src.ops.eager_errors import eager_api, eager_name
from eagerflow._src.ops.eigen_lu import (
    eigen_lu_invertible,
    eigen_lu_solve,
    eigen_slogdet,
    eigen_small_solve,
    fits_small_solve,
)
from eagerflow._src.ops.elementwise import binary_args, binary_args_hint
from eagerflow._src.ops.linalg import (
    adjoint,
    diag,
    diag_part,
    inv,
    matmul,
)
from eagerflow._src.ops.linalg_band_part import band_part
from eagerflow._src.ops.math import (
    log,
    reciprocal,
    sum_to,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    ones_like,
    real,
    where,
    zeros_like,
)
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(23)
QrResult = collections.namedtuple("Qr", ["q", "r"])
SlogdetResult = collections.namedtuple("LogMatrixDeterminant", ["sign", "log_abs_determinant"])
_LINALG_T = frozenset((dt.float16, dt.float32, dt.float64, dt.complex64, dt.complex128))
_LINALG_WORDS = "double, float, half, complex64, complex128"  # TF's order for these ops


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-1.0, 1.0, size=shape)


def _spd(n: int, *batch: int) -> np.ndarray:
    a = _f64(*batch, n, n)
    return a @ np.swapaxes(a, -1, -2) + n * np.eye(n)


# The order TF 2.21 lists an op's CPU kernels in: most ops' last registered first (complex128
# to float); eigh's and svd's, registered one file per dtype, float first
_LAST_FIRST = (dt.complex128, dt.complex64, dt.float64, dt.float32)
_KERNEL_ORDER = {"SelfAdjointEigV2": _LAST_FIRST[::-1], "Svd": _LAST_FIRST[::-1],
                 "MatrixTriangularSolve": (dt.float64, dt.float32, dt.complex128, dt.complex64),
                 "MatrixSolveLs": _LAST_FIRST[::-1], "CholeskyGrad": (dt.float64, dt.float32)}


# TF 2.21's XLA CPU kernels of the linalg ops that have them, as its NotFoundError lists
# them: (before the CPU kernels?, their constraint)
_XLA_REAL = "T in [DT_FLOAT, DT_DOUBLE, DT_HALF]"
_XLA_ALL = "T in [DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128, DT_HALF]"
_XLA_KERNELS = {"Svd": (True, _XLA_REAL), "MatrixSolve": (True, _XLA_REAL),
                "Cholesky": (True, _XLA_ALL), "SelfAdjointEigV2": (False, _XLA_ALL),
                "MatrixTriangularSolve": (True, "T in [DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, "
                                                "DT_BFLOAT16, DT_COMPLEX128, DT_HALF]")}


def no_half_kernel(op: str, node_attrs: str) -> Any:
    """TF's NotFoundError for a half type where `op` has CPU kernels for the others."""
    first, xla = _XLA_KERNELS.get(op, (True, None))
    xla_line = () if xla is None else (("XLA_CPU_JIT", xla),)
    return C.no_kernel(op, node_attrs, _KERNEL_ORDER.get(op, _LAST_FIRST),
                       others=xla_line if first else (), later=() if first else xla_line)


def _dtype_check(op: str, x: Any, words: str = _LINALG_WORDS,
                 allowed: frozenset = _LINALG_T, no_half: str | None = None) -> None:
    """`no_half`: the node's other attrs where TF's CPU has no half kernel: NotFoundError."""
    if x._dtype not in allowed:
        raise C.fail(op, f"Value for attr 'T' of {C.dtype_word(x._dtype)} is not in the list "
                         f"of allowed values: {words}\n\t; NodeDef: {{{{node {op}}}}}")
    if no_half is not None and x._dtype in (dt.float16, dt.bfloat16):
        raise no_half_kernel(op, f"T={C.dt_enum(x._dtype)}{no_half}")


def _matrix_shape(op: str, x: Any, square: bool = False) -> tuple | None:
    s = x._shape
    if s is None:
        return None
    if len(s) < 2:
        raise C.fail(op, f"Input tensor 0 must have rank >= 2, got {len(s)}")
    if square and s[-1] is not None and s[-2] is not None and s[-1] != s[-2]:
        raise C.fail(op, "Input matrix must be square.")
    return s


def _batch_loop(x: np.ndarray, fn: Any) -> list:
    return [fn(x[idx]) for idx in np.ndindex(*x.shape[:-2])]


def _cast(out: Any, like: Any) -> Any:
    if isinstance(out, np.generic):  # NumPy's scalar for one matrix; CuPy's is a 0-d array
        out = np.asarray(out)
    return out.astype(like.dtype, copy=False)


def _quiet(kernel: Any, lower_only: bool = False, nonfinite: Any = None) -> Any:
    """The kernel without NumPy's IEEE warnings, and with nan (TF's answer, not LAPACK's
    convergence error) for each matrix in the batch holding inf or nan (in its lower
    triangle, for kernels that read only that), or `nonfinite`'s answer for each such
    matrix where TF's kernel runs its algorithm on it (`nonfinite(xp, matrix)`)."""
    def run(xp: Any, x: Any, *rest: Any, **attrs: Any) -> Any:
        if x.dtype == np.float16:  # LAPACK has no half precision: go through float32
            out = run(xp, x.astype(np.float32),
                      *(r.astype(np.float32) if r.dtype == np.float16 else r for r in rest),
                      **attrs)
            return tuple(o.astype(np.float16) for o in out) if isinstance(out, tuple) else \
                out.astype(np.float16)
        with np.errstate(all="ignore"):
            seen = xp.tril(x) if lower_only else x
            bad = ~xp.isfinite(seen).all(axis=(-2, -1)) if x.size else None
            if bad is None or not bad.any():
                return kernel(xp, x, *rest, **attrs)
            # an identity in place of each bad matrix: invertible, so no kernel raises on it
            eye = xp.eye(x.shape[-2], x.shape[-1], dtype=x.dtype)
            out = kernel(xp, xp.where(bad[..., None, None], eye, x), *rest, **attrs)
        if nonfinite is not None:
            bad = to_host(bad)
            outs = out if isinstance(out, tuple) else (out,)
            for idx in np.ndindex(*bad.shape):
                if bad[idx]:
                    with np.errstate(all="ignore"):  # (NaN and inf arithmetic, silent as
                        # TF's kernels; NumPy's own functions, np.outer, warn otherwise)
                        got = nonfinite(xp, x[idx], **attrs)
                    for o, g in zip(outs, got if isinstance(got, tuple) else (got,)):
                        o[idx] = g
            return out
        nb = bad.ndim
        for o in out if isinstance(out, tuple) else (out,):
            if o.ndim >= nb and o.shape[:nb] == bad.shape and o.dtype.kind in "fc":
                o[bad] = complex(np.nan, np.nan) if o.dtype.kind == "c" else np.nan
        return out
    return run


def _lower_sym(xp: Any, x: Any) -> Any:
    """The Hermitian matrix whose lower triangle is x's (what cholesky and eigh read)."""
    low = xp.tril(x)
    return low + xp.conj(xp.swapaxes(xp.tril(x, -1), -1, -2))


def _lower_part_grad(g: Any) -> Any:
    """d/dA of f(lower triangle of A), from the gradient g wrt the Hermitian matrix."""
    return band_part(g + adjoint(g), -1, 0) - diag(diag_part(g))


def _safe_reciprocal(x: Any) -> Any:
    """x / (x^2 + 1e-20): 1 / x, but 0 at 0, as TF's decomposition gradients take it (equal
    eigen- or singular values then add nothing instead of inf or NaN)."""
    return x * reciprocal(x * x + 1e-20)


def _pair_matrix(s: Any, square: bool) -> Any:
    """F[..., i, j] = 1 / (s_j - s_i) (or s_j^2 - s_i^2) off the diagonal (0 where they are
    equal, see _safe_reciprocal), 0 on it."""
    v = s * s if square else s
    diff = expand_dims(v, -2) - expand_dims(v, -1)
    on_diag = diag(ones_like(v)) > 0
    return where(on_diag, zeros_like(diff), _safe_reciprocal(diff))


# ---------------------------------------------------------------------------------------
# Cholesky.
# ---------------------------------------------------------------------------------------

def _chol_infer(x: Any) -> list:
    _dtype_check("Cholesky", x, no_half="")
    return [(_matrix_shape("Cholesky", x, square=True), x._dtype)]


def _chol_kernel(xp: Any, x: Any) -> Any:
    sym = _lower_sym(xp, x)
    with linalg_errors(xp):
        try:
            return _cast(xp.linalg.cholesky(sym), x)
        except np.linalg.LinAlgError:
            pass
        # TF does not raise for a matrix that is not positive definite: its result is its
        # type's quiet NaN, which for a complex type is 0 (C++'s numeric_limits has no
        # std::complex one: its default value)
        out = xp.full(x.shape, 0 if x.dtype.kind == "c" else np.nan, dtype=x.dtype)
        for idx in np.ndindex(*x.shape[:-2]):
            try:
                out[idx] = xp.linalg.cholesky(sym[idx])
            except np.linalg.LinAlgError:
                pass
    return out


def _eigen_llt(xp: Any, a: Any) -> Any:
    """One matrix's Cholesky factor as Eigen's unblocked LLT (TF's kernel) computes it from
    the lower triangle, column by column: a pivot <= 0 stops it (the type's quiet NaN, 0
    for a complex type, as _chol_kernel's), while a NaN pivot is no stop: the NaN spreads
    through the later columns only, an infinity through its products (TF 2.21: [[4, 1],
    [nan, 4]] gives [[2, 0], [nan, nan]]). (Eigen blocks matrices of 32 and more; their NaN
    spreads the same, its rounding may differ.)"""
    m = xp.tril(a)
    n = m.shape[-1]
    for k in range(n):
        row = m[k, :k]
        x = m[k, k].real - (row.real ** 2 + row.imag ** 2).sum() if k else m[k, k].real
        if x <= 0:
            return xp.full(a.shape, 0 if a.dtype.kind == "c" else np.nan, dtype=a.dtype)
        m[k, k] = x = xp.sqrt(x)
        if k + 1 < n:
            if k:
                m[k + 1:, k] -= m[k + 1:, :k] @ xp.conj(row)
            for part in (m.real, m.imag) if m.dtype.kind == "c" else (m,):
                part[k + 1:, k] /= x  # (by a real pivot: each part alone, as Eigen's)
    return m


def _chol_grad(n: Any, g: Any) -> list:
    low = n.outputs[0]
    p = matmul(low, g, adjoint_a=True)
    phi = band_part(p, -1, 0) - 0.5 * diag(diag_part(p))
    y = triangular_solve(low, phi, lower=True, adjoint=True)  # L^-H phi
    s = adjoint(triangular_solve(low, adjoint(y), lower=True, adjoint=True))  # L^-H phi L^-1
    # TF's convention: the gradient wrt the Hermitian matrix (symmetric, so a gradient step
    # keeps a symmetric variable symmetric), not wrt the lower triangle the kernel reads.
    # The registry's elementwise finite differences cannot see that; tests/ops/
    # test_linalg_decomp.py checks it through a symmetric parametrization.
    return [0.5 * (s + adjoint(s))]


def _chol_ref(x: np.ndarray) -> np.ndarray:
    def one(a: np.ndarray) -> list:
        m = len(a)
        low = [[0.0] * m for _ in range(m)]
        for i in range(m):
            for j in range(i + 1):
                acc = sum(low[i][k] * low[j][k] for k in range(j))
                low[i][j] = _pymath.sqrt(a[i][i] - acc) if i == j else \
                    (a[i][j] - acc) / low[j][j]
        return low
    return np.array(_batch_loop(x, lambda a: one(a.tolist())), dtype=x.dtype).reshape(x.shape)


CHOLESKY = register(OpDef(
    "Cholesky", _chol_infer, _quiet(_chol_kernel, lower_only=True, nonfinite=_eigen_llt),
    grad=_chol_grad,
    reference=_chol_ref,
    samples=lambda: [Sample((_spd(3),), grad=False),
                     Sample((_spd(2, 2) + np.triu(_f64(2, 2, 2), 1),), grad=False)],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {}, InvalidArgumentError,
                                   "Input matrix must be square."),
                         BadSample((np.ones(3),), {}, InvalidArgumentError,
                                   "Input tensor 0 must have rank >= 2, got 1"),
                         BadSample((np.ones((2, 2), np.int32),), {}, InvalidArgumentError,
                                   "allowed values: double, float, half, complex64, complex128")],
))


@eager_api("input")  # (a list: TF's wrapper's slow path)
def cholesky(input: Any, name: str | None = None) -> Any:  # noqa: A002
    return bind(CHOLESKY, (_t(input),), {}, name)


# ---------------------------------------------------------------------------------------
# Triangular and general solves.
# ---------------------------------------------------------------------------------------

def _solve_shapes(op: str, a: Any, b: Any, broadcast: bool) -> tuple | None:
    """The result's shape, after the checks (and messages) of TF's kernels: MatrixSolve's
    (TF's LinearAlgebraOp: ranks, then batch dims equal, then the matrices) and, when
    `broadcast`, MatrixTriangularSolve's (BatchMatMul's: ranks, batch dims broadcast, then
    the matrices)."""
    sa, sb = a._shape, b._shape
    if broadcast:
        for i, s in enumerate((sa, sb)):
            if s is not None and len(s) < 2:
                raise C.fail(op, f"In[{i}] ndims must be >= 2: {len(s)}")
    else:
        if sa is not None and len(sa) < 2:
            raise C.fail(op, f"Input tensor 0 must have rank >= 2, got {len(sa)}")
        if sa is not None and sb is not None:
            if len(sb) != len(sa):
                raise C.fail(op, "All input tensors must have the same rank.")
            if any(x is not None and y is not None and x != y
                   for x, y in zip(sa[:-2], sb[:-2])):
                raise C.fail(op, "All input tensors must have the same outer dimensions.")
    if sa is None or sb is None:
        return None
    if broadcast:
        try:
            batch = C.broadcast(op, sa[:-2], sb[:-2])
        except InvalidArgumentError:
            raise C.fail(op, "In[0] and In[1] must have compatible batch dimensions: "
                             f"{C.shape_str(sa)} vs. {C.shape_str(sb)}") from None
    else:
        batch = sa[:-2]
    if sa[-1] is not None and sa[-2] is not None and sa[-1] != sa[-2]:
        raise C.fail(op, f"In[0] matrices in the last dimensions must be square ({sa[-1]} =/= "
                         f"{sa[-2]})" if broadcast else
                     "First input (lhs) must be a square matrix.")
    if sa[-1] is not None and sb[-2] is not None and sa[-1] != sb[-2]:
        if op == "MatrixSolve":
            raise C.fail(op, "Input matrix and rhs are incompatible.")
        raise C.fail(op, f"In[0] mismatch In[1] shape: {sa[-1]} vs. {sb[-2]}: "
                         f"{C.shape_str(sa)} {C.shape_str(sb)} 1 0")
    return tuple(batch) + tuple(sb[-2:])


def _trisolve_infer(a: Any, b: Any, lower: bool, adjoint: bool) -> list:
    op = "MatrixTriangularSolve"
    _dtype_check(op, a, "bfloat16, double, float, half, complex64, complex128", _LINALG_T |
                 {dt.bfloat16}, f", adjoint={str(adjoint).lower()}, lower={str(lower).lower()}")
    d = C.same_dtype(op, (a, b), _LINALG_T | {dt.bfloat16})
    return [(_solve_shapes(op, a, b, broadcast=True), d)]


def _trisolve_kernel(xp: Any, a: Any, b: Any, lower: bool, adjoint: bool) -> Any:
    tri = xp.tril(a) if lower else xp.triu(a)
    if adjoint:
        tri = xp.conj(xp.swapaxes(tri, -1, -2))
    batch = xp.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    tri = xp.broadcast_to(tri, batch + a.shape[-2:])
    rhs = xp.broadcast_to(b, batch + b.shape[-2:])
    with np.errstate(all="ignore"):
        # substitution, one row at a time, over the rows already solved only: a zero pivot
        # gives inf/nan as in TF, not an error, and an inf or NaN reaches only the rows
        # that depend on it
        out = xp.zeros(rhs.shape, dtype=np.result_type(a.dtype, b.dtype))
        n = a.shape[-1]
        upper_first = lower == adjoint  # solving with an upper-triangular matrix
        for i in range(n - 1, -1, -1) if upper_first else range(n):
            done = slice(i + 1, n) if upper_first else slice(0, i)
            acc = rhs[..., i, :] - xp.einsum("...k,...kj->...j", tri[..., i, done],
                                             out[..., done, :])
            out[..., i, :] = _divide(xp, acc, tri[..., i, i][..., None])
    return out.astype(b.dtype, copy=False)


def _divide(xp: Any, x: Any, y: Any) -> Any:
    """x / y as Eigen's substitution divides by a pivot: for complex values on the host,
    C's division (std::complex's), whose infinities NumPy's quotient makes NaN."""
    if xp is not np or x.dtype.kind != "c":
        return x / y
    y = np.broadcast_to(y, x.shape)
    re, im = complex_quotient.c_divide(x.real, x.imag, y.real, y.imag)
    out = np.empty(x.shape, x.dtype)
    out.real, out.imag = re, im
    return out


def _trisolve_grad(n: Any, g: Any) -> list:
    a, b = n.inputs
    x = n.outputs[0]
    lower, adj = n.attrs["lower"], n.attrs["adjoint"]
    gb = triangular_solve(a, g, lower=lower, adjoint=not adj)
    ga = -matmul(x, gb, adjoint_b=True) if adj else -matmul(gb, x, adjoint_b=True)
    ga = band_part(ga, -1, 0) if lower else band_part(ga, 0, -1)
    return [sum_to(ga, a), sum_to(gb, b)]


def _trisolve_ref(a: np.ndarray, b: np.ndarray, lower: bool, adjoint: bool) -> np.ndarray:
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    out = np.zeros(b.shape, dtype=b.dtype)
    n = a.shape[-1]
    for idx in np.ndindex(*batch):
        m = a[idx]
        t = [[(m[i][j] if (j <= i if lower else j >= i) else 0.0) for j in range(n)]
             for i in range(n)]
        if adjoint:
            t = [[np.conj(t[j][i]) for j in range(n)] for i in range(n)]
        for c in range(b.shape[-1]):
            x = [0.0] * n
            order = range(n) if lower != adjoint else range(n - 1, -1, -1)
            for i in order:
                x[i] = (b[idx][i][c] - sum(t[i][k] * x[k] for k in range(n) if k != i)) / t[i][i]
            out[idx][:, c] = x
    return out


_tri = functools.cache(lambda: np.tril(_f64(3, 3)) + 2 * np.eye(3))  # samples' matrix

MATRIX_TRIANGULAR_SOLVE = register(OpDef(
    "MatrixTriangularSolve", _trisolve_infer, _trisolve_kernel, grad=_trisolve_grad,
    reference=_trisolve_ref,
    samples=lambda: [Sample((_tri(), _f64(3, 2)), {"lower": True, "adjoint": False}),
                     Sample((_tri().T, _f64(2, 3, 1)), {"lower": False, "adjoint": False}),
                     Sample((np.stack([_tri(), _tri() + 0.5 * np.eye(3)]), _f64(3, 2)),
                            {"lower": True, "adjoint": True})],
    bad_samples=lambda: [
        BadSample((_tri(), _f64(2, 1)), {"lower": True, "adjoint": False},
                  InvalidArgumentError, "In[0] mismatch In[1] shape: 3 vs. 2"),
        BadSample((_tri(), _f64(3, 1).astype(np.float32)),
                  {"lower": True, "adjoint": False}, InvalidArgumentError,
                  "was expected to be a double tensor"),
        BadSample((np.ones((2, 3)), np.ones((2, 1))), {"lower": True, "adjoint": False},
                  InvalidArgumentError,
                  "In[0] matrices in the last dimensions must be square (3 =/= 2)")],
))


@dispatch_binding
@eager_api("matrix", "rhs")  # (a list: TF's wrapper's slow path)
def triangular_solve(matrix: Any, rhs: Any, lower: bool = True, adjoint: bool = False,
                     name: str | None = None) -> Any:
    # (the attrs first: TF's fallback, which a bad attr or input takes, checks them first)
    attrs = AV.wrapper_attrs("MatrixTriangularSolve", lower=lower, adjoint=adjoint)
    return bind(MATRIX_TRIANGULAR_SOLVE, binary_args_hint(matrix, rhs), attrs,
                eager_name(name))  # (TF's makes its op in a "triangular_solve" scope)


def _solve_infer(a: Any, b: Any, adjoint: bool) -> list:
    _dtype_check("MatrixSolve", a, no_half=f", adjoint={str(adjoint).lower()}")
    d = C.same_dtype("MatrixSolve", (a, b), _LINALG_T)
    return [(_solve_shapes("MatrixSolve", a, b, broadcast=False), d)]


_NOT_INVERTIBLE = "Input matrix is not invertible. [Op:MatrixSolve]"


def _solve_kernel(xp: Any, a: Any, b: Any, adjoint: bool) -> Any:
    if adjoint:
        a = xp.conj(xp.swapaxes(a, -1, -2))
    try:
        with linalg_errors(xp):
            return _cast(xp.linalg.solve(a, b), b)
    except np.linalg.LinAlgError:
        raise InvalidArgumentError(None, None, _NOT_INVERTIBLE) from None


def _solve_host_kernel(xp: Any, a: Any, b: Any, adjoint: bool) -> Any:
    """MatrixSolve: real matrices of up to 16 rows solved by TF's CPU steps
    (eigen_lu.eigen_small_solve: its last bits); others by LAPACK, and each of those holding
    inf or NaN as TF's kernel does, by Eigen's LU (eigen_lu.eigen_lu): refused where TF's
    pivot check refuses it, else its substitutions' numbers (NaN where they make it)."""
    m = np.conj(np.swapaxes(a, -1, -2)) if adjoint and xp is np else a
    if xp is np and b.size and fits_small_solve(m):  # (TF's own steps: its last bits)
        x, ok = eigen_small_solve(m, b)
        if not ok.all():
            raise InvalidArgumentError(None, None, _NOT_INVERTIBLE)
        return x
    out = _quiet(_solve_kernel)(xp, a, b, adjoint=adjoint)
    if xp is not np or not a.size or not b.size or a.dtype == np.float16:
        return out
    odd = ~np.isfinite(m).all(axis=(-2, -1))
    if odd.any():
        places = [i for i in np.ndindex(odd.shape) if odd[i]]
        if not all(eigen_lu_invertible(m[i]) for i in places):
            raise InvalidArgumentError(None, None, _NOT_INVERTIBLE)
        with np.errstate(all="ignore"):
            for i in places:
                out[i] = eigen_lu_solve(m[i], b[i])
    return out




def _solve_grad(n: Any, g: Any) -> list:
    a = n.inputs[0]
    x = n.outputs[0]
    adj = n.attrs["adjoint"]
    gb = solve(a, g, adjoint=not adj)
    ga = -matmul(x, gb, adjoint_b=True) if adj else -matmul(gb, x, adjoint_b=True)
    return [ga, gb]


def _solve_ref(a: np.ndarray, b: np.ndarray, adjoint: bool) -> np.ndarray:
    """Gaussian elimination with partial pivoting, per matrix and column."""
    if adjoint:
        a = np.conj(np.swapaxes(a, -1, -2))
    out = np.empty(b.shape, dtype=b.dtype)
    for idx in np.ndindex(*a.shape[:-2]):
        m = a[idx].tolist()
        rhs = b[idx].tolist()
        n = len(m)
        aug = [m[i] + rhs[i] for i in range(n)]
        for c in range(n):
            p = max(range(c, n), key=lambda r: abs(aug[r][c]))
            aug[c], aug[p] = aug[p], aug[c]
            for r in range(c + 1, n):
                f = aug[r][c] / aug[c][c]
                aug[r] = [v - f * w for v, w in zip(aug[r], aug[c])]
        x = [[0.0] * len(rhs[0]) for _ in range(n)]
        for i in range(n - 1, -1, -1):
            for j in range(len(rhs[0])):
                x[i][j] = (aug[i][n + j] - sum(aug[i][k] * x[k][j] for k in range(i + 1, n))) \
                    / aug[i][i]
        out[idx] = x
    return out


MATRIX_SOLVE = register(OpDef(
    "MatrixSolve", _solve_infer, _solve_host_kernel, grad=_solve_grad, reference=_solve_ref,
    samples=lambda: [Sample((_spd(3) + 0.3 * _f64(3, 3), _f64(3, 2)), {"adjoint": False}),
                     Sample((_spd(2, 2) + 0.3 * _f64(2, 2, 2), _f64(2, 2, 1)), {"adjoint": True})],
    bad_samples=lambda: [BadSample((np.array([[1.0, 2.0], [2.0, 4.0]]), np.ones((2, 1))),
                                   {"adjoint": False}, InvalidArgumentError,
                                   "Input matrix is not invertible."),
                         BadSample((np.eye(2), np.ones((3, 1))), {"adjoint": False},
                                   InvalidArgumentError, "Input matrix and rhs are incompatible.")],
))


@eager_api("matrix", "rhs")  # (a list: TF's wrapper's slow path)
def solve(matrix: Any, rhs: Any, adjoint: bool = False, name: str | None = None) -> Any:
    attrs = AV.wrapper_attrs("MatrixSolve", adjoint=adjoint)
    matrix, rhs = binary_args_hint(matrix, rhs)
    return bind(MATRIX_SOLVE, (matrix, rhs), attrs, name)


# ---------------------------------------------------------------------------------------
# slogdet.
# ---------------------------------------------------------------------------------------

def _slogdet_infer(x: Any) -> list:
    _dtype_check("LogMatrixDeterminant", x, "half, float, double, complex64, complex128",
                 no_half="")
    s = _matrix_shape("LogMatrixDeterminant", x, square=True)
    batch = None if s is None else s[:-2]
    return [(batch, x._dtype), (batch, x._dtype)]


def _slogdet_kernel(xp: Any, x: Any) -> tuple:
    if xp is np:  # TF's CPU kernel's own LU (signed zeros, inf) rather than LAPACK's
        sign, logabs = eigen_slogdet(x)
    else:
        sign, logabs = _quiet(_lapack_slogdet)(xp, x)
    return _cast(sign, x), _cast(logabs, x)


def _lapack_slogdet(xp: Any, x: Any) -> tuple:
    return xp.linalg.slogdet(x)


def _slogdet_grad(n: Any, gsign: Any, glog: Any) -> list:
    if glog is None:
        return [None]
    return [expand_dims(expand_dims(glog, -1), -1) * adjoint(inv(n.inputs[0]))]


def _slogdet_ref(x: np.ndarray) -> tuple:
    """LU without pivoting on a copy, in plain Python (samples are well conditioned)."""
    signs, logs = [], []
    for idx in np.ndindex(*x.shape[:-2]):
        a = x[idx].tolist()
        n, sign, acc = len(a), 1.0, 0.0
        for c in range(n):
            piv = a[c][c]
            sign *= 1.0 if piv > 0 else -1.0
            acc += _pymath.log(abs(piv))
            for r in range(c + 1, n):
                f = a[r][c] / piv
                a[r] = [v - f * w for v, w in zip(a[r], a[c])]
        signs.append(sign)
        logs.append(acc)
    shape = x.shape[:-2]
    return (np.array(signs, x.dtype).reshape(shape), np.array(logs, x.dtype).reshape(shape))


LOG_MATRIX_DETERMINANT = register(OpDef(
    "LogMatrixDeterminant", _slogdet_infer, _slogdet_kernel, grad=_slogdet_grad,
    reference=_slogdet_ref, num_outputs=2,
    samples=lambda: [Sample((_spd(3) * np.array([1.0, 1.0, -1.0]),)), Sample((_spd(2, 3),))],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {}, InvalidArgumentError,
                                   "Input matrix must be square.")],
))


@eager_api("input")  # (a list: TF's wrapper's slow path)
def slogdet(input: Any, name: str | None = None) -> tuple:  # noqa: A002
    return SlogdetResult(*bind(LOG_MATRIX_DETERMINANT, (_t(input),), {}, name))


# ---------------------------------------------------------------------------------------
# QR.
# ---------------------------------------------------------------------------------------

def _align_signs(v: np.ndarray, like: np.ndarray) -> np.ndarray:
    """Columns of v flipped to agree with like's (eigenvectors are defined up to sign)."""
    s = np.sign(np.sum(v * like, axis=-2, keepdims=True))
    return v * np.where(s == 0, 1, s)


def _qr_infer(x: Any, full_matrices: bool) -> list:
    _dtype_check("Qr", x)
    s = _matrix_shape("Qr", x)
    if s is None or s[-1] is None or s[-2] is None:
        return [(None, x._dtype), (None, x._dtype)]
    m, n = s[-2:]
    k = m if full_matrices else min(m, n)
    return [(s[:-2] + (m, k), x._dtype), (s[:-2] + (k, n), x._dtype)]


def _qr_kernel(xp: Any, x: Any, full_matrices: bool) -> tuple:
    q, r = xp.linalg.qr(x, mode="complete" if full_matrices else "reduced")
    # (LAPACK's Q of a triangular matrix holds -0 where TF's Householder product, Eigen's,
    # leaves +0: adding zero makes every zero positive)
    q, r = _cast(q + 0, x), _cast(r, x)
    if xp is np and x.size:  # (Eigen's unscaled column norms overflow where LAPACK's don't)
        big = np.abs(x).max(axis=(-2, -1)) > np.sqrt(np.finfo(x.real.dtype).max / x.shape[-2])
        for idx in np.ndindex(big.shape) if big.any() else ():
            if big[idx]:
                q[idx], r[idx] = _eigen_qr(xp, x[idx], full_matrices)
    return q, r


def _householder(xp: Any, col: Any) -> tuple:
    """Eigen's makeHouseholder of a column: (essential part, tau, beta). A tail of no
    weight (and a real head) is no reflection; a NaN anywhere makes every part NaN."""
    c0, tail = col[0], col[1:]
    sq = (tail.real ** 2 + tail.imag ** 2).sum() if len(tail) else col.real.dtype.type(0)
    tiny = np.finfo(col.real.dtype).tiny
    if sq <= tiny and c0.imag ** 2 <= tiny:
        return xp.zeros_like(tail), col.dtype.type(0), c0.real
    beta = xp.sqrt(c0.real ** 2 + c0.imag ** 2 + sq)
    if c0.real >= 0:
        beta = -beta
    return tail / (c0 - beta), xp.conj((beta - c0) / beta), beta


def _reflect(xp: Any, m: Any, ess: Any, tau: Any) -> None:
    """Eigen's applyHouseholderOnTheLeft, in place: m = (I - tau v v^H) m, v = [1, ess]."""
    if m.shape[0] == 1:
        m *= 1 - tau
    elif tau != 0:  # (a NaN tau reflects: NaN everywhere it reaches)
        tmp = xp.conj(ess) @ m[1:] + m[0]
        m[0] -= tau * tmp
        m[1:] -= xp.outer(tau * ess, tmp)


def _block_reflect(xp: Any, a: Any, v: Any, h: Any) -> None:
    """Eigen's apply_block_householder_on_the_left (backward), in place: the columns past a
    wide matrix's square part, a -= V T^H V^H a. Its triangular factor T is built from the
    triangles alone, but its products pack V and T with their zeros (and V's unit
    diagonal): a zero there times a NaN is NaN, as in TF's."""
    nb, rows = v.shape[1], v.shape[0]
    h = xp.conj(h)
    t = xp.zeros((nb, nb), dtype=a.dtype)
    for i in range(nb - 1, -1, -1):  # (make_block_householder_triangular_factor)
        for c in range(i + 1, nb):
            t[i, c] = -h[i] * (xp.conj(v[c, i]) + xp.conj(v[c + 1:rows, i]) @ v[c + 1:, c])
        for j in range(nb - 1, i, -1):
            z = t[i, j]
            t[i, j] = z * t[j, j]
            t[i, j + 1:] += z * t[j, j + 1:]
        t[i, i] = h[i]
    unit = xp.tril(v, -1) + xp.eye(rows, nb, dtype=a.dtype)
    a -= unit @ (xp.conj(t).T @ (xp.conj(unit).T @ a))


def _eigen_qr(xp: Any, a: Any, full_matrices: bool) -> tuple:
    """One matrix's QR as TF's kernel computes it (Eigen's HouseholderQR, its reflectors
    column by column, and its Householder product for Q), for a matrix holding inf or NaN:
    a NaN reaches only the reflectors from its column on and what they touch (TF 2.21:
    qr([[1, nan], [2, 3]]) keeps Q and R's first column). (One block: Eigen blocks 48
    columns and more.)"""
    a = a.copy()
    m, n = a.shape
    size = min(m, n)
    taus = []
    for k in range(size):
        ess, tau, beta = _householder(xp, a[k:, k].copy())
        a[k + 1:, k], a[k, k] = ess, beta
        taus.append(tau)
        _reflect(xp, a[k:, k + 1:size], ess, tau)
    if n > size:
        _block_reflect(xp, a[:, size:], a[:, :size], xp.asarray(taus, dtype=a.dtype))
    r = xp.triu(a if full_matrices else a[:size])
    q = xp.eye(m, m if full_matrices else size, dtype=a.dtype)
    for k in range(size - 1, -1, -1):  # (full: Eigen's evalTo, the corner alone; its
        # householderQ's coefficients are the conjugates)
        _reflect(xp, q[k:, k:] if full_matrices else q[k:], a[k + 1:, k], xp.conj(taus[k]))
    return q, r


def _qr_host_kernel(xp: Any, x: Any, full_matrices: bool) -> tuple:
    """Qr: TF's own steps (Eigen's unblocked HouseholderQR: its last bits) for the float
    and double matrices eigen_qr takes, else LAPACK's (and _eigen_qr's for a matrix
    holding inf or NaN)."""
    if xp is np and eigen_qr.fits(x.shape, x.dtype):
        return eigen_qr.householder_qr(x, full_matrices)
    return _quiet(_qr_kernel, nonfinite=_eigen_qr)(xp, x, full_matrices=full_matrices)


def _qr_square_grad(q: Any, r: Any, gq: Any, gr: Any) -> Any:
    """Gradient for A = QR with m >= n (reduced Q)."""
    m = matmul(r, gr, adjoint_b=True) - matmul(gq, q, adjoint_a=True)
    low = band_part(m, -1, 0)
    # (its diagonal real, as TF's for complex inputs; real() is no op for real dtypes)
    copyltu = low + adjoint(low) - diag(cast(real(diag_part(m)), m._dtype))
    b = gq + matmul(q, copyltu)
    # b R^-H, by a triangular solve with R
    return adjoint(triangular_solve(r, adjoint(b), lower=False))


def _qr_grad(n: Any, gq: Any, gr: Any) -> list:
    x = n.inputs[0]
    q, r = n.outputs
    gq = zeros_like(q) if gq is None else gq
    gr = zeros_like(r) if gr is None else gr
    rows, cols = x._shape[-2:]
    if rows >= cols:
        if n.attrs["full_matrices"] and rows > cols:
            raise NotImplementedError("QrGrad not implemented when nrows > ncols and "
                                      "full_matrices is true.")
        return [_qr_square_grad(q, r, gq, gr)]
    # A = [X | Y] with X square: X = Q R_x, Y = Q R_y
    y = x[..., rows:]
    rx = r[..., :rows]  # (R_y enters only through Y)
    gry = gr[..., rows:]
    gx = _qr_square_grad(q, rx, gq + matmul(y, gry, adjoint_b=True), gr[..., :rows])
    return [concat([gx, matmul(q, gry)], axis=-1)]


def _qr_ref(x: np.ndarray, full_matrices: bool) -> tuple:
    """Modified Gram-Schmidt (columns of full rank), signs matched to Householder's."""
    qs, rs = [], []
    like_q, _ = np.linalg.qr(x, mode="complete" if full_matrices else "reduced")
    for idx in np.ndindex(*x.shape[:-2]):
        a = x[idx].astype(np.float64)
        m, n = a.shape
        k = m if full_matrices else min(m, n)
        cols = [a[:, j].copy() for j in range(n)] + [np.eye(m)[:, j] for j in range(m)]
        basis: list = []
        for c in cols:
            if len(basis) == k:
                break
            w = c.copy()
            for b in basis:
                w = w - float(b @ w) * b
            if np.linalg.norm(w) > 1e-10:
                basis.append(w / np.linalg.norm(w))
        q = np.stack(basis, axis=1)
        q = _align_signs(q, like_q[idx])
        qs.append(q)
        rs.append(np.triu(q.T @ a))
    shp = x.shape[:-2]
    q, r = np.array(qs), np.array(rs)
    return (q.reshape(shp + q.shape[1:]).astype(x.dtype),
            r.reshape(shp + r.shape[1:]).astype(x.dtype))


QR = register(OpDef(
    "Qr", _qr_infer, _qr_host_kernel, grad=_qr_grad,
    reference=_qr_ref, num_outputs=2,
    samples=lambda: [Sample((_f64(4, 3),), {"full_matrices": False}),
                     Sample((_f64(2, 3, 3),), {"full_matrices": True}),
                     Sample((_f64(2, 4),), {"full_matrices": False})],
    bad_samples=lambda: [BadSample((np.ones(3),), {"full_matrices": False}, InvalidArgumentError,
                                   "Input tensor 0 must have rank >= 2, got 1"),
                         BadSample((np.ones((2, 2), np.int32),), {"full_matrices": False},
                                   InvalidArgumentError, "allowed values: double, float, half")],
))


@eager_api("input")  # (a list: TF's wrapper's slow path)
def qr(input: Any, full_matrices: bool = False, name: str | None = None) -> Any:  # noqa: A002
    attrs = AV.wrapper_attrs("Qr", full_matrices=full_matrices)
    return QrResult(*bind(QR, (_t(input),), attrs, name))


# ---------------------------------------------------------------------------------------
# Composites.
# ---------------------------------------------------------------------------------------

@dispatch_binding
@eager_api("matrix")  # (a list: TF's wrapper's slow path)
def logdet(matrix: Any, name: str | None = None) -> Any:
    """log(det(matrix)) of Hermitian positive-definite matrices, via Cholesky."""
    low = cholesky(matrix)
    return 2.0 * reduce_sum(log(real(diag_part(low))), axis=-1)


@dispatch_binding
@eager_api("chol", "rhs")  # (TF hands them to its op as given: a list, its slow path)
def cholesky_solve(chol: Any, rhs: Any, name: str | None = None) -> Any:
    """x with (chol chol^H) x = rhs, for a lower-triangular Cholesky factor."""
    y = triangular_solve(chol, rhs, lower=True, adjoint=False)
    return triangular_solve(chol, y, lower=True, adjoint=True)


def _cross_infer(a: Any, b: Any) -> list:
    d = C.same_dtype("Cross", (a, b), C.REALS)
    sa, sb = a._shape, b._shape
    if sa is None or sb is None:
        return [(sa if sb is None else sb, d)]
    graph = _state.graph is not None  # (then TF's shape function's words: a ValueError)
    if not sa and graph:
        raise C.fail("Cross", "Shape must be at least rank 1 but is rank 0")
    bad = [i for i, (x, y) in enumerate(zip(sa, sb)) if None not in (x, y) and x != y]
    if len(sa) != len(sb) or bad:
        why = (f"Both inputs must be of same shape: {C.shape_str(sa)} vs. {C.shape_str(sb)}"
               if not graph else f"Shapes must be equal rank, but are {len(sa)} and {len(sb)}"
               if len(sa) != len(sb) else f"Dimension {bad[0]} in both shapes must be equal, "
               f"but are {sa[bad[0]]} and {sb[bad[0]]}. Shapes are {C.shape_str(sa)} and "
               f"{C.shape_str(sb)}.")
        raise C.fail("Cross", why)
    if not sa:  # (TF's kernel compares the shapes first, then asks for a rank)
        raise C.fail("Cross", f"Input must be at least 1D{C.shape_str(sa)}")
    out = tuple(x if x is not None else y for x, y in zip(sa, sb))
    if out[-1] not in (None, 3):
        if graph:
            raise C.fail("Cross", f"Dimension must be 3 but is {out[-1]}")
        raise FailedPreconditionError(
            None, None, "Cross-products are only defined for 3-element vectors. [Op:Cross]")
    return [(out, d)]


def _cross_kernel(xp: Any, a: Any, b: Any) -> Any:
    if a.shape != b.shape or a.shape[-1] != 3:  # (dims unknown when traced)
        _cross_infer(Spec(a), Spec(b))
    (a0, a1, a2), (b0, b1, b2) = xp.moveaxis(a, -1, 0), xp.moveaxis(b, -1, 0)
    # each component in the operands' dtype (integers wrap, halves round at each step)
    return xp.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)


def _cross_grad(n: Any, g: Any) -> list:
    return [cross(n.inputs[1], g), cross(g, n.inputs[0])]


CROSS = register(OpDef(
    "Cross", _cross_infer, _cross_kernel, grad=_cross_grad,
    reference=lambda a, b: np.cross(a, b),
    samples=lambda: [Sample((_rng.uniform(-2, 2, (3,)), _rng.uniform(-2, 2, (3,)))),
                     Sample((_rng.uniform(-2, 2, (2, 4, 3)), _rng.uniform(-2, 2, (2, 4, 3)))),
                     Sample((np.uint8([1, 2, 3]), np.uint8([4, 5, 6])), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)), np.ones(3)), {}, InvalidArgumentError,
                  "Both inputs must be of same shape: [2,3] vs. [3]"),
        BadSample((np.ones(2), np.ones(2)), {}, FailedPreconditionError,
                  "Cross-products are only defined for 3-element vectors."),
        BadSample((np.float64(1), np.float64(2)), {}, InvalidArgumentError,
                  "Input must be at least 1D[]")],
))


@eager_api("a", "b")
def cross(a: Any, b: Any, name: str | None = None) -> Any:
    """Pairwise cross products of 3-vectors along the last axis: TF's Cross."""
    a, b = binary_args(a, b)
    return bind(CROSS, (a, b), {}, name)
