"""MaxPoolWithArgmax (2-D, NHWC) and its gradients, and tf.nn.max_pool_with_argmax.

The op gives the pooled values and the flat position each window's gradient goes to
(MaxPoolGrad's choice: the first real cell, then any strictly greater), so that its
gradient is one scatter. MaxPool itself keeps the same argmax out of sight for its own
gradient (see pool_windows.max_pool and nn_pool.py's max_pool_grad).
"""

from __future__ import annotations

import collections
import functools
import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import pool_windows as PW
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.nn_args import check_t, fail, get_sequence, no_registered_kernel
from eagerflow._src.ops.nn_pool import POOL2D, _check_like, _check_pool_attrs, _out_shape
from eagerflow._src.ops.nn_pool_refs import distinct, first_max, max_ref, rng, windows_ref
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_ARGMAX_T = (dt.float32, dt.float64, dt.int32, dt.uint8, dt.int16, dt.int8, dt.int64,
             dt.bfloat16, dt.uint16, dt.float16, dt.uint32, dt.uint64)  # TF's order
_WA, _WA_GRAD, _WA_GRAD_GRAD = ("MaxPoolWithArgmax", "MaxPoolGradWithArgmax",
                                "MaxPoolGradGradWithArgmax")


def _argmax_infer(x: Any, ksize: tuple, strides: tuple, padding: str, Targmax: dt.DType,  # noqa: N803
                  include_batch_in_index: bool) -> list:
    d = check_t(_WA, (x,), _ARGMAX_T)
    C.dtype_attr(_WA, Targmax, "Targmax", C.INDEX)
    if x._shape is not None and len(x._shape) != 4:
        raise fail(_WA, "tensor_in must be 4-dimensional (2)")
    _check_pool_attrs(POOL2D, _WA, None, ksize, strides, padding, (), "NHWC", False)
    if x._shape is None:
        return [((None,) * 4, d), ((None,) * 4, Targmax)]
    if 0 in x._shape:
        raise fail(_WA, "tensor_in must not be empty (2)")
    out = _out_shape(_WA, x._shape, ksize, strides, padding, (), "NHWC", 2, d)
    return [(out, d), (out, Targmax)]


def _argmax_kernel(xp: Any, x: Any, ksize: tuple, strides: tuple, padding: str,
                   Targmax: dt.DType, include_batch_in_index: bool) -> tuple:  # noqa: N803
    y, flat = PW.max_pool_argmax(xp, x, ksize[1:3], strides[1:3], padding, include_batch_in_index)
    return y, flat.astype(Targmax.as_numpy_dtype, copy=False)


def _grad_attrs(a: dict) -> dict:
    return {k: a[k] for k in ("ksize", "strides", "padding", "include_batch_in_index")}


def _argmax_grad(n: Any, g: Any, _: Any) -> list:
    return [bind(MAX_POOL_GRAD_WITH_ARGMAX, (n.inputs[0], g, n.outputs[1]), _grad_attrs(n.attrs))]


