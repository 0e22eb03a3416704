"""The spectral decompositions: eigh (and eigvalsh) of a Hermitian matrix, svd, and the
spectral norm built on svd.

Ops layer, after linalg_decomp (whose dtype and shape checks, LAPACK error handling and
sample matrices they share). Each primitive is one OpDef whose kernel is a NumPy LAPACK
call over the batch and whose gradient uses public ops; as in TF, eigh reads only the
lower triangle of its input. References are Jacobi rotations in plain Python.
"""

from __future__ import annotations

import math as _pymath
from typing import Any

import numpy as np

from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops.array import expand_dims, transpose
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.linalg import adjoint, diag, diag_part, matmul
from eagerflow._src.ops.linalg_decomp import (
    _cast,
    _dtype_check,
    _f64,
    _lower_part_grad,
    _lower_sym,
    _matrix_shape,
    _pair_matrix,
    _quiet,
    _safe_reciprocal,
)
from eagerflow._src.ops.math_base import _t, cast, real, zeros_like
from eagerflow._src.ops.reduce import reduce_max
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

# ---------------------------------------------------------------------------------------
# Eigendecomposition of a Hermitian matrix (its lower triangle).
# ---------------------------------------------------------------------------------------

def _eigh_infer(x: Any, compute_v: bool) -> list:
    _dtype_check("SelfAdjointEigV2", x, no_half=f", compute_v={str(compute_v).lower()}")
    s = _matrix_shape("SelfAdjointEigV2", x, square=True)
    # (TF's eigenvalues have the input's type: complex ones with zero imaginary parts)
    if s is None:
        return [(None, x._dtype), (None, x._dtype)]
    return [(s[:-1], x._dtype), (s if compute_v else (0,), x._dtype)]


def _eigh_kernel(xp: Any, x: Any, compute_v: bool) -> tuple:
    if x.shape[-1] == 1:  # Eigen's solver takes a 1x1 matrix as it is, inf or NaN too
        e, v = x.real[..., 0], xp.ones(x.shape if compute_v else (0,), x.dtype)
        return e.astype(x.dtype), v
    scaled_away = _inf_scaled_away(xp, x)
    if scaled_away is not None:  # solved as the identity, its eigenvalues NaN after
        x = xp.where(scaled_away[..., None, None], xp.eye(x.shape[-1], dtype=x.dtype), x)
    if x.shape[-1] == 0:
        e, v = xp.zeros(x.shape[:-1], x.real.dtype), x.copy() if compute_v else xp.zeros(
            (0,), x.dtype)
    elif compute_v:
        e, v = xp.linalg.eigh(x, UPLO="L")
        v = v * _phase(xp, v)
    else:
        e, v = xp.linalg.eigvalsh(x, UPLO="L"), xp.zeros((0,), x.dtype)
    if scaled_away is not None:
        e = xp.where(scaled_away[..., None], xp.nan, e)
    return e.astype(x.dtype, copy=False), _cast(v, x)


def _inf_scaled_away(xp: Any, x: Any) -> Any:
    """Which matrices Eigen's solver (TF's kernel) takes with an infinity, or None if none
    has one; InvalidArgumentError for the ones it fails on. Eigen divides the lower
    triangle by its largest magnitude: an infinity there turns each infinity into NaN
    and every finite entry into 0. A NaN on the subdiagonal of the tridiagonal form never
    converges (any NaN given, an infinity off the diagonal, or one in the trailing block
    that the first Householder step multiplies by 0); left is an infinity on the diagonal
    of a 2x2 matrix, or at [0, 0], whose iteration ends at once: NaN eigenvalues and the
    identity's vectors."""
    lower = xp.tril(x)
    bad = ~xp.isfinite(lower)
    if not bad.any():
        return None
    n = x.shape[-1]
    allowed = xp.eye(n, dtype=bool) if n == 2 else xp.arange(n * n).reshape(n, n) == 0
    fails = xp.isnan(lower) | (bad & ~allowed)
    if fails.any():
        raise InvalidArgumentError(None, None, "Self-adjoint eigen decomposition was not "
                                   "successful. The input might not be valid. "
                                   "[Op:SelfAdjointEigV2]")
    return bad.any(axis=(-2, -1))


