"""tf.linalg.banded_triangular_solve: the BandedTriangularSolve op.

Ops layer, after linalg_decomp.py. A banded triangular matrix is given by its K + 1 bands,
shaped [..., K + 1, N] as TF lays them out: lower, band 0 is the main diagonal and band k
holds A[i, i - k] at position i (right aligned); upper, band K is the main diagonal and
band K - k holds A[i, i + k] at position i (left aligned). The solve is substitution over
the bands alone (O(N K) per right-hand side), so a long narrow band never becomes a dense
N x N matrix.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.elementwise import binary_args_hint
from eagerflow._src.ops.linalg import diag_part, matmul
from eagerflow._src.ops.math import sum_to
from eagerflow._src.ops.math_base import zeros_like
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.stacking import stack

_rng = SampleRNG(73)
_T = frozenset((dt.float16, dt.float32, dt.float64, dt.complex64, dt.complex128))
_OP = "BandedTriangularSolve"


def _infer(bands: Any, rhs: Any, lower: bool, adjoint: bool) -> list:
    d = C.same_dtype(_OP, (bands, rhs), _T)
    if d is dt.float16:  # (TF's definition takes it; its CPU has no kernel)
        raise C.no_kernel(_OP, f"T=DT_HALF, adjoint={str(adjoint).lower()}, "
                               f"lower={str(lower).lower()}",
                          (dt.complex128, dt.complex64, dt.float64, dt.float32))
    a, b = bands._shape, rhs._shape
    for shape, k in ((a, 0), (b, 1)):
        if shape is not None and len(shape) < 2:
            raise C.fail(_OP, f"In[{k}] ndims must be >= 2: {len(shape)}")
    for shape, k in ((a, 0), (b, 1)):
        if shape is not None and 0 in shape:
            raise C.fail(_OP, f"In[{k}] must not be an empty tensor: Tensor<type: "
                              f"{C.dtype_word(d)} shape: {C.shape_str(shape)} values: >")
    if a is None or b is None:
        return [(None, d)]
    if None not in (a[-1], b[-2]) and a[-1] != b[-2]:
        raise C.fail(_OP, f"In[0] mismatch In[1] shape: {a[-1]} vs. {b[-2]}: "
                          f"{C.shape_str(a)} {C.shape_str(b)} {int(lower)} {int(adjoint)}")
    return [(C.broadcast(_OP, a[:-2], b[:-2]) + tuple(b[-2:]), d)]


def _diagonal(xp: Any, bands: Any, lower: bool) -> Any:
    return bands[..., 0, :] if lower else bands[..., -1, :]


def _entry(bands: Any, lower: bool, i: int, j: int) -> Any:
    """A[..., i, j] of the banded matrix (j within the band)."""
    k = abs(i - j)
    return bands[..., k, i] if lower else bands[..., bands.shape[-2] - 1 - k, i]


def _min_abs_pivot(diag: np.ndarray) -> Any:
    """Eigen's minCoeff of the diagonal's magnitudes, as TF's kernel takes it: each next
    value kept only where it is smaller, so a NaN first stays (TF then refuses the matrix
    as not invertible) and a NaN after it is passed over."""
    out = None
    for v in np.abs(diag).tolist():
        out = v if out is None or v < out else out
    return out


def _kernel(xp: Any, bands: Any, rhs: Any, lower: bool, adjoint: bool) -> Any:
    # (TF's kernel checks the first matrix of the batch alone: a later one's zero on the
    # diagonal divides, its rows inf or NaN)
    first = bands[(0,) * (bands.ndim - 2)]
    if not _min_abs_pivot(to_host(_diagonal(xp, first, lower))) > 0:
        raise InvalidArgumentError(None, None, f"Input matrix is not invertible. [Op:{_OP}]")
    batch = xp.broadcast_shapes(bands.shape[:-2], rhs.shape[:-2])
    bands = xp.broadcast_to(bands, batch + bands.shape[-2:])
    x = xp.array(xp.broadcast_to(rhs, batch + rhs.shape[-2:]), dtype=rhs.dtype)
    n, kb = rhs.shape[-2], bands.shape[-2] - 1
    # solving with A (lower: forward) or its adjoint (lower: backward), row by row; each
    # row reads the at most K rows solved before it
    forward = lower != adjoint
    with np.errstate(all="ignore"):
        for i in range(n) if forward else range(n - 1, -1, -1):
            acc = x[..., i, :]
            for k in range(1, kb + 1):
                j = i - k if forward else i + k
                if not 0 <= j < n:
                    break
                a = _entry(bands, lower, i, j) if not adjoint else xp.conj(
                    _entry(bands, lower, j, i))
                acc = acc - a[..., None] * x[..., j, :]
            diag = _diagonal(xp, bands, lower)[..., i]
            x[..., i, :] = acc / (xp.conj(diag) if adjoint else diag)[..., None]
    return x


def _reference(bands: np.ndarray, rhs: np.ndarray, lower: bool, adjoint: bool) -> np.ndarray:
    """Dense: the matrix rebuilt from its bands, then NumPy's general solve."""
    n, kb = bands.shape[-1], bands.shape[-2] - 1
    a = np.zeros(bands.shape[:-2] + (n, n), dtype=bands.dtype)
    for i in range(n):
        for k in range(kb + 1):
            j = i - k if lower else i + k
            if 0 <= j < n:
                a[..., i, j] = bands[..., k, i] if lower else bands[..., kb - k, i]
    if adjoint:
        a = np.conj(np.swapaxes(a, -1, -2))
    return np.linalg.solve(a, rhs)


