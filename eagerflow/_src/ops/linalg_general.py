"""Factorizations of general (non-symmetric) square matrices: LU with partial pivoting
(TF's "Lu") and the eigendecomposition (TF's "Eig").

Sits in the ops layer after linalg_decomp.py. Lu's kernel is a row-pivoted elimination
over the batch; Eig's is LAPACK's through NumPy (both CPU-only kernels: on a GPU they run
on the CPU by soft placement). Lu has no gradient, as in TF; Eig's is TF's formula over
public ops. References: the textbook Doolittle loop in plain Python; for Eig, the
closed form of 2x2 matrices.
"""

from __future__ import annotations

import cmath
import collections
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import expand_dims, shape
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.linalg import adjoint, diag, diag_part, eye, matmul
from eagerflow._src.ops.linalg_decomp import _dtype_check, _matrix_shape, solve
from eagerflow._src.ops.math import _t, cast, conj, real, zeros_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(41)
_INDEX = frozenset((dt.int32, dt.int64))


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-1.0, 1.0, size=shape)


# ---------------------------------------------------------------------------------------
# LU
# ---------------------------------------------------------------------------------------

# Lu's CPU kernels, as TF lists them for a type it has none for (half)
_LU_KERNELS = tuple(("CPU", f"T in [{t}]; output_idx_type in [{i}]")
                    for i in ("DT_INT64", "DT_INT32")
                    for t in ("DT_COMPLEX128", "DT_COMPLEX64", "DT_DOUBLE", "DT_FLOAT"))
LuResult = collections.namedtuple("Lu", ["lu", "p"])


def _lu_infer(x: Any, output_idx_type: dt.DType) -> list:
    _dtype_check("Lu", x)
    C.dtype_attr("Lu", output_idx_type, "output_idx_type", _INDEX)
    if x._dtype is dt.float16:  # (TF's definition takes it; its CPU has no kernel)
        raise C.no_kernel("Lu", f"T=DT_HALF, output_idx_type={C.dt_enum(output_idx_type)}",
                          others=_LU_KERNELS)
    if x._shape is not None and len(x._shape) < 2:  # Lu's kernel words it without "0"
        raise C.fail("Lu", f"Input tensor must have rank >= 2, got {len(x._shape)}")
    s = _matrix_shape("Lu", x, square=True)
    return [(s, x._dtype), (None if s is None else s[:-1], output_idx_type)]


def _lu_one(a: np.ndarray) -> tuple:
    """Doolittle elimination with the largest remaining pivot in each column."""
    a = a.copy()
    n = a.shape[0]
    perm = np.arange(n)
    for k in range(n):
        column = np.abs(a[k:, k])
        p = k + int(np.argmax(np.where(np.isnan(column), -1.0, column)))  # NaNs never win
        if a[p, k] == 0:
            raise InvalidArgumentError(None, None, "Input is not invertible. [Op:Lu]")
        if p != k:
            a[[k, p]] = a[[p, k]]
            perm[[k, p]] = perm[[p, k]]
        a[k + 1:, k] /= a[k, k]
        a[k + 1:, k + 1:] -= np.outer(a[k + 1:, k], a[k, k + 1:])
    return a, perm


def _lu_kernel(xp: Any, x: Any, output_idx_type: dt.DType) -> tuple:
    lu, perm = np.empty_like(x), np.empty(x.shape[:-1], output_idx_type.as_numpy_dtype)
    with np.errstate(all="ignore"):  # inf and nan propagate quietly, as in TF's kernel
        for idx in np.ndindex(*x.shape[:-2]):
            lu[idx], perm[idx] = _lu_one(x[idx])
    return lu, perm


def _lu_ref(x: np.ndarray, output_idx_type: dt.DType) -> tuple:
    lus, perms = [], []
    for idx in np.ndindex(*x.shape[:-2]):
        a = [list(map(float, row)) for row in x[idx]]
        n, perm = len(a), list(range(len(a)))
        for k in range(n):
            p = max(range(k, n), key=lambda i: abs(a[i][k]))
            a[k], a[p] = a[p], a[k]
            perm[k], perm[p] = perm[p], perm[k]
            for i in range(k + 1, n):
                a[i][k] /= a[k][k]
                for j in range(k + 1, n):
                    a[i][j] -= a[i][k] * a[k][j]
        lus.append(a)
        perms.append(perm)
    return (np.array(lus, x.dtype).reshape(x.shape),
            np.array(perms, output_idx_type.as_numpy_dtype).reshape(x.shape[:-1]))