def _eigh_grad(n: Any, ge: Any, gv: Any) -> list:
    x = n.inputs[0]
    if n.attrs["compute_v"]:
        v = n.outputs[1]
    else:
        v, gv = eigh(x)[1], None
    inner = diag(cast(ge, x._dtype)) if ge is not None else None
    if gv is not None:
        f = cast(_pair_matrix(real(n.outputs[0]), square=False), x._dtype)  # (e is real)
        term = f * matmul(v, gv, adjoint_a=True)
        inner = term if inner is None else inner + term
    if inner is None:
        return [None]
    g = matmul(v, matmul(inner, v, adjoint_b=True))
    return [_lower_part_grad(0.5 * (g + adjoint(g)))]


def _jacobi_eigh(a: list) -> tuple:
    """Cyclic Jacobi rotations on a real symmetric matrix: (eigenvalues, eigenvectors)."""
    n = len(a)
    a = [row[:] for row in a]
    v = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    for _ in range(100):
        off = sum(a[i][j] ** 2 for i in range(n) for j in range(n) if i != j)
        if off < 1e-30:
            break
        for p in range(n):
            for q in range(p + 1, n):
                if a[p][q] == 0:
                    continue
                theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
                t = (1.0 if theta >= 0 else -1.0) / (abs(theta) + _pymath.sqrt(theta ** 2 + 1))
                c = 1 / _pymath.sqrt(t * t + 1)
                s_ = t * c
                for k in range(n):
                    akp, akq = a[k][p], a[k][q]
                    a[k][p], a[k][q] = c * akp - s_ * akq, s_ * akp + c * akq
                for k in range(n):
                    apk, aqk = a[p][k], a[q][k]
                    a[p][k], a[q][k] = c * apk - s_ * aqk, s_ * apk + c * aqk
                for k in range(n):
                    vkp, vkq = v[k][p], v[k][q]
                    v[k][p], v[k][q] = c * vkp - s_ * vkq, s_ * vkp + c * vkq
    order = sorted(range(n), key=lambda i: a[i][i])
    return [a[i][i] for i in order], [[v[k][i] for i in order] for k in range(n)]


def _phase(xp: Any, v: Any) -> Any:
    """Per column of `v` (..., n, k), the unit factor that makes its largest component
    real and positive. Eigen- and singular vectors are defined up to such a factor, and
    LAPACK (NumPy), cuSOLVER (CuPy) and TF's Eigen each pick their own; scaled by it, the
    vectors are the same on every device and when a graph folds the op on the host."""
    if v.shape[-2] == 0:
        return xp.ones(v.shape[:-2] + (1, v.shape[-1]), v.dtype)
    at = xp.expand_dims(xp.argmax(xp.abs(v), axis=-2), -2)
    c = xp.take_along_axis(v, at, axis=-2)
    mag = xp.abs(c)
    return xp.where(mag == 0, 1, xp.conj(c) / xp.where(mag == 0, 1, mag)).astype(v.dtype)


def _eigh_ref(x: np.ndarray, compute_v: bool) -> tuple:
    es, vs = [], []
    for idx in np.ndindex(*x.shape[:-2]):
        e, v = _jacobi_eigh(_lower_sym(np, x[idx]).tolist())
        es.append(e)
        vs.append(np.array(v) * _phase(np, np.array(v)) if compute_v else None)
    e = np.array(es, x.dtype).reshape(x.shape[:-1])
    return e, (np.array(vs, x.dtype).reshape(x.shape) if compute_v else np.zeros((0,), x.dtype))


EIGH = register(OpDef(
    "SelfAdjointEigV2", _eigh_infer, _eigh_kernel, grad=_eigh_grad, reference=_eigh_ref,
    num_outputs=2,
    samples=lambda: [Sample((np.diag([1.0, 2.5, 4.0]) + 0.3 * _f64(3, 3),), {"compute_v": True}),
                     Sample((np.diag([1.0, 3.0]) + 0.3 * _f64(2, 2, 2),), {"compute_v": False})],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"compute_v": True}, InvalidArgumentError,
                                   "Input matrix must be square."),
                         BadSample((np.ones((2, 2), np.int32),), {"compute_v": True},
                                   InvalidArgumentError, "allowed values: double, float, half")],
))


@dispatch_binding
@eager_api("tensor")  # (a list: TF's wrapper's slow path)
def eigh(tensor: Any, name: str | None = None) -> tuple:
    """(eigenvalues ascending, eigenvectors as columns) of Hermitian matrices."""
    return bind(EIGH, (_t(tensor),), {"compute_v": True}, name)