def _positions(xp: Any, op: str, x_shape: tuple, argmax: Any, include_batch: bool) -> Any:
    """`argmax` as flat positions in the whole batch. On the CPU one outside the input is
    refused (TF's CPU kernel aborts the process on it). TF's GPU kernels check nothing
    (MaxPoolBackward adds at image offset + argmax, MaxPoolGradBackward reads there): on
    a device a position inside the batch is used as they use it, even in another image,
    and one outside it becomes the cell past the end (size), which the kernels leave out.
    So nothing is read back."""
    n, per = x_shape[0], math.prod(x_shape[1:])
    limit = n * per if include_batch else per
    if xp is np and argmax.size:
        lo, hi = int(argmax.min()), int(argmax.max())
        if lo < 0 or hi >= limit:
            raise fail(op, f"Invalid argmax: values must be in [0, {limit}), got "
                           f"{lo if lo < 0 else hi}")
    flat = argmax.astype(np.int64).reshape(n, argmax.size // n if n else 0)  # (n may be 0)
    if not include_batch:
        flat = flat + (xp.arange(n, dtype=np.int64) * per)[:, None]
    flat = flat.reshape(-1)
    if xp is not np:
        # (as unsigned numbers, a negative position is past the end too)
        flat = xp.minimum(flat.view(np.uint64), np.uint64(n * per)).view(np.int64)
    return flat


def _grad_wa_infer(x: Any, grad: Any, argmax: Any, ksize: tuple, strides: tuple, padding: str,
                   include_batch_in_index: bool) -> list:
    d = check_t(_WA_GRAD, (x, grad), _ARGMAX_T)
    C.check_dtype(_WA_GRAD, argmax, C.INDEX)
    _check_pool_attrs(POOL2D, _WA_GRAD, x._shape, ksize, strides, padding, (), "NHWC", True)
    if x._shape is not None and None not in x._shape:
        want = _out_shape(_WA_GRAD, x._shape, ksize, strides, padding, (), "NHWC", 2)
        _check_like(_WA_GRAD, grad, want, "grad")
        _check_like(_WA_GRAD, argmax, want, "argmax")
    return [(x._shape, d)]


def _grad_wa_kernel(xp: Any, x: Any, grad: Any, argmax: Any, ksize: tuple, strides: tuple,
                    padding: str, include_batch_in_index: bool) -> Any:
    flat = _positions(xp, _WA_GRAD, x.shape, argmax, include_batch_in_index)
    size = math.prod(x.shape)
    spare = PW.max_pool_grad_argmax(xp, (size + 1,), grad, flat)  # (+ the cell past the end)
    return spare[:size].reshape(x.shape)


def _grad_grad_wa_infer(x: Any, grad: Any, argmax: Any, ksize: tuple, strides: tuple,
                        padding: str, include_batch_in_index: bool) -> list:
    d = check_t(_WA_GRAD_GRAD, (x, grad), _ARGMAX_T)
    C.check_dtype(_WA_GRAD_GRAD, argmax, C.INDEX)
    _check_pool_attrs(POOL2D, _WA_GRAD_GRAD, x._shape, ksize, strides, padding, (), "NHWC",
                      True)
    _check_like(_WA_GRAD_GRAD, grad, x._shape, "grad")
    if _state.graph is None and _state.xp is np:  # (TF's kernels: its GPU's alone)
        attrs = _attrs_text(d, argmax._dtype, ksize, strides, padding, include_batch_in_index)
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node "
                            f"{_WA_GRAD_GRAD}}}}} = {_WA_GRAD_GRAD}[{attrs}]\nAll kernels "
                            f"registered for op {_WA_GRAD_GRAD}:\n  <no registered kernels>\n "
                            f"[Op:{_WA_GRAD_GRAD}]")
    if x._shape is not None and None not in x._shape:
        want = _out_shape(_WA_GRAD_GRAD, x._shape, ksize, strides, padding, (), "NHWC", 2)
        _check_like(_WA_GRAD_GRAD, argmax, want, "argmax")
        return [(want, d)]
    return [(argmax._shape, d)]


def _attrs_text(d: dt.DType, d_argmax: dt.DType, ksize: tuple, strides: tuple, padding: str,
                include_batch: bool) -> str:
    """MaxPoolGradGradWithArgmax's attrs as TF prints its node (in a graph's error TF's
    order varies from run to run; here always the eager one)."""
    return (f"T={C.dt_enum(d)}, Targmax={C.dt_enum(d_argmax)}, include_batch_in_index="
            f"{str(include_batch).lower()}, ksize=[{', '.join(map(str, ksize))}], padding="
            f"\"{padding}\", strides=[{', '.join(map(str, strides))}]")


def _grad_grad_wa_kernel(xp: Any, x: Any, grad: Any, argmax: Any, ksize: tuple,
                         strides: tuple, padding: str, include_batch_in_index: bool) -> Any:
    if xp is np and not _state.xla:  # (a graph's node on the CPU, which has no kernel)
        raise no_registered_kernel(
            _WA_GRAD_GRAD, _attrs_text(dt.from_numpy(x.dtype), dt.from_numpy(argmax.dtype),
                                       ksize, strides, padding, include_batch_in_index),
            ())
    flat = _positions(xp, _WA_GRAD_GRAD, x.shape, argmax, include_batch_in_index)
    spare = xp.concatenate([grad.reshape(-1), xp.zeros(1, grad.dtype)])  # (past the end: 0)
    return spare[flat].reshape(argmax.shape)


