"""Sequences: tf.range and tf.linspace.

Sits in ops/ beside array.py (which re-exports both from here). Inside a graph, Range
knows its length statically when its bounds fold (dynshape.partial_value), as TF's
shape function does; otherwise the length is unknown until the graph runs.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.device import host_eagerly
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
)
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import Spec, partial_value
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.math import int_to_float, subtract
from eagerflow._src.ops.math_base import _t, cast, where
from eagerflow._src.ops.registry import OpDef, Sample, TFForm, register
from eagerflow._src.ops.stacking import stack


def _range_size(start: Any, limit: Any, delta: Any) -> int:
    """The element count of a range, validated as TF's kernel does (before allocating)."""
    s, lim, d = (v.item() for v in (start, limit, delta))
    if d == 0:
        raise C.fail("Range", f"Requires delta != 0: {_num(d)}")
    if not (s <= lim if d > 0 else s >= lim):  # also refuses NaN bounds
        sign = "<=" if d > 0 else ">="
        what = "> 0" if d > 0 else "< 0"
        raise C.fail("Range", f"Requires start {sign} limit when delta {what}: "
                              f"{_num(s)}/{_num(lim)}")
    if isinstance(s, int) and isinstance(lim, int) and isinstance(d, int):
        n = (abs(lim - s) + abs(d) - 1) // abs(d)
    else:  # the quotient in the range's dtype, as TF's kernel: 1 / 0.1 is 10 in float16
        with np.errstate(all="ignore"):
            q = float(abs((limit.reshape(()) - start.reshape(())) / delta.reshape(())))
        n = int(_pymath_ceil(q)) if q < 2.0**64 else 2**64
    if n > 2**63 - 1:
        raise C.fail("Range", "Requires ((limit - start) / delta) <= 9223372036854775807")
    return n


def _num(v: Any) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def _pymath_ceil(q: float) -> int:
    return math.ceil(q) if math.isfinite(q) else 2**64


# TF's Range takes these; its CPU kernels compute only _RANGE_KERNELS
_RANGE_TYPES = frozenset((dt.bfloat16, dt.float16, dt.float32, dt.float64, dt.int8, dt.int16,
                          dt.int32, dt.int64, dt.uint16, dt.uint32, dt.uint64))
# (in the order TF's runtime lists its registrations, after XLA's and the host-memory
# int32 one: both its eager NotFoundError and a graph's InvalidArgumentError print them,
# the graph's without XLA's until XLA has run)
_RANGE_KERNEL_ORDER = (dt.int64, dt.int32, dt.float64, dt.float32, dt.bfloat16, dt.float16)
_RANGE_KERNELS = frozenset(_RANGE_KERNEL_ORDER)
_RANGE_OTHER_KERNELS = (
    ("XLA_CPU_JIT", "Tidx in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_INT64, "
                    "DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]"),
    ("DEFAULT", "Tidx in [DT_INT32]"))


def _no_range_kernel(d: dt.DType) -> InvalidArgumentError:
    """TF's error when a graph runs Range in a dtype its CPU has no kernel for (eagerly it
    is C.no_kernel's NotFoundError, raised before the op runs)."""
    kernels = "".join(f"\n  device='{dev}'; {constraints}"
                      for dev, constraints in _RANGE_OTHER_KERNELS[1:]) + "".join(
        f"\n  device='CPU'; Tidx in [{C.dt_enum(k)}]" for k in _RANGE_KERNEL_ORDER)
    return InvalidArgumentError(
        None, None, f"No OpKernel was registered to support Op 'Range' used by {{{{node "
                    f"Range}}}} with these attrs: [Tidx={C.dt_enum(d)}]\nRegistered devices: "
                    f"[CPU]\nRegistered kernels:{kernels}")


