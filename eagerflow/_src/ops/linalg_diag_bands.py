"""tf.linalg.diag, diag_part and set_diag with `k` a band of diagonals (lower, upper), over the
one-diagonal ops of linalg.py and linalg_decomp.py (MatrixDiagV3, MatrixDiagPartV3,
MatrixSetDiagV3 with lower_diag_index < upper_diag_index); the ops Diag and DiagPart
(tf.linalg.tensor_diag, tensor_diag_part: a rank-k tensor on the diagonal of a rank-2k one);
and TF's first and second versions of the diagonal ops, for tf.raw_ops and old graphs
(MatrixDiag, MatrixDiagPart, MatrixSetDiag and their V2s, whose bands are "LEFT_LEFT").

A band's diagonals are stacked from the uppermost (row 0 holds diagonal `upper`) along a
second-to-last axis as long as the band's longest diagonal; a shorter diagonal is placed
by `align`: "RIGHT_LEFT" (TF's default) puts superdiagonals (the main one included) at the
right of their row and subdiagonals at the left. Each band call is a composite of the
one-diagonal ops, so gradients and tracing come from theirs.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import broadcast_to
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.linalg import (
    _check_diag_attrs,
    _default_sizes,
    _diag_index,
    _diag_len,
    _matrix_diag_infer,
    _matrix_diag_kernel,
    _t,
    check_diag_sizes,
)
from eagerflow._src.ops.linalg import _diag_part_infer as _diag_part_v3_infer
from eagerflow._src.ops.linalg import diag as _diag_one
from eagerflow._src.ops.linalg import diag_part as _diag_part_one
from eagerflow._src.ops.math import where, zeros_like
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.stacking import stack

_ALIGNS = ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT")
_STOP = {"lower": ".", "upper": ""}  # TF's two messages differ so
_SET_STOP = {"lower": "", "upper": ""}  # (the set_diag kernel's: alike)
# MatrixSetDiagV3's kernels, as TF lists them for a dtype it has none for (a string)
_SET_DIAG_KERNELS = (dt.bool, dt.complex128, dt.complex64, dt.float64, dt.float32, dt.bfloat16,
                     dt.float16, dt.int32, dt.int8, dt.uint8, dt.int16, dt.uint16, dt.uint32,
                     dt.int64, dt.uint64)
_SET_DIAG_XLA = ("DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
                 "DT_INT64, DT_BOOL, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16, "
                 "DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, DT_FLOAT8_E5M2, "
                 "DT_FLOAT8_E4M3FN, DT_FLOAT8_E4M3FNUZ, DT_FLOAT8_E4M3B11FNUZ, "
                 "DT_FLOAT8_E5M2FNUZ, DT_INT4, DT_UINT4")


def _band(k: Any, op: str) -> tuple | None:
    """(lower, upper) when `k` names two diagonals, None when it names one."""
    if isinstance(k, (list, tuple)):  # TF converts it to an int32 tensor: its errors
        k = convert_to_tensor(k, dtype=dt.int32)
    if isinstance(k, Tensor):
        if k._shape is None or len(k._shape) == 0:
            return None
        k = np.asarray(C.known(k) if C.is_graph_tensor(k) else k.numpy())
    if not isinstance(k, (list, tuple, np.ndarray)) or np.ndim(k) == 0:
        return None
    if np.ndim(k) > 1:
        raise C.fail(op, f"diag_index must be a scalar or vector, received shape: "
                         f"{C.shape_str(np.shape(k))}")
    ks = list(np.asarray(k, dtype=object).ravel())
    if not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in ks):
        raise TypeError(f"Cannot convert {k!r} to EagerTensor of dtype int32")
    ks = [int(v) for v in ks]
    if len(ks) == 1:
        return None
    if len(ks) != 2:
        raise C.fail(op, f"diag_index must have only one or two elements, received "
                         f"{len(ks)} elements.")
    if ks[0] > ks[1]:
        raise C.fail(op, f"lower_diag_index must not be larger than upper_diag_index: "
                         f"{ks[0]} > {ks[1]}")
    return ks[0], ks[1]


def _single(k: Any) -> Any:
    """The one diagonal `k` names (a length-1 or (k, k) sequence reads as k)."""
    if isinstance(k, Tensor) and k._shape:
        k = k.numpy()
    if isinstance(k, (list, tuple, np.ndarray)) and np.ndim(k) != 0:
        return np.asarray(k, dtype=object).ravel()[0]
    return k


def _check_align(align: Any, op: str) -> None:
    if not isinstance(align, (str, bytes)):
        raise TypeError(f"Expected string for argument 'align' not {align!r}.")
    if align not in _ALIGNS:
        allowed = ", ".join(f'"{a}"' for a in _ALIGNS)
        raise InvalidArgumentError(None, None, f"Value for attr 'align' of \"{align}\" is not in "
                                               f"the list of allowed values: {allowed}\n\t; "
                                               f"NodeDef: {{{{node {op}}}}} [Op:{op}]")


def _check_bounds(op: str, lo: int, hi: int, rows: Any, cols: Any, stops: dict = _STOP) -> None:
    """A band's diagonals lie in the matrix (the main one always does)."""
    if rows is None or cols is None:
        return
    for what, v in (("lower", lo), ("upper", hi)):
        if not (-rows < v < cols or v == 0):
            raise C.fail(op, f"{what}_diag_index is out of bound: {v}{stops[what]} It must be "
                             f"between {-rows} and {cols}")


