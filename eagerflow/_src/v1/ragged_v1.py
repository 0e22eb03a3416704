"""TF 1's ragged values: `RaggedTensorValue` (a ragged tensor's values and row splits as
NumPy arrays, what a Session run or tf.test's evaluate gives for one), `constant_value` (one
made from nested Python lists, as NumPy makes their values) and `placeholder` (a ragged
tensor of placeholders to feed).

TF 1 layer (v1/): tf.compat.v1.ragged's own names.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.function.compat_v1 import placeholder as dense_placeholder
from eagerflow._src.ops import ragged as _ragged_family  # noqa: F401 - loads the family whole
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.ragged_functions import constant
from eagerflow._src.ops.ragged_tensor import RaggedTensor
from eagerflow._src.v1.tf1_args import name_scope


class RaggedTensorValue:
    """A ragged tensor's `values` (a NumPy array, or another RaggedTensorValue) and its
    `row_splits` (a 1-D int32 or int64 NumPy array)."""

    def __init__(self, values: Any, row_splits: np.ndarray) -> None:
        if not (isinstance(row_splits, (np.ndarray, np.generic))
                and row_splits.dtype in (np.int64, np.int32) and row_splits.ndim == 1):
            raise TypeError("row_splits must be a 1D int32 or int64 numpy array")
        if not isinstance(values, (np.ndarray, np.generic, RaggedTensorValue)):
            raise TypeError("values must be a numpy array or a RaggedTensorValue")
        if isinstance(values, RaggedTensorValue) and \
                row_splits.dtype != values.row_splits.dtype:
            raise ValueError("row_splits and values.row_splits must have the same dtype")
        self._values, self._row_splits = values, row_splits

    values = property(lambda self: self._values, doc="The concatenated rows' values.")
    row_splits = property(lambda self: self._row_splits, doc="Where each row starts.")

    @property
    def flat_values(self) -> np.ndarray:
        v = self._values
        return v.flat_values if isinstance(v, RaggedTensorValue) else v

    @property
    def nested_row_splits(self) -> tuple:
        inner = self._values.nested_row_splits if isinstance(self._values, RaggedTensorValue) \
            else ()
        return (self._row_splits,) + inner

    @property
    def ragged_rank(self) -> int:
        return len(self.nested_row_splits)

    @property
    def dtype(self) -> np.dtype:
        return self.flat_values.dtype

    @property
    def shape(self) -> tuple:
        return (len(self._row_splits) - 1, None) + tuple(self._values.shape[1:])

    def to_list(self) -> list:
        values = self._values.to_list() if isinstance(self._values, RaggedTensorValue) \
            else self._values.tolist()
        return [values[a:b] for a, b in zip(self._row_splits[:-1], self._row_splits[1:])]

    def __str__(self) -> str:
        return f"<tf.RaggedTensorValue {self.to_list()}>"

    def __repr__(self) -> str:
        return f"tf.RaggedTensorValue(values={self._values!r}, row_splits={self._row_splits!r})"


@dispatch_binding
def constant_value(pylist: Any, dtype: Any = None, ragged_rank: Any = None,
                   inner_shape: Any = None, row_splits_dtype: Any = "int64") -> Any:
    """A RaggedTensorValue of nested Python lists (a NumPy array where nothing is ragged):
    tf.ragged.constant's checks and layout, its values made by NumPy (Python ints are
    int64, floats float64)."""
    if isinstance(pylist, RaggedTensorValue):
        raise TypeError("pylist may not be a RaggedTensorValue.")
    np_dtype = None if dtype is None else dt.as_dtype(dtype).as_numpy_dtype
    splits_dtype = dt.as_dtype(row_splits_dtype).as_numpy_dtype
    checked = constant(pylist, dtype, ragged_rank, inner_shape,
                       row_splits_dtype=row_splits_dtype)
    if not isinstance(checked, RaggedTensor):
        return _array(pylist, np_dtype, inner_shape)
    splits = [s.numpy().astype(splits_dtype) for s in checked.nested_row_splits]
    values: Any = pylist
    for _ in splits:
        values = [x for row in values for x in row]
    result: Any = _array(values, np_dtype, inner_shape)
    for row_splits in reversed(splits):
        result = RaggedTensorValue(result, row_splits)
    return result


def _array(values: Any, np_dtype: Any, inner_shape: Any) -> np.ndarray:
    array = np.array(values, dtype=np_dtype)
    if inner_shape is not None and array.size == 0:
        array = array.reshape((0,) + tuple(inner_shape))
    return array


@dispatch_binding
def placeholder(dtype: Any, ragged_rank: int, value_shape: Any = None,
                name: str | None = None) -> RaggedTensor:
    """A RaggedTensor of placeholders to feed: its flat values ("flat_values", shaped
    [None] + value_shape) and `ragged_rank` int64 row splits ("row_splits_0", ...)."""
    if _state.graph is None:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    with name_scope(name, "RaggedPlaceholder", []):
        flat_shape = TensorShape([None]).concatenate(value_shape)
        result: Any = dense_placeholder(dtype, flat_shape, "flat_values")
        for i in reversed(range(ragged_rank)):
            splits = dense_placeholder(dt.int64, [None], f"row_splits_{i}")
            result = RaggedTensor.from_row_splits(result, splits, validate=False)
        return result