def _argmax_cells(x_shape: tuple, a: dict) -> list:
    """[(y index, [x index, ...])] of a 2-D NHWC pooling by the plain-loop reference."""
    return windows_ref(POOL2D, x_shape, {**a, "data_format": "NHWC"})[1]


def _flat(xi: tuple, shape: tuple, include_batch: bool) -> int:
    b, h, w, c = xi
    _, hh, ww, cc = shape
    return ((b * hh + h) * ww + w) * cc + c if include_batch else (h * ww + w) * cc + c


def _argmax_ref(x: np.ndarray, ksize: tuple, strides: tuple, padding: str,
                Targmax: dt.DType, include_batch_in_index: bool) -> tuple:  # noqa: N803
    a = dict(ksize=ksize, strides=strides, padding=padding)
    y_shape = max_ref(POOL2D)(x, data_format="NHWC", **a).shape
    y = np.zeros(y_shape, x.dtype)
    arg = np.zeros(y_shape, Targmax.as_numpy_dtype)
    for yi, members in _argmax_cells(x.shape, a):
        m = first_max(x, members)
        y[yi], arg[yi] = x[m], _flat(m, x.shape, include_batch_in_index)
    return y, arg


def _grad_wa_ref(x: np.ndarray, grad: np.ndarray, argmax: np.ndarray,
                 include_batch_in_index: bool, **a: Any) -> np.ndarray:
    dx = np.zeros(x.shape, grad.dtype)
    for yi in np.ndindex(*grad.shape):
        base = 0 if include_batch_in_index else yi[0] * x[0].size
        dx.reshape(-1)[base + argmax[yi]] += grad[yi]
    return dx


def _grad_grad_wa_ref(x: np.ndarray, grad: np.ndarray, argmax: np.ndarray,
                      include_batch_in_index: bool, **a: Any) -> np.ndarray:
    out = np.zeros(argmax.shape, grad.dtype)
    for yi in np.ndindex(*argmax.shape):
        base = 0 if include_batch_in_index else yi[0] * x[0].size
        out[yi] = grad.reshape(-1)[base + argmax[yi]]
    return out


def _argmax_samples() -> dict:
    configs = [((2, 5, 4, 2), 2, 1, "SAME", dt.int64, False),
               ((2, 5, 5, 2), 3, 2, "SAME", dt.int32, True),
               ((1, 6, 5, 3), (2, 3), (2, 1), "VALID", dt.int64, False),
               ((2, 4, 4, 1), 2, 2, "VALID", dt.int64, True)]
    s: dict = {k: [] for k in ("wa", "grad", "grad_grad")}
    for shape, k, st, pad, targ, batch in configs:
        x = distinct(*shape)
        a = dict(ksize=get_sequence(k, 2, 3, "ksize"), strides=get_sequence(st, 2, 3, "strides"),
                 padding=pad)
        y, arg = _argmax_ref(x, **a, Targmax=targ, include_batch_in_index=batch)
        s["wa"].append(Sample((x,), {**a, "Targmax": targ, "include_batch_in_index": batch},
                              grad_inputs=(0,), second_order=False))
        ga = {**a, "include_batch_in_index": batch}
        arg = arg.astype(np.int64)  # TF's CPU kernels take no int32 argmax
        # (TF registers no gradient of either gradient op: MaxPoolWithArgmax has no second)
        s["grad"].append(Sample((x, rng.uniform(-1, 1, y.shape), arg), ga, grad=False))
        if not s["grad_grad"]:  # (TF has it on GPUs only: one sample is enough)
            s["grad_grad"].append(Sample((x, rng.uniform(-1, 1, x.shape), arg), ga, grad=False,
                                         gpu_only=True))
    ok = dict(ksize=(1, 2, 2, 1), strides=(1, 1, 1, 1), padding="VALID", Targmax=dt.int64,
              include_batch_in_index=False)
    x = np.ones((1, 4, 4, 1))
    s["wa_bad"] = [
        BadSample((x.astype(bool),), ok, InvalidArgumentError, "Value for attr 'T' of bool"),
        BadSample((x,), {**ok, "Targmax": dt.int16}, InvalidArgumentError,
                  "Value for attr 'Targmax' of int16"),
        BadSample((x,), {**ok, "ksize": (1, 0, 2, 1)}, InvalidArgumentError,
                  "ksize must be a positive int32 value, got:0"),
        BadSample((x,), {**ok, "padding": "EXPLICIT"}, InvalidArgumentError,
                  "Value for attr 'padding' of \"EXPLICIT\""),
        BadSample((x[0],), ok, InvalidArgumentError, "tensor_in must be 4-dimensional"),
        BadSample((np.ones((1, 0, 4, 1)),), ok, InvalidArgumentError,
                  "tensor_in must not be empty")]
    ga = dict(ksize=(1, 2, 2, 1), strides=(1, 2, 2, 1), padding="VALID",
              include_batch_in_index=False)
    g, arg = np.ones((1, 2, 2, 1)), np.zeros((1, 2, 2, 1), np.int64)
    s["grad_bad"] = [
        # (checks of TF's CPU kernel only: its GPU kernel takes any argmax)
        BadSample((x, g, arg + 16), ga, InvalidArgumentError, "Invalid argmax", cpu_only=True),
        BadSample((x, g, arg - 1), ga, InvalidArgumentError, "Invalid argmax", cpu_only=True),
        BadSample((x, np.ones((1, 3, 2, 1)), arg), ga, InvalidArgumentError,
                  "Expected grad shape to be [1,2,2,1], but got [1,3,2,1]"),
        BadSample((x, g, np.zeros((1, 2, 3, 1), np.int64)), ga, InvalidArgumentError,
                  "Expected argmax shape to be [1,2,2,1], but got [1,2,3,1]")]
    s["grad_grad_bad"] = [BadSample((x, x, arg), ga, NotFoundError, "Could not find device for "
                                    "node: {{node MaxPoolGradGradWithArgmax}}", cpu_only=True)]
    return s


