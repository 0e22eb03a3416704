"""cuSOLVER's answers on the strict stand-in (backend layer; see strict.py): its eigen- and
singular vectors differ from LAPACK's by signs, and the stand-in's differ too (every other
one flipped, a pair of factors together, so each is still a decomposition), so that code
relying on LAPACK's signs fails in CI as it would on a GPU; its LU factorization (getrf)
pivots as LAPACK's does, and reports a singular matrix by a zero on U's diagonal only."""

from __future__ import annotations

from typing import Any

import numpy as np


def svd(a: np.ndarray, full_matrices: bool = True, compute_uv: bool = True, **kw: Any) -> Any:
    out = np.linalg.svd(a, full_matrices=full_matrices, compute_uv=compute_uv, **kw)
    if not compute_uv:
        return out
    u, s, vh = out
    u, vh = u.copy(), vh.copy()
    u[..., :, 1::2] *= -1
    vh[..., 1::2, :] *= -1
    return type(out)(u, s, vh)


def eigh(a: np.ndarray, UPLO: str = "L") -> Any:  # noqa: N803 - NumPy's name
    out = np.linalg.eigh(a, UPLO=UPLO)
    v = out.eigenvectors.copy()
    v[..., :, 1::2] *= -1
    return type(out)(out.eigenvalues, v)


def getrf(a: np.ndarray) -> tuple:
    """LU factorizations of a batch of square matrices (..., n, n) as cuSOLVER's getrf
    makes them (LAPACK's partial pivoting): (lu, pivots), L's multipliers below U's
    diagonal packed in one matrix, and at step k row k swapped with row pivots[..., k]
    (0-based, int32). The pivot is the first entry of largest magnitude down the column,
    taken as BLAS's i?amax takes it: |re| + |im| for complex entries, and a NaN only where
    it comes first (LAPACK's compares with `>`). A zero pivot leaves its column unscaled
    and the elimination goes on: the singular matrix keeps a zero on U's diagonal (getrf's
    info > 0), which is what its callers check."""
    n = a.shape[-1]
    lu = np.array(a, copy=True).reshape(-1, n, n)
    pivots = np.empty(lu.shape[:-1], np.int32)
    batch = np.arange(lu.shape[0])
    with np.errstate(all="ignore"):
        for k in range(n):
            col = lu[:, k:, k]
            mag = np.abs(col.real) + np.abs(col.imag) if col.dtype.kind == "c" else np.abs(col)
            nan = np.isnan(mag)
            p = k + np.where(nan[:, 0], 0, np.argmax(np.where(nan, -1, mag), axis=1))
            pivots[:, k] = p
            lu[batch, k], lu[batch, p] = lu[batch, p], lu[batch, k].copy()
            pivot = lu[:, k, k:k + 1]
            lu[:, k + 1:, k] = np.where(pivot != 0, lu[:, k + 1:, k] / pivot, lu[:, k + 1:, k])
            lu[:, k + 1:, k + 1:] -= lu[:, k + 1:, k, None] * lu[:, k, None, k + 1:]
    return lu.reshape(a.shape), pivots.reshape(a.shape[:-1])
