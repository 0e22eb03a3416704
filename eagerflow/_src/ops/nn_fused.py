"""Fused kernels (ops layer): _FusedConv2D (Conv2D, BiasAdd and optionally Relu as one
kernel), _ReluGradBiasAddGrad (a ReLU layer's backward step) and _FusedConv2DGrad
(_FusedConv2D's eager gradient as one op call), at the end, _FusedAdam,
_FusedAdamApply, _FusedSGD and _FusedRMSprop (one variable's optimizer step as one
kernel) and _AdamAlpha (Adam's step size).

Users never call _FusedConv2D directly: graph/passes/fuse.py puts it in place of a traced
Conv2D -> BiasAdd (-> Relu) chain whose intermediate results nothing else reads (TF's
grappler makes the same rewrite, under the same name), and Keras's Conv2D layer calls
it (conv2d_bias_act) for a channels-last float layer with a bias and a ReLU or no
activation, so that eager steps get one kernel and one tape record, not three. The
kernel adds the bias and applies
the ReLU to each block of the convolution's output while that block is still in
cache, instead of two more passes over the whole activation; the results are exactly
those of the three separate kernels. Its gradient is written with the ops it
replaces, so a graph holding it stays differentiable to any order.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np

from eagerflow._src.backend import elementwise_kernel, multiply_broadcast
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import eigen32, nn, nn_args, nn_conv, nn_conv_refs
from eagerflow._src.ops import windows as W
from eagerflow._src.ops.dispatch import bind, needs_of
from eagerflow._src.ops.math import sum_to
from eagerflow._src.ops.math_base import zeros_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register

FUSIONS = (("BiasAdd",), ("BiasAdd", "Relu"))
# The kernel is exact for these; the pass leaves other dtypes unfused.
TYPES = frozenset((dt.float32, dt.float64))


def _conv_attrs(a: dict) -> dict:
    """The convolution's own attrs of `a`, in a new dict (a literal: no comprehension's
    frame on every gradient)."""
    return {"strides": a["strides"], "padding": a["padding"],
            "explicit_paddings": a["explicit_paddings"], "data_format": a["data_format"],
            "dilations": a["dilations"]}


def _infer(x: Any, w: Any, b: Any, fused_ops: tuple, strides: tuple, padding: str,
           explicit_paddings: tuple, data_format: str, dilations: tuple) -> list:
    # (pure in the dtypes, shapes and attrs, but for the memory check: the checks are kept
    # by them, as a training step repeats them, and the result's size checked every call)
    shape, d = nn_args.kept(
        ("_FusedConv2D", x._dtype, w._dtype, b._dtype, x._shape, w._shape, b._shape,
         fused_ops, strides, padding, explicit_paddings, data_format, dilations),
        _infer_now, x, w, b, fused_ops, strides, padding, explicit_paddings, data_format,
        dilations)
    return [(shape if shape is None else nn_args.sized("Conv2D", shape, d), d)]


def _infer_now(x: Any, w: Any, b: Any, fused_ops: tuple, *conv: Any) -> tuple:
    """(shape, dtype) of the result, once every check passed: Conv2D's (its size
    included), then BiasAdd's of the convolution's result and b."""
    if tuple(fused_ops) not in FUSIONS:
        raise ValueError(f"_FusedConv2D: unsupported fused_ops {list(fused_ops)}")
    if conv[3] != "NHWC":
        raise ValueError("_FusedConv2D: only NHWC is fused")
    (shape, d), = nn_conv.CONV2D.infer(x, w, *conv)
    nn.BIAS_ADD.infer(SimpleNamespace(_shape=shape, _dtype=d), b, data_format="NHWC")
    return shape, d


def _kernel(xp: Any, x: Any, w: Any, b: Any, strides: tuple, padding: str,
            explicit_paddings: tuple, data_format: str, dilations: tuple,
            fused_ops: tuple) -> Any:
    _, st, dl, pad, ex = nn_conv._engine_args(strides, padding, explicit_paddings,
                                              data_format, dilations)
    # (eagerly under a tape, the filter's layout cuDNN takes is kept for _conv_grad_kernel)
    return W.conv_forward(xp, x, w, st, dl, pad, ex, bias=b, relu="Relu" in fused_ops,
                          keep=True, keep_filter=bool(_state.tapes))


def _grad(n: Any, g: Any) -> list:
    x, w, _ = n.inputs
    needs = needs_of(n)  # (read once, for the three inputs)
    if _state.graph is None and not _state.tapes and needs[1] and needs[2]:
        # (eager, first order: one op call, see _FusedConv2DGrad)
        dx, dw, db = bind(FUSED_CONV2D_GRAD, (g, n.outputs[0], x, w),
                          {**n.attrs, "input_grad": needs[0]})
        return [dx if needs[0] else None, dw, db]
    db = None
    if "Relu" in n.attrs["fused_ops"]:
        if needs[2]:
            g, db = bind(RELU_GRAD_BIAS_GRAD, (g, n.outputs[0]), {})
        else:
            g = bind(nn.RELU_GRAD, (g, n.outputs[0]), {})
    elif needs[2]:
        db = bind(nn.BIAS_ADD_GRAD, (g,), {"data_format": "NHWC"})
    conv = _conv_attrs(n.attrs)
    return [
        bind(nn_conv.CONV2D_BACKPROP_INPUT, (nn_args.shape_tensor(x), w, g), conv)
        if needs[0] else None,
        bind(nn_conv.CONV2D_BACKPROP_FILTER, (x, nn_args.shape_tensor(w), g), conv)
        if needs[1] else None,
        db,
    ]


def _reference(x: np.ndarray, w: np.ndarray, b: np.ndarray, fused_ops: tuple,
               **conv: Any) -> np.ndarray:
    """The plain-loop Conv2D reference, then the bias and ReLU cell by cell."""
    y = nn_conv_refs.conv_reference(nn_conv_refs.CONV2D_F)(x, w, **conv)
    for idx in np.ndindex(*y.shape):
        v = y[idx] + b[idx[-1]]
        y[idx] = max(v, 0.0) if "Relu" in fused_ops else v
    return y


def _samples() -> list:
    rng = SampleRNG(11)
    x = rng.uniform(-0.5, 0.5, (2, 5, 4, 2))
    w = rng.uniform(-0.5, 0.5, (2, 3, 2, 3))
    b = np.array([3.0, -3.0, 0.5])  # pre-activations stay clear of ReLU's kink
    out = []
    for fused in FUSIONS:
        for strides, padding in (((1, 1, 1, 1), "VALID"), ((1, 2, 1, 1), "SAME")):
            out.append(Sample((x, w, b), {
                "strides": strides, "padding": padding, "explicit_paddings": (),
                "data_format": "NHWC", "dilations": (1, 1, 1, 1), "fused_ops": fused}))
    return out


def _to_tf(n: Any, b: Any) -> list:
    """TF's graphs hold the three ops (grappler fuses them when TF runs the graph)."""
    conv = b.node("Conv2D", [b.input(0), b.input(1)], _conv_attrs(n.attrs))
    out = b.node("BiasAdd", [conv[0], b.input(2)], {"data_format": "NHWC"})
    return b.node("Relu", out) if "Relu" in n.attrs["fused_ops"] else out


