"""tf.linalg.diag, diag_part and set_diag: TF 2's MatrixDiagV3, MatrixDiagPartV3 and
MatrixSetDiagV3, whose `k` is one diagonal or a band (lower, upper) of them.

A band's diagonals are stacked from the uppermost (row 0 holds diagonal `upper`) along a
second-to-last axis as long as the band's longest diagonal; a shorter diagonal is placed
by `align`: "RIGHT_LEFT" (TF's default) puts superdiagonals (the main one included) at the
right of their row and subdiagonals at the left, "LEFT_RIGHT" the other way, "LEFT_LEFT"
and "RIGHT_RIGHT" all alike. One diagonal (k a number, or a band whose ends agree) has no
band axis. linalg.py re-exports diag and diag_part (their old home); TF's earlier
versions are in linalg_diag_bands.py.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import ARRAY_TYPES, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import zeros
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import Spec, check_runtime_arg, traced_arg
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math_base import _t, zeros_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(47)
ALIGNS = ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT")
STOPS = {"lower": ".", "upper": ""}  # (TF's two out-of-bound messages differ so)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def diag_len(rows: int, cols: int, k: int) -> int:
    return max(0, min(rows + min(k, 0), cols - max(k, 0)))


def _align_type(align: Any) -> Any:
    """TF's wrapper's check of the align attr's type, before the inputs' (its fast path
    gives up on a non-string, its slow path refuses it): the align to use, None being
    the wrapper's default."""
    if align is None:
        return "RIGHT_LEFT"
    if not isinstance(align, (str, bytes)):
        raise TypeError(f"Expected string for argument 'align' not {align!r}.")
    return align


def check_align(align: Any, op: str) -> None:
    if not isinstance(align, (str, bytes)):  # (the op's own attr: None is no string)
        raise TypeError(f"Expected string for argument 'align' not {align!r}.")
    if isinstance(align, bytes):
        align = align.decode(errors="replace")
    if align not in ALIGNS:
        allowed = ", ".join(f'"{a}"' for a in ALIGNS)
        raise InvalidArgumentError(None, None, f"Value for attr 'align' of \"{align}\" is not in "
                                               f"the list of allowed values: {allowed}\n\t; "
                                               f"NodeDef: {{{{node {op}}}}} [Op:{op}]")


def diag_range(op: str, k: Any) -> tuple:
    """(lower, upper) of attr `k` (an int, or TF's int32 tensor as nested tuples), checked
    as TF's kernels check their diag_index input."""
    shape = np.shape(k)
    if len(shape) > 1:
        raise C.fail(op, f"diag_index must be a scalar or vector, received shape: "
                         f"{C.shape_str(shape)}")
    ks = [k] if not shape else list(k)
    if not ks:
        raise C.fail(op, "diag_index must have at least one element" if op.startswith(
            "MatrixSetDiag") else "Expected diag_index to have at least 1 element")
    if len(ks) > 2:
        raise C.fail(op, f"diag_index must have only one or two elements, received "
                         f"{len(ks)} elements.")
    for v in ks:
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(f"Expected int for argument 'k' not {k!r}. [Op:{op}]")
    lo, hi = int(ks[0]), int(ks[-1])
    if lo > hi:
        raise C.fail(op, f"lower_diag_index must not be larger than upper_diag_index: "
                         f"{lo} > {hi}")
    return lo, hi


def k_range(k: Any) -> tuple:
    """(lower, upper) of a k that infer has checked."""
    return (int(k[0]), int(k[-1])) if np.ndim(k) else (int(k), int(k))


def check_bounds(op: str, lo: int, hi: int, rows: Any, cols: Any, stops: dict = STOPS) -> None:
    """A band's diagonals lie in the matrix (the main one always does)."""
    if rows is None or cols is None:
        return
    for what, v in (("lower", lo), ("upper", hi)):
        if not (-rows < v < cols or v == 0):
            raise C.fail(op, f"{what}_diag_index is out of bound: {v}{stops[what]} It must be "
                             f"between {-rows} and {cols}")


def band_len(rows: int, cols: int, lo: int, hi: int) -> int:
    """The length of a band's longest diagonal: its rows' length."""
    return max(0, min(rows + min(hi, 0), cols - max(lo, 0)))


def offset(d: int, n: int, max_len: int, align: str) -> int:
    """Where diagonal d's n entries start in its row of a band max_len long."""
    left = align.startswith("LEFT") if d >= 0 else align.endswith("LEFT")
    return 0 if left else max_len - n