LU = register(OpDef(
    "Lu", _lu_infer, _lu_kernel, reference=_lu_ref, num_outputs=2, gpu=False,
    samples=lambda: [Sample((_f64(3, 3),), {"output_idx_type": dt.int32}, grad=False),
                     Sample((_f64(2, 4, 4),), {"output_idx_type": dt.int64}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"output_idx_type": dt.int32},
                           InvalidArgumentError, "Input matrix must be square."),
                 BadSample((np.ones((2, 2), np.int32),), {"output_idx_type": dt.int32},
                           InvalidArgumentError, "allowed values: double, float, half"),
                 BadSample((np.zeros((2, 2)),), {"output_idx_type": dt.int32},
                           InvalidArgumentError, "Input is not invertible."),
                 BadSample((np.array([[np.nan, 1.0], [0.0, 1.0]]),),
                           {"output_idx_type": dt.int32}, InvalidArgumentError,
                           "Input is not invertible.")],
))


def lu(input: Any, output_idx_type: Any = dt.int32, name: str | None = None) -> tuple:  # noqa: A002
    """(lu, p): L (unit diagonal, below) and U packed in one matrix, with input[p] = L U."""
    try:
        idx_type = dt.as_dtype(output_idx_type)
    except TypeError:  # (TF's op wrapper words it so)
        raise TypeError(f"Expected DataType for argument 'output_idx_type' not "
                        f"{output_idx_type!r}.") from None
    return LuResult(*bind(LU, (_t(input),), {"output_idx_type": idx_type}, name))


# ---------------------------------------------------------------------------------------
# Eig
# ---------------------------------------------------------------------------------------

_EIG_T = frozenset((dt.float32, dt.float64, dt.complex64, dt.complex128))
_COMPLEX = frozenset((dt.complex64, dt.complex128))
_COMPLEX_OF = {dt.float32: dt.complex64, dt.float64: dt.complex128,
               dt.complex64: dt.complex64, dt.complex128: dt.complex128}


def _eig_infer(x: Any, compute_v: bool, Tout: dt.DType) -> list:
    _dtype_check("Eig", x, "float, double, complex64, complex128", _EIG_T)
    C.dtype_attr("Eig", Tout, "Tout", _COMPLEX)
    if not isinstance(compute_v, bool):
        raise TypeError(f"Expected bool for argument 'compute_v' not {compute_v!r}. [Op:Eig]")
    if _COMPLEX_OF[x._dtype] is not Tout:
        raise C.fail("Eig", f"Invalid output dtype {Tout.as_datatype_enum} vs "
                            f"{_COMPLEX_OF[x._dtype].as_datatype_enum}")
    s = _matrix_shape("Eig", x, square=True)
    return [(None if s is None else s[:-1], Tout), (s if compute_v else (0,), Tout)]


def _eig_kernel(xp: Any, x: Any, compute_v: bool, Tout: dt.DType) -> tuple:
    out = Tout.as_numpy_dtype
    if not np.isfinite(x).all():
        raise InvalidArgumentError(None, None, "Eigen decomposition was not successful. The "
                                               "input might not be valid. [Op:Eig]")
    if x.size == 0:
        return np.zeros(x.shape[:-1], out), np.zeros(x.shape if compute_v else (0,), out)
    e, v = np.linalg.eig(x.astype(out))
    return e.astype(out), (v.astype(out) if compute_v else np.zeros((0,), out))