FUSED_CONV2D = register(OpDef("_FusedConv2D", _infer, _kernel, grad=_grad,
                              reference=_reference, samples=_samples,
                              tf=TFForm(export=_to_tf)))


def conv2d_bias_act(x: Any, filters: Any, bias: Any, strides: Any, padding: str,
                    dilations: Any, relu: bool) -> Any:
    """`relu(bias_add(conv2d(x, filters), bias))` (or without the ReLU), NHWC, as one
    op; x, filters and bias must share a dtype of TYPES (callers check)."""
    x, w = nn_conv.binary_args(x, filters)
    b = bias if isinstance(bias, Tensor) else convert_to_tensor(bias, dtype_hint=x._dtype)
    attrs = nn_conv._conv_attrs(2, strides, padding, "NHWC", dilations)
    attrs["fused_ops"] = FUSIONS[1] if relu else FUSIONS[0]
    return bind(FUSED_CONV2D, (x, w, b), attrs)


# ---------------------------------------------------------------------------------------
# _FusedAdam: Keras's Adam step for one variable, the eager step's largest share of op
# calls (a dozen small ops per variable) computed by one kernel. Keras's optimizer
# (keras/optimizers/optimizers.py) calls it; it returns the new moments and the amount to
# subtract from the variable, each computed by the same float operations, in the same
# order and dtype, as Keras's composite update (TF 2.21's Keras 3 Adam), so the
# variables come out bit for bit the same:
#   m' = m + (g - m) * (1 - beta_1);  v' = v + (g * g - v) * (1 - beta_2)
#   step = (m' * alpha) / (sqrt(v') + epsilon)
# `alpha` is the step's bias-corrected learning rate (a scalar tensor). No gradient: an
# update is not differentiated (TF's ApplyAdam has none either).
# ---------------------------------------------------------------------------------------

def _adam_outputs(op: str, *args: Any) -> list:
    """The three outputs' (shape, dtype) of `op`'s update of args (m, v, g, alpha[, var]):
    the tensors of one float dtype and shape, alpha a scalar; but g may be float16 or
    bfloat16 where the others are float32 (a mixed precision gradient, read as float32:
    graph/passes/fuse.py folds its cast into _FusedAdamApply)."""
    m, alpha = args[0], args[3]
    d = C.same_dtype(op, args[:2], C.FLOATS)
    for i, t in enumerate(args[2:], 2):
        if t._dtype is not d and not (i == 2 and d is dt.float32 and t._dtype in _HALF_GRADS):
            raise C.wrong_input_dtype(op, i, d, t._dtype)
    for t in args[1:3] + args[4:]:
        if t._shape != m._shape:  # (the usual case first: one known shape)
            C.same_shape(op, m, t)
    if alpha._shape is not None and len(alpha._shape) != 0:
        raise C.fail(op, f"alpha must be a scalar, got shape {C.shape_str(alpha._shape)}")
    return [(m._shape, d)] * 3


def _adam_infer(m: Any, v: Any, g: Any, alpha: Any, beta_1: float, beta_2: float,
                epsilon: float) -> list:
    return _adam_outputs("_FusedAdam", m, v, g, alpha)


# On a device the update is one launch (an ElementwiseKernel of the same float operations
# in the same order, in the variables' type; TF's GPU ApplyAdam is one kernel too) instead
# of eleven ufuncs. float16 keeps the ufuncs (CUDA's half arithmetic is not C's float).
_HALF_GRADS = (dt.float16, dt.bfloat16)
_ADAM_MOMENTS = "T gt = (T)g; m2 = m + (gt - m) * c1; v2 = v + (gt * gt - v) * c2; "
_ADAM_CUDA = ("T m, T v, G g, T alpha, T c1, T c2, T eps", "T m2, T v2, T step",
              _ADAM_MOMENTS + "step = (m2 * alpha) / (sqrt(v2) + eps)", "eagerflow_adam")


def _adam_kernel(xp: Any, m: Any, v: Any, g: Any, alpha: Any, beta_1: float, beta_2: float,
                 epsilon: float) -> tuple:
    f = m.dtype.type  # Keras's Python floats become tensors of the variable's dtype
    if xp is not np and f in (np.float32, np.float64):
        k = elementwise_kernel(xp, *_ADAM_CUDA)
        return k(m, v, g, alpha, f(1 - beta_1), f(1 - beta_2), f(epsilon))
    g = g.astype(m.dtype, copy=False)  # (a half gradient of a float32 variable: exact)
    m = m + (g - m) * f(1 - beta_1)
    v = v + (g * g - v) * f(1 - beta_2)
    return m, v, (m * alpha) / (xp.sqrt(v) + f(epsilon))