def _band_sizes(max_len: int, lo: int, hi: int, num_rows: int, num_cols: int) -> tuple:
    """A band's matrix size, either left -1: the smallest that holds its diagonals (square
    when both are)."""
    min_rows, min_cols = max_len - min(hi, 0), max_len + max(lo, 0)
    if num_rows == -1 and num_cols == -1:
        return max(min_rows, min_cols), max(min_rows, min_cols)
    return (min_rows if num_rows == -1 else num_rows), (min_cols if num_cols == -1 else num_cols)


def _offset(d: int, diag_len: int, max_len: int, align: str) -> int:
    """Where diagonal d's entries start in its row of the band (TF's content offset)."""
    left = align.startswith("LEFT") if d >= 0 else align.endswith("LEFT")
    return 0 if left else max_len - diag_len


@eager_api("input", "k", "padding_value", named=True)
def diag_part(input: Any, name: str = "diag_part", k: Any = 0,  # noqa: A002
              padding_value: Any = 0, align: str = "RIGHT_LEFT") -> Any:
    """tf.linalg.diag_part: the k-th diagonal of batched matrices, or the band k=(lo, hi)
    of diagonals stacked from the uppermost, shorter ones padded with `padding_value`."""
    op = "MatrixDiagPartV3"
    _check_align(align, op)
    band = _band(k, op)
    if band is None or band[0] == band[1]:
        return _diag_part_one(input, name, k=band[0] if band else _single(k),
                              padding_value=padding_value, align=align)
    x = _t(input)
    if x._shape is not None and len(x._shape) < 2:
        raise C.fail(op, f"input must be at least 2-dim, received shape: "
                         f"{C.shape_str(x._shape)}")
    rows, cols = x._shape[-2:]
    lo, hi = band
    _check_bounds(op, lo, hi, rows, cols)
    max_len = min(rows + min(hi, 0), cols - max(lo, 0))
    pad_value = convert_to_tensor(padding_value, dtype=x._dtype)
    rank = len(x._shape)
    rows_out = []
    for d in range(hi, lo - 1, -1):
        part = _diag_part_one(x, k=d)
        n = _diag_len(rows, cols, d)
        before = _offset(d, n, max_len, align)
        rows_out.append(pad(part, [[0, 0]] * (rank - 2) + [[before, max_len - n - before]],
                            constant_values=pad_value))
    return stack(rows_out, axis=-2)


