"""TF's gradient ops of the unary ops whose gradient reads their output (SqrtGrad,
RsqrtGrad, ReciprocalGrad, InvGrad): the factory math.py declares them with, one OpDef each,
of one dtype and shape, and 0 wherever the incoming gradient is 0, as TF's kernels."""

from __future__ import annotations

import functools
from typing import Any, Callable

import numpy as np

from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import halfprec
from eagerflow._src.ops.elementwise import _f64, one_launch
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register


def safe_grad_op(tf_name: str, kernel: Callable, grad: Callable, reference: Callable,
                 expr: str, half: Callable) -> OpDef:
    """One of TF's gradient ops of a unary op (SqrtGrad, RsqrtGrad, ReciprocalGrad): (y, dy)
    of one dtype and one shape. The result is 0 wherever dy is 0, even where y is 0, inf or
    NaN, as TF's kernels make it: a branch that tf.where did not take then adds 0, not NaN.
    `expr` is the unsafe gradient in CUDA C over y ({0}) and dy ({1}): a device runs the
    safe one as one kernel, eagerly and fused in graphs. `half(y, dy)` is the float16/
    bfloat16 kernel, rounded where TF's Eigen functor rounds (halfprec.py)."""
    body = "z = dy == 0 ? (T)0 : (T)" + expr.format("y", "dy")
    device_name = "eagerflow_" + tf_name.lower()
    def infer(y: Any, dy: Any) -> list:
        d = C.same_dtype(tf_name, (y, dy), C.FLOAT_COMPLEX)
        C.same_shape(tf_name, y, dy)
        return [(y._shape, d)]

    def safe_kernel(xp: Any, y: Any, dy: Any) -> Any:
        if y.dtype.itemsize == 2 and halfprec.is_half(xp, y):
            return half(y, dy)
        out = one_launch(xp, device_name, "T y, T dy", body, y, dy)
        if out is not None:
            return out
        return xp.where(dy == 0, xp.zeros((), dy.dtype), kernel(xp, y, dy))

    def safe_ref(y: np.ndarray, dy: np.ndarray) -> np.ndarray:
        return np.array([0.0 if b == 0 else reference(a, b) for a, b in
                         zip(y.ravel().tolist(), dy.ravel().tolist())], y.dtype).reshape(y.shape)

    @functools.cache
    def samples_and_bad() -> tuple:
        y = _f64(3, 4, lo=0.5, hi=2.0)
        dy = _f64(3, 4)
        dy[0, :2] = 0.0
        return ([Sample((y, dy)), Sample((np.array([0.0, np.inf, 1.0]), np.zeros(3)), grad=False)],
                [BadSample((y, dy[:, :2]), {}, InvalidArgumentError,
                           "must have the same size and shape")])

    return register(OpDef(tf_name, infer, safe_kernel, grad=grad, reference=safe_ref,
                          samples=lambda: samples_and_bad()[0],
                          bad_samples=lambda: samples_and_bad()[1], elementwise=True,
                          cuda="({1} == 0 ? 0 : " + expr + ")"))
