"""tfdbg v1's debug ops (the nodes TF 1's debugger inserted): DebugIdentity,
DebugIdentityV3, DebugNanCount, DebugNumericSummary, and DebugGradientIdentity.

Ops layer after tfdbg.py (tfdbg v2's ops); loaded on first use (op_index.py lists its
ops). Each node watches one tensor, named by `tensor_name` ("node:slot"), which TF's
kernel parses when it is made: an empty name or one of more than two parts is refused, a
slot that is no 32-bit number too. Its `debug_urls` name where TF would publish the
value: a URL of another scheme is refused as TF refuses it (UnavailableError); TF's
file:// dumps, gRPC streams and memory callbacks are not written here, so such a URL is
refused too (UnimplementedError). With `gated_grpc` TF publishes only to gRPC debuggers
that enabled the node, which here are none: it then outputs an empty vector, as TF does.

- DebugIdentity / DebugIdentityV3: the input.
- DebugNanCount: a one-element int64 vector, the input's NaN count.
- DebugNumericSummary: a float64 vector: 1 (initialized), the element count, the counts
  of NaN, -inf, negative, zero, positive and +inf elements (a finite value at or below
  `lower_bound` counts as -inf, else one at or above `upper_bound` as +inf), the min,
  max, mean and variance of the finite values (summed in double, in order, as TF's
  kernel), the dtype's enum, the rank and the dims.
- DebugGradientIdentity: the input; TF's gradient for it reads a debugger's op name that
  eager and tf.function gradients do not have, and fails, as here.

Only DebugGradientIdentity has a gradient function in TF (the failing one); the others
have none (LookupError).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    InvalidArgumentError,
    NotFoundError,
    UnavailableError,
    UnimplementedError,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_SLOT = re.compile(r"\s*[+-]?\d+\s*")
_NAN_COUNT_DEFAULT = (dt.float64, dt.float32, dt.float16)
_NAN_COUNT_CPU = (dt.float64, dt.float32, dt.bfloat16, dt.float16, dt.int32, dt.int8,
                  dt.uint8, dt.int16, dt.uint16, dt.uint32, dt.int64, dt.uint64)
_SUMMARY_CPU = (dt.float64, dt.float32, dt.int32, dt.int8, dt.uint8, dt.int16, dt.uint16,
                dt.uint32, dt.int64, dt.uint64, dt.bool)
_SCHEMES = ("file://", "grpc://", "memcbk://")


def _words(v: Any) -> str:
    """An attr value as TF prints it in a NodeDef."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, float):
        return format(v, "g")
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(_words(x) for x in v) + "]"
    return str(v)


def _check_attrs(attrs: dict) -> None:
    """The attrs' Python types, as TF's op wrappers check them."""
    for k, v in attrs.items():
        if k in ("device_name", "tensor_name", "io_of_node") and not isinstance(v, str):
            raise TypeError(f"Expected string for argument '{k}' not {v!r}.")
        if k in ("gated_grpc", "is_input", "mute_if_healthy"):
            AV.bool_attr(v, k)
        if k in ("lower_bound", "upper_bound"):
            AV.float_attr(v, k)
        if k == "io_index" and (isinstance(v, bool) or not isinstance(v, (int, np.integer))):
            raise TypeError(f"Expected int for argument '{k}' not {v!r}.")
        if k == "debug_urls" and (not isinstance(v, (tuple, list)) or
                                  not all(isinstance(u, str) for u in v)):
            raise TypeError(f"Expected list of strings for argument '{k}' not {v!r}.")


def _check_dtype(op: str, x: Any, attrs: dict, cpu: tuple, default: tuple) -> None:
    """TF's first check: a kernel for the dtype."""
    _check_attrs(attrs)
    if x._dtype not in cpu:
        node = ", ".join([f"T={C.dt_enum(x._dtype)}"] +
                         [f"{k}={_words(attrs[k])}" for k in sorted(attrs)])
        raise C.no_kernel(op, node, cpu,
                          others=[("DEFAULT", f"T in [{C.dt_enum(d)}]") for d in default])