def _range_kernel(xp: Any, start: Any, limit: Any, delta: Any) -> Any:
    # (host inputs: a device's copies read once each)
    start, limit, delta = to_host(start), to_host(limit), to_host(delta)
    if dt.from_numpy(start.dtype) not in _RANGE_KERNELS:  # (a graph: eager infer refused it)
        raise _no_range_kernel(dt.from_numpy(start.dtype))
    n = _range_size(start, limit, delta)
    check_finite_size("Range", (n,), dt.from_numpy(start.dtype))
    if start.dtype.kind in "iu":
        # index arithmetic in 64 bits (wrapping, exact mod 2**64): xp.arange computes the
        # length in the operands' dtype and overflows for int32 ranges past 2**31 elements
        m = (1 << 64) - 1
        step, first = np.uint64(delta.item() & m), np.uint64(start.item() & m)
        with np.errstate(over="ignore"):
            out = xp.arange(n, dtype=np.uint64) * step + first
        return (out.view(np.int64) if start.dtype.kind == "i" else out).astype(start.dtype)
    # element i is start + i * delta in the range's dtype, as TF's kernel computes it
    # (NumPy's arange steps by (start + delta) - start, which drifts: 1.5999999 for 1.6)
    d = start.dtype
    return xp.arange(n, dtype=d) * d.type(delta.item()) + d.type(start.item())


def _range_infer(start: Any, limit: Any, delta: Any) -> list:
    C.check_dtype("Range", start, _RANGE_TYPES, "Tidx")
    d = C.same_dtype("Range", (start, limit, delta), _RANGE_TYPES)
    if d not in _RANGE_KERNELS and isinstance(start, EagerTensor):
        raise C.no_kernel("Range", f"Tidx={C.dt_enum(d)}", _RANGE_KERNEL_ORDER, "Tidx",
                          _RANGE_OTHER_KERNELS)
    for what, v in (("start", start), ("limit", limit), ("delta", delta)):
        if v._shape is not None and C.num_elements(v._shape) not in (None, 1) or \
                v._shape is not None and len(v._shape) > 1:
            raise C.fail("Range", f"{what} must be a scalar, not shape {C.shape_str(v._shape)}")
    if not isinstance(start, EagerTensor):  # tracing: the length when the bounds fold
        vals = [partial_value(v) for v in (start, limit, delta)]
        if all(isinstance(v, (int, float)) for v in vals):
            n = _range_size(*(np.asarray(v, d.as_numpy_dtype) for v in vals))
            return [((n,), d)]
    return [((None,), d)]


def _range_fold(node: Any, value_of: Any) -> Any:
    """dynshape: an integer range of known bounds, short as an axis list is (a gradient's
    permutation built of ranges is then known while tracing)."""
    start, limit, delta = (value_of(x) for x in node.inputs)
    if not all(type(v) is int for v in (start, limit, delta)) or delta == 0:
        return None
    values = builtins.range(start, limit, delta)
    return list(values) if len(values) <= 64 else None


def _range_const(node: Any, values: list) -> Any:
    """TF's constant_value of a range: NumPy's arange of the output's dtype over known
    bounds, of any length (TF's Python computes it so, not with the kernel)."""
    try:
        return np.arange(*values, dtype=node.outputs[0]._dtype.as_numpy_dtype).tolist()
    except (ValueError, ZeroDivisionError, TypeError):  # (bounds no range is made of)
        return None


RANGE = register(OpDef(
    "Range", _range_infer, _range_kernel, fold=_range_fold, fold_partial=False,
    tf_const=_range_const,
    host_inputs=(0, 1, 2),  # (TF's HostMemory start, limit and delta)
    reference=lambda s, lim, d: np.array(list(range(int(s), int(lim), int(d))), s.dtype),
    samples=lambda: [Sample((np.int32(1), np.int32(9), np.int32(2)), grad=False)],
))


# the dtypes tf.range accepts, least first: with no dtype given, the greatest of its
# arguments' (each converted alone) is the range's
_RANGE_HIERARCHY = (dt.int32, dt.int64, dt.float16, dt.bfloat16, dt.float32, dt.float64)