_argmax_s = functools.cache(_argmax_samples)
MAX_POOL_WITH_ARGMAX = register(OpDef(
    _WA, _argmax_infer, _argmax_kernel, grad=_argmax_grad, reference=_argmax_ref,
    samples=lambda: _argmax_s()["wa"], bad_samples=lambda: _argmax_s()["wa_bad"],
    num_outputs=2, xla_types=()))  # (XLA has no kernel of the three)
MAX_POOL_GRAD_WITH_ARGMAX = register(OpDef(
    _WA_GRAD, _grad_wa_infer, _grad_wa_kernel, grad=C.no_gradient, reference=_grad_wa_ref,
    samples=lambda: _argmax_s()["grad"], bad_samples=lambda: _argmax_s()["grad_bad"],
    xla_types=()))
MAX_POOL_GRAD_GRAD_WITH_ARGMAX = register(OpDef(
    _WA_GRAD_GRAD, _grad_grad_wa_infer, _grad_grad_wa_kernel, grad=C.no_gradient,
    reference=_grad_grad_wa_ref, samples=lambda: _argmax_s()["grad_grad"],
    bad_samples=lambda: _argmax_s()["grad_grad_bad"], xla_types=()))


MaxPoolWithArgmaxOutput = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"])


@dispatch_binding
def max_pool_with_argmax(input: Any, ksize: Any, strides: Any, padding: str,  # noqa: A002
                         data_format: str = "NHWC", output_dtype: Any = dt.int64,
                         include_batch_in_index: bool = False,
                         name: str | None = None) -> MaxPoolWithArgmaxOutput:
    """2-D max pooling that also returns each window's argmax, a flat index into the
    input (of one image, or of the batch with `include_batch_in_index`)."""
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")
    # (the attrs as its generated wrapper converts them, before the input: TF's fallback's)
    attrs = AV.wrapper_attrs(
        "MaxPoolWithArgmax", ksize=get_sequence(ksize, 2, 3, "ksize"),
        strides=get_sequence(strides, 2, 3, "strides"), Targmax=output_dtype, padding=padding,
        include_batch_in_index=include_batch_in_index)
    out = bind(MAX_POOL_WITH_ARGMAX, (_t(input),), attrs)
    return MaxPoolWithArgmaxOutput(*out)