@dispatch_binding
@eager_api("tensor")  # (a list: TF's wrapper's slow path)
def eigvalsh(tensor: Any, name: str | None = None) -> Any:
    return bind(EIGH, (_t(tensor),), {"compute_v": False}, name)[0]  # (TF's names its op)


# ---------------------------------------------------------------------------------------
# SVD: outputs (s, u, v) as TF's Svd op; u and v are empty when compute_uv is false.
# ---------------------------------------------------------------------------------------

def _svd_infer(x: Any, compute_uv: bool, full_matrices: bool) -> list:
    _dtype_check("Svd", x, no_half=f", compute_uv={str(compute_uv).lower()}, "
                                   f"full_matrices={str(full_matrices).lower()}")
    s = _matrix_shape("Svd", x)
    real = x._dtype.real_dtype
    if s is None or s[-1] is None or s[-2] is None:
        return [(None, real), (None, x._dtype), (None, x._dtype)]
    m, n = s[-2:]
    k = min(m, n)
    if not compute_uv:
        return [(s[:-2] + (k,), real), ((0,), x._dtype), ((0,), x._dtype)]
    ku, kv = (m, n) if full_matrices else (k, k)
    return [(s[:-2] + (k,), real), (s[:-2] + (m, ku), x._dtype), (s[:-2] + (n, kv), x._dtype)]


def _svd_kernel(xp: Any, x: Any, compute_uv: bool, full_matrices: bool) -> tuple:
    real = x.real.dtype
    if not compute_uv:
        sv = xp.linalg.svd(x, compute_uv=False) if x.size else \
            xp.zeros(x.shape[:-2] + (min(x.shape[-2:]),), real)
        return sv.astype(real, copy=False), xp.zeros((0,), x.dtype), xp.zeros((0,), x.dtype)
    u, sv, vh = xp.linalg.svd(x, full_matrices=full_matrices)
    v = xp.conj(xp.swapaxes(vh, -1, -2))
    # u's and v's first k columns pair up (A = U S V^H): they take u's factors together;
    # the rest (full_matrices) each their own
    k = sv.shape[-1]
    pu, pv = _phase(xp, u), _phase(xp, v)
    pv = xp.concatenate([pu[..., :k], pv[..., k:]], axis=-1)
    return sv.astype(real, copy=False), _cast(u * pu, x), _cast(v * pv, x)


def _svd_nonfinite(xp: Any, m: Any, compute_uv: bool, full_matrices: bool) -> tuple:
    """TF's answer for a matrix holding inf or NaN: NaN, but zeros for a complex one
    (Eigen's complex SVD stops at such an input, leaving TF's zeroed outputs)."""
    outs = _svd_kernel(xp, xp.zeros_like(m), compute_uv, full_matrices)[:3 if compute_uv else 1]
    fill = 0 if m.dtype.kind == "c" else np.nan
    return tuple(xp.full_like(o, fill) for o in outs)


def _svd_grad(n: Any, gs: Any, gu: Any, gv: Any) -> list:
    x = n.inputs[0]
    m, k_n = x._shape[-2:]
    if not n.attrs["compute_uv"]:
        s, u, v = svd(x, compute_uv=True)
        gu = gv = None
    else:
        s, u, v = n.outputs
        if n.attrs["full_matrices"] and m != k_n:
            raise NotImplementedError("SVD gradient has not been implemented for input with "
                                      "unequal number of columns and rows with "
                                      "full_matrices=True.")
    gs = zeros_like(s) if gs is None else gs
    out = matmul(u * cast(expand_dims(gs, -2), x._dtype), v, adjoint_b=True)
    if gu is None and gv is None:
        return [out]
    gu, gv = (zeros_like(t) if g is None else g for t, g in ((u, gu), (v, gv)))
    f = cast(_pair_matrix(s, square=True), x._dtype)  # (complex inputs: s, f, 1/s cast)
    ugu = matmul(u, gu, adjoint_a=True)
    j, kk = f * ugu, f * matmul(v, gv, adjoint_a=True)
    s_row = cast(expand_dims(s, -2), x._dtype)  # right-multiplying by diag(s) scales columns
    core = (j + adjoint(j)) * s_row + adjoint(adjoint(kk + adjoint(kk)) * s_row)
    s_inv = cast(_safe_reciprocal(expand_dims(s, -2)), x._dtype)
    if x._dtype.is_complex:  # TF's: U^H gU's diagonal, its imaginary part, through 1/s
        d = diag(diag_part(ugu))
        core = core + 0.5 * (adjoint(d) - d) * s_inv
    out = out + matmul(matmul(u, core), v, adjoint_b=True)
    # the parts of gu, gv outside the spans of u, v (zero for square inputs)
    gu_perp = gu - matmul(u, matmul(u, gu, adjoint_a=True))
    gv_perp = gv - matmul(v, matmul(v, gv, adjoint_a=True))
    out = out + matmul(gu_perp * s_inv, v, adjoint_b=True)
    out = out + matmul(u * s_inv, gv_perp, adjoint_b=True)
    return [out]


