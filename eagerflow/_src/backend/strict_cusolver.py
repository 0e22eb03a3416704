"""cuSOLVER's answers on the strict stand-in (backend layer; see strict.py): its eigen- and
singular vectors differ from LAPACK's by signs, and the stand-in's differ too (every other
one flipped, a pair of factors together, so each is still a decomposition), so that code
relying on LAPACK's signs fails in CI as it would on a GPU."""

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