@eager_api("diagonal", "k", "num_rows", "num_cols", "padding_value", named=True)
def diag(diagonal: Any, name: str = "diag", k: Any = 0, num_rows: int = -1,
         num_cols: int = -1, padding_value: Any = 0, align: str = "RIGHT_LEFT") -> Any:
    """tf.linalg.diag: batched matrices with `diagonal` on their k-th diagonal, or the band
    k=(lo, hi) of diagonals (diagonal's second-to-last axis, from the uppermost) set."""
    op = "MatrixDiagV3"
    _check_align(align, op)
    band = _band(k, op)
    if band is None or band[0] == band[1]:
        return _diag_one(diagonal, name, k=band[0] if band else _single(k), num_rows=num_rows,
                         num_cols=num_cols, padding_value=padding_value, align=align)
    d = _t(diagonal)
    lo, hi = band
    if d._shape is not None and len(d._shape) < 2:
        raise C.fail(op, "diagonal must be at least 2-dim when diag_index is a range, received "
                         f"shape: {C.shape_str(d._shape)}")
    if d._shape[-2] != hi - lo + 1:
        raise C.fail(op, "The number of diagonals provided in the input does not match the "
                         "lower_diag_index and upper_diag_index range.")
    max_len = d._shape[-1]
    num_rows, num_cols = _band_sizes(max_len, lo, hi, C.int_arg(num_rows, "num_rows"),
                                     C.int_arg(num_cols, "num_cols"))
    check_diag_sizes(max_len, lo, hi, num_rows, num_cols)
    out = broadcast_to(convert_to_tensor(padding_value, dtype=d._dtype),
                       list(d._shape[:-2]) + [num_rows, num_cols])
    for d_index in range(hi, lo - 1, -1):
        n = _diag_len(num_rows, num_cols, d_index)
        if n == 0:
            continue
        start = _offset(d_index, n, max_len, align)
        seg = d[..., hi - d_index, start:start + n]
        mask = np.zeros((num_rows, num_cols), bool)
        i = np.arange(n) + max(-d_index, 0)
        mask[i, i + d_index] = True
        out = where(mask, _diag_one(seg, k=d_index, num_rows=num_rows, num_cols=num_cols), out)
    return out


@eager_api("input", "diagonal", "k", named=True)
def set_diag(input: Any, diagonal: Any, name: str = "set_diag", k: Any = 0,  # noqa: A002
             align: str = "RIGHT_LEFT") -> Any:
    """tf.linalg.set_diag: `input` with its k-th diagonal, or its band k=(lo, hi) of
    diagonals (diagonal's second-to-last axis, from the uppermost), replaced."""
    op = "MatrixSetDiagV3"
    _check_align(align, op)
    band = _band(k, op)
    x = _t(input)
    d = convert_to_tensor(diagonal, dtype_hint=x._dtype)
    if x._dtype is dt.string and d._dtype is dt.string:  # (MatrixSetDiagV3's OpDef takes it)
        raise C.no_kernel(op, f'T=DT_STRING, align="{align}"', _SET_DIAG_KERNELS,
                          others=(("XLA_CPU_JIT", f"T in [{_SET_DIAG_XLA}]"),))
    if band is None or band[0] == band[1]:
        one = C.int_arg(band[0] if band else _single(k), "k")
        return bind(MATRIX_SET_DIAG_V3, (x, d), {"k": one, "align": align}, name)
    if len(x._shape) < 2:
        raise C.fail(op, f"input must be at least 2-dim, received shape: {C.shape_str(x._shape)}")
    if d._dtype is not x._dtype:
        raise C.wrong_input_dtype(op, 1, x._dtype, d._dtype)
    lo, hi = band
    rows, cols = x._shape[-2:]
    _check_bounds(op, lo, hi, rows, cols, _SET_STOP)
    if len(d._shape) < 2 or d._shape[-2] != hi - lo + 1:
        raise C.fail(op, "The number of diagonals provided in `diag` is not consistent with "
                         "`lower_diag_index` and `upper_diag_index`")
    max_len = min(rows + min(hi, 0), cols - max(lo, 0))
    if d._shape[:-2] != x._shape[:-2] or d._shape[-1] != max_len:
        raise InvalidArgumentError(
            None, None, "Either first dimensions of diagonal don't match input.shape[:-2], or "
            "diagonal.shape[:-1] is not equal to the longests diagonal in range "
            "[lower_diag_index:upper_diag_index].\nInput shape: "
            f"{C.shape_str(x._shape)}\nDiagonal shape: {C.shape_str(d._shape)} [Op:{op}]")
    return bind(MATRIX_SET_DIAG_V3, (x, d), {"k": (lo, hi), "align": align}, name)


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