def check_diag_attrs(op: str, dtype: Any, padding_value: Any, **ints: Any) -> None:
    """Integer attrs are ints; padding_value is a scalar that fits the diagonal's dtype."""
    for what, v in ints.items():
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(f"Expected int for argument '{what}' not {v!r}. [Op:{op}]")
    pad_dtype = getattr(padding_value, "_dtype", None)
    if pad_dtype is not None and pad_dtype is not dtype:  # a tensor of another dtype
        raise C.fail(op, f"cannot compute {op} as input #{4 if op.startswith('MatrixDiagV') else 2}"
                         f"(zero-based) was expected to be a {C.dtype_word(dtype)} "
                         f"tensor but is a {C.dtype_word(pad_dtype)} tensor")
    v = getattr(padding_value, "_arr", padding_value)
    v = v if type(v) not in ARRAY_TYPES else to_host(v)  # (one number, read once)
    if "Part" in op and isinstance(v, (tuple, np.ndarray)) and np.size(v) == 1:
        v = np.asarray(v).reshape(())[()]  # (the part kernels read any one number)
    if isinstance(v, (list, tuple)) or np.ndim(v) != 0:  # (np.ndim fails on ragged lists)
        raise C.fail(op, "Padding must be scalar." if "Part" in op else
                     "padding_value must be a scalar")
    kind = np.asarray(v).dtype.kind
    if (kind == "c" and not dtype.is_complex) or \
            (kind == "f" and (dtype.is_integer or dtype.is_bool)) or \
            ((kind in "USO") != (dtype is dt.string)):
        word = "float" if dtype.is_floating else dtype.name
        # (TF's wrapper converts the padding before it runs the op: no op in the message)
        raise TypeError(f"Cannot convert {v!r} to EagerTensor of dtype {word}")
    if dtype.is_integer and isinstance(v, (int, np.integer)) and \
            not dtype.min <= int(v) <= dtype.max:
        raise TypeError(f"Cannot convert {int(v)} to EagerTensor of dtype {dtype.name} "
                        f"[Op:{op}]")


def band_sizes(max_len: int, lo: int, hi: int, num_rows: int, num_cols: int) -> tuple:
    """A matrix size left -1 for a band whose longest diagonal is max_len long: the
    smallest that holds it (square when both are left), as TF's MatrixDiagV3 sizes it."""
    min_rows, min_cols = max_len - min(hi, 0), max_len + max(lo, 0)
    if num_rows == -1 and num_cols == -1:  # (another negative size is refused, as TF's)
        return max(min_rows, min_cols), max(min_rows, min_cols)
    return (min_rows if num_rows == -1 else num_rows), (min_cols if num_cols == -1 else num_cols)


def check_diag_sizes(n: int, lower: int, upper: int, num_rows: int, num_cols: int,
                     op: str = "MatrixDiagV3") -> None:
    """MatrixDiagV3's check of the matrix size given for diagonals n long: at least the
    smallest that holds them, and that one in rows or in columns."""
    min_rows, min_cols = n - min(upper, 0), n + max(lower, 0)
    if num_rows < min_rows:
        raise C.fail(op, "The number of rows is too small.")
    if num_cols < min_cols:
        raise C.fail(op, "The number of columns is too small.")
    if num_rows != min_rows and num_cols != min_cols:
        raise C.fail(op, "The number of rows or columns is not consistent with the specified "
                         "d_lower, d_upper, and diagonal.")


def diag_index(rows: int, cols: int, k: int) -> tuple:
    n = diag_len(rows, cols, k)
    if n == 0:  # k may be far outside the matrix (past int64): nothing to index
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    i = np.arange(n) + max(-k, 0)
    return i, i + k


def padded(xp: Any, shape: tuple, value: Any, dtype: Any) -> Any:
    if np.dtype(dtype).kind == "b":  # (any number: its truth, past int64 too)
        value = bool(value)
    with np.errstate(over="ignore"):  # (a padding past a half's range is inf, as TF's)
        return xp.full(shape, value, dtype=dtype)


# ---------------------------------------------------------------------------------------
# MatrixDiagV3: batched matrices with a diagonal, or a band of them, set.
# ---------------------------------------------------------------------------------------

