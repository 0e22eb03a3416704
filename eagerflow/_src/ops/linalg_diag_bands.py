"""The ops Diag and DiagPart (tf.linalg.tensor_diag, tensor_diag_part: a rank-k tensor on
the diagonal of a rank-2k one), and TF's first and second versions of the diagonal ops, for
tf.raw_ops and old graphs (MatrixDiag, MatrixDiagPart, MatrixSetDiag and their V2s, whose
bands are V3's "LEFT_LEFT": linalg_diag.py's kernels with that align).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.linalg_diag import (
    MATRIX_DIAG,
    MATRIX_DIAG_PART,
    _matrix_diag_infer,
    _matrix_diag_kernel,
    band_sizes,
    bind_with_k,
    k_checked,
    k_range,
    set_diag_grad,
    set_diag_infer,
    set_diag_kernel,
)
from eagerflow._src.ops.linalg_diag import _diag_part_infer as _part_v3_infer
from eagerflow._src.ops.linalg_diag import _diag_part_kernel as _part_v3_kernel
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

# ---------------------------------------------------------------------------------------
# Diag and DiagPart: out[i.., i..] = x[i..] for x of any rank k >= 1, and back.
# ---------------------------------------------------------------------------------------

_rng = SampleRNG(43)
_DIAG_T = C.FLOAT_COMPLEX | frozenset((dt.int32, dt.int64))
# (as TF lists them: its definitions', then the CPU kernels, none for bfloat16)
_DIAG_WORDS = "bfloat16, half, float, double, int32, int64, complex64, complex128"
_DIAG_CPU = (dt.float16, dt.complex128, dt.complex64, dt.int64, dt.int32, dt.float32,
             dt.float64)
_DIAG_XLA = ("T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, "
             "DT_COMPLEX128, DT_HALF]")


def _diag_type(op: str, x: Any) -> None:
    if x._dtype not in _DIAG_T:
        raise C.fail(op, f"Value for attr 'T' of {C.dtype_word(x._dtype)} is not in the list "
                         f"of allowed values: {_DIAG_WORDS}\n\t; NodeDef: {{{{node {op}}}}}")
    if x._dtype is dt.bfloat16:
        raise C.no_kernel(op, "T=DT_BFLOAT16", _DIAG_CPU, others=(("XLA_CPU_JIT", _DIAG_XLA),))


def _check_diag_rank(shape: tuple) -> None:
    if not shape:
        raise C.fail("Diag", "Input must be at least rank 1, got 0")


def _check_diag_part_shape(shape: tuple) -> None:
    """TF's DiagPart kernel's checks (its message's run of spaces too)."""
    if len(shape) % 2:
        raise C.fail("DiagPart", "The rank of the tensor should be" + " " * 42 +
                                 f"even and positive, got shape {C.shape_str(shape)}")
    k = len(shape) // 2
    for i in range(k):
        if None not in (shape[i], shape[i + k]) and shape[i] != shape[i + k]:
            raise C.fail("DiagPart", f"Invalid shape {C.shape_str(shape)}: dimensions {i} and "
                                     f"{i + k} do not match.")


def _diag_infer(x: Any) -> list:
    _diag_type("Diag", x)
    if x._shape is None:
        return [(None, x._dtype)]
    _check_diag_rank(x._shape)
    return [(x._shape + x._shape, x._dtype)]


def _diag_kernel(xp: Any, x: Any) -> Any:
    _check_diag_rank(x.shape)
    n = x.size
    out = xp.zeros((n, n), x.dtype)
    i = xp.arange(n)
    out[i, i] = x.reshape(-1)
    return out.reshape(x.shape + x.shape)


def _diag_part_infer(x: Any) -> list:
    _diag_type("DiagPart", x)
    if x._shape is None:
        return [(None, x._dtype)]
    _check_diag_part_shape(x._shape)
    return [(x._shape[:len(x._shape) // 2], x._dtype)]


def _diag_part_kernel(xp: Any, x: Any) -> Any:
    _check_diag_part_shape(x.shape)
    half = x.shape[:x.ndim // 2]
    n = int(np.prod(half, dtype=np.int64))
    return xp.diagonal(x.reshape(n, n)).reshape(half).copy()


def _diag_ref(x: np.ndarray) -> np.ndarray:
    out = np.zeros(x.shape + x.shape, x.dtype)
    for i in np.ndindex(*x.shape):
        out[i + i] = x[i]
    return out


def _diag_part_ref(x: np.ndarray) -> np.ndarray:
    half = x.shape[:x.ndim // 2]
    out = np.zeros(half, x.dtype)
    for i in np.ndindex(*half):
        out[i] = x[i + i]
    return out


DIAG = register(OpDef(
    "Diag", _diag_infer, _diag_kernel, grad=lambda n, g: [bind(DIAG_PART, (g,), {})],
    reference=_diag_ref,
    samples=lambda: [Sample((_rng.uniform(-2, 2, size=(2, 3)),)),
                     Sample((_rng.uniform(-2, 2, size=(4,)),))],
    bad_samples=lambda: [BadSample((np.array(1.0),), {}, InvalidArgumentError,
                                   "Input must be at least rank 1, got 0"),
                         BadSample((np.ones(2, np.int8),), {}, InvalidArgumentError,
                                   "Value for attr 'T' of int8")]))
DIAG_PART = register(OpDef(
    "DiagPart", _diag_part_infer, _diag_part_kernel, grad=lambda n, g: [bind(DIAG, (g,), {})],
    reference=_diag_part_ref,
    samples=lambda: [Sample((_rng.uniform(-2, 2, size=(2, 3, 2, 3)),)),
                     Sample((_rng.uniform(-2, 2, size=(3, 3)),))],
    bad_samples=lambda: [BadSample((np.ones(2),), {}, InvalidArgumentError,
                                   "even and positive, got shape [2]"),
                         BadSample((np.ones((3, 2)),), {}, InvalidArgumentError,
                                   "Invalid shape [3,2]: dimensions 0 and 1 do not match.")]))


@eager_api("diagonal")  # (a list or NumPy scalar: TF's wrapper's slow path)
def tensor_diag(diagonal: Any, name: str | None = None) -> Any:
    """A rank-2k tensor with `diagonal` (rank k >= 1) on its diagonal."""
    return bind(DIAG, (_t(diagonal),), {}, name)


@dispatch_binding
@eager_api("input")  # (a list or NumPy scalar: TF's wrapper's slow path)
def tensor_diag_part(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """The diagonal of a rank-2k tensor: out[i..] = input[i.., i..]."""
    return bind(DIAG_PART, (_t(input),), {}, name)


# ---------------------------------------------------------------------------------------
# TF's earlier versions: MatrixDiag, MatrixDiagPart, MatrixSetDiag (the main diagonal) and
# the V2 ops, whose k is one diagonal or a band (lower, upper) with each diagonal at the
# left of its row (V3's align "LEFT_LEFT"). TF's gradients are V3's (the functions above).
# ---------------------------------------------------------------------------------------

def _diag_v2_infer(d: Any, k: Any, num_rows: int, num_cols: int, padding_value: Any,
                   op: str = "MatrixDiagV2") -> list:
    k_checked(op, k, d)
    return _matrix_diag_infer(d, k=k, num_rows=num_rows, num_cols=num_cols,
                              padding_value=padding_value, align="LEFT_LEFT", op=op)


def _diag_v2_kernel(xp: Any, d: Any, k: Any, num_rows: int, num_cols: int,
                    padding_value: Any) -> Any:
    return _matrix_diag_kernel(xp, d, k=k, num_rows=num_rows, num_cols=num_cols,
                               padding_value=padding_value, align="LEFT_LEFT")


def _diag_v2_ref(d: np.ndarray, k: Any, num_rows: int, num_cols: int,
                 padding_value: Any) -> np.ndarray:
    lo, hi = k_range(k)
    d = d[..., None, :] if lo == hi else d
    num_rows, num_cols = band_sizes(d.shape[-1], lo, hi, num_rows, num_cols)
    out = np.full(d.shape[:-2] + (num_rows, num_cols), padding_value, dtype=d.dtype)
    for idx in np.ndindex(*out.shape):
        i, j = idx[-2:]
        if lo <= j - i <= hi:
            out[idx] = d[idx[:-2] + (hi - (j - i), min(i, j))]  # (LEFT_LEFT: from the left)
    return out


def _diag_part_v2_infer(x: Any, k: Any, padding_value: Any, op: str = "MatrixDiagPartV2") -> list:
    k_checked(op, k, x)
    return _part_v3_infer(x, k, padding_value, align="LEFT_LEFT", op=op)


def _diag_part_v2_kernel(xp: Any, x: Any, k: Any, padding_value: Any) -> Any:
    return _part_v3_kernel(xp, x, k, padding_value, align="LEFT_LEFT")


def _diag_part_v2_ref(x: np.ndarray, k: Any, padding_value: Any) -> np.ndarray:
    lo, hi = k_range(k)
    rows, cols = x.shape[-2:]
    n = min(rows + min(hi, 0), cols - max(lo, 0))
    out = np.full(x.shape[:-2] + (hi - lo + 1, n), padding_value, dtype=x.dtype)
    for idx in np.ndindex(*out.shape):
        kd, i = hi - idx[-2], idx[-1] + max(-(hi - idx[-2]), 0)
        if i < rows and 0 <= i + kd < cols:
            out[idx] = x[idx[:-2] + (i, i + kd)]
    return out[..., 0, :] if lo == hi else out


def _set_diag_v2_ref(x: np.ndarray, d: np.ndarray, k: Any = 0) -> np.ndarray:
    full = _diag_v2_ref(d, k, x.shape[-2], x.shape[-1], 0)
    mask = _diag_v2_ref(np.ones(d.shape, bool), k, x.shape[-2], x.shape[-1], False)
    return np.where(mask, full, x)


# (TF's gradients of the V2 ops read a band with V3's default align, not the ops' own)

def _diag_v2_grad(n: Any, g: Any) -> list:
    attrs = {"k": n.attrs.get("k", 0), "padding_value": 0, "align": "RIGHT_LEFT"}
    return [bind_with_k(MATRIX_DIAG_PART, n, 1, (g,), attrs, "diag_part")]


def _diag_part_v2_grad(n: Any, g: Any) -> list:
    rows, cols = n.inputs[0]._shape[-2:]
    attrs = {"k": n.attrs.get("k", 0), "num_rows": rows, "num_cols": cols,
             "padding_value": 0, "align": "RIGHT_LEFT"}
    return [bind_with_k(MATRIX_DIAG, n, 1, (g,), attrs, "diag")]


def _m(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


MATRIX_DIAG_V1 = register(OpDef(
    "MatrixDiag",
    lambda d: _diag_v2_infer(d, 0, -1, -1, 0, "MatrixDiag"),
    lambda xp, d: _diag_v2_kernel(xp, d, 0, -1, -1, 0), grad=_diag_v2_grad,
    reference=lambda d: _diag_v2_ref(d, 0, -1, -1, 0),
    samples=lambda: [Sample((_m(2, 3),)), Sample((np.array([1, 2], np.int32),), grad=False)],
    bad_samples=lambda: [BadSample((np.float64(1.0),), {}, InvalidArgumentError,
                                   "diagonal must be at least 1-dim, received shape: []")],
))
MATRIX_DIAG_PART_V1 = register(OpDef(
    "MatrixDiagPart",
    lambda x: _diag_part_v2_infer(x, 0, 0, "MatrixDiagPart"),
    lambda xp, x: _diag_part_v2_kernel(xp, x, 0, 0), grad=_diag_part_v2_grad,
    reference=lambda x: _diag_part_v2_ref(x, 0, 0),
    samples=lambda: [Sample((_m(3, 4),)), Sample((_m(2, 3, 2),))],
    bad_samples=lambda: [BadSample((np.ones(4),), {}, InvalidArgumentError,
                                   "input must be at least 2-dim, received shape: [4]")],
))
MATRIX_SET_DIAG_V1 = register(OpDef(
    "MatrixSetDiag",
    lambda x, d: set_diag_infer(x, d, 0, "MatrixSetDiag"),
    lambda xp, x, d: set_diag_kernel(xp, x, d), grad=set_diag_grad,
    reference=_set_diag_v2_ref,
    samples=lambda: [Sample((_m(3, 4), _m(3))), Sample((_m(2, 3, 2), _m(2, 2)))],
    bad_samples=lambda: [
        BadSample((np.ones(4), np.ones(2)), {}, InvalidArgumentError,
                  "input must be at least 2-dim, received shape: [4]"),
        BadSample((np.ones((3, 4)), np.ones(2)), {}, InvalidArgumentError,
                  "Input shape: [3,4]\nDiagonal shape: [2]\nExpected diagonal shape: [3]")],
))
MATRIX_DIAG_V2 = register(OpDef(
    "MatrixDiagV2", _diag_v2_infer, _diag_v2_kernel, grad=_diag_v2_grad, reference=_diag_v2_ref,
    samples=lambda: [
        Sample((_m(2, 3),), {"k": 1, "num_rows": -1, "num_cols": -1, "padding_value": 0}),
        Sample((_m(2, 3),), {"k": (-1, 0), "num_rows": -1, "num_cols": -1, "padding_value": 7}),
        # (a superdiagonal shorter than the band: TF's gradient reads it from the right,
        # test_diag_bands.py pins it)
        Sample((_m(2, 3, 2),), {"k": (-1, 1), "num_rows": 3, "num_cols": -1, "padding_value": 0},
               grad=False),
        Sample((_m(2, 2),), {"k": (-2, -1), "num_rows": -1, "num_cols": -1, "padding_value": 0})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)),), {"k": 0, "num_rows": 1, "num_cols": -1,
                                       "padding_value": 0}, InvalidArgumentError,
                  "The number of rows is too small."),
        BadSample((np.ones((3, 3)),), {"k": (-1, 0), "num_rows": -1, "num_cols": -1,
                                       "padding_value": 0}, InvalidArgumentError,
                  "The number of diagonals provided in the input does not match")],
))
MATRIX_DIAG_PART_V2 = register(OpDef(
    "MatrixDiagPartV2", _diag_part_v2_infer, _diag_part_v2_kernel, grad=_diag_part_v2_grad,
    reference=_diag_part_v2_ref,
    samples=lambda: [Sample((_m(3, 4),), {"k": 1, "padding_value": 0}),
                     Sample((_m(2, 3, 4),), {"k": (-1, 1), "padding_value": 9}),
                     Sample((_m(4, 3),), {"k": (-3, -1), "padding_value": 0})],
    bad_samples=lambda: [
        BadSample((np.ones(4),), {"k": 0, "padding_value": 0}, InvalidArgumentError,
                  "input must be at least 2-dim, received shape: [4]"),
        BadSample((np.ones((3, 4)),), {"k": (1, 0), "padding_value": 0}, InvalidArgumentError,
                  "lower_diag_index must not be larger than upper_diag_index: 1 > 0")],
))
MATRIX_SET_DIAG_V2 = register(OpDef(
    "MatrixSetDiagV2", set_diag_infer, set_diag_kernel, grad=set_diag_grad,
    reference=_set_diag_v2_ref,
    samples=lambda: [Sample((_m(3, 4), _m(3)), {"k": 1}),
                     Sample((_m(2, 3, 4), _m(2, 3, 3)), {"k": (-1, 1)})],
    bad_samples=lambda: [
        BadSample((np.ones((3, 4)), np.ones(2)), {"k": 1}, InvalidArgumentError,
                  "Either first dimensions of diagonal don't match input.shape[:-2]"),
        BadSample((np.ones((3, 4)), np.ones((3, 3))), {"k": (-4, 1)}, InvalidArgumentError,
                  "lower_diag_index is out of bound: -4 It must be between -3 and 4")],
))
