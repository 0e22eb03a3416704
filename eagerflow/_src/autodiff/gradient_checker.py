"""tf.test.compute_gradient: theoretical (tape) and numerical (central difference) Jacobians.

Autodiff layer. For f(*xs) -> y it returns two tuples with one 2-D array per x,
each of shape (y.size, x.size) and x's dtype: the Jacobian from GradientTape
(one backward pass per output element) and the one from perturbing each input
element by +-delta, the same checker the op registry suites use.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor

_ALLOWED = (dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.complex64, dt.complex128)


def _as_array(x: Any) -> np.ndarray:
    t = x if isinstance(x, Tensor) else convert_to_tensor(x)
    if hasattr(t, "_as_tensor"):
        t = t._as_tensor()
    return np.array(t._numpy(), copy=True)


def _output(f: Callable, xs: list) -> np.ndarray:
    y = f(*[EagerTensor(x) for x in xs])
    return np.asarray(convert_to_tensor(y)._numpy())


def _theoretical(f: Callable, xs: list, param: int, y_size: int) -> np.ndarray:
    x = xs[param]
    jac = np.zeros((y_size, x.size), dtype=x.dtype)
    for row in range(y_size):
        args = [EagerTensor(a) for a in xs]
        with GradientTape() as tape:
            tape.watch(args[param])
            y = convert_to_tensor(f(*args))
        seed = np.zeros(y_size, dtype=y._dtype.as_numpy_dtype)
        seed[row] = 1
        g = tape.gradient(y, args[param], output_gradients=EagerTensor(seed.reshape(y._shape)))
        if g is not None:
            jac[row] = np.asarray(convert_to_tensor(g)._numpy()).reshape(-1)
    return jac


def _numerical(f: Callable, xs: list, param: int, y_size: int, delta: float) -> np.ndarray:
    x = xs[param]
    jac = np.zeros((y_size, x.size), dtype=x.dtype)
    for col in range(x.size):
        plus = [a.copy() for a in xs]
        minus = [a.copy() for a in xs]
        plus[param].reshape(-1)[col] += delta
        minus[param].reshape(-1)[col] -= delta
        diff = (_output(f, plus).astype(np.float64) - _output(f, minus).astype(np.float64))
        jac[:, col] = (diff / (2 * delta)).reshape(-1)
    return jac


def compute_gradient(f: Callable, x: Any, delta: float | None = None) -> tuple:
    """(theoretical, numerical) Jacobians of `f` with respect to each of the arguments `x`."""
    if not isinstance(x, (list, tuple)):
        raise ValueError(f"`x` must be a list or tuple of values convertible to a Tensor "
                         f"(arguments to `f`), not a {type(x)}")
    delta = 1.0 / 1024 if delta is None else float(delta)
    xs = [_as_array(a) for a in x]
    for i, a in enumerate(xs):
        d = dt.from_numpy(a.dtype)
        if d not in _ALLOWED:
            raise AssertionError(f"Cannot compute gradient for unsupported type {d.name} of "
                                 f"argument {i}")
    y_size = _output(f, xs).size
    theoretical = tuple(_theoretical(f, xs, i, y_size) for i in range(len(xs)))
    numerical = tuple(_numerical(f, xs, i, y_size, delta) for i in range(len(xs)))
    return theoretical, numerical