def _matrix_diag_infer(d: Any, *dyn: Any, k: Any, num_rows: int | None, num_cols: int | None,
                       padding_value: Any, align: str = "RIGHT_LEFT",
                       op: str = "MatrixDiagV3") -> list:
    """`num_rows`, `num_cols` None: inputs known when the graph runs (rows first)."""
    check_align(align, op)
    lo, hi = diag_range(op, k)
    s = d._shape
    if s is not None and len(s) < 1:
        raise C.fail(op, f"diagonal must be at least 1-dim, received shape: {C.shape_str(s)}")
    for t in dyn:
        check_runtime_arg(op, (t,), "num_rows and num_cols", 0)
    for what, v in (("num_rows", num_rows), ("num_cols", num_cols)):
        C.scalar_input(op, v, f"{what} must be a scalar")
    sizes = {w: v for w, v in (("num_rows", num_rows), ("num_cols", num_cols)) if v is not None}
    check_diag_attrs(op, d._dtype, padding_value, **sizes)
    if s is None:
        return [(None, d._dtype)]
    band = 1 if lo == hi else 2
    if band == 2 and len(s) < 2:
        raise C.fail(op, "diagonal must be at least 2-dim when diag_index is a range, received "
                         f"shape: {C.shape_str(s)}")
    if band == 2 and s[-2] not in (None, hi - lo + 1):
        raise C.fail(op, "The number of diagonals provided in the input does not match the "
                         "lower_diag_index and upper_diag_index range.")
    batch = tuple(s[:-band])
    if dyn:
        return [(batch + (num_rows, num_cols), d._dtype)]
    n = s[-1]
    if n is None and -1 in (num_rows, num_cols):  # (sizes to default when the graph runs)
        return [(batch + (None, None), d._dtype)]
    if n is not None:
        num_rows, num_cols = band_sizes(n, lo, hi, num_rows, num_cols)
        check_diag_sizes(n, lo, hi, num_rows, num_cols, op)
    C.check_size(op, batch + (num_rows, num_cols), d._dtype)
    return [(batch + (num_rows, num_cols), d._dtype)]


def _matrix_diag_kernel(xp: Any, d: Any, *dyn: Any, k: Any, num_rows: int | None,
                        num_cols: int | None, padding_value: Any,
                        align: str = "RIGHT_LEFT") -> Any:
    if dyn:  # the run-time sizes, checked as static ones are
        it = iter(dyn)
        num_rows = int(to_host(next(it))) if num_rows is None else num_rows
        num_cols = int(to_host(next(it))) if num_cols is None else num_cols
        _matrix_diag_infer(Spec(d), k=k, num_rows=num_rows, num_cols=num_cols,
                           padding_value=padding_value, align=align)
    lo, hi = k_range(k)
    n = d.shape[-1]
    num_rows, num_cols = band_sizes(n, lo, hi, num_rows, num_cols)
    batch = d.shape[:-1] if lo == hi else d.shape[:-2]
    out = padded(xp, batch + (num_rows, num_cols), padding_value, d.dtype)
    for j, kd in enumerate(range(hi, lo - 1, -1)):
        r, c = diag_index(num_rows, num_cols, kd)
        row = d if lo == hi else d[..., j, :]
        start = offset(kd, len(r), n, align)
        out[..., xp.asarray(r), xp.asarray(c)] = row[..., start:start + len(r)]
    return out


def _band_entries(rows: int, cols: int, d: int) -> list:
    """(i, j) of diagonal d's entries, from the top left."""
    return [(i, i + d) for i in range(rows) if 0 <= i + d < cols]


def _place(d: int, n: int, max_len: int, align: str) -> int:
    """(the reference's reading of `align`)"""
    flush_left = {"LEFT_LEFT": True, "RIGHT_RIGHT": False,
                  "LEFT_RIGHT": d >= 0, "RIGHT_LEFT": d < 0}[align]
    return 0 if flush_left else max_len - n