def _check(op: str, attrs: dict) -> None:
    """TF's checks when the node runs (in a graph: when the graph runs), in its order: the
    tensor's name, the URLs."""
    name = attrs["tensor_name"]
    parts = name.split(":")
    if not name or len(parts) > 2:
        raise C.fail(op, f'Failed to parse tensor name: "{name}"')
    if len(parts) == 2 and (not _SLOT.fullmatch(parts[1]) or
                            not -2**31 <= int(parts[1]) < 2**31):
        raise C.fail(op, f'Invalid string value for output_slot: "{parts[1]}"')
    for url in attrs["debug_urls"]:
        if not url.startswith(_SCHEMES):
            raise UnavailableError(None, None, f"Invalid debug target URL: {url} [Op:{op}]")
        raise UnimplementedError(None, None, f"eagerflow publishes no tfdbg v1 debug tensors "
                                             f"(debug URL {url}) [Op:{op}]")


def _out_shape(x: Any, attrs: dict, shape: Any) -> Any:
    # (gated on gRPC debuggers, of which none enabled the node, TF outputs an empty vector,
    # while its shape function gives the ungated shape: unknown here, so that a graph
    # written here passes TF's shape checks)
    return None if attrs.get("gated_grpc") else shape


# -- DebugIdentity, DebugIdentityV3 ---------------------------------------------------------

def _identity_infer(op: str) -> Any:
    def infer(x: Any, **attrs: Any) -> list:
        _check_attrs(attrs)
        return [(_out_shape(x, attrs, x._shape), x._dtype)]
    return infer


def _identity_kernel(op: str) -> Any:
    def kernel(xp: Any, x: Any, **attrs: Any) -> Any:
        _check(op, attrs)
        return xp.zeros(0, x.dtype) if attrs.get("gated_grpc") else x
    return kernel


def _identity_ref(x: Any, **attrs: Any) -> Any:
    return np.zeros(0, x.dtype) if attrs.get("gated_grpc") else np.array(x, copy=True)


_ATTRS = {"device_name": "", "tensor_name": "x:0", "debug_urls": (), "gated_grpc": False}
_V3_ATTRS = {**_ATTRS, "io_of_node": "", "is_input": False, "io_index": -1}


def _name_bad(attrs: dict) -> list:
    return [BadSample((np.ones(2, np.float32),), {**attrs, "tensor_name": ""},
                      InvalidArgumentError, 'Failed to parse tensor name: ""'),
            BadSample((np.ones(2, np.float32),), {**attrs, "tensor_name": "x:0:1"},
                      InvalidArgumentError, 'Failed to parse tensor name: "x:0:1"'),
            BadSample((np.ones(2, np.float32),), {**attrs, "tensor_name": "x:1a"},
                      InvalidArgumentError, 'Invalid string value for output_slot: "1a"'),
            BadSample((np.ones(2, np.float32),), {**attrs, "debug_urls": ("foo://bar",)},
                      UnavailableError, "Invalid debug target URL: foo://bar"),
            BadSample((np.ones(2, np.float32),), {**attrs, "debug_urls": ("file:///tmp/d",)},
                      UnimplementedError, "eagerflow publishes no tfdbg v1 debug tensors")]


def _identity_samples(attrs: dict) -> list:
    return [Sample((np.array([1.0, -2.0], np.float32),), attrs, grad=False),
            Sample((np.array([[b"a"]], object),), {**attrs, "tensor_name": "a/b: 3"},
                   grad=False),
            Sample((np.array([1, 2], np.int64),), {**attrs, "gated_grpc": True}, grad=False)]


DEBUG_IDENTITY = register(OpDef(
    "DebugIdentity", _identity_infer("DebugIdentity"), _identity_kernel("DebugIdentity"),
    grad=C.no_gradient,
    reference=_identity_ref,
    samples=lambda: _identity_samples(_ATTRS),
    bad_samples=lambda: _name_bad(_ATTRS),
    gpu=False,
))

DEBUG_IDENTITY_V3 = register(OpDef(
    "DebugIdentityV3", _identity_infer("DebugIdentityV3"), _identity_kernel("DebugIdentityV3"),
    grad=C.no_gradient,
    reference=_identity_ref,
    samples=lambda: _identity_samples(_V3_ATTRS),
    bad_samples=lambda: _name_bad(_V3_ATTRS),
    stateful=True,
    gpu=False,
))


# -- DebugNanCount --------------------------------------------------------------------------

