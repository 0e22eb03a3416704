"""Scans: cumsum and cumprod (Cumsum, Cumprod: exclusive, reverse), and the axis
arguments they share with the reductions' argmax/argmin (a Python int, or an input known
when the graph runs, of TF's Tidx types).

Below reduce.py in tests/test_layering.py's OPS_ORDER: a reduction's gradient counts and
multiplies with the scans (Sum's index counting, Prod's products of the others).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.py_conversion import array_from_python
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import complex_quotient, libm_complex, wrapper_inputs
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import Spec, needs_runtime
from eagerflow._src.ops.eager_errors import eager_api, eager_name, name_scoped, slow_inputs
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.registry import REGISTRY, BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(3)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


_INDEX_T = frozenset((dt.int32, dt.int64))


def _axis_dtype(name: str, dyn: tuple, allowed: frozenset = _INDEX_T) -> None:
    """The axis input's type attr Tidx, which TF checks before the input's T (on a first
    call: its fast path's later calls check T first)."""
    if dyn:
        C.check_dtype(name, dyn[0], allowed, "Tidx")


def _axis_input(name: str, dyn: tuple, scalar: str = "axis must be a scalar, not") -> None:
    """A run-time axis (TF's dimension/axis input): one scalar, its kernel's words for
    another shape (`scalar`, then the shape)."""
    shape = dyn[0]._shape
    if len(dyn) > 1 or shape not in ((), None):
        raise C.fail(name, f"{scalar} [{','.join(str(d) for d in shape or ())}]")


def _runtime_axis(infer: Callable, x: Any, dyn: tuple, **attrs: Any) -> int:
    """The run-time axis `dyn[0]`, checked by `infer` as a static one is."""
    axis = int(to_host(dyn[0]))
    infer(Spec(x), axis=axis, **attrs)
    return axis


def _axis_args(axis: Any, default: int | None = 0) -> tuple:
    """(the axis attr, inputs): an axis known when the graph runs is the op's input, and so
    is an eager tensor the op refuses (not an int32/int64 scalar), for the op to say so."""
    if axis is None:
        return default, ()
    if _state.graph is not None and needs_runtime(axis):
        return None, (axis,)
    value = C.known(axis)
    if isinstance(value, (int, np.integer)):
        return int(value), ()
    if not isinstance(value, EagerTensor):  # (TF converts any other value to int32)
        value = convert_to_tensor(value, dt.int32)
    if value._dtype in _INDEX_T and value._shape == ():
        return int(value), ()
    return None, (value,)



def _scan_infer(name: str, allowed: frozenset = C.NUMERIC) -> Callable:
    def infer(x: Any, *dyn: Any, axis: int | None, exclusive: bool, reverse: bool) -> list:
        """`axis` None: the input `dyn[0]`, known when the graph runs (or an eager tensor
        the op refuses)."""
        _axis_dtype(name, dyn)
        C.check_dtype(name, x, allowed)
        C.axis_given(name, axis, dyn)
        shape = None if dyn or isinstance(axis, int) else np.shape(axis)
        if shape:  # (a list of axes: TF's kernel takes one)
            raise C.fail(name, f"ScanOp: axis must be a scalar, not "
                               f"[{','.join(str(d) for d in shape)}]")
        if dyn:
            _axis_input(name, dyn, "ScanOp: axis must be a scalar, not")
        elif x._shape is not None:
            n = len(x._shape)
            if not -n <= axis < n:
                shown = axis + n if axis < 0 else axis
                raise C.fail(name, f"ScanOp: Expected scan axis in the range [{-n}, {n}), but "
                                   f"got {shown}")
        return [(x._shape, x._dtype)]
    return infer


def _scan_kernel(fn: str, identity: int, name: str) -> Callable:
    def kernel(xp: Any, x: Any, *dyn: Any, axis: int | None, exclusive: bool,
               reverse: bool) -> Any:
        if dyn:
            axis = _runtime_axis(REGISTRY[name].infer, x, dyn, exclusive=exclusive,
                                 reverse=reverse)
        ax = axis % x.ndim
        if reverse:
            x = xp.flip(x, ax)
        with np.errstate(all="ignore"):  # inf - inf is nan, silently, as in TF
            out = getattr(xp, fn)(x, axis=ax, dtype=x.dtype)
        if fn == "cumprod" and xp is np and x.dtype.kind == "c":
            out = _complex_cumprod(x, ax, out)
        if exclusive and x.shape[ax]:  # (an empty axis stays empty)
            pad = [(0, 0)] * x.ndim
            pad[ax] = (1, 0)
            out = xp.pad(xp.take(out, range(x.shape[ax] - 1), axis=ax), pad,
                         constant_values=identity)
        if reverse:
            out = xp.flip(out, ax)
        return xp.ascontiguousarray(out)
    return kernel


def _complex_cumprod(x: np.ndarray, ax: int, plain: np.ndarray) -> np.ndarray:
    """A complex cumprod as TF's CPU scan (Eigen's) takes it, on threads that flush
    denormals: from 1, each step a complex product. Where the values after the axis make
    whole packets (4 complex64, 2 complex128) it is the packets' textbook product; the
    rest (an innermost axis, the columns past the last packet) is C's, which keeps the
    infinities the textbook product makes NaN (libm_complex.c_multiply). From 1, a -0
    part is +0 and an infinite one makes a NaN. NumPy's `plain` product is the same where
    every input and output part is finite and none a negative zero."""
    with np.errstate(all="ignore"):
        parts = np.concatenate([x.real.ravel(), x.imag.ravel(), plain.real.ravel(),
                                plain.imag.ravel()])
    tiny = np.finfo(x.dtype).tiny
    if np.isfinite(parts).all() and not ((np.signbit(parts) & (parts == 0)) |
                                         ((parts != 0) & (np.abs(parts) < tiny))).any():
        return plain
    flush = complex_quotient.flusher(tiny)
    n, inner = x.shape[ax], int(np.prod(x.shape[ax + 1:], dtype=np.int64))
    v = x.reshape(-1, n, inner)
    re, im = flush(v.real), flush(v.imag)
    cut = inner - inner % (4 if x.dtype == np.complex64 else 2)
    out = np.empty(v.shape, x.dtype)
    a, b = np.ones_like(re[:, 0]), np.zeros_like(re[:, 0])
    with np.errstate(all="ignore"):
        for i in range(n):
            c, d = re[:, i], im[:, i]
            pa, pb = a * c - b * d, a * d + b * c
            ca, cb = libm_complex.c_multiply(a[:, cut:], b[:, cut:], c[:, cut:], d[:, cut:])
            pa[:, cut:], pb[:, cut:] = ca, cb
            a, b = flush(pa), flush(pb)
            out.real[:, i], out.imag[:, i] = a, b
    return out.reshape(x.shape)


def _scan_ref(op: Callable, identity: float) -> Callable:
    def ref(x: np.ndarray, *dyn: np.ndarray, axis: int | None, exclusive: bool,
            reverse: bool) -> np.ndarray:
        ax = (int(dyn[0]) if dyn else axis) % x.ndim
        out = np.empty_like(x)
        n = x.shape[ax]
        for pos in np.ndindex(*x.shape):
            i = pos[ax]
            span = (range(i + (1 if exclusive else 0), n) if reverse else
                    range(0, i + (0 if exclusive else 1)))
            acc = identity
            for j in span:
                acc = op(acc, x[pos[:ax] + (j,) + pos[ax + 1:]])
            out[pos] = acc
        return out
    return ref


def _scan_axis(n: Any) -> Any:
    return n.inputs[1] if n.attrs["axis"] is None else n.attrs["axis"]


def _cumsum_grad(n: Any, g: Any) -> list:
    a = n.attrs
    return [cumsum(g, _scan_axis(n), exclusive=a["exclusive"], reverse=not a["reverse"])] + \
        [None] * (len(n.inputs) - 1)


def _cumprod_grad(n: Any, g: Any) -> list:
    # d/dx_j of prod_{i<=k} x_i is out_k / x_j: exact away from zeros; 0 where x_j is 0,
    # as TF's div_no_nan makes it
    x, out = n.inputs[0], n.outputs[0]
    a = n.attrs
    return [div_no_nan(cumsum(out * g, _scan_axis(n), exclusive=a["exclusive"],
                              reverse=not a["reverse"]), x)] + [None] * (len(n.inputs) - 1)


def _scan_samples() -> list:
    return [Sample((_f64(3, 4),), {"axis": 1, "exclusive": False, "reverse": False}),
            Sample((_f64(3, 4),), {"axis": 0, "exclusive": True, "reverse": False}),
            Sample((_f64(2, 5),), {"axis": -1, "exclusive": True, "reverse": True}),
            Sample((_f64(4),), {"axis": 0, "exclusive": False, "reverse": True}),
            # an axis known when the graph runs
            Sample((_f64(2, 3), np.array(-2, np.int64)),
                   {"axis": None, "exclusive": True, "reverse": False}, grad_inputs=(0,))]


CUMSUM = register(OpDef(
    "Cumsum", _scan_infer("Cumsum"), _scan_kernel("cumsum", 0, "Cumsum"), grad=_cumsum_grad,
    host_inputs=(1,),  # (an axis given when it runs: TF's HostMemory("axis"))
    reference=_scan_ref(lambda a, b: a + b, 0.0), samples=_scan_samples,
    bad_samples=lambda: [
        BadSample((np.ones((2, 2)),), {"axis": 2, "exclusive": False, "reverse": False},
                  InvalidArgumentError, "ScanOp: Expected scan axis in the range "
                                        "[-2, 2), but got 2"),
        BadSample((np.array([True]),), {"axis": 0, "exclusive": False, "reverse": False},
                  InvalidArgumentError, "Value for attr 'T' of bool")],
))

CUMPROD = register(OpDef(
    "Cumprod", _scan_infer("Cumprod"), _scan_kernel("cumprod", 1, "Cumprod"), grad=_cumprod_grad,
    host_inputs=(1,),  # (TF's HostMemory("axis"))
    reference=_scan_ref(lambda a, b: a * b, 1.0),
    samples=lambda: [Sample((_rng.uniform(0.5, 1.5, s.inputs[0].shape),) + s.inputs[1:],
                            s.attrs, grad_inputs=s.grad_inputs)  # positive inputs
                     for s in _scan_samples()],
    bad_samples=lambda: [
        BadSample((np.float64(3.0),), {"axis": 0, "exclusive": False, "reverse": False},
                  InvalidArgumentError, "ScanOp: Expected scan axis in the range "
                                        "[0, 0), but got 0")],
))


def _scan_axis_args(axis: Any) -> tuple:
    """A scan's `_axis_args`, a list of several axes kept as the nested tuple of its values,
    which the op's `infer` refuses as TF's kernel does."""
    value = C.known(axis)
    if isinstance(value, (list, tuple)):  # (TF converts it first: its words for ragged ones)
        value = array_from_python(value)
    if isinstance(value, np.ndarray) and value.ndim:
        return tuple(value.tolist()), ()
    return _axis_args(axis)


def scan_args(op: str, axis: Any, exclusive: Any, reverse: Any) -> tuple:
    """A scan's (dynamic inputs, attrs) as TF's wrapper takes its arguments: the bool attrs
    first (None their default), then an eager axis's type (Tidx: int32 or int64), before
    the op runs."""
    attrs = AV.wrapper_attrs(op, exclusive=exclusive, reverse=reverse)
    if _state.graph is None and type(axis) is int:  # (an int32, wrapped, as TF's wrapper
        if not -2**31 <= axis < 2**31:  # converts it, a list given or not)
            axis = wrapper_inputs.int_index(axis)
    elif _state.graph is None:  # (None too: TF converts it)
        axis = wrapper_inputs.index_input(op, axis, "Tidx")
    elif refused := wrapper_inputs.graph_type_refusal(op, axis, "Tidx"):
        raise refused
    attrs["axis"], dyn = _scan_axis_args(axis)
    return dyn, attrs


def _scan_fn(op: OpDef) -> Callable:
    def f(x: Any, axis: Any = 0, exclusive: bool = False, reverse: bool = False,
          name: str | None = None) -> Any:
        x = _t(x)  # (TF's function converts x before its op's wrapper reads the attrs)
        dyn, attrs = scan_args(op.name, axis, exclusive, reverse)
        return bind(op, (x,) + dyn, attrs, eager_name(name))
    f.__name__ = op.name.lower()
    return name_scoped(f)  # (TF's cumsum and cumprod open a name scope)


# (TF's functions hand the axis to the op as given: a list takes its wrapper's slow path)
cumsum = dispatchable(binds_first(slow_inputs("axis")(_scan_fn(CUMSUM))))
cumprod = dispatch_binding(eager_api("axis", scoped=True)(_scan_fn(CUMPROD)))