def _adam_reference(m: np.ndarray, v: np.ndarray, g: np.ndarray, alpha: np.ndarray,
                    beta_1: float, beta_2: float, epsilon: float) -> tuple:
    """Keras's formulas as written: m' = b1 m + (1 - b1) g, v' = b2 v + (1 - b2) g^2."""
    m2 = beta_1 * m + (1 - beta_1) * g
    v2 = beta_2 * v + (1 - beta_2) * g ** 2
    return m2, v2, alpha * m2 / (np.sqrt(v2) + epsilon)


def _adam_samples() -> list:
    rng = SampleRNG(12)
    attrs = {"beta_1": 0.9, "beta_2": 0.999, "epsilon": 1e-7}
    m, g = rng.uniform(-1, 1, (3, 4)), rng.uniform(-1, 1, (3, 4))
    v = rng.uniform(0, 1, (3, 4))
    return [Sample((m, v, g, np.array(0.01)), attrs, grad=False),
            Sample((m[0], v[0], g[0], np.array(0.5)), dict(attrs, beta_1=0.5), grad=False)]


def _adam_bad_samples() -> list:
    attrs = {"beta_1": 0.9, "beta_2": 0.999, "epsilon": 1e-7}
    return [BadSample((np.ones(3), np.ones(2), np.ones(3), np.array(0.1)), attrs,
                      InvalidArgumentError, "must have the same size and shape"),
            BadSample((np.ones(3), np.ones(3), np.ones(3), np.ones(2)), attrs,
                      InvalidArgumentError, "alpha must be a scalar")]


def _adam_to_tf(n: Any, b: Any) -> list:
    """The composite update TF's graphs hold for Keras 3's Adam, operation for operation."""
    m, v, g, alpha = (b.input(i) for i in range(4))
    d = m.dtype
    m2 = b.node("AddV2", [m, b.node("Mul", [b.node("Sub", [g, m])[0],
                                             b.const(1 - n.attrs["beta_1"], d)])[0]])[0]
    sq = b.node("Mul", [g, g])[0]
    v2 = b.node("AddV2", [v, b.node("Mul", [b.node("Sub", [sq, v])[0],
                                             b.const(1 - n.attrs["beta_2"], d)])[0]])[0]
    denom = b.node("AddV2", [b.node("Sqrt", [v2])[0], b.const(n.attrs["epsilon"], d)])[0]
    return [m2, v2, b.node("RealDiv", [b.node("Mul", [m2, alpha])[0], denom])[0]]


FUSED_ADAM = register(OpDef("_FusedAdam", _adam_infer, _adam_kernel, reference=_adam_reference,
                            samples=_adam_samples, bad_samples=_adam_bad_samples,
                            num_outputs=3, tf=TFForm(export=_adam_to_tf)))


def fused_adam(m: Any, v: Any, g: Any, alpha: Any, beta_1: float, beta_2: float,
               epsilon: float) -> tuple:
    """(m', v', step) of one Adam update (see above); all tensors of one float dtype."""
    return bind(FUSED_ADAM, (m, v, g, alpha),
                {"beta_1": beta_1, "beta_2": beta_2, "epsilon": epsilon})


# _FusedAdamApply: _FusedAdam with the step subtracted from the variable's value in the
# same launch: (m', v', var - step). Keras's traced Adam step assigns the step with
# AssignSubVariableOp, a launch of its own per variable on a device; graph/passes/fuse.py
# puts this op in place of a _FusedAdam whose step only that assignment reads, and the
# assignment becomes AssignVariableOp of the new value (which takes the array as it is).
# The subtraction is the assignment's, so the variables are the same bit for bit.
# ---------------------------------------------------------------------------------------

def _adam_apply_infer(m: Any, v: Any, g: Any, alpha: Any, var: Any, beta_1: float,
                      beta_2: float, epsilon: float) -> list:
    return _adam_outputs("_FusedAdamApply", m, v, g, alpha, var)


_ADAM_APPLY_CUDA = ("T m, T v, G g, T alpha, T c1, T c2, T eps, T var", "T m2, T v2, T var2",
                    _ADAM_MOMENTS + "var2 = var - (m2 * alpha) / (sqrt(v2) + eps)",
                    "eagerflow_adam_apply")


def _adam_apply_kernel(xp: Any, m: Any, v: Any, g: Any, alpha: Any, var: Any, beta_1: float,
                       beta_2: float, epsilon: float) -> tuple:
    f = m.dtype.type
    if xp is not np and f in (np.float32, np.float64):
        k = elementwise_kernel(xp, *_ADAM_APPLY_CUDA)
        return k(m, v, g, alpha, f(1 - beta_1), f(1 - beta_2), f(epsilon), var)
    m2, v2, step = _adam_kernel(xp, m, v, g, alpha, beta_1, beta_2, epsilon)
    return m2, v2, var - step


def adam_apply_in_place(xp: Any, m: Any, v: Any, g: Any, alpha: Any, var: Any,
                        beta_1: float, beta_2: float, epsilon: float) -> None:
    """_FusedAdamApply's device kernel (float32 or float64 arrays of a device `xp`) writing
    m', v' and var' over m, v and var: one launch, no new arrays. The caller makes sure
    nothing else sees those arrays. Each output is its own input (the same array, which
    CuPy then does not copy first), read by the body before it is written."""
    f = m.dtype.type
    elementwise_kernel(xp, *_ADAM_APPLY_CUDA)(m, v, g, alpha, f(1 - beta_1), f(1 - beta_2),
                                              f(epsilon), var, m, v, var)


def _adam_apply_reference(m: np.ndarray, v: np.ndarray, g: np.ndarray, alpha: np.ndarray,
                          var: np.ndarray, beta_1: float, beta_2: float,
                          epsilon: float) -> tuple:
    m2, v2, step = _adam_reference(m, v, g, alpha, beta_1, beta_2, epsilon)
    return m2, v2, var - step