def _nan_count_infer(x: Any, **attrs: Any) -> list:
    _check_dtype("DebugNanCount", x, attrs, _NAN_COUNT_CPU, _NAN_COUNT_DEFAULT)
    # (TF's kernel gives a one-element vector, its shape function a scalar: unknown here)
    return [(None, dt.int64)]


def _nan_count_kernel(xp: Any, x: Any, **attrs: Any) -> Any:
    _check("DebugNanCount", attrs)
    if attrs.get("gated_grpc"):
        return xp.zeros(0, xp.int64)
    if x.dtype.kind not in "fV":  # (bfloat16's kind is "V")
        return xp.zeros(1, xp.int64)
    return xp.array([int(xp.isnan(x.astype(xp.float32)).sum())], xp.int64)


def _nan_count_ref(x: Any, **attrs: Any) -> Any:
    if attrs.get("gated_grpc"):
        return np.zeros(0, np.int64)
    return np.array([sum(1 for v in np.asarray(x, np.float64).ravel() if v != v)], np.int64)


DEBUG_NAN_COUNT = register(OpDef(
    "DebugNanCount", _nan_count_infer, _nan_count_kernel, grad=C.no_gradient,
    reference=_nan_count_ref,
    samples=lambda: [
        Sample((np.array([np.nan, 1.0, np.nan], np.float32),), _ATTRS, grad=False),
        Sample((np.array([[np.nan]], np.float16),), _ATTRS, grad=False),
        Sample((np.array([1, 2], np.uint64),), _ATTRS, grad=False),
        Sample((np.zeros((0, 3)),), _ATTRS, grad=False),
        Sample((np.array([np.nan]),), {**_ATTRS, "gated_grpc": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([True]),), _ATTRS, NotFoundError,
                  'Could not find device for node: {{node DebugNanCount}} = DebugNanCount['
                  'T=DT_BOOL, debug_urls=[], device_name="", gated_grpc=false, tensor_name='
                  '"x:0"]\nAll kernels registered for op DebugNanCount:\n  device=\'DEFAULT\'; '
                  "T in [DT_DOUBLE]\n  device='DEFAULT'; T in [DT_FLOAT]\n  device='DEFAULT'; "
                  "T in [DT_HALF]\n  device='CPU'; T in [DT_DOUBLE]\n"),
        *_name_bad(_ATTRS)],
    gpu=False,
))


# -- DebugNumericSummary --------------------------------------------------------------------

_SUMMARY_ATTRS = {**_ATTRS, "lower_bound": -np.inf, "upper_bound": np.inf,
                  "mute_if_healthy": False}


def _summary_infer(x: Any, **attrs: Any) -> list:
    _check_dtype("DebugNumericSummary", x, attrs, _SUMMARY_CPU, _SUMMARY_CPU)
    rank = C.rank(x)
    return [(_out_shape(x, attrs, (None if rank is None else 14 + rank,)), dt.float64)]


def _summary_kernel(xp: Any, x: Any, **attrs: Any) -> Any:
    _check("DebugNumericSummary", attrs)
    if attrs.get("gated_grpc"):
        return xp.zeros(0, xp.float64)
    v = x.astype(xp.float64).ravel()
    lower, upper = attrs["lower_bound"], attrs["upper_bound"]
    nan = xp.isnan(v)
    finite = xp.isfinite(v)
    low = finite & (v <= lower)
    high = finite & ~low & (v >= upper)
    inside = finite & ~low & ~high
    counts = [int(c.sum()) for c in (nan, (v == -xp.inf) | low, inside & (v < 0),
                                     inside & (v == 0), inside & (v > 0),
                                     (v == xp.inf) | high)]
    vals = v[finite]
    n = int(vals.size)
    if n:
        # (summed one by one in double, as TF's kernel: cumsum's order, not sum's pairs;
        # a sum past double's range is TF's inf, quietly)
        with np.errstate(over="ignore", invalid="ignore"):
            mean = float(xp.cumsum(vals)[-1]) / n
            variance = float(xp.cumsum((vals - mean) ** 2)[-1]) / n
        stats = [float(vals.min()), float(vals.max()), mean, variance]
    else:
        stats = [np.inf, -np.inf, np.nan, np.nan]
    enum = dt.as_dtype(x.dtype).as_datatype_enum
    return xp.array([1.0, v.size, *counts, *stats, enum, x.ndim, *x.shape], xp.float64)