def _matrix_diag_ref(d: np.ndarray, k: Any, num_rows: int, num_cols: int,
                     padding_value: Any, align: str = "RIGHT_LEFT") -> np.ndarray:
    lo, hi = k_range(k)
    band = d[..., None, :] if lo == hi else d
    n = band.shape[-1]
    min_rows, min_cols = n - min(hi, 0), n + max(lo, 0)
    if num_rows == num_cols == -1:
        num_rows = num_cols = max(min_rows, min_cols)
    num_rows = min_rows if num_rows == -1 else num_rows
    num_cols = min_cols if num_cols == -1 else num_cols
    out = np.full(band.shape[:-2] + (num_rows, num_cols), padding_value, dtype=d.dtype)
    for kd in range(lo, hi + 1):
        cells = _band_entries(num_rows, num_cols, kd)
        at = _place(kd, len(cells), n, align)
        for t, (i, j) in enumerate(cells):
            out[..., i, j] = band[..., hi - kd, at + t]
    return out


def bind_with_k(op: OpDef, n: Any, k_input: int, inputs: tuple, attrs: dict,
                name: str) -> Any:
    """`op` in node `n`'s gradient: in a graph it takes the forward node's k tensor (its
    TF input `k_input`), as TF's gradient functions pass op.inputs[k]."""
    graph = _state.graph
    if graph is not None:
        t = traced_arg(n, k_input, None)
        if getattr(t, "graph", None) is graph:
            graph.next_args = (op, {"k": t})
    return bind(op, inputs, attrs, name)


def _diag_grad(n: Any, g: Any) -> list:
    """TF's: the band of the gradient, as the op placed it."""
    attrs = {"k": n.attrs["k"], "padding_value": 0,
             "align": n.attrs.get("align", "RIGHT_LEFT")}
    return [bind_with_k(MATRIX_DIAG_PART, n, 1, (g,), attrs, "diag_part")] + \
        [None] * (len(n.inputs) - 1)


def _diag_attrs(k: Any, rows: int = -1, cols: int = -1, pad: Any = 0,
                align: str = "RIGHT_LEFT") -> dict:
    return {"k": k, "num_rows": rows, "num_cols": cols, "padding_value": pad, "align": align}


MATRIX_DIAG = register(OpDef(
    "MatrixDiagV3", _matrix_diag_infer, _matrix_diag_kernel, grad=_diag_grad,
    reference=_matrix_diag_ref,
    samples=lambda: [
        Sample((_f64(3),), _diag_attrs(0, 3, 3)),
        Sample((_f64(2, 3),), _diag_attrs(1, 3, 4)),
        Sample((_f64(2),), _diag_attrs(-1, 3, 3, 9)),
        # (sizes left -1, as TF's graphs of tf.linalg.diag and keras.ops.diagflat give them)
        Sample((_f64(2, 3),), _diag_attrs(1)),
        Sample((_f64(3),), _diag_attrs(-1, -1, 5)),
        # bands: each align, sizes inferred or given
        Sample((_f64(3, 3),), _diag_attrs((-1, 1), 4, -1, 0, "LEFT_RIGHT")),
        Sample((_f64(2, 3, 2),), _diag_attrs((-1, 1), -1, -1, 7)),
        Sample((_f64(2, 3),), _diag_attrs((0, 1), -1, 5, 0, "LEFT_LEFT")),
        Sample((_f64(3, 3),), _diag_attrs((-2, 0), -1, -1, 0, "RIGHT_RIGHT")),
        Sample((np.arange(6, dtype=np.int32).reshape(2, 3),), _diag_attrs((1, 2), pad=-1),
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.float64(1.0),), _diag_attrs(0, 1, 1), InvalidArgumentError,
                  "diagonal must be at least 1-dim, received shape: []"),
        BadSample((np.ones((2, 3)),), _diag_attrs((-1, 1)), InvalidArgumentError,
                  "The number of diagonals provided in the input does not match"),
        BadSample((np.ones((2, 3)),), _diag_attrs((1, 0)), InvalidArgumentError,
                  "lower_diag_index must not be larger than upper_diag_index: 1 > 0"),
        BadSample((np.ones((2, 3)),), _diag_attrs(()), InvalidArgumentError,
                  "Expected diag_index to have at least 1 element"),
        BadSample((np.ones((2, 3)),), _diag_attrs((0, 1, 2)), InvalidArgumentError,
                  "diag_index must have only one or two elements, received 3 elements."),
        BadSample((np.ones((2, 3)),), _diag_attrs(((0,),)), InvalidArgumentError,
                  "diag_index must be a scalar or vector, received shape: [1,1]"),
        BadSample((np.ones((3, 3)),), _diag_attrs((-1, 1), 2), InvalidArgumentError,
                  "The number of rows is too small."),
        BadSample((np.ones(3),), _diag_attrs(0, align="MIDDLE"), InvalidArgumentError,
                  "Value for attr 'align' of \"MIDDLE\" is not in the list")],
))