def _adam_apply_samples() -> list:
    rng = SampleRNG(13)
    return [Sample((*s.inputs, rng.uniform(-1, 1, np.shape(s.inputs[0]))), s.attrs, grad=False)
            for s in _adam_samples()]


def _adam_apply_bad_samples() -> list:
    attrs = {"beta_1": 0.9, "beta_2": 0.999, "epsilon": 1e-7}
    return [BadSample((np.ones(3), np.ones(3), np.ones(3), np.array(0.1), np.ones(2)), attrs,
                      InvalidArgumentError, "must have the same size and shape"),
            BadSample((np.ones(3), np.ones(3), np.ones(3), np.array(0.1),
                       np.ones(3, np.float32)), attrs, InvalidArgumentError,
                      "_FusedAdamApply")]


def _adam_apply_to_tf(n: Any, b: Any) -> list:
    """_FusedAdam's nodes, then the variable's value less the step."""
    m2, v2, step = _adam_to_tf(n, b)
    return [m2, v2, b.node("Sub", [b.input(4), step])[0]]


FUSED_ADAM_APPLY = register(OpDef(
    "_FusedAdamApply", _adam_apply_infer, _adam_apply_kernel, reference=_adam_apply_reference,
    samples=_adam_apply_samples, bad_samples=_adam_apply_bad_samples, num_outputs=3,
    tf=TFForm(export=_adam_apply_to_tf)))


def fused_adam_apply(m: Any, v: Any, g: Any, alpha: Any, var: Any, beta_1: float,
                     beta_2: float, epsilon: float) -> tuple:
    """(m', v', var - step) of one Adam update of a variable whose value is `var`."""
    return bind(FUSED_ADAM_APPLY, (m, v, g, alpha, var),
                {"beta_1": beta_1, "beta_2": beta_2, "epsilon": epsilon})


# _AdamAlpha: Adam's step size for step count `step` (the updates made so far), alpha =
# lr sqrt(1 - b2^t) / (1 - b1^t) with t = step + 1, Keras 3's bias corrections in the
# composite's float operations (the betas as Keras makes them: Python floats through
# float32 into lr's dtype). Eagerly on a device one kernel of 0-d arrays instead of nine
# launches and two copies of the betas onto the device every step.
_STEP_T = "T t = (T)(step + 1); "
_ALPHA_OF_T = "lr * sqrt((T)1 - pow(b2, t)) / ((T)1 - pow(b1, t))"
_ALPHA_CUDA = ("T lr, int64 step, T b1, T b2", "T alpha", _STEP_T + "alpha = " + _ALPHA_OF_T,
               "eagerflow_adam_alpha")


def _alpha_infer(lr: Any, step: Any, beta_1: float, beta_2: float) -> list:
    d = C.same_dtype("_AdamAlpha", (lr,), C.FLOATS)
    AV.float_attr(beta_1, "beta_1")
    AV.float_attr(beta_2, "beta_2")
    if step._dtype is not dt.int64:
        raise C.fail("_AdamAlpha", f"step must be int64, got {step._dtype.name}")
    for name, t in (("lr", lr), ("step", step)):
        if t._shape is not None and len(t._shape) != 0:
            raise C.fail("_AdamAlpha", f"{name} must be a scalar, got shape "
                                       f"{C.shape_str(t._shape)}")
    return [((), d)]


def _betas(f: type, beta_1: float, beta_2: float) -> tuple:
    """The betas as the step size's kernels take them, of float type `f` (Keras: float32
    first)."""
    return f(np.float32(beta_1)), f(np.float32(beta_2))


def _alpha_kernel(xp: Any, lr: Any, step: Any, beta_1: float, beta_2: float) -> Any:
    f = lr.dtype.type
    b1, b2 = _betas(f, beta_1, beta_2)
    if xp is not np and f in (np.float32, np.float64):
        return elementwise_kernel(xp, *_ALPHA_CUDA)(lr, step, b1, b2)
    t = (step + np.int64(1)).astype(lr.dtype)
    one = f(1)
    if f is np.float32 and xp is np:  # TF's Pow of scalars: the C library's powf
        return lr * xp.sqrt(one - eigen32.powf(b2, t)) / (one - eigen32.powf(b1, t))
    return lr * xp.sqrt(one - xp.power(b2, t)) / (one - xp.power(b1, t))


def _alpha_reference(lr: np.ndarray, step: np.ndarray, beta_1: float, beta_2: float) -> Any:
    t = float(step) + 1
    b1, b2 = float(np.float32(beta_1)), float(np.float32(beta_2))
    return np.asarray(lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t), lr.dtype)


def _alpha_samples() -> list:
    attrs = {"beta_1": 0.9, "beta_2": 0.999}
    return [Sample((np.array(0.001), np.array(0, np.int64)), attrs, grad=False),
            Sample((np.array(0.5), np.array(41, np.int64)), dict(attrs, beta_1=0.5),
                   grad=False)]


def _alpha_bad_samples() -> list:
    attrs = {"beta_1": 0.9, "beta_2": 0.999}
    return [BadSample((np.array(0.1), np.array(1, np.int32)), attrs, InvalidArgumentError,
                      "step must be int64"),
            BadSample((np.ones(2), np.array(1, np.int64)), attrs, InvalidArgumentError,
                      "lr must be a scalar")]


def _alpha_to_tf(n: Any, b: Any) -> list:
    """The composite TF's graphs hold for Keras 3's Adam step size, operation for operation."""
    lr, step = b.input(0), b.input(1)
    d = lr.dtype
    t = b.node("Cast", [b.node("AddV2", [step, b.const(1, dt.int64)])[0]], {"DstT": d})[0]
    b1p = b.node("Pow", [b.const(float(np.float32(n.attrs["beta_1"])), d), t])[0]
    b2p = b.node("Pow", [b.const(float(np.float32(n.attrs["beta_2"])), d), t])[0]
    num = b.node("Mul", [lr, b.node("Sqrt", [b.node("Sub", [b.const(1, d), b2p])[0]])[0]])[0]
    return [b.node("RealDiv", [num, b.node("Sub", [b.const(1, d), b1p])[0]])[0]]