def _bands(dense: Any, kb: int, lower: bool) -> Any:
    """A dense N x N gradient laid out as K + 1 bands (nothing for what is outside the band
    or in a band's padding), from the matrix's diagonals."""
    rank = len(dense._shape)
    rows = []
    n = dense._shape[-1]
    for k in range(kb + 1):
        off = k if lower else kb - k  # how far this band is from the main diagonal
        if off >= n:  # a band past the matrix's corner: all padding
            rows.append(zeros_like(diag_part(dense)))
            continue
        d = diag_part(dense, k=-off if lower else off)  # [..., N - off]
        pads = [[0, 0]] * (rank - 2) + ([[off, 0]] if lower else [[0, off]])
        rows.append(pad(d, pads))
    return stack(rows, axis=-2)


def _grad(n: Any, g: Any) -> list:
    bands, rhs = n.inputs
    x = n.outputs[0]
    lower, adj = n.attrs["lower"], n.attrs["adjoint"]
    g_rhs = bind(BANDED_TRIANGULAR_SOLVE, (bands, g), {"lower": lower, "adjoint": not adj})
    dense = -matmul(x, g_rhs, adjoint_b=True) if adj else -matmul(g_rhs, x, adjoint_b=True)
    return [sum_to(_bands(dense, bands._shape[-2] - 1, lower), bands), sum_to(g_rhs, rhs)]


def _samples() -> list:
    lower = np.stack([_rng.uniform(1.5, 3.0, 4), _rng.uniform(-1, 1, 4), _rng.uniform(-1, 1, 4)])
    upper = lower[::-1].copy()
    rhs = _rng.uniform(-1, 1, (4, 2))
    return [Sample((lower, rhs), {"lower": True, "adjoint": False}),
            Sample((upper, rhs), {"lower": False, "adjoint": False}),
            Sample((lower, rhs), {"lower": True, "adjoint": True}),
            Sample((np.stack([upper, upper * 0.5 + 1.5]), rhs[None]),
                   {"lower": False, "adjoint": True}),
            Sample((lower[:1], rhs[:, :1]), {"lower": True, "adjoint": False})]


BANDED_TRIANGULAR_SOLVE = register(OpDef(
    _OP, _infer, _kernel, grad=_grad, reference=_reference, samples=_samples,
    bad_samples=lambda: [
        BadSample((np.ones(3), np.ones((3, 1))), {"lower": True, "adjoint": False},
                  InvalidArgumentError, "In[0] ndims must be >= 2: 1"),
        BadSample((np.ones((2, 3)), np.ones((4, 1))), {"lower": True, "adjoint": False},
                  InvalidArgumentError, "In[0] mismatch In[1] shape: 3 vs. 4"),
        BadSample((np.array([[1.0, 0.0, 1.0]]), np.ones((3, 1))),
                  {"lower": True, "adjoint": False}, InvalidArgumentError,
                  "Input matrix is not invertible.")],
))


@eager_api("bands", "rhs")  # (a list: TF's wrapper's slow path)
def banded_triangular_solve(bands: Any, rhs: Any, lower: bool = True, adjoint: bool = False,
                            name: str | None = None) -> Any:
    """x with A x = rhs (A^H x = rhs with `adjoint`) for the banded triangular A whose bands
    are `bands` (see this module's docstring for their layout)."""
    # (the attrs first: TF's fallback, which a bad attr or input takes, checks them first)
    attrs = AV.wrapper_attrs("BandedTriangularSolve", lower=lower, adjoint=adjoint)
    bands, rhs = binary_args_hint(bands, rhs)
    return bind(BANDED_TRIANGULAR_SOLVE, (bands, rhs), attrs, name)