def _bounds(start: Any, limit: Any, delta: Any, dtype: Any) -> tuple:
    """A range's bounds as tensors of its dtype: `dtype`, or the greatest of theirs."""
    # a Python or NumPy bound converts straight to `dtype` (0.3 as float64 is 0.3, not the
    # float32 nearest it cast up; 0.5 refuses int32), as TF's does
    vals = [v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=dtype)
            for v in (start, limit, delta)]
    if dtype is None:
        if any(v._dtype not in _RANGE_HIERARCHY for v in vals):
            raise AssertionError()
        dtype = builtins.max((v._dtype for v in vals), key=_RANGE_HIERARCHY.index)
    return tuple(cast(v, dtype) for v in vals)


@dispatch_binding
def range(start: Any, limit: Any = None, delta: Any = 1, dtype: Any = None,  # noqa: A001
          name: str = "range") -> Any:
    if limit is None:
        start, limit = 0, start
    dtype = None if dtype is None else dt.as_dtype(dtype)
    # (the bounds are Range's host inputs, TF's HostMemory: made and cast on the host)
    with host_eagerly():
        s, lim, d = _bounds(start, limit, delta, dtype)
    # (TF's tf.range opens a name scope: its eager errors name none)
    return bind(RANGE, (s, lim, d), {}, name if _state.graph is not None else None)


def _linspace_infer(start: Any, stop: Any, *dyn: Any, num: int | None, axis: int) -> list:
    """`num` None: its input `dyn[0]`, known when the graph runs."""
    # (num is the attr or that input, never both: the kernel would count the input's)
    C.input_count("LinSpace", ("start", "stop") + (("num",) if num is None else ()),
                  (start, stop) + dyn)
    d = C.same_dtype("LinSpace", (start, stop), C.FLOATS)
    if dyn and (dyn[0]._dtype not in (dt.int32, dt.int64) or dyn[0]._shape not in ((), None)):
        raise C.fail("LinSpace", f"num must be an int32/int64 scalar, got {dyn[0]!r}")
    if num is not None and num < 0:
        raise C.fail("LinSpace", f"Requires num > 0: {num}")
    shape = C.broadcast("LinSpace", start._shape, stop._shape)
    if shape is None:
        return [(None, d)]
    ax = C.norm_axis("LinSpace", axis, len(shape), 1)
    out = shape[:ax] + (num,) + shape[ax:]  # (num None: its dim unknown)
    if None not in out:
        check_finite_size("LinSpace", out, d)
    return [(out, d)]


def _linspace_kernel(xp: Any, a: Any, b: Any, *dyn: Any, num: int | None, axis: int) -> Any:
    if dyn:  # the run-time num, checked as a static one is
        num = int(to_host(dyn[0]))
        _linspace_infer(Spec(a), Spec(b), num=num, axis=axis)
    # start + i * step in the inputs' dtype, as TF's kernel (not xp.linspace, which warns
    # from NumPy's own module on inf/nan and fails on empty broadcasts)
    shape = xp.broadcast_shapes(a.shape, b.shape)
    ax = axis % (len(shape) + 1)
    if 0 in shape:  # an empty output: don't build the `num` positions
        return xp.zeros(shape[:ax] + (num,) + shape[ax:], a.dtype)
    a = xp.expand_dims(xp.broadcast_to(a, shape), ax)
    b = xp.expand_dims(xp.broadcast_to(b, shape), ax)
    i = xp.arange(num, dtype=a.dtype).reshape((1,) * ax + (num,) + (1,) * (len(shape) - ax))
    if num == 1:
        return xp.broadcast_to(a, a.shape).copy()
    step = (b - a) / a.dtype.type(num - 1)
    with np.errstate(invalid="ignore"):
        out = (a + i * step).astype(a.dtype, copy=False)
    # TF writes the endpoints themselves: start first, stop last (even with inf/nan steps)
    out = xp.where(i == 0, a, out)
    return xp.where(i == num - 1, b, out)


LINSPACE = register(OpDef(
    "LinSpace", _linspace_infer, _linspace_kernel,
    reference=lambda a, b, num, axis: np.array(
        [a + (b - a) * i / (num - 1) for i in builtins.range(num)]) if num > 1 else a[None],
    samples=lambda: [Sample((np.float64(1.0), np.float64(3.0)), {"num": 5, "axis": 0}, grad=False)],
    tf=TFForm(fixed={"axis": 0}),
))