ADAM_ALPHA = register(OpDef("_AdamAlpha", _alpha_infer, _alpha_kernel,
                            reference=_alpha_reference, samples=_alpha_samples,
                            bad_samples=_alpha_bad_samples, tf=TFForm(export=_alpha_to_tf)))


def adam_alpha(lr: Any, step: Any, beta_1: float, beta_2: float) -> Any:
    """Adam's step size after `step` updates (see above)."""
    return bind(ADAM_ALPHA, (lr, step), {"beta_1": beta_1, "beta_2": beta_2})


# adam_step_in_place's kernel: _FusedAdamApply's with its step size computed in the same
# launch, each thread as _AdamAlpha's kernel computes it (the same float operations on the
# same operands: the same bits), instead of in an op and a launch of its own first
_ADAM_STEP_CUDA = ("T m, T v, G g, T lr, int64 step, T b1, T b2, T c1, T c2, T eps, T var",
                   _ADAM_APPLY_CUDA[1],
                   _STEP_T + "T alpha = " + _ALPHA_OF_T + "; " + _ADAM_APPLY_CUDA[2],
                   "eagerflow_adam_step")


def adam_step_in_place(xp: Any, m: Any, v: Any, g: Any, lr: Any, step: Any, var: Any,
                       beta_1: float, beta_2: float, epsilon: float) -> None:
    """adam_apply_in_place with alpha = adam_alpha(lr, step, beta_1, beta_2) computed in
    its launch (`lr` a 0-d array of the buffers' float32 or float64, `step` a 0-d int64
    array, on the device `xp`): one launch for the step size and the update."""
    f = m.dtype.type
    elementwise_kernel(xp, *_ADAM_STEP_CUDA)(m, v, g, lr, step, *_betas(f, beta_1, beta_2),
                                             f(1 - beta_1), f(1 - beta_2), f(epsilon), var,
                                             m, v, var)


# ---------------------------------------------------------------------------------------
# _FusedSGD: one variable's SGD step with momentum as one kernel: (var', mom') with
# mom' = mom mu - g lr and var' = var + mom' (Nesterov: var + (mom' mu - g lr)), Keras 3's
# rule in its composite's float operations. SGD eagerly on a device uses it (one launch,
# not four); on the CPU the composite updates the variable in place instead.
# ---------------------------------------------------------------------------------------

def _sgd_infer(var: Any, mom: Any, g: Any, lr: Any, momentum: float, nesterov: bool) -> list:
    d = C.same_dtype("_FusedSGD", (var, mom, g, lr), C.FLOATS)
    if not var._shape == mom._shape == g._shape:
        C.same_shape("_FusedSGD", var, mom)
        C.same_shape("_FusedSGD", var, g)
    if lr._shape is not None and len(lr._shape) != 0:
        raise C.fail("_FusedSGD", f"lr must be a scalar, got shape {C.shape_str(lr._shape)}")
    return [(var._shape, d)] * 2


_SGD_CUDA = {nesterov: ("T var, T mom, T g, T lr, T mu", "T var2, T mom2",
                        "mom2 = mom * mu - g * lr; var2 = var + " +
                        ("(mom2 * mu - g * lr)" if nesterov else "mom2"),
                        f"eagerflow_sgd{'_nesterov' if nesterov else ''}")
             for nesterov in (False, True)}


def _sgd_kernel(xp: Any, var: Any, mom: Any, g: Any, lr: Any, momentum: float,
                nesterov: bool) -> tuple:
    f = var.dtype.type
    mu = f(np.float32(momentum))  # (Keras: a Python float through float32)
    if xp is not np and f in (np.float32, np.float64):
        return elementwise_kernel(xp, *_SGD_CUDA[bool(nesterov)])(var, mom, g, lr, mu)
    mom = mom * mu - g * lr
    return var + (mom * mu - g * lr if nesterov else mom), mom


def sgd_in_place(xp: Any, var: Any, mom: Any, g: Any, lr: Any, momentum: float,
                 nesterov: bool) -> None:
    """_FusedSGD's device kernel (float32 or float64 arrays of a device `xp`) writing var'
    and mom' over var and mom, as adam_apply_in_place."""
    mu = var.dtype.type(np.float32(momentum))
    elementwise_kernel(xp, *_SGD_CUDA[bool(nesterov)])(var, mom, g, lr, mu, var, mom)


def _sgd_reference(var: np.ndarray, mom: np.ndarray, g: np.ndarray, lr: np.ndarray,
                   momentum: float, nesterov: bool) -> tuple:
    """Keras's formulas: m' = momentum m - lr g; w' = w + m' (Nesterov: w + momentum m' -
    lr g)."""
    mu = float(np.float32(momentum))
    m2 = mu * mom - lr * g
    return (var + mu * m2 - lr * g if nesterov else var + m2), m2


def _sgd_samples() -> list:
    rng = SampleRNG(15)
    var, mom, g = (rng.uniform(-1, 1, (3, 4)) for _ in range(3))
    return [Sample((var, mom, g, np.array(0.01)), {"momentum": 0.9, "nesterov": False},
                   grad=False),
            Sample((var[0], mom[0], g[0], np.array(0.5)), {"momentum": 0.5, "nesterov": True},
                   grad=False)]


def _sgd_bad_samples() -> list:
    attrs = {"momentum": 0.9, "nesterov": False}
    return [BadSample((np.ones(3), np.ones(3), np.ones(2), np.array(0.1)), attrs,
                      InvalidArgumentError, "must have the same size and shape"),
            BadSample((np.ones(3), np.ones(3), np.ones(3), np.ones(2)), attrs,
                      InvalidArgumentError, "lr must be a scalar")]


