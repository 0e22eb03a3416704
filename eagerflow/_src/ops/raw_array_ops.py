"""TF ops that tf.raw_ops and old graphs name but no public TF 2 function calls:
PopulationCount (set bits), ApproximateEqual, InplaceAdd / InplaceSub / InplaceUpdate (rows
of a copy of x, by index) and Empty (a tensor of a shape, its values zeros here).

Sits in ops/ above indexing.py; loads on first use (op_index.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import add_at, table, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import fill
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register

_rng = SampleRNG(67)

# -- PopulationCount: each integer's set bits (of its two's complement), as uint8 ---------

# the set bits of each byte value
_BYTE_BITS = np.array([bin(b).count("1") for b in range(256)], np.uint8)


def _popcount_infer(x: Any) -> list:
    C.check_dtype("PopulationCount", x, C.INTS)
    return [(x._shape, dt.uint8)]


def _popcount_kernel(xp: Any, x: Any) -> Any:
    width = x.dtype.itemsize
    by_byte = table(xp, _BYTE_BITS)[x.reshape(-1).view(np.uint8).reshape(-1, width)]
    return by_byte.sum(axis=1, dtype=np.uint8).reshape(x.shape)


POPULATION_COUNT = register(OpDef(
    "PopulationCount", _popcount_infer, _popcount_kernel,
    reference=lambda x: np.array([bin(int(v) % 2 ** (8 * x.itemsize)).count("1")
                                  for v in x.reshape(-1).tolist()], np.uint8).reshape(x.shape),
    samples=lambda: [
        Sample((np.array([0, 1, 7, -1, 2**31 - 1, -2**31], np.int32),), grad=False),
        Sample((np.array([[-1, 3], [-128, 127]], np.int8),), grad=False),
        Sample((np.array([2**64 - 1, 0, 5], np.uint64),), grad=False),
        Sample((np.zeros((0, 2), np.int16),), grad=False)],
    bad_samples=lambda: [BadSample((np.ones(2, np.float32),), {}, InvalidArgumentError,
                                   "Value for attr 'T' of float is not in the list")],
))


# -- ApproximateEqual: |x - y| <= tolerance (TF's kernel's test), of two tensors of one shape

_APPROX_OPDEF_T = C.REALS | C.COMPLEX  # (its OpDef's; CPU kernels for float and double only)
_APPROX_XLA = ("DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
               "DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16, "
               "DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64")


def _approx_infer(x: Any, y: Any, tolerance: float) -> list:
    op = "ApproximateEqual"
    tolerance = AV.float_attr(tolerance, "tolerance")  # (an array's would broadcast)
    d = C.same_dtype(op, (x, y), _APPROX_OPDEF_T)
    if d not in (dt.float32, dt.float64):
        raise C.no_kernel(op, f"T={C.dt_enum(d)}, tolerance={tolerance:g}",
                          (dt.float64, dt.float32),
                          others=(("XLA_CPU_JIT", f"T in [{_APPROX_XLA}]"),))
    xs, ys = x._shape, y._shape
    if xs is not None and ys is not None and (len(xs) != len(ys) or any(
            None not in (a, b) and a != b for a, b in zip(xs, ys))):
        raise C.fail(op, f"x and y must be of the same shape. x shape: {C.shape_str(xs)}. "
                         f"y shape: {C.shape_str(ys)}")
    return [(xs if xs is not None else ys, dt.bool)]


APPROXIMATE_EQUAL = register(OpDef(
    "ApproximateEqual", _approx_infer,
    lambda xp, x, y, tolerance: xp.abs(x - y) <= tolerance,
    reference=lambda x, y, tolerance: np.array(
        [abs(a - b) <= tolerance for a, b in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist())],
        bool).reshape(x.shape),
    samples=lambda: [
        Sample((np.array([1.0, 2.0, 3.0, np.inf], np.float32),
                np.array([1.000001, 2.1, np.nan, np.inf], np.float32)), {"tolerance": 1e-5},
               grad=False),
        Sample((np.array([1.0, 2.0]), np.array([1.5, 2.6])), {"tolerance": 0.5}, grad=False),
        Sample((_rng.uniform(-1, 1, size=(2, 3)), _rng.uniform(-1, 1, size=(2, 3))),
               {"tolerance": 0.5}, grad=False),
        Sample((np.float64(1.0), np.float64(1.0)), {"tolerance": -1.0}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones(2, np.float32), np.float32(1)), {"tolerance": 1e-5},
                  InvalidArgumentError, "x and y must be of the same shape. x shape: [2]. y "
                                        "shape: []"),
        BadSample((np.ones(2, np.int32), np.ones(2, np.int32)), {"tolerance": 1.5},
                  NotFoundError, "ApproximateEqual[T=DT_INT32, tolerance=1.5]")],
))


# -- InplaceAdd, InplaceSub, InplaceUpdate: x with rows i added to, subtracted from or set
# to v's rows. TF reads an index past x's rows modulo their count, and checks nothing else
# of i: so do these.

def _inplace_infer(x: Any, i: Any, v: Any, op: str) -> list:
    if i._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 1, dt.int32, i._dtype)
    if v._dtype is not x._dtype:
        raise C.wrong_input_dtype(op, 2, x._dtype, v._dtype)
    if op != "InplaceUpdate" and x._dtype in (dt.string, dt.bool):
        raise C.fail(op, f"Unsupported data type: {x._dtype.name}")
    xs, is_, vs = x._shape, i._shape, v._shape
    if is_ is not None and len(is_) != 1:
        raise C.fail(op, f"i must be a vector. {C.shape_str(is_)}")
    if xs is None or vs is None:
        return [(xs, x._dtype)]
    if len(xs) != len(vs):
        raise C.fail(op, f"x and v shape doesn't match (ranks differ): {C.shape_str(xs)} vs. "
                         f"{C.shape_str(vs)}")
    for k in range(1, len(xs)):
        if None not in (xs[k], vs[k]) and xs[k] != vs[k]:
            raise C.fail(op, f"x and v shape doesn't match at index {k} : {C.shape_str(xs)} vs. "
                             f"{C.shape_str(vs)}")
    if is_ is not None and (not vs or None not in (is_[0], vs[0]) and is_[0] != vs[0]):
        raise C.fail(op, f"i and x shape doesn't match at index 0: {C.shape_str(is_)} vs. "
                         f"{C.shape_str(vs)}")
    return [(xs, x._dtype)]


def _inplace_kernel(xp: Any, x: Any, i: Any, v: Any, op: str) -> Any:
    out = x.copy()
    if not x.shape[0]:
        return out
    rows = to_host(i).astype(np.int64) % x.shape[0]
    if op == "InplaceUpdate":  # a repeated row takes the last of its values (a device's
        # scatter of repeats has no order: each row is written once)
        _, first_of_reversed = np.unique(rows[::-1], return_index=True)
        last = xp.asarray(len(rows) - 1 - first_of_reversed)
        out[xp.asarray(rows)[last]] = v[last]
    else:
        add_at(xp, out, xp.asarray(rows), v if op == "InplaceAdd" else -v)
    return out


def _inplace_ref(x: np.ndarray, i: np.ndarray, v: np.ndarray, op: str) -> np.ndarray:
    out = x.copy()
    for k, r in enumerate(i.tolist()):
        if not x.shape[0]:
            break
        r %= x.shape[0]
        out[r] = v[k] if op == "InplaceUpdate" else out[r] + v[k] if op == "InplaceAdd" \
            else out[r] - v[k]
    return out


def _inplace_samples() -> list:
    x = _rng.uniform(-2, 2, size=(4, 3))
    return [Sample((x, np.array([1, 3], np.int32), _rng.uniform(-2, 2, size=(2, 3))),
                   grad=False),
            Sample((x, np.array([2, 2, -1, 5], np.int32), _rng.uniform(-2, 2, size=(4, 3))),
                   grad=False),
            Sample((np.array([1, 2, 3], np.int64), np.array([0], np.int32),
                    np.array([7], np.int64)), grad=False),
            Sample((np.zeros((0, 2)), np.array([0], np.int32), np.ones((1, 2))), grad=False)]


def _inplace_bad(op: str) -> list:
    x = np.ones((4, 3))
    return [BadSample((x, np.int32(1), np.ones(3)), {}, InvalidArgumentError,
                      "i must be a vector. []"),
            BadSample((x, np.array([1], np.int32), np.ones((1, 2))), {}, InvalidArgumentError,
                      "x and v shape doesn't match at index 1 : [4,3] vs. [1,2]"),
            BadSample((x, np.array([1], np.int32), np.ones((2, 3))), {}, InvalidArgumentError,
                      "i and x shape doesn't match at index 0: [1] vs. [2,3]"),
            BadSample((np.float64(1), np.array([0], np.int32), np.ones(1)), {},
                      InvalidArgumentError, "x and v shape doesn't match (ranks differ): [] vs. "
                                            "[1]")] + \
        ([] if op == "InplaceUpdate" else [
            BadSample((np.array([True]), np.array([0], np.int32), np.array([True])), {},
                      InvalidArgumentError, "Unsupported data type: bool")])


def _inplace_op(op: str) -> OpDef:
    return register(OpDef(
        op, lambda x, i, v: _inplace_infer(x, i, v, op),
        lambda xp, x, i, v: _inplace_kernel(xp, x, i, v, op), grad=C.no_gradient,
        reference=lambda x, i, v: _inplace_ref(x, i, v, op),
        samples=_inplace_samples, bad_samples=lambda: _inplace_bad(op), host_inputs=(1,),
    ))


INPLACE_ADD, INPLACE_SUB, INPLACE_UPDATE = (_inplace_op(op) for op in (
    "InplaceAdd", "InplaceSub", "InplaceUpdate"))


# -- Empty: a tensor of `shape` (TF's input, a vector), its values left as they are in TF;
# zeros (empty strings) here, as TF's `init` fills it.

def _empty_infer(shape: Any, dtype: dt.DType, init: bool) -> list:
    if not isinstance(dtype, dt.DType):
        raise TypeError(f"Expected DataType for argument 'dtype' not {dtype!r}.")
    if np.ndim(shape) != 1:
        raise C.fail("Empty", f"shape must be a vector of int32, got shape "
                              f"{C.shape_str(np.shape(shape))}")
    dims = tuple(int(d) for d in shape)
    for d in dims:
        if d < 0:
            raise C.fail("Empty", f"Dimension {d} must be >= 0")
    C.check_size("Empty", dims, dtype)
    return [(dims, dtype)]


def _empty_kernel(xp: Any, shape: Any, dtype: dt.DType, init: bool) -> Any:
    if dtype is dt.string:
        return np.full(tuple(shape), b"", dtype=object)
    return xp.zeros(tuple(shape), dtype.as_numpy_dtype)


def _empty_load(node: Any) -> list:
    """A TF node: its shape input as the op's attr when known at import; else (a shape
    computed when the function runs: TF's ctc_loss sizes its buffers so) zeros of that
    shape, what the kernel fills it with."""
    dtype, init = node.attrs["dtype"], node.attrs.get("init", False)
    shape = node.const(0)
    if shape is not None:
        shape = tuple(np.asarray(shape).tolist()) if np.ndim(shape) == 1 else shape
        return [bind(EMPTY, (), {"shape": shape, "dtype": dtype, "init": init})]
    zero = b"" if dtype is dt.string else 0
    return [fill(node.inputs[0], cast(zero, dtype) if dtype is not dt.string else zero)]


EMPTY = register(OpDef(
    "Empty", _empty_infer, _empty_kernel, tf=TFForm(load=_empty_load),
    reference=lambda shape, dtype, init: np.zeros(shape, dtype.as_numpy_dtype)
    if dtype is not dt.string else np.full(shape, b"", object),
    samples=lambda: [
        Sample((), {"shape": (2, 3), "dtype": dt.float32, "init": True}, grad=False),
        Sample((), {"shape": (2, 0), "dtype": dt.int64, "init": False}, grad=False),
        Sample((), {"shape": (3,), "dtype": dt.string, "init": True}, grad=False),
        Sample((), {"shape": (), "dtype": dt.complex64, "init": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((), {"shape": (-1,), "dtype": dt.float32, "init": True},
                  InvalidArgumentError, "Dimension -1 must be >= 0"),
        BadSample((), {"shape": 2, "dtype": dt.float32, "init": True}, InvalidArgumentError,
                  "shape must be a vector of int32, got shape []")],
    stateful=True,
))