def _summary_ref(x: Any, **attrs: Any) -> Any:
    if attrs.get("gated_grpc"):
        return np.zeros(0)
    lower, upper = attrs["lower_bound"], attrs["upper_bound"]
    counts = [0] * 6  # nan, -inf, negative, zero, positive, +inf
    finite = []
    for value in np.asarray(x).ravel().tolist():
        value = float(value)
        if value != value:
            counts[0] += 1
        elif value in (np.inf, -np.inf):
            counts[5 if value > 0 else 1] += 1
        else:
            finite.append(value)
            counts[1 if value <= lower else 5 if value >= upper else
                   2 if value < 0 else 3 if value == 0 else 4] += 1
    if finite:
        total = 0.0
        for value in finite:
            total += value
        mean = total / len(finite)
        square = 0.0
        for value in finite:
            square += (value - mean) ** 2
        stats = [min(finite), max(finite), mean, square / len(finite)]
    else:
        stats = [np.inf, -np.inf, np.nan, np.nan]
    x = np.asarray(x)
    return np.array([1, x.size, *counts, *stats, dt.as_dtype(x.dtype).as_datatype_enum,
                     x.ndim, *x.shape], np.float64)


DEBUG_NUMERIC_SUMMARY = register(OpDef(
    "DebugNumericSummary", _summary_infer, _summary_kernel, grad=C.no_gradient,
    reference=_summary_ref,
    samples=lambda: [
        Sample((np.array([np.nan, 1, -np.inf, 0, 2, np.inf, -3], np.float32),), _SUMMARY_ATTRS,
               grad=False),
        Sample((np.array([0.1, 0.2, 0.7], np.float32),), _SUMMARY_ATTRS, grad=False),
        Sample((np.array([[1, 0, -2]], np.int32),), _SUMMARY_ATTRS, grad=False),
        Sample((np.array([True, False, True]),), _SUMMARY_ATTRS, grad=False),
        Sample((np.array(5, np.int64),), _SUMMARY_ATTRS, grad=False),
        Sample((np.array([2**63 + 5, 0], np.uint64),), _SUMMARY_ATTRS, grad=False),
        Sample((np.zeros((0, 3)),), _SUMMARY_ATTRS, grad=False),
        Sample((np.array([np.inf, np.nan]),), _SUMMARY_ATTRS, grad=False),
        Sample((np.array([1, 5, -5, np.inf, -np.inf], np.float32),),
               {**_SUMMARY_ATTRS, "lower_bound": -2.0, "upper_bound": 2.0,
                "mute_if_healthy": True}, grad=False),
        Sample((np.array([1.0, 3.0]),), {**_SUMMARY_ATTRS, "lower_bound": 5.0,
                                         "upper_bound": 2.0}, grad=False),
        Sample((np.ones((1, 2, 1, 3, 1)),), {**_SUMMARY_ATTRS, "gated_grpc": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([1.0], np.float16),), _SUMMARY_ATTRS, NotFoundError,
                  "Could not find device for node: {{node DebugNumericSummary}} = "
                  'DebugNumericSummary[T=DT_HALF, debug_urls=[], device_name="", gated_grpc='
                  'false, lower_bound=-inf, mute_if_healthy=false, tensor_name="x:0", '
                  "upper_bound=inf]\nAll kernels registered for op DebugNumericSummary:\n  "
                  "device='DEFAULT'; T in [DT_DOUBLE]\n"),
        *_name_bad(_SUMMARY_ATTRS)],
    gpu=False,
))


# -- DebugGradientIdentity ------------------------------------------------------------------

def _gradient_identity_grad(node: Any, g: Any) -> list:
    # (TF's gradient function reads `op.name`, which the op a tape hands it lacks)
    raise AttributeError("'_MockOp' object has no attribute 'name'")


DEBUG_GRADIENT_IDENTITY = register(OpDef(
    "DebugGradientIdentity", lambda x: [(x._shape, x._dtype)], lambda xp, x: x,
    grad=_gradient_identity_grad,
    reference=lambda x: np.array(x, copy=True),
    samples=lambda: [Sample((np.array([1.0, -2.0], np.float32),), grad=False),
                     Sample((np.array([b"a"], object),), grad=False)],
))