def _svd_ref(x: np.ndarray, compute_uv: bool, full_matrices: bool) -> tuple:
    """Singular values from Jacobi on A^T A; vectors scaled as the kernel's (_phase)."""
    svs, us, vs = [], [], []
    for idx in np.ndindex(*x.shape[:-2]):
        a = x[idx].astype(np.float64)
        m, n = a.shape
        k = min(m, n)
        e, w = _jacobi_eigh((a.T @ a).tolist())
        order = sorted(range(n), key=lambda i: -e[i])[:k]
        sv = [_pymath.sqrt(max(e[i], 0.0)) for i in order]
        svs.append(sv)
        if compute_uv:
            v = np.array(w)[:, order]
            u = a @ v / np.array(sv)
            p = _phase(np, u)
            us.append(u * p)
            vs.append(v * p)
    shp = x.shape[:-2]
    sv = np.array(svs).reshape(shp + (min(x.shape[-2:]),)).astype(x.dtype)
    if not compute_uv:
        return sv, np.zeros((0,), x.dtype), np.zeros((0,), x.dtype)
    u, v = np.array(us), np.array(vs)
    return (sv, u.reshape(shp + u.shape[1:]).astype(x.dtype),
            v.reshape(shp + v.shape[1:]).astype(x.dtype))


SVD = register(OpDef(
    "Svd", _svd_infer, _quiet(_svd_kernel, nonfinite=_svd_nonfinite), grad=_svd_grad,
    reference=_svd_ref, num_outputs=3,
    samples=lambda: [Sample((_f64(4, 3),), {"compute_uv": True, "full_matrices": False}),
                     Sample((_f64(2, 3, 3),), {"compute_uv": True, "full_matrices": False}),
                     Sample((_f64(2, 4),), {"compute_uv": True, "full_matrices": False}),
                     Sample((_f64(3, 2),), {"compute_uv": False, "full_matrices": False})],
    bad_samples=lambda: [
        BadSample((np.ones(3),), {"compute_uv": True, "full_matrices": False},
                  InvalidArgumentError, "Input tensor 0 must have rank >= 2, got 1"),
        BadSample((np.ones((2, 2), np.int32),), {"compute_uv": False, "full_matrices": False},
                  InvalidArgumentError, "allowed values: double, float, half")],
))


@dispatch_binding
@eager_api("tensor")  # (a list: TF's wrapper's slow path)
def svd(tensor: Any, full_matrices: bool = False, compute_uv: bool = True,
        name: str | None = None) -> Any:
    """tf.linalg.svd: (s, u, v) with a = u @ diag(s) @ adjoint(v), or s alone."""
    attrs = AV.wrapper_attrs("Svd", compute_uv=compute_uv, full_matrices=full_matrices)
    s, u, v = bind(SVD, (_t(tensor),), attrs, name)
    return (s, u, v) if compute_uv else s  # (TF's: None is the op's default, then s alone)


# ---------------------------------------------------------------------------------------
# The spectral norm.
# ---------------------------------------------------------------------------------------

def spectral_norm(x: Any, axes: list, keepdims: bool) -> Any:
    """The largest singular value over the two `axes` (tf.norm with ord=2 on matrices)."""
    r = len(x._shape)
    a0, a1 = axes[0] % r, axes[1] % r
    rest = [i for i in range(r) if i not in (a0, a1)]
    s = svd(transpose(x, rest + [a0, a1]), compute_uv=False)
    out = reduce_max(s, axis=-1)
    if keepdims:
        for ax in sorted((a0, a1)):
            out = expand_dims(out, ax)
    return out