def _eig_grad(n: Any, g_e: Any, g_v: Any) -> list:
    """With A = V diag(e) V^-1: dA = V^-H (diag(g_e) + F * (V^H g_V - V^H V diag(Re(diag(
    V^H g_V))))) V^H, F[i, j] = 1 / conj(e_j - e_i) off the diagonal (the last term keeps
    the eigenvectors' unit norms); real inputs take the real part."""
    x = n.inputs[0]
    e, v = n.outputs
    if not n.attrs["compute_v"]:  # (eigvals: the eigenvectors made again, as TF's gradient)
        (e, v), g_v = bind(EIG, (x,), {**n.attrs, "compute_v": True}), None
    vh = adjoint(v)
    mid = diag(g_e) if g_e is not None else zeros_like(matmul(vh, v))
    if g_v is not None:
        gap = expand_dims(e, -2) - expand_dims(e, -1)
        off = 1 - eye(shape(e)[-1], dtype=e.dtype)
        f = conj(off / (gap + (1 - off)))
        vgv = matmul(vh, g_v)
        norms = diag(cast(real(diag_part(vgv)), e.dtype))
        mid = mid + f * (vgv - matmul(matmul(vh, v), norms))
    grad = solve(vh, matmul(mid, vh))
    return [grad if x._dtype.is_complex else cast(real(grad), x._dtype)]


def _eig_ref(x: np.ndarray, compute_v: bool, Tout: dt.DType) -> tuple:
    """2x2 matrices in closed form: the roots of the characteristic polynomial, each with
    the unit null vector of A - e I; order and phases are LAPACK's (eigenvectors are
    defined up to a unit complex factor, taken from the kernel's LAPACK call)."""
    out = Tout.as_numpy_dtype
    es, vs = [], []
    for idx in np.ndindex(*x.shape[:-2]):
        (a, b), (c, d) = x[idx].tolist()
        root = cmath.sqrt((a - d) ** 2 + 4 * b * c)
        pair = [(a + d + root) / 2, (a + d - root) / 2]
        lapack_e, lapack_v = np.linalg.eig(x[idx].astype(out))
        pair.sort(key=lambda e: int(np.argmin(np.abs(lapack_e - e))))
        cols = []
        for k, e in enumerate(pair):
            col = np.array([b, e - a]) if abs(b) > abs(c) else np.array([e - d, c])
            col = col / np.linalg.norm(col)
            phase = np.vdot(col, lapack_v[:, k])
            cols.append(col * phase / abs(phase))
        es.append(pair)
        vs.append(np.array(cols, complex).T)
    e = np.array(es, out).reshape(x.shape[:-1])
    return e, (np.array(vs, out).reshape(x.shape) if compute_v else np.zeros((0,), out))


EIG = register(OpDef(
    "Eig", _eig_infer, _eig_kernel, grad=_eig_grad, reference=_eig_ref, num_outputs=2,
    gpu=False,
    samples=lambda: [
        Sample((np.array([[4.0, 3.0], [6.0, 3.0]]),), {"compute_v": True,
                                                       "Tout": dt.complex128}, grad=False),
        Sample((_f64(3, 2, 2),), {"compute_v": True, "Tout": dt.complex128}, grad=False),
        Sample((np.array([[0.0, -1.0], [1.0, 0.0]]),), {"compute_v": False,
                                                        "Tout": dt.complex128}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"compute_v": True, "Tout": dt.complex128},
                           InvalidArgumentError, "Input matrix must be square."),
                 BadSample((np.ones((2, 2), np.int32),), {"compute_v": True, "Tout": dt.complex64},
                           InvalidArgumentError, "allowed values: float, double, complex64"),
                 BadSample((np.ones((2, 2)),), {"compute_v": True, "Tout": dt.complex64},
                           InvalidArgumentError, "Invalid output dtype 8 vs 18"),
                 BadSample((np.array([[np.nan, 1.0], [0.0, 1.0]]),),
                           {"compute_v": True, "Tout": dt.complex128},
                           InvalidArgumentError, "Eigen decomposition was not successful")],
))


def eig(tensor: Any, name: str | None = None) -> tuple:
    """(eigenvalues, eigenvectors as columns), complex, of square matrices."""
    x = _t(tensor)
    return bind(EIG, (x,), {"compute_v": True, "Tout": _COMPLEX_OF.get(x._dtype, dt.complex64)},
                name)


def eigvals(tensor: Any, name: str | None = None) -> Any:
    x = _t(tensor)
    return bind(EIG, (x,), {"compute_v": False,
                            "Tout": _COMPLEX_OF.get(x._dtype, dt.complex64)})[0]
