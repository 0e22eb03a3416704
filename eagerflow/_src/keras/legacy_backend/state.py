"""tf.keras.backend's random draws and variables (`K.random_normal`, `K.variable`,
`K.get_value`, `K.update_add`, `K.gradients`, ...)."""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.autodiff.gradients import gradients as _tf_gradients
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.name_scope import name_scope as _name_scope
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import is_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.legacy_backend.arrays import to_dense
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as M
from eagerflow._src.ops import math_base
from eagerflow._src.ops import nn as tnn
from eagerflow._src.ops import random as rnd
from eagerflow._src.ops.initializers import (
    random_normal_initializer,
    random_uniform_initializer,
)
from eagerflow._src.ops.linalg_eye import eye as tf_eye
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.variables import Variable, is_tf_variable


# -- random -----------------------------------------------------------------------------
def _seed(seed: Any, high: float = 1e7) -> int:
    """Keras draws an op seed from NumPy when none is given."""
    return int(np.random.randint(high)) if seed is None else seed


def dropout(x: Any, level: float, noise_shape: Any = None, seed: Any = None) -> Any:
    return tnn.dropout(x, rate=level, noise_shape=noise_shape, seed=_seed(seed))


def random_uniform(shape: Any, minval: float = 0.0, maxval: float = 1.0, dtype: Any = None,
                   seed: Any = None) -> Any:
    return rnd.uniform(shape, minval=minval, maxval=maxval, dtype=dtype or kb.floatx(),
                       seed=_seed(seed))


def random_normal(shape: Any, mean: float = 0.0, stddev: float = 1.0, dtype: Any = None,
                  seed: Any = None) -> Any:
    return rnd.normal(shape, mean=mean, stddev=stddev, dtype=dtype or kb.floatx(),
                      seed=_seed(seed))


def truncated_normal(shape: Any, mean: float = 0.0, stddev: float = 1.0, dtype: Any = None,
                     seed: Any = None) -> Any:
    return rnd.truncated_normal(shape, mean, stddev, dtype=dtype or kb.floatx(),
                                seed=_seed(seed))


def random_bernoulli(shape: Any, p: float = 0.0, dtype: Any = None, seed: Any = None) -> Any:
    dtype = dtype or kb.floatx()
    draws = rnd.uniform(shape, dtype=dtype, seed=_seed(seed))
    return where(M.less_equal(draws, p), A.ones(shape, dtype), A.zeros(shape, dtype))


def random_normal_variable(shape: Any, mean: float, scale: float, dtype: Any = None,
                           name: str | None = None, seed: Any = None) -> Variable:
    dtype = dtype or kb.floatx()
    init = random_normal_initializer(mean, scale, seed=_seed(seed, 1e9))
    return variable(init(shape, dtype=dt.as_dtype(dtype)), dtype=dtype, name=name)


def random_uniform_variable(shape: Any, low: float, high: float, dtype: Any = None,
                            name: str | None = None, seed: Any = None) -> Variable:
    dtype = dtype or kb.floatx()
    init = random_uniform_initializer(low, high, seed=_seed(seed, 1e9))
    return variable(init(shape, dtype=dt.as_dtype(dtype)), dtype=dtype, name=name)


# -- variables and values ---------------------------------------------------------------
def variable(value: Any, dtype: Any = None, name: str | None = None,
             constraint: Any = None) -> Any:
    """A tf.Variable of `value` (floatx by default); a SciPy sparse matrix gives a
    SparseTensor."""
    dtype = dtype or kb.floatx()
    if hasattr(value, "tocoo"):
        coo = value.tocoo()
        indices = np.stack([coo.row, coo.col], axis=1)
        return SparseTensor(indices=indices, values=coo.data, dense_shape=coo.shape)
    return Variable(value, dtype=dt.as_dtype(dtype), name=name, constraint=constraint)


def _filled(fill: Callable, shape: Any, dtype: Any, name: str | None) -> Any:
    with kb.init_scope():
        dtype = dtype or kb.floatx()
        value = fill(shape, dtype=dt.as_dtype(dtype), name=name)
        if builtins.all(value.shape.as_list()):
            return variable(value, dtype=dtype, name=name)
        return value


def zeros(shape: Any, dtype: Any = None, name: str | None = None) -> Any:
    return _filled(A.zeros, shape, dtype, name)


def ones(shape: Any, dtype: Any = None, name: str | None = None) -> Any:
    return _filled(A.ones, shape, dtype, name)


def eye(size: Any, dtype: Any = None, name: str | None = None) -> Variable:
    dtype = dtype or kb.floatx()
    return variable(tf_eye(size, dtype=dt.as_dtype(dtype)), dtype, name)


def zeros_like(x: Any, dtype: Any = None, name: str | None = None) -> Any:
    return math_base.zeros_like(x, dtype=dtype, name=name)


def ones_like(x: Any, dtype: Any = None, name: str | None = None) -> Any:
    return math_base.ones_like(x, dtype=dtype, name=name)


def get_value(x: Any) -> Any:
    if not is_tensor(x) and not is_tf_variable(x):
        return x
    with kb.init_scope():
        return x.numpy()


def batch_get_value(tensors: list) -> list:
    return [x.numpy() for x in tensors]


def eval(x: Any) -> Any:  # noqa: A001
    return get_value(to_dense(x))


def set_value(x: Any, value: Any) -> None:
    x.assign(np.asarray(value, dtype=x.dtype.name))


def batch_set_value(tuples: Any) -> None:
    for x, value in tuples:
        set_value(x, value)


def update(x: Any, new_x: Any) -> Any:
    return x.assign(new_x)


def update_add(x: Any, increment: Any) -> Any:
    return x.assign_add(increment)


def update_sub(x: Any, decrement: Any) -> Any:
    return x.assign_sub(decrement)


def moving_average_update(x: Any, value: Any, momentum: Any) -> Any:
    momentum = cast(momentum, x.dtype)
    return x.assign_sub((x - cast(value, x.dtype)) * (1 - momentum))


def gradients(loss: Any, variables: Any) -> Any:
    return _tf_gradients(loss, variables)


def name_scope(name: str) -> Any:
    return _name_scope(name)