@dispatch_binding
def linspace(start: Any, stop: Any, num: Any, name: str | None = None, axis: int = 0) -> Any:
    """TF's linspace_nd, whose Python converts start, then stop to start's dtype (a tensor
    of another dtype is its ValueError), then num as an int (int32 preferred: NumPy values
    and bools are cast to it), casts num to start's dtype, broadcasts the endpoints'
    shapes and subtracts them (Sub refuses bools), dividing as truediv does: integer
    endpoints give float32 or float64. The LinSpace op computes the points so."""
    start = _t(start)
    stop = convert_to_tensor(stop, dtype=start._dtype, name="stop")
    num_t = num
    if not isinstance(num, Tensor):
        with host_eagerly():  # (num is LinSpace's HostMemory input: made on the host)
            num_t = convert_to_tensor(num, dtype_hint=dt.int32)
    if not num_t._dtype.is_integer:  # (its value shown as NumPy's: a string's is bytes)
        raise TypeError(f"Argument `tensor` (name: num) must be of type integer. Received "
                        f"`tensor` = {num_t.numpy()} of dtype: <dtype: '{num_t._dtype.name}'>")
    if start._dtype is dt.string:
        cast(num_t, dt.string)  # (Cast's refusal, TF's next error)
    if _state.graph is None and start._shape != stop._shape:
        try:
            C.broadcast("BroadcastArgs", start._shape, stop._shape)
        except InvalidArgumentError as e:
            raise raised_eagerly(e, "") from None
    if start._dtype is dt.bool:
        subtract(stop, start)  # (Sub's refusal, TF's next error)
    target = int_to_float(start._dtype)
    if target is not None:
        start, stop = cast(start, target), cast(stop, target)
    if num_t._shape == (1,) and isinstance(num_t, EagerTensor):
        num_t = EagerTensor(num_t._numpy().reshape(()))  # (TF's range takes a vector of one)
    elif num_t.shape.rank != 0:
        raise raised_eagerly(C.fail("Range", f"limit must be a scalar, not shape "
                                             f"{C.shape_str(num_t._shape)}"), "")
    num = C.known(num_t)
    if start._dtype.is_complex and not C.is_graph_tensor(num) and int(num) >= 0:
        return _complex_linspace(start, stop, int(num), axis)
    if C.is_graph_tensor(num):  # known when the graph runs: the op's input, as TF's
        return bind(LINSPACE, (start, stop, num), {"num": None, "axis": axis}, name)
    if _state.graph is None and int(num) < 0:  # (TF's range(1, -1) of a negative num)
        raise raised_eagerly(C.fail("Range", "Requires start <= limit when delta > 0: 1/-1"),
                             "")
    return bind(LINSPACE, (start, stop), {"num": int(num), "axis": axis}, name)


def _complex_linspace(start: Any, stop: Any, num: int, axis: int) -> Any:
    """TF's linspace_nd of complex endpoints, which its Python composes of ops (LinSpace's
    kernel takes real ones only): start + k * (stop - start) / (num - 1) for k < num,
    with start itself first and stop itself last."""
    shape = C.broadcast("LinSpace", start._shape, stop._shape)
    if shape is None:
        raise ValueError("linspace of complex endpoints needs their static shapes")
    ax = C.norm_axis("LinSpace", axis, len(shape), 1)
    whole = np.ones(shape, bool)  # (SelectV2 broadcasts each endpoint to the common shape)
    a = stack([where(whole, start, start)], axis=ax)
    b = stack([where(whole, stop, stop)], axis=ax)
    k = np.arange(num).reshape((num,) + (1,) * (len(shape) - ax))
    delta = (b - a) / cast(builtins.max(num - 1, 1), start._dtype)
    out = a + cast(k, start._dtype) * delta
    return where(k == 0, a, where(k == num - 1, b, out))


lin_space = linspace