def tensor_diag(diagonal: Any, name: str | None = None) -> Any:
    """A rank-2k tensor with `diagonal` (rank k >= 1) on its diagonal."""
    return bind(DIAG, (_t(diagonal),), {}, name)


def tensor_diag_part(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """The diagonal of a rank-2k tensor: out[i..] = input[i.., i..]."""
    return bind(DIAG_PART, (_t(input),), {}, name)


# ---------------------------------------------------------------------------------------
# TF's earlier versions: MatrixDiag, MatrixDiagPart, MatrixSetDiag (the main diagonal) and
# the V2 ops, whose k is one diagonal or a band (lower, upper) with each diagonal at the
# left of its row (V3's align "LEFT_LEFT"). TF's gradients are V3's (the functions above).
# ---------------------------------------------------------------------------------------

def _k_range(k: Any) -> tuple:
    """(lower, upper) of k: one diagonal, or a band (validated by infer)."""
    if isinstance(k, (tuple, list)):
        return int(k[0]), int(k[-1])
    return int(k), int(k)


def _k_checked(op: str, k: Any, x: Any, align: str | None = None) -> tuple:
    """k's diagonals, checked after `x`'s dtype (no kernel takes strings)."""
    if x._dtype is dt.string:
        node = "T=DT_STRING" + ("" if align is None else f', align="{align}"')
        raise C.no_kernel(op, node, _SET_DIAG_KERNELS,
                          others=(("XLA_CPU_JIT", f"T in [{_SET_DIAG_XLA}]"),))
    ks = k if isinstance(k, (tuple, list)) else (k,)
    if any(isinstance(v, (int, np.integer)) and not -2**31 <= v < 2**31 for v in ks):
        raise TypeError(f"Cannot convert {k!r} to EagerTensor of dtype int32")  # (TF's input)
    band = _band(k, op)
    return band if band is not None else (int(_single(k)),) * 2


def _diag_v2_infer(d: Any, k: Any, num_rows: int, num_cols: int, padding_value: Any,
                   op: str = "MatrixDiagV2") -> list:
    lo, hi = _k_checked(op, k, d)
    if lo == hi:
        return _matrix_diag_infer(d, k=lo, num_rows=num_rows, num_cols=num_cols,
                                  padding_value=padding_value, op=op)
    _check_diag_attrs(op, d._dtype, padding_value, num_rows=num_rows, num_cols=num_cols)
    s = d._shape
    if s is None:
        return [(None, d._dtype)]
    if len(s) < 2:
        raise C.fail(op, "diagonal must be at least 2-dim when diag_index is a range, received "
                         f"shape: {C.shape_str(s)}")
    if s[-2] not in (None, hi - lo + 1):
        raise C.fail(op, "The number of diagonals provided in the input does not match the "
                         "lower_diag_index and upper_diag_index range.")
    if s[-1] is None:
        return [(tuple(s[:-2]) + (None, None), d._dtype)]
    num_rows, num_cols = _band_sizes(s[-1], lo, hi, num_rows, num_cols)
    check_diag_sizes(s[-1], lo, hi, num_rows, num_cols, op)
    out = tuple(s[:-2]) + (num_rows, num_cols)
    C.check_size(op, out, d._dtype)
    return [(out, d._dtype)]


def _diag_v2_kernel(xp: Any, d: Any, k: Any, num_rows: int, num_cols: int,
                    padding_value: Any) -> Any:
    lo, hi = _k_range(k)
    if lo == hi:
        return _matrix_diag_kernel(xp, d, k=lo, num_rows=num_rows, num_cols=num_cols,
                                   padding_value=padding_value)
    num_rows, num_cols = _band_sizes(d.shape[-1], lo, hi, num_rows, num_cols)
    out = _padded(xp, d.shape[:-2] + (num_rows, num_cols), padding_value, d.dtype)
    for j, kd in enumerate(range(hi, lo - 1, -1)):
        r, c = _diag_index(num_rows, num_cols, kd)
        out[..., xp.asarray(r), xp.asarray(c)] = d[..., j, :len(r)]
    return out


def _padded(xp: Any, shape: tuple, value: Any, dtype: Any) -> Any:
    with np.errstate(over="ignore"):  # (a padding past a half's range is inf, as TF's)
        return xp.full(shape, value, dtype=dtype)


def _diag_v2_ref(d: np.ndarray, k: Any, num_rows: int, num_cols: int,
                 padding_value: Any) -> np.ndarray:
    lo, hi = _k_range(k)
    d = d[..., None, :] if lo == hi else d
    num_rows, num_cols = _band_sizes(d.shape[-1], lo, hi, num_rows, num_cols) if lo != hi \
        else _default_sizes(d.shape[-1], lo, num_rows, num_cols)
    out = np.full(d.shape[:-2] + (num_rows, num_cols), padding_value, dtype=d.dtype)
    for idx in np.ndindex(*out.shape):
        i, j = idx[-2:]
        if lo <= j - i <= hi:
            out[idx] = d[idx[:-2] + (hi - (j - i), min(i, j))]  # (LEFT_LEFT: from the left)
    return out


def _diag_part_v2_infer(x: Any, k: Any, padding_value: Any, op: str = "MatrixDiagPartV2") -> list:
    lo, hi = _k_checked(op, k, x)
    if lo == hi:
        return _diag_part_v3_infer(x, k=lo, padding_value=padding_value, op=op)
    _diag_part_v3_infer(x, k=0, padding_value=padding_value, op=op)
    if x._shape is None:
        return [(None, x._dtype)]
    rows, cols = x._shape[-2:]
    _check_bounds(op, lo, hi, rows, cols)
    n = None if None in (rows, cols) else min(rows + min(hi, 0), cols - max(lo, 0))
    return [(tuple(x._shape[:-2]) + (hi - lo + 1, n), x._dtype)]


def _diag_part_v2_kernel(xp: Any, x: Any, k: Any, padding_value: Any) -> Any:
    lo, hi = _k_range(k)
    rows, cols = x.shape[-2:]
    if lo == hi:
        r, c = _diag_index(rows, cols, lo)
        return x[..., xp.asarray(r), xp.asarray(c)]
    n = min(rows + min(hi, 0), cols - max(lo, 0))
    out = _padded(xp, x.shape[:-2] + (hi - lo + 1, n), padding_value, x.dtype)
    for j, kd in enumerate(range(hi, lo - 1, -1)):
        r, c = _diag_index(rows, cols, kd)
        out[..., j, :len(r)] = x[..., xp.asarray(r), xp.asarray(c)]
    return out


def _diag_part_v2_ref(x: np.ndarray, k: Any, padding_value: Any) -> np.ndarray:
    lo, hi = _k_range(k)
    rows, cols = x.shape[-2:]
    n = min(rows + min(hi, 0), cols - max(lo, 0))
    out = np.full(x.shape[:-2] + (hi - lo + 1, n), padding_value, dtype=x.dtype)
    for idx in np.ndindex(*out.shape):
        kd, i = hi - idx[-2], idx[-1] + max(-(hi - idx[-2]), 0)
        if i < rows and 0 <= i + kd < cols:
            out[idx] = x[idx[:-2] + (i, i + kd)]
    return out[..., 0, :] if lo == hi else out


def _set_diag_v2_infer(x: Any, d: Any, k: Any = 0, op: str = "MatrixSetDiagV2",
                       align: str | None = None) -> list:
    if align is not None:
        _check_align(align, op)
    if d._dtype is not x._dtype:
        raise C.wrong_input_dtype(op, 1, x._dtype, d._dtype)
    lo, hi = _k_checked(op, k, x, align)
    xs, ds = x._shape, d._shape
    if xs is not None and len(xs) < 2:
        raise C.fail(op, f"input must be at least 2-dim, received shape: {C.shape_str(xs)}")
    if ds is not None and len(ds) < 1:
        raise C.fail(op, f"diagonal must be at least 1-dim, received shape: {C.shape_str(ds)}")
    if xs is None or ds is None:
        return [(xs, x._dtype)]
    rows, cols = xs[-2:]
    _check_bounds(op, lo, hi, rows, cols, _SET_STOP)
    if lo != hi and (len(ds) < 2 or ds[-2] not in (None, hi - lo + 1)):
        raise C.fail(op, "The number of diagonals provided in `diag` is not consistent with "
                         "`lower_diag_index` and `upper_diag_index`")
    n = None if None in (rows, cols) else min(rows + min(hi, 0), cols - max(lo, 0))
    want = tuple(xs[:-2]) + ((n,) if lo == hi else (hi - lo + 1, n))
    if len(want) != len(ds) or any(None not in (a, b) and a != b for a, b in zip(want, ds)):
        raise C.fail(op, "Either first dimensions of diagonal don't match input.shape[:-2], or "
                         "diagonal.shape[:-1] is not equal to the longests diagonal in range "
                         f"[lower_diag_index:upper_diag_index].\nInput shape: {C.shape_str(xs)}"
                         f"\nDiagonal shape: {C.shape_str(ds)}")
    return [(xs, x._dtype)]


def _set_diag_v2_kernel(xp: Any, x: Any, d: Any, k: Any = 0, align: str = "LEFT_LEFT") -> Any:
    lo, hi = _k_range(k)
    out = x.copy()
    for j, kd in enumerate(range(hi, lo - 1, -1)):
        r, c = _diag_index(x.shape[-2], x.shape[-1], kd)
        if lo == hi:
            out[..., xp.asarray(r), xp.asarray(c)] = d[..., :len(r)]
            continue
        start = _offset(kd, len(r), d.shape[-1], align)
        out[..., xp.asarray(r), xp.asarray(c)] = d[..., j, start:start + len(r)]
    return out


def _set_diag_v2_ref(x: np.ndarray, d: np.ndarray, k: Any = 0) -> np.ndarray:
    full = _diag_v2_ref(d, k, x.shape[-2], x.shape[-1], 0)
    mask = _diag_v2_ref(np.ones(d.shape, bool), k, x.shape[-2], x.shape[-1], False)
    return np.where(mask, full, x)


def _k_list(k: Any) -> Any:
    return list(k) if isinstance(k, (tuple, list)) else k


# (TF's gradients of the V2 ops read a band with V3's default align, not the ops' own)

def _diag_v2_grad(n: Any, g: Any) -> list:
    return [diag_part(g, k=_k_list(n.attrs.get("k", 0)))]


def _diag_part_v2_grad(n: Any, g: Any) -> list:
    rows, cols = n.inputs[0]._shape[-2:]
    return [diag(g, k=_k_list(n.attrs.get("k", 0)), num_rows=rows, num_cols=cols)]


def _set_diag_v2_grad(n: Any, g: Any) -> list:
    """(V3's: with its own align)"""
    k, align = _k_list(n.attrs.get("k", 0)), n.attrs.get("align", "RIGHT_LEFT")
    return [set_diag(g, zeros_like(n.inputs[1]), k=k, align=align),
            diag_part(g, k=k, align=align)]


def _set_diag_v3_ref(x: np.ndarray, d: np.ndarray, k: Any, align: str) -> np.ndarray:
    lo, hi = _k_range(k)
    out = x.copy()
    rows, cols = x.shape[-2:]
    band = d[..., None, :] if lo == hi else d
    for idx in np.ndindex(*x.shape):
        i, j = idx[-2:]
        if lo <= j - i <= hi:
            n = _diag_len(rows, cols, j - i)
            at = min(i, j) + (0 if lo == hi else _offset(j - i, n, d.shape[-1], align))
            out[idx] = band[idx[:-2] + (hi - (j - i), at)]
    return out


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
    lambda x, d: _set_diag_v2_infer(x, d, 0, "MatrixSetDiag"),
    lambda xp, x, d: _set_diag_v2_kernel(xp, x, d), grad=_set_diag_v2_grad,
    reference=_set_diag_v2_ref,
    samples=lambda: [Sample((_m(3, 4), _m(3))), Sample((_m(2, 3, 2), _m(2, 2)))],
    bad_samples=lambda: [
        BadSample((np.ones(4), np.ones(2)), {}, InvalidArgumentError,
                  "input must be at least 2-dim, received shape: [4]"),
        BadSample((np.ones((3, 4)), np.ones(2)), {}, InvalidArgumentError,
                  "Input shape: [3,4]\nDiagonal shape: [2]")],
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
    "MatrixSetDiagV2", _set_diag_v2_infer, _set_diag_v2_kernel, grad=_set_diag_v2_grad,
    reference=_set_diag_v2_ref,
    samples=lambda: [Sample((_m(3, 4), _m(3)), {"k": 1}),
                     Sample((_m(2, 3, 4), _m(2, 3, 3)), {"k": (-1, 1)})],
    bad_samples=lambda: [
        BadSample((np.ones((3, 4)), np.ones(2)), {"k": 1}, InvalidArgumentError,
                  "Either first dimensions of diagonal don't match input.shape[:-2]"),
        BadSample((np.ones((3, 4)), np.ones((3, 3))), {"k": (-4, 1)}, InvalidArgumentError,
                  "lower_diag_index is out of bound: -4 It must be between -3 and 4")],
))
# tf.linalg.set_diag's op: a band's diagonals placed by `align`
MATRIX_SET_DIAG_V3 = register(OpDef(
    "MatrixSetDiagV3",
    lambda x, d, k, align: _set_diag_v2_infer(x, d, k, "MatrixSetDiagV3", align),
    _set_diag_v2_kernel, grad=_set_diag_v2_grad, reference=_set_diag_v3_ref,
    samples=lambda: [Sample((_m(3, 4), _m(2)), {"k": -1, "align": "RIGHT_LEFT"}),
                     Sample((_m(2, 3, 4), _m(2, 3, 3)), {"k": (-1, 1), "align": "RIGHT_LEFT"}),
                     Sample((_m(4, 3), _m(3, 3)), {"k": (-1, 1), "align": "LEFT_RIGHT"}),
                     Sample((_m(4, 3), _m(2, 3)), {"k": (0, 1), "align": "RIGHT_RIGHT"})],
    bad_samples=lambda: [
        BadSample((np.ones((3, 4)), np.ones(2)), {"k": 1, "align": "RIGHT_LEFT"},
                  InvalidArgumentError, "Either first dimensions of diagonal don't match"),
        BadSample((np.ones((3, 4)), np.ones(3)), {"k": 0, "align": "MIDDLE"},
                  InvalidArgumentError, "Value for attr 'align' of \"MIDDLE\" is not in the list")],
))