# ---------------------------------------------------------------------------------------
# MatrixDiagPartV3: a diagonal, or a band of them, of batched matrices.
# ---------------------------------------------------------------------------------------

def _diag_part_infer(x: Any, k: Any, padding_value: Any, align: str = "RIGHT_LEFT",
                     op: str = "MatrixDiagPartV3") -> list:
    check_align(align, op)
    lo, hi = diag_range(op, k)
    check_diag_attrs(op, x._dtype, padding_value)
    s = x._shape
    if s is not None and len(s) < 2:
        raise C.fail(op, f"input must be at least 2-dim, received shape: {C.shape_str(s)}")
    if s is None:
        return [(None, x._dtype)]
    rows, cols = s[-2:]
    check_bounds(op, lo, hi, rows, cols)
    n = None if rows is None or cols is None else band_len(rows, cols, lo, hi)
    return [(tuple(s[:-2]) + ((n,) if lo == hi else (hi - lo + 1, n)), x._dtype)]


def _diag_part_kernel(xp: Any, x: Any, k: Any, padding_value: Any,
                      align: str = "RIGHT_LEFT") -> Any:
    lo, hi = k_range(k)
    rows, cols = x.shape[-2:]
    if lo == hi:
        r, c = diag_index(rows, cols, lo)
        return x[..., xp.asarray(r), xp.asarray(c)]
    n = band_len(rows, cols, lo, hi)
    out = padded(xp, x.shape[:-2] + (hi - lo + 1, n), padding_value, x.dtype)
    for j, kd in enumerate(range(hi, lo - 1, -1)):
        r, c = diag_index(rows, cols, kd)
        start = offset(kd, len(r), n, align)
        out[..., j, start:start + len(r)] = x[..., xp.asarray(r), xp.asarray(c)]
    return out


def _diag_part_grad(n: Any, g: Any) -> list:
    """TF's: the gradient's band set in a matrix of the input's size (in zeros like the
    input where that size is known only when the graph runs)."""
    x = n.inputs[0]
    k, align = n.attrs["k"], n.attrs.get("align", "RIGHT_LEFT")
    rows, cols = (None, None) if x._shape is None else x._shape[-2:]
    if rows is None or cols is None:
        return [bind_with_k(MATRIX_SET_DIAG_V3, n, 1, (zeros_like(x), g),
                            {"k": k, "align": align}, "set_diag")]
    return [bind_with_k(MATRIX_DIAG, n, 1, (g,), _diag_attrs(k, rows, cols, 0, align), "diag")]


def _diag_part_ref(x: np.ndarray, k: Any, padding_value: Any,
                   align: str = "RIGHT_LEFT") -> np.ndarray:
    lo, hi = k_range(k)
    rows, cols = x.shape[-2:]
    n = max([len(_band_entries(rows, cols, kd)) for kd in range(lo, hi + 1)])
    out = np.full(x.shape[:-2] + (hi - lo + 1, n), padding_value, dtype=x.dtype)
    for kd in range(lo, hi + 1):
        cells = _band_entries(rows, cols, kd)
        at = _place(kd, len(cells), n, align)
        for t, (i, j) in enumerate(cells):
            out[..., hi - kd, at + t] = x[..., i, j]
    return out[..., 0, :] if lo == hi else out


def _part_attrs(k: Any, pad: Any = 0, align: str = "RIGHT_LEFT") -> dict:
    return {"k": k, "padding_value": pad, "align": align}


