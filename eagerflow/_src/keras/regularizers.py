"""Keras weight regularizers: callables mapping a weight to a scalar penalty.

A layer's `kernel_regularizer=l2(1e-4)` adds `l2 * sum(w ** 2)` to `layer.losses`,
recomputed from the current weights each time the losses are read.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.utils.data_utils import normalize
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.linalg_eye import eye


def _check_penalty(value: Any, name: str) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or \
            math.isinf(value) or math.isnan(value) or value < 0:
        raise ValueError(f"Invalid value for argument {name}: expected a non-negative float."
                         f"Received: {name}={value}")
    return float(value)


class Regularizer:
    """Base class: `__call__(x)` returns a scalar penalty."""

    def __call__(self, x: Any) -> Any:
        return 0.0

    def get_config(self) -> dict:
        # Keras 3: a regularizer must say how to rebuild itself
        raise NotImplementedError(f"{self} does not implement get_config()")

    @classmethod
    def from_config(cls, config: dict) -> Regularizer:
        return cls(**config)


class L1(Regularizer):
    def __init__(self, l1: float = 0.01) -> None:
        l1 = 0.01 if l1 is None else l1
        # held as a float32 scalar, as Keras 3 holds it (its config shows the rounding)
        self.l1 = float(np.float32(_check_penalty(l1, "l1")))

    def __call__(self, x: Any) -> Any:
        return self.l1 * tr.reduce_sum(tm.abs(x))

    def get_config(self) -> dict:
        return {"l1": self.l1}


class L2(Regularizer):
    def __init__(self, l2: float = 0.01) -> None:
        l2 = 0.01 if l2 is None else l2
        self.l2 = _check_penalty(l2, "l2")

    def __call__(self, x: Any) -> Any:
        return self.l2 * tr.reduce_sum(tm.square(x))

    def get_config(self) -> dict:
        return {"l2": self.l2}


def _in_dtype_of(factor: float, x: Any) -> Any:
    return convert_to_tensor(np.asarray(factor, x.dtype.as_numpy_dtype))


class L1L2(Regularizer):
    def __init__(self, l1: float = 0.0, l2: float = 0.0) -> None:
        self.l1 = _check_penalty(l1, "l1")
        self.l2 = _check_penalty(l2, "l2")

    def __call__(self, x: Any) -> Any:
        x = convert_to_tensor(x)
        total = None
        # (the factors in x's dtype, as Keras 3 casts them: an integer x's are 0)
        if self.l1:
            total = _in_dtype_of(self.l1, x) * tr.reduce_sum(tm.abs(x))
        if self.l2:
            t = _in_dtype_of(self.l2, x) * tr.reduce_sum(tm.square(x))
            total = t if total is None else total + t
        if total is None:  # (Keras 3: a zero of x's dtype, an integer output's too)
            return convert_to_tensor(np.zeros((), x.dtype.as_numpy_dtype))
        return total

    def get_config(self) -> dict:
        return {"l1": self.l1, "l2": self.l2}


class OrthogonalRegularizer(Regularizer):
    """`factor` times the mean absolute cosine between distinct rows (`mode="rows"`) or
    columns (`mode="columns"`) of a rank-2 weight (half the sum over ordered pairs, over
    the number of unordered ones)."""

    def __init__(self, factor: float = 0.01, mode: str = "rows") -> None:
        _check_penalty(factor, "factor")
        self.factor = convert_to_tensor(factor)  # (a tensor, as Keras 3 holds it)
        if mode not in {"rows", "columns"}:
            raise ValueError("Invalid value for argument `mode`. Expected one of "
                             f'{{"rows", "columns"}}. Received: mode={mode}')
        self.mode = mode

    def __call__(self, x: Any) -> Any:
        axis = 1 if self.mode == "rows" else 0
        if isinstance(x, np.ndarray):
            if x.ndim != 2:
                raise ValueError("Inputs to OrthogonalRegularizer must have rank 2. Received: "
                                 f"inputs.shape={x.shape}")
            # an array takes keras.utils.normalize's NumPy branch, as in Keras 3: NumPy's
            # norms, expanded at `axis or -1` (columns' norms divide rows: a broadcast
            # error unless the matrix is square)
            x = convert_to_tensor(normalize(x, axis))
        else:
            x = convert_to_tensor(x)
            if len(x._shape) != 2:
                raise ValueError("Inputs to OrthogonalRegularizer must have rank 2. Received: "
                                 f"inputs.shape={tuple(x._shape)}")
            # L2-normalized as keras.ops.normalize does it: x * min(rsqrt(sum x^2), 1 / eps)
            inv_norm = tm.minimum(tm.rsqrt(tr.reduce_sum(tm.square(x), axis=axis,
                                                         keepdims=True)), 1.0 / 1e-7)
            x = x * inv_norm
        if self.mode == "rows":
            product, size = matmul(x, x, transpose_b=True), x._shape[0]
        else:
            product, size = matmul(x, x, transpose_a=True), x._shape[1]
        off_diagonal = product * (1.0 - eye(size, dtype=x._dtype))
        num_pairs = size * (size - 1.0) / 2.0
        return self.factor * 0.5 * tr.reduce_sum(tm.abs(off_diagonal)) / num_pairs

    def get_config(self) -> dict:
        return {"factor": float(self.factor.numpy()), "mode": self.mode}


l1 = L1
l2 = L2
l1_l2 = L1L2
orthogonal_regularizer = OrthogonalRegularizer

# the class names and their snake_case forms, as Keras 3's: "l1l2", not "l1_l2"
_TABLE = {"L1": L1, "L2": L2, "L1L2": L1L2, "l1": L1, "l2": L2, "l1l2": L1L2,
          "OrthogonalRegularizer": OrthogonalRegularizer,
          "orthogonal_regularizer": OrthogonalRegularizer, "Regularizer": Regularizer,
          "regularizer": Regularizer}


def serialize(regularizer: Any) -> Any:
    return ser.serialize_keras_object(regularizer)


def deserialize(config: Any, custom_objects: dict | None = None) -> Any:
    return ser.deserialize_keras_object(config, module_objects=_TABLE,
                                        custom_objects=custom_objects)


def get(identifier: Any) -> Any:
    return ser.get_from(identifier, _TABLE, deserialize, "regularizer")