def _sgd_to_tf(n: Any, b: Any) -> list:
    """The composite update TF's graphs hold for Keras 3's SGD, operation for operation."""
    var, mom, g, lr = (b.input(i) for i in range(4))
    mu = b.const(float(np.float32(n.attrs["momentum"])), var.dtype)
    glr = b.node("Mul", [g, lr])[0]
    m2 = b.node("Sub", [b.node("Mul", [mom, mu])[0], glr])[0]
    step = b.node("Sub", [b.node("Mul", [m2, mu])[0], glr])[0] if n.attrs["nesterov"] else m2
    return [b.node("AddV2", [var, step])[0], m2]


FUSED_SGD = register(OpDef(
    "_FusedSGD", _sgd_infer, _sgd_kernel, reference=_sgd_reference, samples=_sgd_samples,
    bad_samples=_sgd_bad_samples, num_outputs=2, tf=TFForm(export=_sgd_to_tf)))


def fused_sgd(var: Any, mom: Any, g: Any, lr: Any, momentum: float, nesterov: bool) -> tuple:
    """(var', mom') of one SGD step with momentum (see above)."""
    return bind(FUSED_SGD, (var, mom, g, lr), {"momentum": momentum, "nesterov": nesterov})


# ---------------------------------------------------------------------------------------
# _FusedRMSprop: one variable's (uncentered) RMSprop step as one kernel: (rms', increment)
# = (rms rho + g^2 (1 - rho), lr g / sqrt(rms' + epsilon)), Keras 3's update rule in the
# same float operations, in the same order, as the composite of public ops it replaces
# (so the same bits on the CPU). On a device it is one ElementwiseKernel launch instead
# of eight ufuncs. Like _FusedAdam, the update is not differentiated.
# ---------------------------------------------------------------------------------------

def _rmsprop_infer(rms: Any, g: Any, lr: Any, rho: float, epsilon: float) -> list:
    d = C.same_dtype("_FusedRMSprop", (rms, g, lr), C.FLOATS)
    if not rms._shape == g._shape:
        C.same_shape("_FusedRMSprop", rms, g)
    if lr._shape is not None and len(lr._shape) != 0:
        raise C.fail("_FusedRMSprop", f"lr must be a scalar, got shape "
                                      f"{C.shape_str(lr._shape)}")
    return [(rms._shape, d)] * 2


_RMSPROP_CUDA = ("T rms, T g, T lr, T rho, T c, T eps", "T rms2, T inc",
                 "rms2 = rms * rho + (g * g) * c; inc = (lr * g) / sqrt(rms2 + eps)",
                 "eagerflow_rmsprop")


def _rmsprop_kernel(xp: Any, rms: Any, g: Any, lr: Any, rho: float, epsilon: float) -> tuple:
    f = rms.dtype.type  # (Keras's Python floats as tensors of the variable's dtype)
    if xp is not np and f in (np.float32, np.float64):
        k = elementwise_kernel(xp, *_RMSPROP_CUDA)
        return k(rms, g, lr, f(rho), f(1 - rho), f(epsilon))
    rms = rms * f(rho) + xp.square(g) * f(1 - rho)
    return rms, (lr * g) / xp.sqrt(rms + f(epsilon))


def _rmsprop_reference(rms: np.ndarray, g: np.ndarray, lr: np.ndarray, rho: float,
                       epsilon: float) -> tuple:
    """Keras's formulas: rms' = rho rms + (1 - rho) g^2, increment = lr g / sqrt(rms' + eps)."""
    rms2 = rho * rms + (1 - rho) * g ** 2
    return rms2, lr * g / np.sqrt(rms2 + epsilon)


def _rmsprop_samples() -> list:
    rng = SampleRNG(14)
    rms, g = rng.uniform(0, 1, (3, 4)), rng.uniform(-1, 1, (3, 4))
    return [Sample((rms, g, np.array(0.01)), {"rho": 0.9, "epsilon": 1e-7}, grad=False),
            Sample((rms[0], g[0], np.array(0.5)), {"rho": 0.5, "epsilon": 0.1}, grad=False)]


def _rmsprop_bad_samples() -> list:
    attrs = {"rho": 0.9, "epsilon": 1e-7}
    return [BadSample((np.ones(3), np.ones(2), np.array(0.1)), attrs, InvalidArgumentError,
                      "must have the same size and shape"),
            BadSample((np.ones(3), np.ones(3), np.ones(2)), attrs, InvalidArgumentError,
                      "lr must be a scalar")]


def _rmsprop_to_tf(n: Any, b: Any) -> list:
    """The composite update TF's graphs hold for Keras 3's RMSprop, operation for operation."""
    rms, g, lr = (b.input(i) for i in range(3))
    d = rms.dtype
    rms2 = b.node("AddV2", [b.node("Mul", [rms, b.const(n.attrs["rho"], d)])[0],
                            b.node("Mul", [b.node("Square", [g])[0],
                                           b.const(1 - n.attrs["rho"], d)])[0]])[0]
    denom = b.node("AddV2", [rms2, b.const(n.attrs["epsilon"], d)])[0]
    return [rms2, b.node("RealDiv", [b.node("Mul", [lr, g])[0],
                                     b.node("Sqrt", [denom])[0]])[0]]


FUSED_RMSPROP = register(OpDef(
    "_FusedRMSprop", _rmsprop_infer, _rmsprop_kernel, reference=_rmsprop_reference,
    samples=_rmsprop_samples, bad_samples=_rmsprop_bad_samples, num_outputs=2,
    tf=TFForm(export=_rmsprop_to_tf)))


def fused_rmsprop(rms: Any, g: Any, lr: Any, rho: float, epsilon: float) -> tuple:
    """(rms', increment) of one uncentered RMSprop update (see above)."""
    return bind(FUSED_RMSPROP, (rms, g, lr), {"rho": rho, "epsilon": epsilon})