MATRIX_DIAG_PART = register(OpDef(
    "MatrixDiagPartV3", _diag_part_infer, _diag_part_kernel, grad=_diag_part_grad,
    reference=_diag_part_ref,
    samples=lambda: [Sample((_f64(3, 3),), _part_attrs(0)),
                     Sample((_f64(2, 3, 4),), _part_attrs(1)),
                     Sample((_f64(4, 3),), _part_attrs(-2)),
                     Sample((_f64(3, 4),), _part_attrs((-1, 2), 9, "LEFT_RIGHT")),
                     Sample((_f64(2, 4, 3),), _part_attrs((-2, 1))),
                     Sample((_f64(3, 4),), _part_attrs((0, 3), 0, "LEFT_LEFT")),
                     Sample((_f64(4, 3),), _part_attrs((-3, -1), 5, "RIGHT_RIGHT")),
                     Sample((_f64(3, 3),), _part_attrs((1, 1))),
                     Sample((np.arange(12, dtype=np.int64).reshape(3, 4),),
                            _part_attrs((-1, 1), -7, "LEFT_RIGHT"), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones(2),), _part_attrs(0), InvalidArgumentError,
                  "input must be at least 2-dim, received shape: [2]"),
        BadSample((np.ones((3, 4)),), _part_attrs((-3, 1)), InvalidArgumentError,
                  "lower_diag_index is out of bound: -3. It must be between -3 and 4"),
        BadSample((np.ones((3, 4)),), _part_attrs((0, 4)), InvalidArgumentError,
                  "upper_diag_index is out of bound: 4 It must be between -3 and 4"),
        BadSample((np.ones((3, 4)),), _part_attrs((2, 1)), InvalidArgumentError,
                  "lower_diag_index must not be larger than upper_diag_index: 2 > 1"),
        BadSample((np.ones((3, 4)),), _part_attrs(((-1, 1),)), InvalidArgumentError,
                  "diag_index must be a scalar or vector, received shape: [1,2]"),
        BadSample((np.ones((3, 4)),), _part_attrs(0, 0, "UP"), InvalidArgumentError,
                  "Value for attr 'align' of \"UP\" is not in the list")],
))


# ---------------------------------------------------------------------------------------
# MatrixSetDiagV3: a diagonal, or a band of them, of batched matrices replaced.
# ---------------------------------------------------------------------------------------

_SET_STOP = {"lower": "", "upper": ""}  # (the set_diag kernel's messages: alike)
# MatrixSetDiagV3's kernels, as TF lists them for a dtype it has none for (a string)
_SET_DIAG_KERNELS = (dt.bool, dt.complex128, dt.complex64, dt.float64, dt.float32, dt.bfloat16,
                     dt.float16, dt.int32, dt.int8, dt.uint8, dt.int16, dt.uint16, dt.uint32,
                     dt.int64, dt.uint64)
_SET_DIAG_XLA = ("DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
                 "DT_INT64, DT_BOOL, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16, "
                 "DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, DT_FLOAT8_E5M2, "
                 "DT_FLOAT8_E4M3FN, DT_FLOAT8_E4M3FNUZ, DT_FLOAT8_E4M3B11FNUZ, "
                 "DT_FLOAT8_E5M2FNUZ, DT_INT4, DT_UINT4")


def k_checked(op: str, k: Any, x: Any, align: str | None = None) -> tuple:
    """k's diagonals, checked after `x`'s dtype (no kernel takes strings)."""
    if x._dtype is dt.string:
        node = "T=DT_STRING" + ("" if align is None else f', align="{align}"')
        raise C.no_kernel(op, node, _SET_DIAG_KERNELS,
                          others=(("XLA_CPU_JIT", f"T in [{_SET_DIAG_XLA}]"),))
    ks = k if isinstance(k, (tuple, list)) else (k,)
    if any(isinstance(v, (int, np.integer)) and not -2**31 <= v < 2**31 for v in ks):
        raise TypeError(f"Cannot convert {k!r} to EagerTensor of dtype int32")  # (TF's input)
    return diag_range(op, k)


def set_diag_infer(x: Any, d: Any, k: Any = 0, op: str = "MatrixSetDiagV2",
                       align: str | None = None) -> list:
    if align is not None:
        check_align(align, op)
    if d._dtype is not x._dtype:
        raise C.wrong_input_dtype(op, 1, x._dtype, d._dtype)
    lo, hi = k_checked(op, k, x, align)
    xs, ds = x._shape, d._shape
    if xs is not None and len(xs) < 2:
        raise C.fail(op, f"input must be at least 2-dim, received shape: {C.shape_str(xs)}")
    if ds is not None and len(ds) < 1:
        raise C.fail(op, f"diagonal must be at least 1-dim, received shape: {C.shape_str(ds)}")
    if xs is None or ds is None:
        return [(xs, x._dtype)]
    rows, cols = xs[-2:]
    check_bounds(op, lo, hi, rows, cols, _SET_STOP)
    if lo != hi and (len(ds) < 2 or ds[-2] not in (None, hi - lo + 1)):
        raise C.fail(op, "The number of diagonals provided in `diag` is not consistent with "
                         "`lower_diag_index` and `upper_diag_index`")
    n = None if None in (rows, cols) else band_len(rows, cols, lo, hi)
    want = tuple(xs[:-2]) + ((n,) if lo == hi else (hi - lo + 1, n))
    if len(want) != len(ds) or any(None not in (a, b) and a != b for a, b in zip(want, ds)):
        raise C.fail(op, "Either first dimensions of diagonal don't match input.shape[:-2], or "
                         "diagonal.shape[:-1] is not equal to the longests diagonal in range "
                         f"[lower_diag_index:upper_diag_index].\nInput shape: {C.shape_str(xs)}"
                         f"\nDiagonal shape: {C.shape_str(ds)}\nExpected diagonal shape: "
                         f"{C.shape_str(want)}")
    return [(xs, x._dtype)]


