"""A Keras variable whose value is a ShardedVariable: what Keras 3 on TF 2.21 makes of a
layer weight created under a ParameterServerStrategy with a variable_partitioner.

Sits beside keras/variables.py (whose Keras variables *are* their tf.Variable): a
partitioned weight is several variables, so its Keras variable holds them, as Keras 3's
holds its tf.Variable: `value` is the ShardedVariable (shards named "<path>/part_<i>"),
reads concatenate the shards, assignments split the value among them, and it prints as
Keras 3's (`<Variable path=dense/kernel, shape=(3, 4), dtype=float32,
value=<...ShardedVariable object at 0x...>>`). What TF 2.21 fails at, it fails at too: a
checkpoint of it (Keras 3 reads its value's `device`, which a ShardedVariable lacks).
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.trackable import Trackable
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.name_scope import scoped_path
from eagerflow._src.keras.variables import Variable, register_sharded_weight
from eagerflow._src.ops.math_base import cast


class ShardedWeight(Variable, Trackable):
    """A Keras variable over a ShardedVariable (its `value`); named as Keras 3's class."""

    def __init__(self, sharded: Any, name: str, path: str | None, autocast: bool,
                 overwrite_with_gradient: bool) -> None:
        self._sharded = sharded
        self._keras_name = name
        self._keras_path = path if path is not None else scoped_path(name)
        self._keras_autocast = bool(autocast)
        self._keras_trainable = bool(sharded.variables[0].trainable)
        self.overwrite_with_gradient = bool(overwrite_with_gradient)
        self._dtype = sharded.dtype
        self._shape = sharded.shape

    def __new__(cls, *args: Any, **kwargs: Any) -> ShardedWeight:
        return object.__new__(cls)  # (keras.Variable's __new__ makes a tf.Variable)

    @property
    def value(self) -> Any:
        return self._sharded

    @property
    def shape(self) -> Any:
        return self._shape

    @property
    def dtype(self) -> str:
        return self._dtype.name

    @property
    def device(self) -> str:
        raise AttributeError("'ShardedVariable' object has no attribute 'device'")

    # -- reading ---------------------------------------------------------------------------
    def _as_tensor(self, dtype: Any = None) -> Tensor:
        t = self._sharded.__tf_tensor__(dtype)
        target = kb.call_context.autocast
        if target is not None and self._keras_autocast and self._dtype.is_floating and \
                self._dtype.name != target:
            t = cast(t, target)
        return t

    __tf_tensor__ = _as_tensor

    def _api_read(self, name: str | None = "ReadVariableOp", scope: str | None = None) -> Any:
        return self._as_tensor()

    def read_value(self) -> Tensor:
        return self._as_tensor()

    def numpy(self) -> np.ndarray:
        return self._sharded.numpy()

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return np.asarray(self.numpy(), dtype=dtype)

    def __getitem__(self, spec: Any) -> Tensor:
        return self._as_tensor()[spec]

    # -- writing (Keras 3's checks and its value returned) ----------------------------------
    def _converted(self, value: Any) -> Tensor:
        if isinstance(value, Tensor) and value.dtype is not self._dtype:
            value = cast(value, self._dtype)
        return convert_to_tensor(value, dtype=self._dtype)

    def assign(self, value: Any, use_locking: Any = None, name: str | None = None,
               read_value: bool = True) -> Any:
        t = self._converted(value)
        self._refuse_shape(t)
        self._sharded.assign(t)
        return t if read_value else None

    def _delta(self, combine: Any, delta: Any, read_value: bool) -> Any:
        new = combine(self._as_tensor(), self._converted(delta))
        self._refuse_shape(new)
        self._sharded.assign(new)
        return new if read_value else None

    def assign_add(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        return self._delta(operator.add, delta, read_value)

    def assign_sub(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        return self._delta(operator.sub, delta, read_value)

    def _refuse_shape(self, t: Tensor) -> None:
        if not self._shape.is_compatible_with(t.shape):  # (Keras 3's check)
            raise ValueError(f"The shape of the target variable and the shape of the target "
                             f"value in `variable.assign(value)` must match. variable.shape="
                             f"{self.shape}, Received: value.shape={t.shape}. Target variable: "
                             f"{self}")

    # -- checkpoints: Keras 3 on TF reads the value's device there, and fails ---------------
    @property
    def _name(self) -> str:
        # (what a checkpoint reads first of a variable it saves: TF 2.21's AttributeError)
        raise AttributeError("'ShardedVariable' object has no attribute 'device'")

    @staticmethod
    def _tape_source_refusal() -> Exception:
        # (TF 2.21's tape reads a Keras variable's value's handle, which a ShardedVariable
        # lacks: its gradient of these weights fails so; its shards' succeeds)
        return AttributeError("'ShardedVariable' object has no attribute 'handle'")

    def __repr__(self) -> str:
        return (f"<Variable path={self.path}, shape={self.shape}, dtype={self._dtype.name}, "
                f"value={self._sharded!r}>")

    __str__ = __repr__

    def __hash__(self) -> int:
        return id(self)


def _operator(name: str, reflected: bool) -> Any:
    def method(self: ShardedWeight, other: Any) -> Any:
        mine = self._as_tensor()
        f = getattr(operator, name.strip("_").lstrip("r") if reflected else name.strip("_"))
        return f(other, mine) if reflected else f(mine, other)
    method.__name__ = name
    return method


for _op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul"):
    setattr(ShardedWeight, f"__{_op}__", _operator(f"__{_op}__", False))
    setattr(ShardedWeight, f"__r{_op}__", _operator(f"__r{_op}__", True))


def _negative(self: ShardedWeight) -> Any:
    return -self._as_tensor()


ShardedWeight.__neg__ = _negative


def sharded_weight(sharded: Any, name: str, path: str | None = None, autocast: bool = True,
                   overwrite_with_gradient: bool = False) -> ShardedWeight:
    """The Keras variable of a ShardedVariable a strategy's partitioner made (its shards
    named after the weight's path, as TF names them in the layer's name scope)."""
    weight = ShardedWeight(sharded, name, path, autocast, overwrite_with_gradient)
    weight._sharded._name = "ShardedVariable"
    return weight


ShardedWeight.__name__ = ShardedWeight.__qualname__ = "Variable"  # (as type(w) shows it)
register_sharded_weight(sharded_weight)