# ---------------------------------------------------------------------------------------
# _ReluGradBiasAddGrad: a ReLU layer's backward step, ReluGrad and the BiasAddGrad of its
# result (channels last), as one kernel: (dz, db) = (g * (y > 0), dz summed over every axis
# but the last). _FusedConv2D's gradient binds it (eager steps too), and graph/passes/fuse.py
# puts it in place of a traced ReluGrad -> BiasAddGrad pair. `g` may be any shape that
# broadcasts to y's: the pass hands it the gradient of a global average pooling before
# its BroadcastToShapeOf, which then never makes the full-size copy. The results are the
# separate kernels' bit for bit (the same products, BiasAddGrad's own sum).
# ---------------------------------------------------------------------------------------

_RB = "_ReluGradBiasAddGrad"


def _relu_bias_infer(g: Any, y: Any) -> list:
    d = C.same_dtype(_RB, (g, y), TYPES)
    if y._shape is not None and len(y._shape) < 2:
        raise C.fail(_RB, f"Input tensor must be at least 2D: {C.shape_str(y._shape)}")
    if g._shape is not None and y._shape is not None and (
            len(g._shape) != len(y._shape) or C.broadcast(_RB, g._shape, y._shape) != y._shape):
        raise C.fail(_RB, f"gradient shape {C.shape_str(g._shape)} does not broadcast to "
                          f"features shape {C.shape_str(y._shape)}")
    return [(y._shape, d), (None if y._shape is None else y._shape[-1:], d)]


def _relu_bias_kernel(xp: Any, g: Any, y: Any) -> tuple:
    if g.shape == y.shape or (xp is not np and g.dtype == y.dtype):
        dz = nn.RELU_GRAD.kernel(xp, g, y)  # (a device's kernel broadcasts g itself)
    else:  # the mask, times g where it broadcasts: ReluGrad's products without g's copy
        dz = multiply_broadcast(xp, (y > 0).astype(y.dtype), g)
    return dz, nn.BIAS_ADD_GRAD.kernel(xp, dz, data_format="NHWC")


def _relu_bias_grad(n: Any, a: Any, b: Any) -> list:
    g, y = n.inputs
    if b is not None:  # db's gradient reaches every cell of its channel
        a = bind(nn.BIAS_ADD, (a if a is not None else zeros_like(y), b),
                 {"data_format": "NHWC"})
    if a is None:
        return [None, None]
    return [sum_to(bind(nn.RELU_GRAD, (a, y), {}), g), zeros_like(y)]


def _relu_bias_reference(g: np.ndarray, y: np.ndarray) -> tuple:
    full = np.broadcast_to(g, y.shape)
    dz = np.zeros(y.shape, y.dtype)
    db = np.zeros(y.shape[-1:], y.dtype)
    for idx in np.ndindex(*y.shape):
        dz[idx] = full[idx] if y[idx] > 0 else 0.0
        db[idx[-1]] += dz[idx]
    return dz, db


def _relu_bias_samples() -> list:
    rng = SampleRNG(13)
    y, y2 = rng.uniform(-2, 2, (2, 3, 4, 3)), rng.uniform(-2, 2, (5, 3))
    y[np.abs(y) < 0.2] = y2[np.abs(y2) < 0.2] = 0.5  # clear of ReLU's kink
    return [Sample((rng.uniform(-1, 1, y.shape), y), grad_inputs=(0,)),
            Sample((rng.uniform(-1, 1, (2, 1, 1, 3)), y), grad_inputs=(0,)),
            Sample((rng.uniform(-1, 1, (5, 3)), y2), grad_inputs=(0,))]


def _relu_bias_bad_samples() -> list:
    return [BadSample((np.ones((2, 3)), np.ones((2, 4))), {}, InvalidArgumentError,
                      "Incompatible shapes: [2,3] vs. [2,4]"),
            BadSample((np.ones((2, 3)), np.ones((1, 3))), {}, InvalidArgumentError,
                      "gradient shape [2,3] does not broadcast to features shape [1,3]"),
            BadSample((np.ones(3), np.ones(3)), {}, InvalidArgumentError, "at least 2D"),
            BadSample((np.ones((2, 3), np.float32), np.ones((2, 3))), {}, InvalidArgumentError,
                      _RB)]


def _relu_bias_to_tf(n: Any, b: Any) -> list:
    """TF's graphs hold ReluGrad (of g broadcast to the features' shape) and BiasAddGrad."""
    g = b.node("BroadcastTo", [b.input(0), b.shape_of(1)])[0]
    dz = b.node("ReluGrad", [g, b.input(1)])[0]
    return [dz, b.node("BiasAddGrad", [dz], {"data_format": "NHWC"})[0]]


RELU_GRAD_BIAS_GRAD = register(OpDef(
    _RB, _relu_bias_infer, _relu_bias_kernel, grad=_relu_bias_grad,
    reference=_relu_bias_reference, samples=_relu_bias_samples,
    bad_samples=_relu_bias_bad_samples, num_outputs=2, tf=TFForm(export=_relu_bias_to_tf)))


# ---------------------------------------------------------------------------------------
# _FusedConv2DGrad: _FusedConv2D's eager gradient as one op call: the kernels of the ops its
# gradient function binds otherwise (ReluGrad with BiasAddGrad or BiasAddGrad alone, then
# Conv2DBackpropInput and Conv2DBackpropFilter), run in that order on (g, y, x, w), y the
# forward result. Each of those three calls infers, places and wraps on its own; on a
# GPU a deep model's eager backward step is bound by that Python (ResNet-50: ~1,100
# bytecodes a convolution in the two backprop calls alone). The results are the three
# kernels' own. _grad binds it eagerly where no tape records the gradient (no higher
# order) and the filter's and bias's gradients are wanted; `input_grad` False (the first
# layer's input, a constant) leaves the input's gradient uncomputed: an empty array.
# ---------------------------------------------------------------------------------------