def set_diag_kernel(xp: Any, x: Any, d: Any, k: Any = 0, align: str = "LEFT_LEFT") -> Any:
    lo, hi = k_range(k)
    out = x.copy()
    for j, kd in enumerate(range(hi, lo - 1, -1)):
        r, c = diag_index(x.shape[-2], x.shape[-1], kd)
        if lo == hi:
            out[..., xp.asarray(r), xp.asarray(c)] = d[..., :len(r)]
            continue
        start = offset(kd, len(r), d.shape[-1], align)
        out[..., xp.asarray(r), xp.asarray(c)] = d[..., j, start:start + len(r)]
    return out


def set_diag_grad(n: Any, g: Any) -> list:
    """(V3's: with its own align; the diagonal's zeros a constant where its shape is known)"""
    k, align = n.attrs.get("k", 0), n.attrs.get("align", "RIGHT_LEFT")
    d = n.inputs[1]
    known = d._shape is not None and None not in d._shape
    none = zeros(list(d._shape), d._dtype) if known else zeros_like(d)
    return [bind_with_k(MATRIX_SET_DIAG_V3, n, 2, (g, none), {"k": k, "align": align},
                        "set_diag"),
            bind_with_k(MATRIX_DIAG_PART, n, 2, (g,), {"k": k, "padding_value": 0,
                                                     "align": align}, "diag_part")]


def _set_diag_v3_ref(x: np.ndarray, d: np.ndarray, k: Any, align: str) -> np.ndarray:
    lo, hi = k_range(k)
    out = x.copy()
    rows, cols = x.shape[-2:]
    band = d[..., None, :] if lo == hi else d
    for idx in np.ndindex(*x.shape):
        i, j = idx[-2:]
        if lo <= j - i <= hi:
            n = diag_len(rows, cols, j - i)
            at = min(i, j) + (0 if lo == hi else offset(j - i, n, d.shape[-1], align))
            out[idx] = band[idx[:-2] + (hi - (j - i), at)]
    return out


def _set_diag_v3_infer(x: Any, d: Any, k: Any, align: Any) -> list:
    # (V3's align is its own, never absent: None is no string, as MatrixDiagPartV3's)
    check_align(align, "MatrixSetDiagV3")
    return set_diag_infer(x, d, k, "MatrixSetDiagV3", align)


# tf.linalg.set_diag's op: a band's diagonals placed by `align`
MATRIX_SET_DIAG_V3 = register(OpDef(
    "MatrixSetDiagV3",
    _set_diag_v3_infer,
    set_diag_kernel, grad=set_diag_grad, reference=_set_diag_v3_ref,
    samples=lambda: [Sample((_f64(3, 4), _f64(2)), {"k": -1, "align": "RIGHT_LEFT"}),
                     Sample((_f64(2, 3, 4), _f64(2, 3, 3)), {"k": (-1, 1), "align": "RIGHT_LEFT"}),
                     Sample((_f64(4, 3), _f64(3, 3)), {"k": (-1, 1), "align": "LEFT_RIGHT"}),
                     Sample((_f64(4, 3), _f64(2, 3)), {"k": (0, 1), "align": "RIGHT_RIGHT"})],
    bad_samples=lambda: [
        BadSample((np.ones((3, 4)), np.ones(2)), {"k": 1, "align": "RIGHT_LEFT"},
                  InvalidArgumentError, "Either first dimensions of diagonal don't match"),
        BadSample((np.ones((3, 4)), np.ones(3)), {"k": 0, "align": "MIDDLE"},
                  InvalidArgumentError, "Value for attr 'align' of \"MIDDLE\" is not in the list")],
))


