"""MaxPoolV2, MaxPoolGradV2 and MaxPoolGradGradV2: TF's 2-D max pool and its gradients with
the window and strides given as int32 tensors (eagerflow holds them as attrs, as MaxPool's;
a traced graph shows them as TF's Consts "MaxPoolV2/ksize" and "MaxPoolV2/strides").

Ops layer, after nn_pool, whose checks and kernels they are; loaded on first use. TF 2.21
differs from MaxPool's family in: MaxPoolV2 refuses NCHW on the CPU ("only supports NHWC or
NCHW_VECT_C"), the gradient ops refuse NCHW there too (eagerly at once, a graph's node when
it runs; TF's XLA computes it) and take uint32 and uint64, and MaxPoolGradGradV2 has no
gradient. No public function binds them: tf.nn.max_pool2d takes no tensor window.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import nn_pool as P
from eagerflow._src.ops import nn_pool_refs as R
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import zeros_like
from eagerflow._src.ops.nn_args import check_choice, fail
from eagerflow._src.ops.registry import REGISTRY, BadSample, OpDef, Sample, register


def _family(types: tuple) -> R.Pool:
    # (its formats each op checks first, _format: nn_pool's checks take them all)
    p = R.Pool(2, "", ("NHWC", "NCHW", "NCHW_VECT_C"), False, types)
    p.max, p.max_grad, p.max_grad_grad = "MaxPoolV2", "MaxPoolGradV2", "MaxPoolGradGradV2"
    p.ksize_hint = False
    return p


_V2 = _family(P._MAX_T)
_V2_GRADS = _family(P._MAX_T + (dt.uint32, dt.uint64))


def _format(op: str, x: Any, data_format: str, formats: tuple, kind: str) -> None:
    check_choice(op, "data_format", data_format, formats)
    if data_format == "NCHW" and _state.graph is None:  # (a graph's kernel refuses it, at run)
        raise _nchw_refused(op, kind)
    if data_format == "NCHW_VECT_C" and x._shape is not None:
        raise fail(op, f"tensor_in_shape must have 2 spatial dimensions. {len(x._shape)} 2")


def _nchw_refused(op: str, kind: str) -> InvalidArgumentError:
    return fail(op, "MaxPoolingV2Op only supports NHWC or NCHW_VECT_C. Got: NCHW" if kind == ""
                else f"Default MaxPooling{kind}Op only supports NHWC on device type CPU")


def _kernel(kernel: Any, op: str, kind: str) -> Any:
    """nn_pool's `kernel` of the V2 family, refusing NCHW on the CPU as TF's kernel does
    when a graph's node runs (but under TF's XLA, which computes it)."""
    run = _with_explicit(partial(kernel, _V2))

    n = 1 if kind == "" else 3  # (its tensor inputs; a traced node's window tensors after)

    def checked(xp: Any, *arrays: Any, **attrs: Any) -> Any:
        if attrs["data_format"] == "NCHW" and xp is np and not _state.xla:
            raise _nchw_refused(op, kind)
        if len(arrays) == n + 2:  # (the window and strides a traced node computed)
            attrs = {**attrs, "ksize": _values(arrays[n]), "strides": _values(arrays[n + 1])}
        return run(xp, *arrays[:n], **attrs)
    return checked


def _values(a: Any) -> tuple:
    return tuple(int(v) for v in np.asarray(a).ravel())


def _unknown(x: Any, ksize: Any, strides: Any) -> list | None:
    """A traced node's output where its window or strides are known only when it runs
    (tensors it takes after its inputs, generic_load's): of x's rank and dtype."""
    if None not in _flat(ksize) + _flat(strides):
        return None
    return [(None if x._shape is None else (None,) * len(x._shape), x._dtype)]


def _flat(v: Any) -> tuple:
    """A window or strides as TF's kernels read their tensor: its values in order, whatever
    its shape ([[1, 2, 2, 1]] is [1, 2, 2, 1]; a number is one value)."""
    if isinstance(v, (tuple, list)):
        return tuple(e for item in v for e in _flat(item))
    return (v,)


def _max_infer(x: Any, *window: Any, ksize: tuple, strides: tuple, padding: str,
               data_format: str) -> list:
    # (`window`: a traced node's window and strides tensors, read by its kernel)
    _format(_V2.max, x, data_format, ("NHWC", "NCHW", "NCHW_VECT_C"), "")
    if window and (out := _unknown(x, ksize, strides)) is not None:
        return out
    return P.max_pool_infer(_V2, x, _flat(ksize), _flat(strides), padding, (), data_format)


def _grad_infer(x: Any, y: Any, dy: Any, *window: Any, ksize: tuple, strides: tuple,
                padding: str, data_format: str) -> list:
    _format(_V2.max_grad, x, data_format, ("NHWC", "NCHW"), "Grad")
    if window and (out := _unknown(x, ksize, strides)) is not None:
        return out
    return P.max_pool_grad_infer(_V2_GRADS, x, y, dy, _flat(ksize), _flat(strides), padding, (),
                                 data_format)


def _grad_grad_infer(x: Any, y: Any, gg: Any, *window: Any, ksize: tuple, strides: tuple,
                     padding: str, data_format: str) -> list:
    _format(_V2.max_grad_grad, x, data_format, ("NHWC", "NCHW"), "GradGrad")
    if window and (out := _unknown(y, ksize, strides)) is not None:
        return out
    return P.max_pool_grad_grad_infer(_V2_GRADS, x, y, gg, _flat(ksize), _flat(strides),
                                      padding, (), data_format)


def _with_explicit(fn: Any) -> Any:
    """A MaxPool family function of explicit_paddings, without them (and of flat windows)."""
    def run(*args: Any, ksize: tuple, strides: tuple, padding: str, data_format: str) -> Any:
        return fn(*args, ksize=_flat(ksize), strides=_flat(strides), padding=padding,
                  explicit_paddings=(), data_format=data_format)
    return run


def _gradient(op: Any, args: int) -> Any:
    """MaxPool's gradient function binding `op`; in a graph the node takes the forward
    node's ksize and strides tensors (its TF inputs `args` and `args + 1`), as TF's."""
    make = P.max_pool_grad if op == "MaxPoolGradV2" else P.max_pool_grad_grad

    def grad(n: Any, g: Any) -> list:
        graph = _state.graph
        forward = getattr(n.outputs[0], "op", None) if graph is not None else None
        shown = getattr(forward, "tf_inputs", None) or ()
        if len(shown) > args + 1 and getattr(shown[args], "graph", None) is graph:
            graph.next_args = (REGISTRY[op], {"ksize": shown[args],
                                              "strides": shown[args + 1]})
        window = tuple(n.inputs[args:])  # (tensors a traced node reads its window from)
        if not window:
            return make(_V2, n, g)
        x, y = n.inputs[0], (n.outputs[0] if args == 1 else n.inputs[1])
        out = bind(REGISTRY[op], (x, y, g, *window), n.attrs)
        return ([out] if args == 1 else [zeros_like(x), zeros_like(y), out]) + \
            [None] * len(window)
    return grad


def _samples(kind: str) -> Any:
    """MaxPool's channels-last samples, without explicit paddings."""
    def build() -> list:
        op = {"max": P.MAX_POOL, "max_grad": P.MAX_POOL_GRAD,
              "max_grad_grad": REGISTRY["MaxPoolGradGrad"]}[kind]
        # (MaxPoolGradGradV2 has no gradient in TF)
        return [Sample(s.inputs, {k: v for k, v in s.attrs.items() if k != "explicit_paddings"},
                       s.grad and kind != "max_grad_grad", s.grad_inputs, s.second_order)
                for s in op.samples if s.attrs.get("data_format") == "NHWC"
                and s.attrs.get("padding") != "EXPLICIT"]
    return build


def _bad_samples() -> list:
    out = [BadSample(b.inputs, {k: v for k, v in b.attrs.items() if k != "explicit_paddings"},
                     b.error, b.match) for b in P.MAX_POOL.bad_samples
           if b.attrs.get("padding") != "EXPLICIT"]
    x = out[0].inputs[0]
    a = {k: v for k, v in out[0].attrs.items() if k not in ("ksize", "strides")}
    return out + [
        BadSample((x,), {**a, "ksize": (1, 2, 2, 1), "strides": (1, 1, 1, 1),
                         "data_format": "NCHW"}, InvalidArgumentError,
                  "MaxPoolingV2Op only supports NHWC or NCHW_VECT_C. Got: NCHW"),
        BadSample((x,), {**a, "ksize": (1, -2, 2, 1), "strides": (1, 1, 1, 1)},
                  InvalidArgumentError, "Sliding window ksize must be positive. [Op:")]


MAX_POOL_V2 = register(OpDef(
    "MaxPoolV2", _max_infer, _kernel(P.max_pool_kernel, "MaxPoolV2", ""),
    grad=_gradient("MaxPoolGradV2", 1), reference=_with_explicit(R.max_ref(_V2)),
    samples=_samples("max"), bad_samples=_bad_samples))
MAX_POOL_GRAD_V2 = register(OpDef(
    "MaxPoolGradV2", _grad_infer, _kernel(P.max_pool_grad_kernel, "MaxPoolGradV2", "Grad"),
    grad=_gradient("MaxPoolGradGradV2", 3), reference=_with_explicit(R.max_grad_ref(_V2)),
    samples=_samples("max_grad")))
MAX_POOL_GRAD_GRAD_V2 = register(OpDef(
    "MaxPoolGradGradV2", _grad_grad_infer,
    _kernel(P.max_pool_grad_grad_kernel, "MaxPoolGradGradV2", "GradGrad"), grad=C.no_gradient,
    reference=_with_explicit(R.max_grad_grad_ref(_V2)), samples=_samples("max_grad_grad"),
    xla_types=P.REGISTRY["MaxPoolGradGrad"].xla_types))