_CG = "_FusedConv2DGrad"


def _conv_grad_infer(g: Any, y: Any, x: Any, w: Any, fused_ops: tuple, input_grad: bool,
                     **conv: Any) -> list:
    d = nn_args.kept((_CG, g._dtype, y._dtype, x._dtype, w._dtype, g._shape, y._shape,
                      x._shape, w._shape, tuple(fused_ops), *conv.items()),
                     _conv_grad_check, g, y, x, w, fused_ops, conv)
    return [(x._shape if input_grad else (0,), d), (w._shape, d), (y._shape[-1:], d)]


def _conv_grad_check(g: Any, y: Any, x: Any, w: Any, fused_ops: tuple, conv: dict) -> Any:
    """The gradient's dtype, once g and y are checked to be the result's of _FusedConv2D
    of x and w (what its kernels assume of their shapes)."""
    d = C.same_dtype(_CG, (g, y, x, w), TYPES)
    if tuple(fused_ops) not in FUSIONS or conv["data_format"] != "NHWC":
        raise C.fail(_CG, f"unsupported fusion {list(fused_ops)} in {conv['data_format']}")
    (shape, _), = nn_conv.CONV2D.infer(x, w, **conv)
    for name, t in (("gradient", g), ("output", y)):
        if t._shape != shape:
            raise C.fail(_CG, f"{name} shape {C.shape_str(t._shape)} is not the "
                              f"convolution's output shape {C.shape_str(shape)}")
    return d


def _conv_grad_kernel(xp: Any, g: Any, y: Any, x: Any, w: Any, strides: tuple, padding: str,
                      explicit_paddings: tuple, data_format: str, dilations: tuple,
                      fused_ops: tuple, input_grad: bool) -> tuple:
    if "Relu" in fused_ops:
        g, db = _relu_bias_kernel(xp, g, y)
    else:
        db = nn.BIAS_ADD_GRAD.kernel(xp, g, data_format="NHWC")
    # (the two backprop ops' kernels, called through to the engine: an NHWC Conv2D's
    # arrays, as _conv_grad_check made sure, need none of their layout moves)
    _, st, dl, pad, ex = nn_conv._engine_args(strides, padding, explicit_paddings,
                                              data_format, dilations)
    # (y made from w by the forward, whose tape record held w since: _kernel's keep_filter)
    dx = W.conv_input_grad(xp, w, g, x.shape, st, dl, pad, ex, made=y) if input_grad else \
        xp.empty((0,), g.dtype)
    return dx, W.conv_filter_grad(xp, x, g, w.shape[:2], st, dl, pad, ex, w.shape[2]), db


def _conv_grad_reference(g: np.ndarray, y: np.ndarray, x: np.ndarray, w: np.ndarray,
                         fused_ops: tuple, input_grad: bool, **conv: Any) -> tuple:
    """The plain loops of the three ops (nn_conv's references, _relu_bias_reference)."""
    if "Relu" in fused_ops:
        g, db = _relu_bias_reference(g, y)
    else:
        db = g.reshape(-1, g.shape[-1]).sum(axis=0)
    dx = nn_conv_refs.bin_reference(nn_conv_refs.CONV2D_F)(np.array(x.shape), w, g, **conv) \
        if input_grad else np.empty((0,), g.dtype)
    dw = nn_conv_refs.bfil_reference(nn_conv_refs.CONV2D_F)(x, np.array(w.shape), g, **conv)
    return dx, dw, db


def _conv_grad_samples() -> list:
    out = []
    for s in _samples():
        x, w, b = s.inputs
        y = _reference(x, w, b, **s.attrs)
        g = SampleRNG(17).uniform(-1, 1, y.shape)
        for input_grad in (True, False):
            out.append(Sample((g, y, x, w), {**s.attrs, "input_grad": input_grad}))
    return out


def _conv_grad_bad_samples() -> list:
    x, w, y = np.ones((1, 4, 4, 2)), np.ones((3, 3, 2, 2)), np.ones((1, 2, 2, 2))
    attrs = {"strides": (1, 1, 1, 1), "padding": "VALID", "explicit_paddings": (),
             "data_format": "NHWC", "dilations": (1, 1, 1, 1), "fused_ops": FUSIONS[1],
             "input_grad": True}
    return [BadSample((np.ones((1, 3, 2, 2)), y, x, w), attrs, InvalidArgumentError,
                      "gradient shape [1,3,2,2] is not the convolution's output shape "
                      "[1,2,2,2]"),
            BadSample((y, np.ones((1, 2, 2, 3)), x, w), attrs, InvalidArgumentError,
                      "output shape [1,2,2,3]"),
            BadSample((y.astype(np.float32), y, x, w), attrs, InvalidArgumentError, _CG)]


def _conv_grad_to_tf(n: Any, b: Any) -> list:
    """TF's graphs hold the three ops (ReluGrad then BiasAddGrad where the ReLU was fused)."""
    g = b.input(0)
    if "Relu" in n.attrs["fused_ops"]:
        g = b.node("ReluGrad", [g, b.input(1)])[0]
    db = b.node("BiasAddGrad", [g], {"data_format": "NHWC"})[0]
    conv = _conv_attrs(n.attrs)
    dx = b.node("Conv2DBackpropInput", [b.shape_of(2), b.input(3), g], conv)[0] \
        if n.attrs["input_grad"] else b.const(np.empty((0,), n.inputs[0]._dtype._np),
                                              n.inputs[0]._dtype)
    dw = b.node("Conv2DBackpropFilter", [b.input(2), b.shape_of(3), g], conv)[0]
    return [dx, dw, db]


FUSED_CONV2D_GRAD = register(OpDef(
    _CG, _conv_grad_infer, _conv_grad_kernel, reference=_conv_grad_reference,
    samples=_conv_grad_samples, bad_samples=_conv_grad_bad_samples, num_outputs=3,
    tf=TFForm(export=_conv_grad_to_tf)))