# ---------------------------------------------------------------------------------------
# The public functions: each binds its one op, as TF's.
# ---------------------------------------------------------------------------------------

def k_attr(k: Any, what: str = "k", op: str | None = None, index: int = 1) -> Any:
    """`k` (or a size) as the ops' attr: a number, or the nested tuples of the int32 tensor
    TF's wrapper converts a sequence to (its errors); the ops check the value. An eager
    tensor of another dtype is TF's refusal of `op`'s int32 input #`index`."""
    if isinstance(k, Tensor):
        if op is not None and k.__class__ is EagerTensor and k._dtype is not dt.int32:
            raise C.wrong_input_dtype(op, index, dt.int32, k._dtype)
        if not k._dtype.is_integer:
            raise TypeError(f"`{what}` must be an integer tensor, got {k!r}")
        v = np.asarray(C.known(k) if C.is_graph_tensor(k) else k.numpy())
    elif isinstance(k, (list, tuple, np.ndarray)):
        v = convert_to_tensor(k, dtype=dt.int32).numpy()
    else:
        return wrapper_inputs.fast_int32(k, what)
    return int(v) if v.ndim == 0 else _nested(v)


def _nested(v: np.ndarray) -> tuple:
    return tuple(_nested(r) for r in v) if v.ndim > 1 else tuple(int(i) for i in v)


@dispatch_binding
@eager_api("input", "k", "padding_value", named=True)
def diag_part(input: Any, name: str = "diag_part", k: Any = 0,  # noqa: A002
              padding_value: Any = 0, align: str = "RIGHT_LEFT") -> Any:
    """tf.linalg.diag_part: the k-th diagonal of batched matrices, or the band k=(lo, hi)
    of diagonals stacked from the uppermost, shorter ones padded with `padding_value`."""
    align = _align_type(align)  # (TF's fallback, which a bad attr or input takes, checks
    # it first)
    x = _t(input)
    return bind(MATRIX_DIAG_PART, (x,),
                _part_attrs(k_attr(k, op="MatrixDiagPartV3"), padding_value, align), name)


@dispatch_binding
@eager_api("diagonal", "k", "num_rows", "num_cols", "padding_value", named=True)
def diag(diagonal: Any, name: str = "diag", k: Any = 0, num_rows: int = -1,
         num_cols: int = -1, padding_value: Any = 0, align: str = "RIGHT_LEFT") -> Any:
    """tf.linalg.diag: batched matrices with `diagonal` on their k-th diagonal, or the band
    k=(lo, hi) of diagonals (diagonal's second-to-last axis, from the uppermost) set."""
    align = _align_type(align)  # (TF's fallback, which a bad attr or input takes, checks
    # it first)
    d = _t(diagonal)
    op = "MatrixDiagV3"
    return bind(MATRIX_DIAG, (d,), _diag_attrs(k_attr(k, op=op),
                                               k_attr(num_rows, "num_rows", op, 2),
                                               k_attr(num_cols, "num_cols", op, 3),
                                               padding_value, align), name)


@dispatch_binding
@eager_api("input", "diagonal", "k", named=True)
def set_diag(input: Any, diagonal: Any, name: str = "set_diag", k: Any = 0,  # noqa: A002
             align: str = "RIGHT_LEFT") -> Any:
    """tf.linalg.set_diag: `input` with its k-th diagonal, or its band k=(lo, hi) of
    diagonals (diagonal's second-to-last axis, from the uppermost), replaced."""
    op = "MatrixSetDiagV3"
    align = _align_type(align)  # (None: TF's wrapper's default)
    check_align(align, op)
    slow = wrapper_inputs.passed_raw(input, diagonal, k)
    k = k_attr(k, op=op, index=2)
    # (TF's wrapper: the first tensor's dtype is T's, a NumPy array cast to it)
    x, d = wrapper_inputs.op_inputs(op, (input, diagonal), "T", slow)
    if x._dtype is dt.string and d._dtype is dt.string:  # (MatrixSetDiagV3's OpDef takes it)
        raise C.no_kernel(op, f'T=DT_STRING, align="{align}"', _SET_DIAG_KERNELS,
                          others=(("XLA_CPU_JIT", f"T in [{_SET_DIAG_XLA}]"),))
    return bind(MATRIX_SET_DIAG_V3, (x, d), {"k": k, "align": align}, name)
